"""Mission: Red Planet: Mars and the table as the rules keep it, round by round.

Mars has ten zones, each with a resource (ice, sylvanite or celerium) once a crew first reaches
it. The state says the round, whose crew is where, each zone's resource and the tokens left in it
by ties, the score tokens each player has won, the secret cards, the characters of the round, and
every scoring made so far.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.games.mission_red_planet.cards import BonusCard, DiscoveryCard
from companion.games.words import N_, NP_

SLUG = "mission-red-planet"

ICE, SYLVANITE, CELERIUM = "ice", "sylvanite", "celerium"
RESOURCES = (ICE, SYLVANITE, CELERIUM)
RESOURCE_NAMES = {ICE: N_("ice"), SYLVANITE: N_("sylvanite"), CELERIUM: N_("celerium")}

# A player and a figure in a list, as one message each (never glued in an f-string):
NAME_CREW = NP_("red planet crew", "{name} {count}")  # 「アキ 3個」: crew in a zone
NAME_COUNT = NP_("red planet count", "{name} {count}")  # what a bonus card counts, whatever it is
NAME_POINTS = NP_("red planet points", "{name} {points}")  # 「アキ +9点」: points won, signed

ZONES = tuple(range(1, 11))
PHOBOS = 10  # in the 2nd edition the tenth space is Phobos
LAST_ROUND = 10
CHARACTERS = tuple(range(1, 10))


@dataclass(frozen=True)
class ZoneResult:
    """How one zone was settled at one scoring round."""

    zone: int
    resource: str | None
    crew: Mapping[int, int]
    pot: int
    shares: Mapping[int, int]
    carried: int
    discarded: int
    resource_token_to: int | None = None
    card: DiscoveryCard | None = None  # the discovery card turned up on the zone, if its effect is known
    card_points: Mapping[int, int] = field(default_factory=dict)  # seat -> points the card gave


@dataclass(frozen=True)
class ScoringRound:
    """The outcome of the scoring after round 5, 8 or 10."""

    round: int
    zones: tuple[ZoneResult, ...]
    stand_ins: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class RedPlanet:
    """The game: round, crew, zones' resources and pots, tokens won, secret cards."""

    round: int = 1
    first_player: int | None = None
    crew: Mapping[int, Mapping[int, int]] = field(default_factory=dict)  # zone -> seat -> astronauts
    on_mars: Mapping[int, int] = field(default_factory=dict)  # seat -> astronauts on Mars in all
    resources: Mapping[int, str] = field(default_factory=dict)  # zone -> colour, once mapped
    pots: Mapping[int, int] = field(default_factory=dict)  # zone -> tokens left there by ties
    tokens: Mapping[tuple[int, str], int] = field(default_factory=dict)  # (seat, colour) -> score tokens
    resource_tokens: Mapping[tuple[int, str], int] = field(default_factory=dict)
    supply: Mapping[str, int] = field(default_factory=dict)
    bonus_cards: Mapping[int, tuple[BonusCard, ...]] = field(default_factory=dict)  # seat -> cards held
    discoveries: Mapping[int, int] = field(default_factory=dict)  # zone -> seat who placed it
    discovery_cards: Mapping[int, DiscoveryCard] = field(default_factory=dict)  # zone -> effect, once known
    revealed: frozenset[int] = frozenset()  # zones whose discovery card was turned up before the end
    discovery_points: Mapping[int, tuple[int, int]] = field(default_factory=dict)  # zone -> (seat, points)
    scorings: tuple[ScoringRound, ...] = ()
    draws: int = 0  # resource tokens drawn by the app so far
    characters: Mapping[int, int] = field(default_factory=dict)  # seat -> character picked this round
    acted: tuple[int, ...] = ()  # seats whose character has acted this round, in order
    used: Mapping[int, frozenset[int]] = field(default_factory=dict)  # seat -> characters set aside
    before_final: RedPlanet | None = None  # the state the final scoring was made from (redone on a reveal)

    @property
    def over(self) -> bool:
        """True once round 10 has been scored."""
        return self.round > LAST_ROUND

    def crew_in(self, zone: int) -> dict[int, int]:
        """Return astronauts per seat in ``zone`` (seats with none left out)."""
        return {seat: n for seat, n in self.crew.get(zone, {}).items() if n > 0}

    def crew_of(self, zone: int, seat: int) -> int:
        """Return ``seat``'s astronauts in ``zone``."""
        return self.crew.get(zone, {}).get(seat, 0)
