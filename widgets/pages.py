"""The pages in the order a newcomer reads them: each page's title and its links to the others.

One list says the order, so every page's "next" link, its browser-tab title and the index's
"start here" agree. The lessons' titles come from the lessons' own catalogue (written to
``lesson_titles.json`` by ``scripts/lessons.py build``); every other word from the message catalogue.
Lesson pages have a copy per language in a folder each (``da/04_melds.ipynb``); the dashboards exist
once and take the language in their address (``?lang=da``).
"""

from __future__ import annotations

import html
import json
from functools import cache
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets
from IPython.display import HTML

from bolivia_core.i18n import get_language, has_code, normalise_language, render, set_language

from .language import follow_language, follow_request, page_language

__all__ = [
    "GLOSSARY", "PAGES", "PageTabTitle", "PageText", "dashboard_links", "lesson_titles", "page_heading",
    "page_href", "page_links", "page_pointer", "page_section", "page_tab", "page_tab_title", "page_title",
    "retitle_page", "start_here",
]  # fmt: skip

PAGES: tuple[str, ...] = (
    "index.ipynb",
    "01_the_turn.ipynb",
    "02_sides_and_partners.ipynb",
    "03_card_values.ipynb",
    "04_melds.ipynb",
    "05_the_pile.ipynb",
    "06_initial_meld.ipynb",
    "07_red_and_black_threes.ipynb",
    "08_going_out.ipynb",
    "09_end_of_a_hand.ipynb",
    "10_scoring_a_hand.ipynb",
    "11_winning_the_game.ipynb",
    "12_swedish.ipynb",
    "13_two_deck.ipynb",
    "14_canasta.ipynb",
    "glossary.ipynb",
    "variants_compared.ipynb",
    "play.ipynb",
    "meld_lab.ipynb",
    "meld_checker.ipynb",
    "score_calculator.ipynb",
    "scenario_explorer.ipynb",
    "variant_explorer.ipynb",
    "variant_lab.ipynb",
    "game_viewer.ipynb",
)
"""Every page, in reading order: the index, the lessons and the glossary, the variants, then the dashboards."""

GLOSSARY = "glossary.ipynb"
_ROW = "display: flex; flex-wrap: wrap; gap: 0.5em 1.5em; margin: 1.5em 0 0.5em"


@cache
def lesson_titles() -> dict[str, dict[str, str]]:
    """Each lesson page's title in each language (language -> notebook -> title)."""
    titles: dict[str, dict[str, str]] = json.loads(Path(__file__).with_name("lesson_titles.json").read_text("utf-8"))
    return titles


def _known(notebook: str) -> str:
    if notebook not in PAGES:
        raise ValueError(f"unknown page {notebook!r}; expected one of: {', '.join(PAGES)}")
    return notebook


def page_title(notebook: str) -> str:
    """The page's title in words, in the current language, as its heading and the links to it say it."""
    titles = lesson_titles().get(get_language(), {})
    if _known(notebook) in titles:
        return titles[notebook]
    return render(f"page-title:{notebook.removesuffix('.ipynb')}")


def page_tab_title(notebook: str) -> str:
    """The browser tab's title (the notebook's ``metadata.title``, which Voila puts in <title>)."""
    if notebook == PAGES[0]:
        return page_title(notebook)
    return render("page-tab-title", {"title": page_title(notebook)})


def page_href(target: str, folder_language: str | None = None, language: str | None = None) -> str:
    """The address of ``target`` from a page in ``folder_language``'s folder (``None``: the top folder).

    A lesson page links to its own language's copy of another lesson; a dashboard is reached with the
    language in its address. A page of the top folder shown in ``language`` (a dashboard opened with
    ``?lang=da``) links to that language's lessons and dashboards."""
    is_lesson = target in lesson_titles()["en"]
    if folder_language is None:
        shown = normalise_language(language) if language else "en"
        if shown == "en":
            return target
        return f"{shown}/{target}" if is_lesson else f"{target}?lang={shown}"
    if normalise_language(folder_language) == "en" or is_lesson:
        return target
    return f"../{target}?lang={normalise_language(folder_language)}"


def _link(href: str, text: str, rel: str) -> str:
    """A link with its relation both as ``rel`` and as a class (a page's renderer may rewrite ``rel``)."""
    return f"<a href='{html.escape(href)}' rel='{rel}' class='bolivia-nav-{rel}'>{html.escape(text)}</a>"


def page_links(notebook: str, folder_language: str | None = None) -> HTML:
    """The links at a page's end: back to the index, the previous page, the next one and the glossary.

    ``folder_language`` is the language of the folder the page is served from (a lesson's copy)."""
    return HTML(_nav_html(notebook, folder_language, None))


def dashboard_links(notebook: str) -> widgets.HTML:
    """A dashboard's links (it lives in the top folder and takes its language from its address):
    said in the page's language, to that language's lessons, and said again when a picker changes it.
    The links come last on every dashboard: a page built ahead waits there for its visitor's request
    (``language.follow_request``) and is said again in the language it asks for."""
    follow_request()
    nav = widgets.HTML()

    def say(language: str) -> None:
        nav.value = _nav_html(notebook, None, language)

    say(set_language(page_language()))
    follow_language(say)
    return nav


def _nav_html(notebook: str, folder_language: str | None, language: str | None) -> str:
    index = PAGES.index(_known(notebook))

    def href(target: str) -> str:
        return page_href(target, folder_language, language)

    links = [_link(href(PAGES[0]), render("page-nav-index"), "index")] if index else []
    if index > 1:
        previous = PAGES[index - 1]
        links.append(_link(href(previous), render("page-nav-previous", {"title": page_title(previous)}), "prev"))
    if index + 1 < len(PAGES):
        following = PAGES[index + 1]
        links.append(_link(href(following), render("page-nav-next", {"title": page_title(following)}), "next"))
    if notebook != GLOSSARY:
        links.append(_link(href(GLOSSARY), page_title(GLOSSARY), "glossary"))
    label = html.escape(render("page-nav-label"))
    return f"<nav class='bolivia-page-nav' aria-label='{label}' style='{_ROW}'>{''.join(links)}</nav>"


def start_here(folder_language: str | None = None) -> HTML:
    """The index's pointers for a newcomer: where to begin learning, and the game itself for one who
    would rather learn by playing (it was only in the dashboards' list)."""
    first = PAGES[1]
    text = render("page-start-here", {"title": page_title(first)})
    playing = render("page-start-playing", {"title": page_title("play.ipynb")})
    return HTML(
        f"<p class='bolivia-start-here'><b>{_link(page_href(first, folder_language), text, 'next')}</b></p>"
        f"<p class='bolivia-start-playing'><a href='{html.escape(page_href('play.ipynb', folder_language))}' "
        f"class='bolivia-nav-play'>{html.escape(playing)}</a></p>"
    )


class PageTabTitle(anywidget.AnyWidget):
    """Sets the browser tab's title; shows nothing. Voila puts the notebook's ``metadata.title`` in
    <title>, in English: a dashboard speaks the page's language, so its tab says the same."""

    _esm = Path(__file__).with_name("page_title.js")
    title = traitlets.Unicode("").tag(sync=True)
    heading = ""  # the code of the title the page took since (``retitle_page``); "" while it is its notebook's


class PageText(widgets.HTML):
    """A heading and its paragraphs from the catalogue, in the page's language; it follows every
    language picker on the page, so a notebook's prose changes language with its widgets."""

    def __init__(self, heading: str, paragraphs: Sequence[str] = (), level: int = 2, **kwargs: Any) -> None:
        for code in (heading, *paragraphs):
            if not has_code(code):
                raise ValueError(f"unknown message code {code!r}: a page's text must be in the catalogue")
        super().__init__(**kwargs)
        self.heading, self.paragraphs, self.level = heading, tuple(paragraphs), level
        self.tab: PageTabTitle | None = None  # a dashboard's heading has the tab's title beside it
        set_language(page_language())
        self.add_class("bolivia-page-text")
        self.say()
        follow_language(lambda _language: self.say())

    def _ipython_display_(self, **kwargs: Any) -> None:
        """The heading first, then (a dashboard's) tab title beside it: the page's first output is its
        heading, not an empty box."""
        from IPython.display import display

        display(self._repr_mimebundle_(**kwargs), raw=True)
        if self.tab is not None:
            display(self.tab)

    def say(self) -> None:
        body = "".join(f"<p>{html.escape(render(code))}</p>" for code in self.paragraphs)
        self.value = f"<h{self.level}>{html.escape(render(self.heading))}</h{self.level}>{body}"


SHORT_INTROS: dict[str, tuple[str, ...]] = {"play.ipynb": ("table-page-intro",)}


def page_heading(notebook: str) -> PageText:
    """A dashboard's first cell: its title (the words of ``pages.page_title``) and its introduction,
    ``page-intro:NAME`` and ``page-more:NAME`` when the catalogue has them; a page with a card table keeps
    to one short line (``SHORT_INTROS``), so that the whole table fits the window below it. The browser
    tab's title (``pages.page_tab_title``) is shown beside it, and both follow every picker on the page."""
    stem = notebook.removesuffix(".ipynb")
    codes = SHORT_INTROS.get(notebook, (f"page-intro:{stem}", f"page-more:{stem}"))
    paragraphs = [code for code in codes if has_code(code)]
    heading = PageText(f"page-title:{stem}", paragraphs, level=1)
    heading.tab = page_tab(notebook)
    _HEADINGS[:] = [heading]
    return heading


def page_tab(notebook: str) -> PageTabTitle:
    """The browser tab's title of ``notebook`` in the page's language, following every picker."""
    set_language(page_language())
    tab = PageTabTitle(title=page_tab_title(notebook))
    follow_language(lambda _language: setattr(tab, "title", _tab_title(tab, notebook)))
    return tab


def _tab_title(tab: PageTabTitle, notebook: str) -> str:
    return render("page-tab-title", {"title": render(tab.heading)}) if tab.heading else page_tab_title(notebook)


_HEADINGS: list[PageText] = []  # the page's heading (``page_heading``): a page that becomes another says so


def retitle_page(heading: str, paragraphs: Sequence[str] = ()) -> None:
    """The page became another (the play page a shared table's seat, or a watch link's view): its heading,
    introduction and tab's title say so from now on, in every language (codes of the catalogue)."""
    for code in (heading, *paragraphs):
        if not has_code(code):
            raise ValueError(f"unknown message code {code!r}: a page's text must be in the catalogue")
    for shown in _HEADINGS:
        shown.heading, shown.paragraphs = heading, tuple(paragraphs)
        shown.say()
        if shown.tab is not None:
            shown.tab.heading = heading
            shown.tab.title = render("page-tab-title", {"title": render(heading)})


def page_section(heading: str, *paragraphs: str) -> PageText:
    """A section heading further down a page, with its paragraphs: codes of the catalogue."""
    return PageText(heading, paragraphs, level=2)


def page_pointer(target: str, code: str) -> widgets.HTML:
    """A sentence pointing to another page (``code`` has a ``{title}`` for the link's words), said in the
    page's language and again when a picker changes it: the variant explorer points to the Variant lab."""
    if not has_code(code):
        raise ValueError(f"unknown message code {code!r}: a page's text must be in the catalogue")
    pointer = widgets.HTML()

    def say(language: str) -> None:
        title = page_title(target)
        href = html.escape(page_href(target, None, language))
        link = f"<a href='{href}' class='bolivia-pointer'>{html.escape(title)}</a>"
        pointer.value = "<p>" + html.escape(render(code, {"title": "\x00"})).replace("\x00", link) + "</p>"

    say(set_language(page_language()))
    follow_language(say)
    return pointer
