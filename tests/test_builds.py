"""One source, two speeds (bolivia_core.build, setup.py): the compiled engine runs where it was built, the
pure source runs with BOLIVIA_PURE=1 or whenever the build does not match the source, and both play the
same games, action for action. The engine's other tests run on whichever build the checkout has (the
compiled one after scripts/setup-env.sh); a quick set runs here again on the pure source."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from bolivia_core import build

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "bolivia_core"
COMPILED_HERE = not build.stale_modules() and build.kind() == "compiled"
needs_build = pytest.mark.skipif(not COMPILED_HERE, reason="this checkout has no compiled build (no C compiler?)")


def _python(
    code: str, *, pure: bool = False, cwd: Path = ROOT, path: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != build.PURE_VARIABLE}
    if pure:
        env[build.PURE_VARIABLE] = "1"
    if path is not None:
        env["PYTHONPATH"] = str(path)
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=300, check=False)  # fmt: skip


def _compiler_present() -> bool:
    return shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0]) is not None


def test_the_checkout_runs_its_compiled_build_where_a_compiler_built_it() -> None:
    if not _compiler_present():
        pytest.skip("no C compiler here: the setup installs the pure package")
    if os.environ.get(build.PURE_VARIABLE, "") not in ("", "0"):
        pytest.skip(f"{build.PURE_VARIABLE} is set for this run")
    assert build.stale_modules() == [], "the build does not match the source: run scripts/setup-env.sh again"
    assert build.kind() == "compiled"
    for name in build.COMPILED:
        module = sys.modules.get(name) or __import__(name, fromlist=["_"])
        assert not str(module.__file__).endswith(".py"), f"{name} runs from its source: {module.__file__}"


_LOADED = """
import bolivia_core, bolivia_core.game, bolivia_core.players, bolivia_core.build as b, sys
files = {n: str(getattr(m, '__file__', '')) for n, m in sys.modules.items() if n.startswith('bolivia_core.')}
compiled = sorted(n for n, f in files.items() if f and not f.endswith('.py'))
print(b.kind(), ','.join(compiled) or '-')
"""


def test_the_pure_variable_runs_every_module_from_its_source() -> None:
    done = _python(_LOADED, pure=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["pure", "-"]
    assert "RuntimeWarning" not in done.stderr  # asked for: nothing to warn about


@pytest.mark.parametrize("script", ["golden_games.py", "golden_club_games.py"])
def test_the_golden_games_are_the_same_on_the_pure_source(script: str) -> None:
    golden = ROOT / "tests" / "golden" / ("games.txt" if script == "golden_games.py" else "club_games.txt")
    env = {**os.environ, build.PURE_VARIABLE: "1"}
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / script), "--print"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == golden.read_text(encoding="utf-8")


@pytest.fixture
def copied_build(tmp_path: Path) -> Path:
    """The package with its compiled build, copied: a place to damage the build."""
    shutil.copytree(PACKAGE, tmp_path / "bolivia_core", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def _damage(folder: Path, how: str) -> None:
    package = folder / "bolivia_core"
    if how == "a source edited since the build":
        source = build.source_path(build.COMPILED[2], package)
        source.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    elif how == "no record of the sources":
        (package / build.RECORD).unlink()
    elif how == "a compiled module missing":
        extension = build._extension(build.COMPILED[-1], package)
        assert extension is not None
        extension.unlink()
    elif how == "an older build's extension left behind":
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        (package / f"actions{suffix}").write_bytes(b"not a library")  # loading it would fail at once
    else:
        raise AssertionError(how)


@needs_build
def test_a_copied_build_that_matches_its_source_runs_compiled(copied_build: Path) -> None:
    done = _python(_LOADED, cwd=copied_build, path=copied_build)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "compiled"


@needs_build
@pytest.mark.parametrize("how", ["a source edited since the build", "no record of the sources",
                                 "a compiled module missing", "an older build's extension left behind"])  # fmt: skip
def test_a_build_that_does_not_match_its_source_runs_the_source_and_says_so(copied_build: Path, how: str) -> None:
    _damage(copied_build, how)
    done = _python(_LOADED + "import bolivia_core.actions\n", cwd=copied_build, path=copied_build)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["pure", "-"]
    assert "does not match its source" in done.stderr and "pip install -e ." in done.stderr


QUICK = ["tests/test_cards.py", "tests/test_golden_melds.py", "tests/test_legal_arithmetic.py",
         "tests/test_meld_fast_path.py", "tests/test_players_rules.py"]  # fmt: skip


def test_a_quick_set_of_engine_tests_passes_on_the_pure_source() -> None:
    env = {**os.environ, build.PURE_VARIABLE: "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-x", *QUICK]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout
