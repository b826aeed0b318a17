"""The pass for the game: of the passes the pass advice ranks first, the one that gives the
side the best chance of winning the game from its score, the contract standing at its bid.

The pass advice (``exchange.advice``) chooses the cards by the meld they make and their trick
strength, a stand-in for the hand's points. With the game's score, ``pass_for_game`` plays the
advice's pass and the next best it found (``PassAdvice.alternatives``) through whole deals of
the unseen cards: the deals are the same for every pass (the bidder holding a marriage in trump
where the rule set needs one, and meeting the hint its calls gave), the other partner's cards
exchanged as the exchange policy passes them (``exchange.policy``: the bidder returns, or both
pass at the same time), the tricks played by the heuristic players with the bidder leading, the
hand scored by ``scoring.score_hand`` at the contract's bid, and the chance of winning the game
after it read from ``bidding.chances`` (the side that deals next is not known to ``pass``: the
mean of the two). A pass replaces the advice's where its chance beats the advice's by more than
twice the standard error of the difference and ``bidding.game_call.GAME_MARGIN`` in what the
score of the game alone adds (``game_call.choose_for_game``: a pass's margin above the advice's
is not counted for it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..bidding.game_call import share
from ..cards import CARDS, SUIT_SYMBOLS
from ..hand import Hand
from ..rules import RuleSet

#: Deals each pass is played on.
GAME_PASS_DEALS = 400


@dataclass(frozen=True)
class GamePass:
    """Each pass weighed: its cards (20 counts), the chance of winning the game after it, the
    chance the contract is made; the advice's pass is first; ``best`` is the pass to make."""

    role: str
    trump: int
    score: tuple[int, int]
    bid: int
    target: int
    passes: tuple[tuple[tuple[int, ...], float, float], ...]
    best: int
    deals: int

    @property
    def differs(self) -> bool:
        """Whether the pass for the game is not the pass advice's."""
        return self.best != 0

    def cards_text(self, i: int) -> str:
        """The cards of the ``i``-th pass weighed (0: the pass advice's)."""
        cards = self.passes[i][0]
        return " ".join(CARDS[k].symbol for k in range(20) for _ in range(cards[k]))

    def summary(self) -> str:
        """The game's figures of the pass advice's pass, in words."""
        _, win, made = self.passes[0]
        return (f"you {self.score[0]}, the opponents {self.score[1]}, target {self.target}, the"
                f" contract at {self.bid}: this pass wins the game {share(win)} of the time (the"
                f" contract made {made:.0%}); none of the next {len(self.passes) - 1} passes"
                " wins it more often by more than the noise")

    def line(self) -> str:
        """The game's verdict in one line: the pass for the game, or that the advice's is."""
        _, win, made = self.passes[self.best]
        _, win0, made0 = self.passes[0]
        if not self.differs:
            return (f"this pass wins the game {share(win0)} of the time (the contract at {self.bid}"
                    f" made {made0:.0%}); none of the next {len(self.passes) - 1} more often")
        return (f"pass {self.cards_text(self.best)}: it wins the game {share(win)} of the time"
                f" (the contract at {self.bid} made {made:.0%}), {self.cards_text(0)}"
                f" {share(win0)} (made {made0:.0%})")

    def lines(self) -> list[str]:
        """The advice in words where the pass for the game differs from the pass advice's."""
        who = "the bidder" if self.role == "partner" else "your partner"
        _, win, made = self.passes[self.best]
        _, win0, made0 = self.passes[0]
        return [f"Pass {self.cards_text(self.best)} to {who} ({SUIT_SYMBOLS[self.trump]}"
                " trump), for the game",
                f"  why: you {self.score[0]}, the opponents {self.score[1]}, target"
                f" {self.target}, the contract at {self.bid}: this pass wins the game"
                f" {share(win)} of the time (the contract made {made:.0%}), the pass for meld"
                f" and tricks, {self.cards_text(0)}, {share(win0)} (made {made0:.0%}), over"
                f" {self.deals} deals"]

    def to_dict(self) -> dict:
        return {"score": {"us": self.score[0], "them": self.score[1]}, "target": self.target,
                "bid": self.bid, "pass": [str(CARDS[k]) for k in range(20)
                                          for _ in range(self.passes[self.best][0][k])],
                "win_chance": [{"cards": [str(CARDS[k]) for k in range(20)
                                          for _ in range(c[k])],
                                "chance": round(w, 4), "made": round(m, 4)}
                               for c, w, m in self.passes], "deals": self.deals}


def _deals(hand: Hand, role: str, n: int, trump: int, rules: RuleSet, hint, size: int,
           rng: np.random.Generator) -> np.ndarray:
    """``(deals, 4, 20)``: the hand at seat 0 and the unseen cards dealt, its partner at seat
    2 holding ``size`` of them; where seat 2 is the bidder, meeting what the bidder must hold
    (a marriage in trump, where needed to name it) and what its calls asked for."""
    from ..exchange.hints import signal_mask
    from ..play.dealer import Dealer, sample

    dealer = Dealer(hand)
    tests = []
    if role == "partner" and rules.needs_marriage(exchanged=False):
        k, q = trump * 5 + 2, trump * 5 + 3
        tests.append(("marriage", lambda c: np.minimum(c[:, 2, k], c[:, 2, q]) > 0))
    if role == "partner" and hint is not None:
        tests.append(("hint", lambda c: signal_mask(hint, c[:, 2], rules)))

    def draw(batch: int) -> np.ndarray:
        order = np.argsort(rng.random((batch, len(dealer.kinds))), axis=1)
        kinds = dealer.kinds[order]
        seats = np.repeat([2, 1, 3], [size, 20, 20])
        out = np.zeros((batch, 4, 20), dtype=np.int64)
        np.add.at(out, (np.arange(batch)[:, None], seats[None, :], kinds), 1)
        out[:, 0] = hand.counts
        return out

    deals, _, _, _ = sample(draw, tests, n, 100 * n)
    return deals


def pass_for_game(advice, score: tuple[int, int], bid: int, rules: RuleSet, *, hint=None,
                  asked=None, deals: int = GAME_PASS_DEALS, seed: int = 0) -> GamePass:
    """The pass advice's pass and the next best it found, weighed for the game from ``score``
    (the passer's side first) with the contract at ``bid`` (module docstring)."""
    from ..bidding.chances import game_chances
    from ..bidding.game_call import ContractPoints, choose_for_game, margin_worth
    from ..exchange.policy import bidder_pass, bidder_return, partner_pass
    from ..meld.vector import keeps_trump, meld_points
    from ..play.dealer import suit_codes
    from ..play.lockstep import play_lockstep
    from ..scoring import game_score

    score = game_score(score, rules)
    problem = rules.bid_problem(bid)
    if problem:
        from ..errors import UserError

        raise UserError(f"the contract's bid: {problem}")
    hand, trump, role = advice.hand, advice.trump, advice.role
    choices = [advice.best.cards] + [c.cards for c in advice.alternatives]
    n = sum(advice.best.cards)
    size = 20 - n if len(hand) > 20 else 20
    rng = np.random.default_rng(seed)
    dealt = _deals(hand, role, deals, trump, rules, hint, size, rng)
    chances = game_chances(rules)
    at = np.arange(len(dealt))
    declarer = 2 if role == "partner" else 0
    weighed = {}
    wins = []
    mine = np.array(hand.counts, dtype=np.int64)
    for i, cards in enumerate(choices):
        c = np.array(cards, dtype=np.int64)
        after = dealt.copy()
        if role == "partner":  # the bidder receives the pass, and returns or passes at once
            if rules.pass_order == "partner-first":
                back = bidder_return(after[:, 2] + c, trump, n, rules, None)
            else:
                back = bidder_pass(after[:, 2], trump, n, rules, None, hint)
            after[:, 2] = after[:, 2] + c - back
            after[:, 0] = mine - c + back
        elif len(hand) > 20:  # the bidder returns what it received
            after[:, 0] = mine - c
            after[:, 2] = after[:, 2] + c
        else:  # the bidder passes at the same time as its partner
            incoming = partner_pass(after[:, 2], trump, n, rules, asked)
            after[:, 0] = mine - c + incoming
            after[:, 2] = after[:, 2] - incoming + c
        trumps = np.full(len(after), trump)
        tricks = play_lockstep(suit_codes(after), trumps, declarer)[:, 0] * rules.scale
        ours = meld_points(after[:, 0], rules)[:, trump] + meld_points(after[:, 2], rules)[:, trump]
        theirs = meld_points(after[:, 1], rules)[:, trump] + meld_points(after[:, 3],
                                                                          rules)[:, trump]
        married = keeps_trump(dealt[at, declarer], after[at, declarer], trumps, rules)
        contract = ContractPoints(0, ours, tricks, theirs, married, rules)
        us, them = contract.points(bid)
        win = np.mean([chances.win(score[0] + us, score[1] + them, 0, d) for d in (0, 1)],
                      axis=0)
        wins.append(win)
        weighed[i] = (float(win.mean()), float((us - them).mean()),
                      float((contract.totals >= bid).mean()))
    slope = float(np.mean([margin_worth(chances, score, d, rules) for d in (0, 1)]))
    best = choose_for_game({i: w[:2] for i, w in weighed.items()}, 0, slope)
    if best != 0:  # beyond the noise of the difference, deal by deal
        diff = wins[best] - wins[0]
        if not diff.mean() > 2 * diff.std(ddof=1) / len(diff) ** 0.5:
            best = 0
    return GamePass(role, trump, score, bid, chances.target,
                    tuple((tuple(choices[i]), w[0], w[2]) for i, w in weighed.items()), best,
                    len(dealt))


__all__ = ["GamePass", "pass_for_game", "GAME_PASS_DEALS"]
