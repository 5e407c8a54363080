"""The machinery every layer's words go through: a registry of message catalogues, and ``render``.

Each layer keeps its own words in its own gettext domain, beside its package: the engine's rules,
refusals and events (``bolivia``, in this package), the computer players' (``players``), the command
line's (``tools``), the rooms' (``rooms``) and the pages' (``widgets``). A layer's ``messages`` module
holds its English source (``EN``: code -> template) and registers it here with ``register_catalogue``
when the layer is imported; ``render`` finds a code in whichever registered catalogue holds it (a code
belongs to one domain only). The other languages are gettext catalogues under each domain's
``locale/`` (``.po`` written by translators, ``.mo`` compiled from them by ``scripts/i18n.py``), read
at run time with the standard library's ``gettext``: message context = the code, message id = the
English template. The engine imports nothing of the layers above it: a players' code is said once the
players' package is imported, which it always is where such an explanation is made.

Templates use ``str.format`` fields. Whole numbers are written the language's
way ("15,000", "15 000", "15.000"). A counted field chooses a word by the
language's CLDR plural rule: ``{n:n:kort|kort}``, ``{n:n:karta|karty|kart}``
lists one form per plural category of the language, in the order of
``PLURAL_CATEGORIES``; ``#`` in a form stands for the number (without one the
number goes first), and a form ``0=...`` is said instead for zero. English
may still write ``{n:n:card}`` ("no cards", "1 card", "3 cards") and
``{n:most:card}`` ("at most 3 cards"), English plurals made by rule.

A param that is one of the catalogue's words (a suit, a rank, a label; see
``_WORD_PREFIXES``) is said again in the sentence's language; a tuple of them
or of numbers is a list, joined when rendered: ``{x}`` with commas, ``{x:and}``
and ``{x:or}`` with the language's last "and"/"or", ``{x:+}`` numbers signed.

A card param (``CARD_FIELDS``: ``{card}``, ``{cards}``, ``{melds}`` ...) holds the card notation ("5H",
"KH KS 2C", melds "KH KS KD | 5H 6H 7H"). Where people read (a page: ``set_card_style("words")``) it is said
as card names in the sentence's language, in the grammatical case the template asks for: ``{card:acc}``
("odrzucić damę karo", "odhodit károvou dámu"), ``{cards:and:gen}`` for a list; a template with no case
says the language's sentence form (``card_names.json``); ``{card:s+ins}`` puts a preposition before it, in the
form the card's first word asks for (Czech "se srdcovým králem"). ``{card:agree:m=został|f=została|pl=zostały}``
says the word that agrees with the card's gender (or ``pl`` for several cards). The command line and saved
files keep the notation, which is what a person types.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import json
import re
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "CARD_FIELDS",
    "CASES",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "PLURAL_CATEGORIES",
    "Catalogue",
    "Explanation",
    "Reason",
    "all_english",
    "card_gender",
    "card_name",
    "card_style",
    "cards_said",
    "catalogue_of",
    "catalogues",
    "counted",
    "format_number",
    "format_signed",
    "get_card_style",
    "get_language",
    "glossary",
    "has_code",
    "normalise_language",
    "plural_category",
    "register_card_reader",
    "register_catalogue",
    "render",
    "set_card_style",
    "set_language",
    "translated",
]

LANGUAGES: tuple[str, ...] = ("en", "sv", "da", "nb", "pl", "cs")
LANGUAGE_NAMES: Mapping[str, str] = {
    "en": "English", "sv": "svenska", "da": "dansk", "nb": "norsk bokmål", "pl": "polski", "cs": "čeština",
}  # fmt: skip
_ALIASES = {"no": "nb", "nn": "nb", "se": "sv", "dk": "da", "cz": "cs"}
GLOSSARY = Path(__file__).with_name("locale") / "glossary.json"  # the game's words, from each language's rule texts

# CLDR plural categories a whole number can fall in, in the order a template lists its forms.
PLURAL_CATEGORIES: Mapping[str, tuple[str, ...]] = {
    "en": ("one", "other"), "sv": ("one", "other"), "da": ("one", "other"), "nb": ("one", "other"),
    "pl": ("one", "few", "many"), "cs": ("one", "few", "other"),
}  # fmt: skip

# Grouping separator and CLDR minimum grouping digits ("1500" but "15 000" in Polish).
_GROUPING: Mapping[str, tuple[str, int]] = {
    "en": (",", 1), "sv": ("\u00a0", 1), "da": (".", 1), "nb": ("\u00a0", 1), "pl": ("\u00a0", 2), "cs": ("\u00a0", 1),
}  # fmt: skip
_DECIMAL_MARK: Mapping[str, str] = {"en": ".", "sv": ",", "da": ",", "nb": ",", "pl": ",", "cs": ","}

_DEFAULT = {"language": "en"}  # the process-wide default, set by set_language


def normalise_language(language: str | None) -> str:
    """A supported language code from "sv", "sv-SE", "nb_NO", "no" or None (the process default)."""
    if language is None:
        return _DEFAULT["language"]
    if not isinstance(language, str):
        raise ValueError(f"a language is a code such as 'sv', not {language!r}")
    key = language.strip().replace("_", "-").split("-")[0].lower()
    key = _ALIASES.get(key, key)
    if key not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known languages: {', '.join(LANGUAGES)}")
    return key


def set_language(language: str) -> str:
    """Make ``language`` the process-wide default of ``render`` (and of ``str()`` of every
    explanation, verdict and score); returns the code it settled on."""
    _DEFAULT["language"] = normalise_language(language)
    return _DEFAULT["language"]


def get_language() -> str:
    """The process-wide default language."""
    return _DEFAULT["language"]


def plural_category(number: int, language: str | None = None) -> str:
    """The CLDR plural category of a whole number: "one", "few", "many" or "other"."""
    language = normalise_language(language)
    n = abs(number)
    if language == "pl":
        if n == 1:
            return "one"
        return "few" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "many"
    if language == "cs":
        return "one" if n == 1 else "few" if n in (2, 3, 4) else "other"
    return "one" if n == 1 else "other"


def format_number(number: float, language: str | None = None, decimals: int = 0) -> str:
    """A number with the language's thousands separator and decimal mark: 15,000 / 15 000 / 15.000;
    with ``decimals``, 63.5 / 63,5."""
    language = normalise_language(language)
    separator, minimum_grouping = _GROUPING[language]
    whole, _, fraction = f"{abs(number):.{decimals}f}".partition(".")
    if len(whole) >= 4 + minimum_grouping - 1:
        whole = f"{int(whole):,}".replace(",", separator)
    text = f"{whole}{_DECIMAL_MARK[language]}{fraction}" if fraction else whole
    return f"-{text}" if number < 0 and text.strip("0,.\u00a0") else text


def format_signed(number: int, language: str | None = None) -> str:
    """Points won or lost, with their sign, written the language's way: +1,500 / +1 500 / -100 / +0."""
    return ("+" if number >= 0 else "") + format_number(number, language)


@dataclass(frozen=True)
class Catalogue:
    """One layer's words: its gettext domain, its English templates (code -> text) and the folder of its
    translations (``locale/<lang>/LC_MESSAGES/<domain>.mo``)."""

    domain: str
    english: Mapping[str, str]
    locale_dir: Path


_REGISTERED: dict[str, Catalogue] = {}


def register_catalogue(domain: str, english: Mapping[str, str], locale_dir: Path) -> Catalogue:
    """Make a layer's words known to ``render``; its ``messages`` module calls this when imported.

    A code belongs to one domain: a code another domain already holds is refused. Registering a domain
    again (the module reloaded) replaces it."""
    for other in _REGISTERED.values():
        shared = sorted(set(english) & set(other.english)) if other.domain != domain else []
        if shared:
            raise ValueError(
                f"message codes {', '.join(map(repr, shared[:5]))} of domain {domain!r} are already in domain "
                f"{other.domain!r}: a code belongs to one domain"
            )
    catalogue = Catalogue(domain, english, Path(locale_dir))
    _REGISTERED[domain] = catalogue
    _compiled.cache_clear()
    _english_words.cache_clear()
    return catalogue


def catalogues() -> tuple[Catalogue, ...]:
    """The registered catalogues, the engine's first, then in the order their layers were imported."""
    return tuple(_REGISTERED.values())


def catalogue_of(code: str) -> Catalogue:
    """The registered catalogue that holds ``code``; an unknown code is refused, naming what may be missing."""
    for catalogue in _REGISTERED.values():
        if code in catalogue.english:
            return catalogue
    raise ValueError(
        f"unknown message code {code!r}: no registered catalogue holds it "
        f"(registered: {', '.join(_REGISTERED)}; a layer's words are registered when its package is imported)"
    )


def has_code(code: str) -> bool:
    """Whether a registered catalogue holds ``code``."""
    return any(code in catalogue.english for catalogue in _REGISTERED.values())


def all_english() -> dict[str, str]:
    """Every registered code and its English template, across the domains."""
    return {code: text for catalogue in _REGISTERED.values() for code, text in catalogue.english.items()}


@functools.cache
def _compiled(domain: str, language: str) -> Mapping[str, tuple[str, str]]:
    """Code to (English it translates, template), from a domain's compiled catalogue in ``language``."""
    catalogue = _REGISTERED[domain]
    translations = gettext.translation(domain, catalogue.locale_dir, languages=[language], fallback=True)
    compiled: Mapping[Any, Any] = getattr(translations, "_catalog", {})
    templates = {}
    for key, template in compiled.items():
        if isinstance(key, str) and "\x04" in key and template:  # gettext keys a context as context + EOT + id
            code, _, english = key.partition("\x04")
            templates[code] = (english, str(template))
    return templates


def translated(code: str, language: str | None = None) -> str | None:
    """The language's template for ``code``, or None when its catalogue lacks it: missing, fuzzy,
    or stale (translating an English text that is no longer the English source's), so it falls back to English."""
    language = normalise_language(language)
    catalogue = catalogue_of(code)
    if language == "en":
        return catalogue.english[code]
    english, template = _compiled(catalogue.domain, language).get(code, ("", ""))
    return template if english == catalogue.english[code] else None


# --- cards in words -------------------------------------------------------------------------------

CARD_FIELDS = frozenset({"card", "cards", "upcard", "top", "melds", "partners"})
"""Params that hold card notation: said as card names where cards are said in words."""
CASES = ("nom", "acc", "gen", "dat", "ins", "loc", "def")
"""Grammatical cases a template may ask a card name in ("def": English, with its article); a language
without a form of its own says its sentence form."""
_CARD_STYLE = {"style": "notation"}  # the process-wide default, set by set_card_style
_CARD_READER: list[Callable[[str], Sequence[Any]]] = []  # the card notation's reader (bolivia_core.cards)


def register_card_reader(reader: Callable[[str], Sequence[Any]]) -> None:
    """Let ``render`` read card notation in card params; ``bolivia_core.cards`` registers its own
    ``parse_cards`` when imported (the notation lives there, above this layer)."""
    _CARD_READER[:] = [reader]


def set_card_style(style: str) -> str:
    """How card params are said by default: "notation" ("5H", for the command line and files) or
    "words" ("the 5 of hearts", "piątka kier", for a page people read). Returns the style set."""
    if style not in ("notation", "words"):
        raise ValueError(f"a card style is 'notation' or 'words', not {style!r}")
    _CARD_STYLE["style"] = style
    return style


def get_card_style() -> str:
    """The process-wide default of how card params are said: "notation" or "words"."""
    return _CARD_STYLE["style"]


@contextlib.contextmanager
def card_style(style: str) -> Iterator[str]:
    """Say cards as ``style`` inside the block (a sentence made by an object's own ``said``), then as before."""
    before = _CARD_STYLE["style"]
    set_card_style(style)
    try:
        yield style
    finally:
        _CARD_STYLE["style"] = before


@functools.cache
def _card_names() -> Mapping[str, Any]:
    data: Mapping[str, Any] = json.loads((GLOSSARY.parent / "card_names.json").read_text(encoding="utf-8"))
    return data


def _form(forms: Mapping[str, str], case: str, sentence: str) -> str:
    return forms.get(case) or forms.get(sentence) or forms["nom"]


def card_name(card: Any, language: str | None = None, case: str = "nom") -> str:
    """A card in words, in a grammatical case (``CASES``): "king of hearts", "hjärter kung", "król kier",
    "srdcový král"; accusative "damę karo", "károvou dámu". The nominative is the card's accessible name."""
    language = normalise_language(language)
    if case not in CASES:
        raise ValueError(f"unknown grammatical case {case!r}; known cases: {', '.join(CASES)}")
    names = _card_names()[language]
    sentence = names["sentence"]
    if card.is_joker:
        return _form(names["joker"], case, sentence)
    rank = names["ranks"][card.rank_text]
    suit = names["suits"][card.suit]
    if isinstance(suit, Mapping):  # an adjective (Czech "kárová"): agrees with the rank's gender, in the case
        suit = _form(suit[rank["gender"]], case, sentence)
    return str(names["name"].format(rank=_form(rank, case, sentence), suit=suit))


def card_gender(card: Any, language: str | None = None) -> str:
    """The grammatical gender of a card's name in ``language``: "m", "f" or "n" (Polish "piątka" is f)."""
    names = _card_names()[normalise_language(language)]
    return str((names["joker"] if card.is_joker else names["ranks"][card.rank_text])["gender"])


def cards_said(cards: Sequence[Any], language: str | None = None, case: str | None = None) -> str:
    """Cards in words, joined with the language's "and": "the king of hearts and the 2 of clubs",
    "króla kier i dwójkę trefl" (``case`` "acc"); no case: the language's sentence form."""
    language = normalise_language(language)
    case = case or _card_names()[language]["sentence"]
    names = [card_name(card, language, case) for card in cards]
    if len(names) > 1:
        return render("list-and", {"items": ", ".join(names[:-1]), "last": names[-1]}, language)
    return "".join(names)


@dataclass(frozen=True)
class _Cards:
    """A card param read: its text as given (the notation) and its cards, a group per meld."""

    text: str
    groups: tuple[tuple[Any, ...], ...]

    def said(self, language: str, spec: str, words: bool) -> str:
        tokens = spec.split(":") if spec else []
        if tokens[:1] == ["agree"]:  # the word agreeing with the card's gender, or "pl" for several
            options = dict(option.partition("=")[::2] for option in ":".join(tokens[1:]).split("|"))
            cards = [card for group in self.groups for card in group]
            key = card_gender(cards[0], language) if len(cards) == 1 else "pl"
            return options.get(key) or next(iter(options.values()))
        preposition, _, case_token = (tokens[-1] if tokens else "").rpartition("+")
        if not words:
            return f"{preposition} {self.text}" if preposition else self.text
        unknown = [token for token in [*tokens[:-1], case_token] if token and token not in CASES]
        if unknown:
            raise ValueError(f"unknown card form {unknown[0]!r}; a card field takes a case: {', '.join(CASES)}")
        said = "; ".join(cards_said(group, language, case_token or None) for group in self.groups)
        return f"{_preposition(preposition, said, language)} {said}" if preposition else said


def _preposition(word: str, before: str, language: str) -> str:
    """A preposition in the form the next word asks for: Czech "s" is "se" before "srdcovým", Polish "z" is
    "ze" before a cluster (``card_names.json``'s "prepositions")."""
    longer, pattern = _card_names()[language].get("prepositions", {}).get(word, (word, "$^"))
    return str(longer) if re.match(pattern, before, re.IGNORECASE) else word


def _read_cards(value: Any) -> Any:
    """A card param as ``_Cards`` (a tuple of them for a list of melds), or as it was if it is no notation."""
    if not _CARD_READER:
        return value
    if isinstance(value, (tuple, list)) and value and all(isinstance(item, str) for item in value):
        read = tuple(_read_cards(item) for item in value)
        return read if all(isinstance(item, _Cards) for item in read) else value
    if not isinstance(value, str) or not value.strip():
        return value
    try:
        groups = tuple(tuple(_CARD_READER[0](group)) for group in value.split("|"))
    except ValueError:
        return value
    return _Cards(value, groups) if all(groups) else value


class _Formatter(string.Formatter):
    def __init__(self, language: str, words: bool = False) -> None:
        self.language = language
        self.words = words

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        value = super().get_value(key, args, kwargs)
        return _read_cards(value) if key in CARD_FIELDS else value

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, _Cards):
            return value.said(self.language, format_spec, self.words)
        head, _, options = format_spec.partition(":")
        if isinstance(value, str) and head.rpartition("+")[2] in CASES:  # a card param given in words, or no cards
            preposition = head.rpartition("+")[0]
            return f"{_preposition(preposition, value, self.language)} {value}" if preposition else value
        if isinstance(value, str) and head == "agree":  # no card to agree with: the first form
            return options.split("|")[0].partition("=")[2]
        if _is_reasons(value):  # reasons within a reason: said in this message's language
            return "; ".join(reason.text(self.language) for reason in value)
        if _is_said(value):  # a value with words of its own (an action): said in this message's language
            return str(value.said(self.language))
        if isinstance(value, (tuple, list)):
            return self._list(value, format_spec)
        if format_spec in ("and", "or", "+"):  # a list said before lists were data: already words
            return str(value)
        kind, _, forms = format_spec.partition(":")
        if kind in ("n", "most") and forms:
            if "|" not in forms and "#" not in forms:
                return _english_count(value, forms, most=kind == "most")
            return self._count(value, forms.split("|"))
        if isinstance(value, int) and not isinstance(value, bool) and not format_spec:
            return format_number(value, self.language)
        if isinstance(value, float) and format_spec.startswith(".") and format_spec.endswith("f"):
            return format_number(value, self.language, int(format_spec[1:-1]))  # {share:.1f}: 63.5 / 63,5
        return str(super().format_field(value, format_spec))

    def _list(self, items: Sequence[Any], format_spec: str) -> str:
        """Items joined with commas ({x}), the last with the language's "and" ({x:and}) or "or" ({x:or}); numbers
        in the language's digits, signed with {x:+}: "+1.995, -150"; card groups in a case: {melds:and:acc}."""
        joiner, _, case = format_spec.partition(":")
        said = [self._item(item, signed=joiner == "+", case=case) for item in items]
        if self.words and len(said) > 1 and any(isinstance(i, _Cards) and len(i.groups[0]) > 1 for i in items):
            return "; ".join(said)  # melds in words, each a list of its own: "the 4, ...; the king of ..."
        if joiner in ("and", "or") and len(said) > 1:
            return render(f"list-{joiner}", {"items": ", ".join(said[:-1]), "last": said[-1]}, self.language)
        return ", ".join(said)

    def _item(self, item: Any, *, signed: bool, case: str = "") -> str:
        if isinstance(item, _Cards):
            return item.said(self.language, case, self.words)
        if isinstance(item, int) and not isinstance(item, bool):
            return format_signed(item, self.language) if signed else format_number(item, self.language)
        return str(item)

    def _count(self, value: int, forms: list[str]) -> str:
        zero = [f[2:] for f in forms if f.startswith("0=")]
        forms = [f for f in forms if not f.startswith("0=")]
        number = format_number(value, self.language)
        if value == 0 and zero:
            return zero[0].replace("#", number)
        index = PLURAL_CATEGORIES[self.language].index(plural_category(value, self.language))
        form = forms[min(index, len(forms) - 1)]
        return form.replace("#", number) if "#" in form else f"{number} {form}"


def _english_count(value: int, word: str, *, most: bool) -> str:
    if not value:
        return f"no {_plural(word)}"
    counted = f"{format_number(value, 'en')} {word if value == 1 else _plural(word)}"
    return f"at most {counted}" if most else counted


def _plural(word: str) -> str:
    head, _, tail = word.rpartition(" ")
    if tail.endswith("3"):
        tail += "s"
    elif tail.endswith(("s", "x")):
        tail += "es"
    else:
        tail += "s"
    return f"{head} {tail}" if head else tail


# Words the engine renders into a reason's params (a meld's label, a rank): said again in the
# language the whole sentence is rendered in.
_WORD_PREFIXES = ("label:", "kind:", "rank:", "need:", "rules-title:", "suit-name:", "answer:", "way:")


@functools.cache
def _english_words() -> Mapping[str, str]:
    return {text: code for code, text in all_english().items() if code.startswith(_WORD_PREFIXES)}


def render(
    code: str, params: Mapping[str, Any] | None = None, language: str | None = None, cards: str | None = None
) -> str:
    """The sentence for ``code`` with ``params`` filled in, in ``language`` (default: the process's), its
    card params said as ``cards`` says ("notation" or "words"; default: the process's, ``set_card_style``).

    A code the language's catalogue lacks is said whole in English, never half and half.
    """
    language = normalise_language(language)
    template = translated(code, language)
    if template is None:
        template, language = catalogue_of(code).english[code], "en"
    values = dict(params or {})
    if language != "en":
        words = _english_words()
        for key, value in values.items():
            if isinstance(value, str) and value in words:
                values[key] = render(words[value], language=language)
            elif isinstance(value, (tuple, list)):  # a list of words or numbers, each said in the language
                values[key] = tuple(
                    render(words[v], language=language) if isinstance(v, str) and v in words else v for v in value
                )
    if cards is None or cards == _CARD_STYLE["style"]:
        return _Formatter(language, words=_CARD_STYLE["style"] == "words").vformat(template, (), values)
    with card_style(cards):  # for this sentence and every sentence said inside it (its reasons, its actions)
        return _Formatter(language, words=cards == "words").vformat(template, (), values)


@functools.cache
def _glossary_data() -> Mapping[str, Any]:
    data: Mapping[str, Any] = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    return data


def glossary(language: str | None = None) -> tuple[tuple[str, str], ...]:
    """The game's own words in ``language``, each beside the English: (english, term) pairs,
    taken from the rule texts in that language (``locale/glossary.json``)."""
    language = normalise_language(language)
    terms = _glossary_data()["terms"]
    return tuple((t["en"], t["en"] if language == "en" else t[language][0]) for t in terms)


def counted(number: int, word: str) -> str:
    """A count in English words as the catalogue writes one ("no cards", "1 card", "12 cards"), for views."""
    return _english_count(number, word, most=False)


@dataclass(frozen=True)
class Explanation:
    """A code, the rule knob it rests on (if any) and its numbers."""

    code: str
    knob: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return render(self.code, self.params)

    def text(self, language: str | None = None) -> str:
        """The explanation in ``language`` (default: the process's)."""
        return render(self.code, self.params, language)

    def to_dict(self) -> dict[str, Any]:
        params = {
            key: [r.to_dict() for r in v] if _is_reasons(v) else str(v) if _is_said(v) else v
            for key, v in self.params.items()
        }
        return {"code": self.code, "knob": self.knob, "params": params, "text": str(self)}


def _is_said(value: Any) -> bool:
    """Whether a parameter says itself in a language's words (``value.said(language)``, as an action
    does): kept as data, so it is said in the message's language; its ``str`` is its notation, for JSON."""
    return callable(getattr(value, "said", None))


def _is_reasons(value: Any) -> bool:
    """Whether a parameter is explanations within an explanation (why a meld inside a move fails):
    kept as data, so they are said in the language the outer one is said in."""
    return isinstance(value, tuple) and bool(value) and all(isinstance(v, Explanation) for v in value)


@dataclass(frozen=True)
class Reason(Explanation):
    """One broken rule."""
