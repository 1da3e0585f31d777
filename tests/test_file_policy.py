"""Where a rule file may point, what is read of it, and no parser pickle from shared places."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from riskrules.cli import app
from riskrules.language import parser_cache
from riskrules.language.errors import RuleError
from riskrules.language.files import Unreadable, allow_dirs, place, read_text
from riskrules.language.loader import open_rulebook

runner = CliRunner()
SECRET = "TOPSECRET-LINE-THAT-MUST-NEVER-BE-SHOWN"


def check(*args: str):
    return runner.invoke(app, ["check", *map(str, args)])


@pytest.fixture(autouse=True)
def _no_widening():
    allow_dirs([])
    yield
    allow_dirs([])


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """house/ (the working directory) beside outside/, which holds a secret 'rule file'."""
    house, outside = tmp_path / "house", tmp_path / "outside"
    house.mkdir()
    outside.mkdir()
    (outside / "secret.risk").write_text(f"{SECRET}\n{SECRET}\n", encoding="utf-8")
    (outside / "secret.yaml").write_text(f"{SECRET}: 1\nother: 2\n", encoding="utf-8")
    monkeypatch.chdir(house)

    def write(name: str, text: str) -> Path:
        path = house / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    write.house, write.outside = house, outside
    return write


def test_an_absolute_extends_is_refused_and_named(tree):
    tree("a.risk", 'rulebook a\nextends "/etc/passwd"\n')
    result = check("a.risk")
    assert result.exit_code == 1
    assert result.stderr == (
        "a.risk:2:9: refused path '/etc/passwd': an absolute path (name a file beside this one, "
        "or allow its directory with --allow-dir DIR)\n"
        '    extends "/etc/passwd"\n'
        "            ^\n"
        "a.risk: 1 problem\n")


def test_dotdot_out_of_the_directory_is_refused_for_extends_and_board(tree):
    tree("a.risk", 'rulebook a\nextends "../outside/secret.risk"\n')
    tree("b.risk", 'rulebook b\nextends classic\nboard "../outside/secret.yaml"\n')
    for name, col in (("a.risk", 9), ("b.risk", 7)):
        result = check(name)
        assert result.exit_code == 1
        first = result.stderr.splitlines()[0]
        ref = "../outside/secret.risk" if name == "a.risk" else "../outside/secret.yaml"
        line = 2 if name == "a.risk" else 3
        assert first == (f"{name}:{line}:{col}: refused path '{ref}': it leads out of the directory of the file "
                         f"that names it (allow its directory with --allow-dir DIR)")
        assert SECRET not in result.output


def test_a_symbolic_link_out_of_the_directory_is_refused(tree):
    os.symlink(tree.outside / "secret.risk", tree.house / "link.risk")
    tree("a.risk", 'rulebook a\nextends "link.risk"\n')
    result = check("a.risk")
    assert result.stderr.splitlines()[0] == (
        "a.risk:2:9: refused path 'link.risk': a symbolic link leads out of the directory of the file that "
        "names it (allow its directory with --allow-dir DIR)")
    assert SECRET not in result.output


def test_allow_dir_widens_but_an_unparsable_parent_is_never_shown(tree):
    tree("a.risk", 'rulebook a\nextends "../outside/secret.risk"\n')
    result = check("a.risk", "--allow-dir", tree.outside)
    assert result.exit_code == 1
    secret = tree.outside / "secret.risk"  # named in full: it lies outside the working directory
    assert result.stderr.splitlines()[0] == (
        f"a.risk:2:9: {secret}: not a sound rule file (a syntax error at line 1, column 1; "
        f"check it on its own: risk check {secret})")
    assert SECRET not in result.output
    assert check("a.risk", "--allow-dir", "nowhere").stderr == "risk: --allow-dir nowhere: no such directory\n"


def test_allow_dir_lets_a_house_rule_extend_a_shared_one(tree):
    shared = tree.outside / "shared.risk"
    shared.write_text("rulebook shared\nextends classic\n", encoding="utf-8")
    tree("a.risk", f'rulebook a\nextends "{shared}"\n')
    assert check("a.risk").exit_code == 1
    result = check("a.risk", "--allow-dir", tree.outside)
    assert (result.exit_code, result.stdout) == (0, "a.risk: ok\n")


def test_a_board_that_is_no_board_shows_none_of_its_keys(tree):
    (tree.house / "b.yaml").write_text(f"{SECRET}: 1\nother: 2\n", encoding="utf-8")
    tree("a.risk", 'rulebook a\nextends classic\nboard "b.yaml"\n')
    result = check("a.risk")
    assert result.stderr.splitlines()[0] == (
        "a.risk:3:7: b.yaml: not a board file (a board has borders, continents, deck, id at the top, and may have "
        "author, border marks, colours, layout, marks, name, names, one_way, source; nothing else)")
    assert SECRET not in result.output
    (tree.house / "b.yaml").write_text(f"continents: [\n  {SECRET}\n", encoding="utf-8")
    result = check("a.risk")
    assert result.stderr.splitlines()[0] == "a.risk:3:7: b.yaml: not a board file: not valid YAML (line 3, column 1)"
    assert SECRET not in result.output


def test_yaml_aliases_are_refused(tree):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
    (tree.house / "bomb.yaml").write_text("continents:\n" + textwrap.indent(bomb, "  "), encoding="utf-8")
    tree("a.risk", 'rulebook a\nextends classic\nboard "bomb.yaml"\n')
    result = check("a.risk")
    assert result.stderr.splitlines()[0] == "a.risk:3:7: bomb.yaml: not a board file: it uses YAML aliases"


@pytest.mark.parametrize("kind", ["fifo", "device", "directory"])
def test_a_fifo_a_device_or_a_directory_is_refused_at_once(tree, kind):
    if kind == "fifo":
        os.mkfifo(tree.house / "b.yaml")
        ref, what = "b.yaml", "b.yaml: not a regular file (a device, a FIFO or a socket), not a board file"
    elif kind == "device":
        os.symlink("/dev/zero", tree.house / "b.yaml")
        ref, what = "b.yaml", None  # a link out of the directory: refused before it is opened
    else:
        (tree.house / "b.yaml").mkdir()
        ref, what = "b.yaml", "b.yaml: is a directory, not a board file"
    tree("a.risk", f'rulebook a\nextends classic\nboard "{ref}"\n')
    started = time.monotonic()
    result = check("a.risk")
    assert time.monotonic() - started < 5
    first = result.stderr.splitlines()[0]
    if what:
        assert first == f"a.risk:3:7: {what}"
    else:
        assert first.startswith("a.risk:3:7: refused path 'b.yaml': a symbolic link leads out")


def test_devices_and_fifos_given_on_the_command_line_are_refused_at_once(tree):
    os.mkfifo(tree.house / "f.risk")
    for path, label in (("/dev/zero", "/dev/zero"), ("/dev/urandom", "/dev/urandom"), ("f.risk", "f.risk")):
        result = check(path)
        assert result.stderr == (f"{label}: not a regular file (a device, a FIFO or a socket), not a rule file\n"
                                 f"{label}: 1 problem\n")
    with pytest.raises(Unreadable, match=r"^x: not a regular file"):
        read_text("/dev/zero", "x", 1024, "a board file")


def test_the_read_is_bounded_and_the_size_checked_first(tree):
    big = tree.house / "big.risk"
    big.write_bytes(b"#" * (256 * 1024 + 1))
    assert check("big.risk").stderr == "big.risk: file is too large (the limit is 256 KiB)\nbig.risk: 1 problem\n"


def test_a_file_that_is_no_rule_file_shows_one_line_only(tree):
    (tree.house / "p.risk").write_text("root:x:0:0\n" + f"{SECRET}\n" * 50, encoding="utf-8")
    result = check("p.risk")
    assert result.stderr.count("\n") == 4  # the message, the line, the caret, the count
    assert result.stderr.splitlines()[1] == "    root:x:0:0"
    assert SECRET not in result.output


def test_long_names_are_refused_not_followed(tree):
    long = "x" * 5000
    tree("a.risk", f"rulebook a\nextends {long}\n")
    tree("b.risk", f'rulebook b\nextends "{long}.risk"\n')
    assert check("a.risk").stderr.splitlines()[0] == (
        "a.risk:2:9: unknown rulebook '" + "x" * 60 + "…'")
    assert check("b.risk").stderr.splitlines()[0] == (
        "b.risk:2:9: refused path '" + "x" * 60 + "…': longer than 255 characters")
    result = runner.invoke(app, ["rules", long])
    assert result.exit_code == 1
    assert len(result.stderr) < 300


def test_place_is_the_one_policy():
    base = Path("/srv/house")
    assert place("a/b.risk", base) == Path(os.path.realpath("/srv/house/a/b.risk"))
    for ref, why in (("/etc/passwd", "an absolute path"), ("../x.risk", "it leads out"), ("a\0b", "not a file name")):
        with pytest.raises(Unreadable, match=why):
            place(ref, base)
    assert place("/etc/passwd", base, allow=["/etc"]) == Path("/etc/passwd")
    assert place("../x.risk", base, allow=["/srv"]) == Path("/srv/x.risk")


# ---- the parser cache ----------------------------------------------------------------------

_PLANT = textwrap.dedent("""
    import pickle, sys, tempfile
    from pathlib import Path
    import lark
    from riskrules.language import parse

    tmp, marker, mode = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    tempfile.tempdir = str(tmp)
    options = dict(parser="lalr", lexer="contextual", start=["start", "expr"], propagate_positions=True,
                   postlex=parse._BracketGuard())
    grammar = parse.grammar_path().read_text(encoding="utf-8")
    if mode == "plant":  # what riskrules used to do: cache=True, a pickle in the shared temp dir
        lark.Lark(grammar, cache=True, **options)
        [planted] = tmp.glob(".lark_cache*")
        head = planted.read_bytes().split(b"\\n", 1)[0]
        planted.write_bytes(head + b"\\n" + pickle.dumps(eval(sys.argv[4])))
        lark.Lark(grammar, cache=True, **options)  # the old way: runs the planted code
    else:
        parse.parser().parse("rulebook x\\n", start="start")
""")


class _Hostile:
    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return open, (self.marker, "w")


def test_a_planted_parser_cache_is_never_unpickled(tmp_path):
    shared = tmp_path / "tmp"
    shared.mkdir()
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    marker = tmp_path / "pwned"
    payload = f"type('H', (), {{'__reduce__': lambda self: (open, ({str(marker)!r}, 'w'))}})()"
    # (-P: the riskrules this process imports, the installed one in CI: conftest.RISK)
    subprocess.run([sys.executable, "-P", "-c", _PLANT, str(shared), str(marker), "plant", payload], env=env,
                   check=True)
    assert marker.exists()  # the planted file sits where lark's cache=True looks, and it is hostile
    marker.unlink()
    subprocess.run([sys.executable, "-P", "-c", _PLANT, str(shared), str(marker), "riskrules"], env=env, check=True)
    assert not marker.exists()
    assert (tmp_path / "cache" / "riskrules").stat().st_mode & 0o777 == 0o700


def test_a_cache_anyone_else_can_write_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    grammar = "start: \"a\"\n"
    path = parser_cache.cache_file(grammar)
    assert path is not None and Path(path).parent == tmp_path / "riskrules"
    Path(path).write_bytes(pickle.dumps(_Hostile(str(tmp_path / "pwned"))))
    os.chmod(path, 0o666)
    assert parser_cache.cache_file(grammar) is None  # a file others may write
    os.chmod(path, 0o600)
    assert parser_cache.cache_file(grammar) == path
    os.chmod(tmp_path / "riskrules", 0o777)
    assert parser_cache.cache_file(grammar) is None  # a directory others may write into
    os.chmod(tmp_path / "riskrules", 0o700)
    os.chmod(tmp_path, 0o777)
    assert parser_cache.cache_file(grammar) is None  # its parent could swap the directory
    os.chmod(tmp_path, 0o755)
    os.unlink(path)
    os.symlink(tmp_path / "elsewhere", path)
    assert parser_cache.cache_file(grammar) is None  # a link


def test_rule_errors_stay_rule_errors_for_odd_references(tree):
    tree("a.risk", 'rulebook a\nextends "a\tb.risk"\n')
    with pytest.raises(RuleError, match="not a file name"):
        open_rulebook("a.risk")


def test_a_simulation_job_carries_allow_dir_to_workers_that_did_not_see_the_command_line(tree):
    import pickle as _pickle

    from riskrules.instrument.simulate import Job, play_chunk

    shared = tree.outside / "shared.risk"
    shared.write_text("rulebook shared\nextends classic\n", encoding="utf-8")
    path = tree("a.risk", f'rulebook a\nextends "{shared}"\n')
    allow_dirs([tree.outside])
    job = Job(str(path), None, 3)
    allow_dirs([])  # a dask worker: another process, no --allow-dir of its own
    records = play_chunk(_pickle.loads(_pickle.dumps(job)), [0], 1)
    assert [r.index for r in records] == [0]
    allow_dirs([])
    with pytest.raises(RuleError, match="refused path"):
        Job(str(path), None, 3).rules()  # made without --allow-dir: refused


def test_a_written_file_gets_the_mode_a_plain_open_would_give(tmp_path):
    """Not mkstemp's 0600: a page or a drawing is written to be read by others (the umask decides),
    and a file written again keeps the mode it has."""
    from riskrules.outputs import atomic

    old = os.umask(0o022)
    try:
        with atomic(tmp_path / "page.html") as out:
            out.write("x")
        assert (tmp_path / "page.html").stat().st_mode & 0o777 == 0o644
        os.chmod(tmp_path / "page.html", 0o600)
        with atomic(tmp_path / "page.html") as out:
            out.write("y")
        assert (tmp_path / "page.html").stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(old)
