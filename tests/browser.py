"""Headless Chromium for the page tests: Debian's `chromium`, driven by Playwright for Python.

Playwright's own browser download does not work everywhere (nor here); its Python wheel drives
the Chromium the system has, found by `executable_path`. Where either is missing the tests
that need a browser are skipped, saying why — never passed without one. Pages are opened
from disk with every request that is not the file itself refused and recorded, and every
console message and page error kept, so a test can assert there were none.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


def chromium_path() -> str | None:
    found = os.environ.get("RISKRULES_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    return found if found and Path(found).exists() else None


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the browser tests need Playwright for Python (pip install playwright): skipped")
    path = chromium_path()
    if path is None:
        pytest.skip("the browser tests need Chromium (apt-get install chromium): not found, skipped")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=path, args=ARGS)
        yield chromium
        chromium.close()


class Opened:
    """A page opened from disk: what it asked of the network, what it said on its console."""

    def __init__(self, browser, path: Path, width: int = 1400, height: int = 1000):
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.requests: list[str] = []
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}")
                     if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.url = path.resolve().as_uri()
        self.page.goto(self.url)

    def _route(self, route) -> None:
        url = route.request.url
        if url == self.url or url.startswith("data:"):
            route.continue_()
        else:
            self.refused.append(url)
            route.abort()

    def outside(self) -> list[str]:
        """Every request the page made for anything but itself."""
        return [u for u in self.requests if u != self.url and not u.startswith("data:")] + self.refused

    def close(self) -> None:
        self.context.close()


def screenshot(opened: Opened, name: str, tmp_path: Path, full_page: bool = True) -> Path:
    """A screenshot for a person to look at: into $RISKRULES_SCREENSHOTS if set, else the test's directory.
    (A whole-page screenshot of an SVG document never ends in Chromium: give full_page=False.)"""
    directory = Path(os.environ.get("RISKRULES_SCREENSHOTS") or tmp_path)
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / f"{name}.png"
    opened.page.screenshot(path=str(target), full_page=full_page)
    return target
