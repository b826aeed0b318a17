"""The card to play now: every legal card scored by playing the hand out over deals of the
unseen cards that meet every fact of the play (perfect-information Monte Carlo).

``advise_card(position, samples=..., seed=..., rules=...)`` reads the position's facts
(``facts.read_position``), deals the unseen cards ``samples`` times meeting them all
(``unseen.UnseenDealer``), and for each distinct legal card plays every deal out from the
position with that card first: four heuristic players on the lockstep engine, or, as far back
as the decision's time budget allows, an exact search of each distinct layout with the best
play by both sides (the double-dummy solver, ``solver``): in the last ``EXACT_TRICKS`` tricks,
and earlier where the distinct layouts are few enough to search within ``BUDGET_MS``, the deals
in the order dealt, as many as ``NODE_BUDGET`` positions searched allow (at least
``MIN_EXACT_DEALS``, else they are all played out); at any depth, every deal, where the facts
leave one layout (every other hand known). Every card is scored on the same deals, so the
differences between cards are not swamped by the luck of the deal.

For each card: the player's side's expected trick points for the rest of the hand (mean and
standard error), and when the contract and the tricks so far are known, the bidding side's
chance to make it and the expected score: the hand's score for the player's side less the other
side's (``game.scoring.score_hand``, made or set, as the arena's margin counts it), with the
meld of each seat the meld of the cards it showed. The card recommended has the best expected
score (trick points where there is no score); ties go to the card the heuristic player would
play, then to the lower card.

**Decision (meld).** A seat given no shown cards melded nothing, except the player's own seat,
whose meld is that of its hand when play began where the tricks so far say what it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..cards import CARDS, COPIES, KINDS, SUIT_SYMBOLS
from ..hand import Hand
from ..limits import CARD_DEALS, SEED_MAX, check
from ..rules import STANDARD, RuleSet, RulesLike, as_rules
from .dealer import suit_codes
from .facts import Facts, read_position
from .lockstep import play_lockstep
from .players import HeuristicPlayer
from .position import Position
from .solver import COMPILED, engine
from .tricks import (
    CARD_POINTS,
    RANK_OF,
    SUIT_OF,
    PlayState,
    W,
    legal_cards,
    rule_in_force,
    trick_winner,
)
from .unseen import UnseenDealer

#: Deals of the unseen cards behind one piece of advice.
DEFAULT_SAMPLES = 300
#: The time one decision may take on the exact search, in milliseconds (the whole decision's
#: budget is 150 ms; the dealing and the rest take about 15).
BUDGET_MS = 100.0
#: The same budget in positions searched, the compiled solver and the pure-Python one (about
#: 10 million and 100,000 a second on this machine): the search stops there, so the deals it
#: covers are the same on every run.
NODE_BUDGET = {True: 1_000_000, False: 10_000}
#: Where every other hand is known, the budget of the search of the one layout (about a
#: minute and a half; past it, the deals are played out).
KNOWN_NODE_BUDGET = {True: 600_000_000, False: 3_000_000}
#: The median time to search one layout exactly (every legal card of the seat to play), in
#: milliseconds, by the tricks left, the compiled solver and the pure-Python one
#: (``benchmarks/bench_solver.py --advice``, CPU time); beyond the table, 3.5 times more a trick.
LAYOUT_MS = {True: (0.01, 0.01, 0.01, 0.013, 0.033, 0.09, 0.7, 1.7, 7.6, 32.0, 98.0),
             False: (0.05, 0.14, 0.36, 1.9, 15.5, 33.0, 150.0)}
#: The last tricks searched exactly, on as many deals as the budget allows (tuned on seed
#: 900: searching the deals of 9 and 10 tricks left too, on 3 to 5 deals, did no better).
EXACT_TRICKS = 8 if COMPILED else 3
#: Fewer deals searched within the budget, and the deals are played out instead.
MIN_EXACT_DEALS = 10


@dataclass(frozen=True)
class Estimate:
    """A mean and its standard error."""

    mean: float
    stderr: float

    @classmethod
    def of(cls, values: np.ndarray) -> Estimate:
        n = len(values)
        sd = float(values.std(ddof=1)) if n > 1 else 0.0
        return cls(float(values.mean()), sd / n ** 0.5)

    def to_dict(self) -> dict[str, float]:
        return {"mean": round(self.mean, 3), "stderr": round(self.stderr, 3)}


@dataclass(frozen=True)
class Choice:
    """One legal card: the player's side's trick points for the rest of the hand (scaled),
    the bidding side's chance to make the contract and the expected score (None where the
    contract or the tricks so far are not known)."""

    card: int
    trick_points: Estimate
    make_probability: float | None
    score: Estimate | None

    def to_dict(self) -> dict:
        return {"card": str(CARDS[self.card]), "trick_points": self.trick_points.to_dict(),
                "make_probability": None if self.make_probability is None
                else round(self.make_probability, 4),
                "score": None if self.score is None else self.score.to_dict()}


@dataclass(frozen=True)
class CardAdvice:
    """The card to play, every legal card's figures (best first), why, the facts the deals
    met, and how the figures were found: ``samples`` deals from ``seed`` (where searched, the
    first of the deals asked for, as many as the time budget allows), ``searched`` when each
    was searched exactly."""

    card: int
    choices: tuple[Choice, ...]
    reason: str
    facts: Facts
    samples: int
    seed: int
    searched: bool
    #: per card, the figure each deal gave it (the score margin, else trick points): for
    #: ``cost``, which pairs two cards deal by deal
    values: dict[int, np.ndarray] = field(default_factory=dict, compare=False, repr=False)

    def cost(self, card: int) -> Estimate:
        """What playing ``card`` rather than the card advised costs by the advice's own
        figure (the expected score, else trick points), with the standard error of the
        difference deal by deal: every card is played out on the same deals, so the two
        estimates' errors largely cancel."""
        if card not in self.values:
            raise ValueError(f"{CARDS[card].symbol} is not a card the seat may play here")
        return Estimate.of(self.values[self.card] - self.values[card])

    def to_dict(self) -> dict:
        return {"card": str(CARDS[self.card]), "choices": [c.to_dict() for c in self.choices],
                "reason": self.reason, "inferred": self.facts.to_dict(),
                "samples": self.samples, "seed": self.seed,
                "method": "exact search" if self.searched else "play-outs"}


def advise_card(position: Position, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                rules: RulesLike | None = STANDARD) -> CardAdvice:
    """The card to play at ``position`` and why (see the module docstring); ``rules`` as
    every function takes them (a ``RuleSet``, a preset name, a rule file)."""
    if not isinstance(position, Position):
        raise TypeError(f"position must be a Position (Position.from_dict reads its JSON),"
                        f" not {type(position).__name__}")
    rules = as_rules(rules)
    check("samples", samples, 1, CARD_DEALS)
    check("seed", seed, 0, SEED_MAX)
    facts = read_position(position, rules)
    p = position
    legal = legal_cards(p.hand.counts, p.trick, p.trump)
    deals = UnseenDealer(facts).deal(np.random.default_rng(seed), samples)
    side = p.seat & 1
    codes = suit_codes(deals)
    plan = _exact_plan(p, codes)
    found = None if plan is None else _searched(p, codes, legal, side, plan)
    searched = found is not None and found[1] >= min(MIN_EXACT_DEALS, samples)
    if found is not None and searched:
        points, samples = found
    else:
        points = _played_out(p, facts, codes, legal, side)
    points = points * rules.scale
    table = _scores(p, facts, rules)
    choices, values = [], {}
    for i, card in enumerate(legal):
        made = score = None
        values[card] = points[i]
        if table is not None:
            margin, making, so_far = table
            taken = (so_far + points[i]).astype(np.int64)
            values[card] = margin[taken]
            made, score = float(making[taken].mean()), Estimate.of(margin[taken])
        choices.append(Choice(card, Estimate.of(points[i]), made, score))
    habit = HeuristicPlayer().choose(_view(p, facts))

    def key(c: Choice) -> tuple:
        value = c.score.mean if c.score is not None else c.trick_points.mean
        return (-round(value, 9), c.card != habit, -RANK_OF[c.card], c.card)

    choices.sort(key=key)
    return CardAdvice(choices[0].card, tuple(choices), reason(p, facts, choices, searched),
                      facts, samples, seed, searched, values)


def layout_ms(tricks: int, compiled: bool = COMPILED) -> float:
    """The median time to search one layout exactly with this many tricks left (``LAYOUT_MS``)."""
    table = LAYOUT_MS[compiled]
    if tricks <= len(table):
        return table[tricks - 1]
    return table[-1] * 3.5 ** (tricks - len(table))


def _exact_plan(p: Position, codes: np.ndarray) -> int | None:
    """Whether to search the deals exactly, and within how many positions searched; None:
    play them out. In the last ``EXACT_TRICKS`` tricks, and earlier where the distinct
    layouts are few enough to search within ``BUDGET_MS``, within ``NODE_BUDGET``; at any
    depth, within ``KNOWN_NODE_BUDGET``, where the facts leave one layout."""
    left = len(p.hand)
    if left <= EXACT_TRICKS:
        return NODE_BUDGET[COMPILED]
    layouts = len(np.unique(codes, axis=0))
    if layouts * layout_ms(left) <= BUDGET_MS:
        return NODE_BUDGET[COMPILED]
    if layouts == 1:
        return KNOWN_NODE_BUDGET[COMPILED]
    return None


def _searched(p: Position, codes: np.ndarray, legal: tuple[int, ...], side: int,
              budget: int) -> tuple[np.ndarray, int]:
    """Per legal card and deal, the side's exact trick points (unscaled) from here, each
    distinct layout searched once by the double-dummy solver of the trump, in the order
    dealt, within ``budget`` positions searched; and how many of the deals (the first ones)
    that covers."""
    layouts, first, which = np.unique(codes, axis=0, return_index=True, return_inverse=True)
    which = np.asarray(which).reshape(-1)
    order = np.argsort(first)  # the layouts in the order of their first deal
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    layouts = np.ascontiguousarray(layouts[order], dtype=np.int64)
    which = rank[which]
    found = np.zeros((len(layouts), len(legal)), dtype=np.int64)
    solver = engine(p.trump)
    solver.clear()  # the same search, so the same deals within the budget, on every run
    done = solver.values_many(layouts, p.leader, list(p.trick), list(legal), found, budget)
    covered = int(np.argmax(which >= done)) if (which >= done).any() else len(which)
    if side:  # the solver gives side 0's points: side 1 takes the rest
        held = np.array(_COUNTERS, dtype=np.int64)[layouts].sum(axis=1)
        total = held + sum(CARD_POINTS[c] for c in p.trick) + 2
        found = total[:, None] - found
    return found.T.astype(np.float64)[:, which[:covered]], covered


#: The counters in a suit held as each suit code (A, 10 and K count 1).
_COUNTERS = tuple(c % 5 + c // 5 % 5 + c // 25 % 5 for c in range(3125))


def _played_out(p: Position, facts: Facts, codes: np.ndarray, legal: tuple[int, ...],
                side: int) -> np.ndarray:
    """Per legal card and deal, the side's trick points (unscaled) from here, each deal played
    out by four heuristic players after the card."""
    n, m = len(codes), len(legal)
    j = len(p.trick)
    rows = np.tile(codes, (m, 1))
    cards = np.repeat(np.array(legal), n)
    rows[np.arange(m * n), 4 * p.seat + cards // 5] -= np.array(W)[cards % 5]
    voids = np.array([_voids_after(facts.voids, p, c) for c in legal])
    voids = np.repeat(voids, n, axis=0)
    extra = np.zeros((m, 2))
    if j < 3:
        trick = np.hstack([np.tile(np.array(p.trick, dtype=np.int64), (m * n, 1)),
                           cards[:, None]])
        points = play_lockstep(rows, p.trump, p.leader, trick=trick, voids=voids)
    else:
        leaders = np.empty(m, dtype=np.int64)
        for i, c in enumerate(legal):
            full = (*p.trick, c)
            leaders[i] = (p.leader + trick_winner(full, p.trump)) & 3
            last = len(p.hand) == 1
            extra[i, leaders[i] & 1] = sum(CARD_POINTS[x] for x in full) + 2 * last
        points = play_lockstep(rows, p.trump, np.repeat(leaders, n), voids=voids)
    return points[:, side].reshape(m, n) + extra[:, side][:, None]


def _voids_after(voids: tuple[int, ...], p: Position, card: int) -> tuple[int, ...]:
    """The voids shown once the player has played ``card`` to the trick in progress."""
    if not p.trick or SUIT_OF[card] == SUIT_OF[p.trick[0]]:
        return voids
    bits = 1 << SUIT_OF[p.trick[0]] | (1 << p.trump if SUIT_OF[card] != p.trump else 0)
    return tuple(v | bits if s == p.seat else v for s, v in enumerate(voids))


def _scores(p: Position, facts: Facts, rules: RuleSet):
    """For every count of the side's trick points for the rest of the hand: the score margin
    and whether the contract is made; with the points taken so far (None: no contract, or the
    tricks so far not known)."""
    if p.contract is None or facts.points is None:
        return None
    from ..meld.engine import meld
    from ..scoring import HandInput, score_hand

    seats = []
    for s in range(4):
        shown = p.shown[s]
        if shown is None and s == p.seat:
            start = list(p.hand.counts)
            for t in p.tricks:
                for k, c in enumerate(t.cards):
                    if (t.leader + k) & 3 == s:
                        start[c] += 1
            shown = Hand(start)
        seats.append(0 if shown is None or not len(shown) else
                     meld(shown, rules).trumps[p.trump].points)
    sides = (seats[0] + seats[2], seats[1] + seats[3])
    bidder, bid = p.contract[0] & 1, p.contract[1]
    side = p.seat & 1
    total = rules.trick_points
    margin, making = [], []
    for ours in range(total + 1):
        tricks = (ours, total - ours) if side == 0 else (total - ours, ours)
        score = score_hand(HandInput(bidder, bid, sides, tricks), rules)
        margin.append(score.points[side] - score.points[1 - side])
        making.append(score.result == "made")
    so_far = facts.points[side] * rules.scale
    return np.array(margin, dtype=np.float64), np.array(making), so_far


def _view(p: Position, facts: Facts):
    """What the player sees, as the heuristic player reads it."""
    hands = [tuple(p.hand.counts) if s == p.seat else (0,) * KINDS for s in range(4)]
    v = facts.voids
    state = PlayState(tuple(hands), p.trump, p.leader, tuple(p.trick), voids=(v[0], v[1], v[2],
                                                                              v[3]))
    view = state.view()
    return view._replace(unplayed=tuple(COPIES - x for x in facts.played))


def reason(p: Position, facts: Facts, choices: list[Choice], searched: bool) -> str:
    """Why the first choice, in words."""
    best = choices[0]
    if len(choices) == 1:
        return f"the only card you may play ({rule_in_force(p.hand.counts, p.trick, p.trump)})"
    out = _what_it_does(p, facts, best.card)
    value = (lambda c: c.score.mean) if best.score is not None else (
        lambda c: c.trick_points.mean)
    gain = value(best) - value(choices[1])
    unit = "points of score" if best.score is not None else "trick points"
    how = "exact search of every layout" if searched else "played out"
    if gain > 1e-9:
        out += (f"; {gain:.2f} {unit} better than {CARDS[choices[1].card].symbol}"
                f" ({how})")
    else:
        out += f"; as good as {CARDS[choices[1].card].symbol} ({how})"
    return out


def _what_it_does(p: Position, facts: Facts, card: int) -> str:
    """What playing ``card`` does, as a player says it."""
    suit, rank = SUIT_OF[card], RANK_OF[card]
    sym = CARDS[card].symbol
    trump = p.trump
    mine = p.hand.counts
    # cards not yet played and not in the player's hand: where the others may hold them
    out_there = [COPIES - mine[c] - facts.played[c] for c in range(KINDS)]
    above = [c for c in range(suit * 5, suit * 5 + rank) if out_there[c]]
    if not p.trick:
        trumps_out = sum(out_there[trump * 5: trump * 5 + 5])
        if suit == trump:
            if 0 < trumps_out <= 3:
                return f"draws the last trumps: only {trumps_out} are out"
            return f"leads trump: {trumps_out} are out" if trumps_out else \
                "leads trump: no trump is left out"
        if not above:
            gone = ", ".join(f"all four {CARDS[c].symbol}" for c in range(suit * 5,
                                                                         suit * 5 + rank))
            why = f"{gone} are gone" if rank else "no card beats it"
            return f"cashes a sure winner: {why}"
        if CARD_POINTS[card]:
            return f"leads {sym}: {len(above)} higher {SUIT_SYMBOLS[suit]} cards are out"
        return f"leads low ({sym}): it gives away no counter"
    w = p.trick[trick_winner(p.trick, trump)]
    winner = (p.leader + trick_winner(p.trick, trump)) & 3
    beats = (suit == SUIT_OF[w] and rank < RANK_OF[w]) or (suit == trump and SUIT_OF[w] != trump)
    last = len(p.trick) == 3
    if winner == p.seat ^ 2 and not beats:
        if CARD_POINTS[card]:
            return f"partner's {CARDS[w].symbol} wins the trick: feed it a counter"
        return f"partner's {CARDS[w].symbol} is winning: {sym} keeps the counters"
    if beats:
        if suit == trump and SUIT_OF[p.trick[0]] != trump and SUIT_OF[w] != trump:
            return f"trumps in with {sym}" + (" and wins the trick" if last else "")
        return f"{sym} takes the trick" + (" (last to play)" if last else
                                           " from " + CARDS[w].symbol)
    if CARD_POINTS[card]:
        return f"{sym} cannot win the trick; a counter goes to {CARDS[w].symbol}"
    return f"the trick goes to {CARDS[w].symbol}: {sym} gives away no counter"


__all__ = ["advise_card", "CardAdvice", "Choice", "Estimate", "DEFAULT_SAMPLES",
           "EXACT_TRICKS", "NODE_BUDGET", "KNOWN_NODE_BUDGET", "MIN_EXACT_DEALS", "BUDGET_MS",
           "layout_ms"]
