"""Lesson 11: winning the game: the target, ties, the cap on hands."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="11_winning_the_game",
    title=Text("win:title", "Lesson 11: winning the game"),
    cells=(
        Text("win:target",
             "After each hand the sides' scores are added to their totals. The game ends after the hand in "
             "which a side's total reaches the **target**: {target} points. Players may agree on a shorter "
             "game before they start, with a lower target."),
        Text("win:winner",
             "When the game ends, the side with the highest total wins, even if another side also passed the "
             "target. If the highest totals are equal, the game is a **draw**."),
        Text("win:cap",
             "So that a game cannot go on for ever, a game that reaches {hand_cap} hands stops there as a "
             "draw, whatever the totals."),
        Heading("common:example", "A real deal"),
        Text("win:example-deal",
             "The computer plays deal number 2 to the end of its game, a short game with a lower target agreed "
             "before the start; the score sheet hand by hand, and the winner:"),
        Code("game = new_game(\"bolivia\", players=4, seed=2, target=2500)\n"
             "play_to_the_end(game)"),
        Heading("common:try", "Try it"),
        Text("win:try",
             "Play a whole game against the computer on the Play page, or watch computer players play one "
             "on the Watch a game page."),
        Code("dashboard_links(\"play.ipynb\", \"game_viewer.ipynb\")", shown=False),
        Heading("common:exercise", "Exercise"),
        Text("win:question",
             "The target is {target}. The sides' totals after the last hand are shown below. Which side has "
             "won? Answer with the side's number, or 0 for a draw."),
        Code("WinnerQuiz([15_200, 15_900])", shown=False),
    ),
)
