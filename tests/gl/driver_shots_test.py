"""The reference shots on a second driver: each shot named on the command line (from
tests/gl/reference_shots.txt) is captured by `kiln capture` on llvmpipe and on the driver that
SECOND_ENV selects (zink), both in this run, and the pair is judged by `kiln compare` with the
file's tolerance line. Each capture's sidecar must name the driver it was meant for, so a machine
where the environment does not reach the second driver fails instead of comparing llvmpipe with
itself.

usage: driver_shots_test.py KILN DATA_DIR SHOTS_FILE SCRATCH RENDERER SECOND_ENV NAME...
  RENDERER    a word GL_RENDERER must contain on the second driver ("zink")
  SECOND_ENV  VAR=VALUE,VAR=VALUE for the second driver's captures
"""
import json
import os
import shlex
import shutil
import subprocess
import sys


def read_shots(path):
    shots, tolerance = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [p.strip() for p in line.split("|")]
            if fields[0] == "tolerance":
                tolerance = shlex.split(fields[1])
            else:
                shots[fields[0]] = (fields[1], shlex.split(fields[2]))
    return shots, tolerance


def main():
    if len(sys.argv) < 8:
        raise SystemExit(__doc__)
    kiln, data, shots_file, scratch, renderer, second_env = sys.argv[1:7]
    names = sys.argv[7:]
    shots, tolerance = read_shots(shots_file)
    if tolerance is None:
        raise SystemExit(f"{shots_file}: no tolerance line")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    base = dict(os.environ, LP_NUM_THREADS=os.environ.get("LP_NUM_THREADS", "2"))
    for k in ("MESA_LOADER_DRIVER_OVERRIDE", "LIBGL_ALWAYS_SOFTWARE", "GALLIUM_DRIVER"):
        base.pop(k, None)
    second = dict(base)
    for pair in second_env.split(","):
        key, _, value = pair.partition("=")
        second[key] = value
    drivers = [("llvmpipe", "llvmpipe", base), (renderer, renderer, second)]
    failures = []
    for name in names:
        if name not in shots:
            failures.append(f"{name}: not in {shots_file}")
            continue
        level, options = shots[name]
        pictures = []
        for label, want, env in drivers:
            out = os.path.join(scratch, f"{name}.{label}.png")
            p = subprocess.run([kiln, "capture", os.path.join(data, level), *options, "--out", out], env=env,
                               capture_output=True, text=True, timeout=120)
            if p.returncode != 0:
                failures.append(f"{name} on {label}: kiln capture exited {p.returncode}: {p.stderr.strip()[:400]}")
                break
            with open(out[:-4] + ".json", encoding="utf-8") as f:
                got = json.load(f)["gl_renderer"]
            if want not in got:
                failures.append(f"{name} on {label}: the capture ran on '{got}'")
                break
            pictures.append(out)
        if len(pictures) != 2:
            continue
        p = subprocess.run([kiln, "compare", *pictures, *tolerance, "--json"], capture_output=True, text=True,
                           timeout=120)
        try:
            r = json.loads(p.stdout)
            print(f"{name}: max {r['max_abs_diff']}, mean {r['mean_abs_diff']:.4f}, changed {r['changed_percent']:.3f} %, "
                  f"flip mean {r['flip']['mean']:.5f} (compare exit {p.returncode})")
        except (ValueError, KeyError):
            print(f"{name}: compare exit {p.returncode}: {p.stdout.strip()[:300]}")
        if p.returncode != 0:
            failures.append(f"{name}: {renderer} differs from llvmpipe beyond the tolerance: {p.stderr.strip()}")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(names) - len(failures)} of {len(names)} shots agree")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
