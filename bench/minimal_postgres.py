"""The PostgreSQL yardstick: a minimal Flask app that inserts one row per POST through a pooled connection.

Uses the same SQLAlchemy pool and psycopg driver as the app, as a minimal app would: no ping before
each checkout (the app's taps skip it too). ``BENCH_POSTGRES_URL`` names the database.
"""

from __future__ import annotations

import os

from flask import Flask
from sqlalchemy import create_engine

app = Flask(__name__)
engine = create_engine(os.environ["BENCH_POSTGRES_URL"])


@app.post("/")
def insert() -> str:
    """Insert one row."""
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute("INSERT INTO bench_entry (kind, payload) VALUES (%s, %s)", ("tally.add", '{"delta": 1}'))
        connection.commit()
    finally:
        connection.close()
    return "ok"
