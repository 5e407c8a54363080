"""Lesson 8: going out: what a side needs, keeping two cards, asking partner, concealed."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="08_going_out",
    title=Text("out:title", "Lesson 8: going out"),
    cells=(
        Text("out:what",
             "**Going out** means getting rid of every card in your hand: you meld them all, and we assume "
             "you may do it with or without a last discard, since the Bolivia rule texts do not say. It ends "
             "the hand (lesson 9) and earns your side {going_out_bonus} points.",
             rests_on=("final_discard_optional",)),
        Text("out:needs",
             "Your side may go out only when it has, on the table, an **escalera** and one more complete meld "
             "of any kind: another escalera, a canasta or a bolivia. Until then, a player of your side who "
             "melds must keep at least {keep_cards} cards in hand after melding."),
        Text("out:ask",
             "Before going out you may **ask your partner** \"may I go out?\". The answer binds you: after a "
             "yes you must go out in this turn, after a no you may not. Asking helps when your partner holds "
             "many cards that would then count against your side."),
        Text("out:concealed",
             "If you go out in the very turn your side first melds, laying your whole hand at once, you go out "
             "**concealed**: the bonus is {concealed_bonus} instead of {going_out_bonus}."),
        Heading("common:example", "A real deal"),
        Text("out:example",
             "Your side has an escalera and six kings. You hold the last king and three sevens. Everything you "
             "may do now, as the engine lists it:"),
        Code("game = Game.from_position(SCENARIOS[\"one-meld-short-of-going-out\"].text)\n"
             "show_table(game)", shown=False),
        Code("show_moves(game)"),
        Heading("common:try", "Try it"),
        Text("out:try",
             "Go out: complete the canasta of kings, then meld the sevens. Or try melding the sevens first "
             "and read the engine's reason."),
        Code("LessonTable(game)", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("out:question",
             "Your side has three kings on the table and no escalera. You hold three queens and the 5 of "
             "clubs. May you meld the three queens now?"),
        Text("out:answer",
             "Answer on the table: if you may, meld the three queens; if not, discard the 5 of clubs."),
        Code("ActionQuiz(SCENARIOS[\"keep-two-cards\"].text, answer=\"discard 5C\", asked=\"meld QH QS QD\")",
             shown=False),
    ),
)
