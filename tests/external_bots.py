"""Policies written outside the project, good and bad, for the tests of ``MODULE:NAME``:
the ``bots`` fixture (``conftest.py``) copies this file to a scratch folder as ``bots.py``,
importable as ``bots`` and by its path."""

from pinochle_calc.game.policies import Bid, StandardPlay


class Opener(StandardPlay):
    """Opens at the minimum, then passes."""

    name = "opener"

    def call(self, seat):
        legal = seat.auction.legal()
        if seat.auction.high is None or legal.forced:
            return Bid(legal.min_bid, "opens")
        return Bid(None, "pass")


def make_opener():
    bot = Opener()
    bot.name = "made-opener"
    return bot


ready = Opener()
number = 3


class NoCalls:
    name = "no-calls"
    convention = None


def not_a_policy():
    return 42


class Nameless(Opener):
    name = ""


class OwnConvention(Opener):
    convention = "bridge"


def fails():
    raise RuntimeError("cannot start")


class RaisesAtSecondCall(Opener):
    """Fails the second time it is asked to call."""

    name = "raiser"

    def call(self, seat):
        if len(seat.bids) == 1:
            raise ValueError("out of ideas")
        return super().call(seat)


class BidsTooLow(Opener):
    name = "too-low"

    def call(self, seat):
        if seat.auction.high is not None and not seat.auction.legal().forced:
            return Bid(seat.auction.high, "the same again")
        return super().call(seat)


class AnswersWithANumber(Opener):
    name = "number"

    def call(self, seat):
        return 55


class BadPass(Opener):
    name = "bad-pass"

    def pass_cards(self, seat, n):
        raise KeyError("lost the cards")
