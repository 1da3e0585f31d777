"""A person at the terminal.

Options are numbered; territories may be typed by name, any unambiguous start of it,
in any case ("nor" for North Africa if nothing else starts so). An answer the rules do
not allow is refused with the reason, and the question is asked again. `board`, `cards`,
`mission` and `help` work at any prompt; end of input (Ctrl-D) quits.
"""

from __future__ import annotations

from collections.abc import Callable

from ...text.i18n import Text
from ..decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, FORTIFY, OCCUPY, PLACE, TRADE,
                         Decision)
from ..narrate import mission_text, render_board
from .base import Agent

STOP_WORDS = {"", "done", "end", "stop", "no", "n", "pass"}


class Quit(Exception):
    """The person left the game (end of input)."""


class HumanAgent(Agent):
    kind = "human"

    def __init__(self, t: Text, read: Callable[[str], str] = input, write: Callable[[str], None] = print,
                 before_prompt: Callable[[], None] | None = None):
        self.t = t
        self.read = read
        self.write = write
        self.before_prompt = before_prompt
        self._shown = None
        self.pending: Decision | None = None

    # ---- asking ---------------------------------------------------------------------------

    def decide(self, d: Decision):
        self.pending = d  # what is being asked (for a test's typist, and for help)
        if len(d.options) == 1 and not d.optional and d.kind in (DICE, DEFEND, OCCUPY, BONUS):
            return d.options[0]  # nothing to choose
        moment = (self.game.turn, d.kind if d.kind in (PLACE, ATTACK, FORTIFY, CLAIM) else None)
        if moment != self._shown and d.kind in (PLACE, ATTACK, FORTIFY, CLAIM, CAPITAL):
            self._shown = moment
            self.write(render_board(self.game, self.t, self.seat))
        if self.before_prompt is not None:
            self.before_prompt()
        prompt, options_text = self.describe(d)
        if options_text:
            self.write(options_text)
        while True:
            try:
                raw = self.read(prompt)
            except EOFError:
                raise Quit() from None
            text = raw.strip()
            word = text.lower()
            if word in ("board", "b"):
                self.write(render_board(self.game, self.t, self.seat))
                continue
            if word in ("cards", "hand"):
                self.write(self.hand_text())
                continue
            if word == "mission":
                m = self.game.missions[self.seat]
                self.write(mission_text(m.data, self.t) if m else self.t._("No mission in this game."))
                continue
            if word in ("help", "?"):
                self.write(options_text or self.help_text(d))
                continue
            answer, problem = self.parse(d, text)
            if problem is None:
                refusal = d.check(answer)
                if refusal is None:
                    return answer
                problem = self.t._(refusal.template).format(**refusal.values)
            self.write(self.t._("Not allowed: {reason}.").format(reason=problem))

    # ---- what to show ---------------------------------------------------------------------

    def tname(self, territory: int) -> str:
        return self.t.territory(self.game.board.territories[territory])

    def describe(self, d: Decision) -> tuple[str, str]:
        """The prompt for a decision, and the numbered options to show above it (or '')."""
        t, g = self.t, self.game
        k = d.kind
        liberation = t.voice("attack") == "liberation"
        if k is CLAIM:
            return t._("Claim a free territory: "), ""
        if k is CAPITAL:
            return t._("Choose your capital (one of your territories): "), ""
        if k is PLACE:
            if d.side == d.player:
                ask = t.n_("Place {n} army: territory [armies]: ", "Place up to {n} armies: territory [armies]: ",
                           d.most)
            else:
                ask = t.n_("Place {n} army of {neutral}: territory [armies]: ",
                           "Place up to {n} armies of {neutral}: territory [armies]: ", d.most)
            return ask.format(n=d.most, neutral=t.term("neutral")), ""
        if k is TRADE:
            lines = [f"  {i}) " + ", ".join(self.card_text(c) for c in cards) for i, cards in enumerate(d.options, 1)]
            ask = t._("Trade which set? (number, or Enter for none): ") if d.optional else t._("Trade which set? (number): ")
            return ask, "\n".join(lines)
        if k is BONUS:
            lines = [f"  {i}) {self.tname(x)}" for i, x in enumerate(d.options, 1)]
            return t._("Place the card bonus on which territory? "), "\n".join(lines)
        if k is ATTACK:
            lines = [f"  {i}) {self.tname(a)} ({t.num(g.armies[a])}) → {self.tname(b)} ({t.num(g.armies[b])}, "
                     f"{self.owner_name(b)})" for i, (a, b) in enumerate(d.options, 1)]
            if liberation:
                # Translators: the liberation voice: choose a country to liberate (befreien)
                ask = t.p_("liberation", "Liberate: a number, or 'from to'; Enter to stop: ")
            else:
                ask = t._("Attack: a number, or 'from to'; Enter to stop: ")
            return ask, "\n".join(lines)
        if k is DICE:
            most = d.options[-1][0]
            if all(c == r for c, r in d.options):
                return t._("Armies (and dice) to send, 1–{most} [{most}]: ").format(most=most), ""
            return t._("Armies to send 1–{most}, and dice up to that [{most} {most}]: ").format(most=most), ""
        if k is DEFEND:
            return t._("Dice to defend {territory} with, 1–{most} [{most}]: ").format(
                territory=self.tname(d.where[1]), most=d.options[-1]), ""
        if k is OCCUPY:
            return t._("Armies to move into {territory}, {least}–{most} [{most}]: ").format(
                territory=self.tname(d.where[1]), least=d.options[0], most=d.options[-1]), ""
        if k is FORTIFY:
            return t._("Move armies: 'from to armies', or Enter to end the turn: "), ""
        return f"{k}: ", ""

    def help_text(self, d: Decision) -> str:
        """What may be answered, for `help` at a prompt that shows no numbered list."""
        if d.kind in (PLACE, CLAIM, CAPITAL, BONUS):
            return ", ".join(sorted(self.tname(x) for x in d.options))
        if d.kind is FORTIFY:
            return ", ".join(f"{self.tname(a)} → {self.tname(b)}" for a, b in d.options)
        return self.t._("Type board, cards or mission to look around.")

    def owner_name(self, territory: int) -> str:
        return self.t.player(self.game.names[self.game.owner[territory]])

    def card_text(self, card: int) -> str:
        g = self.game
        if card >= g.size:
            return self.t.symbol("joker")
        return f"{self.t.symbol(g.board.symbols[g.board.card_symbol[card]])} {self.tname(card)}"

    def hand_text(self) -> str:
        hand = self.game.hands[self.seat]
        if not hand:
            return self.t._("You hold no cards.")
        return self.t._("Your cards: {cards}").format(cards=", ".join(self.card_text(c) for c in sorted(hand)))

    # ---- reading answers ----------------------------------------------------------------------

    def match(self, text: str, candidates: list[int]) -> tuple[int | None, str | None]:
        """The one territory among `candidates` whose name (or id) starts with `text`."""
        text = text.strip().lower().replace("_", " ")
        if not text:
            return None, self.t._("name a territory")
        board = self.game.board
        found = []
        for x in dict.fromkeys(candidates):
            names = {self.tname(x).lower(), board.territories[x].replace("_", " ")}
            if any(n == text for n in names):
                return x, None
            if any(n.startswith(text) for n in names):
                found.append(x)
        if len(found) == 1:
            return found[0], None
        if not found:
            elsewhere = [x for x in range(board.size) if self.tname(x).lower().startswith(text)
                         or board.territories[x].replace("_", " ").startswith(text)]
            if len(elsewhere) == 1:
                return None, self.t._("{territory} is not one you can choose here").format(
                    territory=self.tname(elsewhere[0]))
            return None, self.t._("no territory starts with '{text}'").format(text=text)
        return None, self.t._("'{text}' could be {names}").format(
            text=text, names=", ".join(self.tname(x) for x in found[:5]))

    def parse(self, d: Decision, text: str):
        """(answer, None) or (None, why the text is not an answer)."""
        t = self.t
        k = d.kind
        word = text.lower()
        if d.optional and word in STOP_WORDS:
            return None, None
        numbers = [int(w) for w in word.split() if w.isdigit()]
        words = [w for w in text.split() if not w.isdigit()]
        if k in (CLAIM, CAPITAL, BONUS):
            if word.isdigit() and k is BONUS:
                i = int(word) - 1
                return (d.options[i], None) if 0 <= i < len(d.options) else (None, t._("no such number"))
            return self.match(text, d.options)
        if k is PLACE:
            if not words:
                return None, t._("name a territory")
            territory, problem = self.match(" ".join(words), d.options)
            armies = numbers[0] if numbers else d.most
            return ((territory, armies), None) if problem is None else (None, problem)
        if k is TRADE:
            if word.isdigit() and 1 <= int(word) <= len(d.options):
                return d.options[int(word) - 1], None
            return None, t._("type the number of a set")
        if k is ATTACK:
            if word.isdigit():
                i = int(word) - 1
                return (d.options[i], None) if 0 <= i < len(d.options) else (None, t._("no such number"))
            return self.pair(text, d.options)
        if k is DICE:
            if not numbers:
                return d.options[-1], None
            committed = numbers[0]
            rolled = numbers[1] if len(numbers) > 1 else committed
            return (committed, rolled), None
        if k in (DEFEND, OCCUPY):
            return (numbers[0] if numbers else d.options[-1]), None
        if k is FORTIFY:
            if len(numbers) != 1 or not words:
                return None, t._("type 'from to armies'")
            pair, problem = self.pair(" ".join(words), d.options)
            return ((pair[0], pair[1], numbers[0]), None) if problem is None else (None, problem)
        return None, t._("unexpected question")

    def pair(self, text: str, options: list[tuple[int, int]]):
        """'from to' typed as names (or starts of names), among the option pairs."""
        words = text.replace("->", " ").replace("→", " ").replace(",", " ").split()
        sources = [a for a, _ in options]
        problem = None
        for cut in range(1, len(words)):
            source, why = self.match(" ".join(words[:cut]), sources)
            if source is not None:
                target, why = self.match(" ".join(words[cut:]), [b for a, b in options if a == source])
                if target is not None:
                    return (source, target), None
            problem = problem or why  # the first reading is what was most likely meant
        return None, problem or self.t._("type two territories: from and to")
