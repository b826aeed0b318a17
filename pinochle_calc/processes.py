"""Work spread over processes, with the same results in the same order whatever their number:
the simulations (``play.simulate``), the duplicate arena (``game.arena``) and the review
(``game.review``) use it for ``--jobs``.

Each worker is a process of its own with a pipe of its own to the caller, and nothing else
shared: it is handed the job once, as it starts, then the items one by one (a little ahead, so
that it never waits between two), and answers each with its result or its error. Since no lock or
queue is shared, a worker that dies, however it dies (``os._exit``, a signal, memory
exhausted), leaves nothing locked behind it; and since the caller waits on every worker's
process as well as on its pipe, a death is seen at once and blamed on the item that worker was
on: ``WorkerFailed``, an error like any other, raised in the items' order. (A
``multiprocessing.Pool`` waits forever for an item whose worker died, and could hang in its own
``terminate``: ``docs/engine.md``, "Worker processes".)

The workers leave stopping to the process that started them: they ignore Ctrl-C (the terminal
sends it to the whole process group), and when the caller stops early, whatever the reason (an
error, Ctrl-C, a SIGTERM that the command line turns into an exception), the workers are
terminated at once rather than left to finish their items, or orphaned holding a pipe open.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from itertools import repeat
from typing import Any, TypeVar

from .errors import UserError, error_line

T = TypeVar("T")

#: About how much work, in seconds, a worker is handed beyond the item it works on, so that it
#: starts the next as it answers rather than wait for the caller: one item where items take
#: longer than this, more where they are quicker (up to ``AHEAD_MOST``); few, so that the
#: workers end together.
AHEAD_SECONDS = 0.002
AHEAD_MOST = 8
#: How far, in items per worker, the work may run ahead of the earliest item not answered (the
#: results waiting for it are held here).
WINDOW = 32
#: An item whose pickle is larger than this many bytes is handed to an idle worker only (a
#: large item and a large answer crossing in one pipe could each wait for the other).
LARGE = 32_768
#: Seconds a worker is given to end once told to (or sent SIGTERM) before it is killed.
GRACE = 2.0
#: The signals a worker must not take for the caller's while it starts.
_STOPS = (signal.SIGINT, signal.SIGTERM)


class WorkerFailed(UserError):
    """The work on item ``index`` (counted from 0 in the items' order) did not come back: its
    worker process died, it raised what ends a process (``SystemExit``, ``KeyboardInterrupt``,
    another ``BaseException``), or its answer could not be sent or read; ``reason`` says which,
    as a phrase about the item ("its worker process was killed by SIGKILL ...")."""

    def __init__(self, index: int, reason: str):
        super().__init__(index, reason)
        self.index, self.reason = index, reason

    def __str__(self) -> str:
        return f"item {self.index} of the work: {self.reason}"


class _Remote(Exception):  # noqa: N818 (the text of a traceback, not an error of its own)
    """The traceback of an error raised in a worker, as text: the ``__cause__`` of that
    error where the caller raises it (``PINOCHLE_DEBUG=1`` shows it)."""

    def __str__(self) -> str:
        return "\n" + str(self.args[0])


def map_jobs(fn: Callable[..., T], job: object, *items: Iterable[Any],
             jobs: int = 1) -> Generator[T, None, None]:
    """``fn(*item, job)`` for the items (zipped, as ``map`` does), in order.

    With ``jobs`` > 1 they run in that many processes (forked where the platform can), each
    handed ``job`` once when it starts rather than with every item. An error an item raises
    reaches the caller in its turn, after the results of the items before it, as with one
    process; where the work on an item ends its worker (the process dies, or the item raises a
    ``BaseException`` that is not an ``Exception``) that is a ``WorkerFailed`` naming the item,
    in its turn too. Where the caller stops early (an error, Ctrl-C, the generator closed), the
    items not started are not run and the workers are terminated.
    """
    if jobs <= 1:
        yield from map(fn, *items, repeat(job))
        return
    # imported here: a single process (as ``bid`` is) starts faster without them
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    workers: list[_Worker] = []
    try:
        for _ in range(jobs):
            worker = _Worker(context, fn, job, [w.conn for w in workers])
            workers.append(worker)  # before it starts: stopped whatever comes
            try:
                worker.start()
            except OSError as e:  # no process to be had: too many, or no memory left
                raise UserError(f"cannot start {jobs} worker processes: {e.strerror or e}"
                                " (fewer jobs may do)") from None
        yield from _Spread(workers, enumerate(zip(*items)), jobs).results()
    finally:
        _stop(workers)


class _Worker:
    """A worker process, the caller's end of its pipe, and the items handed to it and not yet
    answered, oldest first."""

    def __init__(self, context: Any, fn: Callable[..., Any], job: object, others: list[Any]):
        self.conn, self.there = context.Pipe()
        forked = context.get_start_method() == "fork"
        self.process = context.Process(
            target=_serve, args=(self.there, fn, job, [*others, self.conn] if forked else []),
            daemon=True)
        self.items: deque[int] = deque()

    def start(self) -> None:
        """Start the process, with Ctrl-C and SIGTERM held back until it ignores them (the
        caller takes them once it is started)."""
        try:
            blocked = hasattr(signal, "pthread_sigmask")
            if blocked:
                old = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
            try:
                self.process.start()
            finally:
                if blocked:
                    signal.pthread_sigmask(signal.SIG_SETMASK, old)
        finally:
            self.there.close()  # the worker's end: the worker has it


def _serve(conn: Any, fn: Callable[..., Any], job: object, theirs: list[Any]) -> None:
    """A worker: ``fn(*args, job)`` for each item the caller sends, answered in turn, until it
    sends None or goes away; then the process ends, quietly whatever happened (the caller says
    what went wrong)."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the caller stops the work, not the worker
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the caller's handler, if it set one
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)
        for other in theirs:  # the caller's ends of the pipes, inherited by fork
            other.close()
        _answer(conn, fn, job)
    except BaseException:  # an answer that could not be sent: the caller sees the exit status
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    os._exit(code)  # the caller's exit handlers (and a policy's threads) are not this process's


def _answer(conn: Any, fn: Callable[..., Any], job: object) -> None:
    """Answer the items the caller sends, until it sends None or goes away."""
    while True:
        try:
            args = conn.recv()
        except (EOFError, OSError):  # the caller is gone
            return
        if args is None:
            return
        try:
            answer: tuple[bool, Any, str] = (True, fn(*args, job), "")
        except Exception as e:
            answer = (False, e, _traceback(e))
        except BaseException as e:  # it would end this process: said as an error instead
            answer = (False, _ending(e), "")
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return
        except Exception as e:  # the answer cannot be pickled: what it is, said as an error
            kind = "result" if answer[0] else f"error ({error_line(answer[1])})"
            conn.send((False, _Unsent(f"its {kind} could not be sent back from its worker"
                                      f" process: {error_line(e)}"), ""))


class _Unsent(Exception):
    """An item's answer that could not come back from its worker: ``str`` says why."""


def _ending(error: BaseException) -> _Unsent:
    return _Unsent(f"its work raised {error_line(error)} (which would end its worker process)")


def _traceback(error: BaseException) -> str:
    import traceback

    try:
        return "".join(traceback.format_exception(error))
    except Exception:
        return ""


class _Spread:
    """The caller's side of the work: the items handed out in order, the answers taken as they
    come and given back in order."""

    def __init__(self, workers: list[_Worker], feed: Iterator[tuple[int, tuple]], jobs: int):
        self.live = list(workers)
        self.feed = feed
        self.window = WINDOW * jobs
        self.answers: dict[int, tuple[bool, Any, str]] = {}
        self.next = 0  # the next item to give back
        self.sent = 0  # the items handed out
        self.failed: int | None = None  # the earliest item known to have failed
        self.fed = False  # every item taken from the feed
        self.held: tuple[int, bytes] | None = None  # an item taken, waiting for a worker
        self.answered, self.started = 0, time.monotonic()
        self.watch: Any = None  # the selector on the workers' pipes and ends (``results``)

    def results(self) -> Iterator[Any]:
        import selectors

        with selectors.DefaultSelector() as self.watch:
            for worker in self.live:  # its answers, and its end
                self.watch.register(worker.conn, selectors.EVENT_READ, (worker, False))
                self.watch.register(worker.process.sentinel, selectors.EVENT_READ, (worker, True))
            yield from self._results()

    def _results(self) -> Iterator[Any]:
        while True:
            self.hand_out()
            while self.next in self.answers:
                ok, value, remote = self.answers.pop(self.next)
                if not ok:
                    if remote:
                        value.__cause__ = _Remote(remote)
                    raise value
                self.next += 1
                yield value
            if self.fed and self.held is None and self.next == self.sent:
                return
            if not any(w.items for w in self.live):  # every worker died idle, items left
                raise WorkerFailed(self.next, "every worker process ended before it")
            for key, _ in self.watch.select():
                worker, ended = key.data
                if worker not in self.live:
                    continue
                if ended:
                    self.lost(worker)
                else:
                    self.take(worker)

    def hand_out(self) -> None:
        """Items to the workers with room for them, in order, within the window."""
        from multiprocessing.reduction import ForkingPickler

        ahead = self.ahead()
        while self.failed is None:
            if self.held is None:
                if self.fed or self.sent >= self.next + self.window:
                    return
                try:
                    index, args = next(self.feed)
                except StopIteration:
                    self.fed = True
                    return
                self.held = (index, bytes(ForkingPickler.dumps(args)))
            index, data = self.held
            room = ahead if len(data) <= LARGE else 0  # a large item: to an idle worker
            worker = min(self.live, key=_load, default=None)  # the one with the fewest
            if worker is None or len(worker.items) > room:
                return
            self.held = None
            try:
                worker.conn.send_bytes(data)
            except OSError:  # it died: its sentinel says how
                pass
            worker.items.append(index)
            self.sent += 1

    def ahead(self) -> int:
        """The items a worker may hold beyond the one it works on (``AHEAD_SECONDS``), from
        the time the items answered so far took."""
        if self.answered < 2 * len(self.live):
            return 1
        seconds = (time.monotonic() - self.started) * len(self.live) / self.answered
        return max(1, min(AHEAD_MOST, int(AHEAD_SECONDS / max(seconds, 1e-9))))

    def take(self, worker: _Worker) -> None:
        """The answer a worker sent, for its oldest item."""
        if not worker.items:  # an idle worker's pipe that ended with it: its sentinel says
            return
        index = worker.items[0]
        try:
            answer = worker.conn.recv()
        except (EOFError, OSError):  # it died: its sentinel says how
            return
        except Exception as e:  # it came, but cannot be read here
            answer = (False, _Unsent(f"its answer could not be read back from its worker"
                                     f" process: {error_line(e)}"), "")
        worker.items.popleft()
        self.answer(index, answer)

    def lost(self, worker: _Worker) -> None:
        """A worker that ended: the answers it sent first, then its oldest item failed."""
        while worker.items and _has_answer(worker.conn):
            before = len(worker.items)
            self.take(worker)
            if len(worker.items) == before:
                break
        self.live.remove(worker)
        self.watch.unregister(worker.conn)
        self.watch.unregister(worker.process.sentinel)
        worker.process.join()
        if worker.items:
            index = worker.items[0]
            self.answer(index, (False, WorkerFailed(index, _death(worker.process.exitcode)),
                                ""))

    def answer(self, index: int, answer: tuple[bool, Any, str]) -> None:
        ok, value, remote = answer
        self.answered += 1
        if not ok:
            if isinstance(value, _Unsent):
                value = WorkerFailed(index, str(value))
            self.failed = index if self.failed is None else min(self.failed, index)
        self.answers[index] = (ok, value, remote)


def _load(worker: _Worker) -> int:
    return len(worker.items)


def _has_answer(conn: Any) -> bool:
    try:
        return conn.poll()
    except (EOFError, OSError):
        return False


def _death(code: int | None) -> str:
    """How a worker process ended, from its exit code, as a phrase about its item."""
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        memory = " (the system may have run out of memory)" if name == "SIGKILL" else ""
        return f"its worker process was killed by {name}{memory}"
    return f"its worker process exited (status {code}) before answering"


def _stop(workers: list[_Worker]) -> None:
    """Every worker ended: told to where it is idle, terminated where it is still working (or
    killed, where it does not end within ``GRACE``), and its pipe closed."""
    for worker in workers:
        if worker.process.pid is None or worker.process.exitcode is not None:
            continue  # never started, or ended
        if worker.items:
            worker.process.terminate()
        else:
            try:
                worker.conn.send(None)
            except OSError:
                worker.process.terminate()
    deadline = time.monotonic() + GRACE
    for worker in workers:
        if worker.process.pid is not None:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.exitcode is None:
                worker.process.kill()
                worker.process.join()
        worker.conn.close()
        worker.there.close()


__all__ = ["map_jobs", "WorkerFailed", "AHEAD_SECONDS", "AHEAD_MOST", "WINDOW", "LARGE", "GRACE"]
