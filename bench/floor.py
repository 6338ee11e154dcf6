"""The floor: the app's stock extensions, configured as the app configures them, and no app logic.

What any app built on this stack pays per request before doing anything of its own: the signed
session cookie, Flask-WTF's CSRF check, Flask-Limiter with the app's request filter (a phone that
joined the table is let through) and its by-code limit, Flask-Babel choosing a locale and
translating, Flask-Compress at the app's levels, flask-htmx with ``Vary: HX-Request``, the
security headers, and SQLModel through the app's engine (SQLite: WAL, BEGIN IMMEDIATE writes;
PostgreSQL: SQLAlchemy's pool with its ping). The config (companion/config.py) and the modules
that only set up stock extensions (companion/web/i18n.py, htmx.py, assets.py) are the app's own,
so the floor follows them as they change; the limits, the CSRF error and the headers are set up
here as companion/web/limits.py, errors.py and app.py set them up. Nothing else is.

The URLs are the app's, so that ``bench/run.py`` sends both the same load:

- ``POST /t/<code>/events``: the CSRF check, one select (the table's last entry) and one insert,
  in one write transaction; 204 for htmx, else a 303 to the board.
- ``GET /t/<code>``: one select (the table's last entry) and a fixed board of about 10 KB (the
  size of a real board fragment) rendered by Jinja with two translated strings.
- ``GET /join/<code>?seat=N`` (set-up, not measured): puts the table in the phone's session
  (the host's without ``seat``) and answers a form holding its CSRF token.

``BENCH_POSTGRES_URL`` names a PostgreSQL database, else ``BENCH_SQLITE_PATH`` a SQLite file
(the yardsticks' conventions); ``BENCH_SECRET_KEY`` signs the sessions. Serve it as run.py does:
``gunicorn --config python:companion.web.gunicorn_conf bench.floor:app``.
"""

from __future__ import annotations

import os
import random
import secrets
from typing import Any

from flask import Blueprint, Flask, Response, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError, CSRFProtect
from jinja2 import DictLoader
from sqlalchemy import Index, UniqueConstraint, bindparam, insert
from sqlmodel import Field, SQLModel, col, select

from companion.config import load_config
from companion.storage.db import make_engine, write_transaction
from companion.web import assets, htmx, i18n
from companion.web.app import SECURITY_HEADERS
from companion.web.htmx import wants_fragment
from companion.web.limits import DEFAULT_LIMITS

TABLES_KEY = "tables"  # the session's tables, as companion/web/membership.py keeps them


class FloorEntry(SQLModel, table=True):
    """One entry of a table: the append-only row a tap stores (its key stored once, as the app's ledger does)."""

    __tablename__ = "bench_floor_entry"
    __table_args__ = (UniqueConstraint("table_code", "idempotency_key"), Index("ix_floor_seq", "table_code", "seq"))

    id: int | None = Field(default=None, primary_key=True)
    table_code: str = Field(max_length=12)
    seq: int
    kind: str = Field(max_length=40)
    idempotency_key: str = Field(max_length=64)
    payload: str


# Statements built once, run on a connection from the app's engine: as companion/storage/store.py does.
LAST_SEQ = select(col(FloorEntry.seq)).where(col(FloorEntry.table_code) == bindparam("code"))
LAST_SEQ = LAST_SEQ.order_by(col(FloorEntry.seq).desc()).limit(1)
INSERT_ENTRY = insert(FloorEntry)


def fixed_board() -> str:
    """Return about 10 KB of board markup, the same every time (numbers as a score sheet holds them)."""
    numbers = random.Random(41)
    seats = "".join(
        f'<li class="seat seat-{seat}" style="--seat-colour:#{numbers.randrange(0xFFFFFF):06X}">'
        f'<span class="name">Player {seat}</span><span class="total">{numbers.randrange(200)}</span></li>'
        for seat in range(1, 6)
    )
    rows = "".join(
        f'<tr><th scope="row">Category {row}</th>'
        + "".join(f'<td data-seat="{seat}">{numbers.randrange(60)}</td>' for seat in range(1, 6))
        + f'<td><button class="tally" name="category" value="c{row}" type="submit">+1</button></td></tr>'
        for row in range(1, 38)
    )
    return f'<ol class="seats">{seats}</ol><table class="sheet"><tbody>{rows}</tbody></table>'


BOARD = (
    '<section id="board" data-seq="{{ seq }}"><h2>{{ gettext("Scores") }}</h2>'
    + fixed_board()
    + '<p class="round">{{ gettext("Round") }} {{ seq }}</p></section>'
)
JOIN = '<form method="post"><input type="hidden" name="csrf_token" value="{{ csrf_token() }}"></form>'


def joined() -> bool:
    """The app's request filter: a phone at the table it joined is never counted by Flask-Limiter."""
    code = (request.view_args or {}).get("code")
    return isinstance(code, str) and code in session.get(TABLES_KEY, {})


def security_headers(response: Response) -> Response:
    """The app's headers (companion/web/app.py), on every answer with a body."""
    if response.status_code == 204:
        return response
    for name, value in SECURITY_HEADERS:
        if name not in response.headers:
            response.headers[name] = value
    return response


bp = Blueprint("floor", __name__, url_prefix="/t/<code>")


@bp.post("/events")
def record(code: str) -> ResponseReturnValue:
    """Store one entry after the table's last one: 204 for htmx, else a redirect to the board."""
    form = request.form
    with write_transaction(engine) as connection:
        last = connection.execute(LAST_SEQ, {"code": code}).scalar() or 0
        entry = {"kind": form.get("kind", ""), "idempotency_key": form.get("key", ""), "payload": form.get("delta", "")}
        connection.execute(INSERT_ENTRY, {"table_code": code, "seq": last + 1, **entry})
    if wants_fragment():
        return "", 204
    return redirect(url_for("floor.board", code=code), 303)


@bp.get("")
def board(code: str) -> ResponseReturnValue:
    """Render the fixed board, numbered by the table's last entry."""
    with engine.connect() as connection:
        seq = connection.execute(LAST_SEQ, {"code": code}).scalar() or 0
    return render_template("board.html", seq=seq)


def join(code: str) -> ResponseReturnValue:
    """Put the table in this phone's session (set-up only); answer a form with its CSRF token."""
    session.setdefault("device", secrets.token_urlsafe(16))
    seat = request.args.get("seat")
    session[TABLES_KEY] = {**session.get(TABLES_KEY, {}), code: {"seat": int(seat)} if seat else {"host": True}}
    session.permanent = True
    return render_template("join.html")


def create_app() -> Flask:
    """The floor, built in the app's order: config, Babel, htmx, Compress, CSRF, views, limits, errors, headers.

    The config and the modules that set up stock extensions alone are the app's own (they follow
    it as it changes); the limits and headers are set up here as companion/web/limits.py and
    app.py set them up (theirs reach into the app's views).
    """
    app = Flask(__name__)
    load_config(app, {"SECRET_KEY": os.environ.get("BENCH_SECRET_KEY", "bench")})
    app.jinja_loader = DictLoader({"board.html": BOARD, "join.html": JOIN})
    i18n.init_app(app)
    htmx.init_app(app)
    assets.init_app(app)
    CSRFProtect(app)
    app.register_blueprint(bp)
    app.add_url_rule("/join/<code>", view_func=join)
    for key, value in DEFAULT_LIMITS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "companion-limits")
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    limiter = Limiter(get_remote_address, app=app)
    app.extensions["bench.limiter"] = limiter
    limiter.request_filter(joined)
    misses: Any = limiter.shared_limit(
        lambda: str(app.config["RATE_LIMIT_MISSES"]), scope="misses", deduct_when=lambda r: r.status_code == 404
    )
    misses(bp)

    @app.errorhandler(CSRFError)
    def stale_form(_error: CSRFError) -> tuple[str, int]:
        return "This form is out of date or damaged.", 400

    app.after_request(security_headers)
    return app


def database_url() -> str:
    return os.environ.get("BENCH_POSTGRES_URL") or f"sqlite:///{os.environ['BENCH_SQLITE_PATH']}"


engine = make_engine(database_url())
SQLModel.metadata.create_all(engine, tables=[SQLModel.metadata.tables[FloorEntry.__tablename__]])
app = create_app()
