"""Binder's configuration, checked without Docker: a repo2docker dry run and honest pins."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def test_requirements_install_the_project_with_the_tested_versions() -> None:
    lines = [line.strip() for line in (BINDER / "requirements.txt").read_text().splitlines()]
    entries = [line for line in lines if line and not line.startswith("#")]
    assert "-e ." in entries  # repo2docker reads only binder/: the project itself must be installed from here
    pins = dict(line.split("==") for line in entries if "==" in line)
    assert {"voila", "ipywidgets", "ipykernel", "anywidget"} <= set(pins)
    for package, pinned in pins.items():
        assert version(package) == pinned, f"binder pins {package}=={pinned}; the tests ran with {version(package)}"
    assert (BINDER / "runtime.txt").read_text().strip() == f"python-{sys.version_info.major}.{sys.version_info.minor}"


def test_repo2docker_dry_run_builds_from_binder() -> None:
    command = shutil.which("jupyter-repo2docker", path=str(Path(sys.executable).parent))
    if command is None:
        pytest.skip("jupyter-repo2docker is not installed (the test extra installs it)")
    done = subprocess.run([command, "--no-build", "--no-run", "--debug", str(ROOT)],
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-2000:]
    assert re.search(r"pip install .*-r \"?binder/requirements.txt", output), "the image would not install binder/"
    assert f"python={sys.version_info.major}.{sys.version_info.minor}" in output
    # -e . skips data files: without postBuild the pages' template is missing and no page renders.
    assert "RUN ./binder/postBuild" in output, "the image would not put the pages' Voila template in place"
