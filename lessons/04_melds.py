"""Lesson 4: the three kinds of meld, complete melds, and adding to a meld on the table."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="04_melds",
    title=Text("melds:title", "Lesson 4: melds and adding to them"),
    cells=(
        Text("melds:what",
             "A **meld** is a group of at least {meld_min} cards laid face up on the table. Bolivia has these "
             "kinds:"),
        Text("melds:kinds",
             "- **Cards of one rank**, such as three kings. Wild cards may help, but at most {max_wilds} of "
             "them, and there must always be at least twice as many natural cards as wild cards. A meld of "
             "{canasta_length} or more cards of one rank is a **canasta**: a **natural** one without wild "
             "cards, a **mixed** one with them.\n"
             "- **A sequence**: natural cards of one suit in unbroken order, such as 5, 6, 7 of hearts, from "
             "the {sequence_low} up to the ace, with no wild card. A sequence of {sequence_length} is an "
             "**escalera**.\n"
             "- **Wild cards alone**: 2s and jokers. A meld of {wild_meld_length} of them is a **bolivia**."),
        Text("melds:complete",
             "An escalera and a bolivia are complete: they are **closed**, and no card may be added to them. "
             "A canasta may keep growing. Complete melds earn the big bonuses (lesson 10)."),
        Text("melds:add",
             "Melds stay on the table for the rest of the hand. In any later turn, you or your partner may "
             "**add** cards from your hand to your side's melds, as long as the meld stays legal: a fourth "
             "king to three kings, the 8 of hearts to 5, 6, 7 of hearts. You never add to the other side's "
             "melds. The table numbers your side's melds in the order they were laid."),
        Heading("common:example", "A real deal"),
        Text("melds:example",
             "The engine judges any group of cards and says why it is or is not a meld:"),
        Code("show_meld_verdicts([\"KH KS KD\", \"KH KS 2C\", \"KH 2C 2D\", \"5H 6H 7H\", \"5H 6H 8H\", \"2C 2D JK\"], "
             "\"bolivia\")", shown=False),
        Heading("common:try", "Try it"),
        Text("melds:try",
             "Your side has melded three kings and 5, 6, 7 of hearts. Add cards from your hand to them, or "
             "meld new ones; the engine refuses what is not allowed and says why."),
        Code("LessonTable(Game.from_position(\"rules=bolivia; turn=1; phase=play; melds1=KH KS KD | 5H 6H 7H; "
             "p1=KC 8H 9H 2C QS QD QH 4C 9S\"))", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("melds:question",
             "Two kings and two 2s: may they be melded together under Bolivia rules?"),
        Code("MeldQuiz(\"KH KS 2C 2D\", presets=(\"bolivia\",))", shown=False),
    ),
)
