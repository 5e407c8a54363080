"""The kernel manager voila.json names for serving the dashboards (imported by the Voila server only).

Voila pre-starts a kernel for each dashboard and runs the page in it, so a visitor gets the page at
once; and idle kernels are culled, so closed pages do not pile up kernels. Together they race:
a pre-started kernel has been idle since it ran the page, so the standard rule (idle longer than
the timeout, no page connected) ends it in the second between handing it to a visitor and the
page's socket connecting, and the page hangs at "Loading widget...". Here a kernel that no page
has connected to yet gets the full idle timeout from the moment culling first meets it, which,
for a pre-started kernel, is after it was handed out (Voila never culls the kernels in its pool).
"""

from __future__ import annotations

import time
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["PageKernelManager"]


class PageKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Culls idle kernels as Jupyter does, except one whose page has not connected yet."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # kernel id -> when culling first found no page had ever connected; None once one has
        self._waiting_for_page: dict[str, float | None] = {}

    def notify_connect(self, kernel_id: str) -> None:
        self._waiting_for_page[kernel_id] = None
        super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        waiting_since = self._waiting_for_page.setdefault(kernel_id, time.monotonic())
        if waiting_since is not None and time.monotonic() - waiting_since <= self.cull_idle_timeout:
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        if not restart:
            self._waiting_for_page.pop(kernel_id, None)
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)
