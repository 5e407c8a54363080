"""The kernel manager and identity provider voila.json names for serving the pages (imported by the
Voila server only).

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

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["PageIdentityProvider", "PageKernelManager"]


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


class PageIdentityProvider(PasswordIdentityProvider):  # type: ignore[misc]
    """Gives every page its XSRF cookie, so the page's shutdown request is accepted when it closes.

    A page asks the server to end its kernel as it unloads, sending the ``_xsrf`` cookie's value with
    the request, but Voila's page handler never sets that cookie, so the request was refused (403) and
    each closed page's kernel lived on until idle culling. The cookie is set when a page is fetched.
    """

    async def get_user(self, handler: Any) -> User | None:
        user: User | None = await ensure_async(super().get_user(handler))
        if handler.request.method == "GET" and "/voila/render/" in handler.request.path:
            handler.current_user = user  # tornado asks for it while making the token
            _ = handler.xsrf_token  # sets the _xsrf cookie when the browser has none
        return user
