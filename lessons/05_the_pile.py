"""Lesson 5: the discard pile: taking it, when it is closed, taking only the top card."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="05_the_pile",
    title=Text("pile:title", "Lesson 5: the discard pile"),
    cells=(
        Text("pile:take",
             "Instead of drawing from the stock, you may take the discard pile: often many cards at once. "
             "You may take it only with a **natural pair** from your hand of the same rank as the top card. "
             "The pair and the top card go straight onto the table as a **new** meld (you may add more cards "
             "of that rank, or wild cards, to it), and the rest of the pile goes into your hand. Then you meld "
             "and discard as in any turn."),
        Text("pile:closed",
             "While a wild card or any 3 lies on top, nobody may take the pile: it is **closed**. This is "
             "why a black 3 is called a **stop card**: discarding one stops the next player from taking the "
             "pile. Other games also **freeze** the pile (then only a natural pair takes it); in Bolivia "
             "every pile that is not closed is taken with a natural pair, so freezing makes no difference "
             "here (lessons 13 and 14 show games where it does)."),
        Text("pile:top-card",
             "One more way: instead of drawing, you may take **only the top card** when it extends one of "
             "your side's sequences that is not yet complete. It goes straight onto that sequence."),
        Heading("common:example", "A real deal"),
        Text("pile:example",
             "You are player 1: you hold two kings, and the top of the pile is a king. Everything you may do "
             "now, as the engine lists it:"),
        Code("game = Game.from_position(SCENARIOS[\"take-the-pile\"].text)\n"
             "show_table(game)", shown=False),
        Code("show_moves(game)"),
        Heading("common:try", "Try it"),
        Text("pile:try",
             "Take the pile with your two kings, or try to take it with the wrong cards and read the "
             "engine's reason."),
        Code("LessonTable(game)", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("pile:question",
             "Now the top card is a 2, with a king under it. You still hold two kings. May you take the pile "
             "with them?"),
        Text("pile:answer",
             "Answer on the table: if you may, take the pile with your two kings; if not, draw from the stock."),
        Code("ActionQuiz(SCENARIOS[\"wild-on-top\"].text, answer=\"draw\", asked=\"take pile with KH KS\")",
             shown=False),
    ),
)
