"""What is news at a table between two of its states: whose turn it is, a scoring round, the end, an undo.

Every phone fetches its board after each entry, carrying the entry it showed last; what changed
since is worth a notice wherever the player is scrolled. The table knows its own news (the end, an
undo, the turn of a game that declares ``active_seat``); a game says what else is news in its own
state (a scoring round, its own end, a turn it keeps itself) through an optional ``news(setup,
before, after)`` function of two of its states. All of it comes back in one game-independent shape,
:class:`News`, so that the web layer shows every game's news the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.games import kinds
from companion.games.contract import Game, Setup
from companion.games.table import describe, score
from companion.games.table_state import TableState
from companion.games.words import N_, Message, listing, msg

# The kinds of news, most important first: a phone that missed several shows the first ones.
END = "end"
SCORING = "scoring"
TURN = "turn"
UNDO = "undo"
HOST = "host"  # another phone became host
ORDER = (END, SCORING, TURN, HOST, UNDO)


@dataclass(frozen=True)
class News:
    """One piece of news for the table's phones (or only for ``seat``'s phone: its turn).

    ``by`` is who made it (seat or None, and whether as the host): that phone knows already.
    """

    kind: str
    message: Message
    seat: int | None = None
    by: tuple[int | None, bool] | None = None

    def for_phone(self, seat: int | None, host: bool) -> bool:
        """True when the phone of ``seat`` (or the host, or a spectator) should be told."""
        if self.seat is not None and self.seat != seat:
            return False
        if self.by is not None:
            author, by_host = self.by
            made_here = author == seat if seat is not None else (host and by_host and author is None)
            if made_here:
                return False
        return True


GameNews = Callable[[Setup, Any, Any], Iterable[News]]


def your_turn(setup: Setup, seat: int) -> News:
    """Return the news that it is now ``seat``'s turn (shown on that seat's phone only)."""
    return News(TURN, msg(N_("Your turn, {name}."), name=setup.player(seat).name), seat=seat)


def game_over(board_winners: Iterable[str]) -> Message:
    """Return the sentence that says the game is over, naming its winners if it has any."""
    names = tuple(board_winners)
    if not names:
        return msg(N_("The game is over."))
    if len(names) == 1:
        return msg(N_("The game is over. {name} wins!"), name=names[0])
    return msg(N_("The game is over. Shared win: {names}!"), names=listing(names))


def news_between(game: Game, before: TableState, after: TableState) -> tuple[News, ...]:
    """Return what changed from ``before`` to ``after`` (a later state of the same table) as news.

    At most one piece of news of each kind and for each seat, most important first.
    """
    found: list[News] = []
    found += _undos(game, before, after)
    found += _host_recoveries(before, after)
    active = getattr(game, "active_seat", None)
    if active is not None:
        now = active(after.game)
        if now is not None and now != active(before.game):
            found.append(your_turn(after.setup, now))
    own: GameNews | None = getattr(game, "news", None)
    if own is not None:
        found += own(after.setup, before.game, after.game)
    if over(game, after) and not over(game, before):
        board = score(game, after)
        names = {p.seat: p.name for p in board.players}
        found = [item for item in found if item.kind not in (SCORING, TURN)]  # the end says it all
        found.append(News(END, game_over(names[seat] for seat in board.winners)))
    return _one_of_each(found)


def over(game: Game, state: TableState) -> bool:
    """True once the table has ended, or the game says its own end has come (``is_over`` of its state)."""
    is_over = getattr(game, "is_over", None)
    return state.ended or (is_over is not None and bool(is_over(state.game)))


def _undos(game: Game, before: TableState, after: TableState) -> list[News]:
    """An undo (or a redo) made since ``before``: what it undid, and who did."""
    names = {p.seat: p.name for p in after.setup.players}
    found = []
    for seq, _target in after.voids[len(before.voids) :]:
        void = after.event(seq)
        if void is None or void.kind != kinds.VOID:
            continue
        who = names.get(void.author, "") if void.author is not None else ""
        what = describe(game, after, void)
        message = msg(N_("{name}: {what}"), name=who, what=what) if who else msg(N_("The host: {what}"), what=what)
        found.append(News(UNDO, message, by=(void.author, void.by_host)))
    return found[-1:]  # the latest undo says what the board shows now


def _host_recoveries(before: TableState, after: TableState) -> list[News]:
    """A host recovery link used since ``before``: every phone is told, the host's first."""
    used = False
    for event in reversed(after.events):
        if event.seq <= before.last_seq:
            break
        used = used or event.kind == kinds.HOST_RECOVERED
    message = msg(N_("Another phone became host through the host recovery link."))
    return [News(HOST, message)] if used else []


def _one_of_each(found: list[News]) -> tuple[News, ...]:
    """Keep the last piece of news of each kind and seat, most important kind first."""
    kept: dict[tuple[str, int | None], News] = {}
    for item in found:
        kept[(item.kind, item.seat)] = item
    return tuple(sorted(kept.values(), key=lambda item: ORDER.index(item.kind)))
