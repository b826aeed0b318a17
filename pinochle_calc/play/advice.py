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
``MIN_EXACT_DEALS``, else they are all played out; from ``PARALLEL_TRICKS`` tricks left on, on
two threads at once, each within half the budget); at any depth, every deal, where the facts
leave one layout (every other hand known), within ``exact`` seconds of CPU time: past them the
deals are played out, and ``method_note`` says so. Every card is scored on the same deals, so the
differences between cards are not swamped by the luck of the deal.

For each card: the player's side's expected trick points for the rest of the hand (mean and
standard error), and when the contract, the tricks so far and every seat's meld are known, the
bidding side's chance to make it and the expected score: the hand's score for the player's side
less the other side's (``game.scoring.score_hand``, made or set, as the arena's margin counts
it). The card recommended has the best expected score (trick points where there is no score);
ties go to the card the heuristic player would play, then to the lower card.

**Paired differences.** Each card's ``difference`` is the best card's figure less its own, deal
by deal on the same deals (mean and standard error): a card within ``AS_GOOD`` standard errors
of the best is ``as_good`` as it, and the reason then says so rather than call one better.
While the best card and the next that differs from it on some deal are that close, and the
standard error of their difference is above ``NEGLIGIBLE``, more deals are dealt from the same
seed (the figures of the first deals stay as they were), doubling the deals up to
``MORE_DEALS`` times those asked for, or, in the exact search, as far as its budget of positions
searched goes: the same seed gives the same deals, the same figures and the same card on every
run.

**Decision (meld).** The meld of a seat given no shown cards (``None``) is not known; an empty
hand of shown cards says the seat showed none. The player's own meld, where not given, is that
of its hand when play began where the tricks so far say what it was. Where a seat's meld, the
tricks so far or the contract is not known, no chance to make and no score are given, the cards
are ranked by trick points, and ``missing`` says what was not given.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..cards import CARDS
from ..hand import Hand
from ..limits import CARD_DEALS, EXACT_SECONDS_CARD, EXACT_SECONDS_MAX, SEED_MAX, check
from ..rules import STANDARD, TRICK_POINTS, RuleSet, RulesLike, as_rules
from .dealer import suit_codes
from .facts import Facts, read_position
from .lockstep import play_lockstep
from .players import HeuristicPlayer
from .position import Position
from .reasons import reason, view
from .solver import COMPILED, THREADS, engine, new_engine, search_layouts
from .stats import ZERO, Mean
from .timed import Budget, OutOfTime, check_seconds
from .tricks import (
    CARD_POINTS,
    RANK_OF,
    SUIT_OF,
    W,
    legal_cards,
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
#: Where every other hand is known, the one layout is searched within a budget of seconds
#: (``advise_card``'s ``exact``, ``card --exact``), not of positions: ``_exact_plan``'s mark.
KNOWN = -1
#: ... by default (``limits.EXACT_SECONDS_CARD``).
KNOWN_SECONDS = EXACT_SECONDS_CARD
#: The median time to search one layout exactly (every legal card of the seat to play), in
#: milliseconds, by the tricks left, the compiled solver and the pure-Python one
#: (``benchmarks/bench_solver.py --advice``, CPU time; the compiled row measured again after
#: issue 33's second round, benchmarks/results/solver_11_advice.txt); beyond the table, 3.5
#: times more a trick.
LAYOUT_MS = {True: (0.016, 0.01, 0.004, 0.007, 0.02, 0.065, 0.38, 0.77, 3.3, 16.4, 41.7),
             False: (0.05, 0.14, 0.36, 1.9, 15.5, 33.0, 150.0)}
#: The last tricks searched exactly, on as many deals as the budget allows (tuned on seed
#: 900: searching the deals of 9 and 10 tricks left too, on 3 to 5 deals, did no better).
EXACT_TRICKS = 8 if COMPILED else 3
#: Fewer deals searched within the budget, and the deals are played out instead.
MIN_EXACT_DEALS = 10
#: From this many tricks left on, the distinct layouts are searched on ``solver.THREADS``
#: threads at once, each within its share of the budget (with fewer, a search takes a few
#: milliseconds: a thread does not pay; ``benchmarks/bench_layouts.py``, docs/card-play.md).
PARALLEL_TRICKS = 6
#: A card whose paired difference from the best is within this many standard errors of it is
#: as good as the best.
AS_GOOD = 2.0
#: While the best two cards are as good as each other, the deals are doubled, up to this many
#: times those asked for (``docs/card-play.md`` gives the time it takes: within the budget).
MORE_DEALS = 8
#: ... or until the standard error of their difference is this small (trick points, unscaled):
#: then they are as good as each other for any purpose.
NEGLIGIBLE = 0.05


@dataclass(frozen=True)
class Choice:
    """One legal card: the player's side's trick points for the rest of the hand (scaled),
    the bidding side's chance to make the contract and the expected score (None where the
    contract, the tricks so far or a seat's meld is not known); ``difference``: the best card's
    figure (the score, else trick points) less this card's, paired deal by deal; ``as_good``:
    within ``AS_GOOD`` standard errors of the best (the best itself too)."""

    card: int
    trick_points: Mean
    make_probability: float | None
    score: Mean | None
    difference: Mean = ZERO
    as_good: bool = True

    def to_dict(self) -> dict:
        return {"card": str(CARDS[self.card]), "trick_points": self.trick_points.to_dict(),
                "make_probability": None if self.make_probability is None
                else round(self.make_probability, 4),
                "score": None if self.score is None else self.score.to_dict(),
                "difference": self.difference.to_dict(), "as_good": self.as_good}


@dataclass(frozen=True)
class CardAdvice:
    """The card to play, every legal card's figures (best first), why, the facts the deals
    met, and how the figures were found: ``samples`` deals from ``seed`` (where searched, the
    first of the deals asked for, as many as the time budget allows; more where the best two
    were close), ``searched`` when each was searched exactly; ``missing``: what was not given
    that the chance to make and the score need (empty where they are given, or where no
    contract was)."""

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
    missing: tuple[str, ...] = ()
    #: why the deals were played out where the exact search was meant (None: it was not, or
    #: it ran)
    method_note: str | None = None

    def cost(self, card: int) -> Mean:
        """What playing ``card`` rather than the card advised costs by the advice's own
        figure (the expected score, else trick points), with the standard error of the
        difference deal by deal: every card is played out on the same deals, so the two
        estimates' errors largely cancel."""
        if card not in self.values:
            raise ValueError(f"{CARDS[card].symbol} is not a card the seat may play here")
        return Mean.of(self.values[self.card] - self.values[card])

    def to_dict(self) -> dict:
        return {"card": str(CARDS[self.card]), "choices": [c.to_dict() for c in self.choices],
                "reason": self.reason, "inferred": self.facts.to_dict(),
                "samples": self.samples, "seed": self.seed,
                "method": "exact search" if self.searched else "play-outs",
                "method_note": self.method_note, "missing": list(self.missing)}


def advise_card(position: Position, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                rules: RulesLike | None = STANDARD, more: bool = True,
                exact: float | None = KNOWN_SECONDS) -> CardAdvice:
    """The card to play at ``position`` and why (see the module docstring); ``rules`` as
    every function takes them (a ``RuleSet``, a preset name, a rule file); ``more``: deal more
    where the best two cards are close (False: exactly ``samples`` deals, or fewer searched);
    ``exact``: the seconds of CPU time the search of the one layout may take where every other
    hand is known (None: no limit; 0: none, the deals are played out)."""
    if not isinstance(position, Position):
        raise TypeError(f"position must be a Position (Position.from_dict reads its JSON),"
                        f" not {type(position).__name__}")
    rules = as_rules(rules)
    check("samples", samples, 1, CARD_DEALS)
    check("seed", seed, 0, SEED_MAX)
    clock = Budget(None if exact is None else check_seconds("exact", exact, EXACT_SECONDS_MAX))
    facts = read_position(position, rules)
    p = position
    legal = legal_cards(p.hand.counts, p.trick, p.trump)
    side = p.seat & 1
    dealer = UnseenDealer(facts)
    rng = np.random.default_rng(seed)
    codes = suit_codes(dealer.deal(rng, samples))
    plan = _exact_plan(p, facts, codes)
    note = None
    try:
        found = None if plan is None else _searched(p, codes, legal, side, plan, clear=True,
                                                    clock=clock)
    except OutOfTime:
        found, note = None, _out_of_time(exact)
    searched = found is not None and found[1] >= min(MIN_EXACT_DEALS, samples)
    if found is not None and searched:
        points, used = found
    else:
        points, used = _played_out(p, facts, codes, legal, side), samples
    table, missing = _scores(p, facts, rules)
    habit = HeuristicPlayer().choose(view(p, facts))
    while True:
        choices, values = _choices(legal, points, table, rules, habit)
        close = _close(choices, NEGLIGIBLE * rules.scale)
        if not (more and close) or used < len(codes) or 2 * used > MORE_DEALS * samples \
                or 2 * used > CARD_DEALS:
            break
        extra = suit_codes(dealer.deal(rng, used))  # as many again, from the same stream
        if searched:  # the search goes on within what is left of its budget
            try:
                add, n = _searched(p, extra, legal, side, plan,  # type: ignore[arg-type]
                                   clear=False, clock=clock)
            except OutOfTime:
                break
        else:
            add, n = _played_out(p, facts, extra, legal, side), len(extra)
        if n == 0:
            break
        codes = np.concatenate([codes, extra])  # past n: the budget ran out, the loop ends
        points = np.concatenate([points, add], axis=1)
        used += n
    return CardAdvice(choices[0].card, tuple(choices),
                      reason(p, facts, choices, searched, missing, used), facts, used, seed,
                      searched, values, missing, note)


def _out_of_time(seconds: float | None) -> str:
    """Why the one layout was played out rather than searched."""
    if not seconds:
        return "every other hand is known, but no time was allowed for the exact search"
    return f"every other hand is known, but the exact search did not finish within" \
        f" {seconds:g} s"


def _close(choices: list[Choice], negligible: float) -> bool:
    """Whether the best card and the next one that differs from it on some deal are not yet
    apart: as good as each other, the standard error of their difference above
    ``negligible``."""
    rivals = [c for c in choices[1:] if c.difference != ZERO]
    return bool(rivals) and rivals[0].as_good and rivals[0].difference.stderr > negligible


def _choices(legal: tuple[int, ...], points: np.ndarray, table, rules: RuleSet,
             habit: int) -> tuple[list[Choice], dict[int, np.ndarray]]:
    """Every legal card's figures from its unscaled trick points deal by deal, best first, each
    with its paired difference from the best; and each card's figure deal by deal."""
    rows = []
    values = {}
    for i, card in enumerate(legal):
        made = score = None
        values[card] = points[i] * rules.scale
        if table is not None:
            margin, making, so_far = table
            taken = (so_far + points[i]).astype(np.int64)
            values[card] = margin[taken]
            made, score = float(making[taken].mean()), Mean.of(margin[taken])
        rows.append((card, Mean.of(points[i] * rules.scale), made, score))

    def key(row: tuple) -> tuple:
        card = row[0]
        return (-round(float(values[card].mean()), 9), card != habit, -RANK_OF[card], card)

    rows.sort(key=key)
    best = values[rows[0][0]]
    choices = []
    for card, points_, made, score in rows:
        d = Mean.of(best - values[card])
        choices.append(Choice(card, points_, made, score, d,
                              d.mean <= AS_GOOD * d.stderr + 1e-9))
    return choices, values


def layout_ms(tricks: int, compiled: bool = COMPILED) -> float:
    """The median time to search one layout exactly with this many tricks left (``LAYOUT_MS``)."""
    table = LAYOUT_MS[compiled]
    if tricks <= len(table):
        return table[tricks - 1]
    return table[-1] * 3.5 ** (tricks - len(table))


def _exact_plan(p: Position, facts: Facts, codes: np.ndarray) -> int | None:
    """Whether to search the deals exactly, and within how many positions searched; None:
    play them out. At any depth, within the time budget (``KNOWN``), where the facts leave one
    layout: every other hand known, or at least ``MIN_EXACT_DEALS`` deals all alike (a deal or
    two alike says nothing: ``--samples 1`` once searched a minute a card); this comes first,
    since the one layout's search may need more than ``NODE_BUDGET`` even in the last tricks.
    Else in the last ``EXACT_TRICKS`` tricks, and earlier where the distinct layouts are few
    enough to search within ``BUDGET_MS``, within ``NODE_BUDGET``."""
    left = len(p.hand)
    layouts = len(np.unique(codes, axis=0))
    known = all(sum(facts.known[s]) == facts.sizes[s] for s in facts.others)
    if layouts == 1 and (known or len(codes) >= MIN_EXACT_DEALS):
        return KNOWN
    if left <= EXACT_TRICKS or layouts * layout_ms(left) <= BUDGET_MS:
        return NODE_BUDGET[COMPILED]
    return None


def _searched(p: Position, codes: np.ndarray, legal: tuple[int, ...], side: int,
              budget: int, clear: bool = True,
              clock: Budget | None = None) -> tuple[np.ndarray, int]:
    """Per legal card and deal, the side's exact trick points (unscaled) from here, each
    distinct layout searched once by the double-dummy solver of the trump, in the order
    dealt, within ``budget`` positions searched (``clear``: from an empty table, so that the
    same search covers the same deals on every run; else going on from the search before,
    within what is left of it), from ``PARALLEL_TRICKS`` tricks left on by
    ``solver.THREADS`` solvers at once (``solver.search_layouts``); and how many of the deals
    (the first ones) that covers. ``budget`` ``KNOWN``: the one layout, by a solver of its
    own sized for its tricks, within the seconds of ``clock`` (``OutOfTime`` past them)."""
    layouts, first, which = np.unique(codes, axis=0, return_index=True, return_inverse=True)
    which = np.asarray(which).reshape(-1)
    order = np.argsort(first)  # the layouts in the order of their first deal
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    layouts = np.ascontiguousarray(layouts[order], dtype=np.int64)
    which = rank[which]
    found = np.zeros((len(layouts), len(legal)), dtype=np.int64)
    if budget == KNOWN:
        done = _known(p, layouts, legal, found, clock or Budget(KNOWN_SECONDS))
    else:
        threads = THREADS if len(p.hand) >= PARALLEL_TRICKS else 1
        done = search_layouts(p.trump, layouts, p.leader, list(p.trick), list(legal), found,
                              budget, clear=clear, threads=threads)
    covered = int(np.argmax(which >= done)) if (which >= done).any() else len(which)
    if side:  # the solver gives side 0's points: side 1 takes the rest
        held = np.array(_COUNTERS, dtype=np.int64)[layouts].sum(axis=1)
        total = held + sum(CARD_POINTS[c] for c in p.trick) + 2
        found = total[:, None] - found
    return found.T.astype(np.float64)[:, which[:covered]], covered


def _known(p: Position, layouts: np.ndarray, legal: tuple[int, ...], found: np.ndarray,
           clock: Budget) -> int:
    """The one layout (a row of ``layouts``) searched into ``found`` within ``clock``
    (``OutOfTime`` past it), by the thread's solver emptied (``solver.engine``) in the last
    ``EXACT_TRICKS`` tricks, else by one of its own sized for the tricks left (a whole deal's
    table is hundreds of megabytes: not kept); the layouts done."""
    left = len(p.hand)
    solver = engine(p.trump) if left <= EXACT_TRICKS else new_engine(p.trump, left)
    solver.clear()
    return clock.run(solver, lambda: solver.values_many(layouts, p.leader, list(p.trick),
                                                        list(legal), found))


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
    """For every count of the side's trick points for the rest of the hand (unscaled, as the
    play gives them): the score margin and whether the contract is made; with the points
    (unscaled) taken so far; None where the contract, the tricks so far or a seat's meld is not
    known. And what of these was not given (nothing where no contract was)."""
    from ..scoring import HandInput, score_hand

    if p.contract is None:
        return None, ()
    from ..seats import seats_text

    missing = [] if facts.points is not None else ["the tricks so far"]
    seats: list[int | None] = []
    for s in range(4):
        shown = p.shown[s]
        if shown is None and s == p.seat and facts.points is not None:
            start = list(p.hand.counts)
            for t in p.tricks:
                for k, c in enumerate(t.cards):
                    if (t.leader + k) & 3 == s:
                        start[c] += 1
            shown = Hand(start)
        seats.append(None if shown is None else _meld(shown, p.trump, rules))
    unknown = [s for s in range(4) if seats[s] is None]
    if unknown:
        missing.append(f"the meld of {seats_text(unknown)}")
    if missing or facts.points is None:
        return None, tuple(missing)
    sides = (seats[0] + seats[2], seats[1] + seats[3])  # type: ignore[operator]
    bidder, bid = p.contract[0] & 1, p.contract[1]
    side = p.seat & 1
    k = rules.scale
    margin, making = [], []
    for ours in range(TRICK_POINTS + 1):
        tricks = (ours * k, (TRICK_POINTS - ours) * k)
        score = score_hand(HandInput(bidder, bid, sides, tricks if side == 0 else tricks[::-1]),
                           rules)
        margin.append(score.points[side] - score.points[1 - side])
        making.append(score.result == "made")
    return (np.array(margin, dtype=np.float64), np.array(making), facts.points[side]), ()


def _meld(shown: Hand, trump: int, rules: RuleSet) -> int:
    """The meld (scaled) of the cards a seat showed."""
    from ..meld.engine import meld

    return meld(shown, rules).trumps[trump].points if len(shown) else 0


__all__ = ["advise_card", "CardAdvice", "Choice", "DEFAULT_SAMPLES",
           "EXACT_TRICKS", "NODE_BUDGET", "KNOWN_SECONDS", "MIN_EXACT_DEALS", "BUDGET_MS",
           "layout_ms"]
