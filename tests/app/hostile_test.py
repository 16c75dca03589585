#!/usr/bin/env python3
"""Issue 17, end to end: hostile inputs against `kiln` (and `kiln-view` when given). Every
check is named after the defect it holds; every run has a timeout, so a hang fails instead of
stalling the suite.

usage: hostile_test.py KILN SOURCE_DIR SCRATCH_DIR [KILN_VIEW]
"""
import json
import os
import shutil
import stat
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, runner, small_level, write_png

KILN, ROOT, SCRATCH, VIEW = arguments("KILN SOURCE_DIR SCRATCH_DIR", optional=1)
run = runner(KILN, timeout=30, hang_result=True)
check = Checks(print_passes=True)


def one_line_diagnostics(err):
    """Every stderr line of a failed run is a diagnostic or the explain hint: none is split."""
    lines = err.decode("utf-8").splitlines()  # raises on invalid UTF-8
    return all(("error[" in l or "note[" in l or l.startswith("(kiln explain")) for l in lines if l)


fresh_dir(SCRATCH)
S = lambda *p: os.path.join(SCRATCH, *p)
write_png(S("a.png"), 16, 16)
write_png(S("wide.png"), 32, 16)


def source(name, texname="a", extra=b""):
    path = S(name)
    with open(path, "wb") as f:
        f.write(small_level({texname: "a.png"}).encode() + extra)
    return path


good = source("good.yaml")
rc, _, err = run("compile", good, "-o", S("out", "good.klm"))
check(rc == 0, f"the base level compiles: {err!r}")

# --- defect 1: --json never aborts on invalid UTF-8 ----------------------------------------
bad_name = os.fsencode(S("")) + b"bad\xff\xfe.klm"
shutil.copy(os.path.join(ROOT, "tests/data/klm1/invalid-bad-magic.klm"), bad_name)
rc, out, _ = run("validate", bad_name, "--json")
try:
    j = json.loads(out.decode("utf-8"))
    check(rc == 1 and j["valid"] is False and "\\xff\\xfe" in j["file"],
          "defect 1: validate --json of a file named with invalid UTF-8 prints JSON, exit 1")
except (ValueError, UnicodeDecodeError) as e:
    check(False, f"defect 1: validate --json output is JSON ({e}; rc {rc})")
bad_key = source("bad-key.yaml", extra=b"\xff\xfekey: 1\n")
rc, out, _ = run("validate", bad_key, "--json")
try:
    j = json.loads(out.decode("utf-8"))
    check(rc == 1 and not j["valid"], "defect 1: validate --json of a YAML key with invalid UTF-8 prints JSON")
except (ValueError, UnicodeDecodeError) as e:
    check(False, f"defect 1: validate --json YAML key output is JSON ({e}; rc {rc})")
bad_png = os.fsencode(S("")) + b"img\xc3.png"
shutil.copy(S("a.png"), bad_png)
rc, out, _ = run("compare", bad_png, S("a.png"), "--json")
try:
    j = json.loads(out.decode("utf-8"))
    check(rc == 0 and j["a"].endswith("img\\xc3.png"), "defect 1: compare --json of an invalid UTF-8 path prints JSON")
except (ValueError, UnicodeDecodeError) as e:
    check(False, f"defect 1: compare --json output is JSON ({e}; rc {rc})")

# --- defect 2: texture names never escape ---------------------------------------------------
os.makedirs(S("deep", "out"), exist_ok=True)
for bad in ["../../escaped", "sub/name", "/tmp/kiln-hostile-abs"]:
    path = source("unsafe.yaml", texname=json.dumps(bad))
    rc, _, err = run("compile", path, "-o", S("deep", "out", "lvl.klm"))
    check(rc == 1 and b"error[unsafe-texture-name]" in err,
          f"defect 2: compile refuses texture name {bad!r} with unsafe-texture-name: {err!r}")
check(not os.path.exists(S("escaped.png")) and not os.path.exists("/tmp/kiln-hostile-abs.png"),
      "defect 2: nothing was written outside the output folder")
path = source("nul.yaml", texname="a", extra=b"")
with open(path, "w") as f:
    f.write(small_level({"a": '"a.png\\0.evil"'}))
rc, _, err = run("validate", path)
check(rc == 1 and b"error[texture-load]" in err, f"defect 2: a NUL inside a texture path is refused: {err!r}")

# --- defect 3: safe writes -------------------------------------------------------------------
fifo_out = S("out.fifo.klm")
os.mkfifo(fifo_out)
rc, _, err = run("compile", good, "-o", fifo_out, timeout=20)
check(rc == 2 and b"error[not-regular-file]" in err and stat.S_ISFIFO(os.stat(fifo_out).st_mode),
      f"defect 3: -o onto a FIFO is refused and the FIFO stays: {err!r}")
os.makedirs(S("planted"))
victim = S("planted", "victim.txt")
with open(victim, "w") as f:
    f.write("precious")
os.symlink(victim, S("planted", "lvl.klm.tmp"))
rc, _, _ = run("compile", good, "-o", S("planted", "lvl.klm"), "--no-copy-textures")
check(rc == 0 and open(victim, "rb").read() == b"precious",
      "defect 3: a symlink planted at OUT.tmp is not written through")
check(not [n for n in os.listdir(S("planted")) if n.endswith(".tmp") and n != "lvl.klm.tmp"],
      "defect 3: no temporary file is left behind")
rc, _, err = run("capture", S("out", "good.klm"), "--out", S("shot.json"))
check(rc == 2 and not os.path.exists(S("shot.json")),
      f"defect 3: capture --out shot.json is refused (its sidecar would overwrite it): {err!r}")

# --- defect 4: FIFOs never hang readers ------------------------------------------------------
for name in ["in.klm", "in.yaml", "in.kwp"]:
    os.mkfifo(S(name))
    rc, _, err = run("validate", S(name), timeout=10)
    check(rc == 2 and b"error[not-regular-file]" in err, f"defect 4: validate of a FIFO {name} exits 2 at once: {err!r}")
os.mkfifo(S("in.png"))
rc, _, err = run("compare", S("in.png"), S("a.png"), timeout=10)
check(rc == 2 and b"not-regular-file" in err, f"defect 4: compare of a FIFO exits 2 at once: {err!r}")
os.makedirs(S("fifo-tex", "textures"))
shutil.copy(S("out", "good.klm"), S("fifo-tex", "lvl.klm"))
os.mkfifo(S("fifo-tex", "textures", "a.png"))
rc, _, err = run("capture", S("fifo-tex", "lvl.klm"), "--out", S("fifo-tex", "shot.png"), timeout=20)
check(rc == 1 and b"not-regular-file" in err, f"defect 4: a FIFO texture is refused, no hang: {err!r}")

# --- defect 5: budgets ----------------------------------------------------------------------
rc, _, err = run("capture", S("out", "good.klm"), "--size", "16384x16384", "--out", S("huge.png"), timeout=20)
check(rc == 2 and b"8192" in err and not os.path.exists(S("huge.png")),
      f"defect 5: capture --size 16384x16384 is refused with the limit named: {err!r}")
rc, _, err = run("capture", S("out", "good.klm"), "--size", "8193x16", "--out", S("huge.png"), timeout=20)
check(rc == 2, "defect 5: capture --size one past the limit is refused")
bomb = "a0: &a0 [xxxxxxxxxxxxxxxx, xxxxxxxxxxxxxxxx]\n" + "".join(
    f"a{i}: &a{i} [*a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}]\n" for i in range(1, 10))
with open(S("bomb.yaml"), "w") as f:
    f.write(bomb)
rc, _, err = run("validate", S("bomb.yaml"), timeout=20)
check(rc == 1 and b"error[input-budget]" in err, f"defect 5: a YAML alias bomb is refused by the byte budget: {err!r}")

# --- defect 7: the smaller ones --------------------------------------------------------------
rc, _, err = run("capture", S("out", "good.klm"), "--times", "0:1:1e-300", "--out", S("seq.png"), timeout=20)
check(rc == 2 and not os.path.exists(S("seq_0000.png")), f"defect 7: capture --times 0:1:1e-300 refuses the count: {err!r}")
ctrl = source("ctrl.yaml", extra=b"bad\x1b[31m\rkey\x07: 1\n")
rc, _, err = run("validate", ctrl)
check(rc == 1 and one_line_diagnostics(err) and b"\x1b" not in err and b"\\x1b" in err,
      f"defect 7: control bytes in names keep one diagnostic per line: {err!r}")
with open(S("two.yaml"), "w") as f:
    f.write(small_level({"a": "a.png"}) + "---\nversion: 9\n")
rc, _, err = run("validate", S("two.yaml"))
check(rc == 1 and b"second" in err, f"defect 7: a second YAML document is an error: {err!r}")
with open(S("deep.yaml"), "w") as f:
    f.write("version: " + "[" * 3000 + "]" * 3000 + "\n")
rc, _, err = run("validate", S("deep.yaml"))
check(rc == 1 and b"nested" in err and b"bad file" not in err, f"defect 7: deep nesting says why: {err!r}")
rc, _, err = run("eval", S("out", "good.klm"), "--time", "1", "--emitter", "nope")
check(rc == 2 and b"error[unknown-name]" in err, f"defect 7: eval --emitter nope names its code: {err!r}")
rc, _, err = run("compare", S("a.png"), S("wide.png"))
check(rc == 1 and b"error[image-size-differ]" in err, f"defect 7: sizes differ names its code: {err!r}")

# --- event particles far in the future: the simulation budget -------------------------------
# braziers.yaml reaches about 13.3 million steps (61.7 hours at 60 Hz) within the budget of 2^31.
BRAZIERS = os.path.join(ROOT, "assets/levels/braziers.yaml")
rc, _, err = run("sim", BRAZIERS, "--time", "1e9", timeout=10)
check(rc == 2 and (b"error[input-budget]" in err or b"error[time-range]" in err),
      f"events: kiln sim --time 1e9 is refused at once: {rc} {err!r}")
rc, _, err = run("sim", BRAZIERS, "--time", "300000", timeout=10)
check(rc == 2 and b"error[input-budget]" in err, f"events: kiln sim past the budget is refused at once: {rc} {err!r}")
# Both sides of the boundary on a pool of 65,536 that stays nearly empty: each step costs the
# 150 particles the level can have alive (26 embers, the script's 124), 1 emitter + 3 recipes and
# 0.2 ember throws (4 + 32 each), the four bursts 4 × 4 + 124 × 32 once (docs/limits.md), so the
# last step within 2^31 is 13,321,834 (222,030.57 s at 60 Hz). tests/app/nothing_lost_budget_test.py
# works the same sum out.
with open(BRAZIERS) as f:
    big_pool = f.read().replace("\n  capacity: 1024\n", "\n  capacity: 65536\n")
os.makedirs(S("pool", "levels"))
shutil.copytree(os.path.join(ROOT, "assets/textures"), S("pool", "textures"))
with open(S("pool", "levels", "pool65536.yaml"), "w") as f:
    f.write(big_pool)
rc, _, err = run("sim", S("pool", "levels", "pool65536.yaml"), "--time", "222030.6", timeout=10)
check(rc == 2 and b"error[input-budget]" in err, f"events: kiln sim one step past the budget is refused: {rc} {err!r}")
rc, out, err = run("sim", S("pool", "levels", "pool65536.yaml"), "--time", "222030.575", timeout=60)
check(rc == 0 and b"step 13321834 " in out, f"events: kiln sim at the budget's last step runs: {rc} {out[:120]!r} {err!r}")
rc, _, err = run("capture", BRAZIERS, "--time", "1e9", "--out", S("far.png"), timeout=10)
check(rc == 2 and b"error[input-budget]" in err and not os.path.exists(S("far.png")),
      f"events: capture past the event budget is refused, nothing written: {rc} {err!r}")
rc, _, err = run("capture", BRAZIERS, "--time", "1e9", "--no-events", "--out", S("far.png"), timeout=30)
check(rc == 0 and os.path.exists(S("far.png")), f"events: capture --no-events at 1e9 s still works: {rc} {err!r}")

# --- kiln-view (under Xvfb when a viewer is given) -------------------------------------------
if VIEW and shutil.which("xvfb-run"):
    xvfb = lambda *a: ["-a", "-s", "-screen 0 800x600x24", VIEW, *a]
    home = S("home")
    os.makedirs(home)
    # Leak checking is off for windowed runs only: the X/GLX driver stack leaks on its own
    # (docs/architecture.md "Sanitizers"); the CLI runs above keep it.
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME="", ASAN_OPTIONS="detect_leaks=0")
    bad_klm = os.path.join(ROOT, "tests/data/klm1/invalid-bad-magic.klm")
    rc, _, err = run(*xvfb(bad_klm, "--frames", "2", "--size", "320x240"), timeout=120, env=env, cmd="xvfb-run")
    check(rc == 1, f"defect 7: kiln-view BAD.klm --frames N exits 1: {rc} {err[-300:]!r}")
    check(not os.path.exists(os.path.join(home, ".config", "kiln")),
          "defect 7: a batch kiln-view run creates no $HOME/.config/kiln")
    for line, what in [("time 1e19", "time 1e19"), ("time 1.6e38", "time 1.6e38"), ("step 1e300", "step 1e300")]:
        with open(S("clock.txt"), "w") as f:
            f.write(f"open {S('out', 'good.klm')}\n{line}\nwait 1\n")
        rc, _, err = run(*xvfb("--script", S("clock.txt"), "--size", "320x240"), timeout=60, env=env, cmd="xvfb-run")
        check(rc == 1 and b"error" in err, f"defect 6: script '{what}' is a clear error, no hang: {rc} {err[-300:]!r}")
    # A level with events at a far time, the event sandbox open: the frame says so and the run
    # ends (no 6e10-step freeze in the pass, the plots or the rate check).
    with open(S("far.txt"), "w") as f:
        f.write(f"workspace events\nopen {BRAZIERS}\ntime 1e9\nwait 2\ntime 1e5\nwait 2\nscreenshot {S('far_view.png')}\n")
    rc, _, err = run(*xvfb("--script", S("far.txt"), "--size", "320x240"), timeout=60, env=env, cmd="xvfb-run")
    check(rc == 0 and os.path.exists(S("far_view.png")), f"events: kiln-view at t = 1e9 s and 1e5 s does not hang: {rc} {err[-300:]!r}")
    with open(S("far_capture.txt"), "w") as f:
        f.write(f"open {BRAZIERS}\ntime 1e9\ncapture far\n")
    rc, _, err = run(*xvfb("--script", S("far_capture.txt"), "--size", "320x240"), timeout=60, env=env, cmd="xvfb-run")
    check(rc == 1, f"events: a viewer capture past the event budget fails the script: {rc} {err[-300:]!r}")
    os.mkfifo(S("view.klm"))
    rc, _, err = run(*xvfb(S("view.klm"), "--frames", "2", "--size", "320x240"), timeout=60, env=env, cmd="xvfb-run")
    check(rc == 1 and b"not-regular-file" in err, f"defect 4: kiln-view of a FIFO does not hang: {rc} {err[-300:]!r}")

print(f"{len(check.failures)} failures")
sys.exit(1 if check.failures else 0)
