"""A game's card catalogue on this server: download it as a file, or import one (card facts only)."""

from __future__ import annotations

import json

from flask import Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.games.contract import Game
from companion.games.mechanics.catalogue import MAX_CATALOGUE_BYTES
from companion.games.registry import catalogue_games
from companion.games.words import N_, Message, RuleError
from companion.policy import Action
from companion.services import catalogues
from companion.web.door import Blueprint
from companion.web.errors import refuse
from companion.web.extensions import engine, tables
from companion.web.forms import sequence_number, uploaded

bp = Blueprint("catalogue", __name__)


def _game(slug: str) -> Game:
    game = catalogue_games().get(slug)
    if game is None:
        raise refuse(404, N_("This game keeps no card catalogue."))
    return game


def _page(game: Game, error: Message | None = None, added: int | None = None) -> str:
    known = catalogues.server_catalogue(engine(), game)
    return render_template("catalogue.html", catalogue=known, error=error, added=added)


@bp.get("/cards/<slug>", action=Action.VIEW_CATALOGUE)
def page(slug: str) -> ResponseReturnValue:
    """Show how many cards of a game this server knows, with the download and the import form."""
    return _page(_game(slug), added=sequence_number(request.args.get("added")))


@bp.get("/cards/<slug>/catalogue.json", action=Action.VIEW_CATALOGUE)
def download(slug: str) -> ResponseReturnValue:
    """Download the game's catalogue: the cards typed at this server's tables and the imported ones."""
    known = catalogues.server_catalogue(engine(), _game(slug))
    body = json.dumps(known.file, ensure_ascii=False, indent=1)
    disposition = f'attachment; filename="{slug}-cards.json"'
    return Response(body, mimetype="application/json", headers={"Content-Disposition": disposition})


@bp.post("/cards/<slug>", action=Action.IMPORT_CATALOGUE)
def import_cards(slug: str) -> ResponseReturnValue:
    """Keep the cards of a catalogue file, all or none (limited like creating a table)."""
    game = _game(slug)
    data = uploaded("catalogue", MAX_CATALOGUE_BYTES)
    try:
        if not data:
            raise RuleError(
                N_("Choose a card catalogue file (at most {limit} MB)."), limit=MAX_CATALOGUE_BYTES // 2**20
            )
        added = catalogues.import_catalogue(tables(), game, data)
    except RuleError as error:
        return _page(game, error=error.message), 422
    return redirect(url_for("catalogue.page", slug=slug, added=added), 303)
