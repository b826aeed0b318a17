"""Records, review and the table session, measured against the targets of the records issue.

    python benchmarks/bench_records.py roundtrip --hands 10000 --jobs 2
    python benchmarks/bench_records.py review --hands 3 --jobs 2 [--split]
    python benchmarks/bench_records.py table --hands 5
    python benchmarks/bench_records.py replay --hands 200 --runs 5

``roundtrip``: hands ``play`` plays (the policies mixed: formula, pass and the advisors at few
samples) under every preset and several exchanges, each written as text, read, written as
JSON, read, and written as text again: the count of hands whose text or record differs (the
target is 0 on 10,000).

``review``: the seconds ``review`` takes over a whole hand (every seat known, every decision:
the calls, the passes and the cards) at the default samples, on hands formula players bid (so
that many calls differ from the advice and are played out), with and without an exchange:
wall time, and CPU time (this process and its workers: what the hand costs whatever else the
machine runs), with the CPU time each kind of decision took (``--split``: the decisions
reviewed again one by one, in one process).

``table``: the seconds from the event that makes it your turn to the advice (``session.advice``
at its default samples, with what the play revealed in the play), over every such moment of a
seat in several hands: median and most.

``replay``: the hand model's own cost: the hands of the round trip's first ``--hands`` (played
once), each replayed from its deal event by event (``HandState.apply``, every event checked,
as a record read back and the engine do), ``--runs`` times: the CPU time an event takes, the
median of the runs; then the same hands with seat 0's cards alone known, as ``table`` records
them (the other seats' plays checked against the cards they are seen with).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

RULES = ["standard", "book", "npa", "pinochle14", "toby-thomas", "standard,passing.cards=4",
         "standard,passing.cards=3,passing.order=partner-first",
         "book,passing.cards=4,marriage_required=after-pass,min_meld=20"]
#: The policies of hand n: ``POLICIES[n // len(RULES) % 20]``; one in ten with an advisor (the
#: advisors' jump shows and hints make other auctions; the rest keep 10,000 hands quick).
POLICIES = [("formula", "formula"), ("formula", "pass"), ("pass", "formula"),
            ("formula", "formula"), ("pass", "pass"), ("formula", "pass"),
            ("formula", "formula"), ("advisor:jump", "formula"), ("formula", "formula"),
            ("formula", "pass"), ("pass", "formula"), ("formula", "formula"),
            ("advisor:davis", "advisor:jump"), ("formula", "pass"), ("formula", "formula"),
            ("pass", "formula"), ("formula", "formula"), ("formula", "pass"),
            ("formula", "formula"), ("formula", "formula")]


def _played(number: int, seed: int, samples: int):
    """Hand ``number`` of the round trip, played: its rules ``RULES[number % len(RULES)]``,
    its policies as ``POLICIES`` says."""
    from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
    from pinochle_calc.rules import load_rules

    spec = RULES[number % len(RULES)]
    us, them = POLICIES[(number // len(RULES)) % len(POLICIES)]
    return play_hand(deal_cards(seed, number), us, them, load_rules(spec),
                     seed=hand_seed(seed, number), samples=samples)


def _one(number: int, job) -> tuple[str, bool, str]:
    """Play hand ``number`` of the round trip and check it; (rules, exact, what differs)."""
    from pinochle_calc.errors import UserError
    from pinochle_calc.game.hand import read_json, read_text, write_json, write_text

    seed, samples = job
    spec = RULES[number % len(RULES)]
    hand = _played(number, seed, samples)
    try:
        record = hand.with_tag("Seed", str(number)).with_tag("Samples", str(samples))
        text = write_text(record)
        first = read_text(text)
        second = read_json(write_json(first))
        again = write_text(second)
    except UserError as e:
        return spec, False, f"hand {number}: {e}"
    if again != text:
        return spec, False, f"hand {number}: the text differs"
    if not first == second == record:
        return spec, False, f"hand {number}: the record differs"
    return spec, True, ""


def roundtrip(hands: int, seed: int, jobs: int, samples: int) -> None:
    from collections import Counter

    from pinochle_calc.processes import map_jobs

    start = time.perf_counter()
    done, bad = Counter(), Counter()
    for n, (spec, exact, what) in enumerate(map_jobs(_one, (seed, samples), range(hands),
                                                     jobs=jobs), 1):
        done[spec] += 1
        bad[spec] += not exact
        if what:
            print(f"{spec}: {what}", flush=True)
        if n % 500 == 0:
            print(f"  {n:,} hands, {sum(bad.values())} differ, {time.perf_counter() - start:.0f} s",
                  flush=True)
    seconds = time.perf_counter() - start
    for spec in RULES:
        print(f"{spec:<62} {done[spec]:>6,} hands {bad[spec]:>4} differ")
    print(f"round trip text -> JSON -> text: {sum(done.values()):,} hands, {sum(bad.values())}"
          f" differ, in {seconds:.0f} s (seed {seed}, advisors at {samples} samples,"
          f" --jobs {jobs})")


def _cpu() -> float:
    """CPU seconds of this process and of its workers that have ended."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def review_speed(hands: int, seed: int, jobs: int, split: bool) -> None:
    from collections import Counter

    from pinochle_calc.game.review import _decide, review
    from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
    from pinochle_calc.rules import load_rules

    for spec in ("standard", "standard,passing.cards=4"):
        times, cpus = [], []
        for n in range(hands):
            record = play_hand(deal_cards(seed, n), "formula", "formula", load_rules(spec),
                               seed=hand_seed(seed, n))
            start, cpu = time.perf_counter(), _cpu()
            result = review(record, jobs=jobs, seed=seed)
            times.append(time.perf_counter() - start)
            cpus.append(_cpu() - cpu)
            kinds = Counter(d.phase for d in result.decisions)
            played = sum(1 for d in result.decisions if d.actual != d.advised)
            print(f"  {spec}: hand {n}: {len(result.decisions)} decisions ({kinds['auction']}"
                  f" calls, {kinds['exchange']} passes, {kinds['play']} cards; {played} differ"
                  f" from the advice), {times[-1]:.1f} s, CPU {cpus[-1]:.1f} s", flush=True)
            if split:  # the CPU time of each kind of decision, one by one
                took: Counter = Counter()
                for d in result.decisions:
                    kind = d.phase + (" (differs)" if d.actual != d.advised else "")
                    cpu = time.process_time()
                    _decide(d.event, (record, None, seed, None))
                    took[kind] += time.process_time() - cpu
                print("    CPU by decision: " + ", ".join(f"{k} {v:.1f} s"
                                                          for k, v in sorted(took.items())))
        print(f"review of a whole hand, {spec}: median {statistics.median(times):.1f} s, most"
              f" {max(times):.1f} s; CPU median {statistics.median(cpus):.1f} s, most"
              f" {max(cpus):.1f} s over {hands} hands (--jobs {jobs}; load average"
              f" {os.getloadavg()[0]:.1f})", flush=True)


def table_speed(hands: int, seed: int) -> None:
    from pinochle_calc.game.session import advice, revealed, your_turn
    from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
    from pinochle_calc.rules import load_rules

    times: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    for spec in ("standard", "standard,passing.cards=4"):
        for n in range(hands):
            full = play_hand(deal_cards(seed, n), "formula", "formula", load_rules(spec),
                             seed=hand_seed(seed, n))
            you = full.events[0].seat
            for k in range(len(full.events) + 1):
                record = full.prefix(k)
                if not your_turn(record, you):
                    continue
                kind = record.state.next_decision().kind
                start, cpu = time.perf_counter(), time.process_time()
                lines = advice(record, you, seed=seed) + revealed(record, you)
                took = time.perf_counter() - start
                if lines:
                    times.setdefault(kind, []).append(took)
                    cpus.setdefault(kind, []).append(time.process_time() - cpu)
    for kind, values in times.items():
        print(f"advice for a {kind}: median {statistics.median(values) * 1000:.0f} ms, most"
              f" {max(values) * 1000:.0f} ms over {len(values)} turns; CPU median"
              f" {statistics.median(cpus[kind]) * 1000:.0f} ms, most"
              f" {max(cpus[kind]) * 1000:.0f} ms (load average {os.getloadavg()[0]:.1f})")


def replay_speed(hands: int, seed: int, runs: int) -> None:
    from dataclasses import replace

    from pinochle_calc.game.hand.record import _replay

    records = [_played(number, seed, 20) for number in range(hands)]
    events = sum(len(r.events) for r in records)
    replay = _replay.__wrapped__  # each time anew, not from the replays kept
    # the same hands as ``table`` records them: one seat's cards known, the others' seen
    # only as they show and play them (their plays checked against the cards seen)
    one_known = [replace(r, hands=(r.hands[0], None, None, None)) for r in records]
    for label, rows in (("every hand known", records), ("seat 0's hand known", one_known)):
        times = []
        for _ in range(runs):
            start = time.process_time()
            for record in rows:
                replay(record)
            times.append(time.process_time() - start)
        median = statistics.median(times)
        print(f"replay, {label}: {hands} hands, {events} events, {runs} runs: median"
              f" {median:.3f} s CPU a run, {median / events * 1e6:.1f} us an event"
              f" (runs {', '.join(f'{t:.3f}' for t in times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("roundtrip", "review", "table", "replay"))
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--samples", type=int, default=20,
                        help="the advisors' samples in the round trip's hands")
    parser.add_argument("--runs", type=int, default=5, help="replay: the times each is replayed")
    parser.add_argument("--split", action="store_true",
                        help="review: the CPU time of each kind of decision too")
    args = parser.parse_args()
    if args.what == "roundtrip":
        roundtrip(args.hands, args.seed, args.jobs, args.samples)
    elif args.what == "replay":
        replay_speed(args.hands, args.seed, args.runs)
    elif args.what == "review":
        review_speed(args.hands, args.seed, args.jobs, args.split)
    else:
        table_speed(args.hands, args.seed)


if __name__ == "__main__":
    main()
