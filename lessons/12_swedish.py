"""Lesson 12: the Swedish club rules: what differs from Bolivia."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="12_swedish",
    title=Text("swedish:title", "Lesson 12: the Swedish club rules"),
    preset="swedish",
    cells=(
        Text("swedish:intro",
             "A Swedish club plays Bolivia with the same {cards} cards and {hand_size}-card hands, but "
             "several rules differ. Sequences are called **sambas**, and up to {max_players} players may play."),
        Text("swedish:pile",
             "**The pile** is always frozen. You take the top card to start a new meld with cards laid from "
             "your hand first: two naturals of its rank, two naturals of its suit that make a sequence with it, "
             "or two wild cards. The Swedish text once also lets those cards join a meld already on the table; "
             "we assume the new-meld rule holds. Then you take only the next {pile_cards_taken} cards of the "
             "pile, not all of it. Only a black 3 on top closes the pile.",
             rests_on=("pile_new_meld_only",)),
        Text("swedish:melds",
             "**Melds**: a samba may hold {sequence_max_wilds} wild card (a **black samba**, bonus "
             "{bonus_mixed_sequence}); a natural one (a **red samba**) earns {bonus_sequence}. Bolivias come in "
             "kinds: {wild_meld_length} wild cards of any mix earn {bonus_bolivia}, exactly three 2s and four "
             "jokers {bonus_bolivia_black}, {wild_meld_length} 2s {bonus_bolivia_red}. No wild card may be "
             "added to a complete canasta."),
        Text("swedish:out",
             "**Going out** needs a samba and a canasta, a samba and a bolivia, or two sambas; you must ask "
             "your partners first, and every one of them must say yes. Nobody has to keep cards back in hand. "
             "The going-out bonus is {going_out_bonus} (in Bolivia {bolivia_going_out_bonus}); all "
             "{red_threes_in_deck} red 3s are worth {red_threes_all}."),
        Heading("common:side-by-side", "Side by side"),
        Text("swedish:example",
             "Every rule on which these rule sets differ, side by side, as the engine has them:"),
        Code("show_differences(\"bolivia\", \"swedish\")"),
        Heading("common:try", "Try it"),
        Text("swedish:try",
             "You hold two kings and a king is on top of the pile. Take the pile the Swedish way and see "
             "how many cards come with it."),
        Code("LessonTable(Game.from_position(SCENARIOS[\"swedish-top-plus-four\"].text))", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("swedish:question",
             "Five, six and seven of hearts with a joker in place of the 8 of hearts: a legal meld under the Swedish "
             "rules? And under Bolivia's?"),
        Code("MeldQuiz(\"5H 6H 7H JK\", presets=(\"swedish\", \"bolivia\"))", shown=False),
    ),
)
