#!/usr/bin/env python3
"""`kiln capture --gl-debug` from the outside: with the flag, or KILN_GL_DEBUG=1, the renderer's
debug output reaches stderr, announced by its marker message with id 1263094862 ("KILN") and
its source and type; without either (or with KILN_GL_DEBUG=0), the marker is not printed and
the capture is the same picture.

usage: gl_debug_check.py KILN SOURCE_DIR SCRATCH_DIR
"""
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import Checks, arguments, fresh_dir, read_file, runner

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR")
run = runner(KILN, timeout=120, text=True)
check = Checks()
fresh_dir(SCRATCH)
LEVEL = os.path.join(ROOT, "assets", "levels", "braziers.yaml")
MARKER = "GL (application, marker, id 1263094862, notification): kiln: GL debug output is on"
ENV = {k: v for k, v in os.environ.items() if k != "KILN_GL_DEBUG"}


def capture(name, *extra, env=None):
    out = os.path.join(SCRATCH, name + ".png")
    rc, _, err = run("capture", LEVEL, "--time", "1.5", "--size", "64x48", "-o", out, *extra,
                     env={**ENV, **(env or {})})
    check(rc == 0, f"{name}: exit 0 (got {rc}: {err.strip()[:300]})")
    return err, read_file(out) if rc == 0 else b""


plain_err, plain_png = capture("plain")
check(MARKER not in plain_err, "without --gl-debug the notification marker is not printed")
flag_err, flag_png = capture("flag", "--gl-debug")
check(MARKER in flag_err, f"--gl-debug prints the marker with its source, type and id (stderr: {flag_err[:300]!r})")
check(all(line.startswith("kiln capture: ") for line in flag_err.splitlines() if "GL" in line),
      "every GL message line says who printed it")
env_err, _ = capture("env", env={"KILN_GL_DEBUG": "1"})
check(MARKER in env_err, "KILN_GL_DEBUG=1 does what --gl-debug does")
off_err, _ = capture("off", env={"KILN_GL_DEBUG": "0"})
check(MARKER not in off_err, "KILN_GL_DEBUG=0 leaves it off")
check(plain_png == flag_png and plain_png != b"", "debug output does not change the picture")

if check.failures:
    print(f"{len(check.failures)} of {check.count} checks failed")
    sys.exit(1)
print(f"all {check.count} checks passed")
