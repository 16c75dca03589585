#!/usr/bin/env python3
"""One verdict per source, whichever route it takes to pixels.

A level source is read either in memory (`kiln validate SRC.yaml`, the viewer, capture, sim) or
through its compiled module (`kiln compile SRC.yaml -o OUT.klm`, then decoding OUT.klm). Both
routes must run the same rules, so for every source this test checks:

  * `kiln validate SRC.yaml` accepts   <=>  `kiln compile` exits 0   <=>  `kiln validate OUT.klm`
    accepts, and the errors of the two validations agree (code and field path; a compiled
    module's paths are spelled ENTRY:PATH and are mapped back to the source's spelling);
  * a source that is refused is refused by compile with the same error codes, so no module
    exists for it (that is the one legitimate reason a source has no second route).

Warnings are compared only in one direction: a value raised to its floor is reported on the
source (count-clamped and friends) and compiled raised, so the module carries none.

The sources: every .yaml under tests/data and assets/levels, then mutations of one small
source whose recipe, emitter, sprite frame and texture names sit at and past the name rule
(64 bytes, ASCII and two-byte UTF-8; tab, newline, DEL; 300 bytes), each with the verdict
this test expects, written down from docs/events.md and docs/source.md rather than asked of
kiln.

usage: routes_test.py KILN SOURCE_DIR SCRATCH_DIR
"""
import glob
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, runner, write_png

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
run = runner(KILN, timeout=300, text=True)
check = Checks()


# A module names each finding by its entry, then the path inside it; the source spells the
# same field from the document root.
ENTRY_ROOTS = {"@world/sectors:": "world.", "@world/particles:": "", "@kiln/events:": "events."}


def source_path(path):
    for entry, root in ENTRY_ROOTS.items():
        if path.startswith(entry):
            return root + path[len(entry):]
    return path


def validate(path):
    rc, out, err = run("validate", "--json", path)
    try:
        j = json.loads(out)
    except json.JSONDecodeError:
        check(False, f"validate --json {path}: no JSON (exit {rc}): {err.strip()[:300]}")
        return rc, [], []
    errors = sorted((d["code"], source_path(d["path"])) for d in j["diagnostics"] if d["severity"] == "error")
    warnings = sorted((d["code"], source_path(d["path"])) for d in j["diagnostics"] if d["severity"] == "warning")
    check((rc == 0) == j["valid"] == (not errors), f"validate {path}: exit {rc} but valid={j['valid']}")
    return rc, errors, warnings


def both_routes(src, label):
    """Runs the two routes on src; returns 'accepted' or 'refused', after checking they agree."""
    rc, errors, warnings = validate(src)
    check(rc in (0, 1), f"{label}: validate SRC.yaml exit {rc} (0 or 1 expected)")
    out_dir = os.path.join(SCRATCH, "out", re.sub(r"[^A-Za-z0-9_.-]", "_", label))
    fresh_dir(out_dir)
    klm = os.path.join(out_dir, "level.klm")
    crc, _, cerr = run("compile", src, "-o", klm)
    if rc != 0:
        check(crc == 1, f"{label}: validate refuses but compile exits {crc}: {cerr.strip()[:300]}")
        check(not os.path.exists(klm), f"{label}: a refused source still produced a module")
        compile_codes = sorted(re.findall(r"^\S.*?: error\[([a-z0-9-]+)\]", cerr, re.M))
        check(compile_codes == sorted(c for c, _ in errors),
              f"{label}: compile reports {compile_codes}, validate {[c for c, _ in errors]}")
        return "refused"
    check(crc == 0, f"{label}: validate accepts but compile exits {crc}: {cerr.strip()[:300]}")
    if crc != 0:
        return "split"
    krc, kerrors, kwarnings = validate(klm)
    check(krc == 0 and kerrors == errors,
          f"{label}: the source validates but its module does not: {kerrors} (exit {krc})")
    check(set(kwarnings) <= set(warnings), f"{label}: the module warns of {kwarnings}, the source of {warnings}")
    return "accepted" if krc == 0 else "split"


fresh_dir(SCRATCH)

# --- every stored source and sample ------------------------------------------------------------
stored = sorted(glob.glob(os.path.join(ROOT, "tests", "data", "**", "*.yaml"), recursive=True)
                + glob.glob(os.path.join(ROOT, "assets", "levels", "*.yaml")))
check(len(stored) >= 5, f"expected the stored sources and samples, found {stored}")
for src in stored:
    verdict = both_routes(src, os.path.relpath(src, ROOT))
    # Every stored source is a valid one (the invalid cases are built by the tests that use them).
    check(verdict == "accepted", f"{os.path.relpath(src, ROOT)}: {verdict}")

# --- mutated names -------------------------------------------------------------------------------
write_png(os.path.join(SCRATCH, "a.png"), 16, 16)

BASE = """version: 2
world:
  version: 2
  sectors:
    - {{name: hall, walls: [[0,0],[8,0],[8,6],[0,6]], floor: 0, ceiling: 4, portals: [~, ~, ~, ~]}}
textures:
  {texture}: a.png
  {extra}: a.png
presets:
  glow:
    capacity: 8
    lifetime: {{min: 1, max: 1}}
    size: [{{age: 0, value: 0.1}}, {{age: 1, value: 0.1}}]
    color: [{{age: 0, rgba: [1, 1, 1, 1]}}, {{age: 1, rgba: [1, 1, 1, 0]}}]
    sprite: {{frames: [{texture}]}}
emitters:
  - {{name: lamp, preset: glow, position: [4, 3, 1], rate: 4, duration_seconds: 1, mode: cycle, period_seconds: 1}}
events:
  capacity: 64
  recipes:
    {recipe}: {{count: 4, speed: 1, lifetime: 1, sprite: {{frame: {frame}}}}}
  emitters:
    - {{name: {emitter}, recipe: {recipe}, rate: 2, position: [4, 3, 1]}}
  script:
    - {{time: 0.5, recipe: {recipe}, position: [4, 3, 1], seed: 1}}
"""


def q(text):
    """A YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(text)


DEFAULTS = {"texture": "tex", "extra": "spare", "recipe": "puff", "emitter": "vent"}

# (label, name, accepted?) — the name rule: 1..64 bytes of UTF-8 without control characters.
NAMES = [
    ("64-ascii", "n" * 64, True),
    ("64-utf8", "\u00e9" * 32, True),
    ("65-ascii", "n" * 65, False),
    ("65-utf8", "\u00e9" * 32 + "n", False),
    ("tab", "a\tb", False),
    ("newline", "a\nb", False),
    ("del", "a\x7fb", False),
    ("300", "n" * 300, False),
]

# Where a name goes: which fields of BASE it replaces. The sprite frame names a texture, so
# that texture is renamed with it (a frame naming no texture is a different rule).
SLOTS = {
    "recipe": lambda n: {"recipe": n},
    "emitter": lambda n: {"emitter": n},
    "sprite-frame": lambda n: {"texture": n, "frame": n},
    "texture-unused": lambda n: {"extra": n},
}

base = dict(DEFAULTS, frame=DEFAULTS["texture"])
src = os.path.join(SCRATCH, "base.yaml")
with open(src, "w", encoding="utf-8") as f:
    f.write(BASE.format(**{k: q(v) for k, v in base.items()}))
check(both_routes(src, "base") == "accepted", "the unmutated base source is accepted by both routes")

for slot, fields in SLOTS.items():
    for label, name, accepted in NAMES:
        values = dict(base, **fields(name))
        src = os.path.join(SCRATCH, f"{slot}-{label}.yaml")
        with open(src, "w", encoding="utf-8") as f:
            f.write(BASE.format(**{k: q(v) for k, v in values.items()}))
        verdict = both_routes(src, f"{slot}-{label}")
        check(verdict == ("accepted" if accepted else "refused"),
              f"{slot} {label}: {verdict}, expected {'accepted' if accepted else 'refused'}")
        if not accepted:
            _, errors, _ = validate(src)
            codes = {c for c, _ in errors}
            # A texture name that is no plain file name has its own code; every other defect
            # of a name is bad-name.
            expected = {"bad-name", "unsafe-texture-name"} if label in ("tab", "newline", "del") and slot in (
                "sprite-frame", "texture-unused") else {"bad-name"}
            check(codes and codes <= expected | {"bad-name"} and codes & expected,
                  f"{slot} {label}: refused with {sorted(codes)}, expected {sorted(expected)}")

if check.failures:
    print(f"{len(check.failures)} failure(s)")
    sys.exit(1)
print("routes agree:", len(stored), "stored sources,", len(SLOTS) * len(NAMES) + 1, "mutated sources")
