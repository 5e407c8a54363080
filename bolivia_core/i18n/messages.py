"""The engine's words: rules, refusals and the game's events (gettext domain ``bolivia``).

``EN`` is the English source of truth; the translations are ``locale/<lang>/LC_MESSAGES/bolivia.po``
beside this file (kept by ``scripts/i18n.py``). The layers above keep their own words in their own
packages (``bolivia_core.players``, ``bolivia_core.tools``, ``bolivia_rooms``, ``bolivia_widgets``);
the machinery that says any of them is ``catalogues``.
"""

from __future__ import annotations

from pathlib import Path

from .catalogues import register_catalogue

DOMAIN = "bolivia"
LOCALE_DIR = Path(__file__).with_name("locale")

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
    "table-meld-illegal": "the meld on the table ({cards:nom}) is not a legal meld: {why}",
    # a side's table
    "meld-illegal": "meld {index} ({cards:nom}) is not legal: {why}",
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
    "score-meld-bonus": "{label} ({cards:nom}): bonus",
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
    # the ways to take the top discard, said inside "pile-way" in the sentence's language
    "way:natural pair": "natural pair", "way:suited sequence pair": "suited sequence pair",
    "way:two wilds": "two wilds", "way:natural and wild": "natural and wild", "way:own meld": "own meld",
    "pile-new-meld-only": (
        "the top discard always starts a new meld under {rules} rules: take it with a pair from hand"
    ),
    "pile-meld-illegal": "the top card with your cards ({cards:nom}) is not a legal meld: {why}",
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
    # suits in words (a card's whole name, in every case a sentence needs, is locale/card_names.json's)
    "suit-name:C": "clubs", "suit-name:D": "diamonds", "suit-name:H": "hearts", "suit-name:S": "spades",
    # ranks in words
    "rank:JK": "jokers", "rank:2": "2s",
    "rank:4": "4s", "rank:5": "5s", "rank:6": "6s", "rank:7": "7s", "rank:8": "8s", "rank:9": "9s",
    "rank:10": "10s", "rank:J": "jacks", "rank:Q": "queens", "rank:K": "kings", "rank:A": "aces",
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
    "play-meld-rank": "meld {index}: {rank}, {count} of {full}",
    "play-meld-sequence": "meld {index}: {name} in {suit}, {count} of {full}",
    "play-meld-wild": "meld {index}: wild cards, {count} of {full}",
    "play-meld-complete": "meld {index}: {label}, complete ({count} cards)",
    "play-meld-other": "meld {index}: {cards:nom}",
    # a seat's view of the table (bolivia_core.seat): its melds in words, its seat numbers
    "table-no-such-seat": "there is no seat {seat} at this table: seats are numbered 1 to {players}",
    "seat-view-format": 'not a seat\'s view: expected an object with "format": "{format}"',
    "seat-view-version": (
        "a seat's view of version {version} cannot be read here: this version reads version {expected}"
    ),
    "seat-view-damaged": "a seat's view that cannot be read as it is: {detail}",
    # what going out needs
    "need:sequence": "a complete sequence",
    "need:canasta": "a canasta",
    "need:bolivia": "a bolivia",
    "need:any": "one more complete meld of any kind",
    "needs-and": " and ",
    "needs-or": ", or ",
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
    "rules-file-format": 'a rules file is an object with "format": "{format}"',
    "rules-file-knobs": 'a rules file needs "knobs": an object of knob name to {{value, source}}',
    "rules-file-lacks-knob": "rules file lacks knob {knob}",
    "rules-file-knob-entry": "rule knob {knob} must be an object with a value and a source",
    "rules-file-name": 'a rules file needs a "name"',
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
    # verdict summaries
    "verdict-legal": "legal {kind} under {rules} rules: {points} points",
    "verdict-legal-complete": "legal {label} under {rules} rules: {points} points and a {bonus} bonus",
    "verdict-illegal": "not a legal meld under {rules} rules",
    # --- languages: rule set titles, rules sheets and diffs, knob values in words (i18n) ---
    "rules-title:bolivia": "Bolivia",
    "rules-title:swedish": "Swedish",
    "rules-title:two-deck": "two-deck",
    "rules-title:canasta": "Canasta",
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
    "knob:same_rank_wild_balance": "how many natural cards a same-rank meld needs for its wild cards, at all times",
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
}

CATALOGUE = register_catalogue(DOMAIN, EN, LOCALE_DIR)
