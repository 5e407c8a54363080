"""Build the server-free site: the lessons and dashboards as a static JupyterLite site in build/lite/.

Everything the page needs is copied into the site, so it works offline and no request leaves its origin:
the Pyodide runtime (the npm package `pyodide` of the version the kernel expects), the pure wheels the
kernel and the widgets need (their versions from Pyodide's lock, or those of the widget front ends copied
into the site), and a wheel of this project. All of them are listed in the site's own trimmed
`pyodide-lock.json` and preloaded when the kernel starts, so no install runs when a page opens.

Each notebook becomes a page in the minimal JupyterLite REPL (code hidden, no banner, no toolbar) that
replays the notebook: its markdown cells shown, its code cells run. `index.html` links them in the order
of notebooks/index.ipynb. Run through scripts/build-lite.sh, which installs the `lite` extra first.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.parse
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import bolivia_widgets  # noqa: F401  (registers the pages' words: the index page's lite-* among them)
from bolivia_core.i18n import render

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
BUILD = ROOT / "build"
CACHE = BUILD / "lite-cache"  # downloads kept between builds
LITE_DIR = BUILD / "lite-src"  # what `jupyter lite build` reads, made afresh each build
OUTPUT = BUILD / "lite"

#: what the kernel imports as it starts (its worker installs these unless they are preloaded)
KERNEL_PACKAGES = ("micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "jedi", "ipython")
#: the project and the widget packages, preloaded with the kernel; versions are those of the build
#: environment, so the Python side matches the widget front ends copied into the site
WIDGET_PACKAGES = ("comm", "ipywidgets", "jupyterlab-widgets", "anywidget", "psygnal")
#: the front ends the pages need, and nothing else from the build environment
LAB_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the REPL in its minimal form: code hidden, no banner, the given code run on open; no toolbar, as
#: JupyterLite 0.8 keeps the toolbar whenever `toolbar` is given at all, even as `toolbar=0`
PAGE_OPTIONS = {"kernel": "python", "hideCodeInput": "1", "showBanner": "0", "execute": "1"}
#: what a learner should not see on a page: the empty prompt cell and the execution counts (and the
#: overlay over the counts, which would otherwise lie over the widgets and take their clicks); the page's
#: outputs take the whole height, the prompt's panel hidden
PAGE_CSS = """
.jp-CodeConsole-promptCell, .jp-CodeConsole .jp-InputPrompt, .jp-CodeConsole .jp-OutputPrompt,
.jp-CodeConsole .jp-OutputArea-promptOverlay { display: none; }
.jp-CodeConsole-input, .jp-CodeConsole .lm-SplitPanel-handle { display: none; }
.jp-CodeConsole-content { height: 100% !important; }
.jp-CodeConsole .jp-Cell { padding-left: 1rem; padding-right: 1rem; }
""".strip()


#: a markdown link to a notebook beside it, perhaps with a query string (``meld_lab.ipynb?lang=sv``)
NOTEBOOK_LINK = re.compile(r"\]\(([\w.-]+\.ipynb)(?:\?([^)\s]*))?\)")


class BuildError(Exception):
    """A step of the build failed; the message says which and what to do."""


@dataclass(frozen=True)
class Wheel:
    """A wheel going into the site, and what Pyodide's lock needs to know of it."""

    path: Path
    name: str  # canonical
    version: str
    imports: tuple[str, ...]
    depends: tuple[str, ...]  # canonical names, before trimming to what the site holds

    def lock_entry(self, depends: Iterable[str]) -> dict[str, object]:
        return {
            "name": self.name, "version": self.version, "file_name": self.path.name, "install_dir": "site",
            "sha256": hashlib.sha256(self.path.read_bytes()).hexdigest(), "package_type": "package",
            "imports": list(self.imports), "depends": sorted(depends), "unvendored_tests": False,
        }  # fmt: skip


def run(command: Sequence[str | Path], what: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command; on failure say which step failed and show its output."""
    result = subprocess.run([str(c) for c in command], check=False, capture_output=True, text=True, cwd=cwd,
                            env=env)  # fmt: skip
    if result.returncode:
        raise BuildError(f"{what} failed ({' '.join(map(str, command))}):\n{result.stdout}{result.stderr}")


def read_wheel(path: Path) -> Wheel:
    """Name, version, top-level modules and plain dependencies of a wheel, read from its metadata."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        metadata_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = archive.read(metadata_name).decode()
    headers = [line.split(": ", 1) for line in metadata.split("\n\n", 1)[0].splitlines() if ": " in line]
    name = next(v for k, v in headers if k == "Name")
    version = next(v for k, v in headers if k == "Version")
    browser = {"sys_platform": "emscripten", "platform_system": "Emscripten", "python_version": "3.14",
               "python_full_version": "3.14.2", "implementation_name": "cpython", "extra": ""}  # fmt: skip
    depends = []
    for _key, value in (h for h in headers if h[0] == "Requires-Dist"):
        requirement = Requirement(value)
        if requirement.marker is None or Marker(str(requirement.marker)).evaluate(browser):
            depends.append(canonicalize_name(requirement.name))
    tops = {n.split("/", 1)[0] for n in names if "/" in n and not n.split("/", 1)[0].endswith((".dist-info", ".data"))}
    modules = {n.removesuffix(".py") for n in names if "/" not in n and n.endswith(".py")}
    return Wheel(path, canonicalize_name(name), version, tuple(sorted(tops | modules)), tuple(depends))


def fetch_pyodide(version: str) -> Path:
    """The npm package `pyodide` of the given version, unpacked in the cache (runtime and lock, no wheels)."""
    folder = CACHE / f"pyodide-{version}"
    if (folder / "pyodide-lock.json").exists():
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed to fetch the Pyodide runtime (the npm package `pyodide`); install Node.js")
    packs = CACHE / "npm"
    packs.mkdir(parents=True, exist_ok=True)
    run([npm, "pack", f"pyodide@{version}", "--silent", "--pack-destination", packs], f"fetching pyodide@{version}")
    with tarfile.open(packs / f"pyodide-{version}.tgz") as archive:
        unpacked = CACHE / f"pyodide-{version}.partial"
        shutil.rmtree(unpacked, ignore_errors=True)
        archive.extractall(unpacked, filter="data")
    (unpacked / "package").rename(folder)
    shutil.rmtree(unpacked)
    return folder


def download_wheels(pins: dict[str, str]) -> list[Path]:
    """Pure (any-platform) wheels of exactly these versions, from the package index, cached."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found: list[Path] = []
    missing: list[str] = []
    for name, version in sorted(pins.items()):
        cached = [p for p in folder.glob("*.whl") if _wheel_is(p, name, version)]
        if cached:
            found.append(cached[0])
        else:
            missing.append(f"{name}=={version}")
    if missing:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--platform", "any", "--python-version", "3.14", "--implementation", "py", "--abi", "none",
             "--dest", folder, *missing], "downloading pure wheels of " + ", ".join(map(str, missing)))  # fmt: skip
        found += [p for p in folder.glob("*.whl") if any(_wheel_is(p, *m.split("==")) for m in missing)]
    return sorted(found)


def _wheel_is(path: Path, name: str, version: str) -> bool:
    parts = path.name.split("-")
    return canonicalize_name(parts[0]) == canonicalize_name(name) and parts[1] == version


def project_wheel() -> Path:
    """A wheel of this checkout, built afresh."""
    folder = CACHE / "project"
    # setuptools stages the wheel in build/lib, where a module deleted since the last build would linger
    for stale in (folder, BUILD / "lib", *BUILD.glob("bdist.*")):
        shutil.rmtree(stale, ignore_errors=True)
    # the pure source: the browser's Python runs no compiled module (BOLIVIA_PURE=1 skips mypyc, setup.py)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", folder, ROOT],
        "building a wheel of the project", env={**os.environ, "BOLIVIA_PURE": "1"})  # fmt: skip
    wheel = next(folder.glob("*.whl"))
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise BuildError(f"the project's wheel for the browser must be pure Python, got {wheel.name}")
    return wheel


def installed_version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        raise BuildError(
            f"{name} is not installed: run scripts/build-lite.sh, which installs the 'lite' extra"
        ) from None


def labextension_folder(name: str) -> Path:
    folder = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / name
    if not (folder / "package.json").exists():
        raise BuildError(f"the front end {name} is not installed in {sys.prefix}: install the 'lite' extra")
    return folder


def lock_closure(packages: dict[str, dict[str, object]], wanted: Iterable[str]) -> set[str]:
    """The names in Pyodide's lock that the wanted packages need, themselves included."""
    seen: set[str] = set()
    todo = [canonicalize_name(w) for w in wanted]
    while todo:
        name = todo.pop()
        if name in seen or name not in packages:
            continue
        seen.add(name)
        todo += [canonicalize_name(str(d)) for d in packages[name]["depends"]]  # type: ignore[attr-defined]
    return seen


def assemble_pyodide(runtime: Path, target: Path) -> list[str]:
    """Runtime, wheels and a trimmed lock in target; returns the packages to preload."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    pyodide_packages: dict[str, dict[str, object]] = lock["packages"]
    kernel_extension = labextension_folder(LAB_EXTENSIONS[0]) / "static" / "pypi"
    # the kernel's own wheels come with its front end; the widget widgetsnbextension stub is its 4.x one
    bundled = [p for p in kernel_extension.glob("*.whl") if not p.name.startswith("widgetsnbextension-3")]
    ours = [read_wheel(p) for p in (*bundled, project_wheel())]
    ours += [read_wheel(p) for p in download_wheels({n: installed_version(n) for n in WIDGET_PACKAGES})]
    ours_by_name = {w.name: w for w in ours}
    needed_from_lock = lock_closure(pyodide_packages, [d for w in ours for d in w.depends] + list(KERNEL_PACKAGES))
    needed_from_lock -= set(ours_by_name)
    pins = {name: str(pyodide_packages[name]["version"]) for name in needed_from_lock}
    from_lock = {w.name: w for w in map(read_wheel, download_wheels(pins))}
    if set(from_lock) != needed_from_lock:
        raise BuildError(f"no pure wheel found for {sorted(needed_from_lock - set(from_lock))}")
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for item in runtime.iterdir():
        if item.suffix in {".mjs", ".js", ".wasm", ".zip"} and not item.name.startswith("console"):
            shutil.copy2(item, target / item.name)
    entries: dict[str, dict[str, object]] = {}
    everything = set(from_lock) | set(ours_by_name)
    for name in needed_from_lock:  # Pyodide's dependencies as its lock gives them, the hash of the PyPI wheel
        entry = dict(pyodide_packages[name])
        entry.update({k: v for k, v in from_lock[name].lock_entry([]).items() if k in ("file_name", "sha256")})
        entry["depends"] = sorted(canonicalize_name(str(d)) for d in entry["depends"])  # type: ignore[attr-defined]
        entries[name] = entry
    for name, wheel in ours_by_name.items():
        entries[name] = wheel.lock_entry(d for d in wheel.depends if d in everything)
    for wheel in (*from_lock.values(), *ours):
        shutil.copy2(wheel.path, target / wheel.path.name)
    lock["packages"] = dict(sorted(entries.items()))
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    return sorted(entries)


@dataclass(frozen=True)
class Page:
    """One notebook as a learner's page: its name, title and cells."""

    notebook: str
    title: str
    cells: tuple[tuple[str, str], ...]

    def url(self, query: str = "") -> str:
        return page_url(self.cells, query)


def notebook_cells(path: Path) -> list[tuple[str, str]]:
    return [(c["cell_type"], "".join(c["source"])) for c in json.loads(path.read_text())["cells"]]


def page_url(cells: Sequence[tuple[str, str]], query: str = "") -> str:
    """The REPL address that shows each markdown cell and runs each code cell, in order. A query string
    reaches the page's Python as Voila passes it, in QUERY_STRING (``?lang=sv`` chooses the language)."""
    code = [f"import os\nos.environ['QUERY_STRING'] = {query!r}"] if query else []
    for kind, source in cells:
        if kind == "markdown":
            code.append(f"from IPython.display import Markdown, display\ndisplay(Markdown({source!r}))")
        elif kind == "code" and source.strip():
            code.append(source)
    query = urllib.parse.urlencode([*PAGE_OPTIONS.items(), *(("code", c) for c in code)])
    return f"repl/index.html?{query}"


def make_pages() -> list[Page]:
    """A page per notebook but the index, addressed from the site's top folder. A link from one page to
    another notebook would not work inside the REPL, so the build refuses it rather than ship it broken."""
    names = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name != "index.ipynb")
    pages = []
    for name in names:
        cells = notebook_cells(NOTEBOOKS / name)
        linked = [m for kind, source in cells if kind == "markdown" for m, _query in NOTEBOOK_LINK.findall(source)]
        if linked:
            raise BuildError(f"{name} links to {linked}: only the index may link to notebooks in the site")
        # a dashboard says its heading from a code cell (in the page's language): its tab title names it then
        title = json.loads((NOTEBOOKS / name).read_text())["metadata"].get("title", name).split(" · ")[0]
        heading = next((s for k, s in cells if k == "markdown" and s.startswith("# ")), f"# {title}")
        pages.append(Page(name, heading.splitlines()[0].removeprefix("# "), tuple(cells)))
    return pages


def write_index(pages: Sequence[Page], target: Path) -> None:
    """index.html: the Voila index's text, its links pointing at the pages, in the same order."""
    import mistune

    by_name = {p.notebook: p for p in pages}
    markdown = "\n\n".join(s for k, s in notebook_cells(NOTEBOOKS / "index.ipynb") if k == "markdown")
    listed = [name for name, _query in NOTEBOOK_LINK.findall(markdown)]
    unknown = [n for n in listed if n not in by_name]
    if unknown:
        raise BuildError(f"notebooks/index.ipynb links to notebooks that do not exist: {unknown}")
    markdown = NOTEBOOK_LINK.sub(lambda m: f"]({by_name[m.group(1)].url(m.group(2) or '')})", markdown)
    body = mistune.html(markdown)
    # the app pages read the site's settings from the top page's jupyter-config-data element: keep it
    config = re.search(r'<script id="jupyter-config-data".*?</script>', target.read_text(), re.S)
    if config is None:
        raise BuildError(f"{target} has no jupyter-config-data element: has JupyterLite changed its layout?")
    texts = {"config": config.group(), "body": str(body), "runs-here": html.escape(render("lite-runs-here")),
             "notebooks-link": html.escape(render("lite-notebooks-link"))}  # fmt: skip
    page = INDEX_HTML
    for key, text in texts.items():
        page = page.replace("{" + key + "}", text)
    target.write_text(page)


INDEX_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bolivia explorer</title>
{config}
<style>
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --link: #0b5cad; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e6e6; --bg: #111418; --link: #8cc4ff; } }
body { font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg);
       max-width: 46rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
a { color: var(--link); }
li { margin: 0.3rem 0; }
.note { font-size: 0.9rem; opacity: 0.8; }
</style>
</head>
<body>
<main>
{body}
<p class="note">{runs-here} <a href="lab/index.html">{notebooks-link}</a>.</p>
</main>
</body>
</html>
"""


def lite_config(preload: Sequence[str]) -> dict[str, object]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Bolivia explorer",
            "disabledExtensions": [],
            "litePluginSettings": {
                KERNEL_PLUGIN: {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": list(preload)}}
            },
        },
    }


def build(*, sourcemaps: bool) -> None:
    started = time.perf_counter(), _children_cpu()
    version = installed_version("jupyterlite-pyodide-kernel")
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION  # type: ignore[import-untyped]

    runtime = fetch_pyodide(PYODIDE_VERSION)
    shutil.rmtree(LITE_DIR, ignore_errors=True)
    preload = assemble_pyodide(runtime, LITE_DIR / "static" / "pyodide")
    (LITE_DIR / "jupyter-lite.json").write_text(json.dumps(lite_config(preload), indent=1))
    build_config = {
        "LiteBuildConfig": {
            "apps": ["lab", "repl"],
            "contents": [str(NOTEBOOKS)],
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(labextension_folder(name)) for name in LAB_EXTENSIONS],
            "no_sourcemaps": not sourcemaps,
            "no_unused_shared_packages": True,
            "output_dir": str(OUTPUT),
        }
    }
    (LITE_DIR / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1))
    shutil.rmtree(OUTPUT, ignore_errors=True)
    # from inside the lite folder, so its record of what is up to date goes (and is wiped) with it
    run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", LITE_DIR], "jupyter lite build", LITE_DIR)
    repl_html = OUTPUT / "repl" / "index.html"
    repl_html.write_text(repl_html.read_text().replace("</head>", f"<style>{PAGE_CSS}</style>\n</head>", 1))
    write_index(make_pages(), OUTPUT / "index.html")
    size = sum(p.stat().st_size for p in OUTPUT.rglob("*") if p.is_file())
    wall, cpu = time.perf_counter() - started[0], time.process_time() + _children_cpu() - started[1]
    print(
        f"built {OUTPUT.relative_to(ROOT)}/ with jupyterlite-pyodide-kernel {version}, Pyodide {PYODIDE_VERSION}: "
        f"{size / 1e6:.1f} MB, {len(preload)} packages preloaded; {cpu:.1f} s CPU, {wall:.1f} s wall"
    )


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sourcemaps", action="store_true", help="keep the JavaScript source maps (twice the size)")
    arguments = parser.parse_args(argv)
    try:
        build(sourcemaps=arguments.sourcemaps)
    except BuildError as error:
        print(f"build-lite: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
