"""The play commands, ``tricks`` and ``legal``, registered on ``cli.app``.

Only typer and the standard library are imported at the top; the core, numpy and rich are
imported inside each command so that the shell starts fast.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from ..errors import UserError
from ..limits import TRICK_DEALS
from .app import (
    FormatOption,
    HandArgument,
    JobsOption,
    RulesOption,
    SeedOption,
    Stop,
    TrumpOption,
    command,
    format_option,
    hand_argument,
    required_trump,
    rules_option,
    samples_option,
    trump_option,
    write_csv,
    write_json,
)

TRICKS_CSV = ("trump", "samples", "seed", "mean", "stderr", "p10", "p50", "p90")


@command(hand=True)
def tricks(
    hand: HandArgument = None,
    trump: TrumpOption = None,
    samples: Annotated[int, samples_option(TRICK_DEALS, "Deals to play out for each trump")
                       ] = 2000,
    seed: SeedOption = 0,
    jobs: JobsOption = 1,
    format: FormatOption = None,
    rules: RulesOption = None,
) -> None:
    """Expected trick points for this hand's side when it names trump and leads: for the trump
    given, or for every trump (the best starred).

    The 60 cards the hand has not seen are dealt at random to the other three players, and
    all four play the hand out with the heuristic player; partner sits opposite. Ctrl-C stops
    early and shows the deals played so far.
    """
    fmt = format_option(format)
    suit = trump_option(trump)
    cards = hand_argument(hand)
    rule_set = rules_option(rules)
    from ..cards import HAND_SIZE, n_cards
    from ..play.simulate import tricks_so_far
    from .render import progress

    if len(cards) != HAND_SIZE:
        raise UserError(f"tricks needs a {HAND_SIZE}-card hand, not {n_cards(len(cards))}")
    trumps = range(4) if suit is None else (suit,)
    stats: dict = {}
    stopped = False
    try:
        with progress("playing deals", samples * len(trumps)) as bar:
            for k, t in enumerate(trumps):
                for so_far in tricks_so_far(cards, t, samples=samples, seed=seed, jobs=jobs,
                                            scale=rule_set.scale):
                    stats[t] = so_far
                    if bar:
                        bar(k * samples + so_far.samples, samples * len(trumps))
    except KeyboardInterrupt:
        stopped = True
    _write_tricks(stats, fmt, samples, seed, rule_set.scale, all_trumps=suit is None)
    if stopped:
        done = sum(s.samples for s in stats.values())
        raise Stop(130, f"stopped after {done:,} of {samples * len(trumps):,} deals"
                   + (": the figures above are for the deals played" if stats else ""))


def _write_tricks(stats: dict, fmt: str, samples: int, seed: int, scale: int,
                  all_trumps: bool) -> None:
    from ..cards import SUIT_SYMBOLS, SUITS

    best = max(stats, key=lambda t: (stats[t].mean, -t)) if stats else None
    if fmt in ("json", "jsonl"):
        if not all_trumps:
            for s in stats.values():
                write_json(s.to_dict())
        else:
            write_json({"samples": samples, "seed": seed,
                        "best": None if best is None else SUITS[best],
                        "trumps": {SUITS[t]: {"samples": s.samples, "trick_points": s.figures()}
                                   for t, s in stats.items()}})
        return
    if fmt == "csv":
        write_csv(TRICKS_CSV, [(SUITS[t], s.samples, seed, *(s.figures()[k] for k in
                                                           ("mean", "stderr", "p10", "p50",
                                                            "p90")))
                               for t, s in stats.items()])
        return
    if not stats:
        return
    from .render import add_row, console, histogram, new_table, say, show, suit_heading

    con = console()
    table = new_table(("trump", "left", False), ("on average", "right", False),
                      ("good to", "right", False), ("8 deals in 10", "right", False),
                      ("half the deals at least", "right", False),
                      title=f"Trick points for your side, naming trump and leading"
                      f" ({samples:,} deals per trump, seed {seed}):")
    for t, s in stats.items():
        # one deal gives no estimate of the error
        error = f"±{s.stderr:.2f}" if s.samples > 1 else "—"
        add_row(table, suit_heading(t, all_trumps and t == best), f"{s.mean:.2f}", error,
                f"{s.p10}–{s.p90}", str(s.p50), style="bold" if all_trumps and t == best
                else None)
    show(con, table)
    shown = next(iter(stats)) if best is None or not all_trumps else best
    say(con, f"How often each score came, {SUIT_SYMBOLS[shown]} trump:")
    for line in histogram(stats[shown].distribution, scale, con.width):
        say(con, line)


LEGAL_CSV = ("legal", "winning", "rule")


@command(hand=True)
def legal(
    hand: HandArgument = None,
    trump: TrumpOption = None,
    trick: Annotated[
        str, typer.Option("--trick", help="The cards played to the trick so far, in the order"
                          " played (none: you lead).")
    ] = "",
    format: FormatOption = None,
    hand_option: Annotated[
        Optional[str],  # noqa: UP045 (typer reads the annotation at run time on 3.10)
        typer.Option("--hand", hidden=True, help="Deprecated: give the hand as the argument."),
    ] = None,
) -> None:
    """The cards you may play to a trick in progress, and the card winning it."""
    fmt = format_option(format)
    suit = required_trump(trump)
    if hand_option is not None:
        if hand:
            raise typer.BadParameter("give the hand once: as the argument (--hand is its old"
                                     " spelling)", param_hint="'--hand'")
        sys.stderr.write("warning: --hand is deprecated: give the hand as the argument\n")
        hand = [hand_option]
    held = hand_argument(hand)
    from ..cards import CARDS, COPIES, HAND_SIZE, SUITS
    from ..play.tricks import legal_cards, rule_in_force, trick_winner

    played = _parse_trick(trick)
    if len(held) > HAND_SIZE:
        raise UserError(f"a hand holds at most {HAND_SIZE} cards, not {len(held)}")
    for card in set(played):
        n = held.counts[card] + played.count(card)
        if n > COPIES:
            raise UserError(f"{CARDS[card]} is in the trick {_times(played.count(card))} and"
                            f" in the hand {_times(held.counts[card])}: a double deck has only"
                            f" four {CARDS[card].symbol}")
    legal_now = legal_cards(held.counts, played, suit)
    cards = " ".join(str(CARDS[c]) for c in legal_now)
    win = played[trick_winner(played, suit)] if played else None
    winning = None if win is None else str(CARDS[win])
    rule = rule_in_force(held.counts, played, suit)
    if fmt in ("json", "jsonl"):
        write_json({"trump": SUITS[suit], "legal": cards.split(), "winning": winning,
                    "rule": rule})
    elif fmt == "csv":
        write_csv(LEGAL_CSV, [(cards, winning, rule)])
    else:
        from .render import console, say, symbols

        con = console()
        say(con, "legal: " + " ".join(CARDS[c].symbol for c in legal_now), hang=5)
        if win is not None:
            say(con, f"winning: {CARDS[win].symbol}")
        say(con, f"rule: {symbols(rule)}")


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _parse_trick(text: str) -> tuple[int, ...]:
    """The cards of ``--trick`` in the order played (``play.position.parse_trick``)."""
    from ..play.position import parse_trick

    return parse_trick(text, "--trick")
