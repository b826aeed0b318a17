"""Work spread over processes (``pinochle_calc.processes``): the same results in the same order
whatever the number of processes, each worker holding the job it was started with; an error
in its turn, as with one process; and a worker that dies, however it dies, named by the item
it was on, at once, with nothing left behind and no hang."""

import multiprocessing
import os
import signal
import time

import pytest

from pinochle_calc.processes import LARGE, WINDOW, WorkerFailed, map_jobs
from tests.external_bots import die


def where(item: int, other: str, job: tuple) -> tuple:
    return item * job[0], other, job[1], os.getpid()


def test_results_come_in_order_and_alike_whatever_the_jobs():
    items, others = range(12), "abcdefghijkl"
    one = list(map_jobs(where, (3, "job"), items, others))
    two = list(map_jobs(where, (3, "job"), items, others, jobs=2))
    assert [r[:3] for r in one] == [(3 * i, c, "job") for i, c in zip(items, others)]
    assert [r[:3] for r in two] == [r[:3] for r in one]
    assert {r[3] for r in one} == {os.getpid()}
    assert os.getpid() not in {r[3] for r in two}  # the work was done in the workers
    assert len({r[3] for r in two}) == 2


def test_a_caller_that_stops_early_leaves_no_workers_behind():
    results = map_jobs(where, (1, "job"), range(1000), range(1000), jobs=2)
    assert next(results)[0] == 0
    results.close()
    assert multiprocessing.active_children() == []


# what an item does: see ``fate``
SLOW, RAISES = "slow", "raises"


def fate(item: int, job: dict) -> int:
    """``item`` squared; but an item ``job`` names is slow (``SLOW``), raises a ValueError
    (``RAISES``), or ends its process in the way ``external_bots.die`` knows by that name."""
    how = job.get(item)
    if how == SLOW:
        time.sleep(0.3)
    elif how == RAISES:
        raise ValueError(f"item {item} raised")
    elif how is not None:
        die(how)
    return item * item


#: Every way a worker can die, and what the caller is told.
DEATHS = [
    ("os._exit", "its worker process exited (status 3) before answering"),
    ("SIGKILL", "its worker process was killed by SIGKILL (the system may have run out of"
                " memory)"),
    ("SIGTERM", "its worker process was killed by SIGTERM"),
    ("sys.exit", "its work raised SystemExit: 3 (which would end its worker process)"),
    ("KeyboardInterrupt", "its work raised KeyboardInterrupt (which would end its worker"
                          " process)"),
    ("BaseException", "its work raised Ending: gone (which would end its worker process)"),
]


def _outcome(job: dict, items: int, jobs: int) -> tuple[list, BaseException | None]:
    """The results given before the work stopped, and the error it stopped on (None: none)."""
    out = []
    try:
        for result in map_jobs(fate, job, range(items), jobs=jobs):
            out.append(result)
    except (WorkerFailed, ValueError, MemoryError) as e:
        return out, e
    return out, None


@pytest.mark.parametrize("how, reason", DEATHS)
def test_a_worker_that_dies_is_named_by_its_item_after_the_items_before_it(no_hang, how,
                                                                            reason):
    # item 5 kills its worker while item 4, before it, is still being worked on elsewhere:
    # the items before it come first, as with one process, and the error names item 5
    out, error = _outcome({4: SLOW, 5: how}, 12, 2)
    assert out == [i * i for i in range(5)]
    assert isinstance(error, WorkerFailed)
    assert (error.index, error.reason) == (5, reason)
    assert str(error) == f"item 5 of the work: {reason}"
    assert multiprocessing.active_children() == []


def test_an_error_comes_in_its_turn_as_with_one_process(no_hang):
    job = {1: SLOW, 3: RAISES, 6: RAISES, 7: "os._exit"}
    one, two, three = (_outcome(job, 10, jobs) for jobs in (1, 2, 3))
    assert one[0] == two[0] == three[0] == [0, 1, 4]
    assert type(one[1]) is type(two[1]) is type(three[1]) is ValueError
    assert str(one[1]) == str(two[1]) == str(three[1]) == "item 3 raised"
    assert multiprocessing.active_children() == []


def test_the_first_failure_in_order_is_the_one_raised_whatever_ends_first(no_hang):
    # item 2 is slow and then raises; item 3 kills its worker at once: item 2's error it is
    out, error = _outcome({0: SLOW, 1: SLOW, 2: RAISES, 3: "SIGKILL"}, 8, 2)
    assert out == [0, 1] and str(error) == "item 2 raised"
    out, error = _outcome({0: SLOW, 1: "SIGKILL", 2: RAISES}, 8, 2)
    assert out == [0] and isinstance(error, WorkerFailed) and error.index == 1


def test_a_worker_out_of_memory_gives_the_items_error_or_is_named(no_hang):
    # its address space capped and filled, a worker raises MemoryError, which comes back as
    # the item's error; if it cannot even say so, it ends, and the item is named
    out, error = _outcome({0: SLOW, 3: "memory"}, 8, 2)
    assert out == [0, 1, 4]
    assert isinstance(error, MemoryError) or (isinstance(error, WorkerFailed)
                                               and error.index == 3)
    assert multiprocessing.active_children() == []


def test_worker_deaths_many_times_over_never_hang(no_hang):
    """Each way a worker dies, ten times over, the cheap cases: a race that hangs one time in
    fifty shows here."""
    for _ in range(10):
        for how, reason in DEATHS:
            out, error = _outcome({2: how}, 6, 2)
            assert out == [0, 1] and isinstance(error, WorkerFailed)
            assert (error.index, error.reason) == (2, reason)
        out, error = _outcome({1: RAISES}, 6, 2)
        assert out == [0] and str(error) == "item 1 raised"
    assert multiprocessing.active_children() == []


def test_items_are_taken_as_needed_within_a_window_past_a_slow_one(no_hang):
    # item 0 is slow: the other worker goes on, but only so far past it, the results it
    # gives held for their turn; the items are taken from the iterable as they are handed out
    taken = []

    def numbers():
        for i in range(100_000):
            taken.append(i)
            yield i

    results = map_jobs(fate, {0: SLOW}, numbers(), jobs=2)
    assert next(results) == 0
    assert 4 < len(taken) <= WINDOW * 2 + 2  # 2 workers, each with one item ahead
    assert [next(results) for _ in range(3)] == [1, 4, 9]
    results.close()
    assert multiprocessing.active_children() == []


def test_an_error_keeps_its_workers_traceback_as_its_cause():
    out, error = _outcome({1: RAISES}, 4, 2)
    assert "in fate" in str(error.__cause__) and "Traceback" in str(error.__cause__)


def unpicklable(item: int, job: object):
    if item == 2:
        return lambda: item  # a result that cannot be pickled
    if item == 4:
        raise TwoPartError("a", "b")  # pickled, but not read back: its __init__ needs two
    return item


class TwoPartError(Exception):
    def __init__(self, first, second):
        super().__init__(f"{first} {second}")


def test_an_answer_that_cannot_come_back_is_named_by_its_item(no_hang):
    with pytest.raises(WorkerFailed) as info:
        list(map_jobs(unpicklable, None, range(6), jobs=2))
    assert info.value.index == 2
    assert info.value.reason.startswith("its result could not be sent back from its worker"
                                        " process: ")
    with pytest.raises(WorkerFailed) as info:
        list(map_jobs(unpicklable, None, range(3, 6), jobs=2))
    assert info.value.index == 1  # the second of the items given, 4
    assert info.value.reason.startswith("its answer could not be read back from its worker"
                                        " process: TypeError")


def echo(item: bytes, job: int) -> bytes:
    return item * job


def test_large_items_and_answers_cross_without_waiting_on_each_other(no_hang):
    items = [bytes([i]) * (32 * LARGE + i) for i in range(12)]  # larger than a pipe holds
    assert list(map_jobs(echo, 3, items, jobs=2)) == [i * 3 for i in items]


def ignores_sigterm(item: int, job: object) -> int:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if item:
        time.sleep(60)
    return item


def test_a_worker_that_ignores_sigterm_is_killed_when_the_caller_stops(no_hang, monkeypatch):
    """Given its grace (``GRACE``; half a second here, for the suite's time), then killed."""
    from pinochle_calc import processes

    monkeypatch.setattr(processes, "GRACE", 0.5)
    results = map_jobs(ignores_sigterm, None, range(4), jobs=2)
    assert next(results) == 0
    started = time.monotonic()
    results.close()
    assert time.monotonic() - started < 0.5 + 2
    assert multiprocessing.active_children() == []


def test_the_workers_are_told_to_end_once_the_work_is_done():
    pids = {r[3] for r in map_jobs(where, (1, "job"), range(20), range(20), jobs=2)}
    assert multiprocessing.active_children() == []
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # ended and reaped


def test_workers_that_cannot_be_started_are_one_error_and_leave_none_behind(monkeypatch):
    import errno
    from multiprocessing import context

    from pinochle_calc.errors import UserError

    real, started = context.ForkProcess._Popen, []

    def second_fails(process):
        if started:
            raise OSError(errno.EAGAIN, "Resource temporarily unavailable")
        started.append(process)
        return real(process)

    monkeypatch.setattr(context.ForkProcess, "_Popen", staticmethod(second_fails))
    with pytest.raises(UserError, match="^cannot start 2 worker processes: Resource temporarily"
                                        r" unavailable \(fewer jobs may do\)$"):
        list(map_jobs(where, (1, "job"), range(4), range(4), jobs=2))
    assert len(started) == 1 and multiprocessing.active_children() == []
