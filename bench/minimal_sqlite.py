"""The yardstick: a minimal Flask app that inserts one row in SQLite per POST, and shows a small board.

``GET /board`` is a phone's fetch after an entry: one select of the latest rows rendered by a
small template. A tap as a table lives it is one POST and four such fetches.

Configured like the app's database (WAL, busy timeout, synchronous=NORMAL, BEGIN IMMEDIATE) and
served by the same gunicorn configuration. ``BENCH_SQLITE_PATH`` names the database file.
"""

from __future__ import annotations

import os
import sqlite3
import threading

from flask import Flask

app = Flask(__name__)
_local = threading.local()


def connection() -> sqlite3.Connection:
    """Return this greenlet's connection (created with the table on first use)."""
    db = getattr(_local, "db", None)
    if db is None:
        db = _local.db = sqlite3.connect(os.environ["BENCH_SQLITE_PATH"], timeout=30, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("CREATE TABLE IF NOT EXISTS entry (id INTEGER PRIMARY KEY, kind TEXT, payload TEXT)")
    return db


@app.post("/")
def insert() -> str:
    """Insert one row."""
    db = connection()
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO entry (kind, payload) VALUES (?, ?)", ("tally.add", '{"delta": 1}'))
    db.execute("COMMIT")
    return "ok"


@app.get("/")
def read() -> str:
    """Read the number of rows."""
    return str(connection().execute("SELECT count(*) FROM entry").fetchone()[0])


BOARD = app.jinja_env.from_string(  # compiled once, as Flask keeps a template file's
    """<section id="board"><h2>{{ rows|length }} latest</h2><ol>
{% for id, kind, payload in rows %}<li data-id="{{ id }}">{{ kind }} {{ payload }}</li>{% endfor %}
</ol></section>"""
)


@app.get("/board")
def board() -> str:
    """Render the ten latest rows."""
    rows = connection().execute("SELECT id, kind, payload FROM entry ORDER BY id DESC LIMIT 10").fetchall()
    return BOARD.render(rows=rows)
