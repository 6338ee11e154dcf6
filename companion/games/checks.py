"""What a typed or uploaded value may hold: whole numbers, no untypable characters, a bounded nesting."""

from __future__ import annotations

import re
from typing import Any

WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}", re.ASCII)  # what a form's number may be: int() also takes "١", "1_0"


# Never typed into a field: control characters (NUL, line breaks, escapes), unpaired surrogates (a
# JSON file's "\ud800": no database or page can encode them) and the bidirectional overrides and
# isolates that make a name read as another.
_UNTYPABLE = (
    (0x00, 0x1F),
    (0x7F, 0x9F),
    (0xD800, 0xDFFF),
    (0x202A, 0x202E),
    (0x2066, 0x2069),
)


def has_control_characters(text: str) -> bool:
    """True when ``text`` holds a character nobody types into a name or a field (see ``_UNTYPABLE``)."""
    return any(low <= ord(c) <= high for c in text for low, high in _UNTYPABLE)


def nesting_depth(value: Any, cap: int) -> int:
    """Return how deeply lists and objects nest in ``value`` (without recursion; past ``cap`` it stops looking)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if level <= cap:  # deeper than the cap is enough to know
            stack.extend((child, level + 1) for child in children)
    return deepest
