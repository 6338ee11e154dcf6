"""Cards the server remembers: what was typed at its tables and the catalogue files imported here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from companion.games.contract import Game
from companion.games.mechanics.catalogue import Catalogue, parse_catalogue_file
from companion.games.moves import Move
from companion.games.registry import get_game
from companion.games.words import N_, RuleError
from companion.storage import cards

if TYPE_CHECKING:  # the tables read the cards remembered through this module
    from companion.services.table import Tables

REMEMBERED_PER_MOVE = 24
REMEMBERED_FROM_FILES = 240  # more cards than a game prints (Space Base: 60 starting ships, 132 ships)


@dataclass(frozen=True)
class Remembered:
    """What the server remembers for re-entry, by move kind."""

    by_move: dict[str, tuple[dict[str, Any], ...]]


NOTHING_REMEMBERED = Remembered({})


def _remembering(game: Game) -> tuple[Move, ...]:
    """The game's moves whose typed fields the server remembers for re-entry."""
    return tuple(move for move in game.moves if move.remember)


def remembered(engine: Engine, slug: str) -> Remembered:
    """Return, per move that remembers fields, the distinct values the server knows, newest first.

    The values typed at this server's tables come first (the newest few), then the cards of the
    catalogue files imported here (see :func:`import_catalogue`). A table reads it once per step
    (``Table.remembered``): a card typed at another table is offered from this table's next entry on.
    """
    game = get_game(slug)
    moves_remembering = _remembering(game)
    if not moves_remembering:
        return NOTHING_REMEMBERED
    from_files = _cards_from_files(engine, game)
    found: dict[str, tuple[dict[str, Any], ...]] = {}
    payloads: dict[tuple[str, ...], list[dict[str, Any]]] = {}  # moves that remember the same fields share them
    for move in moves_remembering:
        sharing = [m for m in moves_remembering if m.remember == move.remember]
        if move.remember not in payloads:
            payloads[move.remember] = _typed_payloads(engine, sharing, REMEMBERED_PER_MOVE * 8)
        required = [spec.name for spec in move.fields if spec.required and spec.name in move.remember]
        typed = [
            {name: payload[name] for name in move.remember if name in payload}
            for payload in payloads[move.remember]
            if all(name in payload for name in required)
        ]
        kinds_sharing = [m.kind for m in sharing]
        imported = [facts for kind in kinds_sharing for facts in from_files.get(kind, ())]
        found[move.kind] = _distinct([*_distinct(typed)[:REMEMBERED_PER_MOVE], *imported[:REMEMBERED_FROM_FILES]])
    return Remembered(found)


def _typed_payloads(engine: Engine, moves: Sequence[Move], limit: int) -> list[dict[str, Any]]:
    """The newest entries of ``moves`` typed at this server's tables; of a secret move, only tables that ended.

    A secret card (a bonus card held face down) joins what the server offers for re-entry once
    its table has revealed it, at its end: never while its holder still hides it, at its own table
    or at a stranger's.
    """
    kinds = [move.kind for move in moves]
    secret_kinds = [move.kind for move in moves if move.secret is not None]
    return cards.recent_payloads(engine, kinds=kinds, limit=limit, secret_kinds=secret_kinds)


def _distinct(values: Sequence[dict[str, Any]]) -> tuple[dict[str, Any], ...]:
    """Return ``values`` without repeats (the first of equal ones kept), in order."""
    seen: dict[tuple[Any, ...], dict[str, Any]] = {}
    for fields in values:
        seen.setdefault(tuple(sorted(fields.items())), fields)
    return tuple(seen.values())


def _cards_from_files(engine: Engine, game: Game) -> dict[str, list[dict[str, Any]]]:
    """The cards of the catalogue files imported on this server, by the move whose fields they are."""
    if game.catalogue is None:
        return {}
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for kind, facts in cards.stored_cards(engine, game=game.slug):
        by_kind.setdefault(kind, []).append(facts)
    return by_kind


# An export reads the newest entries of the moves that make cards, at every table of this server:
# a game of Space Base makes about 50, so this is a few hundred games.
CATALOGUE_SCAN = 20_000


@dataclass(frozen=True)
class ServerCatalogue:
    """The cards this server knows of a game, as the catalogue file to download."""

    game: Game
    file: dict[str, Any]
    imported: int  # cards kept from imported files (some may have been typed here too)

    @property
    def count(self) -> int:
        """How many cards the file holds."""
        return len(self.file["cards"])


def _catalogue(game: Game) -> Catalogue:
    if game.catalogue is None:
        raise RuleError(N_("This game keeps no card catalogue."))
    return game.catalogue


def server_catalogue(engine: Engine, game: Game) -> ServerCatalogue:
    """Return the catalogue of ``game`` on this server: the cards typed at its tables, newest first, then
    the imported ones; each card once, card facts only (a typed card the checks now refuse is left out)."""
    catalogue = _catalogue(game)
    card_move = next(move for move in game.moves if move.kind == catalogue.kind)
    sharing = [move for move in _remembering(game) if move.remember == card_move.remember]
    typed = []
    for payload in _typed_payloads(engine, sharing, CATALOGUE_SCAN):
        try:
            typed.append(catalogue.facts(payload))
        except RuleError:
            continue
    imported = [facts for kind, facts in cards.stored_cards(engine, game=game.slug) if kind == catalogue.kind]
    known = _distinct([*typed, *imported])[: catalogue.limit]
    return ServerCatalogue(game, catalogue.write(known), len(imported))


def import_catalogue(tables: Tables, game: Game, data: bytes) -> int:
    """Keep the cards of a catalogue file for ``game`` (each checked, all or none); return how many were new.

    The file is read with :func:`parse_catalogue_file` (size, depth, UTF-8) and the game's
    catalogue (every card checked as a purchase checks it); RuleError says what is wrong, and
    nothing is stored then. The tables of the game this process keeps make their boards again
    with the new cards (another process's, from their next entry).
    """
    engine = tables.engine
    catalogue = _catalogue(game)
    facts = catalogue.read(parse_catalogue_file(data))
    try:
        added = cards.add_cards(engine, game=game.slug, kind=catalogue.kind, cards=facts, limit=catalogue.limit)
    except cards.CatalogueFull:
        raise RuleError(
            N_("This server keeps at most {limit} cards of a game from catalogue files."), limit=catalogue.limit
        ) from None
    tables.forget_shared(game.slug)
    return added
