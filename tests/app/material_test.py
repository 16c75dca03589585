#!/usr/bin/env python3
"""Event materials from the outside (assets/levels/soot.yaml, docs/events.md "Materials"): the
capture with the soot material differs from the same level without it; a copy whose snippet has
a syntax error on its line 3 is refused by `kiln compile` (material-error at
materials/soot.glsl:3, when glslangValidator is on PATH), while `kiln capture` warns with the
same file and line and draws the level as if the recipe named no material.
A compiled module keeps the material and a palette blend (KEV1 version 4): `kiln inspect` of the
.klm prints them, its capture equals the source's byte for byte, and `kiln validate` of a .klm
whose snippet fails glslangValidator (compiled where it is not on PATH) is refused at
events.materials.soot, as is the source.
Usage: material_test.py KILN SOURCE_DIR SCRATCH_DIR"""
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, read_png, runner, write_png

KILN, SOURCE, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
LEVELS = os.path.join(SOURCE, "assets", "levels")
CAMERA, ORTHO, T = "9,9,5,4,4,-0.5", "5", "1.5"
run = runner(KILN, timeout=300, text=True)
check = Checks()
fresh_dir(SCRATCH)


def level_copy(name, snippet, keep_material=True, palette=False):
    """assets/levels/soot.yaml in SCRATCH/name/, its textures absolute, with `snippet` as the material;
    with `palette`, the plain dust recipe drawn with blend palette through a 256x256 table `heat`."""
    d = os.path.join(SCRATCH, name)
    os.makedirs(os.path.join(d, "materials"))
    text = open(os.path.join(LEVELS, "soot.yaml")).read()
    text = text.replace("../textures/", os.path.join(SOURCE, "assets", "textures") + "/")
    if not keep_material:
        text = text.replace(", material: soot}", "}")
    if palette:
        plain = "sprite: {frame: charcoal, blend: normal}\n"
        assert text.count(plain) == 1 and text.count("textures:\n") == 1
        text = text.replace(plain, "sprite: {frame: charcoal, blend: palette, palette: heat}\n")
        text = text.replace("textures:\n", "textures:\n  heat: heat.png\n")
        write_png(os.path.join(d, "heat.png"), 256, 256, (0xC0, 0x70, 0x30, 0xFF))
    open(os.path.join(d, "soot.yaml"), "w").write(text)
    open(os.path.join(d, "materials", "soot.glsl"), "w").write(snippet)
    return os.path.join(d, "soot.yaml")


def capture_to(level, out, name):
    """Captures `level` into `out` (no file there when it fails); returns the capture's stderr."""
    rc, _, err = run("capture", level, "--time", T, "--size", "320x180", "--camera", CAMERA, "--ortho", ORTHO,
                     "--out", out)
    check(rc == 0, f"capture {name} exits 0 ({err.strip()})")
    if rc != 0 and os.path.exists(out):
        os.remove(out)
    return err


def capture(level, name):
    out = os.path.join(SCRATCH, name + ".png")
    err = capture_to(level, out, name)
    return (read_png(out) if os.path.exists(out) else None), err


good = open(os.path.join(LEVELS, "materials", "soot.glsl")).read()
bad = "vec4 kilnMaterial(vec4 color, vec4 texel, vec4 extra) {\n  return color\n}\n"
with_material, _ = capture(level_copy("good", good), "good")
without, _ = capture(level_copy("plain", good, keep_material=False), "plain")
check(with_material is not None and without is not None and with_material != without,
      "the soot material changes the capture")

broken = level_copy("bad", bad)
fallback, err = capture(broken, "bad")
check("material-error" in err and "materials/soot.glsl:3" in err,
      f"capture warns with material-error at materials/soot.glsl:3 ({err.strip()})")
check(fallback is not None and fallback == without, "a snippet that does not compile draws as if no material")

if shutil.which("glslangValidator"):
    rc, _, err = run("compile", broken, "-o", os.path.join(SCRATCH, "bad.klm"))
    check(rc == 1 and "material-error" in err and "materials/soot.glsl:3" in err,
          f"compile refuses the snippet at materials/soot.glsl:3 (rc {rc}: {err.strip()})")
    rc, _, err = run("compile", level_copy("good2", good), "-o", os.path.join(SCRATCH, "good.klm"))
    check(rc == 0 and "material-error" not in err, f"compile accepts the sample's snippet (rc {rc}: {err.strip()})")
else:
    print("glslangValidator is not on PATH: the compile-time check is not tested")

# --- a compiled module keeps its materials and palettes (KEV1 version 4) -------------------------
source = level_copy("module", good, palette=True)
module = os.path.join(SCRATCH, "module", "out", "soot.klm")
rc, out, err = run("compile", source, "-o", module)
check(rc == 0, f"compile of the level with a material and a palette exits 0 (rc {rc}: {err.strip()})")
check("not stored" not in err, f"compile no longer says materials are dropped ({err.strip()})")
rc, out, err = run("inspect", module, "--json")
check(rc == 0, f"inspect of the module exits 0 ({err.strip()})")
events = json.loads(out)["events"] if rc == 0 else {"materials": [], "recipes": []}
# The snippet as written, split at its line feeds (the sample holds no other control byte).
check(events["materials"] == [{"name": "soot", "file": None, "bytes": len(good), "lines": good.split("\n")}],
      f"inspect of the module shows the soot material and its text: {events['materials']!r:.300}")
sprites = {r["name"]: r["sprite"] for r in events["recipes"]}
check(sprites.get("sooty_dust", {}).get("material") == "soot" and sprites["sooty_dust"]["palette"] is None,
      f"sooty_dust draws through soot in the module: {sprites.get('sooty_dust')}")
check(sprites.get("dust", {}).get("blend") == "palette" and sprites["dust"]["palette"] == "heat"
      and sprites["dust"]["material"] is None, f"dust keeps blend palette with the table heat: {sprites.get('dust')}")
rc, out, _ = run("inspect", module)
check(rc == 0 and f"material soot: {len(good)} bytes" in out and "recipe dust: blend palette, palette heat" in out
      and "recipe sooty_dust: blend normal, material soot" in out, f"the inspect summary names them: {out}")
rc, out, err = run("validate", module)
check(rc == 0 and "valid" in out, f"validate of the module accepts it (rc {rc}: {err.strip()})")
from_source = os.path.join(SCRATCH, "from-source.png")
from_module = os.path.join(SCRATCH, "from-module.png")
capture_to(source, from_source, "the source with a material and a palette")
capture_to(module, from_module, "its module")
check(os.path.exists(from_source) and os.path.exists(from_module)
      and open(from_source, "rb").read() == open(from_module, "rb").read(),
      "the module's capture equals the source's byte for byte")
plain_png = os.path.join(SCRATCH, "plain-module.png")
capture_to(level_copy("plain-module", good, keep_material=False), plain_png, "the same level without the material")
check(os.path.exists(plain_png) and os.path.exists(from_module)
      and open(plain_png, "rb").read() != open(from_module, "rb").read(),
      "and differs from the level without the material and the palette (the module draws both)")

if shutil.which("glslangValidator"):
    # Compiled where glslangValidator is not on PATH, the broken snippet is written into the module;
    # validate, with it on PATH again, refuses the module as it refuses the source.
    no_glslang = dict(os.environ, PATH=os.path.join(SCRATCH, "no-such-dir"))
    broken_module = os.path.join(SCRATCH, "bad", "out", "soot.klm")
    rc, _, err = run("compile", broken, "-o", broken_module, env=no_glslang)
    check(rc == 0, f"compile without glslangValidator on PATH writes the module (rc {rc}: {err.strip()})")
    rc, _, err = run("validate", broken_module)
    check(rc == 1 and "material-error" in err and "events.materials.soot" in err,
          f"validate refuses the module's snippet at events.materials.soot (rc {rc}: {err.strip()})")
    rc, out, _ = run("validate", broken_module, "--json")
    found = json.loads(out)["diagnostics"] if out.strip() else []
    check(rc == 1 and [(d["code"], d["path"]) for d in found] == [("material-error", "events.materials.soot")],
          f"validate --json gives material-error at events.materials.soot: {found}")
    rc, _, err = run("validate", broken)
    check(rc == 1 and "material-error" in err and "materials/soot.glsl:3" in err,
          f"validate refuses the source's snippet at materials/soot.glsl:3 (rc {rc}: {err.strip()})")
    rc, _, err = run("validate", broken_module, env=no_glslang)
    check(rc == 0, f"without glslangValidator validate cannot check the snippet and accepts it (rc {rc}: {err.strip()})")

if check.failures:
    sys.exit(1)
shutil.rmtree(SCRATCH, ignore_errors=True)
print("materials: ok")
