#!/usr/bin/env python3
"""Runs the `kiln` command lines of README.md exactly as written (from a scratch folder that
sees the repository's assets/), so the README cannot drift from the tool: each must exit 0.

usage: readme_test.py KILN SOURCE_DIR SCRATCH_DIR
"""
import os
import re
import shlex
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
from kiln_harness import arguments, fresh_dir, runner

KILN, ROOT, SCRATCH = arguments("KILN SOURCE_DIR SCRATCH_DIR", absolute=True)
run = runner(KILN, timeout=300, text=True)

with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
    readme = f.read()
# The indented command block under "## Using `kiln`".
section = readme.split("## Using `kiln`", 1)[1].split("\n## ", 1)[0]
lines = [m.group(1) for m in re.finditer(r"^    (kiln .*?)(?:\s+#.*)?$", section, re.M)]
if len(lines) < 6:
    print("FAIL: expected the README's kiln command block, found", lines)
    sys.exit(1)

fresh_dir(SCRATCH)
# A fresh folder with the repository's assets where a clone has them: paths read as written.
os.symlink(os.path.join(ROOT, "assets"), os.path.join(SCRATCH, "assets"))

failures = 0
for line in lines:
    args = shlex.split(line)
    rc, out, err = run(*args[1:], cwd=SCRATCH)
    status = "ok" if rc == 0 else "FAIL"
    print(f"{status}: {line} (exit {rc})")
    if rc != 0:
        failures += 1
        print(out[-2000:], err[-2000:])

# The captures the README promises exist.
for png in ("shot.png", "flame.png", "diff.png", "report.html", "before/shot_0002.png"):
    if not os.path.isfile(os.path.join(SCRATCH, png)):
        failures += 1
        print("FAIL: README commands did not write", png)
sys.exit(1 if failures else 0)
