"""Mission: Red Planet's event cards by what they do: bonus cards and discovery cards.

The printed card lists are in none of our sources, so a card is entered once by its effect, in
one data shape per kind, and the server offers it again at later tables (the move's remembered
fields). What the shapes can say comes from the seed and the digest:

* A **bonus card** is held face down until the end; "some only score when their condition holds"
  (seed) and "a zone concerned is shown coloured on the card". Its shape: what it counts (crew in
  the zone it names, crew on Mars, zones with crew, sole majorities, score or resource tokens, or
  nothing), the condition (always, the most, at least N, or so much for each), and the points.
* A **discovery card** lies face down on an outer zone and is turned up at the end, before the
  final scoring: "the score may change" (seed); the digest models it "as a per-zone override of type
  or multiplier". Its shape: the effect on its zone's final scoring (another resource, more or
  fewer score tokens, the pot multiplied, nothing scored, points to the zone's majority or to the
  player who placed it) with the resource, amount or points it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.moves import Field
from companion.games.words import N_, Message, RuleError, msg, number, plural, signed

# -- Bonus cards ---------------------------------------------------------------------------------

NOTHING, CREW_IN_ZONE, CREW_ON_MARS, ZONES_WITH_CREW = "none", "crew-in-zone", "crew-on-mars", "zones-with-crew"
MAJORITIES, SCORE_TOKENS, RESOURCE_TOKENS = "majorities", "tokens", "resource-tokens"
# Short labels: they are a select's options on a phone.
BONUS_COUNTS: Mapping[str, str] = {
    NOTHING: N_("nothing (plain points)"),
    CREW_IN_ZONE: N_("crew in its zone"),
    CREW_ON_MARS: N_("crew on Mars"),
    ZONES_WITH_CREW: N_("zones with crew"),
    MAJORITIES: N_("zones led alone"),
    SCORE_TOKENS: N_("score tokens"),
    RESOURCE_TOKENS: N_("resource tokens won"),
}
ALWAYS, MOST, AT_LEAST, EACH = "always", "most", "at-least", "each"
BONUS_CONDITIONS: Mapping[str, str] = {
    ALWAYS: N_("always"),
    MOST: N_("if you have the most"),
    AT_LEAST: N_("if you have at least N"),
    EACH: N_("for each one"),
}

# -- Discovery cards -----------------------------------------------------------------------------

OTHER_RESOURCE, MORE_TOKENS, MULTIPLY, BARREN = "resource", "more-tokens", "multiply", "barren"
MAJORITY_POINTS, PLACER_POINTS = "majority-points", "placer-points"
DISCOVERY_EFFECTS: Mapping[str, str] = {
    OTHER_RESOURCE: N_("another resource"),
    MORE_TOKENS: N_("more or fewer tokens"),
    MULTIPLY: N_("pot multiplied"),
    BARREN: N_("zone scores nothing"),
    MAJORITY_POINTS: N_("points to the majority"),
    PLACER_POINTS: N_("points to its placer"),
}


@dataclass(frozen=True)
class BonusCard:
    """A bonus card by what it does: what it counts, the condition, the points, the zone it names."""

    points: int
    counts: str = NOTHING
    condition: str = ALWAYS
    zone: int | None = None
    resource: str | None = None
    at_least: int = 0
    name: str = ""


@dataclass(frozen=True)
class DiscoveryCard:
    """A discovery card by what it does to its zone's final scoring."""

    effect: str
    resource: str | None = None
    amount: int = 0
    points: int = 0
    name: str = ""


def bonus_fields(resources: tuple[str, ...], zones: int) -> tuple[Field, ...]:
    """Return the payload fields of a bonus card (all optional but the points: an old entry is plain points)."""
    return (
        Field("counts", "choice", choices=tuple(BONUS_COUNTS), required=False),
        Field("condition", "choice", choices=tuple(BONUS_CONDITIONS), required=False),
        Field("zone", "int", 1, zones, required=False),
        Field("resource", "choice", choices=resources, required=False),
        Field("at_least", "int", 1, 99, required=False),
        Field("points", "int", -50, 50),
        Field("name", "text", required=False, max_length=40),
    )


def discovery_fields(resources: tuple[str, ...], *, required: bool) -> tuple[Field, ...]:
    """Return the payload fields of a discovery card's effect (optional when it is placed unseen)."""
    return (
        Field("effect", "choice", choices=tuple(DISCOVERY_EFFECTS), required=required),
        Field("resource", "choice", choices=resources, required=False),
        Field("amount", "int", -9, 9, required=False),
        Field("points", "int", -50, 50, required=False),
        Field("name", "text", required=False, max_length=40),
    )


def bonus_card(payload: Mapping[str, Any]) -> BonusCard:
    """Return the bonus card a payload describes, or raise :class:`RuleError` if it does not hold together.

    Without ``counts`` a card is plain points (every entry made before cards had effects).
    """
    counts = str(payload.get("counts", NOTHING))
    condition = str(payload.get("condition", ALWAYS if counts == NOTHING else MOST))
    zone = payload.get("zone")
    if counts == NOTHING and condition != ALWAYS:
        raise RuleError(N_("A bonus card that counts nothing always scores its points."))
    if counts != NOTHING and condition == ALWAYS:
        raise RuleError(N_("A bonus card that counts something scores on a condition: the most, at least N, or each."))
    if (counts == CREW_IN_ZONE) != (zone is not None):
        raise RuleError(N_("Name a zone exactly when the card counts crew in a zone."))
    if condition == AT_LEAST and not payload.get("at_least"):
        raise RuleError(N_("Say how many the card needs (at least N)."))
    if payload.get("resource") is not None and counts not in (SCORE_TOKENS, RESOURCE_TOKENS):
        raise RuleError(N_("Only a card that counts tokens names a resource."))
    return BonusCard(
        points=int(payload["points"]),
        counts=counts,
        condition=condition,
        zone=zone,
        resource=payload.get("resource"),
        at_least=int(payload.get("at_least") or 0) if condition == AT_LEAST else 0,
        name=str(payload.get("name", "")),
    )


def discovery_card(payload: Mapping[str, Any]) -> DiscoveryCard:
    """Return the discovery card a payload describes, or raise :class:`RuleError` if it does not hold together."""
    effect = str(payload["effect"])
    resource = payload.get("resource")
    amount = int(payload.get("amount") or 0)
    points = int(payload.get("points") or 0)
    if (effect == OTHER_RESOURCE) != (resource is not None):
        raise RuleError(N_("Name a resource exactly when the card changes the zone's resource."))
    if effect == MORE_TOKENS and amount == 0:
        raise RuleError(N_("Say how many more (or fewer) score tokens the zone produces."))
    if effect == MULTIPLY and amount < 0:
        raise RuleError(N_("A pot is multiplied by 0 or more."))
    if effect in (MAJORITY_POINTS, PLACER_POINTS) and points == 0:
        raise RuleError(N_("Say how many points the card gives."))
    return DiscoveryCard(
        effect=effect,
        resource=resource,
        amount=amount if effect in (MORE_TOKENS, MULTIPLY) else 0,
        points=points if effect in (MAJORITY_POINTS, PLACER_POINTS) else 0,
        name=str(payload.get("name", "")),
    )


def has_effect(payload: Mapping[str, Any]) -> bool:
    """True when a placement names the card's effect (its placer saw it)."""
    return payload.get("effect") is not None


# -- Words ---------------------------------------------------------------------------------------


def what_counted(card: BonusCard, zone_name: Message | None, resource_name: str | None) -> Message:
    """Say what a bonus card counts, with the zone or resource it names."""
    if card.counts == CREW_IN_ZONE and zone_name is not None:
        return msg(N_("crew in {zone}"), zone=zone_name)
    if card.counts == MAJORITIES:
        return msg(N_("zones where you alone have the most crew"))
    if card.counts == SCORE_TOKENS and resource_name is None:
        return msg(N_("score tokens (a resource token counts as three)"))
    if card.counts == SCORE_TOKENS and resource_name is not None:
        return msg(N_("{resource} score tokens (a resource token counts as three)"), resource=msg(resource_name))
    if card.counts == RESOURCE_TOKENS and resource_name is not None:
        return msg(N_("{resource} resource tokens won"), resource=msg(resource_name))
    return msg(BONUS_COUNTS[card.counts])


def describe_bonus(card: BonusCard, what: Message) -> Message:
    """Say a bonus card in a few words: its points and its condition."""
    one = {
        ALWAYS: N_("{points} point"),
        MOST: N_("{points} point for the most {what}"),
        AT_LEAST: N_("{points} point for at least {count} {what}"),
        EACH: N_("{points} point for each of your {what}"),
    }
    other = {
        ALWAYS: N_("{points} points"),
        MOST: N_("{points} points for the most {what}"),
        AT_LEAST: N_("{points} points for at least {count} {what}"),
        EACH: N_("{points} points for each of your {what}"),
    }
    text = plural(card.points, one[card.condition], other[card.condition])
    body = msg(text, points=number(card.points), what=what, count=card.at_least)
    return msg(N_("“{name}”: {card}"), name=card.name, card=body) if card.name else body


def describe_discovery(card: DiscoveryCard, resource_name: str | None) -> Message:
    """Say what a discovery card does to its zone, in a few words."""
    texts = {
        OTHER_RESOURCE: N_("the zone yields {resource} instead"),
        MORE_TOKENS: N_("{amount} score tokens in the final scoring"),
        MULTIPLY: N_("the final pot × {amount}"),
        BARREN: N_("the zone scores nothing: its tokens are discarded"),
        MAJORITY_POINTS: N_("{points} points for the zone's final majority"),
        PLACER_POINTS: N_("{points} points for the player who placed it"),
    }
    body = msg(
        texts[card.effect],
        resource=msg(resource_name) if resource_name else "",
        amount=signed(card.amount) if card.effect == MORE_TOKENS else card.amount,
        points=number(card.points),
    )
    return msg(N_("“{name}”: {card}"), name=card.name, card=body) if card.name else body
