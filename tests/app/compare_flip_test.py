#!/usr/bin/env python3
"""`kiln compare --metric flip` end to end: the JSON "flip" object, --fail-above on both sides of
its limit (exit 0 at or below, 1 above; the pixel rule as before without it), --flip-map written
as a magma PNG and refused over an existing file without --force or over an input, and the flip
options refused without --metric flip (exit 2).

usage: compare_flip_test.py KILN SOURCE_DIR SCRATCH_DIR
"""
import json
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, read_file, read_png, runner, write_png

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR", absolute=True)
run = runner(KILN, timeout=60, text=True, hang_result=True)
check = Checks(print_passes=True)

fresh_dir(SCRATCH)
S = lambda *p: os.path.join(SCRATCH, *p)
black, white, grey, grey2 = S("black.png"), S("white.png"), S("grey.png"), S("grey2.png")
write_png(black, 16, 16, (0, 0, 0, 255))
write_png(white, 16, 16, (255, 255, 255, 255))
write_png(grey, 16, 16, (128, 128, 128, 255))
write_png(grey2, 16, 16, (129, 128, 128, 255))

# Black against white: every pixel about 0.967 (the paper's compressed HyAB of L 0 against 100).
rc, out, err = run("compare", black, white, "--metric", "flip", "--json")
try:
    j = json.loads(out)
    f = j["flip"]
    check(rc == 1 and set(f) == {"mean", "median", "q1", "q3", "max", "ppd"},
          f"--metric flip --json has a flip object (and a changed pixel still exits 1): {rc} {out}")
    check(abs(f["mean"] - 0.967) < 0.003 and abs(f["max"] - 0.967) < 0.003, f"black vs white is about 0.967: {f}")
    check(abs(f["ppd"] - 67.02) < 0.01, f"the default observer is 67 ppd: {f['ppd']}")
except (ValueError, KeyError) as e:
    check(False, f"--metric flip --json prints JSON with a flip object ({e}; rc {rc}, {out!r})")

rc, out, _ = run("compare", black, white, "--json")
check(rc == 1 and "flip" not in json.loads(out), "without --metric flip the JSON has no flip object")
rc, out, _ = run("compare", grey, grey, "--metric", "flip")
check(rc == 0 and "flip mean 0.000000" in out, f"identical images: flip 0, exit 0: {rc} {out!r}")

# --ppd and the observer options reach the metric.
rc, out, _ = run("compare", black, white, "--metric", "flip", "--ppd", "30", "--json")
check(rc == 1 and json.loads(out)["flip"]["ppd"] == 30, f"--ppd 30 is used: {out}")
rc, out, _ = run("compare", black, white, "--metric", "flip", "--viewing-distance", "1.4", "--json")
check(abs(json.loads(out)["flip"]["ppd"] - 134.04) < 0.02, f"--viewing-distance 1.4 doubles the ppd: {out}")
rc, _, err = run("compare", black, white, "--metric", "flip", "--ppd", "30", "--monitor-width", "1")
check(rc == 2, f"--ppd excludes the observer options (exit 2): {rc} {err!r}")

# --fail-above on both sides: a limit replaces the any-change rule.
for limit, want in [("flip-mean=0.99", 0), ("flip-mean=0.5", 1), ("flip-max=0.96", 1), ("flip-median=0.97", 0)]:
    rc, _, err = run("compare", black, white, "--metric", "flip", "--fail-above", limit)
    check(rc == want, f"black vs white --fail-above {limit} exits {want}: {rc} {err!r}")
    if want == 1:
        check("is above the limit" in err, f"an exceeded limit is named on stderr: {err!r}")
rc, _, _ = run("compare", grey, grey2, "--fail-above", "max=1")
check(rc == 0, f"one level of red: max 1 is not above max=1, exit 0: {rc}")
rc, _, _ = run("compare", grey, grey2, "--fail-above", "max=0")
check(rc == 1, f"max 1 is above max=0, exit 1: {rc}")
rc, _, _ = run("compare", grey, grey2, "--fail-above", "changed=100")
check(rc == 0, f"changed 100 % is not above changed=100: {rc}")
rc, _, _ = run("compare", grey, grey2, "--fail-above", "mean=0.1", "--fail-above", "changed=50")
check(rc == 1, f"the second of two limits exceeded exits 1: {rc}")
rc, out, _ = run("compare", grey, grey2, "--fail-above", "mean=0.5", "--json")
j = json.loads(out)
check(rc == 0 and j["fail_above"][0] == {"metric": "mean", "limit": 0.5, "value": 0.25, "exceeded": False}
      and j["failed"] is False, f"the JSON lists each limit with its value: {out}")
for bad in ["flip-mean", "psnr=3", "mean=abc", "mean="]:
    rc, _, err = run("compare", grey, grey2, "--fail-above", bad)
    check(rc == 2, f"--fail-above {bad} is a usage error (exit 2): {rc} {err!r}")
rc, _, err = run("compare", grey, grey2, "--fail-above", "flip-mean=0.1")
check(rc == 2 and "needs --metric flip" in err, f"a flip limit without --metric flip exits 2: {rc} {err!r}")
rc, _, err = run("compare", grey, grey2, "--metric", "ssim")
check(rc == 2, f"an unknown --metric exits 2: {rc}")

# --flip-map: a magma PNG; refused over an existing file without --force, and over an input.
flip_map = S("map.png")
rc, _, err = run("compare", black, white, "--metric", "flip", "--flip-map", flip_map)
w, h, rows = read_png(flip_map)
check(rc == 1 and (w, h) == (16, 16), f"--flip-map writes a 16x16 PNG: {rc} {err!r}")
# 0.967 · 255 ≈ 246.6: matplotlib's magma entries 246 and 247 are (0.990175, 0.927196, 0.682926)
# and (0.989815, 0.934329, 0.690198), as bytes (252, 236, 174) and (252, 238, 176).
check(tuple(rows[8][32:36]) in [(252, 236, 174, 255), (252, 238, 176, 255)],
      f"the map's pixels are magma of the error: {tuple(rows[8][32:36])}")
before = read_file(flip_map)
rc, _, err = run("compare", grey, grey, "--metric", "flip", "--flip-map", flip_map)
check(rc == 2 and "output-exists" in err and read_file(flip_map) == before,
      f"--flip-map over an existing file is refused and the file kept: {rc} {err!r}")
rc, _, err = run("compare", grey, grey, "--metric", "flip", "--flip-map", flip_map, "--force")
check(rc == 0 and read_file(flip_map) != before, f"--force replaces the FLIP map: {rc} {err!r}")
before = read_file(white)
rc, _, err = run("compare", black, white, "--metric", "flip", "--flip-map", white, "--force")
check(rc == 2 and "output-is-input" in err and read_file(white) == before,
      f"--flip-map onto an input is refused even with --force: {rc} {err!r}")
rc, _, err = run("compare", black, white, "--flip-map", S("new.png"))
check(rc == 2 and "needs --metric flip" in err and not os.path.exists(S("new.png")),
      f"--flip-map without --metric flip exits 2 and writes nothing: {rc} {err!r}")

print(f"{check.count} checks, {len(check.failures)} failed")
sys.exit(1 if check.failures else 0)
