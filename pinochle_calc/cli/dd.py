"""``dd``: a deal's double-dummy table (``play.ddtable``), registered on ``cli.app``."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..limits import EXACT_SECONDS_TABLE
from .app import (
    FormatOption,
    RulesOption,
    SeedOption,
    TrumpOption,
    command,
    exact_option,
    format_option,
    rules_option,
    trump_option,
    write_csv,
    write_json,
)

#: The columns of ``dd -f csv``: one row per trump and bidder.
DD_CSV = ("trump", "seat", "solved", "us", "them", "us_low", "us_high", "them_low",
          "them_high")


@command()
def dd(
    deal: Annotated[Optional[str], typer.Argument(  # noqa: UP045
        show_default=False, help="A file of four hands of one size (20 cards each for a whole"
        " deal, fewer for its last tricks), one a line, seats 0-3; '-' for stdin. Without it,"
        " a random deal of --seed.")] = None,
    trump: TrumpOption = None,
    seed: SeedOption = 0,
    format: FormatOption = None,
    rules: RulesOption = None,
    exact: Annotated[float, exact_option(
        "for the whole table, shared among its entries")] = EXACT_SECONDS_TABLE,
) -> None:
    """A deal's double-dummy table: for each trump and each bidder (the seat that leads the
    first trick), the trick points each side takes with best play by both, every card seen,
    as bridge players read one. The hands are played as given (after the exchange, if any);
    meld and the auction play no part.

    The table's entries share --exact seconds of CPU time; an entry the solver does not finish
    within its share shows the range its search narrowed the figure to (never a figure it did
    not prove). A whole deal can take the solver minutes an entry: give --trump for one
    trump's four entries, or a deal cut to its last tricks. json gives the table (each entry's
    figure, or null, and its bounds); csv a row per trump and bidder."""
    fmt = format_option(format)
    rule_set = rules_option(rules)
    suit = trump_option(trump)
    from ..game.whole import deal_cards
    from ..play.ddtable import dd_table
    from .game import read_deal
    from .render import progress

    hands = read_deal(deal, whole=False) if deal is not None else deal_cards(seed)
    with progress("solving the table", None):
        table = dd_table(hands, rule_set, seconds=exact,
                         trumps=None if suit is None else [suit])
    if fmt in ("json", "jsonl"):
        write_json(table.to_dict())
    elif fmt == "csv":
        write_csv(DD_CSV, [(d["trump"], d["seat"], d["solved"],
                            *(("" if d["points"] is None else d["points"][s])
                              for s in ("us", "them")),
                            *(d["bounds"][s][k] for s in ("us", "them") for k in ("low", "high")))
                           for d in (e.to_dict() for e in table.entries)])
    else:
        _table(table)


def _table(table) -> None:
    from ..cards import SUIT_NAMES, SUIT_SYMBOLS
    from .render import add_row, console, new_table, say, show

    con = console()
    for seat, hand in enumerate(table.hands):
        label = f"seat {seat} ({'us' if seat % 2 == 0 else 'them'})"
        say(con, f"{label:<13}  {hand.symbols()}", hang=15)
    grid = new_table(("bidder", "left", False),
                     *((f"{SUIT_SYMBOLS[t]} {SUIT_NAMES[t]}", "right", False)
                       for t in table.trumps),
                     title=f"Trick points the bidder's side takes with best play by both, every"
                     f" card seen (of {table.total}; the other side takes the rest):")
    for seat in range(4):
        cells = []
        for t in table.trumps:
            b = table.entry(t, seat).bidder
            cells.append(str(b.low) if b.exact else f"{b.low}-{b.high}")
        add_row(grid, f"seat {seat} ({'us' if seat % 2 == 0 else 'them'})", *cells)
    show(con, grid)
    n = len(table.entries)
    within = "with no limit" if table.seconds is None else \
        f"within {table.seconds:g} s of search"
    line = f"{table.solved} of {n} solved {within}"
    if table.solved < n:
        line += ": a range is as far as the search narrowed the figure (--exact gives it more" \
            " time)"
    say(con, line)
