#!/usr/bin/env python3
"""`kiln sim` checked from the outside: every printed particle is recomputed in double from its
printed initial values (integration, burst ranges, look, emitter path, seeds), the pool keeps
the newest, emitters are rate-invariant, sort orders hold, and the events rules and warnings
reach `kiln compile` on both sides of each limit.

usage: sim_check.py KILN SOURCE_DIR SCRATCH_DIR
"""
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, runner

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
run = runner(KILN, timeout=120, text=True)
check = Checks()


WORLD = """version: 1
world:
  version: 1
  sectors:
    - {name: room, walls: [[-20, -20], [20, -20], [20, 20], [-20, 20]], floor: -5, ceiling: 20}
"""


def source(name, events):
    path = os.path.join(SCRATCH, name + ".yaml")
    with open(path, "w") as f:
        f.write(WORLD + events)
    return path


def sim(path, t, *extra):
    rc, out, err = run("sim", path, "--time", str(t), "--json", *extra)
    check(rc == 0, f"{path} t={t}: sim exits 0 ({err.strip()})")
    return json.loads(out) if rc == 0 else None


def close(a, b, tol=2e-4):
    return abs(a - b) <= tol * max(1.0, abs(b))


def vclose(a, b, tol=2e-4):
    return all(close(x, y, tol) for x, y in zip(a, b))


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


def norm(a):
    n = math.sqrt(dot(a, a))
    return [x / n for x in a]


def path_at(keys, pos, t):
    """The emitter origin per docs/events.md: piecewise linear, looping with the last key's time;
    before the first key it moves from the last key to the first."""
    if not keys:
        return pos
    if len(keys) == 1:
        return keys[0][1]
    period = keys[-1][0]
    tau = math.fmod(t, period)
    lerp = lambda a, b, f: [x + (y - x) * f for x, y in zip(a, b)]
    if tau < keys[0][0]:
        return lerp(keys[-1][1], keys[0][1], tau / keys[0][0])
    for (t0, p0), (t1, p1) in zip(keys, keys[1:]):
        if tau < t1:
            return lerp(p0, p1, (tau - t0) / (t1 - t0))
    return keys[-1][1]


os.makedirs(SCRATCH, exist_ok=True)

# --- a scene using every source kind, recomputed particle by particle -----------------------
RECIPES = {
    "ember": dict(count=1, speed=0.9, spread=0.35, lifetime=1.6, size=0.07, growth=0, gravity=1.4, drag=0.9,
                  color=[5.0, 1.1, 0.12], opacity=1, fade=1.5, glows=True, axis=[0, 0, 1]),
    "pickup": dict(count=48, speed=4.5, spread=2.2, lifetime=0.9, size=0.12, growth=0, gravity=-7, drag=1.8,
                   color=[0.5, 5.0, 2.2], opacity=1, fade=1, glows=True, axis=[0, 1, 1]),
    "dust": dict(count=14, speed=0.6, spread=1.4, lifetime=0.9, size=0.35, growth=1.8, gravity=-1, drag=3,
                 color=[0.5, 0.46, 0.4], opacity=0.45, fade=2, glows=False, axis=[0, 0, 1]),
}
MATTER = [0.9, 0.8, 0.7]
HZ = 50
PATH = [(0.0, [2, 3, 1.2]), (4.0, [6, 3, 1.2])]
SCRIPT = [(0.5, "pickup", [4, 3, 1.6], 120), (1.1, "dust", [1, 1, 0.05], 150)]


def recipe_yaml(name, r):
    lines = [f"    {name}:"]
    for k, v in r.items():
        lines.append(f"      {k}: {json.dumps(v).lower() if isinstance(v, bool) else json.dumps(v)}")
    return "\n".join(lines)


main = source("scene", f"""events:
  capacity: 1024
  step_hz: {HZ}
  matter_light: {json.dumps(MATTER)}
  recipes:
{chr(10).join(recipe_yaml(n, r) for n, r in RECIPES.items())}
  emitters:
    - name: lantern
      recipe: ember
      rate: 12
      seed_base: 1000
      position: [2, 3, 1.2]
      path:
{chr(10).join(f"        - {{time: {t}, position: {json.dumps(p)}}}" for t, p in PATH)}
  script:
{chr(10).join(f"    - {{time: {t}, recipe: {r}, position: {json.dumps(p)}, seed: {s}}}" for t, r, p, s in SCRIPT)}
""")
rc, out, err = run("compile", main, "-o", os.path.join(SCRATCH, "scene.klm"))
check(rc == 0 and "kiln/events@1" in out, f"scene compiles and requires kiln/events@1 ({err.strip()})")

EYE, TARGET = [3, -6, 4], [3, 3, 1]
T = 1.3
dt = 1.0 / HZ
for path in (main, os.path.join(SCRATCH, "scene.klm")):
    s = sim(path, T, "--camera", ",".join(map(str, EYE + TARGET)))
    if not s:
        continue
    n = math.floor(T * HZ)
    check(s["step"] == n and s["step_hz"] == HZ and s["capacity"] == 1024, f"{path}: step {s['step']} == {n}")
    check(list(s.keys()) == ["time", "step", "step_hz", "capacity", "count", "spawned", "recycled", "dropped",
                             "sort", "math", "dimensions", "hash", "particles", "draw_order"],
          f"{path}: top-level fields in order")
    check(s["dimensions"] == 3 and all(len(p["position"]) == 3 for p in s["particles"]), f"{path}: 3D by default")
    check(s["count"] == len(s["particles"]) and s["recycled"] == 0 and s["dropped"] == 0, f"{path}: counters")
    check(re.fullmatch(r"[0-9a-f]{16}", s["hash"]) is not None, f"{path}: hash is 16 hex digits")
    ids = [p["id"] for p in s["particles"]]
    check(ids == sorted(ids), f"{path}: particles in spawn order")
    # Emitter: 12/s at 50 Hz; its j-th particle has seed 1000 + j.
    emitted = [p for p in s["particles"] if p["source"] == "emitter:lantern"]
    forward = norm(sub(TARGET, EYE))
    for p in s["particles"]:
        r = RECIPES[p["recipe"]]
        what = f"{path}: particle {p['id']} ({p['source']})"
        # Burst ranges, from the printed initial values.
        a = norm(r["axis"])
        v0 = p["initial_velocity"]
        along = dot(v0, a)
        across = math.sqrt(max(0.0, dot(v0, v0) - along * along))
        check(r["speed"] * 0.75 - 1e-5 <= along <= r["speed"] * 1.25 + 1e-5, f"{what}: speed along axis {along}")
        check(across <= r["spread"] + 1e-5, f"{what}: spread {across} <= {r['spread']}")
        check(r["lifetime"] * 0.75 - 1e-6 <= p["lifetime"] <= r["lifetime"] * 1.25 + 1e-6, f"{what}: lifetime")
        check(r["size"] * 0.75 - 1e-6 <= p["size0"] <= r["size"] * 1.25 + 1e-6, f"{what}: size0")
        check(0 <= p["index"] < r["count"], f"{what}: index in burst")
        # Where and when it was born.
        if p["source"].startswith("script:"):
            t, name, pos, seed = SCRIPT[int(p["source"].split(":")[1])]
            check(p["recipe"] == name and p["seed"] == seed and vclose(p["origin"], pos), f"{what}: script birth")
            check(p["birth_step"] == math.floor(t * HZ), f"{what}: fires in step floor(t·hz)")
        else:
            check(vclose(p["origin"], path_at(PATH, None, p["birth_step"] * dt)), f"{what}: path origin")
        # Integration in double from the printed initial values.
        steps = n - p["birth_step"]
        pos, vel = list(p["origin"]), list(v0)
        damp = max(0.0, 1 - r["drag"] * dt)
        for _ in range(steps):
            vel[2] += r["gravity"] * dt
            vel = [x * damp for x in vel]
            pos = [x + v * dt for x, v in zip(pos, vel)]
        age = steps * dt
        check(close(p["age"], age), f"{what}: age {p['age']} vs {age}")
        check(age < p["lifetime"] + 1e-6, f"{what}: alive")
        check(vclose(p["position"], pos, 1e-3) and vclose(p["velocity"], vel, 1e-3),
              f"{what}: position {p['position']} vs {pos}")
        # Look.
        tt = p["age"] / p["lifetime"]
        op = r["opacity"] * (1 - tt) ** r["fade"]
        check(close(p["size"], p["size0"] * (1 + r["growth"] * tt)), f"{what}: size")
        check(close(p["opacity"], op, 1e-3), f"{what}: opacity")
        rgb = [c * op for c in r["color"]] if r["glows"] else [c * m * op for c, m in zip(r["color"], MATTER)]
        check(vclose(p["rgb"], rgb, 1e-3) and close(p["coverage"], 0 if r["glows"] else op, 1e-3), f"{what}: rgb")
        check(p["light"] is None if r["glows"] else vclose(p["light"], MATTER, 1e-12),
              f"{what}: light {p['light']} (null for light, matter_light for matter)")
        check(close(p["key"], dot(sub(p["position"], EYE), forward), 1e-4), f"{what}: view key is the depth")
    seeds = [p["seed"] for p in sorted(emitted, key=lambda p: p["id"])]
    check(seeds == list(range(seeds[0], seeds[0] + len(seeds))) if seeds else False, f"{path}: emitter seeds run on")
    check(s["spawned"] == 48 + 14 + math.floor(12 * n * dt + 1e-9), f"{path}: spawned {s['spawned']}")
    # view: back to front, equal depths keep spawn order.
    key = {p["id"]: p["key"] for p in s["particles"]}
    check(s["draw_order"] == sorted(ids, key=lambda i: (-key[i], i)), f"{path}: draw order back to front")

a = sim(main, T)
b = sim(main, T)
check(a and b and a["hash"] == b["hash"], "the hash is reproducible")
# Scrubbing: the state at T is the same whatever was asked before (each run starts from T = 0).
iso = sim(main, T, "--sort", "iso")
if iso:
    key = {p["id"]: p["key"] for p in iso["particles"]}
    check(iso["sort"] == "iso" and iso["draw_order"] == sorted(key, key=lambda i: (key[i], i)), "iso: ascending key")
none = sim(main, T, "--sort", "none")
if none:
    check(none["draw_order"] == [p["id"] for p in none["particles"]], "none: spawn order")
    check(none["hash"] == a["hash"], "the sort does not change the render buffers")

# --- dimensions: 2: the plane, recomputed from the printed initial values --------------------
# A tilted axis and a script position with z = 7: the z of both is dropped; gravity pulls on y.
FLAT = dict(count=24, speed=2.0, spread=1.5, lifetime=2.0, size=0.2, gravity=-3.0, drag=0.5, axis=[0, 1, 1])
flat = source("flat", f"""events:
  capacity: 256
  step_hz: {HZ}
  dimensions: 2
  sort: iso
  recipes:
    puff: {{{", ".join(f"{k}: {json.dumps(v)}" for k, v in FLAT.items())}}}
  emitters:
    - {{name: stream, recipe: puff, rate: 10, seed_base: 40, position: [1, -2, 5]}}
  script:
    - {{time: 0.3, recipe: puff, position: [2, 1, 7], seed: 77}}
""")
for path in (flat, os.path.join(SCRATCH, "flat.klm")):
    if path.endswith(".klm"):
        rc, out, err = run("compile", flat, "-o", path)
        check(rc == 0, f"the 2D level compiles ({err.strip()})")
    s = sim(path, 1.1)
    if not s:
        continue
    n = math.floor(1.1 * HZ)
    check(s["dimensions"] == 2, f"{path}: dimensions 2 at the top level")
    check(len(s["particles"]) > 24, f"{path}: the burst and the stream are alive ({len(s['particles'])})")
    # The 3D burst's velocity is speed·a + spread·(u cosθ + w sinθ) for a = (0, 1, 1)/√2; seen
    # in the plane only its x and y remain: y = along/√2 + across_y, x = across_x.
    for p in s["particles"]:
        what = f"{path}: particle {p['id']}"
        check(all(len(p[k]) == 2 for k in ("origin", "initial_velocity", "position", "velocity")),
              f"{what}: origin, initial_velocity, position and velocity have 2 elements")
        origin = [2, 1] if p["source"] == "script:0" else [1, -2]
        check(p["origin"] == origin, f"{what}: origin {p['origin']} is the (x, y) of {origin}")
        vx, vy = p["initial_velocity"]
        check(math.hypot(vx, vy) <= FLAT["speed"] * 1.25 / math.sqrt(2) + FLAT["spread"] + 1e-5,
              f"{what}: initial speed in the plane within speed/√2 + spread")
        steps = n - p["birth_step"]
        pos, vel = list(p["origin"]), [vx, vy]
        damp = max(0.0, 1 - FLAT["drag"] * dt)
        for _ in range(steps):
            vel[1] += FLAT["gravity"] * dt
            vel = [v * damp for v in vel]
            pos = [x + v * dt for x, v in zip(pos, vel)]
        check(vclose(p["position"], pos, 1e-3) and vclose(p["velocity"], vel, 1e-3),
              f"{what}: position {p['position']} vs {pos} (gravity along y)")
        # Iso key with step height 0: (0 + 512) << 22 | round((x + y)·16) + 2^21.
        x, y = p["position"]
        check(p["key"] == (512 << 22) | (round((x + y) * 16) + (1 << 21)), f"{what}: iso key of (x, y) at height 0")
    key = {p["id"]: p["key"] for p in s["particles"]}
    check(s["draw_order"] == sorted(key, key=lambda i: (key[i], i)), f"{path}: iso draw order")
# --- the pool keeps the newest ---------------------------------------------------------------
def pool(capacity):
    return source(f"pool{capacity}", f"""events:
  capacity: {capacity}
  recipes:
    puff: {{count: 5, speed: 1, lifetime: 10, size: 0.1}}
  script:
    - {{time: 0, recipe: puff, seed: 1}}
    - {{time: 0.5, recipe: puff, seed: 2}}
""")


s = sim(pool(8), 1)
if s:
    check(s["count"] == 8 and s["spawned"] == 10 and s["recycled"] == 2, f"capacity 8: 2 recycled ({s['recycled']})")
    check([p["id"] for p in s["particles"]] == list(range(2, 10)), "capacity 8: the oldest two went, the newest stay")
s = sim(pool(10), 1)
if s:
    check(s["count"] == 10 and s["recycled"] == 0, "capacity 10: nothing recycled")

# --- max_sprites: the oldest declarations are dropped -----------------------------------------
for budget, dropped in ((10, 0), (9, 1), (4, 6)):
    path = source(f"budget{budget}", f"""events:
  capacity: 10
  max_sprites: {budget}
  sort: none
  recipes:
    puff: {{count: 10, speed: 1, lifetime: 10, size: 0.1}}
  script:
    - {{time: 0, recipe: puff, seed: 1}}
""")
    s = sim(path, 1)
    if s:
        check(s["dropped"] == dropped and s["draw_order"] == list(range(dropped, 10)),
              f"max_sprites {budget}: {dropped} oldest dropped (got {s['dropped']}, {s['draw_order']})")

# --- rate invariance: 12 per second at any step rate -----------------------------------------
for hz in (7, 30, 60, 144, 1000):
    path = source(f"rate{hz}", f"""events:
  capacity: 4096
  step_hz: {hz}
  recipes:
    mote: {{count: 1, lifetime: 100}}
  emitters:
    - {{name: e, recipe: mote, rate: 12}}
""")
    for t in (1, 2.5, 10):
        s = sim(path, t)
        if s:
            check(abs(s["spawned"] - 12 * t) <= 1, f"{hz} Hz, T={t}: spawned {s['spawned']} within 1 of {12 * t}")

# --- matter_light's sky and sector forms: the light each matter particle was lit by ---------------
def light_level(name, world, matter_light, positions):
    path = os.path.join(SCRATCH, name + ".yaml")
    script = "\n".join(f"    - {{time: 0, recipe: puff, position: {json.dumps(p)}, seed: {i + 1}}}"
                       for i, p in enumerate(positions))
    with open(path, "w") as f:
        f.write(f"""version: 1
world:
{world}
events:
  capacity: 16
  matter_light: {matter_light}
  recipes:
    puff: {{count: 1, lifetime: 10, size: 0.1, color: [1, 1, 1], opacity: 1, fade: 0, gravity: 0}}
    glint: {{count: 1, lifetime: 10, size: 0.1, color: [1, 1, 1], glows: true, gravity: 0}}
  script:
{script}
    - {{time: 0, recipe: glint, position: {json.dumps(positions[0])}, seed: 99}}
""")
    return path


def lights(path):
    s = sim(path, 0.5)
    if not s:
        return []
    check(all(p["light"] is None for p in s["particles"] if p["recipe"] == "glint"), f"{path}: light is null for light")
    matter = sorted((p for p in s["particles"] if p["recipe"] == "puff"), key=lambda p: p["seed"])
    for p in matter:
        check(vclose(p["rgb"], p["light"], 1e-6), f"{path}: a white opaque puff's rgb {p['rgb']} is its light")
    return [p["light"] for p in matter]


TWO_ROOMS = """  version: 3
  sectors:
    - {name: west, walls: [[0, 0], [10, 0], [10, 10], [0, 10]], floor: 0, ceiling: 5, ambient: [0.2, 0.3, 0.4]}
    - {name: east, walls: [[12, 0], [22, 0], [22, 10], [12, 10]], floor: 0, ceiling: 5, ambient: [0.6, 0.5, 0.1]}"""
got = lights(light_level("sector-v3", TWO_ROOMS, "sector", [[5, 5, 1], [17, 5, 1], [11, 5, 1], [40, 5, 1]]))
check(len(got) == 4 and vclose(got[0], [0.2, 0.3, 0.4], 1e-12) and vclose(got[1], [0.6, 0.5, 0.1], 1e-12),
      f"sector: each room's own ambient ({got})")
check(len(got) == 4 and got[2] == [1, 1, 1] and got[3] == [1, 1, 1], f"sector: outside every sector is [1, 1, 1] ({got})")
OLD_ROOM = """  version: 1
  sectors:
    - {name: room, walls: [[0, 0], [10, 0], [10, 10], [0, 10]], floor: 0, ceiling: 5}"""
got = lights(light_level("sector-v1", OLD_ROOM, "sector", [[5, 5, 1], [30, 5, 1]]))
check(len(got) == 2 and vclose(got[0], [0.15] * 3, 1e-12) and got[1] == [1, 1, 1],
      f"sector in a world v1: the default ambient 0.15 inside, [1, 1, 1] outside ({got})")
# (0.2, 0.3, 0.4) + (4π, 0, 2π) / 4π = (1.2, 0.3, 0.9), wherever the particle is.
sky = f"{{sky_radiance: [0.2, 0.3, 0.4], sun_irradiance: [{4 * math.pi!r}, 0, {2 * math.pi!r}]}}"
path = light_level("sky", TWO_ROOMS, sky, [[5, 5, 1], [40, 5, 1]])
got = lights(path)
check(len(got) == 2 and all(vclose(g, [1.2, 0.3, 0.9], 1e-12) for g in got), f"sky: radiance + irradiance/4π ({got})")
rc, out, err = run("compile", path, "-o", os.path.join(SCRATCH, "sky.klm"))
check(rc == 0, f"the sky level compiles ({err.strip()})")
got = lights(os.path.join(SCRATCH, "sky.klm"))
check(len(got) == 2 and all(vclose(g, [1.2, 0.3, 0.9], 1e-12) for g in got), f"sky from a module: the same light ({got})")
rc, out, err = run("compile", light_level("sector-klm", TWO_ROOMS, "sector", [[5, 5, 1]]), "-o",
                   os.path.join(SCRATCH, "sector.klm"))
check(rc == 0, f"the sector level compiles ({err.strip()})")
got = lights(os.path.join(SCRATCH, "sector.klm"))
check(len(got) == 1 and vclose(got[0], [0.2, 0.3, 0.4], 1e-12), f"sector from a module ({got})")
for name, light, code, where in [
    ("sky-negative", "{sky_radiance: [0.2, -0.3, 0.4], sun_irradiance: [1, 1, 1]}", "negative-color",
     "events.matter_light.sky_radiance[1]"),
    ("sky-missing", "{sky_radiance: [0.2, 0.3, 0.4]}", "missing-field", "events.matter_light.sun_irradiance"),
    ("sky-key", "{sky_radiance: [0.2, 0.3, 0.4], sun_irradiance: [1, 1, 1], sun: 1}", "unknown-key",
     "events.matter_light.sun"),
    ("light-word", "sectors", "wrong-type", "events.matter_light"),
]:
    rc, out, err = run("compile", light_level(name, TWO_ROOMS, light, [[5, 5, 1]]), "-o",
                       os.path.join(SCRATCH, name + ".klm"))
    check(rc == 1 and f"error[{code}]: {where}" in err, f"{name}: {code} at {where} ({err.strip()})")


# --- rules on both sides, and warnings that do not fail a compile ------------------------------
def compile_events(name, events):
    path = source(name, events)
    rc, out, err = run("compile", path, "-o", os.path.join(SCRATCH, name + ".klm"))
    return rc, err, path


def base(**over):
    v = dict(capacity=16, step_hz=60, count=4, lifetime=1, rate=2, time=1)
    v.update(over)
    return f"""events:
  capacity: {v['capacity']}
  step_hz: {v['step_hz']}
  recipes:
    spark: {{count: {v['count']}, lifetime: {v['lifetime']}}}
  emitters:
    - {{name: e, recipe: spark, rate: {v['rate']}}}
  script:
    - {{time: {v['time']}, recipe: spark}}
"""


for name, ok, bad, code in [
    ("capacity", dict(capacity=65536), dict(capacity=65537), "event-capacity"),
    ("capacity-low", dict(capacity=1), dict(capacity=0), "event-capacity"),
    ("step-hz", dict(step_hz=1000), dict(step_hz=1000.5), "step-rate"),
    ("step-hz-low", dict(step_hz=1), dict(step_hz=0.99), "step-rate"),
    ("burst", dict(count=65536), dict(count=65537), "burst-size"),
    ("time", dict(time=3600), dict(time=3600.5), "event-time"),
]:
    rc, err, _ = compile_events(name + "-ok", base(**ok))
    check(rc == 0, f"{name}: {ok} compiles ({err.strip()})")
    rc, err, path = compile_events(name + "-bad", base(**bad))
    check(rc == 1 and re.search(re.escape(path) + r":\d+:\d+: error\[" + code + r"\]: events\.", err) is not None,
          f"{name}: {bad} fails with {code} at FILE:LINE:COL ({err.strip()})")

# dimensions: 2 and 3 compile; 1 and 4 are unknown-enum at their line (8: after the 5-line world,
# `events:` and `capacity:`) and column.
for value, ok in (("2", True), ("3", True), ("1", False), ("4", False)):
    rc, err, path = compile_events(f"dimensions-{value}",
                                   base().replace("  capacity: 16\n", f"  capacity: 16\n  dimensions: {value}\n", 1))
    if ok:
        check(rc == 0, f"dimensions {value} compiles ({err.strip()})")
    else:
        check(rc == 1 and re.search(re.escape(path) + r":8:15: error\[unknown-enum\]: events\.dimensions", err)
              is not None, f"dimensions {value}: unknown-enum at FILE:8:15 events.dimensions ({err.strip()})")

for name, over, code, line in [("count", dict(count=-3), "count-clamped", 10),
                               ("lifetime", dict(lifetime=0.0005), "lifetime-clamped", 10),
                               ("rate", dict(rate=-1), "rate-clamped", 12)]:
    rc, err, path = compile_events("warn-" + name, base(**over))
    check(rc == 0 and re.search(re.escape(path) + f":{line}:\\d+: warning\\[{code}\\]: events\\.", err) is not None,
          f"{name}: warning[{code}] at line {line}, exit 0 ({rc}, {err.strip()})")
rc, err, _ = compile_events("warn-none", base(count=0, lifetime=0.001, rate=0))
check(rc == 0 and "warning" not in err, f"count 0, lifetime 0.001, rate 0: no warning ({err.strip()})")

rc, err, path = compile_events("typo", base().replace("recipe: spark}", "recipe: sparks}", 1))
check(rc == 1 and "unknown-name" in err and "did you mean 'spark'" in err, f"unknown recipe with a suggestion ({err.strip()})")
rc, err, path = compile_events("key", base().replace("capacity:", "capacty: 3\n  capacity:", 1))
check(rc == 1 and "unknown-key" in err and "capacity" in err, f"unknown key with a suggestion ({err.strip()})")
rc, out, err = run("validate", source("valid-events", base()))
check(rc == 0, f"validate accepts events ({err.strip()})")
rc, out, err = run("sim", source("no-events", ""), "--time", "1")
check(rc == 1 and "no events" in err, "sim on a level without events says so")
rc, out, err = run("sim", main, "--time", "1", "--sort", "depth")
check(rc == 2, "sim --sort depth is a usage error")
rc, out, err = run("sim", main, "--time", "1")
check(rc == 0 and "step 50" in out and "emitter:lantern" in out, "sim without --json prints a summary")

if check.failures:
    print(f"{len(check.failures)} failure(s)")
    sys.exit(1)
print("sim checks passed")
