"""Work spread over processes (``pinochle_calc.processes``): the same results in the same order
whatever the number of processes, each worker holding the job it was started with."""

import os

from pinochle_calc.processes import map_jobs


def where(item: int, other: str, job: tuple) -> tuple:
    return item * job[0], other, job[1], os.getpid()


def test_results_come_in_order_and_alike_whatever_the_jobs():
    items, others = range(12), "abcdefghijkl"
    one = list(map_jobs(where, (3, "job"), items, others))
    two = list(map_jobs(where, (3, "job"), items, others, jobs=2))
    assert [r[:3] for r in one] == [(3 * i, c, "job") for i, c in zip(items, others)]
    assert [r[:3] for r in two] == [r[:3] for r in one]
    assert {r[3] for r in one} == {os.getpid()}
    assert os.getpid() not in {r[3] for r in two}  # the work was done in the workers


def test_a_caller_that_stops_early_leaves_no_workers_behind():
    import multiprocessing

    results = map_jobs(where, (1, "job"), range(1000), range(1000), jobs=2)
    assert next(results)[0] == 0
    results.close()
    assert multiprocessing.active_children() == []
