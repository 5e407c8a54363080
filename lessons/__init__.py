"""Each lesson's structure, written once: its cells in order, its prose as English paragraphs with ids.

A lesson file (``lessons/NN_slug.py``) defines ``LESSON``; ``scripts/lessons.py build`` turns it into
a notebook per language, taking each paragraph's translation from the ``lessons`` gettext domain
(``lessons/locale/<lang>/LC_MESSAGES/lessons.po``, kept by ``scripts/i18n.py``).
Rule values are never typed into prose: a paragraph names them as ``{placeholders}`` that the build
fills from the lesson's rules object (``facts``), written the language's way.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bolivia_core.melds import CANASTA_LENGTH
from bolivia_core.rules import Rules, get_rules

HERE = Path(__file__).parent
DOMAIN = "lessons"  # the gettext domain of the lessons' prose: context = a paragraph's id, id = its English
LOCALE_DIR = HERE / "locale"


@dataclass(frozen=True)
class Text:
    """A paragraph of prose (Markdown): ``id`` is its gettext context, ``english`` its msgid.

    ``rests_on`` names the rule knobs the paragraph states without a placeholder (the end of the stock);
    where one of them, or a placeholder's knob (``FACT_KNOBS``), is an assumption in the lesson's rules,
    the paragraph says so (tests/test_lessons_prose.py)."""

    id: str
    english: str
    rests_on: tuple[str, ...] = ()


@dataclass(frozen=True)
class Heading:
    """A heading: translated like a paragraph, written as ``##`` (or ``level``) Markdown."""

    id: str
    english: str
    level: int = 2


@dataclass(frozen=True)
class Code:
    """A code cell, the same in every language; ``shown`` output is compared by nbval."""

    source: str
    shown: bool = True


@dataclass(frozen=True)
class Term:
    """A glossary entry: the term (translated, the English beside it), what it means, and cards that show it."""

    id: str
    term: str
    what: str
    cards: str = ""

    def texts(self) -> tuple[Text, Text]:
        return Text(f"{self.id}:term", self.term), Text(f"{self.id}:what", self.what)


@dataclass(frozen=True)
class PageItem:
    """A link to another page in a list: its title as that page has it, then what a learner does there."""

    notebook: str
    what: Text


@dataclass(frozen=True)
class LanguageLinks:
    """A sentence, then a link to a dashboard in each language (``meld_lab.ipynb?lang=sv``)."""

    text: Text
    notebook: str


@dataclass(frozen=True)
class LessonList:
    """The numbered list of every lesson page, each title a link (written by the build)."""


Cell = Text | Heading | Code | Term | PageItem | LanguageLinks | LessonList


@dataclass(frozen=True)
class Lesson:
    """One page: its notebook name (``01_the_turn``), the rules its values come from, its cells.

    ``title`` is the page's title (its heading and its browser tab's name, in the lessons domain);
    ``None`` takes the page's title from the message catalogue (``page-title:<slug>``), as the index does."""

    slug: str
    title: Text | None
    cells: tuple[Cell, ...]
    preset: str = "bolivia"
    extra_presets: tuple[str, ...] = field(default=("bolivia",))

    @property
    def notebook(self) -> str:
        return f"{self.slug}.ipynb"

    def texts(self) -> list[Text | Heading]:
        """Every translatable text of the page, the title first."""
        found: list[Text | Heading] = [self.title] if self.title else []
        for cell in self.cells:
            if isinstance(cell, Text | Heading):
                found.append(cell)
            elif isinstance(cell, Term):
                found.extend(cell.texts())
            elif isinstance(cell, PageItem):
                found.append(cell.what)
            elif isinstance(cell, LanguageLinks):
                found.append(cell.text)
        return found

    def facts(self) -> dict[str, int | str]:
        """The rule values the prose may name: the lesson's preset's, and ``<preset>_name`` for others."""
        found = facts(get_rules(self.preset))
        for other in self.extra_presets:
            found |= {f"{other.replace('-', '_')}_{key}": value for key, value in facts(get_rules(other)).items()}
        return found


def _at(table: Mapping[int, int], rules: Rules) -> int:
    """A per-player-count value at the rules' usual table size."""
    return table[rules.default_players]


FACT_KNOBS: Mapping[str, str] = {
    "decks": "decks", "jokers": "jokers", "cards": "decks", "players": "sides", "max_players": "sides",
    "side_count": "sides", "side_size": "sides", "hand_size": "hand_size", "draw": "draw_count",
    "meld_min": "meld_min_cards", "min_naturals": "same_rank_min_naturals", "max_wilds": "same_rank_max_wilds",
    "sequence_length": "sequence_length", "sequence_low": "sequence_low_rank",
    "sequence_max_wilds": "sequence_max_wilds", "wild_meld_length": "wild_meld_length",
    "black_three_meld_max": "black_three_meld_max",
    "value_joker": "card_values", "value_two": "card_values", "value_ace": "card_values", "value_king": "card_values",
    "value_eight": "card_values", "value_seven": "card_values", "value_four": "card_values",
    "value_black_three": "card_values", "black_three_in_hand": "black_three_in_hand", "red_three": "red_three_value",
    "red_threes_all": "red_threes_all_total", "bonus_mixed": "bonus_mixed_canasta",
    "bonus_natural": "bonus_natural_canasta", "bonus_sequence": "bonus_natural_sequence",
    "bonus_mixed_sequence": "bonus_mixed_sequence", "bonus_bolivia": "bonus_bolivia",
    "bonus_bolivia_black": "bonus_bolivia_three_twos_four_jokers", "bonus_bolivia_red": "bonus_bolivia_seven_twos",
    "going_out_bonus": "going_out_bonus", "concealed_bonus": "concealed_going_out_bonus",
    "target": "target_score", "hand_cap": "hand_cap", "minimum_below_zero": "initial_meld_below_zero",
    "minimum_first": "initial_meld_steps", "minimum_last": "initial_meld_steps", "score_last": "initial_meld_steps",
    "pile_cards_taken": "pile_cards_taken", "keep_cards": "keep_two_cards", "fewest_players": "sides",
    "going_out_melds_fewest": "going_out_needs",
}  # fmt: skip
"""The rule knob each placeholder of a lesson's prose is read from (``facts``)."""


def facts(rules: Rules) -> dict[str, int | str]:
    """Every rule value a lesson's prose names, read from the rules object (numbers stay numbers)."""
    values = rules.card_values
    steps = dict(rules.initial_meld_steps)
    scores = sorted(steps)
    sides = rules.sides[rules.default_players]
    return {
        "decks": rules.decks,
        "jokers": rules.jokers,
        "cards": 52 * rules.decks + rules.jokers,
        "players": rules.default_players,
        "max_players": max(rules.player_counts),
        "side_count": len(sides),
        "side_size": max(sides),
        "hand_size": _at(rules.hand_size, rules),
        "draw": _at(rules.draw_count, rules),
        "meld_min": rules.meld_min_cards,
        "min_naturals": rules.same_rank_min_naturals,
        "max_wilds": rules.same_rank_max_wilds,
        "canasta_length": CANASTA_LENGTH,
        "sequence_length": rules.sequence_length,
        "sequence_low": rules.sequence_low_rank,
        "sequence_max_wilds": rules.sequence_max_wilds,
        "wild_meld_length": rules.wild_meld_length,
        "black_three_meld_max": rules.black_three_meld_max,
        "value_joker": values["JK"],
        "value_two": values["2"],
        "value_ace": values["A"],
        "value_king": values["K"],
        "value_eight": values["8"],
        "value_seven": values["7"],
        "value_four": values["4"],
        "value_black_three": values["3"],
        "black_three_in_hand": rules.black_three_in_hand,
        "red_three": rules.red_three_value,
        "red_threes_all": rules.red_threes_all_total,
        "red_threes_in_deck": rules.red_threes_in_deck,
        "bonus_mixed": rules.bonus_mixed_canasta,
        "bonus_natural": rules.bonus_natural_canasta,
        "bonus_sequence": rules.bonus_natural_sequence,
        "bonus_mixed_sequence": rules.bonus_mixed_sequence,
        "bonus_bolivia": rules.bonus_bolivia,
        "bonus_bolivia_black": rules.bonus_bolivia_three_twos_four_jokers,
        "bonus_bolivia_red": rules.bonus_bolivia_seven_twos,
        "going_out_bonus": rules.going_out_bonus,
        "concealed_bonus": rules.concealed_going_out_bonus,
        "target": _at(rules.target_score, rules),
        "hand_cap": rules.hand_cap,
        "minimum_below_zero": rules.initial_meld_below_zero,
        "minimum_first": steps[scores[0]],
        "minimum_last": steps[scores[-1]],
        "score_last": scores[-1],
        "pile_cards_taken": rules.pile_cards_taken if isinstance(rules.pile_cards_taken, int) else 0,
        "keep_cards": 2 if rules.keep_two_cards else 0,  # the knob's own words: "keeps two cards in hand"
        "fewest_players": min(rules.player_counts),
        "going_out_melds_fewest": min(len(needs) for needs in rules.going_out_needs[min(rules.player_counts)]),
    }


PAGE_TEXTS: tuple[Text, ...] = ()
"""Texts the build puts on every page around the lesson's own cells (the links to the page in the
other languages and to the glossary are said by ``start_lesson``, from the message catalogue)."""


def _load(path: Path) -> Lesson:
    spec = importlib.util.spec_from_file_location(f"lessons_{path.stem}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lesson = module.LESSON
    if not isinstance(lesson, Lesson):
        raise TypeError(f"{path.name}: LESSON must be a Lesson, got {type(lesson).__name__}")
    return lesson


def all_lessons() -> tuple[Lesson, ...]:
    """Every page made from a source here, in file-name order (the index and the glossary included)."""
    return tuple(_load(path) for path in sorted(HERE.glob("[0-9a-z]*.py")) if path.name != "__init__.py")
