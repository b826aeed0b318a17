"""The chance of winning the game from a score (``GameChances``, ``game_chances``): what the
game-aware advice maximises in place of the hand's points.

A game is won by the first side to reach the rule set's target; if both reach it on the same
hand, the bidding side wins (``scoring.game_winner``, the one place that decides it). The chance
that a side wins from a score depends on the hands still to come, so it needs a model of them:

1. **A hand of the rest of the game** (``model_hands``): a random deal, bid as this advice bids
   (each seat goes up to its best meld plus the margin a pass of the partner is read with,
   ``inferences.pass_margin``: where the duplicate matches measured the advice passing; the
   spread of that fit is left out, since a seat's own limit does not err at random: with it
   the highest limit would be the luckiest, and the model's bidders were set in 19% of their
   contracts, without it in 10%, the advice against the rule-of-thumb bidder in 7%), the seat
   with the highest limit buying the contract at the lowest
   legal bid above the other side's highest limit (never above its own; the stuck dealer at the
   minimum; a partner never over its partner), naming its suit with the most meld, the cards
   exchanged by the quick exchange policy where the rule set passes any, the tricks played by
   the heuristic players, and the hand scored by ``scoring.score_hand``. No hand is thrown in.
   ``MODEL_DEALS`` such hands, seeded, give the distribution of a hand's points for the side
   that deals and the other, and which of them bought the contract.
2. **The rest of the game** (``GameChances``): the chance that side A wins from each score
   ``(a, b)`` with a given side dealing next, by dynamic programming over that distribution
   (value iteration: a hand's points added, the end decided by ``game_winner``, the deal passing
   to the left after every hand, until no chance moves by ``TOLERANCE``). The scores are on a
   grid of ``CELLS`` cells across the target, each hand's points shared between the four grid
   points around them (so its mean is kept); a score below ``LOW_SHARE`` of the target under
   zero counts as that score. The hands to come are assumed to be played without regard to the
   score (as the points advice plays them).

A hand's own outcome is scored exactly: ``GameChances.win`` decides the end of the game on the
totals after the hand by ``game_winner``, and only looks the table up (between grid points)
where the game goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..rules import RuleSet, RulesLike, as_rules
from ..scoring import HandInput, game_winner, score_hand
from ..stores import kept

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

#: Hands of the model behind a rule set's table, and their seed.
MODEL_DEALS = 4000
MODEL_SEED = 0
#: Grid cells across the target (a cell of 5 points under the standard target of 500).
CELLS = 100
#: The lowest score of the grid, as a share of the target below zero.
LOW_SHARE = 0.5
#: Value iteration stops when no chance moves by more than this in a pass.
TOLERANCE = 1e-7
MAX_PASSES = 5000


@dataclass(frozen=True)
class HandOutcomes:
    """Hands of the model (``model_hands``): the points of the side that dealt and of the other
    side, and whether the dealer's side bought the contract."""

    dealer: np.ndarray
    other: np.ndarray
    dealer_bid: np.ndarray

    def __len__(self) -> int:
        return len(self.dealer)


def _deal(rng: np.random.Generator, n: int) -> np.ndarray:
    """``(n, 4, 20)`` random deals of the double deck."""
    kinds = np.argsort(rng.random((n, 80)), axis=1) // 4
    seat = np.repeat(np.arange(4), 20)
    out = np.zeros((n, 4, 20), dtype=np.int64)
    np.add.at(out, (np.arange(n)[:, None], seat[None, :], kinds), 1)
    return out


def _legal_bids(rules: RuleSet, upto: int) -> np.ndarray:
    """Every legal bid from the minimum up to the first above ``upto``."""
    from .auction import iter_bids

    bids = list(iter_bids(rules, rules.min_bid_points, upto))
    bids.append(rules.next_bid(bids[-1] if bids else upto))
    return np.array(bids, dtype=np.int64)


def model_hands(rules: RulesLike, deals: int = MODEL_DEALS, seed: int = MODEL_SEED
                ) -> HandOutcomes:
    """``deals`` hands of the model of a hand (the module docstring, 1.), seat 3 dealing."""
    from ..exchange.policy import exchange
    from ..meld.vector import best_trumps, callable_suits, keeps_trump, meld_points
    from ..play.dealer import suit_codes
    from ..play.lockstep import play_lockstep
    from .inferences import pass_margin

    rules = as_rules(rules)
    rng = np.random.default_rng(seed)
    counts = _deal(rng, deals)
    at = np.arange(deals)
    margin = pass_margin(2, rules)[0]
    points = [meld_points(counts[:, s], rules) for s in range(4)]
    ok = [callable_suits(counts[:, s], rules) for s in range(4)]
    trumps = np.stack([best_trumps(counts[:, s], points[s], ok[s]) for s in range(4)], axis=1)
    best = np.stack([points[s][at, trumps[:, s]] for s in range(4)], axis=1)
    may_bid = np.stack([ok[s].any(axis=1) | (not rules.needs_marriage(exchanged=False))
                        for s in range(4)], axis=1)
    limits = np.where(may_bid, best + margin, -np.inf)
    low = rules.min_bid_points
    bidding = limits.max(axis=1) >= low
    declarer = np.where(bidding, limits.argmax(axis=1), 3)  # ties: the first to call
    side = declarer & 1
    other = np.where(side[:, None] == 0, limits[:, [1, 3]], limits[:, [0, 2]]).max(axis=1)
    own = limits[at, declarer]
    legal = _legal_bids(rules, int(max(low, np.nanmax(np.where(bidding, own, low)))) + 1)
    above = legal[np.minimum(np.searchsorted(legal, other, side="right"), len(legal) - 1)]
    within = legal[np.maximum(np.searchsorted(legal, own, side="right") - 1, 0)]
    bid = np.where(bidding, np.maximum(np.minimum(above, within), low), low)
    trump = trumps[at, declarer]
    after = counts.copy()
    partner = declarer ^ 2
    for t in range(4):
        rows = np.flatnonzero(trump == t)
        if len(rows):
            done = exchange(counts[rows, declarer[rows]], counts[rows, partner[rows]], t, rules)
            after[rows, declarer[rows]], after[rows, partner[rows]] = done.bidder, done.partner
    tricks = play_lockstep(suit_codes(after), trump, declarer) * rules.scale
    meld = np.stack([sum(meld_points(after[:, s], rules)[at, trump] for s in (0, 2)),
                     sum(meld_points(after[:, s], rules)[at, trump] for s in (1, 3))], axis=1)
    married = keeps_trump(counts[at, declarer], after[at, declarer], trump, rules)
    scored = _scores(side, bid, meld, tricks, married, rules)
    return HandOutcomes(scored[:, 1], scored[:, 0], side == 1)


def _scores(side: np.ndarray, bid: np.ndarray, meld: np.ndarray, tricks: np.ndarray,
            married: np.ndarray, rules: RuleSet) -> np.ndarray:
    """``(n, 2)``: each hand's points for seats 0 and 2 and for seats 1 and 3, as
    ``scoring.score_hand`` scores it (once per distinct hand)."""
    keys = np.column_stack([side, bid, meld, tricks[:, 0], married.astype(np.int64)])
    distinct, where = np.unique(keys, axis=0, return_inverse=True)
    total = rules.trick_points
    points = np.array([score_hand(HandInput(int(s), int(b), (int(m0), int(m1)),
                                            (int(t0), total - int(t0)),
                                            None if ok else "no-marriage"), rules).points
                       for s, b, m0, m1, t0, ok in distinct.tolist()], dtype=np.int64)
    return points[where.reshape(-1)]


@dataclass(frozen=True)
class GameChances:
    """The chance that a side wins the game from a score, under a rule set (module docstring,
    2.): ``table[d, i, j]`` for side A at ``low + i * cell`` and side B at ``low + j * cell``,
    side A dealing the coming hand where ``d`` is 0, side B where it is 1."""

    rules: RuleSet
    target: int
    low: float
    cell: float
    table: np.ndarray = field(repr=False)
    passes: int = 0
    hands: int = 0

    def win(self, us: ArrayLike, them: ArrayLike, bidder: ArrayLike,
            deal_next: ArrayLike) -> np.ndarray:
        """The chance that ``us`` wins the game after a hand that left the sides at ``us`` and
        ``them`` points (arrays alike), the bidder's side being ``bidder`` (0: us, 1: them)
        and ``deal_next`` (0: us, 1: them) dealing the next hand: 1 or 0 where the hand ended
        the game (``scoring.game_winner``), else the table's chance between grid points."""
        a, b, bid, deal = (x.reshape(-1) for x in np.broadcast_arrays(
            np.asarray(us), np.asarray(them), np.asarray(bidder), np.asarray(deal_next)))
        shape = np.broadcast(np.asarray(us), np.asarray(them), np.asarray(bidder),
                             np.asarray(deal_next)).shape
        out = np.array(self.going_on(a, b, deal), dtype=np.float64)
        ended = (a >= self.target) | (b >= self.target)
        if ended.any():
            keys = np.column_stack([a[ended], b[ended], bid[ended]]).astype(np.int64)
            distinct, where = np.unique(keys, axis=0, return_inverse=True)
            won = np.array([game_winner((x, y), z, self.target) == "us"
                            for x, y, z in distinct.tolist()], dtype=np.float64)
            out[ended] = won[where.reshape(-1)]
        return out.reshape(shape)

    def going_on(self, us: ArrayLike, them: ArrayLike, deal_next: ArrayLike) -> np.ndarray:
        """The table's chance that ``us`` wins from a score the game goes on at (each side under
        the target), between grid points (bilinear); a score under the grid counts as its
        lowest point, one within the last cell under the target as that cell's."""
        a, b, d = np.broadcast_arrays(np.asarray(us, dtype=np.float64),
                                      np.asarray(them, dtype=np.float64),
                                      np.asarray(deal_next, dtype=np.int64))
        top = self.table.shape[1] - 1
        x = np.clip((a - self.low) / self.cell, 0, top)
        y = np.clip((b - self.low) / self.cell, 0, top)
        i, j = np.minimum(x.astype(np.int64), top - 1), np.minimum(y.astype(np.int64), top - 1)
        fx, fy = x - i, y - j
        t = self.table
        return ((1 - fx) * (1 - fy) * t[d, i, j] + fx * (1 - fy) * t[d, i + 1, j]
                + (1 - fx) * fy * t[d, i, j + 1] + fx * fy * t[d, i + 1, j + 1])


def _kernels(hands: HandOutcomes, cell: float) -> tuple[np.ndarray, tuple[int, int]]:
    """``(2, 2, ka, kb)``: the chance of each move on the grid in one hand, by the side that
    deals it (0: A) and the side that bids (0: A), each hand's points shared between the four
    grid points around them; and the offset of the kernel's first entry (cells)."""
    n = len(hands)
    moves = []
    for deals in (0, 1):
        a_points = hands.dealer if deals == 0 else hands.other
        b_points = hands.other if deals == 0 else hands.dealer
        a_bids = hands.dealer_bid if deals == 0 else ~hands.dealer_bid
        moves.append((a_points / cell, b_points / cell, np.where(a_bids, 0, 1)))
    lo_a = int(np.floor(min(m[0].min() for m in moves)))
    lo_b = int(np.floor(min(m[1].min() for m in moves)))
    hi_a = int(np.floor(max(m[0].max() for m in moves))) + 1
    hi_b = int(np.floor(max(m[1].max() for m in moves))) + 1
    kernel = np.zeros((2, 2, hi_a - lo_a + 1, hi_b - lo_b + 1))
    for deals, (x, y, bidder) in enumerate(moves):
        i, j = np.floor(x).astype(np.int64), np.floor(y).astype(np.int64)
        fx, fy = x - i, y - j
        for di, wx in ((0, 1 - fx), (1, fx)):
            for dj, wy in ((0, 1 - fy), (1, fy)):
                at = (np.full(n, deals), bidder, i + di - lo_a, j + dj - lo_b)
                np.add.at(kernel, at, wx * wy / n)
    return kernel, (lo_a, lo_b)


def solve(hands: HandOutcomes, rules: RulesLike, cells: int = CELLS) -> GameChances:
    """The table of ``GameChances`` for hands drawn as ``hands`` (module docstring, 2.)."""
    rules = as_rules(rules)
    target = rules.target_points
    cell = target / cells
    m = int(round(LOW_SHARE * cells)) + cells  # grid points under the target
    low = target - m * cell
    kernel, (lo_a, lo_b) = _kernels(hands, cell)
    ka, kb = kernel.shape[2:]
    # the extended grid: edge rows below (clamped scores), the ended games above
    pad_a, pad_b = max(0, -lo_a), max(0, -lo_b)
    top_a, top_b = max(0, lo_a + ka), max(0, lo_b + kb)
    ha, hb = pad_a + m + top_a, pad_b + m + top_b
    scores_a = low + (np.arange(ha) - pad_a) * cell
    scores_b = low + (np.arange(hb) - pad_b) * cell
    ended = np.zeros((2, ha, hb))  # A's win (1) or loss (0) where a side reached the target
    over = (scores_a[:, None] >= target) | (scores_b[None, :] >= target)
    for bidder in (0, 1):
        for i, j in zip(*np.nonzero(over)):
            # a grid score reaches the (whole) target exactly where its floor does
            totals = (int(np.floor(scores_a[i])), int(np.floor(scores_b[j])))
            ended[bidder, i, j] = game_winner(totals, bidder, target) == "us"
    shape = (ha + ka - 1, hb + kb - 1)
    flipped = np.fft.rfft2(kernel[:, :, ::-1, ::-1], s=shape)
    # out[i, j] = sum K[u, v] E[i + u, j + v]: the full convolution with the flipped kernel,
    # read from this corner
    r0, c0 = pad_a + lo_a + ka - 1, pad_b + lo_b + kb - 1
    table = np.full((2, m, m), 0.5)
    passes = 0
    while passes < MAX_PASSES:
        passes += 1
        spectra = {}
        for bidder in (0, 1):
            for deals in (0, 1):
                grid = ended[bidder].copy()
                inner = table[deals]
                grid[pad_a:pad_a + m, pad_b:pad_b + m] = inner
                grid[:pad_a, pad_b:pad_b + m] = inner[0]
                grid[pad_a:pad_a + m, :pad_b] = inner[:, :1]
                grid[:pad_a, :pad_b] = inner[0, 0]
                grid = np.where(over, ended[bidder], grid)
                spectra[bidder, deals] = np.fft.rfft2(grid, s=shape)
        new = np.empty_like(table)
        for deals in (0, 1):
            total = sum(spectra[bidder, 1 - deals] * flipped[deals, bidder] for bidder in (0, 1))
            full = np.fft.irfft2(total, s=shape)
            new[deals] = full[r0:r0 + m, c0:c0 + m]
        moved = float(np.abs(new - table).max())
        table = np.clip(new, 0.0, 1.0)
        if moved < TOLERANCE:
            break
    return GameChances(rules, target, low, cell, table, passes, len(hands))


@kept(8)
def game_chances(rules: RulesLike) -> GameChances:
    """The table of the chance of winning the game under a rule set, worked out at its first
    use in a process (``model_hands``, then ``solve``)."""
    rules = as_rules(rules)
    return solve(model_hands(rules), rules)


__all__ = ["GameChances", "HandOutcomes", "game_chances", "model_hands", "solve",
           "MODEL_DEALS", "CELLS"]
