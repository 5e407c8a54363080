"""The wheel installs anywhere: built as ``python -m build`` builds it (the sdist, then the wheel from the
sdist) with no packaging warning, installed with the app's extra into a fresh venv outside the checkout,
and there the command line speaks every language, the widgets draw, the room service answers, and the
pages' template and the translations are where Voila and gettext look for them."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from bolivia_core.i18n import LANGUAGES
from bolivia_core.tools import cli
from bolivia_rooms.client import RoomClient

ROOT = Path(__file__).resolve().parent.parent
# Where each installed package's files come from in the checkout (the widgets install under another name).
PACKAGE_FOLDERS = {init.parent.name: init.parent.name for init in ROOT.glob("bolivia_*/__init__.py")}
PACKAGE_FOLDERS["bolivia_widgets"] = "widgets"
TEMPLATE = Path("share/jupyter/voila/templates/bolivia")


@dataclass
class Installed:
    """The fresh venv the wheel went into, and what building it printed."""

    build_output: str
    dist: list[Path]
    python: Path
    site_packages: Path
    prefix: Path
    workdir: Path  # outside the checkout: nothing is imported from it by accident

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return _run(args, self.workdir, check=check)


def _run(
    args: Sequence[str | Path], cwd: Path, check: bool = False, timeout: int = 120, pure: bool = False
) -> subprocess.CompletedProcess[str]:
    """A command run away from the checkout, its output kept (``pure``: setup.py builds no compiled module)."""
    env = _clean_env() | ({"BOLIVIA_PURE": "1"} if pure else {})
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=check)


def _clean_env() -> dict[str, str]:
    """The environment without anything that points back at the checkout or hides warnings."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONDONTWRITEBYTECODE")}
    env["PYTHONWARNINGS"] = "default"
    return env


def _tracked(folder: str) -> list[str]:
    """The files git tracks under one of the checkout's package folders, relative to it."""
    listed = subprocess.run(["git", "ls-files", "-z", folder], cwd=ROOT, capture_output=True, text=True, check=True)
    prefix = "" if folder == "." else folder + "/"
    return [name.removeprefix(prefix) for name in listed.stdout.split("\0") if name]


def _export(folder: Path) -> Path:
    """The checkout's tracked files as they are now, and nothing else: what a fresh clone builds from. (The
    checkout itself holds the editable install's egg-info, whose file list setuptools would add to the sdist,
    hiding a file that pyproject.toml leaves out.)"""
    for name in _tracked("."):
        if (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    if not (ROOT / ".git").exists():
        pytest.skip("the wheel test builds from a git checkout (it compares the wheel with the tracked files)")
    where = tmp_path_factory.mktemp("wheel")
    source = _export(where / "source")
    # The wheel that installs anywhere is the pure one (``py3-none-any``); the compiled engine is a local
    # build's speed-up (setup.py), tested by the engine's own tests wherever the checkout is compiled.
    built = _run([sys.executable, "-m", "build", "--outdir", where / "dist", source], where, timeout=300, pure=True)
    assert built.returncode == 0, built.stdout + built.stderr
    # A venv of its own, filled by this environment's pip (``pip --python``: the same install, without
    # seeding the venv with a pip of its own first); no byte-compiling, which a first import does anyway.
    _run([sys.executable, "-m", "venv", "--without-pip", where / "venv"], where, check=True)
    python = where / "venv" / "bin" / "python"
    wheel = next((where / "dist").glob("*.whl"))
    pip: list[str | Path] = [sys.executable, "-m", "pip", "--python", python, "install", "--no-compile"]
    installing = _run([*pip, "--disable-pip-version-check", f"{wheel}[app]"], where, timeout=600)
    assert installing.returncode == 0, installing.stdout[-3000:] + installing.stderr[-3000:]
    paths = _run(
        [python, "-c", "import sys, sysconfig; print(sysconfig.get_path('purelib')); print(sys.prefix)"], where
    )
    site_packages, prefix = paths.stdout.splitlines()
    output = built.stdout + built.stderr
    return Installed(output, sorted((where / "dist").iterdir()), python, Path(site_packages), Path(prefix), where)


def test_build_makes_a_wheel_and_an_sdist_without_a_warning(installed: Installed) -> None:
    assert sorted(p.suffix for p in installed.dist) == [".gz", ".whl"], installed.dist
    assert any(p.name.endswith("-py3-none-any.whl") for p in installed.dist), installed.dist
    warnings = [line for line in installed.build_output.splitlines() if re.search(r"warn", line, re.IGNORECASE)]
    assert not warnings, "\n".join(warnings)


def test_every_tracked_file_of_the_packages_is_installed(installed: Installed) -> None:
    """Modules, the widgets' front end and styles, data, every catalogue (.pot, .po, compiled .mo)."""
    missing = [
        f"{folder}/{name}"
        for package, folder in PACKAGE_FOLDERS.items()
        for name in _tracked(folder)
        if not (installed.site_packages / package / name).is_file()
    ]
    assert not missing, missing
    compiled = list((installed.site_packages / "bolivia_core").rglob("*.mo"))
    assert {mo.parent.parent.name for mo in compiled} >= set(LANGUAGES) - {"en"}, compiled


def test_the_pages_template_is_where_voila_looks(installed: Installed) -> None:
    template = installed.prefix / TEMPLATE
    assert sorted(p.name for p in template.iterdir()) == sorted(_tracked(str(TEMPLATE)))
    search = "import jupyter_core.paths as p; print('\\n'.join(p.jupyter_path('voila', 'templates')))"
    looked = installed.run(str(installed.python), "-c", search)
    assert str(installed.prefix / "share/jupyter/voila/templates") in looked.stdout.splitlines()


def test_the_command_line_answers_in_every_language(installed: Installed, capsys: pytest.CaptureFixture[str]) -> None:
    """The installed ``bolivia`` command says a verdict as the checkout's does, in each of the six languages
    (so each language's catalogue was found: a missing one would fall back to English)."""
    bolivia = installed.python.parent / "bolivia"
    said = {}
    for language in LANGUAGES:
        answer = installed.run(str(bolivia), "--lang", language, "meld", "KH KS 2C 2D", check=False)
        assert cli.main(["--lang", language, "meld", "KH KS 2C 2D"]) == 1
        assert (answer.returncode, answer.stdout, answer.stderr) == (1, capsys.readouterr().out, ""), language
        said[language] = answer.stdout
    assert len(set(said.values())) == len(LANGUAGES), said
    refused = installed.run(str(bolivia), "--lang", "pl", "meld", "KH KX", check=False)
    assert refused.returncode == 2 and refused.stdout == "" and len(refused.stderr.splitlines()) == 1


def test_the_widgets_import_and_carry_their_front_end(installed: Installed) -> None:
    made = installed.run(
        str(installed.python),
        "-c",
        """
import json, bolivia_widgets
table, lab = bolivia_widgets.PlayTable(), bolivia_widgets.VariantLab()
print(json.dumps([bolivia_widgets.__file__, str(table._esm), str(lab._esm), str(table._css)]))
""",
    )
    where, *front_end = json.loads(made.stdout)
    assert Path(where).is_relative_to(installed.site_packages)
    assert all("export" in module for module in front_end[:2]) and front_end[2].strip(), front_end


@pytest.fixture
def room_service(installed: Installed) -> Iterator[tuple[str, int]]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    where = ["--listen", f"127.0.0.1:{port}", "--store", str(installed.workdir / "rooms")]
    service = subprocess.Popen(
        [installed.python, "-m", "bolivia_rooms", *where],
        cwd=installed.workdir,
        env=_clean_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert service.poll() is None, service.communicate()[0]
                assert time.monotonic() < deadline, "the installed room service did not listen within 30 s"
                time.sleep(0.1)
        yield "127.0.0.1", port
    finally:
        service.terminate()
        assert service.wait(timeout=30) == 0


def test_the_room_service_answers_on_its_port(room_service: tuple[str, int]) -> None:
    client = RoomClient(room_service, timeout=20)
    try:
        made = client.create({"players": 2, "seed": 3})
        assert made["type"] == "created", made
        refused = client.request({"type": "hello", "room": made["room"], "token": "forged"})
        assert refused["type"] == "refused", refused
    finally:
        client.close()
