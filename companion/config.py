"""Configuration from defaults, the environment (``COMPANION_*``) and a test mapping."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from companion.network import checked_public_url

RATE_LIMIT_KEYS = ("RATE_LIMIT_NEW_TABLE", "RATE_LIMIT_JOIN", "RATE_LIMIT_MISSES")


def load_config(app: Flask, overrides: Mapping[str, Any] | None) -> None:
    """Fill ``app.config``: defaults, then environment variables, then ``overrides``."""
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE_URL=f"sqlite:///{instance / 'companion.sqlite3'}",
        REDIS_URL=None,
        MAX_CONTENT_LENGTH=16 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a game night outlasts the default hour
        SESSION_COOKIE_SAMESITE="Lax",  # Strict would break opening the join link from a QR code
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 60,
        SESSION_REFRESH_EACH_REQUEST=False,  # the cookie is re-sent when it changes, not on every tap
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=str(Path(__file__).parent / "translations"),
        LANGUAGES=("en", "ja"),
        # One step per burst of taps: an advancing move waits this long after the table moved on
        # (companion.games.table.HOLD; 0 turns it off, for tests that step through a game at once).
        ADVANCE_HOLD_SECONDS=1.0,
    )
    environment = {
        "DATABASE_URL": os.environ.get("COMPANION_DATABASE_URL"),
        "REDIS_URL": os.environ.get("COMPANION_REDIS_URL"),
        "SECRET_KEY": os.environ.get("COMPANION_SECRET_KEY"),
        "SESSION_COOKIE_SECURE": os.environ.get("COMPANION_SECURE_COOKIES") == "1",
        # How many proxies (load balancers) stand in front of the app and add X-Forwarded-For:
        # the rate limits count per client address, not per balancer.
        "PROXIES": int(os.environ.get("COMPANION_PROXIES", "0") or 0),
        # The address phones open (behind a reverse proxy): links to share name it, never the Host header.
        "PUBLIC_URL": os.environ.get("COMPANION_PUBLIC_URL"),
        **{key: os.environ.get(f"COMPANION_{key}") for key in RATE_LIMIT_KEYS},
    }
    app.config.from_mapping({k: v for k, v in environment.items() if v})
    if overrides:
        app.config.from_mapping(overrides)
    if app.config.get("PUBLIC_URL"):
        app.config["PUBLIC_URL"] = checked_public_url(app.config["PUBLIC_URL"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(instance)


def _instance_secret(instance: Path) -> str:
    """Return the secret key kept in the instance folder, creating it on first start."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
