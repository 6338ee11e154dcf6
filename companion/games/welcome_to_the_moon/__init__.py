"""Welcome to the Moon: the game as the registry sees it (rules, view, templates, reference)."""

from __future__ import annotations

from pathlib import Path

from companion.games.contract import Setup
from companion.games.mechanics.board_game import BoardGame
from companion.games.mechanics.sheet import check_player_count
from companion.games.welcome_to_the_moon import rules
from companion.games.welcome_to_the_moon.astra import astra_track
from companion.games.welcome_to_the_moon.deck import initial_state, redraw_hidden
from companion.games.welcome_to_the_moon.rule_options import OPTIONS, adventure_of, is_solo
from companion.games.welcome_to_the_moon.scoring import score_moon
from companion.games.welcome_to_the_moon.sheets import ADVENTURES
from companion.games.welcome_to_the_moon.state import SLUG
from companion.games.welcome_to_the_moon.view import moon_view
from companion.games.words import N_


def check_setup(setup: Setup) -> None:
    """Solo is for exactly one player; together, 1 to 6."""
    if is_solo(setup):
        check_player_count(1, 1, len(setup.players))
        if adventure_of(setup).number == 1:
            astra_track(setup)  # refuses a track that is not points then (rockets, points) pairs
    else:
        check_player_count(1, 6, len(setup.players))


def _reference() -> tuple[str, ...]:
    """The boxes of every adventure's score sheet, for docs/events.md."""
    out = [
        "",
        f"### Welcome to the Moon: score sheet boxes (`{rules.SHEET}` fields)",
        "",
        f"Each `{rules.SHEET}` event sets one box of one player's sheet: "
        '`{"seat": 1, "field": "plants", "value": 8}`. Yes/no boxes take 0 or 1. Missions, system '
        f"errors and the majority awards are not sheet boxes: they come from `{rules.MISSION}`, "
        f"`{rules.ERROR}` and the table's sheets.",
    ]
    for adventure in ADVENTURES.values():
        out += ["", f"#### Adventure {_text(adventure.name)}", "", f"{adventure.error_boxes} system error boxes."]
        if adventure.majority:
            out.append(f"Compared across the table: `{adventure.majority}`.")
        out += [_text(note) for note in adventure.notes]
        if adventure.bonus_spaces:
            out.append(
                f"Bonus spaces raced for across the table (`{rules.BONUS}` `space`): "
                + ", ".join(
                    f"{n} = {_text(b.label)} ({b.first} / {b.later})" for n, b in enumerate(adventure.bonus_spaces, 1)
                )
                + ". The first value goes to every player who reaches a space in the earliest turn anyone does."
            )
        out += ["", "| field | box | range |", "|---|---|---|"]
        older = " (tables before rule version 2)"
        out += [
            f"| `{f.key}` | {_text(f.label)}{older if f.legacy else ''} | {f.minimum}…{f.maximum} |"
            for f in adventure.fields
        ]
    return tuple(out)


def _text(label: object) -> str:
    render = getattr(label, "render", None)
    return str(render()) if render is not None else str(label)


GAME = BoardGame(
    slug=SLUG,
    name=N_("Welcome to the Moon"),
    min_players=1,
    max_players=6,
    options=OPTIONS,
    moves=rules.MOVES,
    templates=str(Path(__file__).parent / "templates"),
    bgg_id=339789,  # BoardGameGeek, for BG Stats
    check_setup=check_setup,
    initial_state=initial_state,
    score_state=score_moon,
    view=moon_view,
    reference_lines=_reference(),
    redraw_hidden=redraw_hidden,
)
