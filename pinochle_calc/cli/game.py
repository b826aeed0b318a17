"""Whole hands: ``play`` (one deal from the auction to the score) and ``arena`` (two bidding
policies played against each other over duplicate deals), registered on ``cli.app``.

Only typer and the standard library are imported at the top; the core, numpy and rich are
imported inside each command so that the shell starts fast.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from ..errors import UserError
from ..limits import ARENA_DEALS, HAND_DEALS
from .app import (
    FormatOption,
    JobsOption,
    RulesOption,
    SeedOption,
    command,
    format_option,
    rules_option,
    samples_option,
    trump_option,
    write_csv,
    write_json,
)

POLICY_HELP = "advisor:jump, advisor:davis, advisor:toby, formula or pass"

SamplesOpt = samples_option(HAND_DEALS, "Simulated deals behind each of an advisor's estimates")


def _policy(value: str) -> str:
    from ..game.policies import POLICY_NAMES

    key = value.strip().lower()
    if key not in POLICY_NAMES:
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(POLICY_NAMES)}")
    return key


def _say(console, text: str = "") -> None:
    console.print(text, markup=False, highlight=False, soft_wrap=True)


def _with_progress(label: str, total: int | None, work):
    """Run ``work(progress)`` with a progress bar on a terminal's stderr (else no bar)."""
    if not sys.stderr.isatty():
        return work(None)
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        return work(lambda done, of: bar.update(task, completed=done, total=of))


# -------------------------------------------------------------------------------------- play


@command()
def play(
    deal: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--deal", "-d", help="A file of four 20-card hands, one a line, seats 0-3 from the"
        " dealer's left (seat 3 deals), any notation; '-' for stdin. Without it, --seed"
        " deals at random.")] = None,
    us: Annotated[str, typer.Option("--us", help=f"The policy of seats 0 and 2: {POLICY_HELP}."
                                    )] = "advisor:jump",
    them: Annotated[str, typer.Option("--them", help="The policy of seats 1 and 3.")
                    ] = "advisor:jump",
    contract: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--contract", help="SEAT,TRUMP[,BID]: skip the auction; that seat wins at that bid"
        " (default the minimum) and names that trump, e.g. 1,H,55.")] = None,
    tricks: Annotated[bool, typer.Option("--tricks", help="Show the tricks one by one.")
                      ] = False,
    seed: SeedOption = 0,
    samples: SamplesOpt = 1000,
    format: FormatOption = None,
    rules: RulesOption = None,
) -> None:
    """Play one deal from the auction to the score: the calls with their meaning, the
    contract, the cards exchanged, each seat's meld, the tricks and the score.

    The seed deals at random (without --deal) and seeds every decision. json and jsonl give
    the hand as one JSON object; csv one row, as the arena writes for each hand."""
    fmt = format_option(format)
    us, them = _policy(us), _policy(them)
    given = _contract(contract)
    rule_set = rules_option(rules)
    from ..game.whole import deal_cards, hand_seed, play_hand

    hands = _read_deal(deal) if deal is not None else deal_cards(seed)
    record = _with_progress("playing the hand", None, lambda _: play_hand(
        hands, us, them, rule_set, seed=hand_seed(seed), contract=given, samples=samples))
    if fmt in ("json", "jsonl"):
        write_json(record.to_dict(tricks=tricks))
        return
    if fmt == "csv":
        write_csv(CSV_COLUMNS, [_csv_row("", "", record)])
        return
    _print_hand(record, tricks, "a random deal, seed " + str(seed) if deal is None else deal)


def _contract(text: str | None):
    """``--contract SEAT,TRUMP[,BID]`` as (seat, trump, bid or None)."""
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (2, 3) or not all(parts):
        raise typer.BadParameter(f"{text!r}: write SEAT,TRUMP or SEAT,TRUMP,BID, e.g. 1,H,55")
    if parts[0] not in ("0", "1", "2", "3"):
        raise typer.BadParameter(f"seat {parts[0]!r}: a seat is 0 to 3 from the dealer's left"
                                 " (3 deals)")
    bid = None
    if len(parts) == 3:
        if not parts[2].isdigit():
            raise typer.BadParameter(f"bid {parts[2]!r}: a bid is a whole number")
        bid = int(parts[2])
    return int(parts[0]), trump_option(parts[1]), bid


def _read_deal(path: str):
    """The four hands of a deal file (blank lines and # comments skipped)."""
    from ..game.whole import check_deal
    from ..hand import Hand

    name = "stdin" if path == "-" else path
    try:
        if path == "-":
            lines = sys.stdin.read().splitlines()
        else:
            with open(path, encoding="utf-8-sig") as f:
                lines = f.read().splitlines()
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror}") from None
    hands = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if len(hands) == 4:
            raise UserError(f"{name} line {number}: a deal is four hands; this is a fifth")
        try:
            hand = Hand.parse(text)
        except UserError as e:
            raise UserError(f"{name} line {number}: {e}") from None
        if len(hand) != 20:
            raise UserError(f"{name} line {number}: seat {len(hands)} holds {len(hand)} cards,"
                            " not 20")
        hands.append(hand)
    if len(hands) != 4:
        raise UserError(f"{name}: a deal is four hands, one a line; found {len(hands)}")
    try:
        return check_deal(hands)
    except UserError as e:
        raise UserError(f"{name}: {e}") from None


def _seat_words(seat: int) -> str:
    return f"seat {seat} ({'us' if seat % 2 == 0 else 'them'}{', dealer' if seat == 3 else ''})"


def _print_hand(record, tricks: bool, source: str) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from ..bidding.conventions import meld_words
    from ..cards import CARDS, SUIT_SYMBOLS
    from ..game.scoring import SIDES
    from ..game.whole import hint_word

    console = Console()
    rules = record.rules
    _say(console, f"Deal: {source}; rules: {rules.name}; us (seats 0, 2): {record.policies[0]},"
         f" them (seats 1, 3): {record.policies[1]}")
    for s, hand in enumerate(record.hands):
        _say(console, f"  {_seat_words(s):<22} {hand.symbols()}")
    if record.auction:
        table = Table("#", "seat", "call", "meaning", box=box.SIMPLE_HEAD, title="Auction",
                      title_justify="left")
        for i, call in enumerate(record.auction, 1):
            table.add_row(str(i), _seat_words(call.seat),
                          "pass" if call.call is None else str(call.call), call.meaning)
        console.print(table)
    c = record.contract
    trump = "no trump: no marriage" if record.trump is None else \
        f"{SUIT_SYMBOLS[record.trump]} trump"
    line = f"Contract: {_seat_words(c.seat)} at {c.bid}, {trump}"
    if not record.auction:
        line += " (given: no auction)"
    if record.prediction is not None:
        line += f"; its chance of making it, at its last bid: {record.prediction:.0%}"
    _say(console, line)
    to_bidder, to_partner = record.passed
    if len(to_bidder):
        partner = c.seat ^ 2
        asked = []
        if record.request is not None:
            asked.append(f"asked for {SUIT_SYMBOLS[record.request]}")
        if record.hint is not None:
            asked.append(f"hint: {hint_word(record.hint)}")
        extra = f" ({'; '.join(asked)})" if asked else ""
        first = "passes back" if rules.pass_order == "partner-first" else "passes"
        _say(console, f"Exchange{extra}: seat {partner} passes {to_bidder.symbols()} to the"
             f" bidder; seat {c.seat} {first} {to_partner.symbols()}")
    else:
        _say(console, f"Exchange: none (the {rules.name} rules pass no cards)"
             if not rules.pass_cards else "Exchange: none (no trump was named)")
    title = ("Meld (after the exchange)" if record.trump is not None and rules.pass_cards
             else "Meld")
    table = Table("seat", "meld", "melds", box=box.SIMPLE_HEAD, title=title,
                  title_justify="left")
    for s, m in enumerate(record.melds):
        words = meld_words(m)
        if record.trump is None:
            words += f" (its best suit, {SUIT_SYMBOLS[m.trump]})"
        table.add_row(_seat_words(s), str(m.points), words)
    console.print(table)
    _say(console, f"Meld: us {record.meld[0]}, them {record.meld[1]}")
    if record.tricks is None:
        _say(console, "Tricks: not played")
    else:
        _say(console, f"Tricks: us {record.tricks[0]}, them {record.tricks[1]} (the last"
             " trick's 2 included)")
        if tricks:
            for i, t in enumerate(record.play, 1):
                cards = " ".join(CARDS[x].symbol for x in t.cards)
                _say(console, f"  {i:>2}. seat {t.leader} leads: {cards:<16} won by"
                     f" {_seat_words(t.winner)}, {t.points}")
    score = record.score
    _say(console, f"Result: {record.result}")
    for note in score.notes:
        _say(console, f"  {note}")
    _say(console, "Score: " + ", ".join(f"{side} {p:+d}" for side, p in zip(SIDES,
                                                                            score.points)))


# ------------------------------------------------------------------------------------- arena


@command()
def arena(
    policy_a: Annotated[str, typer.Argument(help=f"Policy A: {POLICY_HELP}.")],
    policy_b: Annotated[str, typer.Argument(help="Policy B.")],
    deals: Annotated[int, typer.Option("--deals", "-N", min=1, max=ARENA_DEALS,
                                       help="Random deals, each played twice with the seats"
                                       f" swapped, 1 to {ARENA_DEALS:,}.")] = 100,
    seed: SeedOption = 0,
    samples: SamplesOpt = 1000,
    jobs: JobsOption = 1,
    format: FormatOption = None,
    rules: RulesOption = None,
) -> None:
    """Duplicate match of two bidding policies: each deal is played twice, A at seats 0 and 2
    and then at seats 1 and 3, with the same cards and dealer, so card luck cancels.

    Everything but the bidding (naming trump, passing cards, the throw-in, the play of the
    tricks) is the same for both policies. json gives the report; jsonl one record per hand
    played (the play command's, with deal and run); csv one row per hand. The result does not
    depend on --jobs.
    """
    fmt = format_option(format)
    a, b = _policy(policy_a), _policy(policy_b)
    if a == b:
        raise typer.BadParameter(f"both policies are {a}: a duplicate match of a policy with"
                                 " itself scores 0 on every deal")
    rule_set = rules_option(rules)
    from ..game.arena import run_arena

    on_hand = None
    if fmt == "jsonl":
        def on_hand(deal: int, run: int, record) -> None:
            write_json({"deal": deal, "run": run, **record.to_dict()})
    elif fmt == "csv":
        write_csv(CSV_COLUMNS, [])

        def on_hand(deal: int, run: int, record) -> None:
            write_csv(None, [_csv_row(deal, run, record)])

    report = _with_progress("playing deals", deals, lambda progress: run_arena(
        a, b, deals, seed, rule_set, samples, jobs, progress=progress, on_hand=on_hand))
    if fmt == "json":
        write_json(report.to_dict())
    elif fmt == "table":
        _print_arena(report)


CSV_COLUMNS = ("deal", "run", "us", "them", "bidder", "side", "bid", "trump", "result",
               "meld_us", "meld_them", "tricks_us", "tricks_them", "score_us", "score_them",
               "prediction")


def _csv_row(deal, run, record) -> tuple:
    d = record.to_dict()
    c, t = d["contract"], d["tricks"] or {"us": "", "them": ""}
    return (deal, run, d["policies"]["us"], d["policies"]["them"], c["seat"], c["side"],
            c["bid"], c["trump"] or "", d["result"], d["meld"]["us"], d["meld"]["them"],
            t["us"], t["them"], d["score"]["us"], d["score"]["them"],
            "" if d["prediction"] is None else d["prediction"])


def _print_arena(report) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console()
    a, b = report.policies
    _say(console, f"{a.name} against {b.name}: {report.deals} deals, each played twice with the"
         f" seats swapped ({2 * report.deals} hands); seed {report.seed}; rules {report.rules};"
         f" {report.samples} samples per estimate")
    table = Table("", a.name, b.name, box=box.SIMPLE_HEAD)

    def pct(x: float) -> str:
        return f"{x:.1%}"

    table.add_row("points per hand", f"{a.points_per_hand:.2f}", f"{b.points_per_hand:.2f}")
    table.add_row("bids won", pct(a.bids_won), pct(b.bids_won))
    for key, label in (("made", "made"), ("set", "set"), ("thrown-in", "thrown in"),
                       ("no-marriage", "no marriage"), ("under-min-meld", "under min meld")):
        if key in ("made", "set", "thrown-in") or a.results[key] or b.results[key]:
            table.add_row(f"  {label} (of bids won)", pct(a.results[key]), pct(b.results[key]))
    table.add_row("mean contract", *("—" if p.mean_contract is None else f"{p.mean_contract:.1f}"
                                     for p in (a, b)))
    console.print(table)
    err = "n/a" if report.stderr is None else f"{report.stderr:.2f}"
    _say(console, f"Margin, {a.name} less {b.name}: {report.margin:+.2f} ± {err} points per deal"
         " (both seatings; ± one standard error over deals)")
    for p in (a, b):
        cal = p.calibration
        if cal is None:
            continue
        _say(console, f"Calibration of {p.name}: its chance of making each contract it won,"
             f" at its last bid ({cal.n} contracts): mean absolute gap {cal.mae:.3f},"
             f" Brier score {cal.brier:.3f}")
        grid = Table("predicted", "contracts", "mean predicted", "made", box=box.SIMPLE_HEAD)
        for bin_ in cal.bins:
            if bin_.n:
                grid.add_row(f"{bin_.low:.0%}–{bin_.high:.0%}", str(bin_.n),
                             pct(bin_.predicted), pct(bin_.observed))
        console.print(grid)
    _say(console, f"{2 * report.deals} hands in {report.seconds:.1f} s:"
         f" {report.hands_per_second:.2f} hands/s")
