"""Reference text for docs/events.md, generated from the registry so it never drifts."""

from __future__ import annotations

from companion.games.base import EventKind, Field, Message, RuleOption
from companion.games.registry import GAMES
from companion.games.table import TABLE_EVENT_KINDS, TABLE_OPTIONS


def _field(spec: Field) -> str:
    bounds = ""
    if spec.choices:
        bounds = " one of " + ", ".join(f"`{c}`" for c in spec.choices)
    elif spec.minimum is not None or spec.maximum is not None:
        bounds = f" {spec.minimum}…{spec.maximum}"
    optional = " (optional)" if not spec.required else ""
    return f"`{spec.name}`: {spec.type}{bounds}{optional}"


def _kinds(kinds: tuple[EventKind, ...]) -> list[str]:
    lines = ["| kind | what | payload | undoable |", "|---|---|---|---|"]
    for kind in kinds:
        fields = "; ".join(_field(f) for f in kind.fields) or "—"
        host = " (host only)" if kind.host_only else ""
        lines.append(f"| `{kind.kind}` | {kind.label}{host} | {fields} | {'yes' if kind.voidable else 'no'} |")
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


def _render(label: object) -> str:
    return label.render() if isinstance(label, Message) else str(label)


def _moon_sheets() -> list[str]:
    from companion.games.moon_sheets import ADVENTURES

    out = [
        "",
        "### Welcome to the Moon: score sheet boxes (`wttm.sheet` fields)",
        "",
        "Each `wttm.sheet` event sets one box of one player's sheet: "
        '`{"seat": 1, "field": "plants", "value": 8}`. Yes/no boxes take 0 or 1. Missions, system '
        "errors and the majority awards are not sheet boxes: they come from `wttm.mission`, "
        "`wttm.error` and the table's sheets.",
    ]
    for adventure in ADVENTURES.values():
        out += ["", f"#### Adventure {_render(adventure.name)}", "", f"{adventure.error_boxes} system error boxes."]
        if adventure.majority:
            out.append(f"Compared across the table: `{adventure.majority}`.")
        out += ["", "| field | box | range |", "|---|---|---|"]
        out += [f"| `{f.key}` | {_render(f.label)} | {f.minimum}…{f.maximum} |" for f in adventure.fields]
    return out


def events_reference() -> str:
    """Return the Markdown reference of every event kind and rule option."""
    out = [
        "# Event kinds and rule options",
        "",
        "Generated from the game registry by `python -m companion.docs > docs/events.md`;",
        "a test fails when this file is out of date.",
        "",
        "## Every table",
        "",
        *_kinds(TABLE_EVENT_KINDS),
        "",
        *_options(TABLE_OPTIONS),
    ]
    for game in GAMES.values():
        out += ["", f"## {game.name} (`{game.slug}`)", "", f"{game.min_players}–{game.max_players} players.", ""]
        if game.event_kinds:
            out += [*_kinds(game.event_kinds), ""]
        if game.tally_categories:
            out += ["Tally categories (the score sheet):", ""]
            out += [f"- `{c.key}`: {c.label}{'' if c.scores else ' (tie-break only)'}" for c in game.tally_categories]
            out += [""]
        out += _options(game.options)
        if game.slug == "welcome-to-the-moon":
            out += _moon_sheets()
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(events_reference())
