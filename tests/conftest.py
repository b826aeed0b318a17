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


#: The test files whose tests run on one worker of pytest-xdist: each makes a costly module
#: fixture (the stores' workloads, three processes; pip's install without a compiler; a Dask
#: cluster), made once rather than on each worker that runs some of its tests.
ONE_WORKER_FILES = ("tests/basics/test_stores.py", "tests/test_install.py",
                    "tests/basics/test_cluster.py")
#: The docs examples: a page's on one worker, in the page's order (a later one may read what an
#: earlier one wrote, in the page's folder).
_DOCS_EXAMPLE = "tests/test_docs.py::test_example_prints_what_the_page_shows["


def work_unit(nodeid: str) -> str:
    """The unit of work a test goes to a worker in (``--dist loadgroup``): its file's for
    ``ONE_WORKER_FILES``, its page's for a docs example, its ``xdist_group`` where pytest-xdist
    wrote one into the test's id, else the test alone."""
    path = nodeid.split("::", 1)[0]
    if path in ONE_WORKER_FILES:
        return path
    if "@" in nodeid:
        return nodeid.rsplit("@", 1)[1]
    if nodeid.startswith(_DOCS_EXAMPLE):
        return nodeid[len(_DOCS_EXAMPLE):].rsplit(":", 1)[0]
    return nodeid


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` by ``work_unit``: pytest-xdist names a test's group by adding it to
    the test's id, which pytest 9 no longer lets it change, so its own grouping sends every test
    alone (a docs page's examples to both workers, out of order)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class ByWorkUnit(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return ByWorkUnit(config, log)
