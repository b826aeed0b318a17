import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# A CI-sized profile keeps the whole suite at a few minutes on a 2-core machine, and draws the
# same examples on every run, so that a red CI is a change's doing, not the draw's;
# HYPOTHESIS_PROFILE=thorough runs the property tests fifteen times longer, on fresh draws each time
# (as does benchmarks/fuzz.py).
settings.register_profile(
    "ci", max_examples=200, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

#: The environment variable naming the session's bytecode folder (``pytest_configure``), and
#: the one that hands the folder from pytest-xdist's controller to its workers.
BYTECODE, FOLDER = "PYTHONPYCACHEPREFIX", "PINOCHLE_CALC_SUITE_BYTECODE"


def pytest_configure(config):
    """The commands the tests start (the docs pages' examples, the terminal sessions, a
    cluster's workers) keep their compiled bytecode in one folder of the session, outside the
    checkout, made here and removed at its end: each module is compiled once a session rather
    than once a process, also where the machine's environment says not to write bytecode
    (``PYTHONDONTWRITEBYTECODE``, which would leave each of the hundreds of commands compiling
    the package anew). The processes that run the tests (this one; pytest-xdist's workers,
    which inherit the folder's name in ``FOLDER``) keep the environment they were given and
    the bytecode beside the installed packages: a process with the folder reads its bytecode
    there only, and would compile every package it imports once more."""
    if hasattr(config, "workerinput"):
        folder = os.environ.get(FOLDER)
    elif BYTECODE in os.environ or FOLDER in os.environ:
        return  # the caller chose a folder
    else:
        folder = config._bytecode_folder = tempfile.mkdtemp(prefix="pinochle-calc-bytecode-")
        os.environ[FOLDER] = folder
        if getattr(config.option, "dist", "no") != "no":
            return  # the workers, started after this, set it for their own children
    if folder:
        os.environ[BYTECODE] = folder  # for the processes started from now on
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_unconfigure(config):
    folder = getattr(config, "_bytecode_folder", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        for name in (BYTECODE, FOLDER):
            os.environ.pop(name, None)


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


def pytest_collection_modifyitems(config, items):
    """The tests marked ``long`` (each takes seconds) first, then the others, each in their
    order: pytest-xdist hands the tests out in this order (after the work units of many tests,
    which go first), and a long test handed out among the last keeps one worker busy after the
    other has finished (mypy's first run in a fresh clone, 11 s, was among the last tests)."""
    items[:] = sorted(items, key=lambda item: item.get_closest_marker("long") is None)


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
