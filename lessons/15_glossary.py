"""The glossary: every word of the game, in the page's language with the English beside it."""

from lessons import Lesson, Term, Text

LESSON = Lesson(
    slug="glossary",
    title=Text("glossary:title", "Glossary: the words of the game"),
    cells=(
        Text("glossary:intro",
             "Every word the lessons use, in the order you meet them, with the English word beside it and "
             "the cards that show it. The lesson that teaches each is named in brackets."),
        Term("g:stock", "stock",
             "The face-down cards left after the deal. You draw {draw} of them at the start of a turn "
             "(lesson 1)."),
        Term("g:pile", "discard pile",
             "The face-up cards beside the stock; each turn ends by putting one card on it (lessons 1 and 5).",
             "9H 4D 7S KD"),
        Term("g:turn", "turn",
             "Draw, meld if you want, discard one card: then it is the next player's turn (lesson 1)."),
        Term("g:discard", "discard",
             "The one card you put on the pile to end your turn, and putting it there (lesson 1)."),
        Term("g:deal-number", "deal number",
             "The number of a deal here: the same number always deals the same cards, so a game can be "
             "played again or shown to someone else (lesson 1)."),
        Term("g:side", "side",
             "The players who score together: {side_size} partners at a table of {players}, one player alone "
             "at a smaller table (lesson 2)."),
        Term("g:partner", "partner",
             "The player on your side, sitting opposite you; you share melds and score (lesson 2)."),
        Term("g:natural", "natural card",
             "Any card from the {sequence_low} up to the ace: it stands for itself (lesson 3).", "4H 9C QS AD"),
        Term("g:wild", "wild card",
             "A 2 or a joker: in a meld it stands in for a natural card (lesson 3).", "2C 2H JK"),
        Term("g:meld", "meld",
             "At least {meld_min} cards laid face up on the table: cards of one rank, a sequence, or wild "
             "cards alone; and laying them there (lesson 4).", "KH KS KD"),
        Term("g:sequence", "sequence",
             "Natural cards of one suit in unbroken order, such as 5, 6, 7 of hearts (lesson 4).", "5H 6H 7H"),
        Term("g:canasta", "canasta",
             "A meld of {canasta_length} or more cards of one rank: **natural** without wild cards, **mixed** "
             "with them (lesson 4).", "QH QH QS QS QD QC 2C"),
        Term("g:escalera", "escalera",
             "A complete sequence of {sequence_length} natural cards of one suit; it is closed (lesson 4).",
             "4H 5H 6H 7H 8H 9H 10H"),
        Term("g:bolivia", "bolivia",
             "A complete meld of {wild_meld_length} wild cards; it is closed (lesson 4).",
             "2C 2D 2H 2S JK JK JK"),
        Term("g:samba", "samba",
             "The Swedish club rules' word for a sequence; a complete one has {sequence_length} cards "
             "(lesson 12).",
             "8S 9S 10S JS QS KS AS"),
        Term("g:closed", "closed",
             "A complete escalera or bolivia is closed: no card may be added to it. The pile is closed while "
             "a wild card or a 3 lies on top: nobody may take it (lessons 4 and 5)."),
        Term("g:add", "add to a meld",
             "Put cards from your hand onto one of your side's melds on the table, keeping it legal "
             "(lesson 4).", "KC"),
        Term("g:frozen", "frozen pile",
             "In some rule sets, a pile that may be taken only with a natural pair matching its top card "
             "(lessons 5, 13 and 14)."),
        Term("g:initial", "initial meld",
             "A side's first melds in a hand, which together must reach a minimum that grows with the side's "
             "score (lesson 6)."),
        Term("g:red-three", "red 3",
             "A bonus card: laid out at once and replaced, worth {red_three} points, or counted against a "
             "side that cannot go out yet (lesson 7).", "3H 3D"),
        Term("g:black-three", "black 3 (stop card)",
             "Discarded, it stops the next player from taking the pile; {value_black_three} points melded, "
             "{black_three_in_hand} against you left in hand (lessons 3 and 7).", "3C 3S"),
        Term("g:going-out", "going out",
             "Getting rid of your last cards by melding them, with or without a last discard: it ends the "
             "hand (lesson 8)."),
        Term("g:concealed", "concealed",
             "Going out in the very turn your side first melds, the whole hand at once: a bigger bonus "
             "(lesson 8)."),
        Term("g:hand", "hand",
             "The cards you hold; and one deal of the game, played until someone goes out or the stock runs "
             "out (lesson 9)."),
        Term("g:bonus", "bonus",
             "Points for a complete meld, for red 3s or for going out, on top of the cards' values "
             "(lesson 10)."),
        Term("g:target", "target",
             "The total at which the game ends: {target} points (lesson 11)."),
        Term("g:assumption", "assumption",
             "A rule the rule texts do not state, which the engine assumes so that a game can be played; the "
             "lessons say so wherever they rest on one, and the rules sheets mark it (lessons 7, 8, 9 and 13)."),
    ),
)
