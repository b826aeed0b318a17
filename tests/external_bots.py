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


# ------------------------------------------------------------- answers that are not answers


class HugeBid(Opener):
    """Bids a number too large to print."""

    name = "huge"

    def call(self, seat):
        return Bid(10**5000, "everything")


class Predicts(Opener):
    """Opens, giving ``chance`` as its prediction."""

    def __init__(self, chance, name="predicts"):
        self.chance, self.name = chance, name

    def call(self, seat):
        return super().call(seat)._replace(prediction=self.chance)


predicts_high = Predicts("high")
predicts_nan = Predicts(float("nan"))
predicts_inf = Predicts(float("inf"))
predicts_minus = Predicts(-1)
predicts_two = Predicts(2)
predicts_true = Predicts(True)
predicts_huge = Predicts(10**5000)


class Renames(Opener):
    """Its name stops being text at its first call."""

    name = "renames"

    def call(self, seat):
        self.name = 5
        return super().call(seat)


class ThrowsIn(Opener):
    """Opens, and answers the throw-in with ``answer``."""

    name = "throws"

    def __init__(self, answer):
        self.answer = answer

    def throw_in(self, seat):
        return self.answer


throws_no = ThrowsIn("no")
throws_nan = ThrowsIn(float("nan"))
throws_two = ThrowsIn(2)
throws_none = ThrowsIn(None)


class Says(Opener):
    """Opens, meaning ``meaning``."""

    name = "says"

    def __init__(self, meaning):
        self.meaning = meaning

    def call(self, seat):
        return super().call(seat)._replace(meaning=self.meaning)


says_a_number = Says(42)
#: braces, a newline, a tab, a line separator, a NUL, quotes and a backslash, and megabytes
says_too_much = Says('} {[x]}\n\tnew \u2028 line \x00 "q" \\b ' + "y" * 3_000_000)


class Plainly(Opener):
    """Opens with a prediction and a trump, and is asked the throw-in: each answer plain."""

    name = "plainly"

    def wrap(self, value, kind):
        return value

    def call(self, seat):
        bid = super().call(seat)
        plain = (bid.call, "opens, " + bid.meaning, 0.5, "H")
        return Bid(*(self.wrap(v, k) for v, k in zip(plain, (Touchy, TouchyText,
                                                              TouchyChance, TouchyText))))

    def throw_in(self, seat):
        return self.wrap(1, Touchy)


class Touchily(Plainly):
    """The same answers, each a subclass whose every method raises (its Bid one too)."""

    def wrap(self, value, kind):
        return value if value is None else kind(value)

    def call(self, seat):
        return TouchyBid(*super().call(seat))


class TouchyBid(Bid):
    """A Bid whose iteration and indexing raise."""

    def __iter__(self):
        raise RuntimeError("touched")

    __getitem__ = __len__ = __iter__


class TouchyName(Opener):
    name = None  # set below, once TouchyText exists


class TouchyConvention(Opener):
    convention = None  # set below


class Exits(Opener):
    """Calls ``sys.exit`` when asked to call."""

    name = "exits"

    def call(self, seat):
        import sys

        sys.exit(3)


class Interrupts(Opener):
    """Raises KeyboardInterrupt itself (no Ctrl-C) when asked to call."""

    name = "interrupts"

    def call(self, seat):
        raise KeyboardInterrupt


class Prints(Opener):
    """Prints to stdout in every call it makes."""

    name = "prints"

    def call(self, seat):
        print("thinking about", seat.auction)
        return super().call(seat)

    def throw_in(self, seat):
        print("thinking about the throw-in")
        return super().throw_in(seat)


class Sleeps(Opener):
    """Says it is thinking (on stdout), then thinks for a minute: to be stopped by Ctrl-C."""

    name = "sleeps"

    def call(self, seat):
        import sys
        import time

        print("thinking", flush=True)
        sys.stdout.flush()
        time.sleep(60)
        return super().call(seat)


# Card players of one's own (``formula/bots:Lowest``): ``choose(view)``, asked with a choice.


class Lowest:
    """Plays its lowest legal card (the last by rank), by index."""

    name = "lowest"

    def choose(self, view):
        return max(view.legal(), key=lambda c: (c % 5, c))


class ByText(Lowest):
    """The same card, answered as its text (``JH``)."""

    name = "by-text"

    def choose(self, view):
        from pinochle_calc.cards import CARDS

        return str(CARDS[super().choose(view)])


class Revokes:
    """Plays a card it holds that the rules forbid, where there is one."""

    name = "revokes"

    def choose(self, view):
        legal = view.legal()
        held = [c for c in range(20) if view.hand.counts[c] and c not in legal]
        return held[0] if held else legal[0]


class ChoosesNothing:
    name = "nothing"

    def choose(self, view):
        return None


class ChooseFails:
    name = "fails"

    def choose(self, view):
        raise RuntimeError("no idea")


class NoChoose:
    """Not a card player: it has no choose."""


class AnswersTrue:
    """Answers ``True`` (an int subclass, 1 to ``int``): no card, whatever 10S would be."""

    name = "true"

    def choose(self, view):
        return True


class AnswersFalse(AnswersTrue):
    name = "false"

    def choose(self, view):
        return False


class AnswersTwenty(AnswersTrue):
    """Answers 20: one past the last of the deck's 20 cards (0 to 19), no card."""

    name = "twenty"

    def choose(self, view):
        return 20


class Touchy(int):
    """An int whose every method of its own raises: only its value may be read."""

    def _touched(self, *args):
        raise RuntimeError("touched")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __index__ = _touched
    __int__ = __format__ = __repr__ = __str__ = __bool__ = __and__ = __mod__ = _touched


class TouchyText(str):
    """A str whose every method of its own raises: only its text may be read."""

    def _touched(self, *args):
        raise RuntimeError("touched")

    __eq__ = __ne__ = __hash__ = __len__ = __iter__ = __getitem__ = __contains__ = _touched
    __str__ = __repr__ = __format__ = strip = split = upper = lower = replace = _touched


class LowestAsTouchy(Lowest):
    """The lowest legal card as a ``Touchy`` int."""

    name = "touchy"

    def choose(self, view):
        return Touchy(super().choose(view))


class LowestAsTouchyText(Lowest):
    """The lowest legal card's text (``JH``) as a ``TouchyText``."""

    name = "touchy-text"

    def choose(self, view):
        from pinochle_calc.cards import CARDS

        return TouchyText(str(CARDS[super().choose(view)]))


class TouchyNoCard(Lowest):
    """A ``Touchy`` that is no card (99)."""

    name = "touchy"

    def choose(self, view):
        return Touchy(99)


def makes_nothing():
    """A factory that returns None."""
    return None


class ClosesStdout(Lowest):
    """Closes ``sys.stdout`` (and ``sys.stderr``) before it answers; ``answer``: the card, or
    None for its lowest legal card."""

    name = "closes"
    answer = None

    def choose(self, view):
        import sys

        print("closing", flush=True)
        sys.stdout.close()
        sys.stderr.close()
        return super().choose(view) if self.answer is None else self.answer


class ClosesStdoutThenFails(ClosesStdout):
    """Closes them, then answers 99, no card: the program must still say so."""

    answer = 99


# Policies that end the process they run in (issue 26): the pool must name the deal, never hang.

class Dies(Opener):
    """Ends its process at its second call (formula raises the opening 50, so it is asked
    again), in the way ``how`` says; ``on_aces``: only in hands holding at least that many
    aces (so only some deals end it)."""

    name = "dies"

    def __init__(self, how="os._exit", on_aces=0):
        self.how, self.on_aces = how, on_aces

    def call(self, seat):
        if len(seat.bids) == 1 and sum(seat.hand.counts[0::5]) >= self.on_aces:
            die(self.how)
        return super().call(seat)


class Ending(BaseException):
    """A BaseException of a policy's own (not an Exception)."""


def die(how):
    """End this process (or raise what would end it) the way ``how`` names."""
    import os
    import signal
    import sys

    if how == "os._exit":
        os._exit(3)
    elif how == "SIGKILL":
        os.kill(os.getpid(), signal.SIGKILL)
    elif how == "SIGTERM":
        os.kill(os.getpid(), signal.SIGTERM)
    elif how == "sys.exit":
        sys.exit(3)
    elif how == "KeyboardInterrupt":
        raise KeyboardInterrupt
    elif how == "BaseException":
        raise Ending("gone")
    elif how == "memory":
        hoard()
    elif how == "ValueError":
        raise ValueError("no more")
    raise AssertionError(f"still alive after {how}")


#: What ``hoard`` took, held so that the process stays out of memory.
HOARD = []


def hoard():
    """Exhaust this process's memory: its address space capped a little above what it uses,
    then filled, and held."""
    import resource

    with open("/proc/self/statm") as f:
        used = int(f.read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (used + 64 * 2**20, resource.RLIM_INFINITY))
    while True:
        HOARD.append(bytearray(2**20))


def dies_by(how, on_aces=0):
    """A factory for ``MODULE:NAME``: ``dies_by_exit`` and the others below."""
    def make():
        return Dies(how, on_aces)
    return make


dies_by_exit = dies_by("os._exit")
dies_by_sigkill = dies_by("SIGKILL")
dies_by_sigterm = dies_by("SIGTERM")
dies_by_sys_exit = dies_by("sys.exit")
dies_by_interrupt = dies_by("KeyboardInterrupt")
dies_by_base_exception = dies_by("BaseException")
dies_by_memory = dies_by("memory")
#: The same condition (five aces or more): raising an error (which the engine catches), or
#: ending the process.
raises_with_aces = dies_by("ValueError", on_aces=5)
exits_with_aces = dies_by("os._exit", on_aces=5)


class TouchyChance(float):
    """A float whose every method of its own raises."""

    def _touched(self, *args):
        raise RuntimeError("touched")

    __eq__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __float__ = __repr__ = _touched
    __format__ = __bool__ = _touched


TouchyName.name = TouchyText("touchy")
TouchyConvention.convention = TouchyText("jump")
