"""The card advice: on a perfectly known position it gives an exhaustive search's best card
(and its exact value for every card), at any depth; in the last tricks of an unknown one each
deal's figures are the double-dummy solver's; elsewhere every legal card is scored on the same
deals meeting the facts, the figures repeat with the seed, and the contract turns trick points
into the chance to make it and the score."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from positions import played_position, small_deal

from pinochle_calc.cards import CARDS, Card
from pinochle_calc.errors import UserError
from pinochle_calc.hand import Hand
from pinochle_calc.meld.engine import meld
from pinochle_calc.play import advice as advice_module
from pinochle_calc.play.advice import advise_card
from pinochle_calc.play.dealer import suit_codes
from pinochle_calc.play.facts import read_position
from pinochle_calc.play.position import Position
from pinochle_calc.play.solver import COMPILED, engine, solve
from pinochle_calc.play.tricks import SUIT_OF, PlayState
from pinochle_calc.play.unseen import UnseenDealer


def exhaustive(state: PlayState, side: int) -> int:
    """The side's trick points from here with best play by both, by plain minimax over every
    play (no pruning, no table), through ``PlayState``."""
    if state.is_over:
        return 0
    ours = state.to_play & 1 == side
    values = [exhaustive_after(state, card, side) for card in state.legal()]
    return max(values) if ours else min(values)


def exhaustive_after(state: PlayState, card: int, side: int) -> int:
    after = state.play(card)
    return after.points[side] - state.points[side] + exhaustive(after, side)


def known_endgame(rng, tricks: int, plays: int | None = None):
    """A perfectly known position with ``tricks`` tricks left: a hand played to there (the
    trick in progress at random, or ``plays`` cards in all), every other seat's cards given as
    shown, the tricks before not given."""
    if plays is None:
        plays = 4 * (20 - tricks) + int(rng.integers(0, 4))
    position, truth = played_position(rng, plays=plays)
    shown = tuple(None if s == position.seat else Hand(truth[s]) for s in range(4))
    known = Position(position.hand, position.trump, position.seat, (), position.trick,
                     None, shown)
    state = PlayState(tuple(truth), position.trump, position.leader, position.trick)
    return known, state


@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_a_known_endgame_gets_the_exhaustive_search_best_card(tricks):
    rng = np.random.default_rng(tricks)
    for _ in range(12 if tricks == 3 else 20):
        position, state = known_endgame(rng, tricks)
        side = position.seat & 1
        exact = {c: exhaustive_after(state, c, side) for c in state.legal()}
        advice = advise_card(position, samples=20, seed=1)
        assert advice.searched
        assert {c.card: c.trick_points.mean for c in advice.choices} == exact
        assert all(c.trick_points.stderr == 0 for c in advice.choices)
        assert exact[advice.card] == max(exact.values())


@pytest.mark.skipif(not COMPILED, reason="deep exact search needs the compiled solver")
@pytest.mark.parametrize("tricks", [6, 9, 12])
def test_a_known_position_is_searched_exactly_at_any_depth(tricks):
    """Every other hand shown, 6 to 12 tricks out: the advice is the solver's value of every
    card, exactly (one layout), and the best card is one of the solver's best."""
    rng = np.random.default_rng(40 + tricks)
    for _ in range(2):
        position, state = known_endgame(rng, tricks)
        exact = solve(state.hands, state.trump, state.leader, state.trick)
        advice = advise_card(position, samples=30, seed=2)
        assert advice.searched and advice.to_dict()["method"] == "exact search"
        assert {c.card: c.trick_points.mean for c in advice.choices} == {
            v.card: v.points for v in exact.values}
        assert advice.card in exact.best


def test_the_exact_part_of_the_advice_is_the_solver_on_every_deal():
    """Unknown hands, within the exact horizon: per deal and card, the advice's figure is the
    solver's value of that deal (the same deals: the first of those the seed deals)."""
    rng = np.random.default_rng(17)
    tricks = min(advice_module.EXACT_TRICKS, 5)
    for _ in range(4):
        position, _ = played_position(rng, plays=4 * (20 - tricks) + int(rng.integers(0, 4)),
                                      shown=False)
        position = replace(position, contract=None)  # the figures are trick points
        advice = advise_card(position, samples=40, seed=3)
        assert advice.searched
        deals = UnseenDealer(read_position(position)).deal(np.random.default_rng(3), 40)
        assert min(advice_module.MIN_EXACT_DEALS, 40) <= advice.samples <= 40
        deals = deals[:advice.samples]
        for card, got in advice.values.items():
            want = [solve(d, position.trump, position.leader, position.trick).value(card)
                    for d in deals]
            assert got.tolist() == want
        assert len(suit_codes(deals)) == advice.samples


def test_the_exact_search_stops_at_its_budget_the_same_way_every_time(monkeypatch):
    """With a budget of positions searched too small for every deal, the advice searches the
    first deals only, the same ones whatever the solver did before; with too few, it plays
    them out."""
    rng = np.random.default_rng(23)
    position, _ = played_position(rng, plays=4 * 17 + 1, shown=False)
    full = advise_card(position, samples=60, seed=4)
    assert full.searched and full.samples == 60
    needed = engine(position.trump).nodes  # the table was emptied for this search
    monkeypatch.setitem(advice_module.NODE_BUDGET, COMPILED, needed * 2 // 3)
    part = advise_card(position, samples=60, seed=4)
    advise_card(played_position(rng, plays=70, shown=False)[0], samples=30)  # other work
    assert advise_card(position, samples=60, seed=4) == part
    assert part.searched and advice_module.MIN_EXACT_DEALS <= part.samples < 60
    for card, got in part.values.items():
        assert got.tolist() == full.values[card][:part.samples].tolist()
    monkeypatch.setattr(advice_module, "MIN_EXACT_DEALS", part.samples + 1)
    assert not advise_card(position, samples=60, seed=4).searched


def test_beyond_the_horizon_the_deals_are_played_out():
    rng = np.random.default_rng(4)
    position, _ = played_position(rng, plays=4 * (20 - advice_module.EXACT_TRICKS - 3),
                                  shown=False)
    advice = advise_card(position, samples=50, seed=1, more=False)
    assert not advice.searched and advice.samples == 50
    assert advice.to_dict()["method"] == "play-outs"


def test_every_legal_card_once_and_the_same_figures_from_the_same_seed():
    rng = np.random.default_rng(3)
    for _ in range(6):
        position, _ = played_position(rng, plays=int(rng.integers(0, 60)))
        a = advise_card(position, samples=60, seed=5)
        b = advise_card(position, samples=60, seed=5)
        assert a == b
        legal = set(PlayState((position.hand.counts,) * 4, position.trump, position.leader,
                              position.trick).legal())
        assert sorted(c.card for c in a.choices) == sorted(legal)
        means = [c.score.mean for c in a.choices]
        assert means == sorted(means, reverse=True) and a.card == a.choices[0].card


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_contract_gives_the_chance_to_make_it_and_the_score(seat):
    """Double aces around (100 meld) makes a 50 bid whatever the tricks; nothing makes 500.
    At every seat (each side's own trick points on its own side of the score)."""
    hand = Hand.parse("AS AS AH AH AD AD AC AC KS QS KH QH KD QD KC QC JS JH JD JC")
    none = tuple(None if s == seat else Hand([0] * 20) for s in range(4))
    easy = advise_card(Position(hand, 1, seat, contract=(seat, 50), shown=none), samples=40,
                       seed=2)
    assert all(c.make_probability == 1.0 for c in easy.choices)
    # made: the side scores its meld and tricks, the other side its tricks (no meld shown)
    own = meld(hand).trumps[1].points
    assert own >= 100
    assert any(c.trick_points.mean != 25 for c in easy.choices)
    for c in easy.choices:
        assert c.score.mean == pytest.approx(own + c.trick_points.mean
                                             - (50 - c.trick_points.mean), abs=1e-6)
    hard = advise_card(Position(hand, 1, seat, contract=(seat, 500), shown=none), samples=40,
                       seed=2)
    for c in hard.choices:
        assert c.make_probability == 0.0
        assert c.score.mean == pytest.approx(-500 - (50 - c.trick_points.mean), abs=1e-6)


def test_the_players_own_meld_is_that_of_its_hand_when_play_began():
    """Mid-hand, the tricks so far given, its own meld not: the figures are those with the
    meld of the hand it was dealt (the test's own deal) shown."""
    rng = np.random.default_rng(33)
    melded = 0
    for _ in range(8):
        dealt = small_deal(rng, 20)
        position, _ = played_position(rng, plays=int(rng.integers(8, 60)), hands=dealt)
        shown = tuple(Hand([0] * 20) if s != position.seat else None for s in range(4))
        position = replace(position, shown=shown)
        given = replace(position, shown=tuple(Hand(dealt[s]) if s == position.seat else h
                                              for s, h in enumerate(shown)))
        a = advise_card(position, samples=20, seed=3, more=False)
        b = advise_card(given, samples=20, seed=3, more=False)
        assert a.missing == () and [c.score for c in a.choices] == [c.score for c in b.choices]
        melded += meld(Hand(dealt[position.seat])).trumps[position.trump].points > 0
    assert melded >= 3


def test_feeding_partner_a_counter():
    """Partner (seat 2) led A♠, which nothing beats; seat 1, last to play, takes the next
    trick with A♣: the 10♠ is fed to partner now rather than lost later."""
    shown = (None, Hand.parse("JS AC"), Hand.parse("JC"), Hand.parse("QD"))
    trick = tuple(Card.parse(c).index for c in ("AS", "QS"))
    position = Position(Hand.parse("10S JS"), 1, 0, (), trick, None, shown)
    advice = advise_card(position, samples=10)
    assert CARDS[advice.card].symbol == "10♠"
    assert [c.trick_points.mean for c in advice.choices] == [2, 1]  # A♠ with or without 10♠
    assert advice.reason.startswith("partner's A♠ wins the trick: feed it a counter; 1.00"
                                    " ± 0.00 trick points better than J♠")


def test_a_few_deals_alike_are_not_taken_for_a_known_position(monkeypatch):
    """``--samples 1`` at 15 tricks left dealt one layout, which the advice took for a position
    the facts leave known and searched exactly within its budget (minutes a card).
    Now a few deals alike are played out; where the facts do leave one layout, it is searched
    at any number of samples."""
    hand = Hand.parse("AH 10H KH QH JH AC 10C KC QC JC AD 10D KD QD JD")
    asked = []
    real = advice_module._searched

    def spy(p, codes, legal, side, budget, clear=True, clock=None):
        asked.append(budget)
        return real(p, codes, legal, side, budget, clear, clock)

    monkeypatch.setattr(advice_module, "_searched", spy)
    for samples in (1, 2, advice_module.MIN_EXACT_DEALS - 1):
        advice = advise_card(Position(hand, 0), samples=samples, seed=1)
        assert not advice.searched and asked == []
    if COMPILED:
        rng = np.random.default_rng(41)
        position, _ = known_endgame(rng, 12)  # past what the normal budget searches
        assert advise_card(position, samples=1, seed=2).searched
        assert asked and asked[-1] == advice_module.KNOWN


def naive_rest(hands, trump: int, leader: int, trick: tuple, card: int, side: int) -> int:
    """The side's trick points from here when the player plays ``card`` and every later card
    is forced (one legal card each): worked out by the naive rules (``naive_rules``) on the
    cards' text, the tricks' winners and counters and the last trick's 2."""
    import naive_rules as naive

    text = [[str(CARDS[c]) for c in range(20) for _ in range(h[c])] for h in hands]
    suit = "SHDC"[trump]
    played = [str(CARDS[c]) for c in trick] + [str(CARDS[card])]
    seat = (leader + len(trick)) % 4
    text[seat].remove(str(CARDS[card]))
    points = [0, 0]
    while True:
        while len(played) < 4:  # every later card is forced: check it is
            seat = (leader + len(played)) % 4
            allowed = naive.legal(text[seat], played, suit)
            assert len(allowed) == 1
            played.append(allowed.pop())
            text[seat].remove(played[-1])
        leader = (leader + naive.winner(played, suit)) % 4
        last = not any(text)
        points[leader % 2] += naive.counters(played) + 2 * last
        if last:
            return points[side]
        played = []


@pytest.mark.parametrize("tricks, in_trick", [(1, 0), (1, 1), (1, 2), (1, 3), (2, 3)])
def test_the_play_outs_credit_each_trick_to_the_side_that_wins_it(monkeypatch, tricks,
                                                                 in_trick):
    """Positions every hand known where each card after the player's is forced (one trick
    left, or two with the player last to the trick in progress), played out rather than
    searched: each card's trick points are the naive rules' count, trick by trick, of who
    wins it, its counters and the last trick's 2."""
    monkeypatch.setattr(advice_module, "_exact_plan", lambda p, facts, codes: None)
    rng = np.random.default_rng(60 + 4 * tricks + in_trick)
    won_by = set()
    for _ in range(25):
        position, state = known_endgame(rng, tricks, 4 * (20 - tricks) + in_trick)
        side = position.seat & 1
        advice = advise_card(position, samples=3, seed=1)
        assert not advice.searched and len(position.trick) == in_trick
        for choice in advice.choices:
            want = naive_rest(state.hands, state.trump, state.leader, state.trick, choice.card,
                              side)
            assert choice.trick_points.mean == want and choice.trick_points.stderr == 0
            if in_trick == 3:
                won_by.add(state.play(choice.card).leader % 2 == side)
    if in_trick == 3:
        assert won_by == {True, False}  # the trick the card completes went to either side


def test_the_play_outs_are_the_scalar_engines_deal_by_deal(monkeypatch):
    """Mid-hand positions (the tricks so far given), played out: per legal card and deal, the
    advice's trick points are those of ``PlayState.play`` (the card, its trick's winner and
    points, the voids it shows) then ``tricks.playout``, the readable reference, with four
    heuristic players from there, the voids the hand had shown as the true play shows them."""
    from pinochle_calc.play.players import heuristic_follow, heuristic_lead
    from pinochle_calc.play.tricks import encode, playout

    monkeypatch.setattr(advice_module, "_exact_plan", lambda p, facts, codes: None)
    rng = np.random.default_rng(71)
    trumped = 0
    for _ in range(14):
        dealt = small_deal(rng, 20)
        plays = 4 * int(rng.integers(2, 19)) + int(rng.integers(1, 4))
        position, _ = played_position(rng, plays=plays, shown=False, hands=dealt)
        position = replace(position, contract=None)  # the figures are trick points
        true = PlayState.deal(dealt, position.trump,
                              position.tricks[0].leader if position.tricks else position.leader)
        for card in [c for t in position.tricks for c in t.cards] + list(position.trick):
            true = true.play(card)
        side = position.seat & 1
        advice = advise_card(position, samples=12, seed=9, more=False)
        assert not advice.searched
        deals = UnseenDealer(read_position(position)).deal(np.random.default_rng(9), 12)
        for card, got in advice.values.items():
            want = []
            for deal in deals:
                state = PlayState(tuple(map(tuple, deal.tolist())), true.trump, true.leader,
                                  true.trick, voids=true.voids).play(card)
                H = [code for hand in state.hands for code in encode(hand)]
                rest = playout(H, state.trump, state.leader, [heuristic_lead] * 4,
                               [heuristic_follow] * 4, trick=state.trick, voids=state.voids)
                want.append(state.points[side] + rest[side])
            assert got.tolist() == want, CARDS[card].symbol
            led = SUIT_OF[position.trick[0]]
            trumped += SUIT_OF[card] != led and SUIT_OF[card] == position.trump
    assert trumped >= 3  # cards that trump the suit led, showing a void in it but not in trump


def test_a_known_position_past_the_budget_says_it_was_played_out():
    """Every other hand shown but the search stopped by its budget of seconds (``exact``): the
    deals are played out, and the advice says why rather than quietly changing method; with no
    time at all (``exact=0``) the same, in its own words. Within the budget the same position
    is the exact search (the tests above: the solver's and the exhaustive search's values)."""
    rng = np.random.default_rng(7)
    position, _ = known_endgame(rng, 19)  # far past what 10 ms of CPU time searches
    advice = advise_card(position, samples=20, seed=1, exact=0.01)
    assert not advice.searched and advice.to_dict()["method"] == "play-outs"
    assert advice.method_note == ("every other hand is known, but the exact search did not"
                                  " finish within 0.01 s")
    assert advice.to_dict()["method_note"] == advice.method_note
    none = advise_card(position, samples=20, seed=1, exact=0)
    assert not none.searched and none.method_note == (
        "every other hand is known, but no time was allowed for the exact search")
    small, _ = known_endgame(rng, 3)
    found = advise_card(small, samples=20, seed=1, exact=0.01)
    assert found.searched and found.method_note is None
    unknown = advise_card(Position(position.hand, position.trump, position.seat, (),
                                   position.trick), samples=20, seed=1, exact=0.01)
    assert unknown.method_note is None  # not a known position: nothing was meant to be exact
    for bad in (-1, float("nan"), 86_401):
        with pytest.raises(UserError):
            advise_card(small, samples=20, exact=bad)
    with pytest.raises(TypeError):
        advise_card(small, samples=20, exact="1")  # type: ignore[arg-type]
