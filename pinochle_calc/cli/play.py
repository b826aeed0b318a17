"""The play commands, ``tricks`` and ``legal``, registered on ``cli.app``.

Only typer and the standard library are imported at the top; the core, numpy and rich are
imported inside each command so that the shell starts fast.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Annotated, Optional

import typer

from ..errors import UserError
from .app import RulesOption, app, format_option, rules_option, trump_option


@app.command()
def tricks(
    hand: Annotated[
        list[str],
        typer.Argument(help="The 20-card hand, quoted or as several words, e.g. H: A 10 K ..."),
    ],
    trump: Annotated[
        str, typer.Option("--trump", "-t", help="The trump the hand names: S H D C, a symbol"
                          " or a name.")
    ],
    samples: Annotated[
        int, typer.Option("--samples", "-n", min=1, help="Deals to play out.")
    ] = 2000,
    seed: Annotated[
        int, typer.Option("--seed", min=0, help="Seed of the random deals (same seed, same"
                          " result).")
    ] = 0,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=1, help="Processes to play the deals in.")
    ] = 1,
    format: Annotated[
        Optional[str],  # noqa: UP045 (typer reads the annotation at run time on 3.10)
        typer.Option("--format", "-f", help="table or json [default: table on a terminal,"
                     " json otherwise]"),
    ] = None,
    rules: RulesOption = None,
) -> None:
    """Expected trick points for this hand's side when it names trump and leads.

    The 60 cards the hand has not seen are dealt at random to the other three players, and
    all four play the hand out with the heuristic player; partner sits opposite.
    """
    suit = trump_option(trump)
    fmt = format_option(format, ("table", "json"), piped="json")
    rule_set = rules_option(rules)
    from ..cards import HAND_SIZE, SUITS
    from ..hand import Hand
    from ..play.simulate import simulate_tricks

    cards = Hand.parse(" ".join(hand))
    if len(cards) != HAND_SIZE:
        raise UserError(f"tricks needs a {HAND_SIZE}-card hand, not {len(cards)} cards")
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
    if fmt == "json":
        sys.stdout.write(json.dumps({"trump": SUITS[suit], "samples": samples, "seed": seed,
                                     "trick_points": stats.to_dict()}) + "\n")
        return
    from rich.console import Console
    from rich.table import Table

    from ..cards import SUIT_SYMBOLS

    table = Table(title=f"Trick points with {SUIT_SYMBOLS[suit]} trump, leading"
                  f" ({samples} deals, seed {seed})")
    for column in ("mean", "± stderr", "p10", "p50", "p90"):
        table.add_column(column, justify="right")
    d = stats.to_dict()
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


@app.command()
def legal(
    hand: Annotated[str, typer.Option("--hand", help="The cards in your hand.")],
    trump: Annotated[
        str, typer.Option("--trump", "-t", help="Trump: S H D C, a symbol or a name.")
    ],
    trick: Annotated[
        str, typer.Option("--trick", help="The cards played to the trick so far, in the order"
                          " played (empty: you lead).")
    ] = "",
    format: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option("--format", "-f", help="text or json [default: text on a terminal,"
                     " json otherwise]"),
    ] = None,
) -> None:
    """The cards you may play to a trick in progress, and the card winning it."""
    suit = trump_option(trump)
    fmt = format_option(format, ("text", "json"), piped="json")
    from ..cards import CARDS, COPIES, HAND_SIZE
    from ..hand import Hand
    from ..play.tricks import legal_cards, rule_in_force, trick_winner

    held = Hand.parse(hand)
    played = _parse_trick(trick)
    if len(held) > HAND_SIZE:
        raise UserError(f"a hand holds at most {HAND_SIZE} cards, not {len(held)}")
    for card in set(played):
        n = held.counts[card] + played.count(card)
        if n > COPIES:
            raise UserError(f"{CARDS[card]} is in the trick {played.count(card)} time(s) and in"
                            f" the hand {held.counts[card]} time(s): a double deck has only four")
    cards = legal_cards(held.counts, played, suit)
    winning = str(CARDS[played[trick_winner(played, suit)]]) if played else None
    if fmt == "json":
        sys.stdout.write(json.dumps({"legal": [str(CARDS[c]) for c in cards],
                                     "winning": winning}) + "\n")
        return
    lines = [f"legal: {' '.join(str(CARDS[c]) for c in cards)}"]
    if winning:
        lines.append(f"winning: {winning}")
    lines.append(f"rule: {rule_in_force(held.counts, played, suit)}")
    sys.stdout.write("\n".join(lines) + "\n")


def _parse_trick(text: str) -> tuple[int, ...]:
    """The cards of ``--trick`` in the order played (order matters, so token by token)."""
    from ..cards import Card
    from ..notation import NotationError

    cards = []
    for n, token in enumerate(re.findall(r"[^\s,]+", text), 1):
        try:
            cards.append(Card.parse(token).index)
        except NotationError as e:
            raise UserError(f"--trick card {n}: {e.message}") from None
    if len(cards) > 3:
        raise UserError(f"the trick already holds {len(cards)} cards: at most three may have"
                        " been played before you")
    return tuple(cards)
