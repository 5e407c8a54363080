"""The kernel manager and identity provider voila.json names for serving the pages (imported by the
Voila server only).

Voila pre-starts a kernel for each dashboard and runs the page in it, so a visitor gets the page at
once; and idle kernels are culled, so closed pages do not pile up kernels. Together they race:
a pre-started kernel has been idle since it ran the page, so the standard rule (idle longer than
the timeout, no page connected) ends it in the second between handing it to a visitor and the
page's socket connecting, and the page hangs at "Loading widget...". Here a kernel that no page
has connected to yet gets the full idle timeout (and at least ``connect_grace``) from the moment
culling first meets it, which, for a pre-started kernel, is after it was handed out (Voila never
culls the kernels in its pool). A page built ahead arrives at once, while its browser may take many
seconds more to load the page's scripts and connect: a short idle timeout alone ended such kernels.

For a class (``class_size``, which ``CLASS_SIZE=30 bash scripts/serve.sh`` sets), the class's pages
keep as many kernels waiting as learners open them at once, and every pool is filled in steps: a few
kernels at a time, each once the one before has run its page, and only while no page handed out in
the last minute is still being made. Voila's own refill starts every missing kernel at once, a second
after the page that emptied the pool: thirty kernels starting together took the cores from the thirty
pages being opened, and every one of them finished late.
"""

from __future__ import annotations

import asyncio
import html
import json
import time
from collections.abc import Callable
from typing import Any

import psutil
from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer, List, Unicode

from bolivia_core.i18n import LANGUAGES, render

__all__ = ["PageIdentityProvider", "PageKernelManager", "late_notice"]

LATE = ("class-late-title", "class-late-why", "class-late-what")
# Shows the notice's copy in the page's language: the address's ?lang=, else the language of the page's
# copy (a lesson's folder, written on the page by language-copy.js), else the browser's, else English;
# aliases as bolivia_core.i18n.normalise_language reads them.
_CHOOSE = """(function () {
  var box = document.currentScript.parentNode, known = JSON.parse(box.getAttribute("data-languages"));
  var aliases = { no: "nb", nn: "nb", se: "sv", dk: "da", cz: "cs" };
  var copy = document.querySelector("script[data-language]");
  var query = new URLSearchParams(location.search);
  var wanted = [query.get("lang"), copy && copy.getAttribute("data-language")].concat(navigator.languages || []);
  for (var i = 0; i < wanted.length; i++) {
    var key = String(wanted[i] || "").trim().replace(/_/g, "-").split("-")[0].toLowerCase();
    key = aliases[key] || key;
    if (known.indexOf(key) >= 0) { box.querySelector("[lang=" + key + "]").hidden = false; return; }
  }
  box.querySelector("[lang=en]").hidden = false;
})();"""


BUSY_PAGE = 60.0  # seconds after its hand-out during which a busy kernel counts as a page being made


def _sized(pools: dict[str, Any], notebook: str, size: int) -> dict[str, Any]:
    """Voila's pools setting with ``notebook``'s pool of ``size`` kernels (its other settings kept)."""
    return {**pools, notebook: {**pools.get(notebook, pools.get("default", {})), "pool_size": size}}


class PageKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Culls idle kernels as Jupyter does, except one whose page has not connected yet; with Voila's
    pre-started kernels (``preheat_kernel``, which makes Voila's manager a subclass of this one), sizes
    the class pages' pools and fills every pool in steps."""

    class_size = Integer(
        0, config=True, help="Learners who open the class pages at once: each class page keeps that many kernels "
        "waiting with its page run (0: the pools voila.json sets)."
    )  # fmt: skip
    class_pages = List(
        Unicode(), ["play.ipynb"], config=True, help="The pages a class opens together (notebooks/' paths)."
    )  # fmt: skip
    connect_grace = Float(
        60.0, config=True, help="Seconds a kernel waits for its page to connect before idle culling may end it."
    )  # fmt: skip
    refill_step = Integer(2, config=True, help="Kernels started at a time while filling the pools.")
    refill_quiet = Float(2.0, config=True, help="Seconds without a page handed out before the pools refill.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # kernel id -> when culling first found no page had ever connected; None once one has
        self._waiting_for_page: dict[str, float | None] = {}
        self._handed_out: dict[str, float] = {}  # kernel id -> when its page was handed to a visitor
        self._last_hand_out = 0.0
        self._refill: asyncio.Task[None] | None = None
        self._refill_arguments: dict[str, dict[str, Any]] = {}
        if hasattr(self, "kernel_pools_config"):  # Voila's pre-starting manager: it fills its pools next
            self._size_pools_for_class()
            self._fill_all_at_once: Callable[..., None] = self.fill_if_needed
            self.fill_if_needed = self._fill_in_steps  # Voila's subclass calls it; its own method is shadowed
            self._hand_out: Callable[..., Any] = self.get_rendered_notebook
            self.get_rendered_notebook = self._get_rendered_notebook

    async def _get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        """Voila's hand-out of a pre-started kernel to a visitor, remembered: a page being made."""
        handed = await self._hand_out(*args, **kwargs)
        self._handed_out[handed[2]] = time.monotonic()  # (render task, rendered cells, kernel id)
        return handed

    def _size_pools_for_class(self) -> None:
        if self.class_size <= 0:
            return
        pools = self.kernel_pools_config
        for page in self.class_pages:
            pools = _sized(pools, page, max(self.class_size, self.pool_target(page)))
        self.kernel_pools_config = pools
        self.log.info("A class of %s: %s kernels waiting for each of %s", self.class_size, self.class_size,
                      ", ".join(self.class_pages))  # fmt: skip

    def pool_target(self, notebook: str) -> int:
        pools = self.kernel_pools_config
        return int(pools.get(notebook, pools.get("default", {})).get("pool_size", 0))

    def _fill_in_steps(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        """Voila calls this at start (delay 0) and after each page it hands out (delay None): remember what
        to refill, and let one background task start the kernels a step at a time."""
        if notebook_name is None:
            return
        if delay is None:
            self._last_hand_out = time.monotonic()
        self._refill_arguments[notebook_name] = kwargs
        if self._refill is None or self._refill.done():
            self._refill = asyncio.get_event_loop().create_task(self._refill_in_steps())

    def _missing(self) -> list[tuple[int, str]]:
        pools = self._pools
        return sorted(
            (len(pools.get(name, ())) - self.pool_target(name), name)
            for name in self._refill_arguments if len(pools.get(name, ())) < self.pool_target(name)
        )  # fmt: skip

    def _pages_being_made(self) -> int:
        now = time.monotonic()
        self._handed_out = {k: t for k, t in self._handed_out.items() if now - t < BUSY_PAGE and k in self}
        return sum(getattr(self.get_kernel(k), "execution_state", "") == "busy" for k in self._handed_out)

    async def _refill_in_steps(self) -> None:
        while missing := self._missing():
            quiet = self.refill_quiet - (time.monotonic() - self._last_hand_out)
            if quiet > 0 or self._pages_being_made():
                await asyncio.sleep(max(quiet, 0.25))
                continue
            started = []
            for _, name in missing[: self.refill_step]:  # the emptiest pools first
                # Voila starts kernels until the pool has its size: for one kernel, a size of one more
                whole = self.kernel_pools_config
                self.kernel_pools_config = _sized(whole, name, len(self._pools.get(name, ())) + 1)
                try:
                    self._fill_all_at_once(delay=0, notebook_name=name, **self._refill_arguments[name])
                finally:
                    self.kernel_pools_config = whole
                started.append(self._pools[name][-1])
            for task in started:
                try:
                    kernel_id = (await task)["kernel_id"]
                except Exception:  # Voila drops a pool entry whose kernel did not start; the next step retries
                    self.log.exception("a pre-started kernel did not start")
                    await asyncio.sleep(5)
                    continue
                await self._settled(kernel_id)

    async def _settled(self, kernel_id: str, limit: float = 60.0) -> None:
        """Wait until the kernel has run its page as far as it can before a visitor comes: its CPU rests."""
        try:
            process = psutil.Process(self.get_kernel(kernel_id).provisioner.process.pid)
            used = sum(process.cpu_times()[:2])
            deadline = time.monotonic() + limit
            while time.monotonic() < deadline:
                await asyncio.sleep(0.25)
                now = sum(process.cpu_times()[:2])
                if now - used < 0.02:
                    return
                used = now
        except (AttributeError, KeyError, psutil.Error):
            return  # not a local process, or gone: nothing to wait for

    def notify_connect(self, kernel_id: str) -> None:
        self._waiting_for_page[kernel_id] = None
        super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        waiting_since = self._waiting_for_page.setdefault(kernel_id, time.monotonic())
        grace = max(self.cull_idle_timeout, self.connect_grace)
        if waiting_since is not None and time.monotonic() - waiting_since <= grace:
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        if not restart:
            self._waiting_for_page.pop(kernel_id, None)
            self._handed_out.pop(kernel_id, None)
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


def late_notice(output: Any) -> str:
    """What a page shows where the server gave up waiting for a cell's output (Voila's TimeoutError
    output, voila.json's ``raise_on_iopub_timeout``): in words, with what to do, instead of a part of the
    page silently missing. The template (``bolivia/index.html.j2``) calls it as a Jinja filter. Every
    language's copy is written and the page's shows: the server cannot ask the page's kernel, which is
    the one that was late."""
    copies = []
    for language in LANGUAGES:
        title, why, what = (html.escape(render(code, language=language)) for code in LATE)
        copies.append(f'<div lang="{language}" hidden><p><strong>{title}</strong></p><p>{why}</p><p>{what}</p></div>')
    languages = html.escape(json.dumps(list(LANGUAGES)))
    return (f'<div class="bolivia-late jp-OutputArea-output" role="alert" data-languages="{languages}">'
            f'{"".join(copies)}<script>{_CHOOSE}</script></div>')  # fmt: skip
