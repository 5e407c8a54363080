"""Lesson 6: the initial meld: the minimum a side's first melds must reach, by its score."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="06_initial_meld",
    title=Text("initial:title", "Lesson 6: the initial meld"),
    cells=(
        Text("initial:what",
             "The first time in a hand that your side melds, its melds must together be worth at least a "
             "minimum number of points: this is the **initial meld**. Only the cards' values count (lesson "
             "3), no bonuses. You may lay several melds in that turn to reach it, and when you take the pile "
             "for it, the top card counts too (the rest of the pile does not)."),
        Text("initial:minimum",
             "The minimum grows with your side's score at the start of the hand: {minimum_first} points at "
             "the start of the game, up to {minimum_last} from {score_last} points on, and only "
             "{minimum_below_zero} while your side's score is below zero. The engine's table:"),
        Code("show_initial_minimums(\"bolivia\")"),
        Text("initial:after",
             "Once your side has made its initial meld, either partner may meld anything legal for the rest "
             "of the hand, however small."),
        Heading("common:example", "A real deal"),
        Text("initial:example",
             "Your side has not melded yet this hand; its score and its minimum are shown below. You are "
             "player 1 and hold three kings and three queens:"),
        Code("game = Game.from_position(SCENARIOS[\"initial-meld-short\"].text)\n"
             "show_table(game)", shown=False),
        Code("show_minimum(game)\n"
             "for reason in game.explain(\"meld KH KS KD | QH QS QC\"):\n"
             "    print(reason)"),
        Text("initial:values",
             "What each card counts towards the minimum (lesson 3), as the engine has it:"),
        Code("show_card_values(\"bolivia\")"),
        Heading("common:try", "Try it"),
        Text("initial:try",
             "Try other melds from this hand: can you reach the minimum at all?"),
        Code("LessonTable(game)", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("initial:question",
             "Your side's score is 0 and it has not melded yet. You meld three aces and three kings in one "
             "turn. Is that enough for the initial meld?"),
        Text("initial:answer",
             "Answer on the table: if it is enough, lay the three aces and the three kings together (choose the "
             "aces and tap **+** to stage them, then the kings, then lay the staged melds); if not, discard the 5 "
             "of clubs."),
        Code("ActionQuiz(\"rules=bolivia; turn=1; phase=play; scores=0,0; p1=AH AS AD KH KS KD 5C 7C 8D 9D\", "
             "answer=\"meld AH AS AD | KH KS KD\")", shown=False),
    ),
)
