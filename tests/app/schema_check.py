#!/usr/bin/env python3
"""assets/schema/level.schema.json accepts every sample level and valid test source, and
rejects sources broken in ways the schema can see (one defect each).

usage: schema_check.py SOURCE_DIR
"""
import copy
import glob
import json
import os
import sys

import jsonschema
import yaml

ROOT = sys.argv[1]
schema = json.load(open(os.path.join(ROOT, "assets", "schema", "level.schema.json")))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failures = []

good = sorted(glob.glob(os.path.join(ROOT, "assets", "levels", "*.yaml")))
good += sorted(glob.glob(os.path.join(ROOT, "tests", "data", "sources", "valid-*.yaml")))
if len(good) < 2:
    failures.append("expected sample levels and valid test sources")
for path in good:
    errors = list(validator.iter_errors(yaml.safe_load(open(path))))
    for e in errors:
        failures.append(f"{path}: {'.'.join(map(str, e.absolute_path))}: {e.message}")

base = yaml.safe_load(open(os.path.join(ROOT, "tests", "data", "sources", "valid-once.yaml")))


def broken(edit):
    doc = copy.deepcopy(base)
    edit(doc)
    return doc


def drop(d, k):
    del d[k]


BROKEN = {
    "missing-version": lambda d: drop(d, "version"),
    "version-3": lambda d: d.update(version=3),
    "missing-world-version": lambda d: drop(d["world"], "version"),
    "unknown-top-key": lambda d: d.update(extras=1),
    "unknown-preset-key": lambda d: d["presets"]["puff"].update(colour=[]),
    "missing-capacity": lambda d: drop(d["presets"]["puff"], "capacity"),
    "capacity-over-limit": lambda d: d["presets"]["puff"].update(capacity=4097),
    "missing-lifetime": lambda d: drop(d["presets"]["puff"], "lifetime"),
    "one-size-key": lambda d: d["presets"]["puff"].update(size=[{"age": 0, "value": 1}]),
    "color-over-one": lambda d: d["presets"]["puff"]["color"][0].update(rgba=[1, 2, 1, 1]),
    "unknown-blend": lambda d: d["presets"]["puff"]["sprite"].update(blend="glow"),
    "alpha-in-version-1": lambda d: d["presets"]["puff"]["sprite"].update(blend="alpha"),
    "no-frames": lambda d: d["presets"]["puff"]["sprite"].update(frames=[]),
    "missing-emitter-preset": lambda d: drop(d["emitters"][0], "preset"),
    "seed-too-large": lambda d: d["emitters"][0].update(seed=4294967296),
    "quoted-rate": lambda d: d["emitters"][0].update(rate="10"),
    "position-of-two": lambda d: d["emitters"][0].update(position=[1, 2]),
    "zero-scale": lambda d: d["emitters"][0].update(scale=0),
    "cycle-without-period": lambda d: d["emitters"][0].update(mode="cycle"),
    "burst-of-zero": lambda d: d["emitters"][0].update(bursts=[{"time": 0, "count": 0}]),
    "portals-in-world-1": lambda d: d["world"]["sectors"][0].update(portals=[None, None, None, None]),
    "ambient-in-world-1": lambda d: d["world"]["sectors"][0].update(ambient=[0, 0, 0]),
    "sloped-floor-in-world-1": lambda d: d["world"]["sectors"][0].update(floor={"z": 0, "dzdx": 0.1}),
}
for name, edit in BROKEN.items():
    if validator.is_valid(broken(edit)):
        failures.append(f"broken source '{name}' passes the schema")
if not validator.is_valid(broken(lambda d: d["presets"]["puff"]["sprite"].update(blend="additive"))):
    failures.append("a one-field change that stays valid is rejected")

world3 = broken(lambda d: d["world"].update(version=3))
world3["world"]["sectors"][0].update(portals=[None] * 4, ambient=[0.1, 0.1, 0.1], floor={"z": 0, "dzdx": 0.01})
if not validator.is_valid(world3):
    failures.append("world version 3 rejects portals, ambient or a sloped floor")

# The box shorthand: accepted alone, rejected beside walls/floor/ceiling.
boxed = broken(lambda d: d["world"]["sectors"][0].clear())
boxed["world"]["sectors"][0].update(name="room", box={"min": [0, 0, 0], "max": [8, 6, 4]})
if not validator.is_valid(boxed):
    failures.append("a box sector is rejected")
boxed["world"]["sectors"][0]["floor"] = 0
if validator.is_valid(boxed):
    failures.append("a box sector with a floor passes")

# Seed 004's event fields: the dyadic sample passes; math, layer and depth_override on both sides.
dyadic = yaml.safe_load(open(os.path.join(ROOT, "tests", "data", "sources", "events-dyadic.yaml")))
for e in validator.iter_errors(dyadic):
    failures.append(f"events-dyadic.yaml: {'.'.join(map(str, e.absolute_path))}: {e.message}")
for field, value, ok in [("layer", -512, True), ("layer", 511, True), ("layer", -513, False), ("layer", 512, False),
                         ("depth_override", 0, True), ("depth_override", 4294967295, True),
                         ("depth_override", None, True), ("depth_override", -1, False),
                         ("depth_override", 4294967296, False)]:
    doc = copy.deepcopy(dyadic)
    doc["events"]["recipes"]["mote"][field] = value
    if validator.is_valid(doc) != ok:
        failures.append(f"recipe {field}: {value} should be {'accepted' if ok else 'rejected'}")
for value, ok in [("fp32", True), ("fpx16_16", True), ("fpx16", False), ("float", False)]:
    doc = copy.deepcopy(dyadic)
    doc["events"]["math"] = value
    if validator.is_valid(doc) != ok:
        failures.append(f"events.math: {value} should be {'accepted' if ok else 'rejected'}")
for value, ok in [(3, True), (2, True), (1, False), (4, False), ("2", False)]:
    doc = copy.deepcopy(dyadic)
    doc["events"]["dimensions"] = value
    if validator.is_valid(doc) != ok:
        failures.append(f"events.dimensions: {value!r} should be {'accepted' if ok else 'rejected'}")

# Editors show defaults: the documented ones are in the schema.
defs = schema["$defs"]
expected_defaults = {("emitter", "mode"): "once", ("emitter", "scale"): 1, ("emitter", "rate"): 0,
                     ("emitter", "duration_seconds"): 0, ("preset", "drag"): 0}
for (kind, key), value in expected_defaults.items():
    if defs[kind]["properties"][key].get("default") != value:
        failures.append(f"{kind}.{key} has no default {value!r}")
for kind in ("sector", "preset", "emitter"):
    for key, prop in defs[kind]["properties"].items():
        if not prop.get("description"):
            failures.append(f"{kind}.{key} has no description")

for f in failures:
    print("FAIL:", f)
print(f"{len(good)} good sources, {len(BROKEN)} broken ones; {len(failures)} failures")
sys.exit(1 if failures else 0)
