"""Lesson 2: sides and partners: who plays with whom, and what a side shares."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="02_sides_and_partners",
    title=Text("sides:title", "Lesson 2: sides and partners"),
    cells=(
        Text("sides:what",
             "A **side** is the players who score together. With four players there are two sides of two: "
             "the players sitting opposite each other are **partners**. With two or three players, each "
             "player is a side alone."),
        Text("sides:share",
             "Partners share everything on the table: the melds of a side belong to both partners, and "
             "either of them may add cards to any of them. They also share one score. Each partner keeps "
             "their own hand, and nobody sees anybody else's hand."),
        Text("sides:order",
             "Players take turns to the left, so the sides take turns too: player 1 (side 1), player 2 "
             "(side 2), player 3 (side 1, partner of player 1), player 4 (side 2, partner of player 2)."),
        Heading("common:example", "A real deal"),
        Text("sides:example",
             "In this four-player deal, here is who sits where, which side each player is on, and what each "
             "side has melded:"),
        Code("game = Game.from_position(\"rules=bolivia; turn=1; phase=play; melds1=KH KS KD; melds2=8C 8D 8S; "
             "p1=KC QH QS QD 5C 9D 10H JS\")\n"
             "show_sides(game)", shown=False),
        Heading("common:try", "Try it"),
        Text("sides:try",
             "Player 1's partner has melded three kings. They are player 1's melds too: add player 1's king "
             "to them, or meld the three queens beside them."),
        Code("LessonTable(game)", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("sides:question",
             "Player 2 melded three eights for side 2. It is player 1's turn and player 1 holds an eight. "
             "May player 1 add it to side 2's eights?"),
        Text("sides:answer",
             "Answer on the table: if player 1 may, add the 8 of hearts to side 2's eights; if not, discard it."),
        Code("ActionQuiz(\"rules=bolivia; turn=1; phase=play; melds1=KH KS KD; melds2=8C 8D 8S; "
             "p1=KC QH QS QD 8H 9D 10H JS\", answer=\"discard 8H\")", shown=False),
    ),
)
