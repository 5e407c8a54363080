"""The tutorials in JupyterLab (scripts/lab.sh): a learner runs a notebook and its widgets answer."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ROOT, server

pytest.importorskip("jupyterlab")


@pytest.fixture(scope="module")
def lab_url() -> Iterator[str]:
    """JupyterLab over notebooks/ as scripts/lab.sh starts it, on loopback without a token."""
    options = ["--allow-root", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
               f"--ServerApp.root_dir={ROOT / 'notebooks'}", "--LabApp.default_url=/lab/tree/index.ipynb"]  # fmt: skip
    with server(options, app="jupyterlab", ready_path="/lab") as (url, _pid):
        yield url


def test_a_lesson_runs_in_jupyterlab_and_its_widgets_answer(page: Page, lab_url: str) -> None:
    page.goto(f"{lab_url}/lab/tree/03_card_values.ipynb?reset")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    expect(page.get_by_text(re.compile(r"\| Idle$"))).to_be_visible(timeout=60_000)  # the kernel is ready
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    hand = page.get_by_role("group", name="The hand of the player to move")  # "try it": choose cards
    expect(hand).to_be_visible(timeout=60_000)
    first = hand.get_by_role("button").first
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text(re.compile(r"Melded, these cards score \d+")).last).to_be_visible()
    quiz = page.locator(".bolivia-exercise").get_by_role("button", name="check")
    expect(quiz).to_be_visible()
    page.locator(".bolivia-page-nav a.bolivia-nav-next").click()  # the next lesson opens in JupyterLab
    expect(page.get_by_role("tab", name="04_melds.ipynb")).to_be_visible(timeout=30_000)
