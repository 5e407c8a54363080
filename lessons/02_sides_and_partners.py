"""Lesson 2: sides and partners: who plays with whom, and what a side shares."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="02_sides_and_partners",
    title=Text("sides:title", "Lesson 2: sides and partners"),
    cells=(
        Text("sides:what",
             "A **side** is the players who score together. At a table of {players} there are {side_count} "
             "sides of {side_size}: the players sitting opposite each other are **partners**. With fewer "
             "players, each player is a side alone."),
        Text("sides:share",
             "Partners share everything on the table: the melds of a side belong to both partners, and "
             "either of them may add cards to any of them. They also share one score. Each partner keeps "
             "their own hand, and nobody sees anybody else's hand."),
        Text("sides:order",
             "Players take turns to the left, so the sides take turns too: player 1, then player 2 of the "
             "other side, then player 3 (player 1's partner), then player 4 (player 2's partner). The table "
             "names a side by its players: players 1 and 3, players 2 and 4."),
        Heading("common:example", "A real deal"),
        Text("sides:example",
             "In this deal for {players} players, here is who sits where, who is whose partner, and what each "
             "side has melded:"),
        Code("game = Game.from_position(\"rules=bolivia; turn=1; phase=play; melds1=KH KS KD; melds2=8C 8D 8S; "
             "p1=KC QH QS QD 5C 9D 10H JS\")\n"
             "show_sides(game)", shown=False),
        Heading("common:try", "Try it"),
        Text("sides:try",
             "You are player 1. Your partner, player 3, has melded three kings: they are your side's melds too. "
             "Add your king to them, or meld your three queens beside them."),
        Code("LessonTable(game)", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("sides:question",
             "Player 2 has melded three eights for the other side, players 2 and 4. It is your turn, and you "
             "hold an eight. May you add it to their eights?"),
        Text("sides:answer",
             "Answer on the table: if you may, add the 8 of hearts to their eights; if not, discard it."),
        Code("ActionQuiz(\"rules=bolivia; turn=1; phase=play; melds1=KH KS KD; melds2=8C 8D 8S; "
             "p1=KC QH QS QD 8H 9D 10H JS\", answer=\"discard 8H\", why=\"lesson-why-own-melds\")", shown=False),
    ),
)
