"""Matches in games (``game.games``, ``arena --games``): each game's hands written as a score
sheet and scored by ``score --sheet`` (the same winner, the same totals), the score every seat
is told, the duplicate's two runs on the same cards, and the report recomputed from the runs."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from pinochle_calc.cli.app import app_for
from pinochle_calc.errors import UserError
from pinochle_calc.game.games import GameMatch, games_tally, play_game, play_run, run_games
from pinochle_calc.game.policies import Bid, StandardPlay
from pinochle_calc.game.session import sheet_row
from pinochle_calc.rules import STANDARD
from pinochle_calc.scoring import SHEET_COLUMNS
from pinochle_calc.seats import Seat

MATCH = GameMatch("thumb", "formula", STANDARD, 7, 100)


def run(*args: str):
    """``pinochle-calc ARGS`` run in process, as the console script runs it."""
    return CliRunner().invoke(app_for(list(args)), list(args))


def sheet_of(records) -> str:
    """A game's hands as a score sheet (CSV), as the table writes a finished hand's row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SHEET_COLUMNS)
    for record in records:
        row = sheet_row(record)
        writer.writerow([row[c] for c in SHEET_COLUMNS])
    return out.getvalue()


@pytest.mark.parametrize("number", [0, 1, 2])
def test_each_game_scores_on_the_sheet_as_it_was_played(tmp_path, number):
    for run_ in play_game(number, MATCH):
        path = tmp_path / f"game-{number}.csv"
        path.write_text(sheet_of(run_.records))
        result = run("score", "--sheet", str(path), "--format", "json")
        assert result.exit_code == 0, result.stdout
        game = json.loads(result.stdout)
        assert game["winner"] == run_.winner is not None
        assert (game["totals"]["us"], game["totals"]["them"]) == run_.totals
        # the sheet's game ends on its last hand: no hand was played after the end
        assert game["won_on"] == len(run_.records) and game["failed"] == 0


def test_every_hand_starts_from_the_games_score_and_the_deal_passes_left():
    first, second = play_game(3, MATCH)
    for game in (first, second):
        totals = (0, 0)
        for k, record in enumerate(game.records):
            assert record.tag("Score") == f"{totals[0]}:{totals[1]}"
            assert record.dealer == Seat((3 + k) % 4)
            assert (record.tag("Game"), record.tag("Deal")) == ("3", str(k + 1))
            totals = (totals[0] + record.score[0], totals[1] + record.score[1])
        assert totals == game.totals
        assert max(totals) >= 500
    # the duplicate: hand by hand the same cards and dealer, the policies' seats swapped
    for a, b in zip(first.records, second.records):
        assert a.hands == b.hands and a.dealer == b.dealer
        assert (a.tag("Us"), a.tag("Them")) == ("thumb", "formula")
        assert (b.tag("Us"), b.tag("Them")) == ("formula", "thumb")
        assert (a.tag("Run"), b.tag("Run")) == ("0", "1")


class Watcher(StandardPlay):
    """Passes unless stuck, and notes each call's seat and the score it was told."""

    name = "watcher"

    def __init__(self):
        self.seen = []

    def call(self, seat):
        self.seen.append((seat.number, seat.score))
        legal = seat.auction.legal()
        return Bid(legal.min_bid if legal.forced else None, "watching")


def test_a_seat_is_told_the_score_its_own_side_first():
    us, them = Watcher(), Watcher()
    game = play_run(0, us, them, GameMatch("watcher", "watcher", STANDARD, 2, 100))
    assert len(game.records) > 3  # stuck dealers bid the minimum: a game of many hands
    seen = {0: iter(us.seen), 1: iter(them.seen)}
    totals = (0, 0)
    for record in game.records:
        for call in record.state.auction.calls:
            # an auction counts seats from the dealer's left; sides are seats 0 and 2 of the
            # table, and 1 and 3
            side = (record.dealer + 1 + call.seat) % 4 & 1
            number, score = next(seen[side])
            assert number == call.seat
            assert score == (totals[side], totals[1 - side])
        totals = (totals[0] + record.score[0], totals[1] + record.score[1])
    assert next(seen[0], None) is None and next(seen[1], None) is None


def test_the_report_is_the_runs_counted_again():
    pairs = [play_game(n, MATCH) for n in range(4)]
    tally = games_tally("thumb", "formula", 4, 7, STANDARD, 100)
    for pair in pairs:
        tally.add(pair)
    report = tally.report()
    won = [((a.winner == "us") + (b.winner == "them")) / 2 for a, b in pairs]
    mean = sum(won) / 4
    var = sum((w - mean) ** 2 for w in won) / 3
    assert report.won.mean == pytest.approx(mean)
    assert report.won.stderr == pytest.approx((var / 4) ** 0.5)
    hands = [len(a.records) + len(b.records) for a, b in pairs]
    assert report.hands == sum(hands)
    margins = []
    for (a, b), n in zip(pairs, hands):
        points = sum(r.score[0] - r.score[1] for r in a.records)
        points += sum(r.score[1] - r.score[0] for r in b.records)
        margins.append(points / n)
    assert report.margin.mean == pytest.approx(sum(margins) / 4)
    thumb = report.policies[0]
    assert thumb.hands == sum(hands)
    assert thumb.points_per_hand == pytest.approx(
        (sum(r.score[0] for a, _ in pairs for r in a.records)
         + sum(r.score[1] for _, b in pairs for r in b.records)) / sum(hands))
    assert report.to_dict()["games_won"]["mean"] == round(mean, 4)


def test_games_do_not_depend_on_the_processes():
    one = run_games("thumb", "formula", 3, seed=9, samples=100, jobs=1)
    two = run_games("thumb", "formula", 3, seed=9, samples=100, jobs=2)
    assert one.won == two.won and one.margin == two.margin and one.hands == two.hands


def test_bad_matches_are_refused():
    with pytest.raises(UserError, match="both policies"):
        games_tally("thumb", "thumb", 3)
    with pytest.raises(UserError, match="games must be"):
        games_tally("thumb", "formula", 0)
    with pytest.raises(UserError, match="unknown policy"):
        games_tally("thumb", "nobody", 3)


def test_both_sides_reaching_the_target_on_one_hand_scores_as_the_sheet_scores_it(tmp_path):
    """Under a target of 40 both sides often pass it on the first hand: the bidding side wins
    then, as ``score --sheet`` (with the same rule set) decides."""
    rules = STANDARD.with_options(target=40)
    match = GameMatch("thumb", "formula", rules, 11, 100)
    both = 0
    for number in range(4):
        for run_ in play_game(number, match):
            both += min(run_.totals) >= 40
            path = tmp_path / f"game-{number}.csv"
            path.write_text(sheet_of(run_.records))
            result = run("score", "--sheet", str(path), "--rules", "standard,scoring.target=40",
                         "--format", "json")
            assert result.exit_code == 0, result.stdout
            assert json.loads(result.stdout)["winner"] == run_.winner
    assert both >= 2  # the case is played, not only possible


def test_arena_games_on_the_command_line():
    out = run("arena", "thumb", "formula", "--games", "2", "--seed", "7", "--samples", "100",
              "--format", "json")
    assert out.exit_code == 0, out.stdout
    report = json.loads(out.stdout)
    again = run_games("thumb", "formula", 2, seed=7, samples=100)
    assert report["games_won"] == {"mean": round(again.won.mean, 4),
                                   "stderr": round(again.won.stderr, 4)}
    assert report["hands"] == again.hands and report["policies"] == ["thumb", "formula"]
    rows = list(csv.DictReader(io.StringIO(run(
        "arena", "thumb", "formula", "--games", "2", "--seed", "7", "--samples", "100",
        "--format", "csv").stdout)))
    assert len(rows) == again.hands
    for game in ("0", "1"):  # each run's last row: the running totals and the winner
        for run_ in ("0", "1"):
            mine = [r for r in rows if r["game"] == game and r["run"] == run_]
            last = mine[-1]
            total = sum(int(r["score_us"]) for r in mine), sum(int(r["score_them"]) for r in mine)
            assert (int(last["total_us"]), int(last["total_them"])) == total
            assert last["winner"] in ("us", "them") and not any(r["winner"] for r in mine[:-1])
    for bad in (("--deals", "3"), ("--scheduler", "10.0.0.5"), ("--games", "0")):
        args = ("arena", "thumb", "formula", "--games", "2", *bad)
        result = run(*args)
        assert result.exit_code == 2, (bad, result.stdout)


def test_the_table_advises_the_call_for_the_game_from_the_score():
    from pinochle_calc.bidding.advise import advise
    from pinochle_calc.game.decisions import decision_seed
    from pinochle_calc.game.hand import Record
    from pinochle_calc.game.session import advice
    from pinochle_calc.game.whole import deal_cards

    record = Record(STANDARD, Seat(3), deal_cards(5, 0))  # seat 0 calls first
    lines = advice(record, 0, samples=200, seed=0, score=(470, 470))
    # the table seeds the call as every command seeds that event (decisions.decision_seed)
    expected = advise(record.hands[0], None, samples=200,
                      seed=decision_seed(record.state, 0), score=(470, 470))
    said = "pass" if expected.call is None else str(expected.call)
    assert lines[0].startswith(f"Advice: {said} ")
    chances = ", ".join(f"{'pass' if c is None else c} {p:.1%}" for c, p in
                        expected.game.chances)
    assert f"  the chance of winning the game after each call: {chances}" in lines
    assert not any("winning the game" in line for line in advice(record, 0, samples=200))


def test_a_side_reaching_the_target_exactly_wins_there_as_the_sheet_scores_it(tmp_path):
    """The target set to a total a side reached exactly in a game to 500 (above every total
    before it, the other side under it): the same hands end the game there, that side the
    winner, as ``score --sheet`` with the same target decides."""
    played = play_game(0, MATCH)[0]
    totals, seen = [], (0, 0)
    for record in played.records:
        seen = (seen[0] + record.score[0], seen[1] + record.score[1])
        totals.append(seen)
    found = [(k, side) for k, t in enumerate(totals) for side in (0, 1)
             if k > 0 and t[side] > t[1 - side] and t[side] > max(max(u) for u in totals[:k])]
    assert found  # a game to 500 has a lead at a new high before its end
    k, side = found[0]
    target = totals[k][side]
    match = GameMatch("thumb", "formula", STANDARD.with_options(target=target), 7, 100)
    run_ = play_game(0, match)[0]
    assert [r.score for r in run_.records] == [r.score for r in played.records[:k + 1]]
    assert run_.totals == totals[k] and run_.winner == ("us", "them")[side]
    path = tmp_path / "exact.csv"
    path.write_text(sheet_of(run_.records))
    result = run("score", "--sheet", str(path), "--rules", f"standard,scoring.target={target}",
                 "--format", "json")
    assert result.exit_code == 0, result.stdout
    game = json.loads(result.stdout)
    assert game["winner"] == run_.winner and game["won_on"] == k + 1
