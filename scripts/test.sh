#!/usr/bin/env bash
# The README's test command: installs what Kiln needs, builds (warnings are errors) and runs the
# whole CTest suite, GL tests included (headless: EGL surfaceless, Xvfb for the viewer).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
preset=${KILN_TEST_PRESET:-ci}
jobs=${KILN_JOBS:-$(nproc)}

cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$jobs"
export LP_NUM_THREADS=${LP_NUM_THREADS:-2}
status=0
ctest --preset "$preset" -j "$jobs" --timeout 600 "$@" || status=$?
# Which particle evaluator paths the bit-identity tests compared on this machine.
grep -h -m1 "evaluator path tested:" "build/$preset/Testing/Temporary/LastTest.log" 2>/dev/null || true
exit "$status"
