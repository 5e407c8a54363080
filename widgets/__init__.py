"""Jupyter widgets over bolivia_core: thin views that observe inputs and call the engine."""

from .meld_checker import MeldChecker, MeldQuiz
from .variant_explorer import ClubEditor, VariantExplorer

__all__ = ["ClubEditor", "MeldChecker", "MeldQuiz", "VariantExplorer"]
