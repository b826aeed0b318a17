"""`pinochle-calc table`: a hand followed event by event, scripted on standard input and typed
at a real pseudo-terminal (pexpect): refused events leave the session going, undo takes the
last event back, the record is saved after every event and resumes, and the finished hand goes
on the score sheet."""

from __future__ import annotations

import os
import sys
from dataclasses import replace

import pexpect
import pytest
from cli_runner import run

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
    return lines


def test_a_scripted_session_records_the_hand_and_adds_it_to_the_sheet(tmp_path):
    original = finished_hand()
    lines = typed(original)
    # a call off the steps is refused; undo takes back a good one, typed again
    lines = lines[:3] + ["99", "undo", lines[2]] + lines[3:]
    path, sheet = tmp_path / "hand.txt", tmp_path / "game.csv"
    out = run("table", "--record", str(path), "--samples", "40", "--sheet", str(sheet),
              "--tag", "Date=2026-03-14", input="\n".join(lines) + "\n")
    assert out.exit_code == 0, out.output
    assert "refused: " in out.stdout and "undone: seat 1 bids 51" in out.stdout
    assert "Advice: " in out.stdout
    record = load_record(str(path))
    assert record.events == tuple(replace(e, comment="") for e in original.events)
    assert record.hands[0] == original.hands[0] and record.hands[1] is None
    assert (record.result, record.score) == (original.result, original.score)
    assert record.tag("Date") == "2026-03-14" and record.tag("You") == "0"
    assert "The hand is over: " in out.stdout
    rows = sheet.read_text().splitlines()
    assert rows[0] == "bidder,bid,meld_us,meld_them,tricks_us,tricks_them,result,note"
    scored = run("score", "--sheet", str(sheet), "--format", "json")
    assert scored.exit_code == 0 and '"us": ' in scored.stdout


def test_an_interrupted_session_loses_nothing_and_resumes(tmp_path):
    original = finished_hand()
    lines = typed(original)
    path = tmp_path / "hand.txt"
    half = 30
    out = run("table", "--record", str(path), "--samples", "40",
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
    out = run("table", "--record", str(path), "--samples", "40", input=text)
    assert out.exit_code == 0, out.output
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
    out = run("table", "--record", str(tmp_path / "hand.txt"), "--samples", "40", "--seed",
              "5", input="\n".join(lines[:typed_lines]) + "\n")
    assert out.exit_code == 0, out.output
    shown = out.stdout[out.stdout.rindex("Advice: play"):]
    assert shown.startswith(f"Advice: play {CARDS[advice.card].symbol} ({advice.reason})")
    facts = shown[shown.index("What the play shows:\n"):].splitlines()[1:]
    assert facts[:len(advice.facts.lines())] == [f"  {x}" for x in advice.facts.lines()]
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
    child = pexpect.spawn(sys.executable, ["-m", "pinochle_calc", "table", "--record", str(path),
                                           "--samples", "40"], env=env, encoding="utf-8",
                          timeout=60, cwd=str(tmp_path))
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
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
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
    out = run("table", "--record", str(path), "-c", convention, input="quit\n")
    assert out.exit_code == 0, out.output
    record = load_record(str(path))
    assert record.rules == convention_rules(convention)[0]
    assert replace(record.rules, name="x") == replace(load_rules(rules), name="x")
    given = tmp_path / "given.txt"
    out = run("table", "--record", str(given), "-c", convention, "--rules", "book",
              input="quit\n")
    assert load_record(str(given)).rules == load_rules("book")
