#!/usr/bin/env python3
"""`kiln sim` under seed 004's two math backends, checked from the outside: the dyadic sample
prints the same state under fp32 and fpx16_16; off the dyadic zone every fpx16_16 number is a
multiple of 2^-16 and the trajectory matches a 16.16 integration written here in Python
integers; `math`, `layer` and `depth_override` are refused on the wrong side of their rules,
with the field path and a suggestion.

usage: sim_math_check.py KILN SOURCE_DIR SCRATCH_DIR
"""
import json
import os
import re
import sys
from fractions import Fraction

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, runner

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
fresh_dir(SCRATCH)  # a fresh clone's build tree has no scratch folder yet
run = runner(KILN, timeout=120, text=True)
check = Checks()

SAMPLE = os.path.join(ROOT, "tests", "data", "sources", "events-dyadic.yaml")
ONE = 1 << 16


def write(name, text):
    path = os.path.join(SCRATCH, name + ".yaml")
    with open(path, "w") as f:
        f.write(text)
    return path


def sim(path, t, *extra):
    rc, out, err = run("sim", path, "--time", str(t), "--json", *extra)
    check(rc == 0, f"{path} t={t}: sim exits 0 ({err.strip()})")
    return json.loads(out) if rc == 0 else None


def numbers(value):
    """Every number in a JSON value, depth first."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, (int, float)):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from numbers(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from numbers(v)


# --- 1. the dyadic sample: the same state under both backends ---------------------------------
with open(SAMPLE) as f:
    sample = f.read()
check("math: fp32" in sample, "the sample names its backend")
fixed = write("dyadic-fpx", sample.replace("math: fp32", "math: fpx16_16"))
for t in ["0", "0.25", "0.5", "0.75", "1", "1.25"]:
    for sort in ["iso", "view", "none"]:
        a = sim(SAMPLE, t, "--sort", sort)
        b = sim(fixed, t, "--sort", sort)
        if a is None or b is None:
            continue
        check(a["math"] == "fp32" and b["math"] == "fpx16_16", f"t={t}: top-level math ({a['math']}, {b['math']})")
        # The render buffer hash covers t = age / lifetime, which neither prints and which each
        # backend rounds its own way; everything printed must match.
        for k in a:
            if k not in ("math", "hash"):
                check(a[k] == b[k], f"t={t} sort={sort}: '{k}' agrees ({a[k]!r} vs {b[k]!r})")
        if t == "0.5" and sort == "iso":
            check(a["count"] == 4, f"t=0.5: four particles live ({a['count']})")
            first = b["particles"][0]
            # 32 steps of v.z −= 1/16 from rest, p.z += v.z / 64: 0.5 − 528/1024.
            check(first["position"][2] == 0.5 - 528 / 1024, f"first mote's z by hand ({first['position'][2]})")
            layers = {p["recipe"]: p["key"] >> 22 for p in b["particles"]}
            check(layers["spark"] == 1023 and layers["mote"] == 512, f"layers 511 and 0 in the key ({layers})")
            keys = {p["recipe"]: p["key"] for p in b["particles"]}
            check(keys["marker"] == 7 and b["draw_order"][0] == 3, f"depth_override 7 draws first ({keys})")

# --- 2. off the dyadic zone: 16.16 arithmetic recomputed in integers ---------------------------


def rnd_shift(n, s):
    """n / 2^s to nearest, ties to even (Python's >> floors)."""
    q, r = n >> s, n & ((1 << s) - 1)
    half = 1 << (s - 1)
    return q + 1 if r > half or (r == half and q & 1) else q


def fx_from(x):
    """A decimal (exact Fraction) to 16.16, nearest, ties to even."""
    v = Fraction(x) * ONE
    q = v.numerator // v.denominator
    r = v - q
    return q + 1 if r > Fraction(1, 2) or (r == Fraction(1, 2) and q & 1) else q


def fx_mul(a, b):
    return rnd_shift(a * b, 16)


def fx_div(a, b):
    v = Fraction(a * ONE, b)
    q = v.numerator // v.denominator
    r = v - q
    return q + 1 if r > Fraction(1, 2) or (r == Fraction(1, 2) and q & 1) else q


STEP_HZ, GRAVITY, DRAG = 60, "-6.5", "2.4"
odd = write("fpx-60hz", f"""version: 1
world:
  version: 1
  sectors:
    - {{name: room, walls: [[-8, -8], [8, -8], [8, 8], [-8, 8]], floor: -4, ceiling: 8}}
events:
  capacity: 4
  step_hz: {STEP_HZ}
  math: fpx16_16
  recipes:
    drop: {{count: 1, lifetime: 3, size: 0.3, gravity: {GRAVITY}, drag: {DRAG}, fade: 1.5, growth: 0.7,
            opacity: 0.8, color: [0.3, 0.6, 0.9]}}
  script:
    - {{time: 0, recipe: drop, position: [0.1, 0.2, 0.3], seed: 9}}
""")
dt = fx_from(Fraction(1, STEP_HZ))
g_dt = fx_mul(fx_from(GRAVITY), dt)
damping = max(0, ONE - fx_mul(fx_from(DRAG), dt))
z, vz, age = fx_from("0.3"), 0, 0
for n in range(1, 91):
    age += dt
    vz = fx_mul(vz + g_dt, damping)
    z += fx_mul(vz, dt)
    if n in (1, 2, 30, 90):
        s = sim(odd, (n + 0.1) / STEP_HZ)
        if s is None:
            continue
        check(s["math"] == "fpx16_16", "math printed")
        p = s["particles"][0]
        for value in numbers(p["position"] + p["velocity"] + [p["age"], p["lifetime"], p["size0"], p["size"],
                                                           p["opacity"]] + p["origin"]):
            check((Fraction(value) * ONE).denominator == 1, f"step {n}: {value} is a multiple of 2^-16")
        check(Fraction(p["position"][2]) * ONE == z, f"step {n}: z = {z} / 65536 ({p['position'][2]})")
        check(Fraction(p["velocity"][2]) * ONE == vz, f"step {n}: v.z = {vz} / 65536 ({p['velocity'][2]})")
        check(Fraction(p["age"]) * ONE == age, f"step {n}: age = {age} / 65536 ({p['age']})")
        check(p["position"][0] == fx_from("0.1") / ONE, "x stays the 16.16 of 0.1")
        life = int(Fraction(p["lifetime"]) * ONE)
        t = fx_div(age, life)
        size = fx_mul(int(Fraction(p["size0"]) * ONE), ONE + fx_mul(fx_from("0.7"), t))
        check(Fraction(p["size"]) * ONE == size, f"step {n}: size ⊗ rule ({p['size']} vs {size / ONE})")
        check(p["coverage"] == 0 or p["coverage"] == p["opacity"], "coverage is the fade alpha as a float")

# --- 3. the rules, on both sides ----------------------------------------------------------------
HEAD = """version: 1
world:
  version: 1
  sectors:
    - {name: room, walls: [[-8, -8], [8, -8], [8, 8], [-8, 8]], floor: -4, ceiling: 8}
events:
  capacity: 4
"""


def compile_text(name, events):
    path = write(name, HEAD + events)
    rc, _, err = run("compile", path, "-o", os.path.join(SCRATCH, name + ".klm"))
    return rc, err, path


for value, ok in [("fp32", True), ("fpx16_16", True)]:
    rc, err, _ = compile_text("math-" + value, f"  math: {value}\n")
    check(rc == 0, f"math: {value} compiles ({err.strip()})")
rc, err, path = compile_text("math-typo", "  math: fpx_16_16\n")
check(rc == 1 and re.search(re.escape(path) + r":\d+:\d+: error\[unknown-enum\]: events\.math", err) is not None
      and "did you mean 'fpx16_16'" in err, f"math: fpx_16_16 refused with a suggestion ({err.strip()})")
for field, good, bad in [("layer", [-512, 511], [-513, 512]), ("depth_override", [0, 4294967295], [-1, 4294967296])]:
    for v in good:
        rc, err, _ = compile_text(f"{field}-{v}", f"  recipes:\n    r: {{count: 1, {field}: {v}}}\n")
        check(rc == 0, f"{field}: {v} compiles ({err.strip()})")
    for v in bad:
        rc, err, path = compile_text(f"{field}-bad{v}", f"  recipes:\n    r: {{count: 1, {field}: {v}}}\n")
        check(rc == 1 and re.search(re.escape(path) + r":\d+:\d+: error\[recipe-range\]: events\.recipes\.r\." + field,
                                    err) is not None, f"{field}: {v} refused at its path ({err.strip()})")
rc, err, _ = compile_text("override-none", "  recipes:\n    r: {count: 1, depth_override: ~}\n")
check(rc == 0, f"depth_override: ~ is none ({err.strip()})")

if check.failures:
    print(f"{len(check.failures)} failure(s)")
    sys.exit(1)
print("sim math checks passed")
