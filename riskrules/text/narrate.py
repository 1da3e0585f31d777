"""Game text: events told as sentences.

Only the log's own data is used, so the same narration serves a game being played, a
replay (`risk replay --show`) and a resumed game. Every sentence comes from the catalogs,
in the edition's voice.
"""

from __future__ import annotations

from .narrate_sides import SIDES_EVENTS, sides_line
from .i18n import Text, capitalized
from .narrate_orders import order_line
from .narrate_units import UNIT_EVENTS, unit_line
from ..language.rules import Rules

# Events that a person watching does not need told one by one (an attack until taken is told by its rolls).
QUIET = {"claim", "capital_chosen", "mission_dealt", "target_assigned", "attack"}
# cards that do something (issue 44): told by Narrator.kind_card
_CARD_EVENTS = {"card_piece", "card_gained", "kind_discarded", "card_played", "card_effect_ended", "nuclear"}


class Narrator:
    """Turns events into lines of text (None for events not worth a line)."""

    def __init__(self, rules: Rules, t: Text, me: set[str] | None = None):
        self.rules = rules
        self.t = t
        self.me = me or set()  # the players at this terminal: their secrets may be told

    def __call__(self, e: dict) -> str | None:
        line = self.tell(e)
        return capitalized(line) if line else None

    def tell(self, e: dict) -> str | None:
        t = self.t
        kind = e["type"]
        who = t.player(e.get("player"))
        place = t.territory
        num = t.num
        if kind in QUIET:
            if kind == "target_assigned" and e["player"] in self.me:
                return t._("Your secret target: {target}.").format(target=t.player(e["target"]))
            if kind == "mission_dealt" and e["player"] in self.me:
                return t._("Your mission: {mission}.").format(mission=mission_text(e["mission"], t))
            return None
        if kind == "game_start":
            players = ", ".join(f"{t.player(p['name'])} ({p['agent']})" for p in e["players"])
            if "seed" not in e:  # (a seat's stream under fog: the seed would tell the dice to come)
                return t._("{title} — {players}.").format(title=self.rules.title, players=players)
            return t._("{title} — {players}; seed {seed}.").format(title=self.rules.title, players=players,
                                                                    seed=e["seed"])
        if kind == "dealer":
            if t.voice("dealer") == "president":
                text = t.p_("president", "{player} deals as the President; {first} begins.")
            else:
                text = t._("{player} deals as the General; {first} begins.")
            return text.format(player=who, first=t.player(e["first"]))
        if kind == "territories_removed":
            return t._("Out of play: {territories}.").format(territories=", ".join(place(x) for x in e["territories"]))
        if kind == "wastelands":
            return t._("Wastelands, {n} neutral armies on each: {territories}.").format(
                n=num(e["armies"]), territories=", ".join(place(x) for x in e["territories"]))
        if kind == "pickable":
            return t._("Territories that may be taken: {territories}.").format(
                territories=", ".join(place(x) for x in e["territories"]))
        if kind == "roll_for_first":
            rolls = ", ".join(f"{t.player(p)} {face}" for p, face in e["rolls"].items())
            return t._("Rolls for who begins: {rolls}.").format(rolls=rolls)
        if kind == "turn_start":
            return t._("— Turn {turn} (round {round}): {player} —").format(turn=e["turn"], round=e["round"],
                                                                           player=who)
        if kind == "reinforcements":
            parts = [t.n_("{n} for {held} territory", "{n} for {held} territories", e["territories_held"]).format(
                n=num(e["from_territories"]), held=e["territories_held"])]
            if e["continents_held"]:
                parts.append(t._("{n} for {continents}").format(
                    n=num(e["from_continents"]), continents=", ".join(t.continent(c) for c in e["continents_held"])))
            if e["from_cards"]:
                parts.append(t._("{n} for cards").format(n=num(e["from_cards"])))
            if e.get("cut"):  # cards that do something: an income effect (sanctions)
                parts.append(t._("{n} cut off by a card").format(n=num(e["cut"])))
            if e.get("from_card_kinds"):
                parts.append(t._("{n} from cards played").format(n=num(e["from_card_kinds"])))
            if e.get("from_seat"):  # seat compensation (issue 46): this seat's first turn
                parts.append(t._("{n} for this seat's first turn").format(n=num(e["from_seat"])))
            return t.n_("{player} receives {n} army ({parts}).", "{player} receives {n} armies ({parts}).",
                        e["total"]).format(player=who, n=num(e["total"]), parts="; ".join(parts))
        if kind == "trade":
            cards = ", ".join(self.card(c) for c in e["cards"])
            line = t.n_("{player} trades {cards} for {n} army", "{player} trades {cards} for {n} armies",
                        e["armies"]).format(player=who, cards=cards, n=num(e["armies"]))
            for bonus in e["territory_bonus"]:
                line += t._(", +{n} on {territory}").format(n=bonus["armies"], territory=place(bonus["territory"]))
            return line + "."
        if kind == "place":
            if e["turn"] == 0:
                return None
            by = e.get("by")
            if by:
                return t.n_("{by} places {n} army of {player} on {territory}.",
                            "{by} places {n} armies of {player} on {territory}.", e["armies"]).format(
                    by=t.player(by), n=num(e["armies"]), player=who, territory=place(e["territory"]))
            return t.n_("{player} places {n} army on {territory}.", "{player} places {n} armies on {territory}.",
                        e["armies"]).format(player=who, n=num(e["armies"]), territory=place(e["territory"]))
        if kind == "autodeploy":
            return t.n_("{player} receives {n} army on {territory} (autodeploy).",
                        "{player} receives {n} armies on {territory} (autodeploy).", e["armies"]).format(
                player=who, n=num(e["armies"]), territory=place(e["territory"]))
        if kind == "decay":
            return t.n_("{player} loses {n} army on {territory} (decay).",
                        "{player} loses {n} armies on {territory} (decay).", e["armies"]).format(
                player=who, n=num(e["armies"]), territory=place(e["territory"]))
        if kind == "local_armies":
            return t.n_("{player} places the {n} army of {continent} inside {continent}.",
                        "{player} places the {n} armies of {continent} inside {continent}.", e["armies"]).format(
                player=who, n=num(e["armies"]), continent=t.continent(e["continent"]))
        if kind == "armies_lost":
            return t.n_("{player} has no room for {n} army (at most {cap} per territory): it is lost.",
                        "{player} has no room for {n} armies (at most {cap} per territory): they are lost.",
                        e["armies"]).format(player=who, n=num(e["armies"]), cap=num(e["cap"]))
        if kind == "neutral_reinforcements":
            return t.n_("{player} receives {n} army, placed by {by}.", "{player} receives {n} armies, placed by {by}.",
                        e["armies"]).format(player=who, n=num(e["armies"]), by=t.player(e["placed_by"]))
        if kind == "battle":
            return self.battle(e, who)
        if kind == "battles":
            return rolls_line([e], t, self.rules.battle.kills is not None)
        if kind == "conquest":
            if e["moved"] is None:  # (under fog, told to the side that lost it: armies it does not see)
                if t.voice("attack") == "liberation":
                    return t.p_("liberation", "{player} liberates {territory}.").format(player=who,
                                                                                     territory=place(e["to"]))
                return t._("{player} takes {territory}.").format(player=who, territory=place(e["to"]))
            if t.voice("attack") == "liberation":
                # Translators: the liberation voice of RISIKO DE LUXE: a conquered territory is liberated (befreit)
                text = t.np_("liberation", "{player} liberates {territory} and moves in {n} army.",
                             "{player} liberates {territory} and moves in {n} armies.", e["moved"])
            else:
                text = t.n_("{player} takes {territory} and moves in {n} army.",
                            "{player} takes {territory} and moves in {n} armies.", e["moved"])
            return text.format(player=who, territory=place(e["to"]), n=num(e["moved"]))
        if kind == "elimination":
            if "cards_taken" not in e:  # (under fog, when the cards are hidden)
                return t._("{player} is out, beaten by {by}.").format(player=who, by=t.player(e["by"]))
            return t.n_("{player} is out, beaten by {by}, who takes {n} card.",
                        "{player} is out, beaten by {by}, who takes {n} cards.", e["cards_taken"]).format(
                player=who, by=t.player(e["by"]), n=e["cards_taken"])
        if kind == "capital_captured":
            line = t._("{player} captures the capital of {victim}, {territory}").format(
                player=who, victim=t.player(e["victim"]), territory=place(e["territory"]))
            if e["replaced"]:
                line += t._("; {places} become one army each of {player}").format(
                    places=", ".join(place(p) for p in e["replaced"]), player=who)
            return line + "."
        if kind == "card_drawn":
            if e["player"] in self.me:
                return t._("{player} draws a card: {card}.").format(player=who, card=self.card(e["card"]))
            return t._("{player} draws a card.").format(player=who)
        if kind == "card_discarded":
            if e["player"] in self.me:
                return t._("{player} discards a card over the hand limit: {card}.").format(
                    player=who, card=self.card(e["card"]))
            return t._("{player} discards a card over the hand limit.").format(player=who)
        if kind == "card_pieces":
            return t.n_("{player} earns {n} piece of a card ({held} held).",
                        "{player} earns {n} pieces of a card ({held} held).", e["pieces"]).format(
                player=who, n=e["pieces"], held=e["held"])
        if kind in _CARD_EVENTS:
            return self.kind_card(e, who)
        if kind == "fortify":
            if e.get("by"):
                return t.n_("{by} moves {n} army of {player} from {source} to {target}.",
                            "{by} moves {n} armies of {player} from {source} to {target}.", e["armies"]).format(
                    by=t.player(e["by"]), player=who, n=num(e["armies"]), source=place(e["from"]),
                    target=place(e["to"]))
            return t.n_("{player} moves {n} army from {source} to {target}.",
                        "{player} moves {n} armies from {source} to {target}.", e["armies"]).format(
                player=who, n=num(e["armies"]), source=place(e["from"]), target=place(e["to"]))
        if kind == "orders_given" or kind == "order":  # orders given together (issue 45)
            return order_line(e, who, t)
        if kind == "phase_skipped":
            return t._("{player} skips the {phase} phase: {condition} does not hold.").format(
                player=who, phase=e["phase"].replace("_", " "), condition=e["condition"])
        if kind == "mission_declared":
            return t._("{player} declares a fulfilled mission.").format(player=who)
        if kind == "game_over":
            return result_line(e.get("winner"), e["reason"], e["turns"], t)
        if kind in UNIT_EVENTS:  # special units (issue 45): narrate_units.py
            return unit_line(e, who, t)
        if kind in SIDES_EVENTS:  # neutrals that act (issue 45): narrate_sides.py
            return sides_line(e, t)
        return None

    def kind_card(self, e: dict, who: str) -> str | None:
        """Cards that do something (issue 44): pieces, cards gained, plays, effects ended, nuclear sets.
        A card's name is the rule file's own."""
        t, kind, place, num = self.t, e["type"], self.t.territory, self.t.num
        if "player" not in e:  # another's hidden play (sight.told): nothing to tell
            return None
        card = e.get("card")
        if kind == "card_piece":
            return t.n_("{player} earns {n} piece of a {card} card ({held} held).",
                        "{player} earns {n} pieces of a {card} card ({held} held).", e["pieces"]).format(
                player=who, n=e["pieces"], card=card, held=e["held"])
        if kind == "card_gained":
            return t._("{player} gains a {card} card.").format(player=who, card=card)
        if kind == "kind_discarded":
            return t._("{player} holds as many cards as allowed: the {card} card is discarded.").format(
                player=who, card=card)
        if kind == "card_effect_ended":
            return t._("The {card} card of {player} ends.").format(player=who, card=card)
        if kind == "nuclear":
            return t._("The set of {player} nukes {territories}: one neutral army on each.").format(
                player=who, territories=", ".join(place(x) for x in e["territories"]))
        effect = e["effect"]
        until = e.get("until_round")
        if effect == "armies":
            return t.n_("{player} plays {card}: {n} army more.", "{player} plays {card}: {n} armies more.",
                        e["armies"]).format(player=who, card=card, n=num(e["armies"]))
        if effect == "see" and "target" in e:
            return t._("{player} plays {card}: sees the territories of {target} until round {round}.").format(
                player=who, card=card, target=t.player(e["target"]), round=until)
        if effect == "see" and "continent" in e:
            return t._("{player} plays {card}: sees {place} until round {round}.").format(
                player=who, card=card, place=t.continent(e["continent"]), round=until)
        if effect == "see" and "territory" in e:
            return t._("{player} plays {card}: sees {place} until round {round}.").format(
                player=who, card=card, place=place(e["territory"]), round=until)
        if effect == "forbid":
            a, b = e["players"]
            return t._("{player} plays {card}: no attacks between {a} and {b} until round {round}.").format(
                player=who, card=card, a=t.player(a), b=t.player(b), round=until)
        if effect == "income":
            return t._("{player} plays {card}: the income of {target} cut by {percent}% until round {round}.").format(
                player=who, card=card, target=t.player(e["target"]), percent=e["percent"], round=until)
        if effect == "move" and "from" in e:
            return t.n_("{player} plays {card}: {n} army from {source} to {target}.",
                        "{player} plays {card}: {n} armies from {source} to {target}.", e["armies"]).format(
                player=who, card=card, n=num(e["armies"]), source=place(e["from"]), target=place(e["to"]))
        if effect == "give" and "territory" in e:
            return t._("{player} plays {card}: gives {territory} to {target}.").format(
                player=who, card=card, territory=place(e["territory"]), target=t.player(e["target"]))
        if effect == "strike" and "territory" in e:
            return t.n_("{player} plays {card} on {territory}: {n} army killed.",
                        "{player} plays {card} on {territory}: {n} armies killed.", e["killed"]).format(
                player=who, card=card, territory=place(e["territory"]), n=num(e["killed"]))
        if effect == "abandon" and "territory" in e:
            return t.n_("{player} plays {card}: {territory} goes to the neutral army with {n} army.",
                        "{player} plays {card}: {territory} goes to the neutral army with {n} armies.",
                        e["armies"]).format(player=who, card=card, territory=place(e["territory"]),
                                            n=num(e["armies"]))
        return t._("{player} plays {card}.").format(player=who, card=card)  # (under fog: where, not told)

    def card(self, card: dict) -> str:
        t = self.t
        if card["territory"] is None:
            return t.symbol("joker")
        return f"{t.symbol(card['symbol'])} {t.territory(card['territory'])}"

    def battle(self, e: dict, who: str) -> str:
        t = self.t
        values = {
            "player": who, "source": t.territory(e["from"]), "a": t.num(e["attacker_armies"]),
            "target": t.territory(e["to"]), "d": t.num(e["defender_armies"]),
            "rolls": " ".join(map(str, e["attacker_dice"])), "defence": " ".join(map(str, e["defender_dice"])),
            "lost": e["attacker_losses"], "defender": t.player(e["defender"]), "killed": e["defender_losses"],
        }
        if t.voice("attack") == "liberation":
            # Translators: the liberation voice: the attacker is the liberator (Befreier), the defender the
            # occupier (Besatzer). {rolls} and {defence} are the dice, highest first.
            text = t.p_("liberation", "{player} sets out from {source} ({a}) to liberate {target} ({d}) from "
                                      "{defender}: {rolls} against {defence}; the liberator loses {lost}, "
                                      "the occupier {killed}.")
        else:
            # Translators: {rolls} and {defence} are the dice, highest first; {lost} and {killed} the armies lost
            text = t._("{player} attacks {target} ({d}, {defender}) from {source} ({a}): {rolls} against "
                       "{defence}; the attacker loses {lost}, the defender {killed}.")
        if "reroll" in e:  # marks: Hasbro's experts' re-roll with a card of the territory
            # Translators: appended to a battle's line; {old} the face rolled again, {new} what it showed
            return text.format(**values) + " " + t._("(A {old} was rolled again with a card of the territory: "
                                                     "{new}.)").format(old=e["reroll"][0], new=e["reroll"][1])
        return text.format(**values)


MAX_BATTLES_TOLD = 5  # the battles of one kill-rate attack named in its line (then '…')


def rolls_line(run: list[dict], t: Text, kills: bool = False) -> str:
    """Consecutive rolls of one attack (`battle` and `battles` events) summed up in a line; under
    kill-rate combat (`kills`) each `battles` event is one battle of all committed armies."""
    if kills:
        return _kill_rates_line(run, t)
    n = sum(e.get("rolls", 1) for e in run)  # a `battles` event stands for `rolls` rolls
    values = {**_attack_values(run, t), "n": t.num(n)}
    if t.voice("attack") == "liberation":
        # Translators: several rolls of one liberation summed up; {left}: the liberator's armies left in {source}
        text = t.np_("liberation", "{player} sets out from {source} ({a}) to liberate {target} ({d}) from "
                                   "{defender}: {n} roll; the liberator loses {lost}, the occupier {killed}; "
                                   "{left} left in {source}.",
                     "{player} sets out from {source} ({a}) to liberate {target} ({d}) from {defender}: "
                     "{n} rolls; the liberator loses {lost}, the occupier {killed}; {left} left in {source}.", n)
    else:
        # Translators: several rolls of one attack summed up; {left}: the attacker's armies left in {source}
        text = t.n_("{player} attacks {target} ({d}, {defender}) from {source} ({a}): {n} roll; the attacker "
                    "loses {lost}, the defender {killed}; {left} left in {source}.",
                    "{player} attacks {target} ({d}, {defender}) from {source} ({a}): {n} rolls; the attacker "
                    "loses {lost}, the defender {killed}; {left} left in {source}.", n)
    return capitalized(text.format(**values))


def _attack_values(run: list[dict], t: Text) -> dict:
    first, last = run[0], run[-1]
    return {"player": t.player(first["player"]), "source": t.territory(first["from"]),
            "a": t.num(first["attacker_armies"]), "target": t.territory(first["to"]),
            "d": t.num(first["defender_armies"]), "defender": t.player(first["defender"]),
            "lost": t.num(sum(e["attacker_losses"] for e in run)),
            "killed": t.num(sum(e["defender_losses"] for e in run)),
            "left": t.num(None if last["attacker_armies"] is None  # (under fog, armies not seen: null)
                          else last["attacker_armies"] - last["attacker_losses"])}


def _kill_rates_line(run: list[dict], t: Text) -> str:
    """The battles of one kill-rate attack: each of all the committed armies against all the defenders.
    An event of `rolls` battles (a press drawn to the first battle that kills anybody, the others
    alike and killing nobody) is told once, '12 on 7 ×40'."""
    n = sum(e.get("rolls", 1) for e in run)
    # Translators: one kill-rate battle: {attackers} armies fight {defenders} at once (Warzone's combat)
    fights = [t._("{attackers} on {defenders}").format(attackers=t.num(e.get("committed")),
                                                       defenders=t.num(e.get("defended")))
              + (f" ×{t.num(e['rolls'])}" if e.get("rolls", 1) > 1 else "")
              for e in run[:MAX_BATTLES_TOLD]]
    battles = ", ".join(fights) + (", …" if len(run) > len(fights) else "")
    values = {**_attack_values(run, t), "n": t.num(n), "battles": battles}
    if t.voice("attack") == "liberation":
        # Translators: kill-rate battles of one liberation; {battles}: each battle's armies, '12 on 7, 5 on 2'
        text = t.np_("liberation", "{player} sets out from {source} ({a}) to liberate {target} ({d}) from "
                                   "{defender}: {n} battle of all committed armies ({battles}); the liberator loses "
                                   "{lost}, the occupier {killed}; {left} left in {source}.",
                     "{player} sets out from {source} ({a}) to liberate {target} ({d}) from {defender}: "
                     "{n} battles of all committed armies ({battles}); the liberator loses {lost}, the occupier "
                     "{killed}; {left} left in {source}.", n)
    else:
        # Translators: kill-rate battles of one attack; {battles}: each battle's armies, '12 on 7, 5 on 2'
        text = t.n_("{player} attacks {target} ({d}, {defender}) from {source} ({a}): {n} battle of all committed "
                    "armies ({battles}); the attacker loses {lost}, the defender {killed}; {left} left in {source}.",
                    "{player} attacks {target} ({d}, {defender}) from {source} ({a}): {n} battles of all committed "
                    "armies ({battles}); the attacker loses {lost}, the defender {killed}; {left} left in {source}.",
                    n)
    return capitalized(text.format(**values))


def result_line(winner: str | None, reason: str, turns: int, t: Text) -> str:
    if reason == "round_limit":
        if winner is None:
            return t.n_("The rounds are up after {n} turn: a draw between the leaders.",
                        "The rounds are up after {n} turns: a draw between the leaders.", turns).format(n=t.num(turns))
        return capitalized(t.n_("{winner} wins when the rounds are up, after {n} turn.",
                                "{winner} wins when the rounds are up, after {n} turns.", turns).format(
            winner=t.player(winner), n=t.num(turns)))
    if reason == "assassin":
        return capitalized(t.n_("{winner} wins after {n} turn: his secret target is out.",
                                "{winner} wins after {n} turns: his secret target is out.", turns).format(
            winner=t.player(winner), n=t.num(turns)))
    if reason == "team":
        return capitalized(t.n_("The team of {winner} wins after {n} turn: every other team is out.",
                                "The team of {winner} wins after {n} turns: every other team is out.", turns).format(
            winner=t.player(winner), n=t.num(turns)))
    if winner is None:
        return t.n_("No winner: the turn limit was reached after {n} turn.",
                    "No winner: the turn limit was reached after {n} turns.", turns).format(n=t.num(turns))
    if reason == "domination":
        text = t.n_("{winner} wins by world domination after {n} turn.",
                    "{winner} wins by world domination after {n} turns.", turns)
    elif reason == "mission":
        text = t.n_("{winner} wins by fulfilling the secret mission after {n} turn.",
                    "{winner} wins by fulfilling the secret mission after {n} turns.", turns)
    elif reason == "capitals":
        text = t.n_("{winner} wins by holding the capitals after {n} turn.",
                    "{winner} wins by holding the capitals after {n} turns.", turns)
    elif reason == "objective":
        text = t.n_("{winner} wins by holding the objective after {n} turn.",
                    "{winner} wins by holding the objective after {n} turns.", turns)
    else:
        text = t.n_("{winner} wins by eliminating the opponent after {n} turn.",
                    "{winner} wins by eliminating the opponent after {n} turns.", turns)
    return capitalized(text.format(winner=t.player(winner), n=t.num(turns)))


def mission_text(m: dict, t: Text) -> str:
    if "occupy" in m:
        armies = m.get("armies", 1)
        if not isinstance(armies, int) or armies > 1:
            return t._("occupy {n} territories with at least {a} armies each").format(n=m["occupy"], a=m["armies"])
        return t._("occupy {n} territories").format(n=m["occupy"])
    if "destroy" in m:
        return t._("destroy the {colour} armies (if they are yours: occupy {n} territories)").format(
            colour=t.colour(m["destroy"]), n=m["else_occupy"])
    continents = " + ".join(t.continent(c) for c in m["conquer"])
    if m["extra"]:
        return t._("conquer {continents} and one more continent").format(continents=continents)
    return t._("conquer {continents}").format(continents=continents)
