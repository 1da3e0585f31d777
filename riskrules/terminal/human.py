"""A person at the terminal.

Options are numbered; territories may be typed by name, any unambiguous start of it or of
its words, in any case, with or without accents ("nor afr" for North Africa, "sudeu" for
Südeuropa). Typed text is read strictly (typed.py): a number prompt takes a number in its
range or says the range. An answer the rules do not allow is refused with the reason (the
territory is not yours, does not border the other, has too few armies, …), and the question
is asked again (answers.py).

A turn takes few answers: `peru 3 brazil 2` places on two territories (in the setup too,
one army per placing turn, as the rules ask); an attack goes on until the territory is
taken (`peru brazil`) or until N armies are left (`peru brazil 3`), each battle still
rolled and logged as if every roll had been answered (but with more than 1,000 armies to spend:
then it is one answer, and the rolls that cannot end it are drawn at once, as the bots' are);
`peru brazil once` rolls once. An
attack keeps its number for the whole turn. A set of cards is declined only by the word for
no, never by Enter alone.

What is shown with a question (prompts.py): the turn's first screen is the board, what
happened since (the others' turns), the cards and the mission; a defender sees the attack
and its rolls so far; the sets are listed with their worth and territory bonus. With several
people at one terminal, every prompt names whose it is.

The commands board, cards, mission, log, help and quit work at any prompt, in the game's
language and in English. End of input (Ctrl-D) and `quit` leave the game (`Quit`).
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Callable

from ..engine.agents.base import Agent
from ..engine.decisions import ATTACK, DEFEND, DICE, N_, OCCUPY, BONUS, PLACE, Decision
from ..language.visibility import SEE_ALL
from ..text.i18n import Text, capitalized
from .answers import Answers
from .board import board_view, territory_view
from .orders import planned_order
from .plays import Plays
from .prompts import Prompts
from .typed import Unreadable, clean

STOP_WORDS = {"done", "end", "stop", "pass"}
PROMPT_STATES = 300_000  # the most states an 'odds' at the prompt computes (a fraction of a second)  # besides Enter and the game language's word for "done"

# The commands, in the order `help` lists them, with what each does.
COMMANDS = {
    "board": N_("the board; 'board NAME': a territory and its neighbours"),
    "cards": N_("your cards"),
    "mission": N_("your secret mission"),
    "log": N_("everything that happened since your last turn; 'log 2': the screen before, and so on"),
    "odds": N_("the chances of an attack from your territory through others: 'odds peru brazil argentina'"),
    "help": N_("what this question takes, and these commands"),
    "quit": N_("leave the game (saved first if you play with --save)"),
}


def command_names(t: Text) -> dict[str, str]:
    """Each command's name in the game's language."""
    # Translators: the commands typed at any prompt; one word each, lower case, no spaces
    return {"board": t.p_("command", "board"), "cards": t.p_("command", "cards"),
            "mission": t.p_("command", "mission"), "log": t.p_("command", "log"), "odds": t.p_("command", "odds"),
            "help": t.p_("command", "help"), "quit": t.p_("command", "quit")}


class Quit(Exception):
    """The person left the game: `how` is 'eof' (end of input) or 'quit' (the command)."""

    def __init__(self, how: str = "eof"):
        super().__init__(how)
        self.how = how


class HumanAgent(Prompts, Answers, Plays, Agent):
    kind = "human"

    def __init__(self, t: Text, read: Callable[[str], str] = input, write: Callable[[str], None] = print,
                 before_prompt: Callable[[], None] | None = None, history: Callable[[], str] | None = None,
                 color: bool = False, width: int = 80, table=None, height: int | None = None):
        self.t = t
        self.read = read
        self.write = write
        self.before_prompt = before_prompt
        self.history = history  # the full account of the other players' turns, for `log`
        self.color = color
        self.width = width
        self.height = height  # the terminal's lines, for paging `log` (None: asked when needed)
        self.table = table  # the table (table.py) that tells this terminal: the rolls of a battle, who sits here
        self.hot_seat = table is not None and len(table.people) > 1  # several people at one terminal
        self.pending: Decision | None = None
        self.defend_most = False  # defend with the most dice, unasked (`risk play --defend-most`)
        self._board_shown: int | None = None  # the turn the board was last shown at its start
        self._plan: tuple[int, int, list[tuple[int, int]]] | None = None  # (turn, side, placements to come)
        self._blitz: tuple[int, int, int] | None = None  # (from, to, armies to keep): an attack going on
        self._numbers: dict[tuple[int, int], int] = {}  # the attacks numbered this turn
        self._numbered_for: tuple[int, int] | None = None  # (turn, side) they were numbered for
        names = command_names(t)
        self._commands = {name: key for key, name in names.items()} | {key: key for key in COMMANDS} | {"?": "help"}
        self._done = {t.p_("command", "done")} | STOP_WORDS
        self._once = {t.p_("command", "once"), "once"}

    # ---- asking ---------------------------------------------------------------------------

    def decide(self, d: Decision):
        self.pending = d  # what is being asked (for a test's typist, and for help)
        if d.kind == "order":  # orders given together (issue 45): the list typed at once (orders.py)
            planned = planned_order(self, d)
            if planned is not ...:
                return planned
        planned = self.planned(d)
        if planned is not None:
            return planned
        if len(d.options) == 1 and not d.optional and d.kind in (DICE, DEFEND, OCCUPY, BONUS):
            return d.options[0]  # nothing to choose
        if d.kind is DEFEND and self.defend_most:
            return max(d.options)
        g = self.view
        if self._board_shown != g.turn and (g.turn == 0 or g.active == self.seat) and d.kind is not DEFEND:
            # the turn's first screen: the board, then what happened since (kept in view), the cards
            self._board_shown = g.turn
            self.write(self.board())
            if self.before_prompt is not None:
                self.before_prompt()
            if g.turn:
                for line in self.turn_screen():
                    self.write(line)
        elif self.before_prompt is not None:
            self.before_prompt()
        prompt, listing = self.describe(d)
        if self.hot_seat:
            prompt = f"[{capitalized(self.t.player(g.names[d.player]))}] {prompt}"
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
                return self.blitzed((source, target))
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
            self.write(self.log_page(rest))
        elif key == "odds":
            self.write(self.odds_text(rest))
        elif key == "help":
            self.write(self.help_text(d, listing))
        else:
            raise Quit("quit")
        return True

    def odds_text(self, text: str) -> str:
        """'odds FROM TO …': the exact chances of attacking from one of this seat's territories through
        a chain of bordering ones, with the armies this seat sees on them (engine/plans.py)."""
        from ..engine.plans import Plan, check, odds
        from ..text.plans import plan_text

        t, g = self.t, self.view
        chain, problem = self.chain(text)
        if problem is not None:
            return t._("Not allowed: {reason}.").format(reason=problem)
        level = getattr(g, "level", None)  # under fog: odds only on armies the seat sees
        hidden = [x for x in chain[1:] if level is not None and level[x] < SEE_ALL]
        if hidden:
            return t._("Not allowed: {reason}.").format(
                reason=t._("the armies in {territory} are hidden from you").format(territory=self.tname(hidden[0])))
        guard = g.rules.battle.guard  # (0 under `guard 0`: every army attacks, none stays in a territory taken)
        plan = Plan(max(0, g.armies[chain[0]] - guard), tuple(g.armies[x] for x in chain[1:]), guard)
        try:
            check(plan, PROMPT_STATES, guard)
        except ValueError:
            return t._("Not allowed: {reason}.").format(
                reason=t._("the chain is too long, or its armies too many, to compute at the table"))
        rule = t._("the most the rules allow")
        return plan_text(g.rules.id, plan, odds(g.rules.battle, plan), rule, t,
                         names=[self.tname(x) for x in chain[1:]], most=5)

    def log_page(self, which: str) -> str:
        """A screenful of the account since the person's last turn, wrapped at the terminal's
        width: the last one, or with 'log N' the N-th from the end."""
        t = self.t
        told = self.history() if self.history else ""
        if not told:
            return t._("Nothing has happened since your last turn.")
        if not which:
            page = 1
        elif which.isascii() and which.isdigit() and len(which) < 7 and int(which) >= 1:
            page = int(which)
        else:
            return t._("Not allowed: {reason}.").format(reason=t._("'{log}' takes a number: '{log} 2' is the "
                                                                   "screen before the last").format(
                log=command_names(t)["log"]))
        width = max(self.width - 1, 40)
        lines = [part for line in told.splitlines()
                 for part in (textwrap.wrap(line, width, subsequent_indent="  ") or [""])]
        height = self.height or shutil.get_terminal_size((80, 24)).lines
        size = max(height - 3, 5)  # the note below and the prompt stay on the screen
        pages = (len(lines) + size - 1) // size
        page = min(page, pages)
        end = len(lines) - (page - 1) * size
        start = max(0, end - size)
        shown = lines[start:end]
        if pages > 1:
            note = t._("Lines {first}–{last} of {total}.").format(first=start + 1, last=end, total=len(lines))
            if page < pages:
                note += " " + t._("'{log} {page}' shows the screen before.").format(
                    log=command_names(t)["log"], page=page + 1)
            shown.append(note)
        return "\n".join(shown)

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
