"""Mission: Red Planet: the game as the registry sees it (rules, view, templates)."""

from __future__ import annotations

from pathlib import Path

from companion.games.contract import N_, Scoreboard, Setup, TallyCategory, Viewer
from companion.games.mechanics.tally import TallySheet
from companion.games.mission_red_planet import rules
from companion.games.mission_red_planet.view import RedPlanetView, red_planet_view


class MissionRedPlanet:
    """The registered game."""

    slug = rules.SLUG
    name = N_("Mission: Red Planet")
    bgg_id: int | None = None  # not confirmed from a source we could check: BG Stats matches by name
    min_players = 2
    max_players = 6
    options = rules.OPTIONS
    moves = rules.MOVES
    tally_categories: tuple[TallyCategory, ...] = ()
    templates = str(Path(__file__).parent / "templates")

    def check_setup(self, setup: Setup) -> None:
        """Apply the edition's player count and a token mix that can fill the zones."""
        rules.check_setup(setup)

    def initial_state(self, setup: Setup) -> rules.RedPlanet:
        """Round 1, nobody on Mars, the full score token supply."""
        return rules.initial_state(setup)

    def score(self, setup: Setup, state: rules.RedPlanet, tally: TallySheet) -> Scoreboard:
        """Return points by token colour, resource tokens, ice bonus and cards; ranks and ties."""
        return rules.score_red_planet(setup, state)

    def view(self, setup: Setup, state: rules.RedPlanet, viewer: Viewer) -> RedPlanetView:
        """Return the panel for one phone; other seats' bonus cards are left out."""
        return red_planet_view(setup, state, viewer)

    def reference(self) -> tuple[str, ...]:
        """Nothing beyond the moves and options."""
        return ()


GAME = MissionRedPlanet()
