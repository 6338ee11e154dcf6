"""The yardstick: a minimal Flask app that inserts one row in SQLite per POST (and answers a GET).

``GET /board`` reads the last rows and renders them in a small template: four of them after each
POST are the yardstick of a tap as a table lives it (bench/run.py, "tap_and_four_boards").

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
    """<ol>{% for kind, payload in rows %}<li>{{ kind }}: {{ payload }}</li>{% endfor %}</ol>"""
)


@app.get("/board")
def board() -> str:
    """Render the last rows in a small template, as a phone's board fetch."""
    rows = connection().execute("SELECT kind, payload FROM entry ORDER BY id DESC LIMIT 8").fetchall()
    return BOARD.render(rows=rows)
