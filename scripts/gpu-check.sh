#!/usr/bin/env bash
# Kiln on a real GPU, prepared here and run there in one command (docs/rendering.md, "Checking a
# GPU"). Two halves:
#
#   scripts/gpu-check.sh pack [BUILD_DIR] [BUNDLE_DIR]
#       On the development machine (Debian 12, Mesa): from a Release build (default build/release:
#       cmake --preset release && cmake --build --preset release) copy kiln, the GL test binary
#       test_gl, the data folder (sample levels, textures, budgets), the shaders test_gl reads,
#       the reference shot list and every shared library they load except the GL/EGL driver and
#       glibc's own (kept apart, for an older distro) into BUNDLE_DIR (default BUILD_DIR/gpu-check),
#       then render the reference shots on llvmpipe with that kiln into BUNDLE_DIR/ref.
#
#   BUNDLE_DIR/gpu-check.sh run [OUT_DIR]          (the bundle carries this script)
#       On the machine with the GPU, its driver and no network: prints the GL vendor, renderer,
#       the EGL route and the limits Kiln relies on; runs the GL tests; renders the reference
#       shots and compares each with its llvmpipe reference (pixels and FLIP, the tolerance in
#       reference_shots.txt); times the passes with GL timer queries (braziers and stress, LDR
#       and HDR, 1280x720 and 1920x1080). Everything lands in OUT_DIR (default ./gpu-check-out),
#       the summary in OUT_DIR/summary.txt. Exit 0 when every step passed, 1 otherwise.
#
#   scripts/gpu-check.sh selftest [BUILD_DIR] [WORK_DIR]
#       Both halves on this machine (llvmpipe): how the check is itself tested (tests/gl/tests.cmake).
#
# The run takes at most GPU_CHECK_BUDGET seconds (default 570, under ten minutes); every step has
# its own timeout and none outlives the budget. GPU_CHECK_STEPS picks steps (default "context
# tests shots timings"); GPU_CHECK_TIMING_FRAMES frames per timing (default 30).
set -uo pipefail

die() { echo "gpu-check: $*" >&2; exit 2; }

SCRIPT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")

# ------------------------------------------------------------------------------------------- pack
pack() {
  local build=${1:-build/release} bundle=${2:-}
  [[ -x "$build/app/kiln" && -x "$build/tests/test_gl" && -d "$build/share/kiln/levels" ]] ||
    die "pack needs a build with app/kiln, tests/test_gl and share/kiln (got '$build')"
  build=$(cd "$build" && pwd)
  bundle=${bundle:-$build/gpu-check}
  local source; source=$(sed -n 's/^kiln_SOURCE_DIR:STATIC=//p' "$build/CMakeCache.txt")
  [[ -f "$source/tests/gl/reference_shots.txt" ]] || die "no source tree at '$source' (from $build/CMakeCache.txt)"
  rm -rf "$bundle"
  mkdir -p "$bundle"/{bin,lib,glibc,ref,source}
  cp "$build/app/kiln" "$build/tests/test_gl" "$bundle/bin/"
  # A build with debug information (ci's RelWithDebInfo) is ten times the size without it.
  command -v strip > /dev/null && strip --strip-debug "$bundle"/bin/*
  cp -r "$build/share/kiln" "$bundle/data"
  cp -r "$source/shaders" "$bundle/source/shaders"  # test_gl's shader-reload test copies them
  cp "$source/tests/gl/reference_shots.txt" "$bundle/"
  cp "$SCRIPT" "$bundle/gpu-check.sh"
  local lib name
  for lib in $(ldd "$bundle"/bin/* | awk '/=> \//{print $3}' | sort -u); do
    name=$(basename "$lib")
    case "$name" in
      libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*) cp -L "$lib" "$bundle/glibc/" ;;
      libEGL*|libGL*|libOpenGL*|libnvidia*|libglapi*|libgbm*|libdrm*) ;;  # the driver's
      *) cp -L "$lib" "$bundle/lib/" ;;
    esac
  done
  cp -L /lib64/ld-linux-x86-64.so.2 "$bundle/glibc/" 2>/dev/null || true
  {
    echo "kiln $(git -C "$source" rev-parse --short HEAD 2>/dev/null || echo unknown), packed $(date -u +%FT%TZ)"
    echo "build $(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build/CMakeCache.txt") from $source"
  } > "$bundle/MANIFEST"
  # The references, by this very kiln on Mesa's software rasterizer.
  local n=0 fail=0 line shot level options
  # shellcheck disable=SC2086  # $options is the shot's list of capture options, split on purpose
  while IFS= read -r line; do
    shot_fields "$line" || continue
    if env LIBGL_ALWAYS_SOFTWARE=1 LP_NUM_THREADS="${LP_NUM_THREADS:-2}" \
        timeout 120 "$bundle/bin/kiln" capture "$bundle/data/$level" $options --force --out "$bundle/ref/$shot.png" \
        > /dev/null 2> "$bundle/ref/$shot.err"; then
      n=$((n + 1)); rm -f "$bundle/ref/$shot.err"
    else
      fail=$((fail + 1)); echo "gpu-check pack: reference $shot failed: $(head -c 300 "$bundle/ref/$shot.err")" >&2
    fi
  done < "$bundle/reference_shots.txt"
  sed -n 's/.*"gl_renderer": "\(.*\)".*/references rendered on \1/p' "$(find "$bundle/ref" -name '*.json' | sort | head -1)" >> "$bundle/MANIFEST"
  echo "gpu-check pack: $n references ($fail failed), bundle $(du -sh "$bundle" | cut -f1) at $bundle"
  echo "gpu-check pack: on the GPU machine run: $bundle/gpu-check.sh run"
  [[ $fail -eq 0 ]]
}

# Splits a reference_shots.txt line into $shot $level $options; false for comments, blanks and
# the tolerance line.
shot_fields() {
  local line=$1
  [[ -z "${line// /}" || "$line" == \#* ]] && return 1
  shot=$(echo "$line" | cut -d'|' -f1 | xargs)
  level=$(echo "$line" | cut -d'|' -f2 | xargs)
  options=$(echo "$line" | cut -d'|' -f3-)
  [[ "$shot" != tolerance ]]
}

# -------------------------------------------------------------------------------------------- run
# Seconds left of the budget, and a step's timeout: its own limit or what is left, if less.
left() { echo $((DEADLINE - SECONDS)); }
limit() { local l; l=$(left); (( l < $1 )) && echo $((l > 1 ? l : 1)) || echo "$1"; }

# Runs a bundled program with the system's loader, or with the bundled glibc where the system's
# is older than the one Kiln was built against.
launch() { "${LAUNCH[@]}" "$@"; }

choose_launch() {
  LAUNCH=(env "LD_LIBRARY_PATH=$BUNDLE/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
  if ! launch "$BUNDLE/bin/kiln" --version > /dev/null 2> "$OUT/logs/launch.err"; then
    local ld=$BUNDLE/glibc/ld-linux-x86-64.so.2
    [[ -x "$ld" ]] || die "kiln does not start: $(head -c 300 "$OUT/logs/launch.err")"
    LAUNCH=("$ld" --library-path "$BUNDLE/lib:$BUNDLE/glibc:${LD_LIBRARY_PATH:-}")
    launch "$BUNDLE/bin/kiln" --version > /dev/null ||
      die "kiln does not start, with the system's glibc or the bundled one: $(head -c 300 "$OUT/logs/launch.err")"
    echo "(the system's glibc is too old for this build: the bundled one is used)"
  fi
}

RESULTS=()
result() { RESULTS+=("$(printf '%-8s %-5s %s' "$1" "$2" "$3")"); }

step_context() {
  echo; echo "== context   [$SECONDS s]"
  local t; t=$(limit 60)
  if timeout "$t" "${LAUNCH[@]}" "$BUNDLE/bin/kiln" capture "$BUNDLE/data/levels/braziers.yaml" --time 1 --size 64x64 \
      --verbose --force --out "$OUT/logs/context.png" > /dev/null 2> "$OUT/logs/context.txt"; then
    sed 's/^kiln capture: //' "$OUT/logs/context.txt"
    result context pass "$(sed -n 's/.*"gl_renderer": "\(.*\)".*/\1/p' "$OUT/logs/context.json")"
  else
    cat "$OUT/logs/context.txt"
    result context FAIL "kiln capture could not make a context (see above)"
  fi
}

step_tests() {
  echo; echo "== GL tests   [$SECONDS s]"
  local t; t=$(limit 300)
  mkdir -p "$OUT/scratch"
  local filter=()
  [[ -n "${GPU_CHECK_TEST_FILTER:-}" ]] && filter=("$GPU_CHECK_TEST_FILTER")
  ( cd "$OUT/scratch" && KILN_TEST_SOURCE_DIR="$BUNDLE/source" KILN_TEST_SCRATCH_DIR="$OUT/scratch" \
      timeout "$t" "${LAUNCH[@]}" "$BUNDLE/bin/test_gl" "${filter[@]}" -r compact ) \
      > "$OUT/logs/test_gl.txt" 2>&1
  local rc=$?
  grep -E 'failed|FAILED' "$OUT/logs/test_gl.txt" | grep -v ' passed:' | head -40
  local last; last=$(grep -v '^[[:space:]]*$' "$OUT/logs/test_gl.txt" | tail -1)
  echo "$last"
  if [[ $rc -eq 0 ]]; then result tests pass "$last"
  elif [[ $rc -eq 124 ]]; then result tests FAIL "timed out after $t s"
  else result tests FAIL "$last"; fi
}

step_shots() {
  echo; echo "== reference shots against llvmpipe   [$SECONDS s]"
  local tolerance; tolerance=$(sed -n 's/^tolerance *| *//p' "$BUNDLE/reference_shots.txt")
  echo "tolerance: $tolerance"
  printf '%-34s %-6s %5s %9s %9s %9s\n' shot verdict max mean changed% flip-mean
  local line shot level options pass=0 fail=0 rc j t
  mkdir -p "$OUT/shots"
  # shellcheck disable=SC2086  # $options is the shot's list of capture options, split on purpose
  while IFS= read -r line; do
    shot_fields "$line" || continue
    t=$(limit 60)
    timeout "$t" "${LAUNCH[@]}" "$BUNDLE/bin/kiln" capture "$BUNDLE/data/$level" $options --force \
      --out "$OUT/shots/$shot.png" > /dev/null 2> "$OUT/shots/$shot.err"; rc=$?
    if [[ $rc -ne 0 || ! -f "$BUNDLE/ref/$shot.png" ]]; then
      printf '%-34s %-6s %s\n' "$shot" FAIL "capture exit $rc: $(head -c 200 "$OUT/shots/$shot.err" | tr '\n' ' ')"
      fail=$((fail + 1)); continue
    fi
    t=$(limit 60)
    # shellcheck disable=SC2086  # the tolerance is a list of options
    j=$(timeout "$t" "${LAUNCH[@]}" "$BUNDLE/bin/kiln" compare "$BUNDLE/ref/$shot.png" "$OUT/shots/$shot.png" \
          $tolerance --json --force --out "$OUT/shots/$shot.diff.png" 2> "$OUT/shots/$shot.compare.err"); rc=$?
    echo "$j" > "$OUT/shots/$shot.compare.json"
    local verdict=pass; [[ $rc -eq 0 ]] || verdict=FAIL
    [[ $verdict == pass ]] && pass=$((pass + 1)) || fail=$((fail + 1))
    printf '%-34s %-6s %5s %9s %9s %9s\n' "$shot" "$verdict" "$(json_number "$j" max_abs_diff)" \
      "$(json_number "$j" mean_abs_diff)" "$(json_number "$j" changed_percent)" "$(json_number "$j" mean flip)"
  done < "$BUNDLE/reference_shots.txt"
  if [[ $fail -eq 0 ]]; then result shots pass "$pass shots within the tolerance"
  else result shots FAIL "$fail of $((pass + fail)) shots beyond the tolerance or not rendered"; fi
}

# The first number after "KEY": in a kiln compare --json report (after the "SECTION" key, if given).
json_number() {
  local text=$1 key=$2 section=${3:-}
  [[ -n "$section" ]] && text=$(sed -n "/\"$section\"/,\$p" <<< "$text")
  grep -oE "\"$key\": *[-0-9.eE+]+" <<< "$text" | head -1 | sed 's/.*: *//'
}

# Median per pass of a timing run's sidecars (kiln capture --times ... --stats).
medians() {
  awk '
    /"compute_ms":/ { match($0, /"compute_ms": *[-0-9.eE+]+/); v = substr($0, RSTART, RLENGTH); sub(/.*: */, "", v); a["compute"] = a["compute"] " " v }
    /"output_ms":/ { match($0, /"output_ms": *[-0-9.eE+]+/); v = substr($0, RSTART, RLENGTH); sub(/.*: */, "", v); a["output"] = a["output"] " " v }
    /"name": "[a-z-]+", "gpu_ms":/ { match($0, /"name": "[a-z-]+"/); n = substr($0, RSTART + 9, RLENGTH - 10)
      match($0, /"gpu_ms": *[-0-9.eE+]+/); v = substr($0, RSTART, RLENGTH); sub(/.*: */, "", v); a[n] = a[n] " " v }
    END { for (k in a) { c = split(a[k], x, " "); for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
                         printf "%s=%.4g ", k, x[int((c + 1) / 2)] } }' "$@"
}

step_timings() {
  echo; echo "== pass timings (GL timer queries, median of each frame's own results, ms)   [$SECONDS s]"
  local frames=${GPU_CHECK_TIMING_FRAMES:-30} level out size t dir ok=0 bad=0
  local step; step=$(awk -v n="$frames" 'BEGIN { printf "%.6f", 1 / 30 }')
  local end; end=$(awk -v n="$frames" 'BEGIN { printf "%.6f", 4 + (n - 1) / 30 }')
  for level in braziers stress; do
    for out in ldr hdr; do
      for size in 1280x720 1920x1080; do
        dir=$OUT/timings/$level-$out-$size; mkdir -p "$dir"
        t=$(limit 120)
        if timeout "$t" "${LAUNCH[@]}" "$BUNDLE/bin/kiln" capture "$BUNDLE/data/levels/$level.yaml" --times "4:$end:$step" \
            --size "$size" --output "$out" --stats --force --out "$dir/f.png" > /dev/null 2> "$dir/err.txt"; then
          printf '%-9s %s %-9s %s\n' "$level" "$out" "$size" "$(medians "$dir"/f_*.json)"
          ok=$((ok + 1))
        else
          printf '%-9s %s %-9s FAIL: %s\n' "$level" "$out" "$size" "$(head -c 200 "$dir/err.txt" | tr '\n' ' ')"
          bad=$((bad + 1))
        fi
        rm -f "$dir"/f_*.png  # the pictures are not the point here; the sidecars stay
      done
    done
  done
  grep -ho '"timers": "[^"]*"' "$OUT"/timings/*/f_0000.json 2>/dev/null | sort | uniq -c
  if [[ $bad -eq 0 ]]; then result timings pass "$ok configurations timed"
  else result timings FAIL "$bad configurations failed"; fi
}

run() {
  BUNDLE=$(cd "$(dirname "$SCRIPT")" && pwd)
  [[ -x "$BUNDLE/bin/kiln" && -f "$BUNDLE/reference_shots.txt" ]] ||
    die "no bundle beside this script: run 'scripts/gpu-check.sh pack' and run the copy it writes"
  OUT=$(mkdir -p "${1:-gpu-check-out}" && cd "${1:-gpu-check-out}" && pwd)
  mkdir -p "$OUT/logs"
  DEADLINE=$((SECONDS + ${GPU_CHECK_BUDGET:-570}))
  exec > >(tee "$OUT/summary.txt") 2>&1
  echo "== gpu-check run $(date -u +%FT%TZ) on $(hostname)"
  cat "$BUNDLE/MANIFEST"
  uname -srm
  grep -h PRETTY_NAME /etc/os-release 2>/dev/null
  command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  export KILN_DATA_DIR=$BUNDLE/data LP_NUM_THREADS=${LP_NUM_THREADS:-2}
  choose_launch
  local steps=${GPU_CHECK_STEPS:-context tests shots timings} s
  for s in $steps; do
    if (( $(left) <= 1 )); then result "$s" FAIL "not run: the ${GPU_CHECK_BUDGET:-570} s budget is spent"; continue; fi
    "step_$s"
  done
  echo; echo "== summary   [$SECONDS s]"
  printf '%s\n' "${RESULTS[@]}"
  printf '%s\n' "${RESULTS[@]}" | grep -q ' FAIL ' && return 1
  return 0
}

# ------------------------------------------------------------------------------------------ main
case "${1:-}" in
  pack) shift; pack "$@" ;;
  run) shift; run "$@" ;;
  selftest)
    shift
    work=${2:-$(mktemp -d)}
    pack "${1:-build/release}" "$work/bundle" || exit 1
    "$work/bundle/gpu-check.sh" run "$work/out" ;;
  *) die "usage: gpu-check.sh pack [BUILD_DIR] [BUNDLE_DIR] | run [OUT_DIR] | selftest [BUILD_DIR] [WORK_DIR]" ;;
esac
