"""Lesson 9: how a hand ends: someone goes out, or the stock runs out."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="09_end_of_a_hand",
    title=Text("end:title", "Lesson 9: the end of a hand"),
    cells=(
        Text("end:two-ways",
             "A game is played in **hands**: each hand is dealt, played and scored, then the next one is dealt. "
             "A hand ends in one of two ways: a player **goes out** (lesson 8), or the **stock runs out**."),
        Text("end:stock",
             "When the stock is empty, nobody can draw. Players go on taking the pile, with the melds this "
             "requires, and a player who cannot take it passes. When nobody can take the pile any more, the "
             "hand ends. Nobody gets the going-out bonus then."),
        Text("end:after",
             "Either way, every side then scores its hand (lesson 10), the scores are added to the sides' "
             "totals, and the deal passes to the left for the next hand."),
        Heading("common:example", "A real deal"),
        Text("end:example",
             "The engine plays a whole hand of a seeded game with computer players; this is how that hand "
             "ended, and how many turns it took:"),
        Code("game = new_game(\"bolivia\", players=4, seed=5)\n"
             "play_one_hand(game)"),
        Heading("common:try", "Try it"),
        Text("end:try",
             "Watch the computer play hands of other seeded games to their end: choose a seed and press the "
             "button."),
        Code("HandEnder()", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("end:question",
             "The stock is empty. The top of the pile is a 9 and you hold no pair of 9s. May you draw?"),
        Text("end:answer", "Answer on the table: if you may, draw from the stock; if not, pass."),
        Code("ActionQuiz(\"rules=bolivia; turn=1; phase=draw; melds1=KH KS KD; melds2=8C 8D 8S; "
             "p1=QH QS 5C 7D; pile=4D 9C; rest=pile\", answer=\"pass\", asked=\"draw\")", shown=False),
    ),
)
