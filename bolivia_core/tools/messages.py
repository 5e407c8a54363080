"""The command line's and the tools' words: help, refusals, rules sheets and diffs, simulations,
tournaments and variant studies (gettext domain ``tools``; translations in ``locale/`` beside this file,
kept by ``scripts/i18n.py``). Registered with the engine's ``render`` when the tools' package is imported."""

from __future__ import annotations

from pathlib import Path

from ..i18n import register_catalogue

DOMAIN = "tools"
LOCALE_DIR = Path(__file__).with_name("locale")

EN: dict[str, str] = {
    # rule sets, rules files and club rules files: knob codes ('hand_size'), knob values in quotes
    # ('optional'), file field names (name, base, house_rules) and file formats stay as they are
    "rules-compare-two": "comparing rules needs at least two rule sets",
    "club-file-form": "a club file is toml or json, not {form}",
    "club-file-unreadable": "not a {form} club rules file: {detail}",
    "club-file-fields": "a club rules file holds the fields {fields}",
    "club-file-unknown-field": "unknown field {name}; expected {fields}",
    "club-file-name-needed": "a name is needed",
    "club-file-table": "a table of knob = value",
    "club-file-suffix": "{file}: a club rules file ends in .toml or .json",
    "variant-impossible-here": "this situation is impossible here: {problem}",
    # the command line: commands, options (--diff), file names and JSON keys stay as they are
    "cli-not-json": "{file} is not JSON: {detail}",
    "cli-score-object": "{file} must hold a JSON object with keys {keys}",
    "cli-score-unknown-key": "{file}: unknown key {key}; expected keys: {keys}",
    "cli-score-melds": "{file}: 'melds' must be a list of melds, each a string of cards",
    "cli-score-flag": "{file}: {key} must be true or false",
    "cli-diff-two": "rules --diff needs two rule sets or more, e.g. rules --diff bolivia swedish",
    "cli-one-rule-set": "rules shows one rule set; use --diff to compare several",
    # what simulate and tournament print: player levels (greedy, club, strong ...) and preset names stay as typed
    "sim-games": "{games:n:game} of {rules} with {players:n:player} ({kinds})",
    "sim-side-wins": "side {side}: {wins:n:win}",
    "sim-wins": "results: {wins}; draws: {draws}",
    "sim-mean-scores": "mean final scores: {scores}",
    "sim-hands": (
        "{hands:n:hand} ({gone_out} ended by going out), {actions:n:action} in {seconds:.3f} s: "
        "{per_second} actions/s, {hands_per_second:.1f} hands/s"
    ),
    "tournament-games": (
        "{games:n:game} of {rules} with {players:n:player}: {first} against {others} "
        "(every deal played with each side in turn)"
    ),
    "tournament-wins": (
        "{first} wins {rate:.1f}% (95% interval {low:.1f}% to {high:.1f}%), mean margin {margin} points"
    ),
    "tournament-going-out": "{share:.1f}% of hands ended by going out; {actions:.1f} actions a hand",
    "tournament-times": "decision time (CPU): {times}",
    "tournament-level-time": "{level} median {median:.2f} ms, p99 {p99:.2f} ms",
    "tournament-progress": "{done} of {total:n:game} played",
    # a tournament's refusals (the unknown level is the players' own "player-unknown-level")
    "tournament-too-few-seats": "a tournament needs two levels or more, e.g. --seats strong,club; got {seats}",
    "tournament-bad-games": "games must be a whole number of at least 1, not {given}",
    "tournament-bad-workers": "workers must be a whole number of at least 1, not {given}",
    # --- the strength ladder: level names (expert@1s) and preset names stay as typed (ladder) ---
    "ladder-heading": (
        "{rules}, {players:n:player}: {deals:n:deal} a pair, each played once per side; a game is one hand"
    ),
    "ladder-pair": (
        "{first} against {second}: {games:n:game}, {first} won {rate:.1f}% (95% interval {low:.1f}% to {high:.1f}%), "
        "{points} points a hand ({points_low} to {points_high})"
    ),
    "ladder-cost": "{cpu:.1f} s of CPU, {wall:.1f} s of wall time",
    "ladder-progress": "{done} of {total:n:shard} played",
    "ladder-levels": (
        "a ladder needs two different levels or more, comma separated, each one of {known} (a searching level may "
        "name its budget: expert@0.5s, expert@400p); got {given}"
    ),
    "ladder-pairs": "the pairs played are {known}; got {given}",
    "ladder-count": "{name} must be a whole number of at least 1, not {given}",
    "cli-help:ladder": (
        "the strength ladder: every computer level against the others on duplicate deals, a game being one hand: "
        "games won, points a hand, decision times"
    ),
    "ladder-help:rules": "rule sets, comma separated: {presets} (default {default})",
    "ladder-help:players": (
        "table sizes, comma separated, or all: every size each rule set allows (default {default})"
    ),
    "ladder-help:levels": (
        "the levels, weakest first, comma separated; a searching level may name its budget (expert@0.25s, "
        "expert@400p) (default {default})"
    ),
    "ladder-help:pairs": (
        "the pairs that play: adjacent (each level against the one before it) or all (default {default})"
    ),
    "ladder-help:deals": "deals each pair plays, each once per side (default {default})",
    "ladder-help:budget": (
        "the expert's budget a decision: CPU seconds (1s, 250ms) or playouts (400p), which repeat exactly "
        "(default {default})"
    ),
    "ladder-help:myst": (
        "also write the run into this MyST Markdown file, in a section of its own with the command, date and machine"
    ),
    # --- the command line's help: commands, options, metavars, file forms and level names stay as typed (cli) ---
    "cli-help:description": "Bolivia rules explorer: melds, scores and rule sets.",
    "cli-help:lang": (
        "language of the answer and of this help: {languages} (default {default}); before or after the command"
    ),
    "cli-help:json": "print JSON",
    "cli-help:rules-option": "the rule set: a preset, one of {presets} (default {default})",
    "cli-help:meld": "judge cards as one meld, or as an addition to one",
    "cli-help:meld-cards": "the cards, e.g. {example}",
    "cli-help:meld-onto": "a meld on the table the cards are added to",
    "cli-help:meld-going-out": "the player goes out this turn",
    "cli-help:initial": "judge melds laid together as an initial meld",
    "cli-help:initial-melds": "one argument per meld, e.g. {example}",
    "cli-help:initial-score": "the side's total score (default {default})",
    "cli-help:score": "score a side's hand from a JSON file ({stdin} reads standard input)",
    "cli-help:score-file": "a JSON file with the keys {keys}",
    "cli-help:rules": "list the presets, every rule of one, or the rules on which several differ",
    "cli-help:rules-names": "presets ({presets}) or club rules files ({forms})",
    "cli-help:rules-diff": "list the rules on which the rule sets differ",
    "cli-help:rules-sheet": "print the rule set as a printable HTML page",
    "cli-help:simulate": "computer players play whole games: results and speed",
    "cli-help:players": "players at the table (default {default})",
    "cli-help:games": "games to play (default {default})",
    "cli-help:seed-game": "seed of the first game (default {default})",
    "cli-help:seed-deal": "seed of the first deal (default {default})",
    "cli-help:target": "score that ends a game (default: the rule set's)",
    "cli-help:ai": "the computer level of each seat, comma separated: {levels} (default {default})",
    "cli-help:tournament": "two computer levels play each other: win rate, margin, going out, decision time",
    "cli-help:seats": (
        "computer levels ({levels}), comma separated; the first is measured against the others (default {default})"
    ),
    "cli-help:workers": "processes to play the games in (default {default})",
    "cli-help:scenario": "list the lesson positions, or show one and its legal moves",
    "cli-help:scenario-name": "the name of a lesson position, or a position in scenario notation",
    # --- rules sheets, diffs and club rules files in the language (compare) ---
    "club-rules-file-head": "{title}: {base} rules with the changes below",
    "section:cards": "Cards, players, deal",
    "section:turn": "A turn: drawing, the discard pile, discarding",
    "section:melds": "Melds",
    "section:initial": "The initial meld",
    "section:bonuses": "Bonuses for complete melds",
    "section:threes": "Threes at the end of a hand",
    "section:going-out": "Going out and the end of a hand",
    "section:game": "The game",
    "source:house": "house rule",
    "source:assumption": "assumption: the sources are silent",
    "source:text": "source: {source}",
    "source-label:swedish": "the Swedish club text",
    "source-label:danish": "the Danish text (the same in Polish and Czech)",
    "source-label:norwegian": "the Norwegian two-deck text",
    "sheet-title": "{title}: rules sheet",
    "sheet-base": "{base} rules",
    "sheet-base-house": "{base} rules with {count:n:house rule}",
    "sheet-star": "★ marks a house rule.",
    "diff-none": "no differences",
    "value:yes": "yes",
    "value:no": "no",
    "value:none": "none",
    "value-or": " or ",
    # knob values in words (a club file keeps the English identifier; sheets and listings say these)
    "value:player 1": "player 1",
    "value:highest card": "highest card",
    "value:wild": "wild",
    "value:black 3": "black 3",
    "value:red 3": "red 3",
    "value:natural pair": "natural pair",
    "value:suited sequence pair": "suited sequence pair",
    "value:two wilds": "two wilds",
    "value:natural and wild": "natural and wild",
    "value:own meld": "own meld",
    "value:side has not melded": "side has not melded",
    "value:pile holds a wild": "pile holds a wild",
    "value:pile holds a black 3": "pile holds a black 3",
    "value:pile holds a red 3": "pile holds a red 3",
    "value:naturals at least twice the wilds": "naturals at least twice the wilds",
    "value:naturals outnumber wilds": "naturals outnumber wilds",
    "value:no ratio": "no ratio",
    "value:several": "several",
    "value:another only after a canasta": "another only after a canasta",
    "value:one": "one",
    "value:refused": "refused",
    "value:start a new sequence": "start a new sequence",
    "value:sequence": "sequence",
    "value:canasta": "canasta",
    "value:escalera": "escalera",
    "value:samba": "samba",
    "value:bolivia": "bolivia",
    "value:any": "any",
    "value:optional": "optional",
    "value:required": "required",
    "value:side cannot go out": "side cannot go out",
    "value:when the player to move cannot take the pile": "when the player to move cannot take the pile",
    "value:when nobody can take the pile": "when nobody can take the pile",
    "value:all": "all",
    # a lesson position's moves (the scenario command; action syntax such as "take pile with KH QS" is notation)
    "scen:legal": "Legal moves",
    "scen:to-draw": "Player {player} to draw.",
    "scen:to-play": "Player {player} to meld, add or discard.",
    "scen:to-answer": "Player {player} to answer the partner.",
    "scen:to-hand-over": "The hand is over.",
    "scen:to-game-over": "The game is over.",
    # --- variant studies: the study command and the Variant lab (study) ---
    "study-heading": (
        "{games:n:game} a variant, {players:n:player}, seats {seats}, seed {seed}: {variants:n:variant}; "
        "95% intervals in brackets"
    ),
    "study-variant": "{label}: {hands:n:hand} in {games:n:game}",
    "study-change": "{knob}: {value}",
    "study-value-share": "{value:.1f}% ({low:.1f} to {high:.1f}%)",
    "study-value-mean": "{value:.2f} ({low:.2f} to {high:.2f})",
    "study-differences": "{variant} against {base}:",
    "study-more-mean": "with {variant}, {figure} is {amount:.2f} more ({low:.2f}\u2013{high:.2f}) than with {base}",
    "study-less-mean": "with {variant}, {figure} is {amount:.2f} less ({low:.2f}\u2013{high:.2f}) than with {base}",
    "study-more-share": (
        "with {variant}, {figure} is {amount:.1f} percentage points more ({low:.1f}\u2013{high:.1f}) than with {base}"
    ),
    "study-less-share": (
        "with {variant}, {figure} is {amount:.1f} percentage points less ({low:.1f}\u2013{high:.1f}) than with {base}"
    ),
    "study-none-clear": "no difference the study can tell apart",
    "study-unclear": "the study cannot tell these apart: {figures}",
    "study-cost": (
        "{hands:n:hand} played in {cpu:.1f} CPU seconds ({per_thousand:.1f} CPU seconds per 1,000 hands), "
        "{wall:.1f} s on the clock with {workers:n:worker}"
    ),
    "study-shards": "finished shards are kept in {where}",
    "study-stopped": (
        "stopped after {done} of {total:n:game}: the finished shards are kept in {where}, "
        "and the same command with --resume goes on from them"
    ),
    "study-progress": "games",
    "study-figure:going_out_share": "hands ended by going out",
    "study-figure:hand_turns": "turns a hand",
    "study-figure:hands_per_game": "hands a game",
    "study-figure:hand_score": "a side's score of a hand",
    "study-figure:points": "a side's points a hand from {what}",
    "study-figure:melds": "{what} completed a hand",
    "study-figure:first_meld_wins_hand": "hands won by the side that melds first",
    "study-figure:decided_by_last_hand": "games whose last hand changed the winner",
    "study-figure:winner_share": "share of the winner's score from {what}",
    "study-source:melded_cards": "melded cards",
    "study-source:bonus_natural_canasta": "natural canasta bonuses",
    "study-source:bonus_mixed_canasta": "mixed canasta bonuses",
    "study-source:bonus_natural_sequence": "escalera (natural sequence) bonuses",
    "study-source:bonus_mixed_sequence": "mixed sequence bonuses",
    "study-source:bonus_bolivia": "bolivia bonuses",
    "study-source:bonus_bolivia_three_twos_four_jokers": "black bolivia bonuses",
    "study-source:bonus_bolivia_seven_twos": "red bolivia bonuses",
    "study-source:going_out_bonus": "the going-out bonus",
    "study-source:concealed_going_out_bonus": "the concealed going-out bonus",
    "study-source:red_threes": "red 3s",
    "study-source:cards_in_hand": "cards left in hand",
    "study-source:black_threes": "black 3s left in hand",
    "study-kind:natural-canasta": "natural canastas",
    "study-kind:mixed-canasta": "mixed canastas",
    "study-kind:natural-sequence": "escaleras (natural sequences)",
    "study-kind:mixed-sequence": "mixed sequences",
    "study-kind:bolivia": "bolivias",
    "study-kind:bolivia-three-twos-four-jokers": "black bolivias",
    "study-kind:bolivia-seven-twos": "red bolivias",
    # refusals
    "study-vary-form": "--vary takes KNOB=VALUE,VALUE (for example same_rank_max_wilds=2,3); got {given}",
    "study-vary-twice": "--vary names the knob {knob} twice: give all its values once, separated by commas",
    "study-variant-twice": "the variant {label} is asked for twice",
    "study-no-rules": "a study needs a rule set: a preset ({presets}) or a club rules file (.toml, .json)",
    "study-unknown-level": "unknown player level {given}; known: {known}",
    "study-bad-games": "--games must be a whole number of at least 1; got {given}",
    "study-bad-workers": "--workers must be a whole number of at least 1; got {given}",
    "study-bad-seed": "the seed must be a whole number; got {given}",
    "study-no-dask": "--scheduler needs Dask: install the study extra (pip install -e '.[study]' in the checkout)",
    "study-scheduler": "could not reach the Dask scheduler at {address}: {detail}",
    # the command line's help
    "cli-help:study": "what rules do to the game: many computer-played games per variant, with 95% intervals",
    "study-help:rules": (
        "rule sets to compare, comma-separated: presets ({presets}) or club rules files (default {default})"
    ),
    "study-help:vary": (
        "a knob and its values, KNOB=VALUE,VALUE (values as in a club rules file); repeat for the product"
    ),
    "study-help:workers": "local worker processes (default {default}); ignored with --scheduler",
    "study-help:scheduler": "a Dask scheduler's address, tcp://HOST:PORT: its workers play the shards",
    "study-help:shards": "folder for finished shards (default {default})",
    "study-help:resume": "read the shards an interrupted run of the same study kept, and play only the rest",
}

CATALOGUE = register_catalogue(DOMAIN, EN, LOCALE_DIR)
