"""Tables: the new-table form, creating and finding tables, importing and exporting scenario files."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from companion.games import kinds
from companion.games.checks import has_control_characters
from companion.games.contract import Player, Setup
from companion.games.mechanics.randomness import new_seed
from companion.games.options import relevant_options, resolve_options
from companion.games.registry import get_game
from companion.games.scenario import MAX_NAME, MAX_PLAYERS, parse_scenario, replay, scenario_of, scenario_setup
from companion.games.scenario import PLAYER_COLOURS as PLAYER_COLOURS  # the new-table form lists them
from companion.games.scenario import all_options as all_options  # the new-table form lists them
from companion.games.words import N_, RuleError
from companion.ledger import store
from companion.ledger.store import TableInfo
from companion.services.play import record

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


_LOOKUP = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)  # table codes, join and watch tokens


class NotFound(Exception):
    """No table with that code or link."""


@dataclass(frozen=True)
class PlayerEntry:
    """A player as typed into the new-table form."""

    name: str
    colour: str


OPTIONS_SHOWN = "options-shown"  # the new-table form sends it once its options have been shown


def form_options(slug: str, form: Mapping[str, str]) -> tuple[tuple[Any, ...], dict[str, str]]:
    """Return the options the new-table form shows and the form values to show them with.

    Until the phone has seen the options (no ``options-shown`` field), every option is shown;
    afterwards only those that apply given the values chosen (an unreadable value counts as the
    default, and an unticked box as false).
    """
    options = all_options(slug)
    values = dict(form)
    if OPTIONS_SHOWN not in form:
        return options, values
    chosen: dict[str, Any] = {}
    for option in options:
        field = f"option-{option.key}"
        if option.kind == "bool" and field not in form:
            values[field] = "false"
        try:
            chosen[option.key] = option.coerce(values[field]) if field in values else option.default
        except RuleError:
            chosen[option.key] = option.default
    return relevant_options(options, chosen), values


def make_setup(slug: str, players: Sequence[PlayerEntry], options: Mapping[str, Any], seed: str) -> Setup:
    """Return a checked setup, or raise RuleError with what is wrong."""
    game = get_game(slug)
    named = [p for p in players if p.name.strip()]
    if not 1 <= len(named) <= MAX_PLAYERS:
        raise RuleError(N_("A table has 1 to {maximum} players."), maximum=MAX_PLAYERS)
    names = [p.name.strip() for p in named]
    if any(len(name) > MAX_NAME or has_control_characters(name) for name in names):
        raise RuleError(N_("Names are at most {limit} characters."), limit=MAX_NAME)
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


def create_table(engine: Engine, *, slug: str, players: Sequence[PlayerEntry], options: Mapping[str, Any]) -> TableInfo:
    """Create a table with a fresh secret seed."""
    return store.insert_table(engine, setup=make_setup(slug, players, options, new_seed()))


def find_table(
    engine: Engine,
    *,
    code: str | None = None,
    join_token: str | None = None,
    watch_token: str | None = None,
    results_token: str | None = None,
) -> TableInfo:
    """Return the table, or raise NotFound (at once for anything that cannot be a code or a link)."""
    given = [value for value in (code, join_token, watch_token, results_token) if value is not None]
    if not given or not all(_LOOKUP.fullmatch(value) for value in given):
        raise NotFound  # PostgreSQL would refuse a NUL byte with an error, not an empty answer
    table = store.find_table(
        engine, code=code, join_token=join_token, watch_token=watch_token, results_token=results_token
    )
    if table is None:
        raise NotFound
    return table


def tables_by_code(engine: Engine, codes: Sequence[str]) -> list[TableInfo]:
    """Return the existing tables among ``codes``."""
    return store.tables_by_code(engine, codes)


def import_scenario(engine: Engine, data: bytes) -> TableInfo:
    """Recreate the table of a scenario file under a new code and new links; return it.

    The file is read with :func:`parse_scenario` (size, depth, UTF-8 with or without a BOM) and
    checked by replaying it: every entry by its move's record, as a phone's entry is (RuleError
    says what is wrong; nothing is stored then). Its seed and events are kept as they are, so the
    new table folds to the same state and scores; seats claimed in the file stay claimed by its
    phones (``phone-1``…), which the host can free.
    """
    scenario = parse_scenario(data)
    state, _board = replay(scenario)
    table = store.insert_table(engine, setup=scenario_setup(scenario), imported=True)
    store.insert_ledger(engine, table.id, state.events, key_prefix="import-")
    if not state.ended:  # the file chose its seed: what is drawn from here on is drawn from one of ours
        record(
            engine,
            table,
            kind=kinds.TABLE_RESEED,
            payload={"seed": new_seed()},
            author=None,
            by_host=False,
            idempotency_key="import-fresh-seed",
            joining=True,
        )
    return table


def export_scenario(engine: Engine, table: TableInfo) -> dict[str, Any]:
    """Return the table's ledger as a scenario (see docs/scenarios.md)."""
    events = store.load_events(engine, table.id)
    return scenario_of(table.setup, events)
