#!/bin/sh
# Runs kiln-view under a virtual X server, then checks its screenshots with png_check.py.
# usage: run_viewer.sh KILN_VIEW OUT_DIR EXPECT ARGS...
#   Every PNG written to OUT_DIR (and its kiln-captures/) must be non-blank. EXPECT ("-" for none) lists further checks,
#   one per line: "differ A B" or "same A B" (PNG names inside OUT_DIR), or "yaml-only A B KEY..."
#   (file B differs from A only under the dotted YAML key paths named; yaml_check.py).
#   A --script FILE argument is copied into OUT_DIR with @ASSETS@ and @DEBUG@ replaced
#   (KILN_ASSETS and KILN_DEBUG_LEVELS), and the viewer runs inside OUT_DIR.
set -eu
view=$1; out=$2; expect=$3; shift 3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"; mkdir -p "$out"
args=""
while [ $# -gt 0 ]; do
  if [ "$1" = "--script" ]; then
    sed -e "s|@ASSETS@|${KILN_ASSETS:-}|g" -e "s|@DEBUG@|${KILN_DEBUG_LEVELS:-}|g" "$2" > "$out/script.txt"
    args="$args --script script.txt"; shift 2
  else
    args="$args $1"; shift
  fi
done
cd "$out"
# shellcheck disable=SC2086  # the arguments are paths without spaces, split on purpose
xvfb-run -a -s "-screen 0 2048x1200x24" "$view" $args
found=0
for png in "$out"/*.png "$out"/kiln-captures/*.png; do
  [ -e "$png" ] || continue
  found=1
  python3 "$here/png_check.py" nonblank "$png"
done
[ "$found" -eq 1 ] || { echo "no screenshot was written to $out" >&2; exit 1; }
if [ "$expect" != "-" ]; then
  while read -r kind a b rest; do
    [ -n "$kind" ] || continue
    if [ "$kind" = "yaml-only" ]; then
      # shellcheck disable=SC2086  # the key paths are words, split on purpose
      python3 "$here/yaml_check.py" "$out/$a" "$out/$b" $rest
    else
      python3 "$here/png_check.py" "$kind" "$out/$a" "$out/$b"
    fi
  done < "$expect"
fi
