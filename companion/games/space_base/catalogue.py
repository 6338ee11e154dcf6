"""A catalogue of Space Base card facts: what a server knows of the printed cards, as one file.

Cards are data in one shape (the fields of :data:`rules.CARD_FIELDS`: sector, cost, level,
both rewards, charge slots, the ability). A catalogue holds card facts only: no table, player or
time. The server's catalogue is the cards typed at its tables (the remembered fields of
``sb.first-ship`` and ``sb.buy``) plus catalogues imported from files; a phone offers each of its
cards for a one-tap purchase. This module writes and reads the file (:data:`CATALOGUE`, the
game's declaration); storing it and the routes that export and import it belong to the web layer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.games.mechanics.catalogue import Catalogue
from companion.games.moves import Move
from companion.games.payloads import check_payload
from companion.games.space_base import rules
from companion.games.space_base.cards import card_from
from companion.games.space_base.purchases import PURCHASE
from companion.games.space_base.state import SLUG
from companion.games.words import N_, RuleError, msg

FORMAT = "table-companion/space-base-cards"
VERSION = 1
LIMIT = 1000  # more cards than the game prints (60 starting, 132 ships, 12 colonies)
FILE_KEYS = frozenset({"format", "version", "game", "cards"})


def _card_move() -> Move:
    return next(move for move in rules.MOVES if move.kind == rules.BUY)


def card_facts(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Return the card facts among ``fields`` (a move's payload or a catalogue entry), checked, or raise RuleError."""
    facts = {name: fields[name] for name in rules.CARD_FIELDS if name in fields}
    checked = check_payload(_card_move(), {**facts, "seat": 1, "how": PURCHASE})
    facts = {name: checked[name] for name in rules.CARD_FIELDS if name in checked}  # texts trimmed, blanks left out
    card_from(facts)
    return facts


def export_catalogue(cards: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Return the catalogue file of ``cards``: each card's facts once, in the order given."""
    seen: dict[tuple[tuple[str, Any], ...], dict[str, Any]] = {}
    for fields in cards:
        facts = card_facts(fields)
        seen.setdefault(tuple(sorted(facts.items())), facts)
    return {"format": FORMAT, "version": VERSION, "game": SLUG, "cards": list(seen.values())}


def import_catalogue(document: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
    """Return the card facts of a catalogue file, each checked as a purchase checks it, or raise RuleError."""
    if document.get("format") != FORMAT or document.get("version") != VERSION or document.get("game") != SLUG:
        raise RuleError(N_("This is not a Space Base card catalogue (version {version})."), version=VERSION)
    unexpected = sorted(str(key) for key in set(document) - FILE_KEYS)
    if unexpected:
        raise RuleError(N_("Unexpected field: {name}."), name=", ".join(unexpected)[:120])
    cards = document.get("cards")
    if not isinstance(cards, list) or len(cards) > LIMIT:
        raise RuleError(N_("A catalogue holds a list of at most {limit} cards."), limit=LIMIT)
    facts = []
    for number, entry in enumerate(cards, start=1):
        if not isinstance(entry, Mapping):
            raise RuleError(N_("Card {number} of the catalogue is not a card."), number=number)
        unexpected = sorted(str(key) for key in set(entry) - set(rules.CARD_FIELDS))
        if unexpected:  # a card is card facts only: a seat, a table or a time is not one
            raise RuleError(
                N_("Card {number} of the catalogue: {error}"),
                number=number,
                error=msg(N_("Unexpected field: {name}."), name=", ".join(unexpected)[:120]),
            )
        try:
            facts.append(card_facts(entry))
        except RuleError as error:
            raise RuleError(N_("Card {number} of the catalogue: {error}"), number=number, error=error.message) from None
    return tuple(export_catalogue(facts)["cards"])


CATALOGUE = Catalogue(rules.BUY, LIMIT, card_facts, export_catalogue, import_catalogue)
