"""The card exchange between the bidder and the partner, played by one fast policy on many hands
at once: the partner's pass, the bidder's return, and the whole exchange as the rule set has it.

Every function takes ``(n, 20)`` card-count arrays (one row a hand), so the estimate runs the
exchange inside each of its simulated deals, the whole-hand game plays it, and the ``pass``
command shows the very choice they assume.

The policy, in a player's words:

- the **partner** passes first the card a hint asks for when it holds one (one card of the rank;
  for an around, two of distinct suits), and under Toby Thomas's rule the cards of the suit
  asked for; then what is worth most to the side: the meld the cards make in the bidder's hand
  (the mean gain over the hands a bidder who names that trump may hold), trumps (length and
  control for the hand that leads) and side aces, less the partner's own meld they break;
- the **bidder** returns cards that keep its meld (it breaks meld only when it cannot avoid it,
  and then the least), keeps trump length and aces, and gives first what the partner asked for,
  then low side cards.

The worth of a choice (``Objective``) adds up the independent parts of meld (the trump suit's
runs and royal marriages, each other suit's marriages, each around, the pinochles: see
``meld.vector``), so the meld a choice gives or breaks is exact under rule sets without a
roundhouse option (with one, the policy values a roundhouse by its parts). The search is greedy
from several starts (nothing, a card of one rank in every suit, the trump K-Q, the pinochle, the
trump run's cards), which finds the best choice by the objective in about 95% of hands;
``thorough`` adds swaps of one card and ``every_choice`` tries them all, as a check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..cards import ACE, JACK, KING, QUEEN, SuitLike, as_suit
from ..compiled import whole_numbers
from ..rules import RuleSet, RulesLike, as_rules
from ..stores import Store, kept
from .hints import as_hint
from .objective import (
    GREEDY,
    RECEIVERS,
    Objective,
    gain_entry,
    gain_sums,
    meld_parts,
    part_values,
    receivers,
)

if TYPE_CHECKING:  # numpy.typing costs a start-up millisecond: for the checker only
    from numpy.typing import ArrayLike

    from .hints import Signal

_AROUND_RANKS = (ACE, KING, QUEEN, JACK)
_Q_SPADES, _J_DIAMONDS = 0 * 5 + QUEEN, 2 * 5 + JACK
_SUIT = np.arange(20) // 5
_RANK = np.arange(20) % 5
_HAND_CODE = 5 ** np.arange(20, dtype=np.int64)
#: The weight of the bidder's own meld in its return: it never gives meld up for trick value.
_KEEP_MELD = 1000.0


@dataclass(frozen=True)
class ExchangePolicy:
    """What the exchange policy counts besides meld, in points per card.

    ``to_bidder_trump`` / ``to_bidder_side``: a trump or a side card moved to the bidder, by
    rank (A 10 K Q J): trumps give length and control to the hand that leads, aces tricks.
    ``keep_trump`` / ``keep_side``: what the bidder gives up with a card it returns, by rank.
    ``answer``: the worth of a card a hint asks for. ``samples``: receiver hands the meld gains
    are averaged over.

    The values are tuned on the side's meld plus trick points after the exchange and the play
    (``benchmarks/bench_exchange.py``, a four-card pass): trumps to the bidder at three times a
    first guess (1.5 for the A and 10, 1 for the rest, 0.5 for a side ace) add 1.7 ± 0.4 points
    a hand on deals not used for tuning; the bidder's keep values at half a first guess add
    0.9 ± 0.2 (a spare trump or side ace is worth more to the side as meld in the partner's
    hand than as a trick in the bidder's).
    """

    to_bidder_trump: tuple[float, ...] = (9.0, 7.5, 6.0, 6.0, 4.5)
    to_bidder_side: tuple[float, ...] = (2.0, 0.0, 0.0, 0.0, 0.0)
    keep_trump: tuple[float, ...] = (3.0, 2.5, 2.0, 2.0, 1.75)
    keep_side: tuple[float, ...] = (1.0, 0.5, 0.3, 0.1, 0.05)
    answer: float = 20.0
    samples: int = RECEIVERS


POLICY = ExchangePolicy()


def per_card(trump_values: Sequence[float], side_values: Sequence[float],
             trump: int) -> np.ndarray:
    """20 values, one per card: by rank, from one table for the trump suit, the other else."""
    by_rank = np.where(_SUIT == trump, np.asarray(trump_values)[_RANK],
                       np.asarray(side_values)[_RANK])
    return by_rank.astype(np.float64)


def _starts(hands: np.ndarray, trump: int) -> list[np.ndarray]:
    """Choices a greedy search may miss, to start from: a card of one rank in every suit held
    (an around), the trump K-Q (a royal marriage), Q♠ J♦ (a pinochle), the trump run's cards."""
    out = []
    for r in _AROUND_RANKS:
        start = np.zeros_like(hands)
        start[:, r::5] = hands[:, r::5] > 0
        out.append(start)
    for cards in ((trump * 5 + KING, trump * 5 + QUEEN), (_Q_SPADES, _J_DIAMONDS),
                  tuple(range(trump * 5, trump * 5 + 5))):
        start = np.zeros_like(hands)
        start[:, list(cards)] = np.minimum(hands[:, list(cards)], 1)
        out.append(start)
    return out


def pick(objective: Objective, hands: np.ndarray, chosen: np.ndarray, allowed: ArrayLike,
         count: ArrayLike, distinct: bool = False,
         path: list[np.ndarray] | None = None) -> np.ndarray:
    """``chosen`` with up to ``count`` (one, or one per row) more cards among ``allowed`` (20
    booleans, or per row), each the one adding most to the objective; with ``distinct``, only
    kinds not chosen yet. ``path`` (a list) gets the choices after each step. A
    ``ValueError`` where a count is not 0 to 4, a choice not within its hand, or a count of
    cards to add not 0 to 80."""
    chosen = chosen.copy()
    count = np.broadcast_to(np.asarray(count), (len(chosen),))
    allowed = np.broadcast_to(allowed, chosen.shape)
    if GREEDY is None or path is not None:  # (the compiled search checks them itself)
        _check(hands, chosen, "chosen")
        whole_numbers(count, "count", 0, 80)
    else:
        chosen = np.ascontiguousarray(chosen, dtype=np.int64)
        GREEDY.pick(objective.native, np.ascontiguousarray(hands, dtype=np.int64), chosen,
                    np.ascontiguousarray(allowed, dtype=bool),
                    np.ascontiguousarray(count, dtype=np.int64), distinct)
        return chosen
    steps = int(count.max(initial=0))
    # the parts' codes of the cards chosen and held, kept up to date card by card
    given, held = objective.codes(chosen), objective.codes(hands)
    for step in range(steps):
        rows = np.flatnonzero(step < count)  # the hands still choosing (rows are independent)
        codes = (given[:, rows], held[:, rows])
        added = np.where(allowed[rows], objective.added(hands[rows], chosen[rows], codes),
                         -np.inf)
        if distinct:
            added = np.where(chosen[rows] > 0, -np.inf, added)
        best = added.argmax(axis=1)
        go = np.isfinite(added[np.arange(len(rows)), best])
        chosen[rows[go], best[go]] += 1
        given[:, rows[go]] += objective.columns[best[go]].T
        if path is not None:
            path.append(chosen.copy())
    return chosen


def choose(objective: Objective, hands: ArrayLike, k: int, trump: int,
           first: np.ndarray | None = None,
           thorough: bool = False) -> np.ndarray:
    """``(n, 20)``: the ``k`` cards to pass from each hand that the objective values most.

    ``first``: cards chosen already (they stay). The rest is chosen greedily from several starts
    (``_starts``); ``thorough`` then tries every swap of one card for another while one
    improves the choice. A ``ValueError`` where a count is not 0 to 4, ``first`` not within its
    hand, ``k`` fewer cards than ``first`` or more than a hand holds, ``trump`` not 0 to 3.
    """
    h = np.asarray(hands, dtype=np.int64).reshape(-1, 20)
    n = len(h)
    rows = np.arange(n)
    first = np.zeros_like(h) if first is None else first
    if GREEDY is None or thorough:  # (the compiled search checks them itself)
        _check(h, first, "first")
        whole_numbers(trump, "trump", 0, 3)
        if n and not first.sum(axis=1).max() <= k <= h.sum(axis=1).min():
            raise ValueError(f"k: {k} cards to pass, not fewer than chosen already nor more"
                             " than a hand holds")
    else:
        out = np.empty_like(h)
        GREEDY.choose(objective.native, np.ascontiguousarray(h),
                      np.ascontiguousarray(first, dtype=np.int64), k, trump, out)
        return out
    # the plain greedy first, step by step: a start it passes through (or one that adds
    # nothing) ends where it does, so only the other starts are grown, all at once
    path = [first]
    plain = pick(objective, h, first, True, k - first.sum(axis=1), path=path)
    begun = first[None] + np.stack(_starts(h - first, trump))  # (starts, n, 20)
    fits = (begun <= h[None]).all(axis=2) & (begun.sum(axis=2) <= k)
    begun = np.where(fits[..., None], begun, first[None])
    size = (begun - first[None]).sum(axis=2)
    passed = np.zeros(size.shape, dtype=bool)
    for m, state in enumerate(path):
        passed |= (size == m) & (begun == state[None]).all(axis=2)
    chosen = np.zeros((1 + len(begun), n, 20), dtype=np.int64)
    chosen[0] = plain
    scores = np.full((1 + len(begun), n), -np.inf)
    scores[0] = objective.score(h, plain[:, None, :])[:, 0]
    grow = np.flatnonzero(~passed.reshape(-1))  # (start, hand) pairs, start-major
    if len(grow):
        wide = h[grow % n]
        done = pick(objective, wide, begun.reshape(-1, 20)[grow], True,
                    k - begun.reshape(-1, 20)[grow].sum(axis=1))
        chosen[1:].reshape(-1, 20)[grow] = done
        scores[1:].reshape(-1)[grow] = objective.score(wide, done[:, None, :])[:, 0]
    # the first start among the best (ties: the plain greedy; a start grown no further than
    # it, left at -inf, would score as it does)
    at = scores.argmax(axis=0)
    best = chosen[at, rows]
    best_score = scores[at, rows]
    while thorough:  # give up one card chosen for one not chosen, while that is better
        eye = np.eye(20, dtype=np.int64)
        swaps = (best[:, None, None, :] - eye[None, :, None, :] + eye[None, None, :, :])
        swaps = swaps.reshape(n, 400, 20)
        ok = (swaps >= first[:, None, :]).all(axis=2) & (swaps <= h[:, None, :]).all(axis=2)
        score = np.where(ok, objective.score(h, np.clip(swaps, 0, h[:, None, :])), -np.inf)
        better_at = score.argmax(axis=1)
        better = score[rows, better_at] > best_score + 1e-9
        if not better.any():
            break
        best = np.where(better[:, None], swaps[rows, better_at], best)
        best_score = np.where(better, score[rows, better_at], best_score)
    return best


def _check(hands: np.ndarray, chosen: np.ndarray, name: str) -> None:
    """What the compiled search checks of the hands and a choice, for numpy's: a
    ``ValueError`` where a count is not 0 to 4 or the choice (``name``) not within its hand."""
    whole_numbers(hands, "hands", 0, 4)
    if np.shape(chosen) != np.shape(hands) or ((chosen < 0) | (chosen > hands)).any():
        raise ValueError(f"{name}: each row within its hand")


def every_choice(hand: ArrayLike, k: int) -> np.ndarray:
    """``(m, 20)``: every way to take ``k`` cards from one hand (copies are alike)."""
    h = np.asarray(hand, dtype=np.int64)
    kinds = [i for i in range(20) if h[i]]
    ways = [np.bincount(combo, minlength=20)
            for combo in combinations_with_replacement(kinds, k)]
    return np.array([c for c in ways if (c <= h).all()], dtype=np.int64).reshape(-1, 20)


# The two halves of the exchange ---------------------------------------------------------------


def _distinct(hands: ArrayLike) -> tuple[np.ndarray, np.ndarray | None]:
    """``(n, 20)`` hands as ``(distinct, where)``: the distinct rows, and the row of each hand
    among them (None when every hand is distinct). Each hand's choice depends on that hand
    alone, so it is made once per distinct hand (conditioned deals repeat partner hands, and
    the bidder's hand differs only by what it received)."""
    h = np.asarray(hands, dtype=np.int64).reshape(-1, 20)
    # each hand as one whole number (a count is 0 to 4): far faster than unique rows
    _, first, where = np.unique(h @ _HAND_CODE, return_index=True, return_inverse=True)
    return (h, None) if len(first) == len(h) else (h[first], where.reshape(-1))


def asked_cards(hint: Signal | None) -> tuple[str, int] | None:
    """What a hint asks the partner to pass: ``(kind, rank)``, a card of that rank (``card``) or
    cards of it in two suits (``around``); None for a hint that asks for no card."""
    if hint is None or hint.kind not in ("card", "around") or hint.rank is None:
        return None
    return hint.kind, hint.rank


@kept(256)
def partner_objective(trump: int, rules: RuleSet, hint: Signal | None = None,
                      policy: ExchangePolicy = POLICY,
                      cards: int | None = None) -> Objective:
    """What the partner's pass (of at most ``cards``) is worth, with ``trump`` named (or asked
    for) by the bidder (kept: the same objective serves every call; it is not changed)."""
    values = per_card(policy.to_bidder_trump, policy.to_bidder_side, trump)
    married = rules.needs_marriage(exchanged=False)  # the bidder holds one as it passes
    return Objective(trump, rules, values, (trump, rules, hint, married, policy.samples),
                     cards=cards)


def partner_pass(hands: ArrayLike, trump: SuitLike, k: int, rules: RulesLike,
                 hint: Signal | str | None = None,
                 request: SuitLike | None = None, policy: ExchangePolicy = POLICY,
                 thorough: bool = False, answer: bool = True) -> np.ndarray:
    """``(n, 20)``: the ``k`` cards each partner passes to the bidder, who names ``trump`` (or,
    passing before trump, asks for that suit). ``hint``: what the bidder's calls asked for
    (``answer``: its cards go first; False: it only shapes the bidder hands the pass is
    worth most to); ``request``: the suit the bidder asked for under Toby Thomas's rule (its
    cards go first, as many as the partner holds up to ``k``)."""
    trump, rules, hint = as_suit(trump), as_rules(rules), as_hint(hint)
    request = None if request is None else as_suit(request, "request")
    h, where = _distinct(hands)
    if where is not None:
        return partner_pass(h, trump, k, rules, hint, request, policy, thorough, answer)[where]
    objective = partner_objective(trump, rules, hint, policy, k)
    first = np.zeros_like(h)
    if request is not None:
        first = pick(objective, h, first, _SUIT == request, k)
    asks = asked_cards(hint) if answer else None
    if asks is not None:  # answer the hint: one card of that rank, two suits for an around
        kind, rank = asks
        wanted = min(k, 2 if kind == "around" else 1)
        room = np.minimum(wanted, k - first.sum(axis=1))
        first = pick(objective, h, first, _RANK == rank, room, distinct=kind == "around")
    return choose(objective, h, k, trump, first, thorough)


def bidder_objective(trump: int, rules: RuleSet, hint: Signal | None = None,
                     policy: ExchangePolicy = POLICY,
                     incoming: np.ndarray | None = None, cards: int | None = None) -> Objective:
    """What the bidder's return (of at most ``cards``) is worth: its own meld kept above all
    (after receiving the ``incoming`` passes, where it passes at the same time), then the
    partner's mean meld gain over the hands it may hold (those that would give its ``hint``, if
    it gave one), the cards the bidder keeps (trumps and aces first) and the hint answered
    (kept where nothing is incoming: the same objective serves every call)."""
    shared = _kept_bidder_objective(trump, rules, hint, policy, cards)
    return shared if incoming is None else shared.receiving(incoming)


@kept(256)
def _kept_bidder_objective(trump: int, rules: RuleSet, hint: Signal | None,
                           policy: ExchangePolicy, cards: int | None) -> Objective:
    values = -per_card(policy.keep_trump, policy.keep_side, trump)
    asks = asked_cards(hint)
    if asks is not None:
        values = values + policy.answer / 10 * ((_RANK == asks[1]) & (_SUIT != trump))
    partners = (trump, rules, hint, False, policy.samples)
    return Objective(trump, rules, values, partners, keep_meld=_KEEP_MELD, cards=cards)


def bidder_return(hands: ArrayLike, trump: SuitLike, k: int, rules: RulesLike,
                  hint: Signal | str | None = None,
                  policy: ExchangePolicy = POLICY, thorough: bool = False) -> np.ndarray:
    """``(n, 20)``: the ``k`` cards each bidder gives the partner (after receiving, or at the
    same time), keeping its meld with ``trump``. ``hint``: what the partner's calls asked for."""
    trump, rules, hint = as_suit(trump), as_rules(rules), as_hint(hint)
    h, where = _distinct(hands)
    if where is not None:
        return bidder_return(h, trump, k, rules, hint, policy, thorough)[where]
    return choose(bidder_objective(trump, rules, hint, policy, cards=k), h, k, trump,
                  thorough=thorough)


def suit_asked(rules: RuleSet, suit: int | None) -> int | None:
    """The suit whose cards the partner must pass first: the suit the bidder asked for, under
    Toby Thomas's rule (``passing.suit_asked``, passing before trump); else None."""
    asked = rules.pass_suit_asked and rules.pass_when == "before-trump"
    return suit if asked else None


#: Partner hands the bidder imagines when it passes without seeing what it receives.
INCOMING = 60


def bidder_pass(hands: ArrayLike, trump: SuitLike, k: int, rules: RulesLike,
                hint: Signal | str | None = None, asked: Signal | str | None = None,
                policy: ExchangePolicy = POLICY) -> np.ndarray:
    """``(n, 20)``: the ``k`` cards each bidder passes at the same time as its partner, without
    seeing what it receives: what keeps most meld once the partner's pass arrives (its mean
    over ``INCOMING`` partner hands dealt from the cards the bidder does not hold, passing by
    the policy and answering ``asked``, what the bidder's calls asked for); ``hint``: what the
    partner's calls asked for."""
    trump, rules = as_suit(trump), as_rules(rules)
    hint, asked = as_hint(hint), as_hint(asked, "asked")
    h, where = _distinct(hands)
    if GREEDY is not None:
        out = _blind_passes(GREEDY, h, trump, k, rules, hint, asked, policy)
    else:
        out = np.empty_like(h)
        for row, hand in enumerate(h):
            out[row] = _bidder_pass_one(tuple(hand.tolist()), trump, k, rules, hint, asked,
                                        policy)
    return out if where is None else out[where]


#: The seed of the partner hands a bidder passing blind imagines (the same in every call).
_INCOMING_SEED = 20261130
#: Blind passes kept (``_blind_passes``), by hand and what the pass depends on.
_BLIND: Store[tuple, np.ndarray] = Store("pinochle_calc.exchange.policy._BLIND", 16384)


@kept(2)
def _incoming_keys() -> np.ndarray:
    """The random keys ``_bidder_pass_one``'s dealer draws for the partner hands (read-only)."""
    keys = np.random.default_rng(_INCOMING_SEED).random((INCOMING, 80))
    keys.flags.writeable = False
    return keys


def _blind_passes(greedy: ModuleType, hands: np.ndarray, trump: int, k: int, rules: RuleSet,
                  hint: Signal | None, asked: Signal | None,
                  policy: ExchangePolicy) -> np.ndarray:
    """``_bidder_pass_one`` of each of ``hands`` (distinct rows), the compiled way: the
    partner hands of every bidder dealt at once from the same keys, their passes chosen in one
    call, and each bidder's choice made in one more (the same cards, kept likewise)."""
    from ..play.dealer import unseen_hands

    key = (trump, k, rules, hint, asked, policy)

    def make(missing: list[tuple]) -> np.ndarray:
        bidders = np.array([row for row, _ in missing], dtype=np.int64).reshape(-1, 20)
        partners = unseen_hands(bidders, _incoming_keys(), 20).reshape(-1, 20)
        incoming = partner_pass(partners, trump, k, rules, asked, suit_asked(rules, trump),
                                policy)
        chosen = np.empty_like(bidders)
        objective = bidder_objective(trump, rules, hint, policy, cards=k)
        greedy.choose_blind(objective.native, bidders, np.ascontiguousarray(incoming),
                            INCOMING, k, trump, chosen)
        chosen.flags.writeable = False
        return chosen

    found = _BLIND.lookup([(tuple(row), key) for row in hands.tolist()], make)
    return np.array(found, dtype=np.int64).reshape(-1, 20)


@kept(256)
def incoming_passes(hand: tuple[int, ...], trump: int, k: int, rules: RuleSet,
                    asked: Signal | None = None, policy: ExchangePolicy = POLICY) -> np.ndarray:
    """``(INCOMING, 20)``: the passes a bidder holding ``hand`` (20 counts) may receive when it
    passes at the same time as its partner: ``INCOMING`` partner hands dealt from the cards it
    does not hold (a fixed seed), each passing by the policy and answering ``asked``. The
    bidder's pass and the pass advice's check both weigh its meld after receiving them."""
    from ..hand import Hand
    from ..play.dealer import Dealer

    rng = np.random.default_rng(_INCOMING_SEED)
    partners = Dealer(Hand(list(hand))).hands(rng, INCOMING, 20)
    out = partner_pass(partners, trump, k, rules, asked, suit_asked(rules, trump), policy)
    out.flags.writeable = False
    return out


@kept(256)
def _bidder_pass_one(hand: tuple[int, ...], trump: int, k: int, rules: RuleSet,
                     hint: Signal | None, asked: Signal | None,
                     policy: ExchangePolicy) -> np.ndarray:
    """``bidder_pass`` of one hand (its 20 counts), kept: a bidder passes the same cards in
    every deal of an estimate, and in each estimate of the same hand."""
    counts = np.array(hand, dtype=np.int64)
    incoming = incoming_passes(hand, trump, k, rules, asked, policy)
    objective = bidder_objective(trump, rules, hint, policy, incoming, k)
    out = choose(objective, counts[None], k, trump)[0]
    out.flags.writeable = False
    return out


class Exchange(NamedTuple):
    """The exchange on many deals: the hands after it, and the cards each way."""

    bidder: np.ndarray
    partner: np.ndarray
    to_bidder: np.ndarray
    to_partner: np.ndarray

    def __repr__(self) -> str:
        return f"Exchange(deals={len(self.bidder)}, cards={int(self.to_bidder[:1].sum())})"


def exchange(bidder: ArrayLike, partner: ArrayLike, trump: SuitLike, rules: RulesLike,
             hint: Signal | str | None = None, partner_hint: Signal | str | None = None,
             policy: ExchangePolicy = POLICY,
             passing: Callable[..., np.ndarray] | None = None) -> Exchange:
    """The exchange the rule set has (``passing.cards``, ``passing.order``, ``passing.when``)
    between bidders and partners (``(n, 20)`` each) with ``trump`` named (passing before trump:
    the suit the bidder asks for, which it then names). ``hint`` and ``partner_hint``: what
    the bidder's and the partner's calls asked for. ``passing``: how the partner passes
    (given ``partner_pass``'s first six arguments; by default ``partner_pass``)."""
    trump, rules = as_suit(trump), as_rules(rules)
    hint, partner_hint = as_hint(hint), as_hint(partner_hint, "partner_hint")
    b = np.asarray(bidder, dtype=np.int64).reshape(-1, 20)
    p = np.asarray(partner, dtype=np.int64).reshape(-1, 20)
    k = rules.pass_cards
    if not k:
        nothing = np.zeros_like(b)
        return Exchange(b, p, nothing, nothing)
    if passing is None:
        to_bidder = partner_pass(p, trump, k, rules, hint, suit_asked(rules, trump), policy)
    else:
        to_bidder = passing(p, trump, k, rules, hint, suit_asked(rules, trump))
    if rules.pass_order == "simultaneous":
        to_partner = bidder_pass(b, trump, k, rules, partner_hint, hint, policy)
    else:
        to_partner = bidder_return(b + to_bidder, trump, k, rules, partner_hint, policy)
    return Exchange(b + to_bidder - to_partner, p - to_bidder + to_partner, to_bidder,
                    to_partner)


__all__ = ["ExchangePolicy", "POLICY", "Objective", "Exchange", "exchange", "partner_pass",
           "bidder_return", "bidder_pass", "partner_objective", "bidder_objective", "choose",
           "pick", "every_choice", "meld_parts", "part_values", "receivers", "suit_asked",
           "gain_sums", "gain_entry"]
