"""The ``score`` command: a hand, or a whole game sheet, scored under a rule set."""

from __future__ import annotations

from typing import Annotated, Optional

import click
import typer

from ..errors import quoted
from .app import (
    FormatOption,
    RulesOption,
    ScoreOption,
    command,
    format_option,
    rules_option,
    say_error,
    score_option,
    write_csv,
    write_json,
)


@command()
def score(
    bidder: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--bidder", "-b", callback=lambda v: _word(v, "--bidder", SIDE_WORDS),
        help="The bidding side: us or them.")] = None,
    bid: Annotated[Optional[int], typer.Option(help="The winning bid.")] = None,  # noqa: UP045
    meld_us: Annotated[Optional[int], typer.Option(help="Our meld.")] = None,  # noqa: UP045
    meld_them: Annotated[Optional[int], typer.Option(  # noqa: UP045
        help="Their meld.")] = None,
    tricks_us: Annotated[Optional[int], typer.Option(  # noqa: UP045
        help="Our trick points (the other side's are the rest of 50, scaled).")] = None,
    tricks_them: Annotated[Optional[int], typer.Option(  # noqa: UP045
        help="Their trick points.")] = None,
    result: Annotated[str, typer.Option(
        "--result", "-r", callback=lambda v: _word(v, "--result", RESULT_WORDS),
        help="How the hand ended: played (the program finds made or set), thrown-in or"
        " no-marriage.")] = "played",
    score: ScoreOption = None,
    score_us: Annotated[int, typer.Option(hidden=True, help="Our score before the hand (the"
                                          " old spelling of --score US:THEM).")] = 0,
    score_them: Annotated[int, typer.Option(hidden=True, help="Their score before the hand"
                                            " (the old spelling of --score US:THEM).")] = 0,
    sheet: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--sheet", "-s", help="A game sheet ('-' for stdin): CSV with a header, or JSON lines;"
        " one hand per row, columns bidder, bid, meld_us, meld_them, tricks_us, tricks_them,"
        " result, note.")] = None,
    format: FormatOption = None,
    rules: RulesOption = None,
) -> None:
    """Score a hand and the game state, or a whole game sheet to running totals.

    A hand is made, set, thrown in or conceded under the rule set's scoring. A sheet row that
    cannot be scored gets its error in its place (exit status 1); the totals leave it out. A
    sheet that table kept names its game's rules, which are used unless --rules is given.
    """
    fmt = format_option(format)
    rule_set = rules_option(rules)
    from ..scoring import HandInput, score_game, score_hand

    if score is not None:
        if (score_us, score_them) != (0, 0):
            raise typer.BadParameter("give the score as --score US:THEM, not with --score-us"
                                     " and --score-them", param_hint="'--score'")
        given = score_option(score, rule_set)
        assert given is not None
        score_us, score_them = given

    single = (bidder, bid, meld_us, meld_them, tricks_us, tricks_them)
    if sheet is not None:
        if any(v is not None for v in single) or result != "played":
            raise typer.BadParameter("give a hand (--bidder, --bid, ...) or --sheet, not both")
        from ..lines import open_lines
        from ..scoring import read_sheet

        source = "stdin" if sheet == "-" else sheet
        lines = list(open_lines(sheet))
        rule_set = _sheet_rules(lines, source, rules, rule_set)
        hands = list(read_sheet(lines, source))
        game = score_game(hands, rule_set, (score_us, score_them), source)
        _write_game(game, fmt, single=False)
        for bad in game.failed:
            say_error(bad.error)
        if game.failed:
            raise typer.Exit(1)
        return
    if bidder is None or bid is None or meld_us is None or meld_them is None:
        missing = [name for name, v in (("--bidder", bidder), ("--bid", bid),
                                        ("--meld-us", meld_us), ("--meld-them", meld_them))
                   if v is None]
        raise click.UsageError(f"missing {', '.join(missing)}: a hand needs them (or give"
                               " --sheet FILE)")
    hand = HandInput.of(bidder, bid, meld_us, meld_them, tricks_us, tricks_them, result)
    score_hand(hand, rule_set)  # a hand that cannot be scored is an error, not a row
    game = score_game([(1, hand)], rule_set, (score_us, score_them), source="")
    _write_game(game, fmt, single=True)


def _sheet_rules(lines: list, source: str, given: str | None, chosen):
    """The rules a sheet is scored under: those given (``--rules``, ``PINOCHLE_RULES``), with
    a warning where the sheet's settings line keeps its game under others; else the sheet's
    (``game.settings``: the table writes them), else the standard ones."""
    import sys

    from ..game.settings import Settings, sheet_settings

    kept = sheet_settings(line for line in lines if isinstance(line, str))
    if kept is None or "rules" not in kept.said or kept.rules is None:
        return chosen
    if given is None:
        return kept.rules
    if kept.differences(Settings(rules=chosen, said=frozenset({"rules"}))):
        now = Settings(rules=chosen)
        sys.stderr.write(f"warning: the sheet {source} keeps its game with"
                         f" {kept.shown('rules')}; scored here with {now.shown('rules')}\n")
    return chosen


#: The words ``--bidder`` takes, each to the side it names.
SIDE_WORDS = {"us": "us", "them": "them", "we": "us", "they": "them"}
#: The words ``--result`` takes (how the hand ended), each to the word the library reads.
RESULT_WORDS = {"played": "played", "thrown-in": "thrown-in", "throw-in": "thrown-in",
                "no-marriage": "no-marriage"}

CSV_GAME_HEADER = ("hand", "line", "bidder", "bid", "result", "points_us", "points_them",
                   "total_us", "total_them", "winner", "error")


def _word(value: str | None, option: str, words: dict[str, str]) -> str | None:
    """An option's word (any case, spaces for hyphens) as the word it stands for; another is
    a misused option (exit 2)."""
    if value is None:
        return None
    key = "-".join(value.strip().lower().split())
    if key not in words:
        shown = ", ".join(dict.fromkeys(w for w in words.values()))
        raise typer.BadParameter(f"{quoted(value)} is not one of {shown}", param_hint=f"'{option}'")
    return words[key]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _write_game(game, fmt: str, single: bool) -> None:
    from ..scoring import BadHand

    if fmt == "json":
        data = game.to_dict()
        if single:
            data = {**game.hands[0].to_dict(), "rules": game.rules, "target": game.target,
                    "start": data["start"]}
        write_json(data)
        return
    if fmt == "jsonl":
        for h in game.hands:
            write_json(h.to_dict())
        return
    if fmt == "csv":
        write_csv(CSV_GAME_HEADER, [
            (h.number, h.line, *[""] * 8, h.error) if isinstance(h, BadHand) else
            (h.number, h.line, h.score.bidder, h.score.hand.bid, h.score.result,
             *h.score.points, *h.totals, h.winner or "", "")
            for h in game.hands])
        return
    from .render import add_row, console, new_table, say, show

    con = console()
    if single:
        h = game.hands[0]
        s = h.score
        say(con, f"Bid {s.hand.bid} by {s.bidder} ({game.rules} rules): {s.result}")
        for note in s.notes:
            say(con, f"  {note}")
        grid = new_table(("", "left", False), ("us", "right", False), ("them", "right", False))
        add_row(grid, "meld", *(str(m) for m in s.hand.meld))
        if s.played is not None:
            add_row(grid, "tricks", *(str(t) for t in s.played))
        add_row(grid, "meld scored", *(str(m) for m in s.meld))
        if any(s.cards):
            add_row(grid, "for the cards", *(str(c) for c in s.cards))
        add_row(grid, "hand", *(_signed(p) for p in s.points))
        add_row(grid, "total", *(str(t) for t in h.totals))
        show(con, grid)
        say(con, game_state(game))
        return
    grid = new_table(("#", "right", False), ("bidder", "left", False), ("bid", "right", False),
                     ("result", "left", True), ("us", "right", False), ("them", "right", False),
                     ("total us", "right", False), ("total them", "right", False),
                     title=f"Game ({game.rules} rules, target {game.target})")
    for h in game.hands:
        if isinstance(h, BadHand):
            add_row(grid, str(h.number), "", "", f"not scored (line {h.line})", "", "", "", "")
            continue
        s = h.score
        add_row(grid, str(h.number), s.bidder, str(s.hand.bid), s.result,
                _signed(s.points[0]), _signed(s.points[1]), str(h.totals[0]),
                str(h.totals[1]), style="bold" if h.winner else None)
    show(con, grid)
    say(con, game_state(game))


def game_state(game) -> str:
    """The last line: the winner with the winner's score first, or what each side needs; and
    the rows the totals leave out."""
    us, them = game.totals
    if game.winner:
        first, second = (us, them) if game.winner == "us" else (them, us)
        text = (f"Game over on hand {game.won_on}: {game.winner} win, {first} to {second}"
                f" (target {game.target}")
        text += (f"; both reached it on one hand, and {game.winner} bid it)." if second >=
                 game.target else ").")
    else:
        text = (f"Game on: us {us}, them {them}; {game.target - us} and {game.target - them} to"
                f" go to {game.target}.")
    if game.failed:
        n = len(game.failed)
        text += (" 1 row could not be scored: the totals leave it out." if n == 1 else
                 f" {n} rows could not be scored: the totals leave them out.")
    return text
