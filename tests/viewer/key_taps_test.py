#!/usr/bin/env python3
"""Key taps shorter than a frame still count (issue 31): 20 presses of Right sent through the X
server as fast as xdotool sends them, while a scripted kiln-view waits, step the paused clock
exactly 20 ticks (1 s -> 1 + 20/60 s). Checked by the script's own expect-time. Runs its own Xvfb
so xdotool can reach the window.

usage: key_taps_test.py KILN_VIEW SOURCE_DIR SCRATCH_DIR
"""
import os
import shutil
import subprocess
import sys
import time

VIEW, ROOT, SCRATCH = sys.argv[1], sys.argv[2], sys.argv[3]
for tool in ("Xvfb", "xdotool"):
    if shutil.which(tool) is None:
        sys.exit(f"FAIL: {tool} is not installed (scripts/setup.sh installs it)")

d = os.path.join(SCRATCH, "key_taps")
shutil.rmtree(d, ignore_errors=True)
os.makedirs(os.path.join(d, "levels"))
shutil.copytree(os.path.join(ROOT, "assets", "textures"), os.path.join(d, "textures"))
shutil.copy(os.path.join(ROOT, "assets", "levels", "braziers.yaml"), os.path.join(d, "levels", "braziers.yaml"))
TAPS = 20
with open(os.path.join(d, "script.txt"), "w") as f:
    # ready.png says the window is up and paused at 1 s; the taps arrive during the long wait.
    f.write("open levels/braziers.yaml\npause\ntime 1\nwait 30\nscreenshot ready.png\nwait 600\n"
            f"expect-time {1 + TAPS / 60:.6f} 0.000001\nquit\n")

display = None
for n in range(90, 130):
    if not os.path.exists(f"/tmp/.X{n}-lock"):
        display = f":{n}"
        break
server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
env = dict(os.environ, DISPLAY=display, LP_NUM_THREADS="2")
view = None
try:
    time.sleep(1.5)
    view = subprocess.Popen([VIEW, "--script", "script.txt", "--size", "1280x720"], cwd=d, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 180
    while not os.path.exists(os.path.join(d, "ready.png")):
        if time.time() > deadline or view.poll() is not None:
            sys.exit("FAIL: kiln-view never got ready: " + (view.stderr.read().decode() if view.poll() is not None else "timeout"))
        time.sleep(0.2)
    wid = subprocess.run(["xdotool", "search", "--name", "kiln-view"], env=env, capture_output=True,
                         text=True).stdout.split()
    if not wid:
        sys.exit("FAIL: no kiln-view window found")
    for _ in range(TAPS):
        subprocess.run(["xdotool", "key", "--window", wid[0], "--delay", "0", "Right"], env=env, check=True)
    out, err = view.communicate(timeout=300)
    print(out.decode(), err.decode())
    if view.returncode != 0:
        sys.exit(f"FAIL: {TAPS} taps of Right did not step {TAPS} ticks (exit {view.returncode})")
    print(f"ok: {TAPS} taps of Right stepped {TAPS} ticks")
finally:
    if view and view.poll() is None:
        view.kill()
    server.terminate()
