"""What a person at the terminal is shown with a question: the prompt, the options above it
(attacks numbered for the whole turn, sets with their worth and territory bonus, the attack a
defender faces with its rolls so far), the help, the cards and the mission.

A part of the HumanAgent (human.py), which gives it `t`, `view`, `seat`, `width` and `table`.
"""

from __future__ import annotations

import textwrap

from .orders import order_prompt
from ..engine.decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, DISCARD, FORTIFY, OCCUPY, PLACE, PLAY,
                                REROLL, TRADE, UNIT, Decision)
from ..engine.sight import left_to_place, seen_now
from ..text.card_plays import forbidden_attacks, kinds_held_text, playable
from ..text.seat_words import attack_faced, card_text, committed_note, hand_text, mission_line, set_text

ROLLS_SHOWN = 3  # a defender sees this many rolls of the battle one by one, the earlier ones summed up


class Prompts:
    """The prompts and listings of a HumanAgent (a part of it)."""

    def tname(self, territory: int) -> str:
        return self.t.territory(self.view.board.territories[territory])

    def owner_name(self, territory: int) -> str:
        """Who holds `territory`, as the seat sees it now ('?' under fog where it does not)."""
        owner = seen_now(self.view, territory)[0]
        return "?" if owner is None else self.t.player(self.view.names[owner] if owner >= 0 else None)

    def armies_text(self, territory: int) -> str:
        """The armies in `territory`, as the seat sees them now ('?' under fog where it does not)."""
        return self.t.num(seen_now(self.view, territory)[1])

    def no_word(self) -> str:
        """The word that declines a set (and answers no) in the game's language."""
        # Translators: the answer that declines to trade a set of cards; one word, lower case
        return self.t.p_("answer", "no")

    def describe(self, d: Decision) -> tuple[str, str]:
        """The prompt for a decision, and the options to show above it (or '')."""
        t = self.t
        k = d.kind
        if k is CLAIM:
            return t._("Claim a free territory: "), ""
        if k is CAPITAL:
            return t._("Choose your capital (one of your territories): "), ""
        if k == UNIT:  # a special unit (issue 45), by its name in the rules
            return t._("Where does your {unit} stand (one of your territories)? ").format(unit=d.shown[0]), ""
        if k is PLACE:
            most = self.left_to_place(d)
            if d.side == d.player:
                ask = t.n_("Place {n} army: territory [armies]: ", "Place up to {n} armies: territory [armies]: ",
                           most)
            else:
                ask = t.n_("Place {n} army of {neutral}: territory [armies]: ",
                           "Place up to {n} armies of {neutral}: territory [armies]: ", most)
            return ask.format(n=most, neutral=t.term("neutral")), ""
        if k is TRADE:
            lines = [f"  {i}) {self.set_text(cards)}" for i, cards in enumerate(d.options, 1)]
            if d.optional:
                ask = t._("Trade which set? (number, or '{no}'; Enter alone does not decline): ").format(
                    no=self.no_word())
            else:
                ask = t._("Trade which set? (number): ")
            return ask, "\n".join(self.wrapped(lines))
        if k is BONUS:
            lines = [f"  {i}) {self.tname(x)}" for i, x in enumerate(d.options, 1)]
            return t._("Place the card bonus on which territory? "), "\n".join(lines)
        if k is DISCARD:
            lines = [f"  {i}) {card_text(self.view, t, c)}" for i, c in enumerate(d.options, 1)]
            limit = self.view.rules.cards.hand_limit
            return t.n_("Over the hand limit of {n} card: discard which? (number): ",
                        "Over the hand limit of {n} cards: discard which? (number): ", limit).format(n=limit), \
                "\n".join(lines)
        if k is ATTACK:
            forbidden = forbidden_attacks(self.view, t, d)  # (what a card forbids, its sentence)
            lines = self.attack_list(d) + self.wrapped(["  " + line + "." for line in forbidden], 4)
            if t.voice("attack") == "liberation":
                # Translators: the liberation voice: choose a country to liberate (befreien)
                ask = t.p_("liberation", "Liberate: number or 'from to' [armies to keep]; Enter to stop: ")
            else:
                ask = t._("Attack: number or 'from to' [armies to keep]; Enter to stop: ")
            return ask, "\n".join(lines)
        if k is DICE:
            most = d.options[-1][0]
            if all(c == r for c, r in d.options):
                return t._("Armies (and dice) to send, {least}–{most} [{most}]: ").format(
                    least=d.options[0][0], most=most), ""
            return t._("Armies to send {least}–{most}, and dice up to that [{most} {most}]: ").format(
                least=d.options[0][0], most=most), "  " + committed_note(self.view.rules, t) \
                if committed_note(self.view.rules, t) else ""
        if k is DEFEND:
            return t._("Dice to defend {territory} with, {least}–{most} [{most}]: ").format(
                territory=self.tname(d.where[1]), least=d.options[0], most=d.options[-1]), self.attack_faced(d)
        if k is OCCUPY:
            return t._("Armies to move into {territory}, {least}–{most} [{most}]: ").format(
                territory=self.tname(d.where[1]), least=d.options[0], most=d.options[-1]), ""
        if k is FORTIFY:
            return t._("Move armies: 'from to [armies]', or Enter to end the turn: "), ""
        if k is REROLL:
            attack, defence = d.shown
            # Translators: Hasbro's experts' re-roll with a territory card; {rolls}, {defence}: dice, highest first
            return t._("Your dice {rolls} against {defence}: a face to roll again (a card of the territory), or "
                       "Enter to keep them: ").format(rolls=" ".join(map(str, attack)),
                                                      defence=" ".join(map(str, defence))), ""
        if k == PLAY:  # a card that does something (issue 44): each playable card with what it would do now
            lines = [f"  {i}) {card['text']}" for i, card in enumerate(playable(self.view, t, d.options), 1)]
            # Translators: {play}: the word that plays a card ('play bomb kamchatka')
            return t._("Play a card: '{play} NAME …' or its number, or Enter to play none: ").format(
                play=self.play_word()), "\n".join(self.wrapped(lines))
        if k == "order":  # orders given together (issue 45): terminal/orders.py
            return order_prompt(self, d)
        return f"{k}: ", ""

    def wrapped(self, lines: list[str], indent: int = 6) -> list[str]:
        """Lines wrapped at the width; a no-break space keeps words together, and is a blank after."""
        return [part.replace("\xa0", " ") for line in lines
                for part in textwrap.wrap(line, max(self.width - 1, 40), subsequent_indent=" " * indent)]

    # ---- attacks: numbered for the whole turn ----------------------------------------------------

    def attack_numbers(self, d: Decision) -> dict[tuple[int, int], int]:
        """Each attack offered, by its number: a number keeps meaning the same (from, to) for
        the whole turn; an attack new in the list gets the next number."""
        g = self.view
        if self._numbered_for != (g.turn, d.side):
            self._numbered_for = (g.turn, d.side)
            self._numbers = {}
        numbers = self._numbers
        for pair in d.options:
            if pair not in numbers:
                numbers[pair] = len(numbers) + 1
        return {pair: numbers[pair] for pair in d.options}

    def attack_list(self, d: Decision) -> list[str]:
        """The attacks, numbered, a line per attacking territory (wrapped to the width)."""
        t, g = self.t, self.view
        numbers = self.attack_numbers(d)
        by_source: dict[int, list[str]] = {}
        for (a, b), i in sorted(numbers.items(), key=lambda item: item[1]):
            by_source.setdefault(a, []).append(f"{i}) {self.tname(b)} ({self.armies_text(b)}, {self.owner_name(b)})")
        lines = []
        for a, targets in by_source.items():
            head = f"  {self.tname(a)} ({t.num(g.armies[a])}) →"
            lines += textwrap.wrap(f"{head} " + "  ".join(x.replace(" ", "\xa0") for x in targets),
                                   max(self.width - 1, 40), subsequent_indent=" " * 6)
        return [line.replace("\xa0", " ") for line in lines]

    # ---- the defender's view of the attack --------------------------------------------------------

    def attack_faced(self, d: Decision) -> str:
        """Who attacks the territory, from where, with how many armies and dice, and how the
        rolls of this battle went so far."""
        t, g = self.t, self.view
        source, target = d.where
        lines = [attack_faced(g, t, d.where, d.most)]
        rolls = self.table.rolls(g.board.territories[source], g.board.territories[target]) \
            if self.table is not None else []
        earlier, shown = rolls[:-ROLLS_SHOWN], rolls[-ROLLS_SHOWN:]
        if earlier:
            lines.append("  " + t.n_("{n} earlier roll: the attacker lost {lost}, the defender {killed}.",
                                     "{n} earlier rolls: the attacker lost {lost}, the defender {killed}.",
                                     len(earlier)).format(
                n=len(earlier), lost=sum(e["attacker_losses"] for e in earlier),
                killed=sum(e["defender_losses"] for e in earlier)))
        for i, e in enumerate(shown, len(earlier) + 1):
            # Translators: one roll of the battle a defender is asked about; {rolls}, {defence}: the dice, highest first
            lines.append("  " + t._("Roll {i}: {rolls} against {defence}; the attacker loses {lost}, "
                                    "the defender {killed}.").format(
                i=i, rolls=" ".join(map(str, e["attacker_dice"])), defence=" ".join(map(str, e["defender_dice"])),
                lost=e["attacker_losses"], killed=e["defender_losses"]))
        return "\n".join(self.wrapped(lines, 4))

    # ---- cards and mission ------------------------------------------------------------------------

    def card_text(self, card: int) -> str:
        return card_text(self.view, self.t, card)

    def set_text(self, cards) -> str:
        """A set as the trade prompt lists it: its cards, its worth, its territory bonus."""
        return set_text(self.view, self.t, cards)

    def hand_text(self) -> str:
        kinds = kinds_held_text(self.view, self.t)
        return hand_text(self.view, self.t) + (f"\n{kinds}" if kinds is not None else "")

    def mission_text(self) -> str:
        return mission_line(self.view, self.t)

    def turn_screen(self) -> list[str]:
        """What the turn's first screen ends with: the cards, and the mission if there is one."""
        kinds = kinds_held_text(self.view, self.t)
        lines = [hand_text(self.view, self.t)] + ([kinds] if kinds is not None else [])
        if self.view.mission is not None:
            lines.append(self.mission_text())
        return self.wrapped(lines, 2)

    # ---- help -------------------------------------------------------------------------------------

    def how_to_answer(self, d: Decision) -> str:
        t, k = self.t, d.kind
        if k is PLACE:
            return t._("Type a territory and a number of armies; several at once: 'peru 3 brazil 2'. "
                       "A territory alone takes all that are left.") if d.most > 1 or self.view.turn else \
                t._("Type a territory, or a territory and a number of armies for your next placing turns: "
                    "'peru 3 brazil 2'.")
        if k is ATTACK:
            return t._("Type the number of an attack, or 'from to': it goes on until the territory is taken. "
                       "A number after it stops the attack when that many armies are left; 'once' rolls once. "
                       "Enter ends your attacks.") + " " + \
                t._("An attack keeps its number for the whole turn: a number typed from an earlier list "
                    "means the same attack, or is refused if that attack is over.")
        if k is FORTIFY:
            if not self.view.rules.fortify.stay:  # `guard 0`: a territory may be emptied
                return t._("Type 'from to armies'; without a number all armies move. Enter ends the turn.")
            return t._("Type 'from to armies'; without a number all armies but one move. Enter ends the turn.")
        if k in (CLAIM, CAPITAL, BONUS, UNIT):
            return t._("Type a territory: its name or the start of it.")
        if k is DISCARD:
            return t._("Type the number of the card to discard.")
        if k is TRADE:
            return t._("Type the number of a set.") + (" " + t._(
                "'{no}' keeps the cards; Enter alone is no answer, so that no set is declined by accident.").format(
                no=self.no_word()) if d.optional else "")
        if k is DEFEND:
            return t._("Type how many dice you defend with; Enter takes the one in brackets. The attack and its "
                       "rolls so far are shown above the question.")
        if k is REROLL:
            return t._("You hold the card of a territory of this battle: type the face of one of your dice to "
                       "roll it again (the card stays in your hand); Enter keeps the dice.")
        if k == PLAY:
            return t._("Type '{play}', a card and its targets: {usages}. Enter plays none.").format(
                play=self.play_word(), usages="; ".join(f"'{self.play_usage(card)}'"
                                                       for card in playable(self.view, t, d.options)))
        return t._("Type a number in the range shown; Enter takes the one in brackets.")

    def options_text(self, d: Decision) -> str:
        if d.kind in (PLACE, CLAIM, CAPITAL, BONUS, UNIT):
            return ", ".join(sorted(self.tname(x) for x in d.options))
        if d.kind is FORTIFY:
            return ", ".join(f"{self.tname(a)} → {self.tname(b)}" for a, b in d.options)
        return ""

    def left_to_place(self, d: Decision) -> int:
        """Armies still to place (engine/sight.py: left_to_place)."""
        return left_to_place(self.view, d)
