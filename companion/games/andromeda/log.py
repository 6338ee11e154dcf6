"""How the Andromeda log tells each move, in the past tense: the stations moved, the cards spent,
a challenge's draws, the trade's exchanges. Each line is one whole message (docs/words.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from companion.games.andromeda.board import (
    BONUS_KINDS,
    BONUS_NAMES,
    PLANETS,
    Andromeda,
    Challenge,
    card_list,
    card_name,
    planet_name,
)
from companion.games.andromeda.phases import setup_cards
from companion.games.contract import Event, Setup
from companion.games.words import N_, SEMICOLON, Message, listing, msg, plural


def stations_on_planets(cards: Iterable[int]) -> Message:
    """Say where stations went, one per planet card: "2 on Planet 1, 1 on Planet 4" 「惑星1に2個、惑星4に1個」."""
    cards = tuple(cards)
    return listing(
        msg(N_("{count} on {planet}"), count=cards.count(p), planet=planet_name(p)) for p in PLANETS if p in cards
    )


def describe_setup(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    """Say the stations a player placed for the planet cards drawn at the table."""
    cards = tuple(p for p in PLANETS for _ in range(int(e.payload.get(f"planet_{p}", 0))))
    return msg(
        plural(
            len(cards),
            N_("{name} placed {count} station for the planet card drawn at the table: {planets}"),
            N_("{name} placed {count} stations for the planet cards drawn at the table: {planets}"),
        ),
        name=who,
        count=len(cards),
        planets=stations_on_planets(cards),
    )


def describe_setup_draw(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    """Say the planet cards the app drew for a player and where its stations went."""
    cards = setup_cards(setup, e.payload["seat"]) if e.payload.get("seat") in setup.seats else ()
    return msg(
        N_("{name} drew {count} planet cards in the app and placed a station for each: {planets}"),
        name=who,
        count=len(cards),
        planets=stations_on_planets(cards),
    )


def describe_movement_card(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    """Say what a movement card did: how many stations it moved, and where."""
    planet = planet_name(e.payload["planet"])
    if e.payload.get("effect") == "home":
        count = state.moved.get(e.seq)
        if count is None:
            return msg(
                N_("{name} played a movement card to bring their stations on {planet} back to Earth"),
                name=who,
                planet=planet,
            )
        return msg(
            plural(
                count,
                N_("{name} played a movement card and brought {count} station on {planet} back to Earth"),
                N_("{name} played a movement card and brought {count} stations on {planet} back to Earth"),
            ),
            name=who,
            count=count,
            planet=planet,
        )
    count = state.moved.get(e.seq, e.payload.get("stations"))
    if count is None:
        return msg(
            N_("{name} played a movement card to move up to 2 stations from Earth to {planet}"), name=who, planet=planet
        )
    return msg(
        plural(
            count,
            N_("{name} played a movement card and moved {count} station from Earth to {planet}"),
            N_("{name} played a movement card and moved {count} stations from Earth to {planet}"),
        ),
        name=who,
        count=count,
        planet=planet,
    )


def spent_words(e: Event) -> Message:
    """Say the cards an action spent: the planet cards and any bonus cards."""
    bonus = [kind for kind in BONUS_KINDS for _ in range(int(e.payload.get(kind, 0)))]
    planet = e.payload.get("planet")
    count = int(e.payload.get("cards", 0))
    cards = msg(plural(count, N_("{count} card"), N_("{count} cards")), count=count)
    if planet is not None:
        cards = msg(
            plural(count, N_("{count} {planet} card"), N_("{count} {planet} cards")),
            count=count,
            planet=planet_name(planet),
        )
    if not bonus:
        return cards
    return msg(N_("{cards} and {bonus}"), cards=cards, bonus=card_list(bonus))


def describe_move(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    """Say how many stations a move took from Earth to a planet, with which cards, and any bonus card earned."""
    count = state.moved.get(e.seq, e.payload.get("stations"))
    planet = planet_name(e.payload["planet"])
    kind = state.earned.get(e.seq)
    if count is None:
        return msg(
            N_("{name} moved stations from Earth to {planet} with {cards}"),
            name=who,
            planet=planet,
            cards=spent_words(e),
        )
    if kind is None:
        return msg(
            plural(
                count,
                N_("{name} moved {count} station from Earth to {planet} with {cards}"),
                N_("{name} moved {count} stations from Earth to {planet} with {cards}"),
            ),
            name=who,
            count=count,
            planet=planet,
            cards=spent_words(e),
        )
    return msg(
        plural(
            count,
            N_("{name} moved {count} station from Earth to {planet} with {cards} and earned a {kind} bonus card"),
            N_("{name} moved {count} stations from Earth to {planet} with {cards} and earned a {kind} bonus card"),
        ),
        name=who,
        count=count,
        planet=planet,
        cards=spent_words(e),
        kind=msg(BONUS_NAMES[kind]),
    )


def describe_challenge(setup: Setup, outcome: Challenge) -> Message:
    """Say what the ring gave, draw by draw."""
    names = {p.seat: p.name for p in setup.players}
    parts = []
    for draw in outcome.draws:
        if draw.center is not None:
            parts.append(
                msg(
                    N_("{name}'s station founded the economic center worth {value}"),
                    name=names[draw.seat],
                    value=draw.center,
                )
            )
        else:
            parts.append(msg(N_("{name}'s station went back to Earth"), name=names[draw.seat]))
    return _Joined("", {"parts": tuple(parts)})


@dataclass(frozen=True)
class _Joined(Message):
    """Several sentences joined with semicolons."""

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        """Return the parts translated and joined."""
        return listing(self.params["parts"], SEMICOLON).render(translate) or "—"


def describe_challenge_move(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    """Say a challenge: the planet, the cards, the draws and what each drawn station did."""
    outcome = state.challenges.get(e.seq)
    planet = planet_name(e.payload["planet"])
    if outcome is None:
        return msg(N_("{name} challenged on {planet} with {cards}"), name=who, planet=planet, cards=spent_words(e))
    params = {
        "name": who,
        "planet": planet,
        "cards": spent_words(e),
        "draws": len(outcome.draws),
        "allowed": outcome.draws_allowed,
        "result": describe_challenge(setup, outcome),
    }
    if outcome.bonus is None:
        return msg(N_("{name} challenged on {planet} with {cards}, {draws} of {allowed} draws: {result}"), **params)
    return msg(
        N_(
            "{name} challenged on {planet} with {cards} and earned a {kind} bonus card, {draws} of {allowed} draws: {result}"  # noqa: E501
        ),
        kind=msg(BONUS_NAMES[outcome.bonus]),
        **params,
    )


def describe_offer(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    """Say an offer; its card (the move's secret) is shown to its own phone, and to all once turned up."""
    if "card" not in e.payload:
        return msg(N_("{name} offered a card face down"), name=who)
    if e.seq in state.revealed:
        return msg(N_("{name} offered {card} (revealed)"), name=who, card=card_name(e.payload["card"]))
    return msg(N_("{name} offered {card} face down"), name=who, card=card_name(e.payload["card"]))


def describe_swap(setup: Setup, state: Andromeda, e: Event, who: str) -> Message:
    """Say an exchange of card sets: who gave which cards to whom and took which."""
    other = setup.player(e.payload["other"]).name if e.payload["other"] in setup.seats else ""
    line = next((t for t in state.trade_log if t.seq == e.seq and t.other is not None), None)
    if line is None:
        return msg(N_("{name} exchanged card sets with {other}"), name=who, other=other)
    return gave_and_took(who, other, line.given, line.taken)


def gave_and_took(name: str, other: str, given: tuple[str, ...], taken: tuple[str, ...]) -> Message:
    """Say one exchange of the trade: the cards given and the cards taken."""
    return msg(
        N_("{name} gave {given} to {other} and took {taken}"),
        name=name,
        other=other,
        given=card_list(given),
        taken=card_list(taken),
    )
