"""QR codes: a link drawn as SVG, served revalidated or inlined in a page shown once."""

from __future__ import annotations

import base64
import hashlib
import io

import qrcode
import qrcode.image.svg
from flask import Response, request


def qr_svg(link: str) -> bytes:
    """Return ``link`` as an SVG QR code."""
    image = qrcode.make(link, image_factory=qrcode.image.svg.SvgPathImage, box_size=12, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()


def qr_response(link: str) -> Response:
    """Return ``link`` as an SVG QR code response, checked again each time it is shown.

    The link can change under the same URL (the machine's network address after a move to
    another Wi-Fi), so the phone revalidates: an unchanged link answers 304 by its ETag.
    """
    response = Response(qr_svg(link), mimetype="image/svg+xml", headers={"Cache-Control": "private, no-cache"})
    response.set_etag(hashlib.sha256(link.encode()).hexdigest()[:32])
    response.make_conditional(request)
    return response


def qr_data_uri(link: str) -> str:
    """Return ``link`` as an SVG QR code in a data: URI (for a page shown once, never served again)."""
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(link)).decode()
