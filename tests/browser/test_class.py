"""A class on one server, in real Chromium against real Voila servers of its own (not timed):

- learners open the play page at the same moment on a server set up for a class of their number (as
  ``CLASS_SIZE=5 bash scripts/serve.sh`` sets it): every page becomes interactive and answers a move,
  and once the pages close, every kernel they used is ended (the class's pool is filled again). Two
  learners by default; five with ``-m soak`` (each learner's kernel runs the play page ahead, so five
  cost some two more minutes on a busy machine);
- a page the server could not make in time says so, in the page's language, with what to do: forced
  by a server whose patience for a cell's output is nil (``iopub_timeout=0``), so that no output arrives
  in time, as happened to pages of a class of thirty on a loaded server.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, expect

from bolivia_core.i18n import render
from tests.browser.conftest import ROOT, kernel_ids_of

from harness import server  # type: ignore[import-not-found]  # scripts/, put on the path by conftest

LEARNERS = 2  # the quick run's class; the soak's is SOAK_LEARNERS
SOAK_LEARNERS = 5
TIMEOUT = 120_000  # five pages at once on a busy shared machine: a bound, not a target


@contextmanager
def class_server(learners: int) -> Iterator[tuple[str, int]]:
    arguments = ["--Voila.ip=127.0.0.1", f"--PageKernelManager.class_size={learners}"]
    with open(ROOT / "tests" / "browser" / "voila-class.log", "w") as log, server(arguments, log=log) as running:
        yield running


def _waiting_kernels(pid: int, expected: int, limit: float = 240) -> set[str]:
    """The server's kernels once it has started ``expected`` of them (its pools), bounded in time."""
    deadline = time.monotonic() + limit
    while len(found := kernel_ids_of(pid)) < expected:
        assert time.monotonic() < deadline, f"the server started {len(found)} kernels, not {expected}"
        time.sleep(0.5)
    return found


@pytest.mark.parametrize("learners", [LEARNERS, pytest.param(SOAK_LEARNERS, marks=pytest.mark.soak)])
def test_a_class_opens_the_play_page_at_once(browser: Browser, learners: int) -> None:
    with class_server(learners) as (url, pid):
        class_opens_the_play_page(browser, url, pid, learners)


def class_opens_the_play_page(browser: Browser, url: str, pid: int, learners: int) -> None:
    _waiting_kernels(pid, 7 + learners)  # the index and six other dashboards keep one each, play one a learner
    contexts = [browser.new_context(viewport={"width": 1200, "height": 900}) for _ in range(learners)]
    pages = [context.new_page() for context in contexts]
    for page in pages:  # every request leaves before any page is waited for
        page.goto(f"{url}/voila/render/play.ipynb", wait_until="commit", timeout=TIMEOUT)
    used = set()
    for page in pages:
        stock = page.get_by_role("button", name=re.compile("^stock"))
        expect(stock).to_be_visible(timeout=TIMEOUT)
        page.wait_for_function(  # the computers' moves before the learner's turn shown, none still moving
            "() => { const t = document.querySelector('.bt-table'); return t && !t.classList.contains('bt-playing'); }",
            timeout=TIMEOUT,
        )
        hand = page.get_by_role("group", name=re.compile("^your hand")).locator("button.bt-card")
        before = hand.count()
        stock.click()  # draw
        expect(hand).to_have_count(before + 2, timeout=TIMEOUT)
        expect(page.locator(".bolivia-late")).to_have_count(0)
        used.add(page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))
    assert len(used) == learners, "two learners were given the same kernel"
    for page in pages:
        page.close(run_before_unload=True)  # as a learner closes the tab: the page asks for its kernel's end
    for context in contexts:
        context.close()
    deadline = time.monotonic() + 120
    while (left := used & kernel_ids_of(pid)) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not left, f"{len(left)} of the class's kernels still run after their pages closed"


@pytest.fixture(scope="module")
def impatient_server() -> Iterator[tuple[str, int]]:
    arguments = ["--Voila.ip=127.0.0.1", "--VoilaExecutor.iopub_timeout=0"]
    with open(ROOT / "tests" / "browser" / "voila-impatient.log", "w") as log, server(arguments, log=log) as running:
        yield running


@pytest.mark.parametrize("language", ["en", "sv"])
def test_a_page_not_made_in_time_says_so(browser: Browser, impatient_server: tuple[str, int], language: str) -> None:
    url, _ = impatient_server
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{url}/voila/render/play.ipynb?lang={language}", wait_until="commit", timeout=TIMEOUT)
    notice = page.locator(".bolivia-late")
    expect(notice).to_be_visible(timeout=TIMEOUT)
    for code in ("class-late-title", "class-late-why", "class-late-what"):
        expect(notice).to_contain_text(render(code, language=language))
    assert notice.locator("[lang]:visible").count() == 1, "one language's copy is shown"
    expect(page.get_by_text("Cell execution timed out")).to_have_count(0)  # not Voila's words for developers
    context.close()
