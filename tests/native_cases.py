"""Arguments for every entry point of the compiled loops other than the solver's (``_play``,
``_greedy``, ``_meld``), valid and hostile, and what each entry point must do with them: the
spec ``test_native_fuzz.py`` holds the extensions to.

Each entry point has a maker of valid arguments (small random deals, hands, objectives) and a
``refused`` rule written from its docstring, apart from the C: the arguments it must refuse
(with a ``TypeError`` or ``ValueError``, never a crash) and, by elimination, those it must take.
A case is the valid arguments of a seeded draw, most often with one to three hostile changes:
another type, element type, byte order, shape or size, a view that is not contiguous, a
read-only output, an output that shares memory with an input, a value out of range, a card
twice, huge and negative sizes, ints past C's range, empty arrays.

Run as a script (``python native_cases.py SEED COUNT ENTRY...``), it plays ``COUNT`` cases of
each entry point, printing ``case ENTRY I`` before each call (so that a crash names its case)
and ``wrong ENTRY I: ...`` for each call that did otherwise than the rule says.
"""

from __future__ import annotations

import ctypes
import sys
from importlib import import_module

import numpy as np
from native_args import (
    CARDS,
    DECK,
    GREEDY,
    MELD,
    NCODES,
    PHYSICAL,
    PLAY,
    ROUGH,
    Spec,
    W,
    apart,
    array,
    first_fault,
    is_key,
    whole,
)
from native_greedy import (
    make_added,
    make_best,
    make_blas,
    make_choose,
    make_choose_blind,
    make_dots,
    make_objective,
    make_pick,
    make_points,
    make_score,
    refused_added,
    refused_best,
    refused_blas,
    refused_choose,
    refused_choose_blind,
    refused_dots,
    refused_objective,
    refused_pick,
    refused_points,
    refused_score,
    umath,
    umath_path,
)

# _play.play ----------------------------------------------------------------------------------

def _trick_winner(suits: list[int], ranks: list[int]) -> int:
    win = 0
    for k in range(1, len(suits)):
        if (suits[k] == suits[win] and ranks[k] < ranks[win]) or (suits[k] == 0 != suits[win]):
            win = k
    return win


def make_play(rng: np.random.Generator) -> list:
    n, tricks = int(rng.integers(0, 5)), int(rng.integers(0, 21))
    j = int(rng.integers(1, 4)) if tricks and rng.random() < 0.4 else 0
    leader = rng.integers(0, 4, n).astype(np.int16)
    codes = np.zeros((n, 16), dtype=np.int16)
    start = np.zeros((6, n), dtype=np.int16)
    for i in range(n):
        deck = list(rng.permutation(DECK))
        played = {(int(leader[i]) + k) & 3 for k in range(j)}
        for seat in range(4):
            for card in (deck.pop() for _ in range(tricks - (seat in played))):
                codes[i, seat * 4 + card // 5] += W[card % 5]
        trick = [deck.pop() for _ in range(j)]
        if j:
            suits, ranks = [c // 5 for c in trick], [c % 5 for c in trick]
            win = _trick_winner(suits, ranks)
            start[:, i] = (j, suits[0], suits[win], ranks[win], (leader[i] + win) & 3,
                           sum(r <= 2 for r in ranks))
    order = np.array([rng.permutation(4) for _ in range(n)], dtype=np.int16).reshape(n, 4)
    voids = rng.integers(0, 16, (n, 4)).astype(np.int16) if rng.random() < 0.5 else None
    played = np.zeros((n, 4 * tricks - j), dtype=np.int8) if rng.random() < 0.5 else None
    if rng.random() < ROUGH:  # consistent in shape, not in what the hands hold
        tricks = int(rng.integers(0, 21))
        start[0] = rng.integers(0, 5, n)
        if rng.random() < 0.5:
            order = rng.integers(0, 4, (n, 4)).astype(np.int16)
        played = None
    return [codes, order, leader, tricks, np.zeros((n, 2), dtype=np.int64), played, voids,
            start if j else None]


def refused_play(codes, order, leader, tricks, points, played, voids, start) -> str | None:
    t = whole(tricks, 0, 20)
    c = array(codes, np.int16)
    if t is None or c is None or c.size % 16:
        return "tricks or codes"
    n = c.size // 16
    o, ld = array(order, np.int16, 4 * n), array(leader, np.int16, n)
    p = array(points, np.int64, 2 * n, True)
    v = None if voids is None else array(voids, np.int16, 4 * n)
    s = None if start is None else array(start, np.int16, 6 * n)
    if o is None or ld is None or p is None or (voids is not None and v is None) or (
            start is not None and s is None):
        return "a buffer"
    j = int(s[0]) if s is not None and n else 0
    if s is not None and (s[:n] != j).any():
        return "start: cards in the trick differ"
    pl = None if played is None else array(played, np.int8, n * max(0, 4 * t - j), True)
    if played is not None and pl is None:
        return "played"
    inputs = (c, o, ld, v, s)
    if not apart(p, *inputs, pl) or (pl is not None and not apart(pl, *inputs, p)):
        return "an output shares memory"
    c, o, ld = c.reshape(n, 16).astype(int), o.reshape(n, 4), ld.astype(int)
    if not n:
        return None
    seat = np.arange(4)[None, :]
    in_trick = ((seat - ld[:, None]) & 3) < j
    fault = first_fault(
        (((c >= 0) & (c < NCODES)).all(), "a code"),
        ((np.sort(o, axis=1) == np.arange(4)).all(), "order"),
        (((ld >= 0) & (ld < 4)).all(), "leader"),
        (v is None or ((v >= 0) & (v < 16)).all(), "voids"))
    if fault:
        return fault
    if s is not None:
        led, suit, rank, win, got = (s.reshape(6, n)[k].astype(int) for k in range(1, 6))
        if not (1 <= j <= 3 and ((led >= 0) & (led < 4)).all() and ((suit == led) | (
                suit == 0)).all() and ((rank >= 0) & (rank < 5)).all()
                and ((win >= 0) & (win < 4)).all() and (((win - ld) & 3) < j).all()
                and ((got >= 0) & (got <= j)).all()):
            return "start"
    digits = (c[:, :, None] // W) % 5  # (n, seat * 4 + suit, rank)
    if (digits.reshape(n, 4, 4, 5).sum(axis=1) > 4).any():
        return "a card more than four times"
    held = digits.sum(axis=2).reshape(n, 4, 4).sum(axis=2)
    return None if (held == t - in_trick).all() else "hands of different sizes"


# _play.deal, unseen_hands, swap --------------------------------------------------------------

def make_deal(rng: np.random.Generator) -> list:
    rough = rng.random() < ROUGH  # as many rows or blocks as the arrays say, past four
    n, rows = int(rng.integers(0, 5)), int(rng.integers(1, 9 if rough else 5))
    deck = list(rng.permutation(PHYSICAL))
    held = np.zeros((rows, CARDS), dtype=np.int64)
    for r in range(rows):
        for card in (deck.pop() for _ in range(min(int(rng.integers(0, 21)), len(deck)))):
            held[r, card // 4] += 1
    # the unseen copies: some of those left (a physical card's number is 4 * kind + copy)
    used = held.sum(axis=0)
    left = [4 * k + c for k in range(CARDS) for c in range(int(used[k]), 4)]
    unseen = np.array(sorted(rng.choice(left, int(rng.integers(0, len(left) + 1)),
                                        replace=False)), dtype=np.int64).reshape(-1)
    u = len(unseen)
    blocks = int(rng.choice([0, 5, 80, 81, 5000]) if rough else rng.integers(0, 5))
    cuts = np.sort(rng.integers(0, u + 1, blocks))
    sizes = np.diff(np.concatenate([[0], cuts])).astype(np.int64)
    seats = rng.integers(0, rows, blocks).astype(np.int64)
    out = np.zeros((n, rows, CARDS), dtype=np.int64 if rng.random() < 0.5 else np.int8)
    return [rng.random((n, PHYSICAL)), unseen, unseen // 4, seats, sizes, held, out]


def refused_deal(keys, unseen, kinds, seats, sizes, held, out) -> str | None:
    k, un = array(keys, np.float64), array(unseen, np.int64)
    if k is None or un is None or k.size % PHYSICAL:
        return "keys or unseen"
    n, u = k.size // PHYSICAL, un.size
    ki, se = array(kinds, np.int64, u), array(seats, np.int64)
    si, he = (array(sizes, np.int64, se.size) if se is not None else None), array(held, np.int64)
    if ki is None or se is None or si is None or he is None or he.size % CARDS:
        return "a buffer"
    rows = he.size // CARDS
    if se.size > 4 or not 1 <= rows <= 4:
        return "blocks or rows"
    o = array(out, np.int64, n * rows * CARDS, True)
    o = array(out, np.int8, n * rows * CARDS, True) if o is None else o
    if o is None or not apart(o, k, un, ki, se, si, he):
        return "out"
    copies = np.bincount(un // 4, minlength=CARDS) if u <= PHYSICAL and (
        (un >= 0) & (un < PHYSICAL)).all() else None
    return first_fault(
        (copies is not None, "unseen"),
        (len(set(un.tolist())) == u, "an unseen card twice"),
        ((ki == un // 4).all(), "kinds"),
        (((he >= 0) & (he <= 4)).all(), "held"),
        (copies is not None and (copies + he.reshape(rows, CARDS).sum(axis=0) <= 4).all(),
         "a kind more than four times"),
        (((se >= 0) & (se < rows)).all(), "seats"),
        (((si >= 0) & (si <= u)).all() and si.sum() <= u, "sizes"),
        (u > PHYSICAL or is_key(k.reshape(n, PHYSICAL)[:, un.clip(0, PHYSICAL - 1)]).all(),
         "keys"))


def make_unseen_hands(rng: np.random.Generator) -> list:
    n, m = int(rng.integers(0, 4)), int(rng.integers(0, 4))
    hands = np.array([np.bincount(rng.permutation(DECK)[:int(rng.integers(0, 61))],
                                  minlength=CARDS) for _ in range(n)], dtype=np.int64)
    hands = hands.reshape(n, CARDS)
    most = PHYSICAL - int(hands.sum(axis=1).max(initial=0))
    if rng.random() < ROUGH:  # more cards than a hand has not seen
        most = PHYSICAL
    return [rng.random((m, PHYSICAL)), hands, int(rng.integers(0, most + 1)),
            np.zeros((n, m, CARDS), dtype=np.int64)]


def refused_unseen_hands(keys, hands, size, out) -> str | None:
    s, k, h = whole(size, 0, PHYSICAL), array(keys, np.float64), array(hands, np.int64)
    if s is None or k is None or h is None or k.size % PHYSICAL or h.size % CARDS:
        return "size, keys or hands"
    n, m = h.size // CARDS, k.size // PHYSICAL
    o = array(out, np.int64, n * m * CARDS, True)
    return first_fault(
        (o is not None and apart(o, k, h), "out"),
        (is_key(k).all(), "keys"),
        (((h >= 0) & (h <= 4)).all(), "hands"),
        (((h >= 0) & (h <= 4)).all() and (PHYSICAL - h.reshape(n, CARDS).sum(axis=1) >= s).all(),
         "size"))


def make_swap(rng: np.random.Generator) -> list:
    n = int(rng.integers(0, 5))
    deals = np.array([np.bincount(rng.permutation(DECK).reshape(4, 20)[s], minlength=CARDS)
                      for _ in range(n) for s in range(4)], dtype=np.int64).reshape(n, 4, CARDS)
    a = rng.integers(0, 4, n)
    b = (a + rng.integers(1, 4, n)) % 4
    return [deals, a.astype(np.int64), b.astype(np.int64), rng.random(n), rng.random(n),
            np.zeros((n, 4, CARDS), dtype=np.int64)]


def refused_swap(deals, a, b, at_a, at_b, out) -> str | None:
    d = array(deals, np.int64)
    if d is None or d.size % (4 * CARDS):
        return "deals"
    n = d.size // (4 * CARDS)
    x, y = array(a, np.int64, n), array(b, np.int64, n)
    pa, pb = array(at_a, np.float64, n), array(at_b, np.float64, n)
    o = array(out, np.int64, 4 * CARDS * n, True)
    if x is None or y is None or pa is None or pb is None or o is None:
        return "a buffer"
    if not apart(o, d, x, y, pa, pb):
        return "out"
    d = d.reshape(n, 4, CARDS)
    if not (((d >= 0) & (d <= 4)).all() and ((x >= 0) & (x < 4)).all()
            and ((y >= 0) & (y < 4)).all() and is_key(pa).all() and is_key(pb).all()):
        return "a value"
    rows = np.arange(n)
    ok = (x != y) & (d[rows, x % 4].sum(axis=1) > 0) & (d[rows, y % 4].sum(axis=1) > 0)
    return None if ok.all() else "a swap not between two seats holding cards"


#: The kinds of argument: "in"/"out" an array read or written, "int" a whole number, "flag",
#: "obj" an objective, "parts", "tables" and "written" the tuples objective takes, "path".
SPECS = {
    "play": Spec(PLAY, "play", make_play, ("in", "in", "in", "int", "out", "out", "in", "in"),
                 refused_play),
    "deal": Spec(PLAY, "deal", make_deal, ("in",) * 6 + ("out",), refused_deal),
    "unseen_hands": Spec(PLAY, "unseen_hands", make_unseen_hands, ("in", "in", "int", "out"),
                         refused_unseen_hands),
    "swap": Spec(PLAY, "swap", make_swap, ("in",) * 5 + ("out",), refused_swap),
    "blas": Spec(GREEDY, "blas", make_blas, ("path",), refused_blas),
    "dots": Spec(GREEDY, "dots", make_dots, ("in", "in", "out"), refused_dots),
    "objective": Spec(GREEDY, "objective", make_objective,
                      ("in", "parts", "tables", "tables", "in", "written", "written"),
                      refused_objective),
    "pick": Spec(GREEDY, "pick", make_pick, ("obj", "in", "out", "in", "in", "flag"),
                 refused_pick),
    "choose": Spec(GREEDY, "choose", make_choose, ("obj", "in", "in", "int", "int", "out"),
                   refused_choose),
    "choose_blind": Spec(GREEDY, "choose_blind", make_choose_blind,
                         ("obj", "in", "in", "int", "int", "int", "out"), refused_choose_blind),
    "score": Spec(GREEDY, "score", make_score, ("obj", "in", "in", "out"), refused_score),
    "added": Spec(GREEDY, "added", make_added, ("obj", "in", "in", "out"), refused_added),
    "points": Spec(MELD, "points", make_points, ("in",) * 4 + ("out",), refused_points),
    "best": Spec(MELD, "best", make_best, ("in",) * 4 + ("flag", "in", "out"), refused_best),
}
#: The makers that make an objective first (they take the extension).
_WITH_GREEDY = {"pick", "choose", "choose_blind", "score", "added"}


# hostile changes ----------------------------------------------------------------------------

INTS = [2**32, 2**63, 2**64, -1, -2**63 - 1, 10**30, 2**31, -2**31 - 1, True, 3.0, None, "3",
        [1], np.int64(5), np.uint64(2**63), np.float64(2.0), 0, 1, 4, 20, 80, 81, 10_000, 10_001]
VALUES = [-1, 0, 1, 3, 4, 5, 15, 16, 19, 20, 21, 79, 80, 3124, 3125, 2**15 - 1, -2**15,
          2**31 - 1, 2**62, -2**63]
FLOATS = [np.nan, np.inf, -np.inf, 1.0, -0.0, np.nextafter(1.0, 0.0), 1e300, -1e-300, 0.5]
DTYPES = [np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64, np.float32, np.float64,
          np.bool_]


class Odd:
    """An argument whose truth and index raise (a flag or a whole number that is no such)."""

    def __bool__(self):
        raise TypeError("no truth")

    def __index__(self):
        raise OverflowError("no index")


def _hostile_array(rng: np.random.Generator, x: object, others: list) -> tuple[object, str]:
    a = x if isinstance(x, np.ndarray) else None
    how = int(rng.integers(0, 15))
    if a is None or how == 0:
        return [None, 3, "abc", b"\x00" * 8, [[1, 2]], Odd()][int(rng.integers(0, 6))], "no array"
    if how == 1:
        return a.tolist(), "a list"
    if how == 2:
        dtype = DTYPES[int(rng.integers(0, len(DTYPES)))]
        return a.astype(dtype), f"as {np.dtype(dtype)}"
    if how == 3:
        twice = np.repeat(a.reshape(-1), 2)
        return twice[::2].reshape(a.shape), "strided"
    if how == 4 and a.ndim >= 2:
        return np.asfortranarray(a), "Fortran order"
    if how == 5:
        out = a.copy()
        out.flags.writeable = False
        return out, "read-only"
    if how == 6:
        flat = a.reshape(-1)
        size = [0, max(flat.size - 1, 0), flat.size + 1, flat.size + CARDS, 5000][
            int(rng.integers(0, 5))]
        return np.resize(flat, size).astype(a.dtype), f"{size} items"
    if how == 7:
        return bytes(a.tobytes()), "bytes"
    if how == 8:
        return a.astype(a.dtype.newbyteorder()), "byte-swapped"
    if how in (9, 10, 11) and a.size:
        out = a.copy()
        flat = out.reshape(-1)
        at = int(rng.integers(0, flat.size))
        if a.dtype.kind == "f":
            flat[at] = FLOATS[int(rng.integers(0, len(FLOATS)))]
        elif a.dtype.kind == "b":
            flat[at] = not flat[at]
        else:
            info = np.iinfo(a.dtype)
            flat[at] = int(np.clip(VALUES[int(rng.integers(0, len(VALUES)))], info.min,
                                   info.max))
        return out, f"item {at} {flat[at]}"
    if how == 12 and a.size > 1:
        out = a.copy()
        flat = out.reshape(-1)
        flat[int(rng.integers(1, flat.size))] = flat[0]
        return out, "an item twice"
    if how == 13:
        same = [o for o in others if isinstance(o, np.ndarray) and o is not x]
        if same:
            other = same[int(rng.integers(0, len(same)))]
            try:
                view = other.reshape(-1).view(a.dtype)[:a.size].reshape(a.shape)
                return view, "a view of another argument"
            except ValueError:
                pass
    return np.zeros(0, dtype=a.dtype), "empty"


def _hostile_tuple(rng: np.random.Generator, seq: tuple, kind: str) -> tuple[object, str]:
    how = int(rng.integers(0, 7))
    if how == 0:
        return list(seq), "a list"
    if how == 1:
        return seq[:-1], "a part short"
    if how == 2:
        return seq + seq[:1], "a part more"
    if how == 3:
        return None, "None"
    i = int(rng.integers(0, len(seq)))
    item = seq[i]
    if kind == "parts":
        cards = list(item) if isinstance(item, tuple) else [0]
        choice = [cards[0], CARDS, -1, 2**70, "x", 3.0, None, np.int64(7)][
            int(rng.integers(0, 8))]
        changed = tuple(cards + [choice]) if how == 4 else tuple([choice] + cards[1:])
        return seq[:i] + (changed,) + seq[i + 1:], f"part {i} {changed}"
    if how == 4 and len(seq) > 1:
        return seq[:i] + (seq[(i + 1) % len(seq)],) + seq[i + 1:], f"table {i} shared"
    new, why = _hostile_array(rng, item, list(seq))
    return seq[:i] + (new,) + seq[i + 1:], f"table {i}: {why}"


def case(spec: Spec, seed: int, index: int, greedy: object = None) -> tuple[list, list[str]]:
    """The arguments of case ``index`` of ``spec`` (seeded), and the changes made to them."""
    rng = np.random.default_rng([seed, sum(map(ord, spec.name)), index])
    args = spec.make(greedy, rng) if spec.name in _WITH_GREEDY else spec.make(rng)
    changes = []
    for _ in range(int(rng.choice([0, 1, 1, 1, 2, 3]))):
        at = int(rng.integers(0, len(args)))
        kind = spec.kinds[at]
        if kind == "int":
            new, why = INTS[int(rng.integers(0, len(INTS)))], "int"
            why = f"{why} {new!r}"
        elif kind == "flag":
            new, why = [np.array([1, 2]), Odd(), None, 0][int(rng.integers(0, 4))], "flag"
        elif kind == "obj":
            other = getattr(umath(), "_ARRAY_API", None)  # a capsule of another name
            new = [None, 3, other, np.zeros(3), ctypes.pythonapi][int(rng.integers(0, 5))]
            why = f"objective {type(new).__name__}"
        elif kind == "path":
            new = [None, b"/x", 3, "a\0b", "", "/nonexistent/lib.so", "libc.so.6",
                   umath_path()][int(rng.integers(0, 8))]
            why = f"path {new!r}"
        elif kind in ("parts", "tables", "written") and isinstance(args[at], tuple) \
                and args[at]:
            new, why = _hostile_tuple(rng, args[at], kind)
        else:
            new, why = _hostile_array(rng, args[at], args)
        args[at] = new
        changes.append(f"argument {at}: {why}")
    return args, changes


def known(greedy: object) -> list[tuple[str, list]]:
    """The arguments that crashed the entry points before they checked them (issue 31): deal
    with more rows than seats and with thousands of blocks, an objective with a card twice in
    its parts, play-outs of empty hands, a trick count past C's int; and a deal of one unseen
    card twice (its kind still under four copies); each must be refused."""
    rng = np.random.default_rng(31)
    deal, play_args = make_deal(rng), make_play(rng)
    many_rows = deal[:5] + [np.zeros((6, CARDS), dtype=np.int64),
                            np.zeros((len(deal[0]), 6, CARDS), dtype=np.int64)]
    many_blocks = deal[:3] + [np.zeros(5000, dtype=np.int64)] * 2 + deal[5:]
    objective = make_objective(rng, False, False)
    objective[1] = ((0, 0, 0, 0, 0),) * 16
    objective[2] = objective[3] = (np.zeros(3125),) * 16
    empty = [np.zeros((1, 16), dtype=np.int16), np.array([[0, 1, 2, 3]], dtype=np.int16),
             np.zeros(1, dtype=np.int16), 20, np.zeros((1, 2), dtype=np.int64), None, None,
             None]
    card_twice = [rng.random((1, PHYSICAL)), np.array([5, 5], dtype=np.int64),
                  np.array([1, 1], dtype=np.int64), np.zeros(1, dtype=np.int64),
                  np.array([2], dtype=np.int64), np.zeros((1, CARDS), dtype=np.int64),
                  np.zeros((1, 1, CARDS), dtype=np.int64)]
    assert refused_deal(*card_twice) == "an unseen card twice"
    return [("deal", many_rows), ("deal", many_blocks), ("objective", objective),
            ("play", empty), ("play", play_args[:3] + [2**32] + play_args[4:]),
            ("deal", card_twice)]


def run(seed: int, count: int, names: list[str]) -> int:
    """Play ``count`` cases of each named entry point: 0, or 1 where a call did otherwise than
    its rule says (each said as ``wrong ...``)."""
    greedy = import_module(GREEDY)
    greedy.blas(umath_path())
    wrong = 0
    for name in names:
        spec = SPECS[name]
        fn = getattr(import_module(spec.module), spec.name)
        took = 0
        for i in range(count):
            args, changes = case(spec, seed, i, greedy)
            why = spec.refused(*args)
            print(f"case {name} {i}", flush=True)
            try:
                fn(*args)
                outcome = None
            except (TypeError, ValueError) as e:
                outcome = e
            except BaseException as e:  # noqa: BLE001 (what else it raised is the finding)
                outcome = e
                why = why or "taken"
                print(f"wrong {name} {i}: raised {type(e).__name__}: {e} ({changes})",
                      flush=True)
                wrong += 1
                continue
            took += outcome is None
            if (outcome is None) != (why is None):
                said = "took them" if outcome is None else \
                    f"refused them ({type(outcome).__name__}: {outcome})"
                print(f"wrong {name} {i}: {said}, where the rule says"
                      f" {'take them' if why is None else 'refuse them: ' + why} ({changes})",
                      flush=True)
                wrong += 1
        print(f"took {name} {took} of {count}", flush=True)
    for i, (name, args) in enumerate(known(greedy)):
        if name not in names:
            continue
        print(f"case known {i}", flush=True)
        try:
            getattr(import_module(SPECS[name].module), name)(*args)
        except (TypeError, ValueError):
            continue
        print(f"wrong known {i}: {name} took them", flush=True)
        wrong += 1
    return 1 if wrong else 0


if __name__ == "__main__":
    import faulthandler

    faulthandler.enable()
    sys.exit(run(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]))
