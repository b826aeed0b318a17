"""Records kept safe and read exactly: a save never leaves a temporary file, never writes over a
file it was not asked to, writes through a symbolic link and refuses what is not a plain file;
tags are checked so that every record written reads back; an error in a line names the column
of what is wrong; a meld shown is the cards of its melds; numbers of any size are refused, not
crashed on."""

from __future__ import annotations

import json
import os

import pytest

from pinochle_calc.errors import UserError
from pinochle_calc.game.hand import (
    MeldShown,
    Record,
    RecordError,
    load_record,
    read_json,
    read_text,
    save_record,
    write_json,
    write_text,
)
from pinochle_calc.game.hand.state import shown_cards
from pinochle_calc.game.hand.tags import check_added_tag, prediction_of
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.meld.engine import meld
from pinochle_calc.rules import PRESETS, STANDARD, load_rules


def played(seed: int = 3, rules=STANDARD) -> Record:
    return play_hand(deal_cards(seed), "formula", "formula", rules, seed=hand_seed(seed))


def leftovers(folder) -> list[str]:
    return sorted(p for p in os.listdir(folder) if p.endswith(".tmp"))


# saving ---------------------------------------------------------------------------------------

def test_a_save_replaces_the_file_whole_and_leaves_nothing_beside_it(tmp_path):
    path = tmp_path / "hand.txt"
    record = played()
    save_record(record.prefix(10), str(path), new=True)
    save_record(record, str(path))
    assert load_record(str(path)) == record
    assert leftovers(tmp_path) == []


def test_a_new_record_is_never_written_over_a_file(tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text("keep me\n")
    with pytest.raises(UserError, match="exists"):
        save_record(played(), str(path), new=True)
    assert path.read_text() == "keep me\n" and leftovers(tmp_path) == []


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"),
                                     KeyboardInterrupt()])
def test_a_failed_or_interrupted_save_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch,
                                                                         failure):
    path = tmp_path / "hand.txt"
    record = played()
    save_record(record.prefix(5), str(path), new=True)
    before = path.read_text()

    def broken(fd):
        raise failure

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(UserError if isinstance(failure, OSError) else KeyboardInterrupt):
        save_record(record, str(path))
    assert path.read_text() == before and leftovers(tmp_path) == []


def test_a_symbolic_link_is_written_through_and_stays_a_link(tmp_path):
    target, link = tmp_path / "real.txt", tmp_path / "link.txt"
    link.symlink_to(target)
    record = played()
    save_record(record.prefix(3), str(link), new=True)  # a link to nothing yet: a new file
    save_record(record, str(link))
    assert link.is_symlink() and load_record(str(target)) == record
    with pytest.raises(UserError, match="exists"):
        save_record(record, str(link), new=True)


def test_a_fifo_or_a_folder_is_refused_and_left_as_it_is(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(UserError, match="not a plain file"):
        save_record(played(), str(fifo))
    assert fifo.is_fifo()
    with pytest.raises(UserError, match="not a plain file"):
        save_record(played(), str(tmp_path))
    assert leftovers(tmp_path) == []


# tags -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "value"), [
    ("Rules", "book"), ("dealer", "9"), ("Date", "a\nb"), ("Date", "x" * 2001),
    ("1Date", "x"), ("Da te", "x"), ("D" * 41, "x")])
def test_a_tag_no_record_could_be_read_back_with_is_refused(name, value):
    with pytest.raises(RecordError):
        check_added_tag(name, value)
    with pytest.raises(RecordError):
        played().with_tag(name, value)


def test_every_tag_taken_reads_back_in_both_forms():
    record = played().with_tag("Date", "x" * 2000).with_tag("Place_2", "a \"quoted\" \\ place")
    assert read_text(write_text(record)) == record
    assert read_json(write_json(record)) == record


def test_a_json_record_tagged_with_the_records_own_names_is_refused():
    data = json.loads(write_json(played()))
    data["tags"]["Rules"] = "book"
    with pytest.raises(RecordError, match="Rules"):
        read_json(json.dumps(data))


@pytest.mark.parametrize("text", ["9" * 400, "²", "1e400", "0.5", "1", "", "nan", "٠.5"])
def test_a_prediction_is_a_chance_or_nothing(text):
    value = prediction_of(played().with_tag("Prediction", text)) if text else None
    expected = float(text) if text in ("0.5", "1") else None
    assert value == expected
    data = played().with_tag("Prediction", text).to_dict() if text else {}
    json.loads(json.dumps(data), parse_constant=lambda c: pytest.fail(f"JSON holds {c}"))


def test_a_json_number_of_thousands_of_digits_is_an_error_not_a_crash():
    text = write_json(played())
    big = text.replace('"call": 50', '"call": ' + "9" * 5000, 1)
    assert big != text
    with pytest.raises(RecordError, match="4,300 digits"):
        read_json(big)


# columns --------------------------------------------------------------------------------------

def _broken(record: Record, start: str, old: str, new: str) -> tuple[str, int, int]:
    """The record's text with ``old`` replaced by ``new`` in the first line starting with
    ``start``: the text, that line's number and the column of ``new`` in it."""
    lines = write_text(record).splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith(start) and old in line)
    lines[n] = "  " + lines[n].replace(old, new, 1)  # indented: columns count from the line
    return "\n".join(lines), n + 1, lines[n].index(new) + 1


def test_a_bad_card_in_a_trick_is_found_at_its_column():
    record = played()
    lines = write_text(record).splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith("lead"))
    words = lines[n].split()
    words[4] = "QX"  # the trick's third card
    lines[n] = "   " + " ".join(words)
    column = lines[n].index(" QX") + 2
    with pytest.raises(RecordError) as e:
        read_text("\n".join(lines), "r.txt")
    assert (e.value.line, e.value.column) == (n + 1, column)
    assert str(e.value).startswith(f"r.txt line {n + 1}, column {column}: card 3 of the"
                                   " trick: unknown card 'QX'")


@pytest.mark.parametrize("start", ["hand 1", "meld 0", "pass"])
def test_a_bad_card_in_a_hand_pass_or_meld_line_is_found_at_its_column(start):
    record = played(3, load_rules("standard,passing.cards=4"))
    lines = write_text(record).splitlines()
    line = next(x for x in lines if x.startswith(start))
    card = line.split()[-1]  # the last card group's last rank
    text, number, column = _broken(record, line, " " + card, " ZZ")
    with pytest.raises(RecordError) as e:
        read_text(text, "r.txt")
    assert (e.value.line, e.value.column) == (number, column + 1), str(e.value)


# meld shown -----------------------------------------------------------------------------------

def _meld_at(record: Record, cards: str) -> Record:
    """The record up to its first meld, then seat 0's meld replaced by ``cards``."""
    n = next(i for i, e in enumerate(record.events) if isinstance(e, MeldShown))
    shown = Hand.parse(cards) if cards else Hand([0] * 20)
    return record.prefix(n).then(MeldShown(record.events[n].seat, shown))


def test_cards_that_make_no_meld_or_are_in_no_meld_are_refused():
    record = played()
    n = next(i for i, e in enumerate(record.events) if isinstance(e, MeldShown))
    state = record.state_before(n + 1)
    seat = record.events[n].seat
    held = state.holding(seat)
    assert held is not None and state.trump is not None
    report = meld(held, record.rules).trumps[state.trump]
    right = shown_cards(report, held)
    assert _meld_at(record, right.symbols()).state.melds[seat][1] == right
    idle = next(c for c in range(20) if held.counts[c] > right.counts[c])
    more = Hand(k + (i == idle) for i, k in enumerate(right.counts))
    with pytest.raises(RecordError, match="in no meld"):
        _meld_at(record, more.symbols())
    lone = next(c for c in range(20) if held.counts[c] and not
                meld(Hand(int(i == c) for i in range(20)), record.rules).trumps[state.trump].points)
    with pytest.raises(RecordError, match="no meld"):
        _meld_at(record, Hand(int(i == lone) for i in range(20)).symbols())


@pytest.mark.parametrize("rules", PRESETS)
def test_every_meld_the_engine_shows_is_the_cards_of_its_melds(rules):
    """A record the engine wrote always reads back: the cards it shows make the same meld
    and are the cards of their melds again, under every rule set and trump."""
    rule_set = load_rules(rules)
    for seed in range(25):
        for hand in deal_cards(seed):
            report = meld(hand, rule_set)
            for trump in range(4):
                shown = shown_cards(report.trumps[trump], hand)
                if not len(shown):
                    continue
                again = meld(shown, rule_set).trumps[trump]
                assert again.points == report.trumps[trump].points
                assert shown_cards(again, shown) == shown
