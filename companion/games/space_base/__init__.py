"""Space Base: the game as the registry sees it (rules, view, templates)."""

from __future__ import annotations

from pathlib import Path

from companion.games.contract import N_, Scoreboard, Setup, TallyCategory, Viewer
from companion.games.mechanics.sheet import check_player_count
from companion.games.mechanics.tally import TallySheet
from companion.games.space_base import rules
from companion.games.space_base.view import SpaceBaseView, space_base_view


class SpaceBase:
    """The registered game."""

    slug = rules.SLUG
    name = N_("Space Base")
    bgg_id: int | None = 242302  # BoardGameGeek
    min_players = 2
    max_players = 5
    options = rules.OPTIONS
    moves = rules.MOVES
    tally_categories: tuple[TallyCategory, ...] = ()
    templates = str(Path(__file__).parent / "templates")

    def check_setup(self, setup: Setup) -> None:
        """Two to five players."""
        check_player_count(self.min_players, self.max_players, len(setup.players))

    def initial_state(self, setup: Setup) -> rules.SpaceBase:
        """Every console with its 12 starting ships and the starting credits."""
        return rules.initial_state(setup)

    def score(self, setup: Setup, state: rules.SpaceBase, tally: TallySheet) -> Scoreboard:
        """VP by source, the end after equal turns, extra rounds for ties."""
        return rules.score_space_base(setup, state)

    def view(self, setup: Setup, state: rules.SpaceBase, viewer: Viewer) -> SpaceBaseView:
        """Return the panel for one phone."""
        return space_base_view(setup, state, viewer)

    def reference(self) -> tuple[str, ...]:
        """How a card is written in a move's fields."""
        kinds = ", ".join(f"`{kind}`" for kind in rules.REWARD_KINDS)
        return (
            "",
            "### Space Base: cards in moves",
            "",
            f"A ship in `{rules.FIRST_SHIP}` and `{rules.BUY}`: `sector`, `cost`, `level` (1–3), optional `name`, "
            f"`blue_kind` / `red_kind` (one of {kinds}; default credits) with `blue_amount` / `red_amount` "
            "or `blue_text` / `red_text` for an ability, and `slots` (charge slots). A colony in "
            f"`{rules.BUY}` has `vp` (its printed VP) and `how` = `purchase`. `{rules.ASSIGN}` takes "
            "`choice` = `dice` (the two dice, a double pays twice) or `sum`.",
        )


GAME = SpaceBase()
