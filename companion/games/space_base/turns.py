"""A Space Base turn: the roll, the end of the turn, and the end of the game at 40 VP.

The active player rolls two dice (or types the real ones); a die set by an ability keeps its
value. A player holding a charged Reroll decides first (seed, ダイスリロール: the new dice pay
everyone): the roll is final once they reroll, keep it, or take the dice themselves; without such
a card it is final at once. Once every player has taken the dice, the turn ends: credits below
income rise to income and the next player rolls. A player at 40 VP or more ends the game once every player has had the
same number of turns; tied players then play extra rounds, the most VP gained in one decides.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.randomness import roll
from companion.games.space_base.cards import OTHER_TURNS, REROLL
from companion.games.space_base.state import SLUG, DiceRoll, SpaceBase, Throw, player_names
from companion.games.words import N_, RuleError

END_VP = 40


def check_turn(state: SpaceBase) -> int:
    """Return the active seat, or raise RuleError before the start and once the game is over."""
    if not state.started:
        raise RuleError(N_("Start the game first: everyone buys a first ship, then the start player is chosen."))
    if state.over or state.active is None:
        raise RuleError(N_("The game is over."))
    return state.active


def roll_dice(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Roll the turn's two dice in the app (a die set by an ability keeps its value), or take the real ones."""
    active = check_turn(state)
    if state.roll is not None:
        raise RuleError(N_("The dice of this turn are already rolled."))
    typed = event.payload.get("values")
    rolls = state.rolls
    if typed is None:
        drawn = list(roll(2, 6, setup.seed, SLUG, "roll", rolls))
        rolls += 1
        dice = (*state.set_dice, *drawn)[:2]  # a die set by an ability keeps its value
    elif len(typed) != 2 or not all(1 <= v <= 6 for v in typed):
        raise RuleError(N_("Enter the two dice, each from 1 to 6."))
    else:
        dice = (typed[0], typed[1])
        if not _shows(dice, state.set_dice):
            raise RuleError(
                N_("The dice set by an ability show {values}."), values=" ".join(str(v) for v in state.set_dice)
            )
    first, second = dice
    return evolve(
        state,
        roll=DiceRoll(active, (first, second), typed is None, final=not holds_reroll(state, active)),
        rolls=rolls,
        throws=state.throws + 1,
        set_dice=(),
        thrown=state.thrown.appended((Throw(event.seq, (first, second)),)),
    )


def holds_reroll(state: SpaceBase, seat: int) -> bool:
    """True when ``seat`` holds a Reroll usable on the own turn: the others then wait for the roll to be final.

    Seed, ダイスリロール: a reroll's dice pay everyone. A card typed with Reroll counts with the
    tokens it needs; a charged card typed without its ability counts too, as its ability form
    offers Reroll (abilities.abilities_now).
    """
    for sector in state.console(seat).sectors.values():
        for place in range(len(sector.deployed) + 1):
            ability, tokens = sector.card(place).ability, sector.tokens(place)
            if ability is None and tokens:
                return True
            if (
                ability is not None
                and ability.kind == REROLL
                and ability.when != OTHER_TURNS
                and tokens >= ability.tokens
            ):
                return True
    return False


def keep_roll(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """The active player keeps the dice without a reroll: the roll is final and the others take it."""
    check_turn(state)
    if state.roll is None:
        raise RuleError(N_("Roll the dice first."))
    if state.roll.final:
        raise RuleError(N_("The roll is already final: every player takes these dice."))
    return evolve(state, roll=evolve(state.roll, final=True))


def _shows(dice: tuple[int, ...], wanted: tuple[int, ...]) -> bool:
    """True when ``dice`` show every value of ``wanted`` (as many times)."""
    rest = list(dice)
    for value in wanted:
        if value not in rest:
            return False
        rest.remove(value)
    return True


def after_vp_change(state: SpaceBase, seat: int, gained: int) -> SpaceBase:
    """Count VP gained in an extra round; a player reaching 40 VP triggers the end of the game."""
    if state.extra_round and seat in state.extra_players:
        state = evolve(state, extra_vp={**state.extra_vp, seat: state.extra_vp.get(seat, 0) + gained})
    if state.end_triggered_by is None and state.console(seat).vp >= END_VP:
        state = evolve(state, end_triggered_by=seat)
    return state


def end_turn(setup: Setup, state: SpaceBase, event: Event) -> SpaceBase:
    """Income floor, then the next player; at the end of the last round, the end or an extra round."""
    active = check_turn(state)
    if state.roll is None:
        raise RuleError(N_("Roll the dice first."))
    players = state.extra_players if state.extra_round else state.order
    waiting = [seat for seat in players if seat not in state.roll.choices]
    if waiting:
        raise RuleError(N_("Still to choose sectors for these dice: {names}."), names=player_names(setup, waiting))
    console = state.console(active)
    console = evolve(console, credits=max(console.credits, console.income), bought_this_turn=False)
    state = evolve(state, consoles={**state.consoles, active: console}, roll=None)
    if state.extra_round:
        left = tuple(seat for seat in state.extra_turns_left if seat != active)
        if left:
            return evolve(state, extra_turns_left=left, active=left[0], turn=state.turn + 1)
        return _settle_extra_round(state)
    position = state.order.index(active)
    if position == len(state.order) - 1 and state.end_triggered_by is not None:
        return _settle_end(state)
    following = state.order[(position + 1) % len(state.order)]
    return evolve(state, active=following, turn=state.turn + 1)


def _top(scores: Mapping[int, int]) -> tuple[int, ...]:
    best = max(scores.values())
    return tuple(seat for seat, value in scores.items() if value == best)


def _settle_end(state: SpaceBase) -> SpaceBase:
    tied = _top({seat: state.console(seat).vp for seat in state.order})
    if len(tied) == 1:
        return evolve(state, over=True, active=None)
    return _extra_round(state, tuple(seat for seat in state.order if seat in tied))


def _extra_round(state: SpaceBase, players: tuple[int, ...]) -> SpaceBase:
    return evolve(
        state,
        extra_round=state.extra_round + 1,
        extra_players=players,
        extra_vp={seat: 0 for seat in players},
        extra_turns_left=players,
        active=players[0],
        turn=state.turn + 1,
    )


def _settle_extra_round(state: SpaceBase) -> SpaceBase:
    tied = _top({seat: state.extra_vp.get(seat, 0) for seat in state.extra_players})
    if len(tied) == 1:
        return evolve(state, over=True, active=None, extra_players=state.extra_players)
    return _extra_round(state, tied)


def active_seat(state: SpaceBase) -> int | None:
    """The seat whose turn it is (None before the start player is chosen, and once the game is over)."""
    return None if not state.started or state.over else state.active
