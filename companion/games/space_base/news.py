"""When Space Base is over (the table says whose turn it is from ``active_seat``, and the end and undos)."""

from __future__ import annotations

from companion.games.space_base.state import SpaceBase


def is_over(state: SpaceBase) -> bool:
    """True once a player has reached the points that end the game (or won by an ability)."""
    return state.over
