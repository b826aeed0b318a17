"""The ``meld`` command: one hand, a hand and its partner's, or a file of hands."""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Iterator
from typing import Annotated, Optional

import typer

from ..errors import UserError
from .app import (
    FormatOption,
    HandArgument,
    RulesOption,
    TrumpOption,
    command,
    format_option,
    rules_option,
    trump_option,
    write_json,
)


def _lines_with_progress(stream, total: int | None) -> Iterator[str]:
    """The stream's lines, with a progress bar on stderr for a long file on a terminal."""
    if not total or total < 1 << 20 or not sys.stderr.isatty():
        yield from stream
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("scoring hands", total=total)
        done = 0
        for n, line in enumerate(stream, 1):
            done += len(line)
            if n % 16384 == 0:
                progress.update(task, completed=done)
            yield line


@command(hand=True)
def meld(
    hand: HandArgument = None,
    input: Annotated[
        Optional[str],  # noqa: UP045 (typer reads the annotation at run time on 3.10)
        typer.Option("--input", "-i", help="A file of hands, one per line ('-' for stdin)."),
    ] = None,
    trump: TrumpOption = None,
    format: FormatOption = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Treat any warning (such as a hand that is not"
                           " 20 cards) as an error.")
    ] = False,
    rules: RulesOption = None,
    partner: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--partner", "-p", help="The partner's hand (quoted): each hand melds on"
                     " its own; shows the side's total per trump."),
    ] = None,
) -> None:
    """The maximal meld of a hand for each trump, or of every hand in a file, one per line."""
    suit = trump_option(trump)
    fmt = format_option(format)
    rule_set = rules_option(rules)
    if partner is not None:
        if not hand or input is not None:
            raise typer.BadParameter("--partner goes with one hand, not with --input")
        write_partnership(" ".join(hand), partner, rule_set, suit, fmt, strict)
        return
    if hand:
        if input is not None:
            raise typer.BadParameter("give a hand or --input, not both")
        from ..meld.batch import score_hand

        _write([[score_hand(" ".join(hand), rule_set, suit, strict)]], fmt, suit, single=True)
        return
    if input is None:
        if sys.stdin.isatty():
            raise typer.BadParameter("give a hand, --input FILE, or pipe hands on stdin")
        input = "-"
    from ..meld.batch import score_chunks

    if input == "-":
        stream, total = sys.stdin, None
    else:
        try:
            stream = open(input, encoding="utf-8-sig")  # noqa: SIM115 (closed below)
        except OSError as e:
            raise UserError(f"cannot read {input}: {e.strerror}") from None
        total = os.path.getsize(input)
    # A batch makes millions of small objects and no reference cycles: collecting garbage less
    # often saves about a fifth of the time.
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    try:
        lines = _lines_with_progress(stream, total)
        chunks = score_chunks(lines, rule_set, suit, strict, with_counts=fmt != "csv")
        _write(chunks, fmt, suit, single=False)
    finally:
        if stream is not sys.stdin:
            stream.close()


def _write(chunks, fmt: str, trump: int | None, single: bool) -> None:
    """Print results (lists of them, a chunk at a time) in the chosen format; report failures
    on stderr; exit 1 if any failed. ``json`` is one object, or a list for several hands."""
    from ..meld.batch import Failed
    from ..meld.report import CSV_HEADER, CsvRows, JsonLines
    from .render import table

    failed = 0
    out = sys.stdout
    console = errors = None
    if fmt == "table":
        from rich.console import Console

        console, errors = Console(), Console(stderr=True)
    render = CsvRows(trump) if fmt == "csv" else JsonLines(trump)
    if fmt == "csv":
        out.write(CSV_HEADER + "\n")
    written, first = 0, ""
    for chunk in chunks:
        for item in chunk:
            if isinstance(item, Failed):
                failed += 1
                message = f"Error: {item.error}" if single else f"line {item.line}: {item.error}"
                if errors is not None:
                    errors.print(message, markup=False, highlight=False)
                else:
                    sys.stderr.write(message + "\n")
                if single and item.pointer:
                    sys.stderr.write(item.pointer + "\n")
            elif console is not None:
                console.print(table(item, trump, colour=console.color_system is not None,
                                    lone=single))
        if console is not None:
            continue
        lines = render.many(chunk)
        if fmt != "json":
            out.write("\n".join(lines) + "\n")
            continue
        for line in lines:
            written += 1
            if written == 1:
                first = line
            else:
                out.write(("[\n" + first if written == 2 else "") + ",\n" + line)
    if fmt == "json":
        out.write(("[]" if not written else first if written == 1 else "\n]") + "\n")
    if failed:
        raise typer.Exit(1)


def write_partnership(hand_text: str, partner_text: str, rule_set, trump: int | None,
                      fmt: str, strict: bool) -> None:
    """The output of ``meld HAND --partner HAND2``: each hand's meld and the side's."""
    from ..cards import SUITS
    from ..hand import Hand
    from ..meld.batch import Failed, score_hand
    from ..meld.partnership import side_meld

    items = []
    for who, text in (("hand", hand_text), ("partner", partner_text)):
        item = score_hand(text, rule_set, trump, strict)
        if isinstance(item, Failed):
            sys.stderr.write(f"Error: {who}: {item.error}\n")
            if item.pointer:
                sys.stderr.write(item.pointer + "\n")
            raise typer.Exit(1)
        items.append(item)
    side = side_meld(Hand(items[0].counts), Hand(items[1].counts), rule_set)
    best = side.best if trump is None else side.trumps[trump]
    shown = side.trumps if trump is None else (side.trumps[trump],)
    if fmt in ("json", "jsonl"):
        from ..meld.report import JsonLines

        record = json.loads(JsonLines(trump)(items[0]))
        partner = json.loads(JsonLines(trump)(items[1]))
        for key in ("line", "id"):
            partner.pop(key, None)
        record["partner"] = partner
        record["side"] = side_json(side, best, shown)
        write_json(record)
        return
    if fmt == "csv":
        sys.stdout.write("who,best_trump,best_meld,S,H,D,C,callable,warnings\n")
        for who, item in zip(("hand", "partner"), items):
            totals = ",".join(str(t.points) if trump in (None, t.trump) else ""
                              for t in item.trumps)
            callable_ = "".join(SUITS[t.trump] for t in item.trumps if t.callable)
            warnings = "; ".join(item.warnings)
            sys.stdout.write(f"{who},{SUITS[item.best]},{item.trumps[item.best].points},"
                             f"{totals},{callable_},{warnings}\n")
        totals = ",".join(str(t.points) if trump in (None, t.trump) else "" for t in side.trumps)
        callable_ = "".join(SUITS[t.trump] for t in side.trumps if t.callable)
        sys.stdout.write(f"side,{SUITS[best.trump]},{best.points},{totals},{callable_},\n")
        return
    from rich.console import Console
    from rich.table import Table

    from ..cards import SUIT_NAMES, SUIT_SYMBOLS
    from .render import table

    console = Console()
    colour = console.color_system is not None
    for who, item in zip(("Hand", "Partner"), items):
        console.print(f"[bold]{who}[/bold]")
        console.print(table(item, trump, colour=colour, lone=True))
    grid = Table(title="Side (each hand melds on its own)", title_justify="left")
    for name, justify in (("trump", "left"), ("hand", "right"), ("partner", "right"),
                          ("side", "right"), ("may name it", "left")):
        grid.add_column(name, justify=justify)
    if side.minimum:
        grid.add_column(f"on the board (>= {side.minimum})", justify="left")
    for t in shown:
        name = f"{SUIT_SYMBOLS[t.trump]} {SUIT_NAMES[t.trump]}"
        if t is best:
            name = "★ " + name
        row = [name, str(t.hand.points), str(t.partner.points), str(t.points),
               " and ".join(t.callable_by) or "neither"]
        if side.minimum:
            row.append("yes" if t.on_board else "no")
        grid.add_row(*row, style="bold" if t is best else None)
    console.print(grid)
    for warning in side.warnings:
        console.print(f"warning: {warning}", style="yellow" if colour else "", markup=False)


def side_json(side, best, shown) -> dict:
    """The ``side`` object of ``meld --partner`` JSON output."""
    from ..cards import SUITS

    return {
        "best": {"trump": SUITS[best.trump], "meld": best.points},
        "min_meld": side.minimum,
        "trumps": {
            SUITS[t.trump]: {"meld": t.points, "hand": t.hand.points,
                             "partner": t.partner.points, "callable_by": list(t.callable_by),
                             "on_board": t.on_board}
            for t in shown
        },
        "warnings": list(side.warnings),
    }
