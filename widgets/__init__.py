"""Jupyter widgets over bolivia_core: thin views that observe inputs and call the engine."""

from . import messages  # noqa: F401  (registers the pages' words with render first)
from .components.cards import CardRow
from .dashboards.game_viewer import GameViewer
from .language import LanguagePicker, page_language
from .dashboards.play_table import PlayTable
from .dashboards.room_table import RoomTable, play_page
from .dashboards.meld_checker import MeldChecker, MeldQuiz
from .dashboards.meld_lab import MeldLab
from .dashboards.table_tools import ScenarioExplorer, ScoreCalculator, ScoreQuiz
from .dashboards.variant_explorer import ClubEditor, VariantExplorer
from .dashboards.variant_lab import VariantLab
from .lessons.table import ActionQuiz, LessonTable

__all__ = [
    "ActionQuiz",
    "CardRow",
    "ClubEditor",
    "GameViewer",
    "LanguagePicker",
    "LessonTable",
    "MeldChecker",
    "MeldLab",
    "MeldQuiz",
    "PlayTable",
    "RoomTable",
    "ScenarioExplorer",
    "ScoreCalculator",
    "ScoreQuiz",
    "VariantExplorer",
    "VariantLab",
    "page_language",
    "play_page",
]
