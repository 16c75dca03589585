#!/usr/bin/env python3
"""The 2D isometric sample (assets/levels/iso2d.yaml) from the outside: `kiln sim --json` prints
"dimensions": 2 and two-element vectors; `kiln capture --ortho` with the documented camera is not
blank, records its orthographic camera, and differs from a --no-events capture where kiln sim
puts the particles (projected here through the orthographic camera onto the plane z = 0,
independently of the renderer). --ortho needs --camera and excludes --fov.
Usage: iso2d_capture_test.py KILN SOURCE_DIR SCRATCH_DIR"""
import json
import math
import os
import shutil
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, read_png, runner, project

KILN, SOURCE, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
LEVEL = os.path.join(SOURCE, "assets", "levels", "iso2d.yaml")
W, H = 320, 180
CAMERA, ORTHO, T = "12,12,7.5,4,4,-0.5", "9", "2.1"  # docs/samples.md "Cameras that show them"
run = runner(KILN, timeout=300, text=True)
check = Checks()




# kiln sim: the plane, in numbers.
rc, out, err = run("sim", LEVEL, "--time", T, "--json")
check(rc == 0, f"kiln sim exits 0 ({err.strip()})")
state = json.loads(out) if rc == 0 else {"particles": []}
check(state.get("dimensions") == 2 and state.get("sort") == "iso", "kiln sim prints dimensions 2, sort iso")
particles = state["particles"]
check(len(particles) > 50, f"particles are live at {T} s ({len(particles)})")
for p in particles:
    if any(len(p[k]) != 2 for k in ("origin", "initial_velocity", "position", "velocity")):
        check(False, f"particle {p['id']}: 2-element origin, initial_velocity, position and velocity ({p})")
        break
check({p["recipe"] for p in particles} >= {"dust", "spark", "wisp", "drift"}, "every recipe is on screen at 2.1 s")

fresh_dir(SCRATCH)
shots = {}
for name, extra in (("with", []), ("without", ["--no-events"])):
    path = os.path.join(SCRATCH, name + ".png")
    rc, _, err = run("capture", LEVEL, "--time", T, "--size", f"{W}x{H}", "--camera", CAMERA, "--ortho", ORTHO,
                     "--out", path, *extra)
    if rc != 0 and "context" in err.lower():
        print("skipped: no headless OpenGL here:", err.strip())
        sys.exit(0)
    check(rc == 0, f"{name}: capture exits 0 ({err.strip()})")
    shots[name] = path
if check.failures:
    sys.exit(1)
_, _, rows = read_png(shots["with"])
_, _, bare = read_png(shots["without"])
colours = {bytes(r[x:x + 4]) for r in rows for x in range(0, len(r), 4)}
check(len(colours) > 50, f"the capture is not blank ({len(colours)} colours)")
side = json.load(open(shots["with"][:-4] + ".json"))
cam = side["camera"]
check(cam["orthographic"] is True and cam["ortho_height"] == 9, f"the sidecar records the orthographic camera {cam}")
check(side["events"]["drawn"] == state.get("count", -1) - state.get("dropped", 0),
      f"every live particle is drawn ({side['events']['drawn']})")
hits = near = 0
for p in particles:
    x, y = p["position"]
    px = project(cam, [x, y, 0.0], W, H)  # 2D positions are drawn at z = 0
    if not (2 <= px[0] < W - 2 and 2 <= px[1] < H - 2):
        continue
    near += 1
    cx, cy = int(px[0]), int(px[1])
    hits += any(rows[j][4 * i:4 * i + 3] != bare[j][4 * i:4 * i + 3]
                for j in range(cy - 1, cy + 2) for i in range(cx - 1, cx + 2))
check(near > 50 and hits >= 0.8 * near, f"the pictures differ at {hits} of {near} projected particles")

# --ortho's neighbours: it needs --camera and excludes --fov (usage errors, nothing written).
for extra in (["--ortho", "9"], ["--camera", CAMERA, "--ortho", "9", "--fov", "40"], ["--camera", CAMERA, "--ortho", "0"]):
    path = os.path.join(SCRATCH, "refused.png")
    rc, _, err = run("capture", LEVEL, "--time", T, "--out", path, *extra)
    check(rc != 0 and not os.path.exists(path), f"{' '.join(extra)}: refused ({rc}, {err.strip()})")

if check.failures:
    sys.exit(1)
shutil.rmtree(SCRATCH, ignore_errors=True)
print("iso2d captures: ok")
