"""The page's language: asked for in its address (``?lang=sv``), else by the browser
(Accept-Language), else English; and a picker that changes it in place.

Under Voilà the query string and the Accept-Language header reach the kernel as environment
variables (``voila.utils.get_query_string`` waits for them in a pre-started kernel; the header
is passed on because ``voila.json`` names it in ``http_header_envs``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as widgets
import traitlets

from bolivia_core.i18n import LANGUAGE_NAMES, LANGUAGES, normalise_language, render, set_language
from bolivia_core.rules import PRESETS, rules_title  # rules_title: the widgets' name for it, as before

__all__ = [
    "LanguagePicker", "PageLanguage", "accepted_languages", "change_page_language", "follow_language",
    "page_language", "refusal_of", "rule_choices", "rules_title", "set_page_language",
]  # fmt: skip

HERE = Path(__file__).parent
_ASKED: dict[str, str] = {}  # the page's answer, once: a pre-started kernel waits for one request only
_FOLLOWERS: list[Callable[[str], None]] = []  # views outside any widget (a page's heading) that every picker tells


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
    """The language this page should speak: ``?lang=`` first, then the browser's choice, then English."""
    if query is None and accept is None and "language" in _ASKED:
        return _ASKED["language"]
    if query is None:
        try:
            from voila.utils import get_query_string

            query = get_query_string() or ""
        except ImportError:  # not under Voilà
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


class PageLanguage(anywidget.AnyWidget):
    """Sets the page's ``lang`` attribute; shows nothing."""

    _esm = HERE / "language.js"
    language = traitlets.Unicode("en").tag(sync=True)


class LanguagePicker(widgets.HBox):
    """Choose the page's language: the process's default changes, the page's ``lang`` follows,
    and every view given to ``on_change`` is said again in place."""

    def __init__(self, language: str | None = None, **kwargs: Any) -> None:
        chosen = set_language(language or page_language())
        self.dropdown = widgets.Dropdown(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=chosen,
            description=render("page:language"), layout=widgets.Layout(width="16em"),
        )  # fmt: skip
        self.page = PageLanguage(language=chosen)
        self._listeners: list[Callable[[str], None]] = []
        self.dropdown.observe(self._changed, names="value")
        super().__init__([self.dropdown, self.page], **kwargs)
        self.add_class("bolivia-language")

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
