"""Lesson 9: how a hand ends: someone goes out, or the stock runs out."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="09_end_of_a_hand",
    title=Text("end:title", "Lesson 9: the end of a hand"),
    cells=(
        Text("end:two-ways",
             "A game is played in **hands**: each hand is dealt, played and scored, then the next one is dealt. "
             "A hand ends in one of these ways: a player **goes out** (lesson 8), or the **stock runs out**."),
        Text("end:stock",
             "When the stock is empty, nobody can draw. The Bolivia rule texts do not say what happens then; "
             "we assume what the two-deck rules say: players go on taking the pile, with the melds this "
             "requires, a player who cannot take it passes, and when nobody can take the pile any more, the "
             "hand ends. Nobody gets the going-out bonus then.",
             rests_on=("stock_out",)),
        Text("end:after",
             "Either way, every side then scores its hand (lesson 10), the scores are added to the sides' "
             "totals, and the deal passes to the left for the next hand."),
        Heading("common:example", "A real deal"),
        Text("end:example",
             "The computer plays a whole hand of deal number 5 with computer players in every seat; this is how "
             "that hand ended, and how many moves it took:"),
        Code("game = new_game(\"bolivia\", players=4, seed=5)\n"
             "play_one_hand(game)"),
        Heading("common:try", "Try it"),
        Text("end:watch",
             "Watch computer players play a hand, move by move, every hand face up: tap **to the end of the "
             "hand** and each move is shown on the table in turn, at the pace set in the menu (☰), or tap "
             "**next move** to go one move at a time. The menu also deals another deal number."),
        Code("GameViewer(rules=\"bolivia\", players=4, seed=5, seating=\"club\")", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("end:question",
             "The stock is empty. The top of the pile is a 9 and you hold no pair of 9s. May you draw?"),
        Text("end:answer", "Answer on the table: if you may, draw from the stock; if not, pass."),
        Code("ActionQuiz(\"rules=bolivia; turn=1; phase=draw; melds1=KH KS KD; melds2=8C 8D 8S; "
             "p1=QH QS 5C 7D; pile=4D 9C; rest=pile\", answer=\"pass\", asked=\"draw\")", shown=False),
    ),
)
