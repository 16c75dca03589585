"""What the python drivers in tests/app share: their arguments, running `kiln` (or xvfb-run), the
check that records a failure, a fresh scratch folder, small files and PNGs written and read
without an imaging library, and the small level the hostile and nothing-lost tests start from.

`python3 DRIVER.py ...` puts the driver's own folder first on sys.path, so a plain
`from kiln_harness import ...` finds this file, under ctest (tests/app/tests.cmake) and by hand.
"""
import math
import os
import shutil
import struct
import subprocess
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "viewer"))
from png_check import decode_png  # noqa: E402  (the one PNG decoder of the test drivers)


def arguments(usage, optional=0, absolute=False):
    """sys.argv[1:] as the names in `usage` ("KILN SOURCE_DIR SCRATCH_DIR"), then `optional`
    more that are None where not given; absolute=True makes each an absolute path (for drivers
    that run kiln in another folder)."""
    names = usage.split()
    given = sys.argv[1:1 + len(names) + optional]
    if len(given) < len(names):
        raise SystemExit(f"usage: {os.path.basename(sys.argv[0])} {usage}")
    if absolute:
        given = [os.path.abspath(a) for a in given]
    return given + [None] * (len(names) + optional - len(given))


XVFB_CLEANUP_RACE = "xvfb-run: error: problem while cleaning up"


def runner(program, timeout, text=False, hang_result=False):
    """A function run(*args, timeout=, cwd=, env=, cmd=) that runs `program ARGS` (or `cmd ARGS`)
    and returns (exit status, stdout, stderr), as str with text=True, else as bytes.

    A run past its timeout raises subprocess.TimeoutExpired, or with hang_result=True returns
    ("hang", empty, empty), which no expected exit status equals, so that check fails and the
    driver goes on.
    """
    empty = "" if text else b""
    cleanup_race = XVFB_CLEANUP_RACE if text else XVFB_CLEANUP_RACE.encode()

    def run(*args, timeout=timeout, cwd=None, env=None, cmd=None):
        for attempt in range(2):
            try:
                p = subprocess.run([cmd or program, *args], capture_output=True, text=text, timeout=timeout, cwd=cwd,
                                   env=env)
            except subprocess.TimeoutExpired:
                if not hang_result:
                    raise
                return "hang", empty, empty
            # xvfb-run replaces the program's exit status with its own when it fails to remove its
            # temporary directory (a race with the exiting server); that says nothing about Kiln.
            if cmd == "xvfb-run" and cleanup_race in p.stderr and attempt == 0:
                continue
            break
        return p.returncode, p.stdout, p.stderr

    return run


class Checks:
    """check(cond, what): a false cond records `what` in check.failures and prints "FAIL: what".

    print_passes=True also prints "ok: what" for each check that holds; most_printed=N prints
    only the first N failures (all are still recorded). check.count is how many checks ran.
    """

    def __init__(self, print_passes=False, most_printed=None):
        self.failures = []
        self.count = 0
        self.print_passes = print_passes
        self.most_printed = most_printed

    def __call__(self, cond, what):
        self.count += 1
        if cond:
            if self.print_passes:
                print("ok:", what)
            return
        self.failures.append(what)
        if self.most_printed is None or len(self.failures) <= self.most_printed:
            print("FAIL:", what)


def fresh_dir(path):
    """Removes what an earlier run left at path and makes it again, empty."""
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def write_file(path, data):
    """Writes bytes, or str as UTF-8, making the folders above path first; returns path."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def read_file(path):
    """The bytes of path."""
    with open(path, "rb") as f:
        return f.read()


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_chunk(tag, data):
    """One PNG chunk: length, tag, data and the CRC of tag and data."""
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def png_bytes(w, h, rgba=(0x80, 0x40, 0x20, 0xFF)):
    """A w×h RGBA8 PNG of one colour."""
    raw = b"".join(b"\x00" + bytes(rgba) * w for _ in range(h))
    return (PNG_SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + png_chunk(b"IDAT", zlib.compress(raw)) + png_chunk(b"IEND", b""))


def write_png(path, w, h, rgba=(0x80, 0x40, 0x20, 0xFF)):
    """Writes png_bytes(w, h, rgba) to path."""
    return write_file(path, png_bytes(w, h, rgba))


def read_png(path):
    """(width, height, rows) of an 8-bit RGBA, non-interlaced PNG (what kiln writes); each row a
    bytearray of 4 bytes a pixel, top row first. Decoded by tests/viewer/png_check.py."""
    w, h, channels, rows = decode_png(path)
    assert channels == 4, f"{path}: expected RGBA8"
    return w, h, rows


SMALL_LEVEL = """version: 1
world:
  version: 2
  sectors:
    - name: hall
      walls: [[0,0],[8,0],[8,6],[0,6]]
      floor: 0
      ceiling: 4
textures:
TEXTURES
presets:
  p:
    capacity: 32
    velocity: {min: [-0.1, -0.1, 0.2], max: [0.1, 0.1, 0.5]}
    lifetime: {min: 1, max: 2}
    size: [{age: 0, value: 0.1}, {age: 1, value: 0.05}]
    color: [{age: 0, rgba: [1, 1, 1, 1]}, {age: 1, rgba: [1, 0, 0, 0]}]
    sprite: {frames: [FRAMES], fps: 4}
emitters:
  - name: EMITTER
    preset: p
    position: [4, 3, 1]
    rate: 8
    duration_seconds: 1
"""


def small_level(textures, emitter="e"):
    """A valid level: one hall, one emitter of one preset whose sprite shows every texture of
    `textures` (name -> the file text written after "name: ") in order."""
    body = "\n".join(f"  {k}: {v}" for k, v in textures.items())
    return SMALL_LEVEL.replace("TEXTURES", body).replace("FRAMES", ", ".join(textures)).replace("EMITTER", emitter)


def project(cam, p, width, height):
    """World point → pixel (column, row from the top) of a `width`×`height` capture, through the
    sidecar's look-at camera (perspective, or orthographic when cam["orthographic"]); None behind
    a perspective eye. Written from the camera's definition, not from Kiln's code."""
    eye, target, up = cam["eye"], cam["target"], cam["up"]
    sub = lambda a, b: [a[i] - b[i] for i in range(3)]
    dot = lambda a, b: sum(a[i] * b[i] for i in range(3))
    cross = lambda a, b: [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    norm = lambda a: [v / math.sqrt(dot(a, a)) for v in a]
    f = norm(sub(target, eye))
    r = norm(cross(f, up))
    u = cross(r, f)
    d = sub(p, eye)
    if cam.get("orthographic"):
        half = cam["ortho_height"] / 2
        x_ndc, y_ndc = dot(d, r) / (half * width / height), dot(d, u) / half
    else:
        z = dot(d, f)
        if z <= 0:
            return None
        k = 1.0 / math.tan(math.radians(cam["fov_y_degrees"]) / 2)
        x_ndc, y_ndc = dot(d, r) / z * k / (width / height), dot(d, u) / z * k
    return (x_ndc * 0.5 + 0.5) * width, (0.5 - y_ndc * 0.5) * height
