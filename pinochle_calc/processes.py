"""Work spread over processes, with the same results in the same order whatever their number:
the simulations (``play.simulate``) and the duplicate arena (``game.arena``) use it for
``--jobs``.

The workers leave stopping to the process that started them: they ignore Ctrl-C (the terminal
sends it to the whole process group), and when the caller stops early, whatever the reason (an
error, Ctrl-C, a SIGTERM that the command line turns into an exception), the workers are
terminated at once rather than left to finish their items, or orphaned holding a pipe open.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Generator, Iterable
from itertools import repeat
from typing import Any, TypeVar

T = TypeVar("T")

#: The job this worker process was given when it started (``map_jobs``).
_JOB: object = None


def _start(job: object) -> None:
    global _JOB
    _JOB = job
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the work, not the worker
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, if it set one


def _with_job(fn_args: tuple[Callable[..., T], tuple[object, ...]]) -> T:
    fn, args = fn_args
    return fn(*args, _JOB)


def map_jobs(fn: Callable[..., T], job: object, *items: Iterable[Any],
             jobs: int = 1) -> Generator[T, None, None]:
    """``fn(*item, job)`` for the items (zipped, as ``map`` does), in order.

    With ``jobs`` > 1 they run in that many processes (forked where the platform can), each
    handed ``job`` once when it starts rather than with every item. Where the caller stops
    early (an error, Ctrl-C, the generator closed), the items not started are not run and the
    workers are terminated.
    """
    if jobs <= 1:
        yield from map(fn, *items, repeat(job))
        return
    # imported here: a single process (as ``bid`` is) starts faster without them
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = context.Pool(jobs, initializer=_start, initargs=(job,))
    finished = False
    try:
        yield from pool.imap(_with_job, zip(repeat(fn), zip(*items)))
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()


__all__ = ["map_jobs"]
