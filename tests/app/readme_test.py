#!/usr/bin/env python3
"""Runs the `kiln` command lines of README.md exactly as written (from a scratch folder that
sees the repository's assets/), so the README cannot drift from the tool: each must exit 0.

usage: readme_test.py KILN SOURCE_DIR SCRATCH_DIR
"""
import os
import re
import shlex
import shutil
import subprocess
import sys

KILN, ROOT, SCRATCH = (os.path.abspath(a) for a in sys.argv[1:4])

with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
    readme = f.read()
# The indented command block under "## Using `kiln`".
section = readme.split("## Using `kiln`", 1)[1].split("\n## ", 1)[0]
lines = [m.group(1) for m in re.finditer(r"^    (kiln .*?)(?:\s+#.*)?$", section, re.M)]
if len(lines) < 6:
    print("FAIL: expected the README's kiln command block, found", lines)
    sys.exit(1)

shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
# A fresh folder with the repository's assets where a clone has them: paths read as written.
os.symlink(os.path.join(ROOT, "assets"), os.path.join(SCRATCH, "assets"))

failures = 0
for line in lines:
    args = shlex.split(line)
    p = subprocess.run([KILN, *args[1:]], cwd=SCRATCH, capture_output=True, text=True, timeout=300)
    status = "ok" if p.returncode == 0 else "FAIL"
    print(f"{status}: {line} (exit {p.returncode})")
    if p.returncode != 0:
        failures += 1
        print(p.stdout[-2000:], p.stderr[-2000:])

# The captures the README promises exist.
for png in ("shot.png", "flame.png", "diff.png"):
    if not os.path.isfile(os.path.join(SCRATCH, png)):
        failures += 1
        print("FAIL: README commands did not write", png)
sys.exit(1 if failures else 0)
