"""Draws the home-screen icons (PNG) from the favicon's design: the controller pill with its dot and plus, white on
the brand gradient. Pure Python (zlib), 4×4 supersampling for smooth edges. Writes into
Sources/GiveawaysWeb/Resources/static: icon-192.png, icon-512.png, icon-maskable-512.png (glyph inside the 80 %
safe zone, full-bleed background) and apple-touch-icon.png (180 px, square: iOS rounds it). Usage:
python3 scripts/make-icons.py"""
import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "Sources" / "GiveawaysWeb" / "Resources" / "static"
TOP_LEFT, BOTTOM_RIGHT = (0x6D, 0x28, 0xD9), (0xDB, 0x27, 0x77)
WHITE, INK = (255, 255, 255), (0x6D, 0x28, 0xD9)


def rounded_rect(x, y, left, top, right, bottom, radius):
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 and left <= x <= right and top <= y <= bottom


def segment(x, y, ax, ay, bx, by, half_width):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= half_width


def colour_at(u, v, glyph_scale, corner):
    """The colour at (u, v) in 0…1, or None outside the icon's shape."""
    if corner and not rounded_rect(u, v, 0, 0, 1, 1, corner):
        return None
    t = (u + v) / 2
    background = tuple(round(a + (b - a) * t) for a, b in zip(TOP_LEFT, BOTTOM_RIGHT))
    # The favicon's 32-unit drawing, centred and scaled.
    x = (u - 0.5) / glyph_scale * 32 + 16
    y = (v - 0.5) / glyph_scale * 32 + 16
    if not rounded_rect(x, y, 2, 7, 30, 25, 9):
        return background
    if math.hypot(x - 10, y - 16) <= 2.6:
        return INK
    if segment(x, y, 21, 12.5, 21, 19.5, 1.3) or segment(x, y, 17.5, 16, 24.5, 16, 1.3):
        return INK
    return WHITE


def draw(size, glyph_scale, corner):
    rows = []
    samples = [(i + 0.5) / 4 for i in range(4)]
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            total = [0, 0, 0, 0]
            for sy in samples:
                for sx in samples:
                    colour = colour_at((px + sx) / size, (py + sy) / size, glyph_scale, corner)
                    if colour is None:
                        continue
                    total[0] += colour[0]
                    total[1] += colour[1]
                    total[2] += colour[2]
                    total[3] += 255
            covered = total[3] / 255
            if covered == 0:
                row += bytes(4)
            else:
                row += bytes([round(total[0] / covered), round(total[1] / covered), round(total[2] / covered),
                              round(total[3] / 16)])
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for name, size, scale, corner in [("icon-192.png", 192, 0.78, 0.22), ("icon-512.png", 512, 0.78, 0.22),
                                      ("icon-maskable-512.png", 512, 0.58, 0), ("apple-touch-icon.png", 180, 0.74, 0)]:
        (OUT / name).write_bytes(draw(size, scale, corner))
        print(OUT / name)
