#!/usr/bin/env python3
"""Keeps the dependency diagram of docs/architecture.md true for the pure engine layers.

Three facts must agree: the arrows of the diagram ("A ← B": B links and includes A), the
`target_link_libraries(kiln_B PUBLIC kiln_A ...)` lines of engine/CMakeLists.txt, and the
includes of each layer's files (a file may include only its own layer and the layers its
library reaches through links). `--self-test` runs the comparison on altered copies and
requires each alteration to be caught, so the check cannot pass by reading nothing.

usage: architecture_check.py ROOT [--self-test]
"""
import os
import re
import sys

LAYERS = {"core": "core", "particles": "particles", "kwp1": "particles/kwp1", "sim": "sim",
          "world": "world", "source": "source"}
# The folder a `#include "..."` names, to the layer it belongs to ("particles/kwp1/x.hpp" is kwp1).
INCLUDE_LAYER = sorted(((d, n) for n, d in LAYERS.items()), key=lambda x: -len(x[0]))


def diagram_edges(markdown):
    """(A, B) for every arrow A ← B between pure layers in the indented diagram lines."""
    edges = set()
    for line in markdown.splitlines():
        if not line.startswith("    ") or "←" not in line:
            continue
        chain = [n.split()[0] if n.split() else "" for n in line.split("←")]
        for a, b in zip(chain, chain[1:]):
            if a in LAYERS and b in LAYERS:
                edges.add((a, b))
    return edges


def cmake_edges(cmake):
    edges = set()
    for m in re.finditer(r"target_link_libraries\(kiln_(\w+) PUBLIC ([^)]*)\)", cmake):
        b = m.group(1)
        if b not in LAYERS:
            continue
        for dep in m.group(2).split():
            a = dep.removeprefix("kiln_")
            if dep.startswith("kiln_") and a in LAYERS:
                edges.add((a, b))
    return edges


def reach(edges, layer):
    seen, todo = set(), [layer]
    while todo:
        x = todo.pop()
        for a, b in edges:
            if b == x and a not in seen:
                seen.add(a)
                todo.append(a)
    return seen


def include_problems(root, edges):
    problems = []
    for layer, folder in LAYERS.items():
        allowed = reach(edges, layer) | {layer}
        path = os.path.join(root, "engine", folder)
        for name in sorted(os.listdir(path)):
            if not name.endswith((".cpp", ".hpp", ".def")):
                continue
            with open(os.path.join(path, name), encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                    if not m:
                        continue
                    target = next((l for d, l in INCLUDE_LAYER if m.group(1).startswith(d + "/")), None)
                    if target is not None and target not in allowed:
                        problems.append(f"engine/{folder}/{name}:{n} includes {m.group(1)} ({target}), "
                                        f"which kiln_{layer} does not link")
    return problems


def compare(markdown, cmake, root):
    d, c = diagram_edges(markdown), cmake_edges(cmake)
    problems = [f"docs/architecture.md draws {a} ← {b}, engine/CMakeLists.txt has no such link" for a, b in sorted(d - c)]
    problems += [f"engine/CMakeLists.txt links kiln_{b} to kiln_{a}, docs/architecture.md has no arrow {a} ← {b}"
                 for a, b in sorted(c - d)]
    if not c:
        problems.append("no layer links found in engine/CMakeLists.txt")
    return problems + include_problems(root, c)


def main():
    root = sys.argv[1]
    with open(os.path.join(root, "docs", "architecture.md"), encoding="utf-8") as f:
        markdown = f.read()
    with open(os.path.join(root, "engine", "CMakeLists.txt"), encoding="utf-8") as f:
        cmake = f.read()
    if "--self-test" in sys.argv:
        failures = 0
        if compare(markdown, cmake, root):
            print("FAIL: the tree as it is must agree before the altered copies mean anything")
            failures += 1
        altered = {
            "the diagram without world's link to sim": markdown.replace("core ← sim ← world", "core ← sim"),
            "an arrow the build does not have": markdown.replace("core ← sim ← world", "core ← sim ← world ← kwp1"),
        }
        for what, text in altered.items():
            if text == markdown or not compare(text, cmake, root):
                print("FAIL: not caught:", what)
                failures += 1
            else:
                print("ok: caught:", what)
        if not compare(markdown, cmake.replace("PUBLIC kiln_kwp1 kiln_sim", "PUBLIC kiln_kwp1"), root):
            print("FAIL: not caught: a build without world's link to sim")
            failures += 1
        else:
            print("ok: caught: a build without world's link to sim (and world's includes of sim/)")
        sys.exit(1 if failures else 0)
    problems = compare(markdown, cmake, root)
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print(f"ok: {len(cmake_edges(cmake))} layer links, drawn and included as built")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
