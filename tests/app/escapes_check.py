#!/usr/bin/env python3
"""`kiln escapes` checked against `kiln eval`, recomputed here from the printed states: for every
emitter of the bounds debug set and the samples, the first escape's particle is outside its face
(the stored box read from `kiln inspect`, or a sector wall, floor or ceiling from its corners and
heights) by the reported distance at the reported time, nothing is outside at sampled earlier
times, and no sampled moment beats the worst (or the closest approach when nothing escapes).
Then the exit codes, the text report, --emitter and --until.

usage: escapes_check.py KILN DEBUG_DIR SOURCE_DIR
"""
import json
import math
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, runner

KILN, DEBUG, ROOT = arguments("KILN DEBUG_DIR SOURCE_DIR")
GOOD = os.path.join(DEBUG, "good.klm")  # braziers, compiled by the debug set's generator
SMOKE = os.path.join(ROOT, "assets", "levels", "smoke_fire.yaml")
run = runner(KILN, timeout=300, text=True)
check = Checks(most_printed=40)
SAMPLE_STEP = 1 / 30  # seconds between sampled times
SAMPLE_END = 8.0      # the sampled stretch of level time


def planes_of(inspect, emitter):
    """The emitter's faces as (name, distance function of a point), written from the format."""
    b = emitter["bounds"]
    out = []
    for axis, letter in enumerate("xyz"):
        out.append((f"min.{letter}", lambda p, a=axis: b["min"][a] - p[a]))
        out.append((f"max.{letter}", lambda p, a=axis: p[a] - b["max"][a]))
    sectors = {s["name"]: s for s in inspect["world"]["sectors"]}
    s = sectors.get(emitter["sector"])
    if s:
        walls = s["walls"]
        for k, (ax, ay) in enumerate(walls):
            bx, by = walls[(k + 1) % len(walls)]
            ex, ey = bx - ax, by - ay
            n = math.hypot(ex, ey)
            # Counter-clockwise walls: the interior is on the left, outside on the right.
            out.append((f"wall {k}", lambda p, ax=ax, ay=ay, ex=ex, ey=ey, n=n: (ey * (p[0] - ax) - ex * (p[1] - ay)) / n))
        for name, h, sign in (("floor", s["floor"], 1), ("ceiling", s["ceiling"], -1)):
            norm = math.sqrt(1 + h["dzdx"] ** 2 + h["dzdy"] ** 2)
            out.append((name, lambda p, h=h, sign=sign, norm=norm:
                        sign * (h["z"] + h["dzdx"] * p[0] + h["dzdy"] * p[1] - p[2]) / norm))
    return out


def reach(particle, distance):
    """How far the billboard (centre ± half-diagonal) is past a plane."""
    return distance(particle["position"]) + particle["size"] / math.sqrt(2)


eval_cache = {}


def states(path, time):
    key = (path, time)
    if key not in eval_cache:
        rc, out, err = run("eval", path, "--time", repr(time), "--unchecked", "--json")
        check(rc == 0, f"eval {path} {time}: exit {rc}: {err[-300:]}")
        eval_cache[key] = {e["name"]: e["particles"] for e in json.loads(out)["emitters"]} if rc == 0 else {}
    return eval_cache[key]


def worst_at(path, name, planes, time):
    best = -math.inf
    for p in states(path, time).get(name, []):
        for _, d in planes:
            best = max(best, reach(p, d))
    return best


def check_moment(path, name, planes, m, what):
    """The reported particle, evaluated at the reported time, is where the report says."""
    faces = dict(planes)
    check(m["face"] in faces, f"{name} {what}: unknown face {m['face']}")
    particles = [p for p in states(path, m["time"]).get(name, []) if p["slot"] == m["slot"]]
    check(len(particles) == 1, f"{name} {what}: slot {m['slot']} not alive at t={m['time']}")
    if not particles or m["face"] not in faces:
        return
    p = particles[0]
    check(p["birth"] == m["birth"] and p["cycle"] == m["cycle"], f"{name} {what}: another particle in the slot")
    got = reach(p, faces[m["face"]])
    check(abs(got - m["distance"]) < 1e-9, f"{name} {what}: recomputed {got}, reported {m['distance']}")
    check(abs(p["age"] - m["age"]) < 1e-9, f"{name} {what}: age {p['age']} vs {m['age']}")


escaping = {}
for path, expect_rc in ((os.path.join(DEBUG, "forged_bounds.klm"), 1), (os.path.join(DEBUG, "outside_sector.klm"), 1),
                        (GOOD, 0), (SMOKE, 0)):
    rc, out, err = run("escapes", path, "--json", "--until", "20")
    check(rc == expect_rc, f"escapes {os.path.basename(path)}: exit {rc}, expected {expect_rc}: {err[-300:]}")
    if rc not in (0, 1):
        continue
    report = json.loads(out)
    rc, out, err = run("inspect", path, "--json", "--unchecked")
    inspect = json.loads(out)
    emitters = {e["name"]: e for e in inspect["particles"]["emitters"]}
    check(len(report["emitters"]) == len(emitters), f"{path}: every emitter is reported")
    for e in report["emitters"]:
        name = e["name"]
        planes = planes_of(inspect, emitters[name])
        check(e["escapes"] == ("first" in e), f"{name}: escapes and first agree")
        if e["escapes"]:
            escaping[(os.path.basename(path), name)] = e
            first = e["first"]
            check(first["distance"] > 0, f"{name}: first escape not outside ({first['distance']})")
            check_moment(path, name, planes, first, "first")
            # Nothing is outside before it: just before, and at every sampled earlier time.
            times = [first["time"] - 1e-6] + [i * SAMPLE_STEP for i in range(int(first["time"] / SAMPLE_STEP) + 1)]
            for t in (t for t in times if 0 <= t < first["time"]):
                w = worst_at(path, name, planes, t)
                check(w <= 1e-12, f"{name}: a billboard is {w} outside at t={t}, before the first escape")
            check("worst" in e and "closest" not in e, f"{name}: an escape has a worst and no closest")
            extreme = e.get("worst")
        else:
            check("closest" in e and "worst" not in e, f"{name}: nothing escapes, so a closest approach")
            extreme = e.get("closest")
            if extreme:
                check(extreme["distance"] <= 0, f"{name}: closest approach outside ({extreme['distance']})")
        if extreme:
            check_moment(path, name, planes, extreme, "worst" if e["escapes"] else "closest")
            for i in range(int(SAMPLE_END / SAMPLE_STEP)):
                w = worst_at(path, name, planes, i * SAMPLE_STEP)
                check(w <= extreme["distance"] + 1e-9, f"{name}: t={i * SAMPLE_STEP} reaches {w}, past the reported {extreme['distance']}")

# The debug set's answers: the forged top is crossed mid-life; the flame by the wall is born past it.
forged = escaping.get(("forged_bounds.klm", "west_flame"))
check(forged is not None and forged["first"]["face"] == "max.z" and forged["first"]["age"] > 0.1,
      f"forged_bounds: west_flame rises through max.z: {forged and forged['first']}")
outside = escaping.get(("outside_sector.klm", "west_flame"))
check(outside is not None and outside["first"]["face"] == "wall 0" and outside["worst"]["face"] == "wall 0",
      f"outside_sector: west_flame crosses wall 0: {outside and outside['first']}")
check(len(escaping) == 2, f"only the two debug emitters escape: {sorted(escaping)}")

# The text report teaches: what escapes, first and worst, and the eval line that shows it.
rc, out, err = run("escapes", os.path.join(DEBUG, "forged_bounds.klm"))
check(rc == 1, f"text report exit {rc}")
for words in ("west_flame: particles ESCAPE", "first ", "crosses max.z", "worst ", "max.z (stored too tight by 0.500000)",
              "see it:  kiln eval", "15 other emitters"):
    check(words in out, f"text report lacks {words!r}:\n{out}")
see = [line for line in out.splitlines() if "see it:" in line]
if see:
    # The printed command, run as printed, shows the particle outside.
    args = see[0].split("kiln ", 1)[1].split()
    rc, shown, err = run(*args)
    check(rc == 0, f"the printed eval command fails: {err[-300:]}")
rc, out, err = run("escapes", GOOD, "--emitter", "west_flame")
check(rc == 0 and "nothing escapes" in out and "closest" in out, f"--emitter on a sound emitter: {rc} {out}")
rc, out, err = run("escapes", GOOD, "--emitter", "west_flam")
check(rc == 2 and "did you mean 'west_flame'" in err, f"unknown --emitter: {rc} {err}")
rc, out, err = run("escapes", GOOD, "--until", "0")
check(rc == 2 and "--until" in err, f"--until 0: {rc} {err}")
rc, out, err = run("escapes", GOOD, "--until", "3", "--json")
for e in json.loads(out)["emitters"] if rc == 0 else []:
    check(e["searched_until"] <= 3 and e["cycles"] >= 1, f"--until 3: {e['name']} searched to {e['searched_until']}")
rc, out, err = run("escapes", os.path.join(ROOT, "assets", "levels", "braziers.yaml"))
check(rc == 0, f"a source works too: {rc} {err[-300:]}")
rc, out, err = run("escapes", os.path.join(DEBUG, "no_such.klm"))
check(rc == 2, f"a missing file: exit {rc}")

print(f"{check.count} checks, {len(check.failures)} failures")
sys.exit(1 if check.failures else 0)
