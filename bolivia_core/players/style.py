"""The habits and weights a heuristic level plays with: one frozen ``Style`` per level.

Every number the heuristic weighs an action by is a named field here, so a level is a value
(``replace(CLUB, ...)``) and a reader finds each weight in one place. The weights are the
heuristic's own reckoning, not points a side scores; what the rules pay (bonuses, card values,
meld lengths) is always read from the ``Rules`` object, never written here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["BEGINNER", "CLUB", "STRONG", "Style"]


@dataclass(frozen=True)
class Style:
    """The habits a level plays with; ``beginner`` is ``club`` with a beginner's blind spots."""

    name: str
    saves_wilds: bool  # keeps 2s and jokers for a bolivia instead of mixed melds
    guards_pile: bool  # weighs what a discard gives the next player
    keeps_pairs: bool  # values pairs that can take the pile
    plans_sequences: bool  # values suited cards that may grow into an escalera
    min_pile: int  # the smallest pile (cards under the top) worth taking for its own sake
    slip: float  # share of discards chosen carelessly (from the player's seeded generator)
    pile_pairs: int = 999  # a pile this big or bigger: keep natural pairs in hand to take it, rather than meld them
    reads_declines: bool = False  # a rank a player left on top of the pile is one they hold no pair of
    slip_choices: int = 4  # a careless discard is one of this many least-wanted cards

    # --- the scale: going out beats everything, a good meld beats any discard ---------------
    go_out: float = 10_000.0  # an action that empties the hand
    good_meld: float = 600.0  # the base of a lay worth making now

    # --- how much the hand wants to keep a card (the lowest is discarded) -------------------
    keep_wild_saved: float = 400.0  # a wild card while the side saves them for a bolivia
    keep_wild: float = 150.0  # a wild card otherwise
    keep_black_three: float = -60.0  # a black 3 costs points in hand and blocks the pile: the first to go
    keep_card_value_share: float = 0.5  # of the card's own points
    keep_pair: float = 45.0  # a second card of a rank, for a level that keeps pairs for the pile
    keep_pair_careless: float = 12.0  # the same, for a level that does not
    keep_third: float = 10.0  # a third card of a rank
    keep_on_table: float = 40.0  # a rank the side has melded
    keep_sequence_end: float = 200.0  # one rank beyond an open sequence of the side
    keep_sequence_near: float = 120.0  # two ranks beyond one
    keep_window_card: float = 9.0  # each other card of the suit in the card's best sequence window
    keep_neighbour: float = 12.0  # each suited neighbour in hand
    keep_beginner_pair: float = 30.0  # a beginner keeps a pair over its plain card points

    # --- what a discard gives the next player ------------------------------------------------
    feed_wild_chance: float = 0.05  # a wild on top, where two wilds take the pile
    feed_suited_pair_chance: float = 0.1  # added where a suited sequence pair takes the pile
    feed_discarded_share: float = 0.4  # a rank the taker discarded this hand
    feed_declined_share: float = 0.25  # a rank the taker left on top of the pile this hand
    feed_warn_chance: float = 0.25  # from this chance a discard's reason says it may feed the taker
    pile_card_worth: float = 25.0  # each card of a pile, to whoever takes it
    pile_base_worth: float = 40.0  # a pile taken at all

    # --- answering partner's question -------------------------------------------------------
    weighs_hand: bool = True  # answers no while the hand holds many points (a beginner always says yes)
    heavy_hand_points: int = 150  # more points than this in hand: answer no ...
    heavy_hand_stock: int = 20  # ... while the stock holds more cards than this

    # --- taking from the pile ---------------------------------------------------------------
    take_top_completes: float = 500.0  # the top card completes a sequence
    take_top_base: float = 100.0  # the top card onto a sequence ...
    take_top_per_card: float = 15.0  # ... and for each card of it
    take_top_careless: float = -5.0  # a level that does not plan sequences
    take_pile_per_card: float = 25.0  # each card taken into hand
    take_pile_value_share: float = 0.5  # of the taken cards' points
    take_pile_per_laid: float = 15.0  # each card melded at once
    take_pile_wild_saved: float = 150.0  # each wild spent while the side saves them
    take_pile_wild: float = 25.0  # each wild spent otherwise
    take_pile_opens: float = 150.0  # the take makes the side's initial meld
    take_pile_completes: float = 200.0  # the take completes a meld
    take_pile_too_small: float = 120.0  # a pile smaller than the level's ``min_pile``

    # --- laying cards -----------------------------------------------------------------------
    lay_to_finish: float = 300.0  # over ``good_meld``: the side may go out, so every card laid counts
    initial_meld: float = 100.0  # over ``good_meld``: the side's first meld of the hand
    initial_meld_wild: float = 120.0  # each wild card it spends, for a level that saves them
    initial_meld_points_share: float = 0.2  # of its points
    add_completes: float = 200.0  # over ``good_meld``: an add that completes a meld ...
    add_completes_bonus_share: float = 0.1  # ... and this share of the bonus the rules pay for it
    add_sequence: float = 100.0  # over ``good_meld``: natural cards onto an open sequence ...
    add_sequence_per_card: float = 20.0  # ... and for each card already in it
    add_natural: float = -50.0  # over ``good_meld``: natural cards onto a same-rank meld
    add_wild_meld: float = -100.0  # over ``good_meld``: wild cards onto a wild meld
    add_mixed: float = -300.0  # over ``good_meld``: wild cards onto a natural meld
    new_sequence: float = 20.0  # over ``good_meld``: a new sequence, for a level that plans them
    new_sequence_careless: float = -100.0  # the same, for a level that does not
    new_wild_meld: float = -80.0  # over ``good_meld``: a new wild meld
    new_same_rank: float = -150.0  # over ``good_meld``: a new same-rank meld ...
    new_same_rank_wild: float = 100.0  # ... less this for each wild card in it
    spends_saved_wilds: float = -400.0  # a lay that spends wild cards the side saves
    spoils_sequence: float = -300.0  # a lay that spends a card an escalera needs
    breaks_pile_pair: float = -250.0  # a lay that breaks a pair a big pile waits for

    # --- asking partner ---------------------------------------------------------------------
    ask_ready: float = 250.0  # over ``good_meld``: the side may go out and the hand lays down
    ask_too_early: float = -500.0  # the side may not go out, or cards would stay in hand
    ask_needless: float = -200.0  # asking is optional and the partners hold few cards
    ask_partner_cards: int = 8  # a partner holding this many cards may want to lay them first

    # --- the initial meld's own combinations ------------------------------------------------
    initial_options: int = 4  # the fewest-wild combinations of meld groups weighed besides the engine's
    initial_groups: int = 3  # at most this many meld groups combined


CLUB = Style("club", saves_wilds=True, guards_pile=True, keeps_pairs=True, plans_sequences=True, min_pile=1, slip=0.0)
STRONG = replace(CLUB, name="strong", pile_pairs=4, reads_declines=True)
BEGINNER = replace(
    CLUB, name="beginner", saves_wilds=False, guards_pile=False, keeps_pairs=False, plans_sequences=False,
    min_pile=5, slip=0.2, weighs_hand=False,
)  # fmt: skip
