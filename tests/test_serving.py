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
