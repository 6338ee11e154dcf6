"""Payload checks by pydantic: each move's fields (its record) as a schema, its refusals in the table's words.

A move's record stays the one declaration of its fields; the schema is made from it once per
record and checks every entry: a phone's form (after :func:`companion.web.requests.parse_payload`
typed it), an imported file, a stored ledger folded again. Values are checked strictly (a
number must be a number: "3", 3.0 and True are not), texts trimmed, blanks left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired, Required

from pydantic import AfterValidator, ConfigDict, StringConstraints, TypeAdapter, ValidationError
from pydantic import Field as Constraint
from pydantic_core import ErrorDetails, PydanticCustomError
from typing_extensions import TypedDict

from companion.games.checks import has_control_characters
from companion.games.moves import Field, Move
from companion.games.words import N_, RuleError, listing

MAX_NUMBERS = 20  # an "ints" field: at most this many numbers (its refusal says so)


def check_payload(move: Move, payload: Mapping[str, Any]) -> dict[str, Any]:
    """Return ``payload`` checked against the fields of ``move``, or raise :class:`RuleError`.

    A field given as None or "" counts as left out (an optional field of a form left blank).
    """
    schema = _schemas.get(id(move))
    if schema is None:
        schema = _schemas[id(move)] = _Schema(move)
    given, blank_unknown = payload, []
    values = payload.values()
    if None in values or "" in values:
        given = {key: value for key, value in payload.items() if value is not None and value != ""}
        blank_unknown = [str(key) for key in payload if key not in given and key not in schema.fields]
    try:
        checked: dict[str, Any] = schema.validator.validate_python(given)
    except ValidationError as error:
        raise _refusal(error.errors(), schema.fields, blank_unknown) from None
    if blank_unknown:
        raise RuleError(N_("Unexpected field: {name}."), name=listing(sorted(blank_unknown)))
    return checked


class _Schema:
    """The schema of one move's payload: a typed dict of its fields, nothing more (made once per record)."""

    def __init__(self, move: Move) -> None:
        self.move = move  # kept alive with its schema: the schemas are found by the record's id
        self.fields = {spec.name: spec for spec in move.payload_fields}
        annotations = {
            spec.name: (Required if spec.required else NotRequired)[_type(spec)] for spec in self.fields.values()
        }
        payload = TypedDict("Payload", annotations)  # type: ignore[misc]
        payload.__pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[attr-defined]
        self.validator = TypeAdapter(payload).validator


# By the record's id, not its value (the records are module constants): hashing a record's fields
# for every entry cost more than the check (docs/benchmarks.md, "Payload schemas").
_schemas: dict[int, _Schema] = {}


def _type(spec: Field) -> Any:
    """The value type of one field, with its bounds."""
    whole_number = Annotated[int, Constraint(ge=spec.minimum, le=spec.maximum, strict=True)]
    if spec.type == "text":
        constraints = StringConstraints(strip_whitespace=True, min_length=1, max_length=spec.max_length)
        return Annotated[str, constraints, AfterValidator(_typable)]
    if spec.type == "choice":
        return Literal[spec.choices]
    if spec.type == "bool":
        return bool
    if spec.type == "ints":  # a list or a tuple of numbers
        return Annotated[list[whole_number], Constraint(min_length=1, max_length=MAX_NUMBERS, strict=False)]
    return whole_number  # "int", "seat"


def _typable(text: str) -> str:
    if has_control_characters(text):
        raise PydanticCustomError("control_characters", "control characters")
    return text


def _refusal(errors: list[ErrorDetails], fields: Mapping[str, Field], blank_unknown: list[str]) -> RuleError:
    """The first refusal in the fields' order, said as the table says it (unexpected fields all together)."""
    extra = [str(e["loc"][0]) for e in errors if e["type"] in ("extra_forbidden", "invalid_key")]
    unexpected = sorted(extra + blank_unknown)
    found = [e for e in errors if e["type"] not in ("extra_forbidden", "invalid_key")]
    if not found:
        return RuleError(N_("Unexpected field: {name}."), name=listing(unexpected))
    error = found[0]
    name, kind, value = str(error["loc"][0]), error["type"], error.get("input")
    spec = fields[name]
    if kind == "missing":
        return RuleError(N_("Missing field: {name}."), name=name)
    if spec.type == "text":
        if kind in ("control_characters", "string_unicode"):  # an unpaired surrogate among them
            return RuleError(N_("Text cannot hold control characters."))
        return RuleError(N_("Enter between 1 and {limit} characters."), limit=spec.max_length)
    if spec.type == "choice":
        return RuleError(N_("“{value}” is not allowed here."), value=value)
    if spec.type == "bool":
        return RuleError(N_("“{value}” is not yes or no."), value=value)
    if spec.type == "ints" and len(error["loc"]) == 1:  # the list itself, not one of its numbers
        return RuleError(N_("Enter between 1 and 20 numbers."))
    if kind == "greater_than_equal":
        return RuleError(N_("{value} is below the minimum of {minimum}."), value=value, minimum=spec.minimum)
    if kind == "less_than_equal":
        return RuleError(N_("{value} is above the maximum of {maximum}."), value=value, maximum=spec.maximum)
    return RuleError(N_("“{value}” is not a whole number."), value=value)
