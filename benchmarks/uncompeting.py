"""The advisor as it bid before a bid taking the contract from an opponent had its own
confidence (``estimate.CONFIDENCE_COMPETING``), for matches that compare
(``pinochle-calc arena advisor:jump benchmarks/uncompeting.py:jump``; ``:jump200`` with
``--samples 200``): such a bid needs the default confidence, as every other bid."""

from importlib import import_module

from pinochle_calc.bidding.estimate import CONFIDENCE_NO_PASS
from pinochle_calc.game.policies import Advisor, Bid, Situation

#: the module (``pinochle_calc.bidding.estimate`` the name is the function)
ESTIMATE = import_module("pinochle_calc.bidding.estimate")


class Uncompeting(Advisor):
    """``Advisor`` with the competing confidence set to the default for its own calls."""

    def call(self, seat: Situation) -> Bid:
        saved = ESTIMATE.CONFIDENCE_COMPETING
        ESTIMATE.CONFIDENCE_COMPETING = CONFIDENCE_NO_PASS
        try:
            return super().call(seat)
        finally:
            ESTIMATE.CONFIDENCE_COMPETING = saved


def jump() -> Advisor:
    made = Uncompeting("jump")
    made.name = "advisor:jump-uncompeting"
    return made


def jump200() -> Advisor:
    """The same with 200 simulated deals behind each estimate (an outside policy is not given
    the match's ``--samples``): for matches at ``--samples 200``."""
    made = Uncompeting("jump", samples=200)
    made.name = "advisor:jump-uncompeting"
    return made
