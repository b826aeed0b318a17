"""Whole hands: ``play`` (one deal from the auction to the score) and ``arena`` (two bidding
policies played against each other over duplicate deals), registered on ``cli.app``.

Only typer and the standard library are imported at the top; the core, numpy and rich are
imported inside each command so that the shell starts fast.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import click
import typer

from ..errors import UserError
from ..limits import (
    ARENA_DEALS,
    ARENA_GAMES,
    EXACT_SECONDS_PAR,
    GAME_HANDS,
    HAND_DEALS,
    PATIENCE_MAX,
    PATIENCE_SECONDS,
    SEED_MAX,
)
from .app import (
    FormatOption,
    JobsOption,
    RulesOption,
    SeedOption,
    Stop,
    TrumpOption,
    choice,
    command,
    contract_option,
    exact_option,
    format_option,
    rules_option,
    samples_option,
    trump_option,
    write_csv,
    write_json,
)
from .record import PLAY_FORMATS, play_record, print_record, write_record
from .record import policy_option as _policy

POLICY_HELP = ("advisor:jump, advisor:davis, advisor:toby, formula, thumb, pass or ceiling (the"
               " all-seeing yardstick: it sees every hand, so it is no advice), optionally"
               " ending in the card player /advisor, /heuristic (the default) or /MODULE:NAME (a"
               " card player of your own), e.g. formula/advisor; or MODULE:NAME, a policy of your"
               " own (a module or .py file, and the class or factory in it)")

SamplesOpt = Annotated[int, samples_option(
    HAND_DEALS, "Simulated deals behind each of an advisor's estimates")]
#: ``--scheduler``: the arena's deals played on a Dask cluster.
SchedulerOpt = Annotated[
    Optional[str],  # noqa: UP045 (typer reads the annotation at run time on 3.10)
    typer.Option("--scheduler", metavar="ADDRESS", show_default=False,
                 help="A Dask cluster's scheduler, tcp://HOST:PORT as dask scheduler prints it:"
                 " play the deals on its workers instead of --jobs processes (pip install"
                 " 'pinochle-calc\\[cluster]')."),  # \\[: a bracket, not rich's markup
]
#: ``--patience``: how long a match on a cluster waits for it (``cluster.map_cluster``).
PatienceOpt = Annotated[
    Optional[int],  # noqa: UP045
    typer.Option("--patience", metavar="SECONDS", min=1, max=PATIENCE_MAX, show_default=False,
                 help="With --scheduler: how long the match waits for a scheduler that stops"
                 " answering, or for a worker when none is left, before it stops with an error;"
                 f" default {PATIENCE_SECONDS}."),
]


# -------------------------------------------------------------------------------------- play


@command()
def play(
    deal: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--deal", "-d", help="A file of four 20-card hands, one a line, seats 0-3 from the"
        " dealer's left (seat 3 deals), any notation; '-' for stdin. Without it, a random deal:"
        " --seed's, or a fresh one whose seed is printed.")] = None,
    us: Annotated[str, typer.Option("--us", help=f"The policy of seats 0 and 2: {POLICY_HELP}."
                                    )] = "advisor:jump",
    them: Annotated[str, typer.Option("--them", help="The policy of seats 1 and 3.")
                    ] = "advisor:jump",
    contract: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--contract", help="SEAT:BID: skip the auction; that seat wins at that bid, e.g. 1:55"
        " (SEAT alone: the minimum), and names --trump.")] = None,
    trump: TrumpOption = None,
    show_tricks: Annotated[bool, typer.Option("--show-tricks",
                                              help="Show the tricks one by one.")] = False,
    record_file: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--record", help="A record of a hand (text or JSON; '-' for stdin) to replay as"
        " recorded, or with --at to continue.")] = None,
    start: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--at", help="With --record: the event from which the engine's players (--us,"
        " --them; default the record's) decide (the events before it stand): its number,"
        " 'call N', 'trick N', 'pass', 'trump', 'meld' or 'play'.")] = None,
    seed: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--seed", min=0, max=SEED_MAX, show_default=False,
        help=f"Random seed, 0 to {SEED_MAX:,}: deals (without --deal) and seeds every"
        " decision; default: a fresh one, printed so that the hand can be replayed.")] = None,
    samples: SamplesOpt = 1000,
    format: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--format", "-f", click_type=choice(*PLAY_FORMATS), show_default=False,
        help="table, json, jsonl, csv or record (the record's text); default: table on a"
        " terminal, jsonl otherwise.")] = None,
    rules: RulesOption = None,
    exact: Annotated[float, exact_option(
        "for the hand's par and each card's exact cost, from the last trick back")
    ] = EXACT_SECONDS_PAR,
    start_old: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--from", hidden=True, help="The old spelling of --at.")] = None,
) -> None:
    """Play one deal from the auction to the score: the calls with their meaning, the
    contract, the cards exchanged, each seat's meld, the tricks and the score.

    The seed deals at random (without --deal) and seeds every decision; without --seed a fresh
    one is drawn and printed (--seed N replays the hand). json and jsonl give the hand as one
    JSON object, the record's JSON form (with its "seed"; docs/records.md); record its text
    form; csv one row, as the arena writes for each hand. --record replays a recorded hand,
    and --at continues it with the engine's players from any event on. The table and json
    give the hand's double-dummy par (best play by both from the first lead, every card seen)
    where the solver reaches it within --exact seconds; else the best finish from the first
    trick it reached, labelled as such."""
    fmt = format_option(format)
    if start_old is not None:
        if start is not None:
            raise typer.BadParameter("give the event once, by --at (--from is its old"
                                     " spelling)", param_hint="'--at'")
        start = start_old
    if record_file is not None:
        if deal is not None or contract is not None or trump is not None:
            raise typer.BadParameter("--record holds the deal and the contract: leave out"
                                     " --deal, --contract and --trump")
        from .render import progress

        given_by = click.get_current_context().get_parameter_source
        pick = [p if given_by(name) != click.core.ParameterSource.DEFAULT else None
                for name, p in (("us", us), ("them", them))]
        with progress("playing the hand", None):
            replayed = play_record(record_file, start, pick[0], pick[1], seed, samples,
                                   rules is not None)
        if fmt == "csv":
            write_csv(CSV_COLUMNS, [_csv_row("", "", replayed)])
            return
        write_record(replayed, fmt, show_tricks, _par(replayed, fmt, exact))
        return
    if start is not None:
        raise typer.BadParameter("--at continues a recorded hand: give --record FILE")
    (us, _), (them, _) = _policy(us), _policy(them)
    given = _contract(contract, trump)
    rule_set = rules_option(rules)
    from ..game.whole import PolicyError, deal_cards, hand_seed, play_hand
    from .render import progress

    fresh = seed is None
    if seed is None:
        import secrets

        seed = secrets.randbelow(SEED_MAX + 1)
        if fmt == "csv":  # the row has no room for it
            sys.stderr.write(f"seed {seed} (--seed {seed} replays this hand)\n")
    hands = read_deal(deal) if deal is not None else deal_cards(seed)
    try:
        with progress("playing the hand", None):
            record = play_hand(hands, us, them, rule_set, seed=hand_seed(seed),
                               contract=given, samples=samples)
    except PolicyError as e:  # named with the deal, as the arena names its deals
        dealt = f"the deal in {deal}" if deal is not None else f"the deal of seed {seed}"
        raise PolicyError(f"{dealt}: {e}") from None
    # the seed and samples the engine played with (review reads them)
    record = record.with_tag("Seed", str(seed)).with_tag("Samples", str(samples))
    if fmt in ("json", "jsonl", "record"):
        write_record(record, fmt, par=_par(record, fmt, exact))
        return
    if fmt == "csv":
        write_csv(CSV_COLUMNS, [_csv_row("", "", record)])
        return
    source = deal if deal is not None else f"a random deal, seed {seed}" + (
        f" (--seed {seed} replays it)" if fresh else "")
    print_record(record, show_tricks, source, _par(record, fmt, exact))


def _par(record, fmt: str, seconds: float):
    """The hand's par and exact costs (``game.par``) within ``seconds`` of the solver's CPU
    time, for the formats that show it (None for the record's text, which has no place for
    it)."""
    if fmt in ("record", "csv"):
        return None
    from ..game.par import hand_par
    from .render import progress

    with progress("working out the par", None):
        return hand_par(record, seconds=seconds)


def _contract(text: str | None, trump: str | None):
    """``--contract SEAT:BID`` and ``--trump`` as (seat, trump, bid or None)."""
    given = contract_option(text)
    suit = trump_option(trump)
    if given is None:
        if suit is not None:
            raise typer.BadParameter("--trump is the trump a given contract names: give"
                                     " --contract SEAT:BID", param_hint="'--trump'")
        return None
    seat, bid, named = given
    if named is not None and suit is not None and named != suit:
        raise typer.BadParameter("give the trump once, by --trump", param_hint="'--contract'")
    suit = named if named is not None else suit
    if suit is None:
        raise typer.BadParameter("a contract given names its trump: add --trump, e.g."
                                 " --contract 1:55 --trump H", param_hint="'--contract'")
    return seat, suit, bid


#: A deal file is four lines of about 60 characters: more than this is not one.
DEAL_BYTES = 1 << 16


def read_deal(path: str, whole: bool = True):
    """The four hands of a deal file (blank lines and # comments skipped), read as the
    program reads every text file: UTF-8, a byte order mark dropped, any line ending; at most
    ``DEAL_BYTES``. ``whole``: 20 cards each, the whole deck (else hands of any size, as
    written: ``dd`` checks them)."""
    import io

    from ..game.whole import check_deal
    from ..hand import Hand
    from ..lines import read_bytes, read_lines

    name = "stdin" if path == "-" else path
    data = read_bytes(path, DEAL_BYTES)
    if len(data) > DEAL_BYTES:
        raise UserError(f"{name} is longer than {DEAL_BYTES:,} bytes: a deal file is four"
                        " hands, one a line")
    hands: list[Hand] = []
    for number, line in enumerate(read_lines(io.BytesIO(data)), 1):
        if isinstance(line, UserError):
            raise UserError(f"{name} line {number}: {line}")
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if len(hands) == 4:
            raise UserError(f"{name} line {number}: a deal is four hands; this is a fifth")
        try:
            hand = Hand.parse(text)
        except UserError as e:
            raise UserError(f"{name} line {number}: {e}") from None
        if whole and len(hand) != 20:
            raise UserError(f"{name} line {number}: seat {len(hands)} holds {len(hand)} cards,"
                            " not 20")
        hands.append(hand)
    if len(hands) != 4:
        raise UserError(f"{name}: a deal is four hands, one a line; found {len(hands)}")
    if not whole:
        return tuple(hands)
    try:
        return check_deal(hands)
    except UserError as e:
        raise UserError(f"{name}: {e}") from None


# ------------------------------------------------------------------------------------- arena


@command()
def arena(
    policy_a: Annotated[str, typer.Argument(help=f"Policy A: {POLICY_HELP}.")],
    policy_b: Annotated[str, typer.Argument(help="Policy B.")],
    deals: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--deals", min=1, max=ARENA_DEALS, show_default=False,
        help=f"Random deals, each played twice with the seats swapped, 1 to {ARENA_DEALS:,};"
        " default 100.")] = None,
    games: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--games", min=1, max=ARENA_GAMES, show_default=False,
        help="Play games to the rule set's target instead, each twice with the seats swapped"
        f" (the same cards hand by hand), 1 to {ARENA_GAMES:,}: games won beside the"
        " points.")] = None,
    seed: SeedOption = 0,
    samples: SamplesOpt = 1000,
    jobs: JobsOption = 1,
    scheduler: SchedulerOpt = None,
    patience: PatienceOpt = None,
    format: FormatOption = None,
    rules: RulesOption = None,
) -> None:
    """Duplicate match of two bidding policies: each deal is played twice, A at seats 0 and 2
    and then at seats 1 and 3, with the same cards and dealer, so card luck cancels.

    Everything but the bidding (naming trump, passing cards, the throw-in) is the same for both
    policies, and so is the play of the tricks unless a name ends in a card player:
    formula/advisor against formula measures the card advice alone. json gives the report;
    jsonl one record per hand played (the record play writes, tagged with the deal and the
    run: play --record and review read it); csv one row per hand. The result does not depend
    on --jobs, nor on the cluster that --scheduler names. --games plays whole games instead
    of deals and reports the share of games won.
    """
    fmt = format_option(format)
    if games is not None:
        if deals is not None:
            raise typer.BadParameter("a match plays --deals or --games, not both",
                                     param_hint="'--games'")
        if scheduler is not None or patience is not None:
            raise typer.BadParameter("games are played in --jobs processes on this machine,"
                                     " not on a cluster", param_hint="'--games'")
        _arena_games(policy_a, policy_b, games, seed, samples, jobs, fmt, rules)
        return
    deals = 100 if deals is None else deals
    if scheduler is not None:
        scheduler = _scheduler(scheduler, jobs)
    elif patience is not None:
        raise typer.BadParameter("--patience is how long a match waits for its cluster: give"
                                 " it with --scheduler", param_hint="'--patience'")
    (a, a_name), (b, b_name) = _policy(policy_a), _policy(policy_b)
    if a_name == b_name:
        raise typer.BadParameter(f"both policies are {a_name}: a duplicate match of a policy"
                                 " with itself scores 0 on every deal")
    rule_set = rules_option(rules)
    from ..game.arena import arena_tally, duplicate_deals

    on_hand = None
    if fmt == "jsonl":
        from ..game.hand import to_json

        def on_hand(deal: int, run: int, record) -> None:
            write_json(to_json(record))
    elif fmt == "csv":
        write_csv(CSV_COLUMNS, [])

        def on_hand(deal: int, run: int, record) -> None:
            write_csv(None, [_csv_row(deal, run, record)])

    from .render import progress

    stopped = False
    tally = arena_tally(a, b, deals, seed, rule_set, samples)
    try:
        with progress("playing deals", deals) as bar:
            for number, pair in enumerate(duplicate_deals(a, b, deals, seed, rule_set, samples,
                                                          jobs, scheduler, patience)):
                tally.add(pair)
                if on_hand is not None:
                    for run, record in enumerate(pair):
                        on_hand(number, run, record)
                if bar:
                    bar(number + 1, deals)
    except KeyboardInterrupt:
        stopped = True
    if tally.deals:
        report = tally.report()
        if fmt == "json":
            write_json({**report.to_dict(), **({"stopped": True} if stopped else {})})
        elif fmt == "table":
            _print_arena(report, deals if stopped else None)
    if stopped:
        raise Stop(130, f"stopped after {tally.deals:,} of {deals:,} deals"
                   + (": the figures are for the deals played" if tally.deals and fmt in
                      ("json", "table") else ""))


def _scheduler(text: str, jobs: int) -> str:
    """``--scheduler ADDRESS``, checked: an address, ``distributed`` installed, no ``--jobs``."""
    from ..cluster import require_distributed, scheduler_address

    if jobs > 1:
        raise typer.BadParameter("--jobs plays the deals in processes on this machine,"
                                 " --scheduler on a cluster: give one of them",
                                 param_hint="'--scheduler'")
    try:
        address = scheduler_address(text)
        require_distributed()
    except UserError as e:
        raise typer.BadParameter(str(e), param_hint="'--scheduler'") from None
    import logging

    # what goes wrong is said in one line (cluster.ClusterError), not in the client's log:
    # distributed sets the levels of its loggers, and of tornado's, one by one; asyncio's
    # says, as the program ends, that a fetch of results given up on was cancelled
    for name in [*logging.root.manager.loggerDict, "asyncio"]:
        if name.split(".")[0] in ("distributed", "tornado", "asyncio"):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    return address


def _arena_games(policy_a: str, policy_b: str, games: int, seed: int, samples: int, jobs: int,
                 fmt: str, rules: str | None) -> None:
    """``arena --games``: duplicate games (``game.games``)."""
    (a, a_name), (b, b_name) = _policy(policy_a), _policy(policy_b)
    if a_name == b_name:
        raise typer.BadParameter(f"both policies are {a_name}: a duplicate match of a policy"
                                 " with itself wins half of every game")
    rule_set = rules_option(rules)
    from ..game.games import duplicate_games, games_tally
    from .render import progress

    tally = games_tally(a, b, games, seed, rule_set, samples, jobs)
    if fmt == "csv":
        write_csv(GAME_CSV_COLUMNS, [])
    stopped = False
    try:
        with progress("playing games", games) as bar:
            for number, pair in enumerate(duplicate_games(a, b, games, seed, rule_set, samples,
                                                          jobs)):
                tally.add(pair)
                _game_hands(number, pair, fmt)
                if bar:
                    bar(number + 1, games)
    except KeyboardInterrupt:
        stopped = True
    if tally.games:
        report = tally.report()
        if fmt == "json":
            write_json({**report.to_dict(), **({"stopped": True} if stopped else {})})
        elif fmt == "table":
            _print_games(report, games if stopped else None)
    if stopped:
        raise Stop(130, f"stopped after {tally.games:,} of {games:,} games"
                   + (": the figures are for the games played" if tally.games and fmt in
                      ("json", "table") else ""))


def _game_hands(number: int, pair, fmt: str) -> None:
    """A game's hands as ``--format jsonl`` (each record, tagged with its game, deal and run)
    or ``csv`` (``GAME_CSV_COLUMNS``) write them."""
    if fmt not in ("jsonl", "csv"):
        return
    from ..game.hand import to_json

    for run, game in enumerate(pair):
        totals = [0, 0]
        for k, record in enumerate(game.records):
            if fmt == "jsonl":
                write_json(to_json(record))
                continue
            assert record.score is not None
            totals = [totals[0] + record.score[0], totals[1] + record.score[1]]
            last = k == len(game.records) - 1
            write_csv(None, [(number, k + 1, *_csv_row(number, run, record)[1:], *totals,
                              game.winner if last and game.winner else "")])


def _print_games(report, planned: int | None = None) -> None:
    """The report of a match in games (``planned``: the games asked for, where stopped)."""
    from .render import add_row, console, new_table, say, show

    con = console()
    a, b = report.policies
    played = (f"{report.games:,} game" + ("s" if report.games != 1 else "")) \
        if planned is None else f"{report.games:,} of the {planned:,} games asked for (stopped)"
    say(con, f"{a.name} against {b.name}: {played} to {report.target:,}, each played twice with"
        f" the seats swapped ({report.hands:,} hands, {report.hands / (2 * report.games):.1f} a"
        f" game); seed {report.seed}; rules {report.rules}; {report.samples:,} simulated deals"
        " behind each estimate")
    table = new_table(("", "left", False), (a.name, "right", False), (b.name, "right", False))
    won = report.won.mean
    add_row(table, "games won", f"{won:.1%}", f"{1 - won:.1%}")
    add_row(table, "points per hand", f"{a.points_per_hand:.2f}", f"{b.points_per_hand:.2f}")
    add_row(table, "bids won", f"{a.bids_won:.1%}", f"{b.bids_won:.1%}")
    for key in ("made", "set", "thrown-in"):
        add_row(table, f"  {key} (of bids won)", f"{a.results[key]:.1%}",
                f"{b.results[key]:.1%}")
    show(con, table)
    say(con, f"Games won by {a.name}: {won:.1%}, give or take {report.won.stderr:.1%} (each"
        " game played twice counts once: both runs won, one, or none)")
    say(con, f"Margin, {a.name} less {b.name}: {report.margin.mean:+.2f} points per hand, give"
        f" or take {report.margin.stderr:.2f}")
    if report.unfinished:
        say(con, f"{report.unfinished} runs reached {GAME_HANDS} hands without a winner: each"
            " counted half won")
    say(con, f"{report.hands} hands in {report.seconds:.1f} s")


GAME_CSV_COLUMNS = ("game", "deal", "run", "us", "them", "bidder", "side", "bid", "trump",
                    "result", "meld_us", "meld_them", "tricks_us", "tricks_them", "score_us",
                    "score_them", "prediction", "total_us", "total_them", "winner")
CSV_COLUMNS = ("deal", "run", "us", "them", "bidder", "side", "bid", "trump", "result",
               "meld_us", "meld_them", "tricks_us", "tricks_them", "score_us", "score_them",
               "prediction")


def _csv_row(deal, run, record) -> tuple:
    """A hand as one row of ``CSV_COLUMNS``; what a hand cut part way has not reached (the
    contract, the meld, the play, the score) is left empty, as a missing policy's name is."""
    from ..game.hand import to_json

    d = to_json(record)

    def cell(value) -> object:
        return "" if value is None else value

    def sides(key: str) -> tuple:
        both = d[key] or {}
        return cell(both.get("us")), cell(both.get("them"))

    c = d["contract"] or {}
    return (deal, run, *sides("policies"), cell(c.get("seat")), cell(c.get("side")),
            cell(c.get("bid")), cell(c.get("trump")), cell(d["result"]), *sides("meld"),
            *sides("tricks"), *sides("score"), cell(d["prediction"]))


def _print_arena(report, planned: int | None = None) -> None:
    """The arena's report as tables and charts (``planned``: the deals asked for, where the
    match was stopped before)."""
    from ..game.whole import RESULTS
    from .render import add_row, bars, console, new_table, say, show

    con = console()
    a, b = report.policies
    played = f"{report.deals:,} deals" if planned is None else \
        f"{report.deals:,} of the {planned:,} deals asked for (stopped)"
    say(con, f"{a.name} against {b.name}: {played}, each played twice with the seats swapped"
        f" ({2 * report.deals:,} hands); seed {report.seed}; rules {report.rules};"
        f" {report.samples:,} simulated deals behind each estimate")
    table = new_table(("", "left", False), (a.name, "right", False), (b.name, "right", False))

    def pct(x: float) -> str:
        return f"{x:.1%}"

    add_row(table, "points per hand", f"{a.points_per_hand:.2f}", f"{b.points_per_hand:.2f}")
    add_row(table, "bids won", pct(a.bids_won), pct(b.bids_won))
    for key in RESULTS:
        if key in ("made", "set", "thrown-in") or a.results[key] or b.results[key]:
            add_row(table, f"  {key} (of bids won)", pct(a.results[key]), pct(b.results[key]))
    add_row(table, "mean contract", *("—" if p.mean_contract is None
                                      else f"{p.mean_contract:.1f}" for p in (a, b)))
    add_row(table, "trick points per hand", *("—" if p.trick_points_per_hand is None
                                              else f"{p.trick_points_per_hand:.2f}"
                                              for p in (a, b)))
    show(con, table)
    if report.stderr is None:
        margin = f"{report.margin:+.2f} points per deal (one deal: no idea yet how sure)"
    else:
        margin = (f"{report.margin:+.2f} points per deal, give or take {report.stderr:.2f}"
                  " (the true margin is within twice that about 19 times in 20)")
    say(con, f"Margin, {a.name} less {b.name}, over both seatings: {margin}")
    if report.trick_gain is not None:
        gain = f"{report.trick_gain:+.2f} trick points a hand for its side over half the hand's"
        if report.trick_gain_stderr is not None:
            gain += f", give or take {report.trick_gain_stderr:.2f}"
        say(con, f"Trick gain of {a.name}: {gain}")
    for p in (a, b):
        cal = p.calibration
        if cal is None:
            continue
        say(con, f"How well {p.name} knew its chances: for each contract it won, the chance of"
            f" making it that it gave at its last bid, against how often it made it"
            f" ({cal.n} contracts). On average its chances were {cal.mae:.1%} off"
            f" (squared error {cal.brier:.3f}; 0 is perfect).")
        rows, marks = [], []
        for bin_ in cal.bins:
            if bin_.n:
                rows.append((f"  said {bin_.low:.0%}–{bin_.high:.0%}", bin_.observed,
                             f"made {bin_.observed:.0%} of {bin_.n}"))
                marks.append(bin_.predicted)
        for line in bars(rows, con.width, marks):
            say(con, line)
        say(con, "  (the bar: how often it made them; │: the chance it gave, on average)")
    say(con, f"{2 * report.deals:,} hands in {report.seconds:.1f} s:"
        f" {report.hands_per_second:.2f} hands/s")
