"""Where a bot wins and loses secret-mission games: its win share by the kind of its own mission,
and the missions its opponents won with.

    python benchmarks/missions_by_kind.py --games 60 --seed 7000
    python benchmarks/missions_by_kind.py --edition nl-1990 --bot strong --games 60

One `--bot` against `balanced` in the other seats (4 players); game g plays seed + g with the bot
in seat g mod 4, so it holds every seat equally often. Missions are grouped as the rule file states
them: occupy N×A (N territories with A armies each), destroy a colour, conquer (the continents,
"+ one more" where the mission lets the player choose a further continent).
"""

from __future__ import annotations

import argparse
from collections import Counter

from riskrules.engine.agents import make_bot
from riskrules.engine.game import Game
from riskrules.language.loader import load_rules


def label(mission, board) -> str:
    if mission.kind == "occupy":
        return f"occupy {mission.count}×{mission.armies}"
    if mission.kind == "destroy":
        return "destroy"
    names = " + ".join(board.continents[k] for k in mission.continents)
    return f"conquer {names}" + (" + one more" if mission.extra else "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="sv-2000")
    ap.add_argument("--variant", default="missions")
    ap.add_argument("--bot", default="strong")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7000)
    args = ap.parse_args()

    rules = load_rules(args.edition, [args.variant] if args.variant else None, 4)
    held, won, beaten_by = Counter(), Counter(), Counter()
    for g in range(args.games):
        seat = g % 4
        agents = [make_bot("balanced") for _ in range(4)]
        agents[seat] = make_bot(args.bot)
        game = Game(rules, agents, args.seed + g)
        result = game.play()
        mine = label(game.missions[seat], rules.board)
        held[mine] += 1
        if result.winner == game.names[seat]:
            won[mine] += 1
        elif result.winner in game.names:
            beaten_by[label(game.missions[game.names.index(result.winner)], rules.board)] += 1
    print(f"{args.bot} against 3 balanced, {args.edition} ({args.variant}), {args.games} games "
          f"(seeds {args.seed}–{args.seed + args.games - 1}): {sum(won.values())} wins")
    print("  by its own mission:")
    for kind in sorted(held):
        print(f"    {kind:<40} {won[kind]:>3} of {held[kind]:>3}")
    print("  opponents' wins, by their mission:")
    for kind, n in beaten_by.most_common():
        print(f"    {kind:<40} {n:>3}")


if __name__ == "__main__":
    main()
