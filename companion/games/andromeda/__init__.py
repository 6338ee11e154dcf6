"""Andromeda: the game as the registry sees it (rules, view, templates, reference)."""

from __future__ import annotations

from pathlib import Path

from companion.games.andromeda import rules
from companion.games.andromeda.view import AndromedaView, andromeda_view
from companion.games.contract import N_, Scoreboard, Setup, TallyCategory, Viewer
from companion.games.mechanics.tally import TallySheet


class Andromeda:
    """The registered game."""

    slug = rules.SLUG
    name = N_("Andromeda")
    bgg_id: int | None = None  # not confirmed from a source we could check: BG Stats matches by name
    min_players = 3
    max_players = 5
    options = rules.OPTIONS
    moves = rules.MOVES
    tally_categories: tuple[TallyCategory, ...] = ()
    templates = str(Path(__file__).parent / "templates")

    def check_setup(self, setup: Setup) -> None:
        """Play with 3 to 5 players."""
        rules.check_setup(setup)

    def initial_state(self, setup: Setup) -> rules.Andromeda:
        """Set up Earth, the planets and the tracks for the player count."""
        return rules.initial_state(setup)

    def score(self, setup: Setup, state: rules.Andromeda, tally: TallySheet) -> Scoreboard:
        """Return centers, stations on Earth, tech points and bonus cards; ties by tech, then ship."""
        return rules.score_andromeda(setup, state)

    def view(self, setup: Setup, state: rules.Andromeda, viewer: Viewer) -> AndromedaView:
        """Return the panel for one phone; other seats' face-down trade offers are left out."""
        return andromeda_view(setup, state, viewer)

    def reference(self) -> tuple[str, ...]:
        """Return the card values of the trade moves, for docs/events.md."""
        return (
            "",
            "### Andromeda: cards and sets",
            "",
            "A trade `card` is a planet `1`–`7` or a bonus card (`silver`, `gold`, `platinum`, `diamond`). "
            "An action spends `cards` planet cards of `planet` and, optionally, bonus cards as jokers "
            "(`silver`, `gold`, `platinum`, `diamond`: how many of each). A move may say how many "
            "`stations` to move (default: as many as the cards allow and Earth holds).",
        )


GAME = Andromeda()
