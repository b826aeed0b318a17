"""Words the conventions share: ranks with their article, melds in words, scaled bid endings."""

from __future__ import annotations

from typing import overload

from ...cards import ACE, JACK, KING, QUEEN, RANK_NAMES, TEN
from ...meld.engine import Meld, TrumpMeld
from ...rules import RuleSet

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


@overload
def units(bid: int, rules: RuleSet) -> int: ...
@overload
def units(bid: None, rules: RuleSet) -> None: ...
@overload
def units(bid: int | None, rules: RuleSet) -> int | None: ...
def units(bid: int | None, rules: RuleSet) -> int | None:
    """A scaled bid in the table's units (54, not 540, under scale 10)."""
    return None if bid is None else bid // rules.scale


def ending(digit: int, k: int) -> str:
    """How a bid's last digit reads once scaled: ``4``, or ``40`` with scale 10 (540 is the
    table's 54); with a scale that is not a power of ten, the unit number's digit."""
    if k == 1:
        return str(digit)
    if str(k).strip("0") == "1":
        return str(digit * k).zfill(len(str(k)))
    return f"{digit} (in units of {k})"
