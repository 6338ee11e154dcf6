"""Mission: Red Planet: the bonus and discovery cards in play.

* Discovery cards (face down on an outer zone, one per zone, at most seven) are turned up at the
  end of round 10, before its scoring, and change their zone's result by their effect.
* Bonus cards (secret to their owner) are checked against the state at the end: points only when
  their condition holds, and the results say why or why not.

What a card is and says is data (cards.py); here cards are placed, turned up and checked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.games.contract import Event, Setup, evolve
from companion.games.mechanics.majority import leaders
from companion.games.mission_red_planet import cards
from companion.games.mission_red_planet.cards import BonusCard
from companion.games.mission_red_planet.majorities import final_scoring
from companion.games.mission_red_planet.rule_options import (
    BONUS_TIE,
    CENTRAL_ZONES,
    TIE_IS_MOST,
    TIE_NOT_MOST,
    zone_name,
)
from companion.games.mission_red_planet.state import (
    LAST_ROUND,
    NAME_COUNT,
    RESOURCE_NAMES,
    RESOURCES,
    ZONES,
    RedPlanet,
)
from companion.games.words import N_, Message, RuleError, listing, msg, number, signed

MAX_DISCOVERIES = 7


def note_bonus_card(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """A bonus card is kept face down; it may be entered until the end, when it is checked."""
    seat = event.payload["seat"]
    card = cards.bonus_card(event.payload)
    return evolve(state, bonus_cards={**state.bonus_cards, seat: (*state.bonus_cards.get(seat, ()), card)})


def place_discovery_card(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """A discovery card placed face down on an outer zone (at most seven on Mars)."""
    zone = event.payload["zone"]
    if zone in setup.options.get(CENTRAL_ZONES, (8, 9, 10)):
        raise RuleError(N_("The central zones have no outer edge: a discovery card cannot go there."))
    if zone in state.discoveries:
        raise RuleError(N_("{zone} already has a discovery card."), zone=zone_name(setup, zone))
    if len(state.discoveries) >= MAX_DISCOVERIES:
        raise RuleError(N_("Seven discovery cards are already on Mars: discard this one."))
    known = dict(state.discovery_cards)
    if cards.has_effect(event.payload):  # its placer saw it: secret until the end
        known[zone] = cards.discovery_card(event.payload)
    return evolve(state, discoveries={**state.discoveries, zone: event.payload["seat"]}, discovery_cards=known)


def turn_up_discovery_card(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """A discovery card is turned up at the end of round 10: before its scoring, or after it (scored again)."""
    zone = event.payload["zone"]
    if zone not in state.discoveries:
        raise RuleError(N_("There is no discovery card on {zone}."), zone=zone_name(setup, zone))
    card = cards.discovery_card(event.payload)
    if state.over and state.before_final is not None:
        base = state.before_final
        base = evolve(
            base,
            discovery_cards={**base.discovery_cards, zone: card},
            revealed=base.revealed | {zone},
            bonus_cards=state.bonus_cards,
            discovery_points=state.discovery_points,
        )
        return final_scoring(setup, base)
    if state.round != LAST_ROUND:
        raise RuleError(N_("Discovery cards are turned up at the end of round 10."))
    return evolve(state, discovery_cards={**state.discovery_cards, zone: card}, revealed=state.revealed | {zone})


def enter_discovery_points(setup: Setup, state: RedPlanet, event: Event) -> RedPlanet:
    """Points typed for a revealed discovery card (the entry before cards had effects)."""
    zone = event.payload["zone"]
    if not state.over:
        raise RuleError(N_("Discovery cards are revealed at the end of the game."))
    if zone not in state.discoveries:
        raise RuleError(N_("There is no discovery card on {zone}."), zone=zone_name(setup, zone))
    entry = (event.payload["seat"], event.payload["points"])
    return evolve(state, discovery_points={**state.discovery_points, zone: entry})


@dataclass(frozen=True)
class BonusOutcome:
    """A bonus card checked against the state at the end: its points, and why."""

    seat: int
    card: BonusCard
    points: int
    reason: Message


def _colours(card: BonusCard) -> tuple[str, ...]:
    return (card.resource,) if card.resource else RESOURCES


def _score_tokens(state: RedPlanet, card: BonusCard, seat: int) -> int:
    """Score tokens of the card's resource (or all); a resource token counts as three, as the seed has it."""
    return sum(state.tokens.get((seat, c), 0) + 3 * state.resource_tokens.get((seat, c), 0) for c in _colours(card))


def _resource_tokens(state: RedPlanet, card: BonusCard, seat: int) -> int:
    return sum(state.resource_tokens.get((seat, c), 0) for c in _colours(card))


# What a bonus card counts, for one seat at the end of the game.
_COUNTERS: Mapping[str, Callable[[RedPlanet, BonusCard, int], int]] = {
    cards.NOTHING: lambda state, card, seat: 0,
    cards.CREW_IN_ZONE: lambda state, card, seat: state.crew_of(card.zone or 0, seat),
    cards.CREW_ON_MARS: lambda state, card, seat: state.on_mars.get(seat, 0),
    cards.ZONES_WITH_CREW: lambda state, card, seat: sum(1 for zone in ZONES if state.crew_of(zone, seat) > 0),
    cards.MAJORITIES: lambda state, card, seat: sum(1 for zone in ZONES if leaders(state.crew_in(zone)) == (seat,)),
    cards.SCORE_TOKENS: _score_tokens,
    cards.RESOURCE_TOKENS: _resource_tokens,
}


def describe_bonus_card(setup: Setup, card: BonusCard) -> Message:
    """Say a bonus card in a few words, with the zone or resource it names."""
    what = cards.what_counted(
        card,
        zone_name(setup, card.zone) if card.zone is not None else None,
        RESOURCE_NAMES.get(card.resource or ""),
    )
    return cards.describe_bonus(card, what)


CardVerdict = tuple[int, Message]  # a bonus card's points and the reason


def _always(setup: Setup, card: BonusCard, seat: int, counts: Mapping[int, int]) -> CardVerdict:
    return card.points, msg(N_("no condition: {points}"), points=signed(card.points))


def _each(setup: Setup, card: BonusCard, seat: int, counts: Mapping[int, int]) -> CardVerdict:
    total = counts[seat] * card.points
    return total, msg(
        N_("{count} × {points} = {total}"), count=counts[seat], points=number(card.points), total=number(total)
    )


def _at_least(setup: Setup, card: BonusCard, seat: int, counts: Mapping[int, int]) -> CardVerdict:
    mine = counts[seat]
    if mine >= card.at_least:
        met = N_("{count}, at least {needed}: met, {points}")
        return card.points, msg(met, count=mine, needed=card.at_least, points=signed(card.points))
    return 0, msg(N_("{count}, fewer than {needed}: not met, 0"), count=mine, needed=card.at_least)


def _most(setup: Setup, card: BonusCard, seat: int, counts: Mapping[int, int]) -> CardVerdict:
    """The most of all players, at least one; a tie for the most meets it only if ``bonus-tie`` says so."""
    names = {p.seat: p.name for p in setup.players}
    mine, best = counts[seat], max(counts.values())
    if mine == 0:
        return 0, msg(N_("none: not met, 0"))
    if mine < best:
        ahead = listing(msg(NAME_COUNT, name=names[s], count=n) for s, n in counts.items() if n == best)
        return 0, msg(N_("{count}, but {ahead}: not met, 0"), count=mine, ahead=ahead)
    others = [names[s] for s, n in counts.items() if n == best and s != seat]
    if not others:
        return card.points, msg(N_("{count}, the most: met, {points}"), count=mine, points=signed(card.points))
    if setup.options.get(BONUS_TIE, TIE_NOT_MOST) == TIE_IS_MOST:
        counted = N_("{count}, tied for the most with {names}: a tie counts, {points}")
        return card.points, msg(counted, count=mine, names=listing(others), points=signed(card.points))
    return 0, msg(
        N_("{count}, tied for the most with {names}: a tie is not the most, 0"), count=mine, names=listing(others)
    )


_CONDITIONS: Mapping[str, Callable[[Setup, BonusCard, int, Mapping[int, int]], CardVerdict]] = {
    cards.ALWAYS: _always,
    cards.EACH: _each,
    cards.AT_LEAST: _at_least,
    cards.MOST: _most,
}


def check_bonus(setup: Setup, state: RedPlanet, seat: int, card: BonusCard) -> BonusOutcome:
    """Check one bonus card against ``state``: its points when its condition holds, and the reason."""
    counts = {s: _COUNTERS[card.counts](state, card, s) for s in setup.seats}
    points, reason = _CONDITIONS[card.condition](setup, card, seat, counts)
    return BonusOutcome(seat, card, points, reason)


def bonus_outcomes(setup: Setup, state: RedPlanet) -> tuple[BonusOutcome, ...]:
    """Return every bonus card checked against the state at the end, seat by seat."""
    return tuple(
        check_bonus(setup, state, seat, card) for seat in setup.seats for card in state.bonus_cards.get(seat, ())
    )


def discovery_awards(setup: Setup, state: RedPlanet) -> tuple[tuple[int, int, int], ...]:
    """Return (zone, seat, points) for every point a discovery card gave at the end."""
    if not state.over:
        return ()
    awards: list[tuple[int, int, int]] = []
    for scoring in state.scorings:
        for result in scoring.zones:
            awards += [(result.zone, seat, points) for seat, points in result.card_points.items()]
    for zone, card in sorted(state.discovery_cards.items()):
        if card.effect == cards.PLACER_POINTS and zone in state.discoveries:
            awards.append((zone, state.discoveries[zone], card.points))
    awards += [(zone, seat, points) for zone, (seat, points) in sorted(state.discovery_points.items())]
    return tuple(awards)


def explain_cards(
    setup: Setup, state: RedPlanet, outcomes: tuple[BonusOutcome, ...], found: tuple[tuple[int, int, int], ...]
) -> list[Message]:
    """Return a line per bonus card (why it scored or not) and per discovery card's points outside a zone line."""
    names = {p.seat: p.name for p in setup.players}
    lines = [
        msg(
            N_("Bonus card of {name} ({card}): {reason}"),
            name=names[o.seat],
            card=describe_bonus_card(setup, o.card),
            reason=o.reason,
        )
        for o in outcomes
    ]
    for zone, card in sorted(state.discovery_cards.items()):
        if card.effect == cards.PLACER_POINTS and zone in state.discoveries:
            lines.append(
                msg(
                    N_("Discovery card on {zone} ({card}): {name} placed it, {points}"),
                    zone=zone_name(setup, zone),
                    card=cards.describe_discovery(card, None),
                    name=names[state.discoveries[zone]],
                    points=signed(card.points),
                )
            )
    for zone, (seat, points) in sorted(state.discovery_points.items()):
        lines.append(
            msg(
                N_("Discovery card on {zone}: {points} for {name}"),
                zone=zone_name(setup, zone),
                points=signed(points),
                name=names[seat],
            )
        )
    return lines
