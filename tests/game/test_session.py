"""The table's logic (``game.session``): what a typed line means for the hand so far (a whole
trick at once, a lead line, a meld with its points, checked as records check them), what your
hand holds at the meld, the score sheet read within bounds, and the next hand of the game."""

from __future__ import annotations

import os

import pytest

from pinochle_calc.cards import CARDS
from pinochle_calc.errors import UserError
from pinochle_calc.game.hand import MeldShown, Play, Record, RecordError
from pinochle_calc.game.session import (
    add_to_sheet,
    game_so_far,
    meld_lines,
    meld_warning,
    next_path,
    next_record,
    read_entry,
    sheet_row,
    your_meld,
)
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.meld.engine import meld
from pinochle_calc.rules import load_rules
from pinochle_calc.scoring import read_sheet, score_game


def played(seed: int = 3, rules="standard") -> Record:
    return play_hand(deal_cards(seed), "formula", "formula", load_rules(rules),
                     seed=hand_seed(seed))


def first_play(record: Record) -> int:
    return next(i for i, e in enumerate(record.events) if isinstance(e, Play))


def test_a_whole_trick_typed_at_once_is_its_four_plays():
    record = played()
    for start in range(first_play(record), len(record.events), 4):
        before = record.prefix(start)
        cards = " ".join(CARDS[e.card].symbol for e in record.events[start:start + 4])
        entry = read_entry(before, cards)
        assert entry.events == record.events[start:start + 4]
        assert entry.apply(before).events == record.events[:start + 4]


def test_a_lead_line_is_the_trick_and_its_leader_is_checked():
    record = played()
    start = first_play(record) + 8
    trick = record.events[start:start + 4]
    line = f"lead {trick[0].seat}: " + " ".join(CARDS[e.card].symbol for e in trick)
    before = record.prefix(start)
    assert read_entry(before, line).apply(before).events == record.events[:start + 4]
    wrong = f"lead {(trick[0].seat + 1) % 4}: " + " ".join(CARDS[e.card].symbol for e in trick)
    with pytest.raises(RecordError, match="turn"):
        read_entry(before, wrong).apply(before)
    with pytest.raises(RecordError, match="a lead line starts a trick"):
        read_entry(record.prefix(start + 1), line)


def test_the_rest_of_a_trick_may_be_typed_but_never_more():
    record = played()
    start = first_play(record) + 1
    rest = " ".join(CARDS[e.card].symbol for e in record.events[start:start + 3])
    before = record.prefix(start)
    assert read_entry(before, rest).apply(before).events == record.events[:start + 3]
    more = rest + " " + CARDS[record.events[start + 3].card].symbol
    with pytest.raises(RecordError, match="at most 3 more"):
        read_entry(before, more)


def _meld_moment(record: Record) -> tuple[Record, MeldShown]:
    n = next(i for i, e in enumerate(record.events) if isinstance(e, MeldShown) and len(e.cards))
    return record.prefix(n), record.events[n]


def test_a_meld_typed_with_its_points_is_checked_as_a_record_checks_it():
    record = played()
    before, event = _meld_moment(record)
    after = before.then(event)
    points = after.state.melds[event.seat][0]
    line = f"{event.seat}: {points} {event.cards.symbols()}"
    assert read_entry(before, line).apply(before) == after
    for wrong in (points + 1, 0):
        entry = read_entry(before, f"{event.seat}: {wrong} {event.cards.symbols()}")
        with pytest.raises(RecordError, match=f"the meld says {wrong}, but the cards shown"
                           f" make {points}"):
            entry.apply(before)
    as_record = read_entry(before, f"meld {event.seat}: {points + 2} {event.cards.symbols()}")
    with pytest.raises(RecordError, match="the meld says"):
        as_record.apply(before)


def test_your_meld_at_the_meld_and_a_warning_when_you_show_less():
    record = played()
    before, event = _meld_moment(record)
    you = 0
    state = before.state
    held = state.after_exchange(you)
    report = meld(held, record.rules).trumps[state.trump]
    assert your_meld(before, you) == (report.points, your_meld(before, you)[1])
    lines = meld_lines(before, you)
    assert lines and str(report.points) in lines[0]
    assert len(report.melds) > 1  # seed 3: seat 0 holds three melds
    shown = your_meld(before, you)[1]
    # show one meld only (the cheapest), where the hand holds more
    least = min(report.melds, key=lambda m: m.points)
    less = Hand.parse(" ".join(str(c) for c in least.cards))
    warned = read_entry(before, f"{you}: {less.symbols()}").apply(before)
    assert warned.state.melds[you][0] == least.points < report.points
    assert f"you showed {least.points} meld, but your hand holds {report.points}" in \
        (meld_warning(warned, you) or "")
    whole = read_entry(before, f"{you}: {shown.symbols()}").apply(before)
    assert meld_warning(whole, you) is None


def test_the_sheet_row_and_the_game_it_makes(tmp_path):
    sheet = tmp_path / "game.csv"
    records = [played(seed) for seed in (3, 4, 5)]
    for record in records:
        add_to_sheet(record, str(sheet))
    rows = list(read_sheet(sheet.read_text().splitlines(), "g"))
    game = score_game(rows, load_rules("standard"))
    # the oracle: each record's own score, summed
    assert game.totals == tuple(sum(r.score[k] for r in records) for k in (0, 1))
    assert game_so_far(str(sheet), load_rules("standard")).totals == game.totals
    assert sheet_row(records[0])["result"] in ("", "thrown-in", "no-marriage")


def test_a_sheet_that_is_no_plain_file_is_refused_without_reading_it(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/full", "/dev/zero", str(tmp_path)):
        with pytest.raises(UserError, match="not a plain file"):
            add_to_sheet(played(), path)


def test_the_next_hand_passes_the_deal_left_and_never_takes_a_file(tmp_path):
    record = played().with_tag("Date", "2026-03-14")
    nxt = next_record(record)
    assert nxt.dealer == (record.dealer + 1) % 4 and nxt.events == ()
    assert nxt.tag("Deal") == "2" and nxt.tag("Date") == "2026-03-14"
    assert next_record(nxt).tag("Deal") == "3" and next_record(nxt).dealer == (nxt.dealer + 1) % 4
    # the last hand's place on the sheet is not the next one's
    marked = record.with_tag("Sheet", "/x/game.csv").with_tag("SheetRow", "at byte 0")
    assert next_record(marked).tags == nxt.tags
    first = tmp_path / "game.txt"
    assert next_path(str(first), 2) == str(tmp_path / "game-2.txt")
    assert next_path(str(tmp_path / "game-2.txt"), 3) == str(tmp_path / "game-3.txt")
    (tmp_path / "game-3.txt").write_text("taken")
    assert next_path(str(tmp_path / "game-2.txt"), 3) == str(tmp_path / "game-4.txt")


def test_a_sheet_is_read_within_its_bound(tmp_path, monkeypatch):
    from pinochle_calc.game import session

    sheet = tmp_path / "game.csv"
    add_to_sheet(played(), str(sheet))
    monkeypatch.setattr(session, "MAX_SHEET", len(sheet.read_bytes()) - 1)
    with pytest.raises(UserError, match="longer than"):
        add_to_sheet(played(), str(sheet))
    with pytest.raises(UserError, match="longer than"):
        game_so_far(str(sheet), load_rules("standard"))


# the score sheet, once ----------------------------------------------------------------------

def test_the_record_says_where_the_row_goes_before_it_is_written(tmp_path):
    """The journal's order: the record saved with the row's place marked, then the row, then
    the record saved without the mark; the sheet as each save finds it."""
    from pinochle_calc.game.session import put_on_sheet, sheet_addition

    sheet = tmp_path / "game.csv"
    add_to_sheet(played(4), str(sheet))
    before = sheet.read_bytes()
    seen = []
    record, row, warning = put_on_sheet(played(), str(sheet), lambda r: seen.append(
        (r.tag("SheetRow"), sheet.read_bytes())))
    assert row == sheet_row(played()) and warning is None
    addition = sheet_addition(played(), before)
    assert seen == [(f"adding at byte {len(before)}", before),
                    (f"at byte {len(before)}", before + addition)]
    assert sheet.read_bytes() == before + addition
    assert record.tag("Sheet") == os.path.realpath(sheet)
    assert put_on_sheet(record, str(sheet), seen.append) == (record, None, None)
    assert len(seen) == 2  # nothing saved the second time


def rows_of(sheet) -> list[str]:
    """A sheet's lines that are not comments (the settings line; every reader skips them)."""
    return [line for line in sheet.read_text().splitlines() if not line.startswith("#")]


def test_a_hand_goes_on_a_sheet_once_in_every_state_a_record_and_its_sheet_can_be_in(
        tmp_path, monkeypatch):
    from pinochle_calc.game.session import put_on_sheet

    monkeypatch.chdir(tmp_path)
    sheet = tmp_path / "game.jsonl"
    sheet.write_text('{"bidder": "us", "bid": 50, "meld_us": 20, "meld_them": 10}\n')
    saved = []
    record, row, _ = put_on_sheet(played(), str(sheet), saved.append)
    assert row is not None and len(rows_of(sheet)) == 2  # a JSON line added
    # after the line of the settings the record says (its rules: played by the engine)
    assert sheet.read_text().splitlines()[1] == "# pinochle-calc table --rules standard"
    # an older version's tag: the sheet as it was given, no place: on it
    old = played().with_tag("Sheet", "game.jsonl")
    assert put_on_sheet(old, "./game.jsonl", saved.append)[1] is None
    # the sheet edited by hand since (a row's figure changed): on it still
    sheet.write_text(sheet.read_text().replace('"bid": 50', '"bid": 500'))
    assert put_on_sheet(record, str(sheet), saved.append)[1] is None
    # the sheet emptied: the hand goes on it again (a new sheet: CSV, its header first)
    sheet.write_text("")
    assert put_on_sheet(record, str(sheet), saved.append)[1] is not None
    assert len(rows_of(sheet)) == 2 and sheet.read_text().startswith("# pinochle-calc table")
    # a mark left pending on a sheet changed since: the row written, with a warning
    size = len(sheet.read_bytes())
    pending = record.with_tag("SheetRow", "adding at byte 3")
    again, row, warning = put_on_sheet(pending, str(sheet), saved.append)
    assert row is not None and "changed while this hand was being added" in warning
    assert len(rows_of(sheet)) == 3 and again.tag("SheetRow") == \
        f"at byte {size}"
    # a hand not over goes on no sheet, and nothing is saved or written
    count, size = len(saved), len(sheet.read_bytes())
    with pytest.raises(RecordError, match="not over"):
        put_on_sheet(played().prefix(5), str(sheet), saved.append)
    assert len(saved) == count and len(sheet.read_bytes()) == size


def test_a_row_that_cannot_be_written_whole_leaves_the_sheet_as_it_was(tmp_path, monkeypatch):
    """A disk full after part of the row: the sheet cut back to its bytes before, so that a
    resume writes the row whole at the byte the record names."""
    import errno

    from pinochle_calc.game import session

    sheet = tmp_path / "game.csv"
    add_to_sheet(played(4), str(sheet))
    before = sheet.read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(session.os, "fsync", full)
    with pytest.raises(UserError, match="cannot write the score sheet .*: No space left"):
        add_to_sheet(played(), str(sheet))
    assert sheet.read_bytes() == before
