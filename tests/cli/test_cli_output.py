"""What a player reads on a terminal: every command's table at 60, 80 and 120 columns with no
figure or meld name cut, prose wrapped at words, the suits coloured alike on a terminal and
never when piped or under NO_COLOR, and the options every command shares."""

from __future__ import annotations

import json
import re

import pytest
from rich.cells import cell_len

from tests.cli.cli_runner import run

HAND = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
DOUBLE_RUN = "AH AH 10H 10H KH KH QH QH JH JH AS AD AC KS QS 10D 10C JS QC KC"
PARTNER = "♠A K Q J 10 ♥K Q J ♦Q Q K 10 ♣A A Q J J K 10 10"
SHEET = "samples/game.csv"

#: Every command that prints a table (or a chart), as a player would run it.
COMMANDS = {
    "meld": ["meld", DOUBLE_RUN],
    "meld --partner": ["meld", HAND, "--partner", PARTNER],
    "meld --input": ["meld", "--input", "-"],
    "explain": ["explain", "--auction", "50 52 p 56 60 p"],
    "bid": ["bid", HAND, "--auction", "50 52", "-n", "100"],
    "pass": ["pass", PARTNER, "-t", "H", "-n", "100"],
    "pass, every trump": ["pass", PARTNER, "-n", "20"],
    "tricks": ["tricks", HAND, "-n", "200"],
    "legal": ["legal", HAND, "-t", "S", "--trick", "KH QH"],
    "card": ["card", "JC JC JC JC QC QC QC QC KC KC KC KC 10C 10C 10C 10C JS JS", "-t", "H",
             "--tricks", "0: QS KS JS KH; 10D KH JH AD", "--contract", "0:50", "-n", "30"],
    "card --record": ["card", "--record", "samples/hand.txt", "--at", "trick 5", "-n", "30"],
    "play": ["play", "--seed", "5", "-n", "30", "--show-tricks"],
    "review": ["review", "samples/hand.txt", "-n", "10"],
    "arena": ["arena", "advisor:jump", "formula", "--deals", "2", "-n", "10"],
    "score": ["score", "-b", "us", "--bid", "55", "--meld-us", "30", "--meld-them", "20",
              "--tricks-us", "30"],
    "score --sheet": ["score", "--sheet", SHEET],
    "rules": ["rules"],
    "dd": ["dd", "samples/last-tricks.txt"],
    "dd, not solved": ["dd", "--seed", "2", "--exact", "0"],
}


#: What ``meld --input -`` reads.
HANDS = f"{HAND}\n{DOUBLE_RUN}  # id: the double run\n{PARTNER}\n"


def table(args, width: int, **env):
    stdin = HANDS if args[-2:] == ["--input", "-"] else None
    result = run(*args, "-f", "table", env={"COLUMNS": str(width), **env}, input=stdin)
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


def figures(value) -> set[str]:
    """Every whole number in a JSON value (the figures a table must show whole)."""
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, int):
        return {str(value)}
    if isinstance(value, dict):
        return set().union(*map(figures, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(figures, value)) if value else set()
    return set()


@pytest.mark.parametrize("width", [60, 80])  # the widths the tables are made for
@pytest.mark.parametrize("name", COMMANDS)
def test_no_table_cuts_a_figure_or_a_word_at_any_width(name, width):
    text = table(COMMANDS[name], width)
    assert "…" not in text, (name, width, text)
    assert all(cell_len(line.rstrip()) <= width for line in text.splitlines()), (name, width)
    # piped: no row padded with spaces to the width
    assert all(line == line.rstrip() for line in text.splitlines()), (name, width)


@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_double_run_reads_whole_at_every_width(width):
    # the example: "tot…", "★ ♥ hearts 164 1…" and "double marriage…" at 80 columns
    text = table(["meld", DOUBLE_RUN], width)
    record = json.loads(run("meld", DOUBLE_RUN, "-f", "json").stdout)
    tokens = set(text.split())
    for t in record["trumps"].values():
        assert str(t["meld"]) in tokens
        for m in t["melds"]:
            assert str(m["points"]) in tokens
    assert "total" in tokens and "150" in tokens and "164" in tokens
    assert "double marriage ♥" in text and "double run" in text
    # every card of every meld is shown (the cards column wraps rather than cuts)
    hearts = next(line for line in text.splitlines() if line.startswith("★"))
    assert hearts.split()[:6] == ["★", "♥", "hearts", "164", "150", "double"]
    assert text.count("10♥") >= 2


@pytest.mark.parametrize("width", [60])
def test_every_figure_of_a_game_sheet_and_an_arena_is_whole(width):
    text = set(table(["score", "--sheet", SHEET], width).split())
    data = json.loads(run("score", "--sheet", SHEET, "-f", "json").stdout)
    for hand in data["hands"]:
        assert {str(v) for v in hand["totals"].values()} <= text
        assert str(hand["bid"]) in text
    args = COMMANDS["arena"]
    text = table(args, width)
    report = json.loads(run(*args, "-f", "json").stdout)
    for value in report["points_per_hand"].values():
        assert f"{value:.2f}" in text.split()


def test_a_table_too_narrow_for_its_figures_shows_a_row_at_a_time():
    from rich.console import Console

    from pinochle_calc.cli.render import add_row, new_table, show

    grid = new_table(("a long first column", "left", False), ("figure", "right", False),
                     ("another figure", "right", False))
    add_row(grid, "a name that is long", "1234567890", "9876543210")
    con = Console(width=24, record=True, color_system=None)
    show(con, grid)
    text = con.export_text()
    assert "…" not in text and "1234567890" in text.split() and "9876543210" in text.split()


def test_prose_is_wrapped_at_words_to_the_width_piped_too():
    # the bid's long lines ("conditioned on ...") used to be left to the terminal
    for width in (60, 80):
        text = table(COMMANDS["bid"], width)
        lines = text.splitlines()
        assert all(cell_len(line.rstrip()) <= width for line in lines)
        # no word is split: every word of the prose is a word of the JSON or of the program
        assert "trump-worthy" in text.split() or "trump-worthy" in " ".join(lines)
    # piped, with no COLUMNS: 80 columns
    result = run(*COMMANDS["bid"], "-f", "table")
    assert max(cell_len(line.rstrip()) for line in result.stdout.splitlines()) <= 80


# colour ------------------------------------------------------------------------------------

SGR = re.compile(r"\x1b\[([0-9;]*)m")


def suit_colours(text: str) -> dict[str, set[bool]]:
    """For each suit symbol, whether it was shown red, over every time it appears."""
    red = False
    seen: dict[str, set[bool]] = {s: set() for s in "♠♥♦♣"}
    at = 0
    for match in [*SGR.finditer(text), None]:
        end = match.start() if match else len(text)
        for ch in text[at:end]:
            if ch in seen:
                seen[ch].add(red)
        if match is None:
            break
        codes = match.group(1).split(";") if match.group(1) else ["0"]
        for code in codes:
            if code in ("0", "39"):
                red = False
            elif code == "31":
                red = True
            elif code.isdigit() and 30 <= int(code) <= 37:
                red = False
        at = match.end()
    return seen


@pytest.mark.parametrize("name", ["meld", "meld --partner", "pass", "tricks", "legal", "play",
                                  "bid"])
def test_suits_are_coloured_alike_on_a_terminal(name):
    text = table(COMMANDS[name], 100, FORCE_COLOR="1", TERM="xterm-256color")
    seen = suit_colours(text)
    assert seen["♥"] == {True} or seen["♦"] == {True}, name  # hearts and diamonds: red
    for suit in "♥♦":
        assert seen[suit] in (set(), {True}), (name, suit)
    for suit in "♠♣":
        assert seen[suit] in (set(), {False}), (name, suit)


@pytest.mark.parametrize("env", [{}, {"FORCE_COLOR": "1", "TERM": "xterm-256color",
                                      "NO_COLOR": "1"}], ids=["piped", "NO_COLOR"])
def test_no_colour_when_piped_or_under_no_color(env):
    for name in ("meld", "play", "pass"):
        text = table(COMMANDS[name], 100, **env)
        assert not any(m.group(1) and any(c.isdigit() and 30 <= int(c) <= 37 for c in
                                          m.group(1).split(";")) for m in SGR.finditer(text))
        if not env:
            assert "\x1b" not in text


# words a player uses -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["bid", "tricks", "arena", "pass"])
def test_tables_use_plain_words_for_the_figures(name):
    text = " ".join(table(COMMANDS[name], 120).split())
    for jargon in ("acceptance", "p10", "p50", "p90", "stderr", "Brier", "mean absolute gap",
                   "*"):
        assert jargon not in text, (name, jargon)


def test_the_best_trump_is_starred_in_every_table():
    for name in ("meld", "tricks", "bid", "meld --partner"):
        assert "★" in table(COMMANDS[name], 100), name


def test_bars_for_the_bid_curve_and_the_arena_calibration():
    bid = table(COMMANDS["bid"], 80)
    curve = [line for line in bid.splitlines() if re.match(r"\s+\d+ [█ │]+ +\d+%", line)]
    out = json.loads(run(*COMMANDS["bid"], "-f", "json").stdout)["estimate"]
    assert len(curve) >= 3 and any(f"{out['max_bid']} " in line and "highest bid" in line
                                   for line in curve)
    for line in curve:  # the bar is the chance, of 40 cells
        share = int(re.search(r"(\d+)%", line).group(1)) / 100
        assert abs(line.count("█") - round(share * 40)) <= 1
    arena = table(COMMANDS["arena"], 80)
    bars = [line for line in arena.splitlines() if "said" in line and "made" in line]
    assert bars and all("│" in line for line in bars)


# options ------------------------------------------------------------------------------------

def _commands():
    import typer.main

    from pinochle_calc.cli import app

    root = typer.main.get_command(app)
    out = {}
    for name, cmd in root.commands.items():
        subs = getattr(cmd, "commands", None)
        out[name] = cmd
        for sub, c in (subs or {}).items():
            out[f"{name} {sub}"] = c
    return out


def test_no_short_flag_differs_from_another_only_by_case_or_means_two_things():
    meaning: dict[str, str] = {}
    for name, cmd in _commands().items():
        shorts = []
        for param in cmd.params:
            if param.param_type_name != "option":
                continue
            flags = [o for o in param.opts + param.secondary_opts if not o.startswith("--")]
            longs = [o for o in param.opts if o.startswith("--")]
            for flag in flags:
                shorts.append(flag)
                if flag == "-h":
                    continue
                assert meaning.setdefault(flag, longs[0]) == longs[0], (name, flag, longs)
        lowered = [s.lower() for s in shorts]
        assert len(set(lowered)) == len(lowered), (name, shorts)


def test_arena_dash_n_is_the_samples_as_everywhere_and_deals_is_spelled_out():
    result = run("arena", "formula", "pass", "-N", "2")
    assert result.exit_code == 2 and "-N" in result.stderr
    out = json.loads(run("arena", "formula", "pass", "--deals", "2", "-n", "7",
                         "-f", "json").stdout)
    assert out["deals"] == 2 and out["samples"] == 7


@pytest.mark.parametrize("args", [
    ["meld", HAND, "-f", "CSV"], ["meld", HAND, "-f", "Json"], ["rules", "-f", "JSON"],
    ["rules", "show", "-f", "TOML"], ["pass", PARTNER, "-t", "h", "--role", "Partner", "-n", "20"],
    ["explain", "-c", "JUMP"], ["arena", "FORMULA", "Pass", "--deals", "1"],
])
def test_choices_are_read_in_any_case(args):
    assert run(*args).exit_code == 0, args


@pytest.mark.parametrize(("value", "share"), [("85", 0.85), ("85%", 0.85), ("0.85", 0.85),
                                              ("100%", 1.0), ("1", 1.0), (" 70 % ", 0.7)])
def test_confidence_as_the_table_prints_it(value, share):
    out = json.loads(run("bid", HAND, "--confidence", value, "-n", "50", "-f", "json").stdout)
    assert out["estimate"]["confidence"] == pytest.approx(share)


@pytest.mark.parametrize("args", [
    ["score", "--bidder", "foo", "--bid", "50", "--meld-us", "20", "--meld-them", "10"],
    ["score", "--bidder", "us", "--bid", "50", "--meld-us", "20", "--meld-them", "10",
     "--result", "x"],
    ["pass", PARTNER, "-t", "H", "--hint", "joker"],
    ["pass", PARTNER, "-t", "H", "--role", "dealer"],
    ["bid", HAND, "--confidence", "0"],
    ["bid", HAND, "-c", "nope"],
    ["meld", HAND, "-f", "xml"],
    ["meld", HAND, "-t", "X"],
    ["play", "--contract", "0,H,²"],
    ["play", "--contract", "5,H"],
    ["play", "--us", "nobody"],
    ["arena", "formula", "pass", "--deals", "0"],
    ["tricks", HAND, "--jobs", "0"],
])
def test_a_misused_option_exits_2(args):
    result = run(*args)
    assert result.exit_code == 2, (args, result.output)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1


@pytest.mark.parametrize(("args", "missing"), [
    (["legal", HAND], "Missing option '--trump'"),
    (["legal", "-t", "H"], "Missing argument 'HAND'"),
    (["tricks"], "Missing argument 'HAND'"),
    (["score", "--bid", "50"], "missing --bidder, --meld-us, --meld-them"),
    (["arena", "formula"], "Missing argument"),
])
def test_a_missing_option_says_missing(args, missing):
    result = run(*args)
    assert result.exit_code == 2 and missing in result.stderr and "nvalid" not in result.stderr


def test_tricks_without_trump_shows_every_trump_the_best_starred():
    out = json.loads(run("tricks", HAND, "-n", "100", "-f", "json").stdout)
    assert set(out["trumps"]) == {"S", "H", "D", "C"}
    means = {t: v["trick_points"]["mean"] for t, v in out["trumps"].items()}
    assert out["best"] == max(means, key=means.get)
    one = json.loads(run("tricks", HAND, "-n", "100", "-t", "D", "-f", "json").stdout)
    assert one["trick_points"] == out["trumps"]["D"]["trick_points"]  # the same deals
    text = table(["tricks", HAND, "-n", "100"], 80)
    starred = next(line for line in text.splitlines() if line.startswith("★"))
    assert {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[out["best"]] in starred
    rows = run("tricks", HAND, "-n", "100", "-f", "csv").stdout.splitlines()
    assert [r.split(",")[0] for r in rows[1:]] == ["S", "H", "D", "C"]


def test_pass_without_trump_shows_every_trump():
    out = json.loads(run("pass", PARTNER, "-n", "20", "-f", "json").stdout)
    assert set(out["trumps"]) == {"S", "H", "D", "C"}
    one = json.loads(run("pass", PARTNER, "-n", "20", "-t", "C", "-f", "json").stdout)
    assert out["trumps"]["C"] == one
    text = table(["pass", PARTNER, "-n", "20"], 80)
    for t in out["trumps"].values():
        cards = " ".join(c[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[c[-1]]
                         for c in t["pass"])
        assert cards in " ".join(text.split())
    rows = run("pass", PARTNER, "-n", "20", "-f", "csv").stdout.splitlines()
    assert rows[0] == "trump,card,reason" and len(rows) == 1 + 16


def test_meld_json_is_one_document_on_one_line_whatever_the_hands():
    one = run("meld", HAND, "-f", "json").stdout
    assert one.count("\n") == 1 and isinstance(json.loads(one), dict)  # a hand: its object
    for lines in (1, 3):
        text = "\n".join([HAND] * lines) + "\nXX\n"
        result = run("meld", "-f", "json", input=text)
        assert result.exit_code == 1  # the bad line, reported in its place
        assert result.stdout.count("\n") == 1
        records = json.loads(result.stdout)  # a file: a list, one record per line
        assert isinstance(records, list) and len(records) == lines + 1
        assert records[-1]["error"].startswith("unknown card 'XX'")
    assert run("meld", "-f", "json", input="").stdout == "[]\n"


def test_play_without_a_seed_deals_afresh_and_prints_the_seed_that_replays_it():
    args = ("play", "--us", "formula", "--them", "pass", "--exact", "0")  # the par: its own test
    first = json.loads(run(*args, "-f", "json").stdout)
    second = json.loads(run(*args, "-f", "json").stdout)
    assert first["seed"] != second["seed"] and first["hands"] != second["hands"]
    again = json.loads(run(*args, "--seed", str(first["seed"]), "-f", "json").stdout)
    assert again == first
    text = " ".join(run(*args, "-f", "table").stdout.split())
    seed = re.search(r"a random deal, seed (\d+) \(--seed (\d+) replays it\)", text)
    assert seed and seed.group(1) == seed.group(2)


# the words of the results -------------------------------------------------------------------

RESULT_WORDS = {"made", "set", "thrown-in", "no-marriage", "under-min-meld"}


def test_results_are_spelled_one_way_in_every_output():
    sheet = run("score", "--sheet", SHEET, "-f", "csv").stdout.splitlines()
    assert {row.split(",")[4] for row in sheet[1:]} <= RESULT_WORDS
    assert "thrown-in" in {row.split(",")[4] for row in sheet[1:]}
    text = table(["score", "--sheet", SHEET], 100)
    assert "thrown-in" in text.split() and "no-marriage" in text.split()
    assert "thrown in" not in text and "throw-in" not in text
    played = json.loads(run("play", "--seed", "1", "-n", "10", "-f", "json").stdout)
    assert played["result"] in RESULT_WORDS
    report = json.loads(run("arena", "formula", "pass", "--deals", "2", "-f", "json").stdout)
    assert {"made", "set", "thrown-in", "no-marriage", "under-min-meld"} <= set(report)
    arena = table(["arena", "formula", "pass", "--deals", "2"], 100)
    assert "thrown-in (of bids won)" in arena


def test_progress_bars_show_counts_and_the_time_left(monkeypatch):
    import io
    import sys

    from pinochle_calc.cli import render

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setenv("COLUMNS", "100")
    with render.progress("playing deals", 40) as bar:
        assert bar is not None
        bar(12, 40)
        bar(12)  # the total kept
    text = err.getvalue()
    assert "playing deals" in text and "12/40" in text and "left" in text
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a terminal: no bar
    with render.progress("playing deals", 40) as bar:
        assert bar is None
