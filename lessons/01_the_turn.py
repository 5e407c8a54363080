"""Lesson 1: what a turn is: draw, meld, discard (a turn ends with one discard)."""

from lessons import Code, Heading, Lesson, Text

EXAMPLE = Heading("common:example", "A real deal")
TRY = Heading("common:try", "Try it")
EXERCISE = Heading("common:exercise", "Exercise")

LESSON = Lesson(
    slug="01_the_turn",
    title=Text("turn:title", "Lesson 1: a turn: draw, meld, discard"),
    cells=(
        Text("turn:aim",
             "Bolivia is a game of **melds**: you collect cards of one rank, or runs of one suit, and lay them "
             "face up on the table, where they score. It is played with {decks} standard packs of cards and "
             "{jokers} jokers, {cards} cards in all, shuffled together."),
        Text("turn:deal",
             "Each player is dealt {hand_size} cards. The rest are put face down in the middle: this is the "
             "**stock**. The top card of the stock is turned face up beside it and starts the **discard pile** "
             "(the **pile** for short)."),
        Text("turn:steps",
             "Players take turns one after another, to the left. Every turn has these steps, always in this order:\n\n"
             "1. **Draw**: take {draw} cards from the stock, or take the discard pile (lesson 5 says when you may).\n"
             "2. **Meld**: if you can and want to, lay melds from your hand on the table, or add cards to "
             "melds already there. You may also meld nothing.\n"
             "3. **Discard**: put one card from your hand face up on the pile. This ends your turn."),
        Text("turn:one-discard",
             "A turn always ends with exactly one discard, never more and never none (the one exception is "
             "going out, lesson 8). Since you draw {draw} cards and discard one, your hand grows each turn "
             "until you meld."),
        EXAMPLE,
        Text("turn:deal-number",
             "Every deal here has a **deal number**: the same number always deals the same cards, so everybody "
             "who reads this lesson sees the same game, deal number 3. Here is the hand of the player who moves "
             "first, the top of the pile, and that player's first turn as the engine plays it. A player dealt a "
             "**red 3** lays it out at once, as the log may show: a red 3 is a bonus card, put face up in front "
             "of its side and replaced from the stock (lesson 7)."),
        Code("game = new_game(\"bolivia\", players=4, seed=3)\n"
             "show_table(game)", shown=False),
        Code("game.apply(\"draw\")\n"
             "game.apply(f\"discard {sorted(game.position.hands[game.to_move - 1])[0]}\")\n"
             "for event in game.log:\n"
             "    print(event)"),
        TRY,
        Text("turn:try",
             "Play the first turn of this deal yourself: you are the player who moves first. Draw, then choose "
             "one card and discard it. Try to discard before drawing, or to discard again once you have "
             "discarded: the engine refuses and says why."),
        Text("turn:table",
             "On the card table, tap the stock to draw; tap a card, then the pile, to discard it; tap cards, then "
             "one of your side's melds or the **+**, to meld. You may also drag a card there, or use the keyboard. "
             "When your turn is over, **the others play** lets computer players take the other seats' turns, "
             "move by move, and **undo** takes your last move back. The line above the table shows each side's "
             "score and the points its first melds must be worth in this hand (lesson 6)."),
        Code("LessonTable(new_game(\"bolivia\", players=4, seed=3))", shown=False),
        EXERCISE,
        Text("turn:question",
             "It is the start of your turn and you have not drawn yet. May you discard a card now?"),
        Text("turn:answer",
             "Answer on the table: if you may, discard the 5 of diamonds; if not, make the move you must make first."),
        Code("ActionQuiz(\"rules=bolivia; turn=1; phase=draw; p1=KH KS 5D 7C 8C 9D JH QS AC 6H 6D 10C 4S 9H 8S\", "
             "answer=\"draw\", asked=\"discard 5D\")", shown=False),
    ),
)
