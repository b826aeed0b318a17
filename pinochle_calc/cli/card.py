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
from ..limits import CARD_DEALS, EXACT_SECONDS_CARD
from .app import (
    FormatOption,
    HandArgument,
    RulesOption,
    SeedOption,
    TrumpOption,
    command,
    contract_option,
    exact_option,
    format_option,
    hand_argument,
    required_trump,
    rules_option,
    samples_option,
    write_csv,
    write_json,
)

#: The CSV's columns (docs/card-play.md): ``difference`` is the best card's figure (the score,
#: else trick points) less this card's, paired deal by deal; ``as_good``: within two standard
#: errors of the best.
CARD_CSV = ("card", "recommended", "trick_points", "trick_points_stderr", "make_probability",
            "score", "score_stderr", "difference", "difference_stderr", "as_good")

#: How ``card`` is given each thing the card advice may lack (``CardAdvice.missing``, which
#: says what, in words every command can show).
HOW_TO_GIVE = (("the tricks so far", "--tricks"),
               ("the meld of", "--shown SEAT:CARDS, or SEAT: for none"))


def _how_to_give(item: str) -> str:
    """What the advice lacked, with the option that gives it."""
    return next((f"{item} ({how})" for start, how in HOW_TO_GIVE if item.startswith(start)),
                item)


@command(hand=True)
def card(
    hand: HandArgument = None,
    trump: TrumpOption = None,
    trick: Annotated[str, typer.Option(
        "--trick", help="The cards played to the trick in progress, in the order played (none:"
        " you lead).")] = "",
    tricks: Annotated[str, typer.Option(
        "--tricks", help="The tricks so far, in order, each the four cards from the lead,"
        " separated by ';' or one a line: '0: AS 10S KS QS; 10H JH QH KH' (SEAT: says who led;"
        " needed only for the first trick, and not there with --contract); @FILE reads them"
        " from a file ('@-': stdin). See docs/card-play.md.")] = "",
    seat: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--seat", min=0, max=3, show_default=False,
        help="Your seat, 0 to 3 (0 and 2 are us); default 0, or with --record the seat to"
        " play.")] = None,
    contract: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--contract", help="SEAT:BID: who won the auction and at what bid, e.g. 1:55 (SEAT"
        " alone: the minimum bid).")] = None,
    shown: Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
        "--shown", help="SEAT:CARDS, the cards a seat showed in its meld (repeat for each"
        " seat), e.g. 1:KS QS JD QS; SEAT: alone says the seat showed no meld. A seat left"
        " out: its meld is not known, and the cards are ranked by trick points (no chance to"
        " make, no score).")] = None,
    passed: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--passed", help="The cards you passed to partner in the exchange.")] = None,
    received: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--received", help="The cards you received from partner in the exchange.")] = None,
    position: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--position", help="The position as JSON instead of the options: a file, or '-' for"
        " stdin; a file of JSON lines, one position a line, is analysed line by line.")
    ] = None,
    record: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--record", help="A record of a hand (text or JSON; '-' for stdin): the position is"
        " the hand's at --at EVENT (default: after its last event), the seat to play there.")
    ] = None,
    at: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--at", help="With --record: the event whose card to advise (the events before it"
        " stand): its number, 'trick N', or 'play' (the first card).")] = None,
    samples: Annotated[int, samples_option(CARD_DEALS, "Deals of the unseen cards")] = 300,
    seed: SeedOption = 0,
    format: FormatOption = None,
    rules: RulesOption = None,
    exact: Annotated[float, exact_option(
        "where every other hand is known (past it the deals are played out, and the answer"
        " says so)")] = EXACT_SECONDS_CARD,
) -> None:
    """The card to play now: every legal card scored by dealing the unseen cards many times,
    each deal meeting everything the play so far shows, and playing each deal out with that
    card first (in the last eight tricks, and at any depth where every other hand is shown,
    within --exact seconds, each layout is searched exactly: the best play by both sides).

    Gives for each legal card your side's trick points for the rest of the hand, and with
    --contract and --tricks the bidding side's chance to make the contract and the expected
    score (your side's less theirs); the card with the best is recommended, and why. Every
    option but the hand and trump may be left out: without --tricks the hand's size says how
    many tricks were played, and the cards neither yours, shown nor in the trick are unseen.
    --record FILE --at EVENT takes the position from a record of the hand."""
    fmt = format_option(format)
    options = [o for o, v in (("HAND", hand), ("--trump", trump), ("--trick", trick),
                              ("--tricks", tricks), ("--contract", contract),
                              ("--shown", shown), ("--passed", passed),
                              ("--received", received)) if v]
    if at is not None and record is None:
        raise typer.BadParameter("--at names an event of a record: give --record FILE",
                                 param_hint="'--at'")
    if position is not None or record is not None:
        source = "--position" if position is not None else "--record"
        given = options + (["--seat"] if seat is not None and position is not None else []) \
            + (["--record"] if position is not None and record is not None else [])
        if given:
            raise typer.BadParameter(f"give the position either with {source} or as options,"
                                     f" not both ({', '.join(given)} given)",
                                     param_hint=f"'{source}'")
        if position is not None:
            _from_file(position, fmt, samples, seed, rules_option(rules), exact)
            return
        if rules is not None:
            raise typer.BadParameter("a record names its own rules: leave out --rules with"
                                     " --record", param_hint="'--rules'")
        assert record is not None
        spot, rule_set, event, seeded, base = _from_record(record, at, seat, seed)
        text = ""
    else:
        rule_set = rules_option(rules)
        suit = required_trump(trump)
        _check_exchange(passed, received, rule_set)
        held = hand_argument(hand)
        text = _tricks_text(tricks)
        spot = _position(held, suit, 0 if seat is None else seat, trick, (text, tricks),
                         contract, shown or [], passed, received, rule_set)
        event, seeded, base = None, _seed_of(spot, seed), seed
    from ..play.advice import advise_card
    from ..play.position import PositionError

    try:
        advice = advise_card(spot, samples=samples, seed=seeded, rules=rule_set,
                              exact=exact)
    except PositionError as e:
        raise _located(e, text, tricks) from None
    _write(advice, fmt, spot, event=event, seed=base)


def _seed_of(spot, seed: int) -> int:
    """The seed the deals of a position are drawn from: derived from the hand's ``--seed`` and
    the cards played before (``decisions.card_seed``), as the table and the review seed the
    same card."""
    from ..game.decisions import card_seed, position_plays

    return card_seed(seed, position_plays(len(spot.hand), len(spot.trick)))


#: The largest file of tricks read by ``--tricks @FILE`` (20 tricks are about 300 bytes).
TRICKS_BYTES = 1 << 16


def _tricks_text(value: str) -> str:
    """``--tricks``: the text, or with ``@FILE`` the text of the file (``@-``: stdin)."""
    if not value.startswith("@"):
        return value
    import io

    from ..lines import read_bytes, read_lines

    path = value[1:]
    name = "stdin" if path == "-" else path
    if not path:
        raise typer.BadParameter("'@': write @FILE, the file the tricks are in",
                                 param_hint="'--tricks'")
    data = read_bytes(path, TRICKS_BYTES)
    if len(data) > TRICKS_BYTES:
        raise UserError(f"--tricks {value}: {name} is longer than {TRICKS_BYTES:,} bytes: a"
                        " hand's tricks are a few hundred")
    lines = []
    for number, line in enumerate(read_lines(io.BytesIO(data)), 1):
        if isinstance(line, UserError):
            raise UserError(f"--tricks {value}: {name} line {number}: {line}")
        lines.append(line)
    return "\n".join(lines)


def _from_record(path: str, at: str | None, seat: int | None, seed: int):
    """The position at event ``at`` of the record in ``path`` (default: after the last), of
    the seat to play there; the record's rules; the event's number; the seed of its advice
    (``decisions.decision_seed``) and the hand's seed it comes from (the record's own, else
    ``seed``)."""
    from ..game.decisions import card_next, decision_seed, record_seed
    from ..game.hand import card_position, find_event, load_record

    record = load_record(path)
    number = len(record.events) + 1 if at is None else find_event(record, at)
    state = record.state_before(number)
    if not card_next(state):
        raise UserError(f"event {number} is no card to play: {state.waiting()}")
    to_play = state.to_play()
    if seat is not None and seat != to_play:
        raise UserError(f"at event {number} seat {to_play} is to play, not seat {seat}")
    spot = card_position(state, to_play)
    if spot is None:
        raise UserError(f"the record does not give seat {to_play}'s hand: its card cannot be"
                        " advised")
    base = record_seed(record, seed).seed
    return spot, record.rules, number, decision_seed(state, base), base

def _located(e, tricks: str, given: str):
    """A position error from the tricks, pointing at the card in ``--tricks`` (``given``: the
    option's value, ``@FILE`` where the text is the file's)."""
    from ..play.position import parse_tricks

    if e.trick and tricks:
        e.locate(tricks, parse_tricks(tricks)[1])
        _name_tricks(e, tricks, given)
    return e


def _name_tricks(e, tricks: str, given: str) -> None:
    """The error's message names ``--tricks`` (and, from a file, the line; its pointer then
    that line)."""
    if not given.startswith("@") or e.span is None:
        e.message = f"--tricks: {e.message}"
        return
    start, end = e.span
    number = tricks.count("\n", 0, start) + 1
    first = tricks.rfind("\n", 0, start) + 1
    line = tricks[first:].split("\n", 1)[0]
    e.message = f"--tricks {given} line {number}: {e.message}"
    e.at(line, (start - first, min(end, first + len(line) + 1) - first))


def _position(held, suit: int, seat: int, trick: str, tricks_given: tuple[str, str],
              contract: str | None, shown: list[str], passed: str | None,
              received: str | None, rules):
    """The position the options describe (``tricks_given``: the tricks' text, and the
    ``--tricks`` value it came from: itself, or ``@FILE``)."""
    from ..hand import Hand
    from ..play.position import Position, PositionError, parse_tricks, with_leaders
    from .play import _parse_trick

    deal = _contract(contract, suit, rules)
    tricks, option = tricks_given
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
        _name_tricks(e, tricks, option)
        raise
    return Position(held, suit, seat, played, _parse_trick(trick), deal, tuple(seen),
                    exchange[0], exchange[1])


def _check_exchange(passed: str | None, received: str | None, rules) -> None:
    """``--passed`` and ``--received`` only under rules that pass cards (a usage error)."""
    from ..play.facts import exchange_problem

    given = [o for o, v in (("--passed", passed), ("--received", received)) if v is not None]
    problem = exchange_problem(rules)
    if given and problem:
        raise typer.BadParameter(f"{problem}: leave out {' and '.join(given)}",
                                 param_hint=f"'{given[0]}'")


def _contract(text: str | None, suit: int, rules) -> tuple[int, int] | None:
    """``--contract SEAT:BID`` (the bid, by default the rule set's minimum)."""
    given = contract_option(text)
    if given is None:
        return None
    seat, bid, trump = given
    if trump is not None and trump != suit:
        raise typer.BadParameter("the trump is --trump's: write SEAT:BID, e.g. 1:55",
                                 param_hint="'--contract'")
    return seat, rules.min_bid_points if bid is None else bid


def _from_file(path: str, fmt: str, samples: int, seed: int, rules, exact: float) -> None:
    """One position from a JSON file, or a JSON-lines batch, one answer a line, in order (with
    ``json``: one document, the list of the answers, each with its line)."""
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
            spot = Position.from_dict(whole, rules)
            advice = advise_card(spot, samples=samples, seed=_seed_of(spot, seed), rules=rules,
                                 exact=exact)
        except UserError as e:
            raise UserError(f"{name}: {e}") from None
        _write(advice, fmt, spot, seed=seed)
        return
    failed = 0
    answers: list[object] = []
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
            spot = Position.from_dict(data, rules)
            advice = advise_card(spot, samples=samples, seed=_seed_of(spot, seed), rules=rules,
                                 exact=exact)
        except UserError as e:
            failed += 1
            sys.stderr.write(f"line {number}: {e}\n")
            continue
        if fmt == "json":
            answers.append({"line": number, **advice.to_dict(), "seed": seed})
        else:
            _write(advice, fmt, spot, line=number, first=not answers, seed=seed)
            answers.append(number)
    if fmt == "json":
        write_json(answers)
    elif fmt == "csv" and not answers:
        write_csv(("line", *CARD_CSV), [])
    if failed:
        raise typer.Exit(1)


def _write(advice, fmt: str, spot, line: int | None = None, first: bool = True,
           event: int | None = None, seed: int = 0) -> None:
    """One answer for the position ``spot``: alone, or of a batch's ``line`` (its header with
    the ``first``); ``event``: the record's event it advises; ``seed``: the hand's seed its
    deals' own is derived from (``decisions.decision_seed``)."""
    record = {**advice.to_dict(), "seed": seed}
    head = {"line": line} if line is not None else {"event": event} if event is not None \
        else {}
    if fmt in ("json", "jsonl"):
        write_json({**head, **record})
    elif fmt == "csv":
        rows = [(*head.values(), c["card"], c["card"] == record["card"],
                 c["trick_points"]["mean"], c["trick_points"]["stderr"],
                 "" if c["make_probability"] is None else c["make_probability"],
                 "" if c["score"] is None else c["score"]["mean"],
                 "" if c["score"] is None else c["score"]["stderr"],
                 c["difference"]["mean"], c["difference"]["stderr"], c["as_good"])
                for c in record["choices"]]
        write_csv((*head, *CARD_CSV) if first else None, rows)
        if advice.method_note:  # the rows have no place for it
            where = f"line {line}: " if line is not None else ""
            sys.stderr.write(f"{where}played out: {advice.method_note}\n")
    else:
        _table(advice, spot, line, event, seed)


def _table(advice, spot, line: int | None, event: int | None = None, seed: int = 0) -> None:
    from ..cards import CARDS
    from .render import add_row, console, new_table, say, show

    con = console()
    if line is not None:
        say(con, f"line {line}:")
    if event is not None:
        say(con, f"At event {event}:")
    say(con, f"Play {CARDS[advice.card].symbol}: {advice.reason}")
    scored = advice.choices[0].score is not None
    columns = [("card", "left", False), ("trick points", "right", False),
               ("± stderr", "right", False)]
    if scored:  # the chance the contract is made: the bidding side's, named for it
        ours = spot.contract is not None and not (spot.contract[0] ^ spot.seat) & 1
        columns += [("we make" if ours else "they make", "right", False),
                    ("score", "right", False), ("± stderr", "right", False)]
    columns += [("behind best", "left", False)]
    table = new_table(*columns)
    for i, c in enumerate(advice.choices):
        row = [CARDS[c.card].symbol, f"{c.trick_points.mean:.2f}", f"{c.trick_points.stderr:.2f}"]
        if scored:
            row += [f"{c.make_probability:.1%}", f"{c.score.mean:+.2f}", f"{c.score.stderr:.2f}"]
        row += ["" if i == 0 else c.difference.text() + (" =" if c.as_good else "")]
        add_row(table, *row)
    show(con, table)
    if any(c.as_good for c in advice.choices[1:]):
        say(con, "=: as good as the best (behind it by less than two standard errors of the"
            " difference, deal by deal)")
    if advice.missing:
        lacking = " and ".join(_how_to_give(item) for item in advice.missing)
        say(con, f"No chance to make and no score: not given {lacking};"
            " the cards are ranked by trick points.")
    facts = advice.facts.lines()
    if facts:
        say(con, "What the play shows:")
        for fact in facts:
            say(con, f"  {fact}", hang=4)
    how = ("each layout searched exactly (best play by both sides)" if advice.searched
           else "each played out by the heuristic player")
    why = f" ({advice.method_note}: --exact gives it more time)" if advice.method_note else ""
    say(con, f"{advice.samples:,} deals of the unseen cards meeting every fact (seed {seed},"
        f" this card's deals derived from it), {how}{why}")
