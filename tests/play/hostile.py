"""Hostile calls of the double-dummy solver's entry points, for the fuzz test
(``test_solver_fuzz.py``), which runs them in batches in child processes so that a crash of the
interpreter fails the test and names the call.

``cases(seed, count)`` is a fixed catalogue (each kind of wrong argument the issue names: wrong
dtypes and shapes, None, huge ints, a fifth copy of a card in the hands or counting the trick,
hands of different sizes, a trick of four cards, the leader, ``bits`` and ``nodes`` out of
range, an uninitialised or busy solver, ...) and then random calls whose every argument is drawn
from a pool of hostile and valid values. Each case is a name and a function of the solver type
that makes the call, so that the compiled solver and its Python twin get the very same call.

Run as a script, ``python hostile.py SEED COUNT START STOP`` makes calls START to STOP - 1 on
both solvers and prints a JSON line after each: its number and what each solver gave (``ok``,
or the error's class).
"""

from __future__ import annotations

import array
import json
import sys
from collections.abc import Callable

import numpy as np

# Small positions (four hands as 16 suit codes, the leader, the trick in progress, trump): each
# searched in a moment, so that a call that is let through ends at once.
A = 1  # suit codes: one ace, one ten, ...
T, K, Q, J = 5, 25, 125, 625
POSITIONS = [
    # one trick left, seat 0 to lead: A♠ / 10♠ / K♠ / Q♠
    ([A, 0, 0, 0, T, 0, 0, 0, K, 0, 0, 0, Q, 0, 0, 0], 0, [], 1),
    # two tricks, seat 1 to play after seat 0 led A♠
    ([T, 0, 0, 0, A + K, 0, 0, 0, Q + J, 0, 0, 0, 0, A + T, 0, 0], 0, [0], 1),
    # three tricks, seats 2 and 3 to play (hearts led, spades trump)
    ([0, A, A, 0, 0, T, T, 0, 0, K + Q, A, 0, 0, J + T, J, 0], 0, [5, 6], 0),
]


class Index:
    """An object that says it is an int (``__index__``), of any value."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


HUGE = [2**31, 2**32, 2**63 - 1, 2**63, 2**64, -1, -(2**63) - 1, 10**30, -(10**30)]
NUMBERS = [None, True, False, 0, 1, 3, 4, 19, 20, 3124, 3125, *HUGE, 1.0, float("nan"),
           float("inf"), "1", b"1", [1], (), {}, object(), np.int64(2), np.uint64(2**64 - 1),
           np.float64(1), np.array(3), np.array([3]), np.int8(-1), Index(2), Index(2**70),
           Index(-5), Index("x"), complex(1, 0)]


def _sequences(good: list[int]) -> list[object]:
    """Sequences near ``good`` (valid and not): lengths, types, iterables of every kind."""
    out: list[object] = [good, tuple(good), OneShot(good), OneShot(good, True), np.array(good),
                         np.array(good, dtype=np.float64), np.array(good, dtype=np.uint8)
                         if max(good, default=0) < 256 else np.array(good, dtype=np.int32),
                         good[:-1], good + [0], good + [0] * 5, [], None, 5, "abc", b"\x00" * 16,
                         set(good), dict.fromkeys(good), [None] * len(good),
                         [float(x) for x in good], np.array([good]), [2**64] + good[1:],
                         [-1] + good[1:], [Index(x) for x in good], array.array("q", good)]
    return out


def _arrays(rows: np.ndarray, width: int, writable: bool) -> list[object]:
    """Arrays near an int64 one of ``rows``' shape (or (len(rows), width) zeros)."""
    base = rows if rows.shape[1] == width else np.zeros((len(rows), width), dtype=np.int64)
    read_only = base.copy()
    read_only.flags.writeable = False
    wide = np.zeros((len(base), 2 * width), dtype=np.int64)
    out: list[object] = [
        base.copy(), base.astype(np.float64), base.astype(np.int32), base.astype(np.uint64),
        base.astype(bool), base.astype(object), base.astype(np.int16), base.reshape(-1).copy(),
        base.reshape(1, *base.shape).copy(), np.asfortranarray(base), wide[:, ::2],
        base[:, :-1].copy() if width > 1 else base[:0].copy(), base[:0].copy(),
        np.zeros((len(base) + 1, width), dtype=np.int64), read_only, None, base.tolist(),
        bytes(base.tobytes()), bytearray(base.tobytes()), memoryview(base.copy()),
        array.array("q", base.reshape(-1).tolist()), np.zeros((0, 0), dtype=np.int64),
        base.astype(">i8"), np.int64(0), "x" * (8 * base.size),
    ]
    if writable and base.size:
        out.append(memoryview(bytearray(base.tobytes())).cast("q", base.shape))
    return out


Case = tuple[str, Callable[[type], object]]


def _fixed() -> list[Case]:
    """The catalogue: each kind of wrong argument, on each entry point."""
    cases: list[Case] = []

    def add(name: str, call: Callable[[type], object]) -> None:
        cases.append((name, call))

    for trump in [*NUMBERS, -1, 4]:
        add(f"Solver(trump={trump!r})", lambda S, t=trump: S(t))
    for bits in [*NUMBERS, 3, 29, 4, 12]:
        add(f"Solver(1, bits={bits!r})", lambda S, b=bits: _new(S, 1, b))
    for i, (codes, leader, trick, trump) in enumerate(POSITIONS):
        for method in ("value", "values"):
            def call(S, m=method, c=codes, ld=leader, tr=trick, t=trump, **kw):
                return getattr(S(t), m)(kw.get("c", c), kw.get("ld", ld), kw.get("tr", tr),
                                        kw.get("n", 0))

            add(f"{method} of position {i}", call)
            for j, seq in enumerate(_sequences(codes)):
                add(f"{method} of position {i}, codes #{j} {_short(seq)}",
                    lambda S, call=call, seq=seq: call(S, c=_fresh(seq)))
            for x in NUMBERS:
                add(f"{method} of position {i}, leader {x!r}",
                    lambda S, call=call, x=x: call(S, ld=x))
                add(f"{method} of position {i}, nodes {x!r}",
                    lambda S, call=call, x=x: call(S, n=x))
                add(f"{method} of position {i}, a trick card {x!r}",
                    lambda S, call=call, x=x, tr=trick: call(S, tr=[*tr[:1], x]))
            for j, seq in enumerate(_sequences(trick or [0])):
                add(f"{method} of position {i}, trick #{j} {_short(seq)}",
                    lambda S, call=call, seq=seq: call(S, tr=_fresh(seq)))
            for name, broken in _broken_positions(codes, leader, trick):
                add(f"{method} of position {i}: {name}",
                    lambda S, call=call, b=broken: call(S, c=b[0], ld=b[1], tr=b[2]))
        rows = np.array([codes, codes], dtype=np.int64)
        legal = {0: [0], 1: [1], 2: [5, 7]}[i]  # legal cards in every layout

        def many(S, c=rows, ld=leader, tr=trick, t=trump, k=legal, **kw):
            cards = kw.get("k", k)
            size = len(cards) if isinstance(cards, list) else 1
            out = kw.get("o", np.zeros((2, size), dtype=np.int64))
            return S(t).values_many(kw.get("c", c), kw.get("ld", ld), kw.get("tr", tr), cards,
                                    _fresh(out), kw.get("n", 0))

        add(f"values_many of position {i}", many)
        for j, arr in enumerate(_arrays(rows, 16, False)):
            add(f"values_many of position {i}, codes #{j} {_short(arr)}",
                lambda S, many=many, arr=arr: many(S, c=_fresh(arr)))
        for j, arr in enumerate(_arrays(rows, len(legal), True)):
            add(f"values_many of position {i}, out #{j} {_short(arr)}",
                lambda S, many=many, arr=arr: many(S, o=arr))
        for j, seq in enumerate(_sequences(legal)):
            add(f"values_many of position {i}, cards #{j} {_short(seq)}",
                lambda S, many=many, seq=seq: many(S, k=_fresh(seq)))
        for x in NUMBERS:
            add(f"values_many of position {i}, nodes {x!r}", lambda S, many=many, x=x:
                many(S, n=x))
            add(f"values_many of position {i}, leader {x!r}", lambda S, many=many, x=x:
                many(S, ld=x))
        for name, broken in _broken_positions(codes, leader, trick):
            add(f"values_many of position {i}, the second layout: {name}",
                lambda S, many=many, b=broken, c=codes: many(S, c=np.array(
                    [c, b[0]] if isinstance(b[0], list) and len(b[0]) == 16 and all(
                        isinstance(x, int) and -2**63 <= x < 2**63 for x in b[0]) else [c, c],
                    dtype=np.int64), ld=b[1], tr=b[2]))
        add(f"values_many of position {i}, out sharing codes", lambda S, many=many, c=codes:
            many(S, c=_shared(c)[0], o=_shared(c)[1]))
        add(f"values_many of position {i}, a card not legal", lambda S, many=many:
            many(S, k=[19], o=np.zeros((2, 1), dtype=np.int64)))
        add(f"values_many of position {i}, 21 cards", lambda S, many=many, k=legal:
            many(S, k=k * 21, o=np.zeros((2, 21 * len(k)), dtype=np.int64)))
    # the solver's own state: uninitialised, interrupted, made again, cleared
    add("a Solver never initialised: value", lambda S: S.__new__(S).value(*POSITIONS[0][:3]))
    add("a Solver never initialised: clear", lambda S: S.__new__(S).clear())
    add("a Solver never initialised: values_many", lambda S: S.__new__(S).values_many(
        np.zeros((1, 16), dtype=np.int64), 0, [], [0], np.zeros((1, 1), dtype=np.int64)))
    add("a Solver never initialised: nodes and trump", lambda S: (S.__new__(S).nodes,
                                                                  S.__new__(S).trump))
    add("interrupt, then value", lambda S: _interrupted(S))
    add("interrupt, clear, then value", lambda S: _interrupted(S, clear=True))
    add("__init__ twice, then value", lambda S: _twice(S))
    add("__init__ with bad arguments after a good one", lambda S: _twice(S, bad=True))
    return cases


def _new(S: type, trump: int, bits: object) -> object:
    """``Solver(trump, bits)``; the Python twin has no ``bits`` (its table is a dict)."""
    if S.__name__ == "PySolver":
        from pinochle_calc.play._solver import Solver

        return Solver(trump, bits)  # the same call, so that both answer alike
    return S(trump, bits)


def _interrupted(S: type, clear: bool = False) -> object:
    engine = S(1)
    engine.interrupt()
    if clear:
        engine.clear()
    codes, leader, trick, _ = POSITIONS[2]
    return engine.value(codes, leader, trick)


def _twice(S: type, bad: bool = False) -> object:
    engine = S(1)
    try:
        engine.__init__(2**70 if bad else 0)
    finally:
        codes, leader, trick, _ = POSITIONS[0]
        value = engine.value(codes, leader, trick)
    return value, engine.trump


def _shared(codes: list[int]) -> tuple[np.ndarray, np.ndarray]:
    joint = np.zeros(40, dtype=np.int64)
    joint[:16] = codes
    joint[16:32] = codes
    return joint[:32].reshape(2, 16), joint[16:18].reshape(2, 1)


def _broken_positions(codes: list[int], leader: int, trick: list[int]) -> list:
    """Positions that cannot be: (name, (codes, leader, trick))."""
    fifth = list(codes)
    fifth[0], fifth[4], fifth[8], fifth[12] = 4 * A, 4 * A, 4 * A, 4 * A  # 16 A♠, sizes kept?
    in_trick = [c + (1 if s == 0 else 0) for s, c in enumerate(codes)]  # seat 0 gains an A♠
    return [
        ("16 copies of A♠", (fifth, leader, trick)),
        ("four A♠ in the hands and one in the trick", (
            [4 * A, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] if not trick else
            [4 * A, 0, 0, 0] + codes[4:8] + [4 * A, 0, 0, 0] + codes[12:], leader, [0])),
        ("the trick's first card the fifth copy, every size right",
         (_copies(codes, trick[0], 5 - trick.count(trick[0])) if trick else codes, leader,
          trick)),
        ("a seat with a card more", (in_trick, leader, trick)),
        ("a seat with a card fewer", ([0, 0, 0, 0] + codes[4:], leader, trick)),
        ("a trick of four cards", (codes, leader, [0, 1, 2, 3])),
        ("a trick of five cards", (codes, leader, [0] * 5)),
        ("the leader 4", (codes, 4, trick)),
        ("the leader -1", (codes, -1, trick)),
        ("the hand over", ([0] * 16, leader, [])),
        ("a code of 3125", ([3125] + codes[1:], leader, trick)),
        ("a code of 2**63", ([2**63] + codes[1:], leader, trick)),
        ("a trick card of 2**32", (codes, leader, [2**32])),
        ("every code 3124", ([3124] * 16, leader, trick)),
    ]


class OneShot:
    """An iterator (or a generator) over ``items``, made anew for each call (``_fresh``): the
    first solver would use up one shared by both."""

    def __init__(self, items: list, generator: bool = False):
        self.items, self.generator = items, generator

    def __repr__(self) -> str:
        return f"{'generator' if self.generator else 'iterator'} over {self.items!r}"


def _copies(codes: list[int], card: int, want: int) -> list[int]:
    """The hands of ``codes`` with other cards turned into ``card`` until they hold ``want``
    copies of it (each seat keeps its number of cards)."""
    from pinochle_calc.play.tricks import decode, encode

    hands = [list(decode(codes[4 * s:4 * s + 4])) for s in range(4)]
    for hand in hands:
        for other in range(20):
            while other != card and hand[other] and hand[card] < 4 and sum(
                    h[card] for h in hands) < want:
                hand[other] -= 1
                hand[card] += 1
    return [c for h in hands for c in encode(h)]


def _fresh(value: object) -> object:
    """The value for one call: a ``OneShot`` as a new iterator, anything else as it is."""
    if isinstance(value, OneShot):
        return (x for x in value.items) if value.generator else iter(value.items)
    return value


def _short(value: object) -> str:
    text = repr(value).replace("\n", " ")
    return text if len(text) <= 60 else text[:57] + "..."


# -- random calls ---------------------------------------------------------------------------

def _random(rng: np.random.Generator, count: int) -> list[Case]:
    """Calls whose every argument is drawn from the pools of hostile and valid values."""
    out: list[Case] = []
    for n in range(count):
        codes, leader, trick, trump = POSITIONS[int(rng.integers(len(POSITIONS)))]

        def pick(pool: list) -> object:
            return pool[int(rng.integers(len(pool)))]

        method = pick(["value", "values", "values_many"])
        t = pick([trump] * 6 + NUMBERS)
        c = pick([codes] * 8 + _sequences(codes))
        ld = pick([leader] * 8 + NUMBERS)
        tr = pick([trick] * 8 + _sequences(trick or [0]) + [[x] for x in NUMBERS])
        nodes = pick([0] * 8 + NUMBERS + [1, 5, 100])
        if method == "values_many":
            rows = np.array([codes] * int(rng.integers(0, 4)) or np.zeros((0, 16)),
                            dtype=np.int64)
            c = pick([rows] * 8 + _arrays(rows if len(rows) else np.zeros((1, 16), np.int64),
                                          16, False))
            cards = pick([[0], [1], [5, 7], [5], [19]] * 2 + _sequences([5, 7]))
            width = len(cards) if isinstance(cards, list) else 1
            o = pick([np.zeros((len(rows), width), dtype=np.int64)] * 8 + _arrays(
                np.zeros((max(len(rows), 1), width), np.int64), width, True))
            args = (c, ld, tr, cards, o, nodes)
        else:
            args = (c, ld, tr, nodes)

        def call(S, t=t, method=method, args=args):
            return getattr(S(t), method)(*(_fresh(a) for a in args))

        out.append((f"random call {n}: {method}({', '.join(_short(a) for a in args)})"
                    f" with trump {t!r}", call))
    return out


def cases(seed: int, count: int) -> list[Case]:
    """The catalogue, then ``count`` random calls from ``seed``."""
    return _fixed() + _random(np.random.default_rng(seed), count)


def outcome(call: Callable[[type], object], solver_type: type) -> str:
    """``ok``, or the class of the error the call raised."""
    try:
        call(solver_type)
    except BaseException as e:  # noqa: BLE001 (every class is reported, and judged by the test)
        return type(e).__name__
    return "ok"


def main(seed: int, count: int, start: int, stop: int) -> None:
    from pinochle_calc.play._solver import Solver
    from pinochle_calc.play.search import PySolver

    todo = cases(seed, count)[start:stop]
    for i, (_, call) in enumerate(todo, start):
        got = {"case": i, "compiled": outcome(call, Solver), "python": outcome(call, PySolver)}
        print(json.dumps(got), flush=True)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:5]))
