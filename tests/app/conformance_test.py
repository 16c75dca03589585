#!/usr/bin/env python3
"""`kiln conformance`: the small kit exported, answered by Kiln and checked (exit 0); the manifest
and results validated against their schemas; deliberately wrong hosts (one verdict flipped, one
particle moved by 1e-3, a capture with an emitter missing, a case left out) each fail with that
case named; every particle rule docs/codes.md names has a case; and expected values recomputed
here without Kiln (header offsets, crc32 of every resealed file, edge-document motion, sizes and
flipbook frames).

usage: conformance_test.py KILN SOURCE_DIR SCRATCH_DIR
"""
import json
import math
import os
import re
import shutil
import struct
import sys
import zlib

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
import jsonschema  # noqa: E402
import yaml  # noqa: E402

from kiln_harness import Checks, arguments, fresh_dir, runner  # noqa: E402

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR", absolute=True)
run = runner(KILN, timeout=300, text=True)
check = Checks(most_printed=40)
fresh_dir(SCRATCH)
KIT, RESULTS = os.path.join(SCRATCH, "kit"), os.path.join(SCRATCH, "results")

# --- export, run, check ---------------------------------------------------------------------
rc, out, err = run("conformance", "export", KIT)
check(rc == 0, f"export exits 0 ({rc}): {err[-2000:]}")
rc, out2, err = run("conformance", "export", KIT)
check(rc == 2 and "output-exists" in err, f"a second export without --force is refused with output-exists ({rc}): {err[:300]}")
rc, out, err = run("conformance", "run", KIT, "-o", RESULTS)
check(rc == 0, f"run exits 0 ({rc}): {err[-2000:]}")
REPORT = os.path.join(SCRATCH, "report.html")
rc, out, err = run("conformance", "check", KIT, RESULTS, "--report", REPORT)
check(rc == 0 and "PASSED" in out, f"Kiln passes its own kit ({rc}): {out[-3000:]} {err[-1000:]}")
check(os.path.isfile(REPORT) and "Kiln conformance report" in open(REPORT, encoding="utf-8").read(),
      "the HTML report is written")

manifest = json.load(open(os.path.join(KIT, "manifest.json")))
results = json.load(open(os.path.join(RESULTS, "results.json")))
jsonschema.validate(manifest, json.load(open(os.path.join(KIT, "manifest.schema.json"))))
jsonschema.validate(results, json.load(open(os.path.join(KIT, "results.schema.json"))))
cases = {c["id"]: c for c in manifest["cases"]}
areas = {c["area"] for c in manifest["cases"]}
check(areas == {"verdict", "state", "sim", "picture"}, f"every area has a case: {sorted(areas)}")


# --- deliberately wrong hosts -----------------------------------------------------------------
def wrong_host(name, edit):
    """Copies the results, applies edit(results_dict, folder), checks; returns (rc, stdout)."""
    folder = os.path.join(SCRATCH, "wrong-" + name)
    shutil.copytree(RESULTS, folder)
    r = json.load(open(os.path.join(folder, "results.json")))
    edit(r, folder)
    with open(os.path.join(folder, "results.json"), "w") as f:
        json.dump(r, f)
    rc, out, err = run("conformance", "check", KIT, folder)
    return rc, out + err


def fails_naming(name, case_id, edit):
    rc, out = wrong_host(name, edit)
    fails = re.findall(r"^FAIL (\S+):", out, re.M)
    check(rc == 1 and fails == [case_id], f"{name}: exit 1 with only {case_id} failing (rc {rc}, failing {fails}): {out[-1500:]}")


rejected = next(c for c in manifest["cases"] if c["area"] == "verdict" and c["expected"]["verdict"] == "rejected")
fails_naming("verdict-flipped", rejected["id"],
             lambda r, _: r["cases"].__setitem__(rejected["id"], {"verdict": "accepted"}))

def first_particle_state_case():
    for c in manifest["cases"]:
        if c["area"] != "state":
            continue
        state = results["cases"][c["id"]]["state"]
        for e in state["emitters"]:
            if e["particles"]:
                return c["id"], e["name"]
    raise SystemExit("no state case has a particle")


moved_id, moved_emitter = first_particle_state_case()


def move_particle(r, _):
    for e in r["cases"][moved_id]["state"]["emitters"]:
        if e["name"] == moved_emitter:
            e["particles"][0]["position"][2] += 1e-3


fails_naming("particle-moved", moved_id, move_particle)

dropped = sorted(cases)[len(cases) // 2]
fails_naming("case-missing", dropped, lambda r, _: r["cases"].pop(dropped))

# A capture of the braziers with one flame emitter left out, from the reference's own camera.
picture = next(c for c in manifest["cases"] if c["area"] == "picture")
source = yaml.safe_load(open(os.path.join(ROOT, "assets", "levels", "braziers.yaml")))
source["emitters"] = [e for e in source["emitters"] if e["name"] != "west_flame"]
levels = os.path.join(SCRATCH, "minus", "levels")
os.makedirs(levels)
shutil.copytree(os.path.join(ROOT, "assets", "textures"), os.path.join(SCRATCH, "minus", "textures"))
minus = os.path.join(levels, "braziers.yaml")
with open(minus, "w") as f:
    yaml.safe_dump(source, f)
cam = picture["input"]["camera"]
shot = os.path.join(SCRATCH, "minus", "shot.png")
rc, out, err = run("capture", minus, "--time", repr(picture["input"]["time"]), "--size",
                   "%dx%d" % tuple(picture["input"]["size"]),
                   "--camera", ",".join(repr(v) for v in cam["eye"] + cam["target"]),
                   "--fov", repr(cam["fov_y_degrees"]), "--out", shot)
check(rc == 0, f"capture without west_flame ({rc}): {err[-800:]}")
fails_naming("emitter-missing", picture["id"],
             lambda r, folder: shutil.copyfile(shot, os.path.join(folder, r["cases"][picture["id"]]["capture"])))

rc, out = wrong_host("filtered", lambda r, _: r["cases"].pop(dropped))
rc2, out2, err2 = run("conformance", "check", KIT, os.path.join(SCRATCH, "wrong-filtered"), "--area", "picture")
check(rc2 == 0 if not dropped.startswith("picture") else rc2 == 1,
      f"--area picture leaves the missing {dropped} out ({rc2}): {out2[-500:]}")
rc3, out3, _ = run("conformance", "check", KIT, os.path.join(SCRATCH, "wrong-filtered"), "--case", dropped)
check(rc3 == 1 and dropped in out3, f"--case {dropped} checks that case alone ({rc3}): {out3[-500:]}")

# --- held out: every particle rule of docs/codes.md has a case ----------------------------------
codes_md = open(os.path.join(ROOT, "docs", "codes.md"), encoding="utf-8").read()
section = codes_md.split("## Particle rules")[1].split("\n# ")[0]
section = re.split(r"\n## [A-Z]", section)[0]
particle_codes = re.findall(r"^## `([a-z0-9-]+)`", section, re.M)
check(len(particle_codes) > 25, f"docs/codes.md's particle rules read: {particle_codes}")
covered = {c["rule"] for c in manifest["cases"]} | {c["expected"].get("code") for c in manifest["cases"]
                                                     if c["area"] == "verdict"}
# encoded-size: a document over 1 MiB cannot be written inside the format's own count limits.
missing = [c for c in particle_codes if c not in covered and c != "encoded-size"]
check(not missing, f"every particle rule has a verdict case: missing {missing}")
for code in particle_codes:
    sides = {c["side"] for c in manifest["cases"] if c["area"] == "verdict" and c["rule"] == code}
    if code != "encoded-size":
        check("outside" in sides, f"{code} has a case outside its limit: {sides}")
binary = re.findall(r"^## `([a-z0-9-]+)`", codes_md.split("## Binary files and decoding")[1].split("## Particle rules")[0], re.M)
for fmt in ("KWP1", "KWS1", "KEV1", "KLM1"):
    for code in ("bad-magic", "unsupported-header-version", "unsupported-version", "truncated", "trailing-bytes",
                 "too-large", "checksum-mismatch"):
        check(any(c["area"] == "verdict" and c["format"] == fmt and c["expected"].get("code") == code
                  for c in manifest["cases"]), f"{fmt} has a {code} case")
undocumented = [c for c in manifest["uncovered_codes"] if f"## `{c}`" not in codes_md]
check(not undocumented, f"uncovered codes are codes of docs/codes.md: {undocumented}")

# --- held out: expected values recomputed without Kiln -------------------------------------------
HEADER_OFFSET = {"bad-magic": 0, "header-version": 4, "document-version": 6, "checksum": 12}
for c in manifest["cases"]:
    if c["area"] != "verdict":
        continue
    data = open(os.path.join(KIT, c["input"]), "rb").read()
    part = c["id"].split(".")
    if len(part) == 4 and part[2] == "header" and part[3] in HEADER_OFFSET:
        check(c["expected"]["offset"] == HEADER_OFFSET[part[3]], f"{c['id']}: offset {c['expected']} "
              f"is the header field's ({HEADER_OFFSET[part[3]]})")
    if c["side"] != "malformed" and len(data) >= 16:
        magic, hv, dv, size, crc = struct.unpack("<4sHHII", data[:16])
        check(magic.decode() == c["format"] and hv == 1 and size == len(data) - 16
              and crc == zlib.crc32(data[16:]), f"{c['id']}: a sealed {c['format']} file (crc32 by zlib)")
    if "payload-" in c["id"] or ".payload." in c["id"]:
        magic, hv, dv, size, crc = struct.unpack("<4sHHII", data[:16])
        check(size == len(data) - 16 and crc == zlib.crc32(data[16:]),
              f"{c['id']}: resealed, so its one defect is the payload's")


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


# The edge document's own constants (app/cli/conformance.cpp writes them; restated here as the spec).
ACCEL = (0.1, 0.0, -1.5)
EMITTERS = {"edge_0": dict(pos=(0, 1, 0.5), yaw=0.0, scale=1.0, drag=0.0),
            "edge_1": dict(pos=(2, 1, 0.5), yaw=90.0, scale=0.25, drag=1e-7)}
SIZE_KEYS = [(0, 0.1), (0.3, 0.25), (1, 0.05)]
checked = 0
for c in manifest["cases"]:
    if c["area"] != "state" or "edges" not in c["id"]:
        continue
    state = json.load(open(os.path.join(KIT, c["expected"])))
    t = c["input"]["time"]
    for e in state["emitters"]:
        spec = EMITTERS.get(e["name"])
        if not spec:
            continue
        for p in e["particles"]:
            age = p["age"]
            check(abs(age - (t - p["birth_time"])) <= 1e-6, f"{c['id']} {e['name']} slot {p['slot']}: age = t - birth_time")
            local = [p["spawn"][i] + p["velocity"][i] * age + 0.5 * ACCEL[i] * age * age for i in range(3)]
            yaw = math.radians(spec["yaw"])
            x = local[0] * math.cos(yaw) - local[1] * math.sin(yaw)
            y = local[0] * math.sin(yaw) + local[1] * math.cos(yaw)
            world = [spec["pos"][0] + spec["scale"] * x, spec["pos"][1] + spec["scale"] * y,
                     spec["pos"][2] + spec["scale"] * local[2]]
            # drag 1e-7 moves a particle by at most ~|v|·1e-7·age² over 3 s: far below the tolerance.
            for i in range(3):
                check(abs(world[i] - p["position"][i]) <= 1e-4 * max(1, abs(world[i])),
                      f"{c['id']} {e['name']} slot {p['slot']}: position[{i}] {p['position'][i]} vs {world[i]}")
            u = min(max(age / p["lifetime"], 0), 1)
            for (a0, v0), (a1, v1) in zip(SIZE_KEYS, SIZE_KEYS[1:]):
                if u <= a1:
                    size = (v0 + (v1 - v0) * (u - a0) / (a1 - a0)) * spec["scale"]
                    break
            check(abs(size - p["size"]) <= 1e-5, f"{c['id']} {e['name']} slot {p['slot']}: size {p['size']} vs {size}")
            k = age * 1000
            if abs(k - round(k)) > 1e-2:
                check(p["frame"] == int(math.floor(k)) % 4, f"{c['id']} {e['name']} slot {p['slot']}: frame {p['frame']} vs {int(k) % 4}")
            bits = p["bits"]
            check(bits["position"][0] == "0x%08x" % struct.unpack("<I", struct.pack("<f", p["position"][0]))[0],
                  f"{c['id']}: the float32 bits of position.x")
            checked += 1
check(checked >= 10, f"enough edge particles recomputed ({checked})")

print(f"{check.count} checks, {len(check.failures)} failed")
sys.exit(1 if check.failures else 0)
