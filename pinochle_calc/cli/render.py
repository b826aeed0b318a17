"""Rich renderings for the terminal: a hand's meld per trump as a table."""

from __future__ import annotations

from ..cards import SUIT_NAMES, SUIT_SYMBOLS
from ..hand import Hand
from ..meld.batch import Scored


def _card_text(card, colour: bool) -> str:
    text = card.symbol
    return f"[red]{text}[/red]" if colour and card.suit in (1, 2) else text


def table(item: Scored, trump: int | None = None, colour: bool = False, lone: bool = False):
    """A rich table of one hand's meld per trump: the total, then each meld with its points
    and cards, the best trump starred; warnings under it. The title names the hand's line and
    id, unless it is a ``lone`` hand (not from a file)."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    hand = Hand(item.counts)
    title = hand.symbols()
    if not lone:
        ident = f" ({item.id})" if item.id is not None else ""
        title = f"line {item.line}{ident}: {title}"
    grid = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    for name, justify in (("trump", "left"), ("total", "right"), ("", "right"),
                          ("meld", "left"), ("cards", "left")):
        grid.add_column(name, justify=justify, no_wrap=True)
    for t in item.trumps:
        if trump is not None and t.trump != trump:
            continue
        best = t.trump == item.best
        name = ("★ " if best else "  ") + f"{SUIT_SYMBOLS[t.trump]} {SUIT_NAMES[t.trump]}"
        style = ("bold green" if colour else "bold") if best else None
        rows = [
            (str(m.points), m.describe() + (f" ({m.note})" if m.note else ""),
             " ".join(_card_text(c, colour) for c in m.cards))
            for m in t.melds
        ] or [("", "no meld", "")]
        firsts = [[name, str(t.points)]] + ([] if t.callable else [["  no marriage", ""]])
        for k, row in enumerate(rows):
            grid.add_row(*(firsts[k] if k < len(firsts) else ["", ""]), *row, style=style)
        grid.add_section()
    parts = [grid]
    for warning in item.warnings:
        parts.append(Text(f"warning: {warning}", style="yellow" if colour else ""))
    return Group(*parts)
