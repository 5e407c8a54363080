"""A turn's rules, in layers that import only downwards:

- ``groups``: the melds a hand can make, worked out by shape;
- ``additions``: what may join a meld on the table, and the table's facts the offers read;
- ``limits``: the per-rank limits and the initial minimum every laying action shares;
- ``pile``: the discard pile's rules and the enumeration of takes;
- ``checks``: what each action needs, as reasons (``is_legal``, ``explain``);
- ``candidates``: the legal view's candidates by phase, with the verdicts it knows;
- ``legal``: the legal view (``LegalActions``);
- ``transitions``: what playing an action does (``perform``), as events and a hand's result.
"""

from .candidates import candidates, judged_candidates
from .checks import explain, is_legal
from .groups import meld_groups
from .legal import LegalActions
from .pile import pile_closed, pile_frozen
from .transitions import Event, HandResult, perform

__all__ = [
    "Event", "HandResult", "LegalActions", "candidates", "explain", "is_legal", "judged_candidates", "meld_groups",
    "perform", "pile_closed", "pile_frozen",
]  # fmt: skip
