"""Explanations as data, and the one message catalogue that puts them into words.

An explanation is a code, the rule knob it rests on and its numbers. Only
``render`` turns one into a sentence, so another language is another
catalogue, not a rewrite. Templates use ``str.format`` fields; ``{n:n:card}``
writes "1 card" or "3 cards", and whole numbers get thousands separators.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CATALOGUES", "Explanation", "Reason", "card_name", "counted", "render"]

EN: dict[str, str] = {
    # meld shapes
    "too-few-cards": "a new meld needs at least {min:n:card} under {rules} rules; this one has {count}",
    "red-three-in-meld": "red 3s are bonus cards and are never melded; this meld holds {count:n:red 3}",
    "not-one-rank-or-suit": (
        "a meld is cards of one rank, a sequence of one suit, or wild cards only under {rules} rules; "
        "these cards ({ranks}) are none of these"
    ),
    "sequences-not-allowed": (
        "sequences are not allowed under {rules} rules: a meld holds cards of one rank; "
        "these are {ranks}"
    ),
    "black-three-in-meld": (
        "a black 3 may only be melded with other black 3s under {rules} rules; this meld mixes it with {ranks}"
    ),
    # same-rank melds
    "same-rank-too-many-wilds": (
        "a same-rank meld may hold {max:most:wild card} under {rules} rules; this one holds {wilds}"
    ),
    "same-rank-wild-balance-twice": (
        "a same-rank meld needs at least twice as many natural cards as wild cards under {rules} rules; "
        "this one has {naturals:n:natural card} and {wilds:n:wild card}"
    ),
    "same-rank-wild-balance-more": (
        "a same-rank meld needs more natural cards than wild cards under {rules} rules; "
        "this one has {naturals:n:natural card} and {wilds:n:wild card}"
    ),
    "same-rank-too-few-naturals": (
        "a same-rank meld needs at least {min:n:natural card} under {rules} rules; this one has {naturals}"
    ),
    # sequences
    "sequence-suits": "a sequence is cards of one suit; these are {suits}",
    "sequence-repeated-rank": "a sequence holds each rank once; this one has {ranks} twice",
    "sequence-gap": (
        "a sequence runs unbroken from 4 up to ace; {missing} missing, with {usable:n:wild card} allowed "
        "to fill a gap under {rules} rules"
    ),
    "sequence-too-many-wilds": (
        "a sequence may hold {max:most:wild card} under {rules} rules; this one holds {wilds}"
    ),
    "sequence-too-long": (
        "a sequence is complete and closed at {max} cards under {rules} rules; this one has {count}"
    ),
    "black-three-under-sequence": (
        "a black 3 may sit only below the 4 of a natural sequence of its own suit under {rules} rules"
    ),
    # wild melds and black 3s
    "wild-melds-not-allowed": "melds of wild cards only are not allowed under {rules} rules",
    "wild-meld-too-long": (
        "a meld of wild cards is complete and closed at {max} cards under {rules} rules; this one has {count}"
    ),
    "black-threes-only-going-out": (
        "black 3s may be melded only in the turn the player goes out under {rules} rules"
    ),
    "black-threes-too-many": (
        "a meld of black 3s may hold {max:most:card} under {rules} rules; this one has {count}"
    ),
    "black-threes-with-wilds": (
        "a meld of black 3s may hold {max:most:wild card} under {rules} rules; this one holds {wilds}"
    ),
    # adding to a meld on the table
    "nothing-added": "no cards were given to add",
    "meld-closed": (
        "a complete {label} is closed under {rules} rules: nothing may be added to it"
    ),
    "wild-onto-complete-canasta": (
        "wild cards may not be added to a complete canasta under {rules} rules; only natural cards"
    ),
    "sequence-overflow": (
        "a sequence holds at most {max} cards under {rules} rules: meld the {extra:n:extra card} "
        "as a new sequence instead"
    ),
    "table-meld-illegal": "the meld on the table ({cards}) is not a legal meld: {why}",
    # a side's table
    "meld-illegal": "meld {index} ({cards}) is not legal: {why}",
    "same-rank-twice": (
        "a side may hold only one same-rank meld of each rank under {rules} rules; this side has {count} of {rank}"
    ),
    "same-rank-twice-open": (
        "a side may start another same-rank meld of a rank only once its first is a complete canasta "
        "under {rules} rules; this side has {count} unfinished melds of {rank}"
    ),
    # the initial meld
    "initial-meld-short": (
        "an initial meld needs {minimum} points at a score of {score} under {rules} rules; "
        "these melds count {points}, {shortfall} short"
    ),
    "initial-meld-empty": "an initial meld needs at least one meld",
    # complete melds
    "label:natural-canasta": "natural canasta",
    "label:mixed-canasta": "mixed canasta",
    "label:bolivia": "bolivia",
    "label:bolivia-three-twos-four-jokers": "black bolivia (three 2s and four jokers)",
    "label:bolivia-seven-twos": "red bolivia (seven 2s)",
    "kind:same-rank": "same-rank meld",
    "kind:sequence": "sequence",
    "kind:wild": "meld of wild cards",
    "kind:black-threes": "meld of black 3s",
    "kind:none": "not a meld",
    # --- complete melds named as each preset names them (engine) ---
    "label:natural-sequence:escalera": "escalera",
    "label:mixed-sequence:escalera": "mixed escalera",
    "label:natural-sequence:samba": "red samba",
    "label:mixed-sequence:samba": "black samba",
    "label:natural-sequence:canasta": "natural canasta",
    "label:mixed-sequence:canasta": "mixed canasta",

    # scoring
    "score-meld-cards": "melded {cards}: card values",
    "score-meld-bonus": "{label} ({cards}): bonus",
    "score-red-threes": "{count:n:red 3} at {each} each",
    "score-red-threes-all": "all {count} red 3s together",
    "score-red-threes-against-cannot-go-out": (
        "{count:n:red 3} count against the side: it has not got the complete melds it needs to go out"
    ),
    "score-red-threes-against-not-melded": (
        "{count:n:red 3} count against the side: it has made no meld"
    ),
    "score-going-out": "going out",
    "score-going-out-concealed": "going out concealed (the whole hand in one turn)",
    "score-hand-cards": "left in hand {cards}: card values count against the side",
    "score-hand-black-threes": "{count:n:black 3} left in hand at {each} each",
    # turns: refusals, each saying what to do instead
    "game-over": "the game is over",
    "hand-over": "the hand is over: deal the next hand",
    "hand-not-over": "the hand is still being played",
    "answer-pending": "player {player} must first answer player {asker}: may they go out?",
    "nothing-asked": "nobody has asked to go out",
    "draw-first": "player {player} must first draw from the stock or take from the discard pile",
    "drawn-already": "player {player} has drawn already this turn: meld, add to a meld, or discard",
    "stock-empty": "the stock is empty: take from the discard pile, or pass if you cannot",
    "pass-with-stock": "a player passes only when the stock is empty: draw instead",
    "pass-in-play": "a player ends a turn by discarding; only one left with a single card who may not go out passes",
    "pass-while-able": "with the stock empty a player who can take the pile must: player {player} can",
    "pile-empty": "the discard pile is empty: draw from the stock",
    "pile-blocked": "nobody may take the pile while {card} is on top under {rules} rules: draw from the stock",
    "pile-one-card": (
        "a player holding one card may not take a pile of one card under {rules} rules: draw from the stock"
    ),
    "pile-needs-natural-pair": "to take this pile you need a natural pair of {rank} in your hand",
    "pile-top-not-natural": "{card} on top cannot be taken with a natural pair under {rules} rules",
    "pile-way": "to take {card} under {rules} rules, meld it with cards from hand: {ways}",
    "pile-new-meld-only": (
        "the top discard always starts a new meld under {rules} rules: take it with a pair from hand"
    ),
    "pile-meld-illegal": "the top card with your cards ({cards}) is not a legal meld: {why}",
    "pile-onto-illegal": "{card} cannot go onto meld {index}: {why}",
    "cards-not-in-hand": "{cards}: not all in player {player}'s hand",
    "no-such-meld": "the side has no meld {index}: it has {count:n:meld}",
    "take-top-not-allowed": "taking only the top discard is not allowed under {rules} rules",
    "take-top-not-sequence": "meld {index} is not a sequence: only a sequence may take the top discard alone",
    "take-top-illegal": "{card} does not extend meld {index}: {why}",
    "side-not-melded": "the side has not melded yet: first lay melds worth {minimum} points together",
    "discard-forbidden": "{card} may never be discarded under {rules} rules",
    "no-partner": "player {player} has no partner to ask",
    "asked-already": "player {player} has asked already this turn (the answer was {answer})",
    "final-discard-needed": "under {rules} rules a player goes out with a final discard: keep a card to discard",
    "ask-too-late": (
        "ask while you hold two cards or more: after a no you must still discard and keep a card"
    ),
    "cannot-go-out": "the side may not go out yet under {rules} rules: it needs {needs}",
    "partner-said-no": "partner said no: player {player} may not go out this turn",
    "must-ask": "under {rules} rules a player must ask every partner \"may I go out?\" and hear yes first",
    "keep-two-cards": (
        "a player whose side may not yet go out keeps two cards in hand after melding under {rules} rules; "
        "this would leave {count}"
    ),
    # --- computer players: rationales and hints (players) ---
    "why-random": "chosen at random among {count:n:legal action}",
    "why-answer-yes": "the side is better off when a partner may go out",
    "why-go-out": "these cards empty the hand: the player goes out",
    "why-meld-most": "this meld lays the most cards from hand ({count})",
    "why-add": "adds {count:n:card} to meld {index}, where they count at once",
    "why-ask": "only {count:n:card} left: asking lets the side go out soon",
    "why-discard-least-useful": "{card} is the card the hand needs least",
    "why-take-pile": "the pile's {count:n:card} are worth more than two from the stock",
    "why-take-top": "the top discard extends sequence {index}",
    "why-draw": "nothing on the pile is worth taking",

    # the game's log
    "event-deal": "hand {hand}: player {dealer} deals {cards} cards each; the upcard is {upcard}",
    "event-red-threes": "player {player} lays out {count:n:red 3}",
    "event-draw": "player {player} draws {count:n:card}",
    "event-take-pile": "player {player} takes the pile with {card} on top, and {count:n:card} more into hand",
    "event-take-top": "player {player} takes {card} from the pile onto meld {index}",
    "event-meld": "player {player} melds {melds}",
    "event-add": "player {player} adds {cards} to meld {index}",
    "event-discard": "player {player} discards {card}",
    "event-ask": "player {player} asks: may I go out?",
    "event-answer": "player {player} answers {answer} to player {asker}",
    "event-pass": "player {player} cannot take the pile and passes",
    "event-pass-in-play": "player {player} holds one card, may not go out, and ends the turn without discarding",
    "event-went-out": "player {player} goes out: hand {hand} scores {scores}",
    "event-stock-out": "the stock is out and nobody can take the pile: hand {hand} scores {scores}",
    "event-game-over": "the game is over: {scores}",
    "event-from-position": "hand {hand} goes on from a given position: player {player}'s turn",
    "event-loaded": "a saved game, loaded after {actions:n:action}",
    # --- the play dashboard (widgets) ---

    # cards in words (accessible names)
    "card-name": "{rank} of {suit}",
    "card-joker": "joker",
    "rank-name:J": "jack", "rank-name:Q": "queen", "rank-name:K": "king", "rank-name:A": "ace",
    "suit-name:C": "clubs", "suit-name:D": "diamonds", "suit-name:H": "hearts", "suit-name:S": "spades",
    # ranks in words
    "rank:4": "4s", "rank:5": "5s", "rank:6": "6s", "rank:7": "7s", "rank:8": "8s", "rank:9": "9s",
    "rank:10": "10s", "rank:J": "jacks", "rank:Q": "queens", "rank:K": "kings", "rank:A": "aces",
    # --- pages: navigation, serving, the club editor (widgets, notebooks) ---

    # what going out needs
    "need:sequence": "a complete sequence",
    "need:canasta": "a canasta",
    "need:bolivia": "a bolivia",
    "need:any": "one more complete meld of any kind",
    "needs-and": " and ",
    "needs-or": ", or ",
    # --- impossible input refused (engine) ---

    # verdict summaries
    "verdict-legal": "legal {kind} under {rules} rules: {points} points",
    "verdict-legal-complete": "legal {label} under {rules} rules: {points} points and a {bonus} bonus",
    "verdict-illegal": "not a legal meld under {rules} rules",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN}


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith(("n:", "most:")):
            prefix, _, word = format_spec.partition(":")
            if not value:
                return f"no {_plural(word)}"
            counted = f"{value:,} {word if value == 1 else _plural(word)}"
            return f"at most {counted}" if prefix == "most" else counted
        if isinstance(value, int) and not isinstance(value, bool) and not format_spec:
            return f"{value:,}"
        return str(super().format_field(value, format_spec))


def _plural(word: str) -> str:
    head, _, tail = word.rpartition(" ")
    if tail.endswith("3"):
        tail += "s"
    elif tail.endswith(("s", "x")):
        tail += "es"
    else:
        tail += "s"
    return f"{head} {tail}" if head else tail


_FORMATTER = _Formatter()


def card_name(card: Any, language: str = "en") -> str:
    """A card in words, as a screen reader should say it: "4 of hearts", "jack of clubs", "joker"."""
    if card.is_joker:
        return render("card-joker", language=language)
    text = card.rank_text
    rank = render(f"rank-name:{text}", language=language) if text in "JQKA" else text
    return render("card-name", {"rank": rank, "suit": render(f"suit-name:{card.suit}", language=language)}, language)


def counted(number: int, word: str) -> str:
    """A count in words as the catalogue writes one ("no cards", "1 card", "12 cards"), for views."""
    return _FORMATTER.format_field(number, f"n:{word}")


def render(code: str, params: Mapping[str, Any] | None = None, language: str = "en") -> str:
    """The sentence for ``code`` with ``params`` filled in, from the language's catalogue."""
    catalogue = CATALOGUES.get(language, EN)
    template = catalogue.get(code) or EN[code]
    return _FORMATTER.vformat(template, (), dict(params or {}))


@dataclass(frozen=True)
class Explanation:
    """A code, the rule knob it rests on (if any) and its numbers."""

    code: str
    knob: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return render(self.code, self.params)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "knob": self.knob, "params": dict(self.params), "text": str(self)}


@dataclass(frozen=True)
class Reason(Explanation):
    """One broken rule."""
