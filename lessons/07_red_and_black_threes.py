"""Lesson 7: red 3s (bonus cards) and black 3s (stop cards)."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="07_red_and_black_threes",
    title=Text("threes:title", "Lesson 7: red 3s and black 3s"),
    cells=(
        Text("threes:red",
             "A **red 3** is never played: as soon as you get one, dealt or drawn, it is laid face up in "
             "front of your side and you draw a card from the stock to replace it. The engine does this for "
             "you. Each red 3 is worth {red_three} points, and all {red_threes_in_deck} of them together "
             "{red_threes_all}."),
        Text("threes:red-against",
             "But red 3s only count for a side that has done enough: if the hand ends before your side has "
             "what it needs to go out, an escalera and one more complete meld (lesson 8), its red 3s count "
             "**against** it, the same points taken away instead of added."),
        Text("threes:black",
             "A **black 3** is a **stop card**. Discard it and the next player may not take the pile. You "
             "may meld black 3s only in the turn you go out, {meld_min} or more of them (at most "
             "{black_three_meld_max}); we assume with no wild cards among them, as in the other games, "
             "since the Bolivia rule texts do not say. Melded, each is worth {value_black_three}; left in "
             "your hand when the hand ends, each costs {black_three_in_hand}. So do not keep them too long.",
             rests_on=("black_three_meld_wilds",)),
        Heading("common:example", "A real deal"),
        Text("threes:example",
             "A black 3 lies on top of the pile. You hold two kings, yet you cannot take the pile:"),
        Code("game = Game.from_position(SCENARIOS[\"black-three-on-top\"].text)\n"
             "show_table(game)", shown=False),
        Code("for reason in game.explain(\"take pile with KH KS\"):\n"
             "    print(reason)"),
        Heading("common:try", "Try it"),
        Text("threes:try",
             "Count a side's score with red 3s: change how many red 3s the side has and whether it has what "
             "it needs to go out, and watch the engine's score sheet. Its escalera earns a bonus of its own, "
             "{bonus_sequence} points (lesson 10 lists every bonus)."),
        Code("RedThrees()", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("threes:question-short",
             "At the end of a hand your side has three kings and three fives on the table and one red 3 in "
             "front of it, and nothing left in hand. It has no escalera, so it does not have what it needs to "
             "go out. What does it score?"),
        Code("ScoreQuiz([\"KH KS KD\", \"5H 5S 5D\"], red_threes=1)", shown=False),
    ),
)
