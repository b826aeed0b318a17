"""The ``card`` command: which card to play now, registered on ``cli.app``.

Only typer and the standard library are imported at the top; the core, numpy and rich are
imported inside the command so that the shell starts fast.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Optional

import typer

from ..errors import UserError
from ..limits import CARD_DEALS
from .app import (
    FormatOption,
    HandArgument,
    RulesOption,
    SeedOption,
    TrumpOption,
    command,
    format_option,
    hand_argument,
    rules_option,
    samples_option,
    trump_option,
    write_csv,
    write_json,
)

CARD_CSV = ("card", "recommended", "trick_points", "trick_points_stderr", "make_probability",
            "score", "score_stderr")


@command(hand=True)
def card(
    hand: HandArgument = None,
    trump: TrumpOption = None,
    trick: Annotated[str, typer.Option(
        "--trick", help="The cards played to the trick in progress, in the order played (none:"
        " you lead).")] = "",
    tricks: Annotated[str, typer.Option(
        "--tricks", help="The tricks so far, in order, each the four cards from the lead,"
        " separated by ';': '0: AS 10S KS QS; 10H JH QH KH' (SEAT: says who led; needed only"
        " for the first trick, and not there with --contract). See docs/card-play.md.")] = "",
    seat: Annotated[int, typer.Option("--seat", min=0, max=3,
                                      help="Your seat, 0 to 3 (0 and 2 are us).")] = 0,
    contract: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--contract", help="SEAT,BID: who won the auction and at what bid, e.g. 1,55.")] = None,
    shown: Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
        "--shown", help="SEAT:CARDS, the cards a seat showed in its meld (repeat for each"
        " seat), e.g. 1:KS QS JD QS.")] = None,
    passed: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--passed", help="The cards you passed to partner in the exchange.")] = None,
    received: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--received", help="The cards you received from partner in the exchange.")] = None,
    position: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--position", help="The position as JSON instead of the options: a file, or '-' for"
        " stdin; a file of JSON lines, one position a line, is analysed line by line.")
    ] = None,
    samples: Annotated[int, samples_option(CARD_DEALS, "Deals of the unseen cards")] = 300,
    seed: SeedOption = 0,
    format: FormatOption = None,
    rules: RulesOption = None,
) -> None:
    """The card to play now: every legal card scored by dealing the unseen cards many times,
    each deal meeting everything the play so far shows, and playing each deal out with that
    card first (in the last eight tricks, and at any depth where every other hand is shown,
    each layout is searched exactly: the best play by both sides).

    Gives for each legal card your side's trick points for the rest of the hand, and with
    --contract and --tricks the bidding side's chance to make the contract and the expected
    score (your side's less theirs); the card with the best is recommended, and why. Every
    option but the hand and trump may be left out: without --tricks the hand's size says how
    many tricks were played, and the cards neither yours, shown nor in the trick are unseen."""
    fmt = format_option(format)
    rule_set = rules_option(rules)
    if position is not None:
        given = [o for o, v in (("HAND", hand), ("--trump", trump), ("--trick", trick),
                                ("--tricks", tricks), ("--contract", contract),
                                ("--shown", shown), ("--passed", passed),
                                ("--received", received)) if v] + (["--seat"] if seat else [])
        if given:
            raise typer.BadParameter(f"give the position either with --position or as options,"
                                     f" not both ({', '.join(given)} given)",
                                     param_hint="'--position'")
        _from_file(position, fmt, samples, seed, rule_set)
        return
    suit = trump_option(trump)
    if suit is None:
        raise typer.BadParameter("give the trump: S, H, D or C", param_hint="'--trump'")
    held = hand_argument(hand)
    spot = _position(held, suit, seat, trick, tricks, contract, shown or [], passed, received)
    from ..play.advice import advise_card
    from ..play.position import PositionError

    try:
        advice = advise_card(spot, samples=samples, seed=seed, rules=rule_set)
    except PositionError as e:
        raise _located(e, tricks) from None
    _write(advice, fmt)


def _located(e, tricks: str):
    """A position error from the tricks, pointing at the card in ``--tricks``."""
    from ..play.position import parse_tricks

    if e.trick and tricks:
        e.locate(tricks, parse_tricks(tricks)[1])
        e.message = f"--tricks: {e.message}"
    return e


def _position(held, suit: int, seat: int, trick: str, tricks: str, contract: str | None,
              shown: list[str], passed: str | None, received: str | None):
    """The position the options describe."""
    from ..hand import Hand
    from ..play.position import Position, PositionError, parse_tricks, with_leaders
    from .play import _parse_trick

    deal = _contract(contract)
    seen: list = [None] * 4
    for text in shown:
        head, colon, cards = text.partition(":")
        if not colon or head.strip() not in ("0", "1", "2", "3"):
            raise typer.BadParameter(f"{text!r}: write SEAT:CARDS, e.g. 1:KS QS",
                                     param_hint="'--shown'")
        s = int(head)
        try:
            more = Hand.parse(cards) if cards.strip() else Hand([0] * 20)
        except UserError as e:
            raise UserError(f"--shown {s}: {e}") from None
        seen[s] = more if seen[s] is None else seen[s] + more
    exchange = []
    for name, given in (("--passed", passed), ("--received", received)):
        try:
            exchange.append(None if given is None else Hand.parse(given))
        except UserError as e:
            raise UserError(f"{name}: {e}") from None
    spans: list = []
    try:
        raw, spans = parse_tricks(tricks) if tricks.strip() else ([], [])
        played = with_leaders(raw, suit, deal)
    except PositionError as e:
        if e.span is None:
            e.locate(tricks, spans)
        e.message = f"--tricks: {e.message}"
        raise
    return Position(held, suit, seat, played, _parse_trick(trick), deal, tuple(seen),
                    exchange[0], exchange[1])


def _contract(text: str | None) -> tuple[int, int] | None:
    """``--contract SEAT,BID``."""
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or parts[0] not in ("0", "1", "2", "3") or not parts[1].isdigit():
        raise typer.BadParameter(f"{text!r}: write SEAT,BID, e.g. 1,55 (a seat is 0 to 3)",
                                 param_hint="'--contract'")
    return int(parts[0]), int(parts[1])


def _from_file(path: str, fmt: str, samples: int, seed: int, rules) -> None:
    """One position from a JSON file, or a JSON-lines batch, one answer a line, in order."""
    from ..lines import LineError, open_lines
    from ..play.advice import advise_card
    from ..play.position import Position

    lines = list(open_lines(path))
    text = "\n".join(x for x in lines if isinstance(x, str))
    whole = None
    if not any(isinstance(x, LineError) for x in lines):
        try:
            whole = json.loads(text)
        except (ValueError, RecursionError):
            whole = None
    name = "stdin" if path == "-" else path
    if isinstance(whole, dict):
        try:
            advice = advise_card(Position.from_dict(whole), samples=samples, seed=seed,
                                 rules=rules)
        except UserError as e:
            raise UserError(f"{name}: {e}") from None
        _write(advice, fmt)
        return
    failed = 0
    for number, line in enumerate(lines, 1):
        try:
            if isinstance(line, LineError):
                raise line
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                data = json.loads(line)
            except (ValueError, RecursionError) as e:
                raise UserError(f"not a JSON object: {str(e)[:80]}") from None
            advice = advise_card(Position.from_dict(data), samples=samples, seed=seed,
                                 rules=rules)
        except UserError as e:
            failed += 1
            sys.stderr.write(f"line {number}: {e}\n")
            continue
        _write(advice, fmt, line=number)
    if failed:
        raise typer.Exit(1)


def _write(advice, fmt: str, line: int | None = None) -> None:
    record = advice.to_dict()
    if line is not None and fmt in ("json", "jsonl"):
        record = {"line": line, **record}
    if fmt in ("json", "jsonl"):
        write_json(record)
    elif fmt == "csv":
        write_csv(CARD_CSV if line in (None, 1) else None, [
            (c["card"], c["card"] == record["card"], c["trick_points"]["mean"],
             c["trick_points"]["stderr"], "" if c["make_probability"] is None else
             c["make_probability"], "" if c["score"] is None else c["score"]["mean"],
             "" if c["score"] is None else c["score"]["stderr"]) for c in record["choices"]])
    else:
        _table(advice, line)


def _table(advice, line: int | None) -> None:
    from ..cards import CARDS
    from .render import add_row, console, new_table, say, show

    con = console()
    if line is not None:
        say(con, f"line {line}:")
    say(con, f"Play {CARDS[advice.card].symbol}: {advice.reason}")
    scored = advice.choices[0].score is not None
    columns = [("card", "left", False), ("trick points", "right", False),
               ("± stderr", "right", False)]
    if scored:
        columns += [("make", "right", False), ("score", "right", False),
                    ("± stderr", "right", False)]
    table = new_table(*columns)
    for c in advice.choices:
        row = [CARDS[c.card].symbol, f"{c.trick_points.mean:.2f}", f"{c.trick_points.stderr:.2f}"]
        if scored:
            row += [f"{c.make_probability:.1%}", f"{c.score.mean:.2f}", f"{c.score.stderr:.2f}"]
        add_row(table, *row)
    show(con, table)
    facts = advice.facts.lines()
    if facts:
        say(con, "What the play shows:")
        for line in facts:
            say(con, f"  {line}", hang=4)
    how = ("each layout searched exactly (best play by both sides)" if advice.searched
           else "each played out by the heuristic player")
    say(con, f"{advice.samples} deals of the unseen cards meeting every fact (seed"
        f" {advice.seed}), {how}")
