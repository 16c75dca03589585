#!/usr/bin/env python3
"""Where a build tree's time went: the slowest compile steps and targets (from ninja's log) and
the slowest tests and labels (from CTest's last run), for docs/benchmarks.md, "Build and test
time".

    tools/build_times.py build/release            # both tables, top 25 of each
    tools/build_times.py build/release --top 40 --tests-only

Ninja's log (.ninja_log) keeps the last run of every step with its start and end in ms; a step
that ccache answered shows as a short one. CTest's timings come from the JUnit file the test
command writes (scripts/test.sh passes --output-junit) or, without it, from LastTest.log.
"""
import argparse
import collections
import json
import pathlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET


def ninja_steps(tree):
    log = tree / ".ninja_log"
    if not log.exists():
        return []
    steps = {}
    for line in log.read_text().splitlines():
        if line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) < 4:
            continue
        start, end, _, out = int(parts[0]), int(parts[1]), parts[2], parts[3]
        steps[out] = (start, end)  # the last run of each output wins
    return [(out, (e - s) / 1000.0, s, e) for out, (s, e) in steps.items()]


def target_of(out):
    m = re.search(r"CMakeFiles/([^/]+)\.dir/", out)
    if m:
        return m.group(1)
    return pathlib.Path(out).name


def ctest_times(tree):
    """(name, seconds, labels) of each test in the last run."""
    junit = tree / "Testing" / "junit.xml"
    times = {}
    if junit.exists():
        for case in ET.parse(junit).getroot().iter("testcase"):
            times[case.get("name")] = float(case.get("time") or 0)
    else:
        last = tree / "Testing" / "Temporary" / "LastTest.log"
        if not last.exists():
            return []
        name = None
        for line in last.read_text(errors="replace").splitlines():
            m = re.match(r"\d+/\d+ Test: (.*)$", line)
            if m:
                name = m.group(1)
            m3 = re.match(r"Test time =\s+([\d.]+) sec", line)
            if m3 and name:
                times[name] = float(m3.group(1))
    labels = {}
    try:
        shown = subprocess.run(["ctest", "--test-dir", str(tree), "--show-only=json-v1"],
                               capture_output=True, text=True, check=True).stdout
        for test in json.loads(shown).get("tests", []):
            for prop in test.get("properties", []):
                if prop.get("name") == "LABELS":
                    labels[test["name"]] = prop.get("value", [])
    except (OSError, subprocess.CalledProcessError, json.JSONDecodeError):
        pass
    return [(n, t, labels.get(n, [])) for n, t in times.items()]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tree", type=pathlib.Path, help="a build tree, e.g. build/release")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--tests-only", action="store_true")
    ap.add_argument("--build-only", action="store_true")
    args = ap.parse_args()

    if not args.tests_only:
        steps = ninja_steps(args.tree)
        if not steps:
            print(f"{args.tree}: no .ninja_log", file=sys.stderr)
        else:
            total = sum(d for _, d, _, _ in steps)
            wall = (max(e for *_, e in steps) - min(s for _, _, s, _ in steps)) / 1000.0
            print(f"## Build: {len(steps)} steps, {total:.0f} s summed, {wall:.0f} s from first start to last end\n")
            print("| step | s |\n|---|---|")
            for out, d, _, _ in sorted(steps, key=lambda x: -x[1])[: args.top]:
                print(f"| `{out}` | {d:.1f} |")
            by_target = collections.Counter()
            for out, d, _, _ in steps:
                by_target[target_of(out)] += d
            print("\n| target | s summed | share |\n|---|---|---|")
            for t, d in by_target.most_common(args.top):
                print(f"| `{t}` | {d:.0f} | {100 * d / total:.0f} % |")
            print()

    if not args.build_only:
        tests = ctest_times(args.tree)
        if not tests:
            print(f"{args.tree}: no CTest timings", file=sys.stderr)
            return 0
        total = sum(t for _, t, _ in tests)
        print(f"## Tests: {len(tests)} tests, {total:.0f} test-seconds\n")
        print("| test | s | labels |\n|---|---|---|")
        for n, t, l in sorted(tests, key=lambda x: -x[1])[: args.top]:
            print(f"| {n} | {t:.1f} | {','.join(l)} |")
        by_label = collections.Counter()
        for _, t, l in tests:
            for lab in l or ["(none)"]:
                by_label[lab] += t
        print("\n| label | test-seconds |\n|---|---|")
        for lab, t in by_label.most_common():
            print(f"| {lab} | {t:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
