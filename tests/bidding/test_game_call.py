"""The call for the game (``bidding.game_call``): each call's chance of winning the game worked
out again deal by deal from the estimate's own outcomes (the scalar scorer, ``game_winner``
for the end of the game, the table only where the game goes on), hand-worked positions near
the target, and the choice between the call for the game and the call for points."""

from __future__ import annotations

import numpy as np
import pytest

from pinochle_calc.bidding.advise import advise
from pinochle_calc.bidding.chances import game_chances
from pinochle_calc.bidding.estimate import own_hints
from pinochle_calc.bidding.game_call import GAME_MARGIN, choose_for_game, game_words
from pinochle_calc.bidding.price import _mine
from pinochle_calc.rules import STANDARD
from pinochle_calc.scoring import HandInput, game_winner, score_hand

#: A hand that makes the lowest bid about two times in three with its partner's opening.
FAIR = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
#: A hand with little meld: the points advice passes it where it may.
WEAK = "10S 10S KS KS QS JS 10H 10H AD AD AD 10D 10D 10D JD JD 10C 10C KC JC"


def oracle(advice, bid: int, score: tuple[int, int]) -> float:
    """The chance that the hand's side wins the game when it plays its contract at ``bid``
    on every deal of the estimate (both opponents out of the auction), each deal scored by
    ``score_hand`` from the meld and trick points the estimate played, the game ended by
    ``game_winner``, else the table's chance with the next dealer (the dealer's left, seat 0
    of the auction) dealing."""
    rules, auction = advice.rules, advice.auction
    result = advice.estimate
    meld, tricks, theirs, married = _mine(result, slice(None), own_hints(auction, "jump"),
                                          rules)
    table = game_chances(rules)
    me = auction.next_seat
    deal_next = (0 - me) % 2  # 0: the hand's side deals the next hand
    out = []
    for m, t, o, ok in zip(meld.tolist(), tricks.tolist(), theirs.tolist(), married.tolist()):
        hand = HandInput(0, bid, (m, o), (t, rules.trick_points - t),
                         None if ok else "no-marriage")
        us, them = score_hand(hand, rules).points
        totals = (score[0] + us, score[1] + them)
        winner = game_winner(totals, 0, rules.target_points)
        if winner is None:
            out.append(float(table.going_on(*totals, deal_next)))
        else:
            out.append(float(winner == "us"))
    return float(np.mean(out))


@pytest.mark.parametrize("score", [(460, 300), (470, 470), (300, 480), (495, 495), (0, 0)])
def test_a_bids_chance_is_the_estimates_deals_scored_one_by_one(score):
    # both opponents have passed: a bid stands, and the side plays it on every deal
    advice = advise(FAIR, "p 50 p", samples=300, score=score)
    assert advice.game is not None and advice.game.score == score
    bids = [c for c, _ in advice.game.chances if c is not None]
    assert bids and all(b > 50 for b in bids)
    for bid in bids:
        assert advice.game.chance(bid) == pytest.approx(oracle(advice, bid, score), abs=1e-9)


def test_at_the_target_a_made_contract_is_the_game():
    """At 460 a made contract (at least 50) reaches the target: the chance of winning after a
    bid is at least the share of the estimate's deals that make it, and above it only by the sets
    after which the game goes on."""
    advice = advise(FAIR, "p 50 p", samples=300, score=(460, 300))
    totals = advice.estimate.best.totals  # each deal's meld and tricks (-1: the bid lost)
    for bid, chance in advice.game.chances:
        if bid is None:
            continue
        made = {bid: float((totals >= bid).mean())}
        assert chance >= made[bid] - 1e-9
        # after a set the side is at 460 - bid, at most 410, the opponents at least 300: the
        # table's chance from there bounds what the sets add
        worst = game_chances(STANDARD).going_on(460 - bid, 300, 0)
        assert chance <= made[bid] + (1 - made[bid]) * max(worst, 0.0) + 1e-9


def test_both_sides_near_the_target_a_weak_hand_bids_for_the_game():
    """At 470 to 470 whoever makes a contract wins: the points advice passes a weak hand, the
    call for the game bids, and says why in the player's words."""
    points = advise(WEAK, None, samples=300)
    game = advise(WEAK, None, samples=300, score=(470, 470))
    assert points.call is None and game.game.points_call is None
    assert game.call == 50 and game.game.differs
    assert "at 470 a made contract wins the game" in game.reason
    assert "at 470 the opponents go out with a made contract" in game.reason
    assert game.game.chance(50) > game.game.chance(None) + GAME_MARGIN
    # far from the target the same hand passes, as the points advice does
    early = advise(WEAK, None, samples=300, score=(0, 0))
    assert early.call is None and not early.game.differs


def test_with_no_score_nothing_changes():
    plain = advise(FAIR, "50 52 p", samples=200)
    assert plain.game is None and plain.to_dict()["game"] is None
    scored = advise(FAIR, "50 52 p", samples=200, score="0:0")
    assert scored.game.score == (0, 0)
    record = scored.to_dict()["game"]
    assert record["score"] == {"us": 0, "them": 0} and record["target"] == 500
    assert {e["call"] for e in record["win_chance"]} >= {"pass", 53, plain.call}


def test_the_call_for_the_game_needs_more_than_the_margin_and_not_the_points_margin():
    # (chance of winning the game, margin in points) of each call; the points call is 56
    weighed = {None: (0.40, -10.0), 53: (0.45, 5.0), 56: (0.44, 8.0)}
    assert choose_for_game(weighed, 56, slope=0.0) == 53  # 0.01 more of the games
    assert choose_for_game({**weighed, 53: (0.44 + GAME_MARGIN / 2, 5.0)}, 56, 0.0) == 56
    # a call whose margin in points is above the points call's is not credited with what
    # those points are worth (the slope a point): the tuned points advice chose to forgo them
    assert choose_for_game(weighed, 56, slope=0.01) == 53  # 53's margin is below: no change
    more = {56: (0.44, 0.0), 60: (0.46, 3.0)}
    assert choose_for_game(more, 56, slope=0.01) == 56  # 0.02 more, 0.03 of it the points
    assert choose_for_game(more, 56, slope=0.001) == 60  # 0.017 more for the game alone


@pytest.mark.parametrize("score", ["500:0", "0:500", "abc", "1:2:3", "480", (1, 2, 3)])
def test_a_bad_score_is_refused(score):
    from pinochle_calc.errors import UserError

    with pytest.raises((UserError, TypeError)):
        advise(FAIR, "50 52 p", samples=100, score=score)


def test_the_scores_words():
    assert game_words((480, 300), STANDARD) == (
        "you 480, the opponents 300, target 500: you need 20, the opponents 200; a contract"
        " you make wins you the game")
    words = game_words((460, 470), STANDARD)
    assert "a contract the opponents make wins it for them" in words
    assert "the bidding side wins" in words


def test_a_call_exactly_the_margin_better_is_not_made(monkeypatch):
    from pinochle_calc.bidding import game_call

    monkeypatch.setattr(game_call, "GAME_MARGIN", 0.125)  # binary fractions: exact sums
    assert choose_for_game({None: (0.375, 0.0), 50: (0.25, 0.0)}, 50, 0.0) == 50
    assert choose_for_game({None: (0.375 + 2**-20, 0.0), 50: (0.25, 0.0)}, 50, 0.0) is None


def test_a_bid_lost_under_the_minimum_meld_is_scored_as_the_rules_score_it():
    """Under the minimum-meld variant a side melding under 20 loses its bid unplayed, and a
    side taking under 20 in tricks scores nothing: a weak hand's contract, scored deal by deal
    by ``score_hand``, gives the chance the call for the game reads."""
    rules = STANDARD.with_options(min_meld=20)
    advice = advise(WEAK, "p 50 p", rules=rules, samples=300, score=(430, 460))
    meld, tricks, _, _ = _mine(advice.estimate, slice(None), own_hints(advice.auction, "jump"),
                               rules)
    assert rules.under_minimum(meld).any() and rules.under_minimum(tricks).any()
    for bid in (c for c, _ in advice.game.chances if c is not None):
        assert advice.game.chance(bid) == pytest.approx(oracle(advice, bid, (430, 460)),
                                                        abs=1e-9)


def test_a_pass_near_the_target_wins_the_game_wherever_the_contract_is_made():
    """At 420 with the contract at 90 a made contract reaches the target: each pass weighed
    wins the game at least as often as the contract is made, and beyond that only by the sets
    after which the game goes on (from at most 330 against at least 300)."""
    from pinochle_calc.exchange.advice import advise_pass
    from pinochle_calc.game.game_pass import pass_for_game

    rules = STANDARD.override("passing.cards=4")
    advice = advise_pass(FAIR, "H", "partner", 4, rules, samples=100)
    game = pass_for_game(advice, (420, 300), 90, rules, deals=200)
    table = game_chances(rules)
    worst = max(table.going_on(330, 300, d) for d in (0, 1))
    assert len(game.passes) == 1 + len(advice.alternatives)
    assert any(0.2 < made < 0.9 for _, _, made in game.passes)  # the bid is in doubt
    for _, win, made in game.passes:
        assert made - 1e-9 <= win <= made + (1 - made) * worst + 1e-9
    # far behind, a made contract does not end the game: the chance is well under the made
    behind = pass_for_game(advice, (0, 400), 50, rules, deals=200)
    assert all(win < made - 0.3 for _, win, made in behind.passes)
