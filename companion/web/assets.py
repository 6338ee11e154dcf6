"""What goes over the wire: compressed answers, and static files fingerprinted and cached for a year.

Every ``url_for('static', filename=...)`` carries ``v=<digest of the file>``: a changed file gets a
new URL, so a phone may keep the old one forever. A request with the current digest is answered
``immutable`` for a year; anything else (no digest, an old one) must be revalidated.
"""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path
from typing import Any

import brotli
from flask import Flask, Response, current_app, request
from flask_compress import Compress

VERSION_ARG = "v"
YEAR = 365 * 24 * 60 * 60
COMPRESSED_TYPES = (
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
)

_digests: dict[tuple[str, int], str] = {}
_squeezed: dict[tuple[str, str, str], bytes] = {}


def init_app(app: Flask) -> None:
    """Compress HTML, CSS, JS, JSON and SVG (brotli or gzip) and fingerprint static URLs."""
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_MIMETYPES", list(COMPRESSED_TYPES))
    # Never an event stream: it is compressed only once it ends, which a stream never does.
    app.config.setdefault("COMPRESS_STREAMS", False)
    app.config.setdefault("COMPRESS_MIN_SIZE", 512)
    # A page or board holds per-answer tokens, so each answer is compressed anew: at the fastest
    # levels. On a 10 KB board, brotli 1 took a third of the CPU of Flask-Compress's default brotli 4
    # for about 18 % more bytes (1.8 KB against 1.55 KB), gzip 1 half that of its default 6; CSS and
    # JS are compressed once, at the best.
    app.config.setdefault("COMPRESS_BR_LEVEL", 1)
    app.config.setdefault("COMPRESS_LEVEL", 1)
    # No page carries an ETag or takes a Range: making each one conditional again after compressing
    # only added a second Date header (gunicorn sends one), at about 25 µs an answer. A view that
    # gives its answer an ETag must then make it conditional itself. (Static files are answered
    # conditionally by Flask, and compressed by _compressed_static, before Flask-Compress.)
    app.config.setdefault("COMPRESS_EVALUATE_CONDITIONAL_REQUEST", False)
    _BodyCompress(app)
    app.url_defaults(_fingerprint)
    app.after_request(_cache_lifetime)


class _BodyCompress(Compress):
    """Flask-Compress, leaving answers without a body (204) alone: no ``Vary`` to say, nothing to squeeze."""

    def after_request(self, response: Response | None) -> Response:
        if response is not None and response.status_code == 204:
            return response
        return super().after_request(response)


def static_version(filename: str) -> str:
    """Return the digest of a static file (12 hex digits; recomputed when the file changes)."""
    path = Path(current_app.static_folder or "static") / filename
    try:
        stat = path.stat()
    except OSError:
        return "0"
    key = (str(path), stat.st_mtime_ns)
    digest = _digests.get(key)
    if digest is None:
        digest = _digests[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return digest


def _fingerprint(endpoint: str | None, values: dict[str, Any]) -> None:
    if endpoint == "static" and "filename" in values and VERSION_ARG not in values:
        values[VERSION_ARG] = static_version(values["filename"])


def _cache_lifetime(response: Response) -> Response:
    if response.status_code not in (200, 304) or request.endpoint != "static":
        return response
    filename = (request.view_args or {}).get("filename", "")
    if response.status_code == 200:
        _compressed_static(response, filename)
    if request.args.get(VERSION_ARG) == static_version(filename):
        response.cache_control.no_cache = None  # Flask's default for static files: it would undo the year
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    else:
        response.cache_control.no_cache = True
    return response


def _compressed_static(response: Response, filename: str) -> None:
    """Answer a CSS or JS file compressed once per version (brotli at its best, else gzip).

    Flask sends static files as a stream (the server's file wrapper), which Flask-Compress leaves
    alone; these few files are small, so each version is compressed once and kept.
    """
    if response.mimetype not in COMPRESSED_TYPES or "Content-Encoding" in response.headers:
        return
    accepted = request.accept_encodings
    algorithm = "br" if accepted["br"] else "gzip" if accepted["gzip"] else None
    response.vary.add("Accept-Encoding")
    if algorithm is None:
        return
    key = (filename, static_version(filename), algorithm)
    body = _squeezed.get(key)
    if body is None:
        raw = (Path(current_app.static_folder or "static") / filename).read_bytes()
        body = _squeezed[key] = brotli.compress(raw, quality=11) if algorithm == "br" else gzip.compress(raw, 9)
    stream = response.response
    if hasattr(stream, "close"):
        stream.close()  # the file it was going to send
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = algorithm
