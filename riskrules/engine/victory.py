"""Victory: the checks the rules call for, compiled once into functions (after every change in
play, and at the start and end of a turn for missions), the end by the round limit, and what
the checks read (missions fulfilled, capitals held)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..language.rules import Rules

TURN_START, TURN_END = "turn_start", "turn_end"

Check = Callable[[Any], None]  # a game → None, or it ends the game (Game.end raises GameOver)

# ---- after every change in play (Game.changed) ------------------------------------------------------
# One function a victory, each test in the order Game.changed has always made them: the rules'
# victory, then the last player standing (written out in each, for a single call per change;
# the end itself in _last_one_wins), the teams' test before both in a game of teams.


def _last_one_wins(game: Any) -> None:
    """The last player standing wins whatever the goal (missions of the dead are moot)."""
    last = game.alive.index(True)
    game.end(last, "domination" if game.territory_count[last] == game.in_play else "opponent_eliminated")


def _last_standing(game: Any) -> None:
    """A victory with no test of its own after a change (missions at a moment of one's own
    turn, assassin: see compile_victory)."""
    if game.alive[:game.players].count(True) == 1:
        _last_one_wins(game)


def _any_mission(game: Any) -> None:
    """Missions fulfilled "immediately": anyone's, at any moment."""
    for seat in game._from_active():
        if game.mission_done(seat):
            game.end(seat, "mission")
    if game.alive[:game.players].count(True) == 1:
        _last_one_wins(game)


def _active_mission(game: Any) -> None:
    """Missions fulfilled "during own turn": the player whose turn it is, at any moment of it."""
    active = game.active
    if active >= 0 and game.alive[active] and game.mission_done(active):
        game.end(active, "mission")
    if game.alive[:game.players].count(True) == 1:
        _last_one_wins(game)


def _domination(game: Any) -> None:
    if game.in_play in game.territory_count:  # (removed territories are out of play)
        game.end(game.territory_count.index(game.in_play), "domination")
    if game.alive[:game.players].count(True) == 1:
        _last_one_wins(game)


def _capitals(game: Any) -> None:
    for seat in game._from_active():
        if game.capitals_held(seat) >= game.value(game.rules.capitals.needed[game.players], seat):
            game.end(seat, "capitals")
    if game.alive[:game.players].count(True) == 1:
        _last_one_wins(game)


def _opponents_eliminated(game: Any) -> None:
    """The last player standing's test, with its own reason (and no other after it)."""
    if game.alive[:game.players].count(True) == 1:
        game.end(game.alive.index(True), "opponent_eliminated")


def _team_standing(game: Any) -> None:
    """A team wins when every other team is out."""
    standing = {game.team[s] for s in range(game.players) if game.alive[s]}
    if len(standing) == 1:
        active = game.active
        winner = active if active >= 0 and game.alive[active] else game.alive.index(True)
        game.end(winner, "team")


def _objective_first(victory: Check, objective: tuple[int, ...]) -> Check:
    """`victory … or objective`: whoever holds every territory of the objective wins, at the
    change that completes it (before the rules' own victory), whoever's turn it is."""
    first, rest = objective[0], objective[1:]

    def check(game: Any) -> None:
        owner = game.owner
        holder = owner[first]
        if holder >= 0 and holder != game.neutral and all(owner[t] == holder for t in rest):
            game.end(holder, "objective")
        victory(game)
    return check


def _teams_first(victory: Check) -> Check:
    def check(game: Any) -> None:
        _team_standing(game)
        victory(game)
    return check


_VICTORY: dict[str, Check] = {
    "domination": _domination,
    "capitals": _capitals,
    "opponents_eliminated": _opponents_eliminated,
}
_MISSIONS: dict[str, Check] = {  # by mission timing: those that win at any moment
    "immediately": _any_mission,
    "during_own_turn": _active_mission,
}


def compile_victory(rules: Rules, teams: bool) -> Check:
    """What Game.changed checks, once for a game (and its copies): the teams' test (when there
    are teams), then the rules' victory, then the last player standing. Missions that win only
    at the start or end of one's own turn, or a full round after declaring, are checked then
    (compile_mission_moments); an assassin's win, at the elimination (Game.eliminate)."""
    if rules.victory == "missions":
        victory = _MISSIONS.get(rules.mission_timing, _last_standing)
    else:
        victory = _VICTORY.get(rules.victory, _last_standing)
    if rules.objective:
        victory = _objective_first(victory, rules.objective)
    return _teams_first(victory) if teams else victory


def armies_read(rules: Rules) -> bool:
    """Whether the checks after a change (compile_victory) may read armies. Domination and the last
    player standing (with an objective and teams too) read owners and who is alive only: a
    placement or a fortify move, which changes neither, cannot change what they find."""
    return rules.victory not in ("domination", "opponents_eliminated")


# ---- at the start and the end of one's own turn (missions) ----------------------------------------


def _all_checks(game: Any) -> None:
    """"immediately": everyone's, as after any change (one held since the deal, say)."""
    game.changed()


def _own_mission(game: Any) -> None:
    seat = game.active
    if game.mission_done(seat):
        game.end(seat, "mission")


def _declared_a_round_ago(game: Any) -> None:
    """A full round after declaring, at the start of the turn: still fulfilled, it wins."""
    seat = game.active
    declared, game.declared[seat] = game.declared[seat], False
    if declared and game.mission_done(seat):
        game.end(seat, "mission")


def _declare(game: Any) -> None:
    """At the end of the turn: a fulfilled mission is declared, to win a full round later."""
    seat = game.active
    if game.mission_done(seat):
        game.declared[seat] = True
        game._event("mission_declared", seat)


_MISSION_MOMENTS: dict[str, tuple[Check | None, Check | None]] = {  # timing → (at TURN_START, at TURN_END)
    "immediately": (_all_checks, _all_checks),
    "during_own_turn": (_own_mission, None),  # fulfilled in another's turn, it wins at the start of one's own
    "start_of_own_turn": (_own_mission, None),
    "end_of_own_turn": (None, _own_mission),
    "full_round_after_declaring": (_declared_a_round_ago, _declare),
}


def compile_mission_moments(timing: str | None) -> tuple[Check | None, Check | None]:
    """What the active player's mission checks at the start and at the end of his turn (None:
    nothing), by the rules' mission timing (None without missions)."""
    if timing is None:
        return None, None
    return _MISSION_MOMENTS[timing]


class Victory:
    """The victory checks of a `Game` (a part of it: see game.py)."""

    def changed(self) -> None:
        """Every change in play to what a victory condition reads comes here: a placement, a
        card's territory bonus, a conquest (with a capital it takes and a player it puts out),
        an elimination, a fortify move. Has anyone won, as the rules let him win now? (The
        checks the rules call for, in order: see compile_victory.)"""
        self._victory(self)

    def end_by_round_limit(self) -> None:
        """The rounds are up: the most territories, armies, continents' bonus or points wins;
        between the best the rules' tie-breaks decide in order (`then …`); equal on all, a draw."""
        rules = self.rules
        leaders = [s for s in range(self.players) if self.alive[s]]
        for by in (rules.round_limit_by, *rules.round_limit_then):
            score = {s: self.score(by, s) for s in leaders}
            best = max(score.values())
            leaders = [s for s in leaders if score[s] == best]
            if len(leaders) == 1:
                break
        self.end(leaders[0] if len(leaders) == 1 else None, "round_limit")

    def score(self, by: str, seat: int) -> int:
        """A player's count by a round limit's measure: territories, armies, continent_bonus
        (the bonuses of the continents he holds) or points (the rules' `points`)."""
        if by == "territories":
            return self.territory_count[seat]
        if by == "armies":
            return self.armies_of(seat)
        if by == "points":
            return self.value(self.rules.points, seat)
        bonus = self.rules.continent_bonus
        return sum(self.value(bonus[k], seat) for k in self.held_continents(seat))

    def mission_moment(self, moment: str) -> None:
        """At the start (TURN_START) or the end (TURN_END) of the active player's turn: does
        his fulfilled mission win now? A mission the player fulfilled in another's turn waits
        for this (during one's own turn); some timings count only here. (The turn loop calls
        the check of each moment directly: see compile_mission_moments.)"""
        check = self._at_turn_start if moment == TURN_START else self._at_turn_end
        if check is not None:
            check(self)

    def _from_active(self) -> list[int]:
        start = self.active if self.active >= 0 else 0
        return [s for s in ((start + i) % self.players for i in range(self.players)) if self.alive[s]]

    def capitals_held(self, seat: int) -> int:
        own = self.capital[seat]
        if own is None or self.owner[own] != seat:
            return 0  # "En spelare kan inte vinna om han inte själv behärskar sin ursprungliga huvudstad"
        return sum(1 for t in self.capital_owner if self.owner[t] == seat)

    def mission_done(self, seat: int) -> bool:
        m = self.missions[seat]
        if m is None:
            return False
        if m.kind == "occupy":
            if self.territory_count[seat] < m.count:
                return False
            owner, armies = self.owner, self.armies
            least = self.value(m.armies, seat)
            return sum(1 for t in range(self.size) if owner[t] == seat and armies[t] >= least) >= \
                self.value(m.count, seat)
        if m.kind == "destroy":
            target = self.colour_seat[m.colour]
            if not self.rules.destroy_own_kill or self.alive[target]:
                return not self.alive[target]
            # Domination: only one's own kill counts; another's turns the mission into its fallback
            return self.killer[target] == seat or self.territory_count[seat] >= self.value(m.count, seat)
        if not all(self.holds(seat, k) for k in m.continents):
            return False
        return m.extra == 0 or any(self.holds(seat, k) for k in range(len(self.members)) if k not in m.continents)
