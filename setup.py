"""The build: the package list, found rather than typed, and the engine's compiled modules (everything
else is in pyproject.toml).

Namespace discovery finds every package and every data folder inside one (a ``locale/LANG/LC_MESSAGES``
beside a package's modules), so a new package or catalogue needs no edit here; pyproject.toml's
package-data says which of their files install. The widgets live in ``widgets/`` but install as
``bolivia_widgets``: no bare ``widgets`` module.

Where a C compiler is present, mypyc compiles the modules ``bolivia_core.build.COMPILED`` from the same
typed source; ``BOLIVIA_PURE=1`` (or no compiler, or a compile that fails) builds the pure package, as
the browser's site needs. A compiled build is kept under ``build/compiled-cache/`` by a digest of its
sources and tools, so installing again (``scripts/setup-env.sh`` does at every test run) costs nothing
until an engine module changes. Beside the compiled modules goes ``bolivia_core/compiled-sources.json``,
the digest of each one's source: ``bolivia_core.build`` runs the source instead of a build that does
not match it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import platform
import shutil
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension, find_namespace_packages, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / "build" / "compiled-cache"


def _load_build_module() -> Any:
    """``bolivia_core/build.py`` alone: it imports nothing of the engine."""
    spec = importlib.util.spec_from_file_location("_bolivia_build", ROOT / "bolivia_core" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _load_build_module()


def _say(message: str) -> None:
    print(f"bolivia-explorer build: {message}", file=sys.stderr, flush=True)


def _compiler_found() -> bool:
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    command = getattr(compiler, "compiler_so", None) or getattr(compiler, "compiler", None) or ["cc"]
    return shutil.which(command[0]) is not None


def _wanted() -> bool:
    if os.environ.get(BUILD.PURE_VARIABLE, "") not in ("", "0"):
        _say(f"{BUILD.PURE_VARIABLE} is set: the pure package")
        return False
    if importlib.util.find_spec("mypyc") is None:
        _say("mypyc is not installed: the pure package")
        return False
    if not _compiler_found():
        _say("no C compiler: the pure package")
        return False
    return True


def _digests() -> dict[str, str]:
    return {m: BUILD.source_digest(BUILD.source_path(m, ROOT / "bolivia_core")) for m in BUILD.COMPILED}


def _cache_key(digests: dict[str, str]) -> str:
    from mypy.version import __version__ as mypy_version

    parts = [json.dumps(digests, sort_keys=True), mypy_version, sysconfig.get_config_var("EXT_SUFFIX") or "",
             platform.machine(), sys.version]  # fmt: skip
    # mypyc reads the types of every engine module a compiled one imports: their sources count too
    for source in sorted((ROOT / "bolivia_core").rglob("*.py")):
        parts.append(f"{source.relative_to(ROOT)}:{BUILD.source_digest(source)}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


def _names() -> list[str]:
    """The extension modules mypyc makes: one per compiled module, and the group's shared library."""
    return [*BUILD.COMPILED, BUILD.GROUP + "__mypyc"]


class BuildCompiled(build_ext):
    """Compiles the engine with mypyc on every core, or takes the same build from the cache; a failed
    compile leaves the pure package, said on stderr."""

    def run(self) -> None:
        if not self.extensions:
            return
        digests = _digests()
        key = _cache_key(digests)
        cached = CACHE / key
        targets = {name: Path(self.get_ext_fullpath(name)) for name in _names()}
        if not all((cached / path.name).is_file() for path in targets.values()):
            started = time.monotonic()
            try:
                self._compile(cached, targets)
            except (Exception, SystemExit) as error:  # mypy, mypyc or the compiler failed: the pure package works
                _say(f"compiling failed ({type(error).__name__}: {error}): the pure package")
                for path in targets.values():
                    path.unlink(missing_ok=True)
                return
            _say(f"compiled {len(BUILD.COMPILED)} modules in {time.monotonic() - started:.0f} s")
        else:
            _say(f"compiled modules taken from {cached.relative_to(ROOT)}")
        for path in targets.values():
            path.parent.mkdir(parents=True, exist_ok=True)
            # a new file put in place, not the old one written over: a process running the old build
            # keeps its mapped library intact
            staged = path.with_name(path.name + ".new")
            shutil.copy2(cached / path.name, staged)
            os.replace(staged, path)
        package = targets[BUILD.COMPILED[0]].parent
        for leftover in BUILD._leftovers(package):  # an older build's extension of a module no longer compiled
            BUILD._extension(leftover, package).unlink()
        record = package / BUILD.RECORD
        record.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")

    def _compile(self, cached: Path, targets: dict[str, Path]) -> None:
        from mypyc.build import mypycify

        os.chdir(ROOT)  # mypyc reads the sources and writes its C under build/ from the project's root
        paths = [str(BUILD.source_path(m, Path("bolivia_core"))) for m in BUILD.COMPILED]
        target = Path("build") / "mypyc"
        made = {ext.name: ext for ext in mypycify(paths, opt_level="3", multi_file=True, group_name=BUILD.GROUP,
                                                  target_dir=str(target))}  # fmt: skip
        for ext in self.extensions:  # the stand-ins keep setuptools' own bookkeeping; mypyc's give the rest
            ext.__dict__.update({k: v for k, v in made[ext.name].__dict__.items() if not k.startswith("_")})
            # the group's headers go in a folder named for its package, which mypyc leaves off the include path
            ext.include_dirs = [*ext.include_dirs, str(target / "bolivia_core")]
        super().run()
        shutil.rmtree(cached, ignore_errors=True)
        cached.mkdir(parents=True)
        for path in targets.values():
            shutil.copy2(path, cached / path.name)
        older = sorted((p for p in CACHE.iterdir() if p != cached), key=lambda p: p.stat().st_mtime)
        for stale in older[:-2]:  # the two builds before this one stay, for switching branches back
            shutil.rmtree(stale, ignore_errors=True)


    def build_extensions(self) -> None:
        # the group's shared library is one extension of many C files (multi_file): compile them side by side
        compile_one = self.compiler.compile

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                parts = pool.map(lambda source: compile_one([source], *args, **kwargs), sources)
                return [obj for part in parts for obj in part]

        self.compiler.compile = compile_all  # type: ignore[method-assign]
        super().build_extensions()


def _placeholders() -> list[Extension]:
    """Stand-ins that make the build platform-specific; ``BuildCompiled`` makes the real ones (or takes
    them from the cache) only when it runs."""
    return [Extension(name, sources=[]) for name in _names()] if _wanted() else []


NOT_PACKAGES = ["*.__pycache__"]
engine = find_namespace_packages(include=["bolivia_core*", "bolivia_rooms*", "bolivia_env*"], exclude=NOT_PACKAGES)
widgets = find_namespace_packages(include=["widgets", "widgets.*"], exclude=NOT_PACKAGES)

setup(
    packages=engine + ["bolivia_widgets" + name.removeprefix("widgets") for name in widgets],
    package_dir={"bolivia_widgets": "widgets"},
    ext_modules=_placeholders(),
    cmdclass={"build_ext": BuildCompiled},
)
