"""Mission: Red Planet: the game as the registry sees it (rules, view, templates)."""

from __future__ import annotations

from pathlib import Path

from companion.games.mechanics.board_game import BoardGame
from companion.games.mission_red_planet import news, rules
from companion.games.mission_red_planet.view import red_planet_view
from companion.games.words import N_

GAME = BoardGame(
    news=news.red_planet_news,
    is_over=news.is_over,
    slug=rules.SLUG,
    name=N_("Mission: Red Planet"),
    min_players=2,
    max_players=6,
    options=rules.OPTIONS,
    moves=rules.MOVES,
    templates=str(Path(__file__).parent / "templates"),
    check_setup=rules.check_setup,  # the edition's player count, a token mix that fills the zones
    initial_state=rules.initial_state,
    score_state=rules.score_red_planet,
    view=red_planet_view,  # other seats' cards and characters not yet called are left out there
)
