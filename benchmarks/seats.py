"""The seats a named policy holds in the hand being played, for the scripts that pit two card
advices against each other in one engine (``compare_card``, ``compare_presolver``). Not a
benchmark: the scripts share it."""

from __future__ import annotations


def seats_of(name: str) -> set[int]:
    """A set the engine keeps, from the start of every hand it plays, equal to the seats of the
    side whose policy is named ``name`` (``whole._Engine.run`` wrapped, in this process and the
    workers it forks)."""
    from pinochle_calc.game import whole

    seats: set[int] = set()
    run = whole._Engine.run

    def running(self) -> None:
        seats.clear()
        seats.update(s for s in range(4) if self.names[s & 1] == name)
        return run(self)

    whole._Engine.run = running  # type: ignore[method-assign]
    return seats
