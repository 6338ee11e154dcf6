"""The board, rendered once per (table, entry, seat view, language) and served from memory after that.

Every phone fetches the board after every entry, and most of them see the same thing: the
spectators of a table, a phone polling, a reload. The rendered HTML is kept under everything it
depends on: the database, the table, its last entry, the phone's role (its seat and whether it
hosts: a seat's secrets are in its view only), the language, what the server remembers for
re-entry, and which flavour of the partial it is. Two values are per request and never cached:
the CSRF token (it belongs to the phone's session) and the idempotency key of each form (fresh
per answer). The cached HTML holds unguessable placeholders for them, filled in for each answer.
"""

from __future__ import annotations

import secrets
from collections.abc import Hashable, Mapping
from contextvars import ContextVar
from typing import Any

from flask import Flask, render_template
from flask_babel import get_locale
from markupsafe import Markup

from companion import services
from companion.games import kinds
from companion.games.registry import get_game
from companion.games.table_state import DIE_SIDES, MAX_DICE, TableState
from companion.storage.db import database_name
from companion.storage.store import TableInfo
from companion.web import cookies
from companion.web.membership import Membership
from companion.web.recent import Recent
from companion.web.requests import engine, table_state

# Random per process: no player name or typed text can forge them.
_MARK = secrets.token_hex(12)
KEY_PLACEHOLDER = f"k{_MARK}"
CSRF_PLACEHOLDER = f"c{_MARK}"
_KEY_MARK, _CSRF_MARK = KEY_PLACEHOLDER.encode(), CSRF_PLACEHOLDER.encode()
CACHE_SIZE = 512

_placeholders: ContextVar[bool] = ContextVar("companion_board_placeholders", default=False)


def csrf_token() -> str:
    """Return this phone's CSRF token, or its placeholder while a board is rendered for the cache."""
    return CSRF_PLACEHOLDER if _placeholders.get() else cookies.csrf_token()


def init_app(app: Flask) -> None:
    """Route ``csrf_token()`` in every template (macros included) through :func:`csrf_token`."""
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.context_processor(lambda: {"csrf_token": csrf_token})  # over Flask-WTF's own


rendered: Recent[Hashable, bytes] = Recent(CACHE_SIZE)  # rendered boards, encoded once (UTF-8)


def board(table: TableInfo, role: Membership, *, fragment: bool) -> bytes:
    """Return the table's board as this phone sees it, with its own token and keys, in UTF-8.

    ``fragment`` is the partial htmx swaps in (with the screen-reader news). Kept encoded: a
    board holds characters beyond Latin-1 (the stepper's minus), and encoding its 10 KB again
    for every answer cost more than filling it in.
    """
    database = engine()
    state = table_state(table)
    known = services.remembered(database, table.setup.game)
    key = (
        database_name(database),
        table.id,
        state.last_seq,
        role.seat,
        role.host,
        str(get_locale()),
        known.fingerprint,
        fragment,
    )
    html = rendered.get(key)
    if html is None:
        html = _render(table, role, state, known.by_move, fragment=fragment).encode()
        rendered.put(key, html)
    return html.replace(_KEY_MARK, services.new_key().encode()).replace(_CSRF_MARK, cookies.csrf_token().encode())


def board_markup(table: TableInfo, role: Membership) -> Markup:
    """Return the board for the table's page (rendered by Jinja with autoescape on)."""
    return Markup(board(table, role, fragment=False).decode())


def _render(
    table: TableInfo,
    role: Membership,
    state: TableState,
    known: Mapping[str, tuple[Mapping[str, Any], ...]],
    *,
    fragment: bool,
) -> str:
    phone = services.seat_view(state, role.seat, role.host, known)
    token = _placeholders.set(True)
    try:
        return render_template(
            "partials/_board.html",
            panel_template=phone.panel_template,
            panel=phone.panel,
            controls=phone.controls,
            table=table,
            role=role,
            state=state,
            game=get_game(table.setup.game),
            board=services.scoreboard(state),
            tally=phone.tally,
            rolls=list(reversed(state.rolls[-8:])),
            die_sides=DIE_SIDES,
            max_dice=MAX_DICE,
            key=KEY_PLACEHOLDER,
            csrf_token=csrf_token,
            seed_hash=services.public_seed_hash(state),
            news=services.latest_news(state),
            kinds=kinds,
            fragment=fragment,
        )
    finally:
        _placeholders.reset(token)
