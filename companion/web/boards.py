"""The board: the same bytes for every phone with the same view of a table at the same entry.

A board holds nothing of one phone: its CSRF token travels in the header htmx sends
(``hx-headers`` on ``<body>`` in base.html) and each form's idempotency key is made on the phone
when it is sent (static/js/app.js). So the board htmx fetches after every entry depends only on
the table, its last entry, the phone's view (its seat, whether it hosts), the language and what
the server remembers for re-entry: it is rendered once for all of them and kept (:func:`shared`).

A phone without JavaScript posts the forms of the table page as they are, with no header and no
script: the page's own board (:func:`board_markup`, rendered for that one answer and never shared)
carries that phone's CSRF token and a key made here for each form. The POST answers with a
redirect to a fresh page, so each of its forms is sent at most once per key; a form sent again
(the back button, a reload) repeats its key and is stored once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from flask import render_template
from flask_babel import get_locale
from markupsafe import Markup

from companion import services
from companion.games import kinds
from companion.games.news import over
from companion.games.registry import get_game
from companion.games.table_state import DIE_SIDES, MAX_DICE
from companion.storage.db import database_name
from companion.storage.store import TableInfo
from companion.web.membership import Membership
from companion.web.requests import engine, table_state

SHARED = ""  # the key prefix of a shared board: macros/ui.html then writes no token and no key
CACHE_SIZE = 256  # boards of about 10 KB: a few MB


@dataclass(frozen=True)
class _View:
    """One board: compared and hashed by what it depends on, carrying what renders it."""

    key: tuple[Any, ...]
    table: TableInfo = field(compare=False)
    role: Membership = field(compare=False)


@lru_cache(maxsize=CACHE_SIZE)
def shared(view: _View) -> bytes:
    """Render a board once for every phone with its view (Python's LRU, bounded and thread-safe).

    Kept for the board GET, measured in one interleaved run on a busy 2-core machine: a board
    fetched again unchanged (a reload, a second spectator) costs 2.2-3.2 ms of server CPU from
    here against 4.4-5.9 ms rendered again, and bench/run.py's board GET falls from 0.18 to 0.08
    of the yardstick's CPU per request without it. A tap plus its table's four board fetches is
    the same either way (22-28 ms of CPU per tap in both): each seat's view is rendered once.
    """
    return _render(view.table, view.role, key=SHARED, fragment=True).encode()  # kept as sent


def board(table: TableInfo, role: Membership) -> bytes:
    """Return the board fragment htmx swaps in (with the screen-reader news), in UTF-8: nothing of this phone in it."""
    database = engine()
    known = services.remembered(database, table.setup.game)
    state = table_state(table)
    key = (
        database_name(database),
        table.id,
        state.last_seq,
        role.seat,
        role.host,
        str(get_locale()),
        known.fingerprint,
    )
    return shared(_View(key, table, role))


def board_markup(table: TableInfo, role: Membership, key: str) -> Markup:
    """Return the board of this phone's table page: its forms carry the CSRF token and keys from ``key``."""
    return Markup(_render(table, role, key=key, fragment=False))


def _render(table: TableInfo, role: Membership, *, key: str, fragment: bool) -> str:
    state = table_state(table)
    known = services.remembered(engine(), table.setup.game)
    phone = services.seat_view(state, role.seat, role.host, known.by_move)
    return render_template(
        "partials/_board.html",
        panel_template=phone.panel_template,
        panel=phone.panel,
        controls=phone.controls,
        viewer=phone.viewer,
        table=table,
        role=role,
        state=state,
        game=get_game(table.setup.game),
        board=services.scoreboard(state),
        tally=phone.tally,
        rolls=list(reversed(state.rolls[-8:])),
        die_sides=DIE_SIDES,
        max_dice=MAX_DICE,
        key=key,
        seed_hash=services.public_seed_hash(state),
        news=services.latest_news(state),
        game_over=over(get_game(table.setup.game), state),
        kinds=kinds,
        fragment=fragment,
    )
