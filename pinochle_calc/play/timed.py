"""The double-dummy solver within a budget of seconds: ``Budget``, the seconds of CPU time
(the process's own, ``time.process_time``) that searches may spend in turn, and ``narrow``,
the bounds on a position's value that zero-window searches reach within one.

A search run under a budget (``Budget.run``) is watched by a thread that calls the solver's
``interrupt()`` once the budget is spent; the search then stops within a few thousand
positions and ``OutOfTime`` (a ``search.Stopped``) is raised in its place. CPU time rather than
the clock on the wall, so that a loaded machine gives a search as much work as an idle one
(it only takes longer): the answers that come within the budget are exact whatever the budget;
which ones come can depend on the machine.

``narrow`` finds a position's value by zero-window searches (``bound``), each a lower or an
upper bound: first cheap ones from the edges (a probe far from the value takes a few hundred
positions), then MTD(f) from the middle of what is left, so that a search stopped by its
budget still gives the bounds it had reached (``Bounds``: the value lies from ``low`` to
``high``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from ..errors import UserError, described
from .search import Stopped
from .solver import Engine

T = TypeVar("T")


class OutOfTime(Stopped):
    """The search was stopped by its budget of seconds before its end; ``nodes``: the
    positions the engine had searched then (since it was emptied)."""

    def __init__(self, message: str, nodes: int = 0):
        super().__init__(message)
        self.nodes = nodes


def check_seconds(name: str, value: object, most: float) -> float:
    """``value`` as seconds, 0 to ``most`` (a ``UserError`` outside that or for NaN; a
    ``TypeError`` for what is not a number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} is a number of seconds, not {described(value)}")
    if not 0 <= value <= most:  # NaN too
        raise UserError(f"{name} must be from 0 to {most:,} seconds, not {value}")
    return float(value)


class Budget:
    """Seconds of CPU time (``time.process_time``, every thread of the process) that the
    searches run under it spend in turn, counted from its making; None: no limit."""

    #: How often at most the watching thread looks at the clock, in seconds.
    LOOK = 0.02

    def __init__(self, seconds: float | None, clock: Callable[[], float] = time.process_time):
        self.seconds = seconds
        self.clock = clock
        self.start = clock()

    def left(self) -> float | None:
        """The seconds left (at most 0 once spent); None: no limit."""
        if self.seconds is None:
            return None
        return self.seconds - (self.clock() - self.start)

    def spent(self) -> bool:
        """Whether no time is left."""
        left = self.left()
        return left is not None and left <= 0

    def part(self, seconds: float | None) -> Budget:
        """A budget of ``seconds`` from now (None: what is left of this one), never more than
        what is left of this one."""
        left = self.left()
        if seconds is None:
            within = left
        else:
            within = seconds if left is None else min(seconds, left)
        return Budget(None if within is None else max(within, 0.0), self.clock)

    def run(self, engine: Engine, call: Callable[[], T]) -> T:
        """``call()``, a search on ``engine``, stopped with ``OutOfTime`` once the budget is
        spent (at once where it is spent already). A search stopped so leaves the engine
        emptied (``clear``: its ``interrupt`` holds until then); Ctrl-C is raised as it came.
        """
        left = self.left()
        if left is None:
            return call()
        if left <= 0:
            raise OutOfTime("no time was left for the search")
        done = threading.Event()
        lock = threading.Lock()
        fired: list[bool] = []

        def watch() -> None:
            while True:
                remaining = self.left()
                assert remaining is not None
                if remaining <= 0:
                    with lock:
                        if not done.is_set():
                            fired.append(True)
                            engine.interrupt()
                    return
                # the process's CPU time runs at most as fast as its threads: two here
                if done.wait(min(self.LOOK, max(remaining / 2, 0.001))):
                    return

        watcher = threading.Thread(target=watch, name="pinochle-solver-budget", daemon=True)
        watcher.start()
        try:
            return call()
        except KeyboardInterrupt:
            with lock:
                done.set()
            if fired:
                nodes = engine.nodes
                engine.clear()
                raise OutOfTime(f"the search was stopped after {self.seconds:g} s",
                                nodes) from None
            raise
        finally:
            with lock:
                done.set()
            watcher.join()
            if fired:
                engine.clear()  # it may have finished just as the budget ran out


@dataclass(frozen=True)
class Bounds:
    """What a search found of a position's value (side 0's trick points): it lies from ``low``
    to ``high``; ``exact`` where they meet."""

    low: int
    high: int

    @property
    def exact(self) -> bool:
        return self.low == self.high


#: The positions a probe from the edges may search before ``narrow`` goes on to MTD(f).
EDGE_NODES = 20_000


def narrow(engine: Engine, codes: Sequence[int], leader: int, trick: Sequence[int],
           total: int, budget: Budget) -> Bounds:
    """The bounds on side 0's points from the position on (``codes``, ``leader`` and the
    ``trick`` in progress, as the engine takes them; ``total``: every point left, the trick's
    included) that zero-window searches reach within ``budget`` (module docstring): exact where
    the search ends within it. Ctrl-C is raised as it came."""
    low, high = 0, total
    if budget.spent():
        return Bounds(low, high)
    try:
        limit = EDGE_NODES
        while low < high:
            began = budget.clock()
            low, high = _edges(engine, codes, leader, trick, low, high, budget, limit)
            left = budget.left()
            # within a budget, the edges again with probes four times as long, while a round
            # of them takes a small part of what is left (no budget: on to the value at once)
            if left is None or 4 * (budget.clock() - began) > left / 4:
                break
            limit *= 4
        # MTD(f) from the middle of what is left
        guess = (low + high + 1) // 2
        while low < high:
            at = guess if guess > low else low + 1
            v = budget.run(engine, partial(engine.bound, codes, leader, trick, at))
            low, high = _narrowed(low, high, at, v)
            guess = v
    except OutOfTime:
        pass
    return Bounds(low, high)


def _edges(engine: Engine, codes: Sequence[int], leader: int, trick: Sequence[int], low: int,
           high: int, budget: Budget, limit: int) -> tuple[int, int]:
    """The bounds narrowed from each edge in turn (is the value at most ``high - 1``? at least
    ``low + 1``?) while that edge's probes take at most ``limit`` positions."""
    edges = [True, False]  # the top edge, the bottom one
    while low < high and edges:
        top = edges.pop(0)
        at = high if top else low + 1
        try:
            v = budget.run(engine,
                           partial(engine.bound, codes, leader, trick, at, limit))
        except OutOfTime:
            raise
        except Stopped:
            continue  # this edge is dear: the other goes on alone
        low, high = _narrowed(low, high, at, v)
        edges.append(top)
    return low, high


def _narrowed(low: int, high: int, at: int, v: int) -> tuple[int, int]:
    """The bounds after a zero-window search at ``at`` (``low < at <= high``) gave ``v``: a
    lower bound where ``v >= at``, else an upper one. They narrow every time; a result that
    would not is a broken search, raised rather than searched again for ever."""
    new = (v, high) if v >= at else (low, v)
    if not low <= new[0] <= new[1] <= high or new == (low, high):
        raise RuntimeError(f"a search at {at} gave {v}, which does not narrow {low} to {high}")
    return new


__all__ = ["Budget", "Bounds", "OutOfTime", "narrow", "check_seconds", "EDGE_NODES"]
