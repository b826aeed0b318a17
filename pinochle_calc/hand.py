"""A hand: how many copies of each of the 20 cards a player holds."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator
from typing import TypeAlias

from .cards import (
    CARDS,
    COPIES,
    HAND_SIZE,
    KINDS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    RankLike,
    SuitLike,
    as_rank,
    as_suit,
    n_cards,
)
from .errors import DeckError, HandError, described
from .notation import parse_counts

_PIECES = tuple(tuple(" ".join([str(c)] * n) for n in range(COPIES + 1)) for c in CARDS)


class Hand:
    """An immutable multiset of cards, held as 20 counts (index ``suit * 5 + rank``).

    ``Hand.parse(text)`` reads any accepted notation; ``str(hand)`` is the canonical form
    (``AS 10S KS ... JC``: suits S H D C, ranks A 10 K Q J), and ``Hand.parse(str(h)) == h``.
    In the game's words: ``hand.count("AH")`` (copies of a card), ``"AH" in hand``,
    ``hand.count_rank("A")`` (aces; ``hand.count_rank("A", "H")`` in hearts),
    ``hand.suit_length("H")`` and ``hand.in_suit("H")`` (the hearts held, a ``Hand``).
    """

    __slots__ = ("counts",)
    counts: tuple[int, ...]

    def __init__(self, counts: Iterable[int]):
        try:
            if isinstance(counts, (str, bytes)):
                raise TypeError
            counts = tuple(map(operator.index, counts))
        except TypeError:
            raise TypeError(f"Hand() takes 20 card counts, whole numbers (Hand.parse reads"
                            f" text), not {described(counts)}") from None
        if len(counts) != KINDS:
            raise HandError(f"a hand is 20 counts, not {len(counts)}")
        for index, n in enumerate(counts):
            if not 0 <= n <= COPIES:
                card = CARDS[index]
                raise DeckError(f"a double deck has only four {card.symbol}, not {n}")
        object.__setattr__(self, "counts", counts)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[type[Hand], tuple[tuple[int, ...]]]:
        # pickled by its counts (the default sets the slot, which immutability refuses)
        return (Hand, (self.counts,))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand in any accepted notation (see ``pinochle_calc.notation``)."""
        return cls(parse_counts(text))

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Hand:
        counts = [0] * KINDS
        for card in cards:
            counts[card.index] += 1
        return cls(counts)

    def __str__(self) -> str:
        return canonical(self.counts)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self.counts == other.counts

    def __hash__(self) -> int:
        return hash(self.counts)

    def __len__(self) -> int:
        return sum(self.counts)

    def __iter__(self) -> Iterator[Card]:
        """The cards in canonical order, each copy once."""
        for card, n in zip(CARDS, self.counts):
            for _ in range(n):
                yield card

    def __contains__(self, card: Card | str) -> bool:
        return self.count(card) > 0

    def count(self, card: Card | str) -> int:
        """Copies held of a card: a ``Card`` or its text in any notation (``"AH"``, ``"A♥"``)."""
        if not isinstance(card, Card):
            card = Card.parse(card)
        return self.counts[card.index]

    def count_rank(self, rank: RankLike, suit: SuitLike | None = None) -> int:
        """Cards held of a rank (``"A"``, ``"10"``, ``"ace"``, or 0-4), in every suit or in
        ``suit`` (``"H"``, ``"♥"``, ``"hearts"`` or 0-3): ``count_rank("A")`` is the aces."""
        r = as_rank(rank)
        if suit is None:
            return sum(self.counts[s * 5 + r] for s in range(4))
        return self.counts[as_suit(suit, "suit") * 5 + r]

    def __add__(self, other: HandLike) -> Hand:
        """Two hands' cards together (fails if the deck could not hold them)."""
        return Hand(a + b for a, b in zip(self.counts, as_hand(other, "the other hand").counts))

    def __sub__(self, other: HandLike) -> Hand:
        """This hand less another's cards (fails if they are not all here)."""
        diff = [a - b for a, b in zip(self.counts, as_hand(other, "the other hand").counts)]
        if min(diff) < 0:
            missing = [str(CARDS[i]) for i, d in enumerate(diff) if d < 0]
            raise HandError(f"the hand does not hold {' '.join(missing)}")
        return Hand(diff)

    def suit_length(self, suit: SuitLike) -> int:
        """Cards held in a suit (``"H"``, ``"♥"``, ``"hearts"`` or 0-3)."""
        s = as_suit(suit, "suit")
        return sum(self.counts[s * 5 : s * 5 + 5])

    def suit_lengths(self) -> list[int]:
        """Cards held in each suit, S H D C."""
        c = self.counts
        return [c[0] + c[1] + c[2] + c[3] + c[4], c[5] + c[6] + c[7] + c[8] + c[9],
                c[10] + c[11] + c[12] + c[13] + c[14], c[15] + c[16] + c[17] + c[18] + c[19]]

    def in_suit(self, suit: SuitLike) -> Hand:
        """The cards held in a suit, as a hand."""
        s = as_suit(suit, "suit")
        return Hand(n if i // 5 == s else 0 for i, n in enumerate(self.counts))

    def symbols(self) -> str:
        """The hand in suit groups with symbols, as printed on a rules page: ``♠A K K ♥A 10``."""
        groups = []
        for s in range(4):
            ranks = [str(c)[:-1] for c in self if c.suit == s]
            if ranks:
                groups.append(SUIT_SYMBOLS[s] + " ".join(ranks))
        return "  ".join(groups)

    def warnings(self) -> tuple[str, ...]:
        """What a player should know about this hand before trusting a full-deal figure."""
        return size_warnings(len(self))


#: A hand as every function of the library takes it: a ``Hand``, or its text in any notation
#: ``Hand.parse`` reads (``"AS 10S KS"``, ``"♠A 10 K"``).
HandLike: TypeAlias = "Hand | str"


def as_hand(value: HandLike, name: str = "hand") -> Hand:
    """A ``Hand`` given as ``HandLike`` (text is read by ``Hand.parse``, whose errors it
    raises); a ``TypeError`` for anything else."""
    if isinstance(value, Hand):
        return value
    if isinstance(value, str):
        return Hand.parse(value)
    raise TypeError(f"{name} must be a Hand or its text ('AS 10S KS', '♠A 10 K'), not"
                    f" {described(value)}")


def canonical(counts: Iterable[int]) -> str:
    """The canonical text of 20 card counts: ``AS 10S KS ... JC``."""
    return " ".join([p[n] for p, n in zip(_PIECES, counts) if n])


def size_warnings(size: int) -> tuple[str, ...]:
    """The warning for a hand that is not a full 20-card hand (scored all the same)."""
    return () if size == HAND_SIZE else (f"not a 20-card hand: {n_cards(size)}",)


__all__ = ["Hand", "HandLike", "as_hand", "HandError", "DeckError", "SUITS"]
