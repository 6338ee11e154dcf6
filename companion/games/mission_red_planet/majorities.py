"""Mission: Red Planet: the zones' majorities, settled after rounds 5, 8 and 10.

The app keeps the crew on Mars and settles every mapped zone's majority:

* Round 5: each mapped zone gets 1 score token of its resource colour. The sole majority takes
  the pot; on a tie the token stays in the zone for round 8.
* Round 8: 2 more tokens. Sole majority takes everything in the zone (2 or 3); a tie splits the
  pot evenly and the remainder stays for round 10.
* Round 10 (end of the game): 3 more tokens. Sole majority takes everything; a tie splits evenly
  and the remainder is discarded. A sole final majority also takes the zone's resource token,
  worth three score tokens of its colour.
* The discovery cards turned up at the end of round 10 change their zone's result by their
  effect (cards.py); one turned up after the final scoring has it done again.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.contract import Setup, evolve
from companion.games.mechanics.majority import (
    TIE_CARRIES,
    TIE_SPLITS_REMAINDER_CARRIES,
    TIE_SPLITS_REMAINDER_DISCARDED,
    award_pot,
    split_bonus,
)
from companion.games.mission_red_planet import cards
from companion.games.mission_red_planet.rule_options import EMPTY_ZONES, FINAL_RESOURCE_TOKEN, zone_name
from companion.games.mission_red_planet.state import (
    ICE,
    LAST_ROUND,
    NAME_CREW,
    NAME_POINTS,
    RESOURCE_NAMES,
    ZONES,
    RedPlanet,
    ScoringRound,
    ZoneResult,
)
from companion.games.words import N_, Message, listing, msg, signed

# Scoring rounds: new tokens per zone, and what a tie does with the pot.
SCORING_ROUNDS: Mapping[int, tuple[int, str]] = {
    5: (1, TIE_CARRIES),
    8: (2, TIE_SPLITS_REMAINDER_CARRIES),
    10: (3, TIE_SPLITS_REMAINDER_DISCARDED),
}
NEXT_SCORING = {5: 8, 8: 10}


def final_scoring(setup: Setup, base: RedPlanet) -> RedPlanet:
    """Turn up the discovery cards and score round 10 from ``base``, kept so that a later reveal redoes it."""
    return evolve(score_zones(setup, base), round=LAST_ROUND + 1, before_final=base)


def score_zones(setup: Setup, state: RedPlanet) -> RedPlanet:
    """Settle every mapped zone's majority at the end of this scoring round."""
    new_tokens, tie_policy = SCORING_ROUNDS[state.round]
    final = state.round == LAST_ROUND
    discard_empty = setup.options.get(EMPTY_ZONES) == "discard"
    tokens = dict(state.tokens)
    resource_tokens = dict(state.resource_tokens)
    pots = dict(state.pots)
    supply = dict(state.supply)
    stand_ins: dict[str, int] = {}
    results = []
    for zone in ZONES:
        colour = state.resources.get(zone)
        if colour is None:
            continue  # nobody has reached it: no resource, nothing to produce
        card = state.discovery_cards.get(zone) if final else None
        effect = card.effect if card is not None else None
        if card is not None and effect == cards.OTHER_RESOURCE and card.resource is not None:
            colour = card.resource
        crew = state.crew_in(zone)
        produced = max(0, new_tokens + card.amount) if card is not None and effect == cards.MORE_TOKENS else new_tokens
        pot = pots.get(zone, 0) + produced
        if card is not None and effect == cards.MULTIPLY:
            pot *= card.amount
        barren = effect == cards.BARREN
        award = award_pot({} if barren else crew, pot, tie_policy)
        carried = 0 if final or (not crew and discard_empty) else award.carried
        discarded = award.discarded + (award.carried - carried)
        for seat, share in award.shares.items():
            tokens[(seat, colour)] = tokens.get((seat, colour), 0) + share
            paid = min(share, supply.get(colour, 0))
            supply[colour] = supply.get(colour, 0) - paid
            if share > paid:
                stand_ins[colour] = stand_ins.get(colour, 0) + share - paid
        takes_token = final and award.sole and bool(setup.options.get(FINAL_RESOURCE_TOKEN, True))
        taker = award.leaders[0] if takes_token else None
        if taker is not None:
            resource_tokens[(taker, colour)] = resource_tokens.get((taker, colour), 0) + 1
        card_points: dict[int, int] = {}
        if card is not None and effect == cards.MAJORITY_POINTS:
            card_points = split_bonus(crew, card.points)
        pots[zone] = carried
        results.append(ZoneResult(zone, colour, crew, pot, award.shares, carried, discarded, taker, card, card_points))
    scoring = ScoringRound(state.round, tuple(results), stand_ins)
    return evolve(
        state,
        tokens=tokens,
        resource_tokens=resource_tokens,
        pots=pots,
        supply=supply,
        scorings=(*state.scorings, scoring),
    )


def explain_scoring(setup: Setup, scoring: ScoringRound) -> list[Message]:
    """Return one line per zone of a scoring round, then any supply shortfall."""
    names = {p.seat: p.name for p in setup.players}
    lines = []
    for result in scoring.zones:
        crew = listing(
            msg(NAME_CREW, name=names[s], count=n) for s, n in sorted(result.crew.items(), key=lambda x: (-x[1], x[0]))
        )
        colour = msg(RESOURCE_NAMES[result.resource or ICE])
        head = msg(N_("Round {round}, {zone}"), round=scoring.round, zone=zone_name(setup, result.zone))
        if not result.crew:
            outcome = (
                msg(
                    N_("no crew: {pot} {resource} carried over to round {next}"),
                    pot=result.pot,
                    resource=colour,
                    next=NEXT_SCORING.get(scoring.round, LAST_ROUND),
                )
                if result.carried
                else msg(N_("no crew: {pot} {resource} discarded"), pot=result.pot, resource=colour)
            )
        elif len(result.shares) == 1 and not result.carried and not result.discarded:
            ((seat, share),) = result.shares.items()
            outcome = msg(N_("{name} takes {count} {resource}"), name=names[seat], count=share, resource=colour)
            if result.resource_token_to is not None:
                outcome = msg(
                    N_("{name} takes {count} {resource} and the resource token"),
                    name=names[seat],
                    count=share,
                    resource=colour,
                )
        elif result.pot == 0:
            outcome = msg(N_("no score tokens to take"))
            if result.resource_token_to is not None:
                outcome = msg(N_("{name} takes the resource token"), name=names[result.resource_token_to])
        elif not result.shares:
            outcome = msg(
                N_("tie, {count} {resource} carried over to round {next}"),
                count=result.carried,
                resource=colour,
                next=NEXT_SCORING.get(scoring.round, LAST_ROUND),
            )
        else:
            each = next(iter(result.shares.values()))
            if result.carried:
                outcome = msg(
                    N_("tie, {each} {resource} each, {rest} carried over to round {next}"),
                    each=each,
                    resource=colour,
                    rest=result.carried,
                    next=NEXT_SCORING.get(scoring.round, LAST_ROUND),
                )
            elif result.discarded:
                outcome = msg(
                    N_("tie, {each} {resource} each, {rest} discarded"),
                    each=each,
                    resource=colour,
                    rest=result.discarded,
                )
            else:
                outcome = msg(N_("tie, {each} {resource} each"), each=each, resource=colour)
        if not result.shares and result.crew and result.discarded:
            outcome = msg(N_("tie, {count} {resource} discarded"), count=result.discarded, resource=colour)
        if result.card is not None:
            outcome = msg(
                N_("{outcome} (discovery card: {card})"),
                outcome=_card_outcome(result, names, outcome),
                card=cards.describe_discovery(result.card, RESOURCE_NAMES.get(result.card.resource or "")),
            )
        lines.append(msg(N_("{head}: {crew}: {outcome}"), head=head, crew=crew or "—", outcome=outcome))
    for short_colour, missing in scoring.stand_ins.items():
        lines.append(
            msg(
                N_("The {resource} score tokens ran out: resource tokens stand in for {count} of them."),
                resource=msg(RESOURCE_NAMES[short_colour]),
                count=missing,
            )
        )
    return lines


def _card_outcome(result: ZoneResult, names: Mapping[int, str], outcome: Message) -> Message:
    """Say what a discovery card changed in a zone's final result: a barren zone, its points."""
    if result.card is not None and result.card.effect == cards.BARREN:
        return msg(N_("nothing scored, {pot} discarded"), pot=result.pot)
    if result.card_points:
        won = listing(msg(NAME_POINTS, name=names[seat], points=signed(p)) for seat, p in result.card_points.items())
        return msg(N_("{outcome}; the card's points: {won}"), outcome=outcome, won=won)
    return outcome
