"""Who may do what: the one table of rights, read by every route and, through the move records, every move.

A phone has one role at a table: the **host** (it created the table, imported it, or opened a host
recovery link), a **player** (the ledger says it holds a seat), a **watcher** (it opened the watch
link, or its seat was freed) or a **stranger** (it has not joined the table: it gets the same 404 as
an unknown code). Outside a table every phone is **anyone**. A host who also holds a seat has both
roles at once.

:data:`RIGHTS` says, for each action, which roles may take it and when (the README's table of
rights is made from it). :func:`authorize` is the one door: every route declares its action where
it is registered (``companion.web.door``), and a route without one cannot serve. A move's own rule
of who may make it (``Move.who``: the seat's player, anyone seated, the host, whose turn it is,
only the join flow) is read from its record in one place, :mod:`companion.games.rights`, which
:func:`authorize` asks and :func:`companion.games.table.decide` asks again on the ledger as it is
when the move is appended (and when an imported ledger is replayed). A seat's secrets (its
advanced-life tokens, bonus cards, face-down offers) are shown only to the phone that holds the
seat: each game's ``view`` is given that seat alone, and the host's phone never takes a seat that
another phone has held (see ``companion.games.table``).

This module imports no Flask: the README's rights section is generated from it
(:func:`rights_markdown`) and a test checks the two agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from companion.games.moves import ACTIVE, WHO_PHRASES
from companion.games.registry import get_game
from companion.games.rights import move_refusal, turn_refusal
from companion.games.table_moves import move_of
from companion.games.table_state import TableState
from companion.games.words import N_, RuleError


class Role(StrEnum):
    """A phone's role at one table (or ``ANYONE`` outside a table)."""

    HOST = "host"
    PLAYER = "player"
    WATCHER = "watcher"
    STRANGER = "stranger"
    ANYONE = "anyone"


class When(StrEnum):
    """When in a table's life an action is open."""

    ALWAYS = "always"
    AFTER_END = "once the table has ended"


class Action(StrEnum):
    """Everything a phone can ask of the server."""

    VIEW_TABLE = "view the board, log and results"
    FOLLOW_LIVE = "follow the table live"
    RECORD = "record an entry"
    TAKE_SEAT_AS_HOST = "take a free seat on the host's phone"
    JOIN = "take a free seat through the join link"
    WATCH = "watch through the watch link"
    SHOW_JOIN_CODE = "show the join QR code"
    MAKE_HOST_KEY = "make or revoke a host recovery link"
    RECOVER_HOST = "become host through a recovery link"
    DOWNLOAD_SCENARIO = "download the scenario file (it holds the seed)"
    EXPORT_RESULTS = "download the results (CSV, BG Stats)"
    VIEW_SHARED_RESULTS = "view the results through the results link"
    CREATE_TABLE = "create a table"
    IMPORT_TABLE = "import a scenario file as a new table"
    VIEW_HISTORY = "view the history of finished tables"
    VIEW_CATALOGUE = "see or download a game's card catalogue"
    IMPORT_CATALOGUE = "import a card catalogue file"
    MANAGE_PROFILE = "make, show or delete this phone's profile"
    RESTORE_PROFILE = "restore a profile through its restore link"
    USE_SITE = "home page, settings, app shell"


SEATED = frozenset({Role.HOST, Role.PLAYER})
AT_THE_TABLE = frozenset({Role.HOST, Role.PLAYER, Role.WATCHER})
EVERYONE = frozenset({Role.ANYONE})


@dataclass(frozen=True)
class Right:
    """Who may take ``action``, when, and what a refused phone is told."""

    action: Action
    roles: frozenset[Role]
    when: When = When.ALWAYS
    refusal: str = N_("You are not allowed to do that.")
    note: str = ""


RIGHTS: tuple[Right, ...] = (
    Right(Action.VIEW_TABLE, AT_THE_TABLE, note="a stranger gets the same 404 as an unknown code"),
    Right(Action.FOLLOW_LIVE, AT_THE_TABLE),
    Right(
        Action.RECORD,
        SEATED,
        refusal=N_("Spectators can only watch."),
        note="then the move's record decides: " + "; ".join(f"{who}: {phrase}" for who, phrase in WHO_PHRASES.items()),
    ),
    Right(
        Action.TAKE_SEAT_AS_HOST,
        frozenset({Role.HOST}),
        refusal=N_("Join through the host's QR code to take a seat."),
        note="never a seat another phone has held (its secrets stay with its player)",
    ),
    Right(Action.JOIN, EVERYONE, note="holding the join link (24 random bytes); rate-limited"),
    Right(Action.WATCH, EVERYONE, note="holding the watch link"),
    Right(Action.SHOW_JOIN_CODE, frozenset({Role.HOST}), refusal=N_("Only the host can show the join code.")),
    Right(
        Action.MAKE_HOST_KEY,
        frozenset({Role.HOST}),
        refusal=N_("Only the host can make a host recovery link."),
    ),
    Right(
        Action.RECOVER_HOST,
        EVERYONE,
        note="holding a recovery link: one phone, once, within 24 hours, while the table runs; the log tells everyone",
    ),
    Right(
        Action.DOWNLOAD_SCENARIO,
        AT_THE_TABLE,
        When.AFTER_END,
        refusal=N_("The scenario file holds the secret seed: download it once the table has ended."),
    ),
    Right(
        Action.EXPORT_RESULTS,
        AT_THE_TABLE,
        When.AFTER_END,
        refusal=N_("The results can be exported once the table has ended."),
    ),
    Right(Action.VIEW_SHARED_RESULTS, EVERYONE, note="holding the results link (not the watch link)"),
    Right(Action.CREATE_TABLE, EVERYONE, note="rate-limited; this phone becomes the host (seated if it plays)"),
    Right(Action.IMPORT_TABLE, EVERYONE, note="rate-limited with creating; every entry checked by its move's record"),
    Right(Action.VIEW_HISTORY, EVERYONE, note="only the tables this phone (or its profile) played or hosted"),
    Right(Action.VIEW_CATALOGUE, EVERYONE, note="card facts only: no table, player, seed or time"),
    Right(
        Action.IMPORT_CATALOGUE, EVERYONE, note="rate-limited with creating; every card checked as a purchase checks it"
    ),
    Right(Action.MANAGE_PROFILE, EVERYONE, note="this phone's own profile only"),
    Right(Action.RESTORE_PROFILE, EVERYONE, note="holding the restore link; moves the profile and its seats"),
    Right(Action.USE_SITE, EVERYONE),
)
RIGHT_OF: Mapping[Action, Right] = {right.action: right for right in RIGHTS}


class Denied(Exception):
    """The policy refuses an action: ``right`` says to whom it is open and what to tell the phone.

    ``stranger``: the phone has not joined the table; it is told what an unknown code gets.
    """

    def __init__(self, right: Right, *, stranger: bool = False) -> None:
        super().__init__(right.action.value)
        self.right = right
        self.stranger = stranger


@dataclass(frozen=True)
class Phone:
    """Who asks: a phone's role at one table (or none outside a table).

    ``host`` and ``joined`` come from the phone's signed cookie; ``seat`` is the seat the ledger
    says it holds (None when it holds none, or its seat was freed or taken by another phone);
    ``claimed`` is the seat its cookie names (a move is checked against the ledger as it is appended).
    """

    host: bool = False
    seat: int | None = None
    joined: bool = False
    claimed: int | None = None

    @property
    def roles(self) -> frozenset[Role]:
        """The phone's roles, as the rights table reads them."""
        return roles_of(host=self.host, seat_held=self.seat is not None, joined=self.joined)

    SPECTATOR: ClassVar[Phone]
    ANYONE: ClassVar[Phone]


Phone.SPECTATOR = Phone(joined=True)  # the view every phone at the table shares: no seat, no host
Phone.ANYONE = Phone()  # a phone outside any table


def roles_of(*, host: bool, seat_held: bool, joined: bool) -> frozenset[Role]:
    """Return a phone's roles at a table from its cookie (host, joined) and the ledger (a seat held)."""
    roles = {Role.ANYONE}
    if host:
        roles.add(Role.HOST)
    if seat_held:
        roles.add(Role.PLAYER)
    if joined and not host and not seat_held:
        roles.add(Role.WATCHER)
    if not joined and not host:
        roles.add(Role.STRANGER)
    return frozenset(roles)


def allows(action: Action, roles: frozenset[Role], *, ended: bool = False) -> bool:
    """True when one of ``roles`` may take ``action`` now."""
    right = RIGHT_OF[action]
    if right.when is When.AFTER_END and not ended:
        return False
    return bool(right.roles & roles)


def authorize(
    who: Phone,
    action: Action,
    table: TableState | None = None,
    *,
    move: str | None = None,
    payload: Mapping[str, Any] | None = None,
) -> None:
    """The one door: raise :class:`Denied` unless the phone ``who`` may take ``action`` (at ``table``, now).

    Every route declares its action where it is registered and is let through here alone
    (``companion.web.door``). A phone that has not joined the table is a stranger to it. For
    :data:`Action.RECORD` of a ``move``, the move's own record says who may make it (its ``who``,
    read by :func:`companion.games.rights.move_refusal`), checked again on the ledger as it is
    when the move is appended.
    """
    roles = who.roles
    right = RIGHT_OF[action]
    if table is not None and Role.STRANGER in roles and not right.roles & EVERYONE:
        raise Denied(right, stranger=True)
    if not allows(action, roles, ended=table is not None and table.ended):
        raise Denied(right)
    if action is Action.RECORD and move is not None and table is not None:
        game = get_game(table.setup.game)
        refusal = move_refusal(game, table, move, author=who.seat, by_host=who.host, payload=payload)
        if refusal is None and move_of(game, move).who_at(table.setup) == ACTIVE:
            refusal = turn_refusal(game, table.setup.player, table.game, who.seat, who.host)
        if refusal is not None:
            raise RuleError(refusal.msgid, **refusal.params)


def rights_markdown() -> str:
    """Return the rights table as the README's security section shows it."""
    lines = ["| action | who | when | note |", "|---|---|---|---|"]
    for right in RIGHTS:
        who = ", ".join(role.value for role in Role if role in right.roles)
        lines.append(f"| {right.action.value} | {who} | {right.when.value} | {right.note} |")
    return "\n".join(lines) + "\n"
