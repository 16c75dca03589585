#!/usr/bin/env python3
"""Authors the dust puff from the minimal level in docs/source.md (read out of the doc, so the
doc cannot drift), compiles it into another folder, and captures it from there at three
times, framed on its emitter, with no extra flag: the compiled folder must be self-contained.

usage: doc_example_test.py KILN SOURCE_DIR SCRATCH_DIR
"""
import json
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, read_png, runner

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR", absolute=True)
run = runner(KILN, timeout=300, text=True)
check = Checks()


with open(os.path.join(ROOT, "docs", "source.md"), encoding="utf-8") as f:
    doc = f.read()
m = re.search(r"<!-- minimal-level -->\s*```yaml\n(.*?)```", doc, re.S)
if not m:
    print("FAIL: docs/source.md has no minimal level block")
    sys.exit(1)
example = m.group(1)

shutil.rmtree(SCRATCH, ignore_errors=True)
src, out = os.path.join(SCRATCH, "src"), os.path.join(SCRATCH, "elsewhere")
os.makedirs(src)
with open(os.path.join(src, "dust.yaml"), "w", encoding="utf-8") as f:
    f.write(example)
# "put a square PNG named soft.png beside it"
shutil.copy(os.path.join(ROOT, "assets", "textures", "soft.png"), os.path.join(src, "soft.png"))

code, so, se = run("compile", os.path.join(src, "dust.yaml"), "-o", os.path.join(out, "dust.klm"))
check(code == 0, f"the doc's minimal level compiles (exit {code}): {se}")
check("note[" not in se and "error[" not in se, f"compiles without notes or errors: {se}")
check(os.path.isfile(os.path.join(out, "textures", "soft.png")), "compile copies the texture by default")

# Capture from the other folder (cwd there, file name only), framed on the emitter, at three
# times, plus a time when every particle is dead (lifetimes end by 2.5 s) for reference.
def capture(name, t, *camera):
    png = os.path.join(SCRATCH, name)
    code, so, se = run("capture", "dust.klm", "--time", t, "--size", "320x240", *camera, "--out", png, cwd=out)
    check(code == 0, f"capture {name} at t={t} works with no texture flag (exit {code}): {se}")
    return png


shots = [capture(f"dust_{t}.png", t, "--frame", "puff") for t in ("0.3", "1", "2")]
empty_framed = capture("dust_empty.png", "3", "--frame", "puff")
whole = capture("dust_whole.png", "1")
empty_whole = capture("dust_whole_empty.png", "3")

if not check.failures:
    def particle_share(path, empty):
        """The share of pixels the particles change against the same view with none alive."""
        w, h, a = read_png(path)
        _, _, b = read_png(empty)
        changed = sum(1 for y in range(h) for i in range(0, 4 * w, 4)
                      if max(abs(a[y][i + c] - b[y][i + c]) for c in range(3)) > 8)
        return changed / (w * h)
    framed, unframed = particle_share(shots[1], empty_framed), particle_share(whole, empty_whole)
    print(f"pixels the puff changes at t=1: framed {framed:.3f}, whole-level camera {unframed:.3f}")
    check(framed > 0.02, "the framed puff is more than a few pixels")
    check(framed > 2 * unframed, "framing enlarges the puff")
    code, so, se = run("compare", shots[0], shots[2])
    check(code == 1, "captures at different times differ")
    with open(shots[1][:-4] + ".json", encoding="utf-8") as f:
        check("camera" in json.load(f), "the sidecar carries the camera")

# Unknown --frame names suggest.
code, so, se = run("capture", os.path.join(out, "dust.klm"), "--frame", "pufff", "--out", os.path.join(SCRATCH, "y.png"))
check(code == 2 and "did you mean 'puff'" in se, f"an unknown --frame name suggests the nearest: {se}")
# A missing texture names the fix.
os.remove(os.path.join(out, "textures", "soft.png"))
code, so, se = run("capture", "dust.klm", "--time", "1", "--out", os.path.join(SCRATCH, "x.png"), cwd=out)
check(code == 1 and "error[texture-load]" in se and "kiln compile" in se, f"missing texture names the fix: {se}")
# --no-copy-textures opts out.
out2 = os.path.join(SCRATCH, "nocopy")
code, so, se = run("compile", os.path.join(src, "dust.yaml"), "-o", os.path.join(out2, "dust.klm"), "--no-copy-textures")
check(code == 0 and not os.path.exists(os.path.join(out2, "textures")), "--no-copy-textures copies nothing")
check("note:" in se, "--no-copy-textures says where readers will look")
# kiln explain prints the doc paragraph; an unknown code suggests.
code, so, se = run("explain", "outside-sector")
check(code == 0 and "half-diagonal" in so, "kiln explain prints the paragraph")
code, so, se = run("explain", "outside-sectr")
check(code == 2 and "outside-sector" in se, "kiln explain suggests a near code")

print("FAILED" if check.failures else "ok", len(check.failures))
sys.exit(1 if check.failures else 0)
