"""A row of chips in a form, as the games' views offer them: one tap picks a value, nothing is typed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pick:
    """A row of chips (radio buttons) in a form: one tap picks the field's value, nothing is typed."""

    field: str
    legend: str  # a message id
    choices: tuple[tuple[object, object], ...]  # (value sent, label: a number, a message id or a Message)
    checked: object = None
    required: bool = False
