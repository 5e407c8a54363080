"""Lesson 14: classic Canasta, the game Bolivia grew from: what differs."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="14_canasta",
    title=Text("canasta:title", "Lesson 14: from Canasta to Bolivia"),
    preset="canasta",
    cells=(
        Text("canasta:intro-tables",
             "Bolivia grew out of **Canasta**. If you know Canasta, most of Bolivia is familiar; if you know "
             "Bolivia, Canasta is a smaller game: {cards} cards, and at a table of {players} each player is "
             "dealt {hand_size} cards and draws {draw} card a turn. With fewer players both are more: the "
             "list below gives them for every table size."),
        Text("canasta:melds",
             "**Melds**: Canasta has only melds of one rank. There are no sequences and no melds of wild "
             "cards alone, so no escaleras and no bolivias; going out needs just one canasta "
             "({going_out_melds_fewest} when only {fewest_players} play). A meld may hold up to {max_wilds} wild "
             "cards, as long as the naturals outnumber them."),
        Text("canasta:pile",
             "**The pile** is frozen while your side has not melded and after a wild card was discarded into "
             "it; a frozen pile is taken only with a natural pair. Otherwise one matching natural and a wild "
             "card take it too; we assume the top card may also join your side's meld of its rank, which the "
             "rule texts do not mention. The whole pile is taken."),
        Text("canasta:scores",
             "**Scores** are smaller: a black 3 left in hand costs only {black_three_in_hand}, all "
             "{red_threes_in_deck} red 3s together are worth {red_threes_all}, and the game is played to "
             "{target} (Bolivia: {bolivia_target})."),
        Heading("common:side-by-side", "Side by side"),
        Text("canasta:example", "Every rule on which these rule sets differ, side by side:"),
        Code("show_differences(\"canasta\", \"bolivia\")"),
        Heading("common:try", "Try it"),
        Text("canasta:try-moves",
             "A wild card was discarded into this pile, so it is frozen. You hold one king and a wild card: "
             "try to take the pile with them, then tap **what may I do?** to see the moves that work here."),
        Code("LessonTable(Game.from_position(SCENARIOS[\"canasta-frozen-pile\"].text))", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("canasta:question",
             "Four, five and six of hearts: a legal meld in Canasta? And in Bolivia?"),
        Code("MeldQuiz(\"4H 5H 6H\", presets=(\"canasta\", \"bolivia\"))", shown=False),
    ),
)
