"""`risk serve`: a table in the browser for people and bots (riskrules/web)."""

import ipaddress
import socket
from pathlib import Path
from typing import Annotated

import typer

from .common import bot_timeout, fail


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _names(host: str, allowed: list[str]) -> frozenset[str]:
    """The Host names a page may be loaded from: the loopback names, the address listened on (every
    address of this machine for 0.0.0.0 or ::), and those allowed by name."""
    from ..web.guards import LOOPBACK_NAMES

    def named(address: str) -> str:
        return f"[{address}]" if ":" in address else address

    names = set(LOOPBACK_NAMES) | {named(host.lower())} | {a.lower() for a in allowed}
    if host in ("0.0.0.0", "::"):
        machine = socket.gethostname()
        names |= {machine.lower(), f"{machine.lower()}.local"}
        try:
            names |= {named(info[4][0]) for info in socket.getaddrinfo(machine, None)}
        except OSError:
            pass
    return frozenset(names)


def serve(
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8642,
    host: Annotated[str, typer.Option(help="The address to listen on. The default, 127.0.0.1, is this machine "
                                           "only; another address lets other machines in (your home network: "
                                           "anyone who can reach it may make games).")] = "127.0.0.1",
    games: Annotated[Path, typer.Option(help="The directory the games are kept in: each one's save, its seats' "
                                             "token hashes, and at the end its log. Unfinished games found "
                                             "there go on when the server starts.")] = Path("risk-games"),
    rules_dir: Annotated[list[Path] | None, typer.Option(
        "--rules-dir", help="A directory of house rules (.risk files) that pages may choose from (repeat for "
                            "more). Nothing else on disk is read for a page.")] = None,
    pace: Annotated[float, typer.Option(help="Seconds each visible move of a bot stays on the pages.")] = 0.4,
    max_games: Annotated[int, typer.Option(help="The most unfinished games hosted at once.")] = 100,
    rate: Annotated[float, typer.Option(help="Requests a second one seat (or one address) may make, on average; "
                                             "more are answered 429 (a flood slows only its sender).")] = 20.0,
    new_games: Annotated[float, typer.Option(help="Games one address may make a minute, on average.")] = 30.0,
    chosen_seeds: Annotated[bool, typer.Option(
        "--chosen-seeds", help="Let the lobby set the seed of a game of several people too (whoever knows a "
                               "seed knows every card and die to come: for replaying a known game among "
                               "friends).")] = False,
    allowed_host: Annotated[list[str] | None, typer.Option(
        "--allowed-host", help="Another name of this machine that pages may be loaded from (repeat for more), "
                               "such as mypc.local; its addresses and loopback names are always allowed.")] = None,
    max_connections: Annotated[int | None, typer.Option(
        help="The most connections held open at once (default: the limit on open files less 128, at most "
             "10000). When full, the one waiting longest for its request is dropped for a new one if it has "
             "waited a second; otherwise the new one is refused.", show_default=False)] = None,
    max_per_address: Annotated[int, typer.Option(
        help="The most connections one address (an IPv6 /64) holds at once; past it, as when full, that "
             "address's longest waiting is dropped, or the new one refused.")] = 256,
    header_timeout: Annotated[float, typer.Option(
        help="Seconds a request's headers may take to arrive (from the connection, or from the previous "
             "answer on it); a connection that takes longer is closed.")] = 10.0,
    body_timeout: Annotated[float, typer.Option(
        help="Seconds a request's body may take after its headers, and an answer may wait unread by the "
             "client; a connection that takes longer is closed.")] = 30.0,
    away: Annotated[float, typer.Option(
        help="Seconds a person's page may stay closed before a bot plays his seat, until he opens his link "
             "again (0: never; the host may still release a seat to the bot).")] = 120.0,
    away_bot: Annotated[str, typer.Option(help="The bot that plays a seat whose person is away.")] = "balanced",
) -> None:
    """Play in the browser: a table for one to six people and bots, on this machine or your home network.

    Open the address it prints, choose the rules, seats and language, and send each person
    the link of their seat. Every answer is checked by the engine, the game is saved after
    each one (the same save as `risk play --save`: `risk resume` goes on from it), and its log
    is written at the end (`risk replay` checks it). Stop with Ctrl-C; the games go on when
    the server starts again.
    """
    if not 1 <= port <= 65535:
        fail(f"--port {port}: a port is a number from 1 to 65535")
    if not 0 <= pace <= 10:
        fail(f"--pace {pace}: from 0 to 10 seconds")
    if not 0.1 <= rate <= 100_000:
        fail(f"--rate {rate}: from 0.1 to 100000 requests a second")
    if not 0.1 <= new_games <= 1_000_000:
        fail(f"--new-games {new_games}: from 0.1 to 1000000 a minute")
    if not 1 <= max_games <= 10_000:
        fail(f"--max-games {max_games}: from 1 to 10000")
    if max_connections is not None and not 1 <= max_connections <= 1_000_000:
        fail(f"--max-connections {max_connections}: from 1 to 1000000")
    if not 1 <= max_per_address <= 1_000_000:
        fail(f"--max-per-address {max_per_address}: from 1 to 1000000")
    if not 0.1 <= header_timeout <= 3600:
        fail(f"--header-timeout {header_timeout}: from 0.1 to 3600 seconds")
    if not 0.1 <= body_timeout <= 3600:
        fail(f"--body-timeout {body_timeout}: from 0.1 to 3600 seconds")
    if not (away == 0 or 1 <= away <= 86_400):
        fail(f"--away {away}: 0 (never), or from 1 to 86400 seconds")
    from ..engine.agents import BOTS

    if away_bot not in BOTS:
        fail(f"--away-bot {away_bot}: one of the built-in bots {', '.join(BOTS)}")
    for d in rules_dir or []:
        if not d.is_dir():
            fail(f"--rules-dir {d}: no such directory")
    try:
        games.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        fail(f"--games {games}: cannot be made ({err.strerror})")
    import uvicorn

    from ..web import connections
    from ..web.guards import LOOPBACK_NAMES, Guards
    from ..web.host import Host
    from ..web.server import app_for

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
    except OSError as err:
        fail(f"cannot listen on {host}:{port} ({err.strerror})")
    local = _loopback(host)
    names = _names(host, allowed_host or [])
    if not local:
        typer.secho(f"WARNING: listening on {host}, not this machine only: anyone who can reach {host}:{port} "
                    "can open the lobby and make games (a seat still needs its link). Use it on a network you "
                    "trust.", fg=typer.colors.YELLOW, err=True)
    hosting = Host(games.resolve(), tuple(d.resolve() for d in rules_dir or ()), pace=pace, max_games=max_games, chosen_seeds=chosen_seeds,
                   away=away, away_bot=away_bot,
                   warn=lambda line: typer.echo(f"risk: warning: not resumed: {line}", err=True),
                   tell=lambda line: typer.echo(f"risk serve: {line}"))
    guards = Guards(names, rate=rate, burst=max(10, int(rate * 3)), create_rate=new_games / 60,
                    create_burst=max(5, int(new_games / 3)))
    app = app_for(hosting, guards)
    shown = "127.0.0.1" if host == "127.0.0.1" else f"[{host}]" if ":" in host else host
    typer.echo(f"risk serve: http://{shown}:{port}/ — games kept in {games}/ (Ctrl-C stops; they go on when it "
               "starts again)")
    if host in ("0.0.0.0", "::"):
        others = sorted(n for n in names if n not in LOOPBACK_NAMES and (n[:1].isdigit() or n.startswith("[")))
        if others:
            typer.echo("risk serve: from the other machines: " + ", ".join(f"http://{n}:{port}/" for n in others))
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=3,
                            timeout_keep_alive=connections.KEEP_ALIVE)
    table = app.state.table

    class Server(connections.GuardedServer):
        def handle_exit(self, sig, frame) -> None:  # (Ctrl-C: the waiting polls return, and it stops at once)
            if table.loop is not None:
                table.loop.call_soon_threadsafe(table.stop_polls)
            super().handle_exit(sig, frame)

    server = Server(config, listening, most=max_connections or connections.default_most(),
                    per_address=max_per_address, header_timeout=header_timeout, body_timeout=body_timeout,
                    say=lambda line: typer.echo(f"risk serve: warning: {line}", err=True))
    server.run(sockets=[listening])


def connect(
    link: Annotated[str, typer.Argument(metavar="LINK", show_default=False,
                                        help="A seat's link, as the lobby gives it: http://HOST:PORT/g/GAME#seat=TOKEN.")],
    cmd: Annotated[str, typer.Option("--cmd", metavar="'PROGRAM ARGS'", show_default=False,
                                     help="The program that plays the seat, as for --bot cmd: (docs/seat-protocol.md).")],
    bot_timeout_s: Annotated[float, typer.Option(
        "--bot-timeout", metavar="SECONDS",
        help="Seconds the program may take to answer one question (the first: 5 more, while it starts) before "
             "this command stops, the question left waiting; 0: no limit.")] = 60.0,
) -> None:
    """Play a seat of a served game (`risk serve`) by a program of your own, run on this machine.

    The program speaks the seat protocol over its standard input and output, as with `--bot cmd:`;
    the server checks every answer. A program that ends, hangs or answers what it may not stops
    this command with one line (exit 1) and leaves the game as it was: the question waits for the
    seat's page or another `risk connect`.
    """
    from ..web.bridge import BridgeError, connect as relay

    if not cmd.strip():
        fail("--cmd: name the program that plays the seat")
    try:
        typer.echo(f"risk connect: {relay(link, cmd, bot_timeout(bot_timeout_s))}")
    except BridgeError as err:
        fail(str(err))


COMMANDS = (serve, connect)
