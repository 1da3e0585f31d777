"""Decisions: every choice a player makes, with its legal options and the reason an answer is not.

An agent (a human at the terminal, a bot, a test script, a saved log) answers a decision;
the engine checks every answer with `Decision.check` and never trusts it.

    kind      answer                                  None allowed
    claim     territory                               no
    place     (territory, armies), 1 ≤ armies ≤ most  no
    trade     a set from options (three card ids)     unless forced
    bonus     territory for the traded card's bonus   no
    attack    (from, to): one roll, or (from, to, keep):  yes: stop attacking
              until taken or `keep` armies are left
    dice      (armies committed, dice rolled)         no
    defend    dice                                    no
    occupy    armies moved into the conquered territory  no   (options: a range, however many)
    fortify   (from, to, armies)                      yes: stop
    capital   territory                               no
    discard   a card id from the hand (over a hand limit)  no
    reroll    a face of one's dice to roll again      yes: keep them   (marks: a card of the territory)
    play      a card that does something: (kind, …its targets); yes: play nothing more now
              a move (kind, from, to, armies)         (engine/cards/: put only to a holder of a kind
                                                       of the moment)
    order     (mode, from, to, armies): mode 0 either, yes: end the list   (orders given together:
              1 attack only, 2 transfer only          engine/schedule/orders.py, its own check)
"""

from __future__ import annotations

from typing import Any

def N_(message: str) -> str:
    """Marks a message for translation where it is defined; it is translated where shown."""
    return message


class Refusal(str):
    """Why an answer is not allowed: English as a string, and its template and values, so
    that the human agent can show it in the player's language."""

    def __new__(cls, template: str, **values):
        text = super().__new__(cls, template.format(**values))
        text.template = template
        text.values = values
        return text


CLAIM = "claim"
PLACE = "place"
TRADE = "trade"
BONUS = "bonus"
ATTACK = "attack"
DICE = "dice"
DEFEND = "defend"
OCCUPY = "occupy"
FORTIFY = "fortify"
CAPITAL = "capital"
DISCARD = "discard"
REROLL = "reroll"  # Hasbro's experts: re-roll one die with a card of the territory (language/marks.py)
PLAY = "play"  # a card that does something (issue 44): engine/cards/play.py
UNIT = "unit"  # where a special unit starts (issue 45): one of the seat's territories (engine/units.py)


_NOT_AN_OPTION = {
    CLAIM: N_("not a free territory"),
    TRADE: N_("not a set of cards you hold"),
    BONUS: N_("not a territory of the traded cards that you hold"),
    ATTACK: N_("that attack is not allowed"),
    DICE: N_("not an allowed number of armies and dice"),
    DEFEND: N_("not an allowed number of dice"),
    OCCUPY: N_("not an allowed number of armies to move"),
    CAPITAL: N_("not one of your territories"),
    DISCARD: N_("not a card you hold"),
    REROLL: N_("not a face of one of your dice"),
    PLAY: N_("not a card you may play on that now"),
    UNIT: N_("not one of your territories"),
}


def _plain(answer: Any) -> bool:
    """An answer made of what options are made of: an int, or a tuple of ints — exactly, not a
    float, a bool or another type whose values compare equal to them."""
    kind = type(answer)
    if kind is int:
        return True
    if kind is not tuple:
        return False
    for x in answer:  # (a loop, not all() over a generator: every answer of every checked agent comes here)
        if type(x) is not int:
            return False
    return True


class Decision:
    """A choice put to one player: its kind, the legal options, and who is concerned.

    `player` answers; `side` is the army concerned (the neutral army when the other
    player places or attacks for it). `most` bounds the armies of a place answer (of a defend
    decision: the dice the attacker rolls); `where` is the (from, to) of the battle a dice,
    defend or occupy decision belongs to.
    Options are shared and read-only.
    """

    __slots__ = ("kind", "player", "side", "options", "optional", "most", "where", "view", "shown")

    def __init__(self, kind: str, player: int, options: list | range, side: int | None = None,
                 optional: bool = False, most: int = 0, where: tuple[int, int] | None = None, view: Any = None,
                 shown: tuple = ()):
        # (the engine passes these by position on its hot path: half the cost of keywords)
        self.kind = kind
        self.player = player
        self.side = player if side is None else side
        self.options = options
        self.optional = optional
        self.most = most
        self.where = where
        self.view = view  # the asked seat's Sight, set when the decision is put
        self.shown = shown  # a reroll decision: (the attacker's dice, the defender's dice) just rolled

    def check(self, answer: Any) -> Refusal | None:
        """None if `answer` is legal, else why not (in words a player understands)."""
        if answer is None:
            return None if self.optional else Refusal(N_("an answer is required"))
        kind = self.kind
        if not _plain(answer):  # 3.0 or True equal the option 3 or 1, and would be taken, then kept
            if kind == PLACE:
                return Refusal(N_("expected a territory and a number of armies"))
            if kind == FORTIFY:
                return Refusal(N_("expected from, to and a number of armies"))
            return Refusal(_NOT_AN_OPTION.get(kind, N_("not an option")))
        if kind == PLACE:
            if not (isinstance(answer, tuple) and len(answer) == 2):
                return Refusal(N_("expected a territory and a number of armies"))
            territory, armies = answer
            if territory not in self.options:
                return Refusal(N_("not a territory you may place on"))
            if not isinstance(armies, int) or not 1 <= armies <= self.most:
                return Refusal(N_("place between 1 and {most} armies"), most=self.most)
            return None
        if kind == FORTIFY:
            if not (isinstance(answer, tuple) and len(answer) == 3):
                return Refusal(N_("expected from, to and a number of armies"))
            source, target, armies = answer
            if (source, target) not in self.options:
                return Refusal(N_("armies cannot move between those territories now"))
            stay = self.view.rules.fortify.stay
            most = self.view.armies[source] - stay
            if not isinstance(armies, int) or not 1 <= armies <= most:
                if not stay:  # `guard 0`: a territory may be emptied
                    return Refusal(N_("move between 1 and {most} armies"), most=most)
                return Refusal(N_("move between 1 and {most} armies (one must stay behind)"), most=most)
            return None
        if kind == ATTACK and type(answer) is tuple and len(answer) == 3:
            if answer[:2] not in self.options:
                return Refusal(_NOT_AN_OPTION[ATTACK])
            most = self.view.armies[answer[0]] - 1
            if not 1 <= answer[2] <= most:
                return Refusal(N_("keep between 1 and {most} armies in the attacking territory"), most=most)
            return None
        if answer not in self.options:
            return Refusal(_NOT_AN_OPTION.get(kind, N_("not an option")))
        return None

    def __repr__(self) -> str:
        return f"Decision({self.kind}, player={self.player}, side={self.side}, {len(self.options)} options)"


_SLOT = Decision.options  # the options' own slot, under Later's property


class Later(Decision):
    """A Decision whose options are made when first read, by `make()`: a bot that answers without
    reading them (the random bot stopping) never pays for them. Made only where nothing changes
    between the question and its answer, so that they are the options of the moment it is put."""

    __slots__ = ("make",)

    def __init__(self, kind: str, player: int, make, side: int, optional: bool):
        self.make = make
        Decision.__init__(self, kind, player, None, side, optional)

    @property
    def options(self) -> list:
        options = _SLOT.__get__(self)
        if options is None:
            options = self.make()
            _SLOT.__set__(self, options)
        return options

    @options.setter
    def options(self, options: list | None) -> None:
        _SLOT.__set__(self, options)


class Regions(Later):
    """A fortify question along chains of one's own territories (`path connected`) whose options,
    made when read, are every pair of territories of one region (from one holding armies to
    move): `reach` gives the regions themselves (territory → its region's territories, ascending,
    itself included; the same list for each member), from which a bot may answer without them."""

    __slots__ = ("reach",)

    def __init__(self, kind: str, player: int, make, side: int, optional: bool, reach: list[list[int]]):
        Later.__init__(self, kind, player, make, side, optional)
        self.reach = reach
