"""`table`: a game's settings live with the game. The next hand's command repeats every setting
and goes on with the same game; the record (its ``You``, ``Convention`` and ``Table`` tags)
and the score sheet (its settings line) remember them; a hand started from the sheet takes
them, and a hand kept with other settings says which. ``score --sheet`` scores a sheet under
the rules it names.

The oracles: the hands' own records as the engine played them (their events and scores), the
sheet as the csv module and ``read_sheet`` read it, and sheets and records written here by hand.
"""

from __future__ import annotations

import shlex
from dataclasses import replace

from cli_runner import line_of, run

from pinochle_calc.bidding.conventions import convention_rules
from pinochle_calc.game.hand import load_record
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.rules import load_rules
from pinochle_calc.scoring import read_sheet, score_game

DAVIS = "standard,bidding.steps=any,passing.cards=4"
HEADER = "bidder,bid,meld_us,meld_them,tricks_us,tricks_them,result,note"


def davis_hand(seed: int, dealer: int = 3):
    """A hand formula players bid and played to the end in Davis's game, dealt by ``dealer``."""
    rules = convention_rules("davis")[0]
    return play_hand(deal_cards(seed), "formula", "formula", rules,
                     seed=hand_seed(seed)).reseat(dealer)


def typed(record, seat: int) -> list[str]:
    """What a player at ``seat`` types for the hand: its cards, then every event."""
    return [record.hands[seat].symbols(), *map(line_of, record.events)]


def script(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def next_command(stdout: str) -> list[str]:
    """The arguments of the command the session printed to start the next hand."""
    lines = stdout.splitlines()
    at = lines.index("Stopped before the next hand. To start it:")
    words = shlex.split(lines[at + 1])
    assert words[:2] == ["pinochle-calc", "table"]
    return words[2:]


def options(args: list[str]) -> dict[str, list[str]]:
    """A command's options, each with its values in order."""
    out: dict[str, list[str]] = {}
    for option, value in zip(args[::2], args[1::2]):
        out.setdefault(option, []).append(value)
    return out


def same_rules(a, b) -> bool:
    return replace(a, name="") == replace(b, name="")


def the_game(sheet, rules: str):
    """The sheet's game, read as ``score --sheet`` reads it."""
    return score_game(list(read_sheet(sheet.read_text().splitlines(), "sheet")),
                      load_rules(rules))


def test_quitting_between_hands_prints_the_command_that_goes_on_with_the_same_game(tmp_path):
    """The issue's session: seat 1, Davis's game, 20 deals an advice. Quit between hands, run
    the command printed, play the second hand: it is the same game, with the same settings, on
    the same sheet; and the command printed after it goes on again."""
    first, second = davis_hand(3), davis_hand(8, dealer=0)
    path, sheet = tmp_path / "dz.txt", tmp_path / "game.csv"
    out = run("table", "--seat", "1", "-c", "davis", "-n", "20", "--seed", "7", "--save",
              str(path), "--sheet", str(sheet), "--tag", "Date=2026-03-14",
              input=script(*typed(first, 1), "quit"))
    assert out.exit_code == 0, out.stdout
    args = next_command(out.stdout)
    given = options(args)
    assert given["--save"] == [str(tmp_path / "dz-2.txt")]
    assert given["--seat"] == ["1"] and given["--convention"] == ["davis"]
    assert same_rules(load_rules(given["--rules"][0]), load_rules(DAVIS))
    assert given["--samples"] == ["20"] and given["--seed"] == ["7"]
    assert given["--sheet"] == [str(sheet)] and given["--dealer"] == ["0"]
    assert sorted(given["--tag"]) == ["Date=2026-03-14", "Deal=2"]

    more = run("table", *args, input=script(*typed(second, 1), "quit"))
    assert more.exit_code == 0, (more.stdout, more.stderr)
    assert "warning" not in more.stdout and "The game's settings" not in more.stdout
    one, two = load_record(str(path)), load_record(str(tmp_path / "dz-2.txt"))
    assert same_rules(two.rules, one.rules) and two.dealer == 0
    for name in ("You", "Convention", "Table", "Date"):
        assert two.tag(name) == one.tag(name), name
    assert two.tag("You") == "1" and two.tag("Convention") == "davis"
    assert two.tag("Table") == f"--samples 20 --seed 7 --sheet {sheet}"
    assert two.tag("Deal") == "2" and one.tag("Deal") is None
    assert two.events == tuple(replace(e, comment="") for e in second.events)
    game = the_game(sheet, DAVIS)
    assert [h.score.points for h in game.hands] == [first.score, second.score]
    assert f"Game on: us {game.totals[0]}, them {game.totals[1]};" in more.stdout
    # and the next: the third hand, dealt by seat 1, beside the others
    third = options(next_command(more.stdout))
    assert third["--save"] == [str(tmp_path / "dz-3.txt")] and third["--dealer"] == ["1"]
    assert sorted(third["--tag"]) == ["Date=2026-03-14", "Deal=3"]
    assert {k: v for k, v in third.items() if k not in ("--save", "--dealer", "--tag")} == \
        {k: v for k, v in given.items() if k not in ("--save", "--dealer", "--tag")}


def test_the_sheet_keeps_the_settings_a_hand_started_from_it_takes_them(tmp_path):
    """A sheet written by hand, as the table writes one: its settings line is the game's. A hand
    started with only --sheet takes them (and says so); one given other rules, or another
    convention, warns, naming each; a sheet with no settings line (an older one) says nothing;
    score --sheet scores under the sheet's rules."""
    sheet = tmp_path / "game.csv"
    sheet.write_text(f"# pinochle-calc table --seat 1 --convention davis --rules {DAVIS}"
                     f" --samples 20 --seed 5\n{HEADER}\nthem,67,22,206,17,33,,\n")
    taken = run("table", "--sheet", str(sheet), "--save", str(tmp_path / "a.txt"),
                input="quit\n")
    assert taken.exit_code == 0 and "warning" not in taken.stdout
    said = " ".join(taken.stdout.split())
    assert (f"The game's settings, from the score sheet {sheet}: --seat 1 --convention davis"
            f" --rules {DAVIS} --samples 20 --seed 5") in said
    record = load_record(str(tmp_path / "a.txt"))
    assert same_rules(record.rules, load_rules(DAVIS))
    assert (record.tag("You"), record.tag("Convention")) == ("1", "davis")
    assert record.tag("Table") == f"--samples 20 --seed 5 --sheet {sheet}"

    book = run("table", "--sheet", str(sheet), "--rules", "book", "--save",
               str(tmp_path / "b.txt"), input="quit\n")
    assert book.exit_code == 0
    assert (f"warning: the score sheet {sheet} keeps the game with --rules {DAVIS}; this hand"
            " has --rules book") in " ".join(book.stdout.split())
    assert load_record(str(tmp_path / "b.txt")).rules == load_rules("book")
    jump = run("table", "--sheet", str(sheet), "-c", "jump", "-n", "30", "--save",
               str(tmp_path / "c.txt"), input="quit\n")
    assert (f"warning: the score sheet {sheet} keeps the game with --convention davis --rules"
            f" {DAVIS} --samples 20; this hand has --convention jump --rules standard"
            " --samples 30") in " ".join(jump.stdout.split())

    old = tmp_path / "old.csv"
    old.write_text(f"{HEADER}\nthem,67,22,206,17,33,,\n")
    plain = run("table", "--sheet", str(old), "--save", str(tmp_path / "d.txt"),
                input="quit\n")
    assert plain.exit_code == 0 and "warning" not in plain.stdout
    assert "The game's settings" not in plain.stdout
    assert load_record(str(tmp_path / "d.txt")).rules == load_rules("standard")

    # bid 67 is off the standard rules' steps: the sheet's own rules score it
    scored = run("score", "--sheet", str(sheet), "-f", "json")
    assert scored.exit_code == 0, scored.output
    assert '"rules": "standard,bidding.steps=any,passing.cards=4"' in scored.stdout
    against = run("score", "--sheet", str(sheet), "--rules", "standard", "-f", "json")
    assert against.exit_code == 1
    assert (f"warning: the sheet {sheet} keeps its game with --rules {DAVIS}; scored here with"
            " --rules standard") in against.stderr
    assert run("score", "--sheet", str(old), "-f", "json").exit_code == 1  # standard, as ever


def test_a_resumed_hand_with_other_settings_says_which(tmp_path):
    """Resumed, a hand keeps its record's settings (none said); given others, it says which,
    and keeps the rest of the hand with them; a hand whose rules the sheet's game has
    otherwise says so."""
    hand = davis_hand(3)
    path, sheet = tmp_path / "dz.txt", tmp_path / "game.csv"
    start = run("table", "--seat", "1", "-c", "davis", "-n", "20", "--save", str(path),
                "--sheet", str(sheet), input=script(*typed(hand, 1)[:6], "quit"))
    assert start.exit_code == 0
    before = load_record(str(path))
    same = run("table", "--resume", str(path), input="quit\n")
    assert same.exit_code == 0 and "warning" not in same.stdout
    assert "(you: seat 1;" in " ".join(same.stdout.split())
    assert load_record(str(path)).tags == before.tags
    other = run("table", "--resume", str(path), "--seat", "1", "-n", "30", "-c", "toby",
                input="quit\n")
    assert other.exit_code == 0
    assert (f"warning: the record {path} was kept with --convention davis --samples 20; this"
            " session has --convention toby --samples 30") in " ".join(other.stdout.split())
    after = load_record(str(path))
    assert after.tag("Convention") == "toby" and after.tag("Table").startswith("--samples 30")
    assert after.events == before.events

    # a hand under the standard rules resumed with the Davis game's sheet
    sheet.write_text(f"# pinochle-calc table --seat 1 --convention davis --rules {DAVIS}"
                     f" --seed 0\n")
    mine = tmp_path / "mine.txt"
    assert run("table", "--save", str(mine), input="quit\n").exit_code == 0
    mixed = run("table", "--resume", str(mine), "--sheet", str(sheet), input="quit\n")
    assert (f"warning: the score sheet {sheet} keeps the game with --seat 1 --convention davis"
            f" --rules {DAVIS}; this hand has --seat 0 --convention jump --rules standard") in \
        " ".join(mixed.stdout.split())


def test_a_hand_on_an_older_sheet_adds_the_settings_line_and_the_sheet_still_reads(tmp_path):
    """A sheet of an older version (no settings line): the hand's row comes after a settings
    line, and every reader still reads the sheet (a line starting with # is skipped)."""
    hand = davis_hand(3)
    sheet = tmp_path / "game.csv"
    sheet.write_text(f"{HEADER}\nthem,67,22,206,17,33,,\n")
    out = run("table", "--seat", "1", "-c", "davis", "-n", "20", "--save",
              str(tmp_path / "h.txt"), "--sheet", str(sheet),
              input=script(*typed(hand, 1), "quit"))
    assert out.exit_code == 0, out.stdout
    lines = sheet.read_text().splitlines()
    assert lines[:2] == [HEADER, "them,67,22,206,17,33,,"]
    assert lines[2] == (f"# pinochle-calc table --seat 1 --convention davis --rules {DAVIS}"
                        " --samples 20 --seed 0")
    assert len(lines) == 4 and not lines[3].startswith("#")
    game = the_game(sheet, DAVIS)
    assert len(game.hands) == 2 and game.hands[1].score.points == hand.score
    scored = run("score", "--sheet", str(sheet), "-f", "json")
    assert scored.exit_code == 0 and f'"us": {game.totals[0]}' in scored.stdout


def test_a_deal_number_may_be_given_as_a_tag_a_whole_number(tmp_path):
    path = tmp_path / "g.txt"
    out = run("table", "--save", str(path), "--tag", "deal=4", input="quit\n")
    assert out.exit_code == 0 and load_record(str(path)).tag("Deal") == "4"
    for bad in ("Deal=0", "Deal=x", "Deal=1000000", "Table=--seed 1"):
        refused = run("table", "--save", str(tmp_path / "x.txt"), "--tag", bad)
        assert refused.exit_code == 2 and "--tag" in refused.stderr, bad
