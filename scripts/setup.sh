#!/usr/bin/env bash
# Installs every Debian 12 package Kiln needs to build, test and run. Idempotent: quiet when
# everything is present. Works as root or through sudo.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  ccache  # a compiler cache: run.sh and test.sh, worktrees and re-runs reuse unchanged objects
  libglfw3-dev python3-glad libegl-dev libgl-dev libgles-dev
  libgl1-mesa-dri libegl-mesa0 libglx-mesa0 libegl1-mesa
  mesa-vulkan-drivers  # lavapipe: Mesa's zink runs OpenGL 4.6 on it, the suite's second driver (label zink)
  libglm-dev libstb-dev
  catch2 libyaml-cpp-dev zlib1g-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev
  clang libclang-rt-14-dev
  xvfb xauth fonts-dejavu-core
  xdotool  # the viewer test that taps keys faster than frames (tests/viewer/key_taps_test.py)
  chromium  # loads the kiln report page headless (tests/app/report_test.py)
  dpkg-dev file  # cpack -G DEB: dpkg-shlibdeps (and file, which CPack runs) find the package's Depends
  python3 python3-jsonschema python3-yaml
  glslang-tools spirv-tools  # glslangValidator, spirv-val: the offline shader check (tests/shaders)
  libopenexr-dev  # EXR captures (kiln capture --out F.exr, kiln compare of two EXRs)
  openimageio-tools  # oiiotool: reads an EXR capture back independently of Kiln (tests/app)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  sudo_cmd=()
elif command -v sudo >/dev/null 2>&1; then
  sudo_cmd=(sudo)
else
  echo "kiln setup: missing packages (${missing[*]}) and neither root nor sudo is available" >&2
  exit 2
fi

echo "kiln setup: installing ${#missing[@]} Debian package(s): ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "kiln setup: done"
