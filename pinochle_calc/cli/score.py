"""The ``score`` command: a hand, or a whole game sheet, scored under a rule set."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Optional

import typer

from ..errors import UserError
from .app import RulesOption, app, format_option, rules_option


@app.command()
def score(
    bidder: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--bidder", "-b", help="The bidding side: us or them.")] = None,
    bid: Annotated[Optional[int], typer.Option(help="The winning bid.")] = None,  # noqa: UP045
    meld_us: Annotated[Optional[int], typer.Option(help="Our meld.")] = None,  # noqa: UP045
    meld_them: Annotated[Optional[int], typer.Option(  # noqa: UP045
        help="Their meld.")] = None,
    tricks_us: Annotated[Optional[int], typer.Option(  # noqa: UP045
        help="Our trick points (the other side's are the rest of 50, scaled).")] = None,
    tricks_them: Annotated[Optional[int], typer.Option(  # noqa: UP045
        help="Their trick points.")] = None,
    result: Annotated[str, typer.Option(
        "--result", "-r", help="played, throw-in or no-marriage.")] = "played",
    score_us: Annotated[int, typer.Option(help="Our score before the hand.")] = 0,
    score_them: Annotated[int, typer.Option(help="Their score before the hand.")] = 0,
    sheet: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--sheet", "-s", help="A game sheet (CSV with a header, or JSON lines; '-' for stdin):"
        " one hand per row, columns " + "bidder,bid,meld_us,meld_them,tricks_us,tricks_them,"
        "result,note.")] = None,
    format: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--format", "-f", help="table, json, jsonl or csv"
        " [default: table on a terminal, jsonl otherwise]")] = None,
    rules: RulesOption = None,
) -> None:
    """Score a hand and the game state, or a whole game sheet to running totals.

    A hand is made, set, thrown in or conceded under the rule set's scoring.
    """
    fmt = format_option(format)
    rule_set = rules_option(rules)
    from ..game.scoring import HandInput, score_game

    single = (bidder, bid, meld_us, meld_them, tricks_us, tricks_them)
    if sheet is not None:
        if any(v is not None for v in single) or result != "played":
            raise typer.BadParameter("give a hand (--bidder, --bid, ...) or --sheet, not both")
        from ..game.scoring import read_sheet

        source = "stdin" if sheet == "-" else sheet
        if sheet == "-":
            hands = list(read_sheet(sys.stdin, source))
        else:
            try:
                with open(sheet, encoding="utf-8-sig") as f:
                    hands = list(read_sheet(f, source))
            except OSError as e:
                raise UserError(f"cannot read {sheet}: {e.strerror}") from None
        game = score_game(hands, rule_set, (score_us, score_them), source)
        _write_game(game, fmt, single=False)
        return
    missing = [name for name, v in (("--bidder", bidder), ("--bid", bid),
                                    ("--meld-us", meld_us), ("--meld-them", meld_them))
               if v is None]
    if missing:
        raise typer.BadParameter(f"a hand needs {', '.join(missing)} (or give --sheet FILE)")
    hand = HandInput.of(bidder, bid, meld_us, meld_them, tricks_us, tricks_them, result)
    game = score_game([(1, hand)], rule_set, (score_us, score_them), source="")
    _write_game(game, fmt, single=True)


CSV_GAME_HEADER = ("hand,line,bidder,bid,result,outcome,points_us,points_them,total_us,"
                   "total_them,winner")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _write_game(game, fmt: str, single: bool) -> None:
    out = sys.stdout
    if fmt == "json":
        data = game.to_dict()
        if single:
            data = {**game.hands[0].to_dict(), "rules": game.rules, "target": game.target,
                    "start": data["start"]}
        out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return
    if fmt == "jsonl":
        for h in game.hands:
            out.write(json.dumps(h.to_dict(), ensure_ascii=False) + "\n")
        return
    if fmt == "csv":
        out.write(CSV_GAME_HEADER + "\n")
        for h in game.hands:
            s = h.score
            out.write(f"{h.number},{h.line},{s.bidder},{s.hand.bid},{s.hand.result},{s.outcome},"
                      f"{s.points[0]},{s.points[1]},{h.totals[0]},{h.totals[1]},"
                      f"{h.winner or ''}\n")
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if single:
        h = game.hands[0]
        s = h.score
        console.print(f"Bid {s.hand.bid} by {s.bidder} ({game.rules} rules): "
                      f"[bold]{_outcome_words(s.outcome)}[/bold]")
        for note in s.notes:
            console.print(f"  {note}", markup=False, highlight=False)
        grid = Table(show_header=True, box=None, padding=(0, 2))
        grid.add_column("")
        grid.add_column("us", justify="right")
        grid.add_column("them", justify="right")
        grid.add_row("meld", *(str(m) for m in s.hand.meld))
        if s.played is not None:
            grid.add_row("tricks", *(str(t) for t in s.played))
        grid.add_row("meld scored", *(str(m) for m in s.meld))
        if any(s.cards):
            grid.add_row("for the cards", *(str(c) for c in s.cards))
        grid.add_row("hand", *(_signed(p) for p in s.points))
        grid.add_row("total", *(str(t) for t in h.totals))
        console.print(grid)
        console.print(_game_state(game))
        return
    grid = Table(title=f"Game ({game.rules} rules, target {game.target})", title_justify="left")
    for name, justify in (("#", "right"), ("bidder", "left"), ("bid", "right"),
                          ("result", "left"), ("us", "right"), ("them", "right"),
                          ("total us", "right"), ("total them", "right")):
        grid.add_column(name, justify=justify)
    for h in game.hands:
        s = h.score
        grid.add_row(str(h.number), s.bidder, str(s.hand.bid), _outcome_words(s.outcome),
                     _signed(s.points[0]), _signed(s.points[1]), str(h.totals[0]),
                     str(h.totals[1]), style="bold" if h.winner else None)
    console.print(grid)
    console.print(_game_state(game))


def _outcome_words(outcome: str) -> str:
    return {"made": "made", "set": "set", "throw-in": "thrown in",
            "no-marriage": "no marriage",
            "under-min-meld": "meld under min"}[outcome]


def _game_state(game) -> str:
    if game.winner:
        us, them = game.totals
        return (f"Game over on hand {game.won_on}: {game.winner} win, {us} to {them}"
                f" (target {game.target}).")
    us, them = game.totals
    return (f"Game on: us {us}, them {them}; {game.target - us} and {game.target - them} to go"
            f" to {game.target}.")
