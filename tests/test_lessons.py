"""The lessons: one structure each (lessons/*.py), their prose a gettext domain of its own, generated
into a notebook per language; the committed notebooks are what the generator writes."""

from __future__ import annotations

import importlib.util
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bolivia_core import get_rules
from bolivia_core.i18n import LANGUAGES, format_number

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))  # first: ``lessons`` is the sources' package, not the script of that name
import i18n  # noqa: E402
from lessons import Code, Heading, Term, Text, all_lessons, facts  # noqa: E402  (the sources: lessons/)
from tests.test_i18n import glossary_problems  # noqa: E402  (one definition of the glossary check)


def _script(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(f"{name}_script", ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


generator = _script("lessons")  # scripts/lessons.py build

TRANSLATED = [language for language in LANGUAGES if language != "en"]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def lessons_po(language: str):
    with i18n.po_path(language, i18n.LESSONS).open("rb") as handle:
        return read_po(handle, locale=language)


# --- the sources -------------------------------------------------------------------------------


def test_every_lesson_teaches_with_an_example_something_to_try_and_an_exercise() -> None:
    """A lesson page is short and does three things; the index and the glossary are pages of their own."""
    found = [lesson for lesson in all_lessons() if lesson.slug[:2].isdigit()]
    assert [lesson.slug[:2] for lesson in found] == [f"{n:02d}" for n in range(1, len(found) + 1)]
    for lesson in found:
        headings = [cell.id for cell in lesson.cells if isinstance(cell, Heading)]
        # a rule set's lesson shows the rule sets side by side where another lesson shows a real deal
        assert headings in (["common:example", "common:try", "common:exercise"],
                            ["common:side-by-side", "common:try", "common:exercise"]), lesson.slug
        last = lesson.cells[-1]
        assert isinstance(last, Code) and re.search(r"(Action|Score|Meld|Winner)Quiz\(", last.source), lesson.slug
        prose = [cell for cell in lesson.cells if isinstance(cell, Text)]
        assert 4 <= len(prose) <= 9, f"{lesson.slug}: keep a lesson short ({len(prose)} paragraphs)"


def test_every_placeholder_is_a_rule_value_of_the_lesson() -> None:
    for lesson in all_lessons():
        facts = lesson.facts()
        for text in lesson.texts():
            unknown = placeholders(text.english) - set(facts)
            assert not unknown, f"{lesson.slug} {text.id}: {unknown} are not rule values ({sorted(facts)[:5]}...)"


def test_no_rule_value_is_typed_into_the_prose() -> None:
    """Numbers that are rule values come from the rules object: a paragraph holding one literally
    would not follow a change of the rules (lesson numbers and card ranks are not rule values)."""
    values = set()
    for preset in ("bolivia", "swedish", "two-deck", "canasta"):
        values |= {v for v in facts(get_rules(preset)).values() if isinstance(v, int) and v >= 15}
    for lesson in all_lessons():
        for text in lesson.texts():
            typed = {int(n.replace(",", "")) for n in re.findall(r"(?<![\w{])\d[\d,]*\d(?![\w}])", text.english)}
            assert not typed & values, f"{lesson.slug} {text.id} types {typed & values} instead of a placeholder"


def test_the_rule_values_shown_are_the_rules_objects() -> None:
    """The Canasta lesson says Canasta's target and black-3 penalty, written each language's way."""
    canasta = get_rules("canasta")
    english = (ROOT / "notebooks" / "14_canasta.ipynb").read_text(encoding="utf-8")
    assert f"played to {format_number(canasta.target_score[4], 'en')}" in english
    assert f"costs only {canasta.black_three_in_hand}," in english
    danish = (ROOT / "notebooks" / "da" / "index.ipynb").read_text(encoding="utf-8")
    assert format_number(get_rules("bolivia").target_score[4], "da") in danish  # 15.000


def test_an_id_says_one_thing_everywhere() -> None:
    seen: dict[str, str] = {}
    for lesson in all_lessons():
        for text in lesson.texts():
            assert seen.setdefault(text.id, text.english) == text.english, f"{text.id} differs in {lesson.slug}"


def test_a_bad_lesson_file_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "99_bad.py"
    bad.write_text("LESSON = 'a string'\n", encoding="utf-8")
    with pytest.raises(TypeError, match=r"99_bad.py: LESSON must be a Lesson, got str"):
        sys.modules["lessons"]._load(bad)


# --- the catalogue ----------------------------------------------------------------------------


def test_the_template_holds_every_text_of_every_lesson_once() -> None:
    with i18n.pot_path(i18n.LESSONS).open("rb") as handle:
        template = read_po(handle)
    entries = {str(m.context): m.id for m in template if m.id}
    assert entries == i18n.lesson_texts(), "run scripts/i18n.py update"
    terms = [cell for lesson in all_lessons() for cell in lesson.cells if isinstance(cell, Term)]
    assert len(terms) >= 20 and all(f"{t.id}:term" in entries and f"{t.id}:what" in entries for t in terms)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_lesson_catalogue_has_every_text_with_the_same_placeholders(language: str) -> None:
    """Fails until the language's translators have finished: every paragraph translated, none fuzzy."""
    entries = {str(m.context): m for m in lessons_po(language) if m.id}
    texts = i18n.lesson_texts()
    assert sorted(entries) == sorted(texts), "ids missing from or extra in the .po: run scripts/i18n.py update"
    missing = [code for code, english in texts.items() if not entries[code].string or entries[code].fuzzy
               or entries[code].id != english]  # fmt: skip
    assert not missing, f"{language}: {len(missing)} lesson texts not translated, e.g. {missing[:3]}"
    for code, english in texts.items():
        assert placeholders(entries[code].string) == placeholders(english), f"{language} {code}: placeholders differ"
        assert entries[code].string.count("**") == english.count("**"), f"{language} {code}: bold marks differ"


@pytest.mark.parametrize("language", TRANSLATED)
def test_lesson_translations_say_the_game_s_own_words(language: str) -> None:
    """Where the English names a term of the game, the translation says the glossary's word."""
    entries = {str(m.context): m.string for m in lessons_po(language) if m.id and m.string and not m.fuzzy}
    problems = glossary_problems(language, i18n.lesson_texts(), entries)
    assert not problems, f"{language}: " + "; ".join(problems[:10])


def test_tsv_escapes_keep_a_paragraph_on_one_line() -> None:
    text = "1. **Draw**\n2. a back\\slash\tand a tab"
    line = i18n.escaped(text)
    assert "\n" not in line and "\t" not in line
    assert i18n.unescaped(line) == text


def test_fill_takes_a_translators_lines_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``missing`` output, translated and fed to ``fill``: the .po gets the paragraph with its line breaks."""
    monkeypatch.setattr(i18n, "po_path", lambda language, domain="bolivia": tmp_path / language / f"{domain}.po")
    tsv = tmp_path / "sv.tsv"
    tsv.write_text("sv (lessons): 0/1 translated, missing:\n  turn:steps\tSpelare turas om.\\n\\n1. **Dra** {draw}\n",
                   encoding="utf-8")  # fmt: skip
    i18n.fill("sv", tsv, i18n.LESSONS)
    with i18n.po_path("sv", i18n.LESSONS).open("rb") as handle:
        catalog = read_po(handle, locale="sv")
    message = next(m for m in catalog if m.context == "turn:steps")
    assert message.string == "Spelare turas om.\n\n1. **Dra** {draw}"
    bad = tmp_path / "bad.tsv"
    bad.write_text("no-such-id\ttext\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="a code of the lessons domain"):
        i18n.fill("sv", bad, i18n.LESSONS)


# --- the generated notebooks ----------------------------------------------------------------------


def test_committed_notebooks_are_what_the_generator_writes() -> None:
    """Nobody edits a lesson notebook by hand: change lessons/*.py or the .po, then build."""
    assert generator.stale() == [], "run: python scripts/lessons.py build"


def test_code_cells_are_the_same_in_every_language_but_the_one_naming_it() -> None:
    titles = generator.titles()
    for lesson in all_lessons():
        english = [c["source"] for c in generator.cells(lesson, "en", titles) if c["cell_type"] == "code"]
        for language in TRANSLATED:
            other = [c["source"] for c in generator.cells(lesson, language, titles) if c["cell_type"] == "code"]
            assert [s.replace(f'"{language}"', '"en"') for s in other] == english, f"{lesson.slug} {language}"


def test_every_page_starts_in_its_language_and_ends_with_its_links() -> None:
    """The first code cell names the page's language and notebook (it links the page's copies in the
    other languages and the glossary: tests/test_lesson_tools.py); the last links the next page."""
    titles = generator.titles()
    for lesson in all_lessons():
        for language in LANGUAGES:
            cells = generator.cells(lesson, language, titles)
            assert cells[0]["source"] == f"# {titles[language][lesson.notebook]}"
            assert f'start_lesson("{language}", "{lesson.notebook}")' in cells[1]["source"]
            assert f'lesson_links("{lesson.notebook}")' in cells[-1]["source"]


def test_a_language_without_translations_falls_back_to_english_text_not_to_nothing() -> None:
    lesson = next(lesson for lesson in all_lessons() if lesson.slug == "01_the_turn")
    said = generator.said(lesson.cells[0], lambda text: text.english, lesson.facts(), "pl")  # type: ignore[arg-type]
    assert said.startswith("Bolivia is a game of **melds**") and "162" in said
