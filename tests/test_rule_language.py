"""The rule language: what each construct means, and every error message word for word.

Tests are tables: (rule file text, what the loader says), as in Norvig's lispytest.
"""

from __future__ import annotations

import textwrap
import time

import pytest

from riskrules.language.errors import RuleError
from riskrules.language.loader import open_rulebook


def house(body: str, extends: str = "nl-1990") -> str:
    return f"rulebook house\nextends {extends}\n" + textwrap.dedent(body).lstrip("\n")


def problems_of(write, text: str, name: str = "house.risk") -> str:
    """Everything `risk check` would print for a file, as one string."""
    path = write(name, text)
    try:
        found = open_rulebook(path, strict=False).check()
    except RuleError as err:
        found = err.problems
    return "\n".join(p.format() for p in found)


# ---- constructs: the merged value a statement produces ------------------------------------------

CONSTRUCTS = [
    # (statements, path in the merged model, value)
    ("reinforcements {\n  continents europe 4\n}", "continents.europe", 4),
    ("reinforcements {\n  continents europe 4\n}", "continents.asia", 7),  # other entries merge in
    ("setup {\n  starting armies 3: 30, 4: 25, 5: 20, 6: 15, 2: 40\n}", "starting_armies",
     {"3": 30, "4": 25, "5": 20, "6": 15, "2": 40}),
    ("setup {\n  first player highest roll\n}", "setup.first_player", "highest_roll"),
    ("setup { territories draft }", "setup.territories", "draft"),
    ("cards {\n  sets escalating 4, 6, 8,\n                  10 then +2\n}", "cards.sets",
     {"kind": "escalating", "values": [4, 6, 8, 10], "step": 2}),
    ("cards {\n  sets escalating 5, 10\n  counter per player\n}", "cards.counter", "per_player"),
    ("cards { territory bonus 3 per card }", "cards.territory_bonus", {"armies": 3, "per": "card"}),
    ("cards { after elimination with 7 cards trade at once down to 3 }", "cards.after_elimination",
     {"cards": 7, "trade": "at_once", "down_to": 3}),
    ("battle {\n  defender dice 1: 1, 2-4: 2, 5+: 3 by choice\n}", "battle.defender_dice",
     {"1": 1, "2-4": 2, "5+": 3}),
    ("battle { ties attacker }", "battle.ties", "attacker"),
    ("fortify {\n  moves unlimited\n  path connected\n  split yes\n}", "fortify",
     {"moves": "unlimited", "path": "connected", "split": True}),
    ("victory domination", "victory", "domination"),
    ("missions { timing full round after declaring }", "missions.timing", "full_round_after_declaring"),
    ("terms dealer president, attack liberation", "terms",
     {"dealer": "president", "attack": "liberation", "neutral": "neutral"}),
    ("reinforcements {\n  territories max(3, (territories + continents) // 3) if players > 2 else 4\n}",
     "reinforcements.territories", "max(3, (territories + continents) // 3) if players > 2 else 4"),
    ("pieces 1, 10", "pieces", [1, 10]),
    ("fog {\n  adjacent owner\n  within 3 nothing\n  hide reinforcements\n}", "visibility",
     {"adjacent": "owner", "within": {"hops": 3, "sees": "nothing"}, "hide": ["reinforcements"]}),
    ("visibility {\n  rest owner\n  lifted at end no\n}", "visibility", {"rest": "owner", "lifted": False}),
]


@pytest.mark.parametrize("body, path, value", CONSTRUCTS)
def test_construct(write, body, path, value):
    rules = open_rulebook(write("house.risk", house(body))).rules()
    node = rules.model
    for key in path.split("."):
        node = node[key]
    assert node == value


def test_an_escalating_scale_without_then_keeps_every_value_and_repeats_the_last(write):
    # the guide: "without `then`, the last value repeats" — the last value was taken as the step
    # (4, 6, 8, then +10 each), and a one-value scale had no values at all (found by the fuzz
    # campaign's combine generator)
    for body, values in [("cards { sets escalating 4, 6, 8, 10 }", [4, 6, 8, 10]),
                         ("cards { sets escalating 6 }", [6])]:
        rules = open_rulebook(write("house.risk", house(body))).rules()
        assert rules.model["cards"]["sets"] == {"kind": "escalating", "values": values, "step": 0}
        assert rules.cards.escalating == tuple(values)


def test_variant_extends_variant_and_overlays(write):
    path = write("house.risk", house("""
        variant long "Long game" {
            victory domination
        }
        variant longer extends long {
            cards { sets escalating 4, 8 then +4 }
            for 2 players { neutral { reinforcements total // 3 } }
        }
    """))
    book = open_rulebook(path)
    assert book.expand(["longer"]) == ("long", "longer")
    longer = book.rules(["longer"])
    assert (longer.victory, longer.cards.escalating) == ("domination", (4, 8))
    assert book.rules(["longer"], 2).neutral.reinforcements({"total": 17}) == 5
    assert book.rules(None, 2).neutral.reinforcements({"total": 17}) == 8  # nl-1990's own
    assert book.default_variant == "missions"  # inherited from nl-1990


def test_overlay_is_more_specific_than_variant():
    # sv-2000 world-conquest at 2 players: the 2-player goal holds (the neutral need not fall).
    book = open_rulebook("sv-2000")
    assert book.rules(["world-conquest"]).victory == "domination"
    assert book.rules(["world-conquest"], 2).victory == "opponents_eliminated"


# ---- errors, word for word -----------------------------------------------------------------------

ERRORS = [
    # (body of a house rule extending nl-1990, everything `risk check` says)
    ("reinforcements {\n    continents europa 4\n}",
     "house.risk:4:16: unknown continent 'europa'; did you mean 'europe'?\n"
     "        continents europa 4\n"
     "                   ^"),
    ("setup {\n    territories dael\n}",
     "house.risk:4:17: unexpected 'dael'; expected one of: a number, cities, deal, draft, warlords; "
     "did you mean 'deal'?\n"
     "        territories dael\n"
     "                    ^"),
    ("battle {\n    minimum move\n}",
     "house.risk:4:17: unexpected end of line; expected one of: committed, dice\n"
     "        minimum move\n"
     "                    ^"),
    ("cardz {\n}",
     "house.risk:3:1: unknown statement 'cardz'; did you mean 'cards'?\n"
     "    cardz {\n"
     "    ^"),
    ("battle {\n    ties defender\n",
     "house.risk:4:18: unexpected end of file; a '}' is missing\n"
     "        ties defender\n"
     "                     ^"),
    ("players 5 to 3",
     "house.risk:3:9: players 5 to 3: the fewest is more than the most\n"
     "    players 5 to 3\n"
     "            ^"),
    ("players 2 to 7",
     "house.risk:3:1: 7 players are allowed, but starting armies has no entry for 7\n"
     "    players 2 to 7\n"
     "    ^\n"
     "rulebooks/nl-1990.risk:95:9: 7 players are allowed, but capitals needed has no entry for 7\n"
     "            needed 2-3: 2, 4-5: 3, 6: 4\n"
     "            ^\n"
     "  in the extends chain: house.risk → rulebooks/nl-1990.risk\n"
     "rulebooks/classic.risk:27:1: 7 armies need 7 colours; only 6 are listed\n"
     "    colours red, blue, yellow, green, black, pink\n"
     "    ^\n"
     "  in the extends chain: house.risk → rulebooks/nl-1990.risk → rulebooks/classic.risk"),
    ("cards {\n    sets escalating 4, 6, 6, 10 then +5\n}",
     "house.risk:4:27: escalating set values must increase: 6 after 6\n"
     "        sets escalating 4, 6, 6, 10 then +5\n"
     "                              ^"),
    ("cards {\n    sets escalating 4, 6 then +0\n}",
     "house.risk:4:32: the step after the listed values must be more than 0\n"
     "        sets escalating 4, 6 then +0\n"
     "                                   ^"),
    ("reinforcements {\n    continents asia -1001\n}",  # a negative bonus is allowed (issue 43), to -1,000
     "house.risk:4:16: continents.asia: -1001 is less than the minimum of -1000\n"
     "        continents asia -1001\n"
     "                   ^"),
    ("cards {\n    sets fixed 3 infantery: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: 10\n}",
     "house.risk:4:5: no value for a set of 3 infantry\n"
     "        sets fixed 3 infantery: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: 10\n"
     "        ^\n"
     "house.risk:4:18: unknown card symbol 'infantery'; did you mean 'infantry'?\n"
     "        sets fixed 3 infantery: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: 10\n"
     "                     ^"),
    ("cards {\n    sets fixed 2 infantry: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: 10\n}",
     "house.risk:4:16: a set of one symbol is 3 cards: write '3 infantry'\n"
     "        sets fixed 2 infantry: 4, 3 cavalry: 6, 3 artillery: 8, 1 of each: 10\n"
     "                   ^"),
    ("missions {\n    conquer europe and atlantis\n}",
     "house.risk:3:1: 3 players need 3 mission cards; only 1 is usable\n"
     "    missions {\n"
     "    ^\n"
     "house.risk:4:24: mission names unknown continent 'atlantis'\n"
     "        conquer europe and atlantis\n"
     "                           ^"),
    ("missions {\n    destroy purple or else occupy 24 territories\n    occupy 50 territories\n}",
     "house.risk:3:1: 3 players need 3 mission cards; only 1 is usable\n"
     "    missions {\n"
     "    ^\n"
     "house.risk:4:13: unknown colour 'purple'\n"
     "        destroy purple or else occupy 24 territories\n"
     "                ^\n"
     "house.risk:5:5: the board has only 42 territories\n"
     "        occupy 50 territories\n"
     "        ^"),
    ("reinforcements {\n    territories max(3, teritories // 3)\n}",
     "house.risk:4:24: unknown name 'teritories'; did you mean 'territories'? "
     "(names allowed here: alive_players, armies, board_continents, board_territories, cards, continents, own_trades, players, round, territories, trades)\n"
     "        territories max(3, teritories // 3)\n"
     "                           ^"),
    ("reinforcements {\n    territories territories / 3\n}",
     "house.risk:4:17: 'territories / 3' can give a fraction; round it with floor(…) or ceil(…), or divide with //\n"
     "        territories territories / 3\n"
     "                    ^"),
    ("reinforcements {\n    territories territories > 3\n}",
     "house.risk:4:17: 'territories > 3' is a test (true or false), not a number of armies\n"
     "        territories territories > 3\n"
     "                    ^"),
    ("reinforcements {\n    territories maximum(3, territories)\n}",
     "house.risk:4:17: unknown function 'maximum'; did you mean 'max'?\n"
     "        territories maximum(3, territories)\n"
     "                    ^"),
    ("reinforcements {\n    territories floor(3, territories)\n}",
     "house.risk:4:17: floor() takes 1 argument, not 2\n"
     "        territories floor(3, territories)\n"
     "                    ^"),
    ("battle {\n    attacker dice 2: 2, 3+: 3\n}",
     "house.risk:4:19: 2 dice need 3 armies in the territory: one must stay behind\n"
     "        attacker dice 2: 2, 3+: 3\n"
     "                      ^\n"
     "house.risk:4:25: 3 dice need 4 armies in the territory: one must stay behind\n"
     "        attacker dice 2: 2, 3+: 3\n"
     "                            ^"),
    ("battle {\n    defender dice 1: 2, 2+: 2 always\n}",
     "house.risk:4:19: 1 army cannot roll 2 dice\n"
     "        defender dice 1: 2, 2+: 2 always\n"
     "                      ^"),
    ("battle {\n    defender dice 1: 1, 3+: 2 always\n}",
     "house.risk:4:5: defender dice has no entry for 2 armies\n"
     "        defender dice 1: 1, 3+: 2 always\n"
     "        ^"),
    ("battle {\n    attacker dice 2: 1, 3: 2, 4: 3\n}",
     "house.risk:4:5: attacker dice must end with an open entry such as '4+', for larger armies\n"
     "        attacker dice 2: 1, 3: 2, 4: 3\n"
     "        ^"),
    ("setup {\n    starting armies 3: 35, 2-4: 30, 5+: 25\n}",
     "house.risk:4:21: '3' overlaps '2-4'\n"
     "        starting armies 3: 35, 2-4: 30, 5+: 25\n"
     "                        ^"),
    ("turn reinforce, neutral attack, attack, fortify",
     "house.risk:3:1: the turn has 'neutral attack' but there is no neutral army\n"
     "    turn reinforce, neutral attack, attack, fortify\n"
     "    ^"),
    ("neutral {\n    armies 10\n}",
     "house.risk:4:5: no rule sets 'territories', 'start' in neutral, neither here nor in a parent rulebook\n"
     "        armies 10\n"
     "        ^"),
    ("for 2 players {\n    neutral { armies 20 }\n}",
     "house.risk:4:15: 20 neutral armies cannot put 2 on each of its 14 territories\n"
     "        neutral { armies 20 }\n"
     "                  ^"),
    ("for 2 players {\n    neutral { cards yes }\n}",
     "house.risk:4:15: the neutral army cannot get cards: it has no turn of its own in which to trade them\n"
     "        neutral { cards yes }\n"
     "                  ^"),
    ("language xx",
     "house.risk:3:10: unknown language 'xx'\n"
     "    language xx\n"
     "             ^"),
    ("variant a default { }\nvariant b default { }",
     "house.risk:4:9: only one variant may be the default; 'a' already is\n"
     "    variant b default { }\n"
     "            ^"),
    ("variant a { }\nvariant a { }",
     "house.risk:4:9: variant 'a' is defined twice\n"
     "    variant a { }\n"
     "            ^"),
    ("variant a extends zz { }",
     "house.risk:3:19: unknown variant 'zz'\n"
     "    variant a extends zz { }\n"
     "                      ^"),
    ("board atlantis",
     "house.risk:3:7: no such board: 'atlantis'\n"
     "    board atlantis\n"
     "          ^"),
    ("visibility {\n    within 1 owner\n    hide cards, cards\n}",
     "house.risk:4:12: 'within 1' must reach 2 or more borders away: territories 1 border away are 'adjacent'\n"
     "        within 1 owner\n"
     "               ^\n"
     "house.risk:5:17: 'cards' is given twice\n"
     "        hide cards, cards\n"
     "                    ^"),
]


@pytest.mark.parametrize("body, expected", ERRORS, ids=[e[0].split("\n")[0][:40] for e in ERRORS])
def test_error(write, body, expected):
    assert problems_of(write, house(body)) == expected


def test_every_error_in_a_file_is_reported(write):
    text = house("""
        setup {
            territories dael
        }
        reinforcements {
            continents europa 4, asia -1
        }
        fortify {
            path conected
        }
    """)
    lines = [line for line in problems_of(write, text).split("\n") if line.startswith("house.risk:")]
    assert lines == [
        "house.risk:4:17: unexpected 'dael'; expected one of: a number, cities, deal, draft, warlords; did you mean 'deal'?",
        "house.risk:7:16: unknown continent 'europa'; did you mean 'europe'?",
        "house.risk:10:10: unexpected 'conected'; expected one of: adjacent, connected; did you mean 'connected'?",
    ]


def test_missing_rules_in_a_root_rulebook(write):
    text = "rulebook lonely\nplayers 2 to 4\n"
    assert problems_of(write, text, "lonely.risk").split("\n")[0] == (
        "lonely.risk:1:10: no rule sets 'board', 'colours', 'pieces', 'terms', 'starting armies', 'continents', "
        "'setup', 'turn', 'reinforcements', 'cards', 'battle', 'fortify', 'victory', neither here nor in a parent "
        "rulebook")


def test_extends_cycle(write):
    write("a.risk", 'rulebook a\nextends "b.risk"\n')
    write("b.risk", 'rulebook b\nextends "a.risk"\n')
    with pytest.raises(RuleError) as err:
        open_rulebook("a.risk")
    assert err.value.format() == (
        "b.risk:2:9: extends cycle: a.risk → b.risk → a.risk\n"
        '    extends "a.risk"\n'
        "            ^\n"
        "  in the extends chain: a.risk → b.risk"
    )


def test_extends_unknown_parent(write):
    write("a.risk", "rulebook a\nextends nl-1991\n")
    with pytest.raises(RuleError) as err:
        open_rulebook("a.risk")
    assert err.value.format() == (
        "a.risk:2:9: unknown rulebook 'nl-1991'; did you mean 'nl-1990'?\n"
        "    extends nl-1991\n"
        "            ^"
    )


def test_extends_chain_of_files(write):
    write("base.risk", house("reinforcements { continents asia 9 }"))
    child = write("child.risk", 'rulebook child\nextends "base.risk"\nreinforcements { continents africa 4 }\n')
    rules = open_rulebook(child).rules()
    assert rules.chain == ("house", "nl-1990", "classic")
    assert rules.model["continents"] == {"north_america": 5, "south_america": 2, "europe": 3, "africa": 4,
                                         "asia": 9, "australia": 2}


def test_unknown_edition_and_variant():
    with pytest.raises(RuleError) as err:
        open_rulebook("sv2000")
    assert err.value.first_line == "unknown edition 'sv2000'; did you mean 'sv-2000'? (or give the path of a .risk file)"
    with pytest.raises(RuleError) as err:
        open_rulebook("nl-1990").rules(["super"])
    assert err.value.first_line == ("unknown variant 'super' of nl-1990; did you mean 'super-risk'? "
                                    "(its variants: alternatief, escalating, missions, super-risk)")


# ---- bounds: a hostile file cannot hang or exhaust the loader ------------------------------------

@pytest.mark.parametrize("expression, message", [
    ("(" * 10_000 + "1" + ")" * 10_000, "house.risk:4:81: expression nested too deeply (more than 64 levels)"),
    ("-" * 10_000 + "1", "house.risk:4:17: expression too long (more than 256 parts)"),
    ("max(" * 10_000 + "1" + ")" * 10_000, "house.risk:4:276: expression nested too deeply (more than 64 levels)"),
    ("not " * 100 + "1", "house.risk:4:17: expression nested too deeply (more than 64 levels)"),
])
def test_deep_expressions_are_refused_quickly(write, expression, message):
    start = time.process_time()  # (this process's CPU time: a loaded machine does not stretch it)
    text = house(f"reinforcements {{\n    territories {expression}\n}}")
    first = problems_of(write, text).split("\n")[0]
    assert first == message
    assert time.process_time() - start < 2.0


def test_file_too_large(write):
    path = write("big.risk", "# " + "x" * 300_000 + "\n")
    with pytest.raises(RuleError) as err:
        open_rulebook(path)
    assert err.value.first_line == "big.risk: file is too large (the limit is 256 KiB)"


def test_not_utf8(write, tmp_path):
    path = tmp_path / "latin.risk"
    path.write_bytes(b"rulebook x\ntitle \"Europa \xe4\"\n")
    with pytest.raises(RuleError) as err:
        open_rulebook(path)
    assert err.value.first_line == "latin.risk: not UTF-8 text (byte 25)"


def test_no_such_file():
    with pytest.raises(RuleError) as err:
        open_rulebook("missing.risk")
    assert err.value.first_line == "missing.risk: no such rule file"
