"""Scenarios: a table's setup and ledger as plain JSON, and replaying one with the pure core.

`companion score FILE` uses only this module and the games (no database, broker or web): see
docs/scenarios.md for the format.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games import kinds
from companion.games.checks import has_control_characters
from companion.games.contract import Event, Player, Setup
from companion.games.mechanics.json_file import JsonFile
from companion.games.options import resolve_options
from companion.games.payloads import check_payload
from companion.games.registry import get_game
from companion.games.scores import Scoreboard
from companion.games.table import fold, score
from companion.games.table_moves import moves
from companion.games.table_state import TABLE_OPTIONS, TableState
from companion.games.words import N_, RuleError

SCENARIO_VERSION = 1
MAX_PLAYERS = 6
# A long game night is a few thousand entries of a few hundred bytes: these caps are far above
# that, and keep a hostile or broken file from costing seconds and hundreds of megabytes.
MAX_SCENARIO_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 12
MAX_EVENTS = 20_000
MAX_SEQ = 2_000_000_000  # the ledger numbers entries in a 32-bit column on every database
MAX_NAME = 24
MAX_SEED = 64  # the width of the table's seed column
COLOUR = re.compile(r"#[0-9A-Fa-f]{6}", re.ASCII)
# Okabe–Ito colours: distinguishable with the common kinds of colour blindness.
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999")


def all_options(slug: str) -> tuple[Any, ...]:
    """Return the table options followed by the game's own rule options."""
    return (*TABLE_OPTIONS, *get_game(slug).options)


def scenario_of(setup: Setup, events: Sequence[Event]) -> dict[str, Any]:
    """Return a scenario dict for a setup and its events, without the phones' device ids.

    Each phone that claimed a seat is named "phone-1", "phone-2"… in the order it first appears,
    so the file replays the same way (the same phone, or another one, claiming a seat) while the
    id that lets a phone act at the table stays on the server.
    """
    phones: dict[str, str] = {}

    def private(event: Event) -> dict[str, Any]:
        payload = dict(event.payload)
        if event.kind in (kinds.SEAT_CLAIM, kinds.SEAT_MOVE) and "device" in payload:
            payload["device"] = phones.setdefault(str(payload["device"]), f"phone-{len(phones) + 1}")
        return payload

    return {
        "version": SCENARIO_VERSION,
        "game": setup.game,
        "players": [{"seat": p.seat, "name": p.name, "colour": p.colour} for p in setup.players],
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in setup.options.items()},
        "seed": setup.seed,
        "events": [
            {
                "seq": e.seq,
                "kind": e.kind,
                "payload": private(e),
                "author": e.author,
                "by_host": e.by_host,
                **({"at": e.at.isoformat()} if e.at else {}),
            }
            for e in events
        ],
    }


SCENARIO_FILE = JsonFile(
    MAX_SCENARIO_BYTES,
    MAX_DEPTH,
    too_large=N_("A scenario file is at most {limit} MB."),
    too_deep=N_("A scenario nests at most {limit} levels deep."),
    not_an_object=N_("A scenario is a JSON object."),
)


def parse_scenario(data: bytes | str) -> dict[str, Any]:
    """Return the JSON object in ``data``, or raise RuleError if it is too large, too deep or not JSON.

    Only the size and the shape of the JSON are checked here; :func:`replay` checks the rest.
    """
    return SCENARIO_FILE.read(data)


def _objects(value: Any, what: str) -> list[Mapping[str, Any]]:
    """Return ``value`` as a list of JSON objects, or refuse the scenario naming ``what``."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, Mapping) for item in value):
        raise RuleError(N_("“{field}” in a scenario is a list of objects."), field=what)
    return value


def _whole(value: Any, what: str) -> int:
    """Return ``value`` if it is a whole number (not a boolean), or refuse the scenario naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(N_("“{field}” in a scenario is a whole number."), field=what)
    return value


def replay(scenario: Mapping[str, Any]) -> tuple[TableState, Scoreboard]:
    """Fold a scenario's events through the games and score it (RuleError names what is wrong)."""
    setup = scenario_setup(scenario)
    game = get_game(setup.game)
    raw_events = _objects(scenario.get("events"), "events")
    if len(raw_events) > MAX_EVENTS:
        raise RuleError(N_("A scenario holds at most {limit} events."), limit=MAX_EVENTS)
    events = [_event(setup, raw, index) for index, raw in enumerate(raw_events, start=1)]
    if len({event.seq for event in events}) != len(events):
        raise RuleError(N_("The events of a scenario have different positive numbers (seq)."))
    events.sort(key=lambda e: e.seq)
    _check_undos(events)
    state = fold(game, setup, events)
    return state, score(game, state)


def _check_undos(events: Sequence[Event]) -> None:
    """Refuse the file unless every undo in it undoes an earlier entry of the same file.

    A file is a closed history: an undo aimed at an entry it does not hold (a later number) would
    reach the entries that the table records after the import.
    """
    seqs = {event.seq for event in events}
    for event in events:
        if event.kind != kinds.VOID:
            continue
        target = event.payload["target"]
        if target >= event.seq or target not in seqs:
            raise RuleError(
                N_("Event #{seq} undoes entry #{target}, which is not an earlier entry of the file."),
                seq=event.seq,
                target=target,
            )


def scenario_setup(scenario: Mapping[str, Any]) -> Setup:
    """Return the checked setup a scenario's table starts from (its players, options and first seed)."""
    if not isinstance(scenario, Mapping):
        raise RuleError(N_("A scenario is a JSON object."))
    slug = str(scenario.get("game", ""))
    game = get_game(slug)
    raw_players = _objects(scenario.get("players"), "players")
    if not 1 <= len(raw_players) <= MAX_PLAYERS:
        raise RuleError(N_("A table has 1 to {maximum} players."), maximum=MAX_PLAYERS)
    if not all(isinstance(p.get("name"), str) for p in raw_players):
        raise RuleError(N_("Every player in a scenario has a name."))
    players = tuple(_player(p, index) for index, p in enumerate(raw_players, start=1))
    if len({p.seat for p in players}) != len(players):
        raise RuleError(N_("Each player in a scenario has a different seat."))
    options = scenario.get("options") or {}
    if not isinstance(options, Mapping):
        raise RuleError(N_("“{field}” in a scenario is an object."), field="options")
    seed = scenario.get("seed") or "0"
    if not isinstance(seed, str) or len(seed) > MAX_SEED or has_control_characters(seed):
        raise RuleError(N_("A scenario's seed is text of at most {limit} characters."), limit=MAX_SEED)
    setup = Setup(slug, players, resolve_options(all_options(slug), options), seed)
    game.check_setup(setup)
    return setup


def checked_name(name: str) -> str:
    """Return a player's or profile's name trimmed, or raise RuleError saying what is wrong with it."""
    clean = name.strip()
    if has_control_characters(clean):
        raise RuleError(N_("A name cannot hold control characters (such as a NUL byte or a line break)."))
    if not 1 <= len(clean) <= MAX_NAME:
        raise RuleError(N_("Names are at most {limit} characters."), limit=MAX_NAME)
    return clean


def _player(raw: Mapping[str, Any], index: int) -> Player:
    """Return one scenario player, checked as the new-table form checks a player."""
    seat = _whole(raw.get("seat", index), "seat")
    name, colour = raw.get("name"), raw.get("colour", PLAYER_COLOURS[(index - 1) % len(PLAYER_COLOURS)])
    if not 1 <= seat <= MAX_PLAYERS:
        raise RuleError(N_("Seats are numbered 1 to {maximum}."), maximum=MAX_PLAYERS)
    if not isinstance(name, str):
        raise RuleError(N_("Every player in a scenario has a name."))
    if not isinstance(colour, str) or not COLOUR.fullmatch(colour):
        raise RuleError(N_("Choose each player's colour from the list."))
    return Player(seat, checked_name(name), colour)


def _event(setup: Setup, raw: Mapping[str, Any], index: int) -> Event:
    """Return one scenario event, checked by its move's record as a phone's entry is (else refuse the file).

    Only whether it still fits the state is left to the fold: an entry that no longer fits (as
    after an undo) is kept and skipped, as at the table it came from.
    """
    payload = raw.get("payload") or {}
    if not isinstance(payload, Mapping):
        raise RuleError(N_("“{field}” in a scenario is an object."), field="payload")
    kind, author = raw.get("kind"), raw.get("author")
    if not isinstance(kind, str):
        raise RuleError(N_("Every event in a scenario has a kind."))
    move = moves(get_game(setup.game)).get(kind)
    if move is None:
        raise RuleError(N_("Unknown kind of entry: {kind}."), kind=kind[:40])
    seq = _whole(raw.get("seq", index), "seq")
    if not 1 <= seq <= MAX_SEQ:
        raise RuleError(N_("The events of a scenario have different positive numbers (seq)."))
    if author is not None and _whole(author, "author") not in setup.seats:
        raise RuleError(N_("An event's author is a seat of the table."))
    try:
        checked = check_payload(move, payload)
        for spec in move.fields:
            if spec.type == "seat" and spec.name in checked:
                setup.player(checked[spec.name])
    except RuleError as error:
        raise RuleError(
            N_("Event #{seq} ({kind}) is refused: {reason}"), seq=seq, kind=kind, reason=error.message
        ) from None
    return Event(
        seq=seq, kind=kind, payload=dict(payload), author=author, by_host=bool(raw.get("by_host", author is None))
    )
