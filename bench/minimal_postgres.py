"""The PostgreSQL yardstick: a minimal Flask app that inserts one row per POST through a pooled connection.

Uses SQLAlchemy's pool and the psycopg driver, as the app does, with no ping before each checkout
(the app's taps skip it too) and a pool as large as the benchmark's connections: with SQLAlchemy's
default (5, and 10 more opened and closed as needed) the yardstick spent its time opening
connections under load and served about 12 % fewer requests than a minimal app keeping one
connection per concurrent request. ``BENCH_POSTGRES_URL`` names the database.
"""

from __future__ import annotations

import os

from flask import Flask
from sqlalchemy import create_engine

app = Flask(__name__)
engine = create_engine(os.environ["BENCH_POSTGRES_URL"], pool_size=int(os.environ.get("BENCH_CONNECTIONS", "20")))


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
