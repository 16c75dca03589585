#!/usr/bin/env python3
"""Kiln installs and runs from anywhere. Runs the README's "Install" commands (its build folder
and prefix swapped for the test's own) and checks what they make:

  moved: `cmake --install` into SCRATCH/a, the prefix moved whole to SCRATCH/b (a path baked in
         at build or install time would now point nowhere), the layout checked against the
         source tree, then the moved `kiln capture` and `kiln-view` (Xvfb) run: the viewer finds
         its workspace layouts, and with KILN_DATA_DIR pointing nowhere it still runs, says where
         it looked, and draws a different window (no layout, no panels).
  deb:   `cpack -G DEB`: Depends names the package of every library the programs link (found
         independently with readelf, ldd and dpkg -S), the contents hold the programs and the
         layouts, and the shipped programs carry no path of the source or build tree.

usage: install_test.py moved|deb BUILD_DIR SOURCE_DIR SCRATCH_DIR CMAKE CPACK
"""
import filecmp
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

MODE = sys.argv[1]
BUILD, ROOT, SCRATCH = (os.path.abspath(a) for a in sys.argv[2:5])
CMAKE, CPACK = sys.argv[5:7]
PNG_CHECK = os.path.join(ROOT, "tests", "viewer", "png_check.py")
failures = 0


def fail(message):
    global failures
    failures += 1
    print("FAIL:", message)


def run(args, timeout=120, **kw):
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout, **kw)
    print(f"exit {p.returncode}: {shlex.join(args)}")
    return p


def readme_commands():
    """The README's install and package command lines, as argument lists."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    if "\n## Install\n" not in readme:
        print("FAIL: README.md has no '## Install' section")
        sys.exit(1)
    section = readme.split("\n## Install\n", 1)[1].split("\n## ", 1)[0]
    lines = [m.group(1) for m in re.finditer(r"^    ((?:cmake|cpack) .*?)(?:\s+#.*)?$", section, re.M)]
    install = [shlex.split(l) for l in lines if l.startswith("cmake --install ")]
    cpack = [shlex.split(l) for l in lines if l.startswith("cpack ")]
    if len(install) != 1 or len(cpack) != 1 or len(lines) != 2:
        print("FAIL: expected one `cmake --install` and one `cpack` line under '## Install', found", lines)
        sys.exit(1)
    return install[0], cpack[0]


def localize(args, prefix=None, packages=None):
    """The README's line for this test: its build folder (build/release) becomes BUILD_DIR, the
    value of --prefix and of -B the test's own folders; nothing else changes."""
    out, i = [], 0
    while i < len(args):
        a = args[i]
        if a in ("--prefix", "-B") and i + 1 < len(args):
            out += [a, prefix if a == "--prefix" else packages]
            i += 2
            continue
        out.append(re.sub(r"^build/[^/]+", BUILD, a) if a.startswith("build/") else a)
        i += 1
    if out[0] == "cmake":
        out[0] = CMAKE
    elif out[0] == "cpack":
        out[0] = CPACK
    return out


def names(pattern):
    return sorted(os.path.basename(p) for p in glob.glob(os.path.join(ROOT, pattern)))


def check_same(installed, source):
    if not os.path.isfile(installed):
        fail(f"not installed: {installed}")
    elif not filecmp.cmp(installed, source, shallow=False):
        fail(f"{installed} differs from {source}")


def check_layout(p):
    """Everything the install promises, named from the source tree (not from the install rules)."""
    for exe in ("kiln", "kiln-view"):
        f = os.path.join(p, "bin", exe)
        if not (os.path.isfile(f) and os.access(f, os.X_OK)):
            fail(f"no executable {f}")
    data = os.path.join(p, "share", "kiln")
    for ini in names("imgui_layout/*.ini"):
        check_same(os.path.join(data, "imgui_layout", ini), os.path.join(ROOT, "imgui_layout", ini))
    if len(names("imgui_layout/*.ini")) < 4:
        fail("expected the four workspace layouts in imgui_layout/")
    for src in names("assets/levels/*.yaml"):
        check_same(os.path.join(data, "levels", src), os.path.join(ROOT, "assets", "levels", src))
        klm = os.path.join(data, "levels", src[:-5] + ".klm")
        if not os.path.isfile(klm) or os.path.getsize(klm) == 0:
            fail(f"the compiled sample {klm} is missing")
    # The sources find their textures at ../textures/, the modules at <klm dir>/textures/.
    for png in names("assets/textures/*.png"):
        for d in ("textures", "levels/textures", "debug/textures"):
            check_same(os.path.join(data, d, png), os.path.join(ROOT, "assets", "textures", png))
    for klm in ("forged_bounds.klm", "outside_sector.klm"):
        if not os.path.isfile(os.path.join(data, "debug", klm)):
            fail(f"the debug set's {klm} is missing")
    for f in ("budgets.json", "cartridge.kcart"):
        check_same(os.path.join(data, f), os.path.join(ROOT, "assets", f))
    for s in names("assets/schema/*.json"):
        check_same(os.path.join(data, "schema", s), os.path.join(ROOT, "assets", "schema", s))
    doc = os.path.join(p, "share", "doc", "kiln")
    check_same(os.path.join(doc, "README.md"), os.path.join(ROOT, "README.md"))
    for pattern in ("docs/*.md", "docs/formats/*", "docs/images/*"):
        for f in glob.glob(os.path.join(ROOT, pattern)):
            check_same(os.path.join(doc, os.path.relpath(f, ROOT)), f)


def files_under(top):
    for d, _, fs in os.walk(top):
        for f in fs:
            yield os.path.join(d, f)


def holding(top, needle):
    """The files under `top` whose bytes contain `needle`."""
    found = []
    for f in files_under(top):
        with open(f, "rb") as fh:
            if needle in fh.read():
                found.append(os.path.relpath(f, top))
    return found


def png_check(*args):
    p = run([sys.executable, PNG_CHECK, *args])
    if p.returncode != 0:
        fail(f"png_check {' '.join(args)}: {p.stdout}{p.stderr}")


def moved():
    install, _ = readme_commands()
    a, b = os.path.join(SCRATCH, "a"), os.path.join(SCRATCH, "b")
    p = run(localize(install, prefix=a))
    if p.returncode != 0:
        print(p.stdout[-3000:], p.stderr[-3000:])
        fail("cmake --install failed")
        return
    os.rename(a, b)
    check_layout(b)
    # The install prefix is nowhere in what was installed (debug info names the source tree, not
    # the prefix, so the programs are searched too).
    baked = holding(b, a.encode())
    if baked:
        fail(f"files name the install prefix {a}: {baked}")

    work, home = os.path.join(SCRATCH, "run"), os.path.join(SCRATCH, "home")
    os.makedirs(work)
    os.makedirs(home)
    env = dict(os.environ, MESA_GL_VERSION_OVERRIDE="4.6", MESA_GLSL_VERSION_OVERRIDE="460",
               LP_NUM_THREADS=os.environ.get("LP_NUM_THREADS", "2"), HOME=home,
               XDG_CONFIG_HOME=os.path.join(home, ".config"))
    env.pop("KILN_DATA_DIR", None)
    data = os.path.join(b, "share", "kiln")
    kiln, view = os.path.join(b, "bin", "kiln"), os.path.join(b, "bin", "kiln-view")

    # The moved CLI renders the moved sample, and the installed source finds ../textures/.
    shot = os.path.join(work, "capture.png")
    p = run([kiln, "capture", os.path.join(data, "levels", "braziers.klm"), "--time", "2", "--size", "320x180",
             "--out", shot], cwd=work, env=env)
    if p.returncode != 0 or not os.path.isfile(shot):
        fail(f"installed kiln capture: {p.stdout[-2000:]}{p.stderr[-2000:]}")
    else:
        png_check("nonblank", shot)
    p = run([kiln, "validate", os.path.join(data, "levels", "braziers.yaml")], cwd=work, env=env)
    if p.returncode != 0:
        fail(f"installed kiln validate of the installed source: {p.stdout[-2000:]}{p.stderr[-2000:]}")

    def viewer(out, extra_env):
        args = ["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", view, os.path.join(data, "levels", "braziers.klm"),
                "--frames", "3", "--screenshot", out, "--workspace", "bounds"]
        p = run(args, timeout=180, cwd=work, env=dict(env, **extra_env))
        # xvfb-run's own exit status when it cannot clean up after the server (a race with the
        # exiting Xvfb) says nothing about kiln-view: once, run it again.
        if "xvfb-run: error: problem while cleaning up" in p.stderr:
            if os.path.exists(out):
                os.remove(out)
            p = run(args, timeout=180, cwd=work, env=dict(env, **extra_env))
        if p.returncode != 0 or not os.path.isfile(out):
            fail(f"installed kiln-view ({extra_env or 'its own data'}): exit {p.returncode}\n{p.stderr[-3000:]}")
            return None
        png_check("nonblank", out)
        return p.stderr

    found = viewer(os.path.join(work, "view.png"), {})
    if found is not None and "no data folder" in found:
        fail(f"the moved kiln-view did not find {data}:\n{found}")
    # The other side: with no data folder the viewer still runs, says where it looked, and its
    # bounds workspace has no layout to open panels with, so the window differs.
    nowhere = os.path.join(SCRATCH, "nowhere")
    missing = viewer(os.path.join(work, "no-data.png"), {"KILN_DATA_DIR": nowhere})
    if missing is not None and f"no data folder found (looked in {nowhere})" not in missing:
        fail(f"kiln-view without data did not name where it looked:\n{missing}")
    if found is not None and missing is not None:
        png_check("differ", os.path.join(work, "view.png"), os.path.join(work, "no-data.png"), "--min-fraction", "0.1")


def package_of(path):
    """The installed Debian package holding `path` (tried as given, resolved, and with /usr
    added or removed: Debian 12 ships libraries under /lib but they are reached as /usr/lib)."""
    tries = [path, os.path.realpath(path)]
    for t in list(tries):
        tries.append(t[4:] if t.startswith("/usr/") else "/usr" + t)
    for t in tries:
        p = subprocess.run(["dpkg", "-S", t], capture_output=True, text=True)
        if p.returncode == 0:
            return p.stdout.split(":", 1)[0].strip()
    return None


def runtime_packages(exe):
    """The packages of the libraries `exe` links directly (its DT_NEEDED entries)."""
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", run(["readelf", "-d", exe]).stdout)
    where = dict(re.findall(r"^\s*(\S+) => (/\S+)", run(["ldd", exe]).stdout, re.M))
    out = {}
    for lib in needed:
        if lib not in where:
            fail(f"ldd does not resolve {lib} for {exe}")
            continue
        pkg = package_of(where[lib])
        if pkg is None:
            fail(f"no installed package holds {where[lib]} ({lib})")
        else:
            out[lib] = pkg
    return out


def deb():
    _, cpack = readme_commands()
    packages = os.path.join(SCRATCH, "packages")
    p = run(localize(cpack, packages=packages), timeout=300)
    if p.returncode != 0:
        print(p.stdout[-3000:], p.stderr[-3000:])
        fail("cpack failed")
        return
    debs = glob.glob(os.path.join(packages, "*.deb"))
    if len(debs) != 1:
        fail(f"expected one .deb in {packages}, found {debs}")
        return
    pkg = debs[0]
    print(run(["dpkg-deb", "-I", pkg]).stdout)
    fields = run(["dpkg-deb", "-f", pkg, "Package", "Version", "Depends", "Section", "Maintainer"]).stdout
    field = dict(re.findall(r"^(\S+): (.*)$", fields, re.M))
    depends = {d.split("(")[0].strip() for alt in field.get("Depends", "").split(",") for d in alt.split("|")}
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        version = re.search(r"project\(kiln VERSION (\S+)", f.read()).group(1)
    if field.get("Package") != "kiln" or field.get("Version") != version:
        fail(f"package {field.get('Package')} {field.get('Version')}, expected kiln {version}")
    for f in ("Section", "Maintainer"):
        if not field.get(f):
            fail(f"the package has no {f}")
    for exe in ("kiln", "kiln-view"):
        for lib, name in runtime_packages(os.path.join(BUILD, "app", exe)).items():
            if name not in depends:
                fail(f"{exe} links {lib} from {name}, which Depends ({field.get('Depends')}) does not list")
    # The GL libraries the programs open at run time (no link names them): their packages too.
    cache = run(["ldconfig", "-p"]).stdout
    for lib in ("libEGL.so.1", "libGL.so.1"):
        m = re.search(r"^\s*" + re.escape(lib) + r" \([^)]*\) => (\S+)$", cache, re.M)
        name = package_of(m.group(1)) if m else None
        if name is None:
            fail(f"ldconfig -p finds no installed package's {lib}")
        elif name not in depends:
            fail(f"the programs open {lib} from {name}, which Depends ({field.get('Depends')}) does not list")
    dev = sorted(d for d in depends if d.endswith("-dev"))
    if dev:
        fail(f"Depends lists build-only packages: {dev}")

    contents = set(re.findall(r" \./(\S+)$", run(["dpkg-deb", "-c", pkg]).stdout, re.M))
    wanted = ["usr/bin/kiln", "usr/bin/kiln-view", "usr/share/kiln/levels/braziers.klm", "usr/share/doc/kiln/README.md"]
    wanted += [f"usr/share/kiln/imgui_layout/{ini}" for ini in names("imgui_layout/*.ini")]
    for w in wanted:
        if w not in contents:
            fail(f"the package does not hold {w}")

    # The shipped programs name neither the source nor the build tree (no debug info, relative
    # __FILE__ in assertion messages, the data found relative to the program).
    x = os.path.join(SCRATCH, "contents")
    run(["dpkg-deb", "-x", pkg, x])
    for tree in (ROOT, BUILD):
        baked = holding(os.path.join(x, "usr", "bin"), tree.encode())
        if baked:
            fail(f"shipped programs name {tree}: {baked}")


shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
{"moved": moved, "deb": deb}[MODE]()
print("ok" if failures == 0 else f"{failures} failure(s)")
sys.exit(1 if failures else 0)
