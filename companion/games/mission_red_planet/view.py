"""What each phone sees and may do on the Mission: Red Planet panel.

The panel removes the secrets it would show (the log leaves out the moves' secret fields by
itself): a phone sees its own seat's bonus cards and nobody else's until the end, a discovery
card's effect only if its seat placed it (until it is turned up), and another seat's character
only once it has been called.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

from companion.games.chips import Pick
from companion.games.contract import Player, Setup
from companion.games.mission_red_planet import cards, cards_in_play, majorities, rounds, rule_options, rules, state
from companion.games.moves import Control, Viewer
from companion.games.words import N_, Message, RuleError, msg


@dataclass(frozen=True)
class ZoneRow:
    """One zone of Mars on the panel."""

    zone: int
    name: Message
    resource: str | None
    resource_name: str | None
    pot: int
    discovery: bool
    discovery_card: Message | None  # what it does, once turned up (or to the phone of its placer)
    crew: tuple[tuple[Player, int], ...]


@dataclass(frozen=True)
class KnownCard:
    """A card typed at one of this server's tables, offered for a one-tap re-entry."""

    text: Message
    fields: tuple[tuple[str, object], ...]


def zone_chips(setup: Setup) -> tuple[tuple[object, object], ...]:
    """Each zone as a chip: its number (Phobos by its name)."""
    chips: list[tuple[object, object]] = []
    for zone in state.ZONES:
        name = rule_options.zone_name(setup, zone)
        chips.append((zone, zone if name.params else name))
    return tuple(chips)


# The points a new bonus card is offered as chips (any other number is typed).
BONUS_POINTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def bonus_picks(setup: Setup) -> tuple[Pick, ...]:
    """The chips of a new bonus card, preset to a card of plain points: only what differs is tapped."""
    return (
        Pick("counts", N_("It counts"), tuple(cards.BONUS_COUNTS.items()), cards.NOTHING),
        Pick(
            "condition",
            N_("It scores"),
            (("", N_("(as the count says)")), *cards.BONUS_CONDITIONS.items()),
            "",
        ),
        Pick("zone", N_("Zone on the card"), zone_chips(setup)),
        Pick("resource", N_("Resource on the card"), (("", N_("any")), *state.RESOURCE_NAMES.items()), ""),
        Pick("points", N_("Points"), tuple((n, n) for n in BONUS_POINTS)),
    )


@dataclass(frozen=True)
class CharacterLine:
    """One seat in this round's calling order, as this phone may see it."""

    player: Player
    character: Message | None  # None while face down (not called yet, and not this phone's seat)
    picked: bool
    acted: bool
    acting: bool


@dataclass(frozen=True)
class PickForm:
    """A seat this phone may pick a character for, with the characters in its hand."""

    player: Player
    hand: tuple[tuple[int, Message], ...]
    picked: int | None


@dataclass(frozen=True)
class RedPlanetView:
    """The Mission: Red Planet panel for one phone."""

    kinds: ClassVar[ModuleType] = rules  # its move kinds: a template asks ``viewer.control(panel.kinds.FLIP)``

    round: int
    over: bool
    scores_now: bool
    first_player: str | None
    zones: tuple[ZoneRow, ...]
    zone_names: tuple[tuple[int, Message], ...]
    resources: tuple[tuple[str, str], ...]
    scoring_lines: tuple[tuple[int, tuple[Message, ...]], ...]
    my_bonus: tuple[Message, ...] | None  # this phone's seat's cards, only for it
    bonus_lines: tuple[Message, ...]  # every card checked, once the game is over
    discoveries_left: int
    crew_players: tuple[Player, ...]  # seats this phone may move crew for
    quick_seat: int | None  # the seat whose "+1" buttons this phone shows
    move_from: tuple[tuple[int, int], ...]  # (zone, crew) where the quick seat has crew: the chips a move starts from
    bonus_seat: int | None  # this phone's seat, if it may enter a bonus card for it (also after the end)
    app_draws_tokens: bool  # False with the table's own components: tokens are entered when revealed
    bonus_picks: tuple[Pick, ...]  # a new bonus card, in chips
    zone_chips: tuple[tuple[object, object], ...]
    discovery_effects: tuple[tuple[str, str], ...]
    known_bonus: tuple[KnownCard, ...]
    known_discoveries: tuple[KnownCard, ...]
    reveal_zones: tuple[tuple[int, Message], ...]  # zones whose discovery card may be turned up now
    reveal_pending: bool  # some card on them is still face down: the board asks for it
    characters: tuple[CharacterLine, ...]
    acting: CharacterLine | None  # whose character acts next
    still_picking: tuple[str, ...]
    pick_forms: tuple[PickForm, ...]
    done_seat: int | None  # the seat acting now, if this phone may say it is done
    acted_last: str | None  # every character has acted: this player takes the first player token
    round_waits: bool  # this phone may end rounds, but the round's characters have not all acted yet


def known_cards(
    viewer: Viewer, kind: str, read: Callable[[Mapping[str, Any]], tuple[object, Message] | None], hidden: set[object]
) -> tuple[KnownCard, ...]:
    """Return the cards the server remembers for move ``kind``, each said in a few words, but ``hidden``.

    The server's list holds no secret of a running table, and only what this phone itself placed
    is left out (``hidden``): a card vanishing because another seat took it would tell who holds it.
    """
    known = []
    for fields in viewer.remembered.get(kind, ()):
        read_card = read(fields)
        if read_card is not None and read_card[0] not in hidden:
            known.append(KnownCard(read_card[1], tuple(sorted(fields.items()))))
    return tuple(known)


def _bonus_text(setup: Setup) -> Callable[[Mapping[str, Any]], tuple[object, Message] | None]:
    def read(fields: Mapping[str, Any]) -> tuple[object, Message] | None:
        try:
            card = cards.bonus_card(fields)
        except (RuleError, KeyError, TypeError, ValueError):
            return None
        if card.counts == cards.NOTHING and not card.name:
            return None  # bare points are no card worth offering again
        return card, cards_in_play.describe_bonus_card(setup, card)

    return read


def _discovery_text(fields: Mapping[str, Any]) -> tuple[object, Message] | None:
    if not cards.has_effect(fields):
        return None
    try:
        card = cards.discovery_card(fields)
    except (RuleError, KeyError, TypeError, ValueError):
        return None
    return card, cards.describe_discovery(card, state.RESOURCE_NAMES.get(card.resource or ""))


def _held_here(game: state.RedPlanet, seat: int | None) -> set[object]:
    """The cards this phone's own seat holds or placed at this table (nothing another seat did)."""
    if seat is None:
        return set()
    bonus = set(game.bonus_cards.get(seat, ()))
    discovery = {card for zone, card in game.discovery_cards.items() if game.discoveries.get(zone) == seat}
    return bonus | discovery


def _discovery_seen(setup: Setup, game: state.RedPlanet, zone: int, seat: int | None) -> Message | None:
    """What the discovery card on ``zone`` does, if this phone may know: turned up, or its placer's phone."""
    card = game.discovery_cards.get(zone)
    if card is None:
        return None
    if game.over or zone in game.revealed or game.discoveries.get(zone) == seat:
        return cards.describe_discovery(card, state.RESOURCE_NAMES.get(card.resource or ""))
    return None


def _turned_up(game: state.RedPlanet, zone: int) -> bool:
    """True once the discovery card on ``zone`` is face up with its effect known (or its points typed)."""
    known = zone in game.discovery_cards and (game.over or zone in game.revealed)
    return known or zone in game.discovery_points


def _characters(setup: Setup, game: state.RedPlanet, seat: int | None) -> tuple[CharacterLine, ...]:
    """This round's calling order (or the seats while they pick); characters face down until called."""
    order = rounds.calling_order(setup, game) or setup.seats
    called = rounds.called(setup, game)
    now = rounds.next_to_act(setup, game)
    lines = []
    for s in order:
        picked = game.characters.get(s)
        shown = picked is not None and (s in called or s == seat)
        lines.append(
            CharacterLine(
                player=setup.player(s),
                character=rounds.character_name(setup, picked) if shown and picked is not None else None,
                picked=picked is not None,
                acted=s in game.acted,
                acting=s == now,
            )
        )
    return tuple(lines)


def red_planet_view(setup: Setup, game: state.RedPlanet, viewer: Viewer) -> RedPlanetView:
    """Return the panel for ``viewer``: round, zones, scoring lines, its own secret cards."""
    seat = viewer.seat
    land = viewer.control(rules.LAND)
    pick = viewer.control(rules.CHARACTER)
    acted = viewer.control(rules.ACTED)
    playing = not game.over
    now = rounds.next_to_act(setup, game) if playing else None
    characters = _characters(setup, game, seat) if playing else ()
    return RedPlanetView(
        round=min(game.round, state.LAST_ROUND),
        over=game.over,
        scores_now=game.round in majorities.SCORING_ROUNDS,
        first_player=setup.player(game.first_player).name if game.first_player else None,
        zones=tuple(
            ZoneRow(
                zone=zone,
                name=rule_options.zone_name(setup, zone),
                resource=game.resources.get(zone),
                resource_name=state.RESOURCE_NAMES[game.resources[zone]] if zone in game.resources else None,
                pot=game.pots.get(zone, 0),
                discovery=zone in game.discoveries,
                discovery_card=_discovery_seen(setup, game, zone, seat),
                crew=tuple((player, game.crew_of(zone, player.seat)) for player in setup.players),
            )
            for zone in state.ZONES
        ),
        zone_names=tuple((zone, rule_options.zone_name(setup, zone)) for zone in state.ZONES),
        resources=tuple((r, state.RESOURCE_NAMES[r]) for r in state.RESOURCES),
        scoring_lines=tuple(
            (scoring.round, tuple(majorities.explain_scoring(setup, scoring))) for scoring in reversed(game.scorings)
        ),
        my_bonus=tuple(cards_in_play.describe_bonus_card(setup, card) for card in game.bonus_cards.get(seat, ()))
        if seat is not None
        else None,
        bonus_lines=tuple(
            msg(
                N_("{name} ({card}): {reason}"),
                name=setup.player(o.seat).name,
                card=cards_in_play.describe_bonus_card(setup, o.card),
                reason=o.reason,
            )
            for o in cards_in_play.bonus_outcomes(setup, game)
        )
        if game.over
        else (),
        discoveries_left=cards_in_play.MAX_DISCOVERIES - len(game.discoveries),
        crew_players=tuple(p for p in setup.players if p.seat in land.seats) if playing else (),
        quick_seat=seat if playing and seat in land.seats else None,
        move_from=tuple((zone, game.crew_of(zone, seat)) for zone in state.ZONES if game.crew_of(zone, seat))
        if playing and seat is not None and seat in viewer.control(rules.MOVE).seats
        else (),
        bonus_seat=seat if seat in viewer.control(rules.BONUS).seats else None,
        app_draws_tokens=setup.options.get(rule_options.COMPONENTS, rule_options.APP_DRAWS) == rule_options.APP_DRAWS,
        bonus_picks=bonus_picks(setup),
        zone_chips=zone_chips(setup),
        discovery_effects=tuple(cards.DISCOVERY_EFFECTS.items()),
        known_bonus=known_cards(viewer, rules.BONUS, _bonus_text(setup), _held_here(game, seat)),
        known_discoveries=known_cards(viewer, rules.REVEAL, _discovery_text, _held_here(game, seat)),
        reveal_zones=tuple(
            (zone, rule_options.zone_name(setup, zone))
            for zone in sorted(game.discoveries, key=lambda zone: (_turned_up(game, zone), zone))  # face down first
            if game.round >= state.LAST_ROUND
        ),
        reveal_pending=any(not _turned_up(game, zone) for zone in game.discoveries),
        characters=characters,
        acting=next((line for line in characters if line.acting), None),
        still_picking=tuple(p.name for p in setup.players if p.seat not in game.characters) if playing else (),
        pick_forms=_pick_forms(setup, game, seat, pick) if playing and not rounds.calling_order(setup, game) else (),
        done_seat=now if now is not None and now in acted.seats else None,
        acted_last=setup.player(game.acted[-1]).name
        if playing and game.acted and len(game.acted) == len(setup.seats)
        else None,
        round_waits=playing
        and (viewer.host or seat is not None)
        and not viewer.control(rules.END_ROUND).allowed
        and bool(rounds.still_to_act(setup, game)),
    )


def _pick_forms(setup: Setup, game: state.RedPlanet, seat: int | None, pick: Control) -> tuple[PickForm, ...]:
    """This phone's own seat (its pick may change until the calls start), then seats still to pick."""
    return tuple(
        PickForm(
            player=p,
            hand=tuple((c, rounds.character_name(setup, c)) for c in rounds.hand(setup, game, p.seat)),
            picked=game.characters.get(p.seat),
        )
        for p in sorted(setup.players, key=lambda p: p.seat != seat)
        if p.seat in pick.seats and (p.seat == seat or p.seat not in game.characters)
    )
