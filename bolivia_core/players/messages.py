"""The computer players' words: their rationales and hints, their refusals and the coach's warnings
(gettext domain ``players``; translations in ``locale/`` beside this file, kept by ``scripts/i18n.py``).
Registered with the engine's ``render`` when the players' package is imported."""

from __future__ import annotations

from pathlib import Path

from ..i18n import register_catalogue

DOMAIN = "players"
LOCALE_DIR = Path(__file__).with_name("locale")

EN: dict[str, str] = {
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
    # --- the expert: its search, the coach's hint and the review of a hand (players) ---
    "player-bad-search-budget": (
        "a search budget is CPU seconds (1s, 0.25s, 250ms) or a number of playouts (400p); got {budget}"
    ),
    "why-expert": (
        "played out on {worlds:n:guessed deal} of the cards it cannot see, it came out {margin:n:point} "
        "ahead of “{other}” on average"
    ),
    # a hint is one sentence: the move (an action in words) and its one main reason, which never names the
    # move's cards again
    "hint-says": "Best now: {action}, because {reason}.",
    "hint-why:go-out": "it empties your hand and you go out",
    "hint-why:lay-to-finish": "your side may go out, so every card you lay counts",
    "hint-why:initial": "it makes your side's initial meld with {points} points ({minimum} needed)",
    "hint-why:completes": "it completes meld {index}",
    "hint-why:sequence": "it builds towards a complete {sequence}",
    "hint-why:bolivia": "it builds towards a bolivia",
    "hint-why:score": "cards on the table score for your side, while in hand they count against it",
    "hint-why:take-pile": "{count:n:card} come into your hand and {laid:n:card} go on the table at once",
    "hint-why:take-pile-opens": "it makes your side's initial meld and brings the pile into your hand",
    "hint-why:draw": "the pile ({count:n:card}) is not worth taking now",
    "hint-why:draw-empty": "the pile is empty",
    "hint-why:pass": "the stock is out and the pile cannot be taken",
    "hint-why:ask": "you could go out now, and your partner's answer comes first",
    "hint-why:answer-yes": "your hand holds only {points} points, so going out now costs your side little",
    "hint-why:answer-no": "your hand still holds {points} points that would count against your side",
    "hint-why:next-hand": "the hand is over",
    "hint-why:discard": "your hand needs that card least",
    "hint-why:discard-blocks": "with it on top player {player} cannot take the pile",
    "hint-why:discard-safe": "player {player} is unlikely to take the pile with it",
    "hint-why:search": (
        "on {worlds:n:guessed deal} of the cards you cannot see it came out {margin:n:point} ahead of “{other}” "
        "on average"
    ),
    "hint-why:only": "it is the only move left",
    "hint-why:best": "it came out best of the moves the coach compared",
    # the review of a hand: a seat's costliest decisions, each one sentence
    "review-heading": (
        "Your costliest decisions this hand, by the coach's play-outs ({decisions:n:decision} weighed):"
    ),
    "review-none": (
        "No decision of yours this hand cost {threshold:n:point} or more on average by the coach's play-outs "
        "({decisions:n:decision} weighed)."
    ),
    "review-moment": (
        "Turn {turn}: better to {better} than to {played}, about {lost:n:point} more on average, because {reason}."
    ),
}

CATALOGUE = register_catalogue(DOMAIN, EN, LOCALE_DIR)
