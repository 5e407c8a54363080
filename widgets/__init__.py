"""Jupyter widgets over bolivia_core: thin views that observe inputs and call the engine."""

from .meld_checker import MeldChecker

__all__ = ["MeldChecker"]
