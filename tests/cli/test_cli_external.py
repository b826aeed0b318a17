"""`play` and `arena` with policies written outside the project: exit 2 for one that cannot be
used, exit 1 with the deal, the seat and the call named for one that fails mid-hand."""

from cli_runner import run


def test_the_command_line_exits_2_for_a_policy_it_cannot_use_and_1_for_one_that_fails(bots):
    for spec in ("no_such_module:X", "bots:Missing", "bots:NoCalls", "bots:not_a_policy"):
        for args in (("arena", spec, "formula"), ("play", "--us", spec)):
            result = run(*args)
            assert result.exit_code == 2, (args, result.stderr)
            assert len(result.stderr.strip().splitlines()) == 1
    assert run("arena", "bots:Opener", "bots:ready").exit_code == 2  # both are "opener"
    result = run("arena", "bots:RaisesAtSecondCall", "formula", "--deals", "2", "--jobs", "2")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: deal 0 (seed 0), raiser at seats 0 and 2: policy"
                                    " raiser at seat")
    assert len(result.stderr.strip().splitlines()) == 1
    result = run("play", "--us", f"{bots}:BidsTooLow", "--them", "formula", "--seed", "4")
    assert result.exit_code == 1 and "made an illegal call" in result.stderr
    good = run("arena", f"{bots}:Opener", "formula", "--deals", "2", "--format", "json")
    assert good.exit_code == 0 and '"opener"' in good.stdout
