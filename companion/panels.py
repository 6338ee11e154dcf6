"""What each game's own panel on the board shows: plain data for its template, per phone.

Secrets are filtered here: a phone sees its own hidden cards and nobody else's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games import mission_red_planet as mrp
from companion.games.base import Message, Player
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


def red_planet_panel(state: TableState, seat: int | None) -> dict[str, Any]:
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
            crew=tuple((player, game.crew.get((zone, player.seat), 0)) for player in setup.players),
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


PANELS: dict[str, tuple[str, Callable[[TableState, int | None], dict[str, Any]]]] = {
    mrp.SLUG: ("games/mission-red-planet/_panel.html", red_planet_panel),
}


def panel_for(state: TableState, seat: int | None) -> tuple[str, dict[str, Any]] | None:
    """Return the game's panel template and its data, or None for games scored on the tally."""
    entry = PANELS.get(state.setup.game)
    if entry is None:
        return None
    template, build = entry
    return template, build(state, seat)
