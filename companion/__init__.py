"""Table Companion: a scoring and bookkeeping companion for cardboard board games.

``create_app`` is loaded on first use so that importing ``companion.games`` (the pure rules)
pulls in no web framework.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from companion.web.app import create_app

        return create_app
    raise AttributeError(name)
