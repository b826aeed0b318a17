"""What a call can say about a hand, and the hand features the conventions talk about.

Every test is vectorised over ``(n, 20)`` count arrays (a single hand is one row), so the same
code decides a suggestion for the player's own hand and conditions the simulated deals of the
other players' hands on their calls (``signal_mask``). The features:

- *trump-worthy*: some suit holds a marriage and at least 7 cards, or 6 with its ace and ten
  (the marriage is not needed where the rule set drops it or asks for it only after the pass:
  before the pass a bidder may name any suit);
- *aces in other suits*: at least 4 aces, in at least 3 suits (they take tricks whatever suit
  the partner names);
- *meld*: the hand's meld in its best trump (``meld.best_trump``);
- *some meld* (Davis 52): at least 20 meld; *several pinochle parts* (Davis 53): at least three
  of the Q♠ and J♦ together;
- a card *helps* a hand when adding one copy of it raises the hand's best meld;
- an around request (Davis 55, 66, 80/88, 100) is read as: the hand is one or two cards short
  of its next around of that rank (``needs_around``: at its lowest count the rank is missing in
  one or two suits, e.g. it holds jacks in two or three suits and none in the others), so a
  pass can complete it, and the cards that complete it raise its best meld. A hand three or
  four cards short would spend most of a four-card pass on one around, and a hand that
  already has the around in every suit at its lowest count has nothing to ask for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple, get_args

import numpy as np

from ..cards import ACE, JACK, KING, QUEEN, RANKS, TEN
from ..errors import UserError, described
from ..meld.vector import best_points, best_points_with
from ..meld.words import PLURAL, a_rank
from ..rules import STANDARD, RuleSet
from ..stores import kept

if TYPE_CHECKING:  # numpy.typing costs a start-up millisecond: for the checker only
    from numpy.typing import ArrayLike

#: What a call can say (``Signal.kind``).
SignalKind = Literal["pass", "forced", "natural", "trump", "aces", "meld", "open", "not-ready",
                     "some-meld", "pinochle-parts", "card", "around", "book", "shut-out"]
SIGNAL_KINDS: tuple[SignalKind, ...] = get_args(SignalKind)


class Signal(NamedTuple):
    """What a call says, in a form the estimate can test a hand against.

    ``kind``: ``pass``, ``forced``, ``natural`` (nothing conventional), ``trump`` (wants to
    name trump), ``aces`` (aces in other suits), ``meld`` (shows ``meld`` points), ``open``,
    ``not-ready``, ``some-meld``, ``pinochle-parts``, ``card`` (asks for a card of ``rank``),
    ``around`` (asks for ``rank`` around), ``book`` (a standard book), ``shut-out``.
    """

    kind: SignalKind
    rank: int | None = None
    meld: int = 0

    def to_dict(self) -> dict[str, object]:
        """What the call says: its kind, the rank asked for (``A``, ``10``, ...) and the meld
        shown, where there are any."""
        return {"kind": self.kind, "rank": None if self.rank is None else RANKS[self.rank],
                "meld": self.meld}


def rows(counts: ArrayLike) -> np.ndarray:
    return np.asarray(counts, dtype=np.int64).reshape(-1, 20)


def trump_suits(counts: ArrayLike, rules: RuleSet = STANDARD) -> np.ndarray:
    """(n, 4): the suits each hand is *trump-worthy* in (a marriage, unless the rule set needs
    none before the exchange, ``RuleSet.needs_marriage``, and 7 cards, or 6 with the ace and
    the ten)."""
    return _worthy_suits(not rules.needs_marriage(exchanged=False)).take(_codes_by_suit(counts))


def _codes_by_suit(counts: ArrayLike) -> np.ndarray:
    """(n, 4): each suit's counts of A 10 K Q J as one code in base 5 (the ace lowest), for
    looking a suit up. Many hands (the int8 deals a dealer hands out to test, read as they
    come) are added up in int16, several times faster than a product with the weights; a few
    (the chains of built deals) take the product, one call rather than ten."""
    c = np.asarray(counts).reshape(-1, 4, 5)
    if len(c) < _FEW_HANDS:
        return c @ _SUIT_WEIGHTS
    c = c.astype(np.int16)
    return (c[:, :, 0] + 5 * c[:, :, 1] + 25 * c[:, :, 2] + 125 * c[:, :, 3]
            + 625 * c[:, :, 4])


#: Below this many hands, a suit's code is a product with the weights (``_codes_by_suit``).
_FEW_HANDS = 1000


_SUIT_WEIGHTS = 5 ** np.arange(5, dtype=np.int64)


@kept(2)
def _worthy_suits(any_suit: bool) -> np.ndarray:
    """By a suit's code (its counts of A 10 K Q J in base 5, the ace lowest): whether a suit
    held so is trump-worthy (``any_suit``: no marriage needed)."""
    c = (np.arange(5**5)[:, None] // _SUIT_WEIGHTS) % 5
    length = c.sum(axis=1)
    married = (np.minimum(c[:, KING], c[:, QUEEN]) > 0) | any_suit
    strong = (length >= 7) | ((length >= 6) & (c[:, ACE] > 0) & (c[:, TEN] > 0))
    out = married & strong
    out.flags.writeable = False
    return out


def trump_worthy(counts: ArrayLike, rules: RuleSet = STANDARD) -> np.ndarray:
    """(n,): whether each hand is trump-worthy in some suit (``trump_suits``)."""
    worthy = trump_suits(counts, rules)
    # the four suits or'ed column by column (``any(axis=1)`` is several times slower)
    return worthy[:, 0] | worthy[:, 1] | worthy[:, 2] | worthy[:, 3]


def side_aces(counts: ArrayLike) -> np.ndarray:
    """(n,): at least 4 aces, in at least 3 suits."""
    aces = rows(counts).reshape(-1, 4, 5)[:, :, ACE]
    return (aces.sum(axis=1) >= 4) & ((aces > 0).sum(axis=1) >= 3)


def pinochle_parts(counts: ArrayLike) -> np.ndarray:
    """(n,): at least three of the Q♠ and J♦ together."""
    c = rows(counts)
    return c[:, 3] + c[:, 14] >= 3


def plus_card(counts: np.ndarray, index: int) -> np.ndarray:
    """The (n, 20) hands with one more copy of card ``index`` (at most four)."""
    plus = counts.copy()
    plus[:, index] = np.minimum(plus[:, index] + 1, 4)
    return plus


def around_short(counts: ArrayLike, rank: int) -> np.ndarray:
    """(n, 4): the suits that hold back each hand's next around of ``rank``: those where it
    holds the fewest cards of that rank (none once it holds four in every suit)."""
    c = rows(counts)[:, rank::5]
    low = c.min(axis=1, keepdims=True)
    return (c == low) & (low < 4)


def needs_around(counts: ArrayLike, rank: int) -> np.ndarray:
    """(n,): the hand is one or two cards short of its next around of ``rank``."""
    short = around_short(counts, rank).sum(axis=1)
    return (short >= 1) & (short <= 2)


def around_plus(counts: ArrayLike, rank: int) -> np.ndarray:
    """The (n, 20) hands with a card of ``rank`` added in each suit that holds back the next
    around (``around_short``): the cards an around request asks for."""
    c = rows(counts)
    plus = c.copy()
    plus[:, rank::5] += around_short(c, rank)
    return plus


def helped_by(counts: ArrayLike, rank: int, rules: RuleSet,
              around: bool = False) -> np.ndarray:
    """(n,): whether some card of ``rank`` would raise each hand's best meld; with ``around``,
    whether the hand needs the around (``needs_around``) and the cards that complete it
    raise its best meld."""
    c = np.asarray(counts)  # (the int8 deals a dealer hands out to test need no widening)
    c = c.reshape(-1, 20) if c.dtype == np.int8 else rows(c)
    if around:  # the hand and the hand with the around's cards, in one pass
        points = best_points(np.concatenate([c, around_plus(c, rank)]), rules)
        return needs_around(c, rank) & (points[len(c):] > points[:len(c)])
    # the hand as it is, then with each card of the rank: one pass over the hands
    points = best_points_with(c, (-1, *(s * 5 + rank for s in range(4))), rules)
    return np.asarray((points[:, 1:] > points[:, :1]).any(axis=1))


def signal_mask(signal: Signal, counts: ArrayLike, rules: RuleSet) -> np.ndarray | None:
    """(n,) booleans: the hands consistent with what a call said (None: it says nothing
    testable). Used to condition simulated deals on the calls of the other players."""
    kind = signal.kind
    if kind == "trump":
        return trump_worthy(counts, rules)
    if kind == "aces":
        return side_aces(counts)
    if kind == "meld":
        return best_points(rows(counts), rules) >= signal.meld
    if kind == "some-meld":
        return best_points(rows(counts), rules) >= 20 * rules.scale
    if kind == "pinochle-parts":
        return pinochle_parts(counts)
    if kind in ("card", "around") and signal.rank is not None:
        return helped_by(counts, signal.rank, rules, around=kind == "around")
    return None


def describe_signal(signal: Signal, scale: int = 1) -> str:
    """Short words for a condition on a hand, for the estimate's report (``scale``: the rule
    set's, for the meld figures)."""
    kind = signal.kind
    if kind == "meld":
        return f"at least {signal.meld} meld"
    if kind == "card" and signal.rank is not None:
        return f"{a_rank(signal.rank)} would help"
    if kind == "around" and signal.rank is not None:
        return f"{PLURAL[signal.rank]} around would help"
    return {"trump": "trump-worthy", "aces": "at least 4 aces in 3 suits",
            "some-meld": f"at least {20 * scale} meld",
            "pinochle-parts": "3 or more of Q♠ and J♦"}.get(kind, kind)


#: A hint in words (``pinochle-calc pass --hint``): what a convention ``Signal`` asks for.
HINT_WORDS: dict[str, tuple[Literal["card", "around"], int]] = {
    "jack": ("card", JACK), "queen": ("card", QUEEN), "king": ("card", KING),
    "ten": ("card", TEN), "ace": ("card", ACE),
    "jacks-around": ("around", JACK), "queens-around": ("around", QUEEN),
    "kings-around": ("around", KING), "aces-around": ("around", ACE),
}


def parse_hint(text: str) -> Signal:
    """A ``--hint`` value as a convention ``Signal`` (``queen``, ``kings-around``, ...)."""
    if not isinstance(text, str):
        raise TypeError(f"a hint is a word ({', '.join(HINT_WORDS)}), not {described(text)}")
    key = text.strip().lower().replace(" ", "-").replace("_", "-")
    if key.endswith("s") and key[:-1] in HINT_WORDS:
        key = key[:-1]
    if key not in HINT_WORDS:
        raise UserError(f"unknown hint {text!r}: use one of {', '.join(HINT_WORDS)}")
    kind, rank = HINT_WORDS[key]
    return Signal(kind, rank)


def as_hint(value: object, name: str = "hint") -> Signal | None:
    """A hint given as a convention ``Signal`` (of kind ``card`` or ``around``), its word
    (``parse_hint``) or None; a ``TypeError`` for anything else."""
    if value is None or isinstance(value, Signal):
        return value
    if isinstance(value, str):
        return parse_hint(value)
    raise TypeError(f"{name} must be a word ({', '.join(HINT_WORDS)}) or a convention Signal,"
                    f" not {described(value)}")


def hint_word(signal: Signal | None) -> str | None:
    """A hint in the words of ``pinochle-calc pass --hint`` (``king``, ``kings-around``; None:
    none, or a signal that asks for no card)."""
    if signal is None:
        return None
    return next((w for w, key in HINT_WORDS.items() if key == (signal.kind, signal.rank)), None)
