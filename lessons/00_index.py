"""The index: what the project is, where to start, every page, every language."""

from lessons import Code, Heading, LanguageLinks, Lesson, LessonList, PageItem, Text

LESSON = Lesson(
    slug="index",
    title=None,  # the site's name, as every page's tab says it (the message catalogue's page-title:index)
    cells=(
        Text("index:intro",
             "Bolivia is the {decks}-pack member of the Canasta family: {cards} cards, hands of {hand_size}, "
             "{draw} cards drawn each turn, {sequence_length}-card sequences called **escaleras** and melds of "
             "{wild_meld_length} wild cards called **bolivias**, played to {target}. The rule books disagree on "
             "a lot, and this explorer shows where."),
        Text("index:newcomer",
             "New to the game? The lessons teach it from the start, one rule at a time, each with a real deal, "
             "something to try and an exercise the computer marks. Start with lesson 1 and follow the links at "
             "the end of each page. The glossary explains every word of the game."),
        Code("index_start_here()", shown=False),
        Heading("index:lessons", "Lessons"),
        LessonList(),
        Heading("index:dashboards", "Dashboards"),
        PageItem("play.ipynb", Text("index:play",
                 "play a whole game against the computer, with a coach who gives hints and says why.")),
        PageItem("meld_lab.ipynb", Text("index:meld-lab",
                 "deal a hand or load a lesson position, choose cards, meld them, watch the score.")),
        LanguageLinks(Text("index:meld-lab-languages", "The meld lab in another language:"), "meld_lab.ipynb"),
        PageItem("meld_checker.ipynb", Text("index:meld-checker",
                 "tap cards, pick the rules, see whether they make a legal meld and why not.")),
        PageItem("score_calculator.ipynb", Text("index:score-calculator",
                 "score a hand played at a real table, line by line.")),
        PageItem("scenario_explorer.ipynb", Text("index:scenario-explorer",
                 "step through a lesson position; ask why an action is not allowed.")),
        PageItem("variant_explorer.ipynb", Text("index:variant-explorer",
                 "two to four rule sets side by side, one situation judged under each, and your club's own "
                 "rules: change them, save them, print them.")),
        PageItem("variant_lab.ipynb", Text("index:variant-lab",
                 "what a rule does to the game, measured over many computer-played games: do hands get shorter, "
                 "who wins, where the points come from.")),
        PageItem("game_viewer.ipynb", Text("index:game-viewer",
                 "computer players play a numbered deal, hands open; step through it move by move.")),
        Heading("index:variants", "Variants"),
        PageItem("variants_compared.ipynb", Text("index:variants-compared",
                 "where the four rule sets part ways.")),
        Text("index:drafts",
             "The pages in Swedish, Danish, Norwegian, Polish and Czech are drafts, open to review by native "
             "speakers."),
    ),
)
