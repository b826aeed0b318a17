"""Work spread over a Dask cluster, with the results ``processes.map_jobs`` gives, in the same
order: the duplicate arena (``game.arena``) uses it for ``--scheduler``.

``map_cluster`` cuts the items into chunks and runs ``fn`` over each chunk as one task on the
workers of a running scheduler (``dask scheduler``, ``dask worker ADDRESS``). A task is a pure
function of its chunk and the job, so a chunk whose worker is lost is run again elsewhere (the
scheduler does it by itself) and gives the same results; the results come back in the items'
order, whatever order the chunks end in. A chunk is about ``CHUNK_SECONDS`` of work (timed on
the workers as the match goes), and only a window of chunks is out at a time (a few per worker
thread), so the results waiting for an earlier chunk stay few.

When the caller stops early (an error, Ctrl-C, a SIGTERM that the command line turns into an
exception, the generator closed), the chunks not finished are cancelled: the scheduler forgets
them at once, and a chunk already running on a worker ends (about ``CHUNK_SECONDS``, or one item
where an item takes longer) and its result is dropped.

``distributed`` is an optional extra (``pip install 'pinochle-calc[cluster]'``): only
``map_cluster`` and ``require_distributed`` import it, so the package never loads it unless a
cluster is asked for.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import time
import uuid
from collections import deque
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any, TypeVar

from .errors import UserError, described, error_line, quoted

T = TypeVar("T")

#: How long to wait for the scheduler to answer, and for it to have a worker, in seconds.
CONNECT_SECONDS = 5
#: About how long one chunk takes, in seconds: long enough that a task's cost on the scheduler
#: (a millisecond or so) does not count, short enough that a chunk lost with its worker, or
#: left to end on its worker after Ctrl-C, is little work.
CHUNK_SECONDS = 1.0
#: The most items in one chunk.
CHUNK_MOST = 100
#: The chunks out on the cluster at once, per worker thread.
WINDOW_PER_THREAD = 2
#: How the ``cluster`` extra is installed, for the message that asks for it.
INSTALL = "pip install 'pinochle-calc[cluster]'"

#: A scheduler's address: ``tcp://HOST:PORT`` as ``dask scheduler`` prints it, or ``HOST:PORT``
#: (HOST a name, an IPv4 address or an IPv6 one in brackets).
_ADDRESS = re.compile(r"(?:tcp://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)"
                      r":([0-9]{1,5})")


class ClusterError(UserError):
    """The cluster at ``address`` cannot play the work: the scheduler cannot be reached or has
    no worker, a worker cannot run the tasks (another version of the package, a module it cannot
    import), or the work was lost; ``str`` says which."""

    def __init__(self, message: str, address: str):
        super().__init__(message, address)
        self.message, self.address = message, address

    def __str__(self) -> str:
        return self.message


class ExtraMissing(UserError):
    """The optional extra ``extra`` (its package ``package``) is not installed."""

    def __init__(self, extra: str, package: str):
        super().__init__(extra, package)
        self.extra, self.package = extra, package

    def __str__(self) -> str:
        return (f"a cluster needs the {self.package} package, which is not installed: {INSTALL}"
                " (on this machine, the scheduler's and every worker's)")


def scheduler_address(text: str) -> str:
    """The address of a Dask scheduler, ``tcp://HOST:PORT`` (as ``dask scheduler`` prints it;
    ``HOST:PORT`` is read the same), in that form: a ``UserError`` for any other text.

    >>> scheduler_address("10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    """
    if not isinstance(text, str):
        raise TypeError(f"a scheduler's address is a text, not {described(text)}")
    found = _ADDRESS.fullmatch(text.strip())
    if found is None or not 1 <= int(found.group(2)) <= 65535:
        raise UserError(f"{quoted(text)} is not a scheduler's address: write tcp://HOST:PORT as"
                        " dask scheduler prints it, e.g. tcp://10.0.0.5:8786")
    return f"tcp://{found.group(1)}:{int(found.group(2))}"


def require_distributed() -> Any:
    """The ``distributed`` module, or ``ExtraMissing`` saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise ExtraMissing("cluster", "distributed") from None
    return distributed


def shipped_module(path: str) -> tuple[str, bytes]:
    """A Python file to send to the workers (``map_cluster``'s ``modules``): the name it is
    imported by there, its stem and a digest of its bytes (two versions of a file never share a
    name, so a worker never runs a stale copy), and its bytes."""
    with open(path, "rb") as f:
        source = f.read()
    stem = re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0])
    return f"pinochle_shipped_{stem}_{hashlib.sha256(source).hexdigest()[:12]}", source


def _version() -> str:
    from . import __version__

    return __version__


def _run_chunk(fn: Callable[[Any, Any], T], chunk: Sequence[Any], job: object,
               version: str) -> tuple[float, list[T]]:
    """A task: ``fn(item, job)`` for the items of one chunk, on a worker that runs the caller's
    ``version`` of the package; with the seconds they took."""
    if _version() != version:
        from distributed import get_worker

        address = get_worker().address
        raise ClusterError(f"worker {address} runs pinochle-calc {_version()}, this machine"
                           f" {version}: install the same version on the scheduler and every"
                           " worker", address)
    started = time.perf_counter()
    results = [fn(item, job) for item in chunk]
    return time.perf_counter() - started, results


def chunk_size(seconds: float, items: int) -> int:
    """The items of the next chunk, where the chunks so far took ``seconds`` for ``items``
    items: about ``CHUNK_SECONDS`` of work, from 1 (the first chunks, before any is timed) to
    ``CHUNK_MOST`` items."""
    if items == 0:
        return 1
    if seconds <= 0:
        return CHUNK_MOST
    return max(1, min(CHUNK_MOST, int(CHUNK_SECONDS * items / seconds)))


def map_cluster(fn: Callable[[Any, Any], T], job: object, items: Sequence[Any], scheduler: str,
                modules: Mapping[str, bytes] | None = None,
                chunk: int | None = None) -> Generator[T, None, None]:
    """``fn(item, job)`` for the items, in order, computed on the workers of the Dask scheduler
    at address ``scheduler``, in chunks of ``chunk`` items (default: about ``CHUNK_SECONDS`` of
    work each, ``chunk_size``). ``fn`` and ``job`` travel by pickle: ``fn`` a module-level
    function of a module the scheduler (which reads the tasks) and every worker can import.
    ``modules`` (name: source, as ``shipped_module`` gives), what ``fn`` imports by name as it
    runs, are sent to every worker first, importable there by that name (a worker that joins
    later gets them too), and taken back after the work.

    Raises ``ClusterError`` where the scheduler does not answer or has no worker within
    ``CONNECT_SECONDS``, where a worker runs another version of the package or cannot import
    what a task needs, and where the work is lost (its workers kept dying, the scheduler went
    away); an error that ``fn`` raises reaches the caller as it would from ``map_jobs``.
    """
    address = scheduler_address(scheduler)
    distributed = require_distributed()
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError):
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no answer within"
                           f" {CONNECT_SECONDS} s (is dask scheduler running there, and its port"
                           " open to this machine?)", address) from None
    out: deque[Any] = deque()  # the chunks out on the cluster, in order
    plugins: list[str] = []
    try:
        threads = _workers(client, address)
        if modules:
            _ship(client, modules, address, plugins)
        name, version = f"{getattr(fn, '__name__', 'task')}-{uuid.uuid4().hex}", _version()
        sent, seconds, done, counted = 0, 0.0, 0, time.monotonic()
        while sent < len(items) or out:
            if time.monotonic() - counted > 1:  # workers that join take their share
                threads, counted = _threads(client, address), time.monotonic()
            while sent < len(items) and len(out) < WINDOW_PER_THREAD * threads:
                part = items[sent:sent + (chunk or chunk_size(seconds, done))]
                out.append(client.submit(_run_chunk, fn, part, job, version,
                                         key=f"{name}-{sent}", pure=False))
                sent += len(part)
            took, results = _results(out[0], distributed, address)
            out.popleft()
            seconds, done = seconds + took, done + len(results)
            yield from results
    finally:
        try:
            if out:
                client.cancel(list(out), force=True)
            for plugin in plugins:
                client.unregister_worker_plugin(plugin)
        except Exception:  # a scheduler gone: nothing left on it to tidy
            pass
        client.close(timeout=CONNECT_SECONDS)


def _threads(client: Any, address: str) -> int:
    """The worker threads the cluster has now (at least 1: the work waits for a worker)."""
    try:
        return max(1, sum(client.nthreads().values()))
    except (OSError, TimeoutError):
        raise ClusterError(f"lost the Dask scheduler at {address} (it went away or was"
                           " restarted)", address) from None


def _probe() -> str:
    """On the scheduler or a worker: the version of the package it runs."""
    return _version()


def _workers(client: Any, address: str) -> int:
    """The worker threads of the cluster, once it has a worker (``ClusterError`` after
    ``CONNECT_SECONDS`` without); the scheduler (which reads the tasks) and each worker checked
    to run this version of the package."""
    try:
        _check("the scheduler", address, client.run_on_scheduler(_probe))
    except ClusterError:
        raise
    except Exception as e:  # it cannot load the package: the error as it came back
        _check("the scheduler", address, e)
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError):
        raise ClusterError(f"the Dask scheduler at {address} has no worker: start some with"
                           f" dask worker {address}", address) from None
    for worker, theirs in sorted(client.run(_probe, on_error="return").items()):
        _check("worker", worker, theirs)
    return _threads(client, address)


def _check(what: str, where: str, theirs: str | BaseException) -> None:
    """A ``ClusterError`` unless the scheduler or worker at ``where`` runs this version of the
    package (``theirs``: its version, or the error that loading it gave)."""
    version = _version()
    if isinstance(theirs, BaseException):
        raise ClusterError(f"{what} {where} cannot load pinochle-calc ({error_line(theirs)}):"
                           f" install pinochle-calc {version} on the scheduler and every worker",
                           where)
    if theirs != version:
        raise ClusterError(f"{what} {where} runs pinochle-calc {theirs}, this machine {version}:"
                           " install the same version on the scheduler and every worker", where)


def _ship(client: Any, modules: Mapping[str, bytes], address: str, names: list[str]) -> None:
    """Send the modules to every worker, present and to come, as ``client.upload_file`` does
    (not to the scheduler, which never runs them), each plugin under a name added to
    ``names``, to be taken back after the work; a ``ClusterError`` where a worker cannot import
    one."""
    from distributed.diagnostics.plugin import UploadFile

    with tempfile.TemporaryDirectory() as folder:
        for module, source in modules.items():
            path = os.path.join(folder, f"{module}.py")
            with open(path, "wb") as f:
                f.write(source)
            name = f"pinochle-module-{uuid.uuid4().hex}"
            names.append(name)  # held by the scheduler even where a worker fails it
            try:
                client.register_plugin(UploadFile(path), name=name)  # it holds the bytes
            except Exception as e:  # the module's own error, as the worker raised it
                raise ClusterError(f"a worker of {address} cannot import {module}, sent to it:"
                                   f" {error_line(e)}", address) from None


def _results(future: Any, distributed: Any, address: str) -> list[Any]:
    """A chunk's results, once done; a ``ClusterError`` where the cluster lost it or a
    worker could not run it."""
    from concurrent.futures import CancelledError

    try:
        return future.result()
    except distributed.KilledWorker as e:
        raise ClusterError(f"the workers of {address} that took a chunk of the work kept dying"
                           f" ({e}): see their logs", address) from None
    except CancelledError:
        raise ClusterError(f"lost the Dask scheduler at {address} (it went away or was"
                           " restarted)", address) from None
    except ImportError as e:
        raise ClusterError(f"a worker of {address} cannot import what the work needs:"
                           f" {error_line(e)} (install pinochle-calc {_version()} on the"
                           " scheduler and every worker)", address) from None


__all__ = ["map_cluster", "scheduler_address", "require_distributed", "shipped_module",
           "chunk_size", "ClusterError", "ExtraMissing", "CONNECT_SECONDS", "CHUNK_MOST", "INSTALL"]
