"""The rule-set commands: ``rules`` (the presets, one line each), ``rules show`` (a rule set in
full, as a TOML rule file) and ``score`` (a hand, or a game sheet, under a rule set); and the
output of ``meld --partner``.

Only typer and the standard library are imported at the top; the core and rich are imported
inside each command so that the shell starts fast.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Optional

import typer

from .cli import RulesOption, app, format_option, rules_option
from .errors import UserError

rules_app = typer.Typer(
    help="The rule sets: presets, options and rule files. Without a command: list the presets.",
    no_args_is_help=False,
    invoke_without_command=True,
)
app.add_typer(rules_app, name="rules")



@rules_app.callback()
def rules_list(ctx: typer.Context) -> None:
    """The presets, one line each, and the options that combine with any of them."""
    if ctx.invoked_subcommand is not None:
        return
    from .rules import PRESET_SUMMARIES, PRESETS, SCHEMA

    out = sys.stdout
    width = max(map(len, PRESETS))
    out.write("Presets (--rules NAME, or extends = \"NAME\" in a rule file):\n")
    for name in PRESETS:
        out.write(f"  {name:<{width}}  {PRESET_SUMMARIES.get(name, '')}\n")
    out.write(
        "\nOptions combine with any preset: --rules PRESET,key=value,... or a TOML rule file.\n"
        "  scale=10              every score times 10 (100 aces)\n"
        "  min_meld=20           the minimum-20 rule (meld and trick points)\n"
        "  roundhouse.single=32  roundhouse.with_run=39  roundhouse.double=240\n"
        "  steps=by1-then-5|any|by10-above-100   rounds=unlimited|one|two\n"
        "  marriage_required=true|false|after-pass\n"
        "  passing.cards=0-4  passing.order=simultaneous|partner-first"
        "  passing.when=after-trump|before-trump\n"
        "  concession=standard|nothing|meld|25-and-meld|50-and-meld|play\n"
        "  meld.run=15/150/225/300 (any table: single/double/triple/quadruple, - for blank)\n"
        f"Every key: {', '.join(SCHEMA)}.\n"
        "Show one in full: pinochle-calc rules show NAME|FILE (prints a rule file).\n"
    )


@rules_app.command("show")
def rules_show(
    name: Annotated[
        Optional[str],  # noqa: UP045
        typer.Argument(help="A preset, a TOML rule file, with ,key=value overrides"
                            " [default: PINOCHLE_RULES, else standard]"),
    ] = None,
    format: Annotated[
        str, typer.Option("--format", "-f", help="toml (a rule file) or json")
    ] = "toml",
) -> None:
    """A rule set in full: every table and option, as a TOML rule file that reads back to the
    same rule set (save it, edit it, use it with --rules FILE)."""
    import os

    from .rules import to_dict, to_toml

    if format not in ("toml", "json"):
        raise typer.BadParameter(f"{format!r} is not one of toml, json")
    rules = rules_option(name if name is not None else os.environ.get("PINOCHLE_RULES"))
    if format == "json":
        sys.stdout.write(json.dumps({"name": rules.name, **to_dict(rules)}, indent=2) + "\n")
    else:
        sys.stdout.write(to_toml(rules))


# score -----------------------------------------------------------------------------------------

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
    from .scoring import HandInput, score_game

    single = (bidder, bid, meld_us, meld_them, tricks_us, tricks_them)
    if sheet is not None:
        if any(v is not None for v in single) or result != "played":
            raise typer.BadParameter("give a hand (--bidder, --bid, ...) or --sheet, not both")
        from .scoring import read_sheet

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


# meld --partner ----------------------------------------------------------------------------

def write_partnership(hand_text: str, partner_text: str, rule_set, trump: int | None,
                      fmt: str, strict: bool) -> None:
    """The output of ``meld HAND --partner HAND2``: each hand's meld and the side's."""
    from .batch import Failed, score_hand
    from .cards import SUITS
    from .hand import Hand
    from .partnership import side_meld

    items = []
    for who, text in (("hand", hand_text), ("partner", partner_text)):
        item = score_hand(text, rule_set, trump, strict)
        if isinstance(item, Failed):
            sys.stderr.write(f"Error: {who}: {item.error}\n")
            if item.pointer:
                sys.stderr.write(item.pointer + "\n")
            raise typer.Exit(1)
        items.append(item)
    side = side_meld(Hand(items[0].counts), Hand(items[1].counts), rule_set)
    best = side.best if trump is None else side.trumps[trump]
    shown = side.trumps if trump is None else (side.trumps[trump],)
    if fmt in ("json", "jsonl"):
        from .report import JsonLines

        record = json.loads(JsonLines(trump)(items[0]))
        partner = json.loads(JsonLines(trump)(items[1]))
        for key in ("line", "id"):
            partner.pop(key, None)
        record["partner"] = partner
        record["side"] = side_json(side, best, shown)
        text = json.dumps(record, ensure_ascii=False, indent=2 if fmt == "json" else None)
        sys.stdout.write(text + "\n")
        return
    if fmt == "csv":
        sys.stdout.write("who,best_trump,best_meld,S,H,D,C,callable,warnings\n")
        for who, item in zip(("hand", "partner"), items):
            totals = ",".join(str(t.points) if trump in (None, t.trump) else ""
                              for t in item.trumps)
            callable_ = "".join(SUITS[t.trump] for t in item.trumps if t.callable)
            warnings = "; ".join(item.warnings)
            sys.stdout.write(f"{who},{SUITS[item.best]},{item.trumps[item.best].points},"
                             f"{totals},{callable_},{warnings}\n")
        totals = ",".join(str(t.points) if trump in (None, t.trump) else "" for t in side.trumps)
        callable_ = "".join(SUITS[t.trump] for t in side.trumps if t.callable)
        sys.stdout.write(f"side,{SUITS[best.trump]},{best.points},{totals},{callable_},\n")
        return
    from rich.console import Console
    from rich.table import Table

    from .cards import SUIT_NAMES, SUIT_SYMBOLS
    from .report import table

    console = Console()
    colour = console.color_system is not None
    for who, item in zip(("Hand", "Partner"), items):
        console.print(f"[bold]{who}[/bold]")
        console.print(table(item, trump, colour=colour))
    grid = Table(title="Side (each hand melds on its own)", title_justify="left")
    for name, justify in (("trump", "left"), ("hand", "right"), ("partner", "right"),
                          ("side", "right"), ("may name it", "left")):
        grid.add_column(name, justify=justify)
    if side.minimum:
        grid.add_column(f"on the board (>= {side.minimum})", justify="left")
    for t in shown:
        name = f"{SUIT_SYMBOLS[t.trump]} {SUIT_NAMES[t.trump]}"
        if t is best:
            name = "★ " + name
        row = [name, str(t.hand.points), str(t.partner.points), str(t.points),
               " and ".join(t.callable_by) or "neither"]
        if side.minimum:
            row.append("yes" if t.on_board else "no")
        grid.add_row(*row, style="bold" if t is best else None)
    console.print(grid)
    for warning in side.warnings:
        console.print(f"warning: {warning}", style="yellow" if colour else "", markup=False)


def side_json(side, best, shown) -> dict:
    """The ``side`` object of ``meld --partner`` JSON output."""
    from .cards import SUITS

    return {
        "best": {"trump": SUITS[best.trump], "meld": best.points},
        "min_meld": side.minimum,
        "trumps": {
            SUITS[t.trump]: {"meld": t.points, "hand": t.hand.points,
                             "partner": t.partner.points, "callable_by": list(t.callable_by),
                             "on_board": t.on_board}
            for t in shown
        },
        "warnings": list(side.warnings),
    }
