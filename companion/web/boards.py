"""The board: one public board per table step, rendered once for every phone, and a small private part per phone.

What every phone sees alike (the game's state, the standings, the dice tray's rolls, the news) is
the **public board**: ``partials/_board.html`` rendered once per table step and language for the
view of a phone that may do nothing and holds no secret, and kept with the step
(:meth:`~companion.services.table.Table.shared`). Where a phone's own part goes (its controls, the
controls it makes for another seat, its own secrets, the host's seat list), the public board
calls ``private(name, *args)``: that writes a mark and notes the call. Each phone's board is the
public board with every mark filled by the macro ``name`` of the private templates
(``partials/_private.html`` and the game's ``<slug>/_private.html``), rendered for that phone
alone with the same arguments.

A board holds nothing of one phone's session: its CSRF token travels in the header htmx sends
(``hx-headers`` on ``<body>`` in base.html) and each form's idempotency key is made on the phone
when it is sent (static/js/app.js). A phone without JavaScript posts the forms of the table page
as they are: the page's private parts (:func:`board_markup`) carry that phone's CSRF token and a
key made here for each form; its POST answers with a redirect to a fresh page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import current_app, render_template, url_for
from flask_babel import get_locale
from markupsafe import Markup

from companion.games import kinds
from companion.games.news import over
from companion.games.table_state import DIE_SIDES, MAX_DICE
from companion.policy import Phone
from companion.services.table import Table

SHARED = ""  # the key prefix of a fragment's forms: macros/ui.html then writes no token and no key
COMMON_PRIVATE = "partials/_private.html"
MARK = "\x00private\x00"  # never in a rendered page: Jinja escapes nothing to it, and text holds no NUL


@dataclass(frozen=True)
class PublicBoard:
    """The public board of one step, cut at the marks of the private parts, and the call of each part."""

    parts: tuple[str, ...]  # one more than the calls
    calls: tuple[tuple[str, tuple[Any, ...]], ...]  # (macro name, arguments)


def board(table: Table, phone: Phone) -> bytes:
    """Return the board fragment htmx swaps in (with the screen-reader news and the host's seats), in UTF-8.

    Made once per step for each view (a seat, the host, a spectator) and language: a phone that
    fetches its board again at the same step (a reload, a reconnect, a second spectator) gets the
    same bytes (docs/benchmarks.md, "Against the floor").
    """
    view = ("board of", phone.seat, phone.host, str(get_locale()))
    return table.shared(view, lambda: _filled(table, phone, key=SHARED, fragment=True).encode())


def board_markup(table: Table, phone: Phone, key: str) -> Markup:
    """Return the board of this phone's table page: its forms carry the CSRF token and keys from ``key``."""
    return Markup(_filled(table, phone, key=key, fragment=False))


def _filled(table: Table, phone: Phone, *, key: str, fragment: bool) -> str:
    public = table.shared(("board", str(get_locale()), fragment), lambda: _public(table, fragment))
    filled = _private_parts(table, phone, key, public.calls)
    out = [public.parts[0]]
    for part, text in zip(public.parts[1:], filled, strict=True):
        out.append(text)
        out.append(part)
    return "".join(out)


def _context(table: Table, view: Any, phone: Phone, key: str, fragment: bool) -> dict[str, Any]:
    """Return a board's template context: what is the same for every phone at this step, and this phone's view."""
    return table.shared(("context", fragment), lambda: _step_context(table, fragment)) | {
        "panel": view.panel,
        "controls": view.controls,
        "viewer": view.viewer,
        "tally": view.tally,
        "tally_cells": {(row.key, cell.seat): cell for row in view.tally for cell in row.cells},
        "role": phone,
        "key": key,
    }


def _step_context(table: Table, fragment: bool) -> dict[str, Any]:
    state = table.state
    return {
        "table": table.info,
        "state": state,
        "game": table.game,
        "board": table.scoreboard,
        "rolls": list(reversed(state.rolls[-8:])),
        "die_sides": DIE_SIDES,
        "max_dice": MAX_DICE,
        "seed_hash": table.seed_hash,
        "news": table.latest_news,
        "game_over": over(table.game, state),
        "kinds": kinds,
        "fragment": fragment,
        "panel_public": f"{table.game.slug}/_public.html" if table.game.templates else None,
        "here": url_for("play.table", code=table.code),
        "post": url_for("play.record", code=table.code),
    }


def _public(table: Table, fragment: bool) -> PublicBoard:
    """Render the board every phone shares at this step, noting where each phone's own parts go."""
    calls: list[tuple[str, tuple[Any, ...]]] = []

    def private(name: str, *args: Any) -> Markup:
        calls.append((name, args))
        return Markup(MARK)

    context = _context(table, table.public_view, Phone.SPECTATOR, SHARED, fragment)
    html = render_template("partials/_board.html", private=private, **context)
    return PublicBoard(tuple(html.split(MARK)), tuple(calls))


def _private_parts(table: Table, phone: Phone, key: str, calls: tuple[tuple[str, tuple[Any, ...]], ...]) -> list[str]:
    """Render this phone's part for every call of the public board (its own controls, secrets and seats)."""
    if not calls:
        return []
    view = table.view(phone.seat, phone.host)
    context = _context(table, view, phone, key, fragment=False)
    current_app.update_template_context(context)
    macros = _macros(table.game.slug, context)
    return [str(macros(name)(*args)) for name, args in calls]


def _macros(slug: str, context: dict[str, Any]) -> Callable[[str], Callable[..., Any]]:
    """Return a look-up of the private macros: the game's own first, then the ones every board shares."""
    env = current_app.jinja_env
    modules = [env.get_template(COMMON_PRIVATE).make_module(context)]
    if context["panel_public"] is not None:
        modules.insert(0, env.get_template(f"{slug}/_private.html").make_module(context))

    def find(name: str) -> Callable[..., Any]:
        for module in modules:
            macro = getattr(module, name, None)
            if macro is not None:
                return macro  # type: ignore[no-any-return]
        raise LookupError(f"no private macro {name!r}")

    return find
