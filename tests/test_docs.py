"""The README and the documentation site: their examples run as written, the site builds with no warning, and
every link inside it (and the README's) leads somewhere."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
README_MOST_BYTES = 10 * 1024  # the README is the project's front door; the docs hold the rest


def _doctest(path: Path) -> doctest.TestResults:
    return doctest.testfile(str(path), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)


def test_readme_examples() -> None:
    result = _doctest(README)
    assert result.attempted >= 5 and result.failed == 0


@pytest.mark.parametrize(
    "page", sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if ">>>" in p.read_text())
)
def test_docs_examples(page: str) -> None:
    result = _doctest(DOCS / page)
    assert result.attempted > 0 and result.failed == 0


def test_readme_is_short_and_starts_with_what_this_is() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.encode()) <= README_MOST_BYTES, f"README.md is {len(text.encode())} bytes; move detail into docs/"
    first_paragraph = text.split("\n\n")[1]
    assert "teaching tool" in first_paragraph and "Bolivia" in first_paragraph, first_paragraph


def test_readme_test_command_is_what_ci_runs() -> None:
    """CI runs .ci/run, which must keep calling the README's test command."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "bash scripts/test.sh" in README.read_text(encoding="utf-8")
    assert re.search(r"^bash scripts/test\.sh\b", ci, re.MULTILINE), ci


def test_readme_links_resolve() -> None:
    """Every relative link and image of the README names a file of the checkout (and a heading there, for #)."""
    text = re.sub(r"```.*?```|`[^`]*`", "", README.read_text(encoding="utf-8"), flags=re.DOTALL)  # not code
    links = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'(?:src|srcset)="([^"]+)"', text)
    assert links, "the README links into the docs"
    broken = []
    for link in links:
        parts = urlsplit(link)
        if parts.scheme or parts.netloc:
            continue
        target = (ROOT / unquote(parts.path)) if parts.path else README
        if not target.exists():
            broken.append(link)
        elif parts.fragment and target.suffix == ".md" and parts.fragment not in _md_anchors(target):
            broken.append(link)
    assert not broken, broken


def _md_anchors(page: Path) -> set[str]:
    """The anchors GitHub (and MyST) give a Markdown page's headings."""
    headings = re.findall(r"^#{1,6} (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


class _Page(HTMLParser):
    """The ids of one built page, and every link, image, stylesheet and script it refers to."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.refs: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in ("id", "name" if tag == "a" else ""):
            if found.get(name):
                self.ids.add(str(found[name]))
        for name in ("href", "src"):
            if found.get(name) is not None:
                self.refs.append((tag, str(found[name])))


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built as scripts/docs.sh builds it, but from scratch, with every warning an error (-W
    --keep-going: all of them reported) and every cross-reference checked (-n)."""
    out = tmp_path_factory.mktemp("docs")
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-n", "-q", "-E"]
    where = ["-d", str(out / "doctrees"), str(DOCS), str(out / "html")]
    built = subprocess.run([*command, *where], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert built.returncode == 0 and not built.stderr.strip(), built.stderr
    return out / "html"


def test_docs_build_and_every_internal_link_resolves(built_site: Path) -> None:
    static = ("_static", "_sources", "_images")  # the theme's files (its template fragments are not pages)
    pages = {
        page: _parse(page) for page in built_site.rglob("*.html") if page.relative_to(built_site).parts[0] not in static
    }
    assert len(pages) > 20, sorted(pages)
    broken, fetched = [], []
    for page, parsed in pages.items():
        for tag, ref in parsed.refs:
            parts = urlsplit(ref)
            if parts.scheme or parts.netloc:
                if tag != "a":  # an image, stylesheet or script from another site: the site must work offline
                    fetched.append(f"{page.relative_to(built_site)}: {ref}")
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file() or not target.is_relative_to(built_site.resolve()):
                broken.append(f"{page.relative_to(built_site)}: {ref}")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if parts.fragment not in ids:
                    broken.append(f"{page.relative_to(built_site)}: {ref} (no such anchor)")
    assert not broken, "\n".join(sorted(set(broken)))
    assert not fetched, "\n".join(sorted(set(fetched)))


def test_docs_hold_the_generated_parts(built_site: Path) -> None:
    """The rules tables, the import contract and the API reference are made from the project's data."""
    from bolivia_core.rules import PRESETS

    rules = (built_site / "rules.html").read_text(encoding="utf-8")
    for knob in PRESETS["bolivia"].knobs():
        assert f">{knob.name}<" in rules, knob.name
    architecture = (built_site / "develop" / "architecture.html").read_text(encoding="utf-8")
    assert "The engine imports nothing of Jupyter, the widgets or the pages" in architecture
    api = built_site / "api" / "generated"
    assert 'id="bolivia_core.melds.check_meld"' in (api / "bolivia_core.html").read_text(encoding="utf-8")
    assert 'id="bolivia_rooms.room.Room"' in (api / "bolivia_rooms.html").read_text(encoding="utf-8")
    assert (api / "bolivia_widgets.dashboards.html").is_file()


def _parse(page: Path) -> _Page:
    parsed = _Page()
    parsed.feed(page.resolve().read_text(encoding="utf-8"))
    return parsed
