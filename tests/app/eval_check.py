#!/usr/bin/env python3
"""Recomputes what `kiln eval --json` and `kiln inspect --json` print from the printed
parameters with this script's own formulas: schedules, cycle groups, slot layout, birth times,
ages, lifetimes, sampled ranges, positions (closed-form drag integral, yaw, scale), curves,
flipbook frames, completeness of the alive set, and that the bounds contain every billboard.

usage: eval_check.py KILN SOURCE_DIR SCRATCH_DIR
"""
import json
import math
import os
import struct
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, runner

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
run = runner(KILN, timeout=300, text=True)
check = Checks(most_printed=40)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def kiln_json(*args):
    rc, out, err = run(*args)
    if rc != 0:
        raise SystemExit(f"kiln {' '.join(args)} failed ({rc}): {err}")
    return json.loads(out)


def close(a, b, tol):
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def schedule_of(e):
    times = []
    if e["rate"] > 0:
        n = 0
        while n / e["rate"] < e["duration_seconds"]:
            times.append(n / e["rate"])
            n += 1
    for b in e["bursts"]:
        times += [b["time"]] * b["count"]
    return sorted(f32(t) for t in times)


def curve(keys, t, field):
    t = min(max(t, 0.0), 1.0)
    for k0, k1 in zip(keys, keys[1:]):
        if t <= k1["age"]:
            u = (t - k0["age"]) / (k1["age"] - k0["age"])
            a, b = k0[field], k1[field]
            if isinstance(a, list):
                return [x + (y - x) * u for x, y in zip(a, b)]
            return a + (b - a) * u
    return keys[-1][field]


def displacement(v, a, drag, t):
    if drag == 0:
        f, g = t, t * t / 2
    else:
        f = -math.expm1(-drag * t) / drag
        g = (t - f) / drag
    return [v[i] * f + a[i] * g for i in range(3)]


def world_position(e, spawn, local):
    yaw = math.radians(e["yaw"])
    c, s = math.cos(yaw), math.sin(yaw)
    x, y, z = (spawn[i] + local[i] for i in range(3))
    r = [c * x - s * y, s * x + c * y, z]
    return [e["position"][i] + e["scale"] * r[i] for i in range(3)]


def check_level(name, klm):
    doc = kiln_json("inspect", klm, "--json")["particles"]
    if doc is None:  # a level of sectors and event particles only (iso2d, soot): nothing to evaluate
        check(name in WITHOUT_WORLDPARTICLES, f"{name}: only the levels named as such have no worldparticles")
        return
    checked.append(name)
    presets = {p["name"]: p for p in doc["presets"]}
    emitters = {e["name"]: e for e in doc["emitters"]}
    for e in doc["emitters"]:
        p = presets[e["preset"]]
        sched = schedule_of(e)
        check(len(sched) == e["birth_count"], f"{name}/{e['name']}: birth_count {e['birth_count']} vs {len(sched)}")
        check(len(sched) == len(e["schedule"]) and all(close(x, y, 1e-7) for x, y in zip(sched, e["schedule"])),
              f"{name}/{e['name']}: schedule differs")
        groups = 1 if e["mode"] == "once" else max(1, math.ceil(f32(p["lifetime"]["max"]) / f32(e["period_seconds"])))
        check(e["cycle_groups"] == groups, f"{name}/{e['name']}: cycle_groups {e['cycle_groups']} vs {groups}")
        check(e["required_capacity"] == groups * len(sched), f"{name}/{e['name']}: required_capacity")
        check(e["required_capacity"] <= p["capacity"], f"{name}/{e['name']}: fits its preset")
    check(doc["total_slots"] == sum(presets[e["preset"]]["capacity"] for e in doc["emitters"]), f"{name}: total_slots")

    horizon = max(e["delay_seconds"] + max(e["period_seconds"], e["duration_seconds"]) for e in doc["emitters"]) + 5
    times = [0.0, 0.013, 0.5, 1.0, 1.37, 2.0, 2.71, 3.9, horizon * 0.5, horizon, 1000.25]
    for T in times:
        out = kiln_json("eval", klm, "--time", repr(T), "--json")
        check(out["time"] == T, f"{name}: time echoed")
        for ev in out["emitters"]:
            e = emitters[ev["name"]]
            p = presets[e["preset"]]
            sched, G = e["schedule"], e["cycle_groups"]
            tag = f"{name}/{e['name']}@{T}"
            check(ev["alive"] == len(ev["particles"]), f"{tag}: alive count")
            seen = set()
            for q in ev["particles"]:
                b, k = q["birth"], q["cycle"]
                check(q["slot"] not in seen, f"{tag}: slot {q['slot']} twice")
                seen.add(q["slot"])
                check(0 <= b < len(sched), f"{tag}: birth index")
                check(q["slot"] == (k % G) * len(sched) + b, f"{tag}: slot {q['slot']} for group {k % G}, birth {b}")
                if e["mode"] == "once":
                    check(k == 0, f"{tag}: once emitters have cycle 0")
                bt = e["delay_seconds"] + k * e["period_seconds"] + sched[b]
                check(close(q["birth_time"], bt, 1e-6), f"{tag}: birth_time {q['birth_time']} vs {bt}")
                check(close(q["age"], T - q["birth_time"], 1e-9), f"{tag}: age = T - birth_time")
                check(0 <= q["age"] < q["lifetime"], f"{tag}: alive means 0 <= age < lifetime")
                lo, hi = p["lifetime"]["min"], p["lifetime"]["max"]
                check(lo - 1e-6 <= q["lifetime"] <= hi + 1e-6, f"{tag}: lifetime within its range")
                if e["mode"] == "cycle":
                    # The slot shows the most recent birth of its group that has happened.
                    check(bt + G * e["period_seconds"] > T - 1e-9, f"{tag}: a newer cycle should own slot {q['slot']}")
                for i in range(3):
                    h = p["spawn"]["half_extents"][i] if p["spawn"]["shape"] == "box" else 0.0
                    check(abs(q["spawn"][i]) <= h + 1e-6, f"{tag}: spawn within the box")
                    vlo, vhi = p["velocity"]["min"][i], p["velocity"]["max"][i]
                    check(vlo - 1e-6 <= q["velocity"][i] <= vhi + 1e-6, f"{tag}: velocity within its range")
                want = world_position(e, q["spawn"], displacement(q["velocity"], p["acceleration"], p["drag"], q["age"]))
                check(all(abs(want[i] - q["position"][i]) <= 2e-4 * max(1.0, abs(want[i])) for i in range(3)),
                      f"{tag}: position {q['position']} vs {want}")
                u = q["age"] / q["lifetime"]
                check(close(q["size"], e["scale"] * curve(p["size"], u, "value"), 1e-5), f"{tag}: size")
                rgba = curve(p["color"], u, "rgba")
                check(all(abs(x - y) <= 1e-5 for x, y in zip(rgba, q["color"])), f"{tag}: color {q['color']} vs {rgba}")
                rot, spin = p["rotation"]["angle"], p["rotation"]["speed"]
                rlo = rot["min"] + min(spin["min"] * q["age"], spin["max"] * q["age"])
                rhi = rot["max"] + max(spin["min"] * q["age"], spin["max"] * q["age"])
                check(rlo - 1e-3 <= q["rotation"] <= rhi + 1e-3, f"{tag}: rotation {q['rotation']} not in [{rlo}, {rhi}]")
                n, fps = len(p["sprite"]["frames"]), p["sprite"]["fps"]
                f = int(math.floor(q["age"] * fps)) if fps > 0 else 0
                f = min(f, n - 1) if p["sprite"]["flipbook"] == "once" else f % n
                if abs(q["age"] * fps - round(q["age"] * fps)) > 1e-4:  # away from a frame edge
                    check(q["frame"] == f, f"{tag}: frame {q['frame']} vs {f}")
                # The billboard (any rotation) stays inside the stored bounds.
                r = q["size"] * math.sqrt(0.5)
                for i in range(3):
                    check(e["bounds"]["min"][i] <= q["position"][i] - r + 1e-9 and
                          q["position"][i] + r - 1e-9 <= e["bounds"]["max"][i], f"{tag}: inside bounds on axis {i}")
            # Completeness: every birth younger than the shortest lifetime must be alive.
            tau = T - e["delay_seconds"]
            if tau >= 0:
                ks = [0] if e["mode"] == "once" else range(max(0, int(tau // e["period_seconds"]) - G - 1),
                                                           int(tau // e["period_seconds"]) + 1)
                alive = {(q["cycle"], q["birth"]) for q in ev["particles"]}
                for k in ks:
                    for b, s in enumerate(sched):
                        age = T - (e["delay_seconds"] + k * e["period_seconds"] + s)
                        if 1e-6 < age < p["lifetime"]["min"] - 1e-6:
                            check((k, b) in alive, f"{tag}: cycle {k} birth {b} (age {age}) should be alive")


# Levels with no particles section, and the ones that must be checked here.
WITHOUT_WORLDPARTICLES = {"iso2d.yaml", "soot.yaml", "glass.yaml"}
checked = []
fresh_dir(SCRATCH)
sources = [os.path.join(ROOT, "assets", "levels", f) for f in sorted(os.listdir(os.path.join(ROOT, "assets", "levels")))
           if f.endswith(".yaml") and not f.startswith("stress")]
sources += [os.path.join(ROOT, "tests", "data", "sources", f)
            for f in sorted(os.listdir(os.path.join(ROOT, "tests", "data", "sources"))) if f.startswith("valid-")]
for src in sources:
    klm = os.path.join(SCRATCH, os.path.splitext(os.path.basename(src))[0] + ".klm")
    rc, _, err = run("compile", src, "-o", klm)
    if rc != 0:
        check.failures.append(f"{src} does not compile: {err}")
        continue
    check_level(os.path.basename(src), klm)
check({"braziers.yaml", "smoke_fire.yaml"} <= set(checked), f"the samples with worldparticles were checked: {checked}")
print(f"{len(sources)} levels ({len(checked)} with worldparticles), {check.count} checks, {len(check.failures)} failures")
sys.exit(1 if check.failures else 0)
