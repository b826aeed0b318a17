"""How fast the double-dummy solver is, by the tricks left: ``python benchmarks/bench_solver.py``.

Run by hand (not a test); prints, for each number of tricks left (``--tricks``, 4 to 20 by
default), the time to solve a position with every hand known, every legal card's value
(``play.solver.solve``, what ``card`` does when every other hand is shown), over
``--positions`` positions: deals from ``--seed`` played by the heuristic player to that many
tricks left, the seat on lead to play. Each solve stops at ``--cap`` seconds' worth of positions
searched (``--rate`` per second, measured on the way); a row whose median stopped says so.
Medians, the 90th percentile, the slowest, and the positions searched; wall and CPU time, with
the load average before and after each row (the machine is shared).

``--advice`` prints instead the time to search one dealt layout of the unseen cards (every
legal card of the seat to play), as the card advice does (``advice.LAYOUT_MS``): positions
from played hands, 40 layouts each meeting the facts.

``--played N``: the positions are instead cut from whole hands played by ``formula`` players
(``game.whole.play_hand``: formula bidding, exchange and heuristic card play; hands thrown in
skipped), the first ``N`` played hands of ``--seed``, each cut at the start of the trick that
leaves that many tricks (the same hands in every row); ``--json FILE`` appends every solve
(hand, tricks left, seconds, positions searched, stopped) as a JSON line; ``--par`` solves for
the par alone (``values=False``, as ``deal_par`` does), not every legal card's value.

``--split`` (with ``--played``) measures the root's moves searched on two solvers: every legal
card's value by one fresh solver, then the legal cards dealt alternately to two fresh solvers
(each with a table of its own, as two threads would search them), each timed apart (CPU time
of the thread): the ratio of the one solver's time to the busier of the two is what two threads
would save with a core free for each (the values checked alike).

``--card`` times ``card`` itself (``advise_card`` in process, then the command from the shell)
on known positions: 8 and 12 tricks left and a whole deal.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

import numpy as np

from pinochle_calc.hand import Hand
from pinochle_calc.play import solver
from pinochle_calc.play.players import HeuristicPlayer
from pinochle_calc.play.search import Stopped
from pinochle_calc.play.tricks import PlayState

DECK = np.repeat(np.arange(20), 4)


def played_to(rng: np.random.Generator, left: int) -> PlayState:
    """A random deal played by the heuristic player until ``left`` tricks are left."""
    cards = rng.permutation(DECK).reshape(4, 20)
    hands = [np.bincount(row, minlength=20).tolist() for row in cards]
    state = PlayState.deal(hands, int(rng.integers(4)), int(rng.integers(4)))
    player = HeuristicPlayer()
    for _ in range(4 * (20 - left)):
        state = state.play(player.choose(state.view()))
    return state


def played_hands(seed: int, count: int) -> list:
    """The first ``count`` hands of ``seed`` that ``formula`` players played to the end (not
    thrown in): (hand number, final HandState)."""
    from pinochle_calc.game import whole

    out, number = [], 0
    while len(out) < count:
        record = whole.play_hand(whole.deal_cards(seed, number), "formula", "formula",
                                 seed=whole.hand_seed(seed, number))
        state = record.state
        if state.played_hand and len(state.tricks) == 20:
            out.append((number, state))
        number += 1
    return out


def cut(state, left: int) -> tuple[list[list[int]], int, int]:
    """The four hands, trump and leader at the start of the trick that leaves ``left``."""
    done = 20 - left
    hands = [list(state.after_exchange(s).counts) for s in range(4)]
    for trick in state.tricks[:done]:
        for i, card in enumerate(trick.cards):
            hands[(trick.leader + i) & 3][card] -= 1
    leader = state.tricks[done].leader if done < 20 else state.bidder
    assert all(sum(h) == left for h in hands)
    return hands, int(state.trump), int(leader)


def played_rows(tricks: list[int], count: int, seed: int, cap: float, rate: float,
                out: str | None, values: bool = True) -> None:
    import json

    start = time.perf_counter()
    hands = played_hands(seed, count)
    print(f"solver: {'compiled' if solver.COMPILED else 'pure Python'}; {count} hands played"
          f" by formula players (seed {seed}, hands {[n for n, _ in hands]}, dealt and played in"
          f" {time.perf_counter() - start:.0f} s), cut at each trick; each solve stopped at"
          f" {cap:.0f} s of positions searched ({rate:,.0f} a second)"
          f"{'' if values else '; the par only (values=False), not every card'}", flush=True)
    print("tricks  solved  median wall  median CPU  90th pct  slowest  median positions"
          "  90th pct positions  load", flush=True)
    sink = open(out, "a") if out else None
    for left in tricks:
        before = load()
        wall, cpu, nodes, stopped, rates = [], [], [], 0, []
        for number, state in hands:
            h, trump, leader = cut(state, left)
            engine = solver.new_engine(trump, left)
            t0, c0 = time.perf_counter(), time.process_time()
            halted = False
            try:
                solver.solve(h, trump, leader, solver=engine, nodes=int(cap * rate),
                             values=values)
            except Stopped:
                halted = True
            spent, spent_cpu = time.perf_counter() - t0, time.process_time() - c0
            stopped += halted
            wall.append(float("inf") if halted else spent)
            cpu.append(float("inf") if halted else spent_cpu)
            nodes.append(engine.nodes)
            rates.append(engine.nodes / max(spent_cpu, 1e-9))
            if sink:
                sink.write(json.dumps({"seed": seed, "hand": number, "left": left,
                                       "values": values,
                                       "wall": None if halted else round(wall[-1], 6),
                                       "cpu": None if halted else round(cpu[-1], 6),
                                       "nodes": engine.nodes, "stopped": halted,
                                       "spent_wall": round(spent, 6),
                                       "load": os.getloadavg()[0]}) + "\n")
                sink.flush()
        print(f"{left:6d}  {count - stopped:3d}/{count:<3d} {_t(statistics.median(wall))}"
              f"  {_t(statistics.median(cpu))}  {_t(_p90(wall))}"
              f"  {_t(max(wall))}  {statistics.median(nodes):16,.0f}"
              f"  {_p90(nodes):18,.0f}  {before}-{load().split()[1]}"
              f"  ({statistics.median(rates):,.0f} positions a CPU second)", flush=True)


def _timed_values(codes: np.ndarray, trump: int, leader: int, left: int,
                  cards: list[int]) -> tuple[float, list[int]]:
    """The values of ``cards`` led by ``leader`` (one layout), by a fresh solver, and the CPU
    time of this thread it took."""
    engine = solver.new_engine(trump, left)
    out = np.zeros((1, len(cards)), dtype=np.int64)
    start = time.thread_time()
    engine.values_many(codes, leader, [], cards, out)
    return time.thread_time() - start, out[0].tolist()


def split_rows(tricks: list[int], count: int, seed: int) -> None:
    """``--split``: the root's legal cards on one solver, and split between two (module
    docstring)."""
    from pinochle_calc.play.tricks import encode, legal_cards

    hands = played_hands(seed, count)
    print(f"the root's moves on one solver and split between two (alternate legal cards, a"
          f" table each); {count} hands played by formula players (seed {seed}), cut at each"
          " trick; CPU time of the thread")
    print("tricks  median one  median busier of two  median ratio  90th pct ratio  lowest"
          "  load", flush=True)
    for left in tricks:
        before = load()
        one, busier, ratios = [], [], []
        for _, state in hands:
            h, trump, leader = cut(state, left)
            codes = np.array([[c for row in h for c in encode(row)]], dtype=np.int64)
            legal = list(legal_cards(h[leader], (), trump))
            whole, values = _timed_values(codes, trump, leader, left, legal)
            (a, va), (b, vb) = (_timed_values(codes, trump, leader, left, legal[k::2])
                                for k in (0, 1))
            assert values[0::2] == va and values[1::2] == vb, "the same values"
            one.append(whole)
            busier.append(max(a, b))
            ratios.append(whole / max(a, b, 1e-9))
        print(f"{left:6d}  {_t(statistics.median(one))}  {_t(statistics.median(busier)):>20}"
              f"  {statistics.median(ratios):12.2f}  {_p90(ratios):14.2f}  {min(ratios):6.2f}"
              f"  {before}-{load().split()[1]}", flush=True)


def _p90(values: list) -> float:
    """The 90th percentile, the next value up (a stopped solve counts as the longest)."""
    return float(np.percentile(values, 90, method="higher"))


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def rows(tricks: list[int], positions: int, seed: int, cap: float, rate: float) -> None:
    print(f"solver: {'compiled' if solver.COMPILED else 'pure Python'}; {positions} positions"
          f" a row, seed {seed}; each solve stopped at {cap:.0f} s of positions searched")
    print("tricks  solved  median wall  median CPU  90th pct  slowest  median positions  load")
    for left in tricks:
        rng = np.random.default_rng(seed * 100 + left)
        before = load()
        wall, cpu, nodes, stopped = [], [], [], 0
        for _ in range(positions):
            state = played_to(rng, left)
            engine = solver.new_engine(state.trump, left)
            start, start_cpu = time.perf_counter(), time.process_time()
            try:
                solver.solve(state.hands, state.trump, state.leader, solver=engine,
                             nodes=int(cap * rate))
            except Stopped:
                stopped += 1
                wall.append(float("inf"))
                cpu.append(float("inf"))
            else:
                wall.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                if cpu[-1] > 0.05:
                    rate = max(rate, engine.nodes / cpu[-1])
            nodes.append(engine.nodes)
        print(f"{left:6d}  {positions - stopped:3d}/{positions:<3d} {_t(statistics.median(wall))}"
              f"  {_t(statistics.median(cpu))}  {_t(float(np.percentile(wall, 90)))}"
              f"  {_t(max(wall))}  {statistics.median(nodes):16,.0f}  {before}-"
              f"{load().split()[1]}", flush=True)


def _t(seconds: float) -> str:
    if seconds == float("inf"):
        return "  stopped"
    if seconds < 1:
        return f"{seconds * 1000:7.2f} ms"
    return f"{seconds:8.2f} s"


def advice_rows(tricks: list[int], positions: int, seed: int) -> None:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "play"))
    from positions import played_position

    from pinochle_calc.play.dealer import suit_codes
    from pinochle_calc.play.facts import read_position
    from pinochle_calc.play.tricks import legal_cards
    from pinochle_calc.play.unseen import UnseenDealer

    kind = "compiled" if solver.COMPILED else "pure Python"
    print(f"one dealt layout searched as the advice does ({kind}), {positions} positions a"
          " row, 40 layouts each")
    print("tricks  median ms a layout  90th pct  load")
    for left in tricks:
        rng = np.random.default_rng(seed * 100 + left)
        per = []
        before = load()
        for _ in range(positions):
            p, _ = played_position(rng, plays=4 * (20 - left) + int(rng.integers(0, 4)),
                                   shown=False)
            deals = UnseenDealer(read_position(p)).deal(np.random.default_rng(0), 40)
            codes = np.ascontiguousarray(np.unique(suit_codes(deals), axis=0))
            legal = list(legal_cards(p.hand.counts, p.trick, p.trump))
            out = np.zeros((len(codes), len(legal)), dtype=np.int64)
            engine = solver.engine(p.trump)
            engine.clear()
            start = time.process_time()
            engine.values_many(codes, p.leader, list(p.trick), legal, out)
            per.append((time.process_time() - start) / len(codes) * 1000)
        print(f"{left:6d}  {statistics.median(per):18.3f}  {np.percentile(per, 90):8.3f}"
              f"  {before}-{load().split()[1]}", flush=True)


def card_rows(seed: int) -> None:
    from pinochle_calc.play.advice import advise_card
    from pinochle_calc.play.position import Position

    for left in (8, 12, 20):
        rng = np.random.default_rng(seed * 100 + left)
        times = []
        for _ in range(5 if left < 20 else 3):
            state = played_to(rng, left)
            seat = state.to_play
            shown = tuple(None if s == seat else Hand(state.hands[s]) for s in range(4))
            position = Position(Hand(state.hands[seat]), state.trump, seat, (), (), None, shown)
            start = time.perf_counter()
            advice = advise_card(position)
            times.append(time.perf_counter() - start)
            assert advice.searched, "a known position is searched exactly"
        print(f"advise_card, {left} tricks left, every other hand shown: median"
              f" {_t(statistics.median(times))}, slowest {_t(max(times))} ({load()})", flush=True)
        hands = [str(Hand(h)) for h in state.hands]
        command = [sys.executable, "-m", "pinochle_calc", "card", hands[seat], "--trump",
                   "SHDC"[state.trump], "--seat", str(seat), "--format", "json"]
        for s in range(4):
            if s != seat:
                command += ["--shown", f"{s}:{hands[s]}"]
        start = time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        assert '"method": "exact search"' in out
        print(f"  the command from the shell, the last of them: {_t(time.perf_counter() - start)}"
              f" ({load()})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", default="4-20", help="a range (4-20) or a list (8,12,20)")
    parser.add_argument("--positions", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=float, default=120.0, help="seconds")
    parser.add_argument("--rate", type=float, default=7e6, help="positions searched a second")
    parser.add_argument("--advice", action="store_true")
    parser.add_argument("--card", action="store_true")
    parser.add_argument("--played", type=int, default=0, help="hands played by formula players")
    parser.add_argument("--par", action="store_true",
                        help="with --played: the par only (solve's values=False)")
    parser.add_argument("--json", help="append each solve as a JSON line (with --played)")
    parser.add_argument("--split", action="store_true",
                        help="with --played: the root's moves split between two solvers")
    args = parser.parse_args()
    if (args.split or args.par or args.json) and not args.played:
        parser.error("--split, --par and --json go with --played")
    if "-" in args.tricks:
        a, b = args.tricks.split("-")
        tricks = list(range(int(a), int(b) + 1))
    else:
        tricks = [int(x) for x in args.tricks.split(",")]
    if args.advice:
        advice_rows(tricks, args.positions, args.seed)
    elif args.card:
        card_rows(args.seed)
    elif args.played and args.split:
        split_rows(tricks, args.played, args.seed)
    elif args.played:
        played_rows(tricks, args.played, args.seed, args.cap, args.rate, args.json,
                    not args.par)
    else:
        rows(tricks, args.positions, args.seed, args.cap, args.rate)


if __name__ == "__main__":
    main()
