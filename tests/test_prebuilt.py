"""The prebuilt built-in rulebooks equal what the parser and the checks make of the sources."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest

from riskrules.language import prebuild, prebuilt
from riskrules.language.expr import Expression
from riskrules.language.loader import builtin_ids, open_rulebook
from riskrules.resources import data_dir, rulebooks_dir


def plain(value):
    """A comparable form of compiled rules: expressions by their text, place and names."""
    if isinstance(value, Expression):
        return ("expression", value.text, value.pos, value.pos and value.pos.text, value.names)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(plain(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(v) for v in value)
    return value


@pytest.fixture
def built(tmp_path, monkeypatch):
    """The prebuilt form of every built-in rulebook, made now, where `prebuilt` looks."""
    built = tmp_path / "prebuilt"
    prebuild.build(built)
    monkeypatch.setattr(prebuilt, "data_dir", lambda name: built)
    monkeypatch.setattr(prebuilt, "_loaded", {})
    return built


def configurations():
    for ref in builtin_ids():
        book = open_rulebook(ref)
        for selection in [None, *book.variants]:
            general = book.rules([selection] if selection else None)
            for players in [None, *range(general.min_players, general.max_players + 1)]:
                yield book, [selection] if selection else None, players


def test_prebuilt_rules_equal_the_parsed_ones(built):
    count = 0
    for book, variants, players in configurations():
        parsed = book.rules(variants, players)
        loaded = prebuilt.rules(book.id, variants, players)
        assert loaded is not None, (book.id, variants, players)
        assert plain(loaded) == plain(parsed), (book.id, variants, players)
        model, board, fingerprint = prebuilt.model(book.id, variants, players)
        assert (model, board, fingerprint) == (parsed.model, parsed.board, parsed.fingerprint)
        count += 1
    assert count > 50


def test_what_is_not_prebuilt_is_read_as_ever(built):
    assert prebuilt.rules("nl-1990", ["alternatief", "missions"], 4) is None  # two variants at once
    assert prebuilt.rules("nl-1990", ["no-such-variant"]) is None
    assert prebuilt.model("rulebooks/nl-1990.risk") is None  # a path, not an id
    assert prebuilt.model("no-such-edition") is None


def test_an_edited_source_is_not_answered_from_the_prebuilt_form(built, tmp_path, monkeypatch):
    sources = tmp_path / "rulebooks"
    shutil.copytree(rulebooks_dir(), sources)
    monkeypatch.setattr(prebuilt, "rulebooks_dir", lambda: sources)
    with (sources / "cs-riziko.risk").open("a", encoding="utf-8") as handle:
        handle.write("# edited since the build\n")
    assert prebuilt.model("cs-riziko") is None
    assert prebuilt.model("classic") is not None
    with (sources / "boards" / "classic.yaml").open("a", encoding="utf-8") as handle:
        handle.write("# edited since the build\n")
    monkeypatch.setattr(prebuilt, "_loaded", {})
    assert prebuilt.model("classic") is None


def test_an_installed_copy_carries_the_prebuilt_form_of_its_sources():
    """In a wheel (CI tests the installed one) the files built then are what a build makes now."""
    directory = data_dir(prebuilt.DIRECTORY)
    if not directory.is_dir():  # a checkout: nothing prebuilt, the rulebooks are read
        assert prebuilt.model("classic") is None
        return
    for ref in builtin_ids():
        assert (directory / f"{ref}.json").read_text(encoding="utf-8") == prebuild.text_of(ref), ref
