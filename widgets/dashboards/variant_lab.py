"""The Variant lab: what a rule does to the game, read from many computer-played games.

One anywidget model. Python turns a study (``bolivia_core.tools.study``, as ``python -m bolivia_core study``
gives it) into a plain view, every word already in the page's language, and sets it as one synced trait;
the front end (variant_lab.js) draws the controls and the SVG plots and sends intents back: show a shipped
study, run one (in worker processes, with progress), stop it. The shipped studies
(variant_lab_study.json, made by scripts/variant_lab_data.py) let the page answer at once.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from bolivia_core.tools.compare import ClubFileError, load_club_rules
from bolivia_core.i18n import render, set_language
from bolivia_core.rules import KNOB_NAMES, PRESETS, RulesError
from bolivia_core.tools.study import (
    MELD_KINDS, SOURCES, StudyError, StudyStopped, differences_said, figure_name, parse_vary,
    run_study, shown_figures, value_text, variant_labels, variants,
)  # fmt: skip

from ..language import follow_language, page_language, rules_title

HERE = Path(__file__).parent
SHIPPED = HERE / "variant_lab_study.json"
GAME_CHOICES = (10, 20, 50, 100)
IN_BROWSER = sys.platform == "emscripten"  # the server-free site: no processes, no threads


@cache
def shipped_studies() -> dict[str, Any]:
    """The precomputed studies: name -> its question, command and figures."""
    if not SHIPPED.exists():
        return {}
    data: dict[str, Any] = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return data


class _PageProgress:
    """tqdm's two calls, said in the page: games done, the rate and the time left."""

    def __init__(self, lab: VariantLab, total: int, done: int) -> None:
        self.lab, self.total, self.done, self.start_done = lab, total, done, done
        self.start = time.monotonic()
        self._show()

    def update(self, n: int = 1) -> None:
        self.done += n
        self._show()

    def close(self) -> None:
        pass

    def _show(self) -> None:
        played = self.done - self.start_done
        seconds = time.monotonic() - self.start
        rate = played / seconds if seconds > 0 and played else 0.0
        left = (self.total - self.done) / rate if rate else 0.0
        self.lab.progress = {"done": self.done, "total": self.total, "rate": round(rate, 2), "left": round(left)}
        self.lab.say()


class VariantLab(anywidget.AnyWidget):
    """Choose a shipped study, or rule sets (presets, a club's rules file) and a knob to vary; run it; read
    the plots and a sentence per difference the study can tell apart."""

    _esm = HERE / "variant_lab.js"
    _css = HERE / "variant_lab.css"
    view = traitlets.Dict().tag(sync=True)  # everything the front end draws, in the page's language

    def __init__(self, study: str = "wilds", language: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        set_language(language or page_language())
        studies = shipped_studies()
        self.chosen = study if study in studies else next(iter(studies), "")
        self.own: dict[str, Any] | None = None  # the study run on this page, as plain data
        self.form: dict[str, Any] = {"rules": ["bolivia"], "club": "", "knob": "same_rank_max_wilds",
                                     "values": "2,3", "games": GAME_CHOICES[1]}  # fmt: skip
        self.progress: dict[str, Any] = {}
        self.error = ""
        self.running = False
        self._stop = threading.Event()
        self.on_msg(self._intent)
        self.say()
        follow_language(lambda _language: self.say())

    # --- what the learner asks for ---------------------------------------------------------

    def _intent(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        action = content.get("action")
        if action == "show" and content.get("study") in shipped_studies():
            self.chosen, self.error = content["study"], ""
        elif action == "own":
            self.chosen = ""
        elif action == "form":
            self.form.update({k: v for k, v in content.get("form", {}).items() if k in self.form})
        elif action == "run" and not self.running:
            self.form.update({k: v for k, v in content.get("form", {}).items() if k in self.form})
            self.run()
            return
        elif action == "stop":
            self._stop.set()
        self.say()

    def study_asked(self) -> tuple[Any, ...]:
        """The variants the form asks for; a bad knob, value or club file raises with the editor's message."""
        rule_sets: list[Any] = [r for r in self.form["rules"] if r in PRESETS]
        if str(self.form["club"]).strip():
            rule_sets.append(load_club_rules(str(self.form["club"])))
        knob, values = str(self.form["knob"]).strip(), str(self.form["values"]).strip()
        vary = [parse_vary(f"{knob}={values}")] if knob else []
        return variants(rule_sets, vary)

    def run(self) -> None:
        """Play the study the form asks for: in worker processes on a thread, so the page keeps answering
        and its stop is heard; in the browser-only site, here and now."""
        try:
            asked = self.study_asked()
            games = int(self.form["games"])
        except (RulesError, StudyError, ClubFileError, ValueError) as error:
            self.error = str(error)
            self.say()
            return
        self.error, self.running, self.chosen = "", True, ""
        self._stop.clear()
        workers = 1 if IN_BROWSER else max(1, min(2, os.cpu_count() or 1))

        def play() -> None:
            try:
                result = run_study(asked, 4, ("club",), games, 1, workers,
                                   progress=lambda total, done: _PageProgress(self, total, done), stop=self._stop)
                self.own = result.to_dict()
            except StudyStopped as stopped:
                self.error = str(stopped)
            except (RulesError, StudyError, ValueError) as error:
                self.error = str(error)
            finally:
                self.running = False
                self.say()

        if IN_BROWSER:
            play()
        else:
            threading.Thread(target=play, daemon=True).start()
        self.say()

    # --- what the page shows -------------------------------------------------------------------

    def shown_study(self) -> dict[str, Any] | None:
        if not self.chosen:
            return self.own
        entry = shipped_studies().get(self.chosen)
        return entry["study"] if entry else None

    def say(self) -> None:
        """Set the view: every label, the form, the progress and the study shown, in the page's language."""
        studies = shipped_studies()
        study = self.shown_study()
        self.view = {
            "labels": {key: render(f"lab-{key}") for key in _LABELS},
            "studies": [{"id": name, "question": render(entry["question"]),
                         "command": "python -m bolivia_core " + " ".join(_quoted(w) for w in entry["argv"])}
                        for name, entry in studies.items()],
            "chosen": self.chosen,
            "presets": [{"name": name, "title": rules_title(name)} for name in PRESETS],
            "knobs": [{"name": name, "words": render(f"knob:{name}")} for name in KNOB_NAMES],
            "form": dict(self.form),
            "games": list(GAME_CHOICES),
            "running": self.running,
            "progress": self._progress_text(),
            "error": self.error,
            "result": _result_view(study) if study else None,
            "honest": [render("lab-honest-1"), render("lab-honest-2")],
            "none_clear": render("study-none-clear"),
        }

    def _progress_text(self) -> dict[str, Any]:
        """Games played of the study's games, the rate and the time left; once every game is played, only that."""
        if not self.progress:
            return {}
        p = self.progress
        params = {"done": p["done"], "total": p["total"], "rate": float(p["rate"]), "left": int(p["left"])}
        if p["done"] >= p["total"]:
            code = "lab-progress-done"
        elif params["left"] < 1:
            code = "lab-progress-almost"
        else:
            code = "lab-progress"
        return p | {"text": render(code, params)}


_LABELS = (
    "question", "own", "rules", "club", "club-placeholder", "knob", "no-knob", "values", "games", "run", "stop",
    "turns-title", "score-title", "sources-title", "melds-title", "differences", "table", "figure", "running",
    "honest-title", "command", "unclear", "bars-alt", "found", "all-measures",
)  # fmt: skip


def _quoted(word: str) -> str:
    return f"'{word}'" if any(c in word for c in " []{}\"'") else word


def _result_view(data: dict[str, Any]) -> dict[str, Any]:
    """A study as the plots and sentences read it: shares of hands per bin, bars with intervals, sentences."""
    labels = variant_labels(data, words=True)
    shown = shown_figures(data)
    said = differences_said(data, words=True)

    def histogram(name: str) -> list[dict[str, Any]]:
        series = []
        for label, v in zip(labels, data["variants"], strict=True):
            counts = {int(k): c for k, c in v["histograms"][name]["counts"].items()}
            total = sum(counts.values()) or 1
            series.append({"label": label, "width": v["histograms"][name]["width"],
                           "bins": [[k, c / total] for k, c in sorted(counts.items())]})  # fmt: skip
        return series

    def bars(family: str, parts: tuple[str, ...]) -> list[dict[str, Any]]:
        rows = []
        for part in parts:
            name = f"{family}.{part}"
            if name in shown:
                short = render(f"study-{'kind' if family == 'melds' else 'source'}:{part}")
                rows.append({"name": figure_name(name), "short": short,
                             "values": [v["figures"][name] for v in data["variants"]]})
        return rows

    table = [[figure_name(n), *(value_text(n, v["figures"][n]) for v in data["variants"])] for n in shown]
    turns, score = histogram("hand_turns"), histogram("hand_score")
    return {
        "variants": labels,
        "heading": render("study-heading", {"games": data["games"], "players": data["players"],
                                            "seats": ", ".join(data["seats"]), "seed": data["seed"],
                                            "variants": len(labels)}),
        "turns": turns,
        "score": score,
        "turns_alt": _histogram_alt("hand_turns", data, labels),
        "score_alt": _histogram_alt("hand_score", data, labels),
        "sources": bars("points", SOURCES),
        "melds": bars("melds", MELD_KINDS),
        "table": table,
        "differences": said,
        "measures": len(shown),
    }


def _histogram_alt(name: str, data: dict[str, Any], labels: list[str]) -> str:
    """The text alternative of a distribution: each variant's mean with its interval."""
    parts = [f"{label}: {value_text(name, v['figures'][name])}"
             for label, v in zip(labels, data["variants"], strict=True)]
    return render(f"lab-{name}-alt", {"means": "; ".join(parts)})


__all__ = ["VariantLab", "shipped_studies"]
