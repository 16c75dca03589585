#!/usr/bin/env python3
"""`kiln report` end to end (issue 32): two capture sets of one level (events drawn and not) are
paired by name into one page whose table lists every pair worst first; an existing page is kept
without --force; folders without partners exit 1; and the page loads in headless Chromium with no
console message (the detector is shown to catch one on a broken page) and renders its table and
pictures (the screenshot is kept for a person to look at).

usage: report_test.py KILN SOURCE_DIR SCRATCH_DIR
"""
import os
import re
import shutil
import subprocess
import sys

KILN, ROOT, SCRATCH = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def run(*args):
    p = subprocess.run([KILN, *args], cwd=SCRATCH, capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, LP_NUM_THREADS="2"))
    return p.returncode, p.stdout + p.stderr


shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
level = os.path.join(ROOT, "assets", "levels", "braziers.yaml")
rc, out = run("capture", level, "--times", "1:2:0.5", "--out", "before/shot.png")
check(rc == 0, f"before captured (rc {rc}) {out[-300:]}")
rc, out = run("capture", level, "--times", "1:2:0.5", "--no-events", "--out", "after/shot.png")
check(rc == 0, f"after captured (rc {rc}) {out[-300:]}")

rc, out = run("report", "before", "after", "-o", "report.html")
check(rc == 0 and "3 pairs, 0 without a partner" in out, f"report of 3 pairs (rc {rc}) {out}")
page = open(os.path.join(SCRATCH, "report.html"), encoding="utf-8").read()
rows = re.findall(r"<tr><td><a href=\"#p\d\">([^<]+)</a></td><td>([0-9.]+)</td>", page)
check([r[0] for r in rows] == sorted([r[0] for r in rows], key=lambda n: -float(dict(rows)[n])) and len(rows) == 3,
      f"the table holds the 3 pairs, the largest FLIP mean first: {rows}")
check(page.count("data:image/png;base64,") == 3 * 8,
      "each pair embeds A (twice: flicker), B, difference and FLIP map, and A (twice) and B enlarged where they differ")
# Where it changed: the enlarged region holds the whole changed rectangle, and each picture is the
# region's size times the zoom.
regions = re.findall(r"where it changed: x (\d+)&ndash;(\d+), y (\d+)&ndash;(\d+) &times;(\d+)", page)
changed = re.findall(r"every changed pixel lies in x (\d+)&ndash;(\d+), y (\d+)&ndash;(\d+)", page)
sizes = re.findall(r'alt="B, where it changed" width="(\d+)" height="(\d+)"', page)
check(len(regions) == 3 and len(changed) == 3, f"every pair shows where it changed: {regions} {changed}")
for (rx0, rx1, ry0, ry1, zoom), (cx0, cx1, cy0, cy1), (w, h) in zip(regions, changed, sizes[::2]):
    rx0, rx1, ry0, ry1, zoom, cx0, cx1, cy0, cy1, w, h = map(int, (rx0, rx1, ry0, ry1, zoom, cx0, cx1, cy0, cy1, w, h))
    check(rx0 <= cx0 <= cx1 <= rx1 and ry0 <= cy0 <= cy1 <= ry1 and rx1 < 640 and ry1 < 360,
          f"the region x {rx0}-{rx1}, y {ry0}-{ry1} holds the change x {cx0}-{cx1}, y {cy0}-{cy1} inside 640x360")
    check(2 <= zoom <= 8 and w == (rx1 - rx0 + 1) * zoom and h == (ry1 - ry0 + 1) * zoom and w <= 420 and h <= 420,
          f"the region is shown x{zoom} ({w}x{h})")

# Identical sets: nothing changed, so there is nothing to enlarge.
shutil.copytree(os.path.join(SCRATCH, "before"), os.path.join(SCRATCH, "same"))
rc, out = run("report", "before", "same", "-o", "same.html")
same = open(os.path.join(SCRATCH, "same.html"), encoding="utf-8").read() if rc == 0 else ""
check(rc == 0 and "where it changed" not in same and same.count("data:image/png;base64,") == 3 * 5,
      f"identical pairs show no enlarged region (rc {rc})")
check("<script>" in page and "http" not in page.replace("http-equiv", ""), "the page is self-contained (no link out)")

# kiln-view's layout: one folder, each session's captures under its own LABEL- (a label may hold
# a dash). FOLDER/LABEL picks them; the other label's files and unlabelled ones are left out.
mixed = os.path.join(SCRATCH, "kiln-captures")
os.makedirs(mixed)
for side, label in (("before", "before-tune"), ("after", "after")):
    for i, name in enumerate(sorted(n for n in os.listdir(os.path.join(SCRATCH, side)) if n.endswith(".png"))):
        shutil.copy(os.path.join(SCRATCH, side, name), os.path.join(mixed, f"{label}-{i + 1:04d}_braziers_t{i:08d}ms.png"))
shutil.copy(os.path.join(SCRATCH, "before", "shot_0000.png"), os.path.join(mixed, "stray.png"))
rc, out = run("report", "kiln-captures/before-tune", "kiln-captures/after", "-o", "labels.html")
check(rc == 0 and "3 pairs, 0 without a partner" in out, f"FOLDER/LABEL pairs one folder's labelled sets (rc {rc}) {out}")
labels = open(os.path.join(SCRATCH, "labels.html"), encoding="utf-8").read() if rc == 0 else ""
check("before-tune-0001_braziers_t00000000ms.png / after-0001_braziers_t00000000ms.png" in labels and "stray.png" not in labels,
      "before-tune-0001 meets after-0001, and a file of neither label is not listed")
rc, out = run("report", "kiln-captures/befor", "kiln-captures/after", "-o", "none.html")
check(rc == 2 and "FOLDER/LABEL" in out and not os.path.exists(os.path.join(SCRATCH, "none.html")),
      f"a label with no captures is a usage error that writes nothing (rc {rc}) {out.strip()}")

rc, out = run("report", "before", "after", "-o", "report.html")
check(rc == 2 and "output-exists" in out, f"an existing page is kept without --force (rc {rc})")
rc, out = run("report", "before", "after", "-o", "report.html", "--force")
check(rc == 0, f"--force replaces it (rc {rc})")
os.makedirs(os.path.join(SCRATCH, "empty"))
rc, out = run("report", "before", "empty", "-o", "none.html")
check(rc == 1 and not os.path.exists(os.path.join(SCRATCH, "none.html")), f"no partners: exit 1, no page (rc {rc})")
rc, out = run("report", "before", "missing", "-o", "none.html")
check(rc == 2, f"a missing folder is a usage error (rc {rc})")

chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium is None:
    check(False, "chromium is installed (scripts/setup.sh installs it)")
else:
    def load(html, shot):
        p = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--window-size=1280,1400", "--enable-logging=stderr", "--v=0",
                            "--screenshot=" + shot, "file://" + html], capture_output=True, text=True, timeout=120)
        return [l for l in p.stderr.splitlines() if ":CONSOLE" in l], p.returncode

    bad = os.path.join(SCRATCH, "broken.html")
    with open(bad, "w") as f:
        f.write("<html><body><script>undefinedFunction();</script></body></html>")
    messages, _ = load(bad, os.path.join(SCRATCH, "broken.png"))
    check(len(messages) > 0, "the console detector sees the error of a broken page")
    shot = os.path.join(SCRATCH, "report.png")
    messages, rc = load(os.path.join(SCRATCH, "report.html"), shot)
    check(rc == 0 and not messages, f"the report loads in Chromium without console messages {messages}")
    check(os.path.exists(shot) and os.path.getsize(shot) > 50000, f"Chromium's screenshot of the page is not blank ({shot})")

sys.exit(1 if failures else 0)
