"""Passing advice: which cards to pass, to maximise the side's expected meld plus trick strength.

Roles (RULES.md "Passing cards"; Jim Davis's system is for a four-card pass):

``partner``  The partner passes ``n`` cards to the bidder. Every choice of ``n`` cards from the
             hand is scored exactly (all of them are enumerated); the bidder's hand is unknown,
             so the bidder's meld gain is averaged over simulated bidder hands dealt from the
             unseen cards, conditioned on the bidder holding a marriage in trump (where the
             rule set requires one) and on the hint the bidder gave, if any (``--hint``).
``bidder``   The bidder, after receiving (a hand of 20 + ``n`` cards), returns ``n`` cards; with
             a 20-card hand, the bidder passes ``n`` at the same time as the partner. The
             choice keeps the bidder's own meld, and the returned cards are scored by the
             partner's expected meld gain over simulated partner hands.

The score of a choice is: the receiver's expected meld gain, less the meld the passer loses,
plus trick strength. *Trick strength* is a heuristic, in points: a trump moved to the bidder
is worth 1 (1.5 for its ace or ten: length and control in trump go to the hand that leads),
and a side-suit ace 0.5; moved away from the bidder, the same amounts count against.

The expected gain is exact for the sample of hands (the same hands for every choice): meld is
a sum of independent parts (the trump's runs and royal marriages, each other suit's
marriages, each around, the pinochles: see ``meld.vector``), so the gain of a choice is the sum of
its parts' gains, and each part's gain is computed once per distinct way a choice can touch it.
Under a rule set with a roundhouse option (which couples the parts) every choice is scored
directly on the sample.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np

from ..cards import ACE, CARDS, JACK, KING, QUEEN, SUIT_SYMBOLS, SUITS, TEN, n_cards
from ..errors import UserError
from ..hand import Hand
from ..limits import PASS_HANDS, PASS_WORK, SEED_MAX, check
from ..rules import STANDARD, RuleSet

HINT_WORDS = {
    "jack": ("card", JACK), "queen": ("card", QUEEN), "king": ("card", KING),
    "ten": ("card", TEN), "ace": ("card", ACE),
    "jacks-around": ("around", JACK), "queens-around": ("around", QUEEN),
    "kings-around": ("around", KING), "aces-around": ("around", ACE),
}
TRUMP_WEIGHT = 1.0
TRUMP_HIGH_WEIGHT = 1.5
SIDE_ACE_WEIGHT = 0.5
MAX_DRAWS = 100_000


def parse_hint(text: str):
    """A ``--hint`` value as a convention ``Signal`` (``queen``, ``kings-around``, ...)."""
    from .conventions import Signal

    key = text.strip().lower().replace(" ", "-").replace("_", "-")
    if key.endswith("s") and key[:-1] in HINT_WORDS:
        key = key[:-1]
    if key not in HINT_WORDS:
        raise UserError(f"unknown hint {text!r}: use one of {', '.join(HINT_WORDS)}")
    kind, rank = HINT_WORDS[key]
    return Signal(kind, rank)


def _parts(trump: int) -> list[tuple[str, list[int]]]:
    """The independent parts of meld with this trump, and the cards each depends on."""
    parts = [("trump", [trump * 5 + r for r in range(5)])]
    parts += [(f"marriage{s}", [s * 5 + KING, s * 5 + QUEEN]) for s in range(4) if s != trump]
    parts += [(f"around{r}", [s * 5 + r for s in range(4)]) for r in (ACE, KING, QUEEN, JACK)]
    parts.append(("pinochle", [0 * 5 + QUEEN, 2 * 5 + JACK]))
    return parts


@lru_cache(maxsize=256)
def _part_table(cards: tuple[int, ...], trump: int, rules: RuleSet) -> np.ndarray:
    """The points of one part for every way of holding its ``cards`` (0 to 4 copies each,
    indexed by the base-5 number of the counts): the meld (``meld.vector.meld_points``) of a hand
    holding only those cards, since no other part can be made from them alone."""
    from ..meld.vector import meld_points

    k = len(cards)
    codes = np.arange(5 ** k)
    only = np.zeros((len(codes), 20), dtype=np.int64)
    only[:, list(cards)] = (codes[:, None] // 5 ** np.arange(k)) % 5
    return meld_points(only, rules)[:, trump]


def _part_value(cards: list[int], counts: np.ndarray, trump: int, rules: RuleSet) -> np.ndarray:
    """The points of one part for each row of (n, k) counts of that part's ``cards``."""
    return _part_table(tuple(cards), trump, rules)[counts @ 5 ** np.arange(len(cards))]


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
    total = np.zeros(len(choices))
    for _, cards in _parts(trump):
        sub = receiver[:, cards]
        base = _part_value(cards, sub, trump, rules)
        cache: dict[tuple[int, ...], float] = {}
        for i, c in enumerate(choices):
            key = tuple(c[j] for j in cards)
            if key not in cache:
                if any(key):
                    plus = np.minimum(sub + np.array(key), 4)
                    cache[key] = float((_part_value(cards, plus, trump, rules)
                                        - base).mean())
                else:
                    cache[key] = 0.0
            total[i] += cache[key]
    return total


def _submultisets(counts: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """Every way to take ``n`` cards from a hand, as 20 counts each (copies are alike)."""
    kinds = [i for i in range(20) if counts[i]]
    out = []
    for combo in combinations_with_replacement(kinds, n):
        c = [0] * 20
        for i in combo:
            c[i] += 1
        if all(c[i] <= counts[i] for i in kinds):
            out.append(tuple(c))
    return out


def trick_strength(choice: tuple[int, ...], trump: int, to_bidder: bool) -> float:
    """The heuristic trick value of moving these cards (to the bidder, or away from it)."""
    value = 0.0
    for i, n in enumerate(choice):
        if not n:
            continue
        card = CARDS[i]
        if card.suit == trump:
            value += n * (TRUMP_HIGH_WEIGHT if card.rank in (ACE, TEN) else TRUMP_WEIGHT)
        elif card.rank == ACE:
            value += n * SIDE_ACE_WEIGHT
    return value if to_bidder else -value


@dataclass(frozen=True)
class Choice:
    """One set of cards to pass and its score: ``gain`` (the receiver's expected meld gain),
    ``loss`` (the passer's meld lost), ``tricks`` (trick strength); ``score`` their sum."""

    cards: tuple[int, ...]  # 20 counts
    gain: float
    loss: int
    tricks: float

    @property
    def score(self) -> float:
        return self.gain - self.loss + self.tricks

    def text(self) -> str:
        return " ".join(CARDS[i].symbol for i in range(20) for _ in range(self.cards[i]))

    def to_dict(self) -> dict:
        return {"cards": [str(CARDS[i]) for i in range(20) for _ in range(self.cards[i])],
                "score": round(self.score, 2), "receiver_gain": round(self.gain, 2),
                "own_loss": self.loss, "trick_strength": round(self.tricks, 2)}


@dataclass(frozen=True)
class PassAdvice:
    """The cards to pass, why each, and the next best choices."""

    role: str
    trump: int
    hand: Hand
    best: Choice
    reasons: tuple[tuple[str, str], ...]  # (card, reason)
    alternatives: tuple[Choice, ...]
    choices: int
    samples: int
    seed: int
    acceptance: float
    conditions: tuple[str, ...]
    dropped: tuple[str, ...]
    keeps: int  # the passer's meld after passing
    #: the simulated hands of the receiver (``(samples, 20)`` counts) every choice was scored on
    receivers: np.ndarray | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        return {
            "role": self.role, "trump": SUITS[self.trump], "hand": str(self.hand),
            "pass": self.best.to_dict()["cards"],
            "reasons": [{"card": c, "reason": r} for c, r in self.reasons],
            "score": self.best.to_dict(), "own_meld_after": self.keeps,
            "alternatives": [c.to_dict() for c in self.alternatives],
            "choices": self.choices, "samples": self.samples, "seed": self.seed,
            "acceptance": round(self.acceptance, 4), "conditions": list(self.conditions),
            "dropped": list(self.dropped),
        }

    def lines(self) -> list[str]:
        who = "the bidder" if self.role == "partner" else "your partner"
        out = [f"Pass {self.best.text()} to {who} ({SUIT_SYMBOLS[self.trump]} trump;"
               f" best of {self.choices} choices over {self.samples} simulated hands,"
               f" seed {self.seed})"]
        for card, reason in self.reasons:
            out.append(f"  {Hand.parse(card).symbols():<5} {reason}")
        b = self.best
        out.append(f"Score {b.score:+.2f}: {who} gains {b.gain:.2f} meld on average, you lose"
                   f" {b.loss}, trick strength {b.tricks:+.1f}; you keep {self.keeps} meld")
        if self.conditions:
            out.append(f"Hands conditioned on: {'; '.join(self.conditions)}"
                       f" (acceptance {self.acceptance:.1%})")
        if self.dropped:
            out.append(f"Given up as nearly impossible: {'; '.join(self.dropped)}")
        if self.alternatives:
            out.append("Next best: " + "; ".join(f"{c.text()} ({c.score:+.2f})"
                                                 for c in self.alternatives))
        return out


def advise_pass(hand: Hand | str, trump: int, role: str = "partner", n: int = 4,
           rules: RuleSet = STANDARD, hint=None, samples: int = 600, seed: int = 0,
           alternatives: int = 4) -> PassAdvice:
    """The ``n`` cards to pass (see the module docstring for the roles and the score)."""
    from ..meld.engine import meld
    from ..meld.vector import meld_points
    from ..play.dealer import Dealer, sample
    from .conventions import signal_mask

    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if role not in ("partner", "bidder"):
        raise UserError(f"unknown role {role!r}: use partner or bidder")
    check("trump", trump, 0, 3)
    check("the cards passed", n, 1, 4)
    check("samples", samples, 1, PASS_HANDS)
    check("seed", seed, 0, SEED_MAX)
    size = len(hand)
    if role == "partner" and size != 20:
        raise UserError(f"the partner passes from a 20-card hand, not {n_cards(size)}")
    if role == "bidder" and hint is not None:
        raise UserError("a hint is what the bidder asked the partner for: it describes the"
                        " bidder's hand, so it applies only to the partner's pass (role partner),"
                        " not to the cards the bidder returns")
    if role == "bidder" and size not in (20, 20 + n):
        raise UserError(f"the bidder's hand is 20 cards (passing at the same time) or {20 + n}"
                        f" (after receiving {n}), not {size}")
    choices = _submultisets(hand.counts, n)
    if not choices:
        raise UserError(f"the hand cannot pass {n_cards(n)}")
    if _coupled(rules) and len(choices) * samples > PASS_WORK:
        raise UserError(f"with a roundhouse option each of the {len(choices):,} choices is scored"
                        f" on every simulated hand: at most {PASS_WORK // len(choices):,}"
                        f" samples for this hand, not {samples:,}")
    receiver_size = 20 if size == 20 else 20 - n
    tests = []
    if role == "partner":
        if rules.marriage_required == "true":
            k, q = trump * 5 + KING, trump * 5 + QUEEN
            tests.append((f"the bidder holds a marriage in {SUIT_SYMBOLS[trump]}",
                          lambda c: np.minimum(c[:, k], c[:, q]) > 0))
        if hint is not None:
            from .conventions import describe_signal

            tests.append((f"the bidder's hint: {describe_signal(hint)}",
                          lambda c: signal_mask(hint, c, rules)))
    rng = np.random.default_rng(seed)
    dealer = Dealer(hand)
    receiver, acceptance, _, dropped = sample(
        lambda batch: dealer.hands(rng, batch, receiver_size), tests, samples,
        max(MAX_DRAWS, 100 * samples))  # a condition is given up below 1%, not below n / 100,000
    gains = expected_gains(receiver, choices, trump, rules)
    mine = np.array(hand.counts, dtype=np.int64)
    after = meld_points(mine[None, :] - np.array(choices), rules)[:, trump]
    before = meld(hand, rules).trumps[trump].points
    to_bidder = role == "partner"
    scored = [Choice(c, float(g), int(before - a), trick_strength(c, trump, to_bidder))
              for c, g, a in zip(choices, gains, after)]
    # best score; ties: keep more of own meld, then the canonical order of the cards
    order = sorted(range(len(scored)), key=lambda i: (-round(scored[i].score, 9),
                                                       scored[i].loss, scored[i].cards[::-1]))
    best = scored[order[0]]
    reasons = _reasons(hand, best, receiver, trump, rules, role, before)
    keeps = int(after[order[0]])
    return PassAdvice(role, trump, hand, best, tuple(reasons),
                      tuple(scored[i] for i in order[1:1 + alternatives]), len(choices),
                      samples, seed, acceptance, tuple(t for t, _ in tests if t not in dropped),
                      tuple(dropped), keeps, receiver)


def _reasons(hand: Hand, best: Choice, receiver: np.ndarray, trump: int, rules: RuleSet,
             role: str, before: int) -> list[tuple[str, str]]:
    """A reason for each card passed: its own meld value to the receiver, what passing it
    costs the passer, and its trick value."""
    from ..meld.vector import meld_points

    who = "the bidder" if role == "partner" else "your partner"
    base = meld_points(receiver, rules)[:, trump]
    mine = np.array(hand.counts, dtype=np.int64)
    out = []
    for i in range(20):
        for _ in range(best.cards[i]):
            card = CARDS[i]
            one = np.zeros(20, dtype=np.int64)
            one[i] = 1
            gain = meld_points(np.minimum(receiver + one, 4), rules)[:, trump] - base
            lost = before - int(meld_points(mine - one, rules)[0, trump])
            parts = []
            if gain.mean() > 0:
                parts.append(f"+{gain.mean():.2f} meld for {who} on average (adds meld in"
                             f" {(gain > 0).mean():.0%} of their hands)")
            if card.suit == trump:
                parts.append("a trump: length and control for the bidder" if role == "partner"
                             else "a trump: costs the bidder length")
            elif card.rank == ACE:
                parts.append("a side ace: a trick for the bidder" if role == "partner"
                             else "a side ace: a trick leaves the bidder")
            parts.append(f"costs you {lost} meld" if lost else "no meld of yours")
            if gain.mean() <= 0 and card.suit != trump and card.rank != ACE:
                parts.insert(0, "a safe card")
            out.append((str(card), "; ".join(parts)))
    return out


__all__ = ["advise_pass", "parse_hint", "PassAdvice", "Choice", "expected_gains", "trick_strength",
           "HINT_WORDS"]
