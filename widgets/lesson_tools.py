"""What the lessons' code cells use: the page's language, the engine's objects, small views of a
position, and the "try it" widgets. Every printed word comes from the message catalogue, so a
lesson's code is the same in every language and speaks the page's language.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import ipywidgets as widgets
from IPython.display import HTML, display

from bolivia_core import Card, check_meld, get_rules, parse_cards, preset_names, score_side
from bolivia_core.tools.compare import diff_rules, source_words, value_text
from bolivia_core.game import Game, new_game
from bolivia_core.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    card_name,
    format_number,
    get_language,
    render,
)
from bolivia_core.players import GreedyPlayer
from bolivia_core.rules import KNOB_NAMES
from bolivia_core.scenario import SCENARIOS
from bolivia_core.seat import seat_view

from .components.cards import CardRow
from .components.table_view import cards_in_words
from .dashboards.game_viewer import GameViewer
from .lessons.exercise import WinnerQuiz
from .language import PageLanguage, set_page_language
from .dashboards.meld_checker import MeldQuiz
from .pages import GLOSSARY, page_links, start_here
from .dashboards.table_tools import MeldRows, ScoreCalculator, ScoreQuiz, score_table_html
from .dashboards.variant_explorer import VariantExplorer
from .lessons.table import ActionQuiz, LessonTable

__all__ = [
    "SCENARIOS",
    "ActionQuiz",
    "CardRow",
    "CardValues",
    "Game",
    "GameViewer",
    "LessonTable",
    "MeldQuiz",
    "RedThrees",
    "ScoreCalculator",
    "ScoreQuiz",
    "VariantExplorer",
    "WinnerQuiz",
    "card_name",
    "check_meld",
    "dashboard_links",
    "index_start_here",
    "lesson_links",
    "new_game",
    "play_one_hand",
    "play_to_the_end",
    "render",
    "score_side",
    "show_bonuses",
    "show_card_values",
    "show_cards",
    "show_differences",
    "show_hand_worth",
    "show_initial_minimums",
    "show_meld_verdicts",
    "show_minimum",
    "show_moves",
    "show_rules_apart",
    "show_score",
    "show_sides",
    "show_table",
    "show_verdicts",
    "start_lesson",
]  # fmt: skip

_ROW = widgets.Layout(flex_flow="row wrap", align_items="center")
MAX_ACTIONS_PER_HAND = 20_000  # a computer-played hand ends long before this; a bound, not a timer


def start_lesson(language: str, notebook: str) -> PageLanguage:
    """Speak ``language`` on this page (the printed words, card names and the page's ``lang``), and
    link the page in the other languages (a copy each, in a folder each) and the glossary."""
    chosen = set_page_language(language)  # the widgets below ask the page, whose address has no ?lang=
    display(HTML(lesson_header(notebook)))
    return PageLanguage(language=chosen)


def lesson_header(notebook: str) -> str:
    """The links at a lesson's top, from its folder: its copies in the other languages, the glossary."""
    chosen = get_language()
    others = []
    for other in LANGUAGES:
        if other == chosen:
            continue
        if chosen == "en":
            target = f"{other}/{notebook}"
        else:
            # the English copy would send a reader of another language back to it: ?lang=en says the choice
            target = f"../{notebook}?lang=en" if other == "en" else f"../{other}/{notebook}"
        others.append(f"<a href='{html.escape(target)}' hreflang='{other}' lang='{other}'>"
                      f"{html.escape(LANGUAGE_NAMES[other])}</a>")  # fmt: skip
    line = html.escape(render("lesson-other-languages")) + " " + " · ".join(others)
    if notebook != GLOSSARY:
        glossary = html.escape(render("lesson-glossary-link"))
        line += f"<br><a href='{GLOSSARY}' class='bolivia-glossary-link'>{glossary}</a>"
    return f"<p class='bolivia-lesson-languages'>{line}</p>"


def lesson_links(notebook: str) -> HTML:
    """The page's links to the index, the previous and the next page, in the page's language."""
    return page_links(notebook, folder_language=get_language())


def dashboard_links(*notebooks: str) -> HTML:
    """Links to dashboards (which exist once, and take the language in their address)."""
    from .pages import page_title

    language = get_language()
    items = []
    for notebook in notebooks:
        target = notebook if language == "en" else f"../{notebook}?lang={language}"
        items.append(f"<li><a href='{html.escape(target)}'>{html.escape(page_title(notebook))}</a></li>")
    return HTML(f"<ul>{''.join(items)}</ul>")


def show_cards(cards: str | Sequence[Card]) -> CardRow:
    """Cards drawn as pictures, named for a screen reader in the page's language."""
    return CardRow(cards, selectable=False, label=", ".join(card_name(c) for c in parse_cards(cards)))


def show_meld_verdicts(groups: Sequence[str], preset: str = "bolivia") -> widgets.VBox:
    """Each group of cards as pictures beside the engine's verdict on it as a new meld, with every reason."""
    rows = []
    for cards in groups:
        verdict = check_meld(cards, preset)
        said = str(verdict) if verdict.legal else "; ".join([str(verdict), *map(str, verdict.reasons)])
        row = CardRow(cards, selectable=False, label=cards_in_words(cards))
        rows.append(widgets.HBox([row, widgets.HTML(f"<p>{html.escape(said)}</p>")], layout=_ROW))
    return widgets.VBox(rows, layout=widgets.Layout(gap="4px"))


def show_moves(game: Game) -> None:
    """Every move the player to move may make now, as the engine lists it, each said in words."""
    _print_lines([str(action.said()) for action in game.legal_actions()])


class Lines:
    """Lines the engine worked out: a list on the page (never broken mid-word on a phone), plain
    lines where there is no page (a terminal, a test)."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = tuple(lines)

    def __str__(self) -> str:
        return "\n".join(self.lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(line).replace('    ', '&emsp;')}</li>" for line in self.lines)
        return f"<ul class='bolivia-lines' style='list-style: none; padding-left: 0'>{items}</ul>"


def _print_lines(lines: Sequence[str]) -> None:
    display(Lines(lines))


def show_card_values(preset: str = "bolivia") -> None:
    """Each card's value as the rules give it, grouped by value; black and red 3s on their own lines."""
    rules = get_rules(preset)
    groups: dict[int, list[str]] = {}
    for rank, points in rules.card_values.items():
        if rank != "3":
            groups.setdefault(points, []).append(render(f"rank:{rank}"))  # the ranks in words: "jokers", "aces"
    lines = [render("lesson-value-line", {"ranks": tuple(ranks), "points": points})
             for points, ranks in sorted(groups.items(), reverse=True)]  # fmt: skip
    lines.append(render("lesson-value-line", {"ranks": (render("lesson-black-three"),),
                                              "points": rules.card_values["3"]}))  # fmt: skip
    lines.append(render("lesson-black-three-line", {"points": format_number(rules.black_three_in_hand)}))
    lines.append(render("lesson-red-three-line", {"points": format_number(rules.red_three_value)}))
    _print_lines(lines)


def _worth(cards: Sequence[Card], preset: str) -> tuple[int, int]:
    """What ``cards`` score melded and what they cost left in hand (black 3s at the hand penalty)."""
    rules = get_rules(preset)
    melded = sum(rules.card_value(c) for c in cards if not c.is_red_three)
    held = sum(rules.black_three_in_hand if c.is_black_three else rules.card_value(c) for c in cards)
    return melded, held


def show_hand_worth(hand: Sequence[Card] | str, preset: str = "bolivia") -> None:
    melded, held = _worth(parse_cards(hand), preset)
    _print_lines([render("lesson-melded-worth", {"points": format_number(melded)}),
                  render("lesson-left-cost", {"points": format_number(held)})])  # fmt: skip


class CardValues(widgets.VBox):
    """Try it: choose cards from a hand; the engine's values add them up, melded and left in hand."""

    def __init__(self, hand: Sequence[Card] | str, preset: str = "bolivia", **kwargs: Any) -> None:
        self.preset = preset
        self.row = CardRow(hand, label=render("page-hand-to-move"))
        self.sums = widgets.HTML()
        self.row.observe(self._update, names="selected")
        super().__init__([self.row, self.sums], **kwargs)
        self._update()

    def _update(self, _change: object = None) -> None:
        chosen = self.row.selected_cards
        if not chosen:
            self.sums.value = f"<p role='status'>{html.escape(render('lesson-nothing-chosen'))}</p>"
            return
        melded, held = _worth(chosen, self.preset)
        lines = [render("lesson-chosen", {"cards": " ".join(map(str, chosen))}, cards="words"),
                 render("lesson-melded-worth", {"points": format_number(melded)}),
                 render("lesson-left-cost", {"points": format_number(held)})]  # fmt: skip
        self.sums.value = "<p role='status'>" + "<br>".join(html.escape(line) for line in lines) + "</p>"


def _facts(game: Game) -> str:
    pos = game.position
    top = render("exercise-pile-top", {"card": str(pos.pile[-1])}) if pos.pile else render("exercise-pile-empty")
    return " ".join([render("exercise-rules", {"rules": render(f"rules-title:{game.rules.name}")}),
                     render("lesson-to-move", {"player": game.to_move}), top,
                     render("exercise-stock", {"count": len(pos.stock)})])  # fmt: skip


def show_table(game: Game, hand: CardRow | None = None) -> widgets.VBox:
    """The position as the player to move sees it: the facts, the side's melds, the hand."""
    pos = game.position
    melds = MeldRows()
    melds.show(pos.melds[pos.side_of(game.to_move)])
    if hand is None:
        hand = CardRow(sorted(pos.hands[game.to_move - 1]), selectable=False, label=render("page-hand-to-move"))
    return widgets.VBox([
        widgets.HTML(f"<p>{html.escape(_facts(game))}</p>"),
        widgets.HTML(f"<h4>{html.escape(render('page-side-melds'))}</h4>"), melds,
        widgets.HTML(f"<h4>{html.escape(render('page-hand-to-move'))}</h4>"), hand,
    ])  # fmt: skip


def show_sides(game: Game) -> widgets.VBox:
    """Who sits where and on which side, and each side's melds."""
    pos = game.position
    lines = []
    for player in pos.seating():
        partners = pos.partners(player)
        code, params = ("lesson-seat", {"partner": partners[0]}) if partners else ("lesson-seat-alone", {})
        lines.append(f"<li>{html.escape(render(code, {'player': player} | params))}</li>")
    parts: list[widgets.Widget] = [widgets.HTML(f"<ul>{''.join(lines)}</ul>")]
    for side, melds in enumerate(pos.melds):
        rows = MeldRows()
        rows.show(melds)
        members = pos.members(side)
        players = (render("play-players-list", {"first": ", ".join(map(str, members[:-1])), "last": members[-1]})
                   if len(members) > 1 else render("play-player", {"player": members[0]}))  # the table's words
        parts += [widgets.HTML(f"<h4>{html.escape(render('play-their-melds', {'players': players}))}</h4>"), rows]
    return widgets.VBox(parts)


def show_initial_minimums(preset: str = "bolivia") -> None:
    """The initial meld's minimum for each range of a side's score, as the rules give it."""
    rules = get_rules(preset)
    lines = [render("lesson-minimum-below-zero", {"minimum": rules.initial_meld_below_zero})]
    steps = list(rules.initial_meld_steps)
    for (low, minimum), following in zip(steps, [*steps[1:], None], strict=True):
        if following is None:
            lines.append(render("lesson-minimum-from", {"score": format_number(low), "minimum": minimum}))
        else:
            high = format_number(following[0] - 5)  # scores move in fives
            lines.append(render("lesson-minimum-range", {"low": format_number(low), "high": high, "minimum": minimum}))
    _print_lines(lines)


def show_minimum(game: Game) -> None:
    """The side to move's score and the minimum its first melds must reach, as the engine works it out."""
    pos = game.position
    score = pos.scores[pos.side_of(game.to_move)]
    minimum = game.rules.initial_meld_minimum(score)
    _print_lines([render("lesson-your-minimum", {"score": format_number(score), "minimum": minimum})])


def index_start_here() -> HTML:
    """The index's "start here", pointing at the first lesson in the page's language."""
    return start_here(get_language())


# Bolivias a preset names apart only where it pays them apart (the Swedish club's black and red bolivias):
# where they earn what any seven wild cards earn, they are no bonus of their own.
_KINDS_OF_BOLIVIA = ("bonus_bolivia_three_twos_four_jokers", "bonus_bolivia_seven_twos")


def show_bonuses(preset: str = "bolivia") -> None:
    """Every bonus the rules give, described by the rules themselves; a kind of bolivia the rules pay no
    differently from any bolivia is left out (under Bolivia rules every bolivia earns the same)."""
    rules = get_rules(preset)
    one_kind = all(getattr(rules, name) == rules.bonus_bolivia for name in _KINDS_OF_BOLIVIA)
    lines = []
    for knob in rules.knobs():
        if knob.name in _KINDS_OF_BOLIVIA and one_kind:
            continue
        if knob.name == "bonus_bolivia" and one_kind and knob.value:  # no kinds "named below" to set it apart from
            said = render("lesson-bonus-bolivia", {"count": rules.wild_meld_length})
            lines.append(f"{said}: {format_number(knob.value)}")
            continue
        if knob.name.startswith("bonus_") or knob.name.endswith("_bonus") or knob.name.startswith("red_three"):
            if isinstance(knob.value, int) and not isinstance(knob.value, bool) and knob.value:
                points = format_number(knob.value)
                lines.append(f"{knob.description}: {points}")
    _print_lines(lines)


def show_score(result: Any) -> HTML:
    """A side's score sheet, line by line, numbers written the page's way."""
    return HTML(score_table_html(result))


def show_differences(first: str, second: str, knobs: Sequence[str] = (), *, sources: bool = False) -> None:
    """Every rule on which two presets differ (or those of ``knobs`` only): what the rule is, and each
    preset's value in words; with ``sources``, where each value comes from (a rule text, an assumption)."""
    unknown = [knob for knob in knobs if knob not in KNOB_NAMES]
    if unknown:
        raise ValueError(f"unknown rule {unknown[0]!r} in knobs; expected rule names such as {KNOB_NAMES[0]!r}")
    lines = []
    for difference in diff_rules(first, second):
        if knobs and difference.knob not in knobs:
            continue
        lines.append(difference.description)
        for name, value in difference.values.items():
            said = f"    {render(f'rules-title:{name}')}: {value_text(value)}"
            lines.append(f"{said} — {source_words(difference.sources[name])}" if sources else said)
    _print_lines(lines)


def show_rules_apart() -> None:
    """How many rules each pair of presets disagrees on, counted by the engine's own diff."""
    lines = []
    for first, second in combinations(preset_names(), 2):
        params = {"first": render(f"rules-title:{first}"), "second": render(f"rules-title:{second}"),
                  "count": len(diff_rules(first, second))}  # fmt: skip
        lines.append(render("lesson-rules-apart", params))
    _print_lines(lines)


def show_verdicts(cards: str) -> None:
    """The same cards as a new meld under every preset: each verdict with every reason, as the engine says it."""
    _print_lines([str(check_meld(cards, preset)) for preset in preset_names()])


def _play_hand(game: Game) -> int:
    """Computer players (greedy, seeded by the game) play until the hand is over; the actions taken."""
    players = [GreedyPlayer(game.position.seed * 10 + seat) for seat in range(game.position.players)]
    start = len(game.history)
    for _ in range(MAX_ACTIONS_PER_HAND):
        if game.phase in ("hand over", "game over"):
            return len(game.history) - start
        game.apply(players[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
    raise RuntimeError(f"a hand ran past {MAX_ACTIONS_PER_HAND} actions")


def play_one_hand(game: Game) -> None:
    """Play one hand and print how it ended (the engine's own log line) and how long it took."""
    actions = _play_hand(game)
    _print_lines([str(game.log[-1]), render("lesson-hand-turns", {"count": actions})])


def play_to_the_end(game: Game) -> None:
    """Play the game to its end and print each hand's scores and the result."""
    while not game.is_over:
        _play_hand(game)
        if game.phase == "hand over":
            game.apply("next hand")
    lines = []
    for result in game.results:
        scores = ", ".join(render("lesson-side-score", {"side": side, "points": format_number(score.total)})
                           for side, score in enumerate(result.scores, start=1))  # fmt: skip
        lines.append(render("lesson-hand-scores", {"hand": result.hand_number, "scores": scores}))
    winner = game.winner()
    if winner is None:
        lines.append(render("exercise-draw"))
    else:
        lines.append(render("lesson-game-won", {"side": winner + 1, "total": format_number(game.scores[winner])}))
    _print_lines(lines)


class RedThrees(widgets.VBox):
    """Try it: the same side's score with more or fewer red 3s, able to go out or not."""

    CAN_GO_OUT = ("4H 5H 6H 7H 8H 9H 10H", "KH KH KS KS KD KD KC")
    CANNOT = ("4H 5H 6H 7H 8H 9H 10H", "KH KS KD")

    def __init__(self, **kwargs: Any) -> None:
        rules = get_rules("bolivia")
        self.count = widgets.IntSlider(value=2, min=0, max=rules.red_threes_in_deck,
                                       description=render("lesson-red-threes"))  # fmt: skip
        self.ready = widgets.Checkbox(value=False, description=render("lesson-can-go-out"), indent=False,
                                      layout=widgets.Layout(width="auto"))  # fmt: skip
        self.melds = MeldRows()
        self.sheet = widgets.HTML()
        self.count.observe(self._update, names="value")
        self.ready.observe(self._update, names="value")
        super().__init__([widgets.HBox([self.count, self.ready], layout=_ROW), self.melds, self.sheet], **kwargs)
        self._update()

    def _update(self, _change: object = None) -> None:
        melds = self.CAN_GO_OUT if self.ready.value else self.CANNOT
        self.melds.show([parse_cards(m) for m in melds])
        self.sheet.value = score_table_html(score_side(list(melds), red_threes=self.count.value))
