"""The `battles` event: rolls of dice, or kill-rate battles, fought at once and told as one line
of the log (a part of `Battle`, see battle.py)."""

from __future__ import annotations


class BattlesEvent:
    """Tells a `Game`'s listeners of battles just fought."""

    def tell_battles(self, side: int, source: int, target: int, committed: int, rolled: int, defending: int,
                     rolls: int, attacker_losses: int, defender_losses: int) -> None:
        """`rolls` rolls (or kill-rate battles) of `rolled` attacking dice (armies) on `defending`,
        their losses already taken from the board."""
        self._event("battles", side, **{
            "from": self.board.territories[source], "to": self.board.territories[target],
            "defender": self.names[self.owner[target]], "attacker_armies": self.armies[source] + attacker_losses,
            "defender_armies": self.armies[target] + defender_losses, "committed": committed, "rolled": rolled,
            "defended": defending, "rolls": rolls, "attacker_losses": attacker_losses,
            "defender_losses": defender_losses})
