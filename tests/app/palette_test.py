#!/usr/bin/env python3
"""The palette blend from the outside (assets/levels/glass.yaml, docs/events.md "Palette blend"):
every pixel the glass shards change is a colour of their translucency table (the 8-bit capture
writes the table's entry as it is); the sidecar counts every sprite drawn; a table that is not
256x256 and a palette without `blend: palette` are refused by `kiln compile` with palette-table
at the recipe's field, and a palette blend without a palette with missing-field.
Usage: palette_test.py KILN SOURCE_DIR SCRATCH_DIR"""
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, read_png, runner, write_png

KILN, SOURCE, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
LEVELS = os.path.join(SOURCE, "assets", "levels")
TEXTURES = os.path.join(SOURCE, "assets", "textures")
CAMERA, ORTHO, T = "9,9,5,4,4,-0.5", "5", "1.2"  # docs/samples.md "Cameras that show them"
run = runner(KILN, timeout=300, text=True)
check = Checks()
fresh_dir(SCRATCH)
SHARD_SPRITE = "sprite: {frame: soft, blend: palette, palette: glass_table}"


def level_copy(name, edit=lambda text: text):
    """assets/levels/glass.yaml in SCRATCH/name.yaml, its textures absolute, then edited."""
    text = open(os.path.join(LEVELS, "glass.yaml")).read().replace("../textures/", TEXTURES + "/")
    edited = edit(text)
    path = os.path.join(SCRATCH, name + ".yaml")
    open(path, "w").write(edited)
    return path


def capture(level, name):
    out = os.path.join(SCRATCH, name + ".png")
    rc, _, err = run("capture", level, "--time", T, "--size", "480x270", "--camera", CAMERA, "--ortho", ORTHO,
                     "--out", out)
    check(rc == 0, f"capture {name} exits 0 ({err.strip()})")
    if rc != 0:
        return None, None
    with open(out[:-4] + ".json") as f:
        return read_png(out), json.load(f)


glass, sidecar = capture(level_copy("glass"), "glass")
no_shards, _ = capture(level_copy("no_shards", lambda t: t.replace("count: 14", "count: 0")), "no_shards")
w, h, table_rows = read_png(os.path.join(TEXTURES, "glass_table.png"))
check((w, h) == (256, 256), f"the table is 256x256 ({w}x{h})")
table = {bytes(row[i:i + 3]) for row in table_rows for i in range(0, len(row), 4) if row[i + 3] == 255}
if glass and no_shards:
    changed = [bytes(a[i:i + 3]) for a, b in zip(glass[2], no_shards[2]) for i in range(0, len(a), 4)
               if a[i:i + 3] != b[i:i + 3]]
    check(len(changed) > 2000, f"the shards change many pixels ({len(changed)})")
    strays = [c for c in changed if c not in table]
    check(not strays, f"every changed pixel is a table colour ({len(strays)} are not, e.g. {strays[:3]})")
    check(len(set(changed)) >= 6, f"the shards show several of the table's bands ({len(set(changed))} colours)")
if sidecar:
    drawn = sidecar.get("events", {}).get("drawn")
    check(drawn == 24 + 14, f"the sidecar counts the 24 dust puffs and 14 shards drawn ({drawn})")

# The rules, refused by compile at the shard's field.
small = os.path.join(SCRATCH, "small_table.png")
write_png(small, 255, 256)
cases = [
    ("small_table", lambda t: t.replace(TEXTURES + "/glass_table.png", small), "palette-table", "255x256"),
    ("no_blend", lambda t: t.replace("blend: palette, ", "blend: normal, "), "palette-table", "only with blend"),
    ("no_palette", lambda t: t.replace(", palette: glass_table}", "}"), "missing-field", "blend: palette needs"),
]
for name, edit, code, words in cases:
    rc, _, err = run("compile", level_copy(name, edit), "-o", os.path.join(SCRATCH, name + ".klm"))
    check(rc == 1 and code in err and "events.recipes.shard.sprite.palette" in err and words in err,
          f"compile refuses {name} with {code} at events.recipes.shard.sprite.palette ({rc}: {err.strip()})")
    check(not os.path.exists(os.path.join(SCRATCH, name + ".klm")), f"{name}: nothing is written")

if check.failures:
    sys.exit(1)
shutil.rmtree(SCRATCH, ignore_errors=True)
print("palette: ok")
