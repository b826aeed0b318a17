"""The bidding commands: ``explain`` (an auction read under a convention), ``bid`` (the call to
make, with the estimate of how high the side can go) and ``pass`` (the cards to pass).

Only typer and the standard library are imported at the top; the core, numpy and rich are
imported inside each command so that the shell starts fast.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from ..errors import quoted
from ..limits import BID_DEALS, PASS_HANDS
from .app import (
    FormatOption,
    HandArgument,
    RulesOption,
    ScoreOption,
    SeedOption,
    Share,
    Stop,
    TrumpOption,
    choice,
    command,
    format_option,
    hand_argument,
    rules_option,
    samples_option,
    score_option,
    suit_completion,
    trump_option,
    write_csv,
    write_json,
)

CONVENTION_HELP = ("jump (jump bids), davis (Jim Davis's system; without --rules, any bid from"
                   " 50 may be made) or toby (Toby Thomas's system; without --rules, the"
                   " toby-thomas rules).")
EXPLAIN_CSV = ("position", "seat", "call", "meaning")
BID_CSV = ("seat", "call", "meaning", "trump", "own_meld", "partner_meld", "trick_points",
           "max_bid", "samples", "seed", "win_chance")
PASS_CSV = ("trump", "card", "reason")


def _convention(value: str) -> str:
    from ..bidding.conventions import CONVENTIONS

    low = value.strip().lower()
    if low not in CONVENTIONS:
        raise typer.BadParameter(f"{quoted(value)} is not one of {', '.join(CONVENTIONS)}",
                                 param_hint="'--convention'")
    return low


def _setup(convention: str, rules: str | None, auction: str | None):
    """The convention, its rule set (and notes) and the auction read under it."""
    from ..bidding.auction import parse_auction
    from ..bidding.conventions import convention_rules

    conv = _convention(convention)
    chosen = rules_option(rules) if rules is not None else None
    rule_set, notes = convention_rules(conv, chosen)
    return conv, rule_set, notes, parse_auction(auction or "", rule_set)


def _seat_words(auction, seat: int) -> str:
    """``3 (dealer, partner)``: the seat, the dealer marked, and where it sits from "me"."""
    words = (["dealer"] if seat == 3 else []) + ([auction.relation(seat)]
                                                 if auction.relation(seat) else [])
    return f"{seat} ({', '.join(words)})" if words else str(seat)


ConventionOpt = Annotated[str, typer.Option(
    "--convention", "-c", help=CONVENTION_HELP,
    autocompletion=lambda incomplete: [c for c in ("jump", "davis", "toby")
                                       if c.startswith(incomplete)])]
AuctionOpt = Annotated[
    Optional[str],  # noqa: UP045 (typer reads the annotation at run time on 3.10)
    typer.Option("--auction", "-a", help="The calls so far from the dealer's left: numbers and"
                 " p/pass, separated by spaces or commas, e.g. \"50 52 p 55\"."),
]


@command()
def explain(
    auction: AuctionOpt = None,
    convention: ConventionOpt = "jump",
    rules: RulesOption = None,
    score: ScoreOption = None,
    format: FormatOption = None,
) -> None:
    """What each call of an auction says under a convention, and the calls open now (with
    --score, what each side needs to win the game)."""
    fmt = format_option(format)
    conv, rule_set, notes, parsed = _setup(convention, rules, auction)
    game = score_option(score, rule_set)
    from ..bidding.conventions import CONVENTIONS, open_calls
    from ..bidding.conventions import explain as read

    readings = read(parsed, conv)
    legal = parsed.legal()
    opens = open_calls(parsed, conv)
    missing = []
    if conv == "davis":
        from ..bidding.conventions import davis_unavailable

        missing = davis_unavailable(parsed)
    if fmt == "csv":
        write_csv(EXPLAIN_CSV, [(r.call.position, r.call.seat, r.call.label, r.meaning)
                                for r in readings])
        return
    if fmt in ("json", "jsonl"):
        write_json({
            "convention": conv, "rules": rule_set.name, "notes": notes,
            "auction": [r.to_dict() for r in readings],
            "next_seat": parsed.next_seat, "finished": parsed.finished,
            "legal": legal.to_dict(),
            "open_calls": [{"call": b, "meaning": m} for b, m in opens],
            "unavailable_hints": [{"hint": h, "why": w} for h, w in missing],
            "summary": parsed.summary(),
            "game": None if game is None else {
                "score": {"us": game[0], "them": game[1]}, "target": rule_set.target_points,
                "need": {"us": rule_set.target_points - game[0],
                         "them": rule_set.target_points - game[1]}},
        })
        return
    from .render import add_row, console, new_table, say, show

    con = console()
    table = new_table(("#", "right", False), ("seat", "left", False), ("call", "right", False),
                      ("meaning", "left", True),
                      title=f"{CONVENTIONS[conv].title}; rules: {rule_set.name}")
    for r in readings:
        add_row(table, str(r.call.position), _seat_words(parsed, r.call.seat), r.call.label,
                r.meaning)
    if readings:
        show(con, table)
    for note in notes:
        say(con, f"note: {note}")
    say(con, parsed.summary())
    if game is not None:
        from ..bidding.game_call import game_words

        say(con, f"game: {game_words(game, rule_set)}", hang=2)
    if not parsed.finished:
        text = f"legal now: any bid from {legal.min_bid}"
        if legal.forced:
            text = f"legal now: only {legal.min_bid} (the dealer is stuck)"
        elif legal.can_pass:
            text += ", or pass"
        say(con, text)
        for bid, meaning in opens:
            say(con, f"  {bid:>4}  {meaning}", hang=6)
        for hint, why in missing:
            say(con, f"  no bid asks for {hint}: {why}", hang=4)


@command(hand=True)
def bid(
    hand: HandArgument = None,
    auction: AuctionOpt = None,
    convention: ConventionOpt = "jump",
    rules: RulesOption = None,
    samples: Annotated[int, samples_option(
        BID_DEALS, "Simulated deals (1000: make probabilities within 0.016)")] = 1000,
    seed: SeedOption = 0,
    confidence: Annotated[
        Optional[float],  # noqa: UP045
        typer.Option("--confidence", click_type=Share(), show_default=False,
                     help="How sure the side must be of making its highest bid, as the table"
                     " prints it: 85%, 85 or 0.85 (above 0, at most 100%); default 85%, or 70%"
                     " where cards are passed."),
    ] = None,
    score: ScoreOption = None,
    format: FormatOption = None,
) -> None:
    """The call to make now, what it tells your partner, and how high your side can go.

    The estimate plays out simulated deals, conditioned on what the calls so far say. With
    --score the call is weighed by the chance of winning the game, not the hand's points.
    """
    fmt = format_option(format)
    cards = hand_argument(hand)
    conv = _convention(convention)
    chosen = rules_option(rules) if rules is not None else None
    from ..bidding.advise import advise
    from ..bidding.conventions import convention_rules
    from .render import progress

    game = score_option(score, convention_rules(conv, chosen)[0])
    run: dict[str, Any] = {"samples": samples, "seed": seed, "confidence": confidence,
                           "score": game}
    try:
        with progress("playing deals", None) as bar:
            advice = advise(cards, auction, conv, chosen, progress=bar, **run)
    except KeyboardInterrupt:
        # the estimate needs every deal of every trump: there is nothing to show for part
        raise Stop(130, "stopped: the estimate needs all its deals; nothing to show (fewer"
                   " --samples finish sooner)") from None
    if fmt in ("json", "jsonl"):
        write_json(advice.to_dict())
    elif fmt == "csv":
        record = advice.to_dict()
        est = record["estimate"]
        write_csv(BID_CSV, [(record["seat"], record["call"], record["meaning"], est["trump"],
                             est["own_meld"], (est["partner_meld"] or {}).get("mean"),
                             (est["trick_points"] or {}).get("mean"), est["max_bid"],
                             est["samples"], est["seed"],
                             "" if advice.game is None else
                             round(advice.game.chance(advice.call), 4))])
    else:
        _print_bid(advice)
        _print_pass_note(advice, cards)


def _print_pass_note(advice, hand) -> None:
    """Where the estimate played your pass otherwise than ``pass`` advises it (the quick
    exchange policy against the pass advice, asked as ``pass`` is with its defaults), say so:
    as partner, and as a bidder passing at the same time."""
    from ..cards import SUITS
    from ..exchange.advice import advise_pass
    from ..exchange.seat import Role
    from .render import console, say

    rules, trump = advice.auction.rules, advice.estimate.trump
    if not rules.pass_cards or trump is None or len(hand) != 20:
        return
    roles: list[Role] = ["partner"]
    if rules.pass_order != "partner-first":
        roles.append("bidder")
    for role in roles:
        a = advise_pass(hand, trump, role, rules.pass_cards, rules)
        policy = a.policy or a.best
        if policy.cards == a.best.cards:
            continue
        who = "partner, passing to the bidder" if role == "partner" else \
            "the bidder, passing at the same time"
        say(console(), f"Note: as {who}, the estimate plays your pass as the quick exchange"
            f" policy makes it ({policy.text()}); the pass advice would pass {a.best.text()}"
            f" ({a.best.score - policy.score:+.2f} by its check: pinochle-calc pass --trump"
            f" {SUITS[trump]} --role {role}).", hang=2)


def _round_bids(curve: list, keep: int | None, scale: int, most: int = 12) -> list:
    """At most about ``most`` points of a make-probability curve, for a person to read: where
    there are more, the first, the bid ``keep`` (go no higher than) and the round bids
    (multiples of 5, 10, 20, 50 or 100 points, the first that leaves few enough)."""
    if len(curve) <= most:
        return curve
    for step in (5, 10, 20, 50, 100):
        few = [(b, p) for i, (b, p) in enumerate(curve)
               if i == 0 or b == keep or b % (step * scale) == 0]
        if len(few) <= most:
            break
    return few


def _print_bid(advice) -> None:
    from ..bidding.auction import SEAT_NAMES
    from ..bidding.conventions import CONVENTIONS
    from ..cards import SUIT_SYMBOLS, SUITS
    from ..play.stats import places, share_words
    from .render import add_row, bars, console, new_table, say, show

    con = console()
    record, parsed, result = advice.to_dict(), advice.auction, advice.estimate
    seat = record["seat"]
    say(con, f"You: seat {seat} ({SEAT_NAMES[seat]}); {CONVENTIONS[record['convention']].title};"
        f" rules: {record['rules']}")
    for note in record["notes"]:
        say(con, f"note: {note}")
    for item, call in zip(record["auction"], parsed.calls):
        say(con, f"  seat {item['seat']} ({parsed.relation(item['seat'])}): {call.label:>4}"
            f"  {item['meaning']}", hang=6)
    call = record["call"]
    say(con, f"Call: {call}  ({record['meaning']})")
    say(con, f"Why: {record['reason']}")
    if advice.game is not None:
        _print_game(con, advice.game)
    est = record["estimate"]
    conditioned = ""
    if est["conditions"]:
        conditioned = (f"; only deals where {'; '.join(est['conditions'])}"
                       f" ({share_words(result.acceptance)} of the deals drawn)")
    if est["dropped"]:
        conditioned += f"; given up as nearly impossible: {'; '.join(est['dropped'])}"
    say(con, f"Estimate over {est['samples']:,} deals (seed {est['seed']}){conditioned}:")
    for note in est["notes"]:
        say(con, f"  {note}")
    if not result.trumps:
        return
    exchange = any(e.own_after is not None for e in result.trumps.values())
    columns = [("trump", "left", False), ("own meld", "right", False)]
    if exchange:
        columns.append(("after the exchange", "right", False))
    columns += [("partner meld", "right", False), ("trick points", "right", False),
                (f"highest bid ({est['confidence']:.0%} sure)", "right", False)]
    table = new_table(*columns)

    def figure(stats) -> str:
        return f"{stats.mean:.1f} ({stats.p10}–{stats.p90})"

    errors = []
    for t, e in sorted(result.trumps.items()):
        shown = ([e.own_after] if exchange else []) + [e.partner_meld, e.trick_points]
        errors += [s.stderr for s in shown]
        add_row(table, ("★ " if t == result.trump else "  ") + SUIT_SYMBOLS[t], str(e.own_meld),
                *(figure(s) for s in shown), "—" if e.max_bid is None else str(e.max_bid),
                style="bold" if t == result.trump else None)
    show(con, table)
    error = max(errors, default=0)
    say(con, "Each figure is the average over the deals, good to about"
        f" ±{error:.{places(error)}f}, and in brackets the range 8 deals in 10 fall in;"
        " partner meld: your partner's meld with that row's suit as trump (the meld its calls"
        " show is in its own best suit).")
    best = result.best
    # the curve from the highest sure bid to the first under 2% (--format json has it all)
    curve = list(best.make_probability.items())
    sure = max((i for i, (_, p) in enumerate(curve) if p >= 1.0), default=0)
    shown = [(b, p) for b, p in curve[sure:] if p >= 0.02] or curve[-1:]
    few = _round_bids(shown, best.max_bid, parsed.rules.scale)
    more = " (every bid: --format json)" if len(few) < len(shown) else ""
    say(con, f"Chance to make each bid, if you hold the contract with {SUIT_SYMBOLS[result.trump]}"
        f" trump{more}:")
    rows = [(f"  {b}", p, f"{p:4.0%}" + ("  ← the highest bid" if b == best.max_bid else ""))
            for b, p in few]
    for line in bars(rows, con.width):
        say(con, line)
    say(con, f"Name {SUIT_SYMBOLS[result.trump]} ({SUITS[result.trump]}) if you win the bid"
        + "".join(f", or {SUIT_SYMBOLS[t]} ({SUITS[t]}), as good" for t in result.as_good)
        + f"; go no higher than {best.max_bid if best.max_bid is not None else 'the minimum'}.")


def _print_game(con, game) -> None:
    """The chance of winning the game after each call weighed (``bidding.game_call``)."""
    from ..bidding.game_call import share
    from .render import say

    us, them = game.score

    def said(call) -> str:
        return "pass" if call is None else str(call)

    each = ", ".join(f"{said(c)} {share(p)}" + (" (the call for points)" if c == game.points_call
                                                 and game.differs else "")
                     for c, p in game.chances)
    say(con, f"Game: you {us}, the opponents {them}, target {game.target}; the chance of"
        f" winning it after each call: {each}", hang=2)


@command("pass", hand=True)
def pass_cards(
    hand: HandArgument = None,
    trump: TrumpOption = None,
    role: Annotated[str, typer.Option(
        "--role", click_type=choice("partner", "bidder"),
        help="partner (passing to the bidder) or bidder (returning cards).")] = "partner",
    cards: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--cards", min=1, max=4, help="How many cards are passed, 1 to 4;"
                     " default: the rule set's passing.cards, or 4 where it has none."),
    ] = None,
    hint: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--hint", help="What the other partner's calls asked for: jack, queen,"
                     " king, ten, ace, or jacks-around, queens-around, kings-around,"
                     " aces-around."),
    ] = None,
    asked: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--suit", autocompletion=suit_completion, show_default=False,
                     help="The suit the bidder asked for, under Toby Thomas's rule (partner"
                     " only): S H D C, ♠ ♥ ♦ ♣, or a suit name; its cards go first."),
    ] = None,
    rules: RulesOption = None,
    samples: Annotated[int, samples_option(PASS_HANDS, "Simulated hands of the other player")
                       ] = 600,
    seed: SeedOption = 0,
    score: ScoreOption = None,
    contract: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option("--bid", show_default=False, help="The winning bid, with --score: the"
                     " contract the pass is weighed at (default: the lowest bid)."),
    ] = None,
    format: FormatOption = None,
) -> None:
    """The cards to pass (partner) or to return (bidder), with the reason for each.

    The choice is the exchange policy's (the bid estimate plays it fitted to this) unless a
    check that tries every choice of cards on simulated hands of the other player (--samples,
    --seed) finds one better, by expected meld plus trick strength, beyond its noise and a meld
    point; whole hands pass what this advises. For --role bidder, HAND is the
    bidder's hand after receiving (20 cards and those passed), or the 20 cards when both pass
    at the same time. With --score (and the contract's --bid) the advice's pass and the next
    best are played through whole deals and weighed by the chance of winning the game.
    """
    fmt = format_option(format)
    suit = trump_option(trump)
    cards_in = hand_argument(hand)
    rule_set = rules_option(rules)
    if cards is None:
        cards = rule_set.pass_cards or 4
    request = trump_option(asked, "--suit")
    from ..cards import SUITS, n_cards
    from ..exchange.advice import advise_pass
    from ..exchange.policy import suit_asked
    from ..exchange.seat import as_role

    if request is not None and as_role(role) == "partner" and suit_asked(rule_set, request) is None:
        raise typer.BadParameter(
            f"rule set {rule_set.name!r} has no suit asked for: it applies under Toby Thomas's"
            " rule (--rules toby-thomas, or passing.suit_asked=true with"
            " passing.when=before-trump)", param_hint="'--suit'")

    wanted = _hint(hint) if hint is not None else None
    trumps = range(4) if suit is None else (suit,)
    game = score_option(score, rule_set)
    if contract is not None and game is None:
        raise typer.BadParameter("the contract's bid weighs the pass for the game: give"
                                 " --score too", param_hint="'--bid'")
    if contract is not None and rule_set.bid_problem(contract):
        raise typer.BadParameter(rule_set.bid_problem(contract), param_hint="'--bid'")
    advices = [advise_pass(cards_in, t, as_role(role), cards, rule_set, hint=wanted,
                           samples=samples, seed=seed, suit=request) for t in trumps]
    games = []
    if game is not None:
        from ..game.game_pass import pass_for_game

        bid = rule_set.min_bid_points if contract is None else contract
        games = [pass_for_game(a, game, bid, rule_set, hint=wanted, seed=seed)
                 for a in advices]
    if fmt in ("json", "jsonl"):
        records = [a.to_dict() for a in advices]
        for r, g in zip(records, games):
            r["game"] = g.to_dict()
        if suit is not None:
            write_json(records[0])
        else:
            write_json({"role": role, "hand": str(cards_in),
                        "trumps": {SUITS[a.trump]: r for a, r in zip(advices, records)}})
        return
    if fmt == "csv":
        write_csv(PASS_CSV, [(SUITS[a.trump], card, reason) for a in advices
                             for card, reason in a.reasons])
        return
    from .render import add_row, console, new_table, say, show, suit_heading

    con = console()
    if suit is None:
        who = "the bidder" if role == "partner" else "your partner"
        table = new_table(("trump", "left", False), ("pass", "left", True),
                          (f"{who} gains", "right", False), ("you lose", "right", False),
                          ("you keep", "right", False),
                          title=f"The {n_cards(cards)} to pass for each trump (the reasons, card"
                          " by card: --trump):")
        for a in advices:
            add_row(table, suit_heading(a.trump, False).strip(), a.best.text(),
                    f"{a.best.gain:.2f}", str(a.best.loss), str(a.keeps))
        show(con, table)
        if games:
            us, them = games[0].score
            say(con, f"For the game (you {us}, the opponents {them}, target"
                f" {games[0].target}):")
        for g in games:
            say(con, f"  {suit_heading(g.trump, False).strip()}: {g.line()}", hang=4)
        return
    if games and games[0].differs:
        for line in games[0].lines():
            say(con, line, hang=5 if line.startswith("  ") else 2)
        say(con, "The pass for meld and tricks (without the game's score):")
    for line in advices[0].lines():
        say(con, line, hang=5 if line.startswith("  ") else 2)
    if games and not games[0].differs:
        say(con, f"For the game: {games[0].summary()}", hang=2)


def _hint(text: str):
    """A ``--hint`` word as a convention signal (a misused option: exit 2)."""
    from ..errors import UserError
    from ..exchange.hints import parse_hint

    try:
        return parse_hint(text)
    except UserError as e:
        raise typer.BadParameter(str(e), param_hint="'--hint'") from None
