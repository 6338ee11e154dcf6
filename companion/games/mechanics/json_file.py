"""A JSON file a phone uploads (a scenario, a card catalogue): read only within its limits.

Size, encoding (UTF-8 with or without a byte-order mark), depth and the top-level object are
checked here, each refusal in the file's own words; what the object holds is the caller's to check.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from companion.games.checks import nesting_depth
from companion.games.words import N_, RuleError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class JsonFile:
    """One kind of uploaded JSON file: its limits, and how each refusal names it.

    ``too_large`` and ``too_deep`` take a ``{limit}`` (MB, levels).
    """

    max_bytes: int
    max_depth: int
    too_large: str
    too_deep: str
    not_an_object: str

    def read(self, data: bytes | str) -> dict[str, Any]:
        """Return the JSON object in ``data``, or raise RuleError if it is too large, too deep or not JSON."""
        raw = data.encode() if isinstance(data, str) else data
        if len(raw) > self.max_bytes:
            raise RuleError(self.too_large, limit=self.max_bytes // 2**20)
        try:
            parsed = json.loads(raw.decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise RuleError(N_("This is not a JSON file: it is not UTF-8 text.")) from None
        except RecursionError:
            raise RuleError(self.too_deep, limit=self.max_depth) from None
        except json.JSONDecodeError as error:  # the library's own text goes to the server's log only
            log.info("an uploaded file is not JSON: %s", error)
            raise RuleError(
                N_("This is not a JSON file: it cannot be read from line {line}, character {column}."),
                line=error.lineno,
                column=error.colno,
            ) from None
        except ValueError as error:  # a number of thousands of digits
            log.info("an uploaded JSON file cannot be read: %s", error)
            raise RuleError(N_("This JSON file holds a number too long to read.")) from None
        if nesting_depth(parsed, self.max_depth) > self.max_depth:
            raise RuleError(self.too_deep, limit=self.max_depth)
        if not isinstance(parsed, dict):
            raise RuleError(self.not_an_object)
        return parsed
