#!/usr/bin/env python3
"""Checks viewer screenshots without PIL: a PNG is not blank, or two PNGs differ (or match).

usage: png_check.py nonblank FILE [--min-colors N]
       png_check.py differ A B [--min-fraction F]
       png_check.py same A B
Exit 0 when the check holds, 1 when it does not, 2 on unreadable input.
"""
import struct
import sys
import zlib


def decode_png(path):
    """(width, height, channels, rows) of an 8-bit RGB (3 channels) or RGBA (4) non-interlaced
    PNG; each row a bytearray, top row first. The one PNG reader of the test drivers
    (tests/app/kiln_harness.py imports it)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are supported")
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if width is None:
        raise ValueError(f"{path}: no IHDR")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


def read_png(path):
    """(width, height, pixels): each pixel's RGB bytes, row by row."""
    width, height, channels, rows = decode_png(path)
    pixels = [bytes(row[x * channels:x * channels + 3]) for row in rows for x in range(width)]
    return width, height, pixels


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        if argv[1] == "nonblank":
            min_colors = int(argv[argv.index("--min-colors") + 1]) if "--min-colors" in argv else 16
            w, h, px = read_png(argv[2])
            colors = len(set(px))
            print(f"{argv[2]}: {w}x{h}, {colors} distinct colours (need > {min_colors})")
            return 0 if colors > min_colors else 1
        if argv[1] in ("differ", "same"):
            wa, ha, a = read_png(argv[2])
            wb, hb, b = read_png(argv[3])
            if (wa, ha) != (wb, hb):
                print(f"sizes differ: {wa}x{ha} vs {wb}x{hb}")
                return 0 if argv[1] == "differ" else 1
            changed = sum(1 for p, q in zip(a, b) if p != q) / len(a)
            print(f"{changed * 100:.3f}% of pixels differ")
            if argv[1] == "same":
                return 0 if changed == 0 else 1
            min_fraction = float(argv[argv.index("--min-fraction") + 1]) if "--min-fraction" in argv else 0.0005
            return 0 if changed >= min_fraction else 1
    except (OSError, ValueError, zlib.error, struct.error) as e:
        print(e, file=sys.stderr)
        return 2
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
