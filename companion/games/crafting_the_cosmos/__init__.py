"""Crafting the Cosmos: the game as the registry sees it (rules, view, templates)."""

from __future__ import annotations

from pathlib import Path

from companion.games.contract import N_, Scoreboard, Setup, TallyCategory, Viewer
from companion.games.crafting_the_cosmos import rules
from companion.games.crafting_the_cosmos.view import CosmosView, cosmos_view
from companion.games.mechanics.tally import TallySheet


class CraftingTheCosmos:
    """The registered game."""

    slug = rules.SLUG
    name = N_("Crafting the Cosmos")
    bgg_id: int | None = None  # not confirmed from a source we could check: BG Stats matches by name
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    options = rules.OPTIONS
    moves = rules.MOVES
    tally_categories: tuple[TallyCategory, ...] = ()
    templates = str(Path(__file__).parent / "templates")

    def check_setup(self, setup: Setup) -> None:
        """Crafting the Cosmos is for 2–4 players."""
        rules.check_setup(setup)

    def initial_state(self, setup: Setup) -> rules.Cosmos:
        """The crystal supply for the player count, goal 1 on the top space, hands of 4."""
        return rules.initial_state(setup)

    def score(self, setup: Setup, state: rules.Cosmos, tally: TallySheet) -> Scoreboard:
        """Return points by source; advanced life counts once the game is over."""
        return rules.score_cosmos(setup, state)

    def view(self, setup: Setup, state: rules.Cosmos, viewer: Viewer) -> CosmosView:
        """Return the panel for one phone; other seats' advanced life values are left out."""
        return cosmos_view(setup, state, viewer)

    def reference(self) -> tuple[str, ...]:
        """Return the goal kinds that a goal card can be named with, for docs/events.md."""
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


GAME = CraftingTheCosmos()
