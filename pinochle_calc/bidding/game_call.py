"""The call for the game: which call gives the side the best chance of winning the game from
its score, where the points advice maximises the hand's points.

Given the game's score (``(us, them)``, the advised hand's side first), ``game_call`` weighs
the calls open now on the estimate's deals (the calls' conditions met; the card exchange
played where the rule set has one), one step ahead:

- **a bid** ``b``: in each deal the opponents still in the auction pass after it with the
  chance the estimate reads a pass with (``Holding.opponents_pass``), and the side holds the
  contract at ``b`` with the hand's trump; else they hold it at the next legal bid;
- **a pass**: whoever holds the bid now keeps it (the opponents', or the partner's unless an
  opponent still in the auction overcalls it); where nobody has bid, the opponents hold the
  contract at the lowest bid.

The opponents' contract is played by the opponent holding the bid, else by the one with the
most meld (each still in the auction), naming its suit with the most meld, with its partner's
exchange; the partner's with its suit with the most meld. Each deal's hand is scored by
``scoring.score_hand`` and the chance of winning the game after it is ``chances.GameChances``
(the game's end decided by ``scoring.game_winner``). A call's chance is the mean over the
deals.

The calls weighed are the pass, the lowest legal bid and the call the points advice makes (a
stuck dealer has none to weigh). The call with the best chance is made where it beats the
points advice's call by more than ``GAME_MARGIN`` (a share of the games); elsewhere the points
advice's call stands, and the figures say what each call is worth for the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from ..rules import RuleSet
from ..scoring import HandInput, score_hand
from .auction import Auction
from .chances import GameChances, game_chances
from .estimate import Estimate, _distinct_deals, own_hints

#: How much more of the games a call must win than the points advice's call to replace it
#: (half a percent: chosen, not tuned; docs/bidding.md, "The score of the game").
GAME_MARGIN = 0.005


def share(chance: float) -> str:
    """A chance of winning the game as the advice prints it (to a tenth of a percent)."""
    return f"{chance:.1%}"


@dataclass(frozen=True)
class GameCall:
    """The chance of winning the game after each call weighed (``chances``: call, chance; None
    is a pass), from ``score`` (the side's, the opponents'), the call the points advice makes
    (``points_call``) and the call made (``call``); ``words`` say why where they differ."""

    score: tuple[int, int]
    target: int
    chances: tuple[tuple[int | None, float], ...]
    points_call: int | None
    call: int | None
    words: str = ""

    def chance(self, call: int | None) -> float:
        """The chance of winning the game after ``call`` (one of those weighed)."""
        return dict(self.chances)[call]

    @property
    def differs(self) -> bool:
        """Whether the call for the game is not the points advice's."""
        return self.call != self.points_call

    def to_dict(self) -> dict:
        def said(call: int | None) -> int | str:
            return "pass" if call is None else call

        return {"score": {"us": self.score[0], "them": self.score[1]}, "target": self.target,
                "win_chance": [{"call": said(c), "chance": round(p, 4)}
                               for c, p in self.chances],
                "points_call": said(self.points_call), "call": said(self.call)}


class ContractPoints:
    """One side's contract on every deal (``side``: the declaring side, 0 the hand's; its
    meld and trick points, the other side's meld, whether the declarer may play its trump):
    what the hand scores for each side at any bid (``points``), as ``scoring.score_hand``
    scores it: a hand played out by ``scoring.played_points`` (its arithmetic), a concession
    (no marriage, the bidding side's meld under a minimum) by ``score_hand`` itself, once per
    distinct deal."""

    def __init__(self, side: int, meld: np.ndarray, tricks: np.ndarray, other: np.ndarray,
                 married: np.ndarray, rules: RuleSet):
        from .estimate import side_totals

        self.side, self.rules = side, rules
        self.meld, self.tricks, self.other = meld, tricks, other
        self.totals = np.where(married, side_totals(meld, tricks, rules), -1)
        self.conceded = ~married | rules.under_minimum(meld)
        self.conceding = np.zeros(len(meld), dtype=np.int64)  # the other side's points then
        rows = np.flatnonzero(self.conceded)
        if len(rows):
            keys = np.column_stack([meld[rows], tricks[rows], other[rows],
                                    married[rows].astype(np.int64)])
            distinct, where = np.unique(keys, axis=0, return_inverse=True)
            total = rules.trick_points
            got = [score_hand(HandInput(0, rules.min_bid_points, (m, o), (t, total - t),
                                        None if ok else "no-marriage"), rules).points[1]
                   for m, t, o, ok in distinct.tolist()]
            self.conceding[rows] = np.array(got, dtype=np.int64)[where.reshape(-1)]

    def points(self, bid: int) -> tuple[np.ndarray, np.ndarray]:
        """Each deal's points for the declaring side and the other at ``bid``."""
        from ..scoring import played_points

        _, mine, other = played_points(bid, self.meld, self.other, self.tricks,
                                       self.rules.trick_points - self.tricks, self.rules)
        return (np.where(self.conceded, -bid, mine),
                np.where(self.conceded, self.conceding, other))


def _contract(deals: np.ndarray, where: np.ndarray, seat: int, hints: tuple,
              rules: RuleSet) -> ContractPoints:
    """The contract of ``seat`` (1 to 3 from the hand) naming its suit with the most meld, on
    the estimate's deals (``deals`` distinct, ``where`` each drawn deal's row)."""
    from ..meld.vector import best_trumps, callable_suits, meld_points
    from .price import _played

    held = deals[:, seat]
    trump = best_trumps(held, meld_points(held, rules), callable_suits(held, rules))
    meld, tricks, other, married = (a[where] for a in _played(deals, seat, trump, rules, hints))
    return ContractPoints(seat & 1, meld, tricks, other, married, rules)


def _own(result: Estimate, hints: tuple, rules: RuleSet) -> ContractPoints:
    """The hand's contract with the trump the estimate names, on its deals (the figures it
    kept: ``price._mine``); lost unplayed on every deal where it may name none."""
    from .price import _mine

    if result.best is None:
        n = len(result.deals) if result.deals is not None else 0
        zeros = np.zeros(n, dtype=np.int64)
        return ContractPoints(0, zeros, zeros, zeros, np.zeros(n, dtype=bool), rules)
    meld, tricks, other, married = _mine(result, slice(None), hints, rules)
    return ContractPoints(0, meld, tricks, other, married, rules)


def _declarer(auction: Auction, deals: np.ndarray, rules: RuleSet) -> int:
    """The opponent (1 or 3 from the hand) whose contract a pass or an overcall leaves: the one
    holding the bid, else the one still in the auction with the most meld on average."""
    from ..meld.vector import best_points

    me = auction.next_seat
    assert me is not None
    if auction.high_seat is not None and (auction.high_seat - me) % 2:
        return (auction.high_seat - me) % 4
    inside = [rel for rel in (1, 3) if (me + rel) % 4 not in auction.passed] or [1, 3]
    return max(inside, key=lambda rel: (float(best_points(deals[:, rel], rules).mean()), -rel))


def game_call(auction: Auction, result: Estimate, points_call: int | None,
              score: tuple[int, int], convention: str | None) -> GameCall:
    """The chance of winning the game after each call weighed, and the call to make (module
    docstring), from ``score`` (the hand's side, the opponents'), the points advice's call
    being ``points_call``."""
    rules = auction.rules
    me = auction.next_seat
    drawn = result.deals
    assert me is not None and drawn is not None
    chances = game_chances(rules)
    deals, where = _distinct_deals(drawn)
    hint, partner_hint = own_hints(auction, convention)
    legal = auction.legal()
    low = legal.min_bid
    assert low is not None
    ours = _own(result, (hint, partner_hint), rules)
    theirs = _contract(deals, where, _declarer(auction, deals, rules), (None, None), rules)
    holding = None if result.best is None else result.best.holding
    deal_next = 0 if me % 2 == 0 else 1  # seat 0 deals the next hand

    def after(contract: ContractPoints, bid: int) -> tuple[np.ndarray, np.ndarray]:
        """Each deal's chance of winning the game after the contract, and the side's margin."""
        mine, other = contract.points(bid)
        us, them = (mine, other) if contract.side == 0 else (other, mine)
        return chances.win(score[0] + us, score[1] + them, contract.side, deal_next), us - them

    def stays(bid: int) -> np.ndarray:
        if holding is None:
            from .inferences import Holding

            return Holding(drawn, auction, convention).opponents_pass(bid)
        return holding.opponents_pass(bid)

    def either(q: np.ndarray, held: tuple, overcalled: tuple) -> tuple[float, float]:
        """The means over the deals of the chance and the margin: ``held`` where the bid
        stands (chance ``q``), ``overcalled`` where it does not."""
        return tuple(float(np.mean(q * h + (1 - q) * o))  # type: ignore[return-value]
                     for h, o in zip(held, overcalled))

    candidates: list[int | None] = []
    if legal.can_pass:
        candidates.append(None)
    candidates += sorted({b for b in (low, points_call) if b is not None})
    weighed: dict[int | None, tuple[float, float]] = {}
    for call in candidates:
        if call is not None:
            weighed[call] = either(stays(call), after(ours, call),
                                   after(theirs, rules.next_bid(call)))
        elif auction.high is None or auction.high_seat is None:
            weighed[call] = either(np.ones(1), after(theirs, low), after(theirs, low))
        elif (auction.high_seat - me) % 2:  # an opponent holds the bid
            held = after(theirs, auction.high)
            weighed[call] = either(np.ones(1), held, held)
        else:  # the partner holds it, unless an opponent still in overcalls
            high = auction.high
            partner = _contract(deals, where, 2, (partner_hint, hint), rules)
            weighed[call] = either(stays(high), after(partner, high),
                                   after(theirs, rules.next_bid(high)))
    call = choose_for_game(weighed, points_call, margin_worth(chances, score, deal_next, rules))
    chance = {c: g for c, (g, _) in weighed.items()}
    words = "" if call == points_call else _words(call, points_call, chance, score, chances,
                                                   rules)
    return GameCall(score, chances.target, tuple(chance.items()), points_call, call, words)


def margin_worth(chances: GameChances, score: tuple[int, int], deal_next: int,
           rules: RuleSet) -> float:
    """What a point of margin is worth in the chance of winning the game at ``score``, on
    average over a hand's points either way (the table's slope across a hand's trick
    points)."""
    step = rules.trick_points
    up = chances.going_on(score[0] + step, score[1], deal_next)
    down = chances.going_on(score[0], score[1] + step, deal_next)
    return max(0.0, float(up - down)) / (2 * step)


K = TypeVar("K")


def choose_for_game(weighed: dict[K, tuple[float, float]], points_call: K, slope: float) -> K:
    """The call for the game (``weighed``: each call's chance of winning the game and its
    margin, the mean over the deals): the points advice's call, unless another call's chance
    of winning the game beats it by more than ``GAME_MARGIN`` in what the score of the game
    alone adds.

    A call's chance is, to first order, what its margin is worth (``slope`` a point) plus what
    the score's nearness to the target adds. The points advice was tuned by play to make the
    call worth most in points; the one-step model here is rougher at that, so a call's margin
    above the points call's is not counted for it, and only a margin below is counted against
    it: a call replaces the points call for what the target adds, never for points the tuned
    advice chose to forgo."""
    base, margin = weighed[points_call]
    best, gain = points_call, GAME_MARGIN
    for call, (chance, m) in weighed.items():
        edge = chance - base - slope * max(0.0, m - margin)
        if call != points_call and edge > gain:
            best, gain = call, edge
    return best


def _words(call: int | None, points_call: int | None, chance: dict, score: tuple[int, int],
           chances: GameChances, rules: RuleSet) -> str:
    """Why the call for the game differs from the points advice's, in a player's words."""
    def said(c: int | None) -> str:
        return "pass" if c is None else str(c)

    target = chances.target
    ours, theirs = score
    why = []
    if ours + rules.min_bid_points >= target:
        why.append(f"at {ours} a made contract wins the game")
    if theirs + rules.min_bid_points >= target:
        why.append(f"at {theirs} the opponents go out with a made contract")
    head = "; ".join(why) if why else f"at {ours} to {theirs} (target {target})"
    return (f"{head}: {said(call)} wins the game {share(chance[call])} of the time,"
            f" {said(points_call)} (the call for points) {share(chance[points_call])}")


def game_words(score: tuple[int, int], rules: RuleSet) -> str:
    """The game's score in words: what each side needs to reach the target, and where a made
    contract (at least the lowest bid) reaches it."""
    target, low = rules.target_points, rules.min_bid_points
    need = (target - score[0], target - score[1])
    words = [f"you {score[0]}, the opponents {score[1]}, target {target}: you need {need[0]},"
             f" the opponents {need[1]}"]
    if need[0] <= low:
        words.append("a contract you make wins you the game")
    if need[1] <= low:
        words.append("a contract the opponents make wins it for them")
    if max(need) <= low:
        words.append("if both sides reach the target on one hand, the bidding side wins")
    return "; ".join(words)


__all__ = ["GameCall", "ContractPoints", "game_call", "game_words", "choose_for_game",
           "margin_worth", "share", "GAME_MARGIN"]
