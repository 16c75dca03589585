#!/bin/sh
# Each expect-* action that does not hold fails a session with exit 1 (and one that holds does
# not): runs kiln-view under a virtual X server on one-line scripts with no level mounted.
# usage: expect_fails.sh KILN_VIEW OUT_DIR
set -u
if [ "${1:-}" != "--inner" ]; then
  # One virtual X server for every run: starting one per run races on the display number.
  exec xvfb-run -a -s "-screen 0 1600x1000x24" sh "$0" --inner "$@"
fi
view=$2; out=$3
rm -rf "$out"; mkdir -p "$out"; cd "$out" || exit 2
status=0
run() {  # run WANT_EXIT SCRIPT_TEXT
  printf '%s\n' "$2" > script.txt
  "$view" --script script.txt --size 640x480 >/dev/null 2>&1
  got=$?
  if [ "$got" -ne "$1" ]; then echo "'$2': exit $got, expected $1" >&2; status=1; fi
}
run 0 "expect-errors 0"
run 1 "expect-errors 1"
run 0 "expect-errors 0+"
run 1 "expect-errors 1+"
run 0 "expect-time 0"
run 1 "expect-time 0.001"
run 0 "expect-time 0.001 0.001"
run 1 "expect-level braziers.yaml"
run 1 "key f2"
# A failed action (not an expect-*) stops the session: the line after it never runs.
run 1 "panel tunning
write-file after-failure.txt x"
if [ -e after-failure.txt ]; then echo "the session went on after a failed action" >&2; status=1; fi
run 0 "panel tuning
write-file after-success.txt x"
[ -e after-success.txt ] || { echo "a session without failures stopped early" >&2; status=1; }
# An expect-problem that holds for no mounted emitter fails.
run 1 "expect-problem west_flame forged bounds"
# A level that does not open: exit 1 and no screenshot of an empty grid.
"$view" missing.klm --frames 2 --screenshot missing.png --size 640x480 >/dev/null 2>&1
got=$?
if [ "$got" -ne 1 ] || [ -e missing.png ]; then echo "missing.klm --screenshot: exit $got, png written: $([ -e missing.png ] && echo yes || echo no)" >&2; status=1; fi
exit $status
