"""An independent referee of mission games: it reads the log alone (the board rebuilt by
`Tracker`, the missions from `mission_dealt`) and judges every moment by the mission timing's
own words, with code of its own — not the engine's. After each event it asks: does someone's
mission hold now, and may it win now? If so, the game must end before it goes on — only the
consequences of the same conquest (a capital taken, a player put out) may still be told.

    referee = Referee(rules, names)
    game = Game(rules, agents, seed, listeners=[referee])
    game.play()
    referee.problems   # [] when no game went on past a win, and no win came too early
"""

from __future__ import annotations

from riskrules.engine.log import Tracker

# told as part of the conquest before them (the engine ends the game after all of them)
CONSEQUENCES = ("capital_captured", "elimination")


class Referee:
    def __init__(self, rules, names: list[str]):
        self.board = rules.board
        self.timing = rules.mission_timing
        self.names = list(names)
        self.tracker = Tracker(rules.board, self.names)
        self.missions: dict[str, dict] = {}
        self.own_colour: dict[str, bool] = {}
        self.out: set[str] = set()
        self.declared: set[str] = set()
        self.active: str | None = None
        self.must_end: list[str] = []  # who may claim the win now, before the game goes on
        self.last: dict | None = None
        self.problems: list[str] = []
        self.events = 0
        self.wins = 0

    # ---- what a mission asks ---------------------------------------------------------------------------

    def holds(self, player: str) -> bool:
        m = self.missions.get(player)
        if m is None or player in self.out:
            return False
        owner, armies = self.tracker.owner, self.tracker.armies
        if "occupy" in m or self.own_colour[player]:
            count = m.get("occupy", m.get("else_occupy"))
            least = m.get("armies", 1) if "occupy" in m else 1
            return sum(1 for t in range(self.board.size) if owner[t] == player and armies[t] >= least) >= count
        if "destroy" in m:
            return m["destroy"] in self.out
        held = {c for c, members in zip(self.board.continents, self.board.members)
                if all(owner[t] == player for t in members)}
        return set(m["conquer"]) <= held and len(held - set(m["conquer"])) >= m["extra"]

    def standing(self) -> list[str]:
        return [p for p in self.missions if p not in self.out]

    # ---- the log, event by event -------------------------------------------------------------------------

    def __call__(self, e: dict) -> None:
        self.events += 1
        if self.problems:
            return  # a game that went on past a win is judged no further
        kind = e["type"]
        if self.must_end and kind != "game_over":
            if not (kind in CONSEQUENCES and self.last is not None
                    and self.last["type"] in ("conquest",) + CONSEQUENCES):
                self.problems.append(f"turn {e['turn']}: {self.must_end} had won, yet the game went on: {e}")
                self.must_end = []
        if kind == "game_over":
            # the end of the active player's turn is a moment too (a game over between turns
            # comes after it; in the middle of one, only the last player standing wins)
            self.judge_end(e, self.must_end + self.winners_at_turn_end(self.active))
            self.must_end = []
            self.last = e
            return
        ended_turn = self.active if kind == "turn_start" else None
        self.tracker.apply(e)
        if kind == "mission_dealt":
            self.missions[e["player"]] = e["mission"]
            self.own_colour[e["player"]] = e["own_colour"]
        elif kind == "elimination":
            self.out.add(e["player"])
        elif kind == "mission_declared":
            self.declared.add(e["player"])
        elif kind == "turn_start":
            self.active = e["player"]
        if self.active is not None:  # in play
            self.must_end = self.may_win_now(kind, ended_turn)
        self.last = e

    def may_win_now(self, kind: str, ended_turn: str | None) -> list[str]:
        """Who may claim the win at this moment, by the timing's words."""
        standing = self.standing()
        if len(standing) == 1:
            return standing  # the last player standing
        timing, active = self.timing, self.active
        if timing == "immediately":  # "De speler die als eerste de missie … heeft vervuld … wint"
            return [p for p in standing if self.holds(p)]
        if timing == "during_own_turn":  # "endast kan hävda att han vunnit under sin tur"
            return [active] if active in standing and self.holds(active) else []
        if kind != "turn_start":
            return []
        if timing == "start_of_own_turn":  # "Je wint enkel bij het begin van je beurt"
            return [active] if self.holds(active) else []
        if timing == "end_of_own_turn":
            if self.winners_at_turn_end(ended_turn):
                self.problems.append(f"{ended_turn}'s mission held at the end of his turn, yet the game went on")
            return []
        if timing == "full_round_after_declaring":  # "na een volledige ronde nadat je uw missie kenbaar hebt gemaakt"
            if ended_turn is not None and ended_turn in standing and self.holds(ended_turn) \
                    and self.last is not None and self.last["type"] != "mission_declared":
                self.problems.append(f"{ended_turn}'s mission held at the end of his turn, yet he did not declare it")
            won = active in self.declared and self.holds(active)
            self.declared.discard(active)
            return [active] if won else []
        raise AssertionError(f"unknown timing {timing}")

    def winners_at_turn_end(self, ended_turn: str | None) -> list[str]:
        """"Je wint op het einde van je beurt": the player whose turn just ended, if he may."""
        if self.timing == "end_of_own_turn" and ended_turn in self.standing() and self.holds(ended_turn):
            return [ended_turn]
        return []

    def judge_end(self, e: dict, allowed: list[str]) -> None:
        winner, reason = e["winner"], e["reason"]
        if reason == "turn_limit":
            if allowed:
                self.problems.append(f"turn {e['turn']}: {allowed} had won, yet the game ran to the turn limit")
            return
        self.wins += 1
        if winner not in allowed:
            self.problems.append(f"turn {e['turn']}: {winner} declared the winner ({reason}), "
                                 f"but only {allowed or 'nobody'} may win now")
