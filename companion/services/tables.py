"""New tables: the new-table form, creating tables, importing and exporting scenario files."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine

from companion.games import kinds
from companion.games.appendable import Events
from companion.games.contract import Player, Setup, evolve
from companion.games.mechanics.randomness import new_seed
from companion.games.options import relevant_options, resolve_options
from companion.games.registry import get_game
from companion.games.scenario import MAX_PLAYERS, checked_name, parse_scenario, replay, scenario_of, scenario_setup
from companion.games.scenario import PLAYER_COLOURS as PLAYER_COLOURS  # the new-table form lists them
from companion.games.scenario import all_options as all_options  # the new-table form lists them
from companion.games.table_state import TableState
from companion.games.words import N_, RuleError
from companion.services.table import Table, Tables, new_key
from companion.storage import ledger_import, store
from companion.storage.live import Broker
from companion.storage.store import TableInfo

COLOUR_NAMES = dict(
    zip(
        PLAYER_COLOURS,
        (
            N_("Orange"),
            N_("Sky blue"),
            N_("Green"),
            N_("Yellow"),
            N_("Blue"),
            N_("Vermilion"),
            N_("Purple"),
            N_("Grey"),
        ),
        strict=True,
    )
)


@dataclass(frozen=True)
class PlayerEntry:
    """A player as typed into the new-table form."""

    name: str
    colour: str


OPTIONS_SHOWN = "options-shown"  # the new-table form sends the slug of the game whose options it showed
PLAY_AS = "play-as"  # the new-table form's "I play as": a row of the players, or ONLY_HOST
ONLY_HOST = "host"


def form_options(slug: str, form: Mapping[str, str]) -> tuple[tuple[Any, ...], dict[str, str]]:
    """Return the options the new-table form shows and the form values to show them with.

    Only the options that apply given the values chosen (the defaults at first): the chosen
    adventure's, the solo options in solo play. An unreadable value counts as the default; an
    unticked box counts as false once this game's options have been shown (``options-shown``).
    """
    options = all_options(slug)
    values = dict(form)
    shown = form.get(OPTIONS_SHOWN) == slug
    chosen: dict[str, Any] = {}
    for option in options:
        field = f"option-{option.key}"
        if shown and option.kind == "bool" and field not in form:
            values[field] = "false"
        try:
            chosen[option.key] = option.coerce(values[field]) if field in values else option.default
        except RuleError:
            chosen[option.key] = option.default
    return relevant_options(options, chosen), values


@dataclass(frozen=True)
class PlayAs:
    """One choice of the new-table form's "I play as": a row of the players with its typed name."""

    row: int
    name: str  # "" while no name has been typed


def play_as_choices(form: Mapping[str, str], rows: int) -> tuple[tuple[PlayAs, ...], str]:
    """Return the rows the host may play as (those with a name; the first row before any) and the one chosen.

    The host plays as the first player unless the form says otherwise (a row, or ``host``).
    """
    choices = tuple(
        PlayAs(row, form.get(f"name-{row}", "").strip())
        for row in range(1, rows + 1)
        if form.get(f"name-{row}", "").strip()
    ) or (PlayAs(1, ""),)
    chosen = form.get(PLAY_AS, "")
    if chosen != ONLY_HOST and chosen not in {str(choice.row) for choice in choices}:
        chosen = str(choices[0].row)
    return choices, chosen


def host_seat(players: Sequence[PlayerEntry], play_as: str | None) -> int | None:
    """Return the seat of the row chosen as "I play as" (seats skip empty rows), or None to only host.

    A form without the field (a script, an older page) only hosts.
    """
    if play_as is None or play_as == ONLY_HOST:
        return None
    row = int(play_as) if play_as.isdecimal() and len(play_as) < 3 else 0
    if not 1 <= row <= len(players):
        raise RuleError(N_("Choose who you play as from the list, or “I only host”."))
    if not players[row - 1].name.strip():
        raise RuleError(N_("You chose to play as a row without a name: type the name, or choose “I only host”."))
    return sum(1 for p in players[:row] if p.name.strip())


@dataclass(frozen=True)
class NewTable:
    """A table just created, and the seat its host's phone took (None: the host only hosts)."""

    table: TableInfo
    seat: int | None


def start_table(
    tables: Tables,
    *,
    slug: str,
    players: Sequence[PlayerEntry],
    options: Mapping[str, Any],
    play_as: str | None,
    device: str,
    broker: Broker | None = None,
    profile_token: str | None = None,
    time_zone: str | None = None,
) -> NewTable:
    """Create a table; seat its host's phone at the seat chosen as "I play as", as the join link would.

    The seat is claimed by a ``seat.claim`` entry made by the host (the one path every phone takes a
    seat by): on a new table no other phone has held it, which the host's seat rule requires.
    """
    seat = host_seat(players, play_as)  # checked before anything is stored
    table = create_table(tables.engine, slug=slug, players=players, options=options, time_zone=time_zone)
    if seat is not None:
        tables.open(table).take_seat(
            seat=seat,
            device=device,
            key=new_key(),
            by_host=True,
            broker=broker,
            profile_token=profile_token,
        )
    return NewTable(table, seat)


def make_setup(slug: str, players: Sequence[PlayerEntry], options: Mapping[str, Any], seed: str) -> Setup:
    """Return a checked setup, or raise RuleError with what is wrong."""
    game = get_game(slug)
    named = [p for p in players if p.name.strip()]
    if not 1 <= len(named) <= MAX_PLAYERS:
        raise RuleError(N_("A table has 1 to {maximum} players."), maximum=MAX_PLAYERS)
    names = [checked_name(p.name) for p in named]
    if len({name.casefold() for name in names}) != len(names):
        raise RuleError(N_("Each player needs a different name."))
    if any(p.colour not in PLAYER_COLOURS for p in named):
        raise RuleError(N_("Choose each player's colour from the list."))
    if len({p.colour for p in named}) != len(named):
        raise RuleError(N_("Each player needs a different colour."))
    setup = Setup(
        game=slug,
        players=tuple(
            Player(seat, name, p.colour) for seat, (name, p) in enumerate(zip(names, named, strict=True), start=1)
        ),
        options=resolve_options(all_options(slug), options),
        seed=seed,
    )
    game.check_setup(setup)
    return setup


def create_table(
    engine: Engine,
    *,
    slug: str,
    players: Sequence[PlayerEntry],
    options: Mapping[str, Any],
    time_zone: str | None = None,
) -> TableInfo:
    """Create a table with a fresh secret seed (``time_zone``: the host phone's, a known name, or None)."""
    return store.insert_table(engine, setup=make_setup(slug, players, options, new_seed()), time_zone=time_zone)


def tables_by_code(engine: Engine, codes: Sequence[str]) -> list[TableInfo]:
    """Return the existing tables among ``codes``."""
    return store.tables_by_code(engine, codes)


def import_scenario(tables: Tables, data: bytes, time_zone: str | None = None) -> Table:
    """Recreate the table of a scenario file under a new code and new links; return it.

    The file is read with :func:`parse_scenario` (size, depth, UTF-8 with or without a BOM) and
    checked by replaying it: every entry by its move's record, as a phone's entry is (RuleError
    says what is wrong; nothing is stored then). Its seed and events are kept as they are, so the
    new table folds to the same state and scores; seats claimed in the file stay claimed by its
    phones (``phone-1``…), which the host can free.

    Reading and replaying the file is pure Python (docs/benchmarks.md, "Big imports"): it runs off
    the server's event loop (:func:`ledger_import.off_the_event_loop`), so the other phones keep their answers.
    The replayed state, stamped with the entries' stored time, is the table's fold: it is kept,
    and nothing folds the 20,000 entries again (neither the fresh seed's entry nor the first board).
    """
    engine = tables.engine
    setup, state, rows = ledger_import.off_the_event_loop(_replayed, engine, data)
    info = store.insert_table(engine, setup=setup, imported=True, time_zone=time_zone)
    ledger_import.insert_rows(engine, info.id, rows)
    tables.keep(info, state)
    table = tables.open(replace(info, last_seq=state.last_seq))
    if not state.ended:  # the file chose its seed: what is drawn from here on is drawn from one of ours
        table.record(
            kind=kinds.TABLE_RESEED,
            payload={"seed": new_seed()},
            author=None,
            by_host=False,
            idempotency_key="import-fresh-seed",
            joining=True,
        )
    return table


def _replayed(engine: Engine, data: bytes) -> tuple[Setup, TableState, ledger_import.LedgerRows]:
    """Return a scenario file's setup, its replayed state (its entries stamped with the time they
    are stored at) and the rows that store them (pure CPU: the engine only says how to write them)."""
    scenario = parse_scenario(data)
    state, _board = replay(scenario)
    at = datetime.now(UTC)
    stamped = evolve(state, events=Events([evolve(event, at=at) for event in state.events]))
    return scenario_setup(scenario), stamped, ledger_import.ledger_rows(engine, stamped.events, key_prefix="import-")


def export_scenario(table: Table) -> dict[str, Any]:
    """Return the table's ledger as a scenario (see docs/scenarios.md)."""
    return scenario_of(table.info.setup, table.state.events)
