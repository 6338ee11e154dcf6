"""Crafting the Cosmos: the game as the registry sees it (rules, view, templates, reference)."""

from __future__ import annotations

from pathlib import Path

from companion.games.crafting_the_cosmos import news, rules
from companion.games.crafting_the_cosmos.view import cosmos_view
from companion.games.mechanics.board_game import BoardGame
from companion.games.words import N_


def _reference() -> tuple[str, ...]:
    """The goal kinds that a goal card can be named with, and the advanced life stack, for docs/events.md."""
    out = ["", "Goal kinds (`goal_kind` of `ctc.goal`):", ""]
    out += [f"- `{key}`: {label}" for key, label in rules.GOAL_KINDS.items()]
    out += [
        "",
        "Advanced life stack (values): group 1 "
        + " ".join(str(v) for v in rules.GROUP_1)
        + "; group 2 "
        + " ".join(str(v) for v in rules.GROUP_2)
        + f"; {rules.GROUP_1_PER_PLAYER} group-1 tokens per player on top of group 2.",
    ]
    return tuple(out)


GAME = BoardGame(
    news=news.cosmos_news,
    is_over=news.is_over,
    slug=rules.SLUG,
    name=N_("Crafting the Cosmos"),
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    options=rules.OPTIONS,
    moves=rules.MOVES,
    templates=str(Path(__file__).parent / "templates"),
    check_setup=rules.check_setup,
    initial_state=rules.initial_state,
    score_state=rules.score_cosmos,  # advanced life counts once the game is over
    view=cosmos_view,  # other seats' advanced life values are left out there
    reference_lines=_reference(),
    redraw_hidden=rules.redraw_hidden,
)
