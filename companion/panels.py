"""What each game's own panel on the board shows: plain data for its template, per phone.

Secrets are filtered here: a phone sees its own hidden cards and nobody else's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games import mission_red_planet as mrp
from companion.games import welcome_to_the_moon as wttm
from companion.games.base import Message, Player
from companion.games.moon_cards import ACTION_ICONS, ACTION_NAMES, ACTIONS
from companion.games.table import TableState


@dataclass(frozen=True)
class ZoneRow:
    """One zone of Mars on the panel."""

    zone: int
    name: Message
    resource: str | None
    resource_name: str | None
    pot: int
    discovery: bool
    crew: tuple[tuple[Player, int], ...]


def red_planet_panel(state: TableState, seat: int | None, host: bool) -> dict[str, Any]:
    """Return the Mission: Red Planet panel: round, zones, scoring lines, own secret cards."""
    game: mrp.RedPlanet = state.game
    setup = state.setup
    rows = tuple(
        ZoneRow(
            zone=zone,
            name=mrp.zone_name(setup, zone),
            resource=game.resources.get(zone),
            resource_name=mrp.RESOURCE_NAMES[game.resources[zone]] if zone in game.resources else None,
            pot=game.pots.get(zone, 0),
            discovery=zone in game.discoveries,
            crew=tuple((player, game.crew_of(zone, player.seat)) for player in setup.players),
        )
        for zone in mrp.ZONES
    )
    return {
        "round": min(game.round, mrp.LAST_ROUND),
        "over": game.over,
        "scores_now": game.round in mrp.SCORING_ROUNDS,
        "first_player": setup.player(game.first_player).name if game.first_player else None,
        "zones": rows,
        "zone_names": [(zone, mrp.zone_name(setup, zone)) for zone in mrp.ZONES],
        "resources": [(r, mrp.RESOURCE_NAMES[r]) for r in mrp.RESOURCES],
        "scoring_lines": [(scoring.round, mrp.explain_scoring(setup, scoring)) for scoring in reversed(game.scorings)],
        "my_bonus": game.bonus.get(seat, 0) if seat is not None else None,
        "discoveries_left": mrp.MAX_DISCOVERIES - len(game.discoveries),
        "kinds": {
            "land": mrp.LAND,
            "remove": mrp.REMOVE,
            "set": mrp.SET_CREW,
            "move": mrp.MOVE,
            "resource": mrp.RESOURCE,
            "end_round": mrp.END_ROUND,
            "bonus": mrp.BONUS,
            "discovery": mrp.DISCOVERY,
            "discovery_points": mrp.DISCOVERY_POINTS,
        },
    }


def moon_panel(state: TableState, seat: int | None, host: bool) -> dict[str, Any]:
    """Return the Welcome to the Moon panel: combos or solo cards, missions, errors, own sheet."""
    game: wttm.Moon = state.game
    setup = state.setup
    adventure = wttm.adventure_of(setup)
    names = {p.seat: p.name for p in setup.players}
    missions = [
        {
            "letter": m.letter,
            "text": m.text,
            "rewards": wttm.mission_values(setup, m),
            "unit": adventure.mission_reward,
            "done": [(names[c.seat], c.first) for c in game.completions.get(m.letter, ())],
            "mine": seat is not None and any(c.seat == seat for c in game.completions.get(m.letter, ())),
        }
        for m in game.missions
    ]
    sheet_seat = seat
    return {
        "adventure": adventure,
        "solo": wttm.is_solo(setup),
        "turn": game.turn,
        "combos": wttm.combos_view(game),
        "cards_left": [len(p) for p in game.piles],
        "hand": [
            (i, c.number, ACTION_NAMES[c.action], ACTION_ICONS[c.action]) for i, c in enumerate(game.hand, start=1)
        ],
        "astra_cards": [(ACTION_ICONS[a], ACTION_NAMES[a], game.astra.get(a, 0)) for a in ACTIONS],
        "astra_score": wttm.astra_score(setup, game) if wttm.is_solo(setup) else None,
        "choose": wttm.is_solo(setup) and not game.chosen,
        "solo_seen": dict(game.solo_seen),
        "missions": missions,
        "errors": [(p, game.errors.get(p.seat, 0), game.crossed.get(p.seat, 0)) for p in setup.players],
        "error_boxes": adventure.error_boxes,
        "end_turn": game.end_turn,
        "end_reasons": game.end_reasons,
        "can_flip": wttm.may_flip(setup, game, host),
        "sheet_seat": sheet_seat,
        "fields": [(f, game.sheets.get((sheet_seat, f.key), 0)) for f in adventure.fields] if sheet_seat else [],
        "kinds": {
            "flip": wttm.FLIP,
            "solo_choice": wttm.SOLO_CHOICE,
            "mission": wttm.MISSION,
            "error": wttm.ERROR,
            "error_cross": wttm.ERROR_CROSS,
            "sheet": wttm.SHEET,
            "full": wttm.SHEET_FULL,
        },
    }


PANELS: dict[str, tuple[str, Callable[[TableState, int | None, bool], dict[str, Any]]]] = {
    mrp.SLUG: ("games/mission-red-planet/_panel.html", red_planet_panel),
    wttm.SLUG: ("games/welcome-to-the-moon/_panel.html", moon_panel),
}


def panel_for(state: TableState, seat: int | None, host: bool) -> tuple[str, dict[str, Any]] | None:
    """Return the game's panel template and its data, or None for games scored on the tally."""
    entry = PANELS.get(state.setup.game)
    if entry is None:
        return None
    template, build = entry
    return template, build(state, seat, host)
