"""Words the conventions share beside the rank and meld words (``meld.words``): scaled bids and
their endings."""

from __future__ import annotations

from typing import overload

from ...rules import RuleSet


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
