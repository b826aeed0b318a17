"""What the terminal shows, in one place: the console, the one table style, prose wrapped at
words, suits coloured, small bar charts, histograms and progress bars; and a hand's meld as a
table.

Every command prints through these, so that all of them look alike:

- ``console()``: rich's console on stdout (``stderr=True``: on stderr). Its width is the
  terminal's, ``COLUMNS`` where set, else 80 (piped output); colour only on a terminal, never
  under ``NO_COLOR``.
- ``say(console, text)``: a line of prose, wrapped at word boundaries to the console's width
  (continuation lines indented under the first word), cards coloured.
- ``new_table(...)``, ``add_row(table, ...)`` and ``show(console, table)``: the one table
  style. Columns made with ``wrap=False`` (figures, names) are never cut or wrapped: the
  columns made with ``wrap=True`` (cards, meanings) wrap at words to make room; headers wrap at
  words. A table that cannot fit even so is shown a row at a time (``header: value`` lines)
  rather than cut. Piped, no line ends in spaces.
- ``cards(text)``: text with every card, hand and suit symbol coloured by its suit (hearts and
  diamonds red; spades and clubs in the terminal's own colour); ``symbols(text)``: the cards
  of plain text written with suit symbols.
- ``bars(rows)``: a small bar chart, one line per row; ``histogram(distribution, scale)``: the
  trick points of many deals in bands of 5, as bars.
- ``progress(label, total)``: a progress bar on a terminal's stderr, with counts (12/40) and a
  time estimate averaged over the whole run.
- ``show_meld(console, item)``: a hand's meld per trump as a table (``table``; each trump's
  first cell by ``suit_heading``), then its warnings.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

from ..cards import SUIT_NAMES, SUIT_SYMBOLS
from ..hand import Hand

if TYPE_CHECKING:
    from rich.console import JustifyMethod

#: The colour of each suit's cards on a terminal (spades and clubs: the terminal's own).
SUIT_COLOURS = {"♥": "red", "♦": "red"}
_RANK = r"(?:10|[AKQJ])"
#: A red card (``A♥``) or a red suit group (``♥A 10 K``, ``♦``).
_RED = re.compile(rf"{_RANK}[♥♦]|[♥♦]{_RANK}?(?: {_RANK}(?![♠♥♦♣]))*")
#: Where a table made by ``new_table`` keeps the title ``show`` prints above it.
_TITLE = "pinochle_title"
#: The bar of a bar chart at most this wide.
BAR_WIDTH = 40


def console(stderr: bool = False):
    """The rich console every command prints with (``stderr``: for messages and progress)."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:  # rich would exit 1: the command line decides
            raise BrokenPipeError

    return _Console(stderr=stderr, highlight=False, emoji=False, markup=False)


def cards(text, style: str | None = None):
    """``text`` as rich ``Text``, each red card or suit group coloured (``style``: for all of
    it). Colour shows only where the console has colour."""
    from rich.text import Text

    out = Text(text, style=style or "") if isinstance(text, str) else text.copy()
    for match in _RED.finditer(out.plain):
        out.stylize(SUIT_COLOURS[next(c for c in match.group() if c in SUIT_COLOURS)],
                    match.start(), match.end())
    return out


_TOKEN = re.compile(r"\b(10|[AKQJ])([SHDC])\b")
_SUIT = re.compile(r"\b([SHDC])( cards?\b| trump\b)")


def symbols(text: str) -> str:
    """Canonical cards in a text the core wrote (``10S``, ``no S card``) as tables and prose
    write them (``10♠``, ``no ♠ card``)."""
    text = _TOKEN.sub(lambda m: m.group(1) + SUIT_SYMBOLS["SHDC".index(m.group(2))], text)
    return _SUIT.sub(lambda m: SUIT_SYMBOLS["SHDC".index(m.group(1))] + m.group(2), text)


def say(con, text: str = "", hang: int = 2, style: str | None = None) -> None:
    """A line of prose wrapped at words to the console's width; lines after the first are
    indented ``hang`` more than the first."""
    import textwrap

    lead = len(text) - len(text.lstrip(" "))
    lines = textwrap.wrap(text, width=max(con.width, 20), subsequent_indent=" " * (lead + hang),
                          break_long_words=False, break_on_hyphens=False) or [""]
    con.print(cards("\n".join(lines), style), soft_wrap=True)


def new_table(*columns: tuple[str, str, bool], title: str | None = None):
    """A table in the one style: columns ``(header, justify, wrap)``; ``title`` is printed as a
    line of prose above it (``show``). Cells may be text or rich ``Text``."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1),
                  header_style="bold")
    setattr(table, _TITLE, title)  # noqa: B010 (printed by show(), above the table)
    for header, justify, wrap in columns:
        table.add_column(header, justify=cast("JustifyMethod", justify), no_wrap=not wrap,
                         overflow="fold")
    return table


def add_row(table, *cells, style: str | None = None) -> None:
    """A row, the cards in every cell coloured."""
    table.add_row(*(cards(c) if isinstance(c, str) else c for c in cells), style=style)


def _plain(cell) -> str:
    return cell if isinstance(cell, str) else getattr(cell, "plain", str(cell))


def layout(table, width: int) -> list[int] | None:
    """The width of each column for the table to fit in ``width`` cells without cutting a
    figure or a word: the columns that may wrap give up room first, each down to its longest
    word; None if it cannot fit."""
    from rich.cells import cell_len

    n = len(table.columns)
    room = width - 3 * (n - 1)  # a space of padding either side of each one-space divider
    widest, least = [], []
    for column in table.columns:
        header = _plain(column.header)
        lines = [line for cell in column.cells for line in _plain(cell).split("\n")]
        full = max([cell_len(line) for line in lines] + [cell_len(header), 1])
        words = max([cell_len(w) for w in header.split()] + [1])
        if column.no_wrap:  # its cells stay whole: only the header may wrap
            words = max([words] + [cell_len(line) for line in lines])
        else:
            words = max([words] + [cell_len(w) for line in lines for w in line.split()])
        widest.append(full)
        least.append(words)
    widths = list(widest)
    while sum(widths) > room:
        slack = [(w - m, i) for i, (w, m) in enumerate(zip(widths, least)) if w > m]
        if not slack:
            return None
        widths[max(slack)[1]] -= 1
    return widths


def show(con, table) -> None:
    """Print a table made by ``new_table`` at the console's width (see the module docstring)."""
    title = getattr(table, _TITLE, None)
    if title:
        say(con, title)
    widths = layout(table, con.width)
    if widths is None:  # too narrow even for the figures: a row at a time, nothing cut
        headers = [_plain(c.header) for c in table.columns]
        rows = list(zip(*(list(c.cells) for c in table.columns)))
        for row in rows:
            say(con, " ".join(_plain(row[0]).split()) or "-")
            for header, cell in zip(headers[1:], row[1:]):
                if _plain(cell).strip():
                    say(con, f"  {header or 'value'}: {' '.join(_plain(cell).split())}", hang=4)
        return
    for column, w in zip(table.columns, widths):
        column.width, column.no_wrap = w, False
    if con.is_terminal:
        con.print(table)
        return
    with con.capture() as captured:  # piped: the rows without the padding to the width
        con.print(table)
    con.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))
    con.file.flush()


def bars(rows: Sequence[tuple[str, float, str]], width: int = 80,
         marks: Sequence[float | None] | None = None) -> list[str]:
    """A bar chart: one line per ``(label, share, note)``, the bar ``share`` (0 to 1) of the
    chart's width, then the note; ``marks``: a ``│`` at that share on each line (None: none)."""
    label = max((len(r[0]) for r in rows), default=0)
    note = max((len(r[2]) for r in rows), default=0)
    size = max(10, min(BAR_WIDTH, width - label - note - 3))
    out = []
    for k, (name, share, text) in enumerate(rows):
        bar = ["█"] * round(max(0.0, min(share, 1.0)) * size) + [" "] * size
        bar = bar[:size]
        mark = marks[k] if marks is not None else None
        if mark is not None:
            bar[min(size - 1, int(max(0.0, min(mark, 1.0)) * size))] = "│"
        out.append(f"{name:>{label}} {''.join(bar)} {text}".rstrip())
    return out


def histogram(distribution: Sequence[int], scale: int, width: int = 80) -> list[str]:
    """The share of deals in each band of 5 trick points, as bars (``distribution``: deals
    per count of points, 0 to 50, unscaled)."""
    total = sum(distribution)
    bands = [sum(distribution[lo:lo + 5]) for lo in range(0, 50, 5)]
    bands[-1] += distribution[50]
    first = next(i for i, n in enumerate(bands) if n)
    last = max(i for i, n in enumerate(bands) if n)
    rows = []
    for i in range(first, last + 1):
        top = (i * 5 + (5 if i == 9 else 4)) * scale
        rows.append((f"{i * 5 * scale}-{top}", bands[i] / total, f"{bands[i] / total:6.1%}"))
    return bars(rows, width)


@contextmanager
def progress(label: str, total: int | None) -> Iterator[Callable[[int, int | None], None] | None]:
    """A progress bar on a terminal's stderr while the block runs: counts done of ``total``
    (12/40) and the time left, from the pace over the whole run; yields the function to call
    with ``(done, total)`` (None where stderr is not a terminal: no bar)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    # the pace over the whole run (an hour's window), not the last seconds: a steady estimate
    with Progress(*columns, console=console(stderr=True), transient=True,
                  speed_estimate_period=3600) as bar:
        task = bar.add_task(label, total=total)

        def update(done: int, of: int | None = None) -> None:
            if of is None:
                bar.update(task, completed=done)
            else:
                bar.update(task, completed=done, total=of)

        yield update


def suit_heading(trump: int, best: bool) -> str:
    """A trump as the first column of a table shows it: ``★ ♥ hearts`` for the best."""
    return ("★ " if best else "  ") + f"{SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}"


def table(item, trump: int | None = None, lone: bool = False):
    """A table of one hand's meld per trump (``item``: a ``meld.batch.Scored``): the total,
    then each meld with its points and cards, the best trump starred; its title names the
    hand's line and id, unless it is a ``lone`` hand (not from a file). ``show_meld`` prints
    the hand's warnings after it."""
    hand = Hand(item.counts)
    title = hand.symbols()
    if not lone:
        ident = f" ({item.id})" if item.id is not None else ""
        title = f"line {item.line}{ident}: {title}"
    grid = new_table(("trump", "left", False), ("total", "right", False),
                     ("points", "right", False), ("meld", "left", False),
                     ("cards", "left", True), title=title)
    for t in item.trumps:
        if trump is not None and t.trump != trump:
            continue
        best = t.trump == item.best
        rows = [
            (str(m.points), m.describe() + (f" ({m.note})" if m.note else ""),
             " ".join(c.symbol for c in m.cards))
            for m in t.melds
        ] or [("", "no meld", "")]
        firsts = [[suit_heading(t.trump, best), str(t.points)]] + (
            [] if t.callable else [["  no marriage", ""]])
        for k, row in enumerate(rows):
            add_row(grid, *(firsts[k] if k < len(firsts) else ["", ""]), *row,
                    style="bold" if best else None)
        grid.add_section()
    return grid


def show_meld(con, item, trump: int | None = None, lone: bool = False) -> None:
    """Print a hand's meld table and its warnings."""
    show(con, table(item, trump, lone))
    for warning in item.warnings:
        say(con, f"warning: {warning}", style="yellow")
