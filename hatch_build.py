"""Build hook: compile the gettext catalogs (locales/*/LC_MESSAGES/*.po → .mo) into the wheel,
and check the built-in rulebooks and write their prebuilt form (riskrules.language.prebuild).

The .po files are the translators' sources and the only ones in the repository; every
build makes fresh .mo files from them, so an installed package can never carry stale or
hand-made ones. An editable install compiles them next to the .po files instead.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogs(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(self.root)
        out = Path(tempfile.mkdtemp(prefix="riskrules-mo-")) if version != "editable" else root / "locales"
        for po in sorted((root / "locales").glob("*/LC_MESSAGES/*.po")):
            lang = po.parent.parent.name
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=lang, domain=po.stem)
            target = out / lang / "LC_MESSAGES" / f"{po.stem}.mo"
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as handle:
                write_mo(handle, catalog)
            if version != "editable":
                build_data["force_include"][str(target)] = f"riskrules/_data/locales/{lang}/LC_MESSAGES/{po.stem}.mo"
        if version != "editable":  # a checkout (and an editable install) reads the rulebooks themselves
            self._prebuild(root, build_data)

    def _prebuild(self, root: Path, build_data: dict) -> None:
        """Every configuration of every built-in rulebook checked now (a problem fails the
        build), and kept as JSON for a fast start: riskrules/_data/prebuilt/<id>.json."""
        import sys

        sys.path.insert(0, str(root))
        try:
            from riskrules.language.prebuild import DIRECTORY, build
        finally:
            sys.path.remove(str(root))
        out = Path(tempfile.mkdtemp(prefix="riskrules-prebuilt-"))
        for path in build(out):
            build_data["force_include"][str(path)] = f"riskrules/_data/{DIRECTORY}/{path.name}"
