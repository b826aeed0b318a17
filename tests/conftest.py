import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# A CI-sized profile keeps the whole suite at a few minutes on a 2-core machine, and draws the
# same examples on every run, so that a red CI is a change's doing, not the draw's;
# HYPOTHESIS_PROFILE=thorough runs the property tests ten times longer, on fresh draws each time
# (as does benchmarks/fuzz.py).
settings.register_profile(
    "ci", max_examples=300, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def no_hang():
    """Fails a test that runs for more than 20 seconds (these calls once never returned)."""
    import signal

    def stop(*_):
        raise AssertionError("did not return within 20 s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture
def bots(tmp_path, monkeypatch):
    """``tests/external_bots.py``, policies written outside the project, copied to a scratch
    folder as ``bots.py``: importable as ``bots`` and by its path (given)."""
    path = tmp_path / "bots.py"
    shutil.copy(Path(__file__).with_name("external_bots.py"), path)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield str(path)
    sys.modules.pop("bots", None)
