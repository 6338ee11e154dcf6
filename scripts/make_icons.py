"""Draw the app icon as PNG (192 and 512 px) without an imaging library: `python scripts/make_icons.py`."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
BLUE, WHITE, ORANGE, SKY, GREEN = (11, 99, 182), (255, 255, 255), (230, 159, 0), (86, 180, 233), (0, 158, 115)


def pixel(x: float, y: float) -> tuple[int, int, int, int]:
    """Colour at (x, y) in a 512-unit square, as the SVG icon draws it."""
    r = 96
    cx, cy = min(max(x, r), 512 - r), min(max(y, r), 512 - r)
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
        return (0, 0, 0, 0)
    for px, py, radius, colour in ((256, 256, 44, ORANGE), (362, 150, 30, SKY), (150, 362, 30, GREEN)):
        if (x - px) ** 2 + (y - py) ** 2 <= radius * radius:
            return (*colour, 255)
    distance = ((x - 256) ** 2 + (y - 256) ** 2) ** 0.5
    if abs(distance - 150) <= 18:
        return (*WHITE, 255)
    return (*BLUE, 255)


def png(size: int) -> bytes:
    """Return the icon as PNG bytes."""
    scale = 512 / size
    rows = b"".join(
        b"\x00" + b"".join(bytes(pixel((i + 0.5) * scale, (j + 0.5) * scale)) for i in range(size)) for j in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(png(size))
