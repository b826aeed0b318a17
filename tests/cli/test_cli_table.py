"""`pinochle-calc table`: a hand followed event by event, scripted on standard input and typed
at a real pseudo-terminal (pexpect): refused events leave the session going, undo takes the
last event back, the record is saved after every event and resumes, and the finished hand goes
on the score sheet."""

from __future__ import annotations

import os
from dataclasses import replace

import pexpect
import pytest
from cli_runner import at_a_terminal, exit_status, run

from pinochle_calc.cards import CARDS, SUIT_SYMBOLS
from pinochle_calc.game.hand import load_record
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand


def finished_hand(seed: int = 3):
    """A hand formula players bid and played to the end."""
    record = play_hand(deal_cards(seed), "formula", "formula", seed=hand_seed(seed))
    return record.with_tag("Seed", str(seed))


def typed(record) -> list[str]:
    """What a player at seat 0 types for the hand: its cards, then every event."""
    lines = [record.hands[0].symbols()]
    for e in record.events:
        if e.kind == "call":
            lines.append("p" if e.bid is None else str(e.bid))
        elif e.kind == "trump":
            lines.append(SUIT_SYMBOLS[e.suit])
        elif e.kind == "meld":
            lines.append(f"{e.seat}: {e.cards.symbols() or 'none'}")
        elif e.kind == "play":
            lines.append(CARDS[e.card].symbol)
        elif e.kind == "throw-in":
            lines.append("throw-in")
    return lines


def test_a_scripted_session_records_the_hand_and_adds_it_to_the_sheet(tmp_path):
    original = finished_hand()
    lines = typed(original)
    # a call off the steps is refused; undo takes back a good one, typed again
    lines = lines[:3] + ["99", "undo", lines[2]] + lines[3:]
    path, sheet = tmp_path / "hand.txt", tmp_path / "game.csv"
    out = run("table", "--save", str(path), "--samples", "40", "--sheet", str(sheet),
              "--tag", "Date=2026-03-14", input="\n".join(lines) + "\n")
    assert out.exit_code == 1, out.output  # a line was refused: the script says so
    assert "refused: " in out.stdout and "undone: seat 1 bids 51" in out.stdout
    assert "Advice: " in out.stdout
    record = load_record(str(path))
    assert record.events == tuple(replace(e, comment="") for e in original.events)
    assert record.hands[0] == original.hands[0] and record.hands[1] is None
    assert (record.result, record.score) == (original.result, original.score)
    assert record.tag("Date") == "2026-03-14" and record.tag("You") == "0"
    assert "The hand is over: " in out.stdout
    bidder = "us" if record.state.contract.seat % 2 == 0 else "them"
    assert (f"Added to the score sheet {sheet}: {bidder} bid {record.state.contract.bid},"
            f" {original.result}") in " ".join(out.stdout.split())
    rows = sheet.read_text().splitlines()
    assert rows[0] == ("# pinochle-calc table --seat 0 --convention jump --rules standard"
                       " --samples 40 --seed 0")
    assert rows[1] == "bidder,bid,meld_us,meld_them,tricks_us,tricks_them,result,note"
    scored = run("score", "--sheet", str(sheet), "--format", "json")
    assert scored.exit_code == 0 and '"us": ' in scored.stdout


def test_an_interrupted_session_loses_nothing_and_resumes(tmp_path):
    original = finished_hand()
    lines = typed(original)
    path = tmp_path / "hand.txt"
    half = 30
    out = run("table", "--save", str(path), "--samples", "40",
              input="\n".join(lines[:half]) + "\n")
    assert out.exit_code == 0 and "--resume" in out.stdout
    assert len(load_record(str(path)).events) == half - 1
    rest = run("table", "--resume", str(path), "--samples", "40",
               input="\n".join(lines[half:]) + "\n")
    assert rest.exit_code == 0, rest.output
    done = load_record(str(path))
    assert done.state.complete and done.score == original.score


def test_a_line_that_is_not_utf8_is_refused_and_the_session_goes_on(tmp_path):
    original = finished_hand()
    lines = typed(original)
    path = tmp_path / "hand.txt"
    text = "\n".join(lines[:3]).encode() + b"\n\xff 50\n" + "\n".join(lines[3:6]).encode() + b"\n"
    out = run("table", "--save", str(path), "--samples", "40", input=text)
    assert out.exit_code == 1, out.output
    assert "refused: the line is not UTF-8 text" in out.stdout
    assert len(load_record(str(path)).events) == 5


def test_at_your_card_the_card_advice_and_what_the_play_shows(tmp_path):
    """When it is your turn to play a card: the card command's advice (the same card, for the
    position the record gives) and what the play has revealed, in the words card prints."""
    import json

    from pinochle_calc.game.hand import card_position
    from pinochle_calc.play.advice import advise_card

    original = finished_hand()
    lines = typed(original)
    # the last moment in the hand's first 15 tricks that seat 0 plays a card, with a choice,
    # after the play has shown something of the other hands
    moments = []
    for n, e in enumerate(original.events):
        if e.kind == "play" and e.seat == 0:
            position = card_position(original.state_before(n + 1), 0)
            advice = advise_card(position, samples=40, seed=5)
            if len(advice.choices) > 1 and advice.facts.lines() and len(position.hand) > 5:
                moments.append((n, position, advice))
    n, position, advice = moments[-1]
    typed_lines = 1 + sum(e.kind in ("call", "trump", "meld", "play")
                          for e in original.events[:n])
    out = run("table", "--save", str(tmp_path / "hand.txt"), "--samples", "40", "--seed",
              "5", input="\n".join(lines[:typed_lines]) + "\n")
    assert out.exit_code == 0, out.output
    shown = out.stdout[out.stdout.rindex("Advice: play"):]
    flat = " ".join(shown.split())  # the lines are wrapped to the width
    assert flat.startswith(" ".join(f"Advice: play {CARDS[advice.card].symbol}"
                                    f" ({advice.reason})".split()))
    facts = " ".join(shown[shown.index("What the play shows:\n"):].split())
    assert facts.startswith(" ".join(" ".join(["What the play shows:",
                                              *advice.facts.lines()]).split()))
    # the card command, given the same position, says the same
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position.to_dict()))
    card = run("card", "--position", str(path), "--samples", "40", "--seed", "5", "--format",
               "table")
    assert card.exit_code == 0, card.output
    assert f"Play {CARDS[advice.card].symbol}: " in card.stdout
    assert all(x in " ".join(card.stdout.split()) for x in advice.facts.lines())


def test_table_options_are_checked():
    assert run("table", "--convention", "x").exit_code == 2
    assert run("table", "--resume", "x.txt", "--hand", "AS").exit_code == 2
    bad = run("table", "--resume", "/no/such/record.txt")
    assert bad.exit_code == 1 and "cannot read" in bad.output


def test_a_whole_hand_typed_at_a_pseudo_terminal(tmp_path):
    """Typed as a person types, through a real terminal: Tab completes a card name, a bad event
    is refused, undo takes the last event back, and the record is the hand."""
    original = finished_hand()
    lines = typed(original)
    path = tmp_path / "hand.txt"
    env = {**os.environ, "COLUMNS": "100", "TERM": "dumb"}
    child = at_a_terminal(["table", "--save", str(path), "--samples", "40"], env=env,
                          cwd=str(tmp_path))
    try:
        child.expect(r"your hand \(seat 0\)> ")
        child.sendline(lines[0])
        child.expect("Advice: ")
        for n, line in enumerate(lines[1:], 1):
            child.expect(r"> ")
            if n == 2:  # a bad event first, then undo (completed by Tab) of a good one
                child.sendline("zz")
                child.expect("refused: ")
                child.expect(r"> ")
                child.sendline(line)
                child.expect(r"> ")
                child.send("und\t\r")
                child.expect("undone: ")
                child.expect(r"> ")
            child.sendline(line)
        child.expect("The hand is over: ")
        child.expect(r"your hand \(seat 0\)> ")  # the next hand's
        child.sendline("quit")
        child.expect(pexpect.EOF)
        status = exit_status(child)
    finally:
        child.close()
    assert status == 0
    record = load_record(str(path))
    assert record.state.complete and record.score == original.score
    assert len(record.events) == len(original.events)



@pytest.mark.parametrize("convention, rules", [("davis", "standard,steps=any,passing.cards=4"),
                                               ("toby", "toby-thomas"), ("jump", "standard")])
def test_a_convention_implies_its_games_rules_as_in_bid(tmp_path, convention, rules):
    """``table -c davis`` plays Davis's game, as ``bid -c davis`` and ``explain -c davis`` do:
    the record's rules are those ``bid`` announces, and a --rules given still wins."""
    from pinochle_calc.bidding.conventions import convention_rules
    from pinochle_calc.rules import load_rules

    path = tmp_path / "hand.txt"
    out = run("table", "--save", str(path), "-c", convention, input="quit\n")
    assert out.exit_code == 0, out.output
    record = load_record(str(path))
    assert record.rules == convention_rules(convention)[0]
    assert replace(record.rules, name="x") == replace(load_rules(rules), name="x")
    given = tmp_path / "given.txt"
    out = run("table", "--save", str(given), "-c", convention, "--rules", "book",
              input="quit\n")
    assert load_record(str(given)).rules == load_rules("book")


def typed_whole(record, lead_lines: bool) -> list[str]:
    """``typed``, with each trick typed as one line (its cards, or a ``lead`` line) and each
    meld with its points, as records write it."""
    state = record.state
    lines = [record.hands[0].symbols()]
    trick: list[str] = []
    for e in record.events:
        if e.kind == "play":
            trick.append(CARDS[e.card].symbol)
            if len(trick) == 1:
                leader = e.seat
            if len(trick) == 4:
                lines.append((f"lead {leader}: " if lead_lines else "") + " ".join(trick))
                trick = []
        elif e.kind == "meld":
            points = state.melds[e.seat][0]
            lines.append(f"{e.seat}: {points} {e.cards.symbols()}" if len(e.cards)
                         else f"{e.seat}: none")
        else:
            lines.extend(typed(replace(record, events=(e,)))[1:])
    return lines


@pytest.mark.parametrize("lead_lines", [False, True])
def test_a_trick_may_be_typed_whole_and_a_meld_with_its_points(tmp_path, lead_lines):
    original = finished_hand()
    path = tmp_path / "hand.txt"
    out = run("table", "--save", str(path), "--samples", "20",
              input="\n".join(typed_whole(original, lead_lines)) + "\nquit\n")
    assert out.exit_code == 0, out.stdout
    assert "refused" not in out.stdout
    record = load_record(str(path))
    assert record.events == tuple(replace(e, comment="") for e in original.events)
    assert record.score == original.score


def test_a_meld_that_is_no_meld_or_says_the_wrong_points_is_refused(tmp_path):
    original = finished_hand()
    n = next(i for i, e in enumerate(original.events) if e.kind == "meld" and len(e.cards))
    event = original.events[n]
    points = original.state.melds[event.seat][0]
    lines = typed(original)[:1 + sum(e.kind in ("call", "trump", "meld", "play")
                                     for e in original.events[:n])]
    path = tmp_path / "hand.txt"
    out = run("table", "--save", str(path), "--samples", "20", input="\n".join([
        *lines, f"{event.seat}: {points + 10} {event.cards.symbols()}", f"{event.seat}: Q♠",
        f"{event.seat}: {event.cards.symbols()} Q♠ Q♠ Q♠ Q♠"]) + "\n")
    assert out.exit_code == 1
    refusals = [line for line in out.stdout.splitlines() if line.startswith("refused: ")]
    assert refusals[0] == (f"refused: the meld says {points + 10}, but the cards shown make"
                           f" {points} (the meld table, standard)")
    assert "makes no meld" in refusals[1]
    assert len(refusals) == 3 and "in no meld" in refusals[2] or "a double deck" in refusals[2]
    assert len(load_record(str(path)).events) == n  # nothing of the refused lines kept


def test_at_the_meld_your_hand_is_said_and_showing_less_is_warned(tmp_path):
    from pinochle_calc.meld.engine import meld

    original = finished_hand()
    n = next(i for i, e in enumerate(original.events) if e.kind == "meld")
    lines = typed(original)[:1 + sum(e.kind in ("call", "trump", "meld", "play")
                                     for e in original.events[:n])]
    state = original.state_before(n + 1)
    held = state.after_exchange(0)
    report = meld(held, original.rules).trumps[state.trump]
    least = min(report.melds, key=lambda m: m.points)
    out = run("table", "--save", str(tmp_path / "h.txt"), "--samples", "20",
              input="\n".join([*lines, "0: " + " ".join(c.symbol for c in least.cards)]) + "\n")
    assert f"Your meld: {report.points} (" in out.stdout
    flat = " ".join(out.stdout.split())
    assert f"warning: you showed {least.points} meld, but your hand holds {report.points}" in flat


def test_a_hand_of_the_wrong_size_says_how_many_it_has(tmp_path):
    out = run("table", "--save", str(tmp_path / "h.txt"), input="AS KS QS\nquit\n")
    assert "refused: your hand has 3 cards; a hand is 20" in out.stdout
    given = run("table", "--save", str(tmp_path / "g.txt"), "AS KS QS")
    assert given.exit_code == 1 and "your hand has 3 cards; a hand is 20" in given.stderr


def test_the_hand_is_the_argument_and_hand_is_its_old_spelling(tmp_path):
    hand = finished_hand().hands[0].symbols()
    new = run("table", "--save", str(tmp_path / "a.txt"), hand, input="quit\n")
    old = run("table", "--save", str(tmp_path / "b.txt"), "--hand", hand, input="quit\n")
    assert new.exit_code == old.exit_code == 0
    assert new.stdout.replace("a.txt", "b.txt") == old.stdout
    assert run("table", hand, "--hand", hand).exit_code == 2
    assert run("table", "--record", str(tmp_path / "c.txt")).exit_code == 2


def test_the_game_goes_on_hand_after_hand_to_its_target(tmp_path):
    """Two hands at the table: the first goes on the sheet, the deal passes to the left, the
    running score is the sheet's, and the game ends when a side reaches the target."""
    from pinochle_calc.game.hand import Record
    from pinochle_calc.rules import load_rules
    from pinochle_calc.scoring import read_sheet, score_game

    first = finished_hand(3)
    second = finished_hand(8)
    # the second hand as dealt by seat 0: the same hand, every seat turned one to the left
    turned = second.reseat(0)
    path, sheet = tmp_path / "game.txt", tmp_path / "game.csv"
    total = first.score[0] + turned.score[0], first.score[1] + turned.score[1]
    target = max(first.score) + 1  # reached by the second hand, not the first
    assert max(total) >= target
    rules = f"standard,scoring.target={target}"
    script = typed(first) + typed(turned)
    out = run("table", "--save", str(path), "--samples", "20", "--sheet", str(sheet),
              "--rules", rules, input="\n".join(script) + "\n")
    assert out.exit_code == 0, out.stdout
    game = score_game(list(read_sheet(sheet.read_text().splitlines(), "g")), load_rules(rules))
    assert game.totals == total and game.winner is not None
    after_first = f"Game on: us {first.score[0]}, them {first.score[1]};"
    assert after_first in out.stdout and "Deal 2: seat 0 deals" in out.stdout
    assert f"Game over on hand 2: {game.winner} win" in out.stdout
    again = load_record(str(tmp_path / "game-2.txt"))
    assert again.dealer == 0 and again.tag("Deal") == "2"
    assert again.events == tuple(replace(e, comment="") for e in turned.events)
    assert isinstance(again, Record) and load_record(str(path)).score == first.score


@pytest.mark.parametrize("width", [60, 80])
def test_the_advice_and_the_facts_are_wrapped_to_the_width(tmp_path, monkeypatch, width):
    from rich.cells import cell_len

    monkeypatch.chdir(tmp_path)  # a short path: a file's name is never broken

    original = finished_hand()
    n = max(i for i, e in enumerate(original.events[:60]) if e.kind == "play" and e.seat == 0)
    lines = typed(original)[:1 + sum(e.kind in ("call", "trump", "meld", "play")
                                     for e in original.events[:n])]
    out = run("table", "--save", "h.txt", "--samples", "20",
              input="\n".join([*lines, "advice", "show"]) + "\n", env={"COLUMNS": str(width)})
    assert "What the play shows:" in out.stdout
    said = [line for line in out.stdout.splitlines() if "> " not in line]  # not the prompts
    assert max(cell_len(line) for line in said) <= width
    assert all(line == line.rstrip() for line in out.stdout.splitlines())
