"""Bolivia's variants compared: the four rule sets side by side, every table generated from the rules data."""

from lessons import Code, Heading, Lesson, Text

LESSON = Lesson(
    slug="variants_compared",
    title=None,  # the page's title is the message catalogue's page-title:variants_compared, as the links say it
    extra_presets=("bolivia", "swedish", "two-deck", "canasta"),
    cells=(
        Text("variants:intro",
             "The rule texts this project was built from disagree on many points. The engine keeps four rule "
             "sets:"),
        Text("variants:presets",
             "| rule set | what it is |\n"
             "|---|---|\n"
             "| `bolivia` | Bolivia as most card-game reference books give it (the default) |\n"
             "| `swedish` | a Swedish club variant: bolivias of several kinds, sambas with a wild card, a pile always "
             "frozen |\n"
             "| `two-deck` | a two-deck partnership description: {two_deck_cards} cards, {two_deck_hand_size}-card "
             "hands |\n"
             "| `canasta` | standard Canasta, the baseline the Bolivia sources compare against |"),
        Text("variants:generated",
             "Every table below is generated from the rules data, so it cannot drift from what the engine does."),
        Heading("variants:h-apart", "How far apart are they?"),
        Text("variants:apart", "The number of rules on which each pair of rule sets disagrees:"),
        Code("show_rules_apart()"),
        Heading("variants:h-swedish", "Bolivia against the Swedish club rules"),
        Text("variants:swedish",
             "The biggest disagreements: how much of the pile you take, what a bolivia earns, what going out "
             "needs, what all the red 3s are worth and how many wild cards a sequence may hold. Each line gives "
             "both values and where each comes from."),
        Code("show_differences(\"bolivia\", \"swedish\", sources=True, knobs=(\n"
             "    \"pile_cards_taken\", \"bonus_bolivia\", \"bonus_bolivia_three_twos_four_jokers\",\n"
             "    \"bonus_bolivia_seven_twos\", \"going_out_needs\", \"red_threes_all_total\",\n"
             "    \"sequence_max_wilds\",\n"
             "))"),
        Heading("variants:h-one-meld", "One meld, four verdicts"),
        Text("variants:one-meld",
             "Two natural kings with two wild cards, put down as a new meld. The rule sets weigh natural cards "
             "against wild cards differently: each verdict below names the rule that decides it."),
        Code("show_verdicts(\"KH KS 2C 2D\")"),
        Heading("common:exercise", "Exercise"),
        Text("variants:quiz",
             "Is a sequence with a wild card in it legal? Choose an answer for each rule set, then check."),
        Code("MeldQuiz(\"4H 5H 6H 2C\")", shown=False),
        Heading("variants:h-explore", "Explore"),
        Text("variants:explore", "Compare any of them, or your club's own rules:"),
        Code("VariantExplorer(presets=(\"bolivia\", \"swedish\"))", shown=False),
    ),
)
