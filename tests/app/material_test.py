#!/usr/bin/env python3
"""Event materials from the outside (assets/levels/soot.yaml, docs/events.md "Materials"): the
capture with the soot material differs from the same level without it; a copy whose snippet has
a syntax error on its line 3 is refused by `kiln compile` (material-error at
materials/soot.glsl:3, when glslangValidator is on PATH), while `kiln capture` warns with the
same file and line and draws the level as if the recipe named no material.
Usage: material_test.py KILN SOURCE_DIR SCRATCH_DIR"""
import os
import shutil
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, read_png, runner

KILN, SOURCE, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
LEVELS = os.path.join(SOURCE, "assets", "levels")
CAMERA, ORTHO, T = "9,9,5,4,4,-0.5", "5", "1.5"
run = runner(KILN, timeout=300, text=True)
check = Checks()
fresh_dir(SCRATCH)


def level_copy(name, snippet, keep_material=True):
    """assets/levels/soot.yaml in SCRATCH/name/, its textures absolute, with `snippet` as the material."""
    d = os.path.join(SCRATCH, name)
    os.makedirs(os.path.join(d, "materials"))
    text = open(os.path.join(LEVELS, "soot.yaml")).read()
    text = text.replace("../textures/", os.path.join(SOURCE, "assets", "textures") + "/")
    if not keep_material:
        text = text.replace(", material: soot}", "}")
    open(os.path.join(d, "soot.yaml"), "w").write(text)
    open(os.path.join(d, "materials", "soot.glsl"), "w").write(snippet)
    return os.path.join(d, "soot.yaml")


def capture(level, name):
    out = os.path.join(SCRATCH, name + ".png")
    rc, _, err = run("capture", level, "--time", T, "--size", "320x180", "--camera", CAMERA, "--ortho", ORTHO,
                     "--out", out)
    check(rc == 0, f"capture {name} exits 0 ({err.strip()})")
    return (read_png(out) if rc == 0 else None), err


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

if check.failures:
    sys.exit(1)
shutil.rmtree(SCRATCH, ignore_errors=True)
print("materials: ok")
