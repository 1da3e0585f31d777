"""The pages a server sends: two HTML shells (the lobby, a game) whose script does the rest,
and that script and style, from a fixed list (a request never names a file on disk).

The pages load nothing from elsewhere: a Content-Security-Policy lets them fetch only from
the server itself, run only its script, and be framed by no one."""

from __future__ import annotations

from functools import cache
from importlib import resources

CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "X-Frame-Options": "DENY", "Cache-Control": "no-store"}
# a replay page is one file: its script and style inline (text/replay_page.py; every name in it escaped)
REPLAY_HEADERS = {**HEADERS, "Content-Security-Policy": CSP.replace("script-src 'self'", "script-src 'unsafe-inline'")}
STATIC_HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"}
STATIC = {"table.js": "text/javascript; charset=utf-8", "lobby.js": "text/javascript; charset=utf-8",
          "style.css": "text/css; charset=utf-8",
          "orders.js": "text/javascript; charset=utf-8"}  # (orders given together, issue 45: before table.js)


def static(name: str) -> tuple[bytes, str] | None:
    media = STATIC.get(name)
    return (_read(name), media) if media is not None else None


@cache
def _read(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


def _shell(title: str, body: str, script: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{title}</title>\n<link rel=\"icon\" href=\"data:,\">\n<link rel=\"stylesheet\" href=\"/static/style.css\">\n</head>\n"
            f"<body>\n{body}\n<script src=\"/static/{script}\"></script>\n</body>\n</html>\n")


def lobby() -> str:
    """The lobby, in English until its script has the words of the person's own language (data-w:
    which of web/words.py's `lobby_words` an element shows)."""
    return _shell("riskrules — a new game", """<main class="lobby">
<h1 data-w="title">riskrules — a new game</h1>
<form id="new-game">
<label><span data-w="rules">Rules</span> <select id="edition" name="edition"></select></label>
<label><span data-w="variant">Variant</span> <select id="variant" name="variant"></select></label>
<label><span data-w="players">Players</span> <input id="players" name="players" type="number" min="2" max="6" value="3"></label>
<fieldset id="seats"><legend data-w="seats">Seats</legend></fieldset>
<label><span data-w="language">Language</span> <select id="lang" name="lang"></select></label>
<label><input id="defend-most" name="defend-most" type="checkbox" checked> <span data-w="defend_most">Always defend with the most dice</span></label>
<label id="away-label">A person whose page is closed for <input id="away" name="away" type="number" min="0" max="86400">
seconds (0: never) is played by <select id="away-bot" name="away-bot"></select> until he is back</label>
<label id="seed-label"><span data-w="seed">Seed (optional)</span> <input id="seed" name="seed" type="number" min="0"></label>
<button id="create" type="submit" data-w="create">Make the game</button>
</form>
<p id="problem" role="alert"></p>
<section id="made" hidden><h2 data-w="made">Your game</h2>
<p data-w="links">Each person's seat has its own link: send each link to that person only (it acts for that seat).
Open your own seat "as the host": your page can then release a seat whose person has gone to the bot,
until he opens his link again.</p>
<ul id="links"></ul>
<p><a id="hot-seat" href="#" data-w="hot_seat">Play every person's seat in this browser (hot seat)</a></p></section>
</main>""", "lobby.js")


def game_page() -> str:
    return _shell("riskrules", """<header class="top"><h1 id="title">riskrules</h1><p id="turn"></p></header>
<div id="handover" hidden><p id="handover-text"></p><button id="handover-go" type="button"></button></div>
<main id="table">
<div id="map"><div id="zoom"></div><section id="board" aria-label="board"></section></div>
<aside id="side">
<ul id="away" role="status" hidden></ul>
<div id="question" aria-live="polite"><p id="prompt"></p><p id="faced"></p><div id="battle" hidden></div><div id="controls"></div>
<p id="refusal" role="alert"></p></div>
<div id="over" hidden></div>
<section id="since" hidden><h2 id="h-since"></h2><ul id="since-list"></ul></section>
<table id="players"></table>
<table id="continents"></table>
<h2 id="h-cards"></h2><ul id="hand"></ul>
<h2 id="h-mission"></h2><p id="mission"></p>
<h2 id="h-log"></h2><ul id="log"></ul>
</aside>
</main>
<script src="/static/orders.js"></script>""", "table.js")
