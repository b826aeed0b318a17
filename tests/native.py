"""The compiled extensions for the tests that compare them with their numpy code: each test
imports the extension itself (the switch ``PINOCHLE_CALC_PURE`` does not hide it), and
``numpy_path`` turns every layer's switch to numpy for the code under test."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from pinochle_calc import compiled


def extension(name: str) -> ModuleType:
    """The extension ``name`` (``compiled.MODULES``): a test that needs it fails where it was
    not built, unless ``PINOCHLE_CALC_PURE`` asks for numpy alone (then it cannot run)."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        if compiled.pure():
            pytest.skip(f"{name} not built, and {compiled.PURE} asks for numpy alone")
        pytest.fail(f"{name} is not built ({error}): pip install -e . builds it; set"
                    f" {compiled.PURE}=1 to run the numpy code alone")


def numpy_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every layer's numpy code, whatever was built (for the length of a test)."""
    from pinochle_calc.exchange import objective, policy
    from pinochle_calc.meld import vector
    from pinochle_calc.play import conditions, dealer, lockstep

    for module, name in ((lockstep, "NATIVE"), (dealer, "NATIVE"), (conditions, "NATIVE"),
                         (vector, "NATIVE"), (policy, "GREEDY"), (objective, "GREEDY")):
        monkeypatch.setattr(module, name, None)


def compiled_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every layer's compiled code (for the length of a test)."""
    from pinochle_calc.exchange import objective, policy
    from pinochle_calc.meld import vector
    from pinochle_calc.play import conditions, dealer, lockstep

    play = extension("pinochle_calc.play._play")
    greedy = extension("pinochle_calc.exchange._greedy")
    meld = extension("pinochle_calc.meld._meld")
    for module, name, value in ((lockstep, "NATIVE", play), (dealer, "NATIVE", play),
                                (conditions, "NATIVE", play), (vector, "NATIVE", meld),
                                (policy, "GREEDY", greedy), (objective, "GREEDY", greedy)):
        monkeypatch.setattr(module, name, value)
