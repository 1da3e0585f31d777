"""`risk diff`: the rows on which two rule sheets differ, as text and as a table for a terminal."""

from __future__ import annotations

from .i18n import Text
from .sheet import Sheet, wrap


def diff_rows(a: Sheet, b: Sheet) -> list[tuple[str, str, str, str]]:
    """(section, label, value in a, value in b) for every row that differs."""
    rows_a, rows_b = a.rows(), b.rows()
    keys = list(rows_a)
    previous = None
    for key in rows_b:  # rows only b has go right after the row b has before them
        if key not in rows_a:
            keys.insert(keys.index(previous) + 1 if previous in keys else len(keys), key)
        previous = key
    out = []
    for key in keys:
        va = rows_a.get(key)
        vb = rows_b.get(key)
        value_a = va[2] if va else "—"
        value_b = vb[2] if vb else "—"
        if value_a != value_b:
            section, label = (va or vb)[0], (va or vb)[1]
            out.append((section, label, value_a, value_b))
    return out


def render_diff(a: Sheet, b: Sheet, rows: list[tuple[str, str, str, str]], t: Text, width: int = 120) -> str:
    if not rows:
        return t._("{a} and {b} have the same rules.").format(a=a.id, b=b.id) + "\n"
    label_w = min(28, max(len(f"{s} › {rule}") for s, rule, _, _ in rows) + 2)
    col = max(24, (width - label_w - 3) // 2)
    out = [f"{'':<{label_w}}{a.id:<{col}} {b.id}", f"{'':<{label_w}}{'-' * (col - 1):<{col}} {'-' * (col - 1)}"]
    for section, label, va, vb in rows:
        name = f"{section} › {label}"
        left = wrap(va, col - 1)
        right = wrap(vb, col - 1)
        names = wrap(name, label_w - 1)
        for i in range(max(len(left), len(right), len(names))):
            n = names[i] if i < len(names) else ""
            lv = left[i] if i < len(left) else ""
            rv = right[i] if i < len(right) else ""
            out.append(f"{n:<{label_w}}{lv:<{col}} {rv}".rstrip())
    return "\n".join(out) + "\n"


def diff_table(a: Sheet, b: Sheet, rows: list[tuple[str, str, str, str]], t: Text):
    """The diff as a rich table (rule, A, B), fitting the console's width."""
    from rich import box
    from rich.table import Table
    from rich.text import Text as Styled

    if not rows:
        return Styled(t._("{a} and {b} have the same rules.").format(a=a.id, b=b.id))
    # Translators: the heading of the first column of `risk diff`
    table = Table(box=box.SIMPLE_HEAD, expand=True, padding=(0, 1))
    table.add_column(t._("Rule"), ratio=2, style="cyan", overflow="fold")
    table.add_column(a.id, ratio=3, overflow="fold")
    table.add_column(b.id, ratio=3, overflow="fold")
    for section, label, va, vb in rows:
        table.add_row(f"{section} › {label}", va, vb)
    return table
