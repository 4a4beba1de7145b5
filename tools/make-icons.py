#!/usr/bin/env python3
"""Draws Folio's PWA icons (192, 512 and a maskable 512) as PNGs using only the standard
library: a rounded square in Folio green with a white rising bar chart.

Run from the repository root: python3 tools/make-icons.py
"""
import struct
import zlib
from pathlib import Path

GREEN = (15, 92, 77)
WHITE = (255, 255, 255)
LIGHT = (164, 224, 200)


def png(width, height, pixels):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def draw(size, maskable):
    # Maskable icons must keep their content in the central 80 % safe zone and fill the
    # whole square with the background.
    radius = 0 if maskable else size * 0.22
    inset = size * (0.2 if maskable else 0.1)
    content = size - 2 * inset
    bars = [(0.18, 0.34, 0.30), (0.42, 0.58, 0.46), (0.66, 0.82, 0.64)]
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            # Rounded-square mask (transparent outside the corners).
            cx = min(max(x + 0.5, radius), size - radius)
            cy = min(max(y + 0.5, radius), size - radius)
            inside = radius == 0 or (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius**2
            if not inside:
                row += [0, 0, 0, 0]
                continue
            colour = GREEN
            u = (x + 0.5 - inset) / content
            v = (y + 0.5 - inset) / content
            base = 0.82
            for i, (x0, x1, h) in enumerate(bars):
                if x0 <= u <= x1 and base - h <= v <= base:
                    colour = WHITE if i == len(bars) - 1 else LIGHT
            if 0.14 <= u <= 0.86 and base + 0.02 <= v <= base + 0.06:
                colour = WHITE
            row += [colour[0], colour[1], colour[2], 255]
        rows.append(row)
    return png(size, size, rows)


def main():
    out = Path("public/icons")
    out.mkdir(parents=True, exist_ok=True)
    (out / "icon-192.png").write_bytes(draw(192, False))
    (out / "icon-512.png").write_bytes(draw(512, False))
    (out / "icon-maskable-512.png").write_bytes(draw(512, True))


if __name__ == "__main__":
    main()
