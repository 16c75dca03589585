#!/usr/bin/env python3
"""HDR output and EXR captures end to end (`kiln capture --output`, `--out F.exr`, `kiln compare`
of two EXRs), with the EXR read back by OpenImageIO's oiiotool, not by Kiln:

- LDR output is the default: `--output ldr` writes the same PNG and sidecar bytes as no option,
  and its sidecar has no "output" key; HDR output changes the pixels and its sidecar records it.
- The EXR holds the linear scene: where the event sparks are (the capture minus the same capture
  with --no-events) values above 1 stand, which no 8-bit capture can hold.
- kiln compare of two EXRs: identical files exit 0; two times differ (exit 1) and --metric flip
  is HDR-FLIP (mode hdr, an exposure range); a PNG with an EXR, an EXR difference named .png and
  --threshold are refused (exit 2) without writing.

usage: hdr_capture_test.py KILN SOURCE_DIR SCRATCH_DIR
"""
import json
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, read_file, runner

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR", absolute=True)
run = runner(KILN, timeout=300, text=True, hang_result=True)
check = Checks(print_passes=True)
fresh_dir(SCRATCH)
S = lambda *p: os.path.join(SCRATCH, *p)
LEVEL = os.path.join(ROOT, "assets", "levels", "braziers.yaml")
# The README's event picture: the pickup burst's sparks (0.5, 5.0, 2.2) 0.12 s after they fired.
VIEW = ["--camera", "4.6,-0.6,2.3,5.2,3.2,1.4", "--size", "320x180"]


def capture(out, *extra, time="1.12"):
    rc, _, err = run("capture", LEVEL, "--time", time, *VIEW, *extra, "--out", out)
    check(rc == 0, f"kiln capture {' '.join(extra)} --out {os.path.basename(out)} exits 0: {rc} {err!r}")


def sidecar(image):
    return json.load(open(os.path.splitext(image)[0] + ".json"))


def stats_max(exr):
    """Per-channel maxima of an EXR as oiiotool reads it."""
    out = subprocess.run(["oiiotool", "--stats", exr], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if "Stats Max:" in line:
            return [float(v) for v in line.split(":", 1)[1].split()[:4]]
    raise ValueError(f"oiiotool printed no maxima for {exr}: {out!r}")


# LDR is the default and the same bytes as --output ldr; HDR differs and says so in its sidecar.
capture(S("plain.png"))
capture(S("ldr.png"), "--output", "ldr")
capture(S("hdr.png"), "--output", "hdr")
check(read_file(S("plain.png")) == read_file(S("ldr.png")), "--output ldr writes the PNG bytes of the default")
check(read_file(S("plain.json")) == read_file(S("ldr.json")), "--output ldr writes the sidecar bytes of the default")
check("output" not in sidecar(S("ldr.png")), "an LDR sidecar has no output key (sidecars as before)")
check(read_file(S("hdr.png")) != read_file(S("ldr.png")), "HDR output gives other pixels than LDR output")
out = sidecar(S("hdr.png")).get("output", {})
check(out.get("mode") == "hdr" and out.get("tonemap") == "neutral" and out.get("exposure") == 0
      and out.get("image") == "tone-mapped", f"the HDR sidecar records its output (defaults): {out}")
capture(S("aces.png"), "--tonemap", "aces", "--exposure", "-1")
out = sidecar(S("aces.png")).get("output", {})
check(out.get("tonemap") == "aces" and out.get("exposure") == -1, f"a tone map option implies HDR and is recorded: {out}")

# The EXR: the linear scene, read back by oiiotool. The sparks hold values above 1.
if shutil.which("oiiotool") is None:
    check(False, "oiiotool (openimageio-tools, installed by scripts/setup.sh) is on PATH")
else:
    capture(S("events.exr"))
    capture(S("quiet.exr"), "--no-events")
    check(sidecar(S("events.exr")).get("output", {}).get("image") == "linear", "the EXR's sidecar says it holds the linear scene")
    subprocess.run(["oiiotool", S("events.exr"), S("quiet.exr"), "--sub", "-o", S("sparks.exr")], check=True)
    sparks = stats_max(S("sparks.exr"))
    check(sparks[1] > 1.0, f"where the event sparks are the EXR holds green above 1 (the spark's 5.0): max {sparks}")
    whole = stats_max(S("events.exr"))
    check(max(whole[:3]) > 1.0, f"the EXR holds values above 1: {whole}")

    # kiln compare of two EXRs.
    rc, out, err = run("compare", S("events.exr"), S("events.exr"))
    check(rc == 0 and out.startswith("linear:"), f"an EXR against itself: linear metrics, exit 0: {rc} {out!r} {err!r}")
    rc, out, err = run("compare", S("events.exr"), S("events.exr"), "--json")
    check(rc == 0 and json.loads(out or "{}").get("changed_rect", "absent") is None,
          f"an EXR against itself: changed_rect is null: {out!r}")
    capture(S("later.exr"), time="1.15")
    rc, out, err = run("compare", S("events.exr"), S("later.exr"), "--metric", "flip", "--json")
    try:
        f = json.loads(out)["flip"]
        check(rc == 1 and f["mode"] == "hdr" and f["exposures"]["count"] >= 2 and 0 < f["mean"] < 1,
              f"two times differ (exit 1) and --metric flip is HDR-FLIP: {rc} {f}")
        box = json.loads(out)["changed_rect"]
        check(box["width"] >= 1 and box["height"] >= 1 and box["x"] + box["width"] <= 320 and box["y"] + box["height"] <= 180,
              f"two times differ: changed_rect lies inside the image: {box}")
    except (ValueError, KeyError) as e:
        check(False, f"--metric flip --json on two EXRs has an HDR flip object ({e}; {rc} {out!r} {err!r})")
    rc, _, err = run("compare", S("events.exr"), S("later.exr"), "--metric", "flip", "--fail-above", "flip-mean=0.99")
    check(rc == 0, f"HDR-FLIP under its --fail-above limit exits 0: {rc} {err!r}")
    rc, _, err = run("compare", S("events.exr"), S("hdr.png"))
    check(rc == 2 and "is an EXR" in err, f"an EXR with a PNG is refused (exit 2): {rc} {err!r}")
    rc, _, err = run("compare", S("events.exr"), S("later.exr"), "--out", S("d.png"))
    check(rc == 2 and "name it F.exr" in err and not os.path.exists(S("d.png")),
          f"an EXR difference named .png is refused, nothing written: {rc} {err!r}")
    rc, _, err = run("compare", S("events.exr"), S("later.exr"), "--out", S("d.exr"))
    check(rc == 1 and os.path.exists(S("d.exr")) and stats_max(S("d.exr"))[1] > 1.0,
          f"--out d.exr holds |A-B|, read back by oiiotool: {rc} {err!r}")
    rc, _, err = run("compare", S("events.exr"), S("later.exr"), "--threshold", "2")
    check(rc == 2 and "--threshold is for PNG" in err, f"--threshold (8-bit steps) is refused for EXRs: {rc} {err!r}")

rc, _, err = run("capture", LEVEL, "--time", "1.12", *VIEW, "--output", "ldr", "--out", S("refused.exr"))
check(rc == 2 and not os.path.exists(S("refused.exr")), f"--output ldr with an .exr is refused: {rc} {err!r}")

print(f"{check.count} checks, {len(check.failures)} failed")
sys.exit(1 if check.failures else 0)
