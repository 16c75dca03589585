#!/usr/bin/env python3
"""Writes assets/levels/stress.yaml, the sample level that sits exactly at the format's limits.

The level has 64 presets and 256 emitters; every emitter allocates its preset's 256 slots, so
the total is the 65,536 limit, and every emitter fills its slots exactly: 160 rate births plus
16 bursts of 6 (the burst limit), one cycle group. Every preset is a 16-frame flipbook.

The output depends on nothing but this file (no clock, no randomness, no dict ordering
surprises), so rerunning it reproduces the committed bytes; `--check` verifies exactly that.
"""

import argparse
import pathlib
import sys

PRESETS = 64
EMITTERS = 256
CAPACITY = 256          # 256 emitters x 256 slots = 65,536 total slots
FRAMES = 16
BURSTS = 16
BURST_COUNT = 6
PERIOD = 4.0            # seconds; rate 40 over [0, 4) gives births 0..159
RATE = 40
GRID = 4                # 4 x 4 sectors
CELL = 16.0             # metres per sector edge
PER_CELL = 4            # 4 x 4 emitters per sector, 4 m apart, 2 m from the walls
BLENDS = ["additive", "cutout", "alpha", "premultiplied"]

# Warm-to-cool colours the presets cycle through (linear RGB).
PALETTE = [
    (1.0, 0.55, 0.2), (1.0, 0.8, 0.35), (0.35, 0.75, 1.0), (0.55, 1.0, 0.5),
    (0.9, 0.4, 1.0), (1.0, 0.35, 0.45), (0.4, 0.45, 0.5), (0.95, 0.95, 0.9),
]

assert EMITTERS * CAPACITY == 65536
assert RATE * PERIOD + BURSTS * BURST_COUNT == CAPACITY


def num(v):
    """Shortest stable spelling of a number: integers without a point, others to 4 places."""
    if float(v).is_integer():
        return str(int(v))
    return f"{v:.4f}".rstrip("0")


def vec(values):
    return "[" + ", ".join(num(v) for v in values) + "]"


def preset(i):
    r, g, b = PALETTE[i % len(PALETTE)]
    blend = BLENDS[i % len(BLENDS)]
    # Small, slow and short-lived so every envelope stays well inside its 4 m cell even at 45°.
    spread = 0.15 + 0.15 * ((i * 7) % 5) / 4          # 0.15 .. 0.30 m/s sideways
    rise = 0.3 + 0.1 * ((i * 3) % 6)                  # 0.3 .. 0.8 m/s up
    life_max = 1.4 + 0.15 * (i % 5)                   # 1.4 .. 2.0 s (< period: one group)
    size = 0.25 + 0.05 * (i % 6)                      # 0.25 .. 0.5 m
    # Smoke frames in a rotated order so neighbouring presets do not animate in lockstep.
    frames = [f"smoke_{(k + i) % FRAMES:02d}" for k in range(FRAMES)]
    alpha_peak = 0.6 if blend in ("alpha", "premultiplied") else 1.0
    lines = [
        f"  p{i:02d}:",
        f"    capacity: {CAPACITY}",
        f"    spawn: {{shape: box, half_extents: {vec([0.2, 0.2, 0.05])}}}",
        f"    velocity: {{min: {vec([-spread, -spread, rise])}, max: {vec([spread, spread, rise + 0.3])}}}",
        f"    lifetime: {{min: {num(life_max - 0.6)}, max: {num(life_max)}}}",
        "    acceleration: [0, 0, 0.2]",
        "    drag: 0.5",
        f"    rotation: {{angle: {{min: 0, max: 360}}, speed: {{min: {-20 - i}, max: {20 + i}}}}}",
        f"    size: [{{age: 0, value: {num(size * 0.5)}}}, {{age: 0.3, value: {num(size)}}}, "
        f"{{age: 1, value: {num(size * 0.8)}}}]",
        "    color:",
        f"      - {{age: 0, rgba: {vec([r, g, b, 0])}}}",
        f"      - {{age: 0.2, rgba: {vec([r, g, b, alpha_peak])}}}",
        f"      - {{age: 1, rgba: {vec([r * 0.5, g * 0.5, b * 0.5, 0])}}}",
        f"    sprite: {{frames: [{', '.join(frames)}], fps: {8 + i % 9},",
        f"             flipbook: {'cycle' if i % 2 else 'once'}, "
        f"facing: {'upright' if i % 3 == 2 else 'camera'}, blend: {blend}}}",
    ]
    return lines


def sector_name(cx, cy):
    return f"cell_{cx}_{cy}"


def sector(cx, cy):
    x0, y0 = cx * CELL, cy * CELL
    x1, y1 = x0 + CELL, y0 + CELL
    # Edge i runs from vertex i to i+1, counter-clockwise: south, east, north, west.
    neighbours = [
        (cx, cy - 1), (cx + 1, cy), (cx, cy + 1), (cx - 1, cy),
    ]
    portals = [sector_name(nx, ny) if 0 <= nx < GRID and 0 <= ny < GRID else "~"
               for nx, ny in neighbours]
    return [
        f"    - name: {sector_name(cx, cy)}",
        f"      walls: [{vec([x0, y0])}, {vec([x1, y0])}, {vec([x1, y1])}, {vec([x0, y1])}]",
        "      floor: 0",
        "      ceiling: 8",
        f"      portals: [{', '.join(portals)}]",
    ]


def emitter(i):
    cell, local = divmod(i, PER_CELL * PER_CELL)
    cx, cy = cell % GRID, cell // GRID
    lx, ly = local % PER_CELL, local // PER_CELL
    x = cx * CELL + 2 + 4 * lx
    y = cy * CELL + 2 + 4 * ly
    yaw = (i * 37) % 360 - 180
    bursts = ", ".join(f"{{time: {num(k * PERIOD / BURSTS)}, count: {BURST_COUNT}}}"
                       for k in range(BURSTS))
    return [
        f"  - name: e{i:03d}",
        f"    preset: p{i % PRESETS:02d}",
        f"    sector: {sector_name(cx, cy)}",
        f"    position: {vec([x, y, 1])}",
        f"    yaw: {yaw}",
        f"    seed: {(i * 2654435761) % 4294967296}",
        f"    rate: {RATE}",
        f"    duration_seconds: {num(PERIOD)}",
        f"    bursts: [{bursts}]",
        "    mode: cycle",
        f"    period_seconds: {num(PERIOD)}",
        f"    delay_seconds: {num((i % 8) * 0.125)}",
    ]


def level_text():
    out = [
        "# Stress: every particle limit at once — 64 presets, 256 emitters, 65,536 slots,",
        "# 16-frame flipbooks, 16 bursts per emitter — in a 4 x 4 grid of portal-linked sectors.",
        "# GENERATED by tools/make_stress_level.py — edit the script, not this file.",
        "version: 2",
        "world:",
        "  version: 2",
        "  sectors:",
    ]
    for cy in range(GRID):
        for cx in range(GRID):
            out += sector(cx, cy)
    out.append("textures:")
    out += [f"  smoke_{k:02d}: ../textures/smoke_{k:02d}.png" for k in range(FRAMES)]
    out.append("presets:")
    for i in range(PRESETS):
        out += preset(i)
    out.append("emitters:")
    for i in range(EMITTERS):
        out += emitter(i)
    return "\n".join(out) + "\n"


def main():
    repo = pathlib.Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--out", type=pathlib.Path, default=repo / "assets/levels/stress.yaml",
                    help="where to write (default: assets/levels/stress.yaml)")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 if the file differs from what would be written")
    args = ap.parse_args()
    text = level_text()
    if args.check:
        try:
            current = args.out.read_text(encoding="utf-8")
        except OSError as e:
            print(f"make_stress_level: {e}", file=sys.stderr)
            return 2
        if current != text:
            print(f"make_stress_level: {args.out} is stale; rerun tools/make_stress_level.py",
                  file=sys.stderr)
            return 1
        return 0
    args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
