"""The largest sizes the calculator serves, refused up front with the limit named.

One place for the limits the library enforces and the command line's options state: a size
beyond them would not fail cleanly but run for many minutes or run out of memory. ``check`` is
the range check the library applies to them (and to a suit or a seat given as a number).
"""

from __future__ import annotations

from numbers import Integral

from .errors import UserError, described

#: Random seeds: numpy's generators take any non-negative integer; 32 bits (as numpy's older
#: generator takes, and a clock's seconds fit) keep a seed short to print and to type.
SEED_MAX = 2**32 - 1
#: Deals ``tricks`` plays out (about two minutes on one core; memory stays small).
TRICK_DEALS = 1_000_000
#: Deals a bid estimate draws and plays out once per trump (about a minute, some 100 MB).
BID_DEALS = 100_000
#: Hands of the other player a pass is judged on (about a second, some 200 MB).
PASS_HANDS = 100_000
#: Choices times hands a pass may score one by one, as it must under a roundhouse option
#: (about 20 seconds).
PASS_WORK = 12_000_000
#: Deals an arena plays (each twice); a thousand take minutes, a million weeks.
ARENA_DEALS = 1_000_000
#: Games an arena plays in games (each twice), and the hands a game is played to before it is
#: stopped without a winner (a real game takes ten or so).
ARENA_GAMES = 100_000
GAME_HANDS = 200
#: Deals of the unseen cards behind one card advice, each played out once per legal card
#: (about ten seconds and a few hundred megabytes with many legal cards).
CARD_DEALS = 50_000
#: Simulated deals behind each of an advisor's estimates in a whole hand or an arena.
HAND_DEALS = 20_000
#: Calls an auction may hold: a real one has a few dozen.
AUCTION_CALLS = 1000
#: Processes to play deals in.
JOBS_MAX = 64
#: The largest figure (a bid, meld, trick points) taken either way: far above any real score,
#: and short enough to print (Python refuses to print an int of over 4,300 digits).
FIGURE_MAX = 10**15
#: Positions the double-dummy solver may search for a hand's par and exact costs (the
#: library's ``nodes``): the most, some two days of the compiled solver.
EXACT_POSITIONS_MAX = 10**12
#: Seconds of CPU time the double-dummy solver may search (``--exact``): the most, a day.
EXACT_SECONDS_MAX = 86_400
#: ... by default, for a hand's par and exact costs in ``play`` and ``review``: half a second,
#: which reaches the last 10 or 11 tricks of most hands with today's solver (docs/card-play.md,
#: "Par and exact costs"); for ``card``'s exact search where every other hand is known; and
#: for the whole double-dummy table of ``dd``.
EXACT_SECONDS_PAR = 0.5
EXACT_SECONDS_CARD = 30.0
EXACT_SECONDS_TABLE = 60.0
#: Seconds a match on a cluster waits for a scheduler that stopped answering, or for a worker
#: when it has none (``--patience``, ``cluster.map_cluster``): the default and the most, a day.
#: A healthy scheduler answers in milliseconds whatever its workers do (a deal of any length
#: included: what is timed is never a chunk), Dask's own client gives up on a connection after
#: 30 s (``distributed.comm.timeouts.connect``), and a nanny starts a dead worker again in a few
#: seconds: a minute is well past each, and short beside a match left hanging overnight.
PATIENCE_SECONDS = 60
PATIENCE_MAX = 86_400


def check(name: str, value: int, low: int, high: int) -> int:
    """``value`` (an int) if it is from ``low`` to ``high``, else a ``UserError``; a
    ``TypeError`` if it is not a whole number at all."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(f"{name} must be a whole number (an int), not {described(value)}")
    if not low <= value <= high:
        shown = f"{value:,}" if -FIGURE_MAX <= value <= FIGURE_MAX else "far beyond"
        raise UserError(f"{name} must be a whole number from {low:,} to {high:,}, not {shown}")
    return int(value)
