"""The pages' words: the card table, the dashboards, the lessons' tables, exercises and tools, the
club pages and the site's index (gettext domain ``widgets``; translations in ``locale/`` beside this file,
kept by ``scripts/i18n.py``). Registered with the engine's ``render`` when the widgets' package is imported."""

from __future__ import annotations

from pathlib import Path

from bolivia_core.i18n import register_catalogue

DOMAIN = "widgets"
LOCALE_DIR = Path(__file__).with_name("locale")

EN: dict[str, str] = {
    # the play table: settings
    "play-settings": "Settings: rules, players, computer levels, target, deal number",
    "play-rules": "Rules", "play-players": "Players", "play-target": "Target", "play-seed": "Deal number",
    "play-levels": "Computer level of each other seat",
    "play-seat": "Player {player}",
    "play-new-game": "new game",
    "play-another-game": "play another game",
    "play-coach-mode": "coach mode: warn me before a move the coach would not make",
    "play-pace": "Computers",
    "play-pace-step": "one move at a time",
    "play-pace-straight": "straight through",
    "play-dealt": "A new game, deal number {seed}: player {player} plays first. You are player 1.",
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
    "play-pile-you-can": "You may take it, for example: {action}.",
    "play-pile-why-not": "You may not take it now: {why}.",
    "play-your-melds": "Your side's melds",
    "play-their-melds": "Melds of {players}",
    "play-no-melds": "no melds yet",
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
    # the coach's hint is the engine's one sentence (hint-says); while it thinks the table says so and stays playable
    "play-coach-thinking": "The coach is thinking…",
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
    # the review after a hand: the engine's heading and moments (review-*), and "show me" for each moment
    "play-review-title": "The coach's review",
    "play-review-thinking": "The coach is going over your decisions of this hand…",
    "play-show-me": "show me",
    "play-back-to-hand-end": "back to the end of the hand",
    "play-showing": "Hand {hand}, your turn {turn}, as you saw it then.",
    "play-showing-read-only": (
        "This is a moment gone by, shown as you saw it: go back to the end of the hand to play on."
    ),
    "play-no-moment": "There is no moment {moment} in the coach's review of this hand.",
    "play-review-off": "Turn coach mode on for a review of your moves after each hand.",
    # --- the card table (widgets/components/table*.py, the play page) ---
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
    "table-turn-you-stock-out": "Your turn, and the stock is empty: take the pile if you may, or pass.",
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
    "table-checking": "Initial meld staged: counting its points…",
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
    "page-meld-label": "meld: {cards:nom}",
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
    "lesson-table-others-play": "the others play",
    "lesson-table-moves": "what may I do?",
    "lesson-table-moves-head": "What you may do now ({count:n:move}):",
    "lesson-table-moves-more": "and {count} more.",
    "lesson-table-undo": "undo my last move",
    "lesson-table-not-your-turn": (
        "It is player {player}'s turn, not yours: your turn ended with your discard. Let the others play, or "
        "undo your last move."
    ),
    "lesson-table-turn-over": (
        "Your turn is over: player {player} plays next. Tap “the others play” to watch them, move by move."
    ),
    "lesson-table-your-turn": "It is your turn: the others wait for you.",
    "lesson-table-your-turn-again": "The others have played: your turn again.",
    "lesson-table-hand-over": "The others have played, and the hand is over.",
    "lesson-table-nothing-to-undo": "Nothing to undo: you have not moved yet.",
    "lesson-table-undone": "Back before your last move.",
    "lesson-table-quiz-turn": "Your turn: make the move you think is right.",
    "lesson-table-why-initial": (
        "These melds count {points} points, and at a score of {score} your side's first melds need {minimum}."
    ),
    "lesson-why-own-melds": "You add cards only to your own side's melds: the other side's melds are theirs.",
    # the engine's refusals said to the learner's own seat ("you"), where they name the player
    "answer-pending:you": "you must first answer player {asker}: may they go out?",
    "draw-first:you": "you must first draw from the stock or take from the discard pile",
    "drawn-already:you": "you have drawn already this turn: meld, add to a meld, or discard",
    "pass-while-able:you": "with the stock empty a player who can take the pile must, and you can",
    "cards-not-in-hand:you": "{cards}: not all in your hand",
    "no-partner:you": "you have no partner to ask",
    "asked-already:you": "you have asked already this turn (the answer was {answer})",
    "partner-said-no:you": "your partner said no: you may not go out this turn",
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
    "exercise-hint-rule": "{rule}: {value}",
    "exercise-hint-meld-legal": "{rules}: every rule for this kind of meld is met.",
    "exercise-hint-winner": "the side with the highest total wins; equal highest totals are a draw.",
    "exercise-meld-question": "Are these cards a legal new meld under each rule set?",
    "exercise-rules": "Rules: {rules}.",
    "exercise-pile-top": "Top of the pile: {card:nom}.",
    "exercise-pile-empty": "The pile is empty.",
    "exercise-stock": "Cards in the stock: {count}.",
    "exercise-score-melds": "Under {rules} rules a side has melded:",
    "exercise-score-hand": "Left in its players' hands: {cards:nom}.",
    "exercise-score-red-threes": "Red 3s: {count}.",
    "exercise-went-out": "It went out.",
    "exercise-not-out": "It did not go out.",
    "exercise-score-why": "The side scores {total}: {sum}, its lines below added up.",
    "exercise-totals": "Side {side}: {total}",
    "exercise-draw": "The game is a draw.",
    "exercise-winner-why": (
        "Side {side} has won: once the game has ended, the highest total wins, and {total} is more than {other}."
    ),
    "exercise-draw-why": (
        "The game is a draw: both sides have the highest total, {total}, and equal highest totals draw."
    ),
    # the lessons' tools (widgets/lesson_tools.py): what their code cells print and show
    "lesson-other-languages": "This page in other languages:",
    "lesson-glossary-link": "A word you do not know? Look it up in the glossary.",
    "lesson-seat": "Player {player}: partner of player {partner}",
    "lesson-seat-alone": "Player {player}: plays alone",
    "lesson-value-line": "{ranks:and}: {points:n:point} each",
    "lesson-black-three": "black 3",
    "lesson-bonus-bolivia": "bonus for a bolivia: {count} wild cards, any mix",
    "lesson-black-three-line": "black 3 left in hand: -{points} each",
    "lesson-red-three-line": "red 3: a bonus card, {points} each",
    "lesson-melded-worth": "Melded, these cards score {points}.",
    "lesson-left-cost": "Left in hand at the end, they cost {points}.",
    "lesson-chosen": "Chosen: {cards:nom}",
    "lesson-nothing-chosen": "Choose cards to add them up.",
    "lesson-minimum-below-zero": "score below 0: {minimum}",
    "lesson-minimum-from": "score {score} or more: {minimum}",
    "lesson-minimum-range": "score {low} to {high}: {minimum}",
    "lesson-your-minimum": "Your side's score is {score}: its first melds must be worth at least {minimum}.",
    "lesson-to-move": "Player {player} to move.",
    "lesson-hand-turns": "The hand took {count:n:move}.",
    "lesson-red-threes": "red 3s",
    "lesson-can-go-out": "the side has what it needs to go out",
    "lesson-hand-scores": "Hand {hand}: {scores}",
    "lesson-side-score": "side {side} {points}",
    "lesson-game-won": "Side {side} wins with {total}.",
    # the variants page (lessons/16_variants_compared.py): how far apart each pair of rule sets is
    "lesson-rules-apart": "{first} and {second} rules: {count:n:difference}",
    # pages in the chosen language: the language picker, the meld lab, verdicts and score sheets
    "page:language": "Language",
    "view:legal": "✔ Legal",
    "view:not-legal": "✘ Not legal",
    "view:not-a-meld": "These cards are not a legal meld.",
    "view:total": "total",
    "lab:rules": "Rules",
    "lab:four-colour": "four-colour deck (each suit its own colour)",
    "lab:seed": "Deal number",
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
    "lab:dealt": "Deal number {seed}: player {player}'s {count} cards.",
    "lab:loaded": "Position loaded.",
    "lab:table-info": (
        "Player {player} to play. Pile: {pile:n:card}, top {top:nom}; stock: {stock:n:card}; "
        "the side's red 3s: {red_threes}; the side's score: {score}."
    ),
    "lab:choose": "Choose cards from your hand to try them as a meld.",
    "lab:melded-initial": "the side has made its initial meld",
    "lab:meter": "initial meld: {points} of {minimum} points at a score of {score} ({mark})",
    "lab:enough": "✔ enough",
    "lab:to-go": "{count} to go",
    "lab:melded": "Melded {cards}.",
    "lab:meld-label": "meld: {cards:nom}",
    "checker:cards": "Cards",
    "checker:going-out": "going out this turn",
    "checker:type": "Tap some cards to judge them as a meld.",
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
        "rules, table sizes, computer levels, a target or a deal number: the same deal number and the same moves "
        "always give the same game."
    ),
    "page-intro:meld_lab": (
        "Deal a hand (the same deal number always deals the same cards) or pick a lesson position, then choose "
        "cards from your hand: the verdict says at once whether they make a legal meld and why not. The meld "
        "button puts them on your side's table; the meter shows your first melds against the initial meld's "
        "minimum, and the score sheet shows how the hand would score if it ended now."
    ),
    "page-more:meld_lab": (
        "Keyboard: Tab to your hand, the arrow keys to move, Space or Enter to choose a card. Change the rules "
        "to see the same cards judged another way."
    ),
    "page-intro:meld_checker": (
        "Tap cards in the deck to put them in the meld, tap a chosen card to take it out again, and pick the "
        "rules. The verdict below says whether they make a legal meld and names every rule they break."
    ),
    "page-more:meld_checker": (
        "Twos and jokers are wild; red 3s are bonus cards and never melded; black 3s are melded only when "
        "going out. A deck holds each card as often as the rules' packs do."
    ),
    "page-section:meld_checker-each": "The same cards under each rule set",
    "page-section-text:meld_checker-each": (
        "The sources disagree: two natural kings with two wild cards are a legal start in the Swedish club rules, "
        "but not under Bolivia's \u201ctwice as many natural cards as wild cards\u201d."
    ),
    "page-intro:score_calculator": (
        "Tap the cards of each meld a side laid at a real table (“new meld” starts the next one), then the cards "
        "left in its hands; add its red 3s and whether it went out. The line items and the total follow the "
        "rules you pick."
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
        "Computer players play a whole game from a numbered deal: step through it a move at a time, jump to the "
        "end of a hand, or step back. Every hand is open, so you can see why a player melds, takes the pile or "
        "discards what it does; the log says each move in words and the scores add up hand by hand. The same "
        "deal number always plays the same game. The computers are plain: greedy melds all it can, random picks "
        "any legal move."
    ),
    "dash:cards": "{count:n:card}",
    # the computer players' levels (bolivia_core.players.PLAYERS), as the play table names them
    "dash:level-random": "random",
    "dash:level-greedy": "greedy",
    "dash:level-beginner": "beginner",
    "dash:level-club": "club player",
    "dash:level-strong": "strong",
    "dash:level-expert": "expert",
    # the hand-score calculator
    "picker-new-meld": "new meld",
    "picker-clear": "clear",
    "picker-deck-row": "{suit}: tap a card to add it",
    "picker-meld": "meld {index}: {said}",
    "picker-chosen": "chosen: {said}",
    "picker-empty": "No cards chosen yet: tap cards in the deck below.",
    "picker-new-meld-open": "The next card you tap starts a new meld.",
    "calc:melds": "Melds",
    "calc:hand": "Left in hand",
    "calc:red-threes": "Red 3s",
    "calc:went-out": "the side went out",
    "calc:concealed": "concealed (the whole hand in one turn)",
    # the scenario explorer (action syntax such as "take pile with KH QS" is notation: never translated)
    "scen:scenario": "Position",
    "scen:undo": "undo",
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
    "variant:notation-players": (
        "A rule that depends on the table size is written table size: value, one size after another: "
        "“4: 11” means 11 at a table of 4 players."
    ),
    "variant:notation-sides": (
        "Sides are written as the number of players in each: “4: 2, 2” means two sides of two players at a "
        "table of 4."
    ),
    "variant:notation-needs": (
        "What a side needs to go out is written as complete melds joined by +, and alternatives joined by or: "
        "“sequence + any” means a sequence and one more complete meld of any kind."
    ),
    "variant:notation-steps": (
        "An initial-meld minimum is written score-minimum: “1500-90” means 90 points from a side's score of 1,500 "
        "on."
    ),
    "variant:notation-cards": (
        "Cards are typed in the card notation: the rank (2 to 10, J jack, Q queen, K king, A ace), then the suit "
        "(C clubs, D diamonds, H hearts, S spades), and JK for a joker, with spaces between cards: “KH” is the "
        "king of hearts. The pictures below show the cards typed."
    ),
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
        "A new game, deal number {seed}; player {player} plays first. Every hand is open: tap “next move” to watch."
    ),
    "watch-why": "Why: {why}",
    "watch-skip": "skip to the end of these moves",
    "watch-stepped-back": "Back to move {move}.",
    "watch-only-computers": (
        "Only the computers play on this page: tap “next move” to see their next move (the play page "
        "is where you play)."
    ),
    "watch-bad-setting": "There is no setting {key} = {value} on this page.",
    # --- rooms: the invite control and the seat pages at the card table (together) ---
    "room-invite": "invite",
    "room-invite-links": "Send each person their own seat's link:",
    "room-own-link": "your own seat's link (to come back to this seat, with the seats' controls)",
    "room-menu-title": "Playing together: you sit at seat {seat}",
    "room-you-sit": "you sit at seat {seat}",
    "room-asked": "player {player} asks you: may they go out? Answer yes or no.",
    "room-who-plays": "seat {seat} is played by",
    "room-a-person": "a person",
    "room-the-computer": "the computer",
    "room-take-over": "take the seat over here",
    "room-back": "I am back",
    "room-waiting": "sitting down at the table…",
    "room-not-here": "at a shared table there is no undo and no saved game: the room keeps the game",
    "room-invite-ask": (
        "You have a game in progress. Play it on together, every hand as it stands, or start a new game "
        "together? (Your friends see only their own cards either way.)"
    ),
    "room-invite-keep": "invite to this game",
    "room-invite-new": "invite to a new game",
    "room-page-title": "A shared table",
    "room-page-intro": "You play with other people: each page shows its own hand only, and every move reaches all.",
    "room-watch-title": "Watching a shared table",
    "room-watch-intro": "You watch the table live; nobody at the table sees this page, and it makes no move.",
    "room-stay": "I am here",
    "room-countdown-idle": "Your turn has waited: the computer plays for you in {seconds} s. Still there?",
    "room-countdown-gone": "The computer plays for you in {seconds} s unless you come back.",
    "room-watch-links": "Links to watch the table (for someone not seated; never send one to a player):",
    "room-make-watch-teacher": "make a teacher's link",
    "room-make-watch-onlooker": "make an onlooker's link",
    "room-watch-link-teacher": "teacher's link",
    "room-watch-link-onlooker": "onlooker's link",
    "room-watch-is-teacher": "a teacher's view: every hand open",
    "room-watch-is-onlooker": "an onlooker's view: the table as everyone sees it",
    "room-watch-only": "this page watches the table: it makes no move",
    "room-service-down": (
        "the room service does not answer: the server that shares the table is not running "
        "(bash scripts/serve.sh starts it beside the pages)"
    ),
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
    "lab-progress-almost": "{done} of {total:n:game} played, {rate:.2f} games a second: almost done",
    "lab-progress-done": "All {total:n:game} played.",
    "lab-command": "The same study on the command line:",
    "lab-differences": "What the study tells apart",
    "lab-unclear": "It cannot tell these apart:",
    "lab-found": "what the study found",
    "lab-all-measures": "All measures",
    "lab-turns-title": "How long a hand lasts (turns)",
    "lab-score-title": "A side's score of a hand",
    "lab-sources-title": "Where a side's points of a hand come from (mean, with 95% interval)",
    "lab-melds-title": "Complete melds made a hand (mean, with 95% interval)",
    "lab-bars-alt": (
        "Bars for each variant, the line across each bar its 95% interval; the table below gives every value."
    ),
    "lab-hand_turns-alt": "Share of hands by their length in turns. Mean turns a hand: {means}.",
    "lab-hand_score-alt": "Share of a side's hands by their score. Mean score: {means}.",
    "lab-table": "Every figure with its 95% interval (the plots as a table):",
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
}

CATALOGUE = register_catalogue(DOMAIN, EN, LOCALE_DIR)
