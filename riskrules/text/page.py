"""Standalone HTML pages: one file that opens from disk, with nothing fetched.

Every page riskrules writes (a replay, a report) is made here: the style and the script are
inline, there is no font, image or script from elsewhere, and a Content-Security-Policy
forbids the browser to fetch anything, so a page sent to a stranger cannot call out. Text is
escaped with `esc`; data for a script goes in with `json_script`, which cannot close its
<script> element early, whatever the data holds.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

# Nothing from outside: inline style and script only, images as data: URLs, no fetch/XHR.
CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
       "img-src data:; connect-src 'none'; font-src 'none'; base-uri 'none'; form-action 'none'")

BASE_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;margin:1.2rem auto;
max-width:1300px;padding:0 1rem;color:#1a1a1a;background:#fff;line-height:1.4}
h1{font-size:1.5rem;margin:.2rem 0 .6rem}h2{font-size:1.15rem;margin:1.4rem 0 .4rem}
table{border-collapse:collapse;margin:.4rem 0 1rem;font-variant-numeric:tabular-nums}
th,td{border:1px solid #bbb;padding:.2rem .5rem;text-align:right}th{background:#f0f0f0}
td:first-child,th:first-child{text-align:left}
code,pre{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:.9em}
pre{background:#f6f6f6;padding:.6rem;overflow-x:auto;white-space:pre-wrap}
.muted{color:#555}
"""


def esc(text: Any) -> str:
    """`text` as HTML text or attribute value."""
    return escape(str(text), quote=True)


def json_script(element_id: str, data: Any) -> str:
    """A <script type="application/json"> holding `data`; read with JSON.parse(el.textContent).
    '<', '>' and '&' are written as \\u escapes, so no text in the data can end the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{esc(element_id)}">{text}</script>'


def page(title: str, body: str, lang: str = "en", style: str = "", script: str = "") -> str:
    """A whole HTML document: `body` is HTML already escaped; `style` CSS and `script`
    JavaScript are put inline (the script runs after the body is parsed)."""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{esc(CSP)}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>{BASE_STYLE}{style}</style>\n</head>\n"
        f"<body>\n{body}\n" + (f"<script>\n{script}\n</script>\n" if script else "") + "</body>\n</html>\n"
    )


def write_page(path: Path, html: str) -> None:
    """Write the page whole or not at all (OutputError naming `path` if it cannot be written)."""
    from ..outputs import atomic

    with atomic(path) as out:
        out.write(html)


def check_page_target(path: Path) -> None:
    """OutputError at once if `path` is not an .html file that can be written (before a long run)."""
    from ..outputs import OutputError, check_target

    if path.suffix.lower() not in (".html", ".htm"):
        raise OutputError(f"{path}: a page is written as .html")
    check_target(path)
