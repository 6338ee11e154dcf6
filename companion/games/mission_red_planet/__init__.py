"""Mission: Red Planet: the game as the registry sees it (rules, view, templates)."""

from __future__ import annotations

from pathlib import Path

from companion.games.mechanics.board_game import BoardGame
from companion.games.mission_red_planet import news, rules
from companion.games.mission_red_planet.rounds import initial_state
from companion.games.mission_red_planet.rule_options import OPTIONS, check_setup
from companion.games.mission_red_planet.scoreboard import score_red_planet
from companion.games.mission_red_planet.state import SLUG
from companion.games.mission_red_planet.view import red_planet_view
from companion.games.words import N_

GAME = BoardGame(
    news=news.red_planet_news,
    is_over=news.is_over,
    slug=SLUG,
    name=N_("Mission: Red Planet"),
    min_players=2,
    max_players=6,
    options=OPTIONS,
    moves=rules.MOVES,
    templates=str(Path(__file__).parent / "templates"),
    check_setup=check_setup,  # the edition's player count, a token mix that fills the zones
    initial_state=initial_state,
    score_state=score_red_planet,
    view=red_planet_view,  # other seats' cards and characters not yet called are left out there
)
