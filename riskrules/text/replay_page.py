"""A game log as one standalone page: the board drawn, a slider over every event.

Each event of the log is a step. For each, the page holds its narration (in the game's
language, as `risk replay --show` tells it), what it changed on the board — owners and
armies as the engine's `Tracker` rebuilds them from the log — and the hand sizes, the dice
of a battle and the cards of a trade. The page's script keeps the board in step with the
slider; the steps travel compressed (gzip, read back by the browser's DecompressionStream),
so a long game stays a small file.

Told as one seat (`seat`), the page is made of what that seat is told (engine/sight.told):
the others' drawn cards and missions are left out, and its own mission is shown; every
mission is revealed only at the last step, when the game is over — under fog, only where the
rules lift it at the end (`lifted at end yes`; else the seat's own mission stays the only one).
"""

from __future__ import annotations

import base64
import gzip
import json
from collections.abc import Sequence
from importlib.resources import files

from ..engine.log import Tracker
from ..engine.sight import told
from ..language.errors import N_
from ..language.rules import Rules
from .board_svg import board_svg, colour_of, continent_bonuses
from .charts import line_chart
from .i18n import Text
from .narrate import Narrator, mission_text, result_line
from .page import esc, json_script, page


OUT_OF_PLAY = -3  # a removed territory's owner on the page (-1 free, -2 hidden by fog)


def player_names(header: dict) -> list[str]:
    """The seats of a log, in order; the neutral army last where the game has one."""
    names = [p["name"] for p in header["players"]]
    if header.get("neutral"):
        names.append("neutral")
    return names


def steps(events: Sequence[dict], rules: Rules, t: Text, seat: str | None = None) -> dict:
    """The page's data: for each event its line and what it changed (see the module's doc)."""
    board = rules.board
    names = player_names(events[0])
    seat_of = {name: k for k, name in enumerate(names)}
    tracker = Tracker(board, names)
    narrator = Narrator(rules, t, {seat} if seat else None)
    owner = [-1] * board.size
    armies = [0] * board.size
    hands = [0] * len(names)
    out: list[list] = []
    missions: dict[str, str] = {}
    turns: list[int] = []
    series: list[list[list[int]]] = []  # at each turn's start (and the end): per seat territories, armies, cards
    winner = None
    fogged = any(e["type"] == "seen" for e in events)  # a seat's stream under fog: its view, not the board
    hidden_cards = fogged and rules.visibility.hide_cards
    if fogged:
        owner = [-2] * board.size
        armies = [-1] * board.size
        if hidden_cards:
            hands = [0 if name == seat else -1 for name in names]
    for k, event in enumerate(events):
        if fogged and event["type"] == "seen":  # (goes with the step before it)
            changes = out[-1][1] if out else []
            for name, (o, a) in event["territories"].items():
                i = board.index[name]
                if owner[i] == OUT_OF_PLAY:
                    continue
                owner[i] = -1 if o == "" else -2 if o is None else seat_of[o]
                armies[i] = -1 if a is None else a
                changes += (i, owner[i], armies[i])
            continue
        shown = told(event, {seat}) if seat else event
        line = narrator(shown) or ""
        tracker.apply(event)
        changes: list[int] = []
        hand_changes: list[int] = []
        if event["type"] == "territories_removed":  # greyed out for the whole game
            for name in event["territories"]:
                i = board.index[name]
                owner[i], armies[i] = OUT_OF_PLAY, 0
                changes += (i, OUT_OF_PLAY, 0)
        if not fogged:
            for i in range(board.size):
                if owner[i] == OUT_OF_PLAY:
                    continue
                o = seat_of[tracker.owner[i]] if tracker.owner[i] is not None else -1
                if o != owner[i] or tracker.armies[i] != armies[i]:
                    owner[i], armies[i] = o, tracker.armies[i]
                    changes += (i, o, armies[i])
        for s, name in enumerate(names):
            if hidden_cards and name != seat:
                continue  # (its cards hidden: unknown)
            if tracker.hand[name] != hands[s]:
                hands[s] = tracker.hand[name]
                hand_changes += (s, hands[s])
        step: list = [line, changes]
        extra = _extra(shown, t, rules.battle.kills is not None)
        if hand_changes or extra:
            step.append(hand_changes)
        if extra:
            step.append(extra)
        out.append(step)
        kind = event["type"]
        if kind == "mission_dealt" and "mission" in event:
            missions[event["player"]] = mission_text(event["mission"], t)
        elif kind == "turn_start":
            turns.append(len(out) - 1)  # (the step: under fog the stream has `seen` lines too)
            series.append(_tally(owner, armies, hands, len(names)))
        elif kind == "game_over":
            winner = result_line(event.get("winner"), event["reason"], event["turns"], t)
    series.append(_tally(owner, armies, hands, len(names)))
    return {
        "names": names,
        "steps": out,
        "turns": turns,
        "series": series,
        "missions": {name: missions[name] for name in names if name in missions},
        "winner": winner,
    }


def _tally(owner: list[int], armies: list[int], hands: list[int], seats: int) -> list[list[int]]:
    held, strength = [0] * seats, [0] * seats
    for o, a in zip(owner, armies):
        if o >= 0:
            held[o] += 1
            strength[o] += max(a, 0)  # (-1: armies a seat under fog does not see)
    return [held, strength, list(hands)]


def _extra(e: dict, t: Text, kills: bool = False) -> dict | None:
    """What the page shows beside the line: a battle's dice, a trade's cards (under kill-rate
    combat, `kills`, a battle rolls nothing: its losses alone)."""
    kind = e["type"]
    if kind == "battle":
        return {"dice": [e["attacker_dice"], e["defender_dice"]],
                "losses": [e["attacker_losses"], e["defender_losses"]]}
    if kind == "battles":
        if kills:
            return {"losses": [e["attacker_losses"], e["defender_losses"]]}
        return {"losses": [e["attacker_losses"], e["defender_losses"]], "rolls": e["rolls"]}
    if kind == "trade":
        return {"cards": [[t.territory(c["territory"]) if c.get("territory") else "", t.symbol(c["symbol"])]
                          for c in e["cards"]], "armies": e["armies"]}
    return None


def replay_page(events: Sequence[dict], rules: Rules, t: Text, seat: str | None = None,
                source: str = "", missions: dict[str, dict] | None = None) -> str:
    """The whole page for a game log (`source`: the log's name, shown under the title). Told as a
    seat under fog, `events` are its stream, and `missions` the missions the rules lift at the end
    (player → mission, from the game's own log; None: the fog keeps them)."""
    header = events[0]
    names = player_names(header)
    data = steps(events, rules, t, seat)
    last = len(data["steps"]) - 1
    players = [{"name": t.player(name), "colour": colour_of(name, s)} for s, name in enumerate(names)]
    fogged = seat is not None and any(e["type"] == "seen" for e in events)
    if seat is not None:  # a seat's own mission from the start, everyone's once the game is over
        data["own"] = data["missions"].get(seat)
        if data["winner"] is None:  # (the result's line: there is one once the game is over)
            data["missions"] = {seat: data["own"]} if data["own"] else {}
        elif fogged and missions:  # the fog lifted at the end: every mission, as without fog
            data["missions"] = {name: mission_text(missions[name], t) for name in names if name in missions}
    words = {key: t._(text) for key, text in _WORDS.items()}
    # the charts: territories, armies and cards of each seat at the start of each turn (and at the end)
    x_label = t._("Turns played")
    data["charts"] = [line_chart([(player["name"], "#999" if player["colour"] == "#f4f4f4" else player["colour"],
                                   [row[m][s] for row in data["series"]]) for s, player in enumerate(players)],
                                 900, 320, words[key], x_label)
                      for m, key in enumerate(("territories", "armies", "cards"))]
    del data["series"]
    packed = base64.b64encode(gzip.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                                            .encode("utf-8"), mtime=0)).decode("ascii")
    title = f"{rules.title} — {t._('seed')} {header['seed']}" if "seed" in header else rules.title  # (fog: not told)
    svg = board_svg(rules.board, t, title=rules.title, game=True, players=names,
                    owners=[None] * rules.board.size, armies=[0] * rules.board.size,
                    bonuses=continent_bonuses(rules))
    if seat is None:
        who = ""
    elif fogged and not rules.visibility.lifted:
        who = t._("Told as {player}: what that seat is told; the fog is not lifted at the end, so the others' "
                  "missions are not shown.").format(player=t.player(seat))
    else:
        who = t._("Told as {player}: what that seat is told; every mission is shown at the end.").format(
            player=t.player(seat))
    seed_part = f"{esc(t._('seed'))} {esc(header['seed'])} · " if "seed" in header else ""
    body = f"""
<header><h1>{esc(rules.title)}</h1>
<p class="muted">{esc(source)} · {seed_part}{esc(', '.join(
        f"{t.player(p['name'])} ({p['agent']})" for p in header['players']))}{(' · ' + esc(who)) if who else ''}</p></header>
<main>
<section id="map"><div id="zoom"><button type="button" id="zoom-in" title="{esc(words['zoom_in'])}" aria-label="{
esc(words['zoom_in'])}">+</button><button type="button" id="zoom-out" title="{esc(words['zoom_out'])}" aria-label="{
esc(words['zoom_out'])}">−</button></div><div id="board">{svg}</div></section>
<aside>
<div id="controls">
<button id="first" title="Home">|◀</button><button id="prevturn" title="PageUp">◀◀</button>
<button id="prev" title="←">◀</button><button id="play" title="Space">▶</button>
<button id="next" title="→">▶</button><button id="nextturn" title="PageDown">▶▶</button>
<button id="last" title="End">▶|</button>
<select id="speed" aria-label="{esc(words['speed'])}"><option value="400">1×</option><option value="100" selected>4×</option>
<option value="20">20×</option><option value="2">200×</option></select>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="{esc(words['event'])}">
<div id="where" class="muted"></div>
</div>
<div id="line" aria-live="polite"></div>
<div id="detail"></div>
<table id="players"><thead><tr><th>{esc(words['player'])}</th><th>{esc(words['territories'])}</th>
<th>{esc(words['armies'])}</th><th>{esc(words['cards'])}</th></tr></thead><tbody></tbody></table>
<div id="missions"></div>
<div id="result"></div>
<ol id="log"></ol>
</aside>
</main>
<section id="charts"><h2>{esc(words['over_time'])}</h2>
<select id="measure"><option value="0">{esc(words['territories'])}</option><option value="1">{esc(words['armies'])}</option>
<option value="2">{esc(words['cards'])}</option></select>
<div id="chart"></div>
</section>
{json_script("seats", players)}
{json_script("words", words)}
<script type="application/octet-stream" id="data">{packed}</script>
"""
    return page(title, body, lang=t.lang, style=_STYLE, script=_script())


_WORDS = {  # the page's own words, in the game's language
    "player": N_("Player"), "territories": N_("Territories"), "armies": N_("Armies"), "cards": N_("Cards"),
    "turn": N_("Turn"), "event": N_("Event"), "speed": N_("Speed"), "over_time": N_("Over the game"),
    "attacker": N_("Attacker"), "defender": N_("Defender"), "losses": N_("Losses"), "rolls": N_("rolls"),
    "traded": N_("Cards traded"), "missions": N_("Missions"), "mission": N_("Mission"), "setup": N_("Setup"),
    "zoom_in": N_("Zoom in"), "zoom_out": N_("Zoom out"),
}

_STYLE = """
main{display:flex;gap:1rem;align-items:flex-start;flex-wrap:wrap}
#map{flex:3 1 720px;min-width:320px}#map svg{width:100%;height:auto;display:block}
aside{flex:1 1 300px;min-width:280px}
#controls button{font-size:1rem;min-width:2.2rem;margin:0 .1rem .3rem 0}
#slider{width:100%}
#line{min-height:3.2em;font-weight:600;margin:.4rem 0;padding:.4rem;border-left:4px solid #888;background:#f6f6f6}
#detail{min-height:2.2em}
.die{display:inline-block;width:1.6em;height:1.6em;line-height:1.6em;text-align:center;border:2px solid #333;
border-radius:.3em;margin:.1em;font-weight:bold}
.die.a{background:#c62828;color:#fff;border-color:#7f1010}.die.d{background:#fff;color:#111}
.swatch{display:inline-block;width:.9em;height:.9em;border:1px solid #333;margin-right:.3em;vertical-align:-.1em}
#players td,#players th{padding:.15rem .4rem}#players tr.out{color:#888;text-decoration:line-through}
#log{font-size:.85em;color:#444;max-height:16em;overflow-y:auto;padding-left:2.6em;margin:.4rem 0}
#result{font-weight:bold;font-size:1.1em;margin:.4rem 0}
#chart svg{width:100%;height:auto;max-width:900px;display:block}
#map{position:relative}#board{overflow:auto}
#zoom{position:absolute;right:.4rem;top:.3rem;z-index:2;display:flex;gap:.25rem}
#zoom button{width:2.2rem;height:2.2rem;font-size:1.2rem;font-weight:bold;opacity:.85;cursor:pointer}
"""


def _script() -> str:
    return files("riskrules.text").joinpath("replay_page.js").read_text(encoding="utf-8")
