"""The page's language: asked for in its address (``?lang=sv``), else by the browser
(Accept-Language), else English; and a picker that changes it in place.

Under Voilà the query string and the Accept-Language header reach the kernel as environment
variables (the header because ``voila.json`` names it in ``http_header_envs``). A kernel Voilà starts
ahead (a dashboard's pool) has no request yet, and waits for it where the page first asks for its
language. A page whose pool sets ``BOLIVIA_BUILD_AHEAD`` (voila.json: the play page) does not wait there:
it is built whole in English, and at its end (``follow_request``, which ``pages.dashboard_links``
calls) waits for the visitor's request and, if it asks for another language, is said again in it as a
picker would say it (0.01 CPU-s for the play page, against 0.7 for building it, which is then done
before anyone asks). Only pages all of whose words follow their picker may be built ahead.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as widgets
import traitlets

from bolivia_core.i18n import LANGUAGE_NAMES, LANGUAGES, normalise_language, render, set_card_style, set_language
from bolivia_core.rules import PRESETS, rules_title  # rules_title: the widgets' name for it, as before

__all__ = [
    "LanguagePicker", "PageLanguage", "accepted_languages", "change_page_language", "follow_language",
    "follow_request", "page_built_ahead", "page_language", "refusal_of", "request_environment", "rule_choices",
    "rules_title", "set_page_language", "when_requested",
]  # fmt: skip

HERE = Path(__file__).parent
_ASKED: dict[str, str] = {}  # the page's answer, once: a pre-started kernel waits for one request only
_FOLLOWERS: list[Callable[[str], None]] = []  # views outside any widget (a page's heading) that every picker tells
_PICKERS: list[LanguagePicker] = []  # the page's pickers: told the request's language by follow_request
_REQUEST: dict[str, str] = {}  # the visitor's request, once it has come to a kernel started ahead
_QUERY_FOLLOWERS: list[Callable[[str], None]] = []  # told the visitor's query once it comes (a page built ahead)


def rule_choices() -> list[tuple[str, str]]:
    """The presets as a picker's options: each one's title in the current language, and its name."""
    return [(rules_title(name), name) for name in PRESETS]


def accepted_languages(header: str) -> list[str]:
    """The languages of an Accept-Language header, most wanted first ("sv-SE,sv;q=0.9,en;q=0.8")."""
    ranked = []
    for position, part in enumerate(header.split(",")):
        tag, _, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, position, tag.strip()))
    return [tag for _, _, tag in sorted(ranked)]


def page_language(query: str | None = None, accept: str | None = None) -> str:
    """The language this page should speak: ``?lang=`` first, then the browser's choice, then English
    (in a kernel started ahead, English until ``follow_request`` has the request). A page says cards in
    words: people read it (the card notation is for typing)."""
    set_card_style("words")
    if query is None and accept is None and "language" in _ASKED:
        return _ASKED["language"]
    if query is None:
        if not _built_ahead():
            request_environment()  # a kernel started ahead waits here for its visitor's request
        query = os.environ.get("QUERY_STRING", "")
    if accept is None:
        accept = os.environ.get("HTTP_ACCEPT_LANGUAGE", "")
    wanted = parse_qs(query).get("lang", [])[:1] + accepted_languages(accept)
    chosen = "en"
    for tag in wanted:
        try:
            chosen = normalise_language(tag)
            break
        except ValueError:
            continue
    _ASKED["language"] = chosen
    return chosen


def _waiting_for_request() -> bool:
    return os.environ.get("VOILA_PREHEAT", "False") != "False" and "VOILA_KERNEL_ID" in os.environ


def _built_ahead() -> bool:
    return _waiting_for_request() and bool(os.environ.get("BOLIVIA_BUILD_AHEAD"))


def follow_request() -> str:
    """At the end of a page built ahead (in a kernel Voilà started before anyone asked): wait for the
    visitor's request, and if it asks for a language other than the one the page was built in, say the
    whole page again in that one, as its pickers do. Anywhere else the request came with the kernel and
    the page already speaks its language: nothing changes. The page's language."""
    if not _built_ahead() or _REQUEST:
        return page_language()
    built_in = _ASKED.pop("language", None)
    request_environment()
    chosen = page_language()
    if chosen != built_in:
        if _PICKERS:
            for picker in _PICKERS:
                picker.value = chosen  # each tells its views and every follower
        else:
            set_language(chosen)
            for listener in _FOLLOWERS:
                listener(chosen)
    waiting = list(_QUERY_FOLLOWERS)
    _QUERY_FOLLOWERS.clear()
    for follower in waiting:
        follower(os.environ.get("QUERY_STRING", ""))
    return chosen


def page_built_ahead() -> bool:
    """Whether this page is being built before its visitor asked (its query comes at ``follow_request``)."""
    return _built_ahead() and not _REQUEST


def when_requested(listener: Callable[[str], None]) -> None:
    """Have ``listener`` told the visitor's query string (``room=...&seat=2&key=...``) once it is known: at
    once where the request came with the kernel, at ``follow_request`` in a page built ahead."""
    if _built_ahead() and not _REQUEST:
        _QUERY_FOLLOWERS.append(listener)
        return
    page_language()  # a kernel started ahead (not built ahead) waits here for its visitor's request
    listener(os.environ.get("QUERY_STRING", ""))


def request_environment() -> None:
    """Put the visitor's request (``QUERY_STRING``, ``HTTP_ACCEPT_LANGUAGE``...) into the environment, as
    Voilà gives it: a kernel started for a request has it already; a pre-started one (``VOILA_PREHEAT``)
    waits here until Voilà hands it to a visitor and sends the request over the server's
    ``voila/query/<kernel id>`` socket. This is what ``voila.utils.get_query_string`` does, without
    importing ``voila.utils``, whose imports (the Jupyter server, its event schemas) cost a kernel 3.5
    CPU-seconds: most of a page's cost when a class opens it at once. Outside a pre-started kernel, or if
    the socket cannot be reached (the page then speaks the browser's language or English), it returns."""
    if not _waiting_for_request() or _REQUEST:
        return
    from websockets.exceptions import WebSocketException  # Voilà's own dependency, imported only here
    from websockets.sync.client import connect

    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    address = f"{protocol}://{host}:{port}{base}voila/query/{os.environ['VOILA_KERNEL_ID']}"
    try:  # no keepalive pings: a busy server may answer late, and the wait lasts until a visitor comes
        with connect(address, open_timeout=10, ping_interval=None, proxy=None) as socket:
            request = json.loads(socket.recv())
    except (OSError, WebSocketException, ValueError) as error:  # no server, refused, closed, not JSON
        print(f"the page's request did not arrive from {address} ({error})", file=sys.stderr)
        return
    if isinstance(request, dict):
        _REQUEST.update({str(name): str(value) for name, value in request.items()})
        os.environ.update(_REQUEST)


class PageLanguage(anywidget.AnyWidget):
    """Sets the page's ``lang`` attribute; shows nothing."""

    _esm = HERE / "language.js"
    language = traitlets.Unicode("en").tag(sync=True)


class LanguagePicker(widgets.HBox):
    """Choose the page's language: the process's default changes, the page's ``lang`` follows,
    and every view given to ``on_change`` is said again in place."""

    def __init__(self, language: str | None = None, **kwargs: Any) -> None:
        chosen = set_language(language or page_language())
        set_card_style("words")
        self.dropdown = widgets.Dropdown(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=chosen,
            description=render("page:language"), layout=widgets.Layout(width="16em"),
        )  # fmt: skip
        self.page = PageLanguage(language=chosen)
        self._listeners: list[Callable[[str], None]] = []
        self.dropdown.observe(self._changed, names="value")
        super().__init__([self.dropdown, self.page], **kwargs)
        self.add_class("bolivia-language")
        _PICKERS.append(self)

    @property
    def value(self) -> str:
        return str(self.dropdown.value)

    @value.setter
    def value(self, language: str) -> None:
        self.dropdown.value = normalise_language(language)

    def on_change(self, listener: Callable[[str], None]) -> None:
        self._listeners.append(listener)

    def _changed(self, change: dict[str, Any]) -> None:
        language = set_language(change["new"])
        self.page.language = language
        self.dropdown.description = render("page:language")
        for listener in (*self._listeners, *_FOLLOWERS):
            listener(language)


def set_page_language(language: str) -> str:
    """Make ``language`` the page's own (a lesson's copy in its language's folder, whose address has no
    ``?lang=``): every widget that asks which language the page speaks is told this one."""
    _ASKED["language"] = set_language(language)
    set_card_style("words")  # a page says cards in words: people read it (the notation is for typing)
    return _ASKED["language"]


def change_page_language(language: str) -> str:
    """Change the page's language from a widget other than a picker (the card table's menu): every view
    that follows the language is told, as a picker tells them."""
    chosen = set_page_language(language)
    for listener in list(_FOLLOWERS):
        listener(chosen)
    return chosen


def follow_language(listener: Callable[[str], None]) -> None:
    """Have ``listener`` told the new language whenever any picker on the page changes it."""
    _FOLLOWERS.append(listener)


def refusal_of(saved: str) -> str:
    """Why a saved game (JSON) or a position (scenario notation) is refused, in the current language:
    read again, so that a page can say a refusal again when its language changes ("" if none)."""
    from bolivia_core.game import Game

    try:
        Game.from_json(saved) if saved.lstrip().startswith("{") else Game.from_position(saved)
    except ValueError as error:
        return str(error)
    return ""
