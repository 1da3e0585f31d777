"""Teams that share (issue 45), in the engine: a shared hand (the
team's seats hold one list of cards, so drawing, trading and the hand limit act on it), and
reinforcements placed on a partner's territory (`Rules.team_rules`, language/team_rules.py).
Teams of consecutive seats are game.py's `team` (`seated together`); `Rules.teams` and
`fortify_partners` stay where they are (game.py, fortify.py)."""

from __future__ import annotations

from typing import Any


def share_hands(game: Any) -> None:
    """Every seat of a team holds the same list of cards (in a copy: the longest its seats hold,
    since a bot's copy may have blanked the hands its seat does not see)."""
    hands = game.hands
    for team in {game.friends[s] for s in range(game.players)}:
        kept = max((hands[s] for s in sorted(team)), key=len)
        for s in team:
            hands[s] = kept


def hand_partners(game: Any, seat: int) -> tuple[str, ...]:
    """The names whose cards `seat` sees: its partners', where the team shares one hand (else none)."""
    shares = game.rules.team_rules
    if shares is None or not shares.shared_hand or game.friends is None:
        return ()
    return tuple(game.names[s] for s in sorted(game.friends[seat]) if s != seat)


def kept_by_team(game: Any, victim: int) -> bool:
    """A shared hand stays with the team while a partner of `victim` is alive (the neutral army has none)."""
    return victim < game.players and any(game.alive[p] for p in game.friends[victim] if p != victim)


def place_options(game: Any, side: int) -> list[int]:
    """Where `side` may place reinforcements: its own territories and its partners', by territory."""
    owner, mine = game.owner, game.friends[side]
    return [t for t in range(game.size) if owner[t] in mine]


def person_seats(rules: Any, players: int, persons: int) -> list[int]:
    """The seats `persons` people (or bots) at one table play: the first `persons` seats, or under
    `played by one person` every seat of the first `persons` teams (ValueError past the teams)."""
    shares = rules.team_rules
    if not rules.teams or shares is None or not shares.one_person:
        return list(range(persons))
    k = players // rules.teams  # teams
    if persons > k:
        raise ValueError(f"{persons} people cannot play {k} teams of one person each: at most {k}")
    return [s for s in range(players) if (s // rules.teams if shares.seated_together else s % k) < persons]
