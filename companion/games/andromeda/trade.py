"""The Andromeda trade phase: the leader's cards face up, offers face down, then the exchanges.

The start player leads: they lay out up to 3 cards (4 from tech level 1), one at a time; after
each, every other player offers one card face down that differs from every card the leader has
shown (must not follow), or cannot follow and drops out. The offers are turned up together.
Then, from the leader clockwise, each deciding player takes another player's set and leaves
them their own, or takes the set in front of them into hand.
"""

from __future__ import annotations

from companion.games.andromeda.board import (
    BONUS_KINDS,
    BONUS_NAMES,
    MIN_TRADE_CARDS,
    TRADE,
    Andromeda,
    Trade,
    TradeLine,
    clockwise,
    trade_limit,
)
from companion.games.andromeda.phases import to_actions
from companion.games.contract import Event, Setup, evolve
from companion.games.words import N_, RuleError, msg


def _in_trade(setup: Setup, state: Andromeda) -> Trade:
    """Return the trade under way, or raise RuleError outside the trade phase."""
    if state.phase != TRADE or state.trade is None:
        raise RuleError(N_("The trade phase is not under way."))
    return state.trade


def followers(setup: Setup, trade: Trade) -> tuple[int, ...]:
    """Return the players still following the leader, clockwise."""
    return tuple(s for s in clockwise(setup, trade.leader)[1:] if s not in trade.out)


def owing(setup: Setup, trade: Trade) -> tuple[int, ...]:
    """Return the followers who still owe a face-down card for the leader's latest card."""
    return tuple(
        s for s in followers(setup, trade) if len(trade.offers.get(s, ())) < len(trade.shown) and s not in trade.pending
    )


def _take_into_hand(state: Andromeda, seat: int, cards: tuple[str, ...]) -> Andromeda:
    """Put a set into ``seat``'s hand: its bonus cards now belong to ``seat``."""
    held = dict(state.bonus.get(seat, {}))
    for card in cards:
        if card in BONUS_KINDS:
            held[card] = held.get(card, 0) + 1
    return evolve(state, bonus={**state.bonus, seat: held})


def _give_up_bonus(setup: Setup, state: Andromeda, seat: int, cards: tuple[str, ...]) -> Andromeda:
    """Take the bonus cards among ``cards`` out of ``seat``'s hand, or refuse if it lacks them."""
    held = dict(state.bonus.get(seat, {}))
    for card in cards:
        if card in BONUS_KINDS:
            if held.get(card, 0) < 1:
                raise RuleError(
                    N_("{name} holds no {kind} bonus card."), name=setup.player(seat).name, kind=msg(BONUS_NAMES[card])
                )
            held[card] -= 1
    return evolve(state, bonus={**state.bonus, seat: held})


def lay(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The leader lays out one card face up."""
    trade = _in_trade(setup, state)
    seat, card = event.payload["seat"], event.payload["card"]
    if seat != trade.leader:
        raise RuleError(N_("Only the leader lays out cards."))
    if trade.closed:
        raise RuleError(N_("The leader has laid out the last card."))
    if owing(setup, trade) or trade.pending:
        raise RuleError(N_("Every other player must offer a card before the leader lays out the next one."))
    if len(trade.shown) >= trade_limit(state, seat):
        raise RuleError(N_("The leader may lay out at most {limit} cards."), limit=trade_limit(state, seat))
    state = _give_up_bonus(setup, state, seat, (card,))
    return evolve(state, trade=evolve(trade, shown=(*trade.shown, card)))


def offer(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """A follower offers one card face down; it must differ from every card the leader has shown."""
    trade = _in_trade(setup, state)
    seat, card = event.payload["seat"], event.payload["card"]
    if seat not in owing(setup, trade):
        raise RuleError(N_("{name} has no card to offer now."), name=setup.player(seat).name)
    if card in trade.shown:
        raise RuleError(N_("Must not follow: offer a card different from every card the leader has shown."))
    _give_up_bonus(setup, state, seat, (card,))  # only a check: the card leaves the hand when revealed
    trade = evolve(trade, pending={**trade.pending, seat: (event.seq, card)})
    return _reveal_when_all_in(setup, evolve(state, trade=trade))


def cannot_follow(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """A follower with no card to offer shows the hand and takes their offered cards back."""
    trade = _in_trade(setup, state)
    seat = event.payload["seat"]
    if seat not in owing(setup, trade):
        raise RuleError(N_("{name} has no card to offer now."), name=setup.player(seat).name)
    back = trade.offers.get(seat, ())
    line = TradeLine(event.seq, state.round, seat, None, (), back)
    offers = {s: cards for s, cards in trade.offers.items() if s != seat}
    trade = evolve(trade, out=(*trade.out, seat), offers=offers)
    state = _take_into_hand(state, seat, back)
    state = evolve(state, trade=trade, trade_log=(*state.trade_log, line))
    return _reveal_when_all_in(setup, state)


def _reveal_when_all_in(setup: Setup, state: Andromeda) -> Andromeda:
    """Turn the face-down offers up together once every follower has offered or dropped out."""
    trade = state.trade
    assert trade is not None
    if owing(setup, trade):
        return state
    offers = dict(trade.offers)
    revealed = set(state.revealed)
    for seat, (seq, card) in trade.pending.items():
        offers[seat] = (*offers.get(seat, ()), card)
        state = _give_up_bonus(setup, state, seat, (card,))
        revealed.add(seq)
    trade = evolve(trade, offers=offers, pending={})
    state = evolve(state, trade=trade, revealed=frozenset(revealed))
    if not followers(setup, trade):
        line = TradeLine(0, state.round, trade.leader, None, (), trade.shown)
        state = _take_into_hand(state, trade.leader, trade.shown)
        return to_actions(setup, evolve(state, trade_log=(*state.trade_log, line)))
    if len(trade.shown) >= trade_limit(state, trade.leader):
        return _close(setup, state)
    return state


def stop_laying(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The leader stops after the second (or third) card: the exchanges begin."""
    trade = _in_trade(setup, state)
    if event.payload["seat"] != trade.leader:
        raise RuleError(N_("Only the leader lays out cards."))
    if trade.closed or trade.pending or owing(setup, trade):
        raise RuleError(N_("Every other player must offer a card before the exchanges begin."))
    if len(trade.shown) < MIN_TRADE_CARDS:
        raise RuleError(N_("The leader lays out at least 2 cards."))
    return _close(setup, state)


def _close(setup: Setup, state: Andromeda) -> Andromeda:
    """Close the layout: every seat's set goes on the table and the leader decides first."""
    trade = state.trade
    assert trade is not None
    sets = {trade.leader: trade.shown, **{s: trade.offers.get(s, ()) for s in followers(setup, trade)}}
    return evolve(state, trade=evolve(trade, closed=True, sets=sets, decider=trade.leader))


def swap_sets(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The deciding player takes another player's set into hand and leaves them the set they held."""
    trade = _in_trade(setup, state)
    seat, other = event.payload["seat"], event.payload["other"]
    if not trade.closed or seat != trade.decider:
        raise RuleError(N_("It is not {name}'s choice now."), name=setup.player(seat).name)
    if other == seat or other not in trade.sets:
        raise RuleError(N_("{name} has no card set on the table."), name=setup.player(other).name)
    given, taken = trade.sets[seat], trade.sets[other]
    sets = {s: cards for s, cards in trade.sets.items() if s != seat}
    sets[other] = given
    line = TradeLine(event.seq, state.round, seat, other, given, taken)
    state = _take_into_hand(state, seat, taken)
    state = evolve(state, trade=evolve(trade, sets=sets, decider=other), trade_log=(*state.trade_log, line))
    return _settle(setup, state, event.seq)


def keep_set(setup: Setup, state: Andromeda, event: Event) -> Andromeda:
    """The deciding player takes the set in front of them into hand."""
    trade = _in_trade(setup, state)
    seat = event.payload["seat"]
    if not trade.closed or seat != trade.decider:
        raise RuleError(N_("It is not {name}'s choice now."), name=setup.player(seat).name)
    if seat == trade.leader and len(trade.sets) > 1:
        raise RuleError(N_("The leader must exchange with another player's set."))
    state = _kept(state, seat, event.seq)
    left = state.trade
    assert left is not None
    decider = next((s for s in clockwise(setup, left.leader) if s in left.sets), None)
    return _settle(setup, evolve(state, trade=evolve(left, decider=decider)), event.seq)


def _kept(state: Andromeda, seat: int, seq: int) -> Andromeda:
    """Put ``seat``'s set into its hand and log it."""
    trade = state.trade
    assert trade is not None
    cards = trade.sets[seat]
    line = TradeLine(seq, state.round, seat, None, (), cards)
    state = _take_into_hand(state, seat, cards)
    sets = {s: c for s, c in trade.sets.items() if s != seat}
    return evolve(state, trade=evolve(trade, sets=sets), trade_log=(*state.trade_log, line))


def _settle(setup: Setup, state: Andromeda, seq: int) -> Andromeda:
    """The last set left has nobody to exchange with: its holder takes it; then the actions begin."""
    trade = state.trade
    assert trade is not None
    if len(trade.sets) == 1:
        state = _kept(state, next(iter(trade.sets)), seq)
    if state.trade is not None and not state.trade.sets:
        return to_actions(setup, state)
    return state
