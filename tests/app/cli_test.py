#!/usr/bin/env python3
"""End-to-end checks of the `kiln` CLI: help and exit codes, one broken source per rule
(exit 1, the right code and field path at FILE:LINE:COL), deterministic compile, validate.

usage: cli_test.py KILN SOURCE_DIR SCRATCH_DIR
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, read_png, runner, write_file, write_png

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
run = runner(KILN, timeout=120, text=True)
check = Checks()

fresh_dir(SCRATCH)
write_png(os.path.join(SCRATCH, "a.png"), 16, 16)
write_png(os.path.join(SCRATCH, "b.png"), 16, 16)
write_png(os.path.join(SCRATCH, "big.png"), 32, 32)
write_png(os.path.join(SCRATCH, "wide.png"), 32, 16)

BASE = """version: 2
world:
  version: 2
  sectors:
    - name: hall
      walls: [[0,0],[8,0],[8,6],[0,6]]
      floor: 0
      ceiling: 4
      portals: [~, ~, ~, ~]
textures:
  a: a.png
  b: b.png
presets:
  p:
    capacity: 32
    velocity: {min: [-0.1, -0.1, 0.2], max: [0.1, 0.1, 0.5]}
    lifetime: {min: 1, max: 2}
    drag: 0.5
    size: [{age: 0, value: 0.1}, {age: 1, value: 0.05}]
    color: [{age: 0, rgba: [1, 1, 1, 1]}, {age: 1, rgba: [1, 0, 0, 0]}]
    sprite: {frames: [a, b], fps: 4, blend: alpha}
emitters:
  - name: e
    preset: p
    sector: hall
    position: [4, 3, 1]
    seed: 5
    rate: 8
    duration_seconds: 1
"""

# (defect name, text to replace, replacement, code, field path prefix)
CASES = [
    ("missing-version", "version: 2\nworld", "world", "missing-field", "version"),
    ("missing-world-version", "  version: 2\n  sectors", "  sectors", "missing-field", "world.version"),
    ("missing-capacity", "    capacity: 32\n", "", "missing-field", "presets.p.capacity"),
    ("missing-lifetime", "    lifetime: {min: 1, max: 2}\n", "", "missing-field", "presets.p.lifetime"),
    ("missing-size", "    size: [{age: 0, value: 0.1}, {age: 1, value: 0.05}]\n", "", "missing-field", "presets.p.size"),
    ("missing-color", "    color: [{age: 0, rgba: [1, 1, 1, 1]}, {age: 1, rgba: [1, 0, 0, 0]}]\n", "",
     "missing-field", "presets.p.color"),
    ("missing-frames", "{frames: [a, b], fps: 4, blend: alpha}", "{fps: 4, blend: alpha}", "missing-field",
     "presets.p.sprite.frames"),
    ("missing-emitter-preset", "    preset: p\n", "", "missing-field", "emitters.e.preset"),
    ("unknown-key-emitter", "    rate: 8", "    rat: 8", "unknown-key", "emitters.e.rat"),
    ("unknown-key-top", "textures:", "extras: 1\ntextures:", "unknown-key", "extras"),
    ("unknown-key-sector", "      ceiling: 4", "      ceiling: 4\n      height: 3", "unknown-key",
     "world.sectors.hall.height"),
    ("wrong-type-capacity", "capacity: 32", "capacity: many", "wrong-type", "presets.p.capacity"),
    ("wrong-type-position", "position: [4, 3, 1]", "position: [4, 3]", "wrong-type", "emitters.e.position"),
    ("wrong-type-quoted", "rate: 8", "rate: '8'", "wrong-type", "emitters.e.rate"),
    ("unknown-name-preset", "    preset: p\n", "    preset: q\n", "unknown-name", "emitters.e.preset"),
    ("unknown-name-texture", "frames: [a, b]", "frames: [a, c]", "unknown-name", "presets.p.sprite.frames[1]"),
    ("unknown-name-sector", "sector: hall", "sector: attic", "unknown-name", "emitters.e.sector"),
    ("unknown-name-portal", "portals: [~, ~, ~, ~]", "portals: [~, attic, ~, ~]", "unknown-name",
     "world.sectors.hall.portals[1]"),
    ("seed-too-large", "seed: 5", "seed: 4294967296", "out-of-range", "emitters.e.seed"),
    ("seed-negative", "seed: 5", "seed: -1", "out-of-range", "emitters.e.seed"),
    ("unknown-blend", "blend: alpha", "blend: glow", "unknown-enum", "presets.p.sprite.blend"),
    ("blend-for-version-1", "version: 2\nworld", "version: 1\nworld", "blend-for-version", "presets.p"),
    ("unsupported-version", "version: 2\nworld", "version: 3\nworld", "unsupported-version", "version"),
    ("capacity-over-limit", "capacity: 32", "capacity: 4097", "capacity", "presets.p"),
    ("capacity-too-small", "capacity: 32", "capacity: 4", "capacity-too-small", "emitters.e"),
    ("negative-size", "{age: 1, value: 0.05}", "{age: 1, value: -0.05}", "size-range", "presets.p.size"),
    ("curve-first-age", "[{age: 0, value: 0.1}", "[{age: 0.1, value: 0.1}", "curve-first-age", "presets.p.size"),
    ("color-over-one", "rgba: [1, 1, 1, 1]", "rgba: [1, 1.5, 1, 1]", "color-range", "presets.p.color"),
    ("negative-drag", "drag: 0.5", "drag: -0.5", "drag-range", "presets.p"),
    ("cycle-without-period", "    duration_seconds: 1\n", "    duration_seconds: 1\n    mode: cycle\n",
     "period-range", "emitters.e"),
    ("no-sector", "    sector: hall\n    position: [4, 3, 1]", "    position: [40, 3, 1]", "no-sector",
     "emitters.e.position"),
    ("outside-sector", "position: [4, 3, 1]", "position: [7.95, 3, 1]", "outside-sector", "emitters.e"),
    ("portals-in-world-1", "  version: 2\n  sectors", "  version: 1\n  sectors", "portal-for-version",
     "world.sectors.hall.portals"),
    ("texture-missing-file", "b: b.png", "b: nothere.png", "texture-load", "textures.b"),
    ("texture-not-square", "b: b.png", "b: wide.png", "texture-not-square", "presets.p.sprite.frames[1]"),
    ("texture-size-mismatch", "b: b.png", "b: big.png", "texture-size-mismatch", "presets.p.sprite.frames[1]"),
    ("yaml-syntax", "rate: 8", "rate: [8", "yaml-syntax", ""),
    ("duplicate-key", "    rate: 8\n", "    rate: 8\n    rate: 9\n", "duplicate-name", "emitters[0].rate"),
]


def write(name, text):
    return write_file(os.path.join(SCRATCH, name), text)


# --- help and usage ------------------------------------------------------------------------
for args in [["--help"]] + [[c, "--help"] for c in ["compile", "validate", "inspect", "eval", "sim", "capture", "compare"]]:
    rc, out, _ = run(*args)
    check(rc == 0, f"{' '.join(args)} exits 0 (got {rc})")
    check("Example" in out, f"{' '.join(args)} shows examples")
check(run()[0] == 2, "no command exits 2")
check(run("frobnicate")[0] == 2, "unknown command exits 2")
check(run("compile", "x.yaml")[0] == 2, "compile without -o exits 2")
check(run("validate", os.path.join(SCRATCH, "absent.klm"))[0] == 2, "validate of a missing file exits 2")
check(run("validate", os.path.join(SCRATCH, "a.png"))[0] == 2, "validate of an unknown file type exits 2")

# --- the base is valid, each defect fails with its code and path ---------------------------
base = write("base.yaml", BASE)
rc, out, err = run("validate", base)
check(rc == 0, f"base source validates (rc {rc}): {err}")
for name, old, new, code, path in CASES:
    assert old in BASE, name
    src = write(f"invalid-{name}.yaml", BASE.replace(old, new, 1))
    klm = os.path.join(SCRATCH, f"invalid-{name}.klm")
    rc, out, err = run("compile", src, "-o", klm)
    check(rc == 1, f"{name}: compile exits 1 (got {rc}) {err.strip()}")
    check(not os.path.exists(klm), f"{name}: no output written")
    pattern = re.compile(r"^" + re.escape(src) + r":(\d+):(\d+): error\[" + re.escape(code) + r"\]: " + re.escape(path),
                         re.M)
    check(pattern.search(err), f"{name}: expected {src}:L:C: error[{code}]: {path}..., got:\n{err}")
    rc, out, _ = run("validate", src, "--json")
    report = json.loads(out)
    check(rc == 1 and report["valid"] is False, f"{name}: validate --json says invalid")
    hits = [d for d in report["diagnostics"] if d["code"] == code and d["path"].startswith(path)]
    check(hits and isinstance(hits[0]["line"], int) and hits[0]["line"] > 0, f"{name}: JSON diagnostic has a line")

# --- clockwise walls are reversed with a note, not rejected: the same room, the same bytes ----
cw = write("clockwise.yaml", BASE.replace("[[0,0],[8,0],[8,6],[0,6]]", "[[0,6],[8,6],[8,0],[0,0]]", 1))
rc, _, err = run("compile", cw, "-o", os.path.join(SCRATCH, "clockwise.klm"))
check(rc == 0, f"clockwise walls compile (rc {rc}): {err}")
check(re.search(r"^" + re.escape(cw) + r":\d+:\d+: note\[clockwise\]: world\.sectors\.hall\.walls", err, re.M),
      f"clockwise walls print a located note: {err}")
rc, _, _ = run("compile", base, "-o", os.path.join(SCRATCH, "counter-clockwise.klm"))
check(rc == 0 and open(os.path.join(SCRATCH, "clockwise.klm"), "rb").read()
      == open(os.path.join(SCRATCH, "counter-clockwise.klm"), "rb").read(), "reversed walls give the same level")

# --- several mistakes are reported together ------------------------------------------------
multi = write("multi.yaml", BASE.replace("rate: 8", "rat: 8").replace("capacity: 32", "capacity: x")
              .replace("sector: hall", "sector: attic"))
rc, _, err = run("validate", multi)
check(rc == 1 and err.count("error[") == 3, f"three mistakes, three diagnostics:\n{err}")

# --- deterministic compile of every sample and test source ---------------------------------
sources = [os.path.join(ROOT, "assets", "levels", f) for f in sorted(os.listdir(os.path.join(ROOT, "assets", "levels")))
           if f.endswith(".yaml")]
sources += [os.path.join(ROOT, "tests", "data", "sources", f)
            for f in sorted(os.listdir(os.path.join(ROOT, "tests", "data", "sources"))) if f.startswith("valid-")]
check(len(sources) >= 2, "there are sources to compile")
for src in sources:
    stem = os.path.splitext(os.path.basename(src))[0]
    a, b = os.path.join(SCRATCH, stem + "-a.klm"), os.path.join(SCRATCH, stem + "-b.klm")
    rc1, out1, err1 = run("compile", src, "-o", a)
    rc2, _, _ = run("compile", src, "-o", b)
    check(rc1 == 0 and rc2 == 0, f"{stem}: compiles ({err1.strip()})")
    if rc1 or rc2:
        continue
    check(out1.startswith("compiled ") and out1.count("\n") == 1, f"{stem}: one-line summary")
    check(open(a, "rb").read() == open(b, "rb").read(), f"{stem}: identical bytes")
    rc, out, _ = run("validate", a, "--json")
    check(rc == 0 and json.loads(out)["valid"] is True, f"{stem}: the .klm validates")
    rc, out, _ = run("inspect", a, "--json")
    doc = json.loads(out) if rc == 0 else {}
    check(rc == 0 and doc.get("format") == "KLM1", f"{stem}: inspect --json")
    for key in ("features", "world", "particles"):
        check(key in doc, f"{stem}: inspect has {key}")
    rc, _, err = run("eval", a, "--time", "1", "--emitter", "no-such-emitter", "--json")
    check(rc == 2, f"{stem}: eval of an unknown emitter exits 2")

# --- a corrupted module fails with a byte offset -------------------------------------------
if sources:
    stem = os.path.splitext(os.path.basename(sources[0]))[0]
    data = bytearray(open(os.path.join(SCRATCH, stem + "-a.klm"), "rb").read())
    data[-1] ^= 0xFF
    bad = os.path.join(SCRATCH, "corrupt.klm")
    open(bad, "wb").write(bytes(data))
    rc, out, _ = run("validate", bad, "--json")
    rep = json.loads(out)
    check(rc == 1 and not rep["valid"] and rep["diagnostics"][0]["offset"] is not None, "corrupt .klm: offset given")

# --- capture and compare (skipped when this machine cannot create a headless GL context) ------
os.environ.setdefault("LP_NUM_THREADS", "2")
level = os.path.join(ROOT, "assets", "levels", "braziers.yaml")
shots = os.path.join(SCRATCH, "shots")
rc, out, err = run("capture", level, "--time", "2", "--size", "160x90", "--out", os.path.join(shots, "yaml.png"))
if rc == 2 and "gl-error" in err:
    print("capture skipped: no headless OpenGL here:", err.strip())
else:
    check(rc == 0, f"capture of a source exits 0 ({err.strip()})")
    side = json.load(open(os.path.join(shots, "yaml.json")))
    check(side.get("time") == 2, "the sidecar records the time")
    rc, _, err = run("capture", level, "--time", "2", "--size", "160x90", "--out", os.path.join(shots, "again.png"))
    check(open(os.path.join(shots, "yaml.png"), "rb").read() == open(os.path.join(shots, "again.png"), "rb").read(),
          "two captures of the same inputs are byte-identical")
    klm = os.path.join(shots, "level", "braziers.klm")
    rc, _, err = run("compile", level, "-o", klm, "--copy-textures")
    check(rc == 0, f"compile --copy-textures ({err.strip()})")
    rc, _, err = run("capture", klm, "--time", "2", "--size", "160x90", "--out", os.path.join(shots, "klm.png"))
    check(rc == 0, f"capture of a .klm with textures/ beside it ({err.strip()})")
    rc, out, _ = run("compare", os.path.join(shots, "yaml.png"), os.path.join(shots, "klm.png"), "--json")
    check(rc == 0 and json.loads(out)["max_abs_diff"] == 0, f"source and compiled module render the same: {out}")
    rc, _, err = run("capture", klm, "--times", "0:1:0.5", "--size", "96x54", "--camera", "5,-6,4,5,4,1",
                     "--out", os.path.join(shots, "seq", "f.png"))
    names = sorted(os.listdir(os.path.join(shots, "seq"))) if os.path.isdir(os.path.join(shots, "seq")) else []
    check(rc == 0 and names == ["f_0000.json", "f_0000.png", "f_0001.json", "f_0001.png", "f_0002.json", "f_0002.png"],
          f"a sequence writes numbered PNGs and sidecars: {names} {err.strip()}")
    check("3/3" in err, "a sequence shows progress on stderr")
    if names:
        times = [json.load(open(os.path.join(shots, "seq", n)))["time"] for n in names if n.endswith(".json")]
        check(times == [0, 0.5, 1], f"sequence times {times}")
        diff = os.path.join(shots, "diff.png")
        rc, out, _ = run("compare", os.path.join(shots, "seq", "f_0000.png"), os.path.join(shots, "seq", "f_0002.png"),
                         "--out", diff, "--json")
        rep = json.loads(out) if out.strip() else {}
        check(rc == 1 and rep.get("changed_pixels", 0) > 0 and os.path.exists(diff),
              "different frames: compare exits 1 and writes a difference image")
        # The changed rectangle, worked out here from the two PNGs' bytes.
        w, h, ra = read_png(os.path.join(shots, "seq", "f_0000.png"))
        _, _, rb = read_png(os.path.join(shots, "seq", "f_0002.png"))
        moved = [(x, y) for y in range(h) for x in range(w) if ra[y][4 * x:4 * x + 4] != rb[y][4 * x:4 * x + 4]]
        xs, ys = [p[0] for p in moved], [p[1] for p in moved]
        box = {"x": min(xs), "y": min(ys), "width": max(xs) - min(xs) + 1, "height": max(ys) - min(ys) + 1} if moved else None
        check(rep.get("changed_rect") == box and len(moved) == rep.get("changed_pixels"),
              f"changed_rect is the smallest box round every changed pixel: {rep.get('changed_rect')} vs {box}")
        rc, out, _ = run("compare", os.path.join(shots, "seq", "f_0000.png"), os.path.join(shots, "seq", "f_0002.png"))
        check(box is not None and f"px in x {box['x']}-{box['x'] + box['width'] - 1}, y {box['y']}-{box['y'] + box['height'] - 1}," in out,
              f"the text line names the same rectangle: {out.strip()}")
        rc, out, _ = run("compare", os.path.join(shots, "seq", "f_0000.png"), os.path.join(shots, "seq", "f_0000.png"), "--json")
        check(rc == 0 and json.loads(out).get("changed_rect", "absent") is None, "identical images: changed_rect is null")
        rc, _, _ = run("compare", os.path.join(shots, "seq", "f_0000.png"), os.path.join(shots, "seq", "f_0002.png"),
                       "--threshold", "255")
        check(rc == 0, "differences within the threshold exit 0")
    check(run("capture", klm, "--size", "10", "--out", os.path.join(shots, "x.png"))[0] == 2, "bad --size exits 2")
    check(run("capture", klm, "--camera", "1,2", "--out", os.path.join(shots, "x.png"))[0] == 2, "bad --camera exits 2")
check(run("compare", os.path.join(SCRATCH, "a.png"), os.path.join(SCRATCH, "absent.png"))[0] == 2,
      "compare of a missing image exits 2")

# --- I/O failures: one io-error line that starts with the file, exit 2 ---------------------
absent = os.path.join(SCRATCH, "absent.png")
rc, _, err = run("compare", os.path.join(SCRATCH, "a.png"), absent)
check(rc == 2 and err.startswith(absent + ": error[io-error]: "), f"a missing image is an io-error naming it: {err!r}")
not_png = write("not-a-png.png", "plain text\n")
rc, _, err = run("compare", not_png, not_png)
check(rc == 2 and err.startswith(not_png + ": error[not-png]: "), f"a file that is not a PNG is not-png: {err!r}")
rc, _, err = run("validate", os.path.join(SCRATCH, "absent.klm"))
check(rc == 2 and "error[io-error]" in err, "a missing level is an io-error")
blocker = write("blocker", "a file where a directory should be\n")
rc, _, err = run("compile", base, "-o", os.path.join(blocker, "out.klm"))
check(rc == 2 and err.startswith(os.path.join(blocker, "out.klm") + ": error[io-error]: "),
      f"an unwritable output is an io-error naming it: {err!r}")
rc, _, _ = run("compile", base, "-o", os.path.join(SCRATCH, "written.klm"))
check(rc == 0, "the same compile into a writable place succeeds")
rc, _, _ = run("compare", os.path.join(SCRATCH, "a.png"), os.path.join(SCRATCH, "big.png"))
check(rc == 1, "images of different sizes differ (exit 1)")

print(f"{len(CASES)} defect cases, {len(sources)} sources; {len(check.failures)} failures")
sys.exit(1 if check.failures else 0)
