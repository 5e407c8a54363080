"""Write the lesson notebooks from their one structure in lessons/*.py, in every language.

    python scripts/lessons.py build              # every language: notebooks/NN_slug.ipynb (English),
                                                 # notebooks/<lang>/NN_slug.ipynb, run so nbval has outputs
    python scripts/lessons.py build --lang da    # one language only (what a translator runs after `fill`)
    python scripts/lessons.py build --no-run     # write the cells only, keep no outputs (quick)
    python scripts/lessons.py build --page index # only the pages named (repeatable)
    python scripts/lessons.py check              # exit 1 if a committed notebook is not what build writes

A paragraph's text comes from the ``lessons`` gettext domain (English where a language has no
translation yet); its ``{placeholders}`` are filled from the lesson's rules object and written the
language's way. Code cells are the same in every language but the one that names the page's language.
The pages' titles in every language go to widgets/lesson_titles.json, which the navigation reads.
"""

from __future__ import annotations

import argparse
import gettext
import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import bolivia_widgets  # noqa: E402, F401  (registers the pages' words: the pages' titles among them)
from bolivia_core.i18n import LANGUAGE_NAMES, LANGUAGES, format_number, render  # noqa: E402
from lessons import (  # noqa: E402
    DOMAIN,
    LOCALE_DIR,
    Code,
    Heading,
    LanguageLinks,
    Lesson,
    LessonList,
    PageItem,
    Term,
    Text,
    all_lessons,
)

NOTEBOOKS = ROOT / "notebooks"
TITLES = ROOT / "widgets" / "lesson_titles.json"
GLOSSARY = "glossary.ipynb"
IGNORE = "# NBVAL_IGNORE_OUTPUT\n"
METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python", "pygments_lexer": "ipython3"},
}
Translate = Callable[[Text | Heading], str]


def notebook_path(notebook: str, language: str) -> Path:
    """Where a page is served: English at the top of notebooks/, the others in a folder each."""
    return NOTEBOOKS / notebook if language == "en" else NOTEBOOKS / language / notebook


def translator(language: str) -> Translate:
    """A text in ``language`` from the compiled ``lessons`` catalogue (English where it has none)."""
    if language == "en":
        return lambda text: text.english
    catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    return lambda text: catalogue.pgettext(text.id, text.english)


def said(text: Text | Heading, translate: Translate, facts: dict[str, Any], language: str) -> str:
    """The text in the language with the rule values filled in, numbers written the language's way."""
    values = {k: format_number(v, language) if isinstance(v, int) else v for k, v in facts.items()}
    return translate(text).format_map(values)


def link(target: str, language: str, *, lesson_page: bool) -> str:
    """The address of a page seen from a page in ``language``'s folder.

    Lesson pages have a copy per language; the dashboards exist once and take ``?lang=``."""
    if language == "en":
        return target
    return target if lesson_page else f"../{target}?lang={language}"


def titles() -> dict[str, dict[str, str]]:
    """Every lesson page's title in every language: language -> notebook -> title."""
    found: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        translate = translator(language)
        found[language] = {lesson.notebook: _title(lesson, translate, language) for lesson in all_lessons()}
    return found


def _title(lesson: Lesson, translate: Translate, language: str) -> str:
    if lesson.title is None:
        return _page_title(lesson.notebook, language)
    return said(lesson.title, translate, lesson.facts(), language)


def _markdown(source: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def _code(source: str) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}


def cells(lesson: Lesson, language: str, all_titles: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    """The notebook's cells for one language, in the lesson's order."""
    translate = translator(language)
    facts = lesson.facts()
    title = _title(lesson, translate, language)
    out = [
        _markdown(f"# {title}"),
        _code(f'{IGNORE}from bolivia_widgets.lesson_tools import *  # noqa: F403  (the tools every lesson uses)\n\n'
              f'start_lesson("{language}", "{lesson.notebook}")'),
    ]  # fmt: skip
    items: list[str] = []
    for cell in lesson.cells:
        if not isinstance(cell, PageItem | LanguageLinks) and items:
            out.append(_markdown("\n".join(items)))
            items = []
        if isinstance(cell, Text):
            out.append(_markdown(said(cell, translate, facts, language)))
        elif isinstance(cell, Heading):
            out.append(_markdown("#" * cell.level + " " + said(cell, translate, facts, language)))
        elif isinstance(cell, Code):
            out.append(_code(cell.source if cell.shown else IGNORE + cell.source))
        elif isinstance(cell, Term):
            term, what = cell.texts()
            name = said(term, translate, facts, language)
            english = f" · *{term.english}*" if language != "en" and name.casefold() != term.english.casefold() else ""
            out.append(_markdown(f"### {name}{english}\n\n{said(what, translate, facts, language)}"))
            if cell.cards:
                out.append(_code(f'{IGNORE}show_cards("{cell.cards}")'))
        elif isinstance(cell, PageItem):
            lesson_page = cell.notebook in all_titles["en"]
            name = all_titles[language][cell.notebook] if lesson_page else _page_title(cell.notebook, language)
            target = link(cell.notebook, language, lesson_page=lesson_page)
            items.append(f"- [{name}]({target}): {said(cell.what, translate, facts, language)}")
        elif isinstance(cell, LanguageLinks):
            links = [f"[{LANGUAGE_NAMES[other]}]({link(cell.notebook, language, lesson_page=False).split('?')[0]}"
                     f"?lang={other})" for other in LANGUAGES if other != language]  # fmt: skip
            items.append(f"  {said(cell.text, translate, facts, language)} " + " · ".join(links))
        elif isinstance(cell, LessonList):
            lessons = [n for n in all_titles[language] if n[:2].isdigit()] + [GLOSSARY]
            out.append(_markdown("\n".join(f"- [{all_titles[language][n]}]({n})" for n in lessons)))
    if items:
        out.append(_markdown("\n".join(items)))
    out.append(_code(f'{IGNORE}lesson_links("{lesson.notebook}")'))
    for number, cell in enumerate(out):
        cell["id"] = f"{lesson.slug}-{number:02d}"[-64:]
    return out


def _page_title(notebook: str, language: str) -> str:
    return render(f"page-title:{notebook.removesuffix('.ipynb')}", language=language)


def notebook(lesson: Lesson, language: str, all_titles: dict[str, dict[str, str]]) -> dict[str, Any]:
    """The whole notebook of a lesson in a language, outputs not yet run."""
    title = all_titles[language][lesson.notebook]
    tab = title if lesson.slug == "index" else render("page-tab-title", {"title": title}, language)
    return {
        "cells": cells(lesson, language, all_titles),
        "metadata": {**METADATA, "title": tab, "language": language},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def skeleton(book: dict[str, Any]) -> dict[str, Any]:
    """A notebook as build writes it before running: what must not be edited by hand."""
    def source(cell: dict[str, Any]) -> str:
        return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]

    return {
        "cells": [(cell["id"], cell["cell_type"], source(cell)) for cell in book["cells"]],
        "metadata": {key: book["metadata"].get(key) for key in ("title", "language", "kernelspec")},
    }


def run(book: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Run the notebook as nbval will, keeping the outputs it compares and none it ignores."""
    import nbclient
    import nbformat

    node = nbformat.from_dict(book)
    nbclient.NotebookClient(node, timeout=300, resources={"metadata": {"path": str(folder)}}).execute()
    result: dict[str, Any] = json.loads(nbformat.writes(node))
    result["metadata"].pop("widgets", None)
    result["metadata"]["language_info"] = METADATA["language_info"]
    for cell in result["cells"]:
        cell.get("metadata", {}).pop("execution", None)
        if cell["cell_type"] == "code" and IGNORE.strip() in "".join(cell["source"]):
            cell["outputs"] = []
    return result


def _written(book: dict[str, Any]) -> str:
    for cell in book["cells"]:
        text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        cell["source"] = text.splitlines(keepends=True)
    return json.dumps(book, indent=1, ensure_ascii=False) + "\n"


def build(languages: Iterable[str], *, execute: bool, pages: Iterable[str] = ()) -> None:
    all_titles = titles()
    TITLES.write_text(json.dumps(all_titles, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    chosen = [lesson for lesson in all_lessons() if not pages or lesson.slug in pages]
    if pages and len(chosen) != len(set(pages)):
        known = ", ".join(lesson.slug for lesson in all_lessons())
        raise SystemExit(f"unknown page in {sorted(pages)}; known pages: {known}")
    for language in languages:
        for lesson in chosen:
            path = notebook_path(lesson.notebook, language)
            path.parent.mkdir(parents=True, exist_ok=True)
            book = notebook(lesson, language, all_titles)
            if execute:
                book = run(book, path.parent)
            path.write_text(_written(book), encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")


def stale(languages: Iterable[str] = LANGUAGES) -> list[str]:
    """The committed pages (and titles) that differ from what build would write."""
    all_titles = titles()
    found = []
    if not TITLES.exists() or json.loads(TITLES.read_text(encoding="utf-8")) != all_titles:
        found.append(str(TITLES.relative_to(ROOT)))
    for language in languages:
        for lesson in all_lessons():
            path = notebook_path(lesson.notebook, language)
            expected = skeleton(json.loads(_written(notebook(lesson, language, all_titles))))
            if not path.exists() or skeleton(json.loads(path.read_text(encoding="utf-8"))) != expected:
                found.append(str(path.relative_to(ROOT)))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    building = commands.add_parser("build", help="write the notebooks (and run them, for nbval's outputs)")
    building.add_argument("--lang", choices=LANGUAGES, action="append", help="only this language (repeatable)")
    building.add_argument("--no-run", action="store_true", help="write the cells without running them")
    building.add_argument("--page", action="append", default=[], help="only this page, e.g. 04_melds (repeatable)")
    commands.add_parser("check", help="list the notebooks that differ from what build writes")
    args = parser.parse_args(argv)
    if args.command == "build":
        build(args.lang or LANGUAGES, execute=not args.no_run, pages=args.page)
        return 0
    found = stale()
    for path in found:
        print(f"{path}: not what scripts/lessons.py build writes", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())


