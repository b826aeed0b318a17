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
"""

from __future__ import annotations

import os
from importlib import import_module
from types import ModuleType

#: The switch: set (to anything but 0 or nothing), the package runs its numpy code alone.
PURE = "PINOCHLE_CALC_PURE"
#: The extensions, as ``setup.py`` lists them.
MODULES = ("pinochle_calc.play._play", "pinochle_calc.exchange._greedy",
           "pinochle_calc.meld._meld", "pinochle_calc.play._solver")


def pure() -> bool:
    """Whether ``PINOCHLE_CALC_PURE`` asks for the numpy code alone."""
    return os.environ.get(PURE, "") not in ("", "0")


def load(name: str) -> ModuleType | None:
    """The extension ``name`` (one of ``MODULES``), or None where it was not built or
    ``PINOCHLE_CALC_PURE`` is set: the caller then runs its numpy code."""
    if pure():
        return None
    try:
        return import_module(name)
    except ImportError:
        return None


__all__ = ["PURE", "MODULES", "pure", "load"]
