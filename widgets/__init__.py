"""Jupyter widgets over bolivia_core: thin views that observe inputs and call the engine."""

from .cards import CardRow
from .game_viewer import GameViewer
from .language import LanguagePicker, page_language
from .play_table import PlayTable
from .meld_checker import MeldChecker, MeldQuiz
from .meld_lab import MeldLab
from .table_tools import ActionQuiz, ScenarioExplorer, ScoreCalculator, ScoreQuiz
from .variant_explorer import ClubEditor, VariantExplorer

__all__ = [
    "ActionQuiz",
    "CardRow",
    "ClubEditor",
    "GameViewer",
    "LanguagePicker",
    "MeldChecker",
    "MeldLab",
    "MeldQuiz",
    "PlayTable",
    "ScenarioExplorer",
    "ScoreCalculator",
    "ScoreQuiz",
    "VariantExplorer",
    "page_language",
]
