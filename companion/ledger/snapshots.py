"""Folded states as versioned JSON, to store as snapshots (no pickle: nothing stored can run code).

A state is made of the games' frozen dataclasses, tuples, frozensets, dicts (some keyed by
tuples) and plain values. Each is written as JSON with a small tag where JSON has no such type:

    tuple -> [..]            list -> {"l": [..]}       dict -> {"d": [[key, value], ..]}
    frozenset -> {"f": [..]}  set -> {"s": [..]}       dataclass -> {"c": "module:Name", "v": {field: ..}}

The refused entries (``skipped``) are written as each distinct reason with the entries it refused.

Reading back only builds dataclasses defined in the already imported ``companion.games``
modules, with exactly the fields the class has now; anything else is refused (ValueError), and
the caller folds from the ledger instead. ``FORMAT`` changes with this encoding; a game's
``rule_version`` changes with the shape or meaning of its state.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Mapping
from typing import Any

from companion.games.contract import Setup
from companion.games.history import Events
from companion.games.table import TableState

FORMAT = 2  # 2: the seed in force is kept (an imported table draws from a fresh one after its file)
_TRUSTED_PACKAGE = "companion.games."
_STATE_FIELDS = ("game", "tally", "rolls", "claims", "ended", "voided", "skipped", "voids")


def dumps(state: TableState) -> str:
    """Return the state (all but its setup and ledger, which the table and the store hold) as JSON."""
    body = {name: _encode(getattr(state, name)) for name in _STATE_FIELDS if name != "skipped"}
    body["skipped"] = _encode_skipped(state.skipped)
    body["seed"] = state.setup.seed
    return json.dumps({"format": FORMAT, "state": body}, separators=(",", ":"), ensure_ascii=False)


def loads(text: str, setup: Setup, events: Events) -> TableState:
    """Return the state stored by :func:`dumps`, with ``setup`` and ``events``; ValueError if it cannot be read."""
    try:
        document = json.loads(text)
        if document.get("format") != FORMAT:
            raise ValueError(f"snapshot format {document.get('format')!r}, expected {FORMAT}")
        body = document["state"]
        values = {name: _decode(body[name]) for name in _STATE_FIELDS if name != "skipped"}
        values["skipped"] = _decode_skipped(body["skipped"])
        seed = str(body["seed"])
    except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as error:
        raise ValueError(f"unreadable snapshot: {error!r}") from error
    return TableState(setup=dataclasses.replace(setup, seed=seed), events=events, **values)


def _encode_skipped(skipped: Mapping[int, Any]) -> list[Any]:
    """Write each distinct reason once, with the entries it refused (a long ledger repeats a few reasons)."""
    groups: dict[str, tuple[Any, list[int]]] = {}
    for seq, reason in skipped.items():
        groups.setdefault(repr(reason), (reason, []))[1].append(seq)
    return [[_encode(reason), seqs] for reason, seqs in groups.values()]


def _decode_skipped(groups: list[Any]) -> dict[int, Any]:
    skipped: dict[int, Any] = {}
    for reason, seqs in groups:
        value = _decode(reason)
        skipped.update(dict.fromkeys(seqs, value))
    return dict(sorted(skipped.items()))


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    if isinstance(value, list):
        return {"l": [_encode(item) for item in value]}
    if isinstance(value, dict):
        return {"d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, frozenset):
        return {"f": [_encode(item) for item in _ordered(value)]}
    if isinstance(value, set):
        return {"s": [_encode(item) for item in _ordered(value)]}
    kind = type(value)
    names = _field_names(kind)
    if names is None:
        raise TypeError(f"cannot store a {kind.__module__}.{kind.__qualname__} in a snapshot")
    return {"c": f"{kind.__module__}:{kind.__qualname__}", "v": {name: _encode(getattr(value, name)) for name in names}}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """Return the fields of a dataclass of the games' own modules, or None for any other type."""
    names = _FIELDS.get(kind)
    if names is None:
        if not (dataclasses.is_dataclass(kind) and kind.__module__.startswith(_TRUSTED_PACKAGE)):
            return None
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


_FIELDS: dict[type, tuple[str, ...]] = {}
_CLASSES: dict[str, tuple[type, frozenset[str]]] = {}


def _ordered(items: frozenset[Any] | set[Any]) -> list[Any]:
    try:
        return sorted(items)
    except TypeError:
        return list(items)


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return tuple([_decode(item) for item in value])
    if not isinstance(value, dict):
        return value
    if "c" in value:
        return _build(value["c"], value["v"])
    if "d" in value:
        return {_decode(k): _decode(v) for k, v in value["d"]}
    if "l" in value:
        return [_decode(item) for item in value["l"]]
    if "f" in value:
        return frozenset([_decode(item) for item in value["f"]])
    if "s" in value:
        return {_decode(item) for item in value["s"]}
    raise ValueError(f"unknown tag in snapshot: {sorted(value)!r}")


def _build(name: str, fields: dict[str, Any]) -> Any:
    """Rebuild a dataclass of the games' own modules, exactly as stored (its __init__ is not run again)."""
    known = _CLASSES.get(name)
    if known is None:
        known = _CLASSES[name] = _trusted_class(name)
    kind, expected = known
    if fields.keys() != expected:
        raise ValueError(f"snapshot of {name!r} has fields {sorted(fields)}, the class has {sorted(expected)}")
    instance: Any = object.__new__(kind)
    values = {field_name: _decode(raw) for field_name, raw in fields.items()}
    if hasattr(instance, "__dict__"):
        instance.__dict__.update(values)
    else:
        for field_name, field_value in values.items():
            object.__setattr__(instance, field_name, field_value)
    return instance


def _trusted_class(name: str) -> tuple[type, frozenset[str]]:
    module_name, _, qualname = name.partition(":")
    kind: Any = sys.modules.get(module_name) if module_name.startswith(_TRUSTED_PACKAGE) else None
    for part in qualname.split("."):
        kind = getattr(kind, part, None)
    names = _field_names(kind) if isinstance(kind, type) else None
    if names is None:
        raise ValueError(f"snapshot names an unknown class {name!r}")
    return kind, frozenset(names)
