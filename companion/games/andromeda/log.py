"""How the Andromeda log tells each move: the cards spent, a challenge's draws, the trade's exchanges."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.andromeda.board import (
    BONUS_KINDS,
    BONUS_NAMES,
    Andromeda,
    Challenge,
    card_list,
    card_name,
    planet_name,
)
from companion.games.contract import Event, Setup
from companion.games.words import N_, SEMICOLON, Message, listing, msg


def spent_words(e: Event) -> Message:
    """Say the cards an action spent: the planet cards and any bonus cards."""
    bonus = [kind for kind in BONUS_KINDS for _ in range(int(e.payload.get(kind, 0)))]
    planet = e.payload.get("planet")
    cards = msg(N_("{count} cards"), count=e.payload.get("cards", 0))
    if planet is not None:
        cards = msg(N_("{count} × {planet}"), count=e.payload.get("cards", 0), planet=planet_name(planet))
    if not bonus:
        return cards
    return msg(N_("{cards} and {bonus}"), cards=cards, bonus=card_list(bonus))


def earned_words(state: Andromeda, e: Event) -> Message:
    """Say the bonus card a move earned, if any."""
    kind = state.earned.get(e.seq)
    if kind is None:
        return _Joined("", {"parts": (), "empty": ""})
    return msg(N_(" (earns a {kind} bonus card)"), kind=msg(BONUS_NAMES[kind]))


def describe_challenge(setup: Setup, outcome: Challenge) -> Message:
    """Say what the ring gave, draw by draw."""
    names = {p.seat: p.name for p in setup.players}
    parts = []
    for draw in outcome.draws:
        if draw.center is not None:
            parts.append(
                msg(N_("{name}'s station founds the {value} center"), name=names[draw.seat], value=draw.center)
            )
        else:
            parts.append(msg(N_("{name}'s station goes back to Earth"), name=names[draw.seat]))
    return _Joined("", {"parts": tuple(parts)})


@dataclass(frozen=True)
class _Joined(Message):
    """Several sentences joined with semicolons."""

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        """Return the parts translated and joined."""
        empty: str = self.params.get("empty", "—")
        return listing(self.params["parts"], SEMICOLON).render(translate) or empty


def describe_challenge_move(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    outcome = state.challenges.get(e.seq)
    head = msg(
        N_("{name} challenges on {planet} with {cards}"),
        name=who,
        planet=planet_name(e.payload["planet"]),
        cards=spent_words(e),
    )
    if outcome is None:
        return head
    return msg(
        N_("{head}: {draws} of {allowed} draws: {result}{earned}"),
        head=head,
        draws=len(outcome.draws),
        allowed=outcome.draws_allowed,
        result=describe_challenge(setup, outcome),
        earned=earned_words(state, e),
    )


def describe_offer(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    """Say an offer; its card (the move's secret) is shown to its own phone, and to all once turned up."""
    if "card" not in e.payload:
        return msg(N_("{name} offered a card face down"), name=who)
    if e.seq in state.revealed:
        return msg(N_("{name} offered {card} (revealed)"), name=who, card=card_name(e.payload["card"]))
    return msg(N_("{name} offered {card} face down"), name=who, card=card_name(e.payload["card"]))


def describe_swap(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    other = setup.player(e.payload["other"]).name if e.payload["other"] in setup.seats else ""
    line = next((t for t in state.trade_log if t.seq == e.seq and t.other is not None), None)
    if line is None:
        return msg(N_("{name} exchanges card sets with {other}"), name=who, other=other)
    return msg(
        N_("{name} gives {given} to {other} and takes {taken}"),
        name=who,
        other=other,
        given=card_list(line.given),
        taken=card_list(line.taken),
    )
