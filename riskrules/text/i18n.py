"""Text that people read: gettext catalogs per language, the edition's voice, numbers.

Every string shown to a person goes through a `Text`:

    t = Text("sv", terms={"dealer": "general", …})
    t._("Players")                                      # gettext
    t.n_("{n} army", "{n} armies", n).format(n=t.num(n))  # ngettext: the plural forms of the language
    t.p_("liberation", "…")                             # pgettext: the liberation voice
    t.term("dealer")                                    # the edition's word for the dealer
    t.territory("north_africa")                         # a display name

Catalogs live in locales/<lang>/LC_MESSAGES/riskrules.po, compiled to .mo when the
package is built; a checkout whose .mo is missing or older than its .po reads the .po.
A message missing from a catalog falls back to English — the English catalog (which holds
the English wording of the voices), then the English message itself; never a blank.
"""

from __future__ import annotations

import gettext
import io
import re
from functools import cache, lru_cache

from ..resources import locales_dir

DOMAIN = "riskrules"
ENGLISH = "en"


def _load(lang: str) -> gettext.NullTranslations | None:
    directory = locales_dir() / lang / "LC_MESSAGES"
    mo, po = directory / f"{DOMAIN}.mo", directory / f"{DOMAIN}.po"
    if po.is_file() and (not mo.is_file() or po.stat().st_mtime > mo.stat().st_mtime):
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        return gettext.GNUTranslations(buffer)
    if mo.is_file():
        with mo.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    return None


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The translations of `lang`, falling back to English."""
    english = _load(ENGLISH) or gettext.NullTranslations()
    if lang == ENGLISH:
        return english
    own = _load(lang)
    if own is None:
        return english
    own.add_fallback(english)
    return own


def available_languages() -> list[str]:
    """English and every language with a catalog."""
    found = {ENGLISH}
    base = locales_dir()
    if base.is_dir():
        found |= {p.parent.parent.name for p in base.glob(f"*/LC_MESSAGES/{DOMAIN}.[mp]o")}
    return sorted(found)


def check_language(lang: str) -> str | None:
    """None if `lang` can be shown, else the message refusing it."""
    languages = available_languages()
    if lang in languages:
        return None
    return f"no translation for '{lang}'; languages: {', '.join(languages)}"


def english_name(identifier: str) -> str:
    """The English display name of a stable id: north_africa → North Africa.

    It is the message id under which every catalog translates the name (see
    riskrules/i18n_extract.py, which puts these names into the template).
    """
    return identifier.replace("_", " ").title()


class Text:
    """Translations for one language and one edition's voice."""

    def __init__(self, lang: str = ENGLISH, terms: dict[str, str] | None = None, board=None):
        self.lang = lang
        self.terms = dict(terms or {})
        self._t = catalog(lang)
        about = getattr(board, "about", None)  # a board's own names (an imported map's), shown as written
        self.names: tuple[dict[str, str], dict[str, str]] = \
            (about.territories, about.continents) if about is not None else ({}, {})

    def on(self, board) -> Text:
        """This Text, showing `board`'s own names (itself if the board has none)."""
        if getattr(board, "about", None) is None:
            return self
        return Text(self.lang, self.terms, board)

    def _(self, message: str) -> str:
        return self._t.gettext(message)

    def n_(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def p_(self, context: str, message: str) -> str:
        return self._t.pgettext(context, message)

    def np_(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)

    # ---- the edition's voice
    def voice(self, key: str) -> str:
        """The edition's choice for `key`: dealer → general | president, attack → attack |
        liberation, neutral → neutral | united_army."""
        return self.terms.get(key, {"dealer": "general", "attack": "attack", "neutral": "neutral"}[key])

    def term(self, key: str) -> str:
        """The edition's word for the dealer, for a battle, for the neutral army."""
        choice = self.voice(key)
        if key == "dealer":
            # Translators: the player who deals and keeps the cards; "Präsident" in RISIKO DE LUXE
            return self.p_("dealer", "the President") if choice == "president" else self.p_("dealer", "the General")
        if key == "attack":
            # Translators: what a battle is called; RISIKO DE LUXE calls it a liberation (Befreiung)
            return self.p_("attack", "liberation") if choice == "liberation" else self.p_("attack", "attack")
        # Translators: the third army of a 2-player game; the Czech rules call it "Spojená Armáda"
        return self.p_("neutral", "the United Army") if choice == "united_army" else self.p_("neutral", "the neutral army")

    # ---- names
    def territory(self, identifier: str) -> str:
        return self.names[0].get(identifier) or self.p_("territory", english_name(identifier))

    def continent(self, identifier: str) -> str:
        return self.names[1].get(identifier) or self.p_("continent", english_name(identifier))

    def symbol(self, identifier: str) -> str:
        return self.p_("card symbol", identifier)

    def colour(self, identifier: str) -> str:
        return self.p_("colour", identifier)

    def player(self, name: str | None) -> str:
        """A player's name as shown: a colour, or the neutral army's name."""
        if name is None:
            return self.p_("player", "nobody")
        return self.term("neutral") if name == "neutral" else self.colour(name)

    # ---- numbers
    def num(self, n: int | float | None) -> str:
        """A number as the language writes it; '?' for one the reader does not see (under fog)."""
        return "?" if n is None else _format_decimal(n, self.lang)

    def pct(self, x: float, digits: int = 1) -> str:
        return _format_percent(x, self.lang, digits)


@lru_cache(maxsize=4096)
def _format_decimal(n, lang: str) -> str:
    from babel.numbers import format_decimal

    return format_decimal(n, locale=lang)


@lru_cache(maxsize=4096)
def _format_percent(x: float, lang: str, digits: int) -> str:
    """A percentage in the locale's own pattern (56.8% in English, 56,8 % in Swedish), `digits` decimals."""
    from babel import Locale
    from babel.numbers import format_percent

    pattern = Locale.parse(lang).percent_formats[None].pattern
    if digits:
        pattern = re.sub(r"0(?=[^0#,.]*%)", "0." + "0" * digits, pattern, count=1)
    return format_percent(x, format=pattern, locale=lang)


def capitalized(text: str) -> str:
    """A sentence that begins with a name ("red takes …") begins with a capital."""
    return text[:1].upper() + text[1:]


PLACEHOLDER = re.compile(r"\{(\w*)\}")
