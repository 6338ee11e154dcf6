"""Scenarios: a table's setup and ledger as plain JSON, and replaying one with the pure core.

`companion score FILE` uses only this module and the games (no database, broker or web): see
docs/scenarios.md for the format.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.contract import N_, Event, Player, RuleError, Scoreboard, Setup, resolve_options
from companion.games.registry import get_game
from companion.games.table import TABLE_OPTIONS, TableState, fold, score

SCENARIO_VERSION = 1
MAX_PLAYERS = 6
# Okabe–Ito colours: distinguishable with the common kinds of colour blindness.
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999")


def all_options(slug: str) -> tuple[Any, ...]:
    """Return the table options followed by the game's own rule options."""
    return (*TABLE_OPTIONS, *get_game(slug).options)


def scenario_of(setup: Setup, events: Sequence[Event]) -> dict[str, Any]:
    """Return a scenario dict for a setup and its events."""
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
                "payload": dict(e.payload),
                "author": e.author,
                "by_host": e.by_host,
                **({"at": e.at.isoformat()} if e.at else {}),
            }
            for e in events
        ],
    }


def replay(scenario: Mapping[str, Any]) -> tuple[TableState, Scoreboard]:
    """Fold a scenario's events through the games and score it."""
    if not isinstance(scenario, Mapping):
        raise RuleError(N_("A scenario is a JSON object."))
    slug = str(scenario.get("game", ""))
    game = get_game(slug)
    raw_players = scenario.get("players") or []
    players = tuple(
        Player(
            int(p.get("seat", index)),
            str(p["name"]),
            str(p.get("colour", PLAYER_COLOURS[(index - 1) % len(PLAYER_COLOURS)])),
        )
        for index, p in enumerate(raw_players, start=1)
    )
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise RuleError(N_("A table has 1 to {maximum} players."), maximum=MAX_PLAYERS)
    setup = Setup(
        slug,
        players,
        resolve_options(all_options(slug), scenario.get("options") or {}),
        str(scenario.get("seed") or "0"),
    )
    game.check_setup(setup)
    events = [
        Event(
            seq=int(raw.get("seq", index)),
            kind=str(raw["kind"]),
            payload=dict(raw.get("payload") or {}),
            author=raw.get("author"),
            by_host=bool(raw.get("by_host", raw.get("author") is None)),
        )
        for index, raw in enumerate(scenario.get("events") or [], start=1)
    ]
    state = fold(game, setup, sorted(events, key=lambda e: e.seq))
    return state, score(game, state)
