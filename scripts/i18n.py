"""Keep the translations in step with the English catalogues, one gettext domain per layer, each beside
its package: the engine's words (``bolivia``: bolivia_core/i18n/messages.py), the computer players'
(``players``: bolivia_core/players/messages.py), the command line's and tools' (``tools``:
bolivia_core/tools/messages.py), the rooms' (``rooms``: bolivia_rooms/messages.py), the pages'
(``widgets``: widgets/messages.py) and the lessons' prose (``lessons``: the paragraphs of lessons/*.py).

    python scripts/i18n.py update           # templates, merge into every .po, compile .mo, list gaps (every domain)
    python scripts/i18n.py missing [LANG]   # the codes each language still lacks, domain by domain (exit 1 if any)
    python scripts/i18n.py fill LANG FILE   # take translations from FILE: one "code<TAB>template" a line
    python scripts/i18n.py compare REV      # every translation at git revision REV is still here, unchanged
    python scripts/i18n.py missing --domain lessons da   # one domain only (update and fill take it too)

A code belongs to one domain, so ``fill`` sends each line to the domain that holds its code. In the
lessons domain a paragraph may span lines: ``missing`` and ``fill`` write a line break inside a text as
backslash-n (and a backslash as two), so each text stays one line of the file.

After a merge brings new codes: ``update`` adds them to every .po (an English text that changed marks
its translation fuzzy, so it falls back to English until checked), ``missing`` lists them, and ``fill``
takes a translator's lines back in and compiles. Babel does the .po and .mo work here (a test
dependency); the engine reads the .mo with the standard library alone.
"""

from __future__ import annotations

import argparse
import datetime
import io
import re
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import bolivia_core.players  # noqa: E402  (each layer registers its words when imported)
import bolivia_core.tools  # noqa: E402, F401
import bolivia_rooms  # noqa: E402, F401
import bolivia_widgets  # noqa: E402, F401
import lessons  # noqa: E402
from bolivia_core.i18n import DOMAIN, LANGUAGE_NAMES, LANGUAGES, PLURAL_CATEGORIES, catalogues  # noqa: E402

LESSONS = lessons.DOMAIN
TRANSLATED = tuple(language for language in LANGUAGES if language != "en")
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # stable headers: a diff shows only texts
REPORT_LINE = re.compile(r"^\w+ \(\w+\): \d+/\d+ translated")  # ``missing``'s heading, skipped by ``fill``
FIELD = re.compile(r"\{(\w+)(?::([^{}]*))?\}")
CARD_FIELDS = {"card", "cards", "upcard", "melds", "top", "partners"}

# Catalogue codes whose English texts contain the game's own notation.
NOTATION_CODES = {"pile-way": "{ways} lists the ways to take the pile (the way:... codes), said in your language."}

# What each domain's words are, for the headers of its files.
WHAT = {
    "bolivia": "the engine's words (rules, refusals, the game's log)",
    "players": "the computer players' words (rationales, hints, the coach's warnings)",
    "tools": "the command line's and tools' words (help, rules sheets, simulations, studies)",
    "rooms": "the rooms' words (seats, invitations, refusals)",
    "widgets": "the pages' words (the card table, the dashboards, the lessons' exercises and tools)",
    LESSONS: "the lessons' prose",
}


def lesson_texts() -> dict[str, str]:
    """Every text of every lesson page: id -> English, in page order; an id used twice must say the same."""
    texts: dict[str, str] = {text.id: text.english for text in lessons.PAGE_TEXTS}
    for lesson in lessons.all_lessons():
        for text in lesson.texts():
            if texts.setdefault(text.id, text.english) != text.english:
                raise SystemExit(f"lessons/{lesson.slug}: id {text.id!r} says something else elsewhere")
    return texts


@dataclass(frozen=True)
class Domain:
    """A gettext domain as this tool keeps it: its English (code -> text) and the folder of its files."""

    name: str
    english: Callable[[], dict[str, str]]
    locale_dir: Path
    paragraphs: bool = False  # the lessons' Markdown paragraphs: other notes, texts escaped in TSV lines


def _domains() -> dict[str, Domain]:
    found = {c.domain: Domain(c.domain, lambda c=c: dict(c.english), c.locale_dir) for c in catalogues()}
    found[LESSONS] = Domain(LESSONS, lesson_texts, lessons.LOCALE_DIR, paragraphs=True)
    return found


DOMAINS = _domains()


def domain_of(name: str) -> Domain:
    if name not in DOMAINS:
        raise SystemExit(f"unknown domain {name!r}; known domains: {', '.join(DOMAINS)}")
    return DOMAINS[name]


def english(domain: str = DOMAIN) -> dict[str, str]:
    """The English catalogue of a domain: code -> text."""
    return domain_of(domain).english()


def po_path(language: str, domain: str = DOMAIN) -> Path:
    return domain_of(domain).locale_dir / language / "LC_MESSAGES" / f"{domain}.po"


def mo_path(language: str, domain: str = DOMAIN) -> Path:
    return po_path(language, domain).with_suffix(".mo")


def pot_path(domain: str = DOMAIN) -> Path:
    return domain_of(domain).locale_dir / f"{domain}.pot"


def translator_notes(code: str, english: str, language: str | None) -> list[str]:
    """What a translator must keep: placeholders, card notation, plural-form syntax."""
    notes = []
    fields = FIELD.findall(english)
    plain = sorted({name for name, spec in fields if not spec})
    counted = sorted({name for name, spec in fields if spec.split(":")[0] in ("n", "most")})
    listed = sorted({"{" + name + ":" + spec + "}" for name, spec in fields if spec in ("and", "or", "+")})
    if plain:
        notes.append("Keep these placeholders exactly: " + ", ".join("{" + name + "}" for name in plain) + ".")
    if listed:
        notes.append("Keep these list fields exactly, spec included: " + ", ".join(listed) + ".")
    if CARD_FIELDS & {name for name, _spec in fields}:
        notes.append("Card fields are said as card names on a page (card notation on the command line): give the "
                     "case your sentence needs, {card:acc}, {cards:ins}, a preposition first {card:s+ins}, or the "
                     "word agreeing with the card {card:agree:m=...|f=...|n=...|pl=...} (bolivia_core/i18n/"
                     "locale/card_names.json).")
    if counted:
        order = "|".join(PLURAL_CATEGORIES[language]) if language else "the language's CLDR categories"
        notes.append(
            "Counted fields " + ", ".join("{" + name + ":n:...}" for name in counted)
            + f": keep the name and write the word's forms as {order}, e.g. {{count:n:form|form}}; "
            "# stands for the number; an extra form 0=... is said for zero."
        )
    if "{rules}" in english:
        notes.append("{rules} is a rule set's title (Bolivia, Swedish, Canasta).")
    if code in NOTATION_CODES:
        notes.append(NOTATION_CODES[code])
    if code.startswith("knob:"):
        notes.append("What the rule knob " + code[5:] + " means, shown beside its value.")
    return notes


def lesson_notes(english_text: str) -> list[str]:
    """What a translator of a lesson's text must keep: its placeholders and its Markdown."""
    notes = []
    names = sorted({name for name, _spec in FIELD.findall(english_text)})
    if names:
        notes.append(
            "Keep these placeholders exactly: " + ", ".join("{" + name + "}" for name in names)
            + " (rule values, filled in and written the language's way by scripts/lessons.py)."
        )
    if "**" in english_text or "\n" in english_text:
        notes.append("Markdown: keep **bold** marks, list markers (1. / -) and line breaks.")
    if '"' in english_text and any(word in english_text for word in ("add ", "meld ", "take pile")):
        notes.append("Action notation in quotes (add KD to 2) stays as it is.")
    return notes


def template_catalog(language: str | None, domain: str = DOMAIN) -> Catalog:
    """A domain's catalogue with today's English and the notes for translators, no translations yet."""
    kept = domain_of(domain)
    what = WHAT.get(domain, f"the {domain} domain's words")
    if kept.paragraphs:
        header = (
            f"# {LANGUAGE_NAMES[language]}: the Bolivia explorer's lessons. Drafts, open to review by native "
            "speakers.\n" if language
            else "# The Bolivia explorer's lessons: the template, made from the paragraphs in lessons/*.py.\n"
        ) + (
            "# msgctxt is the paragraph's id, msgid its English (Markdown). Card notation (10H, KS, JK), action\n"
            "# syntax (add KD to 2) and every {placeholder} stay exactly as they are; the game's words follow\n"
            "# bolivia_core/i18n/locale/glossary.json. Made and merged by scripts/i18n.py; edit the msgstr lines only."
        )
    else:
        header = (
            f"# {LANGUAGE_NAMES[language]}: the Bolivia explorer's messages, {what}. Drafts taken from the\n"
            "# words of the rule texts in this language, open to review by native speakers.\n"
            if language else f"# The Bolivia explorer's messages, {what}: the template, made from EN.\n"
        ) + (
            "# msgctxt is the catalogue code, msgid the English text. Every {placeholder} stays as it is; a card\n"
            "# field may take a grammatical case ({card:acc}: see the notes).\n"
            "# Made and merged by scripts/i18n.py; edit the msgstr lines only."
        )
    catalog = empty_catalog(language, domain, header)
    for code, text in kept.english().items():
        notes = lesson_notes(text) if kept.paragraphs else translator_notes(code, text, language)
        catalog.add(text, "", context=code, auto_comments=notes)
    return catalog


def empty_catalog(language: str | None, domain: str, header: str) -> Catalog:
    """A domain's catalogue with the project's fixed headers (fixed dates: a diff shows only texts)."""
    return Catalog(
        locale=language, domain=domain, project="bolivia-explorer", version="0.1", header_comment=header,
        msgid_bugs_address="the project's issue tracker", last_translator="drafts, open to review by native speakers",
        creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False,
        language_team=f"{LANGUAGE_NAMES[language]} (drafts open to review)" if language else None,
    )  # fmt: skip


def read(language: str, domain: str = DOMAIN) -> Catalog | None:
    path = po_path(language, domain)
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=domain)


def merged(language: str, old: Catalog | None, extra: dict[str, str] | None = None, domain: str = DOMAIN) -> Catalog:
    """Today's English codes with the translations ``old`` had for them; a changed English text is fuzzy."""
    catalog = template_catalog(language, domain)
    previous = {message.context: message for message in old if message.id and message.context} if old else {}
    for message in catalog:
        if not message.id:
            continue
        code = str(message.context)
        if extra and code in extra:
            message.string = extra[code]
            continue
        before = previous.get(code)
        if before is None or not before.string:
            continue
        message.string = before.string
        if before.id != message.id or before.fuzzy:
            message.flags.add("fuzzy")
            message.previous_id = [str(before.id)] if before.id != message.id else list(before.previous_id)
    return catalog


def write(language: str, catalog: Catalog, domain: str = DOMAIN) -> None:
    path = po_path(language, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, no_location=True, include_previous=True)
    mo_path(language, domain).write_bytes(compiled(catalog))


def compiled(catalog: Catalog) -> bytes:
    """The .mo bytes of ``catalog`` (fuzzy entries left out, so they fall back to English)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def gaps(catalog: Catalog | None, domain: str = DOMAIN) -> list[str]:
    """The codes a language lacks: no translation, a fuzzy one, or none at all."""
    texts = english(domain)
    if catalog is None:
        return list(texts)
    done = {m.context for m in catalog if m.id and m.string and not m.fuzzy and texts.get(str(m.context)) == m.id}
    return [code for code in texts if code not in done]


def escaped(text: str) -> str:
    """A text as one line of a TSV file: backslashes doubled, line breaks and tabs as backslash-n and backslash-t."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def unescaped(text: str) -> str:
    """The text an ``escaped`` line stands for."""
    return re.sub(r"\\([\\nt])", lambda m: {"n": "\n", "t": "\t", "\\": "\\"}[m.group(1)], text)


def update(domains: Iterable[str] = tuple(DOMAINS)) -> None:
    for domain in domains:
        pot = pot_path(domain)
        pot.parent.mkdir(parents=True, exist_ok=True)
        with pot.open("wb") as handle:
            write_po(handle, template_catalog(None, domain), width=100, no_location=True)
        for language in TRANSLATED:
            write(language, merged(language, read(language, domain), domain=domain), domain)


def report(languages: Iterable[str], domain: str = DOMAIN) -> int:
    texts = english(domain)
    missing_any = 0
    for language in languages:
        missing = gaps(read(language, domain), domain)
        missing_any += len(missing)
        print(f"{language} ({domain}): {len(texts) - len(missing)}/{len(texts)} translated"
              + (", missing:" if missing else ""))  # fmt: skip
        for code in missing:
            print(f"  {code}\t{escaped(texts[code])}")
    return 1 if missing_any else 0


def fill(language: str, path: Path, domain: str | None = None) -> list[str]:
    """Take a translator's lines into the catalogues of the domains that hold their codes (or of ``domain``
    only); returns the domains written."""
    searched = [domain] if domain else list(DOMAINS)
    owner = {code: name for name in searched for code in english(name)}
    extra: dict[str, dict[str, str]] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#") or REPORT_LINE.match(line):
            continue
        code, tab, text = line.lstrip().partition("\t")
        if not tab or code not in owner:
            where = f"the {domain} domain" if domain else "any domain"
            raise SystemExit(f"{path}:{number}: expected 'code<TAB>template' with a code of {where}, got {line[:60]!r}")
        name = owner[code]
        extra.setdefault(name, {})[code] = unescaped(text) if DOMAINS[name].paragraphs else text
    for name, texts in extra.items():
        write(language, merged(language, read(language, name), texts, name), name)
    return list(extra)


def po_files_at(revision: str) -> dict[tuple[str, str], Catalog]:
    """Every translated .po file of the repository at a git revision: (domain, language) -> catalogue."""
    listing = subprocess.run(["git", "ls-tree", "-r", "--name-only", revision], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()  # fmt: skip
    found = {}
    for name in listing:
        parts = Path(name).parts
        if len(parts) >= 3 and parts[-2] == "LC_MESSAGES" and name.endswith(".po") and parts[-3] in TRANSLATED:
            data = subprocess.run(["git", "show", f"{revision}:{name}"], cwd=ROOT, check=True, capture_output=True)
            found[(Path(name).stem, parts[-3])] = read_po(io.BytesIO(data.stdout), locale=parts[-3])
    return found


def compare(revision: str) -> list[str]:
    """What a change lost: each (code, language) translation at ``revision`` must be in exactly one of today's
    domains, with the same English and the same translation (fuzzy as it was). Returns the problems."""
    today = {(name, language): read(language, name) for name in DOMAINS for language in TRANSLATED}
    held: dict[tuple[str, str], list[tuple[str, object]]] = {}
    for (name, language), catalog in today.items():
        for message in catalog or ():
            if message.id and message.context:
                held.setdefault((str(message.context), language), []).append((name, message))
    problems = []
    before = po_files_at(revision)
    for (old_domain, language), catalog in sorted(before.items()):
        for message in catalog:
            if not message.id or not message.context:
                continue
            code = str(message.context)
            now = held.get((code, language), [])
            if len(now) != 1:
                problems.append(f"{language} {code} (was in {old_domain}): in {len(now)} domains today")
                continue
            name, kept = now[0]
            same = (kept.id, kept.string, kept.fuzzy) == (message.id, message.string, message.fuzzy)  # type: ignore[attr-defined]
            if not same:
                problems.append(f"{language} {code} (was in {old_domain}, now in {name}): its text changed")
    checked = sum(1 for catalog in before.values() for m in catalog if m.id and m.context)
    print(f"{checked} translations at {revision} checked against today's {len(DOMAINS)} domains: "
          f"{len(problems)} lost or changed")  # fmt: skip
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    updating = commands.add_parser("update", help="templates, merge into every .po, compile every .mo")
    missing = commands.add_parser("missing", help="list the codes each language lacks")
    missing.add_argument("languages", nargs="*", default=list(TRANSLATED))
    filling = commands.add_parser("fill", help="take translations from a code<TAB>template file")
    filling.add_argument("language", choices=TRANSLATED)
    filling.add_argument("file", type=Path)
    comparing = commands.add_parser("compare", help="check that no translation at a git revision was lost")
    comparing.add_argument("revision")
    for command in (updating, missing, filling):
        command.add_argument("--domain", choices=tuple(DOMAINS), default=None,
                             help="one domain only (default: every domain)")  # fmt: skip
    args = parser.parse_args(argv)
    if args.command == "compare":
        problems = compare(args.revision)
        for problem in problems:
            print(f"  {problem}")
        return 1 if problems else 0
    domains = (args.domain,) if args.domain else tuple(DOMAINS)
    if args.command == "update":
        update(domains)
        return max(report(TRANSLATED, domain) for domain in domains)
    if args.command == "fill":
        written = fill(args.language, args.file, args.domain)
        return max((report([args.language], domain) for domain in written), default=0)
    return max(report(args.languages, domain) for domain in domains)


if __name__ == "__main__":
    raise SystemExit(main())
