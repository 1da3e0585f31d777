"""Shell completion of what the arguments name (issue 20): edition ids and .risk files, an
edition's variants, the languages; the completion functions called as typer calls them."""

from __future__ import annotations

import os
import subprocess

import typer

from riskrules.cli import complete
from conftest import RISK


class _Context:
    """What a completion function reads of typer's context: the parameters parsed so far."""

    def __init__(self, params: dict | None = None, args: list[str] | None = None):
        self.params = params or {}
        self.args = args or []


def test_edition_ids_complete():
    assert complete.editions("sv") == ["sv-2000"]
    assert complete.editions("nl-") == ["nl-1990", "nl-modern"]
    assert {"classic", "cs-riziko", "de-deluxe", "nl-1990", "nl-modern", "sv-2000", "late-escalation"} <= \
        set(complete.editions(""))
    assert complete.editions("zz") == []


def test_a_path_completes_to_risk_files_and_folders(tmp_path, monkeypatch):
    (tmp_path / "house.risk").write_text("rulebook house\n")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "mine.risk").write_text("rulebook mine\n")
    monkeypatch.chdir(tmp_path)
    assert complete.editions("ho") == ["house.risk"]
    assert complete.editions("./") == ["./house.risk", "./rules/"]
    assert complete.editions("rules/") == ["rules/mine.risk"]
    assert complete.editions(f"{tmp_path}/r") == [f"{tmp_path}/rules/"]


def test_variants_of_the_edition_given():
    assert complete.variants(_Context({"edition": "sv-2000"}), "") == ["missions", "world-conquest", "escalating",
                                                                        "capitals"]
    assert complete.variants(_Context({"edition": None}, ["nl-1990"]), "s") == ["super-risk"]
    assert complete.variants(_Context({"edition": "sv-2000"}), "missions,") == [
        "missions,world-conquest", "missions,escalating", "missions,capitals"]
    every = complete.variants(_Context(), "")
    assert {"domination", "alternatief", "super-risk", "capitals", "missions-full-round"} <= set(every)
    assert complete.variants(_Context({"edition": "no-such.risk"}), "") == []


def test_languages_complete():
    assert complete.languages("") == ["cs", "de", "en", "nl", "sv"]
    assert complete.languages("s") == ["sv"]


def test_the_options_are_wired_to_them():
    from riskrules.cli.common import EditionArg, LangOpt, VariantOpt

    def wired(annotated) -> object:
        info = annotated.__metadata__[0]
        assert isinstance(info, (typer.models.ArgumentInfo, typer.models.OptionInfo))
        return info.autocompletion

    assert (wired(EditionArg), wired(VariantOpt), wired(LangOpt)) == (complete.editions, complete.variants,
                                                                      complete.languages)


def test_the_shell_is_offered_them():
    def offered(words: str) -> list[str]:
        cword = len(words.split()) - (0 if words.endswith(" ") else 1)
        env = {**os.environ, "_RISK_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
        out = subprocess.run(RISK, capture_output=True, text=True, env=env,
                             timeout=60)
        return out.stdout.split()

    assert offered("risk play sv") == ["sv-2000"]
    assert offered("risk play sv-2000 --variant ") == ["missions", "world-conquest", "escalating", "capitals"]
    assert offered("risk rules nl-1990 --lang n") == ["nl"]
