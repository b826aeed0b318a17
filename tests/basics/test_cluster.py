"""Work on a Dask cluster (``pinochle_calc.cluster``, ``arena --scheduler``): the lines and the
report ``--jobs`` gives, byte for byte; results in order whatever order the chunks end in; a
worker killed mid-match costing no deal; Ctrl-C stopping as with ``--jobs`` and leaving nothing
running on the cluster; a policy file sent to the workers; and a bad address, a scheduler that
does not answer or has no worker, a worker without the package, and a missing extra, each one
line.

The cluster is started here, on 127.0.0.1, with the commands docs/arena.md shows: ``dask
scheduler`` and two ``dask worker`` processes (each with its nanny, which restarts a worker
that dies), in their own session so that a Ctrl-C sent to a match does not reach them."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import distributed
import pytest

from pinochle_calc import __version__, cluster
from pinochle_calc.bidding.estimate import DEFAULT_SAMPLES
from pinochle_calc.cluster import ClusterError, ExtraMissing, map_cluster, scheduler_address
from pinochle_calc.errors import UserError
from pinochle_calc.game.arena import _Match, duplicate_deals, play_twice, run_arena
from pinochle_calc.processes import map_jobs
from pinochle_calc.rules import STANDARD, load_rules
from tests.basics.dask_cluster import Cluster, finish, free_port, python
from tests.cli.cli_runner import as_a_terminal_runs_it, run

#: A policy of one's own that calls as ``formula`` does after a pause: the pause (seconds) is
#: read from the environment of the machine that calls, which the cluster's workers have and
#: the test process has not, so that a match is slow on the cluster only.
SLOW = '''
import os
import time

from pinochle_calc.game.policies import Formula


class Slow(Formula):
    name = "slow-formula"

    def call(self, seat):
        time.sleep(float(os.environ.get("PINOCHLE_TEST_PAUSE", "0")))
        return super().call(seat)
'''

#: A policy of one's own that cannot be imported where the pause is set: on the workers.
PICKY = '''
import os

if "PINOCHLE_TEST_PAUSE" in os.environ:
    import no_such_module_on_the_workers  # noqa: F401

from pinochle_calc.game.policies import Formula


class Picky(Formula):
    name = "picky"
'''

#: Helpers for ``map_cluster`` itself, sent to the workers as a module (its ``modules``).
HELPERS = '''
import time


def late_second(item, job):
    """``item`` squared, the second item after ``job`` seconds: its chunk ends after later
    ones."""
    if item == 1:
        time.sleep(job)
    return item * item


def times_out(item, job):
    """``item``, or at item ``job`` a ``TimeoutError`` of the work's own."""
    if item == job:
        raise TimeoutError(f"item {item} ran out of time")
    return item
'''

@pytest.fixture(scope="module")
def dask(tmp_path_factory):
    """A cluster of two one-thread workers, for the whole module."""
    started = Cluster(tmp_path_factory.mktemp("cluster"), workers=2)
    yield started
    started.close()


@pytest.fixture
def slow(tmp_path) -> Path:
    """The folder of a match, holding the slow policy as slow.py and the picky one as picky.py
    (matches name them by a path relative to it, which the workers, started in another folder,
    could not follow)."""
    (tmp_path / "slow.py").write_text(SLOW)
    (tmp_path / "picky.py").write_text(PICKY)
    return tmp_path


# the same results as --jobs ---------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_a_match_on_a_cluster_writes_the_lines_of_jobs_byte_for_byte(dask, fmt):
    args = ("arena", "formula", "thumb", "--deals", "10", "--seed", "7", "-f", fmt)
    here = run(*args, "--jobs", "2")
    there = run(*args, "--scheduler", dask.address)
    assert here.exit_code == there.exit_code == 0, there.stderr
    assert len(here.stdout.splitlines()) == 20 + (fmt == "csv")
    assert there.stdout == here.stdout and there.stderr == ""


def without_timing(report) -> dict:
    out = report.to_dict()
    out.pop("seconds")
    out.pop("hands_per_second")
    return out


def test_the_library_reports_alike_on_a_cluster_and_in_processes(dask):
    rules = load_rules("standard,passing.cards=4")
    hands: dict[str, list] = {"jobs": [], "cluster": []}
    reports = {
        where: run_arena("formula", "pass", 8, seed=3, rules=rules, on_hand=lambda d, r, rec,
                         where=where: hands[where].append((d, r, rec.to_dict())),
                         **({"jobs": 2} if where == "jobs" else {"scheduler": dask.address}))
        for where in ("jobs", "cluster")}
    assert [(d, r) for d, r, _ in hands["cluster"]] == [(d, r) for d in range(8) for r in (0, 1)]
    assert hands["cluster"] == hands["jobs"]
    assert without_timing(reports["cluster"]) == without_timing(reports["jobs"])


@pytest.fixture
def helpers(dask, tmp_path, monkeypatch):
    """``HELPERS`` as a module, importable here and on the scheduler by the name
    ``shipped_module`` gives it (for ``map_cluster``'s ``modules``, which sends it to the
    workers): the module, its name and its source."""
    import importlib.util

    path = tmp_path / "helpers.py"
    path.write_text(HELPERS)
    name, source = cluster.shipped_module(str(path))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setitem(sys.modules, name, module)  # pickled by this name, as on the workers
    # the scheduler reads the tasks, so it imports the module of their function: sent here
    # (map_cluster sends its modules to the workers alone, which run what the tasks import)
    from distributed.diagnostics.plugin import SchedulerUploadFile

    shipped = tmp_path / f"{name}.py"
    shipped.write_bytes(source)
    dask.client.register_plugin(SchedulerUploadFile(str(shipped)), name=name)
    yield module, name, source
    dask.client.unregister_scheduler_plugin(name)


def test_results_come_in_order_when_a_chunk_ends_after_later_ones(dask, helpers):
    """The second item's chunk takes two seconds, the others none: while the caller takes its
    time over the first result, a later chunk ends (on the other worker), and waits."""
    helpers, name, source = helpers
    out, done_early = [], []

    def done() -> list[int]:
        """The items whose chunks have ended and wait for the caller."""
        return dask.client.run_on_scheduler(lambda dask_scheduler: sorted(
            int(str(key).rsplit("-", 1)[1]) for key, ts in dask_scheduler.tasks.items()
            if ts.state == "memory"))

    for result in map_cluster(helpers.late_second, 2.0, range(7), dask.address,
                              {name: source}, chunk=1):
        out.append(result)
        deadline = time.monotonic() + 1.5
        while len(out) == 1 and not done_early and time.monotonic() < deadline:
            done_early = [item for item in done() if item > 1]
            time.sleep(0.05)
        if len(out) == 1:
            assert 1 not in done()  # the second item's chunk is still running
    assert done_early  # a later chunk ended first
    assert out == list(map_jobs(helpers.late_second, 0.0, range(7))) == [i * i for i in range(7)]


def test_a_timeout_of_the_works_own_reaches_the_caller_as_it_came(dask, helpers, no_hang):
    """A ``TimeoutError`` the work raises is its error, not a wait for the cluster's answer
    (which the match takes as a cue to look at the cluster, and waits on)."""
    helpers, name, source = helpers
    out = []
    with pytest.raises(TimeoutError, match="item 3 ran out of time"):
        for result in map_cluster(helpers.times_out, 3, range(6), dask.address,
                                  {name: source}, chunk=1):
            out.append(result)
    assert out == [0, 1, 2]


def test_a_policy_that_fails_on_a_worker_stops_the_match_as_with_jobs(dask, bots):
    args = ("arena", f"{bots}:RaisesAtSecondCall", "formula", "--deals", "3")
    here = run(*args, "--jobs", "2")
    there = run(*args, "--scheduler", dask.address)
    assert here.exit_code == there.exit_code == 1
    assert there.stderr == here.stderr and there.stderr.count("\n") == 1
    assert there.stderr.endswith(": ValueError: out of ideas\n")


def test_a_policy_file_is_sent_under_a_name_of_its_bytes(tmp_path):
    from pinochle_calc.game.arena import _on_workers

    path = tmp_path / "slow.py"
    path.write_text(SLOW)
    name, source = cluster.shipped_module(str(path))
    assert source == path.read_bytes() and name.startswith("pinochle_shipped_slow_")
    assert _on_workers(f"{path}:Slow/advisor") == (f"{name}:Slow/advisor", [(name, source)])
    assert _on_workers(f"{path}:Slow/heuristic") == (f"{name}:Slow", [(name, source)])
    assert _on_workers("formula/advisor") == ("formula/advisor", [])
    assert _on_workers("bots:Raiser") == ("bots:Raiser", [])  # a module: imported by name
    # a card player of one's own is sent too, beside the bidder
    both = _on_workers(f"{path}:Slow/{path}:Slow")
    assert both == (f"{name}:Slow/{name}:Slow", [(name, source), (name, source)])
    path.write_text(SLOW + "# another version\n")
    assert cluster.shipped_module(str(path))[0] != name


# a worker lost, Ctrl-C -------------------------------------------------------------------

def test_sigterm_stops_a_match_on_a_cluster_and_leaves_nothing_running_there(dask, slow):
    proc = subprocess.Popen(python("-m", "pinochle_calc", "arena", "slow.py:Slow", "thumb",
                                   "--deals", "60", "-f", "jsonl", "--scheduler", dask.address),
                            cwd=slow, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.readline()
    assert dask.tasks()[0] > 0  # the match's chunks are on the cluster
    proc.send_signal(signal.SIGTERM)
    out, err = finish(proc)
    assert proc.returncode == 143 and err == ""
    deadline = time.monotonic() + 15
    while dask.tasks() != (0, 0) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert dask.tasks() == (0, 0)


def test_ctrl_c_stops_a_match_on_a_cluster_and_leaves_nothing_running_there(dask, slow,
                                                                           monkeypatch):
    args = ("arena", "slow.py:Slow", "thumb", "--seed", "5", "-f", "jsonl")
    proc = subprocess.Popen(python("-m", "pinochle_calc", *args, "--deals", "60", "--scheduler",
                                   dask.address), cwd=slow, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=as_a_terminal_runs_it)
    first = proc.stdout.readline()
    assert dask.tasks()[0] > 0  # the match's chunks are on the cluster
    os.killpg(proc.pid, signal.SIGINT)  # the terminal sends it to the whole group
    out, err = finish(proc)
    assert proc.returncode == 130
    assert err.startswith("Error: stopped after ") and err.endswith(" of 60 deals\n")
    assert err.count("\n") == 1
    done = int(err.split()[3])
    lines = (first + out).splitlines()
    assert done >= 1 and len(lines) == 2 * done
    monkeypatch.chdir(slow)
    assert lines == run(*args, "--deals", str(done)).stdout.splitlines()
    # the scheduler forgets the chunks at once; a worker ends the chunk it was running
    deadline = time.monotonic() + 15
    while dask.tasks() != (0, 0) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert dask.tasks() == (0, 0)


def test_a_caller_that_stops_early_leaves_nothing_running_on_the_cluster(dask, slow,
                                                                        monkeypatch):
    monkeypatch.chdir(slow)
    deals = duplicate_deals("slow.py:Slow", "thumb", 40, seed=2, scheduler=dask.address)
    first = next(deals)
    assert first == play_twice(0, _Match("slow.py:Slow", "thumb", STANDARD, 2, DEFAULT_SAMPLES))
    assert dask.tasks()[0] > 0
    deals.close()
    deadline = time.monotonic() + 15
    while dask.tasks() != (0, 0) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert dask.tasks() == (0, 0)


# what cannot be used ---------------------------------------------------------------------

def test_a_worker_that_runs_another_version_is_named(dask, monkeypatch):
    ours = re.escape(__version__)
    with pytest.raises(ClusterError, match=rf"worker tcp://127\.0\.0\.1:\d+ runs pinochle-calc"
                       rf" {ours}, this machine 0\.0\.0: install") as raised:
        dask.client.submit(cluster._run_chunk, pow, [2], 3, "0.0.0").result()
    assert raised.value.address in dask.client.nthreads()
    monkeypatch.setattr(cluster, "_version", lambda: "9.9")  # this machine's, not the workers'
    with pytest.raises(ClusterError, match=rf"runs pinochle-calc {ours}, this machine 9\.9:"
                       " install the same version on the scheduler and every worker"):
        list(map_cluster(pow, 2, range(3), dask.address))


def test_a_policy_file_the_workers_cannot_import_is_one_line(dask, slow, monkeypatch):
    monkeypatch.chdir(slow)
    result = run("arena", "picky.py:Picky", "thumb", "--deals", "2", "--scheduler",
                 dask.address)
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"Error: a worker of {dask.address} cannot import"
                                    " pinochle_shipped_picky_")
    assert "sent to it: ModuleNotFoundError" in result.stderr
    assert "No module named 'no_such_module_on_the_workers'" in result.stderr
    held = dask.client.run_on_scheduler(lambda dask_scheduler: list(dask_scheduler.worker_plugins))
    assert not [p for p in held if p.startswith("pinochle")]  # taken back all the same


def test_a_worker_killed_mid_match_loses_no_deal(dask, slow, monkeypatch):
    """The last test of the cluster: the worker killed is started again by its nanny, which
    a later test would have to wait for."""
    args = ("arena", "slow.py:Slow", "thumb", "--deals", "10", "--seed", "4", "-f", "jsonl")
    monkeypatch.chdir(slow)
    want = run(*args, "--jobs", "2")
    assert want.exit_code == 0, want.stderr
    pids = dask.client.run(os.getpid)
    proc = subprocess.Popen(python("-m", "pinochle_calc", *args, "--scheduler", dask.address),
                            cwd=slow, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()  # a deal played: the match is under way
    deadline = time.monotonic() + 30
    busy: list[str] = []
    while not busy and time.monotonic() < deadline:
        busy = [w for w, n in dask.client.run_on_scheduler(lambda dask_scheduler: {
            ws.address: len(ws.processing) for ws in dask_scheduler.workers.values()}).items()
            if n]
    assert busy and proc.poll() is None  # mid-match, a worker holding a chunk
    os.kill(pids[busy[0]], signal.SIGKILL)
    out, err = finish(proc)
    assert proc.returncode == 0, err
    assert first + out == want.stdout and '"slow-formula"' in out
    held = dask.client.run_on_scheduler(lambda dask_scheduler: list(dask_scheduler.worker_plugins))
    assert not [p for p in held if p.startswith("pinochle")]  # slow.py's, taken back
    victim = busy[0]
    events = [event for _, event in dask.client.get_events(victim)
              if isinstance(event, dict) and event.get("action") == "remove-worker"]
    lost = [str(key) for event in events for key in (*event.get("processing-tasks", ()),
                                                     *event.get("lost-computed-tasks", ()))]
    assert any(key.startswith("play_twice-") for key in lost)  # chunks that were played again


def test_a_scheduler_that_does_not_answer_is_one_line_within_seconds(monkeypatch):
    """Within ``CONNECT_SECONDS`` (one second here, for the suite's time)."""
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{free_port()}"
    started = time.monotonic()
    result = run("arena", "formula", "thumb", "--scheduler", address)
    took = time.monotonic() - started
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (f"Error: cannot reach the Dask scheduler at {address}: no answer"
                             f" within {cluster.CONNECT_SECONDS} s (is dask scheduler running"
                             " there, and its port open to this machine?)\n")
    assert took < cluster.CONNECT_SECONDS + 3


POISON = "import sys\nsys.modules['pinochle_calc'] = None  # as if not installed\n"


def test_a_scheduler_without_the_package_is_named(tmp_path):
    (tmp_path / "poison.py").write_text(POISON)
    bare = Cluster(tmp_path, workers=0, preload=str(tmp_path / "poison.py"))
    try:
        with pytest.raises(ClusterError, match=rf"the scheduler {bare.address} cannot load"
                           r" pinochle-calc \(ModuleNotFoundError: No module named"
                           r" 'pinochle_calc.cluster'.*\): install pinochle-calc"):
            list(map_cluster(pow, 2, range(3), bare.address))
    finally:
        bare.close()


def test_a_scheduler_without_workers_or_with_a_worker_without_the_package(tmp_path, monkeypatch):
    """The scheduler runs here (a ``LocalCluster`` of no worker, in this process), the worker
    in a process of its own."""
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    (tmp_path / "poison.py").write_text(POISON)
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=":0") as local:
        address = local.scheduler_address
        started = time.monotonic()
        with pytest.raises(ClusterError, match=f"the Dask scheduler at {address} has no"
                           f" worker: start some with dask worker {address}$"):
            list(map_cluster(pow, 2, range(3), address))
        assert time.monotonic() - started < 5
        worker = subprocess.Popen(python("-m", "dask", "worker", address, "--nthreads", "1",
                                         "--no-nanny", "--no-dashboard", "--preload",
                                         str(tmp_path / "poison.py")), cwd=tmp_path,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True)
        try:
            with distributed.Client(address, set_as_default=False) as client:
                client.wait_for_workers(1, timeout=60)
            with pytest.raises(ClusterError, match=r"worker tcp://127\.0\.0\.1:\d+ cannot load"
                               r" pinochle-calc \(ModuleNotFoundError.*\): install"
                               rf" pinochle-calc {re.escape(__version__)} on the scheduler and"
                               " every worker"):
                list(map_cluster(pow, 2, range(3), address))
        finally:
            worker.kill()
            worker.wait()


@pytest.mark.parametrize(("text", "host", "port"), [
    ("tcp://127.0.0.1:8786", "127.0.0.1", 8786), ("10.0.0.5:8786", "10.0.0.5", 8786),
    (" tcp://sched-1.example.org:1 ", "sched-1.example.org", 1),
    ("tcp://[::1]:65535", "::1", 65535), ("tcp://node7:08786", "node7", 8786),
])
def test_an_address_as_dask_scheduler_prints_it_reads_as_dask_reads_it(text, host, port):
    from distributed.comm import parse_address, parse_host_port

    address = scheduler_address(text)
    scheme, location = parse_address(address)
    assert scheme == "tcp" and parse_host_port(location) == (host, port)


@pytest.mark.parametrize("text", ["", "tcp://", "tcp://host", "host", "tcp://host:0",
                                  "tcp://host:65536", "tcp://host:99999999", "http://host:8786",
                                  "tls://host:8786", "tcp://ho st:8786", "tcp://host:8786/x",
                                  "tcp://-host:8786", "tcp://host:port", "tcp://host:8786\n"
                                  "tcp://other:1"])
def test_a_bad_address_is_a_misused_option(text):
    with pytest.raises(UserError, match="is not a scheduler's address: write tcp://HOST:PORT"):
        scheduler_address(text)
    with pytest.raises(UserError, match="is not a scheduler's address"):
        run_arena("formula", "pass", 1, scheduler=text)


def test_a_bad_address_or_jobs_with_a_scheduler_exit_2_before_any_work():
    bad = run("arena", "formula", "thumb", "--scheduler", "tcp://host")
    assert bad.exit_code == 2 and bad.stderr == (
        "Error: Invalid value for '--scheduler': 'tcp://host' is not a scheduler's address:"
        " write tcp://HOST:PORT as dask scheduler prints it, e.g. tcp://10.0.0.5:8786 (see"
        " root arena -h)\n")
    both = run("arena", "formula", "thumb", "--scheduler", "tcp://127.0.0.1:1", "-j", "2")
    assert both.exit_code == 2 and "give one of them" in both.stderr
    with pytest.raises(UserError, match="give one of them"):
        run_arena("formula", "pass", 1, jobs=2, scheduler="tcp://127.0.0.1:1")


BLOCKED = ("import sys\nsys.modules['distributed'] = None  # as if not installed\n"
           "sys.argv = ['pinochle-calc', *sys.argv[1:]]\n"
           "from pinochle_calc.cli import main\nmain()\n")


def test_the_help_says_how_to_install_the_extra():
    shown = " ".join(w for w in run("arena", "-h").stdout.split() if w != "│")
    assert "tcp://HOST:PORT as dask scheduler prints it" in shown
    assert "(pip install 'pinochle-calc[cluster]')" in shown  # the brackets not taken as markup


def test_without_the_extra_a_scheduler_says_how_to_install_it():
    result = subprocess.run(python("-c", BLOCKED, "arena", "formula", "thumb", "--scheduler",
                                   "tcp://127.0.0.1:8786"), capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert f"a cluster needs the distributed package, which is not installed: {cluster.INSTALL}" \
        in result.stderr
    assert cluster.INSTALL == "pip install 'pinochle-calc[cluster]'"
    code = ("import sys\nsys.modules['distributed'] = None\n"
            "from pinochle_calc.game.arena import run_arena\n"
            "try:\n    run_arena('formula', 'pass', 1, scheduler='tcp://127.0.0.1:8786')\n"
            "except Exception as e:\n    print(type(e).__name__, isinstance(e, ValueError))\n")
    out = subprocess.run(python("-c", code), capture_output=True, text=True, check=True)
    assert out.stdout == "ExtraMissing True\n"  # a UserError
    assert issubclass(ExtraMissing, UserError)


def test_the_package_never_imports_distributed_without_a_scheduler():
    code = ("import sys\nfrom pinochle_calc.game.arena import run_arena\n"
            "run_arena('formula', 'pass', 2, jobs=2)\n"
            "sys.argv = ['pinochle-calc', 'arena', 'formula', 'pass', '--deals', '2', '-f',"
            " 'json']\nfrom pinochle_calc.cli import main\ntry:\n    main()\n"
            "except SystemExit:\n    pass\n"
            "print('distributed' in sys.modules, 'dask' in sys.modules)\n")
    out = subprocess.run(python("-c", code), capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "False False"


def test_a_job_and_its_results_travel_by_pickle():
    import pickle

    job = _Match("formula", "thumb", load_rules("standard,passing.cards=4"), 1, 100)
    assert pickle.loads(pickle.dumps(job)) == job
    pair = play_twice(0, job)
    assert pickle.loads(pickle.dumps((play_twice, pair)))[1] == pair


def test_the_test_extra_holds_the_cluster_extra():
    """CI installs ``.[test]`` alone: the cluster tests need what ``[cluster]`` installs."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib

    extras = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
                           )["project"]["optional-dependencies"]
    assert extras["cluster"] and set(extras["cluster"]) <= set(extras["test"])
    assert any(r.startswith("distributed") for r in extras["cluster"])
