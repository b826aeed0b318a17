"""The pass for the game (``game.game_pass``): each pass's chance of winning the game and of
making the contract worked out again deal by deal, on the very hands it played after the
exchange, by the readable engines: the scalar card player (``tricks.playout`` with the
heuristic players), the meld of each hand (``meld.engine.meld``), ``score_hand``, and the end
of the game written out here (the first side to reach the target wins, the bidding side where
both do), the table only where the game goes on. The positions are set so that some deals end
with a side exactly on the target."""

from __future__ import annotations

import numpy as np
import pytest

from pinochle_calc.bidding.chances import game_chances
from pinochle_calc.cards import HEARTS
from pinochle_calc.exchange.advice import advise_pass
from pinochle_calc.game import game_pass
from pinochle_calc.hand import Hand
from pinochle_calc.meld.engine import meld
from pinochle_calc.play import lockstep
from pinochle_calc.play.players import heuristic_follow, heuristic_lead
from pinochle_calc.play.tricks import decode, playout
from pinochle_calc.rules import STANDARD
from pinochle_calc.scoring import HandInput, score_hand

#: A hand that makes the lowest bid about two times in three with its partner's opening.
FAIR = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
RULES = STANDARD.override("passing.cards=4")
FAIR_COUNTS = np.array(Hand.parse(FAIR).counts)
DEALS = 200


def naive_winner(totals: tuple[int, int], target: int) -> str | None:
    """The end of the game as RULES.md says it, the passer's side bidding: a side that reaches
    the target wins; where both do on one hand, the bidding side."""
    us, them = totals[0] >= target, totals[1] >= target
    if us:
        return "us"
    return "them" if them else None


def weighed(monkeypatch, score: tuple[int, int], bid: int):
    """The pass for the game from ``score`` at ``bid`` (the passer the bidder's partner,
    hearts trump), and the suit codes of every deal each pass was played on."""
    advice = advise_pass(FAIR, "H", "partner", 4, RULES, samples=100)
    game_chances(RULES)  # the table's own model plays hands too: worked out before the spy
    played = []
    engine = lockstep.play_lockstep

    def spy(codes, trumps, declarer):
        played.append((np.array(codes), np.array(trumps), declarer))
        return engine(codes, trumps, declarer)

    monkeypatch.setattr(lockstep, "play_lockstep", spy)
    game = game_pass.pass_for_game(advice, score, bid, RULES, deals=DEALS)
    monkeypatch.undo()
    return advice, game, played


def worked_again(codes: np.ndarray, score: tuple[int, int], bid: int):
    """The chance of winning the game and of making the contract over ``codes`` (each deal
    after the exchange, the passer at seat 0, the bidder at seat 2 leading), and how many
    deals left a side exactly on the target."""
    table = game_chances(RULES)
    target = RULES.target_points
    wins, made, exact = [], [], 0
    for row in codes.tolist():
        hands = [Hand(decode(row[4 * s:4 * s + 4])) for s in range(4)]
        assert all(len(h) == 20 for h in hands)
        # the bidder was dealt a marriage in trump (the deals meet it): it names hearts
        melds = [meld(h, RULES)[HEARTS].points for h in hands]
        points = playout(list(row), HEARTS, 2, [heuristic_lead] * 4, [heuristic_follow] * 4)
        tricks = (points[0] * RULES.scale, points[1] * RULES.scale)
        assert sum(tricks) == RULES.trick_points
        hand = score_hand(HandInput(0, bid, (melds[0] + melds[2], melds[1] + melds[3]), tricks,
                                    None), RULES)
        made.append(hand.result == "made")
        totals = (score[0] + hand.points[0], score[1] + hand.points[1])
        exact += target in totals
        winner = naive_winner(totals, target)
        if winner is None:  # the side that deals next is not known: the mean of the two
            wins.append(np.mean([float(table.going_on(*totals, d)) for d in (0, 1)]))
        else:
            wins.append(float(winner == "us"))
    return float(np.mean(wins)), float(np.mean(made)), exact


@pytest.mark.parametrize("score, bid", [
    ((411, 300), 85),  # a made contract often puts the side exactly on 500
    ((300, 460), 85),  # the opponents often reach exactly 500 on their meld and tricks
    ((411, 460), 85),  # both: where both reach it, the bidding side wins
    ((380, 380), 85),  # the game going on after most deals
])
def test_each_pass_is_the_deals_it_played_scored_one_by_one(monkeypatch, score, bid):
    advice, game, played = weighed(monkeypatch, score, bid)
    assert len(played) == len(game.passes) == 1 + len(advice.alternatives) >= 2
    exact = 0
    for (codes, trumps, declarer), (cards, win, made) in zip(played, game.passes):
        assert declarer == 2 and (trumps == HEARTS).all() and len(codes) == game.deals == DEALS
        # the passer's own hand after the exchange lacks none but the cards of this pass
        gave = [np.subtract(FAIR_COUNTS, decode(r[:4])) for r in codes.tolist()]
        assert sum(cards) == 4 and all((np.maximum(g, 0) <= cards).all() for g in gave)
        want_win, want_made, hits = worked_again(codes, score, bid)
        assert win == pytest.approx(want_win, abs=1e-9)
        assert made == pytest.approx(want_made, abs=1e-12)
        exact += hits
    if score != (380, 380):
        assert exact >= 10  # the positions do test the boundary



def test_at_410_a_made_contract_of_90_wins_the_game_and_a_set_does_not_end_it(monkeypatch):
    """Hand-worked: at 410 with the contract at 90, a made contract scores at least 90 and
    reaches the target, some exactly (the opponents at 300 cannot reach it on one hand): it
    wins the game; a set leaves the side at 320 against the opponents at 300 or more, from
    where it wins at most the table's chance at (320, 300). So each pass wins at least as
    often as it makes the contract, and the rest only by that chance."""
    _, game, _ = weighed(monkeypatch, (410, 300), 90)
    table = game_chances(RULES)
    after_set = max(float(table.going_on(320, 300, d)) for d in (0, 1))
    assert 0.2 < after_set < 0.8
    for _, win, made in game.passes:
        assert 0.1 < made < 0.9
        assert made - 1e-12 <= win <= made + (1 - made) * after_set + 1e-12
