"""Text that people read: gettext catalogs per language, the edition's voice, numbers.

Every string shown to a person goes through a `Text`:

    t = Text("sv", terms={"dealer": "general", …})
    t._("Players")                                  # gettext
    t.n_("{n} army", "{n} armies", n).format(n=n)   # ngettext, plural forms of the language
    t.term("dealer")                                # the edition's word for the dealer
    t.territory("north_africa")                     # a display name

Catalogs live in locales/<lang>/LC_MESSAGES/riskrules.mo. A string missing from a
catalog falls back to English, never to a blank or a message id.
"""

from __future__ import annotations

import gettext
from functools import cache

from .resources import locales_dir

DOMAIN = "riskrules"
ENGLISH = "en"


@cache
def _catalog(lang: str) -> gettext.NullTranslations:
    try:
        return gettext.translation(DOMAIN, localedir=str(locales_dir()), languages=[lang])
    except (OSError, ValueError):
        return gettext.NullTranslations()


def available_languages() -> list[str]:
    """English and every language with a compiled catalog."""
    found = {ENGLISH}
    base = locales_dir()
    if base.is_dir():
        found |= {p.parent.parent.name for p in base.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return sorted(found)


def _humanize(identifier: str) -> str:
    return identifier.replace("_", " ").title()


class Text:
    """Translations for one language and one edition's voice."""

    def __init__(self, lang: str = ENGLISH, terms: dict[str, str] | None = None):
        self.lang = lang
        self.terms = dict(terms or {})
        self._t = _catalog(lang)

    def _(self, message: str) -> str:
        return self._t.gettext(message)

    def n_(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def p_(self, context: str, message: str) -> str:
        return self._t.pgettext(context, message)

    def np_(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)

    # ---- the edition's voice
    def term(self, key: str) -> str:
        """The edition's word for `key` (dealer, attack, attacker, defender, neutral)."""
        choice = self.terms.get(key)
        words = {
            ("dealer", "general"): "the General",
            ("dealer", "president"): "the President",
            ("attack", "attack"): "attack",
            ("attack", "liberation"): "liberation",
            ("neutral", "neutral"): "the neutral army",
            ("neutral", "united_army"): "the United Army",
        }
        return self.p_(f"{key}:{choice}", words.get((key, choice), choice or key))

    # ---- names
    def territory(self, identifier: str) -> str:
        return self.p_("territory", _humanize(identifier))

    def continent(self, identifier: str) -> str:
        return self.p_("continent", _humanize(identifier))

    def symbol(self, identifier: str) -> str:
        return self.p_("card symbol", identifier)

    def colour(self, identifier: str) -> str:
        return self.p_("colour", identifier)

    def number(self, n: int) -> str:
        return str(n)
