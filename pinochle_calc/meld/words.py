"""Words for ranks and melds: a rank with its article, its plural, melds in words (shared by the
conventions and the exchange's hints)."""

from __future__ import annotations

from ..cards import ACE, JACK, KING, QUEEN, RANK_NAMES, TEN
from .engine import Meld, TrumpMeld

PLURAL = {ACE: "aces", TEN: "tens", KING: "kings", QUEEN: "queens", JACK: "jacks"}
AROUND_RANKS = (ACE, KING, QUEEN, JACK)  # tens around are worth nothing


def a_rank(rank: int) -> str:
    """``a jack``, ``an ace``."""
    name = RANK_NAMES[rank]
    return ("an " if name[0] in "aeiou" else "a ") + name


def article(m: Meld) -> str:
    """A meld with its article where it takes one: ``a run``, ``double queens around``."""
    text = m.describe()
    return text if m.count > 1 or text.endswith("around") else "a " + text


def and_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def meld_words(tm: TrumpMeld) -> str:
    """A hand's melds in words: ``a run, a royal marriage and double queens around``."""
    return and_list([article(m) for m in tm.melds]) or "no meld"
