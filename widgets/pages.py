"""The pages in the order a newcomer reads them: each page's title and its links to the others.

One list says the order, so every page's "next" link, its browser-tab title and the index's
"start here" agree; every word comes from the message catalogue.
"""

from __future__ import annotations

import html

from IPython.display import HTML

from bolivia_core.messages import render

__all__ = ["PAGES", "page_links", "page_tab_title", "page_title", "start_here"]

PAGES: tuple[str, ...] = (
    "index.ipynb",
    "01_cards_and_values.ipynb",
    "02_melds.ipynb",
    "03_discard_pile.ipynb",
    "04_initial_meld.ipynb",
    "05_red_and_black_threes.ipynb",
    "06_going_out.ipynb",
    "07_scoring_a_hand.ipynb",
    "canasta_to_bolivia.ipynb",
    "variants_compared.ipynb",
    "play.ipynb",
    "meld_lab.ipynb",
    "meld_checker.ipynb",
    "score_calculator.ipynb",
    "scenario_explorer.ipynb",
    "variant_explorer.ipynb",
    "game_viewer.ipynb",
)
"""Every page, in reading order: the index, the lessons, the variants, then the dashboards."""

_ROW = "display: flex; flex-wrap: wrap; gap: 0.5em 1.5em; margin: 1.5em 0 0.5em"


def _known(notebook: str) -> str:
    if notebook not in PAGES:
        raise ValueError(f"unknown page {notebook!r}; expected one of: {', '.join(PAGES)}")
    return notebook


def page_title(notebook: str) -> str:
    """The page's title in words, as its heading and the links to it say it."""
    return render(f"page-title:{_known(notebook).removesuffix('.ipynb')}")


def page_tab_title(notebook: str) -> str:
    """The browser tab's title (the notebook's ``metadata.title``, which Voila puts in <title>)."""
    if notebook == PAGES[0]:
        return page_title(notebook)
    return render("page-tab-title", {"title": page_title(notebook)})


def _link(notebook: str, text: str, rel: str) -> str:
    """A link with its relation both as ``rel`` and as a class (a page's renderer may rewrite ``rel``)."""
    return f"<a href='{html.escape(notebook)}' rel='{rel}' class='bolivia-nav-{rel}'>{html.escape(text)}</a>"


def page_links(notebook: str) -> HTML:
    """The links at a page's end: back to the index, the previous page and the next one."""
    index = PAGES.index(_known(notebook))
    links = [_link(PAGES[0], render("page-nav-index"), "index")] if index else []
    if index > 1:
        previous = PAGES[index - 1]
        links.append(_link(previous, render("page-nav-previous", {"title": page_title(previous)}), "prev"))
    if index + 1 < len(PAGES):
        following = PAGES[index + 1]
        links.append(_link(following, render("page-nav-next", {"title": page_title(following)}), "next"))
    label = html.escape(render("page-nav-label"))
    return HTML(f"<nav class='bolivia-page-nav' aria-label='{label}' style='{_ROW}'>{''.join(links)}</nav>")


def start_here() -> HTML:
    """The index's pointer for a newcomer: where to begin."""
    first = PAGES[1]
    text = render("page-start-here", {"title": page_title(first)})
    return HTML(f"<p class='bolivia-start-here'><b>{_link(first, text, 'next')}</b></p>")
