"""Read a QR code as a phone's camera would: rasterize the served SVG, then decode the pixels.

The app draws its QR codes (``qrcode``'s SVG path factory) as filled axis-aligned squares, one
``M x,y H x2 V y2 H x z`` subpath each. They are painted into a grey-scale bitmap with a quiet
white margin and read by zxing-cpp, a full decoder (finder patterns, format, masks, Reed-Solomon):
a wrong square, a wrong mask or a wrong payload does not read as the link.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import zxingcpp

PIXELS_PER_UNIT = 10  # the SVG's units are millimetres, each module 1.2 mm: 12 px per module
MARGIN = 40
_NUMBER = r"(-?[0-9]+(?:\.[0-9]+)?)"
_SQUARE = re.compile(rf"M{_NUMBER},{_NUMBER}H{_NUMBER}V{_NUMBER}H{_NUMBER}z")


def squares(svg: bytes) -> list[tuple[float, float, float, float]]:
    """Return the filled rectangles (x0, y0, x1, y1) of the SVG's paths; fail on any other drawing."""
    root = ElementTree.fromstring(svg)
    found = []
    for path in root.iter("{http://www.w3.org/2000/svg}path"):
        data = path.get("d", "").replace(" ", "")
        position = 0
        for match in _SQUARE.finditer(data):
            assert match.start() == position, f"unexpected path data at {position}: {data[position : position + 40]}"
            x0, y0, x1, y1, x_back = map(float, match.groups())
            assert x_back == x0, "a subpath that is not a rectangle"
            found.append((x0, y0, x1, y1))
            position = match.end()
        assert position == len(data), f"unexpected path data at {position}: {data[position : position + 40]}"
    assert found, "no QR modules drawn"
    return found


def decode_svg(svg: bytes) -> str:
    """Return the text of the one QR code drawn in ``svg``."""
    root = ElementTree.fromstring(svg)
    _x, _y, width, height = (float(n) for n in root.get("viewBox", "").split())
    columns = round(width * PIXELS_PER_UNIT) + 2 * MARGIN
    rows = round(height * PIXELS_PER_UNIT) + 2 * MARGIN
    bitmap = bytearray(b"\xff" * (columns * rows))
    for x0, y0, x1, y1 in squares(svg):
        left, right = (MARGIN + round(v * PIXELS_PER_UNIT) for v in (x0, x1))
        top, bottom = (MARGIN + round(v * PIXELS_PER_UNIT) for v in (y0, y1))
        for row in range(top, bottom):
            bitmap[row * columns + left : row * columns + right] = b"\x00" * (right - left)
    view = zxingcpp.ImageView(memoryview(bytes(bitmap)), columns, rows, zxingcpp.ImageFormat.Lum)
    found = zxingcpp.read_barcodes(view, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, f"{len(found)} QR codes read"
    return str(found[0].text)
