"""The registry of games, keyed by slug: the one list of games.

A game is one package under ``companion/games/`` exposing ``GAME``; adding a game is adding its
package and one line here.
"""

from __future__ import annotations

from companion.games import (
    andromeda,
    crafting_the_cosmos,
    mission_red_planet,
    score_pad,
    space_base,
    welcome_to_the_moon,
)
from companion.games.contract import Game
from companion.games.words import N_, RuleError

GAMES: dict[str, Game] = {
    game.slug: game
    for game in (
        welcome_to_the_moon.GAME,
        space_base.GAME,
        andromeda.GAME,
        mission_red_planet.GAME,
        crafting_the_cosmos.GAME,
        score_pad.GAME,
    )
}


def get_game(slug: str) -> Game:
    """Return the game registered as ``slug``."""
    try:
        return GAMES[slug]
    except KeyError:
        raise RuleError(N_("Unknown game: {slug}."), slug=slug) from None


def catalogue_games() -> dict[str, Game]:
    """Return the games whose cards the server keeps as a catalogue (exported and imported as a file), by slug."""
    return {slug: game for slug, game in GAMES.items() if game.catalogue is not None}
