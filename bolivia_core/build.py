"""Which build of the engine runs: its hot modules compiled by mypyc, or the pure Python source.

The same typed source builds both. ``pip install`` compiles the modules of ``COMPILED`` where a C
compiler is present (``setup.py``), leaving each extension module beside its ``.py`` file, where
Python's own import prefers the extension. ``install`` (run first thing by ``bolivia_core``) puts a
finder in front that imports the source instead of every compiled module when

* ``BOLIVIA_PURE=1`` is set in the environment (the pure source on purpose, as the browser runs it), or
* the build does not match the source beside it: a module edited since it was compiled, a build
  without its record of the sources, or part of a build missing.

It is all or nothing: compiled modules call each other directly, so one module from source beside
compiled ones would still run the old code of the others. Nothing here is compiled, and nothing
imports anything of the engine.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

__all__ = [
    "COMPILED", "GROUP", "PURE_VARIABLE", "RECORD", "install", "kind", "mypyc_attr", "source_digest", "stale_modules",
]  # fmt: skip

# ``@mypyc_attr(native_class=False)`` keeps a class of a compiled module a plain Python class: one that
# subclasses a Python class (an ``Explanation``) or a container ABC, which mypyc's own classes cannot.
if TYPE_CHECKING:  # what mypy and mypyc read; the source runs the stand-in below, needing nothing installed
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*_: Any, **__: Any) -> Any:
        return lambda cls: cls


PURE_VARIABLE = "BOLIVIA_PURE"
"""Set to 1 (at build time or at run time) for the pure source."""

COMPILED: tuple[str, ...] = (
    "bolivia_core.cards",
    "bolivia_core.position",
    "bolivia_core.melds",
    "bolivia_core.scoring",
    "bolivia_core.turn.groups",
    "bolivia_core.turn.additions",
    "bolivia_core.turn.limits",
    "bolivia_core.turn.pile",
    "bolivia_core.turn.checks",
    "bolivia_core.turn.candidates",
    "bolivia_core.turn.transitions",
    "bolivia_core.game",
    "bolivia_core.players.heuristic",
)
"""The modules mypyc compiles: the rules of a turn and what they read, and the club heuristic."""

GROUP = "bolivia_core.engine"
"""mypyc's name for the compiled group: its shared library is ``bolivia_core/engine__mypyc.*``."""

RECORD = "compiled-sources.json"
"""Written beside this file by the build: the SHA-256 of each compiled module's source."""

_PACKAGE = Path(__file__).resolve().parent


def source_path(module: str, package: Path = _PACKAGE) -> Path:
    """The ``.py`` file of one of ``COMPILED``."""
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extension(module: str, package: Path = _PACKAGE) -> Path | None:
    """The compiled extension module of ``module`` beside its source, if there is one."""
    source = source_path(module, package)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


def _leftovers(package: Path) -> list[str]:
    """Extension modules in the package that this build does not make (left by an older build)."""
    made = {*COMPILED, GROUP + "__mypyc"}
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)  # the longest first
    found = set()
    for path in package.rglob("*.*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            parts = path.relative_to(package).parts
            module = ".".join((package.name, *parts[:-1], parts[-1][: -len(suffix)]))
            if module not in made:
                found.add(module)
    return sorted(found)


def stale_modules(package: Path = _PACKAGE) -> list[str]:
    """What keeps the compiled build from running: compiled modules missing, built from another
    source, or without a record, and extension modules an older build left. Empty when no module is
    compiled at all (a pure install) or the whole build matches its source."""
    built = [m for m in COMPILED if _extension(m, package) is not None]
    leftovers = _leftovers(package)
    if not built:
        return leftovers
    try:
        record = json.loads((package / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [*COMPILED, *leftovers]
    if not isinstance(record, dict):
        return [*COMPILED, *leftovers]
    return [
        m for m in COMPILED
        if _extension(m, package) is None or record.get(m) != source_digest(source_path(m, package))
    ] + leftovers  # fmt: skip


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` source of every module of the package, ahead of any extension module beside it
    (a package's ``__init__.py`` is never compiled: the usual finders find it)."""

    def __init__(self, package: str) -> None:
        self.prefix = package + "."

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(self.prefix):
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path or ():
            source = os.path.join(entry, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


_FINDER: _SourceFirst | None = None


def install() -> None:
    """Choose the build for this process (``bolivia_core`` calls this before importing any module)."""
    global _FINDER
    if _FINDER is not None:
        return
    if os.environ.get(PURE_VARIABLE, "") in ("", "0"):
        stale = stale_modules()
        if not stale:
            return  # the compiled build, or no build at all: Python's own finders
        warnings.warn(
            f"the compiled engine does not match its source ({', '.join(stale[:3])}"
            f"{', ...' if len(stale) > 3 else ''}): running the pure source; rebuild with pip install -e .",
            RuntimeWarning,
            stacklevel=3,
        )
    _FINDER = _SourceFirst(_PACKAGE.name)
    sys.meta_path.insert(0, _FINDER)


def kind() -> str:
    """``"compiled"`` when the engine's modules run compiled in this process, else ``"pure"``."""
    module = sys.modules.get(COMPILED[0])
    if module is None:
        module = importlib.import_module(COMPILED[0])
    return "pure" if str(getattr(module, "__file__", "")).endswith(".py") else "compiled"
