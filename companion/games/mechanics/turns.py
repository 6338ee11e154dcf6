"""Turns: the words of the button that ends one, the same in every game that has it."""

from __future__ import annotations

from companion.games.contract import Player
from companion.games.moves import Viewer
from companion.games.words import N_, Message, msg


def end_turn_label(viewer: Viewer, player: Player) -> Message:
    """Return the End the turn button's words: the seat's name when this phone acts for another seat (the host)."""
    if viewer.seat == player.seat:
        return msg(N_("End the turn"))
    return msg(N_("End {name}'s turn"), name=player.name)
