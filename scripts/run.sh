#!/usr/bin/env bash
# The README's run command: installs what Kiln needs, builds Release and opens the viewer on the
# bundled sample level. Without a display it renders the sample headless to a PNG instead.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target kiln kiln-view kiln-assets  # test.sh builds the rest in this tree

level=${1:-build/release/share/kiln/levels/braziers.klm}
if [ ! -f "$level" ]; then
  echo "kiln: the sample level $level was not built" >&2
  exit 2
fi

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/release/app/kiln-view "$level"
fi

out=${KILN_RUN_OUT:-build/release/kiln-sample.png}
echo "kiln: no display found (DISPLAY and WAYLAND_DISPLAY are unset); rendering the sample headless instead"
camera=()
# The bundled sample's best view (docs/samples.md): the hall from the corridor mouth.
[ "$#" -eq 0 ] && camera=(--camera 10.5,4,2.6,3,4.3,1.4)
build/release/app/kiln capture "$level" --time 3.3 --size 1280x720 "${camera[@]}" --out "$out" --force
echo "kiln: wrote $(realpath "$out")"
