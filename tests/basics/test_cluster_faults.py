"""A cluster that goes wrong is one line in bounded time, never a hang (``pinochle_calc.cluster``,
``arena --scheduler``): a peer at the address that takes the connection and says nothing, or
says something that is not Dask (a web server, the scheduler's own dashboard, a banner), or
closes at once; a scheduler frozen mid-match (SIGSTOP); the only worker killed, with none to
take its place (an error after ``--patience``) or with one that joins in time (the match goes
on, no deal lost).

Every peer is a real process on a real socket, and every cluster is started here by the
``dask`` commands (``dask_cluster.Cluster``). The timeouts are shortened where a test would
otherwise wait them out; the defaults are checked against what docs/arena.md promises."""

from __future__ import annotations

import inspect
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import distributed
import pytest

from pinochle_calc import cluster, limits
from pinochle_calc.cluster import ClusterError, greet, map_cluster, patience_seconds
from pinochle_calc.errors import UserError
from pinochle_calc.game.arena import run_arena
from tests.basics.dask_cluster import Cluster, finish, python
from tests.cli.cli_runner import run

DOCS = Path(__file__).resolve().parents[2] / "docs" / "arena.md"

#: A peer that is not a Dask scheduler, as ``python -c PEER MODE [HEX]`` runs it: it prints its
#: port, then takes every connection and, by MODE, says nothing (``silent``), sends a banner
#: as an SSH server does (``banner``), answers HTTP before it is asked, as a web server might
#: (``http-at-once``: ``distributed`` reads the answer as a message some exabytes long and
#: raises ``MemoryError``), closes it at once (``close``), or sends the bytes HEX one by one
#: (``replay``).
PEER = r'''
import socket
import sys
import time

mode = sys.argv[1]
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(16)
print(server.getsockname()[1], flush=True)
held = []
while True:
    conn, _ = server.accept()
    if mode == "close":
        conn.close()
        continue
    held.append(conn)
    if mode == "banner":
        conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
    elif mode == "http-at-once":
        conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    elif mode == "replay":
        for byte in bytes.fromhex(sys.argv[2]):
            conn.sendall(bytes([byte]))
            time.sleep(0.005)
'''


class Peer:
    """A peer process (``PEER``) and its address."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen(python("-c", PEER, *args), stdout=subprocess.PIPE,
                                     text=True)
        self.address = f"tcp://127.0.0.1:{int(self.proc.stdout.readline())}"

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


@pytest.fixture
def quick(monkeypatch):
    """The first contact's timeouts shortened: 1.5 s in all, a question after 0.3 s."""
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.5)
    monkeypatch.setattr(cluster, "GREETING_SECONDS", 0.3)


def arena_at(address: str) -> tuple[object, float]:
    """``arena formula thumb --scheduler ADDRESS``, run here, and the seconds it took."""
    started = time.monotonic()
    result = run("arena", "formula", "thumb", "--deals", "2", "--scheduler", address)
    return result, time.monotonic() - started


# the first contact -----------------------------------------------------------------------

#: What each peer is said to be.
SAID = {
    "silent": "{address} took the connection but said nothing for 1.5 s, where a Dask"
              " scheduler answers at once: not a Dask scheduler, or one stopped or hung",
    "banner": "{address} is not a Dask scheduler: it answered b'SSH-2.0-OpenSSH_9.6\\r\\n'",
    "http-at-once": "{address} is a web server, not a Dask scheduler (its dashboard?): give the"
                    " address dask scheduler prints as 'Scheduler at:' (port 8786 unless it was"
                    " told another)",
    "close": "{address} is not a Dask scheduler: it closed the connection without a word",
}


@pytest.mark.parametrize("mode", list(SAID))
def test_a_peer_that_is_no_scheduler_is_one_line_within_the_time(quick, no_hang, mode):
    said = SAID[mode]
    peer = Peer(mode)
    try:
        result, took = arena_at(peer.address)
    finally:
        peer.close()
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == "Error: " + said.format(address=peer.address) + "\n"
    assert took < 1.5 + 5  # the time promised, and some for a loaded machine
    if mode == "silent":
        assert took >= 1.5  # it waited the time out


def test_a_web_server_is_named_as_one(quick, no_hang, tmp_path):
    """``python -m http.server`` says nothing until it is asked (``distributed`` waits on it
    for ever)."""
    port = Peer("close")  # a free port, taken from a peer that is then stopped
    port.close()
    number = int(port.address.rsplit(":", 1)[1])
    server = subprocess.Popen(python("-m", "http.server", str(number), "--bind", "127.0.0.1"),
                              cwd=tmp_path, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # until it listens
            try:
                greet(port.address)
            except ClusterError as e:
                if "web server" in str(e):
                    break
            time.sleep(0.1)
        result, took = arena_at(port.address)
    finally:
        server.kill()
        server.wait()
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {port.address} is a web server, not a Dask"
                                    " scheduler (its dashboard?)")
    assert result.stderr.count("\n") == 1 and took < 1.5 + 5


def test_a_schedulers_dashboard_is_named_and_its_greeting_taken_however_it_comes(quick,
                                                                                  no_hang):
    """The scheduler's own web port (where its dashboard is served) is a web server; the
    scheduler's port greets, and the very bytes it sent, replayed a byte at a time, are taken
    as a scheduler's greeting; with a frame's length changed, they are not."""
    import socket

    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address="127.0.0.1:0") as local:
        web = f"tcp://127.0.0.1:{local.scheduler.http_server.port}"
        with pytest.raises(ClusterError, match=f"^{web} is a web server, not a Dask scheduler"):
            list(map_cluster(pow, 2, range(3), web))
        greet(local.scheduler_address)
        host, port = local.scheduler_address.removeprefix("tcp://").rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=10) as s:
            said = s.recv(4096)
    assert said[8:16] == (1).to_bytes(8, "little")  # one frame: the handshake
    peer = Peer("replay", said.hex())
    try:
        greet(peer.address)
    finally:
        peer.close()
    wrong = said[:16] + (int.from_bytes(said[16:24], "little") - 1).to_bytes(8, "little") \
        + said[24:]
    peer = Peer("replay", wrong.hex())
    try:
        with pytest.raises(ClusterError, match="is not a Dask scheduler: it answered"):
            greet(peer.address)
    finally:
        peer.close()


# the defaults ----------------------------------------------------------------------------

def test_the_times_are_those_the_docs_promise(monkeypatch):
    text = " ".join(DOCS.read_text().split())
    promised = re.search(r"does not answer within (\d+) seconds", text)
    assert promised and int(promised.group(1)) == cluster.CONNECT_SECONDS
    patience = re.search(r"`--patience SECONDS`, (\d+) by default", text)
    assert patience and int(patience.group(1)) == limits.PATIENCE_SECONDS
    default = inspect.signature(map_cluster).parameters["patience"].default
    assert default == limits.PATIENCE_SECONDS
    given = []

    def fake(fn, job, items, scheduler, modules=None, chunk=None, patience=None):
        """The work done here, the patience it was given kept."""
        given.append(patience)
        return (fn(item, job) for item in items)

    monkeypatch.setattr(cluster, "map_cluster", fake)
    for extra, want in (((), limits.PATIENCE_SECONDS), (("--patience", "7"), 7)):
        result = run("arena", "formula", "thumb", "--deals", "1", "--scheduler",
                     "tcp://127.0.0.1:1", *extra)
        assert result.exit_code == 0, result.stderr
        assert given.pop() == want
    run_arena("formula", "pass", 1, scheduler="tcp://127.0.0.1:1")
    assert given.pop() == limits.PATIENCE_SECONDS


def test_patience_is_checked():
    alone = run("arena", "formula", "thumb", "--patience", "5")
    assert alone.exit_code == 2 and "give it with --scheduler" in alone.stderr
    for bad in ("0", "86401", "x"):
        result = run("arena", "formula", "thumb", "--scheduler", "tcp://127.0.0.1:1",
                     "--patience", bad)
        assert result.exit_code == 2 and "'--patience'" in result.stderr
    with pytest.raises(UserError, match="give it with a scheduler"):
        run_arena("formula", "pass", 1, patience=5)
    for bad in (0, -1, float("nan"), float("inf"), limits.PATIENCE_MAX + 1):
        with pytest.raises(UserError, match="patience must be more than 0"):
            patience_seconds(bad)
    for bad in ("60", None, True):
        with pytest.raises(TypeError, match="patience is a number of seconds"):
            patience_seconds(bad)
    assert patience_seconds(limits.PATIENCE_MAX) == limits.PATIENCE_MAX
    assert patience_seconds(0.5) == 0.5


# mid-match -------------------------------------------------------------------------------

def match(address: str, patience: int, deals: int = 500) -> subprocess.Popen:
    """``arena formula thumb -f jsonl`` on the cluster at ``address``, as a user runs it."""
    return subprocess.Popen(python("-m", "pinochle_calc", "arena", "formula", "thumb",
                                   "--deals", str(deals), "--seed", "3", "-f", "jsonl",
                                   "--scheduler", address, "--patience", str(patience)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.long
def test_a_frozen_worker_or_a_scheduler_frozen_mid_match_is_waited_for_its_patience(tmp_path):
    """A worker frozen (SIGSTOP) when the work starts: its answer waited for ``patience``; then
    the scheduler frozen mid-match."""
    dask = Cluster(tmp_path, workers=1)
    scheduler, worker = dask.processes
    os.killpg(worker.pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        with pytest.raises(ClusterError, match=f"^the workers of {dask.address} did not answer"
                           r" for 2 s \(is one of them stopped or hung\?\)$"):
            list(map_cluster(pow, 2, range(3), dask.address, patience=2))
        assert 2 <= time.monotonic() - started < 2 + 20
    finally:
        os.killpg(worker.pid, signal.SIGCONT)
    try:
        proc = match(dask.address, 3)
        assert proc.stdout.readline()  # a deal played: the match is under way
        os.killpg(scheduler.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        out, err = finish(proc, timeout=60)
        took = time.monotonic() - stopped
    finally:
        os.killpg(scheduler.pid, signal.SIGCONT)
    try:
        assert proc.returncode == 1, err
        assert err == (f"Error: the Dask scheduler at {dask.address} stopped answering: no"
                       " answer for 3 s (is it stopped or hung, or cut off from this"
                       " machine?)\n")
        assert 3 <= took < 3 + 20
        # thawed, the scheduler forgets the chunks of the client gone
        deadline = time.monotonic() + 30
        while dask.tasks()[0] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert dask.tasks()[0] == 0
    finally:
        dask.close()


@pytest.mark.long
def test_the_only_worker_killed_stops_the_match_after_its_patience(tmp_path):
    dask = Cluster(tmp_path, workers=1, nanny=False)
    worker = dask.processes[1]
    try:
        proc = match(dask.address, 3)
        assert proc.stdout.readline()
        os.killpg(worker.pid, signal.SIGKILL)
        killed = time.monotonic()
        out, err = finish(proc, timeout=60)
        took = time.monotonic() - killed
    finally:
        dask.close()
    assert proc.returncode == 1, err
    assert err == (f"Error: the Dask scheduler at {dask.address} has had no worker for 3 s (the"
                   f" last one died or left): start some with dask worker {dask.address}\n")
    assert 3 <= took < 3 + 20


def test_a_worker_that_joins_within_the_patience_takes_the_match_on(tmp_path, monkeypatch):
    """The only worker killed, and another started: the match ends as ``--jobs`` plays it."""
    dask = Cluster(tmp_path, workers=1, nanny=False)
    try:
        proc = match(dask.address, 60, deals=40)
        first = proc.stdout.readline()
        assert first and proc.poll() is None
        os.killpg(dask.processes[1].pid, signal.SIGKILL)
        dask.add_worker("worker-late", nanny=False)
        out, err = finish(proc, timeout=120)
    finally:
        dask.close()
    assert proc.returncode == 0, err
    want = run("arena", "formula", "thumb", "--deals", "40", "--seed", "3", "-f", "jsonl",
               "--jobs", "2")
    assert first + out == want.stdout
