"""Who may do what: the one table of rights, read by every route and, through the move records, every move.

A phone has one role at a table: the **host** (it created the table, imported it, or opened a host
recovery link), a **player** (the ledger says it holds a seat), a **watcher** (it opened the watch
link, or its seat was freed) or a **stranger** (it has not joined the table: it gets the same 404 as
an unknown code). Outside a table every phone is **anyone**. A host who also holds a seat has both
roles at once.

:data:`RIGHTS` says, for each action, which roles may take it and when; :data:`ROUTES` names the
action of every route (the README's table of rights is made from it, and a test checks each of the
app's routes against it). Views call :func:`require` and never decide a right themselves. A move's
own rule of who may make it (``Move.who``: the seat's player, anyone seated, the host, only the
join flow) is read from its record by :func:`companion.games.table.decide` on the ledger as it is
when the move is appended; :data:`RIGHTS` says that a phone records at all. A seat's secrets (its
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

from companion.games.moves import WHO_PHRASES
from companion.games.words import N_


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

# Every route of the app, by endpoint, and the action it takes (a test checks that none is missing).
ROUTES: Mapping[str, Action] = {
    "tables.home": Action.USE_SITE,
    "tables.new_table": Action.CREATE_TABLE,
    "tables.create_table": Action.CREATE_TABLE,
    "tables.join": Action.JOIN,
    "tables.watch": Action.WATCH,
    "tables.theme": Action.USE_SITE,
    "tables.language": Action.USE_SITE,
    "play.table": Action.VIEW_TABLE,
    "play.record": Action.RECORD,
    "play.take_seat": Action.TAKE_SEAT_AS_HOST,
    "play.log": Action.VIEW_TABLE,
    "play.results": Action.VIEW_TABLE,
    "play.join_qr": Action.SHOW_JOIN_CODE,
    "play.export": Action.DOWNLOAD_SCENARIO,
    "live.stream": Action.FOLLOW_LIVE,
    "results.public": Action.VIEW_SHARED_RESULTS,
    "results.public_qr": Action.VIEW_SHARED_RESULTS,
    "results.table_players_csv": Action.EXPORT_RESULTS,
    "results.table_categories_csv": Action.EXPORT_RESULTS,
    "results.table_bgstats": Action.EXPORT_RESULTS,
    "results.history": Action.VIEW_HISTORY,
    "results.history_players_csv": Action.VIEW_HISTORY,
    "results.history_categories_csv": Action.VIEW_HISTORY,
    "profiles.me": Action.MANAGE_PROFILE,
    "profiles.create_profile": Action.MANAGE_PROFILE,
    "profiles.profile_qr": Action.MANAGE_PROFILE,
    "profiles.delete_profile": Action.MANAGE_PROFILE,
    "profiles.restore": Action.RESTORE_PROFILE,
    "host.host_recovery": Action.MAKE_HOST_KEY,
    "host.revoke_host_recovery": Action.MAKE_HOST_KEY,
    "host.recover_host": Action.RECOVER_HOST,
    "tables.import_form": Action.IMPORT_TABLE,
    "tables.import_scenario": Action.IMPORT_TABLE,
    "catalogue.page": Action.VIEW_CATALOGUE,
    "catalogue.download": Action.VIEW_CATALOGUE,
    "catalogue.import_cards": Action.IMPORT_CATALOGUE,
    "shell.manifest": Action.USE_SITE,
    "shell.service_worker": Action.USE_SITE,
    "shell.offline": Action.USE_SITE,
    "static": Action.USE_SITE,
}


class Denied(Exception):
    """The policy refuses an action: ``right`` says to whom it is open and what to tell the phone."""

    def __init__(self, right: Right) -> None:
        super().__init__(right.action.value)
        self.right = right


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


def require(action: Action, roles: frozenset[Role], *, ended: bool = False) -> None:
    """Raise :class:`Denied` unless one of ``roles`` may take ``action`` now."""
    if not allows(action, roles, ended=ended):
        raise Denied(RIGHT_OF[action])


def rights_markdown() -> str:
    """Return the rights table as the README's security section shows it."""
    lines = ["| action | who | when | note |", "|---|---|---|---|"]
    for right in RIGHTS:
        who = ", ".join(role.value for role in Role if role in right.roles)
        lines.append(f"| {right.action.value} | {who} | {right.when.value} | {right.note} |")
    return "\n".join(lines) + "\n"
