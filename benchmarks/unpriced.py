"""The advisor as it bid before the price of a call was counted, for matches that compare
(``pinochle-calc arena benchmarks/unpriced.py:jump thumb``): it bids to its limit even where a
pass would leave its partner the contract (``Advisor(..., priced=False)``)."""

from pinochle_calc.game.policies import Advisor


def jump() -> Advisor:
    made = Advisor("jump", priced=False)
    made.name = "advisor:jump-unpriced"
    return made


def davis() -> Advisor:
    made = Advisor("davis", priced=False)
    made.name = "advisor:davis-unpriced"
    return made
