#!/usr/bin/env python3
"""Nothing lost, in the viewer: every finding about kiln-view losing or mangling a user's work,
checked through the real executable under Xvfb. Each check is named after its finding; every run
has a timeout, so a hang fails instead of stalling the suite.

usage: nothing_lost_test.py KILN_VIEW SOURCE_DIR SCRATCH_DIR
"""
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys

VIEW, ROOT, SCRATCH = sys.argv[1], sys.argv[2], sys.argv[3]
ASSETS = os.path.join(ROOT, "assets")
failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def read(path):
    with open(path, "rb") as f:
        return f.read()


def workdir(name):
    """A fresh folder holding the braziers sample (levels/ and textures/) for one session."""
    d = os.path.join(SCRATCH, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, "levels"))
    shutil.copytree(os.path.join(ASSETS, "textures"), os.path.join(d, "textures"))
    shutil.copy(os.path.join(ASSETS, "levels", "braziers.yaml"), os.path.join(d, "levels", "braziers.yaml"))
    return d


def session(d, script, timeout=120, env_extra=None):
    """Runs kiln-view --script in `d`; returns (exit code, stderr text). "hang" on timeout."""
    with open(os.path.join(d, "script.txt"), "w") as f:
        f.write(script)
    env = dict(os.environ, LP_NUM_THREADS="2", **(env_extra or {}))
    for attempt in range(2):
        try:
            p = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", VIEW, "--script", "script.txt",
                                "--size", "1280x720"], cwd=d, capture_output=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            return "hang", ""
        # xvfb-run replaces the exit status with its own when it cannot clean up (a race with
        # the exiting server); that says nothing about kiln-view.
        if b"xvfb-run: error: problem while cleaning up" in p.stderr and attempt == 0:
            continue
        return p.returncode, p.stderr.decode("utf-8", "replace")
    return p.returncode, p.stderr.decode("utf-8", "replace")


TUNE = """open levels/braziers.yaml
select preset flame
wait 1
tune drag 1.25
wait 1
"""

# --- quitting, opening, reloading with unsaved edits ------------------------------------------
d = workdir("quit")
level = os.path.join(d, "levels", "braziers.yaml")
before = digest(level)
rc, err = session(d, TUNE + "quit\n")
check(rc == 1 and "unsaved-changes" in err and digest(level) == before,
      f"finding: quit with unsaved edits drops them without a word (rc {rc})")
rc, err = session(d, TUNE + "quit --discard\n")
check(rc == 0 and digest(level) == before, f"finding: quit --discard quits and leaves the file as it was (rc {rc}) {err[-300:]}")
rc, err = session(d, "open levels/braziers.yaml\nquit\n")
check(rc == 0, f"quit without edits needs no --discard (rc {rc}) {err[-300:]}")

d = workdir("open")
level = os.path.join(d, "levels", "braziers.yaml")
shutil.copy(level, os.path.join(d, "levels", "other.yaml"))
before = digest(level)
rc, err = session(d, TUNE + "open levels/other.yaml\n")
check(rc == 1 and "unsaved-changes" in err and digest(level) == before,
      f"finding: opening another level drops unsaved edits without a word (rc {rc})")
rc, err = session(d, TUNE + "open levels/other.yaml --discard\nexpect-level other.yaml\n")
check(rc == 0, f"finding: open --discard opens the other level (rc {rc}) {err[-300:]}")

# An outside edit: the same level with one comment changed (what another editor would save).
def outside_version(d):
    text = read(os.path.join(d, "levels", "braziers.yaml"))
    changed = text.replace(b"\n", b"\n# edited outside the viewer\n", 1)
    assert changed != text
    with open(os.path.join(d, "outside.yaml"), "wb") as f:
        f.write(changed)
    return changed


d = workdir("reload")
level = os.path.join(d, "levels", "braziers.yaml")
outside = outside_version(d)
rc, err = session(d, TUNE + "copy-file outside.yaml levels/braziers.yaml\nwait 45\n")
check(rc == 1 and "unsaved-changes" in err and read(level) == outside,
      f"finding: the reload poll silently discards unsaved edits and their undo history (rc {rc})")
rc, err = session(d, "open levels/braziers.yaml\ncopy-file " + os.path.join(ASSETS, "levels", "braziers.yaml")
                  + " levels/braziers.yaml\nwait 45\nexpect status opened braziers.yaml\n")
check(rc == 0, f"a change on disk without unsaved edits still reloads (rc {rc}) {err[-300:]}")

# --- saving over a change made on disk --------------------------------------------------------
d = workdir("conflict")
level = os.path.join(d, "levels", "braziers.yaml")
original = read(level)
outside = outside_version(d)
rc, err = session(d, TUNE + "copy-file outside.yaml levels/braziers.yaml\nsave\n")
check(rc == 1 and "changed-on-disk" in err and read(level) == outside,
      f"finding: saving overwrites an outside edit made since the viewer loaded the file (rc {rc})")
rc, err = session(d, "copy-file " + os.path.join(ASSETS, "levels", "braziers.yaml") + " levels/braziers.yaml\n" + TUNE
                  + "copy-file outside.yaml levels/braziers.yaml\nsave --overwrite\n")
after = read(level)
check(rc == 0 and b"edited outside the viewer" not in after and b"drag: 1.25" in after,
      f"save --overwrite writes the loaded file plus the edit over the outside change (rc {rc}) {err[-300:]}")
# Only the edited value changed: one line differs, "drag: 0.5" made "drag: 1.25".
changed = [(a, b) for a, b in zip(original.splitlines(), after.splitlines()) if a != b]
check(len(after.splitlines()) == len(original.splitlines()) and
      changed == [(b"    drag: 0.5", b"    drag: 1.25")],
      f"save --overwrite changes only the edited value's bytes {changed}")

# After an outside rename of the tuned preset, saving must not append a stub that no longer validates.
d = workdir("renamed")
level = os.path.join(d, "levels", "braziers.yaml")
renamed = read(level).replace(b"\n  flame:", b"\n  fire:", 1).replace(b"preset: flame", b"preset: fire")
with open(os.path.join(d, "renamed.yaml"), "wb") as f:
    f.write(renamed)
rc, err = session(d, TUNE + "copy-file renamed.yaml levels/braziers.yaml\nsave\n")
check(rc == 1 and read(level) == renamed, f"finding: after an outside rename the save appends a stub (rc {rc})")

# --- links, modes, odd names ------------------------------------------------------------------
d = workdir("links")
real = os.path.join(d, "levels", "real.yaml")
os.rename(os.path.join(d, "levels", "braziers.yaml"), real)
os.symlink("real.yaml", os.path.join(d, "levels", "braziers.yaml"))
os.chmod(real, 0o600)
os.link(real, os.path.join(d, "levels", "hard.yaml"))
rc, err = session(d, TUNE + "save\n")
link = os.path.join(d, "levels", "braziers.yaml")
check(rc == 0 and os.path.islink(link) and os.readlink(link) == "real.yaml" and b"drag: 1.25" in read(real),
      f"finding: a symlinked source is replaced by a plain copy (rc {rc}) {err[-300:]}")
check(stat.S_IMODE(os.stat(real).st_mode) == 0o600, "finding: a 0600 source becomes 0644")
check(os.stat(real).st_nlink == 2 and os.path.samefile(real, os.path.join(d, "levels", "hard.yaml")),
      "finding: saving splits a hard link")

d = workdir("upper")
os.rename(os.path.join(d, "levels", "braziers.yaml"), os.path.join(d, "levels", "braziers.YAML"))
rc, err = session(d, TUNE.replace("braziers.yaml", "braziers.YAML") + "save\n")
check(rc == 0 and b"drag: 1.25" in read(os.path.join(d, "levels", "braziers.YAML")),
      f"finding: a .YAML source opens but cannot be saved (rc {rc}) {err[-300:]}")

# A screenshot may not land on the level it shows.
d = workdir("shot")
level = os.path.join(d, "levels", "braziers.yaml")
before = digest(level)
rc, err = session(d, "open levels/braziers.yaml\nscreenshot levels/braziers.yaml\nwait 2\n")
check(rc != 0 and "output-is-input" in err and digest(level) == before,
      f"a screenshot over the level's own source is refused (rc {rc})")

# --- capture sets, bookmarks ------------------------------------------------------------------
d = workdir("set")
fakebin = os.path.join(ROOT, "tests", "viewer", "fakebin")
rc, err = session(d, "open levels/braziers.yaml\ncapture-set 0:1:0.5 video\nquit\n",
                  env_extra={"PATH": fakebin + ":" + os.environ.get("PATH", "")})
shots = sorted(f for f in os.listdir(os.path.join(d, "kiln-captures")) if f.endswith(".png")) \
    if os.path.isdir(os.path.join(d, "kiln-captures")) else []
videos = [f for f in os.listdir(os.path.join(d, "kiln-captures")) if f.endswith(".mp4")] if shots else []
check(rc == 0 and len(shots) == 3 and len(videos) == 1,
      f"finding: capture-set then quit exits after 1 of 3 frames and never makes the video "
      f"(rc {rc}, {len(shots)} images, {len(videos)} videos) {err[-300:]}")

d = workdir("bookmarks")
with open(os.path.join(d, "levels", "braziers.yaml.bookmarks.json"), "w") as f:
    json.dump({"bookmarks": [{"name": "a\nduration 99\nfile x", "mode": "orbit", "target": [4, 3, 1],
                              "position": [9, -2, 4], "yaw": 0, "pitch": 20, "distance": 8},
                             {"name": "tab\there", "mode": "orbit", "target": [4, 3, 1],
                              "position": [9, -2, 4], "yaw": 30, "pitch": 20, "distance": 8}]}, f)
rc, err = session(d, "open levels/braziers.yaml\ncapture-set 0:0.5:0.5 video\nquit\n",
                  env_extra={"PATH": fakebin + ":" + os.environ.get("PATH", "")})
names = os.listdir(os.path.join(d, "kiln-captures")) if os.path.isdir(os.path.join(d, "kiln-captures")) else []
lists = [n for n in names if n.endswith(".ffconcat")]
concat = read(os.path.join(d, "kiln-captures", lists[0])).decode() if lists else ""
check(rc == 0 and names and all(c.isprintable() and c not in "\t\n" for n in names for c in n),
      f"finding: a bookmark name holding a newline or tab lands in capture file names (rc {rc}) {names}")
check(concat.count("\nfile ") == 4 and concat.count("\nduration ") == 4 and "duration 99" not in concat,
      "finding: a bookmark name splits the ffconcat list (an injected duration directive)")

d = workdir("dupes")
rc, err = session(d, "open levels/braziers.yaml\nbookmark front\nlook 1 1 3 4 3 1\nbookmark front\n")
marks = json.load(open(os.path.join(d, "levels", "braziers.yaml.bookmarks.json")))["bookmarks"] if rc == 0 else []
check(rc == 0 and [m["name"] for m in marks] == ["front"], f"finding: bookmark NAME appends duplicates (rc {rc}) {marks}")

# --- failures that gave no reason -------------------------------------------------------------
d = workdir("reasons")
rc, err = session(d, "workspace events\nopen levels/braziers.yaml\nwait 2\nhover 5000 5000\nkey g\n")
check(rc == 1 and "no sector surface under pixel" in err, f"finding: a failed hover + key g gives no reason (rc {rc}) {err[-300:]}")

# --- what the viewer prints -----------------------------------------------------------------
def printable(text_bytes):
    """No control byte but a newline, and valid UTF-8: nothing a file holds can drive the terminal."""
    try:
        text_bytes.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(b >= 0x20 or b == 0x0A for b in text_bytes) and 0x7F not in text_bytes


def raw_session(d, script_bytes, timeout=60):
    with open(os.path.join(d, "script.txt"), "wb") as f:
        f.write(script_bytes)
    for attempt in range(2):
        try:
            p = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", VIEW, "--script", "script.txt",
                                "--size", "640x480"], cwd=d, capture_output=True, timeout=timeout,
                               env=dict(os.environ, LP_NUM_THREADS="2"))
        except subprocess.TimeoutExpired:
            return "hang", b""
        # xvfb-run's own cleanup race (see session()) says nothing about kiln-view.
        if b"xvfb-run: error: problem while cleaning up" in p.stderr and attempt == 0:
            continue
        break
    return p.returncode, p.stderr + p.stdout


d = workdir("escapes")
hostile = b"\x1b[31mred\x07bell\xff\xfe"
for word, line in [("select", b"select emitter " + hostile), ("panel", b"panel " + hostile),
                   ("solo", b"solo emitter " + hostile), ("mute", b"mute emitter " + hostile + b" on"),
                   ("sandbox", b"sandbox recipe " + hostile), ("expect-level", b"expect-level " + hostile),
                   ("pick", b"pick emitter " + hostile), ("copy-file", b"copy-file " + hostile + b" x.yaml"),
                   ("screenshot", b"screenshot levels/braziers.yaml/" + hostile + b".png")]:
    rc, out = raw_session(d, b"open levels/braziers.yaml\nwait 1\n" + line + b"\n")
    check(rc in (1, 2) and printable(out) and b"\\x1b" in out,
          f"finding: a viewer {word} error prints raw ESC/BEL and invalid UTF-8 (rc {rc}) {out[-200:]!r}")

long_name = b"A" * (15 << 20)
rc, out = raw_session(d, b"open levels/braziers.yaml\nselect emitter " + long_name + b"\n", timeout=120)
longest = max((len(l) for l in out.split(b"\n")), default=0)
check(rc == 1 and longest <= 4096 + 64 and b"bytes cut]" in out,
      f"finding: a 15 MB script line is echoed whole (rc {rc}, longest line {longest} bytes)")

# --- red team, round two: what a script may not do to its own inputs --------------------------
d = workdir("redteam")
level = os.path.join(d, "levels", "braziers.yaml")
before = digest(level)
# A bookmark named with invalid UTF-8 is refused with a reason, not a crash.
with open(os.path.join(d, "script.bin"), "wb") as f:
    f.write(b"open levels/braziers.yaml\nbookmark bad\xff\xfename\nquit\n")
p = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", VIEW, "--script", "script.bin", "--size",
                    "1280x720"], cwd=d, capture_output=True, timeout=120, env=dict(os.environ, LP_NUM_THREADS="2"))
check(p.returncode == 1 and not os.path.exists(os.path.join(d, "levels", "braziers.bookmarks.json")),
      f"finding: a bookmark named with invalid UTF-8 crashes or is written (rc {p.returncode})")
# Remounting for another host capability with unsaved edits would drop them.
rc, err = session(d, TUNE + "host world/particles@2 off\n")
check(rc == 1 and "unsaved-changes" in err and digest(level) == before,
      f"finding: a host remount with unsaved edits drops them (rc {rc}) {err[-300:]}")
# A screenshot named like the level the script opens later, or like the script itself.
rc, err = session(d, "screenshot levels/braziers.yaml\nopen levels/braziers.yaml\nquit\n")
# A screenshot that is not written exits 2 (docs/viewer.md, exit codes).
check(rc == 2 and "output-is-input" in err and digest(level) == before,
      f"finding: a screenshot before open lands on the level it opens (rc {rc}) {err[-300:]}")
rc, err = session(d, "open levels/braziers.yaml\nscreenshot script.txt\nquit\n")
check(rc == 2 and "output-is-input" in err and read(os.path.join(d, "script.txt")).startswith(b"open levels"),
      f"finding: a screenshot lands on the running script (rc {rc}) {err[-300:]}")
# An image the script compares, already on disk, is not overwritten by an earlier screenshot.
shutil.copy(os.path.join(d, "textures", "ember.png"), os.path.join(d, "a.png"))
image = digest(os.path.join(d, "a.png"))
rc, err = session(d, "open levels/braziers.yaml\nscreenshot a.png\nab load a.png\nquit\n")
check(rc == 2 and "output-is-input" in err and digest(os.path.join(d, "a.png")) == image,
      f"finding: a screenshot overwrites an image the script compares later (rc {rc}) {err[-300:]}")
# ... while one the session makes itself may be compared afterwards.
os.remove(os.path.join(d, "a.png"))
rc, err = session(d, "open levels/braziers.yaml\nscreenshot b.png\nwait 1\nab load b.png\nquit\n")
check(rc == 0 and os.path.exists(os.path.join(d, "b.png")),
      f"finding: an image the script writes cannot be compared later (rc {rc}) {err[-300:]}")
# Ctrl+Q pressed by a script with unsaved edits, and a script that ends with them, fail.
rc, err = session(d, TUNE + "key ctrl+q\nwait 2\n")
check(rc == 1 and digest(level) == before, f"finding: a scripted Ctrl+Q with unsaved edits exits 0 (rc {rc})")
rc, err = session(d, TUNE)
check(rc == 1 and "unsaved" in err and digest(level) == before,
      f"finding: a script that ends with unsaved edits exits 0 (rc {rc}) {err[-300:]}")

# --- curve keys -------------------------------------------------------------------------------
# A key inserted into a curve is one new line: the key after it keeps its spelling and comment.
d = workdir("curve_key")
level = os.path.join(d, "levels", "braziers.yaml")
commented = read(level).replace(b"      - {age: 1, value: 0.1}\n",
                                b"      - {age: 1.0, value: 0.10}   # burnt out\n", 1)
with open(level, "wb") as f:
    f.write(commented)
rc, err = session(d, "open levels/braziers.yaml\nselect preset flame\nwait 1\ntune size.insert 0\nwait 1\nsave\nquit\n")
expected = commented.replace(b"      - {age: 0.25, value: 0.42}\n",
                             b"      - {age: 0.125, value: 0.37}\n      - {age: 0.25, value: 0.42}\n", 1)
check(b"# burnt out" in commented and rc == 0 and read(level) == expected,
      f"finding: inserting a curve key rewrites the later keys, losing their comments (rc {rc}) {err[-300:]}")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all checks passed")
