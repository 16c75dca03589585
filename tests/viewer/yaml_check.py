#!/usr/bin/env python3
"""Checks that a YAML file saved by the viewer changed only where it should.

usage: yaml_check.py ORIGINAL EDITED PREFIX [PREFIX ...]
Every line added, removed or rewritten (difflib, line by line) must lie under one of the dotted
key paths given (e.g. events.recipes.pickup), judged by the map keys of the lines that enclose
it by indentation; and the files must differ. Exit 0 when that holds, 1 when not, 2 on bad input.
"""
import difflib
import re
import sys

KEY = re.compile(r"^(\s*)(?:- )?([A-Za-z_][A-Za-z0-9_]*)\s*:")


def key_path(lines, i):
    """The dotted map-key path of line i: its own key after those of the lines enclosing it."""
    line = lines[i]
    indent = len(line) - len(line.lstrip(" "))
    path = []
    m = KEY.match(line)
    if m:
        path.append(m.group(2))
    for j in range(i - 1, -1, -1):
        text = lines[j]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        own = len(text) - len(text.lstrip(" "))
        if own < indent:
            m = KEY.match(text)
            if m:
                path.insert(0, m.group(2))
            indent = own
            if own == 0:
                break
    return ".".join(path)


def main(argv):
    if len(argv) < 4:
        print(__doc__)
        return 2
    try:
        a = open(argv[1], encoding="utf-8").read().splitlines()
        b = open(argv[2], encoding="utf-8").read().splitlines()
    except OSError as e:
        print(e)
        return 2
    prefixes = argv[3:]
    changed = 0
    bad = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        for lines, lo, hi, side in ((a, i1, i2, "-"), (b, j1, j2, "+")):
            for k in range(lo, hi):
                changed += 1
                where = key_path(lines, k)
                if not any(where == p or where.startswith(p + ".") for p in prefixes):
                    bad.append(f"{side} line {k + 1} ({where or 'top level'}): {lines[k].strip()}")
    if changed == 0:
        print(f"{argv[2]} is the same as {argv[1]}")
        return 1
    if bad:
        print(f"{argv[2]} changed outside {', '.join(prefixes)}:")
        print("\n".join(bad))
        return 1
    print(f"{changed} changed line(s), all under {', '.join(prefixes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
