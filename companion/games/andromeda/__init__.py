"""Andromeda: the game as the registry sees it (rules, view, templates, reference)."""

from __future__ import annotations

from pathlib import Path

from companion.games.andromeda import news, rules
from companion.games.andromeda.board import SLUG
from companion.games.andromeda.phases import check_setup, initial_state
from companion.games.andromeda.rule_options import OPTIONS
from companion.games.andromeda.scoring import score_andromeda
from companion.games.andromeda.view import andromeda_view
from companion.games.mechanics.board_game import BoardGame
from companion.games.words import N_

GAME = BoardGame(
    news=news.andromeda_news,
    is_over=news.is_over,
    slug=SLUG,
    name=N_("Andromeda"),
    min_players=3,
    max_players=5,
    options=OPTIONS,
    moves=rules.MOVES,
    templates=str(Path(__file__).parent / "templates"),
    check_setup=check_setup,
    initial_state=initial_state,
    score_state=score_andromeda,
    view=andromeda_view,  # other seats' face-down trade offers are left out there
    reference_lines=(
        "",
        "### Andromeda: cards and sets",
        "",
        "A trade `card` is a planet `1`–`7` or a bonus card (`silver`, `gold`, `platinum`, `diamond`). "
        "An action spends `cards` planet cards of `planet` and, optionally, bonus cards as jokers "
        "(`silver`, `gold`, `platinum`, `diamond`: how many of each). A move may say how many "
        "`stations` to move (default: as many as the cards allow and Earth holds). At setup, "
        "`andromeda.setup-draw` draws a seat's planet cards from the table's seed (its share of the "
        "shuffled deck of 84) and `andromeda.setup` takes the cards drawn at the table, one count per "
        "planet (`planet_1`…`planet_7`).",
    ),
)
