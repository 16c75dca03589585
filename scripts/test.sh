#!/usr/bin/env bash
# The README's test command: installs what Kiln needs, builds (warnings are errors) and runs the
# whole CTest suite, GL tests included (headless: EGL surfaceless, Xvfb for the viewer).
#
#   scripts/test.sh              everything (CI runs this)
#   scripts/test.sh --quick      the edit-test loop: engine, CLI and viewer-logic tests without
#                                a GL context or a window (every label but those below)
#   scripts/test.sh -R REGEX     any other ctest arguments are passed on
#
# It builds in the same tree as scripts/run.sh (build/release, one set of flags), so running it
# after run.sh compiles only the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

args=()
for a in "$@"; do
  case "$a" in
    # Labels a test carries when it needs a GL driver, a window or an install (tests/*/tests.cmake).
    --quick) args+=(-LE '^(gl|xvfb|zink|shaders|install|slow)$') ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) args+=("$a") ;;
  esac
done

bash scripts/setup.sh
preset=${KILN_TEST_PRESET:-release}
jobs=${KILN_JOBS:-$(nproc)}
tree=build/$preset
[ "$preset" = ci ] && tree=build/release

cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$jobs"
export LP_NUM_THREADS=${LP_NUM_THREADS:-2}
status=0
# CTest's own timings by test land in Testing/junit.xml (tools/build_times.py reads them).
ctest --preset "$preset" -j "$jobs" --timeout 600 --output-junit "$PWD/$tree/Testing/junit.xml" \
  ${args[@]+"${args[@]}"} || status=$?
# Which particle evaluator paths the bit-identity tests compared on this machine.
grep -h -m1 "evaluator path tested:" "$tree/Testing/Temporary/LastTest.log" 2>/dev/null || true
exit "$status"
