"""``review``: every decision of a recorded hand beside the advice, with its expected cost and a
mark (``game.review``).

Only typer and the standard library are imported at the top; the core and rich are imported
inside the command so that the shell starts fast.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..limits import BID_DEALS, CARD_DEALS, EXACT_SECONDS_PAR
from .app import (
    FormatOption,
    JobsOption,
    SeedOption,
    command,
    exact_option,
    format_option,
    write_csv,
    write_json,
)

REVIEW_CSV = ("event", "seat", "phase", "actual", "advised", "cost", "stderr", "exact_cost",
              "mark", "note")


@command()
def review(
    record: Annotated[str, typer.Argument(help="A record of a hand (text or JSON; '-' for"
                                          " stdin).", show_default=False)],
    seat: Annotated[Optional[list[int]], typer.Option(  # noqa: UP045
        "--seat", min=0, max=3, help="A seat whose decisions to review (repeatable);"
        " default: every seat whose hand the record gives.")] = None,
    convention: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--convention", "-c", help="The bidding convention the calls are read under: jump,"
        " davis or toby; default: the record's (its Us/Them or Convention tag), else jump.")
    ] = None,
    samples: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--samples", "-n", min=1, max=BID_DEALS, show_default=False,
        help=f"Simulated deals behind each advice and cost, 1 to {BID_DEALS:,} (a card's at"
        f" most {CARD_DEALS:,}); default: each advice's own (1,000 deals for a call, 600 hands"
        " for a pass, 300 deals for a card).")] = None,
    seed: SeedOption = 0,
    jobs: JobsOption = 1,
    format: FormatOption = None,
    exact: Annotated[float, exact_option(
        "for the hand's par and each card's exact cost, from the last trick back")
    ] = EXACT_SECONDS_PAR,
) -> None:
    """Review a recorded hand: each call, pass and card of a seat, what the advice would have
    done from that seat's knowledge at that moment, the expected cost in points of the choice
    made (± its standard error) and a mark: better (the choice made beat the advice by more
    than two standard errors: a note says why to look again), fine, inaccuracy, mistake or
    blunder.

    Beside a card's cost, its exact cost: what it gave away against best play with every card
    seen (double dummy), for the cards the solver reaches within --exact seconds (the last
    tricks), with the hand's par (or, where the solver does not reach the first lead, the best
    finish from the first trick it reached, labelled as such). The cost is summed by phase
    (auction, exchange, play). json
    gives one document with an object per decision, the par and the sums by phase; jsonl one
    object per decision a line; csv one row per decision. docs/records.md says how each cost
    is measured and where the marks start."""
    fmt = format_option(format)
    conv = _convention(convention)
    from ..game.hand import load_record
    from ..game.review import review as run_review
    from .render import progress

    hand = load_record(record)
    seats = tuple(dict.fromkeys(seat)) if seat else None
    with progress("reviewing the decisions", None) as bar:
        result = run_review(hand, seats, samples=samples, seed=seed, jobs=jobs,
                            convention=conv, progress=bar, exact=exact)
    if fmt == "json":
        write_json(result.to_dict())
        return
    if fmt == "jsonl":
        for decision in result.decisions:
            write_json(decision.to_dict())
        return
    if fmt == "csv":
        write_csv(REVIEW_CSV, [(d.event, d.seat, d.phase, d.actual, d.advised,
                                round(d.cost.mean, 3), round(d.cost.stderr, 3), d.exact,
                                d.mark, d.note)
                               for d in result.decisions])
        return
    _print_review(hand, result)


def _convention(value: str | None) -> str | None:
    if value is None:
        return None
    from ..bidding.conventions import CONVENTIONS

    low = value.strip().lower()
    if low not in CONVENTIONS:
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(CONVENTIONS)}",
                                 param_hint="'--convention'")
    return low


def _symbols(phase: str, text: str) -> str:
    """A choice as players write it (``A♣``; cards of a pass grouped by suit)."""
    from ..cards import Card
    from ..hand import Hand

    if phase == "play":
        return Card.parse(text).symbol
    if phase == "exchange":
        return Hand.parse(text).symbols()
    return text


def _print_review(record, result) -> None:
    """The review as the one table style (``render``), wrapped to the terminal's width; the
    cost summed over each phase that had a decision."""
    from .render import add_row, console, new_table, say, show

    con = console()
    seats = ", ".join(str(s) for s in result.seats)
    say(con, f"Review of seat{'s' if len(result.seats) > 1 else ''} {seats}: each decision"
        " (#: its event) beside the advice from that seat's knowledge then; cost in points, ±"
        " one standard error; exact: a card's cost against best play with every card seen"
        " (blank where not worked out)")
    if result.par is not None:
        say(con, result.par.words(), hang=5)
    for s in result.seats:  # a table a seat: its decisions in the order made
        table = new_table(("#", "right", False), ("phase", "left", False),
                          ("made", "left", True), ("advised", "left", True),
                          ("cost", "right", True), ("exact", "right", False),
                          ("mark", "left", False),
                          title=f"Seat {s} ({'us' if s % 2 == 0 else 'them'})")
        mine = [d for d in result.decisions if d.seat == s]
        for d in mine:
            cost = "0" if d.cost.mean == 0 and d.cost.stderr == 0 else \
                f"{d.cost.mean:+.1f} ± {d.cost.stderr:.1f}"
            exact = "" if d.exact is None else "0" if d.exact == 0 else f"{d.exact:+d}"
            add_row(table, str(d.event), d.phase, _symbols(d.phase, d.actual),
                    _symbols(d.phase, d.advised), cost, exact, d.mark)
        if mine:
            show(con, table)
        for d in mine:
            if d.note:
                say(con, f"  #{d.event} better: {d.note}", hang=4)
    phases = {d.phase for d in result.decisions}
    totals = [f"{p} {c.mean:+.1f} ± {c.stderr:.1f}" for p, c in result.by_phase().items()
              if p in phases]
    if totals:
        say(con, "Cost by phase: " + ", ".join(totals))
    from ..game.review import MARKS

    marks = [d.mark for d in result.decisions]
    plural = {"better": "better", "fine": "fine", "inaccuracy": "inaccuracies",
              "mistake": "mistakes", "blunder": "blunders"}
    counts = [f"{marks.count(m)} {m if marks.count(m) == 1 else plural[m]}"
              for m in MARKS if marks.count(m)]
    say(con, f"{len(marks)} decisions: {', '.join(counts)}" if marks else
        "No decisions to review")
    for note in result.skipped:
        say(con, f"Left out: {note}")
