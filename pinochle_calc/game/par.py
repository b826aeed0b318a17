"""A recorded hand's par and the exact cost of each card played (``play.exact``), in the
record's rule set's points (its ``scale`` applied), for ``play`` and ``review``.

The par is worked out from the hands when play began (after the exchange), the seat that led
the first trick (the bidder) and the trump; a record that does not give every seat's hand (one
``table`` wrote, with your hand alone) has none, and neither has a hand whose cards were not
played (thrown in, no trump). The work has a budget of seconds of CPU time (``seconds``) and,
optionally, of positions (``positions``), spent from the last trick back: past it the early
cards have no exact cost, and the par none unless the walk reached the first lead. The line
is then labelled for what it is, the best finish from the first trick reached (the tricks
before as played, best play by both after), never a par; ``note`` says why there is no par.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..play.exact import DEFAULT_SECONDS
from .hand import Play, Record


@dataclass(frozen=True)
class HandPar:
    """A hand's par and exact costs (module docstring), scaled. ``par``: (us, them), or None
    with ``note`` saying why. ``costs``: per play event (its number), the points the card gave
    its side away against best play, every card seen (None: not reached within the budget).
    ``from_trick``: the first trick from which on every card has its cost (None: none), and
    ``finish`` each side's points with the tricks before it as played and best play by both
    from its first lead on. ``positions``: the budget of positions (None: no limit);
    ``seconds``: the budget of CPU time (None: no limit); ``searched``: the positions
    searched."""

    par: tuple[int, int] | None
    note: str | None
    costs: tuple[tuple[int, int | None], ...] = ()
    from_trick: int | None = None
    positions: int | None = None
    searched: int = 0
    finish: tuple[int, int] | None = None
    seconds: float | None = DEFAULT_SECONDS
    #: why there is no par (``note`` without the finish); None where there is one
    reason: str | None = None

    def cost(self, event: int) -> int | None:
        """The exact cost of the card of play event ``event`` (None: none worked out)."""
        return dict(self.costs).get(event)

    def to_dict(self) -> dict:
        """The par as the JSON summary writes it: ``par`` (``{"us": N, "them": N}`` or null)
        and ``par_note`` (why it is null, with the best finish where there is one; else
        null)."""
        return {"par": None if self.par is None else {"us": self.par[0], "them": self.par[1]},
                "par_note": self.note}

    def words(self) -> str:
        """The line the tables show: the par; else the best finish, labelled as such, and why
        there is no par; else why there is neither."""
        if self.par is not None:
            return f"Par (best play by both from the first lead, every card seen): us" \
                   f" {self.par[0]}, them {self.par[1]}"
        if self.finish is not None and self.from_trick is not None:
            return f"Best finish from trick {self.from_trick} (the tricks before as played," \
                   f" then best play by both, every card seen): us {self.finish[0]}, them" \
                   f" {self.finish[1]}; no par: the first lead {self.reason}"
        return f"Par: {self.note}"


def hand_par(record: Record, positions: int | None = None, *,
             seconds: float | None = DEFAULT_SECONDS) -> HandPar:
    """The record's par and exact costs (module docstring) within ``seconds`` of CPU time and
    ``positions`` positions searched (None: no limit; 0: none)."""
    from ..play.exact import exact_play, points_left

    numbers = [n for n, e in enumerate(record.events, 1) if isinstance(e, Play)]
    if numbers:
        start = record.state_before(numbers[0])
    else:
        start = record.state
        if start.next_decision().kind != "play":
            return HandPar(None, "none: the cards were not played", positions=positions,
                           seconds=seconds)
    hands = [start.holding_counts(s) for s in range(4)]
    if any(h is None for h in hands) or start.trump is None:
        return HandPar(None, "not known: the record does not give every seat's hand",
                       positions=positions, seconds=seconds)
    cards = [record.events[n - 1].card for n in numbers]  # type: ignore[attr-defined]
    found = exact_play(hands, start.trump, int(start.to_play()), cards, nodes=positions,
                       seconds=seconds)
    k = record.rules.scale
    costs = tuple((n, None if c is None else c * k) for n, c in zip(numbers, found.costs))
    par = None if found.par is None else (found.par[0] * k, found.par[1] * k)
    note = finish = None
    trick = found.from_trick
    lead = None if trick is None else 4 * (trick - 1)  # that trick's first card
    if trick is not None and lead is not None and lead <= len(numbers):
        # the tricks before as played (the state's points are scaled), best play after
        before = record.state_before(numbers[lead]) if lead < len(numbers) else record.state
        value = found.values[lead]
        assert value is not None
        # every hand is known (above): the four hands now
        rest = points_left([h for s in range(4) if (h := before.holding_counts(s)) is not None])
        finish = (before.points[0] + value * k, before.points[1] + (rest - value) * k)
    else:
        trick = None
    reason = None
    if par is None:
        note = reason = _why(found.stopped, positions, seconds)
        if finish is not None and note != NOT_WORKED_OUT:
            note += f"; from trick {trick} on, best play by both makes it us {finish[0]}," \
                f" them {finish[1]}"
        else:
            finish = trick = None
    return HandPar(par, note, costs, trick, positions, found.searched, finish, seconds, reason)


#: The note of a par no search was allowed for.
NOT_WORKED_OUT = "not worked out (no search allowed)"


def _why(stopped: str | None, positions: int | None, seconds: float | None) -> str:
    """Why the walk did not reach the first lead: the budget that ran out."""
    if positions == 0 or seconds == 0:
        return NOT_WORKED_OUT
    if stopped == "positions":
        return f"not solved within {positions:,} positions"
    return f"not solved within {seconds:g} s of search"


__all__ = ["HandPar", "hand_par"]
