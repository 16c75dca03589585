#!/usr/bin/env python3
"""The bounds debug set through the CLI: `validate --json` reports that validate against
assets/schema/validate-report.schema.json (with the stored and recomputed boxes), the
forged-bounds message names the differing face with its float32 step count (counted here from
the bit patterns), `inspect|eval|capture --unchecked` open every debug level with warnings and
exit 0 (and refuse without it), and an unknown subcommand lists the commands.

usage: unchecked_check.py KILN SOURCE_DIR DEBUG_DIR SCRATCH_DIR
"""
import json
import os
import re
import struct
import sys

import jsonschema

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, runner

KILN, ROOT, DEBUG, SCRATCH = arguments("KILN SOURCE_DIR DEBUG_DIR SCRATCH_DIR")
run = runner(KILN, timeout=300, text=True)
check = Checks()


def f32_ordinal(x):
    """A float32's index on the number line, from its bits (the same for -0 and +0)."""
    bits = struct.unpack("<i", struct.pack("<f", x))[0]
    return bits if bits >= 0 else -(bits & 0x7FFFFFFF)


fresh_dir(SCRATCH)
schema = json.load(open(os.path.join(ROOT, "assets", "schema", "validate-report.schema.json")))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

good = os.path.join(DEBUG, "good.klm")
forged = os.path.join(DEBUG, "forged_bounds.klm")
outside = os.path.join(DEBUG, "outside_sector.klm")
broken_yaml = os.path.join(SCRATCH, "broken.yaml")
with open(broken_yaml, "w") as f:
    f.write("version: 2\nworld: {version: 1, sectors: []}\npresets: {}\nemitters: []\nbogus: 1\n")

reports = {}
for path, rc_want in ((good, 0), (forged, 1), (outside, 1), (broken_yaml, 1)):
    rc, out, err = run("validate", path, "--json")
    check(rc == rc_want, f"validate --json {path}: exit {rc}, expected {rc_want}: {err}")
    try:
        report = json.loads(out)
    except json.JSONDecodeError as e:
        check(False, f"validate --json {path}: not JSON ({e})")
        continue
    reports[path] = report
    errors = [f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(report)]
    check(not errors, f"validate --json {path} does not match the schema: {errors}")

# The schema has teeth: each required key, and an unknown one, is refused.
if reports.get(forged):
    d = reports[forged]["diagnostics"][0]
    for key in ("code", "severity", "file", "path", "message", "offset"):
        mutilated = json.loads(json.dumps(reports[forged]))
        del mutilated["diagnostics"][0][key]
        check(not validator.is_valid(mutilated), f"the schema accepts a diagnostic without '{key}'")
    extra = json.loads(json.dumps(reports[forged]))
    extra["diagnostics"][0]["colour"] = 1
    check(not validator.is_valid(extra), "the schema accepts an unknown diagnostic key")

    check(d["code"] == "forged-bounds" and d["severity"] == "error", f"forged: {d}")
    check(d["offset"] is not None and d["line"] is None, "forged: a compiled file's diagnostic has an offset, no line")
    b = d.get("bounds")
    check(b is not None, "forged: no stored/recomputed bounds")
    if b:
        # kiln-make-debug-levels lowers only the first emitter's top by 0.5 (docs/samples.md).
        check(b["stored"]["min"] == b["recomputed"]["min"], "forged: min differs")
        check(b["stored"]["max"][:2] == b["recomputed"]["max"][:2], "forged: max x/y differ")
        stored_z, recomputed_z = b["stored"]["max"][2], b["recomputed"]["max"][2]
        check(abs((recomputed_z - stored_z) - 0.5) < 1e-6, f"forged: top lowered by {recomputed_z - stored_z}")
        steps = abs(f32_ordinal(stored_z) - f32_ordinal(recomputed_z))
        m = re.fullmatch(r"bounds\.max\.z: stored (\S+), recomputed (\S+) \((-\S+), (\d+) float32 steps\)", d["message"])
        check(m is not None, f"forged: message does not name the face: {d['message']!r}")
        if m:
            check(struct.pack("<f", float(m.group(1))) == struct.pack("<f", stored_z), "forged: stored value misprinted")
            check(struct.pack("<f", float(m.group(2))) == struct.pack("<f", recomputed_z), "forged: recomputed value misprinted")
            check(len(m.group(1)) <= 10, f"forged: {m.group(1)} is not the shortest float32 spelling")
            check(abs(float(m.group(3)) + 0.5) < 1e-6, f"forged: difference {m.group(3)}")
            check(int(m.group(4)) == steps, f"forged: {m.group(4)} steps, counted {steps}")
if reports.get(outside):
    d = reports[outside]["diagnostics"][0]
    check(d["code"] == "outside-sector" and "bounds" in d, f"outside: {d}")
if reports.get(good):
    check(reports[good]["valid"] and reports[good]["diagnostics"] == [], "good.klm is not valid")
if reports.get(broken_yaml):
    d = reports[broken_yaml]["diagnostics"][0]
    check(d["code"] == "unknown-key" and d["line"] == 5 and d["offset"] is None, f"broken yaml: {d}")

# --unchecked: every debug level opens, the findings print as warnings, exit 0; not without it.
warn = {good: None, forged: "forged-bounds", outside: "outside-sector"}
for path, code in warn.items():
    for verb in (["inspect", path, "--json"], ["eval", path, "--time", "1", "--json"]):
        rc, out, err = run(*verb, "--unchecked")
        check(rc == 0, f"{' '.join(verb)} --unchecked: exit {rc}: {err}")
        if code:
            check(f"warning[{code}]" in err, f"{' '.join(verb)} --unchecked: no warning[{code}] in {err!r}")
            check("error[" not in err, f"{' '.join(verb)} --unchecked prints errors: {err!r}")
            rc, _, err = run(*verb)
            check(rc == 1 and f"error[{code}]" in err, f"{' '.join(verb)} without --unchecked: exit {rc}: {err!r}")
        else:
            check("warning[" not in err, f"{' '.join(verb)} --unchecked on a good level warns: {err!r}")
    if rc == 0:
        check(json.loads(out)["emitters"] is not None, "eval --unchecked printed no emitters")

for path, code in warn.items():
    shot = os.path.join(SCRATCH, os.path.basename(path) + ".png")
    rc, out, err = run("capture", path, "--unchecked", "--time", "1", "--size", "64x36", "--out", shot)
    check(rc == 0 and os.path.exists(shot), f"capture --unchecked {path}: exit {rc}: {err}")
    if rc != 0:
        continue
    side = json.load(open(shot[:-4] + ".json"))
    check(side.get("checks_relaxed") is True, f"capture sidecar of {path} does not record relaxed checks")
    codes = [f["code"] for f in side.get("findings", [])]
    check(codes == ([code] if code else []), f"capture sidecar of {path}: findings {codes}")
rc, _, err = run("capture", forged, "--time", "1", "--size", "64x36", "--out", os.path.join(SCRATCH, "refused.png"))
check(rc == 1 and not os.path.exists(os.path.join(SCRATCH, "refused.png")), f"capture without --unchecked: exit {rc}")
checked = os.path.join(SCRATCH, "checked.png")
rc, _, err = run("capture", good, "--time", "1", "--size", "64x36", "--out", checked)
check(rc == 0 and "checks_relaxed" not in open(checked[:-4] + ".json").read(), "a checked capture's sidecar mentions relaxed checks")

# An unknown subcommand says so, lists the commands and suggests the nearest.
rc, out, err = run("compil", "x")
check(rc == 2, f"kiln compil x: exit {rc}")
check("unknown command 'compil'" in err and "did you mean 'compile'" in err, f"kiln compil x: {err!r}")
check(all(c in err for c in ("compile", "validate", "inspect", "eval", "capture", "compare", "explain")),
      f"kiln compil x does not list the commands: {err!r}")
rc, out, err = run("zzzzzz")
check(rc == 2 and "unknown command 'zzzzzz'" in err and "did you mean" not in err, f"kiln zzzzzz: {err!r}")
rc, out, err = run("compile", "--help")
check(rc == 0 and "unknown command" not in err, "kiln compile --help is refused")

for f in check.failures:
    print("FAIL:", f)
print(f"{len(check.failures)} failures")
sys.exit(1 if check.failures else 0)
