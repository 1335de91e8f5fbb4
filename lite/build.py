"""Build the JupyterLite site into lite/_output (`make lite`): the lessons in a browser alone.

Every file comes from a package registry by a pinned version, nothing from anywhere else:

- JupyterLab in the browser: the ``jupyterlite-core`` and ``jupyterlite-pyodide-kernel`` pins
  of requirements.txt (installed in .venv);
- the Python interpreter: the ``pyodide`` core package from npm (lite/package-lock.json), which
  holds the interpreter and the standard library but no package wheels;
- the kernel's Python packages (IPython, jedi, micropip and what they need): pure-Python wheels
  at the versions Pyodide's own ``pyodide-lock.json`` names;
- boardlib as a wheel built from this checkout, and its dependencies as pure-Python wheels at
  the requirements.txt pins (networkx, ipywidgets, anywidget ...); the anywidget and ipywidgets
  front-end extensions come from those same wheels, so their versions match.

The build writes its own ``pyodide-lock.json`` listing exactly the wheels it ships, so that
``import boardlib`` in a cell loads them from the site. Packages a page names with
``online=`` in lite/pages.txt (none now) keep Pyodide's lock entry and its
sha256, pointed at Pyodide's published distribution: they load only when the visitor is online.

    python lite/build.py            # what `make lite` runs
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
from packaging.markers import default_environment
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
PAGES = LITE / "pages.txt"
OUTPUT = LITE / "_output"
STAGE = LITE / "_build"  # the lite dir handed to `jupyter lite build`
CACHE = LITE / "_cache"  # downloaded wheels, kept between builds
NPM_PYODIDE = LITE / "node_modules" / "pyodide"

# What the Pyodide kernel itself installs when it starts (jupyterlite-pyodide-kernel's worker:
# micropip, piplite, then ipykernel, comm, pyodide-kernel, jedi and ipython). piplite,
# pyodide-kernel and ipykernel (a stand-in) are wheels inside the kernel extension's wheel.
KERNEL_PACKAGES = ["micropip", "comm", "jedi", "ipython"]
KERNEL_EXTENSION_WHEELS = ["piplite", "pyodide-kernel", "ipykernel"]
# Wheels the kernel extension brings, or needed only by the front end (the lab extension
# of jupyterlab-widgets; the kernel has its own widgetsnbextension stand-in).
NOT_IN_BROWSER = {"widgetsnbextension", "jupyterlab-widgets", *KERNEL_EXTENSION_WHEELS}
# Wheels whose lab extensions the site needs: anywidget's, ipywidgets' and the kernel's.
EXTENSION_WHEELS = ["anywidget", "jupyterlab-widgets", "jupyterlite-pyodide-kernel"]
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"


class BuildError(Exception):
    """A build input is missing or inconsistent; the message says which and what to do."""


def canonical(name: str) -> str:
    """PEP 503 name, as Pyodide's lock file and micropip look names up."""
    return re.sub(r"[-_.]+", "-", name).lower()


# --- inputs ----------------------------------------------------------------------------------


def read_pages(path: Path = PAGES) -> list[tuple[str, list[str]]]:
    """The site's notebooks in pages.txt order: (repository path, online-only packages).

    A glob that matches nothing (``apps/*.ipynb`` before the apps exist) adds nothing; a
    plain path that does not exist is an error."""
    pages = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        pattern, *options = line.split()
        online: list[str] = []
        for option in options:
            key, _, value = option.partition("=")
            if key != "online" or not value:
                raise BuildError(f"{path.name}:{number}: unknown option {option!r}")
            online += value.split(",")
        if any(char in pattern for char in "*?["):
            matches = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob(pattern))
        elif (ROOT / pattern).is_file():
            matches = [pattern]
        else:
            raise BuildError(f"{path.name}:{number}: no notebook {pattern}")
        pages += [(match, online) for match in matches]
    return pages


def read_pins(path: Path = ROOT / "requirements.txt") -> dict[str, str]:
    """canonical name -> version of every ``name==version`` line."""
    pins = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins[canonical(name)] = version.strip()
    return pins


def read_pyodide_lock() -> dict:
    lock_path = NPM_PYODIDE / "pyodide-lock.json"
    if not lock_path.exists():
        raise BuildError(f"{lock_path} is missing: run `npm ci --prefix lite` (make lite does)")
    lock = json.loads(lock_path.read_text())
    lock["packages"] = {canonical(name): entry for name, entry in lock["packages"].items()}
    return lock


def pyodide_environment(lock: dict) -> dict[str, str]:
    """The marker environment of Pyodide's Python, for the wheels' Requires-Dist lines."""
    python = lock["info"]["python"]
    env = default_environment()
    env.update(
        python_version=".".join(python.split(".")[:2]),
        python_full_version=python,
        sys_platform="emscripten",
        platform_system="Emscripten",
        platform_machine="wasm32",
        os_name="posix",
        implementation_name="cpython",
        platform_python_implementation="CPython",
    )
    return env


# --- wheels ----------------------------------------------------------------------------------


class Wheel:
    """One pure-Python wheel file and what its metadata says."""

    def __init__(self, path: Path):
        self.path = path
        parts = path.name[: -len(".whl")].split("-")
        if len(parts) < 5 or parts[-1] != "any" or parts[-2] != "none":
            raise BuildError(f"{path.name} is not a pure-Python wheel (py3-none-any)")
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            metadata_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
            metadata = email.parser.Parser().parsestr(archive.read(metadata_name).decode())
        self.name = canonical(metadata["Name"])
        self.version = metadata["Version"]
        self.requires = [Requirement(line) for line in metadata.get_all("Requires-Dist") or []]
        self.imports = sorted(
            {
                top.removesuffix(".py")
                for top in (name.split("/", 1)[0] for name in names)
                if not top.endswith((".dist-info", ".data", ".pth")) and top.isidentifier()
                or top.endswith(".py")
            }
        )

    def dependencies(self, env: dict[str, str]) -> list[str]:
        """Canonical names this wheel needs on Pyodide (markers evaluated, no extras)."""
        return [
            canonical(req.name)
            for req in self.requires
            if req.marker is None or req.marker.evaluate({**env, "extra": ""})
        ]

    def sha256(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


def pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--quiet", *args], check=True)


def cached_wheels(into: Path) -> dict[tuple[str, str], Path]:
    found = {}
    for path in into.glob("*.whl"):
        name, version = path.name.split("-")[:2]
        found[canonical(name), version] = path
    return found


def download(specs: dict[str, str], into: Path, python: str) -> dict[str, Wheel]:
    """Pure-Python wheels ``name==version`` for Pyodide's Python, cached in ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    missing = [f"{n}=={v}" for n, v in specs.items() if (n, v) not in cached_wheels(into)]
    if missing:
        pip(
            "download", "--no-deps", "--only-binary=:all:", "--python-version", python,
            "--implementation", "py", "--abi", "none", "--platform", "any", "-d", str(into),
            *missing,
        )  # fmt: skip
    have = cached_wheels(into)
    return {name: Wheel(have[name, version]) for name, version in specs.items()}


def kernel_extension_wheels(extension: Wheel, into: Path) -> dict[str, Wheel]:
    """piplite, pyodide-kernel and ipykernel from the kernel extension's own wheel."""
    shutil.rmtree(into, ignore_errors=True)
    into.mkdir(parents=True)
    wheels = {}
    with zipfile.ZipFile(extension.path) as archive:
        for member in archive.namelist():
            if "/static/pypi/" in member and member.endswith(".whl"):
                path = into / member.rsplit("/", 1)[1]
                name = canonical(path.name.split("-")[0])
                if name in KERNEL_EXTENSION_WHEELS:
                    path.write_bytes(archive.read(member))
                    wheels[name] = Wheel(path)
    if sorted(wheels) != sorted(KERNEL_EXTENSION_WHEELS):
        raise BuildError(f"{extension.path.name} lacks some of {KERNEL_EXTENSION_WHEELS}")
    return wheels


def build_boardlib_wheel(into: Path) -> Wheel:
    """boardlib as a wheel from this checkout (package data included: CSVs, widget JS/CSS).

    Built from a fresh copy of the sources: setuptools' build/ folder in the checkout may
    hold modules that were deleted since, and they would end up in the wheel."""
    source = into / "source"
    shutil.rmtree(into, ignore_errors=True)
    source.mkdir(parents=True)
    for name in ["pyproject.toml", "README.md", "LICENSE"]:
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "boardlib", source / "boardlib",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    pip("wheel", "--no-deps", "--wheel-dir", str(into), str(source))
    (path,) = into.glob("boardlib-*.whl")
    return Wheel(path)


def resolve(lock: dict, pins: dict[str, str], roots: list[str],
            skip: list[str]) -> dict[str, Wheel]:
    """Every wheel the browser needs: the roots and what they require, closed under
    dependencies, except ``skip`` and NOT_IN_BROWSER. A name pinned in requirements.txt
    takes the pin; any other the version of Pyodide's lock; a name in neither is an error
    that says where to pin it."""
    env = pyodide_environment(lock)
    python = env["python_version"]
    chosen: dict[str, Wheel] = {}
    todo = [canonical(name) for name in roots]
    while todo:
        specs = {}
        for name in dict.fromkeys(todo):
            if name in chosen or name in NOT_IN_BROWSER or name in skip:
                continue
            if name in pins:
                specs[name] = pins[name]
            elif name in lock["packages"]:
                specs[name] = lock["packages"][name]["version"]
            else:
                raise BuildError(
                    f"{name} is needed in the browser but pinned nowhere: add {name}==VERSION "
                    "to the JupyterLite group of requirements.txt"
                )
        wheels = download(specs, CACHE / "wheels", python)
        chosen.update(wheels)
        todo = [dep for wheel in wheels.values() for dep in wheel.dependencies(env)]
    return chosen


# --- the lock file ---------------------------------------------------------------------------


def lock_entry(wheel: Wheel, shipped: dict[str, Wheel], env: dict[str, str]) -> dict:
    return {
        "name": wheel.name,
        "version": wheel.version,
        "file_name": wheel.path.name,
        "install_dir": "site",
        "sha256": wheel.sha256(),
        "package_type": "package",
        "imports": wheel.imports,
        "depends": sorted({dep for dep in wheel.dependencies(env) if dep in shipped}),
        "unvendored_tests": False,
    }


def online_entries(lock: dict, names: list[str], shipped: dict[str, Wheel]) -> dict[str, dict]:
    """Pyodide's own entries for ``names`` and their dependencies (those the site does not
    ship), pointed at Pyodide's published distribution; their sha256 stays Pyodide's."""
    version = json.loads((NPM_PYODIDE / "package.json").read_text())["version"]
    base = PYODIDE_CDN.format(version=version)
    entries: dict[str, dict] = {}
    todo = [canonical(name) for name in names]
    while todo:
        name = todo.pop()
        if name in entries or name in shipped:
            continue
        if name not in lock["packages"]:
            raise BuildError(f"online package {name} is not in Pyodide's pyodide-lock.json")
        entry = dict(lock["packages"][name])
        entry["name"] = name
        entry["depends"] = sorted(canonical(dep) for dep in entry["depends"])
        entry["file_name"] = base + entry["file_name"]
        entries[name] = entry
        todo += entry["depends"]
    return entries


def write_lock(lock: dict, shipped: dict[str, Wheel], online: dict[str, dict], path: Path) -> None:
    env = pyodide_environment(lock)
    packages = {name: lock_entry(wheel, shipped, env) for name, wheel in shipped.items()}
    packages.update(online)
    site_lock = {"info": lock["info"], "packages": dict(sorted(packages.items()))}
    path.write_text(json.dumps(site_lock, indent=1))


# --- staging and building --------------------------------------------------------------------


def stage_notebook(source: Path, target: Path, online: list[str]) -> None:
    """Copy a notebook into the site, its code cells marked trusted; a page with online-only
    packages gets a first cell that installs them (from Pyodide's published distribution,
    so it needs the internet).

    The copy is what Jupyter Server would send: multi-line strings joined (JupyterLite
    passes the file on as it is, and JupyterLab would show a saved SVG picture stored as a
    list of lines as a broken image), and code cells marked trusted, as `jupyter trust`
    makes them for `make lab` and Binder, so the saved board pictures show before anything
    has run."""
    notebook = nbformat.reads(source.read_text(), as_version=4)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["metadata"]["trusted"] = True
    if online:
        notebook["cells"].insert(0, {  # a plain dict: nbformat.NotebookNode is one too
            "cell_type": "code",
            "execution_count": None,
            "id": "lite-online-packages",
            "metadata": {"tags": ["lite-online"]},
            "outputs": [],
            "source": (
                "# This page needs packages the browser loads from the internet (Pyodide's own\n"
                "# builds): run this cell first when you are online.\n"
                f"%pip install {' '.join(online)}"
            ),
        })  # fmt: skip
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


def ensure_pyodide() -> None:
    """npm ci of lite/package-lock.json unless node_modules already holds that version."""
    npm_lock = json.loads((LITE / "package-lock.json").read_text())
    wanted = npm_lock["packages"]["node_modules/pyodide"]["version"]
    installed = NPM_PYODIDE / "package.json"
    if installed.exists() and json.loads(installed.read_text())["version"] == wanted:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is missing (Debian: apt-get install npm); it brings the Pyodide core")
    subprocess.run(
        [npm, "ci", "--prefix", str(LITE), "--ignore-scripts", "--no-audit", "--no-fund"],
        check=True, stdout=subprocess.DEVNULL,
    )  # fmt: skip


def build(output: Path = OUTPUT) -> None:
    ensure_pyodide()
    lock = read_pyodide_lock()
    pins = read_pins()
    pages = read_pages()

    env = pyodide_environment(lock)
    # Packages only some pages load, from the internet (the primer's matplotlib): never
    # shipped, not even as a dependency.
    online_names = sorted({name for _, names in pages for name in names})
    boardlib = build_boardlib_wheel(CACHE / "boardlib")
    shipped = {"boardlib": boardlib}
    shipped |= resolve(lock, pins, boardlib.dependencies(env) + KERNEL_PACKAGES,
                       online_names)
    extensions = download({name: pins[name] for name in EXTENSION_WHEELS}, CACHE / "wheels",
                          env["python_version"])
    shipped |= kernel_extension_wheels(extensions["jupyterlite-pyodide-kernel"],
                                       CACHE / "kernel-wheels")

    shutil.rmtree(STAGE, ignore_errors=True)
    static = STAGE / "static" / "pyodide"
    shutil.copytree(NPM_PYODIDE, static,
                    ignore=shutil.ignore_patterns("*.map", "*.d.ts", "*.html", "README.md"))
    for wheel in shipped.values():
        shutil.copy2(wheel.path, static / wheel.path.name)
    online = online_entries(lock, online_names, shipped)
    write_lock(lock, shipped, online, static / "pyodide-lock.json")

    for page, online in pages:
        stage_notebook(ROOT / page, STAGE / "files" / page, online)
    config = json.loads((LITE / "jupyter_lite_config.json").read_text())
    config["LiteBuildConfig"]["contents"] = ["files"]
    config["LiteBuildConfig"]["federated_extensions"] = [str(w.path) for w in extensions.values()]
    (STAGE / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1))
    settings = json.loads((LITE / "jupyter-lite.json").read_text())
    kernel = settings["jupyter-config-data"]["litePluginSettings"][KERNEL_SETTINGS]
    # Every shipped wheel loads in one parallel batch as Pyodide starts, instead of one
    # after the other as the kernel and then the first cell ask (measured: about 1.5 s less
    # to the first board, alternating the two builds).
    kernel["loadPyodideOptions"] = {"packages": sorted(shipped)}
    (STAGE / "jupyter-lite.json").write_text(json.dumps(settings, indent=1))

    shutil.rmtree(output, ignore_errors=True)
    jupyter = Path(sys.executable).with_name("jupyter")
    subprocess.run(
        [str(jupyter), "lite", "build", "--lite-dir", str(STAGE), "--output-dir", str(output)],
        check=True, cwd=STAGE, env={**os.environ, "SOURCE_DATE_EPOCH": commit_time()},
    )  # fmt: skip
    link_favicons(output)


def link_favicons(output: Path) -> None:
    """Name each page's icon in its <head>. JupyterLite's pages name none, so the browser
    asks for /favicon.ico at the root of the web server, which a site in a sub-folder
    (GitHub Pages, a school's server) does not hold: a 404 in every visitor's console."""
    fallback = output / "lab" / "favicon.ico"
    for page in [output / "index.html", *output.glob("*/index.html")]:
        text = page.read_text()
        if 'rel="icon"' in text or "</title>" not in text:
            continue
        icon = page.parent / "favicon.ico" if (page.parent / "favicon.ico").exists() else fallback
        href = os.path.relpath(icon, page.parent)
        link = f'</title>\n    <link rel="icon" href="{href}">'
        page.write_text(text.replace("</title>", link, 1))


def commit_time() -> str:
    """The checkout's last commit time: the date the site's file browser shows for every
    notebook, the same for every build of one commit (JupyterLite refuses the Makefile's 0)."""
    result = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT,
                            capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 and result.stdout.strip() else "1"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="site folder (lite/_output)")
    args = parser.parse_args()
    try:
        build(args.output)
    except BuildError as error:
        sys.exit(f"make lite: {error}")


if __name__ == "__main__":
    main()
