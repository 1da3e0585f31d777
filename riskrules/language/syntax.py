"""Syntax: the text of a rule file → a lark tree, recovering from syntax errors.

The grammar is `grammar/risk.lark` (LALR, contextual lexer). Syntax errors are recovered
line by line (the faulty line, or the block it opens, is blanked and the text parsed
again) so that one run reports all of them; every message carries file, line and column,
and says what was expected there — or, when a line begins with a word that cannot begin a
statement in its block, where that statement belongs.
"""

from __future__ import annotations

import re
from functools import cache

from lark import Lark, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import parser_cache
from .bounds import (MAX_DIGITS, MAX_EXPR_DEPTH, MAX_RECOVERY_TOKENS, MAX_SYNTAX_ERRORS, MAX_TOKENS, _BracketGuard,
                     _TooDeep, _TooLong, _TooMany)
from .errors import N_, Problem, did_you_mean, pos_at, problem
from ..resources import grammar_path


@cache
def parser() -> Lark:
    """The LALR parser of risk.lark, from the user's private cache when it is safe to use
    (see parser_cache: never lark's own cache=True, a pickle in the shared temp directory)."""
    grammar = grammar_path().read_text(encoding="utf-8")
    cache_file = parser_cache.cache_file(grammar)
    built = Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start=["start", "expr"],
        propagate_positions=True,
        postlex=_BracketGuard(),
        cache=cache_file or False,
    )
    parser_cache.settle(cache_file)
    return built


# ---- Syntax errors ---------------------------------------------------------------------

def _expected_words(expected: set[str]) -> list[str]:
    """Terminal names → what the author would type, in a stable order."""
    words = set()
    lark = parser()
    for name in expected:
        if name.startswith("_NL"):
            words.add("end of line")
            continue
        try:
            pattern = lark.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":  # (a sign quoted, so that a comma reads as one: ',')
            words.add(pattern.value if pattern.value[:1].isalpha() else f"'{pattern.value}'")
        else:
            words.add({"INT": "a number", "NAME": "a name", "ID": "an id", "STRING": "a quoted text"}.get(name, name))
    return sorted(words, key=lambda w: (not w[0].isalpha(), w))


def _syntax_message(err: UnexpectedInput, source_line: str) -> str:
    if isinstance(err, UnexpectedEOF):
        return "unexpected end of file; a '}' is missing"
    if isinstance(err, UnexpectedCharacters):
        char = source_line[err.column - 1] if 0 < err.column <= len(source_line) else "?"
        return f"unexpected character '{char}'"
    assert isinstance(err, UnexpectedToken)
    token = err.token
    if token.type == "$END":
        return "unexpected end of file; a '}' is missing"
    found = "end of line" if token.type == "_NL" else f"'{token.value}'"
    words = _expected_words(set(err.expected))
    message = f"unexpected {found}"
    if words:
        message += "; expected " + (words[0] if len(words) == 1 else "one of: " + ", ".join(words))
        if token.type != "_NL":
            message += did_you_mean(str(token.value), [w for w in words if w[0].isalpha() and " " not in w])
    return message


# ---- Words that begin a statement, per block: derived from the grammar -------------------------

@cache
def _first_words(symbol: str) -> frozenset[str]:
    """The keywords a rule (or terminal) can begin with."""
    lark = parser()
    words: set[str] = set()
    todo, seen = [symbol], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name.isupper():
            try:
                pattern = lark.get_terminal(name).pattern
            except KeyError:
                continue
            if pattern.type == "str" and pattern.value.replace("-", "").isalpha():
                words.add(pattern.value)
            continue
        todo.extend(rule.expansion[0].name for rule in lark.rules if rule.origin.name == name and rule.expansion)
    return frozenset(words)


@cache
def _scopes() -> dict[str, frozenset[str]]:
    """Block opener ('' for the top level, 'cards', 'variant', 'for', …) → the statements it holds."""
    lark = parser()
    scopes = {"": _first_words("_top")}
    for rule in lark.rules:
        inner = next((s.name[len("_block{"):-1] for s in rule.expansion if s.name.startswith("_block{")), None)
        if inner and rule.origin.name[:1] != "_":
            for opener in _first_words(rule.origin.name):
                scopes[opener] = _first_words(inner)
    return scopes


def _scope_at(lines: list[str], index: int) -> str:
    """The opener of the innermost block still open at line `index` (0-based)."""
    stack: list[str] = []
    for line in lines[:index]:
        code = line.split("#")[0]
        words = code.split()
        for char in code:
            if char == "{":
                stack.append(words[0] if words else "")
            elif char == "}" and stack:
                stack.pop()
    return stack[-1] if stack else ""


# Openers that name a section another opener names too: a message names the other (`visibility`).
_SYNONYMS = ("fog",)

_RULEBOOK_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def _statement_problem(lines: list[str], line: int, label: str) -> Problem | None:
    """A clearer message when the faulty line begins with a word that cannot begin a statement
    there (a misspelt section or statement, or one in the wrong block), or names a bad id."""
    index = line - 1
    if not 0 <= index < len(lines):
        return None
    code = lines[index].split("#")[0]
    words = code.split()
    if not words or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", words[0]):
        return None
    previous = next((p.split("#")[0].rstrip() for p in reversed(lines[:index]) if p.split("#")[0].strip()), "")
    if previous.endswith(","):
        return None  # a list going on from the line before
    word, col = words[0], code.index(words[0]) + 1
    where = pos_at(label, lines, line, col)
    if word == "rulebook" and len(words) > 1 and not _RULEBOOK_ID.fullmatch(words[1]):
        hint = "-".join(re.findall(r"[a-z0-9]+", words[1].lower())) or "my-rules"
        if not hint[0].isalpha():
            hint = "r" + hint
        return problem(N_("'{word}' cannot be a rulebook id: an id is lower-case letters and digits, words "
                          "joined by '-' (such as '{hint}')"),
                       pos_at(label, lines, line, code.index(words[1], col + len(word)) + 1), word=words[1][:40],
                       hint=hint[:40])
    name = words[1].removesuffix(":") if word == "card" and len(words) > 1 else ""
    if name and name != "limit" and not _RULEBOOK_ID.fullmatch(name):  # `card Bomb: …` (issue 44)
        hint = "-".join(re.findall(r"[a-z0-9]+", name.lower())) or "bomb"
        if not hint[0].isalpha():
            hint = "c" + hint
        return problem(N_("'{word}' cannot be a card's name: a name is lower-case letters and digits, words "
                          "joined by '-' (such as '{hint}')"),
                       pos_at(label, lines, line, code.index(words[1], col + len(word)) + 1), word=name[:40],
                       hint=hint[:40])
    scopes = _scopes()
    allowed = scopes.get(_scope_at(lines, index), scopes[""])
    if word in allowed:
        return None
    homes = sorted(opener for opener, words_there in scopes.items() if opener and word in words_there
                   and opener not in ("variant", "for", *_SYNONYMS))
    if homes:
        return problem(N_("'{word}' does not belong here; it goes in a '{section} {{ … }}' block"), where,
                       word=word, section=homes[0])
    if word in scopes[""]:
        return problem(N_("'{word}' belongs at the top of the file, outside any block"), where, word=word)
    suggestion = did_you_mean(word, sorted(allowed))
    if suggestion:
        return problem(N_("unknown statement '{word}'; did you mean '{suggestion}'?"), where, word=word[:40],
                       suggestion=suggestion.split("'")[1])
    return problem(N_("unknown statement '{word}'; expected one of: {words}"), where, word=word[:40],
                   words=", ".join(sorted(allowed)))


def _glued(err: UnexpectedInput, source_line: str) -> tuple[int, str] | None:
    """A word the lexer split after a keyword it begins with (`per cards`: 'card', then 's'): the
    whole word is what is unexpected, and the keyword what was meant."""
    if not isinstance(err, UnexpectedToken) or err.token.type in ("_NL", "$END"):
        return None
    col = err.token.column
    if not (1 < col <= len(source_line) and source_line[col - 2].isalpha() and str(err.token.value)[:1].isalnum()):
        return None
    start = col - 1
    while start > 0 and (source_line[start - 1].isalnum() or source_line[start - 1] == "_"):
        start -= 1
    end = col - 1 + len(str(err.token.value))
    whole, meant = source_line[start:end], source_line[start:col - 1]
    if not meant.isalpha():
        return None
    return start + 1, f"unexpected '{whole[:40]}'; did you mean '{meant[:40]}'?"


# Statements of a list of names with their numbers, with an example of each: a message on such a
# line says how it is written (`decay 2` reads as a number where a territory's name goes).
_NAMED_EXAMPLES = {"autodeploy": ("territory with its armies", "autodeploy alaska 2, iceland 1"),
                   "decay": ("territory with its armies", "decay kamchatka 1, alaska 2"),
                   "continents": ("continent with its bonus", "continents europe 5, asia 7"),
                   "needed": ("number of players with the capitals it needs", "needed 2-3: 2, 4-5: 3, 6: 4")}


def _named_hint(source_line: str, message: str) -> str:
    """`message` with how a statement of named numbers is written, where the line is one (and where a
    team's `played by one person` follows a comma: it ends the `with` list, it is not in it)."""
    words = source_line.split("#")[0].split()
    if words[:1] == ["teams"] and message.startswith("unexpected 'played'") and re.search(r",\s*played\b", source_line):
        return f"{message} ('played by one person' ends the list without a comma, as in 'teams 2 with deploy on " \
               "partners played by one person')"
    if words[:1] == ["players"] and len(words) == 2 and message.startswith("unexpected end of line; expected to"):
        return f"{message} ('players' gives the fewest and the most, as in 'players 3 to 6' or 'players 4 to 4')"
    if not words or words[0] not in _NAMED_EXAMPLES or not message.startswith("unexpected"):
        return message
    kind, example = _NAMED_EXAMPLES[words[0]]
    return f"{message} ('{words[0]}' names each {kind}, as in '{example}')"


_LATE_OBJECTIVE = re.compile(r"or\s+objective\s*$")


def _misplaced_problem(err: UnexpectedInput, lines: list[str], label: str) -> Problem | None:
    """A clearer message for `or objective` written after a round limit (it goes before it)."""
    if not isinstance(err, UnexpectedToken) or err.token.value != "or" or not 0 < err.token.line <= len(lines):
        return None
    code = lines[err.token.line - 1].split("#")[0]
    words = code.split()
    if len(words) < 2 or words[0] != "victory" or not _LATE_OBJECTIVE.match(code[err.token.column - 1:].rstrip()):
        return None
    before = code[:err.token.column - 1].split()
    return Problem(f"'or objective' goes before the round limit: victory {before[1]} or objective or after …",
                   pos_at(label, lines, err.token.line, err.token.column))


def _error_position(err: UnexpectedInput, lines: list[str]) -> tuple[int, int]:
    if isinstance(err, UnexpectedToken) and err.token.type == "_NL":
        # Point just after the last word of the line, where something is missing.
        line = err.token.line
        return line, len(lines[line - 1].split("#")[0].rstrip()) + 1
    line = getattr(err, "line", -1)
    col = getattr(err, "column", -1)
    if line is None or line < 1:
        line = max(1, len(lines))
        col = len(lines[line - 1]) + 1
    return line, max(1, col)


def _block_end(lines: list[str], start: int) -> int:
    """The index of the line that closes a block opened on line `start` (0-based)."""
    depth = 0
    for i in range(start, len(lines)):
        code = lines[i].split("#")[0]
        depth += code.count("{") - code.count("}")
        if depth <= 0:
            return i
    return len(lines) - 1


def _parse_tree(text: str, label: str) -> tuple[Tree | None, str, list[str], list[Problem]]:
    """Parse, recovering from syntax errors by blanking the faulty line (or block).

    Returns the tree of what could be parsed (None if nothing could), the text that was
    parsed (blanked lines keep their place, so line numbers hold but offsets do not),
    the original source lines, and the syntax problems found on the way.
    """
    lines = text.split("\n")
    work = list(lines)
    problems: list[Problem] = []
    lark = parser()
    lexed = 0
    for _ in range(MAX_SYNTAX_ERRORS):
        if lexed > MAX_RECOVERY_TOKENS:  # recovering costs a parse each time: bounded work
            break
        parsed = "\n".join(work) + "\n"
        try:
            tree = lark.parse(parsed, start="start")
        except _TooMany as many:
            line, col = many.token.line, many.token.column
            problems.append(Problem(f"too long: more than {MAX_TOKENS:,} words, numbers and signs in one file",
                                    pos_at(label, lines, line, col)))
            break
        except _TooDeep as deep:
            line, col = deep.token.line, deep.token.column
            message = (f"number too long (more than {MAX_DIGITS} digits)" if isinstance(deep, _TooLong)
                       else f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)")
        except UnexpectedInput as err:
            line, col = _error_position(err, work)
            message = _syntax_message(err, lines[line - 1] if line <= len(lines) else "")
            col, message = _glued(err, work[line - 1] if line <= len(work) else "") or (col, message)
            message = _named_hint(work[line - 1] if line <= len(work) else "", message)
            if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
                problems.append(Problem(message, pos_at(label, lines, line, col)))
                break
            clearer = _statement_problem(work, line, label) or _misplaced_problem(err, work, label)
            if clearer is not None:
                problems.append(clearer)
                message = ""
        else:  # parsed: words run together read as apart (`killrates`), but are told
            problems += [Problem(f"'{a}{b}' runs two words together: write '{a} {b}'",
                                 pos_at(label, lines, a.line, a.column)) for a, b in lark.options.postlex.glued]
            return tree, parsed, lines, problems
        finally:
            lexed += lark.options.postlex.lexed
        if message:
            problems.append(Problem(message, pos_at(label, lines, line, col)))
        index = line - 1
        if index >= len(work) or not work[index].strip():
            break
        end = _block_end(work, index) if "{" in work[index].split("#")[0] else index
        for i in range(index, end + 1):
            work[i] = ""
    return None, "", lines, problems
