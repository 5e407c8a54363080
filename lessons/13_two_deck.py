"""Lesson 13: the two-deck partnership rules: what differs from Bolivia."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="13_two_deck",
    title=Text("twodeck:title", "Lesson 13: the two-deck game"),
    preset="two-deck",
    cells=(
        Text("twodeck:intro",
             "The two-deck game is Bolivia's smaller relative for {players} players in partnerships: {decks} "
             "packs and {jokers} jokers, {cards} cards, {hand_size} cards each. The two-deck text does not say "
             "how many cards a player draws from the stock; we assume {draw}, as in Canasta with {players} "
             "players.",
             rests_on=("draw_count",)),
        Text("twodeck:frozen",
             "**The pile** is taken whole, and the top card is melded at once, with cards from your hand or "
             "onto one of your side's melds. The pile is **frozen** while your side has not melded yet, and "
             "while it holds a wild card or a 3: a frozen pile is taken only with a natural pair matching "
             "the top card. A pile that is not frozen is also taken with one matching natural and a wild "
             "card."),
        Text("twodeck:melds",
             "**Melds**: cards of one rank may hold up to {max_wilds} wild cards, as long as the naturals "
             "outnumber them; the text does not say whether a side may hold more than one meld of a rank, and "
             "we assume one meld of each rank. A complete sequence is a canasta worth {bonus_sequence} (an "
             "escalera in Bolivia earns {bolivia_bonus_sequence}). Going out needs a sequence canasta and one "
             "more canasta.",
             rests_on=("same_rank_melds_per_rank",)),
        Text("twodeck:threes",
             "**Threes**: all {red_threes_in_deck} red 3s together are worth {red_threes_all}; black 3s may "
             "be melded only when going out, {meld_min} to {black_three_meld_max} of them."),
        Heading("common:side-by-side", "Side by side"),
        Text("twodeck:example", "Every rule on which these rule sets differ, side by side:"),
        Code("show_differences(\"bolivia\", \"two-deck\")"),
        Heading("common:try", "Try it"),
        Text("twodeck:try-first",
             "Play the first turn of deal number 3 of the two-deck game: you are the player who moves first."),
        Code("LessonTable(new_game(\"two-deck\", players=4, seed=3))", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("twodeck:question",
             "Four kings and three 2s: a legal meld in the two-deck game? And in Bolivia?"),
        Code("MeldQuiz(\"KH KS KD KC 2C 2D 2H\", presets=(\"two-deck\", \"bolivia\"))", shown=False),
    ),
)
