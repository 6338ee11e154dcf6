"""Space Base: the game as the registry sees it (rules, view, templates, reference)."""

from __future__ import annotations

from pathlib import Path

from companion.games.contract import Setup
from companion.games.mechanics.board_game import BoardGame
from companion.games.mechanics.sheet import check_player_count
from companion.games.space_base import news, rules
from companion.games.space_base.cards import AS_BLUE, OWN_TURN_ABILITIES, REWARD_KINDS
from companion.games.space_base.catalogue import CATALOGUE
from companion.games.space_base.scoring import score_space_base
from companion.games.space_base.start import OPTIONS, initial_state
from companion.games.space_base.state import SLUG
from companion.games.space_base.turns import active_seat
from companion.games.space_base.view import space_base_view
from companion.games.words import N_


def check_setup(setup: Setup) -> None:
    """Two to five players."""
    check_player_count(2, 5, len(setup.players))


_kinds = ", ".join(f"`{kind}`" for kind in REWARD_KINDS)
GAME = BoardGame(
    is_over=news.is_over,
    slug=SLUG,
    name=N_("Space Base"),
    min_players=2,
    max_players=5,
    options=OPTIONS,
    moves=rules.MOVES,
    templates=str(Path(__file__).parent / "templates"),
    bgg_id=242302,  # BoardGameGeek, for BG Stats
    check_setup=check_setup,
    initial_state=initial_state,
    score_state=score_space_base,
    view=space_base_view,
    active_seat=active_seat,
    catalogue=CATALOGUE,
    reference_lines=(
        "",
        "### Space Base: cards in moves",
        "",
        f"A ship in `{rules.FIRST_SHIP}` and `{rules.BUY}`: `sector`, `cost`, `level` (1–3), optional `name`, "
        f"`blue_kind` / `red_kind` (one of {_kinds}; default credits; `red_kind` = `{AS_BLUE}` is the blue "
        "one's kind) with `blue_amount` / `red_amount` or `blue_text` / `red_text` for an ability, `slots` / "
        "`red_slots` (charge slots), and `ability` with `ability_tokens`, `ability_amount` and `ability_when` "
        f"(ignored for {', '.join(f'`{k}`' for k in OWN_TURN_ABILITIES)}: on the owner's turn). A colony in "
        f"`{rules.BUY}` has `vp` (its printed VP) and `how` = `purchase`. `{rules.ASSIGN}` takes "
        "`choice` = `dice` (the two dice, a double pays twice) or `sum`.",
    ),
)
