"""What the compiled entry points take, shared by the fuzz's cases (``native_cases``,
``native_greedy``): the sizes, ``Spec``, and the readings of an argument as the C reads it."""

from __future__ import annotations

import operator
from collections.abc import Callable

import numpy as np

CARDS, PHYSICAL, NCODES = 20, 80, 3125
#: How often a maker makes arguments consistent in shape but not in what they hold (more rows
#: or blocks than seats, tricks that are not the cards held, a card twice in a part, ...).
ROUGH = 0.2
W = np.array([1, 5, 25, 125, 625])
DECK = np.repeat(np.arange(CARDS), 4)


class Spec:
    """An entry point: its module and name, a maker of valid arguments (``make(rng)``: the
    argument list), the kind of each argument (for the hostile changes) and ``refused(args)``:
    why it must refuse them (a phrase), or None where it must take them."""

    def __init__(self, module: str, name: str, make: Callable, kinds: tuple[str, ...],
                 refused: Callable):
        self.module, self.name, self.make, self.kinds, self.refused = \
            module, name, make, kinds, refused


# what an entry point takes ------------------------------------------------------------------

def array(x: object, dtype: object, count: int = -1, writable: bool = False) -> np.ndarray | None:
    """``x`` as the flat numpy array an entry point reads, or None where it must refuse it: not
    a buffer, not C-contiguous, not of exactly that element type in the machine's byte order,
    read-only where it is written, or of another number of items (``count`` >= 0)."""
    try:
        view = memoryview(x)  # the buffer protocol, as the C asks it
    except TypeError:
        return None
    if not view.c_contiguous or (writable and view.readonly):
        return None
    try:
        out = np.asarray(view)
    except (ValueError, TypeError, NotImplementedError):
        return None
    if out.dtype != np.dtype(dtype) or not out.dtype.isnative:
        return None
    out = out.reshape(-1)
    return None if count >= 0 and out.size != count else out


def whole(x: object, lo: int, hi: int) -> int | None:
    """``x`` as a whole-number argument (``__index__``) from ``lo`` to ``hi``, or None."""
    try:
        value = operator.index(x)
    except TypeError:
        return None
    return value if lo <= value <= hi else None


def truth(x: object) -> bool:
    """Whether ``x`` has a truth value (a flag argument)."""
    try:
        bool(x)
    except Exception:
        return False
    return True


def apart(written: np.ndarray, *others: np.ndarray | None) -> bool:
    """Whether an output shares no memory with any other argument."""
    return not any(o is not None and np.shares_memory(written, o) for o in others)


def is_key(x: np.ndarray) -> np.ndarray:
    return (x >= 0) & (x < 1)


def first_fault(*checks: tuple[bool, str]) -> str | None:
    """The first phrase whose check fails, or None."""
    return next((why for ok, why in checks if not ok), None)

PLAY, GREEDY, MELD = "pinochle_calc.play._play", "pinochle_calc.exchange._greedy", \
    "pinochle_calc.meld._meld"
