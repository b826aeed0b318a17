"""Bounded stores: the one way the package keeps work it may be asked for again.

Two kinds, each bounded and forgetting first what has gone unused longest:

- ``kept(bound)`` decorates a function whose answers are kept by its arguments:
  ``functools.lru_cache`` of at most ``bound`` answers (a lookup at C speed, safe between
  threads), listed in ``KEPT``;
- a ``Store`` keeps values by key for code that looks up many keys at once (``lookup``: the
  values of every key, those missing worked out in one call) or keys of its own objects. Its
  entries live in two generations: a value found is moved to the newer one, and when the newer
  one holds ``bound // 2`` entries it becomes the older one and the older one is dropped (a
  lookup costs two dict reads, and threads sharing a store never see a wrong value, at worst
  one forgotten). ``lookup`` holds every value it found or made in a list of its own, so that
  nothing a call found can be forgotten before it is used, however full the store.

``PINOCHLE_CALC_STORE_CAP`` (a whole number of at least 2, read at import) holds every bound to
at most that many entries: the tests run the package so, to fill every store, and check that
the answers do not change (``tests/basics/test_stores.py``).
"""

from __future__ import annotations

import functools
import os
import weakref
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])

#: The environment variable that holds every store to a few entries (for tests).
CAP_VARIABLE = "PINOCHLE_CALC_STORE_CAP"


def _cap() -> int | None:
    text = os.environ.get(CAP_VARIABLE, "").strip()
    return int(text) if text.isdigit() and int(text) >= 2 else None


#: The largest bound any store takes, whatever its own (None: each its own).
CAP: int | None = _cap()
#: Every function decorated with ``kept``.
KEPT: list[Callable[..., Any]] = []
#: Every store alive, by its id.
STORES: weakref.WeakValueDictionary[int, Store] = weakref.WeakValueDictionary()
_MISSING = object()


def kept(bound: int) -> Callable[[F], F]:
    """A decorator: the function's answers kept by its arguments (hashable), at most
    ``bound`` of them (``CAP`` if smaller), the least recently used forgotten first
    (``functools.lru_cache``: ``cache_info()``, ``cache_clear()``)."""
    _check_bound(bound)

    def wrap(function: F) -> F:
        cached = functools.lru_cache(maxsize=bound if CAP is None else min(bound, CAP))(
            function)
        KEPT.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def _check_bound(bound: int) -> None:
    if isinstance(bound, bool) or not isinstance(bound, int) or bound < 2:
        raise ValueError(f"a store's bound is a whole number of at least 2, not {bound!r}")


class Store(Generic[K, V]):
    """At most ``bound`` values by key (at least 2), the least recently used forgotten first
    (module docstring). ``name`` says whose it is; ``turnovers`` counts the times a generation
    was dropped (a store that has been full)."""

    def __init__(self, name: str, bound: int):
        _check_bound(bound)
        self.name, self.bound = name, bound
        self.turnovers = 0
        self._new: dict[K, V] = {}
        self._old: dict[K, V] = {}
        STORES[id(self)] = self

    def get(self, key: K, default: Any = None) -> Any:
        """The value kept for ``key`` (made the most recently used), or ``default``."""
        found: Any = self._new.get(key, _MISSING)
        if found is _MISSING:
            found = self._old.get(key, _MISSING)
            if found is _MISSING:
                return default
            self[key] = found
        return found

    def __setitem__(self, key: K, value: V) -> None:
        bound = self.bound if CAP is None else min(self.bound, CAP)
        if key not in self._new and len(self._new) >= max(1, bound // 2):
            self._old, self._new = self._new, {}
            self.turnovers += 1
        self._new[key] = value

    def __contains__(self, key: object) -> bool:
        return key in self._new or key in self._old

    def __len__(self) -> int:
        return len(self._new) + len(self._old)

    def clear(self) -> None:
        """Forget every value."""
        self._new, self._old = {}, {}

    def lookup(self, keys: Sequence[K], make: Callable[[list[K]], Iterable[V]]) -> list[V]:
        """The value of each of ``keys``, in order: those kept, and for the others (each
        once) ``make(missing)``'s values, one per missing key in order, which are kept too.
        Every value is held here until returned, however small the store."""
        new = self._new.get
        out: list[Any] = [new(key, _MISSING) for key in keys]
        absent = [i for i, value in enumerate(out) if value is _MISSING]
        if not absent:
            return out
        old = self._old.get
        for i in absent:  # the older generation's, then made the most recently used
            out[i] = old(keys[i], _MISSING)
        for i in absent:
            if out[i] is not _MISSING:
                self[keys[i]] = out[i]
        missing = list(dict.fromkeys(keys[i] for i in absent if out[i] is _MISSING))
        if missing:
            made = list(make(missing))
            if len(made) != len(missing):
                raise ValueError(f"{self.name}: {len(made)} values made for"
                                 f" {len(missing)} keys")
            found = dict(zip(missing, made))
            for key, value in found.items():
                self[key] = value
            for i in absent:
                if out[i] is _MISSING:
                    out[i] = found[keys[i]]
        return out

    def __repr__(self) -> str:
        return f"Store({self.name!r}, bound={self.bound}, kept={len(self)})"


def clear_all() -> None:
    """Forget every kept answer and every store's values (a test's fresh start)."""
    for function in KEPT:
        function.cache_clear()  # type: ignore[attr-defined]
    for store in list(STORES.values()):
        store.clear()


__all__ = ["Store", "kept", "clear_all", "CAP", "CAP_VARIABLE", "KEPT", "STORES"]
