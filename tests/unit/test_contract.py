"""The game contract: pure, registered by slug, and honoured by every game."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from companion import games as games_package
from companion.games.contract import Event, Player, Setup
from companion.games.moves import Field as MoveField
from companion.games.moves import Move
from companion.games.options import resolve_options
from companion.games.payloads import check_payload
from companion.games.registry import GAMES, get_game
from companion.games.table import decide, fold, new_table, score
from companion.games.table_moves import TABLE_MOVES
from companion.games.table_state import TABLE_OPTIONS
from companion.games.words import RuleError, msg

SLUGS = list(GAMES)  # every registered game meets each test below: a new game needs no line here
GAME_PACKAGES = sorted(
    path.parent.name
    for path in Path(games_package.__file__).parent.glob("*/__init__.py")
    if "GAME =" in path.read_text()
)


def test_the_game_core_imports_no_web_or_storage_library() -> None:
    code = (
        "import sys, companion.games.registry, companion.games.table;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlmodel', 'sqlalchemy', 'jinja2')];"
        "print(','.join(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_registry_holds_every_game_package_by_its_slug() -> None:
    assert len(GAME_PACKAGES) >= 6  # the five space games and the score pad
    packaged = [importlib.import_module(f"companion.games.{name}").GAME for name in GAME_PACKAGES]
    assert sorted(game.slug for game in packaged) == sorted(GAMES)
    assert all(GAMES[game.slug] is game for game in packaged)
    assert all(game.slug == slug for slug, game in GAMES.items())


def test_unknown_game_is_a_rule_error() -> None:
    with pytest.raises(RuleError, match="Unknown game: monopoly"):
        get_game("monopoly")


def setup_for(slug: str) -> Setup:
    game = get_game(slug)
    count = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
    players = tuple(Player(seat, f"P{seat}", "#000000") for seat in range(1, count + 1))
    options = resolve_options((*TABLE_OPTIONS, *game.options), {})
    return Setup(slug, players, options, "seed")


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_starts_scores_and_ranks_an_empty_table(slug: str) -> None:
    game = get_game(slug)
    setup = setup_for(slug)
    game.check_setup(setup)
    board = score(game, new_table(game, setup))
    assert [p.seat for p in board.players] == [1, 2, 3][: len(setup.players)]
    # Everyone starts level: at 0, or (Andromeda) with the same stations on Earth.
    assert all(p.rank == 1 for p in board.players)
    assert len({p.total for p in board.players}) == 1
    assert board.tie_break, "a tie must be explained"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_option_default_is_a_valid_value(slug: str) -> None:
    for option in get_game(slug).options:
        assert option.coerce(option.default) == option.default


@pytest.mark.parametrize("slug", SLUGS)
def test_a_rejected_event_changes_nothing(slug: str) -> None:
    game = get_game(slug)
    setup = setup_for(slug)
    state = new_table(game, setup)
    with pytest.raises(RuleError) as error:
        decide(game, state, Event(1, "tally.add", {"seat": 9, "category": "points", "delta": 1}, by_host=True))
    assert error.value.message.msgid
    assert fold(game, setup, []) == state


def test_payload_checks_types_bounds_and_unknown_fields() -> None:
    kinds = {k.kind: k for k in TABLE_MOVES}
    kind = kinds["tally.add"]
    assert check_payload(kind, {"seat": 1, "category": "vp", "delta": 3}) == {
        "seat": 1,
        "category": "vp",
        "delta": 3,
    }
    for bad, reason in (
        ({"seat": 1, "category": "vp"}, "Missing field: delta."),
        ({"seat": 1, "category": "vp", "delta": "3"}, "“3” is not a whole number."),
        ({"seat": 1, "category": "vp", "delta": 10_000}, "10000 is above the maximum of 999."),
        ({"seat": 1, "category": "vp", "delta": 1, "extra": 2}, "Unexpected field: extra."),
        ({"seat": True, "category": "vp", "delta": 1}, "“True” is not a whole number."),
    ):
        with pytest.raises(RuleError) as refused:
            check_payload(kind, bad)
        assert refused.value.message.render() == reason


EVERY_TYPE = Move(
    "test.every-type",
    "Every type",
    (
        MoveField("name", "text", max_length=5),
        MoveField("colour", "choice", choices=("red", "blue")),
        MoveField("sure", "bool"),
        MoveField("dice", "ints", 1, 6),
        MoveField("note", "text", required=False),
    ),
    apply=lambda setup, state, event: state,
    describe=lambda setup, state, event, who: msg("{who}", who=who),
)


def test_each_kind_of_field_is_checked_as_the_record_declares_it() -> None:
    good = {"name": "  Aki ", "colour": "red", "sure": False, "dice": (1, 6), "note": ""}
    assert check_payload(EVERY_TYPE, good) == {"name": "Aki", "colour": "red", "sure": False, "dice": [1, 6]}
    for bad, reason in (
        ({"name": "Akiko!"}, "Enter between 1 and 5 characters."),
        ({"name": "   "}, "Enter between 1 and 5 characters."),
        ({"name": 5}, "Enter between 1 and 5 characters."),
        ({"name": "A\u202eB"}, "Text cannot hold control characters."),
        ({"colour": "green"}, "“green” is not allowed here."),
        ({"sure": "yes"}, "“yes” is not yes or no."),
        ({"dice": []}, "Enter between 1 and 20 numbers."),
        ({"dice": list(range(1, 22))}, "Enter between 1 and 20 numbers."),
        ({"dice": "1 2"}, "Enter between 1 and 20 numbers."),
        ({"dice": [1, 7]}, "7 is above the maximum of 6."),
        ({"dice": [0]}, "0 is below the minimum of 1."),
        ({"dice": [2.0]}, "“2.0” is not a whole number."),
        ({"other": None, "more": 1}, "Unexpected field: more, other."),
    ):
        with pytest.raises(RuleError) as refused:
            check_payload(EVERY_TYPE, {**good, **bad})
        assert refused.value.message.render() == reason, bad


def test_player_count_is_checked_per_game() -> None:
    game = get_game("andromeda")
    setup = Setup("andromeda", (Player(1, "A", "#000"), Player(2, "B", "#111")), {}, "s")
    with pytest.raises(RuleError, match="This game is for"):
        game.check_setup(setup)


def test_the_event_reference_in_docs_is_up_to_date() -> None:
    from pathlib import Path

    from companion.docs import events_reference

    path = Path(__file__).resolve().parents[2] / "docs" / "events.md"
    assert path.read_text() == events_reference(), "run: python -m companion.docs > docs/events.md"


def sample_payload(kind) -> dict:  # type: ignore[no-untyped-def,type-arg]
    values = {
        "int": lambda f: max(f.minimum or 1, 1),
        "seat": lambda f: 1,
        "text": lambda f: "x",
        "choice": lambda f: f.choices[0],
        "ints": lambda f: [1],
        "bool": lambda f: True,
    }
    return {f.name: values[f.type](f) for f in kind.fields}


@pytest.mark.parametrize("slug", SLUGS)
def test_every_event_kind_reads_in_plain_words(slug: str) -> None:
    from companion.games.table import describe
    from companion.games.table_moves import moves

    game = get_game(slug)
    setup = setup_for(slug)
    state = new_table(game, setup)
    for kind in moves(game).values():
        text = describe(game, state, Event(1, kind.kind, sample_payload(kind), author=1))
        assert text.render() and "{" not in text.render(), kind.kind
