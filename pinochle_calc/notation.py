"""Reading hands as players write them, with errors that point at the offending token.

Accepted, case-insensitively, items separated by spaces and/or commas:

* card tokens, rank then suit or suit then rank: ``AH 10H TH``, ``HA``, ``A♥``, ``♥A``, ``10♡``;
* suit groups, a suit marker followed by bare ranks: ``♥ A 10 K K``, ``H: A 10 K``,
  ``hearts: A T K``; a suit-first card (``♥A``) also opens a group for the ranks after it;
* compact groups, a suit marker with ``=`` or ``:`` and the ranks run together:
  ``H=ATKKKQQJ``, ``♥A10KKQ`` (the ten is ``T`` or ``10``);
* a card written rank then suit symbol opens a group too: ``A♥ 10 K`` is ``AH 10H KH``;
* a ``#`` starts a comment that runs to the end of the text.
"""

from __future__ import annotations

import re

from .cards import (
    CARD_TOKENS,
    COPIES,
    KINDS,
    OPENS_GROUP,
    RANK_WORDS,
    RANKS,
    SUIT_WORDS,
    Card,
    card_hint,
)
from .errors import DeckError, HandError, NotationError, described, quoted

_TOKEN = re.compile(r"[^\s,]+")
_COMPACT_RANK = re.compile(r"10|[atkqj]")


def parse_counts(text: str) -> list[int]:
    """The 20 card counts of a hand written in any accepted notation.

    Raises NotationError for a token that is not a card (naming it and where it stood),
    HandError for an empty hand, and DeckError for a fifth copy of a card; a TypeError for
    anything but text.
    """
    if not isinstance(text, str):
        raise TypeError(f"a hand is text such as 'AS 10S KS' or '♠A 10 K', not {described(text)}")
    counts = [0] * KINDS
    suit: int | None = None  # the open suit group, if any
    number = 0
    for number, match in enumerate(_TOKEN.finditer(text, 0, _end(text)), 1):
        token = match.group()
        low = token.lower()

        def fail(message: str, match: re.Match[str] = match,
                 number: int = number) -> NotationError:
            return NotationError(message, text, match.start(), match.end(), number)

        indices: list[int] = []
        if low in CARD_TOKENS:
            indices = [CARD_TOKENS[low]]
            if low in OPENS_GROUP:
                suit = indices[0] // 5
        elif low in RANK_WORDS:
            if suit is None:
                raise fail(
                    f"{token!r} has no suit: write it as {RANKS[RANK_WORDS[low]]}H, or start"
                    " a suit group such as 'H: A 10 K' or '♥A 10 K'"
                )
            indices = [suit * 5 + RANK_WORDS[low]]
        else:
            marker, rest = _split_marker(low)
            if marker is None:
                raise fail(f"unknown card {quoted(token)}" + card_hint(token))
            suit = marker
            if rest:
                ranks = _COMPACT_RANK.findall(rest)
                if "".join(ranks) != rest:
                    raise fail(
                        f"{quoted(token)} is not a suit group: after the suit, write only the"
                        " ranks A 10 (or T) K Q J"
                    )
                indices = [suit * 5 + RANK_WORDS[r] for r in ranks]
        for index in indices:
            counts[index] += 1
            if counts[index] > COPIES:
                card = Card.from_index(index)
                raise DeckError(
                    f"a double deck has only four {card.symbol}: a fifth {card} at token"
                    f" {number} ({quoted(token)}, column {match.start() + 1})"
                )
    if not any(counts):
        raise HandError("empty hand: no cards given" if number == 0 else "the hand holds no cards")
    return counts


def _end(text: str) -> int:
    """Where the hand ends: at a ``#`` (a comment follows), else at the end of the text."""
    comment = text.find("#")
    return len(text) if comment < 0 else comment


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
    """One card token (``AH``, ``10♥``, ``♥A``, ``ha``): ``Card.parse``."""
    return Card.parse(text)


__all__ = ["parse_counts", "parse_card", "HandError", "NotationError", "DeckError"]
