"""`risk serve`: the HTTP side of a browser table, on Starlette (ASGI) served by uvicorn.

Why these: Starlette is a small, well-kept ASGI toolkit (routing, requests, responses, a test
client) without a framework's model layer we would not use; uvicorn is its usual server. A page
learns of a change by long polling (`GET …/state?since=V` waits until the game's version passes
V): plain HTTP that every browser, proxy and test client speaks, and what a table of a few
people needs.

    GET  /                       the lobby: choose an edition, seats, language; make a game
    GET  /g/<id>                 a game's page (the seat's token comes after '#', never sent)
    GET  /static/<file>          the pages' script and style (a fixed list)
    GET  /api/catalog            editions, house rules, bots, languages
    POST /api/games              make a game → its id and each person's seat link
    GET  /api/games/<id>/table   what does not change: names, words, the board (token)
    GET  /api/games/<id>/state   what the seats of the tokens given see now (long poll: ?since=V)
    POST /api/games/<id>/answer  a seat's answer to the question put to it
    POST /api/games/<id>/release the host (X-Risk-Host) leaves a person's seat to the bot (web/away.py)
    POST /api/games/<id>/back    a seat released by the host taken back by its person
    GET  /api/games/<id>/protocol   a program at a seat: the seat protocol's lines (long poll: ?since=N)
    POST /api/games/<id>/protocol   … its answer to the question put up, then the lines as GET

Every request is checked (guards.py): the Host a page was loaded from, the Origin of a change,
sizes and types of bodies, a token for each seat (X-Risk-Seat), a rate per client; an answer
goes to the game's thread, which takes it or refuses it with the engine's own reason.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..engine.errors import GameError
from ..text.board_svg import board_svg, colour_of, continent_bonuses
from . import pages
from .answers import Malformed
from .guards import NO_STORE, Guards, json_response, problem
from .host import GAME_ID, Host, Refused
from .ending import replay_of, seat_of_key
from .hosted import HostedGame
from .words import words

POLL_SECONDS = 20.0  # the longest a state request waits for a change
ANSWER_SECONDS = 15.0  # the longest an answer waits for the game's thread to take it
MAX_TOKENS = 8  # seats one request may speak for (hot seat: every person at one browser)


class Table:
    """The server's state: the host (the games), its guards, and a wake-up per game for polls."""

    def __init__(self, host: Host, guards: Guards):
        self.host = host
        self.guards = guards
        self.changed: dict[str, asyncio.Event] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping = False  # the server is stopping: waiting polls return at once

    def watch(self, game: HostedGame) -> None:
        """Wake the polls waiting on `game` whenever its game thread publishes."""
        loop = self.loop
        gid = game.id

        def wake() -> None:
            event = self.changed.pop(gid, None)
            if event is not None:
                event.set()

        def notify() -> None:
            try:
                loop.call_soon_threadsafe(wake)
            except RuntimeError:  # (the loop has closed: the server is stopping)
                pass

        game.notify = notify

    def changed_event(self, gid: str) -> asyncio.Event:
        return self.changed.setdefault(gid, asyncio.Event())

    def stop_polls(self) -> None:
        """Let every waiting poll return now (in the loop's thread), so that the server stops at once."""
        self.stopping = True
        for event in self.changed.values():
            event.set()


def app_for(host: Host, guards: Guards | None = None) -> Starlette:
    table = Table(host, guards or Guards())

    @asynccontextmanager
    async def lifespan(app):
        table.loop = asyncio.get_running_loop()
        await table.loop.run_in_executor(None, host.resume_all)
        for game in host.games.values():
            table.watch(game)
        if host.games:
            n = len(host.games)
            host.tell(f"{n} unfinished game{'s' if n > 1 else ''} of {host.directory} {'go' if n > 1 else 'goes'} on")
        yield
        await asyncio.get_running_loop().run_in_executor(None, host.close)

    routes = [
        Route("/", partial(_page, table=table, html=pages.lobby())),
        Route("/g/{gid}", partial(_page, table=table, html=pages.game_page())),
        Route("/g/{gid}/replay", partial(_replay, table=table)),
        Route("/static/{name}", partial(_static, table=table)),
        Route("/api/catalog", partial(_catalog, table=table)),
        Route("/api/games", partial(_create, table=table), methods=["POST"]),
        Route("/api/games/{gid}/table", partial(_table, table=table)),
        Route("/api/games/{gid}/state", partial(_state, table=table)),
        Route("/api/games/{gid}/answer", partial(_answer, table=table), methods=["POST"]),
        Route("/api/games/{gid}/hurry", partial(_hurry, table=table), methods=["POST"]),
        Route("/api/games/{gid}/release", partial(_release, table=table), methods=["POST"]),
        Route("/api/games/{gid}/back", partial(_back, table=table), methods=["POST"]),
        Route("/api/games/{gid}/protocol", partial(_protocol, table=table), methods=["GET", "POST"]),
    ]
    async def no_route(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        return problem(status, "no such page" if status == 404 else "that method is not taken here")

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: no_route, 405: no_route})
    app.state.table = table
    return app


# ---- pages -------------------------------------------------------------------------------------

async def _page(request: Request, table: Table, html: str) -> Response:
    refused = table.guards.first_look(request) or table.guards.rate(request, None)
    if refused is not None:
        return refused
    gid = request.path_params.get("gid")
    if gid is not None and not GAME_ID.fullmatch(gid):
        return problem(404, "no such game")
    return Response(html, media_type="text/html; charset=utf-8", headers=pages.HEADERS)


async def _static(request: Request, table: Table) -> Response:
    refused = table.guards.first_look(request) or table.guards.rate(request, None)
    if refused is not None:
        return refused
    found = pages.static(request.path_params["name"])
    if found is None:
        return problem(404, "no such file")
    body, media = found
    return Response(body, media_type=media, headers=pages.STATIC_HEADERS)


# ---- the API -----------------------------------------------------------------------------------

async def _catalog(request: Request, table: Table) -> Response:
    refused = table.guards.first_look(request) or table.guards.rate(request, None)
    if refused is not None:
        return refused
    lang = request.query_params.get("lang")  # (the variants' titles in this language, if it is one)
    catalog = await asyncio.get_running_loop().run_in_executor(None, table.host.catalog, lang)
    return json_response(catalog)


async def _create(request: Request, table: Table) -> Response:
    guards = table.guards
    refused = guards.first_look(request) or guards.change(request) or guards.rate(request, None, creating=True)
    if refused is not None:
        return refused
    body, refused = await guards.body(request)
    if refused is not None:
        return refused
    try:
        game, tokens, hosting = await asyncio.get_running_loop().run_in_executor(None, table.host.create, body)
    except Refused as err:
        return problem(err.status, str(err))
    table.watch(game)
    record = table.host.seats[game.id]
    seats = [{"seat": s, "name": record.names[s], "link": f"/g/{game.id}#seat={token}", "token": token}
             for s, token in tokens.items()]
    everyone = ",".join(tokens.values())
    return json_response({"id": game.id, "seats": seats, "hot_seat": f"/g/{game.id}#seat={everyone}&host={hosting}",
                          "host": hosting}, status=201)


def _seats_of(request: Request, table: Table) -> tuple[HostedGame | None, list[int], Response | None]:
    """The game named in the path, and the seats whose tokens the request carries (X-Risk-Seat:
    one token, or several separated by commas): 404 for no such game, 403 for a token of none."""
    gid = request.path_params["gid"]
    record = table.host.seats.get(gid) if GAME_ID.fullmatch(gid) else None
    if record is None:
        return None, [], problem(404, "no such game")
    given = request.headers.get("x-risk-seat", "")
    tokens = [t.strip() for t in given.split(",")] if given else []
    if not tokens or len(tokens) > MAX_TOKENS or len(given) > 60 * MAX_TOKENS:
        return None, [], problem(403, "this needs a seat's token (the seat's link gives it)")
    seats = []
    for token in tokens:
        seat = record.seat_of(token)
        if seat is None:
            return None, [], problem(403, "no seat of this game has that token")
        if seat not in seats:
            seats.append(seat)
    game = table.host.games.get(gid)
    if game is None:
        return None, [], problem(410, "this game is over: its log is kept on the server")
    return game, seats, None


def _seated(request: Request, table: Table, changing: bool = False
            ) -> tuple[HostedGame | None, list[int], Response | None]:
    """The guards of a seat's request, in order — its Host (and for a change its Origin and type),
    its game and tokens, its rate — then its game and seats, or the first refusal."""
    guards = table.guards
    refused = guards.first_look(request) or (guards.change(request) if changing else None)
    if refused is not None:
        return None, [], refused
    game, seats, refused = _seats_of(request, table)
    if refused is not None:  # (no game, no seat: counted against its address, so that guessing is slowed too)
        return None, [], guards.rate(request, None) or refused
    refused = guards.rate(request, seats)
    if refused is None:
        game.away.saw(seats)  # (a page of these seats is there: web/away.py)
    return game, seats, refused


async def _table(request: Request, table: Table) -> Response:
    game, seats, refused = _seated(request, table)
    if refused is not None:
        return refused
    game.away.saw(seats, opened=True)  # (a page opened: a person back at his seat)
    return json_response(_table_data(table, game, seats))


def _table_data(table: Table, game: HostedGame, seats: list[int]) -> dict[str, Any]:
    rules, t = game.game.rules, game.t
    names = game.game.names
    board = rules.board
    svg = game.drawn
    if svg is None:
        svg = game.drawn = board_svg(board, t, title=rules.title, bonuses=continent_bonuses(rules), game=True,
                                     players=names, owners=[None] * board.size, armies=[0] * board.size)
    return {"id": game.id, "title": rules.title, "lang": game.language, "seats": seats,
            "humans": game.humans, "names": names, "players": [t.player(n) for n in names],
            "colours": [colour_of(n, s) for s, n in enumerate(names)],
            "agents": table.host.seats[game.id].agents,
            "territories": [t.territory(x) for x in board.territories],
            "continents": [t.continent(c) for c in board.continents],
            "continent_of": list(board.continent_of), "bonuses": continent_bonuses(rules),
            "adjacent": [list(a) for a in board.adjacent],
            "words": words(t), "board": svg}


async def _state(request: Request, table: Table) -> Response:
    game, seats, refused = _seated(request, table)
    if refused is not None:
        return refused
    sinces = _sinces(request.query_params.get("since", "0"), seats)
    if sinces is None:
        return problem(400, "'since' is a version number, or one for each seat the tokens name, separated by commas")

    def changed() -> bool:
        return any(game.version(s) > sinces[s] for s in seats)

    refused = await _waited(table, game, seats, changed, request)
    if refused is not None:
        return refused
    shown = {s: game.shown(s) for s in seats}
    return json_response({"seats": {str(s): state for s, (_, state) in shown.items()},
                          "versions": {str(s): version for s, (version, _) in shown.items()}})


async def _waited(table: Table, game: HostedGame, seats: list[int], changed, request: Request) -> Response | None:
    """Wait until `changed()`, at most POLL_SECONDS (None), or a refusal. While it waits, its seats
    are watched (web/away.py: a closed page is noticed within a second, and its seat may be left)."""
    if changed():
        return None
    with table.guards.polling(seats, game.id) as allowed, game.away.watched(seats):
        if not allowed:
            return problem(429, "too many requests waiting for this seat")
        end = asyncio.get_running_loop().time() + POLL_SECONDS
        try:
            while not changed() and not table.stopping:  # (woken by any change: waits on while its pages show none)
                left = end - asyncio.get_running_loop().time()
                if left <= 0:
                    break
                try:
                    await asyncio.wait_for(table.changed_event(game.id).wait(), min(left, 1.0))
                except asyncio.TimeoutError:
                    if await request.is_disconnected():  # (the page is closed: its seat may be left)
                        break
        except asyncio.CancelledError:  # (the server is stopping: the page will ask again)
            return problem(503, "the server is stopping")
    return None


def _sinces(text: str, seats: list[int]) -> dict[int, int] | None:
    """?since=V (for every seat) or V1,V2,… (one for each seat, in the order of the tokens)."""
    parts = text.split(",")
    if len(parts) not in (1, len(seats)) or not all(p.isascii() and p.isdigit() and len(p) <= 18 for p in parts):
        return None
    numbers = [int(p) for p in parts] * (len(seats) if len(parts) == 1 else 1)
    return dict(zip(seats, numbers))


async def _answer(request: Request, table: Table) -> Response:
    game, seats, refused = _seated(request, table, changing=True)
    if refused is not None:
        return refused
    body, refused = await table.guards.body(request)
    if refused is not None:
        return refused
    if not isinstance(body, dict) or set(body) != {"seat", "question", "answer"}:
        return problem(400, "an answer is {\"seat\": …, \"question\": …, \"answer\": {…}}")
    seat, number = body["seat"], body["question"]
    if type(seat) is not int or seat not in seats:
        return problem(403, "this token does not speak for that seat")
    if type(number) is not int:
        return problem(400, "'question' is the number of the question answered")
    return await _taken(game, seat, number, body["answer"]) or json_response({"ok": True})


async def _taken(game: HostedGame, seat: int, number: int, raw: Any) -> Response | None:
    """The answer handed to the game's thread: None once taken, else why not."""
    if game.finished:
        return problem(409, "this game is over")
    reply = game.answer(seat, number, raw)
    if reply is None:
        return problem(409, "no such question is put to this seat now (not its turn, or answered already)")
    try:  # (shielded: a request that stops waiting leaves the game's reply to it alone)
        taken = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(reply)), ANSWER_SECONDS)
    except Malformed as err:
        return problem(400, str(err))
    except asyncio.TimeoutError:
        return problem(503, "the game did not take the answer in time; try again")
    if taken.stale:
        return problem(409, "no such question is put to this seat now (not its turn, or answered already)")
    if taken.refused is not None:
        return json_response({"error": taken.refused, "refused": True}, status=422)
    if taken.unsaved is not None:
        return problem(507, f"the answer could not be kept, and was not taken: {taken.unsaved}")
    return None


async def _protocol(request: Request, table: Table) -> Response:
    """A program at a seat (program.py; `risk connect`): with POST, first its answer to the question
    put up ({"question": id, "answer": value}); then the seat protocol's lines from the ?since=N-th
    on, waiting for one (long poll): {"next": the number to ask from next, "lines": [message, …]},
    and "error" where the game has stopped on one."""
    posting = request.method == "POST"
    game, seats, refused = _seated(request, table, changing=posting)
    if refused is not None:
        return refused
    if len(seats) != 1 or seats[0] not in game.streams:
        return problem(400, "a program plays one person's seat: give that seat's token")
    seat, since = seats[0], request.query_params.get("since", "0")
    if not (since.isascii() and since.isdigit() and len(since) <= 18):
        return problem(400, "'since' is the number of lines read so far")
    stream, since = game.streams[seat], int(since)
    if not stream.kept:  # (a program's first request at the seat: its lines made from the save)
        try:
            await asyncio.to_thread(game.keep_lines, seat)
        except GameError as err:
            return problem(409, f"this seat's lines cannot be made from the game's save: {err}")
    if posting:
        body, refused = await table.guards.body(request)
        if refused is not None:
            return refused
        if not isinstance(body, dict) or set(body) != {"question", "answer"} or type(body["question"]) is not int:
            return problem(400, "an answer is {\"question\": …, \"answer\": …}")
        refused = await _taken(game, seat, body["question"], {"protocol": body["answer"]})
        if refused is not None:
            return refused
    refused = await _waited(table, game, seats, lambda: stream.count() > since or game.finished, request)
    if refused is not None:
        return refused
    count, lines = stream.since(since)
    failed = f',"error":{json.dumps(game.failed)}' if game.failed is not None else ""
    return Response(f'{{"next":{count},"lines":[{",".join(lines)}]{failed}}}', media_type="application/json",
                    headers=NO_STORE)


async def _hurry(request: Request, table: Table) -> Response:
    """A person at the table asks for the bots' moves at once (until a question is put to a person)."""
    game, seats, refused = _seated(request, table, changing=True)
    if refused is not None:
        return refused
    game.hurry()
    return json_response({"ok": True})


async def _release(request: Request, table: Table) -> Response:
    """The host leaves a person's seat to the bot until its person opens his link again."""
    guards = table.guards
    refused = guards.first_look(request) or guards.change(request) or guards.rate(request, None)
    if refused is not None:
        return refused
    gid = request.path_params["gid"]
    record = table.host.seats.get(gid) if GAME_ID.fullmatch(gid) else None
    game = table.host.games.get(gid) if record is not None else None
    if game is None:
        return problem(404, "no such game")
    if not record.is_host(request.headers.get("x-risk-host", "")):
        return problem(403, "only the game's host may release a seat (the host's link gives the key)")
    body, refused = await guards.body(request)
    if refused is not None:
        return refused
    if not isinstance(body, dict) or set(body) != {"seat"} or type(body["seat"]) is not int \
            or body["seat"] not in game.humans:
        return problem(400, "a release is {\"seat\": …}: a person's seat")
    game.away.release(body["seat"])
    return json_response({"ok": True})


async def _back(request: Request, table: Table) -> Response:
    """A person takes his seat back from the bot (at its next question)."""
    game, seats, refused = _seated(request, table, changing=True)
    if refused is not None:
        return refused
    game.away.saw(seats, opened=True)
    return json_response({"ok": True})


async def _replay(request: Request, table: Table) -> Response:
    """A finished game's replay page, as the seat whose key the link carries may see it (the key is
    in that seat's page at the end: under fog the page is that seat's own stream)."""
    refused = table.guards.first_look(request) or table.guards.rate(request, None)
    if refused is not None:
        return refused
    gid = request.path_params["gid"]
    game = table.host.games.get(gid) if GAME_ID.fullmatch(gid) else None
    seat = seat_of_key(game.ends, request.query_params.get("key", "")) if game is not None and game.result else None
    if seat is None:
        return problem(404, "no such replay (its link is on the page of a finished game)")
    if seat not in game.replays:
        rules = game.game.rules
        game.replays[seat] = await asyncio.get_running_loop().run_in_executor(
            None, replay_of, game.lines, rules, game.t, game.game.names[seat], f"{gid}.jsonl")
    return Response(game.replays[seat], media_type="text/html; charset=utf-8", headers=pages.REPLAY_HEADERS)
