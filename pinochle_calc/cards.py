"""Cards of the double deck: suits, ranks, and the index a card has in a hand's counts.

A double deck holds four identical copies of each of 20 cards: A 10 K Q J in spades, hearts,
diamonds and clubs. Everything in the package that counts cards uses the same index,
``suit * 5 + rank``, with suits in the order S H D C and ranks from high to low A 10 K Q J.
"""

from __future__ import annotations

from typing import NamedTuple

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANKS = ("A", "10", "K", "Q", "J")
RANK_NAMES = ("ace", "ten", "king", "queen", "jack")
ACE, TEN, KING, QUEEN, JACK = range(5)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
COPIES = 4  # copies of each card in a double deck
KINDS = 20  # distinct cards
DECK_SIZE = COPIES * KINDS
HAND_SIZE = 20
#: Trick points a card is worth when taken in a trick (A, 10, K count 1), by rank.
COUNTER = (1, 1, 1, 0, 0)
LAST_TRICK_BONUS = 2


class Card(NamedTuple):
    """One card of the double deck, e.g. ``Card(HEARTS, ACE)``; ``str`` gives ``AH``."""

    suit: int
    rank: int

    @property
    def index(self) -> int:
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
        from .notation import parse_card

        return parse_card(text)


CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in range(4) for r in range(5))


def suit_index(text: str) -> int:
    """The suit named by a letter, symbol or word (``H``, ``♥``, ``♡``, ``hearts``)."""
    from .notation import SUIT_WORDS

    try:
        return SUIT_WORDS[text.strip().lower()]
    except KeyError:
        raise ValueError(
            f"unknown suit {text!r}: use S, H, D, C, a suit symbol, or a suit name"
        ) from None
