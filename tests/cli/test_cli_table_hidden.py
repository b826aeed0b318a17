"""`pinochle-calc table` from a defender's seat in a game with a card exchange: the opponents
pass face down, so the defender types ``hidden`` for each pass and follows the hand to its
score; the record saved reads back with the score of the hand seen whole, and every reader
takes it (``play --record`` in every form, ``play --record --at``, ``review``, ``card
--record``, ``table --resume``, a record on standard input). A defender follows every preset
under every convention so, the hand stopped half way and resumed."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from cli_runner import line_of, run

from pinochle_calc.bidding.conventions import CONVENTIONS, convention_rules
from pinochle_calc.game.hand import load_record
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.rules import PRESETS, load_rules

DAVIS = "standard,steps=any,passing.cards=4"
ROOT = Path(__file__).resolve().parents[2]


def exchanged_hand(rules: str, first: int):
    """The first hand from seed ``first`` on the formula players bid, exchanged and played,
    every card seen."""
    for seed in range(first, first + 30):
        record = play_hand(deal_cards(seed), "formula", "formula", load_rules(rules),
                           seed=hand_seed(seed))
        if len(record.state.passes) == 2 and record.state.tricks:
            return record
    raise AssertionError("no hand with an exchange")


def typed_by_defender(record, you: int, heard: bool = True) -> list[str]:
    """What the defender at ``you`` types: its cards, every event as it sees it, ``hidden`` for
    the opponents' passes; the suit the bidder asks for where ``heard``, else nothing (its
    partner's ``hidden`` pass answers the prompt for it)."""
    return [record.hands[you].symbols(),
            *("hidden" if e.kind == "pass" else line_of(e) for e in record.events
              if heard or e.kind != "request")]


@pytest.mark.parametrize("convention, rules, first", [("davis", DAVIS, 1),
                                                      ("toby", "toby-thomas", 1)])
def test_a_defender_follows_a_hand_with_an_exchange_to_its_score(tmp_path, convention, rules,
                                                                  first):
    whole = exchanged_hand(rules, first)
    bidder = whole.state.bidder
    you = bidder.after(1)
    path = tmp_path / "hand.txt"
    args = ["table", "--save", str(path), "--seat", str(you), "-c", convention, "-n", "40"]
    if convention == "toby":
        args += ["--rules", rules]
    out = run(*args, input="\n".join(typed_by_defender(whole, you)) + "\n")
    assert out.exit_code == 0, out.output
    assert "refused" not in out.stdout
    assert f"seat {bidder.partner} to pass {load_rules(rules).pass_cards} cards (hidden: not" \
        f" seen)> hidden" in out.stdout
    assert f"event {len(whole.events)}: " in out.stdout
    score = f"The hand is over: {whole.result}: us {whole.score[0]:+d}, them {whole.score[1]:+d}"
    assert score in out.stdout
    text = path.read_text()
    assert f"pass {bidder.partner}: hidden\npass {bidder}: hidden\n" in text
    record = load_record(str(path))
    assert (record.result, record.score) == (whole.result, whole.score)
    assert record.known_seats == (you,) and record.state.exchange_hidden
    # every reader takes it
    shown = run("play", "--record", str(path), "--format", "json")
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout)
    assert data["exchange"]["to_bidder"] is None and data["exchange"]["to_partner"] is None
    assert data["score"] == {"us": whole.score[0], "them": whole.score[1]}
    rows = run("play", "--record", str(path), "--format", "csv")
    assert rows.exit_code == 0, rows.output
    row = next(csv.DictReader(io.StringIO(rows.stdout)))
    assert (row["result"], int(row["score_us"]), int(row["score_them"])) == \
        (whole.result, *whole.score)
    table = run("play", "--record", str(path), "--format", "table")
    assert table.exit_code == 0
    assert f"seat {bidder.partner} passes {load_rules(rules).pass_cards} hidden cards to the" \
        in " ".join(table.stdout.split())
    again = run("play", "--record", str(path), "--at", "trick 10", "--us", "formula",
                "--them", "formula", "--format", "record")
    assert again.exit_code == 0, again.output
    assert "hidden" not in again.stdout  # the what-if deals the exchange too
    mine = next(n for n, e in enumerate(whole.events, 1) if e.kind == "play" and e.seat == you
                and n > len(whole.events) // 2)
    card = run("card", "--record", str(path), "--at", str(mine), "-n", "40", "--format",
               "json")
    assert card.exit_code == 0, card.output
    review = run("review", str(path), "--samples", "30", "--exact", "0", "--format", "json")
    assert review.exit_code == 0, review.output


def test_a_bidding_side_seat_is_refused_a_hidden_pass(tmp_path):
    whole = exchanged_hand(DAVIS, 1)
    partner = whole.state.bidder.partner
    lines = typed_by_defender(whole, partner)
    at = lines.index("hidden")
    path = tmp_path / "hand.txt"
    out = run("table", "--save", str(path), "--seat", str(partner), "-c", "davis", "-n", "40",
              input="\n".join(lines[:at + 1]) + "\n")
    assert out.exit_code == 1  # the line was refused, and the script says so
    assert f"(seat {partner} passes hidden cards): the record gives seat {partner}'s hand, so" \
        " its exchange was seen" in " ".join(out.stdout.split())


def defended_hand(rules: str):
    """The first hand from seed 1 on that the formula players bid, exchanged (where the rules
    pass cards) and played, every card seen, as ``exchanged_hand``."""
    if load_rules(rules).pass_cards:
        return exchanged_hand(rules, 1)
    for seed in range(1, 31):
        record = play_hand(deal_cards(seed), "formula", "formula", load_rules(rules),
                           seed=hand_seed(seed))
        if record.state.contract is not None and record.state.tricks:
            return record
    raise AssertionError("no hand played")


def every_game() -> list[tuple[str | None, str]]:
    """(``--rules``, convention): each convention with no rules (its own game) and with every
    preset; under Davis's convention each preset in Davis's game (any bid, four cards passed),
    but toby-thomas, which passes its own three. A preset that is the convention's own game is
    left to the first (standard under jump and Davis's, toby-thomas under Toby's)."""
    out: list[tuple[str | None, str]] = []
    for convention in CONVENTIONS:
        out.append((None, convention))
        own = convention_rules(convention)[0]
        for preset in PRESETS:
            exchange = convention == "davis" and not PRESETS[preset].pass_cards
            rules = preset + (",steps=any,passing.cards=4" if exchange else "")
            if load_rules(rules).differences() != own.differences():
                out.append((rules, convention))
    return out


@pytest.mark.parametrize("rules, convention", every_game())
def test_a_defender_follows_every_preset_and_convention_to_the_score(tmp_path, rules,
                                                                      convention):
    """From a fresh clone, nothing but the command (no ``PINOCHLE_RULES``): the defender types
    the first half of the hand (the hidden passes included), stops, goes on with ``--resume``;
    the score is the hand's seen whole, and the record reads back with it."""
    chosen = convention_rules(convention, None if rules is None else load_rules(rules))[0]
    whole = defended_hand(chosen.name if rules is None else rules)
    assert whole.rules == chosen
    bidder = whole.state.bidder
    you = bidder.after(1 + 2 * (len(whole.events) % 2))  # either defender
    asked = any(e.kind == "request" for e in whole.events)
    heard = convention != "toby"  # under Toby's own, the defender missed the suit asked for
    lines = typed_by_defender(whole, you, heard)
    hidden = [n for n, line in enumerate(lines) if line == "hidden"]
    assert len(hidden) == (2 if chosen.pass_cards else 0)
    cut = max([len(lines) // 2, *(n + 1 for n in hidden)])
    path = tmp_path / "hand.txt"
    first = run("table", "--save", str(path), "--seat", str(you), "-c", convention, "-n", "8",
                *(() if rules is None else ("--rules", rules)),
                input="\n".join(lines[:cut]) + "\n", env={"PINOCHLE_RULES": None})
    assert first.exit_code == 0 and "refused" not in first.stdout, first.output
    prompts = first.stdout.count(f"to pass {chosen.pass_cards} cards (hidden: not seen)> hidden")
    if asked and not heard:  # the partner's pass typed where the suit asked for was awaited
        assert f"to ask for a suit (or hidden: seat {bidder.partner}'s pass, not seen)> hidden" \
            in first.stdout
        prompts += 1
    assert prompts == len(hidden)
    half = load_record(str(path))
    assert half.state.exchange_hidden == bool(hidden) and not half.state.complete
    assert half.rules == chosen
    # a shell's default rule set is for new hands: the record's own go on
    rest = run("table", "--resume", str(path), "-n", "8", input="\n".join(lines[cut:]) + "\n",
               env={"PINOCHLE_RULES": "npa,scale=10"})
    assert rest.exit_code == 0 and "refused" not in rest.stdout, rest.output
    score = f"The hand is over: {whole.result}: us {whole.score[0]:+d}, them {whole.score[1]:+d}"
    assert score in rest.stdout
    assert "Advice: play" in rest.stdout  # the card advice at the defender's turns
    text = path.read_text()
    assert text.count(": hidden\n") == len(hidden)
    record = load_record(str(path))
    assert (record.result, record.score, record.rules) == (whole.result, whole.score, chosen)
    assert record.known_seats == (you,)
    piped = run("play", "--record", "-", "--format", "json", input=text)  # standard input
    assert piped.exit_code == 0, piped.output
    assert json.loads(piped.stdout)["score"] == {"us": whole.score[0], "them": whole.score[1]}


def test_resume_keeps_the_records_rules_over_the_shells_default(tmp_path):
    """``--rules`` with ``--resume`` is refused (the record's rules stand); ``PINOCHLE_RULES``,
    the default for a new hand, does not stop a resume and does not change its rules."""
    path = tmp_path / "defender.txt"
    path.write_text((ROOT / "samples" / "defender.txt").read_text())
    refused = run("table", "--resume", str(path), "--rules", "npa", input="quit\n")
    assert refused.exit_code == 2 and "leave out --save, --rules" in refused.output
    kept = run("table", "--resume", str(path), input="quit\n", env={"PINOCHLE_RULES": "npa"})
    assert kept.exit_code == 0, kept.output
    assert "rules standard,steps=any,passing.cards=4)" in " ".join(kept.stdout.split())
    assert load_record(str(path)).rules == load_rules(DAVIS)
