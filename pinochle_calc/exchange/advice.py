"""Passing advice: the cards to pass, why each, and a check of the choice.

The choice is the exchange policy's (``exchange.policy``; the estimate plays it in its
simulated deals fitted to this advice, ``exchange.players``) unless the check below finds a
choice better by more than its noise and a meld point (``PASS_MARGIN``); whole hands pass the
advice's choice (``game.decisions``).
Roles (RULES.md "Passing cards"; Jim Davis's system is for a four-card pass):

``partner``  The partner passes ``n`` cards to the bidder, answering the bidder's hint
             (``--hint``) and, under Toby Thomas's rule, the suit asked for (``--suit``).
``bidder``   The bidder, after receiving (a hand of 20 + ``n`` cards), returns ``n`` cards, or
             with a 20-card hand passes ``n`` at the same time as the partner. It keeps its own
             meld (it breaks meld only when no choice avoids it, and then says which), and
             answers the partner's hint (``--hint``: what the partner's calls asked for).

The check tries every choice of ``n`` cards from the hand, each scored exactly on the same
simulated hands of the receiver (dealt from the unseen cards, seeded; for the partner's pass,
bidder hands holding a marriage in trump where the rule set requires one and meeting the
hint): the receiver's mean meld gain, less the meld the passer loses, plus *trick strength*,
the policy's own values for the cards moved (``exchange.policy.ExchangePolicy``). For the
bidder the passer's own meld comes first (a bidder passing at the same time as its partner:
its mean meld once the partner's pass arrives, over the passes the policy's bidder weighs).
So the check differs from the policy only in the receiver's hands (dealt from this hand's
unseen cards, not from a whole deck) and in trying every choice; the advice shows the policy's
choice, its score under the check, and the check's best.

The check's gain is exact for the sample of hands: meld is a sum of independent parts (the
trump's runs and royal marriages, each other suit's marriages, each around, the pinochles:
see ``meld.vector``), so the gain of a choice is the sum of its parts' gains, and each part's
gain is computed once per distinct way a choice can touch it. Under a rule set with a
roundhouse option (which couples the parts) every choice is scored directly on the sample.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .. import stores
from ..cards import (
    ACE,
    CARDS,
    KING,
    QUEEN,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    SuitLike,
    as_suit,
    n_cards,
)
from ..errors import UserError
from ..hand import Hand, HandLike, as_hand
from ..limits import PASS_HANDS, PASS_WORK, SEED_MAX, check
from ..play.stats import share_words
from ..rules import STANDARD, RuleSet, RulesLike, as_rules
from .hints import as_hint
from .seat import Role, as_role

if TYPE_CHECKING:
    from .hints import Signal

MAX_DRAWS = 100_000
#: The check's best replaces the exchange policy's choice only where it scores more than this
#: above it (meld points on average; and more than the check's noise): within it the two are as
#: good as each other, and the advice is the pass the simulations play (benchmarks/
#: pass_agreement.py measures how often they differ, docs/exchange.md quotes it).
PASS_MARGIN = 1.0


def _part_value(cards: list[int], counts: np.ndarray, trump: int, rules: RuleSet) -> np.ndarray:
    """The points of one part for each row of (n, k) counts of that part's ``cards``: a hand
    holding only those cards, whose meld no other part can make (``policy.part_values``)."""
    from .policy import part_values

    return part_values(tuple(cards), trump, rules)[counts @ 5 ** np.arange(len(cards))]


def _coupled(rules: RuleSet) -> bool:
    from ..meld.vector import _coupled as coupled

    return coupled(rules)


def expected_gains(receiver: np.ndarray, choices: list[tuple[int, ...]], trump: int,
                   rules: RuleSet) -> np.ndarray:
    """For each choice (card counts passed, 20 each), the mean over the receiver's sampled
    hands (``(S, 20)`` counts) of the meld gain in ``trump`` from receiving it."""
    from ..meld.vector import meld_points

    if _coupled(rules):
        base = meld_points(receiver, rules)[:, trump]
        out = np.empty(len(choices))
        for i, c in enumerate(choices):
            out[i] = (meld_points(receiver + np.array(c), rules)[:, trump] - base).mean()
        return out
    from .policy import meld_parts

    given = np.asarray(choices, dtype=np.int64).reshape(-1, 20)
    total = np.zeros(len(given))
    for part in meld_parts(trump):
        cards = list(part)
        sub = receiver[:, cards]
        base = _part_value(cards, sub, trump, rules)
        keys, which = _distinct_parts(given[:, cards])
        gain = np.zeros(len(keys))
        for k, key in enumerate(keys):
            if key.any():
                plus = np.minimum(sub + key, 4)
                gain[k] = float((_part_value(cards, plus, trump, rules) - base).mean())
        total += gain[which]
    return total


def _distinct_parts(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``(m, k)`` counts of a meld part's cards (0 to 4 each), and for
    each row the index of its distinct one: rows coded as base-5 numbers, sorted as codes."""
    weights = 5 ** np.arange(counts.shape[1], dtype=np.int64)
    codes, which = np.unique(counts @ weights, return_inverse=True)
    return (codes[:, None] // weights) % 5, which.ravel()


def _submultisets(counts: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """Every way to take ``n`` cards from a hand, as 20 counts each (copies are alike)."""
    kinds = [i for i in range(20) if counts[i]]
    out: list[tuple[int, ...]] = []
    taken = [0] * 20

    def fill(at: int, left: int) -> None:  # the order combinations_with_replacement gives
        if left == 0:
            out.append(tuple(taken))
            return
        if at == len(kinds):
            return
        kind = kinds[at]
        for k in range(min(left, counts[kind]), -1, -1):
            taken[kind] = k
            fill(at + 1, left - k)
        taken[kind] = 0

    fill(0, n)
    return out


@stores.kept(8)
def _strength_values(trump: int, to_bidder: bool) -> np.ndarray:
    """The 20 per-card values ``trick_strength`` weighs a choice by (built once, not once per
    choice of the thousands the check scores)."""
    from .policy import POLICY, per_card

    if to_bidder:
        values = per_card(POLICY.to_bidder_trump, POLICY.to_bidder_side, trump)
    else:
        values = -per_card(POLICY.keep_trump, POLICY.keep_side, trump)
    values.flags.writeable = False  # shared by every call
    return values


def trick_strength(choice: tuple[int, ...], trump: int, to_bidder: bool) -> float:
    """The exchange policy's worth, beside meld, of moving these cards: to the bidder, its
    values for a card the bidder receives; away from it, less its values for a card the bidder
    keeps (``exchange.policy.ExchangePolicy``)."""
    return float(np.asarray(choice) @ _strength_values(trump, to_bidder))


@dataclass(frozen=True)
class PassChoice:
    """One set of cards to pass and its score: ``gain`` (the receiver's expected meld gain),
    ``loss`` (the passer's meld lost), ``tricks`` (trick strength); ``score`` their sum. For
    the bidder, ``kept``: its meld once the exchange is over, what its passes are ranked by
    first (returning, what it keeps; passing at the same time, its mean once the partner's
    pass arrives); None for the partner, whose passes are ranked by the score alone."""

    cards: tuple[int, ...]  # 20 counts
    gain: float
    loss: int
    tricks: float
    kept: float | None = None

    @property
    def score(self) -> float:
        return self.gain - self.loss + self.tricks

    def text(self) -> str:
        return " ".join(CARDS[i].symbol for i in range(20) for _ in range(self.cards[i]))

    def to_dict(self) -> dict:
        return {"cards": [str(CARDS[i]) for i in range(20) for _ in range(self.cards[i])],
                "score": round(self.score, 2), "receiver_gain": round(self.gain, 2),
                "own_loss": self.loss, "trick_strength": round(self.tricks, 2),
                "own_meld_after_exchange": None if self.kept is None else round(self.kept, 2)}

    def __repr__(self) -> str:
        return (f"PassChoice(cards={str(Hand(self.cards))!r}, score={self.score:.2f},"
                f" gain={self.gain:.2f}, loss={self.loss}, tricks={self.tricks:.2f})")


@dataclass(frozen=True)
class PassAdvice:
    """The cards to pass (``best``), why each, and the next best choices.

    ``best`` is the exchange policy's choice (``policy``; the bid estimate plays it fitted to
    the advice, ``exchange.players``) unless the check finds a choice better by more than its
    own noise (``noise``: two standard errors of the difference between the two over the
    simulated hands; for the bidder, a choice that keeps more of its meld is better whatever the
    noise); then it is the check's best. ``shares`` give each card passed its share of the
    receiver's gain, of the passer's loss and of the trick strength (their Shapley values: the
    average of what the card adds over every order the cards could be passed in), so that they
    add up to the totals."""

    role: Role
    trump: int
    hand: Hand
    best: PassChoice
    reasons: tuple[tuple[str, str], ...]  # (card, reason)
    alternatives: tuple[PassChoice, ...]
    choices: int
    samples: int
    seed: int
    acceptance: float
    conditions: tuple[str, ...]
    dropped: tuple[str, ...]
    keeps: int  # the passer's meld after passing
    #: the simulated hands of the receiver (``(samples, 20)`` counts) every choice was scored on
    receivers: np.ndarray | None = field(default=None, repr=False, compare=False)
    #: the check's best choice (every choice scored on ``receivers``)
    check: PassChoice | None = None
    #: the least meld the passer can lose (above 0: no choice keeps all of it)
    least_loss: int = 0
    #: the exchange policy's choice (None: the same as ``best``)
    policy: PassChoice | None = None
    #: the check's noise between its best and the policy's choice (0: the same choice)
    noise: float = 0.0
    #: per card passed (in ``reasons``' order): (gain, loss, trick strength), adding up to best's
    shares: tuple[tuple[float, float, float], ...] = ()

    def to_dict(self) -> dict:
        check = self.check or self.best
        policy = self.policy or self.best
        return {
            "role": self.role, "trump": SUITS[self.trump], "hand": str(self.hand),
            "pass": self.best.to_dict()["cards"],
            "reasons": [{"card": c, "reason": r, "receiver_gain": round(g, 2),
                         "own_loss": round(lo, 2), "trick_strength": round(t, 2)}
                        for (c, r), (g, lo, t) in zip(self.reasons, self.shares)],
            "score": self.best.to_dict(), "own_meld_after": self.keeps,
            "policy": {**policy.to_dict(), "same": policy.cards == self.best.cards},
            "check": {**check.to_dict(), "same": check.cards == self.best.cards,
                      "noise": round(self.noise, 2)},
            "alternatives": [c.to_dict() for c in self.alternatives],
            "rank_by": ["score"] if self.role == "partner" else
            ["own_meld_after_exchange", "score"],
            "choices": self.choices, "samples": self.samples, "seed": self.seed,
            "acceptance": round(self.acceptance, 4), "conditions": list(self.conditions),
            "dropped": list(self.dropped),
        }

    def __repr__(self) -> str:
        check = self.check or self.best
        return (f"PassAdvice(role={self.role!r}, trump={SUITS[self.trump]!r},"
                f" pass={str(Hand(self.best.cards))!r}, score={self.best.score:.2f},"
                f" check={str(Hand(check.cards))!r}, samples={self.samples}, seed={self.seed})")

    def lines(self) -> list[str]:
        """The advice in words: the first line is the advice; nothing after it rates another
        choice higher by more than the check's noise; the passes listed last in the order the
        advice ranks them, this one first, with the figures they are ranked by."""
        who = "the bidder" if self.role == "partner" else "your partner"
        b = self.best
        policy = self.policy or b
        out = [f"Pass {b.text()} to {who} ({SUIT_SYMBOLS[self.trump]} trump)"]
        for card, reason in self.reasons:
            out.append(f"  {Card.parse(card).symbol:<4} {reason}")
        blind = self.role == "bidder" and len(self.hand) == 20
        arrives = (f", {b.kept:.2f} on average once your partner's pass arrives"
                   if blind and b.kept is not None else "")
        out.append(f"Together: {who} gains {b.gain:.2f} meld on average, you lose {b.loss},"
                   f" trick strength {b.tricks:+.1f}, a score of {b.score:+.2f}; you keep"
                   f" {self.keeps} meld{arrives}. Each card's figures above are its share of"
                   " these (what it adds, on average over the orders the cards could go in),"
                   " so they add up.")
        if self.least_loss:
            out.append(f"No {n_cards(sum(b.cards))} can go without breaking your meld: the"
                       f" least you can lose is {self.least_loss}")
        checked = (f"every one of the {self.choices:,} choices, tried on {self.samples:,}"
                   f" simulated hands of {who} (seed {self.seed})")
        check = self.check or b
        if policy.cards != b.cards:
            out.append(f"Checked against {checked}: this pass beats the exchange policy's"
                       f" {policy.text()} by {self._margin(b, policy)}, more than the check's"
                       f" noise (±{self.noise:.2f}) and a meld point. Whole hands (play,"
                       " arena) pass this; the bid estimate plays the policy fitted to the"
                       " advice in its simulated deals.")
        elif check.cards != b.cards:
            out.append(f"Checked against {checked}: the best there, {check.text()}, is ahead"
                       f" of this pass, the exchange policy's, by {self._margin(check, b)},"
                       f" within the check's noise (±{self.noise:.2f}) or a meld point; whole"
                       " hands play this one.")
        else:
            out.append(f"Checked against {checked}: none ranks higher. This is the exchange"
                       " policy's pass, which whole hands play.")
        if self.conditions:
            out.append(f"Their hands: only those where {'; '.join(self.conditions)}"
                       f" ({share_words(self.acceptance)} of the hands drawn)")
        if self.dropped:
            out.append(f"Given up as nearly impossible: {'; '.join(self.dropped)}")
        if self.alternatives:
            out += self._ranked(blind)
        return out

    def _margin(self, a: PassChoice, b: PassChoice) -> str:
        """How far ``a`` is ahead of ``b`` by the figure that ranks them: for the bidder the
        meld it keeps where that differs, else the score."""
        if a.kept is not None and b.kept is not None and abs(a.kept - b.kept) > 1e-9:
            return f"{a.kept - b.kept:+.2f} meld kept"
        return f"{a.score - b.score:+.2f} in score"

    def _ranked(self, blind: bool) -> list[str]:
        """This pass and the next best, in the order the advice ranks them, with the figures
        it ranks by: for the bidder its meld once the exchange is over, then the score."""
        bidder = self.role == "bidder"
        if not bidder:
            out = ["The passes ranked by score (this one first):"]
        elif blind:
            out = ["The passes ranked by the meld you keep once your partner's pass arrives"
                   " (on average), then by score (this one first):"]
        else:
            out = ["The passes ranked by the meld you keep, then by score (this one first):"]
        rows = [(c.text(), "" if c.kept is None else f"{c.kept:.2f}" if blind
                 else f"{c.kept:.0f}", f"{c.score:+.2f}") for c in (self.best,
                                                                  *self.alternatives)]
        width = max(len(r[0]) for r in rows)
        keep = max([len(r[1]) for r in rows] + [len("you keep")]) if bidder else 0
        head = f"  {'pass':<{width}}" + (f"  {'you keep':>{keep}}" if bidder else "")
        out.append(f"{head}   score")
        for n, (cards, kept, score) in enumerate(rows):
            line = f"  {cards:<{width}}" + (f"  {kept:>{keep}}" if bidder else "")
            out.append(f"{line}  {score:>6}" + ("  ← advised" if n == 0 else ""))
        return out


def advise_pass(hand: HandLike, trump: SuitLike, role: Role = "partner", n: int = 4,
                rules: RulesLike = STANDARD, hint: Signal | str | None = None,
                samples: int = 600, seed: int = 0, alternatives: int = 4,
                suit: SuitLike | None = None, asked: Signal | str | None = None) -> PassAdvice:
    """The ``n`` cards to pass: the exchange policy's choice, with the check of every choice
    (see the module docstring). ``hint``: what the other partner's calls asked for; ``suit``:
    the suit the bidder asked for (partner only; its cards go first); ``asked``: what the
    bidder's own calls asked for (a bidder passing at the same time counts on receiving it)."""
    from ..meld.engine import meld
    from ..meld.vector import meld_points
    from ..play.dealer import Dealer, sample
    from .hints import signal_mask
    from .policy import bidder_pass, bidder_return, partner_pass

    hand, rules = as_hand(hand), as_rules(rules)
    trump = as_suit(trump)
    suit = None if suit is None else as_suit(suit, "suit")
    hint = as_hint(hint)
    role = as_role(role)
    check("the cards passed", n, 1, 4)
    check("samples", samples, 1, PASS_HANDS)
    check("seed", seed, 0, SEED_MAX)
    size = len(hand)
    if role == "partner" and size != 20:
        raise UserError(f"the partner passes from a 20-card hand, not {n_cards(size)}")
    if role == "bidder" and suit is not None:
        raise UserError("the suit asked for is what the bidder asks its partner to pass: it"
                        " applies to the partner's pass (role partner)")
    if role == "bidder" and size not in (20, 20 + n):
        raise UserError(f"the bidder's hand is 20 cards (passing at the same time) or {20 + n}"
                        f" (after receiving {n}), not {size}")
    choices = _submultisets(hand.counts, n)
    if not choices:
        raise UserError(f"the hand cannot pass {n_cards(n)}")
    if suit is not None:  # the suit asked for goes first, as far as the hand holds it
        need = min(n, hand.suit_length(suit))
        choices = [c for c in choices if sum(c[suit * 5: suit * 5 + 5]) >= need]
    if _coupled(rules) and len(choices) * samples > PASS_WORK:
        raise UserError(f"with a roundhouse option each of the {len(choices):,} choices is scored"
                        f" on every simulated hand: at most {PASS_WORK // len(choices):,}"
                        f" samples for this hand, not {samples:,}")
    counts = np.array([hand.counts])
    if role == "partner":
        policy = partner_pass(counts, trump, n, rules, hint, suit)[0]
    elif size == 20 + n:
        policy = bidder_return(counts, trump, n, rules, hint)[0]
    else:
        policy = bidder_pass(counts, trump, n, rules, hint, asked)[0]
    receiver_size = 20 if size == 20 else 20 - n
    tests = []
    if role == "partner" and rules.needs_marriage(exchanged=False):
        k, q = trump * 5 + KING, trump * 5 + QUEEN
        tests.append((f"the bidder holds a marriage in {SUIT_SYMBOLS[trump]}",
                      lambda c: np.minimum(c[:, k], c[:, q]) > 0))
    if hint is not None:
        from .hints import describe_signal

        who = "bidder" if role == "partner" else "partner"
        tests.append((f"the {who}'s hint: {describe_signal(hint)}",
                      lambda c: signal_mask(hint, c, rules)))
    rng = np.random.default_rng(seed)
    dealer = Dealer(hand)
    receiver, acceptance, _, dropped = sample(
        lambda batch: dealer.hands(rng, batch, receiver_size), tests, samples,
        max(MAX_DRAWS, 100 * samples))  # a condition is given up below 1%, not below n / 100,000
    gains = expected_gains(receiver, choices, trump, rules)
    mine = np.array(hand.counts, dtype=np.int64)
    after = meld_points(mine[None, :] - np.array(choices), rules)[:, trump]
    # the meld the bidder keeps first: passing blind, its mean once the partner's pass arrives
    # (as the policy's bidder_pass weighs it), else what it holds after passing
    kept: np.ndarray = after.astype(np.float64)
    if role == "bidder" and size == 20:
        from .policy import incoming_passes

        incoming = incoming_passes(tuple(hand.counts), trump, n, rules,
                                   as_hint(asked, "asked"))
        kept = kept_after(mine, choices, incoming, trump, rules)
    before = meld(hand, rules).trumps[trump].points
    to_bidder = role == "partner"
    scored = [PassChoice(c, float(g), int(before - a), trick_strength(c, trump, to_bidder),
                         float(k) if role == "bidder" else None)
              for c, g, a, k in zip(choices, gains, after, kept)]

    # best first; the bidder keeps its own meld first; ties: the cards' order
    def rank(i: int) -> tuple[float, float, int, tuple[int, ...]]:
        first = -round(float(kept[i]), 9) if role == "bidder" else 0.0
        return first, -round(scored[i].score, 9), scored[i].loss, scored[i].cards[::-1]

    order = sorted(range(len(scored)), key=rank)
    chosen = next(i for i, c in enumerate(scored) if c.cards == tuple(policy.tolist()))
    top = order[0]
    noise = 0.0
    if top != chosen:
        noise = 2 * _difference_error(receiver, scored[top].cards, scored[chosen].cards, trump,
                                      rules)
    # the check's best, where it beats the policy's choice by more than the noise and by a
    # meld point (PASS_MARGIN): the bidder's own meld first, then the score
    more_meld = role == "bidder" and kept[top] - kept[chosen] >= PASS_MARGIN
    less_meld = role == "bidder" and kept[chosen] - kept[top] > 1e-9
    higher = scored[top].score - scored[chosen].score > max(noise, PASS_MARGIN)
    advised = top if top != chosen and (more_meld or not less_meld and higher) else chosen
    best = scored[advised]
    shares = _shares(hand, best, receiver, trump, rules, role, before)
    reasons = _reasons(hand, best, receiver, trump, rules, role, shares)
    least = min(c.loss for c in scored) if role == "bidder" and size > 20 else 0
    return PassAdvice(role, trump, hand, best, tuple(reasons),
                      tuple(scored[i] for i in order if i != advised)[:alternatives],
                      len(choices), samples, seed, acceptance,
                      tuple(t for t, _ in tests if t not in dropped), tuple(dropped),
                      int(after[advised]), receiver, scored[top], least, scored[chosen],
                      noise, tuple(shares))


def kept_after(mine: np.ndarray, choices: list[tuple[int, ...]], incoming: np.ndarray,
               trump: int, rules: RuleSet) -> np.ndarray:
    """For each choice, the passer's mean meld in ``trump`` over the ``incoming`` passes
    (``(m, 20)``) once it has passed the choice and received one: a bidder that passes at the
    same time as its partner counts on what arrives, as the policy's ``bidder_pass`` does.
    Meld is a sum of independent parts, so each part's mean is worked out once per distinct way
    a choice leaves it (every choice directly under a roundhouse option)."""
    from ..meld.vector import meld_points

    if _coupled(rules):
        out = np.empty(len(choices))
        for i, c in enumerate(choices):
            held = np.minimum(mine - np.array(c) + incoming, 4)
            out[i] = meld_points(held, rules)[:, trump].mean()
        return out
    from .policy import meld_parts

    left = mine[None, :] - np.asarray(choices, dtype=np.int64).reshape(-1, 20)
    total = np.zeros(len(left))
    for part in meld_parts(trump):
        cards = list(part)
        arriving = incoming[:, cards]
        keys, which = _distinct_parts(left[:, cards])
        value = np.array([float(_part_value(cards, np.minimum(arriving + key, 4), trump,
                                            rules).mean()) for key in keys])
        total += value[which]
    return total


def _difference_error(receiver: np.ndarray, a: tuple[int, ...], b: tuple[int, ...], trump: int,
                      rules: RuleSet) -> float:
    """The standard error of the mean difference in the receiver's meld gain between passing
    ``a`` and passing ``b``, over the simulated hands (the rest of a choice's score is exact)."""
    from ..meld.vector import meld_points

    if len(receiver) < 2:
        return 0.0
    got = meld_points(np.concatenate([receiver + np.array(a), receiver + np.array(b)]), rules)
    n = len(receiver)
    difference = got[:n, trump] - got[n:, trump]
    return float(difference.std(ddof=1) / np.sqrt(n))


def _shares(hand: Hand, best: PassChoice, receiver: np.ndarray, trump: int, rules: RuleSet,
            role: str, before: int) -> list[tuple[float, float, float]]:
    """Each card passed's share of the receiver's gain, the passer's loss and the trick
    strength: its Shapley value, the average of what it adds over every order of the cards
    passed (copies of a card alike get equal shares), so the shares add up to the totals."""
    from itertools import permutations

    from ..meld.vector import meld_points

    cards = [i for i in range(20) for _ in range(best.cards[i])]
    n = len(cards)
    subsets = range(1 << n)
    counts = np.zeros((len(subsets), 20), dtype=np.int64)
    for mask in subsets:
        for k in range(n):
            if mask >> k & 1:
                counts[mask, cards[k]] += 1
    s = len(receiver)
    gained = meld_points((receiver[None, :, :] + counts[:, None, :]).reshape(-1, 20), rules)
    gain = gained[:, trump].reshape(len(subsets), s).mean(axis=1)
    gain -= gain[0]
    mine = np.array(hand.counts, dtype=np.int64)
    loss = before - meld_points(mine[None, :] - counts, rules)[:, trump]
    orders = list(permutations(range(n)))
    out = []
    for k in range(n):
        g = lo = 0.0
        for order in orders:
            mask = sum(1 << j for j in order[:order.index(k)])
            g += gain[mask | 1 << k] - gain[mask]
            lo += loss[mask | 1 << k] - loss[mask]
        one = np.zeros(20, dtype=np.int64)
        one[cards[k]] = 1
        out.append((g / len(orders), lo / len(orders),
                    trick_strength(tuple(one), trump, role == "partner")))
    return out


def _reasons(hand: Hand, best: PassChoice, receiver: np.ndarray, trump: int, rules: RuleSet,
             role: Role, shares: list[tuple[float, float, float]]) -> list[tuple[str, str]]:
    """A reason for each card passed: its share of the meld the receiver gains and of the meld
    the passer loses (``_shares``), what kind of card it is, and its trick strength."""
    from ..meld.vector import meld_points

    who = "the bidder" if role == "partner" else "your partner"
    base = meld_points(receiver, rules)[:, trump]
    out = []
    cards = [i for i in range(20) for _ in range(best.cards[i])]
    for i, (gain, lost, tricks) in zip(cards, shares):
        card = CARDS[i]
        one = np.zeros(20, dtype=np.int64)
        one[i] = 1
        alone = meld_points(np.minimum(receiver + one, 4), rules)[:, trump] - base
        parts = []
        if gain > 0.005:
            parts.append(f"+{gain:.2f} meld for {who} (alone it adds meld in"
                         f" {(alone > 0).mean():.0%} of their hands)")
        if card.suit == trump:
            parts.append("a trump: length and control for the bidder" if role == "partner"
                         else "a trump: costs the bidder length")
        elif card.rank == ACE:
            parts.append("a side ace: a trick for the bidder" if role == "partner"
                         else "a side ace: a trick leaves the bidder")
        parts.append(f"costs you {lost:.3g} meld" if abs(lost) > 0.005 else "no meld of yours")
        parts.append(f"trick strength {tricks:+.1f}")
        if gain <= 0.005 and card.suit != trump and card.rank != ACE:
            parts.insert(0, "a safe card")
        out.append((str(card), "; ".join(parts)))
    return out


__all__ = ["advise_pass", "PassAdvice", "PassChoice", "expected_gains", "trick_strength"]
