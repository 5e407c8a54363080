"""A meld checker: tap cards, pick the rules, read the verdict and every reason."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from bolivia_core import CardError, MeldVerdict, check_meld
from bolivia_core.i18n import render
from bolivia_core.rules import PRESETS
from bolivia_core.tools.compare import value_text

from ..components.cards import CardRow
from ..components.picker import CardPicker
from ..components.table_view import cards_in_words
from ..lessons.exercise import Exercise, Unreadable
from ..language import LanguagePicker, rule_choices, rules_title


class MeldChecker(widgets.VBox):
    """Cards tapped from a deck (or given in the card notation), judged live under the chosen preset.

    The widget decides nothing itself: every verdict and sentence comes from
    ``bolivia_core.check_meld``. ``verdict`` holds the last one (``None`` while
    the cards cannot be read). Its texts are the catalogue's, in ``language``
    (default: the page's); the picker says them again in another.
    """

    def __init__(self, cards: str = "", rules: str = "bolivia", language: str | None = None, **kwargs: Any) -> None:
        self.language = LanguagePicker(language)
        self.cards = CardPicker(cards)
        self.rules = widgets.Dropdown(options=rule_choices(), value=rules)
        self.going_out = widgets.Checkbox(value=False, indent=False)
        self.result = widgets.HTML(layout=widgets.Layout(min_height="4em"))
        self.verdict: MeldVerdict | None = None
        self._label()
        for control in (self.cards, self.rules, self.going_out):
            control.observe(self._update, names="value")
        self.language.on_change(lambda _language: (self._label(), self._update()))
        super().__init__(
            [self.language, self.cards, widgets.HBox([self.rules, self.going_out]), self.result], **kwargs
        )
        self.add_class("bolivia-meld-checker")
        self.result.add_class("bolivia-checker-result")
        self._update()

    def _label(self) -> None:
        """The fixed texts, in the current language (the rule set chosen stays chosen)."""
        self.cards.description = render("checker:cards")
        self.cards.rename()
        self.rules.description = render("lab:rules")
        self.going_out.description = render("checker:going-out")
        if [label for label, _ in self.rules.options] != [label for label, _ in rule_choices()]:
            chosen = self.rules.value
            self.rules.options = rule_choices()
            self.rules.value = chosen

    def _update(self, _change: object = None) -> None:
        if not self.cards.value.strip():
            self.verdict = None
            self.result.value = f"<p>{html.escape(render('checker:type'))}</p>"
            return
        try:
            verdict = check_meld(self.cards.value, self.rules.value, going_out=self.going_out.value)
        except CardError as error:
            self.verdict = None
            self.result.value = f"<p role='alert'>⚠ {html.escape(str(error))}</p>"
            return
        self.verdict = verdict
        self.result.value = verdict_html(verdict)


def each_rule_set(cards: str) -> widgets.HTML:
    """The same cards as a new meld under every rule set, a line each, naming the rule set once: the
    engine's verdict where they are legal, its reasons where they are not (a reason that names no rule set
    gets the rule set's title before it)."""
    items = []
    for preset in PRESETS:
        verdict = check_meld(cards, preset)
        title = rules_title(preset)
        said = str(verdict) if verdict.legal else "; ".join(map(str, verdict.reasons))
        if title not in said:
            said = f"{title}: {said}"
        mark = render("view:legal" if verdict.legal else "view:not-legal")
        items.append(f"<li><strong>{html.escape(mark)}</strong> {html.escape(said)}</li>")
    return widgets.HTML(f"<ul class='bolivia-lines bolivia-each-rule-set'>{''.join(items)}</ul>")


def verdict_html(verdict: MeldVerdict) -> str:
    mark = render("view:legal" if verdict.legal else "view:not-legal")
    summary = html.escape(str(verdict) if verdict.legal else render("view:not-a-meld"))
    reasons = "".join(f"<li>{html.escape(str(r))}</li>" for r in verdict.reasons)
    body = f"<ul class='bolivia-reasons'>{reasons}</ul>" if reasons else ""
    return f"<p class='bolivia-verdict' role='status'><strong>{mark}</strong>: {summary}</p>{body}"


class MeldQuiz(Exercise):
    """An exercise: is this meld legal under each rule set? The engine marks every answer; a wrong one
    gets the rule that decides it as a hint, and the verdicts are shown only once answered."""

    def __init__(self, cards: str, presets: tuple[str, ...] = tuple(PRESETS), **kwargs: Any) -> None:
        self.cards = cards
        self.answers = {
            name: widgets.ToggleButtons(
                options=[(render("exercise-legal"), "legal"), (render("exercise-not-legal"), "not legal")],
                value=None, description=render(f"rules-title:{name}"), style={"description_width": "initial"},
                layout=widgets.Layout(margin="2px 1.5em 2px 2px"),  # a rule set's name never runs into the next one's
            )
            for name in presets
        }  # fmt: skip
        shown = CardRow(cards, selectable=False, label=cards_in_words(cards))
        question = widgets.HTML(f"<p>{html.escape(render('exercise-meld-question'))}</p>")
        super().__init__([question, shown], list(self.answers.values()), **kwargs)

    def _truth(self, name: str) -> str:
        return "legal" if check_meld(self.cards, name).legal else "not legal"

    def read(self) -> dict[str, str]:
        if any(answer.value is None for answer in self.answers.values()):
            raise Unreadable(render("exercise-choose-each"))
        return {name: str(answer.value) for name, answer in self.answers.items()}

    def is_right(self, answer: dict[str, str]) -> bool:
        return all(value == self._truth(name) for name, value in answer.items())

    def hint(self, answer: dict[str, str]) -> str:
        hints = []
        for name, value in answer.items():
            if value == self._truth(name):
                continue
            rules = render(f"rules-title:{name}")
            verdict = check_meld(self.cards, name)
            knob = next((r.knob for r in verdict.reasons if r.knob), None)
            if verdict.legal or not knob:
                hints.append(render("exercise-hint-meld-legal", {"rules": rules}) if verdict.legal
                             else render("exercise-hint-meld", {"rules": rules, "rule": str(verdict.reasons[0])}))
            else:  # the rule that decides it, as this rule set has it: its meaning and its value, no verdict
                info = PRESETS[name].knob(knob)
                rule = render("exercise-hint-rule", {"rule": info.description, "value": value_text(info.value)})
                hints.append(render("exercise-hint-meld", {"rules": rules, "rule": rule}))
        return " ".join(hints)

    def worked(self) -> str:
        lines = []
        for name in self.answers:
            verdict = check_meld(self.cards, name)
            why = str(verdict) if verdict.legal else "; ".join(map(str, verdict.reasons))
            lines.append(f"<li><b>{html.escape(render(f'rules-title:{name}'))}</b>: {html.escape(why)}</li>")
        return f"<ul>{''.join(lines)}</ul>"
