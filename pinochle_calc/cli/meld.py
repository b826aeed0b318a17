"""The ``meld`` command: one hand, a hand and its partner's, or a file of hands."""

from __future__ import annotations

import os
import sys
from contextlib import nullcontext
from typing import Annotated, Optional

import typer

from ..errors import UserError
from .app import (
    FormatOption,
    HandArgument,
    RulesOption,
    Stop,
    TrumpOption,
    command,
    format_option,
    rules_option,
    trump_option,
    write_csv,
    write_json,
)

PARTNER_CSV = ("who", "best_trump", "best_meld", "S", "H", "D", "C", "callable", "warnings")


class _Input:
    """A binary input stream for the batch: a read error is a one-line message naming the
    input; ``update(done)``, if given, hears how many bytes have been read (a progress bar)."""

    def __init__(self, stream, name: str, update=None):
        self.stream, self.name, self.done, self.update = stream, name, 0, update

    def read(self, size: int) -> bytes:
        try:
            data = self.stream.read(size)
        except OSError as e:
            raise UserError(f"cannot read {self.name}: {e.strerror or e}") from None
        if self.update is not None:
            self.done += len(data)
            self.update(self.done)
        return data

    def close(self) -> None:
        if self.stream is not sys.stdin.buffer:
            self.stream.close()


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

        _write_one(score_hand(" ".join(hand), rule_set, suit, strict), fmt, suit)
        return
    if input is None:
        if sys.stdin.isatty():
            raise typer.BadParameter("give a hand, --input FILE, or pipe hands on stdin")
        input = "-"
    from ..meld.batch import score_chunks
    from .render import progress

    if input == "-":
        file, size = sys.stdin.buffer, 0
    else:
        try:
            file = open(input, "rb")  # noqa: SIM115 (closed below)
        except OSError as e:
            raise UserError(f"cannot read {input}: {e.strerror}") from None
        size = os.fstat(file.fileno()).st_size
    # a bar for a file of a megabyte or more, in bytes read
    with progress("scoring hands", size) if size >= 1 << 20 else nullcontext() as bar:
        stream = _Input(file, "stdin" if input == "-" else input,
                        None if bar is None else lambda done: bar(done, size))
        try:
            _write_batch(score_chunks(stream, rule_set, suit, strict), fmt, suit)
        finally:
            stream.close()


def _write_one(item, fmt: str, trump: int | None) -> None:
    """Print one hand's result in the chosen format; a failure also as ``Error: ...`` with
    the hand marked under the token on stderr, and exit 1."""
    from ..meld.batch import Failed
    from ..meld.report import CSV_HEADER, CsvRows, JsonLines

    failed = isinstance(item, Failed)
    if failed:
        sys.stderr.write(f"Error: {item.error}\n")
        if item.pointer:
            sys.stderr.write(item.pointer + "\n")
    if fmt == "table":
        if not failed:
            from .render import console, show_meld

            show_meld(console(), item, trump, lone=True)
    elif fmt == "csv":
        sys.stdout.write(CSV_HEADER + "\n" + CsvRows(trump)(item) + "\n")
    else:
        sys.stdout.write(JsonLines(trump)(item) + "\n")
    if failed:
        raise typer.Exit(1)


def _write_batch(chunks, fmt: str, trump: int | None) -> None:
    """Print results (``batch.Chunk``s) in the chosen format, as UTF-8; report failures on
    stderr as ``line N: message``; exit 1 if any failed. ``json`` is one list on one line,
    a record per line of the input (however many), as ``jsonl`` gives them one a line.
    Ctrl-C stops after the lines answered so far (a ``json`` list is closed)."""
    from ..meld.batch import Failed
    from ..meld.report import CSV_HEADER, CsvRows, JsonLines

    sys.stdout.flush()
    out = sys.stdout.buffer
    failed = lines = 0
    render = CsvRows(trump) if fmt == "csv" else JsonLines(trump)
    if fmt == "csv":
        out.write(CSV_HEADER.encode() + b"\n")
    elif fmt == "json":
        out.write(b"[")
    try:
        if fmt == "table":
            from .render import console, show_meld

            con = console()
        for chunk in chunks:
            if fmt == "table":
                for item in chunk.results():
                    lines += 1
                    if isinstance(item, Failed):
                        failed += 1
                        sys.stderr.write(f"line {item.line}: {item.error}\n")
                        continue
                    if isinstance(item.id, str):  # a lone surrogate (a JSON escape) as "?"
                        item = item._replace(id=item.id.encode(errors="replace").decode())
                    show_meld(con, item, trump)
                continue
            if chunk.failed:
                failed += len(chunk.failed)
                sys.stderr.write("".join(f"line {f.line}: {f.error}\n"
                                         for _, f in sorted(chunk.failed.items())))
            pieces = render.chunk(chunk)
            if fmt == "json":  # the records of the lines, one list on one line
                records = b"".join(pieces).rstrip(b"\n").split(b"\n") if pieces else []
                pieces = [(b", " if lines or k else b"") + r for k, r in enumerate(records)]
            lines += len(records) if fmt == "json" else len(chunk) + len(chunk.failed)
            for start in range(0, len(pieces), 1024):  # about a megabyte at a time
                out.write(b"".join(pieces[start:start + 1024]))
    except KeyboardInterrupt:
        if fmt == "json":
            out.write(b"]\n")
        out.flush()
        raise Stop(130, f"stopped after {lines:,} lines: the ones above are answered") from None
    if fmt == "json":
        out.write(b"]\n")
    out.flush()
    if failed:
        raise typer.Exit(1)


def write_partnership(hand_text: str, partner_text: str, rule_set, trump: int | None,
                      fmt: str, strict: bool) -> None:
    """The output of ``meld HAND --partner HAND2``: each hand's meld and the side's."""
    from ..cards import SUITS
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
    side = side_meld(items[0].cards, items[1].cards, rule_set)
    best = side.best if trump is None else side.trumps[trump]
    shown = side.trumps if trump is None else (side.trumps[trump],)
    if fmt in ("json", "jsonl"):
        partner = {key: value for key, value in items[1].to_dict(trump).items()
                   if key not in ("line", "id")}
        write_json({**items[0].to_dict(trump), "partner": partner, "side": side.to_dict(trump)})
        return
    if fmt == "csv":
        rows = []
        for who, item in zip(("hand", "partner"), items):
            rows.append((who, SUITS[item.best], item.trumps[item.best].points,
                         *[t.points if trump in (None, t.trump) else None for t in item.trumps],
                         "".join(SUITS[t.trump] for t in item.trumps if t.callable),
                         "; ".join(item.warnings)))
        rows.append(("side", SUITS[best.trump], best.points,
                     *[t.points if trump in (None, t.trump) else None for t in side.trumps],
                     "".join(SUITS[t.trump] for t in side.trumps if t.callable), None))
        write_csv(PARTNER_CSV, rows)
        return
    from .render import add_row, console, new_table, say, show, show_meld, suit_heading

    con = console()
    for who, item in zip(("Hand", "Partner"), items):
        say(con, who, style="bold")
        show_meld(con, item, trump, lone=True)
    columns = [("trump", "left", False), ("hand", "right", False), ("partner", "right", False),
               ("side", "right", False), ("may name it", "left", True)]
    if side.minimum:
        columns.append((f"on the board (at least {side.minimum})", "left", False))
    grid = new_table(*columns, title="Side (each hand melds on its own)")
    for t in shown:
        row = [suit_heading(t.trump, t is best), str(t.hand.points), str(t.partner.points),
               str(t.points), " and ".join(t.callable_by) or "neither"]
        if side.minimum:
            row.append("yes" if t.on_board else "no")
        add_row(grid, *row, style="bold" if t is best else None)
    show(con, grid)
    for warning in side.warnings:
        say(con, f"warning: {warning}", style="yellow")


