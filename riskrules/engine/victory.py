"""Victory: has anyone won (after every change in play, at the start and end of a turn for
missions), the end by the round limit, and what the checks read (missions fulfilled, capitals
held)."""

from __future__ import annotations

TURN_START, TURN_END = "turn_start", "turn_end"
# at which end of one's own turn a fulfilled mission wins, by timing (besides the moment it is
# fulfilled, for "during own turn": Game.changed)
_MISSION_MOMENTS = {
    "during_own_turn": (TURN_START,),
    "start_of_own_turn": (TURN_START,),
    "end_of_own_turn": (TURN_END,),
}


class Victory:
    """The victory checks of a `Game` (a part of it: see game.py)."""

    def changed(self) -> None:
        """Every change in play to what a victory condition reads comes here: a placement, a
        card's territory bonus, a conquest (with a capital it takes and a player it puts out),
        an elimination, a fortify move. Has anyone won, as the rules let him win now?"""
        rules = self.rules
        victory = rules.victory
        if self.friends is not None:  # a team wins when every other team is out
            standing = {self.team[s] for s in range(self.players) if self.alive[s]}
            if len(standing) == 1:
                active = self.active
                winner = active if active >= 0 and self.alive[active] else self.alive.index(True)
                self.end(winner, "team")
        if victory == "missions":
            timing = rules.mission_timing
            if timing == "immediately":  # anyone, at any moment
                for seat in self._from_active():
                    if self.mission_done(seat):
                        self.end(seat, "mission")
            elif timing == "during_own_turn":  # the player whose turn it is, at any moment of it
                active = self.active
                if active >= 0 and self.alive[active] and self.mission_done(active):
                    self.end(active, "mission")
            # start and end of one's own turn, a full round after declaring: see mission_moment
        elif victory == "domination":
            if self.size in self.territory_count:
                self.end(self.territory_count.index(self.size), "domination")
        elif victory == "opponents_eliminated":
            if self.alive[:self.players].count(True) == 1:
                self.end(self.alive.index(True), "opponent_eliminated")
            return
        elif victory == "capitals":
            for seat in self._from_active():
                if self.capitals_held(seat) >= self.value(rules.capitals.needed[self.players], seat):
                    self.end(seat, "capitals")
        if self.alive[:self.players].count(True) == 1:
            # the last player standing wins whatever the goal (missions of the dead are moot)
            last = self.alive.index(True)
            self.end(last, "domination" if self.territory_count[last] == self.size else "opponent_eliminated")

    def end_by_round_limit(self) -> None:
        """The rounds are up: the most territories, armies or continents' bonus wins; a tie
        between the best is a draw."""
        by = self.rules.round_limit_by
        seats = [s for s in range(self.players) if self.alive[s]]
        if by == "territories":
            score = {s: self.territory_count[s] for s in seats}
        elif by == "armies":
            score = {s: self.armies_of(s) for s in seats}
        else:
            bonus = self.rules.continent_bonus
            score = {s: sum(self.value(bonus[k], s) for k in self.held_continents(s)) for s in seats}
        best = max(score.values())
        leaders = [s for s in seats if score[s] == best]
        self.end(leaders[0] if len(leaders) == 1 else None, "round_limit")

    def mission_moment(self, moment: str) -> None:
        """At the start (TURN_START) or the end (TURN_END) of the active player's turn: does
        his fulfilled mission win now? A mission the player fulfilled in another's turn waits
        for this (during one's own turn); some timings count only here."""
        seat = self.active
        timing = self.rules.mission_timing
        if timing == "immediately":  # anyone's, held since the deal, say
            self.changed()
        elif timing == "full_round_after_declaring":
            if moment == TURN_START:
                declared, self.declared[seat] = self.declared[seat], False
                if declared and self.mission_done(seat):
                    self.end(seat, "mission")
            elif self.mission_done(seat):
                self.declared[seat] = True
                self._event("mission_declared", seat)
        elif moment in _MISSION_MOMENTS[timing] and self.mission_done(seat):
            self.end(seat, "mission")

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
            return not self.alive[self.colour_seat[m.colour]]
        if not all(self.holds(seat, k) for k in m.continents):
            return False
        return m.extra == 0 or any(self.holds(seat, k) for k in range(len(self.members)) if k not in m.continents)
