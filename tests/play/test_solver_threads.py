"""The solver on threads: it lets go of the GIL while it searches (another thread runs
meanwhile and can stop it with ``interrupt()``), one solver serves one thread at a time (a
second caller gets a ``RuntimeError``, not a corrupted search), a signal handler's error stops
it, and ``solver.search_layouts`` (the card advice's layouts on two threads) gives what one
search per layout gives, covering the same first layouts on every run, and stops every thread
when the calling one is stopped."""

from __future__ import annotations

import os
import signal
import threading
import time

import numpy as np
import pytest
from native import extension

from pinochle_calc.play import search, solver
from pinochle_calc.play.tricks import PlayState, encode

#: Four 20-card hands (the first lead of a whole deal: hours of search).
DEAL = ["AS 10S 10S 10S 10S AH AH 10H 10H QH AD AD 10D KD KD 10C QC QC QC JC",
        "AS AS AS KS QS AH KH JH JH 10D 10D KD QD QD AC AC KC KC KC JC",
        "KS KS QS QS JS AH 10H KH QH QH QH JH AD QD JD JD AC AC 10C KC",
        "KS QS JS JS JS 10H KH KH JH AD 10D KD QD JD JD 10C 10C QC JC JC"]
WHOLE = [c for h in PlayState.deal(DEAL, 2, 0).hands for c in encode(h)]


def searching(engine, call) -> tuple[threading.Thread, dict]:
    """``call`` on a thread, returned once ``engine`` is searching (its count of positions
    moves): the thread and what the call gave (``"error"``: what it raised)."""
    got: dict = {}

    def run():
        try:
            got["value"] = call()
        except BaseException as e:  # noqa: BLE001 (the test looks at it)
            got["error"] = e

    before = engine.nodes
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while engine.nodes == before and thread.is_alive():
        assert time.monotonic() < deadline
        time.sleep(0.001)
    return thread, got


@pytest.mark.parametrize("compiled", [True, False])
def test_another_thread_runs_while_it_searches_and_interrupt_stops_it(compiled):
    """The search runs on a thread; this thread sees its count of positions grow (it could
    not, were the GIL held to the end) and stops it: ``KeyboardInterrupt``, and every search
    after until ``clear()``. A second caller meanwhile is refused."""
    engine = extension("pinochle_calc.play._solver").Solver(2, 16) if compiled else \
        search.PySolver(2)
    thread, got = searching(engine, lambda: engine.values(WHOLE, 0, [], 5 * 10**7))
    seen = engine.nodes
    time.sleep(0.05)
    assert thread.is_alive() and engine.nodes > seen  # still searching, while this ran
    for call in (lambda: engine.value(WHOLE, 0, []), engine.clear,
                 lambda: engine.__init__(2)):
        with pytest.raises(RuntimeError, match="searching in another thread"):
            call()
    engine.interrupt()
    thread.join(10)
    assert not thread.is_alive() and isinstance(got.get("error"), KeyboardInterrupt)
    small = [c for h in PlayState.deal(["AS", "KS", "QS", "JS"], 2, 0).hands for c in encode(h)]
    with pytest.raises(KeyboardInterrupt):
        engine.value(small, 0, [])
    engine.clear()
    assert engine.value(small, 0, []) == 4


class Stop(Exception):
    pass


def test_a_signal_handlers_error_stops_the_search_at_once():
    """Ctrl-C's path: the search looks for signals every few thousand positions, and the
    handler's error (``KeyboardInterrupt`` for Ctrl-C; here one of its own, on SIGUSR1) ends
    it with that error, the solver free again."""
    engine = extension("pinochle_calc.play._solver").Solver(2, 16)

    def stop(*_):
        raise Stop

    sent = []

    def send():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGUSR1)

    old = signal.signal(signal.SIGUSR1, stop)
    try:
        timer = threading.Timer(0.2, send)
        timer.start()
        with pytest.raises(Stop):  # (400 million positions would take a minute: bounded)
            engine.values(WHOLE, 0, [], 4 * 10**8)
        assert time.monotonic() - sent[0] < 3  # not once the search ended
        timer.join()
    finally:
        signal.signal(signal.SIGUSR1, old)
    assert engine.value([c for h in PlayState.deal(["AS", "KS", "QS", "JS"], 2, 0).hands
                         for c in encode(h)], 0, []) == 4


def layouts_of(rng: np.random.Generator, state: PlayState, n: int) -> np.ndarray:
    """``n`` layouts: the cards of the seats not to play dealt again among them."""
    others = [s for s in range(4) if s != state.to_play]
    pool = np.concatenate([np.repeat(np.arange(20), state.hands[s]) for s in others])
    rows = []
    for _ in range(n):
        cards, at, hands = rng.permutation(pool), 0, [list(h) for h in state.hands]
        for s in others:
            size = sum(state.hands[s])
            hands[s] = np.bincount(cards[at:at + size], minlength=20).tolist()
            at += size
        rows.append([c for h in hands for c in encode(h)])
    return np.array(rows, dtype=np.int64)


def test_layouts_on_two_threads_are_one_search_each_and_cover_the_same_layouts_every_run():
    extension("pinochle_calc.play._solver")
    rng = np.random.default_rng(6)
    deck = rng.permutation(np.repeat(np.arange(20), 4))[:28].reshape(4, 7)
    state = PlayState.deal([np.bincount(r, minlength=20).tolist() for r in deck], 1, 2)
    codes = layouts_of(rng, state, 41)
    cards = sorted(set(state.legal()))
    alone = [dict(search.PySolver(1).values(row.tolist(), 2, [])) for row in codes[:6]]
    runs, half = [], 0
    for budget in (10**9, 10**9, None, None):
        if budget is None:  # half what the whole search took
            half = half or (solver.engine(1, 0).nodes + solver.engine(1, 1).nodes) // 2
            budget = half
        out = np.full((len(codes), len(cards)), -1, dtype=np.int64)
        covered = solver.search_layouts(1, codes, 2, [], cards, out, budget, threads=2)
        runs.append((covered, out[:covered].tolist()))
    assert runs[0] == runs[1] and runs[0][0] == len(codes)
    assert runs[2] == runs[3] and 0 < runs[2][0] < len(codes)  # the budget: the first layouts
    assert runs[2][1] == runs[0][1][:runs[2][0]]
    assert runs[0][1][:6] == [[row[c] for c in cards] for row in alone]
    # one thread, the same values (its own, larger, share of the budget)
    out = np.zeros((len(codes), len(cards)), dtype=np.int64)
    assert solver.search_layouts(1, codes, 2, [], cards, out, 10**9, threads=1) == len(codes)
    assert out.tolist() == runs[0][1]


def test_an_error_on_the_other_thread_is_raised_here():
    """A card not legal in a layout that the second thread searches: its ``ValueError``."""
    extension("pinochle_calc.play._solver")
    state = PlayState.deal(["AS KS", "QS JS", "AH KH", "QH JH"], 1, 0)
    good = [c for h in state.hands for c in encode(h)]
    bad = [c for h in PlayState.deal(["AH KS", "QS JS", "AS KH", "QH JH"], 1, 0).hands
           for c in encode(h)]  # seat 0 holds no A♠
    out = np.zeros((2, 1), dtype=np.int64)
    with pytest.raises(ValueError, match="layout 0: card 0 is not legal"):
        solver.search_layouts(1, np.array([good, bad], dtype=np.int64), 0, [], [0], out, 10**6,
                              threads=2)


def test_stopping_the_calling_thread_stops_every_thread_of_the_layouts():
    """A signal handler's error in the calling thread (Ctrl-C's path): it is raised, the other
    thread's solver is interrupted and that thread ended, the solvers free for the next
    search (which empties their tables)."""
    extension("pinochle_calc.play._solver")
    rng = np.random.default_rng(2)
    state = PlayState.deal(DEAL, 2, 0)
    codes = layouts_of(rng, state, 4)
    cards = sorted(set(state.legal()))
    first, second = solver.engine(2, 0), solver.engine(2, 1)
    first.clear()  # their counts from 0 (another test of this process may have used them)
    second.clear()
    before = set(threading.enumerate())

    def stop(*_):
        raise Stop

    sent = []

    def send():  # once both solvers are searching
        deadline = time.monotonic() + 60
        while (first.nodes < 5000 or second.nodes < 5000) and time.monotonic() < deadline:
            time.sleep(0.001)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGUSR1)

    old = signal.signal(signal.SIGUSR1, stop)
    try:
        sender = threading.Thread(target=send)
        sender.start()
        out = np.zeros((4, len(cards)), dtype=np.int64)
        with pytest.raises(Stop):  # (a minute's positions: bounded)
            solver.search_layouts(2, codes, 0, [], cards, out, 4 * 10**8, threads=2)
        assert time.monotonic() - sent[0] < 3  # not once the search ended
        sender.join()
    finally:
        signal.signal(signal.SIGUSR1, old)
    assert set(threading.enumerate()) <= before  # the other thread (and the sender) ended
    with pytest.raises(KeyboardInterrupt):  # interrupted, until its table is emptied
        second.value(codes[1].tolist(), 0, [])
    small = PlayState.deal(["AS", "KS", "QS", "JS"], 2, 0)
    out = np.zeros((1, 1), dtype=np.int64)
    assert solver.search_layouts(2, np.array([[c for h in small.hands for c in encode(h)]]),
                                 0, [], [0], out, 10**6, threads=2) == 1 and out[0, 0] == 4
