#!/usr/bin/env bash
# One capture path (issue 32): a viewer capture after `look EYE TARGET` and `time T` is the same
# PNG bytes and the same sidecar bytes as `kiln capture --camera EYE,TARGET --fov 50 --time T`
# (kiln-view's field of view is 50 degrees, as its sidecar records). The viewer starts on HDR
# output, so its capture matches `--output hdr`; after the script's `output ldr` it matches the
# CLI's default LDR output. The CLI's default 60 degrees, and LDR against HDR, must give other
# pixels, so each comparison can fail.
# usage: capture_parity_test.sh KILN_VIEW KILN SOURCE_DIR OUT_DIR
set -euo pipefail
view=$1 kiln=$2 src=$3 out=$4
rm -rf "$out" && mkdir -p "$out/levels" "$out/textures"
cp "$src/assets/levels/braziers.yaml" "$out/levels/"
cp "$src"/assets/textures/*.png "$out/textures/"
cd "$out"
printf 'open levels/braziers.yaml\nlook 3.2 4 1.7 1.4 4 1.7\ntime 3.2\npause\nwait 2\ncapture\nwait 1\noutput ldr\nwait 1\ncapture ldr\nwait 1\nquit\n' > script.txt
xvfb-run -a -s "-screen 0 1280x720x24" "$view" --size 1280x720 --script script.txt
shot=kiln-captures/current-0001_braziers_t00003200ms
"$kiln" capture levels/braziers.yaml --camera 3.2,4,1.7,1.4,4,1.7 --fov 50 --time 3.2 --size 640x360 --output hdr --out cli.png
cmp "$shot.png" cli.png || { echo "FAIL: the viewer's HDR capture and kiln capture --output hdr's differ" >&2; exit 1; }
# The sidecars name how each context was made ("gl_platform": a GLFW window against an EGL
# display), which differs by construction; every other byte must not.
same_sidecar() { diff <(grep -v '"gl_platform":' "$1") <(grep -v '"gl_platform":' "$2"); }
grep -q '"gl_platform": "GLFW window"' "$shot.json" || { echo "FAIL: the viewer's sidecar does not name its context" >&2; exit 1; }
grep -q '"gl_platform": "EGL ' cli.json || { echo "FAIL: kiln capture's sidecar does not name its EGL route" >&2; exit 1; }
same_sidecar "$shot.json" cli.json || { echo "FAIL: the HDR sidecars differ" >&2; exit 1; }
grep -q '"output": {"mode": "hdr"' "$shot.json" || { echo "FAIL: the viewer's sidecar does not record its HDR output" >&2; exit 1; }
ldr=kiln-captures/ldr-0001_braziers_t00003200ms
"$kiln" capture levels/braziers.yaml --camera 3.2,4,1.7,1.4,4,1.7 --fov 50 --time 3.2 --size 640x360 --out cli_ldr.png
cmp "$ldr.png" cli_ldr.png || { echo "FAIL: the viewer's LDR capture and kiln capture's differ" >&2; exit 1; }
same_sidecar "$ldr.json" cli_ldr.json || { echo "FAIL: the LDR sidecars differ" >&2; exit 1; }
if cmp -s cli_ldr.png cli.png; then echo "FAIL: HDR and LDR output gave the same pixels (the check could not fail)" >&2; exit 1; fi
"$kiln" capture levels/braziers.yaml --camera 3.2,4,1.7,1.4,4,1.7 --time 3.2 --size 640x360 --output hdr --out cli60.png
if cmp -s cli60.png cli.png; then echo "FAIL: --fov changed nothing (the check could not fail)" >&2; exit 1; fi
echo "ok: viewer and CLI captures are the same bytes, sidecars included, in HDR and in LDR output"
