"""Reading what a phone sends: form fields typed into a move's payload, keys, numbers, files, next links."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import request
from werkzeug.datastructures import MultiDict

from companion.games.checks import WHOLE_NUMBER
from companion.games.mechanics.catalogue import MAX_CATALOGUE_BYTES
from companion.games.moves import Move
from companion.games.scenario import MAX_SCENARIO_BYTES
from companion.games.words import N_, RuleError
from companion.web.errors import refuse

# Views that take more than a form's worth of body (``MAX_CONTENT_LENGTH``), and how much: a file
# at its cap plus the multipart envelope around it.
LARGER_BODIES = {
    "tables.import_scenario": MAX_SCENARIO_BYTES + 64 * 1024,
    "catalogue.import_cards": MAX_CATALOGUE_BYTES + 64 * 1024,
}


def allow_larger_bodies() -> None:
    """Let the few views that take a file read a body of their own size (a request hook, before CSRF)."""
    limit = LARGER_BODIES.get(request.endpoint or "")
    if limit is not None:
        request.max_content_length = limit


# Numbers as a Japanese keyboard types them: full-width digits, signs and commas, the ideographic
# space and comma (「３、５」 is 3 and 5), and the minus sign.
_HALF_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: " ", 0x3001: ",", 0x2212: "-"}


def parse_payload(move: Move, form: MultiDict[str, str] | Mapping[str, str]) -> dict[str, Any]:
    """Turn form fields into the payload of ``move`` (types only; its record and the rules check the rest).

    A required field left empty is refused here, in the words of a form: its name means nothing to a player.
    """
    payload: dict[str, Any] = {}
    for spec in move.payload_fields:
        raw = form.get(spec.name, "")
        raw = raw.strip() if isinstance(raw, str) else raw
        if raw == "":
            if spec.required:
                raise RuleError(N_("A box of this form is empty: fill it in, then send it again."))
            continue
        if spec.type in ("text", "choice"):
            payload[spec.name] = raw
        elif spec.type == "bool":
            payload[spec.name] = raw in ("1", "true", "on", "yes")
        elif spec.type == "ints":
            items = raw.translate(_HALF_WIDTH).replace(",", " ").split()
            if spec.maximum is not None and spec.maximum <= 9:  # dice: "35" from a keypad without a space is 3 and 5
                items = [digit for item in items for digit in (item if item.isascii() and item.isdigit() else [item])]
            payload[spec.name] = [_int(item) for item in items]
        else:
            payload[spec.name] = _int(raw.translate(_HALF_WIDTH).strip())
    return payload


def uploaded(field: str, limit: int) -> bytes:
    """Return the file sent in form field ``field``, read to one byte past ``limit`` (b"" when none).

    Every file of the request is closed at once: a large one is spooled to disk, and the collector
    would close it only later.
    """
    upload = request.files.get(field)
    data = upload.read(limit + 1) if upload is not None else b""
    for spooled in request.files.values():
        spooled.close()
    return data


_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def checked_key(raw: str) -> str:
    """Return a well-formed idempotency key from a form, or refuse the form as stale or broken."""
    if not _KEY.fullmatch(raw):
        raise refuse(400, N_("This form is out of date or damaged. Reload the page and try again."))
    return raw


_SEQUENCE_NUMBER = re.compile(r"[0-9]{1,12}", re.ASCII)


def sequence_number(raw: str | None) -> int | None:
    """Return ``raw`` as a whole number written in ASCII digits (a seat, a seq), else None.

    ``str.isdigit`` is true for "²" and other Unicode digits that ``int`` refuses; this is not.
    """
    return int(raw) if raw is not None and _SEQUENCE_NUMBER.fullmatch(raw) else None


def safe_next(raw: str | None, default: str) -> str:
    """Return ``raw`` if it is a path on this site, else ``default`` (for every ``next=`` field).

    Browsers drop tabs and newlines from URLs and read a backslash as a slash, so "/", a tab,
    "/evil.example" leads off-site: any control character, space, backslash, scheme or host is refused.
    """
    if not raw or not raw.startswith("/") or len(raw) > 2048:
        return default
    if any(ord(c) < 0x21 or ord(c) == 0x7F or c == "\\" for c in raw):
        return default
    parts = urlsplit(raw)
    if parts.scheme or parts.netloc or raw.startswith("//"):
        return default
    return raw


def _int(raw: str) -> int:
    """Return a typed whole number: ASCII digits with an optional sign (``int`` also takes "١" and "1_0")."""
    if not WHOLE_NUMBER.fullmatch(raw):
        if raw.lstrip("+-").isascii() and raw.lstrip("+-").isdigit():
            raise RuleError(N_("“{value}…” is too large a number."), value=raw[:12])
        raise RuleError(N_("“{value}” is not a whole number."), value=raw[:20])
    return int(raw)
