"""What each phone sees and may do on the Welcome to the Moon panel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

from companion.games.contract import Player, Setup
from companion.games.moves import Viewer
from companion.games.welcome_to_the_moon import rules
from companion.games.welcome_to_the_moon.astra import (
    astra_bonuses_due,
    astra_launch,
    astra_next_milestone,
    astra_rockets,
    astra_score,
)
from companion.games.welcome_to_the_moon.cards import ACTION_ICONS, ACTION_NAMES, ACTIONS, DECK_BY_NUMBER, MISSIONS
from companion.games.welcome_to_the_moon.marks import SABOTAGE_SPACES, infections_due, rockets_to_cross
from companion.games.welcome_to_the_moon.rule_options import adventure_of, is_solo, mission_values, own_components
from companion.games.welcome_to_the_moon.score_sheet import Adventure, SheetField
from companion.games.welcome_to_the_moon.scoring import cause_of
from companion.games.welcome_to_the_moon.sheets import VIRUS_NAMES
from companion.games.welcome_to_the_moon.state import LETTERS, Moon
from companion.games.words import N_, Message, listing, msg, number, signed


@dataclass(frozen=True)
class Combo:
    """A number and an action showing on the table (a pile's combo, or a solo card)."""

    number: int
    action: str
    name: str
    icon: str
    index: int  # pile or card number, from 1
    left: int | None  # cards left in the pile (multiplayer, when the app keeps the deck)


def who_reached(done: tuple[tuple[str, bool], ...]) -> Message:
    """Return who accomplished a mission or reached a bonus space, each first or later: "Aki (first), Ben (later)"."""
    return listing(
        msg(N_("{name} ({when})"), name=name, when=msg(N_("first") if first else N_("later"))) for name, first in done
    )


@dataclass(frozen=True)
class MissionLine:
    """One mission card in play and who accomplished it."""

    letter: str
    text: str
    rewards: tuple[int, int]
    unit: str
    done: tuple[tuple[str, bool], ...]
    said: Message  # who did it, in words
    mine: bool
    can_claim: bool


@dataclass(frozen=True)
class ErrorLine:
    """A player's system errors, and whether this phone may add or cross one off.

    ``this_turn``: the player already has their own system error of the turn on the table (one a
    turn): its "+" stays in place but takes no tap, and says so.
    """

    player: Player
    count: int
    crossed: int
    can_add: bool
    can_cross: bool
    this_turn: bool = False


@dataclass(frozen=True)
class BonusLine:
    """A bonus space raced for across the table: its values, who reached it, and whether this phone may claim it."""

    space: int
    label: object
    first: int
    later: int
    reached: tuple[tuple[str, bool], ...]  # (name, first)
    said: Message  # who reached it, in words
    crossed: bool  # solo: ASTRA crossed off its first value
    can_claim: bool


@dataclass(frozen=True)
class VirusLine:
    """Adventure 6: a virus activated for the whole table, and why."""

    name: str
    turn: int
    cause: Message


GRID_LIMIT = 10  # boxes with at most this many values + 1 are a row of tappable values


@dataclass(frozen=True)
class SheetBox:
    """One box of this phone's sheet and how it is entered with one tap.

    ``style``: ``toggle`` (yes/no), ``choices`` (named values, e.g. none / big / small), ``grid``
    (every value from 0 to a small maximum), or ``stepper`` (− / + and the number typed in).
    """

    field: SheetField
    value: int
    style: str
    options: tuple[tuple[int, object], ...] = ()


def sheet_box(field: SheetField, value: int) -> SheetBox:
    """Return how ``field`` is entered on the phone."""
    if field.flag:
        return SheetBox(field, value, "toggle")
    if field.choices:
        return SheetBox(field, value, "choices", field.choices)
    if field.maximum - field.minimum <= GRID_LIMIT:
        return SheetBox(field, value, "grid", tuple((n, str(n)) for n in range(field.minimum, field.maximum + 1)))
    return SheetBox(field, value, "stepper")


STRIP_BOXES = 3  # sheet boxes under the cards: with the turn's missions and errors, all on a phone's first screen


@dataclass(frozen=True)
class TurnStrip:
    """What this phone's own seat records in a turn, right under the cards (no scrolling on a phone).

    The boxes the combos on the table change (the sheet's action boxes), then the ones the player
    entered last, at most :data:`STRIP_BOXES`; the missions it may still accomplish; its own
    system errors; adventure 1's sabotage. The same controls leave the sections below.
    """

    seat: int
    turn: int
    boxes: tuple[SheetBox, ...]
    missions: tuple[str, ...]  # letters this seat may accomplish now
    error: ErrorLine
    sabotages_left: int | None  # adventure 1: its free sabotage spaces (None: no sabotage here)
    sabotaged: bool  # adventure 1: it has sabotaged on this turn already (one a turn)


def strip_boxes(adventure: Adventure, game: Moon, seat: int, actions: tuple[str, ...]) -> tuple[SheetField, ...]:
    """Return the boxes a turn needs: those of the actions on the table, then the ones ``seat`` entered last.

    A sheet of a few boxes (adventure 1's two) is offered whole.
    """
    fields = {f.key: f for f in adventure.fields if not f.legacy}
    if len(fields) <= STRIP_BOXES:
        return tuple(fields.values())
    linked = [adventure.action_boxes[a] for a in actions if a in adventure.action_boxes]
    keys = dict.fromkeys(k for k in (*linked, *game.recent.get(seat, ())) if k in fields)
    return tuple(fields[k] for k in list(keys)[:STRIP_BOXES])


@dataclass(frozen=True)
class MissionChoice:
    """A mission card a table with its own components can name for a letter."""

    id: int
    adventure: int
    text: str


@dataclass(frozen=True)
class MoonView:
    """The Welcome to the Moon panel for one phone."""

    kinds: ClassVar[ModuleType] = rules  # its move kinds: a template asks ``viewer.control(panel.kinds.FLIP)``
    signed: ClassVar[Callable[[int], str]] = staticmethod(signed)  # a change as printed: "+10", "−5"
    number: ClassVar[Callable[[int], str]] = staticmethod(number)  # a total as printed: "5", "−5"

    adventure: Adventure
    solo: bool
    turn: int
    combos: tuple[Combo, ...]
    hand: tuple[Combo, ...]
    astra_cards: tuple[tuple[str, str, int], ...]
    astra_score: int | None
    solo_seen: tuple[tuple[str, int], ...]
    solo_cards: tuple[Message, ...]  # the solo cards drawn, each "A ×2"
    missions: tuple[MissionLine, ...]
    errors: tuple[ErrorLine, ...]
    end_turn: int | None
    end_reasons: tuple[Message, ...]
    sheet_seat: int | None
    boxes: tuple[SheetBox, ...]
    # adventure 1: the rockets this phone's seat's missions gave since it last entered its rocket track, to cross off
    mission_rockets: int
    paper_total: int | None  # this phone's seat scored on paper: the total it entered
    own_components: bool
    missing_letters: tuple[str, ...]  # letters whose mission card is still to be named
    mission_choices: tuple[tuple[str, tuple[MissionChoice, ...]], ...]  # by letter, this adventure's first
    numbers: tuple[int, ...]
    actions: tuple[tuple[str, str, str], ...]  # (action, name, icon)
    astra_rockets: int | None  # adventure 1 solo: ASTRA's rocket track
    astra_next_milestone: int | None
    astra_launch: int | None  # adventure 1 solo: the rockets on ASTRA's track
    astra_sabotages: int  # adventure 1 solo: your sabotage spaces ASTRA crossed off
    sabotages_left: int | None  # adventure 1: this phone's seat's free sabotage spaces (None: it may not sabotage)
    bonuses: tuple[BonusLine, ...]
    has_viruses: bool  # adventure 6: the table's viruses are shown
    viruses: tuple[VirusLine, ...]
    virus_choices: tuple[tuple[str, str], ...]  # viruses not yet active: (key, name)
    infections_due: int  # viruses this phone's seat has still to infect for
    infecting: tuple[str, ...]  # names of the players who still have to infect
    astra_bonuses_due: int  # solo: first bonuses ASTRA has still to cross off (this phone may record it)
    astra_bonus_choices: tuple[tuple[int, object], ...]  # the spaces it may cross off: (space, label)
    choose: bool  # the solo player must choose a combination now
    this_turn: TurnStrip | None  # this phone's own seat's controls of the turn, under the cards (after a flip)


def moon_view(setup: Setup, game: Moon, viewer: Viewer) -> MoonView:
    """Return the panel for ``viewer``: combos or solo cards, missions, errors, own sheet."""
    adventure = adventure_of(setup)
    names = {p.seat: p.name for p in setup.players}
    seat = viewer.seat
    mission = viewer.control(rules.MISSION)
    error, error_cross = viewer.control(rules.ERROR), viewer.control(rules.ERROR_CROSS)
    playing = game.end_turn is None or game.turn <= game.end_turn
    solo_choice = viewer.control(rules.SOLO_CHOICE)
    bonus, sabotage, infect = viewer.control(rules.BONUS), viewer.control(rules.SABOTAGE), viewer.control(rules.INFECT)
    adventure_1_solo = is_solo(setup) and adventure.number == 1
    errors = tuple(
        ErrorLine(
            player=p,
            count=game.errors.get(p.seat, 0),
            crossed=game.crossed.get(p.seat, 0),
            can_add=p.seat in error.seats
            and game.errors.get(p.seat, 0) < adventure.error_boxes
            and game.turn not in game.error_turns.get(p.seat, frozenset()),
            can_cross=p.seat in error_cross.seats
            and adventure.circles_errors
            and game.errors.get(p.seat, 0) > game.crossed.get(p.seat, 0),
            this_turn=game.turn in game.error_turns.get(p.seat, frozenset()),
        )
        for p in setup.players
    )
    sheet_seat = seat if seat in viewer.control(rules.SHEET).seats else None
    sabotages_left = (
        SABOTAGE_SPACES - game.sabotages.get(seat, 0)
        if seat in sabotage.seats and adventure.number == 1 and playing
        else None
    )
    claimable = tuple(
        m.letter
        for m in game.missions
        if seat in mission.seats
        and game.turn > 0
        and playing
        and not any(c.seat == seat for c in game.completions.get(m.letter, ()))
    )
    return MoonView(
        adventure=adventure,
        solo=is_solo(setup),
        turn=game.turn,
        combos=tuple(
            Combo(n, a, ACTION_NAMES[a], ACTION_ICONS[a], i, len(game.piles[i - 1]) if game.piles else None)
            for i, (n, a) in enumerate(game.combos(), start=1)
        ),
        hand=tuple(
            Combo(c.number, c.action, ACTION_NAMES[c.action], ACTION_ICONS[c.action], i, None)
            for i, c in enumerate(game.hand, start=1)
        ),
        astra_cards=tuple((ACTION_ICONS[a], ACTION_NAMES[a], game.astra.get(a, 0)) for a in ACTIONS),
        astra_score=astra_score(setup, game) if is_solo(setup) else None,
        solo_seen=tuple(sorted(game.solo_seen.items())),
        solo_cards=tuple(
            msg(N_("{letter} ×{count}"), letter=letter, count=count) for letter, count in sorted(game.solo_seen.items())
        ),
        missions=tuple(
            MissionLine(
                letter=m.letter,
                text=m.text,
                rewards=mission_values(setup, m),
                unit=adventure.mission_reward,
                done=tuple((names[c.seat], c.first) for c in game.completions.get(m.letter, ())),
                said=who_reached(tuple((names[c.seat], c.first) for c in game.completions.get(m.letter, ()))),
                mine=seat is not None and any(c.seat == seat for c in game.completions.get(m.letter, ())),
                can_claim=m.letter in claimable,
            )
            for m in game.missions
        ),
        errors=errors,
        end_turn=game.end_turn,
        end_reasons=game.end_reasons,
        sheet_seat=sheet_seat,
        mission_rockets=rockets_to_cross(setup, game, seat) if seat is not None else 0,
        boxes=tuple(
            sheet_box(f, game.sheets.get((seat, f.key), 0))
            for f in adventure.fields
            if not f.legacy or game.sheets.get((seat, f.key), 0)  # older boxes only where a value was entered
        )
        if seat is not None
        else (),
        paper_total=game.paper_totals.get(seat) if seat is not None else None,
        own_components=own_components(setup),
        missing_letters=tuple(letter for letter in LETTERS if not any(m.letter == letter for m in game.missions)),
        mission_choices=tuple(
            (
                letter,
                tuple(
                    MissionChoice(m.id, m.adventure, m.text)
                    for m in sorted(MISSIONS, key=lambda m: (m.adventure != adventure.number, m.adventure, m.id))
                    if m.letter == letter and not game.completions.get(letter)
                ),
            )
            for letter in LETTERS
        ),
        numbers=tuple(sorted(DECK_BY_NUMBER)),
        actions=tuple((a, ACTION_NAMES[a], ACTION_ICONS[a]) for a in ACTIONS),
        astra_rockets=astra_rockets(setup, game) if is_solo(setup) and adventure.number == 1 else None,
        astra_next_milestone=astra_next_milestone(setup, game) if adventure_1_solo else None,
        astra_launch=astra_launch(setup) if adventure_1_solo else None,
        astra_sabotages=game.astra_sabotages,
        sabotages_left=sabotages_left,
        bonuses=tuple(
            BonusLine(
                space=n,
                label=b.label,
                first=b.first,
                later=b.later,
                reached=tuple((names[c.seat], c.first) for c in game.bonuses.get(n, ())),
                said=who_reached(tuple((names[c.seat], c.first) for c in game.bonuses.get(n, ()))),
                crossed=n in game.astra_bonuses,
                can_claim=seat in bonus.seats and playing and not any(c.seat == seat for c in game.bonuses.get(n, ())),
            )
            for n, b in enumerate(adventure.bonus_spaces, start=1)
        ),
        has_viruses=adventure.number == 6,
        viruses=tuple(VirusLine(VIRUS_NAMES[a.virus], a.turn, cause_of(setup, a)) for a in game.viruses),
        virus_choices=tuple(
            (key, name) for key, name in VIRUS_NAMES.items() if not any(a.virus == key for a in game.viruses)
        )
        if adventure.number == 6
        else (),
        infections_due=infections_due(game, seat) if seat is not None and seat in infect.seats else 0,
        infecting=tuple(p.name for p in setup.players if infections_due(game, p.seat) > 0),
        astra_bonuses_due=astra_bonuses_due(setup, game) if viewer.control(rules.ASTRA_BONUS).allowed else 0,
        astra_bonus_choices=tuple(
            (n, b.label)
            for n, b in enumerate(adventure.bonus_spaces, start=1)
            if n not in game.astra_bonuses and n not in game.bonuses
        ),
        choose=solo_choice.allowed and bool(game.hand),
        this_turn=TurnStrip(
            seat=sheet_seat,
            turn=game.turn,
            boxes=tuple(
                sheet_box(f, game.sheets.get((sheet_seat, f.key), 0))
                for f in strip_boxes(adventure, game, sheet_seat, _actions_shown(game))
            )
            if sheet_seat not in game.paper_totals
            else (),
            missions=claimable,
            error=next(line for line in errors if line.player.seat == sheet_seat),
            sabotages_left=sabotages_left,
            sabotaged=game.turn in game.sabotage_turns.get(sheet_seat, frozenset()),
        )
        if sheet_seat is not None and game.turn > 0 and playing
        else None,
    )


def _actions_shown(game: Moon) -> tuple[str, ...]:
    """The actions on the table this turn: the three combos', or the solo hand's cards."""
    return tuple(action for _number, action in game.combos()) or tuple(card.action for card in game.hand)
