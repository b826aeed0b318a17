"""The compiled hot loops, and the one switch between them and numpy.

Four C extensions (``setup.py`` builds them at ``pip install``) run the hottest loops: the
heuristic play-outs and the dealing (``play._play``, for ``play.lockstep``, ``play.dealer`` and
``play.conditions``), the exchange's greedy search (``exchange._greedy``, for
``exchange.policy``), the meld of many hands (``meld._meld``, for ``meld.vector``, which the
tests of conditioned deals and the exchange's hints read) and the double-dummy solver
(``play._solver``, for ``play.solver``). Each layer's numpy (or, for the solver, pure-Python:
``play.search``) code stays beside its extension: the oracle the tests compare the compiled code
with (the same cards played, the same points, the same exchange to the last bit, the same
values) and the path that runs where nothing was built. The environment variable
``PINOCHLE_CALC_PURE`` (set to anything but ``0``) makes the package use that code everywhere;
the test suite fails where the extensions are missing unless it is set
(``tests/test_compiled.py``).

Where no C compiler was at hand, ``pip install`` still installs the package (``setup.py``
builds the extensions as optional ones), and the first time a compiled loop is wanted and
missing, one line on stderr says that the slower code runs (``load``; not where
``PINOCHLE_CALC_PURE`` asks for it).

Each extension checks every argument it is handed (``_buffers.h``); the Python face of each
loop checks what its numpy code would not refuse alike (``whole_numbers``), so that both paths
refuse the same arguments with the same error class.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

from .errors import number_text

if TYPE_CHECKING:
    import numpy as np

#: The switch: set (to anything but 0 or nothing), the package runs its numpy code alone.
PURE = "PINOCHLE_CALC_PURE"
#: The extensions, as ``setup.py`` lists them.
MODULES = ("pinochle_calc.play._play", "pinochle_calc.exchange._greedy",
           "pinochle_calc.meld._meld", "pinochle_calc.play._solver")
#: The line said, once, where an extension is wanted and was not built.
MISSING = ("pinochle-calc: the compiled loops are not built (no C compiler when it was"
           " installed?): running the slower pure code (set PINOCHLE_CALC_PURE=1 to say so"
           " and not see this)")

_said = False


def pure() -> bool:
    """Whether ``PINOCHLE_CALC_PURE`` asks for the numpy code alone."""
    return os.environ.get(PURE, "") not in ("", "0")


def load(name: str) -> ModuleType | None:
    """The extension ``name`` (one of ``MODULES``), or None where it was not built or
    ``PINOCHLE_CALC_PURE`` is set: the caller then runs its numpy code. The first extension
    found missing (unless the switch is set) is said on stderr, once a process."""
    global _said
    if pure():
        return None
    try:
        return import_module(name)
    except ImportError:
        if not _said:
            _said = True
            print(MISSING, file=sys.stderr)
        return None


def whole_numbers(values: object, name: str, lo: int, hi: int,
                  dtype: type = int) -> np.ndarray:
    """``values`` as an array of ``dtype`` (int64 by default) whose every item is a whole
    number from ``lo`` to ``hi``: a ``TypeError`` where the items are not whole numbers (floats,
    strings, objects; an empty array of any type passes), a ``ValueError`` naming ``name``
    where one is out of range. The face of a compiled loop calls it on the arguments its numpy
    code would read out of range (or cast), so that both paths refuse them alike."""
    import numpy as np

    array = np.asarray(values)
    if array.dtype == object and array.size and all(type(x) is int for x in array.flat):
        bad = [x for x in array.flat if not lo <= x <= hi]  # whole numbers past int64
        if bad:
            raise ValueError(f"{name}: {lo} to {hi} wanted, not {number_text(bad[0])}")
        array = array.astype(np.int64)
    if array.dtype.kind not in "iu" and array.size:
        raise TypeError(f"{name}: whole numbers wanted, not {array.dtype} items")
    if array.size and (array.min() < lo or array.max() > hi):
        bad = array[(array < lo) | (array > hi)].flat[0]
        raise ValueError(f"{name}: {lo} to {hi} wanted, not {bad}")
    return array.astype(np.int64 if dtype is int else dtype, copy=False)


__all__ = ["PURE", "MODULES", "MISSING", "pure", "load", "whole_numbers"]
