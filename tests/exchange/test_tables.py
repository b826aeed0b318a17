"""The shipped meld-gain tables: each entry equals a fresh computation (a sample of them), the
file holds exactly the entries ``tables.shipped`` names, the policy reads them where they hold
its receivers and gives the same figures to the last bit, and works them out itself where they
do not (another rule set, a missing or broken file)."""

import random

import numpy as np
import pytest

from pinochle_calc.exchange import objective, policy, tables
from pinochle_calc.rules import PRESETS, STANDARD


def test_a_sample_of_the_shipped_entries_equals_a_fresh_computation():
    shipped = list(tables.shipped())
    for entry in random.Random(20).sample(shipped, 6):
        stored = tables.stored(*entry)
        assert stored is not None, tables.name(*entry)
        assert np.array_equal(stored, policy.gain_entry(*entry)), tables.name(*entry)


def test_the_file_holds_exactly_the_entries_named():
    assert set(tables._load()) == {tables.name(*entry) for entry in tables.shipped()}


def test_the_policy_reads_the_shipped_entry_and_gets_the_same_figures(monkeypatch):
    """Davis's game (any bid from 50, a four-card pass) has the standard meld: its tables are
    shipped. The policy's gains from them equal those it works out with no file at all."""
    davis = STANDARD.override("bidding.steps=any,passing.cards=4")
    key = (2, davis, None, True, tables.SAMPLES)
    assert tables.stored(*key, 5) is not None
    parts = policy.meld_parts(2)
    objective._part_gains.cache_clear()
    read = [objective._part_gains(part, 2, davis, key, 5) for part in parts]
    monkeypatch.setattr(tables, "_load", lambda: {})
    objective._part_gains.cache_clear()
    worked = [objective._part_gains(part, 2, davis, key, 5) for part in parts]
    objective._part_gains.cache_clear()
    for a, b in zip(read, worked):
        assert np.array_equal(a, b, equal_nan=True)
        assert np.isnan(a).any() and not np.isnan(a).all()  # only the ways a pass looks up


@pytest.mark.parametrize("rules", [PRESETS["npa"], STANDARD.override("marriage_required=false")],
                         ids=["another meld table", "another marriage rule"])
def test_rule_sets_not_shipped_find_no_entry(rules):
    assert tables.signature(rules) != tables.signature(STANDARD)
    assert tables.stored(0, rules, None, True, tables.SAMPLES, 5) is None


def test_a_missing_or_broken_file_gives_no_entries(monkeypatch, tmp_path):
    broken = tmp_path / "gains.bin"
    broken.write_bytes(b"not a table")
    for path in (tmp_path / "missing.bin", broken):
        monkeypatch.setattr(tables, "FILE", path)
        tables._load.cache_clear()
        assert tables._load() == {}
    monkeypatch.undo()
    tables._load.cache_clear()
    assert tables._load()


def test_written_entries_read_back(tmp_path, monkeypatch):
    path = tmp_path / "gains.bin"
    tables.write({"a": np.array([1, -2, 3]), "b": np.array([], dtype=np.int64)}, path)
    monkeypatch.setattr(tables, "FILE", path)
    tables._load.cache_clear()
    try:
        got = tables._load()
        assert got["a"].tolist() == [1, -2, 3] and got["b"].tolist() == []
    finally:
        monkeypatch.undo()
        tables._load.cache_clear()
    with pytest.raises(ValueError, match="32 bits"):
        tables.write({"c": np.array([2**40])}, path)
