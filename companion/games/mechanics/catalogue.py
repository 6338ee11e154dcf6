"""A game's card catalogue: what a server knows of the printed cards, as one file of card facts.

A game whose moves remember card fields (``Move.remember``) may declare a :class:`Catalogue`: the
move whose remembered fields make a card, and how its file is written and read. The server keeps
the cards of imported files beside the ledger, offers them for one-tap re-entry with the cards
typed at its tables, and exports both. The file holds card facts only: no table, player or time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.mechanics.json_file import JsonFile
from companion.games.words import N_

MAX_CATALOGUE_BYTES = 2**20  # a thousand cards with every field filled in, in Japanese (about 800 KB)
MAX_CATALOGUE_DEPTH = 3  # the file, its list of cards, a card


@dataclass(frozen=True)
class Catalogue:
    """How a game's cards are a file.

    ``kind``: the move whose remembered fields are a card (the moves remembering the same fields
    share its cards); ``limit``: the most cards a file, and a server's stored catalogue of the
    game, holds; ``facts(fields)``: the card facts among a move's payload, checked (RuleError);
    ``write(cards)``: the file of those facts, each card once; ``read(document)``: the checked
    card facts of a file (RuleError names the card and what is wrong).
    """

    kind: str
    limit: int
    facts: Callable[[Mapping[str, Any]], dict[str, Any]]
    write: Callable[[Iterable[Mapping[str, Any]]], dict[str, Any]]
    read: Callable[[Mapping[str, Any]], tuple[dict[str, Any], ...]]


CATALOGUE_FILE = JsonFile(
    MAX_CATALOGUE_BYTES,
    MAX_CATALOGUE_DEPTH,
    too_large=N_("A card catalogue file is at most {limit} MB."),
    too_deep=N_("A card catalogue nests at most {limit} levels deep."),
    not_an_object=N_("A card catalogue is a JSON object."),
)


def parse_catalogue_file(data: bytes) -> dict[str, Any]:
    """Return the JSON object of a catalogue file, or raise RuleError if it is too large, too deep or not JSON.

    Only the size and the shape of the JSON are checked here; the game's :attr:`Catalogue.read`
    checks every card.
    """
    return CATALOGUE_FILE.read(data)
