"""Policies written outside the project: loaded by ``MODULE:NAME`` (a module or a .py file),
refused with a clear error when they cannot be used, stopped with the deal, the seat and the
call named when they fail mid-hand, under one process or several; and the sample in
``samples/`` runs from a fresh clone."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pinochle_calc.game.arena import DealFailed, duplicate_deals, run_arena
from pinochle_calc.game.policies import PolicyLoadError, load_policy, policy
from pinochle_calc.game.whole import PolicyError, deal_cards, play_hand
from pinochle_calc.rules import load_rules

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "my_bidder.py")

def test_a_class_a_factory_or_a_policy_object_by_module_or_by_file(bots):
    assert load_policy("bots:Opener").name == "opener"
    assert load_policy("bots:make_opener").name == "made-opener"
    assert load_policy("bots:ready").name == "opener"
    by_file = load_policy(f"{bots}:Opener")
    assert by_file.name == "opener" and type(by_file).__name__ == "Opener"
    # a built-in name is never read as a module, and the spec keeps its case
    assert policy("formula").name == "formula"
    assert policy("bots:Opener").name == "opener"
    record = play_hand(deal_cards(1), "bots:Opener", "pass")
    assert (record.tag("Us"), record.tag("Them")) == ("opener", "pass")
    assert record.events[0].bid == 50


@pytest.mark.parametrize("spec, words", [
    ("no_such_module:X", "cannot import no_such_module: ModuleNotFoundError"),
    ("missing/file.py:X", "cannot import missing/file.py: no such file"),
    ("bots:Missing", "bots has no name 'Missing'"),
    ("bots:number", "number is a int, not a class or factory"),
    ("bots:NoCalls", "the class NoCalls is not a policy: it lacks call, name_trump, pass_cards,"
                     " return_cards, throw_in"),
    ("bots:not_a_policy", "not_a_policy() gave a int, which is not a policy"),
    ("bots:Nameless", "its name must be a non-empty text"),
    ("bots:OwnConvention", "its convention 'bridge' is not one of jump, davis, toby"),
    ("bots:fails", "fails() failed: RuntimeError: cannot start"),
    ("bots:", "write MODULE:NAME"),
])
def test_a_policy_that_cannot_be_used_is_refused(bots, spec, words):
    with pytest.raises(PolicyLoadError) as info:
        load_policy(spec)
    assert words in str(info.value)


def test_a_module_that_fails_to_import_is_named(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("import nowhere_to_be_found\n", encoding="utf-8")
    with pytest.raises(PolicyLoadError, match="cannot import .*broken.py: ModuleNotFoundError"):
        load_policy(f"{broken}:X")
    syntax = tmp_path / "syntax.py"
    syntax.write_text("def (:\n", encoding="utf-8")
    with pytest.raises(PolicyLoadError, match="SyntaxError"):
        load_policy(f"{syntax}:X")


@pytest.mark.parametrize("spec, words", [
    ("bots:RaisesAtSecondCall", "policy raiser at seat {seat} failed in call, at call {n} of the"
                                " auction (after {calls}): ValueError: out of ideas"),
    ("bots:BidsTooLow", "policy too-low at seat {seat} made an illegal call, {high}, at call {n}"
                        " of the auction (after {calls})"),
])
def test_a_policy_that_fails_mid_hand_stops_the_match_naming_deal_seat_and_call(bots, spec,
                                                                              words, no_hang):
    # formula raises the opening 50, so the failing policy is asked a second time; the error
    # is the same whatever the processes
    said = []
    for jobs in (1, 2, 3):
        with pytest.raises(PolicyError) as info:
            run_arena(spec, "formula", 3, seed=4, jobs=jobs)
        said.append(str(info.value))
    assert said[0].startswith("deal 0 (seed 4), ") and said[1] == said[0] == said[2]
    name = load_policy(spec).name
    with pytest.raises(PolicyError) as info:
        play_hand(deal_cards(4, 0), spec, "formula", seed=1)
    message = str(info.value)
    assert f"policy {name} at seat " in message
    seat = int(message.split(" at seat ")[1].split()[0])
    assert seat in (0, 2)
    calls = message.split("(after ")[1].split(")")[0]
    high = max(int(c) for c in calls.split() if c != "p")
    n = len(calls.split()) + 1
    assert words.format(seat=seat, n=n, calls=calls, high=high) in message


def test_answers_that_are_not_answers_are_named(bots):
    with pytest.raises(PolicyError, match=r"policy number at seat 0 answered call 1 of the"
                       r" auction \(the first call\) with 55: a call is a Bid"):
        play_hand(deal_cards(1), "bots:AnswersWithANumber", "pass")
    with pytest.raises(PolicyError, match=r"policy bad-pass at seat 2 failed in pass_cards, at"
                       r" the exchange \(the partner's pass\): KeyError"):
        play_hand(deal_cards(1), "bots:BadPass", "pass", load_rules("standard,passing.cards=4"),
                  contract=(0, 2, 50))


def test_a_built_in_policys_error_is_left_as_a_bug():
    from pinochle_calc.game.policies import Formula

    class Broken(Formula):  # a subclass is the user's policy: its error is named
        def call(self, seat):
            raise ZeroDivisionError("x")

    with pytest.raises(PolicyError, match="failed in call"):
        play_hand(deal_cards(1), Broken(), "pass")


def test_the_sample_runs_by_path_and_as_a_module_with_any_number_of_jobs(monkeypatch):
    one = run_arena(f"{SAMPLE}:AcesAndMeld", "formula", 4, seed=3)
    two = run_arena(f"{SAMPLE}:AcesAndMeld", "formula", 4, seed=3, jobs=2)
    assert one == two and one.policies[0].name == "aces-and-meld"
    monkeypatch.syspath_prepend(str(ROOT / "samples"))
    assert run_arena("my_bidder:AcesAndMeld", "formula", 4, seed=3) == one


def test_the_sample_from_the_shell_with_pythonpath():
    env = dict(os.environ, PYTHONPATH="samples")
    proc = subprocess.run([sys.executable, "-m", "pinochle_calc", "arena", "my_bidder:AcesAndMeld",
                           "pass", "--deals", "2", "--jobs", "2", "--format", "json"],
                          capture_output=True, text=True, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stderr
    assert '"policies": ["aces-and-meld", "pass"]' in proc.stdout


# policies that end the process they run in ---------------------------------------------------

#: Each way a policy can end its worker, and how the match's error says it.
DEATHS = [
    ("dies_by_exit", "its worker process exited (status 3) before answering"),
    ("dies_by_sigkill", "its worker process was killed by SIGKILL (the system may have run out"
                        " of memory)"),
    ("dies_by_sigterm", "its worker process was killed by SIGTERM"),
    ("dies_by_sys_exit", "SystemExit: 3"),
    ("dies_by_interrupt", "KeyboardInterrupt"),
    ("dies_by_base_exception", "Ending: gone"),
    ("dies_by_memory", "MemoryError"),
]


@pytest.mark.parametrize("name, words", DEATHS)
def test_a_policy_that_ends_its_worker_stops_the_match_naming_the_deal(bots, no_hang, name,
                                                                      words):
    # SystemExit, KeyboardInterrupt or another BaseException, and MemoryError, are said as
    # errors (by the worker, or by the engine where it catches them: then with the seat and
    # the call); os._exit and signals are seen as the worker's death
    with pytest.raises(PolicyError) as info:
        run_arena(f"bots:{name}", "formula", 6, seed=4, jobs=2)
    message = str(info.value)
    assert message.startswith("deal 0 (seed 4)") and words in message
    assert "\n" not in message
    assert multiprocessing.active_children() == []


def test_a_worker_that_dies_on_a_later_deal_names_that_deal_after_the_deals_before(bots,
                                                                                   no_hang):
    """The same condition (five aces in the hand at the second call) raising an error, with
    one process, finds the deal; ending the process instead, with two or three, names it, and
    the deals before it come first, the same."""
    def played(spec: str, jobs: int) -> tuple[list, PolicyError]:
        pairs = []
        with pytest.raises(PolicyError) as info:
            for pair in duplicate_deals(spec, "formula", 14, seed=2, jobs=jobs):
                pairs.append(pair)
        return pairs, info.value

    pairs, error = played("bots:raises_with_aces", 1)
    deal = int(str(error).split()[1])
    assert deal > 2 and len(pairs) == deal  # a later deal, so that the order is tested
    assert "ValueError: no more" in str(error)
    for jobs in (2, 3):
        again, same = played("bots:raises_with_aces", jobs)
        assert str(same) == str(error) and again == pairs
        again, died = played("bots:exits_with_aces", jobs)
        assert isinstance(died, DealFailed) and (died.deal, died.seed) == (deal, 2)
        assert again == pairs
    assert multiprocessing.active_children() == []


def test_failing_and_dying_policies_many_times_over_never_hang(bots, no_hang):
    """The failing-policy match that once hung one time in fifty (multiprocessing.Pool's
    terminate racing a worker's answer), and the cheap deaths, over and over."""
    for _ in range(8):
        for spec in ("bots:RaisesAtSecondCall", "bots:dies_by_exit", "bots:dies_by_sigkill",
                     "bots:dies_by_sys_exit"):
            with pytest.raises(PolicyError, match=r"^deal 0 \(seed 4\)"):
                run_arena(spec, "formula", 3, seed=4, jobs=2)
    assert multiprocessing.active_children() == []


def _left(group: int) -> bool:
    """Whether any process of process group ``group`` is still running."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("name, words", DEATHS)
def test_from_the_shell_a_dying_policy_is_one_line_and_exit_1(bots, name, words):
    proc = subprocess.Popen([sys.executable, "-m", "pinochle_calc", "arena", f"bots:{name}",
                             "formula", "--deals", "6", "--jobs", "2"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=os.path.dirname(bots),
                            start_new_session=True)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert err.startswith("Error: deal 0 (seed 0)") and words in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert out == ""
    deadline = time.monotonic() + 10
    while _left(proc.pid) and time.monotonic() < deadline:  # its workers, in its group
        time.sleep(0.1)
    assert not _left(proc.pid)
