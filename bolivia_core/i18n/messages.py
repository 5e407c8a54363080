"""Explanations as data, and the one message catalogue that puts them into words, in six languages.

An explanation is a code, the rule knob it rests on and its numbers. Only
``render`` turns one into a sentence. ``EN`` below is the English source of
truth; the other languages are gettext catalogues under ``locale/`` (``.po``
written by translators, ``.mo`` compiled from them by ``scripts/i18n.py``),
read at run time with the standard library's ``gettext``: message context =
the code, message id = the English template.

Templates use ``str.format`` fields. Whole numbers are written the language's
way ("15,000", "15 000", "15.000"). A counted field chooses a word by the
language's CLDR plural rule: ``{n:n:kort|kort}``, ``{n:n:karta|karty|kart}``
lists one form per plural category of the language, in the order of
``PLURAL_CATEGORIES``; ``#`` in a form stands for the number (without one the
number goes first), and a form ``0=...`` is said instead for zero. English
may still write ``{n:n:card}`` ("no cards", "1 card", "3 cards") and
``{n:most:card}`` ("at most 3 cards"), English plurals made by rule.

A param that is one of the catalogue's words (a suit, a rank, a label; see
``_WORD_PREFIXES``) is said again in the sentence's language; a tuple of them
or of numbers is a list, joined when rendered: ``{x}`` with commas, ``{x:and}``
and ``{x:or}`` with the language's last "and"/"or", ``{x:+}`` numbers signed.
"""

from __future__ import annotations

import functools
import gettext
import json
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "PLURAL_CATEGORIES",
    "Explanation",
    "Reason",
    "card_name",
    "counted",
    "format_number",
    "format_signed",
    "get_language",
    "glossary",
    "normalise_language",
    "plural_category",
    "render",
    "set_language",
    "translated",
]

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
    "sequence-suits": "a sequence is cards of one suit; these are {suits:and}",
    "list-and": "{items} and {last}",
    "list-or": "{items} or {last}",
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
    "why-next-hand": "the hand is over: the next one is dealt",
    "why-only-move": "the only thing left to do this turn",
    "why-answer-yes-light": "yes: this hand holds only {points} points, so going out now costs the side little",
    "why-answer-no-heavy": "no: this hand still holds {points} points that would count against the side",
    "why-answer-yes-heavy": (
        "yes lets partner go out while this hand still holds {points} points that would count against the side"
    ),
    "why-answer-no-light": (
        "no keeps partner from going out, though this hand holds only {points} points that would count against the side"
    ),
    "why-pass-stock-out": "the stock is out and the pile cannot be taken",
    "why-draw-empty-pile": "draws: the pile is empty",
    "why-draw-club": "draws from the stock: the pile ({count:n:card}, {card} on top) is not worth taking now",
    "why-take-top-completes": "takes {card} onto sequence {index}: sequence {index} is now complete ({label})",
    "why-take-top-club": (
        "takes {card} onto sequence {index}: the card goes on the table at once, towards a complete {sequence}"
    ),
    "why-take-pile-club": "takes the pile: {count:n:card} into hand and {laid:n:card} melded at once",
    "why-take-pile-opens": "it makes the side's initial meld",
    "why-take-pile-completes": "meld {index} is complete after it",
    "why-take-pile-wilds": "it spends {wilds:n:wild card}",
    "why-go-out-club": "lays {cards}: the hand is empty and the player goes out",
    "why-go-out-discard": "discards {card}, the last card: the player goes out",
    "why-lay-to-finish": "the side may go out: lays {cards} to empty the hand",
    "why-meld-initial": "opens with {points} points (the minimum is {minimum}), spending {wilds:n:wild card}",
    "why-meld-sequence": "melds {cards}: {count:n:card} of one suit in a row, towards a complete {sequence}",
    "why-meld-wilds": "melds {cards}: {count:n:wild card} towards a bolivia",
    "why-meld-same-rank": (
        "melds {cards}: {count:n:card} that score for the side once on the table (in hand they would count against it)"
    ),
    "why-not-waste-wilds": "{cards} would spend wild cards the side keeps for a bolivia",
    "why-add-club": (
        "adds {cards} to meld {index}: on the table they score for the side (in hand they would count against it)"
    ),
    "why-add-completes": "adds {cards} to meld {index}: meld {index} is now complete ({label})",
    "why-add-sequence": "adds {cards} to sequence {index}, towards a complete {sequence}",
    "why-keep-for-escalera": (
        "keeps {cards} for a sequence with {partners} in hand (towards a complete {sequence}) rather than a "
        "same-rank meld"
    ),
    "why-keep-for-sequence-meld": "keeps {cards} to extend sequence {index} rather than put it in a same-rank meld",
    "why-add-wild-bolivia": "adds {cards} to the wild meld {index}, towards a bolivia",
    "why-ask-club": "the side has what it needs to go out and {count:n:card} can be laid: asks partner first",
    "why-no-ask-not-ready": "the side does not yet have the complete melds it needs to go out",
    "why-no-ask-loose": "{count:n:card} in hand would not fit a meld: too early to ask",
    "why-no-ask-optional": "asking is optional and the partners hold few cards: no need to ask",
    "why-discard-club": "discards {card}: it is the card least useful to its side",
    "why-discard-beginner": "discards {card}: one of the lowest cards in hand",
    "why-discard-careless": "discards {card} without weighing what it gives away",
    "why-safe-blocks": "{card} on top stops player {player} from taking the pile",
    "why-safe-shown": "player {player} discarded {rank} earlier this hand, so probably holds no pair of them",
    "why-safe-declined": (
        "player {player} left {rank} on top of the pile earlier this hand, so held no pair of them then"
    ),
    "why-safe-unlikely": "player {player} is unlikely to hold a pair of {rank} (about {percent}%)",
    "why-feeds": (
        "it may let player {player} take a {count}-card pile (about {percent}% that they hold what it takes)"
    ),
    "why-feeds-known": (
        "player {player} took {cards} with the pile and still holds them: it would let them take a {count}-card pile"
    ),
    "why-keep-pair": "keeps {cards}: a natural pair of {rank}, to take the pile when its top card matches them",
    "why-keep-pair-for-pile": (
        "keeps {cards} in hand: a natural pair of {rank}, to take the pile ({count:n:card} now) when its top card "
        "matches them; worth more than melding them now"
    ),
    "why-keep-sequence": "keeps {cards}: cards of one suit close in rank, towards a complete {sequence}",
    "why-strong-no-better": (
        "the coach played the hand on {samples:n:time}, guessing the cards it cannot see; “{other}” did only "
        "{margin:n:point} better on average, less than the guessing alone can explain, so it keeps its first choice"
    ),
    "why-strong-lookahead": (
        "the coach played the hand on {samples:n:time}, guessing the cards it cannot see; this did "
        "{margin:n:point} better on average than “{other}”"
    ),
    # --- computer players: refusals, and the coach's warning on a clear mistake (players) ---
    "player-unknown-level": "unknown player level {level}; known: {known}",
    "player-unknown-kind": "unknown player kind {kind}; known: {known}",
    "player-not-to-move": "player {player} has nothing to decide now: it is player {to_move}'s turn",
    "player-not-legal": "{action} is not a legal action now: {reason}",
    "player-bad-budget": "the look-ahead budget is a whole number of simulated actions, at least 1; got {budget}",
    # a warning is one line: the learner's move, what speaks against it, the coach's move and why
    "player-coach-warns": "The coach would not {action}: it would rather {suggested} ({why}).",
    "player-coach-warns-against": "The coach would not {action}: {against}. It would rather {suggested} ({why}).",
    "player-coach-no-reason": "no reason given",
    # the game's log
    "event-deal": "hand {hand}: player {dealer} deals {cards} cards each; the upcard is {upcard}",
    "event-red-threes": "player {player} lays out {count:n:red 3}",
    "event-draw": "player {player} draws {count:n:card}",
    "event-take-pile": "player {player} takes the pile with {card} on top, and {count:n:card} more into hand",
    "event-take-top": "player {player} takes {card} from the pile onto their side's meld {index}",
    "event-meld": "player {player} melds {melds}",
    "event-add": "player {player} adds {cards} to their side's meld {index}",  # each side numbers its own
    "event-discard": "player {player} discards {card}",
    "event-ask": "player {player} asks: may I go out?",
    "event-answer": "player {player} answers {answer} to player {asker}",
    "answer:yes": "yes", "answer:no": "no",
    "event-pass": "player {player} cannot take the pile and passes",
    "event-pass-in-play": "player {player} holds one card, may not go out, and ends the turn without discarding",
    "event-went-out": "player {player} goes out: hand {hand} scores {scores:+}",
    "event-stock-out": "the stock is out and nobody can take the pile: hand {hand} scores {scores:+}",
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
    # the play table: settings
    "play-settings": "Settings: rules, players, computer levels, target, seed",
    "play-rules": "Rules", "play-players": "Players", "play-target": "Target", "play-seed": "Seed",
    "play-levels": "Computer level of each other seat",
    "play-seat": "Player {player}",
    "play-new-game": "new game",
    "play-another-game": "play another game",
    "play-coach-mode": "coach mode: warn me before a move the coach would not make",
    "play-pace": "Computers",
    "play-pace-step": "one move at a time",
    "play-pace-straight": "straight through",
    "play-dealt": "A new game, seed {seed}: player {player} plays first. You are player 1.",
    # the play table: the table
    "play-hand-number": "Hand {hand}.",
    "play-turn-you-draw": "Your turn: draw from the stock or take the discard pile.",
    "play-turn-you-play": "Your turn: meld, add to a meld, then discard a card (or go out).",
    "play-turn-you-answer": "Your partner asks: may I go out? Answer yes or no.",
    "play-turn-computer": "Player {player} ({level}) to move: press next computer move.",
    "play-turn-hand-over": "The hand is over: read the score below, then press next hand.",
    "play-turn-game-over": "The game is over.",
    "play-scores-caption": "Scores (the game is played to {target})",
    "play-col-side": "side", "play-col-score": "score", "play-col-minimum": "initial meld",
    "play-col-red-threes": "red 3s",
    "play-side-you": "you: {players}",
    "play-side-you-short": "your side",
    "play-player": "player {player}",
    "play-players-list": "players {first} and {last}",
    "play-melded": "made this hand",
    "play-minimum-next": "next hand: {minimum} points",
    "play-minimum": "needs {minimum} points",
    "play-none": "none",
    "play-others": "the other players' hands, face down",
    "play-partner": "player {player} ({level}, your partner)",
    "play-opponent": "player {player} ({level})",
    "play-resting": "resting this hand",
    "play-pile-label": "the top card of the discard pile",
    "play-pile-empty": "the discard pile is empty",
    "play-pile-size": "Discard pile: {count:n:card}.",
    "play-stock-size": "Stock: {count:n:card}.",
    "play-pile-frozen": "The pile is frozen for your side: only a natural pair matching the top card takes it.",
    # actions said in words inside sentences (actions.action_words), each a verb phrase ("The coach
    # would {action}"); the notation stays for typing
    "action:draw": "draw",
    "action:take-top": "take the top card onto meld {meld}",
    "action:take-pile": "take the pile with {cards}",
    "action:take-pile-alone": "take the pile",
    "action:take-pile-onto": "take the pile onto meld {meld} with {cards}",
    "action:take-pile-onto-alone": "take the pile onto meld {meld}",
    "action:and-meld": "{take}, and meld {melds:and}",
    "action:meld": "meld {melds:and}",
    "action:add": "add {cards} to meld {meld}",
    "action:discard": "discard {card}",
    "action:ask-partner": "ask your partner if you may go out",
    "action:answer-yes": "answer yes",
    "action:answer-no": "answer no",
    "action:pass": "pass",
    "action:next-hand": "go on to the next hand",
    "play-pile-you-can": "You may take it, for example: {action}.",
    "play-pile-why-not": "You may not take it now: {why}.",
    "play-your-melds": "Your side's melds",
    "play-their-melds": "Melds of {players}",
    "play-no-melds": "no melds yet",
    "play-meld-rank": "meld {index}: {rank}, {count} of {full}",
    "play-meld-sequence": "meld {index}: {name} in {suit}, {count} of {full}",
    "play-meld-wild": "meld {index}: wild cards, {count} of {full}",
    "play-meld-complete": "meld {index}: {label}, complete ({count} cards)",
    "play-meld-other": "meld {index}: {cards}",
    "play-your-hand": "Your hand",
    "play-hand-label": "your hand: choose cards",
    "play-hand-label-count": "your hand, {count:n:card}: choose cards",
    "play-hand-empty": "no cards in hand",
    "play-aside-group": "set aside {cards}",
    "play-chosen-group": "chosen {cards}",
    "play-chosen-onto": "chosen {cards}, if added to meld {index}",  # a preview: nothing is played yet
    "play-chosen-fits": "chosen {cards}: may be added to meld {melds:or}",
    "play-you-drew": "You drew {cards}.",
    "play-initial-short": "initial meld: {points} of {minimum} points, {short} short",
    "play-initial-enough": "initial meld: {points} of {minimum} points, enough",
    # the play table: actions
    "play-controls": "Your move",
    "play-draw": "draw", "play-take-pile": "take the pile with the chosen cards",
    "play-take-top": "take the top card onto the meld",
    "play-set-aside": "set aside as a meld", "play-put-back": "put back",
    "play-meld": "meld", "play-add": "add to the meld", "play-discard": "discard",
    "play-ask": "ask partner: may I go out?", "play-answer-yes": "answer yes", "play-answer-no": "answer no",
    "play-go-out": "go out", "play-next-hand": "next hand",
    "play-pass": "pass (the stock is empty)",
    "play-meld-picker": "Meld",
    "play-meld-new": "(a new meld)",
    "play-refused": "Not allowed: {action}.",
    "play-not-your-turn": "It is player {player}'s turn, not yours: press next computer move.",
    "play-choose-cards": "Choose cards from your hand first.",
    "play-choose-meld": "Choose one of your side's melds in the list first.",
    "play-choose-one": "Choose exactly one card to discard; {count:n:card} chosen.",
    "play-go-out-how": "To go out, meld or add all your cards but one, then discard the last one.",
    "play-side-may-go-out": "Your side has the complete melds it needs.",
    "play-side-needs": "Your side first needs {needs}.",
    # the play table: the computers, the coach, undo and keeping the game
    "play-computers": "The computers",
    "play-computer-step": "next computer move",
    "play-computer-all": "all computer moves to my turn",
    "play-no-computer-move": "No computer is to move now.",
    "play-log-empty": "Nothing yet.",
    "play-why": "why?",
    "play-why-after-hand": (
        "Why the computers played as they did is shown when the hand is over: their reasons name cards you "
        "cannot see yet."
    ),
    "play-no-rationale": "no reason given",
    "play-hint": "hint", "play-play-hint": "play the hint", "play-undo": "undo my last move",
    "play-hint-says": "The coach ({level}) would {action}: {why}.",
    # the coach's hint goes stale once the learner plays another move (issue 24: the hint followed late)
    "play-hint-stale": (
        "The coach's hint (“{action}”) was for the position before your move; ask for a hint again for this one."
    ),
    "play-no-hint": "The coach advises you on your own turn; now it is player {player}'s.",
    "play-coach-warns": "The coach would not {action}.",
    # the ranking's scores are a heuristic's reckoning, not points a side scores: no figure is said
    "play-coach-warns-cost": "The coach would not {action}: it rates that clearly worse than its own move.",
    "play-coach-suggests": "It would rather {action}: {why}.",
    "play-anyway": "play my move anyway", "play-take-advice": "play the coach's move",
    "play-nothing-to-undo": "Nothing to undo: you have not moved yet this game.",
    "play-undone": "Back before your last move ({moves:n:move} played).",
    "play-keep": "Keep the game",
    "play-saved": "Saved game",
    "play-saved-placeholder": "press save to see the game here; paste a saved game and press resume",
    "play-save-position": "save as a position", "play-save-json": "save as JSON", "play-resume": "resume",
    "play-upload": "upload",
    "play-download": "download the game (JSON)",
    "play-saved-position": "The position as one line: it resumes the table, without the moves before it.",
    "play-saved-json": "The whole game as JSON: it resumes with every move replayed and checked.",
    "play-resumed": "Resumed after {moves:n:move}.",
    "play-resume-failed": "Could not resume: {why}",
    # the play table: the end of a hand and of the game
    "play-none-yet": "None yet.",
    "play-col-hand": "hand", "play-col-went-out": "went out",
    "play-nobody": "nobody",
    "play-hand-end": "the end of the hand",
    "play-hand-ended-out": "Hand {hand} is over: player {player} went out.",
    "play-hand-ended-stock": "Hand {hand} is over: the stock ran out.",
    "play-running-total": "Total so far: {total}.",
    "play-next-minimum": "Next initial meld: {minimum} points.",
    "play-you-win": "Your side ({players}) wins the game with {score} points.",
    "play-they-win": "The other side ({players}) wins the game with {score} points.",
    "play-draw-game": "The game ends in a draw.",
    "play-review": "The coach's review: your moves it would have made otherwise",
    "play-review-item": "you chose to {played}; the coach would {better} ({why})",
    "play-review-none": "The coach's review: every move of yours this hand was the one it would have made.",
    "play-review-off": "Turn coach mode on for a review of your moves after each hand.",
    # --- the card table (widgets/components/table*.py, the play page) ---
    "table-no-such-seat": "there is no seat {seat} at this table: seats are numbered 1 to {players}",
    "table-you": "you, player {player}",
    "table-partner": "player {player}, your partner",
    "table-opponent": "player {player}",
    "table-cards-held": "{count:n:card} in hand",
    "table-to-move": "to move",
    "table-red-threes": "{count:n:red 3}",
    "table-meld-area": (
        "{owner}: tap here to lay the chosen cards as a new meld, or with none chosen to see the melds you can lay"
    ),
    "table-pile-name": "discard pile: {top} on top, {count:n:card}",
    "table-pile-empty": "discard pile: empty",
    "table-blocked": "blocked",
    "table-frozen": "frozen",
    "table-page-intro": (
        "Tap the stock to draw; tap cards, then the pile to discard, a meld to add to it, or + to lay a new meld. "
        "The menu (☰) has the settings, saving, the score sheet and the hand's log."
    ),
    "table-turn-you-draw": "Your turn: tap the stock to draw, or the pile to take it.",
    "table-turn-you-draw-stock": "Your turn: tap the stock to draw.",
    "table-pile-takeable": "you may take this pile: tap it",
    "table-turn-you-play": "Your turn: meld or add, then tap a card and the pile to discard.",
    "table-turn-you-answer": "Your partner asks: may I go out?",
    "table-turn-other": "Player {player} is playing.",
    "table-turn-hand-over": "Hand {hand} is over.",
    "table-hand": "your hand, {count:n:card}",
    "table-stock-name": "stock, {count:n:card}: tap to draw",
    "table-scores": "Scores (to {target})",
    "table-menu": "menu",
    "table-menu-title": "Game menu",
    "table-close": "close",
    "table-chosen": "Now tap the pile to discard one card, a meld to add to it, or + to lay a new meld.",
    "table-choose-discard": "Choose the one card to discard first, then tap the pile.",
    "table-stage": "stage as a meld",
    "table-staged": "Initial meld staged: {points} of {minimum} points.",
    "table-staged-enough": "Initial meld staged: {points} of {minimum} points, enough.",
    "table-lay-staged": "lay the staged melds",
    "table-take-back": "take back",
    "table-takes": "Ways to take the pile now:",
    "table-offer-melds": "Melds you can lay now (or choose cards, then tap here):",
    "table-offer-adds": "You can add to meld {meld}:",
    "table-go-out": "go out: discard {card}",
    "table-pace": "Computer moves",
    "table-pace-slow": "slow", "table-pace-normal": "normal", "table-pace-fast": "fast",
    "table-pace-instant": "instant",
    "table-skip": "skip to my turn",
    "table-coach": "coach: review my moves after each hand",
    "table-log-title": "The hand's log",
    "table-you-drew": "You drew {cards}.",
    "table-you-took": "You took the pile: {cards}.",
    "table-recent": "What the others did",
    "table-initial-made": "initial meld laid",
    "table-hand-number": "hand {hand} of a game to {target}",
    "table-you-took-top": "You took {card} from the pile onto meld {index}.",
    "table-you-red-threes": "You laid out {count:n:red 3}, a bonus for your side, and drew as many again.",
    "table-score-sheet": "Score sheet",
    "table-language": "Language",
    "table-bad-intent": "the table sent {intent}, which is no move: tap the stock, the pile, a meld or cards",
    "table-bad-cards": "the cards {cards} are not in your hand of {count:n:card}: choose cards from your hand",
    "table-bad-meld": "{meld} is no meld number: tap one of your side's melds",
    # --- pages: navigation, serving, the club editor (widgets, notebooks) ---
    # the server-free site's index page (scripts/build_lite.py)
    "lite-runs-here": "Everything here runs in your browser: the first page you open takes a while to start "
                      "Python, and then works without a network.",
    "lite-notebooks-link": "The notebooks with their code",
    "page-meld-named": "{row}, a {name}",
    "page-none": "none",
    "page-no-cards": "no cards",
    "page-side-melds": "The side's melds",
    "page-hand-to-move": "The hand of the player to move",
    "page-no-melds": "no melds yet",
    "page-meld-label": "meld: {cards}",
    "club-new-value": "new value",
    "club-or-as-text": "or as text",
    "club-as-shown": "as the table shows it, e.g. 2: 10,000; 3: 10,000",
    "club-change": "change this rule",
    "club-yes": "yes",
    "club-no": "no",
    "club-table-players": "{count} players",
    "club-now": "{rule}: now {value}",
    "club-changed": "✔ changed: {rule}.",
    "club-back-to-preset": "✔ {rule}: back to the {preset} value, so no longer a house rule.",
    "club-bad-value": "“{rule}” must be {expected}; got “{text}”",
    "page-tab-title": "{title} · Bolivia explorer",
    "page-nav-label": "pages",
    "page-nav-index": "⌂ All pages",
    "page-nav-previous": "← Back: {title}",
    "page-nav-next": "Next: {title} →",
    "page-start-here": "Start here: {title} →",
    "page-start-playing": "Or learn by playing, with a coach to help: {title} →",
    "page-title:game_viewer": "Watch a game",
    "page-title:index": "Bolivia explorer",
    "page-title:meld_checker": "Meld checker",
    "page-title:meld_lab": "Meld lab",
    "page-title:play": "Play against the computer",
    "page-title:scenario_explorer": "Scenario explorer",
    "page-title:score_calculator": "Hand-score calculator",
    "page-title:variant_explorer": "Variant explorer",
    "page-title:variants_compared": "Bolivia's variants compared",

    # what going out needs
    "need:sequence": "a complete sequence",
    "need:canasta": "a canasta",
    "need:bolivia": "a bolivia",
    "need:any": "one more complete meld of any kind",
    "needs-and": " and ",
    "needs-or": ", or ",
    # --- a class on one server: a page the server could not make in time (serving) ---
    "class-late-title": "This page was not made in time.",
    "class-late-why": "The server was busy making many pages at once, and gave up waiting for this one.",
    "class-late-what": (
        "Reload the page in a minute. If it happens again, tell whoever runs the server: it can be set up "
        "for a whole class at once (the README's \"A class on one server\")."
    ),
    # --- lessons on the card table: every "try it" and the exercises played on it (widgets/lessons/table.py) ---
    "lesson-table-their-meld": (
        "That meld is side {side}'s: you add cards only to your own side's melds (side {own})."
    ),
    "lesson-table-next-seat": (
        "Player {player}'s turn now: in a lesson you play every seat, so this is player {player}'s hand."
    ),
    "lesson-table-quiz-again": "✘ Not quite, and nothing was played. A hint: {hint} Try once more.",
    "lesson-table-quiz-worked": (
        "✘ Not quite, and that was the last try. The answer, now played on the table: {action}."
    ),
    "lesson-table-quiz-refused": "You may not {action} here: {reasons}.",
    "lesson-table-quiz-other": (
        "You may {action} here, but it is not the move this exercise asks for: read the question again."
    ),
    "lesson-table-quiz-no-try": "That was no move, so no try is spent.",
    "lesson-table-quiz-over": "This exercise is answered: nothing more is played on this table.",
    # --- lessons: exercises ---
    # the quizzes (widgets/exercise.py and its users): asked, read, marked, hinted, worked out
    "exercise-check": "check",
    "exercise-legal": "legal",
    "exercise-not-legal": "not legal",
    "exercise-your-answer": "Your answer",
    "exercise-choose-each": "Choose an answer for every rule set first. No try is spent.",
    # no example numbers in these two: an example may be the very answer asked for (lesson 3's was -140)
    "exercise-type-points": "Type a whole number of points first. No try is spent.",
    "exercise-not-points": "“{text}” is not a number of points: type a whole number, with a minus sign before it for "
                           "points below zero. No try is spent.",
    "exercise-type-side": "Type a side's number, or 0 for a draw. No try is spent.",
    "exercise-not-side": "“{text}” is not a side: type a side's number, from 1 to {sides}, or 0 for a draw. No try is "
                         "spent.",
    "exercise-right": "✔ Right.",
    "exercise-try-again": "✘ Not quite. A hint: {hint} Try once more.",
    "exercise-worked": "✘ Not quite, and that was the last try. The answer, worked out:",
    "exercise-hint-lines": "the score has {count:n:line}: {lines}. Add up each of them.",
    "exercise-hint-meld": "{rules}: the rule that decides it is: {rule}.",
    "exercise-hint-meld-legal": "{rules}: every rule for this kind of meld is met.",
    "exercise-hint-winner": "the side with the highest total wins; equal highest totals are a draw.",
    "exercise-meld-question": "Is {cards} a legal new meld under each rule set?",
    "exercise-rules": "Rules: {rules}.",
    "exercise-pile-top": "Top of the pile: {card}.",
    "exercise-pile-empty": "The pile is empty.",
    "exercise-stock": "Cards in the stock: {count}.",
    "exercise-score-melds": "Under {rules} rules a side has melded:",
    "exercise-score-hand": "Left in its players' hands: {cards}.",
    "exercise-score-red-threes": "Red 3s: {count}.",
    "exercise-went-out": "It went out.",
    "exercise-not-out": "It did not go out.",
    "exercise-score-answer": "The side scores {total}.",
    "exercise-totals": "Side {side}: {total}",
    "exercise-winner": "Side {side} has won.",
    "exercise-draw": "The game is a draw.",
    # the lessons' tools (widgets/lesson_tools.py): what their code cells print and show
    "lesson-other-languages": "This page in other languages:",
    "lesson-glossary-link": "A word you do not know? Look it up in the glossary.",
    "lesson-seat": "Player {player}: side {side}, partner of player {partner}",
    "lesson-seat-alone": "Player {player}: side {side}, alone",
    "lesson-side-melds": "Side {side}'s melds",
    "lesson-value-line": "{cards}: {points:n:point} each",
    "lesson-black-three": "black 3",
    "lesson-black-three-line": "black 3 left in hand: -{points} each",
    "lesson-red-three-line": "red 3: a bonus card, {points} each",
    "lesson-melded-worth": "Melded, these cards score {points}.",
    "lesson-left-cost": "Left in hand at the end, they cost {points}.",
    "lesson-chosen": "Chosen: {cards}",
    "lesson-nothing-chosen": "Choose cards to add them up.",
    "lesson-minimum-below-zero": "score below 0: {minimum}",
    "lesson-minimum-from": "score {score} or more: {minimum}",
    "lesson-minimum-range": "score {low} to {high}: {minimum}",
    "lesson-your-minimum": "Side {side}'s score is {score}: its first melds must be worth at least {minimum}.",
    "lesson-to-move": "Player {player} to move.",
    "lesson-hand-turns": "The hand took {count:n:action}.",
    "lesson-seed": "Seed",
    "lesson-deal-and-play": "deal and play one hand",
    "lesson-red-threes": "red 3s",
    "lesson-can-go-out": "the side has what it needs to go out",
    "lesson-hand-scores": "Hand {hand}: {scores}",
    "lesson-side-score": "side {side} {points}",
    "lesson-game-won": "Side {side} wins with {total}.",
    # the variants page (lessons/16_variants_compared.py): how far apart each pair of rule sets is
    "lesson-rules-apart": "{first} and {second} rules: {count:n:difference}",
    # --- impossible input refused (engine) ---
    # typed cards and actions (card and action notation inside these stays as it is)
    "card-not-a-card": "{token} is not a card: ranks 2-10 (or T), J, Q, K, A; suits C D H S or ♣♦♥♠; jokers JK",
    "card-too-many": "{card} appears {count} times; the {title} deck has {have}",
    "action-not-an-action-because": "{text} is not an action: {reason}",
    "action-unknown": "{text} is not an action; expected one of: {expected}",
    "action-discard-one-card": "a discard names one card",
    "action-not-a-meld-number": "{text} is not a meld number (1, 2, ...)",
    "action-no-cards": "no cards given",
    "action-unexpected-after-take-pile": "unexpected {rest} after 'take pile'",
    # the scenario notation (a whole position as one line): field names (p1, melds2, red1, unopened, ...),
    # their values (yes, no, -, stock, pile, draw, play, answer), key=value and card notation stay as they are
    "in-field": "field {field}: {problem}",  # a position's or a club file's field at fault
    "position-other-rules": "this scenario is for {name}, not {rules}",
    "position-phase": "{phase} is not one of {phases}",
    "position-hand-number": "the hand's number, 1 to {cap}, not {number}",
    "position-target": "a positive score, not {target}",
    "position-dealer": "{dealer} is not a player (1 to {players})",
    "position-turn-rests": "player {turn} does not play this hand (players {seats})",
    "position-red-three-in-hand": "red 3s are laid out at once; put them in the field {field}",
    "position-resting-player": "player {player} rests this hand and holds no cards",
    "position-red-only": "holds only red 3s (3H, 3D)",
    "position-rest": "stock or pile (where the cards written nowhere go), not {value}",
    "position-unknown-field": "unknown field {field}; expected: {expected}",
    "position-black-threes-on-table": (
        "black 3s are melded only when going out: in a hand under way only the side of the player to "
        "play has them, with that player holding one last card to discard"
    ),
    "position-play-empty-hand": (
        "player {player} is to play with no cards in hand, which no turn can reach "
        "(a player who melds the last card has gone out)"
    ),
    "position-yes-no": "yes or no, not {value}",
    "position-yes-no-dash": "yes, no or -, not {value}",
    "position-player-list": "players separated by commas, not {value}",
    "position-opened-side": (
        "player {player}'s turn begins now, and side {side} has melds on the table: "
        "write unopened=no (or leave it out)"
    ),
    "position-unopened-side": (
        "player {player}'s turn begins now, and side {side} has no melds on the table: "
        "write unopened=yes (or leave it out)"
    ),
    "position-passes": "players in a row who passed, 0 to {most}, not {passes}",
    "position-asker": "in the answer phase, the player who asked",
    "position-answerer": "in the answer phase, a partner of player {asker} answers ({partners}), not player {turn}",
    "position-no-partner": "in the answer phase, a partner of player {asker} answers, and player {asker} has none",
    "position-pending": "partners of player {asker} still to answer, other than player {turn}; not {pending}",
    "position-pending-phase": "only while partners answer (phase=answer), not in phase {phase}",
    "position-cards-nowhere": (
        "{count:n:# card of the deck is|# cards of the deck are} in no field (first: {first}); "
        "leave the stock out to have the rest shuffled into it"
    ),
    "position-not-text": "a scenario is text, not {type}",
    "position-not-a-field": "{text} is not a field: write key=value, e.g. p1=KH KS 2C",
    "position-field-twice": "field {field} is given twice",
    "position-whole-number": "a whole number, not {value}",
    "position-numbers": "{count} whole numbers separated by commas, not {value}",
    "position-numbers-count": "{count} numbers (one a side), not {given}",
    "position-unknown-scenario": "unknown scenario {name}; known scenarios: {known}",
    # rule sets, rules files and club rules files: knob codes ('hand_size'), knob values in quotes
    # ('optional'), file field names (name, base, house_rules) and file formats stay as they are
    "value-whole-number": "a whole number from {low} to {high}",
    "value-true-or-false": "true or false",
    "value-one-of": "one of {choices}",
    "value-set-of": "a set of {choices}",
    "value-per-player-count": "a table from player count (2 to 6) to {what}",
    "value-per-player-count-entry": "a table from player count (2 to 6) to {what}; for {players} players: {problem}",
    "value-per-player-count-key": "a table from player count (2 to 6) to {what}; {key} is not a player count",
    "value-what-cards": "cards",
    "value-what-alternatives": "alternatives of complete melds",
    "value-what-score": "a score",
    "value-sides": "a table from player count to the sizes of its sides, e.g. {{4: (2, 2)}}",
    "value-going-out-alternatives": "a list of alternatives, each a list of complete melds from {kinds}",
    "value-score-steps": "a list of (score from, minimum) pairs starting at score 0, scores rising",
    "value-card-values": "a table of points for each of {keys} (3 = black 3)",
    "value-all-or-count": "'all' or a whole number from {low} to {high}",
    "value-scores": "a list of scores",
    "rules-unknown-knob": "unknown rule knob {knob}; known knobs: {known}",
    "rules-knob-must-be": "rule knob {knob} must be {problem}; got {value}",
    "rules-knob-per-player-count": (
        "rule knob {knob} must give a value for each player count in {sides} ({counts}); got {given}"
    ),
    "rules-unknown-preset": "unknown rules {name}; known presets: {known}",
    "rules-compare-two": "comparing rules needs at least two rule sets",
    "rules-file-format": 'a rules file is an object with "format": "{format}"',
    "rules-file-knobs": 'a rules file needs "knobs": an object of knob name to {{value, source}}',
    "rules-file-lacks-knob": "rules file lacks knob {knob}",
    "rules-file-knob-entry": "rule knob {knob} must be an object with a value and a source",
    "rules-file-name": 'a rules file needs a "name"',
    "club-file-form": "a club file is toml or json, not {form}",
    "club-file-unreadable": "not a {form} club rules file: {detail}",
    "club-file-fields": "a club rules file holds the fields {fields}",
    "club-file-unknown-field": "unknown field {name}; expected {fields}",
    "club-file-name-needed": "a name is needed",
    "club-file-table": "a table of knob = value",
    "club-file-suffix": "{file}: a club rules file ends in .toml or .json",
    "variant-impossible-here": "this situation is impossible here: {problem}",
    # games and saved games: "format" and the saved file's keys stay as they are
    "rules-players": "{title} rules are for {allowed:or} players, not {players}",
    "game-seed": "the seed must be a whole number, not {value}",
    "game-target": "the target must be a positive whole number, not {value}",
    "game-nothing-to-undo": "nothing to undo: no action has been played",
    "action-not-allowed": "{action} is not allowed: {reasons}",
    "saved-game-not-json": "not a saved game: {detail}",
    "saved-game-format": 'not a saved game: expected an object with "format": "{format}"',
    "saved-game-lacks": "saved game lacks {keys}",
    "saved-game-action-fails": "saved game: action {number} ({action}) fails: {problem}",
    "saved-game-mismatch": "saved game: its actions do not lead to its saved position",
    # the command line: commands, options (--diff), file names and JSON keys stay as they are
    "cli-not-json": "{file} is not JSON: {detail}",
    "cli-score-object": "{file} must hold a JSON object with keys {keys}",
    "cli-score-unknown-key": "{file}: unknown key {key}; expected keys: {keys}",
    "cli-score-melds": "{file}: 'melds' must be a list of melds, each a string of cards",
    "cli-score-flag": "{file}: {key} must be true or false",
    "cli-diff-two": "rules --diff needs two rule sets or more, e.g. rules --diff bolivia swedish",
    "cli-one-rule-set": "rules shows one rule set; use --diff to compare several",
    # what simulate and tournament print: player levels (greedy, club, strong ...) and preset names stay as typed
    "sim-games": "{games:n:game} of {rules} with {players:n:player} ({kinds})",
    "sim-side-wins": "side {side}: {wins:n:win}",
    "sim-wins": "results: {wins}; draws: {draws}",
    "sim-mean-scores": "mean final scores: {scores}",
    "sim-hands": (
        "{hands:n:hand} ({gone_out} ended by going out), {actions:n:action} in {seconds:.3f} s: "
        "{per_second} actions/s, {hands_per_second:.1f} hands/s"
    ),
    "tournament-games": (
        "{games:n:game} of {rules} with {players:n:player}: {first} against {others} "
        "(every deal played with each side in turn)"
    ),
    "tournament-wins": (
        "{first} wins {rate:.1f}% (95% interval {low:.1f}% to {high:.1f}%), mean margin {margin} points"
    ),
    "tournament-going-out": "{share:.1f}% of hands ended by going out; {actions:.1f} actions a hand",
    "tournament-times": "decision time (CPU): {times}",
    "tournament-level-time": "{level} median {median:.2f} ms, p99 {p99:.2f} ms",
    "tournament-progress": "{done} of {total:n:game} played",
    # a tournament's refusals (the unknown level is the players' own "player-unknown-level")
    "tournament-too-few-seats": "a tournament needs two levels or more, e.g. --seats strong,club; got {seats}",
    "tournament-bad-games": "games must be a whole number of at least 1, not {given}",
    "tournament-bad-workers": "workers must be a whole number of at least 1, not {given}",

    # verdict summaries
    "verdict-legal": "legal {kind} under {rules} rules: {points} points",
    "verdict-legal-complete": "legal {label} under {rules} rules: {points} points and a {bonus} bonus",
    "verdict-illegal": "not a legal meld under {rules} rules",
    # --- the command line's help: commands, options, metavars, file forms and level names stay as typed (cli) ---
    "cli-help:description": "Bolivia rules explorer: melds, scores and rule sets.",
    "cli-help:lang": (
        "language of the answer and of this help: {languages} (default {default}); before or after the command"
    ),
    "cli-help:json": "print JSON",
    "cli-help:rules-option": "the rule set: a preset, one of {presets} (default {default})",
    "cli-help:meld": "judge cards as one meld, or as an addition to one",
    "cli-help:meld-cards": "the cards, e.g. {example}",
    "cli-help:meld-onto": "a meld on the table the cards are added to",
    "cli-help:meld-going-out": "the player goes out this turn",
    "cli-help:initial": "judge melds laid together as an initial meld",
    "cli-help:initial-melds": "one argument per meld, e.g. {example}",
    "cli-help:initial-score": "the side's total score (default {default})",
    "cli-help:score": "score a side's hand from a JSON file ({stdin} reads standard input)",
    "cli-help:score-file": "a JSON file with the keys {keys}",
    "cli-help:rules": "list the presets, every rule of one, or the rules on which several differ",
    "cli-help:rules-names": "presets ({presets}) or club rules files ({forms})",
    "cli-help:rules-diff": "list the rules on which the rule sets differ",
    "cli-help:rules-sheet": "print the rule set as a printable HTML page",
    "cli-help:simulate": "computer players play whole games: results and speed",
    "cli-help:players": "players at the table (default {default})",
    "cli-help:games": "games to play (default {default})",
    "cli-help:seed-game": "seed of the first game (default {default})",
    "cli-help:seed-deal": "seed of the first deal (default {default})",
    "cli-help:target": "score that ends a game (default: the rule set's)",
    "cli-help:ai": "the computer level of each seat, comma separated: {levels} (default {default})",
    "cli-help:tournament": "two computer levels play each other: win rate, margin, going out, decision time",
    "cli-help:seats": (
        "computer levels ({levels}), comma separated; the first is measured against the others (default {default})"
    ),
    "cli-help:workers": "processes to play the games in (default {default})",
    "cli-help:scenario": "list the lesson positions, or show one and its legal moves",
    "cli-help:scenario-name": "the name of a lesson position, or a position in scenario notation",
    # --- languages: rule set titles, rules sheets and diffs, knob values in words (i18n) ---
    "rules-title:bolivia": "Bolivia",
    "rules-title:swedish": "Swedish",
    "rules-title:two-deck": "two-deck",
    "rules-title:canasta": "Canasta",
    "club-rules-file-head": "{title}: {base} rules with the changes below",
    "section:cards": "Cards, players, deal",
    "section:turn": "A turn: drawing, the discard pile, discarding",
    "section:melds": "Melds",
    "section:initial": "The initial meld",
    "section:bonuses": "Bonuses for complete melds",
    "section:threes": "Threes at the end of a hand",
    "section:going-out": "Going out and the end of a hand",
    "section:game": "The game",
    "source:house": "house rule",
    "source:assumption": "assumption: the sources are silent",
    "source:text": "source: {source}",
    "source-label:swedish": "the Swedish club text",
    "source-label:danish": "the Danish text (the same in Polish and Czech)",
    "source-label:norwegian": "the Norwegian two-deck text",
    "sheet-title": "{title}: rules sheet",
    "sheet-base": "{base} rules",
    "sheet-base-house": "{base} rules with {count:n:house rule}",
    "sheet-star": "★ marks a house rule.",
    "diff-none": "no differences",
    "value:yes": "yes",
    "value:no": "no",
    "value:none": "none",
    "value-or": " or ",
    # knob values in words (a club file keeps the English identifier; sheets and listings say these)
    "value:player 1": "player 1",
    "value:highest card": "highest card",
    "value:wild": "wild",
    "value:black 3": "black 3",
    "value:red 3": "red 3",
    "value:natural pair": "natural pair",
    "value:suited sequence pair": "suited sequence pair",
    "value:two wilds": "two wilds",
    "value:natural and wild": "natural and wild",
    "value:own meld": "own meld",
    "value:side has not melded": "side has not melded",
    "value:pile holds a wild": "pile holds a wild",
    "value:pile holds a black 3": "pile holds a black 3",
    "value:pile holds a red 3": "pile holds a red 3",
    "value:naturals at least twice the wilds": "naturals at least twice the wilds",
    "value:naturals outnumber wilds": "naturals outnumber wilds",
    "value:no ratio": "no ratio",
    "value:several": "several",
    "value:another only after a canasta": "another only after a canasta",
    "value:one": "one",
    "value:refused": "refused",
    "value:start a new sequence": "start a new sequence",
    "value:sequence": "sequence",
    "value:canasta": "canasta",
    "value:escalera": "escalera",
    "value:samba": "samba",
    "value:bolivia": "bolivia",
    "value:any": "any",
    "value:optional": "optional",
    "value:required": "required",
    "value:side cannot go out": "side cannot go out",
    "value:when the player to move cannot take the pile": "when the player to move cannot take the pile",
    "value:when nobody can take the pile": "when nobody can take the pile",
    "value:all": "all",
    # pages in the chosen language: the language picker, the meld lab, verdicts and score sheets
    "page:language": "Language",
    "view:legal": "✔ Legal",
    "view:not-legal": "✘ Not legal",
    "view:not-a-meld": "These cards are not a legal meld.",
    "view:total": "total",
    "lab:rules": "Rules",
    "lab:four-colour": "four-colour deck (each suit its own colour)",
    "lab:seed": "Seed",
    "lab:deal": "deal",
    "lab:lesson": "Lesson",
    "lab:a-scenario": "(choose a lesson position)",
    "lab:position": "Position",
    "lab:position-placeholder": "paste a scenario string and press load; the current position appears here",
    "lab:load": "load",
    "lab:hand-label": "your hand: choose cards for a meld",
    "lab:no-cards": "no cards in hand",
    "lab:meld-these": "meld these",
    "lab:no-melds": "no melds yet",
    "lab:table-heading": "The side's table",
    "lab:hand-heading": "Your hand",
    "lab:score-heading": "If the hand ended now",
    "lab:dealt": "Dealt with seed {seed}: player {player}'s {count} cards.",
    "lab:loaded": "Position loaded.",
    "lab:table-info": (
        "Player {player} to play. Pile: {pile:n:card}, top {top}; stock: {stock:n:card}; "
        "the side's red 3s: {red_threes}; the side's score: {score}."
    ),
    "lab:choose": "Choose cards from your hand to try them as a meld.",
    "lab:melded-initial": "the side has made its initial meld",
    "lab:meter": "initial meld: {points} of {minimum} points at a score of {score} ({mark})",
    "lab:enough": "✔ enough",
    "lab:to-go": "{count} to go",
    "lab:melded": "Melded {cards}.",
    "lab:meld-label": "meld: {cards}",
    "checker:cards": "Cards",
    "checker:placeholder": "e.g. KH KS 2C  or  4♥ 5♥ 6♥",
    "checker:going-out": "going out this turn",
    "checker:type": "Type some cards to judge them as a meld.",
    # --- rule knobs: what each knob means, in the order of RULES.md (i18n) ---
    "knob:card_values": "points of each card, melded or left in hand (3 means a black 3; red 3s are bonus cards)",
    "knob:decks": "standard 52-card packs shuffled together",
    "knob:jokers": "jokers added to the packs",
    "knob:sides": "the player counts allowed and how the players form sides (partners sit apart)",
    "knob:hand_size": "cards dealt to each player, by player count",
    "knob:first_dealer": "who deals the first hand (the deal then passes to the left)",
    "knob:cover_red_three_upcard": (
        "a red 3 turned up to start the pile is covered from the stock until the top is another "
        "card"
    ),
    "knob:keep_two_cards": "a player whose side may not yet go out keeps two cards in hand after melding",
    "knob:draw_count": "cards drawn from the stock (then one discard), by player count",
    "knob:pile_blocked_by": "top cards of the discard pile that nobody may take",
    "knob:pile_take_ways": "what lets a player take the top discard: cards laid from hand or the side's own meld",
    "knob:pile_frozen_when": "when the pile is frozen, so that only a natural pair matching the top card takes it",
    "knob:pile_new_meld_only": "the top discard always starts a new meld (never joins one already on the table)",
    "knob:pile_cards_taken": "how much of the rest of the pile the taker gets after melding the top card",
    "knob:take_top_card_onto_sequence": (
        "instead of drawing, a player may take only the top discard to extend a side's open "
        "sequence"
    ),
    "knob:pile_counts_for_initial_meld": "the top discard and the cards melded with it count towards the initial meld",
    "knob:one_card_pile_with_one_card": "a player holding one card may take a pile of exactly one card",
    "knob:discard_forbidden": "cards that may never be discarded",
    "knob:meld_min_cards": "the fewest cards a new meld may have",
    "knob:same_rank_min_naturals": "natural cards a same-rank meld needs at the least",
    "knob:same_rank_max_wilds": "wild cards a same-rank meld may hold at the most",
    "knob:same_rank_wild_balance": "how natural cards must outweigh wild cards in a same-rank meld, at all times",
    "knob:wilds_onto_complete_canasta": "wild cards may be added to a complete canasta (7 or more cards)",
    "knob:same_rank_melds_per_rank": "how many same-rank melds of one rank a side may have",
    "knob:sequences": "sequences of one suit (escaleras, sambas) may be melded",
    "knob:sequence_low_rank": "the lowest natural card of a sequence (aces are high)",
    "knob:sequence_max_wilds": "wild cards a sequence may hold",
    "knob:sequence_length": "cards that complete and close a sequence (an escalera, or samba)",
    "knob:sequence_overflow": "what happens to cards added to a sequence past its full length",
    "knob:sequence_called": (
        "what the rule text calls a complete sequence: an escalera, a samba (red when natural, black with "
        "a wild card) or, where seven melded cards of any kind are a canasta, a canasta"
    ),
    "knob:wild_melds": "melds of wild cards only (2s and jokers) may be melded",
    "knob:wild_meld_length": "wild cards that complete and close a wild meld (a bolivia)",
    "knob:black_three_meld_max": "the most black 3s in a black-3 meld, melded only when going out",
    "knob:black_three_meld_wilds": "wild cards a black-3 meld may hold",
    "knob:black_three_under_sequence": "when going out a black 3 may sit below the 4 of a natural sequence of its suit",
    "knob:initial_meld_below_zero": "initial-meld minimum for a side whose score is below 0",
    "knob:initial_meld_steps": "initial-meld minimum (card values only) from each score upwards",
    "knob:bonus_mixed_canasta": "bonus for a complete same-rank meld with wild cards",
    "knob:bonus_natural_canasta": "bonus for a complete same-rank meld without wild cards",
    "knob:bonus_natural_sequence": "bonus for a complete natural sequence (escalera)",
    "knob:bonus_mixed_sequence": "bonus for a complete sequence holding a wild card",
    "knob:bonus_bolivia": "bonus for seven wild cards (any mix not named below)",
    "knob:bonus_bolivia_three_twos_four_jokers": "bonus for a bolivia of exactly three 2s and four jokers",
    "knob:bonus_bolivia_seven_twos": "bonus for a bolivia of exactly seven 2s",
    "knob:red_three_value": "bonus for each red 3",
    "knob:red_threes_all_total": "bonus for all the deck's red 3s together",
    "knob:red_threes_count_against": "when a side's red 3s count against it",
    "knob:red_three_from_pile_replaced": "a red 3 that comes with the discard pile is replaced from the stock",
    "knob:black_three_in_hand": "penalty for each black 3 left in hand",
    "knob:going_out_needs": "complete melds a side needs before it may go out, by player count (any alternative)",
    "knob:ask_partner": "asking partner \"may I go out?\" before going out",
    "knob:going_out_bonus": "bonus for going out",
    "knob:final_discard_optional": "a player going out may meld every card, with or without a final discard",
    "knob:concealed_going_out_bonus": (
        "bonus for going out concealed: the whole hand in one turn before the side had "
        "melded"
    ),
    "knob:stock_out": "how a hand ends once the stock is empty",
    "knob:target_score": "score that ends the game, by player count",
    "knob:target_choices": "other targets the rule text lets a game's setup choose (the engine accepts any target)",
    "knob:hand_cap": "hands after which a game stops as a draw (equal top totals are a draw too)",
    # --- dashboards in every language: page prose, calculator, scenario and variant explorers, game viewer (dash) ---
    # each dashboard's introduction, under its title (widgets.language.page_heading)
    "page-intro:play": (
        "You are player 1; the computers play the other seats. Choose cards in your hand (click them, or Tab to "
        "the hand, move with the arrow keys and press Space), then press what you want to do with them. Anything "
        "may be tried: when the rules refuse a move, the reason and what to do instead appear under the buttons, "
        "and nothing changes."
    ),
    "page-more:play": (
        "The hint button gives the coach's move and why; with coach mode on, the coach warns you before a move "
        "it would not make. Undo takes back your move and the computers' moves since. Open the settings for other "
        "rules, table sizes, computer levels, a target or a seed: the same seed and the same moves always give "
        "the same game."
    ),
    "page-intro:meld_lab": (
        "Deal a hand (the seed makes the same deal every time) or pick a lesson position, then choose cards from "
        "your hand: the verdict says at once whether they make a legal meld and why not. The meld button puts "
        "them on your side's table; the meter shows your first melds against the initial meld's minimum, and the "
        "score sheet shows how the hand would score if it ended now."
    ),
    "page-more:meld_lab": (
        "Keyboard: Tab to your hand, the arrow keys to move, Space or Enter to choose a card. Change the rules "
        "to see the same cards judged another way."
    ),
    "page-intro:meld_checker": (
        "Type cards in the box, such as KH KS 2C or 4♥ 5♥ 6♥, and pick the rules. The verdict below says "
        "whether they make a legal meld and names every rule they break."
    ),
    "page-more:meld_checker": (
        "Ranks are 2-10 (or T), J, Q, K, A; suits C D H S or ♣♦♥♠; a joker is JK. Twos and jokers are wild; "
        "red 3s are bonus cards; black 3s are melded only when going out."
    ),
    "page-section:meld_checker-each": "The same cards under each rule set",
    "page-section-text:meld_checker-each": (
        "The sources disagree: two natural kings with two wild cards are a legal start in the Swedish club rules, "
        "but not under Bolivia's \u201ctwice as many natural cards as wild cards\u201d."
    ),
    "page-intro:score_calculator": (
        "Enter the melds a side laid at a real table (one a line), the cards left in its hands, its red 3s and "
        "whether it went out; the line items and the total follow the rules you pick."
    ),
    "page-intro:scenario_explorer": (
        "A lesson position at the card table, seen from the player to move: try its moves by touch (a move that "
        "is not allowed says why, beside the place you tapped), list them, undo them. The menu (☰) picks another "
        "position or takes one pasted in the scenario notation."
    ),
    "page-intro:variant_explorer": (
        "Pick two to four rule sets. The first tab lists the rules that differ, with an A where the sources are "
        "silent and the engine assumes. The second judges the same cards under each set: melds to try, taking "
        "the pile, going out, and the score of the table. The third derives your club's rule set from a preset: "
        "change a rule, copy the file it makes, load one back, print the rules sheet."
    ),
    "page-intro:game_viewer": (
        "Computer players play a whole game from a seeded deal: step through it a move at a time, jump to the "
        "end of a hand, or step back. Every hand is open, so you can see why a player melds, takes the pile or "
        "discards what it does; the log says each move in words and the scores add up hand by hand. The same "
        "seed always plays the same game. The computers are plain: greedy melds all it can, random picks any "
        "legal move."
    ),
    "dash:cards": "{count:n:card}",
    # the computer players' levels (bolivia_core.players.PLAYERS), as the play table names them
    "dash:level-random": "random",
    "dash:level-greedy": "greedy",
    "dash:level-beginner": "beginner",
    "dash:level-club": "club player",
    "dash:level-strong": "strong",
    # the lesson positions (bolivia_core.scenario's SCENARIOS), by name
    "scenario-title:take-the-pile": "You may take the pile",
    "scenario-lesson:take-the-pile": (
        "The top discard is a king and you hold a natural pair of kings: the pair and the top card start a new "
        "meld, and the rest of the pile goes to your hand."
    ),
    "scenario-title:wild-on-top": "You may not take the pile: a wild card is on top",
    "scenario-lesson:wild-on-top": (
        "Under Bolivia rules nobody may take the pile while a wild card or a 3 is on top, even with a natural "
        "pair in hand."
    ),
    "scenario-title:black-three-on-top": "You may not take the pile: a black 3 is on top",
    "scenario-lesson:black-three-on-top": "A discarded black 3 stops the next player from taking the pile.",
    "scenario-title:take-top-onto-escalera": "Take only the top card onto your sequence",
    "scenario-lesson:take-top-onto-escalera": (
        "Instead of drawing, you may take just the top discard when it extends one of your side's sequences of "
        "fewer than seven cards."
    ),
    "scenario-title:initial-meld-short": "Your first meld is short",
    "scenario-lesson:initial-meld-short": (
        "At a score of 1,500 your side's first melds must be worth 90 points together; three kings and three "
        "queens make only 60."
    ),
    "scenario-title:one-meld-short-of-going-out": "One meld short of going out",
    "scenario-lesson:one-meld-short-of-going-out": (
        "Your side has an escalera; one more complete meld of any kind lets you go out. Add your last king to "
        "the six kings and meld out."
    ),
    "scenario-title:keep-two-cards": "Keep two cards until your side may go out",
    "scenario-lesson:keep-two-cards": (
        "Your side has no escalera yet, so after melding you must keep two cards in hand."
    ),
    "scenario-title:swedish-top-plus-four": "Swedish: the top card and the next four",
    "scenario-lesson:swedish-top-plus-four": (
        "In the Swedish club rules you meld the top discard with two matching cards from hand, then take only "
        "the next four cards of the pile."
    ),
    "scenario-title:canasta-frozen-pile": "Canasta: a frozen pile needs a natural pair",
    "scenario-lesson:canasta-frozen-pile": (
        "A wild card was discarded into the pile, so it is frozen: one king and a wild card no longer take it, "
        "a natural pair of kings would."
    ),
    # the hand-score calculator
    "calc:melds": "Melds",
    "calc:melds-placeholder": "one meld a line, e.g. KH KS KD 2C",
    "calc:hand": "Left in hand",
    "calc:hand-placeholder": "the side's cards still in hand",
    "calc:red-threes": "Red 3s",
    "calc:went-out": "the side went out",
    "calc:concealed": "concealed (the whole hand in one turn)",
    # the scenario explorer (action syntax such as "take pile with KH QS" is notation: never translated)
    "scen:scenario": "Position",
    "scen:legal": "Legal moves",
    "scen:undo": "undo",
    "scen:to-draw": "Player {player} to draw.",
    "scen:to-play": "Player {player} to meld, add or discard.",
    "scen:to-answer": "Player {player} to answer the partner.",
    "scen:to-hand-over": "The hand is over.",
    "scen:to-game-over": "The game is over.",
    # the game viewer
    "viewer:computers": "Computers",
    "viewer:seating-1": "greedy",
    "viewer:seating-2": "random",
    "viewer:seating-3": "greedy and random, seat by seat",
    "viewer:seating-4": "club players",
    "viewer:seating-5": "strong and club player, seat by seat",
    "viewer:back": "back a move",
    "viewer:next": "next move",
    "viewer:to-hand-end": "to the end of the hand",
    "viewer:col-side": "side {side}",
    # the variant explorer
    "variant:compare": "Compare:",
    "variant:our-club": "our club's rules",
    "variant:only-differences": "only the differences",
    "variant:tab-rules": "The rules compared",
    "variant:tab-situation": "One situation",
    "variant:tab-club": "Our club's rules",
    "variant:choose": "⚠ Choose two to four rule sets to compare.",
    "variant:caption": "Rules that differ: {count}",
    "variant:caption-only": "Rules that differ: {count} (only those shown)",
    "variant:legend": "{assumption} an assumption where the sources are silent, {house} a house rule",
    "variant:rule": "rule",
    "variant:situation-candidates": "Melds to try (one a line)",
    "variant:situation-table": "The side's melds (one a line)",
    "variant:situation-hand": "Cards in hand",
    "variant:situation-pile": "Discard pile (top card last)",
    "variant:cards-candidates": "The melds to try, as cards",
    "variant:cards-table": "The side's melds, as cards",
    "variant:cards-hand": "the cards in hand",
    "variant:cards-pile": "the discard pile, top card last",
    "variant:meld-row": "meld {cards}",
    "variant:take-pile": "take the discard pile?",
    "variant:go-out": "may the side go out?",
    "variant:yes": "✔ yes",
    "variant:no": "✘ no",
    "variant:needs": "needs {needs}",
    "variant:scores": "the table scores",
    "variant:no-pile": "(no discard pile given)",
    # the club editor
    "club:default-name": "our club",
    "club:based-on": "based on",
    "club:name": "name",
    "club:rule": "rule",
    "club:file-placeholder": "the club's rules file (TOML) appears here; paste one to load it",
    "club:load": "load the file above",
    "club:loaded": "✔ loaded {title}.",
    "club:sheet-link": "printable rules sheet (HTML)",
    "club:sheet-file": "{name} rules.html",
    # --- the scenario explorer ("a seat's moves") and the watch-a-game page ("every hand open") at the
    # card table (viewer); position notation (rules=bolivia; p1=...) stays as it is ---
    "explore-no-such-scenario": "There is no lesson position named {name}; the positions are: {known}.",
    "explore-paste-empty": (
        "Paste a position in the scenario notation into the box first (it shows the position on the table "
        "as an example)."
    ),
    "explore-paste-refused": "This position cannot be shown, so the table stays as it was: {why}",
    "explore-pasted": "The pasted position is on the table: player {player} to move.",
    "explore-moves-of": (
        "The table shows player {player}'s hand and moves: tap the stock, the pile, cards or a meld to try one."
    ),
    "explore-moves-head": "Player {player} may make {count:n:move} now:",
    "explore-moves-more": "and {count} more (every one is in the menu ☰).",
    "explore-lesson": "the lesson",
    "explore-list-moves": "moves ({count})",
    "explore-position": "The position (scenario notation)",
    "explore-paste-placeholder": "paste a position here: rules=…; players=…; turn=…; p1=…",
    "explore-show-position": "show the table's position",
    "explore-load-position": "explore this position",
    "explore-pasted-choice": "(a pasted position)",
    "watch-hand-of": "player {player}'s hand, {count:n:card}",
    "watch-dealt": (
        "A new game, seed {seed}; player {player} plays first. Every hand is open: tap “next move” to watch."
    ),
    "watch-why": "Why: {why}",
    "watch-skip": "skip to the end of these moves",
    "watch-stepped-back": "Back to move {move}.",
    "watch-only-computers": (
        "Only the computers play on this page: tap “next move” to see their next move (the play page "
        "is where you play)."
    ),
    "watch-bad-setting": "There is no setting {key} = {value} on this page.",
    # --- rooms: playing together, each person at their own seat (rooms) ---
    "room-token-forged": (
        "this seat's link is not valid: its key is wrong or cut short; open the link exactly as it was sent to you"
    ),
    "room-host-forged": "only the person who invited may change the seats or the idle time; this key is not theirs",
    "room-unknown": "there is no room {room}; check the link, or ask the person who invited you for a new one",
    "room-full": "room {room} is full: every seat is taken; ask the person who invited you to free one",
    "room-not-your-seat": "you sit at seat {seat}; a move for seat {asked} is refused",
    "room-not-your-turn": "it is not your turn: it is player {turn}'s turn",
    "room-table-changed": "the table changed; look again: your move was for move {sent}, the table is at move {now}",
    "room-not-seated": "this page holds no seat yet: open a seat's link first",
    "room-seat-open-elsewhere": "seat {seat} is open on another page; you may take it over here",
    "room-seat-taken-over": "seat {seat} was taken over on another page; this page no longer plays it",
    "room-malformed": "this message cannot be read: {problem}",
    "room-malformed-json": "it is not one JSON object on one line",
    "room-malformed-type": "its type {value} is none of {types}",
    "room-malformed-field": "its field {field} must be {expected}; it is {value}",
    "room-malformed-long": "it is longer than {most:n:byte}",
    "room-seat-number": "there is no seat {seat} in this room: its seats are 1 to {players}",
    "room-level-unknown": "there is no computer level {level}; the levels are {levels}",
    "room-idle-seconds": "the idle time must be a whole number of seconds from {least} to {most}; it is {value}",
    "room-settings": "a room cannot be made with these settings: {problem}",
    "room-failed": "the room could not do this ({problem}); look again at the table and try once more",
    "room-seat-person": "seat {seat}: a person",
    "room-seat-open": "seat {seat}: open, waiting for a person",
    "room-seat-computer": "seat {seat}: the computer ({level})",
    "room-seat-away": "seat {seat}: away; the computer ({level}) plays until they return",
    # --- rooms: a service no page can slow, presence, watch links (rooms; kept together to move as one) ---
    "room-seat-away-soon": "seat {seat}: away; the computer ({level}) plays for them if they do not come back soon",
    "room-malformed-decode": "it is not one JSON object in UTF-8 text on one line ({detail})",
    "room-malformed-deep": "its values are nested more deeply than any message's are",
    "room-malformed-bounds": "its field {field} must be {expected}",
    "room-malformed-missing": "it lacks the field {field}",
    "room-malformed-unknown": "it has a field {field}, which this kind of message does not have",
    "room-malformed-range": "its field {field} holds a number too large for it",
    "room-malformed-value": "its field {field} cannot be {value}",
    "room-protocol": (
        "this page speaks version {given} of the room protocol and the room service speaks {known}: reload the page"
    ),
    "room-rate-limited": (
        "this page sent too many messages at once (at most {most} a second); its next message is read in {wait} s"
    ),
    "room-create-limited": "too many rooms were made just now; try again in {wait:n:second}",
    "room-too-slow": (
        "this page did not keep up with the table (more than {most} messages were waiting for it), so the room "
        "closed its connection; it connects again and shows the table as it stands"
    ),
    "room-store-down": "the room's store does not answer just now, so nothing changed; try again in a moment",
    "room-grace-seconds": (
        "the time a person who left has to come back must be a whole number of seconds from {least} to {most}; "
        "it is {value}"
    ),
    "room-watch-mode": (
        "a watch link is for a teacher (every hand open) or an onlooker (the table only): {modes}; there is no {mode}"
    ),
    "room-game-refused": "the game in progress cannot come into the room: {problem}",
    "room-game-over": "it is over",
    "room-game-rules": "a room plays a preset's rules, and this game's rules are not those of {rules}",
    # --- rooms: the invite control and the seat pages at the card table (together) ---
    "room-invite": "invite",
    "room-invite-links": "Send each person their own seat's link:",
    "room-seat-link": "seat {seat}",
    "room-own-link": "your own seat's link (to come back to this seat, with the seats' controls)",
    "room-menu-title": "Playing together: you sit at seat {seat}",
    "room-you-sit": "you sit at seat {seat}",
    "room-asked": "player {player} asks you: may they go out? Answer yes or no.",
    "room-who-plays": "seat {seat} is played by",
    "room-a-person": "a person",
    "room-the-computer": "the computer",
    "room-seat-level": "seat {seat}: the computer's level",
    "room-take-over": "take the seat over here",
    "room-back": "I am back",
    "room-waiting": "sitting down at the table…",
    "room-not-here": "at a shared table there are no hints, undo or saved games: the room keeps the game",
    "room-service-down": (
        "the room service does not answer: the server that shares the table is not running "
        "(bash scripts/serve.sh starts it beside the pages)"
    ),

    # --- variant studies: the study command and the Variant lab (study) ---
    "study-heading": (
        "{games:n:game} a variant, {players:n:player}, seats {seats}, seed {seed}: {variants:n:variant}; "
        "95% intervals in brackets"
    ),
    "study-variant": "{label}: {hands:n:hand} in {games:n:game}",
    "study-value-share": "{value:.1f}% ({low:.1f} to {high:.1f}%)",
    "study-value-mean": "{value:.2f} ({low:.2f} to {high:.2f})",
    "study-differences": "{variant} against {base}:",
    "study-more-mean": "with {variant}, {figure} is {amount:.2f} more ({low:.2f}\u2013{high:.2f}) than with {base}",
    "study-less-mean": "with {variant}, {figure} is {amount:.2f} less ({low:.2f}\u2013{high:.2f}) than with {base}",
    "study-more-share": (
        "with {variant}, {figure} is {amount:.1f} percentage points more ({low:.1f}\u2013{high:.1f}) than with {base}"
    ),
    "study-less-share": (
        "with {variant}, {figure} is {amount:.1f} percentage points less ({low:.1f}\u2013{high:.1f}) than with {base}"
    ),
    "study-none-clear": "no difference the study can tell apart",
    "study-unclear": "the study cannot tell these apart: {figures}",
    "study-cost": (
        "{hands:n:hand} played in {cpu:.1f} CPU seconds ({per_thousand:.1f} CPU seconds per 1,000 hands), "
        "{wall:.1f} s on the clock with {workers:n:worker}"
    ),
    "study-shards": "finished shards are kept in {where}",
    "study-stopped": (
        "stopped after {done} of {total:n:game}: the finished shards are kept in {where}, "
        "and the same command with --resume goes on from them"
    ),
    "study-progress": "games",
    "study-figure:going_out_share": "hands ended by going out",
    "study-figure:hand_turns": "turns a hand",
    "study-figure:hands_per_game": "hands a game",
    "study-figure:hand_score": "a side's score of a hand",
    "study-figure:points": "a side's points a hand from {what}",
    "study-figure:melds": "{what} completed a hand",
    "study-figure:first_meld_wins_hand": "hands won by the side that melds first",
    "study-figure:decided_by_last_hand": "games whose last hand changed the winner",
    "study-figure:winner_share": "share of the winner's score from {what}",
    "study-source:melded_cards": "melded cards",
    "study-source:bonus_natural_canasta": "natural canasta bonuses",
    "study-source:bonus_mixed_canasta": "mixed canasta bonuses",
    "study-source:bonus_natural_sequence": "escalera (natural sequence) bonuses",
    "study-source:bonus_mixed_sequence": "mixed sequence bonuses",
    "study-source:bonus_bolivia": "bolivia bonuses",
    "study-source:bonus_bolivia_three_twos_four_jokers": "black bolivia bonuses",
    "study-source:bonus_bolivia_seven_twos": "red bolivia bonuses",
    "study-source:going_out_bonus": "the going-out bonus",
    "study-source:concealed_going_out_bonus": "the concealed going-out bonus",
    "study-source:red_threes": "red 3s",
    "study-source:cards_in_hand": "cards left in hand",
    "study-source:black_threes": "black 3s left in hand",
    "study-kind:natural-canasta": "natural canastas",
    "study-kind:mixed-canasta": "mixed canastas",
    "study-kind:natural-sequence": "escaleras (natural sequences)",
    "study-kind:mixed-sequence": "mixed sequences",
    "study-kind:bolivia": "bolivias",
    "study-kind:bolivia-three-twos-four-jokers": "black bolivias",
    "study-kind:bolivia-seven-twos": "red bolivias",
    # the Variant lab (widgets/dashboards/variant_lab.py)
    "study-question:wilds": "If we allow three wild cards in a meld, do hands get shorter?",
    "study-question:minimum": "Does the 150 minimum from 7,000 decide games?",
    "study-question:presets": "The four rule sets side by side: what does each do to the game?",
    "lab-question": "A question, answered by a study shipped with the page",
    "lab-own": "Your own study: choose rule sets and a knob to vary, then run it",
    "lab-rules": "Rule sets",
    "lab-club": "A club's rules file (TOML), if you want it in the study",
    "lab-club-placeholder": "name = \"our club\"\nbase = \"swedish\"\n[house_rules]\ngoing_out_bonus = 100",
    "lab-knob": "Knob to vary",
    "lab-no-knob": "(none: compare the rule sets as they are)",
    "lab-values": "Its values, separated by commas",
    "lab-games": "Games a variant",
    "lab-run": "Run the study",
    "lab-stop": "Stop",
    "lab-running": "games played",
    "lab-progress": "{done} of {total:n:game} played, {rate:.2f} games a second, about {left:n:second} left",
    "lab-command": "The same study on the command line:",
    "lab-differences": "What the study tells apart",
    "lab-unclear": "It cannot tell these apart:",
    "lab-turns-title": "How long a hand lasts (turns)",
    "lab-score-title": "A side's score of a hand",
    "lab-sources-title": "Where a side's points of a hand come from (mean, with 95% interval)",
    "lab-melds-title": "Complete melds made a hand (mean, with 95% interval)",
    "lab-bars-alt": (
        "Bars for each variant, the line across each bar its 95% interval; the table below gives every value."
    ),
    "lab-hand_turns-alt": "Share of hands by their length in turns. Mean turns a hand: {means}.",
    "lab-hand_score-alt": "Share of a side's hands by their score. Mean score: {means}.",
    "lab-table": "Every figure with its 95% interval (the plots as a table)",
    "lab-figure": "figure",
    "lab-honest-title": "What a study measures, and what it does not",
    "lab-honest-1": (
        "These are games of the explorer's computer players (the club level), not of people. A rule that "
        "changes how people play, what they risk or how they talk at the table can act differently on a "
        "real club night; a study says what the rule does to these players' games, and nothing more."
    ),
    "lab-honest-2": (
        "Every variant plays the same deals, so a difference comes from the rule, not the cards. A figure "
        "between brackets is a 95% interval: with more games it narrows. When an interval of a difference "
        "holds zero, the study cannot tell the variants apart on that figure."
    ),
    "page-title:variant_lab": "Variant lab",
    "page-pointer:variant_lab": "What do these differences do to a game? {title} measures it over many games.",
    "page-intro:variant_lab": (
        "What a rule does to the game, measured: thousands of hands played by computer players under each "
        "variant, with the share of hands ended by going out, hand length, points by source and the melds made."
    ),
    # refusals
    "study-vary-form": "--vary takes KNOB=VALUE,VALUE (for example same_rank_max_wilds=2,3); got {given}",
    "study-vary-twice": "--vary names the knob {knob} twice: give all its values once, separated by commas",
    "study-variant-twice": "the variant {label} is asked for twice",
    "study-no-rules": "a study needs a rule set: a preset ({presets}) or a club rules file (.toml, .json)",
    "study-unknown-level": "unknown player level {given}; known: {known}",
    "study-bad-games": "--games must be a whole number of at least 1; got {given}",
    "study-bad-workers": "--workers must be a whole number of at least 1; got {given}",
    "study-bad-seed": "the seed must be a whole number; got {given}",
    "study-no-dask": "--scheduler needs Dask: install the study extra (pip install -e '.[study]' in the checkout)",
    "study-scheduler": "could not reach the Dask scheduler at {address}: {detail}",
    # the command line's help
    "cli-help:study": "what rules do to the game: many computer-played games per variant, with 95% intervals",
    "study-help:rules": (
        "rule sets to compare, comma-separated: presets ({presets}) or club rules files (default {default})"
    ),
    "study-help:vary": (
        "a knob and its values, KNOB=VALUE,VALUE (values as in a club rules file); repeat for the product"
    ),
    "study-help:workers": "local worker processes (default {default}); ignored with --scheduler",
    "study-help:scheduler": "a Dask scheduler's address, tcp://HOST:PORT: its workers play the shards",
    "study-help:shards": "folder for finished shards (default {default})",
    "study-help:resume": "read the shards an interrupted run of the same study kept, and play only the rest",
}

LANGUAGES: tuple[str, ...] = ("en", "sv", "da", "nb", "pl", "cs")
LANGUAGE_NAMES: Mapping[str, str] = {
    "en": "English", "sv": "svenska", "da": "dansk", "nb": "norsk bokmål", "pl": "polski", "cs": "čeština",
}  # fmt: skip
_ALIASES = {"no": "nb", "nn": "nb", "se": "sv", "dk": "da", "cz": "cs"}
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "bolivia"

# CLDR plural categories a whole number can fall in, in the order a template lists its forms.
PLURAL_CATEGORIES: Mapping[str, tuple[str, ...]] = {
    "en": ("one", "other"), "sv": ("one", "other"), "da": ("one", "other"), "nb": ("one", "other"),
    "pl": ("one", "few", "many"), "cs": ("one", "few", "other"),
}  # fmt: skip

# Grouping separator and CLDR minimum grouping digits ("1500" but "15 000" in Polish).
_GROUPING: Mapping[str, tuple[str, int]] = {
    "en": (",", 1), "sv": ("\u00a0", 1), "da": (".", 1), "nb": ("\u00a0", 1), "pl": ("\u00a0", 2), "cs": ("\u00a0", 1),
}  # fmt: skip
_DECIMAL_MARK: Mapping[str, str] = {"en": ".", "sv": ",", "da": ",", "nb": ",", "pl": ",", "cs": ","}

_DEFAULT = {"language": "en"}  # the process-wide default, set by set_language


def normalise_language(language: str | None) -> str:
    """A supported language code from "sv", "sv-SE", "nb_NO", "no" or None (the process default)."""
    if language is None:
        return _DEFAULT["language"]
    if not isinstance(language, str):
        raise ValueError(f"a language is a code such as 'sv', not {language!r}")
    key = language.strip().replace("_", "-").split("-")[0].lower()
    key = _ALIASES.get(key, key)
    if key not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known languages: {', '.join(LANGUAGES)}")
    return key


def set_language(language: str) -> str:
    """Make ``language`` the process-wide default of ``render`` (and of ``str()`` of every
    explanation, verdict and score); returns the code it settled on."""
    _DEFAULT["language"] = normalise_language(language)
    return _DEFAULT["language"]


def get_language() -> str:
    """The process-wide default language."""
    return _DEFAULT["language"]


def plural_category(number: int, language: str | None = None) -> str:
    """The CLDR plural category of a whole number: "one", "few", "many" or "other"."""
    language = normalise_language(language)
    n = abs(number)
    if language == "pl":
        if n == 1:
            return "one"
        return "few" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "many"
    if language == "cs":
        return "one" if n == 1 else "few" if n in (2, 3, 4) else "other"
    return "one" if n == 1 else "other"


def format_number(number: float, language: str | None = None, decimals: int = 0) -> str:
    """A number with the language's thousands separator and decimal mark: 15,000 / 15 000 / 15.000;
    with ``decimals``, 63.5 / 63,5."""
    language = normalise_language(language)
    separator, minimum_grouping = _GROUPING[language]
    whole, _, fraction = f"{abs(number):.{decimals}f}".partition(".")
    if len(whole) >= 4 + minimum_grouping - 1:
        whole = f"{int(whole):,}".replace(",", separator)
    text = f"{whole}{_DECIMAL_MARK[language]}{fraction}" if fraction else whole
    return f"-{text}" if number < 0 and text.strip("0,.\u00a0") else text


def format_signed(number: int, language: str | None = None) -> str:
    """Points won or lost, with their sign, written the language's way: +1,500 / +1 500 / -100 / +0."""
    return ("+" if number >= 0 else "") + format_number(number, language)


@functools.cache
def _catalogue(language: str) -> Mapping[str, tuple[str, str]]:
    """Code to (English it translates, template), from the language's compiled catalogue."""
    translations = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    compiled: Mapping[Any, Any] = getattr(translations, "_catalog", {})
    templates = {}
    for key, template in compiled.items():
        if isinstance(key, str) and "\x04" in key and template:  # gettext keys a context as context + EOT + id
            code, _, english = key.partition("\x04")
            templates[code] = (english, str(template))
    return templates


def translated(code: str, language: str | None = None) -> str | None:
    """The language's template for ``code``, or None when its catalogue lacks it: missing, fuzzy,
    or stale (translating an English text that is no longer ``EN``'s), so it falls back to English."""
    language = normalise_language(language)
    if language == "en":
        return EN[code]
    english, template = _catalogue(language).get(code, ("", ""))
    return template if english == EN[code] else None


class _Formatter(string.Formatter):
    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if _is_reasons(value):  # reasons within a reason: said in this message's language
            return "; ".join(reason.text(self.language) for reason in value)
        if _is_said(value):  # a value with words of its own (an action): said in this message's language
            return str(value.said(self.language))
        if isinstance(value, (tuple, list)):
            return self._list(value, format_spec)
        if format_spec in ("and", "or", "+"):  # a list said before lists were data: already words
            return str(value)
        kind, _, forms = format_spec.partition(":")
        if kind in ("n", "most") and forms:
            if "|" not in forms and "#" not in forms:
                return _english_count(value, forms, most=kind == "most")
            return self._count(value, forms.split("|"))
        if isinstance(value, int) and not isinstance(value, bool) and not format_spec:
            return format_number(value, self.language)
        if isinstance(value, float) and format_spec.startswith(".") and format_spec.endswith("f"):
            return format_number(value, self.language, int(format_spec[1:-1]))  # {share:.1f}: 63.5 / 63,5
        return str(super().format_field(value, format_spec))

    def _list(self, items: Sequence[Any], format_spec: str) -> str:
        """Items joined with commas ({x}), the last with the language's "and" ({x:and}) or "or" ({x:or}); numbers
        in the language's digits, signed with {x:+}: "+1.995, -150"."""
        said = [self._item(item, signed=format_spec == "+") for item in items]
        if format_spec in ("and", "or") and len(said) > 1:
            return render(f"list-{format_spec}", {"items": ", ".join(said[:-1]), "last": said[-1]}, self.language)
        return ", ".join(said)

    def _item(self, item: Any, *, signed: bool) -> str:
        if isinstance(item, int) and not isinstance(item, bool):
            return format_signed(item, self.language) if signed else format_number(item, self.language)
        return str(item)

    def _count(self, value: int, forms: list[str]) -> str:
        zero = [f[2:] for f in forms if f.startswith("0=")]
        forms = [f for f in forms if not f.startswith("0=")]
        number = format_number(value, self.language)
        if value == 0 and zero:
            return zero[0].replace("#", number)
        index = PLURAL_CATEGORIES[self.language].index(plural_category(value, self.language))
        form = forms[min(index, len(forms) - 1)]
        return form.replace("#", number) if "#" in form else f"{number} {form}"


def _english_count(value: int, word: str, *, most: bool) -> str:
    if not value:
        return f"no {_plural(word)}"
    counted = f"{format_number(value, 'en')} {word if value == 1 else _plural(word)}"
    return f"at most {counted}" if most else counted


def _plural(word: str) -> str:
    head, _, tail = word.rpartition(" ")
    if tail.endswith("3"):
        tail += "s"
    elif tail.endswith(("s", "x")):
        tail += "es"
    else:
        tail += "s"
    return f"{head} {tail}" if head else tail


# Words the engine renders into a reason's params (a meld's label, a rank): said again in the
# language the whole sentence is rendered in.
_WORD_PREFIXES = ("label:", "kind:", "rank:", "need:", "rules-title:", "suit-name:", "answer:")


@functools.cache
def _english_words() -> Mapping[str, str]:
    return {text: code for code, text in EN.items() if code.startswith(_WORD_PREFIXES)}


def render(code: str, params: Mapping[str, Any] | None = None, language: str | None = None) -> str:
    """The sentence for ``code`` with ``params`` filled in, in ``language`` (default: the process's).

    A code the language's catalogue lacks is said whole in English, never half and half.
    """
    language = normalise_language(language)
    if code not in EN:
        raise ValueError(f"unknown message code {code!r}")
    template = translated(code, language)
    if template is None:
        template, language = EN[code], "en"
    values = dict(params or {})
    if language != "en":
        words = _english_words()
        for key, value in values.items():
            if isinstance(value, str) and value in words:
                values[key] = render(words[value], language=language)
            elif isinstance(value, (tuple, list)):  # a list of words or numbers, each said in the language
                values[key] = tuple(
                    render(words[v], language=language) if isinstance(v, str) and v in words else v for v in value
                )
    return _Formatter(language).vformat(template, (), values)


@functools.cache
def _glossary_data() -> Mapping[str, Any]:
    data: Mapping[str, Any] = json.loads((LOCALE_DIR / "glossary.json").read_text(encoding="utf-8"))
    return data


def glossary(language: str | None = None) -> tuple[tuple[str, str], ...]:
    """The game's own words in ``language``, each beside the English: (english, term) pairs,
    taken from the rule texts in that language (``locale/glossary.json``)."""
    language = normalise_language(language)
    terms = _glossary_data()["terms"]
    return tuple((t["en"], t["en"] if language == "en" else t[language][0]) for t in terms)


def card_name(card: Any, language: str | None = None) -> str:
    """A card in words, as a screen reader should say it: "4 of hearts", "kung av hjärter", "król kier"."""
    if card.is_joker:
        return render("card-joker", language=language)
    text = card.rank_text
    rank = render(f"rank-name:{text}", language=language) if text in "JQKA" else text
    return render("card-name", {"rank": rank, "suit": render(f"suit-name:{card.suit}", language=language)}, language)


def counted(number: int, word: str) -> str:
    """A count in English words as the catalogue writes one ("no cards", "1 card", "12 cards"), for views."""
    return _english_count(number, word, most=False)


@dataclass(frozen=True)
class Explanation:
    """A code, the rule knob it rests on (if any) and its numbers."""

    code: str
    knob: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return render(self.code, self.params)

    def text(self, language: str | None = None) -> str:
        """The explanation in ``language`` (default: the process's)."""
        return render(self.code, self.params, language)

    def to_dict(self) -> dict[str, Any]:
        params = {
            key: [r.to_dict() for r in v] if _is_reasons(v) else str(v) if _is_said(v) else v
            for key, v in self.params.items()
        }
        return {"code": self.code, "knob": self.knob, "params": params, "text": str(self)}


def _is_said(value: Any) -> bool:
    """Whether a parameter says itself in a language's words (``value.said(language)``, as an action
    does): kept as data, so it is said in the message's language; its ``str`` is its notation, for JSON."""
    return callable(getattr(value, "said", None))


def _is_reasons(value: Any) -> bool:
    """Whether a parameter is explanations within an explanation (why a meld inside a move fails):
    kept as data, so they are said in the language the outer one is said in."""
    return isinstance(value, tuple) and bool(value) and all(isinstance(v, Explanation) for v in value)


@dataclass(frozen=True)
class Reason(Explanation):
    """One broken rule."""
