"""A bare Flask app with one constant route: the yardstick for the event POST benchmark."""

from flask import Flask

app = Flask(__name__)


@app.post("/")
def constant() -> str:
    """Answer every POST with the same short text."""
    return "ok"
