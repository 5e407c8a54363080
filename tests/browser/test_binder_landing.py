"""The page the Binder badge lands on: Binder runs a Jupyter server in the checkout's top folder
with Voila as its extension, and the badge's link asks for voila/render/notebooks/index.ipynb."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import server

LANDING = "/voila/render/notebooks/index.ipynb"  # the badge's ?urlpath=, as README.md says


@pytest.fixture(scope="module")
def jupyter_server_url() -> Iterator[str]:
    loopback_only = ["--allow-root", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token="]
    with server(loopback_only, app="jupyter_server", ready_path="/api/status") as (url, _pid):
        yield url


def test_binder_landing_page_serves_the_index_and_its_dashboards(page: Page, jupyter_server_url: str) -> None:
    page.goto(jupyter_server_url + LANDING)
    expect(page.get_by_role("link", name="Meld lab").first).to_be_visible(timeout=60_000)
    page.get_by_role("link", name="Meld lab").first.click()
    expect(page.get_by_role("button", name="meld these")).to_be_visible(timeout=60_000)
