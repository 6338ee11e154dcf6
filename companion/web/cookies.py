"""Signed cookies checked once: the session and the CSRF token of a phone that taps again and again.

A phone sends the same session cookie and the same CSRF token with every tap. Checking their
signatures (a key derivation and an HMAC each, through itsdangerous) cost more than storing the
tap. A cookie or token whose signature was verified once under the same secret key is the same
proof the next time, so the verified content is kept, by the exact signed text, in a bounded
map; the session's age is still checked on every request against the cookie's own timestamp.
"""

from __future__ import annotations

import hmac
import json
import re
import time
from http import HTTPStatus
from typing import Any

from flask import Flask, Request, Response, current_app, g, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from flask_wtf import csrf as flask_wtf_csrf
from flask_wtf.csrf import CSRFProtect, same_origin
from itsdangerous import BadData, URLSafeTimedSerializer

from companion.web.recent import Recent

CACHE_SIZE = 20_000  # phones; each entry is a few hundred bytes


class CheckedOnceSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with each distinct cookie's signature verified once."""

    def __init__(self) -> None:
        self._verified: Recent[tuple[str, str], tuple[tuple[bool, str], float]] = Recent(CACHE_SIZE)
        self._serializers: dict[tuple[Any, ...], URLSafeTimedSerializer] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        if not app.secret_key:
            return None
        keys = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        serializer = self._serializers.get(keys)
        if serializer is None:
            serializer = super().get_signing_serializer(app)
            assert serializer is not None
            self._serializers = {keys: serializer}  # one secret at a time
        return serializer

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        value = _sole_cookie(request, self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        key = (str(app.secret_key), value)
        known = self._verified.get(key)
        if known is None:
            try:
                data, signed_at = serializer.loads(value, max_age=max_age, return_timestamp=True)
            except BadData:
                return self.session_class()
            known = (_as_text(data), signed_at.timestamp())
            self._verified.put(key, known)
        (plain, text), signed_at_seconds = known
        if time.time() - signed_at_seconds > max_age:
            return self.session_class()
        return self.session_class(json.loads(text) if plain else self.serializer.loads(text))  # a fresh dict

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        if session and not self.should_set_cookie(app, session):
            # Nothing to send (the usual case: a tap changes nothing in the cookie). An answer
            # without a body (204) has nothing for a cache to keep apart.
            if session.accessed and response.status_code != HTTPStatus.NO_CONTENT:
                add_vary(response, "Cookie")
            return
        super().save_session(app, session, response)


_PLAIN_VALUE = re.compile(r"[A-Za-z0-9._-]+")


def _sole_cookie(request: Request, name: str) -> str | None:
    """Return the cookie ``name``: read off the header when it is the only cookie sent, in plain
    characters (what a phone of ours sends: the signed session alone), else parsed by Werkzeug."""
    header = request.environ.get("HTTP_COOKIE", "")
    start = len(name) + 1
    if header.startswith(name) and header[start - 1 : start] == "=" and _PLAIN_VALUE.fullmatch(header, start):
        return str(header[start:])
    return request.cookies.get(name)


def _as_text(data: dict[str, Any]) -> tuple[bool, str]:
    """Return the session as JSON: plain when it holds only JSON's own types (read back fastest), else tagged."""
    try:
        text = json.dumps(data)
    except TypeError:
        text = None
    if text is not None and json.loads(text) == data:
        return True, text
    return False, SecureCookieSessionInterface.serializer.dumps(data)


def add_vary(response: Response, name: str) -> None:
    """Add ``name`` to the response's ``Vary`` header (without parsing it into a set and back)."""
    vary = response.headers.get("Vary")
    if not vary:
        response.headers["Vary"] = name
    elif name.lower() not in (part.strip().lower() for part in vary.split(",")):
        response.headers["Vary"] = f"{vary}, {name}"


# (secret, session's raw token) -> the signed token handed out; (secret, signed token sent back) -> its raw token
_signed_tokens: Recent[tuple[str, str], str] = Recent(CACHE_SIZE)
_checked_tokens: Recent[tuple[str, str], str] = Recent(CACHE_SIZE)
_CSRF_SIGNED = "companion_csrf_signed"


def _reusable() -> bool:
    """Signed tokens carry no deadline here (``WTF_CSRF_TIME_LIMIT`` is None), so one per session will do."""
    return current_app.config.get("WTF_CSRF_TIME_LIMIT") is None


def csrf_token() -> str:
    """Return this session's signed CSRF token (Flask-WTF's, signed once per session and secret)."""
    signed = g.get(_CSRF_SIGNED)
    if signed is not None:
        return str(signed)
    field = current_app.config["WTF_CSRF_FIELD_NAME"]
    raw = session.get(field)
    known = _signed_tokens.get((str(current_app.secret_key), str(raw))) if raw and _reusable() else None
    if known is not None:
        signed = known
    else:
        signed = flask_wtf_csrf.generate_csrf()  # gives the session its raw token when it has none
        if _reusable():
            _signed_tokens.put((str(current_app.secret_key), str(session[field])), signed)
    setattr(g, _CSRF_SIGNED, signed)
    return str(signed)


class CheckedOnceCSRF(CSRFProtect):  # type: ignore[misc]  # Flask-WTF has no type hints
    """Flask-WTF's CSRF protection, with each signed token's signature verified once per secret.

    Every tap asks: the request, its session and the app's config are looked up once here.
    """

    def protect(self, apply_exemptions: bool = False) -> None:
        app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
        config = app.config
        sent: Request = request._get_current_object()  # type: ignore[attr-defined]
        if sent.method not in config["WTF_CSRF_METHODS"]:
            return  # reading: nothing to check
        reusable = config["WTF_CSRF_TIME_LIMIT"] is None
        field = config["WTF_CSRF_FIELD_NAME"]
        token = sent.form.get(field) or self._get_csrf_token()  # the form's own field, as Flask-WTF looks first
        raw = session.get(field)
        if reusable and token and raw:
            known = _checked_tokens.get((str(app.secret_key), str(token)))
            if known is not None and hmac.compare_digest(known, str(raw)):
                strict = sent.is_secure and config["WTF_CSRF_SSL_STRICT"]
                if strict and (not sent.referrer or not same_origin(sent.referrer, f"https://{sent.host}/")):
                    super().protect(apply_exemptions)  # refuses, saying why
                    return
                g.csrf_valid = True
                return
        super().protect(apply_exemptions)
        if reusable and token and g.get("csrf_valid"):
            _checked_tokens.put((str(app.secret_key), str(token)), str(session.get(field)))


def init_app(app: Flask) -> None:
    """Use the checked-once sessions (templates get ``csrf_token`` from :mod:`companion.web.boards`)."""
    app.session_interface = CheckedOnceSessions()
