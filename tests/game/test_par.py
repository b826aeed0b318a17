"""A recorded hand's par and exact costs (``game.par``): every exact cost equal to the solver's
cost of that card at the position rebuilt from the record's JSON alone (the hands dealt, the
exchange, the tricks as written: no ``HandState``); the finish from the first trick reached
equal to the tricks before as written plus the solver's value there; the rule set's scale and
the side names; records that do not give every hand have none; the review's exact costs."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pinochle_calc.cards import Card
from pinochle_calc.game.hand import Play, Record, read_json, to_json
from pinochle_calc.game.hand.errors import RecordError
from pinochle_calc.game.par import hand_par
from pinochle_calc.game.replay import continue_from
from pinochle_calc.game.review import review
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.play import solver
from pinochle_calc.play.search import PySolver
from pinochle_calc.play.solver import solve
from pinochle_calc.play.tricks import encode, legal_cards
from pinochle_calc.rules import load_rules

needs_c = pytest.mark.skipif(not solver.COMPILED, reason="whole hands need the compiled solver")
RULES = "standard,scale=10,passing.cards=4"


def played(seed: int, rules: str = RULES, policy: str = "formula") -> Record:
    """The first hand from ``seed`` on whose cards were played (not thrown in)."""
    while True:
        record = play_hand(deal_cards(seed), policy, policy, load_rules(rules),
                           seed=hand_seed(seed))
        if len(record.state.tricks) == 20:
            return record
        seed += 1


def rebuilt(record: Record) -> tuple[list[list[int]], int, list[tuple[int, list[int]]]]:
    """From the record's JSON alone: the four hands when play began (dealt, less what each
    passed, plus what it received), the trump, and the tricks (leader, cards)."""
    data = to_json(record)
    hands = [list(Hand.parse(h).counts) for h in data["hands"]]
    bidder = data["contract"]["seat"]
    for seat, cards, sign in ((bidder ^ 2, data["exchange"]["to_bidder"], -1),
                              (bidder, data["exchange"]["to_bidder"], 1),
                              (bidder, data["exchange"]["to_partner"], -1),
                              (bidder ^ 2, data["exchange"]["to_partner"], 1)):
        for c in cards:
            hands[seat][Card.parse(c).index] += sign
    trump = "SHDC".index(data["contract"]["trump"])
    tricks = [(t["leader"], [Card.parse(c).index for c in t["cards"]]) for t in data["play"]]
    assert tricks[0][0] == bidder  # the bidder leads the first trick
    return hands, trump, tricks


def positions(hands, tricks):
    """(hands now, leader, trick so far, card) before each card, in order."""
    rows = [list(h) for h in hands]
    for leader, cards in tricks:
        for k, card in enumerate(cards):
            yield [list(r) for r in rows], leader, cards[:k], card
            rows[(leader + k) % 4][card] -= 1


@needs_c
@pytest.mark.parametrize("seed", [3, 9])
def test_every_exact_cost_is_the_solvers_cost_of_that_card(seed):
    record = played(seed)
    scale = record.rules.scale
    par = hand_par(record, 300_000, seconds=None)
    hands, trump, tricks = rebuilt(record)
    engine = solver.new_engine(trump, 10)
    plays = [n for n, e in enumerate(record.events, 1) if isinstance(e, Play)]
    assert [n for n, _ in par.costs] == plays
    assert par.from_trick is not None and par.from_trick <= 14
    first = 4 * (par.from_trick - 1)
    for i, ((n, cost), (rows, leader, trick, card)) in enumerate(
            zip(par.costs, positions(hands, tricks))):
        forced = len(legal_cards(rows[(leader + len(trick)) % 4], trick, trump)) == 1
        if i < first and (cost is None or forced):  # before the trick reached: a forced
            assert cost is None or cost == 0  # card costs 0 (none else, but the trick's
            continue  # last cards, where the walk reached them)
        assert cost == solve(rows, trump, leader, trick, solver=engine).cost(card) * scale, n
    assert par.par is None and par.note is not None and "300,000 positions" in par.note


@needs_c
def test_the_finish_is_the_tricks_as_played_then_best_play():
    record = played(11)
    scale = record.rules.scale
    data = to_json(record)
    got = hand_par(record, 300_000, seconds=None)
    k = got.from_trick
    assert k is not None and got.finish is not None
    hands, trump, tricks = rebuilt(record)
    before = [0, 0]
    for t in data["play"][:k - 1]:
        before[t["winner"] % 2] += t["points"]
    rows, leader, _, _ = list(positions(hands, tricks))[4 * (k - 1)]
    best = solve(rows, trump, leader, values=False).points
    assert got.finish == (before[0] + best[0] * scale, before[1] + best[1] * scale)
    assert sum(got.finish) == 50 * scale
    assert f"from trick {k} on, best play by both makes it us {got.finish[0]}, them" \
        f" {got.finish[1]}" in got.note


def test_the_last_tricks_as_the_pure_python_search_values_them():
    """A tiny budget reaches the last few tricks: the finish there is the Python solver's
    value (``search``, the oracle of the compiled one) of the position at that trick."""
    record = played(8, "standard")
    got = hand_par(record, 300, seconds=None)
    k = got.from_trick
    assert k is not None and k >= 17 and got.finish is not None
    hands, trump, tricks = rebuilt(record)
    rows, leader, _, _ = list(positions(hands, tricks))[4 * (k - 1)]
    codes = [c for row in rows for c in encode(row)]
    value = PySolver(trump).value(codes, leader, [])
    taken = [0, 0]
    for t in to_json(record)["play"][:k - 1]:
        taken[t["winner"] % 2] += t["points"]
    left = 2 + sum(n for row in rows for c, n in enumerate(row) if c % 5 < 3)
    assert got.finish == (taken[0] + value, taken[1] + left - value)


def test_a_deal_the_solver_sees_through_has_its_par_scaled_and_named_by_side():
    """Seat 1 holds every spade and names spades; as the bidder it leads the first trick:
    every trick is its side's, whatever the others hold: par them 500 (scale 10), us 0,
    every card's exact cost 0."""
    deck = [c for c in range(20) for _ in range(4)]
    spades = [c for c in deck if c < 5]
    rest = [c for c in deck if c >= 5]
    hands = [Hand.from_cards(Card.from_index(c) for c in part) for part in
             (rest[0:20], spades, rest[20:40], rest[40:60])]
    record = play_hand(hands, "formula", "formula", load_rules("standard,scale=10"),
                       contract=(1, "S", None))
    got = hand_par(record, None, seconds=None)
    assert got.par == (0, 500) and got.note is None
    assert all(c == 0 for _, c in got.costs)
    assert to_json(record, got)["par"] == {"us": 0, "them": 500}


def test_a_record_without_every_hand_has_no_par_and_says_why():
    record = played(3, "standard")
    mine = replace(record, hands=(record.hands[0], None, None, None))
    got = hand_par(mine)
    assert got.par is None and got.costs == () and "does not give every seat's hand" in got.note
    data = to_json(mine, got)
    assert data["par"] is None and data["par_note"] == got.note
    assert read_json(data) == read_json(to_json(mine))
    with pytest.raises(RecordError, match="does not give every seat's hand"):
        read_json({**data, "par": {"us": 20, "them": 30}, "par_note": None})


def test_the_json_par_reads_back_and_its_form_is_checked():
    record = played(8, "standard")
    data = to_json(record, hand_par(record, 20_000, seconds=None))
    assert "par" in data and "par_note" in data
    assert read_json(data) == read_json(to_json(record))
    good = {**data, "par": {"us": 31, "them": 19}, "par_note": None}
    assert read_json(good).events == record.events
    for bad in ({"us": 31, "them": 20}, {"us": 31}, [31, 19], {"us": True, "them": 49}):
        with pytest.raises(RecordError, match="par"):
            read_json({**data, "par": bad})
    with pytest.raises(RecordError, match="par_note"):
        read_json({**data, "par_note": 3})


@needs_c
def test_a_card_thrown_away_late_shows_its_exact_cost_in_the_review():
    """A hand played by the formula player, one card of the last tricks replaced by a card the
    solver says gives points away, the hand played on: the review gives that card its exact
    cost, and every later card of the seat the solver's own cost (0 where the card was
    best)."""
    record = played(9, "standard")
    hands, trump, tricks = rebuilt(record)
    plays = [n for n, e in enumerate(record.events, 1) if isinstance(e, Play)]
    chosen = None
    engine = solver.new_engine(trump, 10)
    for i, (rows, leader, trick, _) in enumerate(positions(hands, tricks)):
        if i < 52:
            continue
        found = solve(rows, trump, leader, trick, solver=engine)
        worse = [v.card for v in found.values if found.cost(v.card) > 0]
        if worse:
            chosen = (plays[i], worse[0], found.cost(worse[0]), (leader + len(trick)) % 4)
            break
    assert chosen is not None
    number, bad, cost, seat = chosen
    cut = replace(record, events=record.events[:number - 1] + (Play(record.events[
        number - 1].seat, bad),), result=None, score=None)
    redone = continue_from(cut, number + 1, "formula", "formula", seed=1)
    result = review(redone, (seat,), samples=20, exact=None, positions=300_000)
    mine = {d.event: d for d in result.decisions if d.phase == "play"}
    assert mine[number].actual == str(Card.from_index(bad))
    assert mine[number].exact == cost
    hands2, trump2, tricks2 = rebuilt(redone)
    plays2 = [n for n, e in enumerate(redone.events, 1) if isinstance(e, Play)]
    engine = solver.new_engine(trump2, 10)
    for n, (rows, leader, trick, card) in zip(plays2, positions(hands2, tricks2)):
        d = mine.get(n)
        if d is None or d.exact is None or n < number:
            continue
        assert d.exact == solve(rows, trump2, leader, trick, solver=engine).cost(card), n
    assert result.to_dict()["decisions"][0]["exact_cost"] is None  # a call: no exact cost


def test_the_see_through_deal_has_its_par_within_the_default_seconds():
    """The default budget of seconds (``limits.EXACT_SECONDS_PAR``) reaches the first lead of
    a deal whose every trick is the bidder's: a true par, as with no limit."""
    deck = [c for c in range(20) for _ in range(4)]
    hands = [Hand.from_cards(Card.from_index(c) for c in part) for part in
             ([c for c in deck if c >= 5][:20], [c for c in deck if c < 5],
              [c for c in deck if c >= 5][20:40], [c for c in deck if c >= 5][40:])]
    record = play_hand(hands, "formula", "formula", load_rules("standard"),
                       contract=(1, "S", None))
    got = hand_par(record)
    assert got.par == (0, 50) and got.note is None and got.reason is None
    assert got.words().startswith("Par (best play by both from the first lead")


@needs_c
def test_a_budget_of_seconds_gives_the_best_finish_labelled_never_a_par():
    """A small budget of CPU time stops the walk back somewhere (where depends on the
    machine): the line is the best finish from the first trick reached, equal to the tricks
    before as written plus the solver's value there (searched again without a limit), labelled
    as such and saying which budget ran out; it is never called a par."""
    record = played(11)
    scale = record.rules.scale
    got = hand_par(record, seconds=0.05)
    assert got.par is None and got.seconds == 0.05
    k = got.from_trick
    assert k is not None and 1 < k <= 20 and got.finish is not None
    hands, trump, tricks = rebuilt(record)
    before = [0, 0]
    for t in to_json(record)["play"][:k - 1]:
        before[t["winner"] % 2] += t["points"]
    rows, leader, _, _ = list(positions(hands, tricks))[4 * (k - 1)]
    best = solve(rows, trump, leader, values=False).points
    assert got.finish == (before[0] + best[0] * scale, before[1] + best[1] * scale)
    assert got.reason == "not solved within 0.05 s of search"
    words = got.words()
    assert words.startswith(f"Best finish from trick {k} (the tricks before as played")
    assert words.endswith(f"us {got.finish[0]}, them {got.finish[1]}; no par: the first lead"
                          " not solved within 0.05 s of search")
    assert "Par" not in words
    assert to_json(record, got)["par"] is None


def test_no_time_allowed_searches_nothing():
    """``seconds=0`` (``--exact 0``): no search, no finish; only the forced cards have a cost
    (0), and the note says no search was allowed."""
    record = played(3, "standard")
    got = hand_par(record, seconds=0)
    assert got.par is None and got.finish is None and got.from_trick is None
    assert got.note == "not worked out (no search allowed)" and got.searched == 0
    assert got.words() == "Par: not worked out (no search allowed)"
    assert all(c in (None, 0) for _, c in got.costs)
    assert hand_par(record, 0, seconds=None).note == got.note
