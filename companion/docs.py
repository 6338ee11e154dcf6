"""Reference text for docs/events.md, generated from the registry so it never drifts."""

from __future__ import annotations

from companion.games.moves import WHO_PHRASES, Field, Move
from companion.games.options import RuleOption
from companion.games.registry import GAMES
from companion.games.table_moves import TABLE_MOVES
from companion.games.table_state import TABLE_OPTIONS


def _field(spec: Field) -> str:
    bounds = ""
    if spec.choices:
        bounds = " one of " + ", ".join(f"`{c}`" for c in spec.choices)
    elif spec.minimum is not None or spec.maximum is not None:
        bounds = f" {spec.minimum}…{spec.maximum}"
    optional = " (optional)" if not spec.required else ""
    return f"`{spec.name}`: {spec.type}{bounds}{optional}"


def _who(move: Move) -> str:
    if callable(move.who):
        return "depends on a rule option"
    return WHO_PHRASES[move.who]


def _moves(moves: tuple[Move, ...]) -> list[str]:
    lines = ["| kind | what | payload | who may | undoable | guard |", "|---|---|---|---|---|---|"]
    for move in moves:
        fields = "; ".join(_field(f) for f in move.fields) or "—"
        guard = f"`{move.guard.field}`: the value shown when the move was made" if move.guard else "—"
        if move.advances:
            guard += "; advances the table: refused for a moment after the table moved on (one step per burst)"
        undo = "yes" if move.undoable else "no"
        lines.append(f"| `{move.kind}` | {move.label} | {fields} | {_who(move)} | {undo} | {guard} |")
    return lines


def _options(options: tuple[RuleOption, ...]) -> list[str]:
    if not options:
        return ["No rule options."]
    lines = ["| option | meaning | default | values |", "|---|---|---|---|"]
    for option in options:
        values = ", ".join(f"`{c.value}` ({c.label})" for c in option.choices) or option.kind
        note = f" {option.note}" if option.note else ""
        default = option.default if option.choices else option.describe(option.default)
        lines.append(f"| `{option.key}` | {option.label}.{note} | `{default}` | {values} |")
    return lines


def events_reference() -> str:
    """Return the Markdown reference of every event kind and rule option."""
    out = [
        "# Event kinds and rule options",
        "",
        "Generated from the game registry by `python -m companion.docs > docs/events.md`;",
        "a test fails when this file is out of date.",
        "",
        "A move that *advances the table* (a flip, an end of round or turn, the end of the table) takes one",
        "step per burst of taps: when it is appended less than a second after another entry changed the",
        "value its guard checks, it is refused as already done. This is decided when an entry is appended,",
        "from the times entries were stored; a ledger is always replayed as it is.",
        "",
        "## Every table",
        "",
        *_moves(TABLE_MOVES),
        "",
        *_options(TABLE_OPTIONS),
    ]
    for game in GAMES.values():
        out += ["", f"## {game.name} (`{game.slug}`)", "", f"{game.min_players}–{game.max_players} players.", ""]
        if game.moves:
            out += [*_moves(game.moves), ""]
        if game.tally_categories:
            out += ["Tally categories (the score sheet):", ""]
            out += [f"- `{c.key}`: {c.label}{'' if c.scores else ' (tie-break only)'}" for c in game.tally_categories]
            out += [""]
        out += _options(game.options)
        out += game.reference()
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(events_reference())
