"""The play commands, ``tricks`` and ``legal``, registered on ``cli.app``.

Only typer and the standard library are imported at the top; the core, numpy and rich are
imported inside each command so that the shell starts fast.
"""

from __future__ import annotations

import re
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
    TrumpOption,
    command,
    format_option,
    hand_argument,
    required_trump,
    rules_option,
    samples_option,
    write_csv,
    write_json,
)

TRICKS_CSV = ("trump", "samples", "seed", "mean", "stderr", "p10", "p50", "p90")


@command(hand=True)
def tricks(
    hand: HandArgument = None,
    trump: TrumpOption = None,
    samples: samples_option(TRICK_DEALS, "Deals to play out") = 2000,
    seed: SeedOption = 0,
    jobs: JobsOption = 1,
    format: FormatOption = None,
    rules: RulesOption = None,
) -> None:
    """Expected trick points for this hand's side when it names trump and leads.

    The 60 cards the hand has not seen are dealt at random to the other three players, and
    all four play the hand out with the heuristic player; partner sits opposite.
    """
    fmt = format_option(format)
    suit = required_trump(trump)
    cards = hand_argument(hand)
    rule_set = rules_option(rules)
    from ..cards import HAND_SIZE, SUITS, n_cards
    from ..play.simulate import simulate_tricks

    if len(cards) != HAND_SIZE:
        raise UserError(f"tricks needs a {HAND_SIZE}-card hand, not {n_cards(len(cards))}")
    run = {"samples": samples, "seed": seed, "jobs": jobs, "scale": rule_set.scale}
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("playing deals", total=samples)
            stats = simulate_tricks(
                cards, suit, progress=lambda done, total: bar.update(task, completed=done), **run
            )
    else:
        stats = simulate_tricks(cards, suit, **run)
    d = stats.to_dict()
    if fmt in ("json", "jsonl"):
        write_json({"trump": SUITS[suit], "samples": samples, "seed": seed, "trick_points": d})
        return
    if fmt == "csv":
        write_csv(TRICKS_CSV, [(SUITS[suit], samples, seed, d["mean"], d["stderr"], d["p10"],
                                d["p50"], d["p90"])])
        return
    from rich.console import Console
    from rich.table import Table

    from ..cards import SUIT_SYMBOLS

    table = Table(title=f"Trick points with {SUIT_SYMBOLS[suit]} trump, leading"
                  f" ({samples} deals, seed {seed})")
    for column in ("mean", "± stderr", "p10", "p50", "p90"):
        table.add_column(column, justify="right")
    # one deal gives no estimate of the error
    stderr = f"{d['stderr']:.2f}" if stats.samples > 1 else "n/a"
    table.add_row(f"{d['mean']:.2f}", stderr, str(d["p10"]), str(d["p50"]), str(d["p90"]))
    console = Console()
    console.print(table)
    console.print(_histogram(stats.distribution, rule_set.scale), highlight=False)


def _histogram(distribution: tuple[int, ...], scale: int) -> str:
    """The share of deals in each band of 5 points, as bars."""
    total = sum(distribution)
    bands = [sum(distribution[lo:lo + 5]) for lo in range(0, 50, 5)]
    bands[-1] += distribution[50]
    first = next(i for i, n in enumerate(bands) if n)
    last = max(i for i, n in enumerate(bands) if n)
    lines = []
    for i in range(first, last + 1):
        share = bands[i] / total
        top = (i * 5 + (5 if i == 9 else 4)) * scale
        lines.append(f"{i * 5 * scale:>4}-{top:<4} {'█' * round(share * 40):<40} {share:6.1%}")
    return "\n".join(lines)


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
    cards = " ".join(str(CARDS[c]) for c in legal_cards(held.counts, played, suit))
    winning = str(CARDS[played[trick_winner(played, suit)]]) if played else None
    rule = rule_in_force(held.counts, played, suit)
    if fmt in ("json", "jsonl"):
        write_json({"trump": SUITS[suit], "legal": cards.split(), "winning": winning,
                    "rule": rule})
    elif fmt == "csv":
        write_csv(LEGAL_CSV, [(cards, winning, rule)])
    else:
        lines = [f"legal: {cards}"] + ([f"winning: {winning}"] if winning else [])
        sys.stdout.write("\n".join([*lines, f"rule: {rule}"]) + "\n")


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _parse_trick(text: str) -> tuple[int, ...]:
    """The cards of ``--trick`` in the order played (order matters, so token by token)."""
    from ..cards import Card
    from ..notation import NotationError

    tokens = re.findall(r"[^\s,]+", text.partition("#")[0])
    if len(tokens) > 3:
        raise UserError(f"the trick already holds {len(tokens)} cards: at most three may have"
                        " been played before you")
    cards = []
    for n, token in enumerate(tokens, 1):
        try:
            cards.append(Card.parse(token).index)
        except NotationError as e:
            raise UserError(f"--trick card {n}: {e.message}") from None
    return tuple(cards)
