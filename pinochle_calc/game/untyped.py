"""The meld the table was not given: a hand's score needs every seat's meld, and the table
says, in its own words, whose is missing and how to give it (``untyped_meld``): at once where
the first card comes before it (``untyped_meld_words``), and at the end of a played hand the
score sheet cannot take without it (``untyped_meld_fix``)."""

from __future__ import annotations

from ..seats import seats_text
from .hand import Record


def untyped_meld(record: Record) -> list[int]:
    """The seats whose meld was not typed where the hand's score needs it: the play has begun
    (it can no longer come), or the hand ended before it (thrown in, no trump named: it may
    still come)."""
    state = record.state
    if state.contract is None or not state.trump_named:
        return []
    if state.next_decision().kind == "meld" and not state.complete:
        return []  # still being shown
    return [s for s in range(4) if state.melds[s] is None]


def untyped_meld_words(record: Record) -> str | None:
    """What the table says when the first card is typed before every seat's meld (None: it
    was typed): what it costs, and how to give it, in the table's own words."""
    seats = untyped_meld(record)
    if not seats:
        return None
    cards = record.state.plays
    return (f"the meld of {seats_text(seats)} was not typed: it stays unknown, so the card"
            " advice ranks the cards by trick points (no chance of the contract, no score),"
            " and the hand cannot go on a score sheet. To give it: undo"
            + (" (the card back)" if cards == 1 else f" {cards} times (the cards back)")
            + f", then type each seat's meld ({seats[0]}: ♠K Q ♥K Q, or {seats[0]}: none)")


def untyped_meld_fix(record: Record, path: str) -> str:
    """How to give the meld a played hand's score needs, once the play has begun: in the
    record's file, then resumed."""
    seats = untyped_meld(record)
    return (f"the meld of {seats_text(seats)} was not typed, and the sheet needs each seat's."
            f" To give it: add a line for each to {path} before its first lead line (meld"
            f" {seats[0]}: ♠K Q ♥K Q, or meld {seats[0]}: 0), then go on with"
            f" pinochle-calc table --resume {path}")


__all__ = ["untyped_meld", "untyped_meld_words", "untyped_meld_fix"]
