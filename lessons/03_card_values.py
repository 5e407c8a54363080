"""Lesson 3: what each card is worth on the table and what it costs in hand (the black 3 reconciled)."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="03_card_values",
    title=Text("values:title", "Lesson 3: what the cards are worth"),
    cells=(
        Text("values:kinds",
             "There are natural cards, wild cards and 3s. **Natural** cards are the fours up to the aces. "
             "**Wild cards** are the 2s and the jokers: in a meld they stand in for a natural card. The **3s** "
             "are special: a **red 3** (hearts or diamonds) is a bonus card that is never held in the hand, and "
             "a **black 3** (clubs or spades) is a **stop card** (lesson 7 explains both)."),
        Text("values:table",
             "Every card you meld scores its value for your side when the hand ends. Every card still in your "
             "hand when the hand ends counts against your side with the same value, with one exception: the "
             "black 3. The engine's values:"),
        Code("show_card_values(\"bolivia\")"),
        Text("values:black-three",
             "A black 3 is worth {value_black_three} when it lies in a meld on the table, like any small card. "
             "But a black 3 still in your hand when the hand ends costs {black_three_in_hand}, not "
             "{value_black_three}: a stop card you could not get rid of is punished. Both numbers are true; "
             "which one counts depends on where the card is when the hand ends."),
        Heading("common:example", "A real deal"),
        Text("values:example",
             "The hand of the player who moves first in the deal of lesson 1 (deal number 3), and what it would "
             "be worth melded, or cost if it were still in the hand at the end:"),
        Code("game = new_game(\"bolivia\", players=4, seed=3)\n"
             "hand = sorted(game.position.hands[game.to_move - 1])\n"
             "show_cards(hand)", shown=False),
        Code("show_hand_worth(hand, \"bolivia\")"),
        Heading("common:try", "Try it"),
        Text("values:try",
             "Choose cards from this hand: the engine adds up what the chosen cards score melded and what "
             "they cost if they stay in your hand."),
        Code("CardValues(hand)", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("values:question",
             "At the end of a hand your side has melded three aces, and two black 3s are still in your hand. "
             "What does your side score for these cards?"),
        Code("ScoreQuiz([\"AH AS AD\"], hand=\"3C 3S\")", shown=False),
    ),
)
