"""Lesson 10: scoring a hand: bonuses, melded cards, cards left in hand."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="10_scoring_a_hand",
    title=Text("score:title", "Lesson 10: scoring a hand"),
    cells=(
        Text("score:sum",
             "When a hand ends, each side adds up:\n\n"
             "1. the **bonuses** for its complete melds;\n"
             "2. the **values** of all cards in its melds, complete or not (lesson 3);\n"
             "3. its **red 3s** (lesson 7);\n"
             "4. the **going-out bonus**, for the side that went out;\n\n"
             "and takes away the values of the cards left in its players' hands (a black 3 costing "
             "{black_three_in_hand})."),
        Text("score:bonuses",
             "The bonuses: a mixed canasta {bonus_mixed}, a natural canasta {bonus_natural}, an escalera "
             "{bonus_sequence}, a bolivia {bonus_bolivia}. The engine's list, under Bolivia rules:"),
        Code("show_bonuses(\"bolivia\")"),
        Heading("common:example", "A real deal"),
        Text("score:example",
             "A side that went out with an escalera, a mixed canasta of queens and three aces, and one red 3; "
             "its partner kept the 5 of clubs in hand. The engine's score sheet, line by line:"),
        Code("show_score(score_side([\"4H 5H 6H 7H 8H 9H 10H\", \"QH QS QD QC QH 2C JK\", \"AH AS AD\"], hand=\"5C\", "
             "red_threes=1, went_out=True, rules=\"bolivia\"))", shown=False),
        Heading("common:try", "Try it"),
        Text("score:try-tap",
             "Score any side's hand: tap cards to make its melds and to say what was left in hand, and read "
             "the engine's score sheet."),
        Code("ScoreCalculator()", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("score:question",
             "Your side went out with an escalera (4 to 10 of spades) and a natural canasta of seven kings. "
             "It has no red 3s and nothing is left in hand. What does it score?"),
        Code("ScoreQuiz([\"4S 5S 6S 7S 8S 9S 10S\", \"KH KH KS KS KD KD KC\"], went_out=True)", shown=False),
    ),
)
