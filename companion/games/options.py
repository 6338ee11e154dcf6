"""Rule options: named choices with defaults, when each applies, and how the results page says them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.checks import WHOLE_NUMBER
from companion.games.words import N_, NO, YES, RuleError, listing, number

if TYPE_CHECKING:
    from companion.games.contract import Setup


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice option or field.

    ``short``: the choice as the results page names it after its option ("Ties: no one scores"),
    when its label says more than that (a label that holds a colon itself, "1st edition: 3–5
    players, 10 zones", would read as a chain of colons there); the label when empty.
    """

    value: str
    label: str
    short: str = ""


@dataclass(frozen=True)
class RuleOption:
    """A named rule option with a default, shown in the table settings and on the results.

    ``applies`` (optional) says from the table's option values whether this option matters at all
    (e.g. the ASTRA level only in solo play); without it the option always applies.
    """

    key: str
    label: str
    default: Any
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    note: str = ""
    applies: Callable[[Mapping[str, Any]], bool] | None = None
    counts: tuple[int, int] | None = None  # a list of numbers: how many it may hold (default: as many as the default)

    def applies_to(self, values: Mapping[str, Any]) -> bool:
        """Return whether this option matters at a table with these option values."""
        return self.applies is None or bool(self.applies(values))

    @property
    def kind(self) -> str:
        """Return ``choice``, ``bool``, ``int`` or ``ints`` (a list of numbers)."""
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "ints"

    def coerce(self, raw: Any) -> Any:
        """Return ``raw`` as a valid value of this option, or raise :class:`RuleError`."""
        if self.kind == "choice":
            value = str(raw)
            if value not in {choice.value for choice in self.choices}:
                raise RuleError(N_("“{value}” is not a choice of this option."), value=value)
            return value
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            return str(raw).lower() in {"1", "true", "on", "yes"}
        if self.kind == "int":
            return self._number(raw)
        items = raw.replace(",", " ").split() if isinstance(raw, str) else list(raw)
        if self.counts is not None:
            if not self.counts[0] <= len(items) <= self.counts[1]:
                raise RuleError(
                    N_("This option needs between {fewest} and {most} numbers."),
                    fewest=self.counts[0],
                    most=self.counts[1],
                )
        elif len(items) != len(self.default):
            raise RuleError(N_("This option needs exactly {count} numbers."), count=len(self.default))
        return tuple(self._number(item) for item in items)

    def _number(self, raw: Any) -> int:
        if isinstance(raw, bool) or not (
            isinstance(raw, int) or (isinstance(raw, str) and WHOLE_NUMBER.fullmatch(raw.strip()))
        ):
            raise RuleError(N_("“{value}” is not a whole number."), value=str(raw)[:20])
        value = int(raw)
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise RuleError(
                N_("{value} is outside {minimum}–{maximum}."),
                value=value,
                minimum=self.minimum,
                maximum=self.maximum,
            )
        return value

    def describe(self, value: Any) -> str:
        """Return the value as shown on the results page (an untranslated label or number)."""
        if self.kind == "choice":
            return next(c.short or c.label for c in self.choices if c.value == value)
        if self.kind == "bool":
            return YES if value else NO
        if self.kind == "ints":
            return " ".join(number(v) for v in value)
        return str(value)


def option_value(setup: Setup, options: Sequence[RuleOption], key: str) -> Any:
    """Return the table's value of option ``key`` (its default if the setup predates it)."""
    if key in setup.options:
        return setup.options[key]
    return next(option.default for option in options if option.key == key)


def resolve_options(options: Sequence[RuleOption], given: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option's value: the given one (validated) or the default."""
    unknown = set(given) - {option.key for option in options}
    if unknown:
        raise RuleError(N_("Unknown rule option: {name}."), name=listing(sorted(unknown)))
    return {
        option.key: option.coerce(given[option.key]) if option.key in given else option.default for option in options
    }


def when(conditions: Mapping[str, str | tuple[str, ...]]) -> Callable[[Mapping[str, Any]], bool]:
    """Return an ``applies`` test: every named option has the given value (or one of the given values).

    ``RuleOption(..., applies=when({MODE: SOLO, ADVENTURE: "1"}))`` declares the option relevant
    only in solo play of adventure 1.
    """
    wanted = {key: (value,) if isinstance(value, str) else value for key, value in conditions.items()}

    def test(values: Mapping[str, Any]) -> bool:
        return all(str(values.get(key)) in allowed for key, allowed in wanted.items())

    return test


def with_defaults(options: Sequence[RuleOption], values: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option's value at a table: the stored one, or the default for a setup that predates it."""
    return {option.key: values.get(option.key, option.default) for option in options}


def relevant_options(options: Sequence[RuleOption], values: Mapping[str, Any]) -> tuple[RuleOption, ...]:
    """Return the options that matter at a table with these option values, in their declared order."""
    complete = {**values, **with_defaults(options, values)}
    return tuple(option for option in options if option.applies_to(complete))


def applied_options(options: Sequence[RuleOption], values: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Return (label, value) pairs of the options a scoreboard was computed with (the relevant ones only)."""
    return tuple(
        (option.label, option.describe(values.get(option.key, option.default)))
        for option in relevant_options(options, values)
    )
