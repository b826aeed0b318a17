"""A whole hand: one deal played from the auction to the score, with a record of every step.

``play_hand(hands, us, them, rules, seed=...)`` plays four 20-card hands (seats 0-3 from the
dealer's left; seat 3 deals; seats 0 and 2 are "us") with a policy for each side (see
``policies``):

1. the auction: each seat's policy calls in turn (``bidding.auction``: the stuck dealer bids the
   minimum; the rule set's rounds) -- or a contract given outright skips it;
2. the high bidder names trump, and the bidder and partner exchange cards as the rule set says
   (``passing.cards``, ``passing.order``, ``passing.when``): trump is named first, or, where
   cards are exchanged before trump is named, the bidder asks for a suit, the cards are
   exchanged, and then trump is named (``pinochle_calc.exchange``). A bidder that may name no
   suit (the marriage rule; under ``after-pass``, no marriage in trump after the exchange) loses
   the bid without play (``no-marriage``);
3. every seat melds with that trump, after the exchange, and the sides add their meld;
4. the bidder may throw the hand in (the policy's ``throw_in``);
5. the 20 tricks are played, the bidder leading, where the hand is played (a concession skips
   them unless ``concession = play``): the cards a ``Script`` gives first (a recorded hand
   played on from one of its cards), then each side's seats by its policy's card player, the
   heuristic player (``play.simulate.play_deal``) or the card advice (``play.advice``), which
   sees what that seat sees: its hand, the tricks so far, the contract, every seat's meld
   shown and, on the bidding side, the cards it passed and received;
6. ``scoring.score_hand`` scores it.

Results (``scoring.Result``, one vocabulary with the score sheet): ``made``, ``set``,
``thrown-in``, ``no-marriage`` and, under a minimum-meld rule, ``under-min-meld``. Everything
depends only on the arguments: every random choice is seeded from ``seed`` and the step, the
seat and the call it is for.

**Decision (no trump named).** When the bidder cannot name trump nobody melds, but a rule set
whose concession scores the opponents' meld needs a figure: each seat's meld is then its meld
in its own best suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..bidding.auction import AuctionError, start
from ..bidding.conventions import asked_for
from ..bidding.estimate import DEFAULT_SAMPLES
from ..cards import CARDS, COPIES, HAND_SIZE, KINDS, SUIT_SYMBOLS, SUITS, SuitLike, as_suit
from ..errors import UserError, described
from ..exchange.hints import hint_word
from ..exchange.seat import suit_request
from ..hand import Hand, HandLike, as_hand
from ..limits import check
from ..meld.engine import TrumpMeld, meld
from ..rules import STANDARD, RuleSet, RulesLike, as_rules

if TYPE_CHECKING:
    from ..bidding.conventions import Signal
from ..scoring import RESULTS, SIDES, Conceded, HandInput, HandScore, Result, score_hand
from .policies import Bid, Contract, Policy, Seat, built_in, policy

#: More calls than this in one auction means a policy keeps bidding without a limit.
MAX_CALLS = 400
# the steps a decision's seed is keyed by
_CALL, _PLAN, _NAME, _PASS, _RETURN, _THROW, _CARD = range(7)


class AuctionTooLong(UserError):
    """An auction that a legal rule set lets go on past ``MAX_CALLS`` calls: its bidding steps
    are too small for its meld values (see ``_Table._endless``)."""


class PolicyError(UserError):
    """A policy did something the rules do not allow (an illegal call, cards it does not hold),
    gave something that is not an answer, or failed (raised an error): the message names the
    policy, the seat and the call."""


class Script(NamedTuple):
    """Decisions taken as given rather than asked of the policies (a recorded hand replayed up
    to some event, the engine deciding the rest): the first ``calls`` of the auction, the suit
    the bidder asks for (``request``), the cards the partner and the bidder pass (``passes``,
    in that order), the trump named (``trump``; ``named`` False: not given), the throw-in
    (None: not given) and the first ``cards`` played. A decision not given is the policy's."""

    calls: tuple[int | None, ...] = ()
    request: int | None = None
    passes: tuple[Hand, ...] = ()
    named: bool = False
    trump: int | None = None
    throw_in: bool | None = None
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class Call:
    """One call of the auction as made: the seat, the bid (None: pass), what the policy says it
    means, and the policy's chance of making it (None: not said)."""

    seat: int
    call: int | None
    meaning: str
    prediction: float | None = None

    def to_dict(self) -> dict:
        return {"seat": self.seat, "call": "pass" if self.call is None else self.call,
                "meaning": self.meaning}


@dataclass(frozen=True)
class Trick:
    """One trick as played: who led, the four cards in the order played, who won it, and the
    trick points in it (scaled; the last trick's bonus included)."""

    leader: int
    cards: tuple[int, int, int, int]
    winner: int
    points: int

    def to_dict(self) -> dict:
        return {"leader": self.leader, "cards": [str(CARDS[c]) for c in self.cards],
                "winner": self.winner, "points": self.points}

    def __repr__(self) -> str:
        cards = " ".join(str(CARDS[c]) for c in self.cards)
        return (f"Trick(leader={self.leader}, cards={cards!r}, winner={self.winner},"
                f" points={self.points})")


@dataclass(frozen=True)
class HandRecord:
    """Every step of a whole hand (see the module docstring).

    ``hands`` as dealt and ``after`` the exchange; ``contract`` (the seat and bid; always
    someone, since a stuck dealer must bid) and ``trump`` (None: the bidder could name none);
    ``passed`` the cards to the bidder and to the partner, ``request`` the suit the bidder
    asked for, ``hint`` what the bidder's calls asked the partner for; ``melds`` each seat's
    meld after the exchange and ``meld`` the sides' (us, them); ``tricks`` the sides' trick
    points (None where the cards were not played); ``score`` as scored; ``prediction`` the
    bidder's chance of making the contract as its policy saw it at its last bid (None: the
    policy gives none, or the contract was given).
    """

    hands: tuple[Hand, Hand, Hand, Hand]
    rules: RuleSet
    policies: tuple[str, str]
    auction: tuple[Call, ...]
    contract: Contract
    trump: int | None
    request: int | None
    hint: Signal | None
    passed: tuple[Hand, Hand]  # (to the bidder, to the partner)
    after: tuple[Hand, Hand, Hand, Hand]
    melds: tuple[TrumpMeld, TrumpMeld, TrumpMeld, TrumpMeld]
    meld: tuple[int, int]
    tricks: tuple[int, int] | None
    play: tuple[Trick, ...]
    score: HandScore
    prediction: float | None
    seed: int = 0
    named: int | None = None  # the suit the bidder named (trump None after it: lost after the pass)

    @property
    def result(self) -> Result:
        return self.score.result

    @property
    def side_total(self) -> int | None:
        """The bidding side's meld plus trick points, where the hand was played to a result."""
        if self.tricks is None or self.result not in ("made", "set"):
            return None
        side = self.contract.side
        return self.meld[side] + self.tricks[side]

    def to_dict(self, tricks: bool = False) -> dict:
        """The ``play`` command's JSON record (``tricks``: with the tricks one by one)."""
        c = self.contract
        record = {
            "hands": [str(h) for h in self.hands],
            "rules": self.rules.name,
            "policies": dict(zip(SIDES, self.policies)),
            "auction": [call.to_dict() for call in self.auction],
            "contract": {"seat": c.seat, "side": SIDES[c.side], "bid": c.bid,
                         "trump": None if self.trump is None else SUITS[self.trump]},
            "exchange": {"to_bidder": [str(card) for card in self.passed[0]],
                         "to_partner": [str(card) for card in self.passed[1]],
                         "request": None if self.request is None else SUITS[self.request],
                         "hint": hint_word(self.hint)},
            "melds": [m.points for m in self.melds],
            "meld": dict(zip(SIDES, self.meld)),
            "tricks": None if self.tricks is None else dict(zip(SIDES, self.tricks)),
            "side_total": self.side_total,
            "result": self.result,
            "score": dict(zip(SIDES, self.score.points)),
            "prediction": None if self.prediction is None else round(self.prediction, 4),
        }
        if tricks:
            record["play"] = [t.to_dict() for t in self.play]
        return record

    def __repr__(self) -> str:
        trump = None if self.trump is None else SUITS[self.trump]
        return (f"HandRecord(policies={self.policies}, rules={self.rules.name!r},"
                f" contract=(seat {self.contract.seat}, {self.contract.bid}), trump={trump!r},"
                f" result={self.result!r}, score={self.score.points})")


def deal_cards(seed: int, number: int = 0) -> tuple[Hand, Hand, Hand, Hand]:
    """Deal ``number`` of a seeded series: the 80 cards shuffled and dealt 20 to each seat."""
    import numpy as np

    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(number,)))
    kinds = rng.permutation(COPIES * KINDS) // COPIES
    h = [Hand(np.bincount(kinds[s * HAND_SIZE:(s + 1) * HAND_SIZE], minlength=KINDS))
         for s in range(4)]
    return h[0], h[1], h[2], h[3]


def hand_seed(seed: int, number: int = 0) -> int:
    """The seed of the decisions in deal ``number`` of a seeded series."""
    return derived(seed, number, 1)


def derived(seed: int, *key: int) -> int:
    """A seed for one decision, from the hand's seed and what the decision is."""
    import numpy as np

    return int(np.random.SeedSequence(seed, spawn_key=key).generate_state(1)[0])


def check_deal(hands: Sequence[HandLike]) -> tuple[Hand, Hand, Hand, Hand]:
    """Four 20-card hands (``Hand`` or text) that together hold the whole double deck, or a
    ``UserError``."""
    if isinstance(hands, (str, Hand)) or not isinstance(hands, Sequence):
        raise TypeError(f"hands must be four hands (Hand or text), seats 0-3, not"
                        f" {described(hands)}")
    seats = [as_hand(h, f"the hand of seat {s}") for s, h in enumerate(hands)]
    if len(seats) != 4:
        raise UserError(f"a deal is four hands, not {len(seats)}")
    for s, h in enumerate(seats):
        if len(h) != HAND_SIZE:
            raise UserError(f"seat {s} holds {len(h)} cards, not {HAND_SIZE}")
    for i in range(KINDS):
        n = sum(h.counts[i] for h in seats)
        if n != COPIES:
            raise UserError(f"the deal holds {n} {CARDS[i]}, not {COPIES}: the four hands must"
                            " be the whole double deck")
    return seats[0], seats[1], seats[2], seats[3]


def needs_marriage(rules: RuleSet, exchanged: bool) -> bool:
    """Whether naming a suit needs a marriage in it: always under ``true``; under
    ``after-pass`` once the cards have been exchanged (or where none are)."""
    if rules.marriage_required == "after-pass":
        return exchanged or not rules.pass_cards
    return rules.marriage_required == "true"


def shown_cards(melds: TrumpMeld, hand: Hand) -> Hand:
    """The cards a seat shows by declaring its meld: a card may serve in one meld of each type,
    so the seat holds at least the cards of each type's melds together."""
    types = {"pinochle": 1, "aces_around": 2, "kings_around": 2, "queens_around": 2,
             "jacks_around": 2}
    need = [[0] * KINDS for _ in range(3)]
    for m in melds.melds:
        row = need[types.get(m.name, 0)]
        for card in m.cards:
            row[card.index] += 1
    return Hand(min(max(col), held) for col, held in zip(zip(*need), hand.counts))


def play_hand(hands: Sequence[HandLike], us: Policy | str = "advisor:jump",
              them: Policy | str = "advisor:jump", rules: RulesLike = STANDARD, *,
              seed: int = 0, contract: tuple[int, SuitLike | None, int | None] | None = None,
              samples: int = DEFAULT_SAMPLES, script: Script | None = None) -> HandRecord:
    """Play one deal from the auction to the score (see the module docstring).

    ``hands``: four hands (``Hand`` or text), seats 0-3 from the dealer's left. ``us`` plays
    seats 0 and 2, ``them`` seats 1 and 3 (a ``Policy`` or a built-in policy's name; an
    advisor named here simulates ``samples`` deals per estimate). ``contract`` = (seat, trump,
    bid or None for the minimum; trump None: its policy names it) skips the auction: that seat
    wins at that bid and names that trump. ``script``: decisions taken as given (``Script``);
    the policies make the rest.
    """
    hands = check_deal(hands)
    rules = as_rules(rules)
    check("seed", seed, 0, 2**64 - 1)  # hand_seed derives seeds of 64 bits
    sides = (_policy(us, "us", samples), _policy(them, "them", samples))
    script = script or Script()
    table = _Table(hands, sides, rules, seed, script)
    given = None
    if contract is None:
        table.bid()
    else:
        table.contract, given = _given(contract, rules)
    won = table.contract
    assert won is not None  # an auction always ends with a contract (a stuck dealer bids)
    prediction = table.bids[won.seat][-1].prediction if table.bids[won.seat] else None
    hint = asked_for(table.auction, won.seat, table.players[won.seat ^ 2].convention)
    n = rules.pass_cards
    passed = (Hand([0] * KINDS), Hand([0] * KINDS))
    request = None
    if n and rules.pass_when == "before-trump":
        if script.request is not None:
            request = script.request
        else:
            plan = given if given is not None else script.trump if script.named else None
            if plan is None:
                plan = table.ask(won.seat, "name_trump", "the suit asked for before the"
                                 " exchange", table.seat(won.seat, _PLAN, needs_marriage=(
                                     rules.marriage_required == "true")))
            if plan is not None and plan not in range(4):
                raise PolicyError(f"policy {table.players[won.seat].name} at seat {won.seat}"
                                  f" planned to name {plan!r}: a trump is a suit 0 to 3 (S H D"
                                  " C) or None")
            request = suit_request(table.now[won.seat], plan)
        passed = table.exchange(n, request, hint, request)
        trump = table.name_trump(True, given)
        named = trump
    else:
        trump = table.name_trump(False, given)
        named = trump
        if n and trump is not None:
            passed = table.exchange(n, trump, hint, None)
            if rules.marriage_required == "after-pass" and trump not in table.seat(
                    won.seat, _NAME, needs_marriage=True).may_name():
                trump = None  # no marriage in trump after the exchange: the bid is lost
    melds, side_meld, tricks, play, score = table.finish(trump, passed)
    return HandRecord(hands, rules, (sides[0].name, sides[1].name), tuple(table.calls), won,
                      trump, request, hint, passed, table.hands(), melds, side_meld, tricks,
                      play, score, prediction, seed, named)


def _policy(value: Policy | str, name: str, samples: int) -> Policy:
    """A side's policy, given as one or by a built-in policy's name."""
    side = policy(value, samples) if isinstance(value, str) else value
    if not isinstance(side, Policy):
        raise TypeError(f"{name} must be a Policy or a policy's name, not {described(side)}")
    return side


def _given(contract: object, rules: RuleSet) -> tuple[Contract, int | None]:
    if isinstance(contract, str) or not isinstance(contract, Sequence) or len(contract) != 3:
        raise TypeError(f"contract must be (seat, trump, bid or None), not"
                        f" {described(contract)}")
    s, trump, bid = contract
    s = check("the contract's seat (0 to 3 from the dealer's left; 3 deals)", s, 0, 3)
    trump = None if trump is None else as_suit(trump, "the contract's trump")
    bid = rules.next_bid(None) if bid is None else bid
    problem = rules.bid_problem(bid)
    if problem:
        raise UserError(f"contract bid: {problem}")
    return Contract(s, bid), trump


class _Table:
    """A hand in progress: the cards each seat holds now, its policy, the auction and the
    calls each seat made, and the contract once there is one."""

    def __init__(self, hands: tuple[Hand, Hand, Hand, Hand], sides: tuple[Policy, Policy],
                 rules: RuleSet, seed: int, script: Script | None = None):
        self.now = list(hands)
        self.script = script or Script()
        self.players = (sides[0], sides[1], sides[0], sides[1])
        self.rules, self.seed = rules, seed
        self.auction = start(rules)
        self.bids: list[list[Bid]] = [[], [], [], []]
        self.calls: list[Call] = []
        self._contract: Contract | None = None

    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        """The four hands as each seat holds them now."""
        return self.now[0], self.now[1], self.now[2], self.now[3]

    @property
    def contract(self) -> Contract:
        """The contract, once the auction (or a contract given) has made one."""
        if self._contract is None:
            raise ValueError("there is no contract before the auction")
        return self._contract

    @contract.setter
    def contract(self, contract: Contract) -> None:
        self._contract = contract

    def seat(self, s: int, step: int, *key: int, **known: Any) -> Seat:
        """What seat ``s`` knows at this step (its decision's seed keyed by the step)."""
        return Seat(s, self.now[s], self.rules, self.auction, derived(self.seed, step, s, *key),
                    tuple(self.bids[s]), self._contract, **known)

    def bid(self) -> None:
        """The auction: each seat's policy calls until it is over."""
        needs = needs_marriage(self.rules, False)
        while not self.auction.finished:
            s = self.auction.to_call
            if len(self.calls) >= MAX_CALLS:
                raise self._endless()
            where = f"call {len(self.calls) + 1} of the auction ({self._so_far()})"
            if len(self.calls) < len(self.script.calls):
                bid = Bid(self.script.calls[len(self.calls)], "as recorded")
            else:
                bid = self.ask(s, "call", where, self.seat(s, _CALL, len(self.calls),
                                                           needs_marriage=needs))
            if not isinstance(bid, Bid) or not (bid.call is None or type(bid.call) is int):
                raise PolicyError(f"policy {self.players[s].name} at seat {s} answered {where}"
                                  f" with {bid!r}: a call is a Bid whose call is a whole number"
                                  " or None (pass)")
            try:
                self.auction = self.auction.then(bid.call)
            except AuctionError as e:
                raise PolicyError(f"policy {self.players[s].name} at seat {s} made an illegal"
                                  f" call, {'pass' if bid.call is None else bid.call}, at"
                                  f" {where}: {e}") from None
            self.bids[s].append(bid)
            self.calls.append(Call(s, bid.call, bid.meaning, bid.prediction))
        seat, high = self.auction.high_seat, self.auction.high
        if seat is None or high is None:  # a finished auction has a bid (the stuck dealer's)
            raise PolicyError(f"the auction ended with no bid: {self.auction.summary()}")
        self.contract = Contract(seat, high)

    def _endless(self) -> Exception:
        """The error of an auction past ``MAX_CALLS`` calls. Where the bid is still within what
        the hands could make (the sides' best meld and every trick point) the policies are
        bidding by the rule set's steps toward limits that many steps away: a legal rule set
        whose steps are too small for its meld values, named as the rule set's problem (a
        ``UserError``). Beyond that, a policy bids without a limit (``PolicyError``)."""
        rules, high = self.rules, self.auction.high
        best = [meld(h, rules).best.points for h in self.now]
        worth = max(best[0] + best[2], best[1] + best[3]) + rules.trick_points
        if high is not None and high <= worth:
            return AuctionTooLong(
                f"the auction passed {MAX_CALLS} calls and stands at {high}, with hands worth up"
                f" to {worth:,}: under the rules {rules.name} the bids rise by small steps"
                f" ({rules.steps_text()}) toward meld this large, so no real auction would end;"
                " give larger steps (bidding.steps) or a higher bidding.min_bid")
        return PolicyError(f"the auction has gone on for {MAX_CALLS} calls, past {high}, more"
                           " than these hands can make: a policy keeps bidding without a limit")

    def ask(self, s: int, what: str, where: str, *args):
        """Seat ``s``'s policy's answer to the call ``what`` (one of ``POLICY_CALLS``) at
        ``where``: an error it raises becomes a ``PolicyError`` naming the policy, the seat and
        the call (a built-in policy's error is a bug, and left as it is)."""
        player = self.players[s]
        try:
            return getattr(player, what)(*args)
        except PolicyError:
            raise
        except Exception as e:
            if built_in(player):
                raise
            error = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
            raise PolicyError(f"policy {player.name} at seat {s} failed in {what}, at {where}:"
                              f" {error}") from None

    def _so_far(self) -> str:
        calls = " ".join("p" if c.call is None else str(c.call) for c in self.calls)
        return f"after {calls}" if calls else "the first call"

    def name_trump(self, exchanged: bool, given: int | None) -> int | None:
        """The trump the bidder names (``given``: the one a given contract names), None when
        it may name none."""
        bidder = self.contract.seat
        view = self.seat(bidder, _NAME, needs_marriage=needs_marriage(self.rules, exchanged))
        allowed = view.may_name()
        if given is None and self.script.named:
            trump = self.script.trump
            if trump is None and allowed or trump is not None and trump not in allowed:
                raise UserError(f"seat {bidder} may not name {trump!r} as recorded; it may name"
                                f" one of {allowed}")
            return trump
        if given is not None:
            if given not in allowed and not exchanged:
                raise UserError(f"seat {bidder} cannot name {SUIT_SYMBOLS[given]}: it holds no"
                                f" marriage in {SUIT_SYMBOLS[given]} ({self.rules.name} rules)")
            return given if given in allowed else None
        trump = self.ask(bidder, "name_trump", "naming trump", view)
        if trump is None and allowed or trump is not None and trump not in allowed:
            raise PolicyError(f"policy {self.players[bidder].name} at seat {bidder} named"
                              f" {trump!r}; it may name one of {allowed}")
        return trump

    def exchange(self, n: int, trump: int, hint: Signal | None,
                 request: int | None) -> tuple[Hand, Hand]:
        """Exchange ``n`` cards between the bidder and partner in the rule set's order; the
        cards passed to the bidder and to the partner."""
        bidder, partner = self.contract.seat, self.contract.seat ^ 2
        now = self.now
        forced = self.script.passes
        if forced:
            given = forced[0]
        else:
            given = self.ask(partner, "pass_cards", "the exchange (the partner's pass)",
                             self.seat(partner, _PASS, trump=trump, hint=hint, request=request),
                             n)
        self._check(given, partner, n)
        # what the partner's calls asked for, read as the bidder reads them
        asked = asked_for(self.auction, partner, self.players[bidder].convention)
        if self.rules.pass_order == "partner-first":
            now[bidder], now[partner] = now[bidder] + given, now[partner] - given
            back = forced[1] if len(forced) > 1 else self.ask(
                bidder, "return_cards", "the exchange (the bidder's return)",
                self.seat(bidder, _RETURN, trump=trump, hint=asked), n)
            self._check(back, bidder, n)
            now[bidder], now[partner] = now[bidder] - back, now[partner] + back
        else:
            back = forced[1] if len(forced) > 1 else self.ask(
                bidder, "pass_cards", "the exchange (the bidder's pass)",
                self.seat(bidder, _PASS, trump=trump, hint=asked, asked=hint), n)
            self._check(back, bidder, n)
            now[bidder], now[partner] = now[bidder] - back + given, now[partner] - given + back
        return given, back

    def _check(self, cards: Hand, s: int, n: int) -> None:
        hand = self.now[s]
        if not isinstance(cards, Hand):
            raise PolicyError(f"policy {self.players[s].name} at seat {s} passed {cards!r}: it"
                              f" must pass a Hand of {n} of the cards it holds ({hand})")
        if len(cards) != n or any(c > h for c, h in zip(cards.counts, hand.counts)):
            raise PolicyError(f"policy {self.players[s].name} at seat {s} passed {cards}: it"
                              f" must pass {n} of the cards it holds ({hand})")

    def finish(self, trump: int | None, passed: tuple[Hand, Hand]) -> tuple[
            tuple[TrumpMeld, TrumpMeld, TrumpMeld, TrumpMeld], tuple[int, int],
            tuple[int, int] | None, tuple[Trick, ...], HandScore]:
        """Meld, the throw-in, the tricks and the score."""

        rules, won, now = self.rules, self.contract, self.now
        side, k = won.side, rules.scale
        results = [meld(h, rules) for h in now]
        m = [r.best if trump is None else r.trumps[trump] for r in results]
        melds = (m[0], m[1], m[2], m[3])
        side_meld = (melds[0].points + melds[2].points, melds[1].points + melds[3].points)
        # under the minimum the bid is lost without play (played, it scores as under-min-meld)
        under_min = bool(rules.min_meld) and side_meld[side] < rules.min_meld_points
        ended: Conceded | None = None  # how it ended before play (None: it is played)
        if trump is None:
            ended = "no-marriage"
        elif not under_min:
            known = [shown_cards(m, h) for m, h in zip(melds, now)]
            partner = won.seat ^ 2  # holds the cards the bidder passed, too
            known[partner] = Hand(max(a, b) for a, b in zip(known[partner].counts,
                                                            passed[1].counts))
            throw = self.script.throw_in
            if throw is None:
                throw = bool(self.ask(won.seat, "throw_in", "the throw-in", self.seat(
                    won.seat, _THROW, trump=trump, meld=side_meld, known=tuple(known))))
            ended = "thrown-in" if throw else None
        tricks: tuple[int, int] | None = None
        play: tuple[Trick, ...] = ()
        if trump is not None and (ended is None and not under_min
                                  or rules.concession == "play"):
            record: list[int] = []
            shown = [shown_cards(m, h) for m, h in zip(melds, now)]
            points = self.play_cards(trump, shown, passed, record)
            tricks = (points[0] * k, points[1] * k)
            play = _tricks(record, trump, won.seat, k)
        score = score_hand(HandInput(side, won.bid, side_meld, tricks or (None, None), ended),
                           rules)
        return melds, side_meld, tricks, play, score

    def play_cards(self, trump: int, shown: list[Hand], passed: tuple[Hand, Hand],
                   record: list[int]) -> tuple[int, int]:
        """The tricks, card by card: the cards the script gives first (a recorded hand played
        on from one of its cards), then each seat by its side's card player, the heuristic
        player or the card advice (which sees what the seat sees: its hand, the tricks so far,
        the contract, every seat's meld shown and its side's exchange); the trick points per
        side (unscaled). ``record`` receives the cards in the order played."""
        from ..play.advice import DEFAULT_SAMPLES as CARD_SAMPLES
        from ..play.advice import advise_card
        from ..play.players import HeuristicPlayer
        from ..play.position import position_after
        from ..play.simulate import play_deal
        from ..play.tricks import IllegalPlay, PlayState

        won, given = self.contract, self.script.cards
        players = [getattr(self.players[s], "cards", "heuristic") for s in range(4)]
        if not given and "advisor" not in players:  # the heuristic's cards, on the fast engine
            return play_deal(self.now, trump, won.seat, record=record)
        state = PlayState.deal(self.now, trump, won.seat)
        heuristic = HeuristicPlayer()
        while not state.is_over:
            n, s = len(record), state.to_play
            if n < len(given):
                card = given[n]
            elif players[s] == "advisor" and len(state.legal()) > 1:
                exchange: tuple[Hand | None, Hand | None] = (None, None)
                if self.rules.pass_cards and s == won.seat:
                    exchange = (passed[1], passed[0])  # (passed, received)
                elif self.rules.pass_cards and s == won.seat ^ 2:
                    exchange = passed
                position = position_after(self.now, trump, won.seat, record,
                                          contract=(won.seat, won.bid), shown=tuple(shown),
                                          exchange=exchange)
                card = advise_card(position, samples=CARD_SAMPLES, rules=self.rules,
                                   seed=card_seed(self.seed, n)).card
            else:
                card = heuristic.choose(state.view())
            try:
                state = state.play(card)
            except IllegalPlay as e:
                raise UserError(f"card {n + 1} as recorded: {e}") from None
            record.append(card)
        return state.points


def card_seed(seed: int, played: int) -> int:
    """The seed of a card player's decision in a hand seeded ``seed``, after ``played`` cards
    (``review`` advises a recorded card again with it)."""
    return derived(seed, _CARD, played)


def _tricks(record: list[int], trump: int, leader: int, scale: int) -> tuple[Trick, ...]:
    from ..play.tricks import trick_points, trick_winner

    out = []
    for i in range(0, len(record), 4):
        cards = (record[i], record[i + 1], record[i + 2], record[i + 3])
        winner = (leader + trick_winner(cards, trump)) & 3
        out.append(Trick(leader, cards, winner,
                         trick_points(cards, last=i + 4 == len(record), scale=scale)))
        leader = winner
    return tuple(out)


__all__ = ["play_hand", "HandRecord", "Call", "Trick", "PolicyError", "AuctionTooLong", "Script",
           "RESULTS", "deal_cards", "hand_seed", "check_deal", "needs_marriage", "shown_cards",
           "card_seed"]
