"""A person at the terminal.

Options are numbered; territories may be typed by name, any unambiguous start of it, in
any case ("nor" for North Africa if nothing else starts so). Typed text is read strictly
(typed.py): a number prompt takes a number in its range or says the range. An
answer the rules do not allow is refused with the reason, and the question is asked again.

A turn takes few answers: `peru 3 brazil 2` places on two territories (in the setup too,
one army per placing turn, as the rules ask); an attack goes on until the territory is
taken (`peru brazil`) or until N armies are left (`peru brazil 3`), each battle still
rolled and logged as if every roll had been answered; `peru brazil once` rolls once.

The commands board, cards, mission, log, help and quit work at any prompt, in the game's
language and in English. End of input (Ctrl-D) and `quit` leave the game (`Quit`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from ..text.i18n import Text
from ..engine.decisions import (ATTACK, BONUS, CAPITAL, CLAIM, DEFEND, DICE, FORTIFY, N_, OCCUPY, PLACE, TRADE,
                         Decision)
from ..text.narrate import mission_text
from .board import board_view, territory_view
from ..engine.agents.base import Agent
from .typed import Unreadable, clean, groups, quote, split

STOP_WORDS = {"done", "end", "stop", "pass"}  # besides Enter and the game language's word for "done"

# The commands, in the order `help` lists them, with what each does.
COMMANDS = {
    "board": N_("the board; 'board NAME': a territory and its neighbours"),
    "cards": N_("your cards"),
    "mission": N_("your secret mission"),
    "log": N_("everything that happened since your last turn"),
    "help": N_("what this question takes, and these commands"),
    "quit": N_("leave the game (saved first if you play with --save)"),
}


def command_names(t: Text) -> dict[str, str]:
    """Each command's name in the game's language."""
    # Translators: the commands typed at any prompt; one word each, lower case, no spaces
    return {"board": t.p_("command", "board"), "cards": t.p_("command", "cards"),
            "mission": t.p_("command", "mission"), "log": t.p_("command", "log"),
            "help": t.p_("command", "help"), "quit": t.p_("command", "quit")}


class Quit(Exception):
    """The person left the game: `how` is 'eof' (end of input) or 'quit' (the command)."""

    def __init__(self, how: str = "eof"):
        super().__init__(how)
        self.how = how


class HumanAgent(Agent):
    kind = "human"

    def __init__(self, t: Text, read: Callable[[str], str] = input, write: Callable[[str], None] = print,
                 before_prompt: Callable[[], None] | None = None, history: Callable[[], str] | None = None,
                 color: bool = False, width: int = 80):
        self.t = t
        self.read = read
        self.write = write
        self.before_prompt = before_prompt
        self.history = history  # the full account of the other players' turns, for `log`
        self.color = color
        self.width = width
        self.pending: Decision | None = None
        self._board_shown: int | None = None  # the turn the board was last shown at its start
        self._plan: tuple[int, int, list[tuple[int, int]]] | None = None  # (turn, side, placements to come)
        self._blitz: tuple[int, int, int] | None = None  # (from, to, armies to keep): an attack going on
        names = command_names(t)
        self._commands = {name: key for key, name in names.items()} | {key: key for key in COMMANDS} | {"?": "help"}
        self._done = {t.p_("command", "done")} | STOP_WORDS
        self._once = {t.p_("command", "once"), "once"}

    # ---- asking ---------------------------------------------------------------------------

    def decide(self, d: Decision):
        self.pending = d  # what is being asked (for a test's typist, and for help)
        planned = self.planned(d)
        if planned is not None:
            return planned
        if len(d.options) == 1 and not d.optional and d.kind in (DICE, DEFEND, OCCUPY, BONUS):
            return d.options[0]  # nothing to choose
        if self.before_prompt is not None:
            self.before_prompt()
        g = self.view
        if self._board_shown != g.turn and (g.turn == 0 or g.active == self.seat) and d.kind is not DEFEND:
            self._board_shown = g.turn
            self.write(self.board())
        prompt, listing = self.describe(d)
        if listing:
            self.write(listing)
        while True:
            try:
                raw = self.read(prompt)
            except EOFError:
                raise Quit("eof") from None
            except UnicodeDecodeError:  # bytes that are no text in the terminal's encoding
                raw = "\ufffd"
            try:
                text = clean(raw)
                if self.command(d, text, listing):
                    continue
                answer, problem = self.parse(d, text)
            except Unreadable as err:
                answer, problem = None, self.t._(err.template).format(**err.values)
            if problem is None:
                refusal = d.check(answer)
                if refusal is None:
                    return answer
                problem = self.t._(refusal.template).format(**refusal.values)
                self._plan = self._blitz = None
            self.write(self.t._("Not allowed: {reason}.").format(reason=problem))

    def planned(self, d: Decision):
        """The answer an earlier one already gave (placements to come, an attack going on), or None."""
        g = self.view
        if d.kind is PLACE and self._plan is not None:
            turn, side, placements = self._plan
            if turn == g.turn and side == d.side and placements:
                answer = placements.pop(0)
                if not placements:
                    self._plan = None
                if d.check(answer) is None:
                    return answer
            self._plan = None
        if self._blitz is not None:
            source, target, keep = self._blitz
            if d.kind is ATTACK and (source, target) in d.options and g.armies[source] > keep:
                return source, target
            if d.kind is DICE and d.where == (source, target):
                room = g.armies[source] - keep
                fitting = [o for o in d.options if o[0] <= room]
                return fitting[-1] if fitting else d.options[0]
            if d.kind is not DEFEND:
                self._blitz = None
        return None

    def board(self) -> str:
        return board_view(self.view, self.t, self.seat, width=self.width, color=self.color)

    # ---- commands -------------------------------------------------------------------------

    def command(self, d: Decision, text: str, listing: str) -> bool:
        """Runs a command typed at the prompt; False if `text` is no command."""
        word, _, rest = text.partition(" ")
        key = self._commands.get(word.lower())
        if key is None:
            return False
        t, g = self.t, self.view
        if key == "board":
            if not rest:
                self.write(self.board())
            else:
                territory, problem = self.match(rest, range(g.size))
                self.write(territory_view(g, t, territory, color=self.color) if problem is None
                           else t._("Not allowed: {reason}.").format(reason=problem))
        elif key == "cards":
            self.write(self.hand_text())
        elif key == "mission":
            self.write(self.mission_text())
        elif key == "log":
            told = self.history() if self.history else ""
            self.write(told or t._("Nothing has happened since your last turn."))
        elif key == "help":
            self.write(self.help_text(d, listing))
        else:
            raise Quit("quit")
        return True

    def mission_text(self) -> str:
        t, g = self.t, self.view
        m = g.mission
        if m is not None:
            return t._("Your mission: {mission}.").format(mission=mission_text(m.data, t))
        if g.rules.victory == "missions":
            return t._("The missions are dealt when all armies are placed.")
        return t._("No mission in this game.")

    def help_text(self, d: Decision, listing: str) -> str:
        """What this question takes, its options, and the commands."""
        t = self.t
        lines = [textwrap.fill(self.how_to_answer(d), max(self.width - 1, 40))]
        if listing:
            lines.append(listing)
        elif self.options_text(d):
            lines.append(textwrap.fill(self.options_text(d), max(self.width - 1, 40)))
        lines.append(t._("Commands (at any question):"))
        names = command_names(t)
        for key, what in COMMANDS.items():
            name = names[key] if names[key] == key else f"{names[key]} ({key})"
            lines.append(f"  {name:<10} {t._(what)}")
        return "\n".join(lines)

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
                       "Enter ends your attacks.")
        if k is FORTIFY:
            return t._("Type 'from to armies'; without a number all armies but one move. Enter ends the turn.")
        if k in (CLAIM, CAPITAL, BONUS):
            return t._("Type a territory: its name or the start of it.")
        if k is TRADE:
            return t._("Type the number of a set.") + (" " + t._("Enter trades none.") if d.optional else "")
        return t._("Type a number in the range shown; Enter takes the one in brackets.")

    def options_text(self, d: Decision) -> str:
        if d.kind in (PLACE, CLAIM, CAPITAL, BONUS):
            return ", ".join(sorted(self.tname(x) for x in d.options))
        if d.kind is FORTIFY:
            return ", ".join(f"{self.tname(a)} → {self.tname(b)}" for a, b in d.options)
        return ""

    # ---- what to show ---------------------------------------------------------------------

    def tname(self, territory: int) -> str:
        return self.t.territory(self.view.board.territories[territory])

    def describe(self, d: Decision) -> tuple[str, str]:
        """The prompt for a decision, and the numbered options to show above it (or '')."""
        t, g = self.t, self.view
        k = d.kind
        liberation = t.voice("attack") == "liberation"
        if k is CLAIM:
            return t._("Claim a free territory: "), ""
        if k is CAPITAL:
            return t._("Choose your capital (one of your territories): "), ""
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
            lines = [f"  {i}) " + ", ".join(self.card_text(c) for c in cards) for i, cards in enumerate(d.options, 1)]
            ask = t._("Trade which set? (number, or Enter for none): ") if d.optional else t._("Trade which set? (number): ")
            return ask, "\n".join(lines)
        if k is BONUS:
            lines = [f"  {i}) {self.tname(x)}" for i, x in enumerate(d.options, 1)]
            return t._("Place the card bonus on which territory? "), "\n".join(lines)
        if k is ATTACK:
            lines = self.attack_list(d.options)
            if liberation:
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
                least=d.options[0][0], most=most), ""
        if k is DEFEND:
            return t._("Dice to defend {territory} with, {least}–{most} [{most}]: ").format(
                territory=self.tname(d.where[1]), least=d.options[0], most=d.options[-1]), ""
        if k is OCCUPY:
            return t._("Armies to move into {territory}, {least}–{most} [{most}]: ").format(
                territory=self.tname(d.where[1]), least=d.options[0], most=d.options[-1]), ""
        if k is FORTIFY:
            return t._("Move armies: 'from to [armies]', or Enter to end the turn: "), ""
        return f"{k}: ", ""

    def attack_list(self, options: list[tuple[int, int]]) -> list[str]:
        """The attacks, numbered, a line per attacking territory (wrapped to the width)."""
        t, g = self.t, self.view
        by_source: dict[int, list[str]] = {}
        for i, (a, b) in enumerate(options, 1):
            by_source.setdefault(a, []).append(
                f"{i}) {self.tname(b)} ({t.num(g.armies[b])}, {self.owner_name(b)})")
        lines = []
        for a, targets in by_source.items():
            head = f"  {self.tname(a)} ({t.num(g.armies[a])}) →"
            lines += textwrap.wrap(f"{head} " + "  ".join(x.replace(" ", "\xa0") for x in targets),
                                   max(self.width - 1, 40), subsequent_indent=" " * 6)
        return [line.replace("\xa0", " ") for line in lines]

    def owner_name(self, territory: int) -> str:
        return self.t.player(self.view.names[self.view.owner[territory]])

    def card_text(self, card: int) -> str:
        g = self.view
        if card >= g.size:
            return self.t.symbol("joker")
        return f"{self.t.symbol(g.board.symbols[g.board.card_symbol[card]])} {self.tname(card)}"

    def hand_text(self) -> str:
        hand = self.view.hand
        if not hand:
            return self.t._("You hold no cards.")
        return self.t._("Your cards: {cards}").format(cards=", ".join(self.card_text(c) for c in sorted(hand)))

    def left_to_place(self, d: Decision) -> int:
        """Armies still to place: the decision's own bound, or in the setup (one army a placing
        turn) all that the side has left to place."""
        g = self.view
        if d.most > 1 or g.turn > 0:
            return d.most
        rules = g.rules
        if d.side == g.neutral:
            return max(d.most, rules.neutral.armies - g.armies_of(d.side))
        return max(d.most, rules.starting_armies[g.players] - g.armies_of(d.side))

    # ---- reading answers ----------------------------------------------------------------------

    def match(self, text: str, candidates) -> tuple[int | None, str | None]:
        """The one territory among `candidates` whose name (or id) starts with `text`."""
        text = text.strip().lower().replace("_", " ")
        if not text:
            return None, self.t._("name a territory")
        board = self.view.board
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
            return None, self.t._("no territory starts with '{text}'").format(text=quote(text))
        return None, self.t._("'{text}' could be {names}").format(
            text=quote(text), names=", ".join(self.tname(x) for x in found[:5]))

    def in_range(self, tokens, least: int, most: int, default: int) -> tuple[int | None, str | None]:
        """One number from least to most (Enter: the default), or why not."""
        if not tokens:
            return default, None
        if len(tokens) == 1 and isinstance(tokens[0], int) and least <= tokens[0] <= most:
            return tokens[0], None
        return None, self.range_problem(least, most)

    def range_problem(self, least: int, most: int) -> str:
        if least == most:
            return self.t._("type {n} or press Enter").format(n=least)
        return self.t._("type a number from {least} to {most}").format(least=least, most=most)

    def parse(self, d: Decision, text: str):
        """(answer, None) or (None, why the text is not an answer)."""
        t = self.t
        k = d.kind
        if d.optional and (not text or text.lower() in self._done):
            return None, None
        tokens = split(text)
        if k in (CLAIM, CAPITAL, BONUS):
            if k is BONUS and len(tokens) == 1 and isinstance(tokens[0], int):
                i = tokens[0] - 1
                return (d.options[i], None) if 0 <= i < len(d.options) else (None, self.range_problem(1, len(d.options)))
            return self.match(text, d.options)
        if k is PLACE:
            return self.placements(d, tokens)
        if k is TRADE:
            if len(tokens) == 1 and isinstance(tokens[0], int) and 1 <= tokens[0] <= len(d.options):
                return d.options[tokens[0] - 1], None
            if d.optional:
                return None, t._("type a number from {least} to {most}, or Enter for none").format(
                    least=1, most=len(d.options))
            return None, self.range_problem(1, len(d.options))
        if k is ATTACK:
            return self.attack(d, tokens)
        if k is DICE:
            committed = sorted({c for c, _ in d.options})
            most = committed[-1]
            if not tokens:
                return d.options[-1], None
            if not all(isinstance(x, int) for x in tokens) or len(tokens) > 2 or not committed[0] <= tokens[0] <= most:
                return None, self.range_problem(committed[0], most)
            sent = tokens[0]
            rolled = tokens[1] if len(tokens) == 2 else max(r for c, r in d.options if c == sent)
            return (sent, rolled), None
        if k is DEFEND:
            return self.in_range(tokens, d.options[0], d.options[-1], d.options[-1])
        if k is OCCUPY:
            return self.in_range(tokens, d.options[0], d.options[-1], d.options[-1])
        if k is FORTIFY:
            armies = tokens[-1] if tokens and isinstance(tokens[-1], int) else None
            words = tokens[:-1] if armies is not None else tokens
            if not words or any(isinstance(x, int) for x in words):
                return None, t._("type 'from to armies'")
            pair, problem = self.pair(" ".join(words), d.options)
            if problem is not None:
                return None, problem
            most = self.view.armies[pair[0]] - 1
            if armies is None:
                armies = most
            elif not 1 <= armies <= most:
                return None, t._("move from 1 to {most} armies (one stays in {territory})").format(
                    most=most, territory=self.tname(pair[0]))
            return (pair[0], pair[1], armies), None
        return None, t._("unexpected question")

    def placements(self, d: Decision, tokens):
        """'peru 3 brazil 2': the first placement now, the others planned for the next questions."""
        t = self.t
        left = self.left_to_place(d)
        wanted = groups(tokens)
        if not wanted:
            return None, t._("name a territory")
        chosen: list[tuple[int, int | None]] = []
        for name, armies in wanted:
            if not name:
                return None, t._("name a territory before each number")
            territory, problem = self.match(name, d.options)
            if problem is not None:
                return None, problem
            chosen.append((territory, armies))
        given = sum(a for _, a in chosen if a is not None)
        if chosen[-1][1] is None:  # the last territory alone (only the last can be): the rest, or in the setup one
            rest = left - given if d.most > 1 or self.view.turn else 1
            chosen[-1] = (chosen[-1][0], rest)
        total = sum(a for _, a in chosen)
        if any(a < 1 for _, a in chosen) or total > left:
            return None, t.n_("you have {n} army to place", "you have {n} armies to place", left).format(n=left)
        steps: list[tuple[int, int]] = []
        for territory, armies in chosen:
            if d.most == 1:  # the setup: one army at a time
                steps += [(territory, 1)] * armies
            else:
                steps.append((territory, armies))
        first, rest = steps[0], steps[1:]
        self._plan = (self.view.turn, d.side, rest) if rest else None
        return first, None

    def attack(self, d: Decision, tokens):
        """'2', 'peru brazil', 'peru brazil 3' (stop at 3 armies left), 'peru brazil once'."""
        t = self.t
        once = bool(tokens) and isinstance(tokens[-1], str) and tokens[-1].lower() in self._once
        if once:
            tokens = tokens[:-1]
        keep = None
        if len(tokens) >= 2 and isinstance(tokens[-1], int):
            keep, tokens = tokens[-1], tokens[:-1]
        if len(tokens) == 1 and isinstance(tokens[0], int):
            i = tokens[0] - 1
            if not 0 <= i < len(d.options):
                return None, self.range_problem(1, len(d.options))
            pair = d.options[i]
        elif not tokens or any(isinstance(x, int) for x in tokens):
            return None, t._("type the number of an attack, or 'from to'")
        else:
            pair, problem = self.pair(" ".join(tokens), d.options)
            if problem is not None:
                return None, problem
        source = pair[0]
        if keep is not None and not 1 <= keep < self.view.armies[source]:
            return None, t._("keep from 1 to {most} armies in {territory}").format(
                most=self.view.armies[source] - 1, territory=self.tname(source))
        self._blitz = None if once else (pair[0], pair[1], keep or 1)
        return pair, None

    def pair(self, text: str, options: list[tuple[int, int]]):
        """'from to' typed as names (or starts of names), among the option pairs."""
        words = text.replace("->", " ").replace("→", " ").replace(",", " ").split()
        sources = [a for a, _ in options]
        if len(words) < 2:
            _, problem = self.match(text, sources)
            return None, problem or self.t._("type two territories: from and to")
        problem = None
        for cut in range(1, len(words)):
            source, why = self.match(" ".join(words[:cut]), sources)
            if source is not None:
                target, why = self.match(" ".join(words[cut:]), [b for a, b in options if a == source])
                if target is not None:
                    return (source, target), None
            problem = problem or why  # the first reading is what was most likely meant
        return None, problem or self.t._("type two territories: from and to")
