"""Cards of the double deck: suits, ranks, and the index a card has in a hand's counts.

A double deck holds four identical copies of each of 20 cards: A 10 K Q J in spades, hearts,
diamonds and clubs. Everything in the package that counts cards uses the same index,
``suit * 5 + rank``, with suits in the order S H D C and ranks from high to low A 10 K Q J.
A suit is a ``Suit``: an int (0-3) that reads as its letter.
"""

from __future__ import annotations

from enum import IntEnum
from numbers import Integral
from typing import NamedTuple, TypeAlias

from .errors import NotationError, UserError, described, number_text, quoted, shorten

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANKS = ("A", "10", "K", "Q", "J")
RANK_NAMES = ("ace", "ten", "king", "queen", "jack")
ACE, TEN, KING, QUEEN, JACK = range(5)
COPIES = 4  # copies of each card in a double deck
KINDS = 20  # distinct cards
HAND_SIZE = 20
#: Trick points a card is worth when taken in a trick (A, 10, K count 1), by rank.
COUNTER = (1, 1, 1, 0, 0)
LAST_TRICK_BONUS = 2


class Suit(IntEnum):
    """A suit: an int, 0 to 3 in the order S H D C (``suit * 5 + rank`` indexes a hand's
    counts), that reads as its letter (``str``: ``H``; ``repr``: ``Suit.H``). ``Suit("H")``,
    ``Suit("♥")``, ``Suit("hearts")`` and ``Suit(1)`` are all ``Suit.HEARTS``. JSON writes it
    as its number, as any int."""

    S = 0
    H = 1
    D = 2
    C = 3
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return SUITS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """Its name as players say it: ``hearts``."""
        return SUIT_NAMES[self]

    def __str__(self) -> str:
        return SUITS[self]

    def __repr__(self) -> str:
        return f"Suit.{SUITS[self]}"

    def __format__(self, spec: str) -> str:
        # a number's format (``{suit:d}``) formats the number; any other, the letter
        if spec and spec[-1] in "bcdoxXneEfFgG%":
            return int.__format__(int(self), spec)
        return format(SUITS[self], spec)

    @classmethod
    def _missing_(cls, value: object) -> Suit | None:
        if isinstance(value, str):
            return cls(suit_index(value))
        return None


SPADES, HEARTS, DIAMONDS, CLUBS = Suit


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 trick``, ``3 tricks``: ``n`` of a thing, its plural ``many`` (default ``one`` and an
    s) unless ``n`` is 1; with thousands separators (``1,200 deals``)."""
    return f"{n:,} {one if n == 1 else many or one + 's'}"


def n_cards(n: int) -> str:
    """``1 card``, ``3 cards``."""
    return counted(n, "card")


class Card(NamedTuple):
    """One card of the double deck, e.g. ``Card(HEARTS, ACE)``; ``str`` gives ``AH``. The
    cards of ``CARDS`` (and of ``Card.parse`` and a hand's iteration) hold their suit as a
    ``Suit``."""

    suit: int
    rank: int

    @property
    def index(self) -> int:  # type: ignore[override]  # tuple.index (a search) means nothing here
        """Position of this card in a hand's 20 counts."""
        return self.suit * 5 + self.rank

    @classmethod
    def from_index(cls, index: int) -> Card:
        return CARDS[index]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, as players write it: ``A♥``."""
        return RANKS[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """A single card token in any accepted notation (``AH``, ``HA``, ``A♥``, ``10h``)."""
        if not isinstance(text, str):
            raise TypeError(f"a card is text such as 'AH' or 'A♥', not {described(text)}")
        low = text.strip().lower()
        if low in CARD_TOKENS:
            return CARDS[CARD_TOKENS[low]]
        raise NotationError(f"unknown card {quoted(text)}" + card_hint(text.strip()), text, 0,
                            len(text), 1)


CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in range(5))

# How players write cards ---------------------------------------------------------------------

#: Every word for a suit, lower-cased: letter, symbol, outline symbol, name (singular, plural).
SUIT_WORDS: dict[str, int] = {}
for _i, (_letter, _symbol, _outline, _name) in enumerate(
    zip(SUITS, SUIT_SYMBOLS, "♤♡♢♧", ("spade", "heart", "diamond", "club"))
):
    for _word in (_letter, _symbol, _outline, _name, _name + "s"):
        SUIT_WORDS[_word.lower()] = _i

RANK_WORDS = {"a": 0, "10": 1, "t": 1, "k": 2, "q": 3, "j": 4}

#: Every spelling of a single card token, lower-cased, to its index: the fast path of parsing.
CARD_TOKENS: dict[str, int] = {}
#: The spellings of a card that also open a suit group for the bare ranks after it: suit first
#: (``ha``, ``♥a``), or a rank then a suit symbol (``a♥``, as in ``A♥ 10 K``).
OPENS_GROUP: set[str] = set()
for _suit_word, _s in SUIT_WORDS.items():
    if len(_suit_word) == 1:
        for _rank_word, _r in RANK_WORDS.items():
            CARD_TOKENS[_rank_word + _suit_word] = _s * 5 + _r
            CARD_TOKENS[_suit_word + _rank_word] = _s * 5 + _r
            OPENS_GROUP.add(_suit_word + _rank_word)
            if not _suit_word.isascii():
                OPENS_GROUP.add(_rank_word + _suit_word)


def card_hint(token: str) -> str:
    """A hint for an unknown card token, where the intended card is obvious."""
    low = token.lower()
    for suit_word, s in SUIT_WORDS.items():
        if len(suit_word) == 1 and (low.endswith(suit_word) or low.startswith(suit_word)):
            rank = low[: -len(suit_word)] if low.endswith(suit_word) else low[len(suit_word) :]
            suit = SUITS[s]
            if rank in ("1", "11", "100", "01", "110"):
                return f": did you mean 10{suit}?"
            if rank.isdigit():
                return f": a pinochle deck has no {shorten(rank, 8)}s (ranks are A 10 K Q J)"
            if rank in ("ace", "king", "queen", "jack", "ten"):
                return f": did you mean {RANKS[RANK_WORDS.get(rank[0], 1)]}{suit}?"
    if low[:-1] in RANK_WORDS or low[:-2] == "10":
        rank = RANKS[RANK_WORDS[low[:-1]]] if low[:-1] in RANK_WORDS else "10"
        bad = token[len(low[:-1]) :] if low[:-1] in RANK_WORDS else token[2:]
        options = ", ".join(rank + s for s in SUITS[:3]) + f" or {rank}C"
        return f": unknown suit {quoted(bad)}, did you mean {options}?"
    return ": a card is a rank (A 10 K Q J) and a suit (S H D C or ♠ ♥ ♦ ♣), like AH or 10♠"


def suit_index(text: str) -> int:
    """The suit named by a letter, symbol or word (``H``, ``♥``, ``♡``, ``hearts``)."""
    try:
        return SUIT_WORDS[text.strip().lower()]
    except KeyError:
        raise UserError(
            f"unknown suit {quoted(text)}: use S, H, D, C, a suit symbol (♠ ♥ ♦ ♣) or a suit name"
        ) from None


#: A suit as every function of the library takes it: a letter, a symbol or a name (``"H"``,
#: ``"♥"``, ``"hearts"``) or its index, 0 to 3 in the order S H D C (``HEARTS`` is 1).
SuitLike: TypeAlias = int | str


def as_suit(value: SuitLike, name: str = "trump") -> int:
    """The index (0-3, S H D C) of a suit given as ``SuitLike``: a ``UserError`` for a word
    that is no suit or an index out of range, a ``TypeError`` for anything else."""
    if type(value) is int and 0 <= value <= 3:  # the common case, first
        return value
    if isinstance(value, str):
        return suit_index(value)
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(f"{name} must be a suit: 'H', '♥', 'hearts' or 0 to 3 (S H D C), not"
                        f" {described(value)}")
    if not 0 <= value <= 3:
        raise UserError(f"{name} must be a suit: 0 to 3 (S H D C), not {number_text(value)}")
    return int(value)


#: A rank as a hand's accessors take it: a letter or a word (``"A"``, ``"10"``, ``"T"``,
#: ``"ace"``, ``"aces"``) or its index, 0 to 4 in the order A 10 K Q J (``ACE`` is 0).
RankLike: TypeAlias = int | str


def as_rank(value: RankLike, name: str = "rank") -> int:
    """The index (0-4, A 10 K Q J) of a rank given as ``RankLike``: a ``UserError`` for a word
    that is no rank or an index out of range, a ``TypeError`` for anything else."""
    if isinstance(value, str):
        low = value.strip().lower()
        for i, word in enumerate(RANK_NAMES):
            if low in (word, word + "s"):
                return i
        if low in RANK_WORDS:
            return RANK_WORDS[low]
        raise UserError(f"unknown rank {quoted(value)}: use A, 10, K, Q, J or a rank's name"
                        " (ace, ten, king, queen, jack)")
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(f"{name} must be a rank: 'A', '10', 'ace' or 0 to 4 (A 10 K Q J), not"
                        f" {described(value)}")
    if not 0 <= value <= 4:
        raise UserError(f"{name} must be a rank: 0 to 4 (A 10 K Q J), not {number_text(value)}")
    return int(value)
