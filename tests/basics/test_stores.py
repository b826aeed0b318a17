"""Bounded stores (``pinochle_calc.stores``): a store against a plain dict that forgets nothing,
the blind passes of a long match with the store full (the match that stopped with a
``KeyError``), and every store of the package filled, every bound shrunk to a few entries
(``store_workloads.py``), under every kind of card exchange: the answers are those of the
stores at full size."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from store_workloads import EXCHANGES, dealt

import pinochle_calc
from pinochle_calc import stores
from pinochle_calc.stores import Store, kept

PACKAGE = Path(pinochle_calc.__file__).resolve().parent


@pytest.fixture
def tiny(monkeypatch):
    """Every store emptied before and after the test, which may hold them to ``stores.CAP``."""
    stores.clear_all()
    yield monkeypatch
    stores.clear_all()


# One store against a plain dict ---------------------------------------------------------------

ops = st.lists(st.tuples(st.sampled_from(["get", "set", "lookup"]),
                         st.lists(st.integers(0, 12), min_size=1, max_size=6)), max_size=60)


@given(st.integers(2, 7), ops)
def test_a_store_answers_as_a_dict_that_forgets_nothing_and_keeps_to_its_bound(bound, steps):
    store: Store[int, str] = Store("test", bound)
    made: list[int] = []
    for op, keys in steps:
        if op == "get":
            got = store.get(keys[0])
            assert got is None or got == f"v{keys[0]}"
        elif op == "set":
            store[keys[0]] = f"v{keys[0]}"
            assert store.get(keys[0]) == f"v{keys[0]}"  # what was just kept is there
        else:
            before = [k for k in dict.fromkeys(keys) if k not in store]

            def make(missing: list[int]) -> list[str]:
                made.extend(missing)
                return [f"v{k}" for k in missing]

            start = len(made)
            assert store.lookup(keys, make) == [f"v{k}" for k in keys]
            assert made[start:] == before  # each key missing made once, in order
        assert len(store) <= bound
        assert len(store._new) <= max(1, bound // 2)


def test_a_store_forgets_the_least_recently_used_first():
    store: Store[str, int] = Store("test", 4)
    store["a"], store["b"] = 1, 2  # a generation of two: a, b
    store["c"] = 3  # a, b the older generation; c the newer
    assert store.get("a") == 1  # used again: moved to the newer generation (c, a)
    store["d"] = 4  # c, a older; d newer: b, unused longest, is gone
    assert "b" not in store and [store.get(k) for k in "acd"] == [1, 3, 4]
    assert store.turnovers == 3


@pytest.mark.parametrize("bound", [4, 6, 10])
def test_a_lookup_makes_what_it_found_the_most_recently_used_as_get_does(bound):
    """What ``lookup`` finds is used again, as what ``get`` finds is: on the same sequence of
    inserts and uses, a store used through ``lookup`` keeps exactly the keys of one used
    through ``get``, and a key used just before ``bound // 2`` new keys arrive is still there."""
    by_get: Store[int, int] = Store("test", bound)
    by_lookup: Store[int, int] = Store("test", bound)
    rng = random.Random(bound)
    for step in range(400):
        if rng.random() < 0.5:
            key = rng.randrange(3 * bound)
            got = by_get.get(key)
            if got is None:
                by_get[key] = key
            assert by_lookup.lookup([key], lambda missing: list(missing)) == [key]
        else:
            key = 1000 + step  # a new key
            by_get[key] = by_lookup[key] = key
        assert [k for k in range(3 * bound) if k in by_get] == \
            [k for k in range(3 * bound) if k in by_lookup]
    store: Store[int, int] = Store("test", bound)
    for k in range(bound):
        store[k] = k
    assert store.lookup([0], lambda missing: [-1]) == [0]  # found in the older generation
    for k in range(bound // 2):
        store[100 + k] = k
    assert 0 in store


def test_a_lookup_holds_every_value_it_found_however_small_the_store():
    store: Store[int, int] = Store("test", 2)
    for k in range(3):
        store[k] = k * 10
    keys = [0, 1, 2, 3, 4, 5, 1, 2]  # some kept, more missing than the store holds
    assert store.lookup(keys, lambda missing: [k * 10 for k in missing]) == [
        k * 10 for k in keys]


def test_a_bound_below_two_is_refused():
    for bad in (1, 0, -3, 2.5, True, "8"):
        with pytest.raises(ValueError, match="at least 2"):
            Store("test", bad)  # type: ignore[arg-type]


def test_a_store_that_makes_the_wrong_number_of_values_says_so():
    store: Store[int, int] = Store("test", 8)
    with pytest.raises(ValueError, match="1 values made for 2 keys"):
        store.lookup([1, 2], lambda missing: [0])


def test_a_kept_function_answers_as_the_function_within_its_bound_and_the_cap(tiny):
    calls = []
    tiny.setattr(stores, "KEPT", [])

    def square(x, y=0):
        calls.append((x, y))
        return x * x + y

    wide = kept(4)(square)
    assert [wide(3), wide(3), wide(3, y=1), wide(3, 1)] == [9, 9, 10, 10]
    assert calls == [(3, 0), (3, 1), (3, 1)]  # f(3, 1) and f(3, y=1) are kept apart
    tiny.setattr(stores, "CAP", 2)  # read where a function is decorated
    narrow = kept(4)(square)
    assert [narrow(k % 5) for k in range(40)] == [(k % 5) ** 2 for k in range(40)]
    assert narrow.cache_info().maxsize == 2 and stores.KEPT == [wide, narrow]
    with pytest.raises(ValueError, match="at least 2"):
        kept(1)


def test_every_cache_of_the_package_is_a_store():
    """No ``functools.lru_cache`` or ``functools.cache``, which a test cannot shrink: every
    function that keeps its answers keeps them in a store (bounded, and filled below)."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "functools":
                names = {a.name for a in node.names}
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (
                    node.value.id == "functools"):
                names = {node.attr}
            else:
                continue
            if names & {"lru_cache", "cache"} and path.name != "stores.py":
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []


# The blind passes of a long match --------------------------------------------------------------


def test_blind_passes_are_right_when_the_store_is_full_with_rows_found_and_rows_new(tiny):
    """The store holds two passes while a call asks for 12 hands, some kept from the call
    before: each pass is the one a bidder passing alone would make (the numpy path, hand by
    hand: ``_bidder_pass_one``), and the same as with the store at full size."""
    from pinochle_calc.exchange import policy
    from pinochle_calc.rules import STANDARD

    rules = STANDARD.with_options(pass_cards=4)
    hands = dealt(16, 41)
    full = policy.bidder_pass(hands, 1, 4, rules)
    tiny.setattr(stores, "CAP", 2)
    stores.clear_all()
    first = policy.bidder_pass(hands[:6], 1, 4, rules)
    second = policy.bidder_pass(hands[4:], 1, 4, rules)  # rows 4 and 5 were just kept
    assert np.array_equal(np.concatenate([first, second[2:]]), full)
    for hand, chosen in zip(hands, full):
        alone = policy._bidder_pass_one(tuple(hand.tolist()), 1, 4, rules, None, None,
                                        policy.POLICY)
        assert np.array_equal(chosen, alone)


# Every store filled, under every kind of exchange ------------------------------------------------

WORKLOADS = Path(__file__).with_name("store_workloads.py")
#: Stores of functions of at most two answers (one without arguments; a yes or no), which two
#: entries always hold.
FEW_ANSWERS = {"pinochle_calc.exchange.policy._incoming_keys",
               "pinochle_calc.exchange.tables._load", "pinochle_calc.exchange.hints._worthy_suits"}


@pytest.fixture(scope="module")
def filled() -> dict:
    """``store_workloads.py`` run with the stores at full size and with every store held to 2
    and to 5 entries (generations of one and of two), the three at once."""
    import json
    import os
    import subprocess
    import sys

    runs = {}
    for cap in ("", "2", "5"):
        env = {**os.environ, stores.CAP_VARIABLE: cap}
        runs[cap] = subprocess.Popen([sys.executable, str(WORKLOADS)], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = {}
    for cap, run in runs.items():
        stdout, stderr = run.communicate(timeout=600)
        assert run.returncode == 0, stderr[-2000:]
        out[cap] = json.loads(stdout)
    return out


@pytest.mark.parametrize("cap", ["2", "5"])
@pytest.mark.parametrize("name", [*EXCHANGES, "other"])
def test_answers_with_every_store_shrunk_are_those_with_the_stores_at_full_size(filled, cap,
                                                                                name):
    assert filled[cap]["answers"][name] == filled[""]["answers"][name]


def test_the_workloads_fill_every_store_of_the_package(filled):
    """Every store the package makes was met, and each (but those of few answers) overflowed
    when shrunk to two entries: the shrunk runs went through every store's forgetting (and
    none at full size, where the answers were worked out once)."""
    import importlib
    import pkgutil

    for info in pkgutil.walk_packages(pinochle_calc.__path__, "pinochle_calc."):
        if not info.name.startswith(("pinochle_calc.cli", "pinochle_calc.__main__")):
            importlib.import_module(info.name)
    made = {s.name for s in stores.STORES.values()} | {
        f"{f.__module__}.{f.__qualname__}" for f in stores.KEPT} | {
        "pinochle_calc.meld.engine.MeldTables._solved",
        "pinochle_calc.meld.report.JsonLines._encoded",
        "pinochle_calc.play.search.PySolver.table"}
    shrunk, full = filled["2"]["overflowed"], filled[""]["overflowed"]
    assert sorted(made - set(shrunk)) == []
    assert sorted(n for n in made - FEW_ANSWERS if not shrunk[n]) == []
    assert sorted(n for n in made if full[n]) == []
