"""Work spread over processes, with the same results in the same order whatever their number:
the simulations (``play.simulate``) and the duplicate arena (``game.arena``) use it for
``--jobs``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import repeat

#: The job this worker process was given when it started (``map_jobs``).
_JOB: object = None


def _start(job) -> None:
    global _JOB
    _JOB = job


def _with_job(fn: Callable, *args):
    return fn(*args, _JOB)


def map_jobs(fn: Callable, job, *items: Iterable, jobs: int = 1) -> Iterator:
    """``fn(*item, job)`` for the items (zipped, as ``map`` does), in order.

    With ``jobs`` > 1 they run in that many processes (forked where the platform can), each
    handed ``job`` once when it starts rather than with every item. Where the caller stops
    early (an error, Ctrl-C), the items not started are not run.
    """
    if jobs <= 1:
        yield from map(fn, *items, repeat(job))
        return
    # imported here: a single process (as ``bid`` is) starts faster without them
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start, initargs=(job,))
    try:
        yield from pool.map(partial(_with_job, fn), *items)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["map_jobs"]
