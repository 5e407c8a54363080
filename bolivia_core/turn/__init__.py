"""A turn's rules: what each action needs (``checks``), the legal actions now (``legal``, the legal view),
and what playing an action does (``transitions``)."""

from .checks import explain, is_legal, pile_closed, pile_frozen
from .legal import LegalActions
from .transitions import Event, HandResult

__all__ = ["Event", "HandResult", "LegalActions", "explain", "is_legal", "pile_closed", "pile_frozen"]
