"""The serving settings in voila.json name real notebooks and keep the promises the README makes."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = json.loads((ROOT / "voila.json").read_text())


def test_every_pre_started_page_is_a_notebook() -> None:
    pools = SETTINGS["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"]["pool_size"] == 0, "only the named pages keep a kernel waiting"
    named = set(pools) - {"default"}
    assert named, "no page keeps a kernel waiting"
    missing = {name for name in named if not (ROOT / "notebooks" / name).is_file()}
    assert not missing, f"voila.json pre-starts kernels for notebooks that do not exist: {sorted(missing)}"
    assert all(pools[name]["pool_size"] == 1 for name in named)


def test_idle_kernels_are_culled() -> None:
    culling = SETTINGS["MappingKernelManager"]
    assert 0 < culling["cull_interval"] <= culling["cull_idle_timeout"] <= 300


def test_the_kernel_manager_voila_json_names_is_the_one_here() -> None:
    from bolivia_widgets.serving import PageKernelManager

    name = SETTINGS["VoilaConfiguration"]["multi_kernel_manager_class"]
    assert name == f"{PageKernelManager.__module__}.{PageKernelManager.__name__}"


def test_a_kernel_is_not_culled_before_its_first_page_connects() -> None:
    """A pre-started kernel has been idle since it ran its page; handed to a visitor, it must survive
    until the page's socket connects, and be culled as usual once that page has gone."""
    # In a thread of its own: the browser tests' Playwright keeps an event loop running in this one.
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, _culling_story()).result()


async def _culling_story() -> None:
    from jupyter_server._tz import utcnow

    from bolivia_widgets.serving import PageKernelManager

    manager = PageKernelManager(cull_idle_timeout=1, connect_grace=0)
    handed_out = await manager.start_kernel()
    never_visited = await manager.start_kernel()
    try:
        for kernel in (handed_out, never_visited):
            manager.get_kernel(kernel).last_activity = utcnow() - timedelta(hours=1)
            await manager.cull_kernel_if_idle(kernel)
        assert set(manager.list_kernel_ids()) == {handed_out, never_visited}, "culled before a page could connect"

        manager.notify_connect(handed_out)  # the page arrives, and later closes
        manager.notify_disconnect(handed_out)
        await manager.cull_kernel_if_idle(handed_out)
        assert handed_out not in manager.list_kernel_ids(), "an idle kernel whose page closed is culled"

        await asyncio.sleep(1.2)  # the whole timeout passes without a page
        manager.get_kernel(never_visited).last_activity = utcnow() - timedelta(hours=1)
        await manager.cull_kernel_if_idle(never_visited)
        assert never_visited not in manager.list_kernel_ids(), "a kernel no page ever reached is culled in the end"
    finally:
        await manager.shutdown_all(now=True)


def test_kernels_talk_over_local_sockets() -> None:
    """Over TCP, each kernel's five ports are picked free and bound a moment later; with seven kernels
    starting at once another socket took one in between, the kernel died, and the page given it hung."""
    assert SETTINGS["KernelManager"]["transport"] == "ipc"


def test_a_page_built_ahead_waits_for_its_request_at_its_end() -> None:
    """A pool that builds its page ahead (BOLIVIA_BUILD_AHEAD) must end with the dashboard links, which wait
    for the visitor's request and say the page again in its language: without them it stays English."""
    pools = SETTINGS["VoilaKernelManager"]["kernel_pools_config"]
    ahead = [name for name, pool in pools.items() if pool.get("kernel_env_variables", {}).get("BOLIVIA_BUILD_AHEAD")]
    assert "play.ipynb" in ahead
    for name in ahead:
        cells = json.loads((ROOT / "notebooks" / name).read_text())["cells"]
        last = "".join([cell for cell in cells if cell["cell_type"] == "code"][-1]["source"])
        assert f'dashboard_links("{name}")' in last, f"{name} is built ahead but does not end with its links"


def test_a_page_not_made_in_time_is_waited_for_then_said_in_words() -> None:
    """nbclient's default is to wait 4 s for a cell's output after its reply, then drop it silently: a
    class of thirty on a loaded server lost a third of its tables so. Voila waits a minute, and a cell
    still too late becomes an error output the pages' template words (bolivia_widgets.serving.late_notice)."""
    executor = SETTINGS["VoilaExecutor"]
    assert executor["iopub_timeout"] >= 30
    assert executor["raise_on_iopub_timeout"] is True
    from bolivia_widgets.serving import late_notice

    assert SETTINGS["VoilaExporter"]["filters"]["late_notice"] == f"{late_notice.__module__}.{late_notice.__name__}"


def test_a_page_built_ahead_speaks_the_language_its_request_asks_for(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A kernel Voila started ahead builds its page before anyone asks (in English), then at the page's end
    waits for the visitor's request on Voila's own request socket, and says the page again in the language
    the address asks for (the address before the browser's Accept-Language)."""
    import threading

    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets
    from tornado.web import Application
    from voila.request_info_handler import RequestInfoSocketHandler

    from bolivia_core.i18n import set_language
    from bolivia_widgets.language import LanguagePicker, follow_language, follow_request, page_language

    sockets = bind_sockets(0, "127.0.0.1")
    loop = asyncio.new_event_loop()
    started = threading.Event()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        HTTPServer(Application([(r"/voila/query/(.*)", RequestInfoSocketHandler)])).add_sockets(sockets)
        loop.call_soon(started.set)
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    started.wait(10)
    for name, value in {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "kernel-a", "VOILA_SERVER_URL": "/",
                        "VOILA_APP_PORT": str(sockets[0].getsockname()[1]), "QUERY_STRING": "",
                        "HTTP_ACCEPT_LANGUAGE": "", "BOLIVIA_BUILD_AHEAD": "1"}.items():  # fmt: skip
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("bolivia_widgets.language._REQUEST", {})
    try:
        set_language(page_language("", ""))
        monkeypatch.setattr("bolivia_widgets.language._ASKED", {})  # a fresh kernel: nothing asked yet
        picker = LanguagePicker()  # built ahead: no request yet, so English
        assert picker.value == "en"
        heard: list[str] = []
        follow_language(heard.append)
        request = {"QUERY_STRING": "lang=sv", "HTTP_ACCEPT_LANGUAGE": "da,en;q=0.5"}
        loop.call_soon_threadsafe(RequestInfoSocketHandler.send_updates, {"kernel_id": "kernel-a", "payload": request})
        assert follow_request() == "sv"
        assert picker.value == "sv" and "sv" in heard, "the page was not said again in the request's language"
        assert picker.dropdown.description == "Språk"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        set_language(page_language("", ""))
