"""Cards that do something (issue 44), the language: `card NAME: EFFECT, OPTION …`, `earn N pieces per
turn with conquest`, `card limit N`, `sets nuclear` and `hide card plays` — what each compiles to
(CardKinds, CardRules.nuclear), its errors word for word, its rule-sheet rows, the writer's round
trip, `--set`, `risk diff`, and the gallery files warzone-cards and conquer-club-nuclear."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language.card_kinds import CardKind, CardKinds
from riskrules.language.loader import open_rulebook
from riskrules.language.parse import parse_rulebook
from riskrules.language.write import write_fragment, write_rulebook

runner = CliRunner()


def compiled(tmp_path, cards: str, extra: str = "", players: int = 4):
    path = tmp_path / "x.risk"
    path.write_text(f"rulebook x\nextends classic\ncards {{\n{cards}\n}}\n{extra}", encoding="utf-8")
    book = open_rulebook(path)
    assert book.check() == []
    return book.rules(None, players)


def check(tmp_path, body: str) -> str:
    path = tmp_path / "x.risk"
    path.write_text("rulebook x\nextends classic\n" + body, encoding="utf-8")
    out = runner.invoke(app, ["check", str(path), "--lang", "en"])
    assert out.exit_code == 1
    return out.output.replace(str(path), "x.risk")


# ---- what each statement compiles to -------------------------------------------------------------------

EFFECTS = [
    ("armies 5", CardKind("k", "armies", None, amount=5)),
    ("see a player for 2 rounds", CardKind("k", "see", "player", turns=2)),
    ("see a territory", CardKind("k", "see", "territory")),
    ("see a territory and its neighbours", CardKind("k", "see", "territory", around=True)),
    ("see a continent", CardKind("k", "see", "continent")),
    ("move armies", CardKind("k", "move", "own")),
    ("give a territory", CardKind("k", "give", "own")),
    ("forbid attacks between two players for 3 rounds", CardKind("k", "forbid", "players", turns=3)),
    ("income -50% of a player", CardKind("k", "income", "player", amount=50)),
    ("strike 50% of an enemy neighbour", CardKind("k", "strike", "enemy_neighbour", amount=50)),
    ("abandon a territory times 3", CardKind("k", "abandon", "own", amount=3)),
]


@pytest.mark.parametrize("effect, kind", EFFECTS, ids=[e for e, _ in EFFECTS])
def test_each_effect_compiles_to_its_kind(tmp_path, effect, kind):
    rules = compiled(tmp_path, f"    card k: {effect}")
    assert rules.cards.kinds == CardKinds(kinds=(kind,), earned=1, limit=None)
    assert rules.cards.nuclear is False and rules.cards.kind == "fixed"  # the territory cards stay


def test_every_option_and_the_statements_for_all_kinds(tmp_path):
    rules = compiled(tmp_path, "    sets none\n    earn 3 pieces per turn with conquest\n    card limit 4\n"
                               "    card bomb: strike 25% of an enemy neighbour, pieces 5, weight 7, minimum 1,\n"
                               "               2 pieces at the start, played in attack, at most 1 a turn, hidden\n"
                               "    card reserve: armies 2 * round, 3 in the deck, played at start\n"
                               "    card blockade: abandon a territory times 2, played at end")
    bomb, reserve, blockade = rules.cards.kinds.kinds
    assert bomb == CardKind("bomb", "strike", "enemy_neighbour", amount=25, pieces=5, weight=7, minimum=1, start=2,
                            moment="attack", per_turn=1, hidden=True)
    assert (reserve.copies, reserve.moment, reserve.amount.text, reserve.amount({"round": 4})) == (3, "start",
                                                                                                 "2 * round", 8)
    assert (blockade.moment, blockade.amount) == ("end", 2)
    # (earn 3 with the bomb's minimum 1: 2 pieces drawn by weight)
    assert (rules.cards.kinds.earned, rules.cards.kinds.limit, rules.cards.kind, rules.cards.draw) == (2, 4, "none", 0)


def test_the_minimums_are_among_the_pieces_earned(tmp_path):
    """Warzone's card minimums: earn 7 with minimums 2 and 2 gives 4 fixed pieces and 3 drawn (the
    compiled `earned` is what is drawn by weight; whole cards in the deck have no minimum)."""
    rules = compiled(tmp_path, "    earn 7 pieces per turn with conquest\n    card spy: see a player, minimum 2\n"
                               "    card bomb: strike 50% of an enemy neighbour, minimum 2\n    card gift: give a territory")
    assert rules.cards.kinds.earned == 3 and [k.minimum for k in rules.cards.kinds.kinds] == [2, 2, 0]
    sheet_text = runner.invoke(app, ["rules", str(tmp_path / "x.risk"), "--lang", "en"]).stdout
    assert "  Card pieces                    7 pieces after a turn with a conquest: the cards' minimums,\n" \
           "                                 the rest drawn by weight\n" in sheet_text


def test_an_expression_of_players_alone_is_a_number_once_they_are_known(tmp_path):
    rules = compiled(tmp_path, "    card r: armies 10 - players", players=4)
    assert rules.cards.kinds.kinds[0].amount == 6


def test_hide_card_plays_hides_every_kind(tmp_path):
    rules = compiled(tmp_path, "    card spy: see a player\n    card bomb: strike 50% of an enemy neighbour",
                     "visibility {\n    hide cards, card plays\n}\n")
    assert [k.hidden for k in rules.cards.kinds.kinds] == [True, True]
    assert rules.visibility.hide_cards is True


def test_sets_nuclear_is_any_set_worth_nothing(tmp_path):
    rules = compiled(tmp_path, "    sets nuclear")
    c = rules.cards
    assert (c.nuclear, c.kind, c.fixed, c.bonus_armies, c.kinds) == (
        True, "flat", {"infantry": 0, "cavalry": 0, "artillery": 0, "mixed": 0}, 0, None)


def test_a_later_file_replaces_one_kind_whole_and_keeps_the_others(tmp_path):
    (tmp_path / "base.risk").write_text("rulebook base\nextends classic\ncards {\n    card spy: see a player, "
                                        "pieces 4\n    card bomb: strike 50% of an enemy neighbour\n}\n",
                                        encoding="utf-8")
    (tmp_path / "child.risk").write_text('rulebook child\nextends "base.risk"\ncards {\n    card spy: see a '
                                         'continent\n}\n', encoding="utf-8")
    kinds = open_rulebook(tmp_path / "child.risk").rules(None, 3).cards.kinds.kinds
    assert [(k.name, k.target, k.pieces) for k in kinds] == [("spy", "continent", 1), ("bomb", "enemy_neighbour", 1)]


def test_earlier_rules_have_no_kinds_and_no_nuclear_sets():
    for edition in ("classic", "conquer-club-spoils", "card-pieces", "hand-limit"):
        c = open_rulebook(edition).rules(None, 4).cards
        assert (c.kinds, c.nuclear) == (None, False)


# ---- errors, word for word ---------------------------------------------------------------------------------

@pytest.mark.parametrize("body, said", [
    ("cards {\n    card sanctions: income -150% of a player\n}\n",
     "x.risk:4:29: the card 'sanctions' takes 150% of an income; say 1 to 100"),
    ("cards {\n    card bomb: strike 0% of an enemy neighbour\n}\n",
     "x.risk:4:23: the card 'bomb' strikes 0% of the armies; say 1 to 100"),
    ("cards {\n    card blockade: abandon a territory times 0\n}\n",
     "x.risk:4:46: the card 'blockade' multiplies the armies by 0; say 1 to 100"),
    ("cards {\n    card bomb: strike 50% of an enemy neighbour for 2 rounds\n}\n",
     "x.risk:4:49: 'for 2 rounds': only a see, forbid or income card lasts; the card 'bomb' (strike) acts at once"),
    ("cards {\n    card r: armies 5, 2 in the deck, minimum 1\n}\n",
     "x.risk:4:38: the card 'r' is whole cards in the deck ('2 in the deck'): it has no minimum of pieces"),
    ("cards {\n    card spy: see a player, minimum 1\n    card bomb: strike 50% of an enemy neighbour, minimum 1\n}\n",
     "x.risk:4:29: the minimums of the cards add up to 2 pieces, more than the 1 a turn earns: "
     "say 'earn 2 pieces per turn with conquest'"),
    ("cards {\n    earn 2 pieces per turn with conquest\n    card spy: see a player, weight 0\n}\n",
     "x.risk:5:29: every card has weight 0: the pieces a turn earns beyond the minimums can be of no card"),
    ("cards {\n    earn 2 pieces per turn with conquest\n}\n",
     "x.risk:4:5: 'earn N pieces per turn with conquest' needs a card that does something: 'card NAME: EFFECT, …'"),
    ("cards {\n    card limit 3\n}\n",
     "x.risk:4:5: 'card limit N' needs a card that does something: 'card NAME: EFFECT, …'"),
    ("visibility {\n    hide card plays\n}\n",
     "x.risk:4:5: 'hide card plays' needs a card that does something: 'card NAME: EFFECT, …'"),
    ("cards {\n    card r: armies 5 - round\n}\n",
     "x.risk:4:20: '5 - round' can be less than 0 (as low as -99,995, with round from 0 to 100,000)"),
    ("cards {\n    card spy: see a player, pieces 0, pieces 2\n}\n",
     "x.risk:4:39: 'pieces' is given twice for the card 'spy'"),
    ("cards {\n    card z: give a territory, weight 1001\n}\n",
     "x.risk:4:31: cards.kinds.z.weight: 1001 is greater than the maximum of 1000"),
    ("cards {\n    card Spy: see a player\n}\n",
     "x.risk:4:10: 'Spy' cannot be a card's name: a name is lower-case letters and digits, words joined by '-' "
     "(such as 'spy')"),
    ("cards {\n    card spy: see a playr\n}\n",
     "x.risk:4:21: unexpected 'playr'; expected one of: continent, player, territory; did you mean 'player'?"),
    ("cards {\n    card bomb: strik 50% of an enemy neighbour\n}\n",
     "x.risk:4:16: unexpected 'strik'; expected one of: abandon, armies, forbid, give, income, move, orders, see, strike; "
     "did you mean 'strike'?"),
    ("cards {\n    sets nuclear\n    sets at most 10\n}\n",
     "x.risk:5:5: 'sets at most' caps the value of a set, but a nuclear set gives no armies"),
    ("cards {\n    card spy: see a player, peices 5\n}\n",
     "x.risk:4:29: unexpected 'peices'; expected one of: a number, at, end of line, for, hidden, minimum, pieces, "
     "played, weight; did you mean 'pieces'?"),
    ("cards {\n    sets nuke\n}\n",
     "x.risk:4:10: unexpected 'nuke'; expected one of: at, escalating, fixed, flat, none, nuclear"),
])
def test_errors_word_for_word(tmp_path, body, said):
    assert said in check(tmp_path, body).splitlines()


def test_at_most_twenty_kinds(tmp_path):
    kinds = "".join(f"    card c{i}: move armies\n" for i in range(21))
    assert check(tmp_path, "cards {\n" + kinds + "}\n").splitlines()[0] == \
        "x.risk:4:5: cards.kinds: a table of 21 entries has too many properties"


# ---- the rule sheet, the diff, --set ---------------------------------------------------------------------------

def sheet(*args: str) -> str:
    out = runner.invoke(app, ["rules", *args])
    assert out.exit_code == 0, out.output
    return out.stdout


def test_the_warzone_sheet_has_a_row_per_kind():
    text = sheet("warzone-cards", "--lang", "en")
    assert "  Card bomb                   kills 50% of the armies on an enemy territory next to one's own;\n" \
           "                              made of 4 pieces; weight 1; played with the reinforcements;\n" \
           "                              others are not told it is played\n" in text
    assert "  Card pieces                 1 piece after a turn with a conquest, its card drawn by weight\n" in text
    assert "  Most cards held             3 cards; a player over it discards\n" in text
    assert "which cards the others play" in text


def test_the_sheet_in_german_and_czech():
    de = sheet("warzone-cards", "--lang", "de")
    assert "  Karte sanctions                 Einkommen eines Spielers −50 % für 1 Runde; aus 4 Teilen;\n" in de
    cs = sheet("conquer-club-nuclear", "--lang", "cs")
    assert "  Sekvence karet                  jaderné: sada nedává žádné armády;\n" \
           "                                  každé území na jejích kartách připadne neutrální armádě s 1\n" in cs


def test_the_diff_names_the_kinds(tmp_path):
    path = tmp_path / "x.risk"
    path.write_text('rulebook x\nextends warzone-cards\ncards {\n    card bomb: strike 75% of an enemy neighbour\n}\n',
                    encoding="utf-8")
    out = runner.invoke(app, ["diff", "warzone-cards", str(path), "--lang", "en"])
    assert out.exit_code == 0
    assert out.stdout.splitlines()[2] == "Cards › Card bomb  kills 50% of the armies on an enemy territory     " \
                                         "kills 75% of the armies on an enemy territory"
    assert len(out.stdout.splitlines()) == 6  # that row alone differs


def test_set_declares_a_card_and_its_errors_are_positioned():
    text = sheet("classic", "--set", "cards { card bomb: strike 50% of an enemy neighbour, pieces 5 }", "--lang", "en")
    assert "Card bomb" in text and "made of 5 pieces" in text
    out = runner.invoke(app, ["rules", "classic", "--set", "cards { card bomb: strike 500% of an enemy neighbour }"])
    assert out.exit_code == 1
    assert "--set:1:27: the card 'bomb' strikes 500% of the armies; say 1 to 100" in out.output


# ---- the writer's round trip ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["warzone-cards", "conquer-club-nuclear"])
def test_the_gallery_files_round_trip(name):
    from riskrules.resources import rulebooks_dir

    book = parse_rulebook((rulebooks_dir() / "house" / f"{name}.risk").read_text(encoding="utf-8"), name)
    text = write_rulebook(book)
    again = parse_rulebook(text, name)
    assert [(a.path, a.value) for a in again.assigns] == [(a.path, a.value) for a in book.assigns]
    assert write_rulebook(again) == text


def test_a_kind_written_from_the_model():
    data = {"cards": {"earned": 2, "card_limit": 5, "kinds": {
        "spy": {"effect": "see", "target": "territory", "around": True, "turns": 2, "hidden": True},
        "gift": {"effect": "give", "moment": "end", "per_turn": 1, "start": 1}}},
        "visibility": {"hide": ["card_plays"]}}
    assert write_fragment(data) == (
        "cards {\n"
        "    card spy: see a territory and its neighbours for 2 rounds, hidden\n"
        "    card gift: give a territory, played at end, at most 1 a turn, 1 pieces at the start\n"
        "    earn 2 pieces per turn with conquest\n"
        "    card limit 5\n"
        "}\n\nvisibility {\n    hide card plays\n}\n")


# ---- the gallery ------------------------------------------------------------------------------------------------------

def test_the_warzone_file_compiles_to_warzones_twelve_cards():
    rules = open_rulebook("warzone-cards").rules(None, 4)
    kinds = rules.cards.kinds
    assert [(k.name, k.effect, k.amount, k.moment) for k in kinds.kinds] == [
        ("reinforcement", "armies", 5, "reinforce"), ("spy", "see", 0, "reinforce"),
        ("reconnaissance", "see", 0, "reinforce"), ("surveillance", "see", 0, "reinforce"),
        ("airlift", "move", 0, "reinforce"), ("gift", "give", 0, "reinforce"), ("diplomacy", "forbid", 0, "reinforce"),
        ("sanctions", "income", 50, "reinforce"), ("bomb", "strike", 50, "reinforce"),
        ("blockade", "abandon", 3, "end"), ("emergency-blockade", "abandon", 3, "reinforce")]
    assert all(k.hidden and k.pieces == 4 for k in kinds.kinds) and (kinds.earned, kinds.limit) == (1, 3)
    assert rules.cards.kind == "none" and rules.visibility.hide_cards
