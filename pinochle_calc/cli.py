"""The command line: turns arguments into calls on the core and results into output.

Exit status: 0 all went well; 1 some hand or input could not be used (each is reported);
2 the command itself was misused (an unknown option, a bad ``--trump``). No user error ever
shows a traceback.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from typing import Annotated, Optional

import typer

from .errors import UserError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Meld, trick and bid calculator for double-deck pinochle.",
)

FORMATS = ("table", "json", "jsonl", "csv")

#: The ``--rules`` option of every command that scores.
RulesOption = Annotated[
    Optional[str],  # noqa: UP045 (typer reads the annotation at run time on 3.10)
    typer.Option("--rules", envvar="PINOCHLE_RULES", help="A preset, a TOML rule file, and"
                 " ,key=value overrides (e.g. book,scale=10,min_meld=20)."),
]


@app.callback()
def _commands() -> None:
    """Meld, trick and bid calculator for double-deck pinochle."""


def trump_option(value: str | None) -> int | None:
    """A ``--trump`` value (S, H, D, C, a suit symbol or name) as a suit index."""
    if value is None:
        return None
    from .cards import suit_index

    try:
        return suit_index(value)
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None


def rules_option(value: str | None):
    """The rule set named by ``--rules`` (or ``PINOCHLE_RULES``); the standard one by default."""
    from .rules import load_rules

    return load_rules(value)


def format_option(value: str | None, choices=FORMATS, piped: str = "jsonl") -> str:
    """A ``--format`` value; by default the first choice on a terminal, ``piped`` otherwise."""
    if value is None:
        return choices[0] if sys.stdout.isatty() else piped
    if value not in choices:
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(choices)}")
    return value


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


@app.command()
def meld(
    hand: Annotated[
        Optional[list[str]],  # noqa: UP045 (typer reads the annotation at run time on 3.10)
        typer.Argument(help="The hand, quoted or as several words, e.g. AH 10H KH QH JH ..."),
    ] = None,
    input: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--input", "-i", help="A file of hands, one per line ('-' for stdin)."),
    ] = None,
    trump: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--trump", "-t", help="Only this trump: S H D C, a symbol or a name."),
    ] = None,
    format: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--format", "-f", help="table, json, jsonl or csv"
                     " [default: table on a terminal, jsonl otherwise]"),
    ] = None,
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
        from .cli_rules import write_partnership

        write_partnership(" ".join(hand), partner, rule_set, suit, fmt, strict)
        return
    if hand:
        if input is not None:
            raise typer.BadParameter("give a hand or --input, not both")
        from .batch import score_hand

        _write([[score_hand(" ".join(hand), rule_set, suit, strict)]], fmt, suit, single=True)
        return
    if input is None:
        if sys.stdin.isatty():
            raise typer.BadParameter("give a hand, --input FILE, or pipe hands on stdin")
        input = "-"
    from .batch import score_chunks

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
    from .batch import Failed
    from .report import CSV_HEADER, CsvRows, JsonLines, table

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
                console.print(table(item, trump, colour=console.color_system is not None))
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


def main() -> None:
    """The console script: run the app, turning user errors into one-line messages."""
    try:
        app()
    except UserError as e:
        sys.stderr.write(f"Error: {e}\n")
        pointer = getattr(e, "pointer", None)
        if pointer is not None:
            sys.stderr.write(pointer() + "\n")
        sys.exit(1)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)


# Commands kept in their own modules register themselves on `app` when imported here.
# Keep those modules' top-level imports light (typer and the standard library): the core is
# imported inside each command, so that one hand from the shell starts fast.
from . import cli_bid, cli_play, cli_rules  # noqa: E402,F401
