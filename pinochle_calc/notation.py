"""Reading hands as players write them, with errors that point at the offending token.

Accepted, case-insensitively, items separated by spaces and/or commas:

* card tokens, rank then suit or suit then rank: ``AH 10H TH``, ``HA``, ``A♥``, ``♥A``, ``10♡``;
* suit groups, a suit marker followed by bare ranks: ``♥ A 10 K K``, ``H: A 10 K``,
  ``hearts: A T K``; a suit-first card (``♥A``) also opens a group for the ranks after it;
* compact groups, a suit marker with ``=`` or ``:`` and the ranks run together:
  ``H=ATKKKQQJ``, ``♥A10KKQ`` (the ten is ``T`` or ``10``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import COPIES, KINDS, RANKS, SUIT_SYMBOLS, SUITS, Card
from .errors import UserError

SUIT_WORDS: dict[str, int] = {}
for _i, (_letter, _symbol, _outline, _name) in enumerate(
    zip(SUITS, SUIT_SYMBOLS, "♤♡♢♧", ("spade", "heart", "diamond", "club"))
):
    for _word in (_letter, _symbol, _outline, _name, _name + "s"):
        SUIT_WORDS[_word.lower()] = _i

RANK_WORDS = {"a": 0, "10": 1, "t": 1, "k": 2, "q": 3, "j": 4}

#: Every spelling of a single card token, lower-cased, to its index: the fast path of parsing.
CARD_TOKENS: dict[str, int] = {}
#: The suit-first spellings (``ha``, ``♥a``): such a card also opens a suit group.
SUIT_FIRST: set[str] = set()
for _suit_word, _s in SUIT_WORDS.items():
    if len(_suit_word) == 1:
        for _rank_word, _r in RANK_WORDS.items():
            CARD_TOKENS[_rank_word + _suit_word] = _s * 5 + _r
            CARD_TOKENS[_suit_word + _rank_word] = _s * 5 + _r
            SUIT_FIRST.add(_suit_word + _rank_word)

_TOKEN = re.compile(r"[^\s,]+")
_COMPACT_RANK = re.compile(r"10|[atkqj]")


class HandError(UserError):
    """A hand that cannot be read or cannot exist; ``str`` is a message a player can act on."""


@dataclass(frozen=True)
class NotationError(HandError):
    """A token that is not a card: keeps the text and the token's span to point at it."""

    message: str
    text: str
    start: int
    end: int
    token_number: int

    def __str__(self) -> str:
        return (
            f"{self.message} (token {self.token_number}, column {self.start + 1})"
        )

    def pointer(self) -> str:
        """The input text with ``^^^`` under the offending token."""
        return f"{self.text}\n{' ' * self.start}{'^' * max(1, self.end - self.start)}"


class DeckError(HandError):
    """A hand the 80-card deck cannot hold (a fifth copy of a card)."""


def _suggest(token: str) -> str:
    """A hint for an unknown card token, where the intended card is obvious."""
    low = token.lower()
    for suit_word, s in SUIT_WORDS.items():
        if len(suit_word) == 1 and (low.endswith(suit_word) or low.startswith(suit_word)):
            rank = low[: -len(suit_word)] if low.endswith(suit_word) else low[len(suit_word) :]
            suit = SUITS[s]
            if rank in ("1", "11", "100", "01", "110"):
                return f": did you mean 10{suit}?"
            if rank.isdigit():
                return f": a pinochle deck has no {rank}s (ranks are A 10 K Q J)"
            if rank in ("ace", "king", "queen", "jack", "ten"):
                return f": did you mean {RANKS[RANK_WORDS.get(rank[0], 1)]}{suit}?"
    if low[:-1] in RANK_WORDS or low[:-2] == "10":
        rank = RANKS[RANK_WORDS[low[:-1]]] if low[:-1] in RANK_WORDS else "10"
        bad = token[len(low[:-1]) :] if low[:-1] in RANK_WORDS else token[2:]
        options = ", ".join(rank + s for s in SUITS[:3]) + f" or {rank}C"
        return f": unknown suit {bad!r}, did you mean {options}?"
    return ": a card is a rank (A 10 K Q J) and a suit (S H D C or ♠ ♥ ♦ ♣), like AH or 10♠"


def parse_counts(text: str) -> list[int]:
    """The 20 card counts of a hand written in any accepted notation.

    Raises NotationError for a token that is not a card (naming it and where it stood),
    HandError for an empty hand, and DeckError for a fifth copy of a card.
    """
    counts = [0] * KINDS
    suit: int | None = None  # the open suit group, if any
    number = 0
    for number, match in enumerate(_TOKEN.finditer(text), 1):
        token = match.group()
        low = token.lower()

        def fail(message: str, match=match, number=number) -> NotationError:
            return NotationError(message, text, match.start(), match.end(), number)

        indices: list[int] = []
        if low in CARD_TOKENS:
            indices = [CARD_TOKENS[low]]
            if low in SUIT_FIRST:
                suit = indices[0] // 5
        elif low in RANK_WORDS:
            if suit is None:
                raise fail(
                    f"{token!r} has no suit: write it as {RANKS[RANK_WORDS[low]]}H, or start"
                    " a suit group such as 'H: A 10 K'"
                )
            indices = [suit * 5 + RANK_WORDS[low]]
        else:
            marker, rest = _split_marker(low)
            if marker is None:
                raise fail(f"unknown card {token!r}" + _suggest(token))
            suit = marker
            if rest:
                ranks = _COMPACT_RANK.findall(rest)
                if "".join(ranks) != rest:
                    raise fail(
                        f"{token!r} is not a suit group: after the suit, write only the"
                        " ranks A 10 (or T) K Q J"
                    )
                indices = [suit * 5 + RANK_WORDS[r] for r in ranks]
        for index in indices:
            counts[index] += 1
            if counts[index] > COPIES:
                card = Card.from_index(index)
                raise DeckError(
                    f"a double deck has only four {card.symbol}: a fifth {card} at token"
                    f" {number} ({token!r}, column {match.start() + 1})"
                )
    if not any(counts):
        raise HandError("empty hand: no cards given" if number == 0 else "the hand holds no cards")
    return counts


def _split_marker(low: str) -> tuple[int | None, str]:
    """A suit marker at the start of a token, and the compact ranks after it."""
    for sep in ("=", ":"):
        if sep in low:
            head, _, rest = low.partition(sep)
            return SUIT_WORDS.get(head), rest
    if low in SUIT_WORDS:
        return SUIT_WORDS[low], ""
    if low[:1] in SUIT_WORDS:
        return SUIT_WORDS[low[:1]], low[1:]
    return None, ""


def parse_card(text: str) -> Card:
    """One card token (``AH``, ``10♥``, ``♥A``, ``ha``)."""
    low = text.strip().lower()
    if low in CARD_TOKENS:
        return Card.from_index(CARD_TOKENS[low])
    raise NotationError(f"unknown card {text!r}" + _suggest(text.strip()), text, 0, len(text), 1)
