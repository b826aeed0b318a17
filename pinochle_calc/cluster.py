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

Nothing the cluster does can hang the caller. The first contact is a plain socket (``greet``):
a Dask scheduler greets a connection at once, so a peer that says nothing, or says something
else (a web server: the dashboard's port), is one line within ``CONNECT_SECONDS``, never the
wait without end or the ``MemoryError`` that ``distributed``'s own connection gives there (its
connect timeout leaves out the handshake: dask/distributed#7698). Every call to the cluster
after it is bounded (``_within``), and while a match waits for a chunk it asks the scheduler
for its workers every ``LOOK_SECONDS``: a scheduler that does not answer for ``patience``
seconds (stopped, hung, cut off), or a cluster without a worker for that long (the last one
died, with no nanny to start it again), stops the match with a ``ClusterError``. What is timed
is the scheduler's answer and the workers' presence, never a chunk, so a deal of any length
never trips it (``limits.PATIENCE_SECONDS``: why a minute).

``distributed`` is an optional extra (``pip install 'pinochle-calc[cluster]'``): only
``map_cluster`` and ``require_distributed`` import it, so the package never loads it unless a
cluster is asked for.
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
import tempfile
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Generator, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

from .errors import UserError, described, error_line, quoted
from .limits import PATIENCE_MAX, PATIENCE_SECONDS

T = TypeVar("T")

#: How long to wait for the scheduler to answer, and for it to have a worker, in seconds.
CONNECT_SECONDS = 5
#: How often a match waiting for a chunk asks the scheduler for its workers, in seconds.
LOOK_SECONDS = 1.0
#: How long the first contact waits for the scheduler's greeting before it asks the peer, as
#: a web client would, what it is (seconds): a scheduler greets as it takes the connection.
GREETING_SECONDS = 2.0
#: The most bytes of a greeting read: a scheduler's is about 60.
GREETING_MOST = 1 << 16
#: What the first contact asks a peer that stays silent: a web server answers ``HTTP/...``.
WEB_QUESTION = b"HEAD / HTTP/1.0\r\n\r\n"
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
                modules: Mapping[str, bytes] | None = None, chunk: int | None = None,
                patience: float = PATIENCE_SECONDS) -> Generator[T, None, None]:
    """``fn(item, job)`` for the items, in order, computed on the workers of the Dask scheduler
    at address ``scheduler``, in chunks of ``chunk`` items (default: about ``CHUNK_SECONDS`` of
    work each, ``chunk_size``). ``fn`` and ``job`` travel by pickle: ``fn`` a module-level
    function of a module the scheduler (which reads the tasks) and every worker can import.
    ``modules`` (name: source, as ``shipped_module`` gives), what ``fn`` imports by name as it
    runs, are sent to every worker first, importable there by that name (a worker that joins
    later gets them too), and taken back after the work.

    Raises ``ClusterError`` where nothing answers at the address within ``CONNECT_SECONDS``
    or what answers is not a Dask scheduler (``greet``), where the scheduler has no worker
    within ``CONNECT_SECONDS`` more, where a worker runs another version of the package or
    cannot import what a task needs, where the work under way gets no answer from the scheduler
    for ``patience`` seconds or finds it without a worker for that long, and where the work is
    lost (its workers kept dying, the scheduler went away); an error that ``fn`` raises reaches
    the caller as it would from ``map_jobs``.
    """
    address = scheduler_address(scheduler)
    patience = patience_seconds(patience)
    distributed = require_distributed()
    greet(address)
    try:
        client = _within(CONNECT_SECONDS, lambda: distributed.Client(
            address, timeout=CONNECT_SECONDS, set_as_default=False))
    except _NoAnswer:
        raise _silent(address, CONNECT_SECONDS) from None
    except (OSError, TimeoutError):
        raise _unreachable(address) from None
    watch = _Watch(client, address, patience)
    out: deque[Any] = deque()  # the chunks out on the cluster, in order
    plugins: list[str] = []
    try:
        _workers(watch)
        if modules:
            _ship(watch, modules, plugins)
        name, version = f"{getattr(fn, '__name__', 'task')}-{uuid.uuid4().hex}", _version()
        sent, seconds, done = 0, 0.0, 0
        while sent < len(items) or out:
            if time.monotonic() - watch.looked > LOOK_SECONDS:  # workers that join take
                watch.look()                                     # their share
            while sent < len(items) and len(out) < WINDOW_PER_THREAD * watch.threads:
                part = items[sent:sent + (chunk or chunk_size(seconds, done))]
                out.append(client.submit(_run_chunk, fn, part, job, version,
                                         key=f"{name}-{sent}", pure=False))
                sent += len(part)
            took, results = watch.results(out[0], distributed)
            out.popleft()
            seconds, done = seconds + took, done + len(results)
            yield from results
    finally:
        watch.tidy(out, plugins)


def patience_seconds(value: object) -> float:
    """``map_cluster``'s ``patience``, checked: seconds, more than 0 and at most
    ``PATIENCE_MAX`` (a ``UserError`` outside that; a ``TypeError`` for what is no number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"patience is a number of seconds, not {described(value)}")
    if not 0 < value <= PATIENCE_MAX:  # NaN too
        raise UserError(f"patience must be more than 0 and at most {PATIENCE_MAX:,} seconds,"
                        f" not {value}")
    return float(value)


class _NoAnswer(Exception):
    """A call to the cluster not back in the time it was given (``_within``)."""


def _within(seconds: float, call: Callable[[], T]) -> T:
    """``call()``, a call to the cluster, in a thread: its result or its error, or
    ``_NoAnswer`` where it is not back within ``seconds`` (a ``distributed`` call waits without
    end on a peer that stopped answering; the thread is left to it, a daemon the process does
    not wait for at its exit)."""
    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            outcome.append((True, call()))
        except BaseException as e:  # given to the caller, in its thread
            outcome.append((False, e))

    thread = threading.Thread(target=run, name="pinochle-cluster-call", daemon=True)
    thread.start()
    thread.join(seconds)
    if not outcome:
        raise _NoAnswer
    ok, value = outcome[0]
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]


def _seconds(value: float) -> str:
    """Seconds as a message says them: ``60``, ``2.5``."""
    return f"{value:g}"


def _unreachable(address: str) -> ClusterError:
    return ClusterError(f"cannot reach the Dask scheduler at {address}: no answer within"
                        f" {_seconds(CONNECT_SECONDS)} s (is dask scheduler running there, and"
                        " its port open to this machine?)", address)


def _silent(address: str, seconds: float) -> ClusterError:
    return ClusterError(f"the Dask scheduler at {address} stopped answering: no answer for"
                        f" {_seconds(seconds)} s (is it stopped or hung, or cut off from this"
                        " machine?)", address)


def _lost(address: str) -> ClusterError:
    return ClusterError(f"lost the Dask scheduler at {address} (it went away or was"
                        " restarted)", address)


class _Watch:
    """A client's view of its cluster while it works: the worker threads the scheduler has
    (``threads``, at least 1: the work waits for a worker), asked at most every
    ``LOOK_SECONDS`` (``look``), and every call to the cluster bounded: a ``ClusterError``
    where the scheduler does not answer for ``patience`` seconds or has had no worker for that
    long."""

    def __init__(self, client: Any, address: str, patience: float):
        self.client, self.address, self.patience = client, address, patience
        self.threads = 1
        self.looked = time.monotonic()
        self.alone_since: float | None = None  # since when the scheduler has had no worker
        self.silent = False  # the scheduler stopped answering: nothing more is asked of it

    def ask(self, call: Callable[[], T], seconds: float | None = None) -> T:
        """``call()``, a call to the cluster, within ``seconds`` (default ``patience``): past
        them the scheduler is taken to have stopped answering."""
        seconds = self.patience if seconds is None else seconds
        try:
            return _within(seconds, call)
        except _NoAnswer:
            self.silent = True
            raise _silent(self.address, seconds) from None

    def ask_workers(self, call: Callable[[], T]) -> T:
        """``call()``, which every worker answers through the scheduler, within ``patience``
        (a worker answers once what it is running lets it)."""
        try:
            return _within(self.patience, call)
        except _NoAnswer:
            raise ClusterError(f"the workers of {self.address} did not answer for"
                               f" {_seconds(self.patience)} s (is one of them stopped or"
                               " hung?)", self.address) from None

    def look(self) -> int:
        """The worker threads the scheduler has now (at least 1), asked of it."""
        try:
            found = self.ask(self.client.nthreads)
        except (OSError, TimeoutError):
            raise _lost(self.address) from None
        now = self.looked = time.monotonic()
        threads = sum(found.values())
        if threads:
            self.alone_since = None
        elif self.alone_since is None:
            self.alone_since = now
        elif now - self.alone_since >= self.patience:
            raise ClusterError(f"the Dask scheduler at {self.address} has had no worker for"
                               f" {_seconds(self.patience)} s (the last one died or left):"
                               f" start some with dask worker {self.address}", self.address)
        self.threads = max(1, threads)
        return self.threads

    def results(self, future: Any, distributed: Any) -> tuple[float, list[Any]]:
        """A chunk's seconds and results, once done, looking at the cluster every
        ``LOOK_SECONDS`` meanwhile; a ``ClusterError`` where the cluster lost the chunk or a
        worker could not run it."""
        from concurrent.futures import CancelledError

        address = self.address
        try:
            while True:
                try:  # the results fetched from a worker: a chunk lost with its worker is
                    return future.result(timeout=LOOK_SECONDS)  # played again meanwhile
                except distributed.TimeoutError:
                    if future.status == "error":  # the chunk's own error, not the wait's
                        return future.result()
                    self.look()
        except distributed.KilledWorker as e:
            raise ClusterError(f"the workers of {address} that took a chunk of the work kept"
                               f" dying ({e}): see their logs", address) from None
        except CancelledError:
            raise _lost(address) from None
        except ImportError as e:
            raise ClusterError(f"a worker of {address} cannot import what the work needs:"
                               f" {error_line(e)} (install pinochle-calc {_version()} on the"
                               " scheduler and every worker)", address) from None

    def tidy(self, out: deque[Any], plugins: list[str]) -> None:
        """After the work, or when it stops early: the chunks still out cancelled, the modules
        sent taken back, the client closed; none of it waited for past ``CONNECT_SECONDS``, and
        nothing asked of a scheduler that stopped answering (it forgets the chunks of a client
        that has gone)."""
        client = self.client
        try:
            if out:
                client.cancel(list(out), force=True)  # a message sent: no answer waited for
            for plugin in plugins if not self.silent else ():
                _within(CONNECT_SECONDS, partial(client.unregister_worker_plugin, plugin))
        except Exception:  # a scheduler gone or not answering: nothing left on it to tidy
            pass
        try:
            _within(CONNECT_SECONDS + 1, lambda: client.close(
                timeout=1 if self.silent else CONNECT_SECONDS))
        except Exception:
            pass


def _probe() -> str:
    """On the scheduler or a worker: the version of the package it runs."""
    return _version()


def _workers(watch: _Watch) -> None:
    """Wait for the cluster to have a worker (``ClusterError`` after ``CONNECT_SECONDS``
    without), the scheduler (which reads the tasks) and each worker checked to run this
    version of the package; ``watch.threads`` their threads."""
    client, address = watch.client, watch.address
    try:
        _check("the scheduler", address, watch.ask(lambda: client.run_on_scheduler(_probe),
                                                   CONNECT_SECONDS))
    except ClusterError:
        raise
    except Exception as e:  # it cannot load the package: the error as it came back
        _check("the scheduler", address, e)
    try:
        watch.ask(lambda: client.wait_for_workers(1, timeout=CONNECT_SECONDS),
                  CONNECT_SECONDS + 1)
    except (OSError, TimeoutError):
        raise ClusterError(f"the Dask scheduler at {address} has no worker: start some with"
                           f" dask worker {address}", address) from None
    for worker, theirs in sorted(watch.ask_workers(lambda: client.run(
            _probe, on_error="return")).items()):
        _check("worker", worker, theirs)
    watch.look()


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


def _ship(watch: _Watch, modules: Mapping[str, bytes], names: list[str]) -> None:
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
            try:  # the plugin holds the bytes; each worker imports them as it gets them
                watch.ask_workers(partial(watch.client.register_plugin, UploadFile(path),
                                          name=name))
            except ClusterError:
                raise
            except Exception as e:  # the module's own error, as the worker raised it
                raise ClusterError(f"a worker of {watch.address} cannot import {module}, sent"
                                   f" to it: {error_line(e)}", watch.address) from None


# the first contact ---------------------------------------------------------------------------

def greet(address: str) -> None:
    """Check, over a plain socket, that a Dask scheduler answers at ``address``
    (``tcp://HOST:PORT``) within ``CONNECT_SECONDS``: a ``ClusterError`` naming what is there
    instead. A Dask server sends its greeting (the handshake of ``distributed.comm``) as it
    takes a connection, before it reads anything; a peer still silent after
    ``GREETING_SECONDS`` is asked ``WEB_QUESTION``, which a web server answers (a scheduler
    slow to greet still greets first, and drops the question with the probe's connection).
    A refused connection is tried again until the time is up (a scheduler starting)."""
    deadline = time.monotonic() + CONNECT_SECONDS
    with _connection(address, deadline) as peer:
        kind, said = _listen(peer, deadline)
    if kind == "dask":
        return
    if kind == "web":
        raise ClusterError(f"{address} is a web server, not a Dask scheduler (its dashboard?):"
                           " give the address dask scheduler prints as 'Scheduler at:' (port"
                           " 8786 unless it was told another)", address)
    if kind == "silent":
        raise ClusterError(f"{address} took the connection but said nothing for"
                           f" {_seconds(CONNECT_SECONDS)} s, where a Dask scheduler answers at"
                           " once: not a Dask scheduler, or one stopped or hung", address)
    if kind == "closed":
        raise ClusterError(f"{address} is not a Dask scheduler: it closed the connection"
                           " without a word", address)
    raise ClusterError(f"{address} is not a Dask scheduler: it answered {said[:24]!r}",
                       address)


def _connection(address: str, deadline: float) -> socket.socket:
    """A connection to ``address``, tried again (a refused one: a scheduler starting) until
    ``deadline``; the name looked up within it too."""
    found = _ADDRESS.fullmatch(address)
    assert found is not None  # scheduler_address's form
    host, port = found.group(1).strip("[]"), int(found.group(2))
    try:
        places = _within(max(0.0, deadline - time.monotonic()), lambda: socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM))
    except _NoAnswer:
        raise _unreachable(address) from None
    except OSError as e:  # socket.gaierror: no such host
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {host} is not known"
                           f" ({e.strerror or e})", address) from None
    pause = 0.05
    while True:
        for family, kind, proto, _, place in places:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _unreachable(address)
            peer = socket.socket(family, kind, proto)
            peer.settimeout(left)
            try:
                peer.connect(place)
                return peer
            except OSError:
                peer.close()
        time.sleep(max(0.0, min(pause, deadline - time.monotonic())))
        pause = min(pause * 2, 0.5)


def _listen(peer: socket.socket, deadline: float) -> tuple[str, bytes]:
    """What the peer says by ``deadline`` (asked ``WEB_QUESTION`` once silent for
    ``GREETING_SECONDS``): ``dask``, ``web``, ``other``, ``closed`` or ``silent``, and its
    bytes."""
    said, asked = b"", False
    ask_at = min(deadline, time.monotonic() + GREETING_SECONDS)
    while (kind := _greeting_kind(said)) is None:
        now = time.monotonic()
        if now >= deadline:
            return "silent", said
        if not asked and now >= ask_at:
            asked = True
            try:
                peer.sendall(WEB_QUESTION)
            except OSError:
                pass  # it went: what it said, or its silence, tells
        peer.settimeout((deadline if asked else ask_at) - now)
        try:
            more = peer.recv(4096)
        except TimeoutError:  # socket.timeout
            continue
        except OSError:  # reset
            more = b""
        if not more:
            return ("other" if said else "closed"), said
        said += more
    return kind, said


def _greeting_kind(said: bytes) -> str | None:
    """What the first bytes a peer sent are: ``dask`` (a ``distributed.comm`` message: its
    length, its frames' count and lengths, and a first frame that msgpack reads as a map),
    ``web`` (an HTTP answer), ``other``, or None while more are needed to tell."""
    if said.startswith(b"HTTP/"):
        return "web"
    if len(said) < 8:
        return None
    total = int.from_bytes(said[:8], "little")
    if not 16 <= total <= GREETING_MOST:
        return "other"
    if len(said) < 8 + total:
        return None
    body = said[8:8 + total]
    frames = int.from_bytes(body[:8], "little")
    if not 1 <= frames <= 64 or len(body) < 8 + 8 * frames:
        return "other"
    sizes = [int.from_bytes(body[8 + 8 * i:16 + 8 * i], "little") for i in range(frames)]
    if 8 + 8 * frames + sum(sizes) != total:
        return "other"
    start = 8 + 8 * frames
    import msgpack  # type: ignore[import-untyped]  # distributed's own

    try:
        first = msgpack.unpackb(body[start:start + sizes[0]])
    except Exception:  # msgpack's errors have no one base: any is bytes that are not a map
        return "other"
    return "dask" if isinstance(first, dict) else "other"


__all__ = ["map_cluster", "scheduler_address", "require_distributed", "shipped_module",
           "chunk_size", "greet", "patience_seconds", "ClusterError", "ExtraMissing",
           "CONNECT_SECONDS", "PATIENCE_SECONDS", "CHUNK_MOST", "INSTALL"]
