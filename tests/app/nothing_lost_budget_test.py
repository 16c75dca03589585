#!/usr/bin/env python3
"""Bounded costs and refused nonsense, end to end through the real `kiln` (and `kiln-view` when
given, under Xvfb): the event simulation budget counts births, degenerate cameras are refused,
level times past 1e9 s are refused, and out-of-range script numbers are parse errors. Every run
has a timeout, and every check is built to finish in well under ten seconds; expected values are
worked out here from docs/limits.md, not read back from Kiln.

usage: nothing_lost_budget_test.py KILN SOURCE_DIR SCRATCH_DIR [KILN_VIEW]
"""
import json
import math
import os
import shutil
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, runner

KILN, ROOT, SCRATCH, VIEW = arguments("KILN SOURCE_DIR SCRATCH_DIR", optional=1)
LIMIT = 2 ** 31  # the event simulation budget, in particle-steps
run = runner(KILN, timeout=10, hang_result=True)
check = Checks(print_passes=True)


def S(*parts):
    return os.path.join(SCRATCH, *parts)


shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(S("levels"))
shutil.copytree(os.path.join(ROOT, "assets/textures"), S("textures"))
BRAZIERS = os.path.join(ROOT, "assets/levels/braziers.yaml")
with open(BRAZIERS) as f:
    braziers = f.read()
# Everything up to the events section: the hall, its emitters and textures.
WORLD = braziers[: braziers.index("\nevents:")] + "\n"


def level(name, events):
    path = S("levels", name + ".yaml")
    with open(path, "w") as f:
        f.write(WORLD + events)
    return path


RECIPE = "      count: {count}\n      speed: 1\n      spread: 0.5\n      lifetime: 1\n      size: 0.1\n"

# --- finding 1: births are counted, before any step runs ---------------------------------------
# A pool of one at 1000 Hz fed by 256 emitters at 100,000/s: per step the one live particle the
# pool can hold, 256 + 1 visits, and 256 × 100 throws of one particle at 4 + 32 each.
flood = level("emitter_flood", "events:\n  capacity: 1\n  step_hz: 1000\n  recipes:\n    p:\n" + RECIPE.format(count=1) +
              "  emitters:\n" + "".join(f"    - {{name: e{i}, recipe: p, rate: 100000}}\n" for i in range(256)))
per_step = 1 + 256 + 1 + 256 * 100 * (4 + 32)
last = LIMIT // per_step
check(last == 2329, f"budget: the emitter flood's last step worked out by hand is 2329 ({last})")
for t in ("3600", "30", f"{(last + 1.5) / 1000:.4f}"):
    rc, _, err = run("sim", flood, "--time", t)
    check(rc == 2 and b"error[input-budget]" in err and b"births x 32" in err and b"(2^31)" in err,
          f"finding: kiln sim --time {t} of 256 emitters at 100,000/s into a pool of 1 is refused at once: {rc} {err[:300]!r}")
rc, _, err = run("sim", flood, "--time", "3600")
check(f"the latest time within it is {last / 1000:.9g} s".encode() in err,
      f"budget: the refusal names the latest time within the budget: {err[-200:]!r}")
# Well inside (500 steps, about 1.3·10^7 births) it runs and spawns what the rate says.
rc, out, err = run("sim", flood, "--time", "0.5", "--json")
spawned = json.loads(out)["spawned"] if rc == 0 else -1
check(rc == 0 and spawned == 256 * 100 * 500, f"budget: the emitter flood runs at 0.5 s: {rc} {spawned} {err[:200]!r}")
rc, _, err = run("capture", flood, "--time", "3600", "--out", S("flood.png"))
check(rc == 2 and b"error[input-budget]" in err and not os.path.exists(S("flood.png")),
      f"finding: kiln capture of the emitter flood at 3600 s is refused, nothing written: {rc} {err[:200]!r}")

# 4,096 script events of 65,536 in a pool of 65,536 at 60 Hz: the births alone (2^28 × 32 = 2^33)
# are more than the budget, so any time past step 0 is refused before a step runs; at step 0
# nothing has fired and nothing is owed.
script = level("script_flood", "events:\n  capacity: 65536\n  recipes:\n    big:\n" + RECIPE.format(count=65536) +
               "  script:\n" + "".join(f"    - {{time: 0, recipe: big, position: [4, 3, 1], seed: {i}}}\n" for i in range(4096)))
fired = 4096 * 4 + 4096 * 65536 * 32
check(65536 + 1 + fired > LIMIT, "budget: the script flood's first step alone is past the budget")
for t in ("0.02", "1", "3600"):
    rc, _, err = run("sim", script, "--time", t)
    check(rc == 2 and b"error[input-budget]" in err and b"268435456 births x 32" in err,
          f"finding: kiln sim --time {t} of 4,096 x 65,536 script births is refused at once: {rc} {err[:300]!r}")
rc, out, err = run("sim", script, "--time", "0.01", "--json")
check(rc == 0 and json.loads(out)["step"] == 0, f"budget: the script flood before its first step runs (nothing owed): {rc} {err[:200]!r}")

# Both sides of the budget where a step is cheap (a pool of 65,536 that stays nearly empty):
# braziers' lantern throws 0.2 embers a step (4 + 32 each); an ember lives at most
# ceil(1.25 x 1.6 x 60) + 2 = 123 steps, so floor(0.2 x 123) + 2 = 26 are alive at most, beside the
# script's 48 + 14 + 48 + 14 = 124: 150 live particles and 1 + 3 visits a step, and the four
# bursts 4 × 4 + 124 × 32 once.
pool = S("levels", "pool65536.yaml")
with open(pool, "w") as f:
    f.write(braziers.replace("\n  capacity: 1024\n", "\n  capacity: 65536\n"))
alive = (math.floor(0.2 * (math.ceil(1.25 * 1.6 * 60 * (1 + 1e-6)) + 2)) + 2) + 48 + 14 + 48 + 14
check(alive == 150, f"budget: the big pool holds at most 150 live particles ({alive})")
per_step = alive + 1 + 3 + 0.2 * 36
pool_last = math.floor((LIMIT - (4 * 4 + 32 * (48 + 14 + 48 + 14))) / per_step)
check(pool_last == 13321834, f"budget: the big pool's last step worked out by hand is 13321834 ({pool_last})")
rc, out, err = run("sim", pool, "--time", f"{(pool_last + 0.5) / 60:.4f}", timeout=30)
check(rc == 0 and f"step {pool_last} ".encode() in out, f"budget: kiln sim at the last step within the budget runs: {rc} {out[:120]!r} {err[:200]!r}")
rc, _, err = run("sim", pool, "--time", f"{(pool_last + 1.5) / 60:.4f}")
check(rc == 2 and b"error[input-budget]" in err, f"budget: kiln sim one step past it is refused: {rc} {err[:200]!r}")
# Steps × capacity (the count before live particles were bounded) would have refused far earlier.
check(pool_last * 65536 > LIMIT, "budget: steps x capacity alone would be past the budget long before")

# --- finding 3: degenerate cameras -------------------------------------------------------------
def capture(camera, name):
    return run("capture", BRAZIERS, "--time", "1", "--size", "64x48", "--camera", camera, "--out", S(name + ".png"), timeout=30)


for camera, what in [("0,0,10,0,0,0", "straight down"), ("0,0,-10,0,0,0", "straight up"), ("4,3,1,4,3,1", "eye on target"),
                     ("0,0,10,0.0000099,0,0", "0.99e-6 off the axis")]:
    rc, _, err = capture(camera, "degenerate")
    check(rc == 2 and b"error[degenerate-camera]" in err and not os.path.exists(S("degenerate.png")),
          f"finding: kiln capture --camera {what} is refused, nothing written: {rc} {err[:200]!r}")
rc, _, err = capture("0,0,10,0.0000101,0,0", "tilted")
check(rc == 0 and os.path.exists(S("tilted.png")), f"camera: 1.01e-6 off the axis still captures: {rc} {err[:200]!r}")
for camera in ("3,3,3,3,3,3", "0,0,5,0,0,1"):
    rc, _, err = run("sim", BRAZIERS, "--time", "1", "--camera", camera)
    check(rc == 2 and b"error[degenerate-camera]" in err,
          f"finding: kiln sim --camera {camera} is refused instead of looking down -Z: {rc} {err[:200]!r}")
rc, _, err = run("sim", BRAZIERS, "--time", "1", "--camera", "0,0,5,0.0000041,0,1")
check(rc == 0, f"camera: kiln sim with a view just off the axis runs: {rc} {err[:200]!r}")

# --- finding 4: times the evaluator cannot represent -------------------------------------------
rc, out, err = run("eval", BRAZIERS, "--time", "1e9", "--json")
worst, alive = math.inf, 0
if rc == 0:
    doc = json.loads(out)
    ages = [(doc["time"], p) for e in doc["emitters"] for p in e["particles"]]
    alive = len(ages)
    worst = max((abs(p["age"] - (t - p["birth_time"])) for t, p in ages), default=0)
check(rc == 0 and alive > 0 and worst <= 1e-6,
      f"finding: kiln eval --time 1e9 keeps age = T - birth_time for all {alive} particles (worst {worst})")
for t in ("1.000000001e9", "1e20", "-1.000000001e9"):
    rc, _, err = run("eval", BRAZIERS, "--time", t)
    check(rc == 2 and b"error[time-range]" in err and b"1e9" in err, f"finding: kiln eval --time {t} is refused naming the limit: {rc} {err[:200]!r}")
rc, _, err = run("eval", BRAZIERS, "--time", "-1e9")
check(rc == 0, f"time: kiln eval --time -1e9 (before everything) is accepted: {rc} {err[:200]!r}")
rc, _, err = run("sim", BRAZIERS, "--time", "1.000000001e9")
check(rc == 2 and b"error[time-range]" in err, f"time: kiln sim --time past 1e9 is refused with time-range: {rc} {err[:200]!r}")
rc, _, err = run("capture", BRAZIERS, "--time", "1.000000001e9", "--no-events", "--size", "64x48", "--out", S("late.png"), timeout=30)
check(rc == 2 and b"error[time-range]" in err and not os.path.exists(S("late.png")),
      f"time: kiln capture --time past 1e9 is refused, nothing written: {rc} {err[:200]!r}")
rc, _, err = run("capture", BRAZIERS, "--time", "1e9", "--no-events", "--size", "64x48", "--out", S("at_limit.png"), timeout=30)
check(rc == 0 and os.path.exists(S("at_limit.png")), f"time: kiln capture --time 1e9 --no-events still renders: {rc} {err[:200]!r}")
rc, _, err = run("capture", BRAZIERS, "--times", "999999999:1000000001:1", "--no-events", "--size", "64x48", "--out", S("seq.png"), timeout=30)
check(rc == 2 and b"error[time-range]" in err and not os.path.exists(S("seq_0002.png")),
      f"time: a --times frame past 1e9 is refused, never rendered: {rc} {err[:200]!r}")

# --- kiln-view (under Xvfb when a viewer is given) ---------------------------------------------
if VIEW and shutil.which("xvfb-run"):
    home = S("home")
    os.makedirs(home)
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME="", ASAN_OPTIONS="detect_leaks=0")

    def view(lines, name, timeout=30):
        with open(S(name + ".txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        return run("-a", "-s", "-screen 0 800x600x24", VIEW, "--script", S(name + ".txt"), "--size", "320x240",
                   timeout=timeout, env=env, cmd="xvfb-run")

    # finding 2: out-of-range script numbers are parse errors, reported before anything runs.
    for line in ("wait 1e300", "ab a 1e300", "speed 1e300", "pick 1e300 0", "expect-errors 1e300", "look 0 0 0 0 0 1e300"):
        rc, out, err = view([f"open {BRAZIERS}", line, "quit"], "parse")
        check(rc == 1 and b"parse.txt:2: error:" in err and b"-9223372036854775808" not in out + err,
              f"finding: the script line '{line}' is a parse error, the session ends: {rc} {err[-200:]!r}")
    # finding 3: the viewer's look follows the capture's camera rule.
    rc, _, err = view([f"open {BRAZIERS}", "look 0 0 10 0 0 0", "quit"], "look")
    check(rc == 1 and b"degenerate-camera" in err, f"finding: look straight down is refused with degenerate-camera: {rc} {err[-200:]!r}")
    rc, _, err = view([f"open {BRAZIERS}", "look 0 0 10 0.0000101 0 0", "wait 1", "quit"], "look_ok")
    check(rc == 0, f"camera: look just off the axis is accepted: {rc} {err[-200:]!r}")
    # finding 1: a frame never freezes on births. The emitter flood at 30 s is past the budget;
    # the script flood's first step alone costs more than a frame may spend (2^23), so the
    # viewer draws no event particles there instead of running it. Running either would take
    # the session tens of seconds (2.7·10^8 births), so the short timeout is the hang detector.
    for lvl, what in [(flood, "the emitter flood at t = 30"), (script, "the script flood at t = 1")]:
        t = "30" if lvl == flood else "1"
        rc, _, err = view(["workspace events", f"open {lvl}", f"time {t}", "wait 3", f"screenshot {S('frame.png')}"],
                          "frames", timeout=8)
        check(rc == 0 and os.path.exists(S("frame.png")), f"finding: kiln-view at {what} does not freeze a frame: {rc} {err[-300:]!r}")
        if os.path.exists(S("frame.png")):
            os.remove(S("frame.png"))

print(f"{len(check.failures)} failures")
sys.exit(1 if check.failures else 0)
