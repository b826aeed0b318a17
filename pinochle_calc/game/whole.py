"""A whole hand: one deal played from the auction to the score, as a record of every event.

``play_hand(hands, us, them, rules, seed=...)`` plays four 20-card hands (seats 0-3; seat 3
deals, so seat 0 calls first; seats 0 and 2 are "us") with a policy for each side (see
``policies``), and returns the hand's ``Record``. ``play_on(record, us, them, ...)`` goes on from
the last event of a record whose four hands are known (a recorded hand continued: the events it
holds stand as they are).

The engine is one loop over the hand's state (``hand.HandState``): it asks the seat whose
decision comes next for an event and applies it, so every event is checked by the same rules
that check a record read from a file:

1. the auction: each seat's policy calls in turn (the stuck dealer bids the minimum; the rule
   set's rounds), or a contract given outright skips it;
2. the bidder names trump and the bidder and partner exchange cards as the rule set says
   (``passing.cards``, ``passing.order``, ``passing.when``): where cards pass before trump is
   named, the bidder first asks for the suit it plans to name (``exchange.seat.suit_request``);
3. every seat shows its meld with that trump (``shown_cards``); the sides add it up;
4. before the first card the bidder may throw the hand in (the policy's ``throw_in``);
5. the tricks, where the hand is played: each side's seats by its policy's card player, the
   heuristic player (``play.simulate.play_deal``) or the card advice (``play.advice``), which
   sees what that seat sees (``hand.card_position``);
6. the record, settled: its result and score (``scoring.score_hand``).

Policies see seats counted from the dealer's left, as the auction counts them (in a hand seat 3
deals, that is the seat's own number). A policy written outside the project is asked as outside
code (``outside.run_outside``: what it prints goes to stderr, whatever it raises is its failure)
and each answer is checked before it is applied (``_bid_problem``, the suit named, the cards
passed, the throw-in's bool, its name still one line of text): any failure is a ``PolicyError``
naming the policy, the seat and the call. Everything depends only on the arguments: every random
choice is seeded from ``seed``, the step, the seat (counted from the dealer's left) and the
call it is for.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Real
from typing import TYPE_CHECKING, Any

from ..bidding.auction import AuctionError
from ..bidding.estimate import DEFAULT_SAMPLES
from ..cards import CARDS, COPIES, HAND_SIZE, KINDS, SUIT_SYMBOLS, SuitLike, as_suit
from ..errors import UserError, described, error_line
from ..exchange.seat import suit_request
from ..hand import Hand, HandLike, as_hand
from ..limits import FIGURE_MAX, check
from ..meld.engine import meld
from ..rules import STANDARD, RuleSet, RulesLike, as_rules
from ..scoring import RESULTS
from ..seats import SEATS, Seat
from .decisions import (
    CALL_STEP,
    NAME_STEP,
    PASS_STEP,
    PLAN_STEP,
    RETURN_STEP,
    THROW_STEP,
    card_seed,
    derived,
    hand_seed,
    pass_request,
)
from .hand import (
    Call,
    Contract,
    Decision,
    MeldShown,
    Pass,
    Play,
    Record,
    RecordError,
    Request,
    ThrowIn,
    Trump,
    card_position,
    settled,
)
from .hand.events import MAX_TEXT
from .hand.state import shown_cards
from .hand.tags import prediction_text
from .outside import (
    CardChooser,
    CardView,
    OutsideFailed,
    card_answer,
    name_problem,
    plain,
    run_outside,
    shown,
)
from .policies import (
    Bid,
    ContractWon,
    Policy,
    PolicyLoadError,
    Situation,
    built_in,
    policy,
    policy_problem,
)

if TYPE_CHECKING:
    from .hand import Event

#: More calls than this in one auction means a policy keeps bidding without a limit.
MAX_CALLS = 400
# the steps a decision's seed is keyed by (``decisions.decision_seed``: the one rule)
_CALL, _PLAN, _NAME, _PASS, _RETURN, _THROW = (CALL_STEP, PLAN_STEP, NAME_STEP, PASS_STEP,
                                               RETURN_STEP, THROW_STEP)


def play_seen(record: Record, sides: tuple[Policy, Policy], seed: int,
              bids: tuple[tuple[Bid, ...], ...], score: tuple[int, int] | None) -> Record:
    """``record`` played on to its score by ``sides``, each seat's calls so far ``bids``, with
    the seeds of a hand seeded ``seed``: what the hand does from there if its seats play so
    (an all-seeing policy's trials, ``ceiling.Sight``)."""
    engine = _Engine(record, sides, seed, None, score, bids)
    engine.run()
    return settled(engine.record())


class AuctionTooLong(UserError):
    """An auction that a legal rule set lets go on past ``MAX_CALLS`` calls: its bidding steps
    are too small for its meld values (see ``_Engine._endless``)."""


class PolicyError(UserError):
    """A policy did something the rules do not allow (an illegal call, cards it does not hold),
    gave something that is not an answer, or failed (raised an error, ``sys.exit`` included):
    the message names the policy, the seat and the call."""


def deal_cards(seed: int, number: int = 0) -> tuple[Hand, Hand, Hand, Hand]:
    """Deal ``number`` of a seeded series: the 80 cards shuffled and dealt 20 to each seat."""
    import numpy as np

    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(number,)))
    kinds = rng.permutation(COPIES * KINDS) // COPIES
    h = [Hand(np.bincount(kinds[s * HAND_SIZE:(s + 1) * HAND_SIZE], minlength=KINDS))
         for s in range(4)]
    return h[0], h[1], h[2], h[3]


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


def play_hand(hands: Sequence[HandLike], us: Policy | str = "advisor:jump",
              them: Policy | str = "advisor:jump", rules: RulesLike = STANDARD, *,
              seed: int = 0, contract: tuple[int, SuitLike | None, int | None] | None = None,
              samples: int = DEFAULT_SAMPLES) -> Record:
    """Play one deal from the auction to the score (see the module docstring) and return its
    record, tagged with the policies (``Us``, ``Them``) and the bidder's chance of making the
    contract as its policy saw it at its last bid (``Prediction``, where it says one).

    ``hands``: four hands (``Hand`` or text), seats 0-3 (seat 3 deals). ``us`` plays seats 0
    and 2, ``them`` seats 1 and 3 (a ``Policy`` or a built-in policy's name; an advisor named
    here simulates ``samples`` deals per estimate). ``contract`` = (seat, trump, bid or None for
    the minimum; trump None: its policy names it) skips the auction: that seat wins at that bid
    and names that trump.
    """
    hands = check_deal(hands)
    rules = as_rules(rules)
    start = Record(rules, Seat.THREE, hands)
    given = None
    if contract is not None:
        seat, trump, bid = _given(contract, rules)
        start = Record(rules, Seat.THREE, hands, (Contract(seat, bid),))
        given = trump
    return play_on(start, us, them, seed=seed, samples=samples, trump=given)


def play_on(record: Record, us: Policy | str, them: Policy | str, *, seed: int = 0,
            samples: int = DEFAULT_SAMPLES, trump: int | None = None,
            score: tuple[int, int] | None = None) -> Record:
    """The hand of ``record`` (all four hands known) played on from its last event by the
    policies (``us`` at seats 0 and 2, ``them`` at 1 and 3), to the end; the events recorded
    stand. ``trump``: the suit a given contract names (None: the bidder's policy names it).
    ``score``: the game's score before the hand (us, them), which every seat is told
    (``Situation.score``) and the record is tagged with (``Score``, ``US:THEM``)."""
    check("seed", seed, 0, 2**64 - 1)  # hand_seed derives seeds of 64 bits
    if score is not None:
        from ..scoring import game_score

        score = game_score(score, record.rules)
    if any(h is None for h in record.hands):
        raise RecordError("four hands are needed to play on: deal the unknown ones first"
                          " (hand.deal_unknown)")
    sides = (_policy(us, "us", samples), _policy(them, "them", samples))
    engine = _Engine(record, sides, seed, trump, score)
    engine.run()
    done = settled(engine.record())
    names, conventions = engine.names, engine.conventions
    done = done.with_tag("Us", names[0]).with_tag("Them", names[1])
    for side, tag in enumerate(("UsConvention", "ThemConvention")):
        convention = conventions[side]
        if convention is not None and names[side].split("/")[0] != f"advisor:{convention}":
            done = done.with_tag(tag, convention)  # a convention its name does not say
    prediction = engine.prediction()
    if prediction is not None:
        done = done.with_tag("Prediction", prediction_text(prediction))
    if score is not None:
        done = done.with_tag("Score", f"{score[0]}:{score[1]}")
    return done


def _policy(value: Policy | str, name: str, samples: int) -> Policy:
    """A side's policy, given as one or by a built-in policy's name (a policy object given
    is checked as ``load_policy`` checks one: ``PolicyLoadError``)."""
    if isinstance(value, str):
        return policy(value, samples)
    if not isinstance(value, Policy):
        raise TypeError(f"{name} must be a Policy or a policy's name, not {described(value)}")
    if not built_in(value):
        problem = policy_problem(value)
        if problem:
            raise PolicyLoadError(f"the policy of {name}: {problem}")
    return value


def _card_player(policy: object) -> object:
    """A policy's card player: ``heuristic``, ``advisor`` or an object of one's own with a
    ``choose(view)`` (``outside.CardChooser``)."""
    cards = getattr(policy, "cards", "heuristic")
    if cards == "advisor" or isinstance(cards, CardChooser):
        return cards
    return "heuristic"


def _given(contract: object, rules: RuleSet) -> tuple[Seat, int | None, int]:
    if isinstance(contract, str) or not isinstance(contract, Sequence) or len(contract) != 3:
        raise TypeError(f"contract must be (seat, trump, bid or None), not"
                        f" {described(contract)}")
    s, trump, bid = contract
    s = check("the contract's seat (0 to 3; 3 deals)", s, 0, 3)
    trump = None if trump is None else as_suit(trump, "the contract's trump")
    bid = rules.next_bid(None) if bid is None else bid
    problem = rules.bid_problem(bid)
    if problem:
        raise UserError(f"contract bid: {problem}")
    return Seat(s), trump, bid


def _comment(text: str) -> str:
    """A policy's words as an event's comment: one line of printable text, no braces, at most
    ``MAX_TEXT`` characters (the rest cut)."""
    words = text[:2 * MAX_TEXT]  # enough to fill a comment once spaces are merged
    words = " ".join("".join(c if c.isprintable() and c not in "{}" else " " for c in words)
                     .split())
    return words[:MAX_TEXT].rstrip()


def _bid_problem(bid: object) -> str:
    """What is wrong with a policy's answer to a call ('' if nothing): a ``Bid`` whose call is
    a whole number (an int, at most ``FIGURE_MAX``) or None, whose meaning is text, whose
    prediction is None or a chance from 0 to 1 and whose trump is None or a suit."""
    if not isinstance(bid, Bid):
        return "a call is a Bid whose call is a whole number or None (pass)"
    call, meaning, prediction, trump = bid
    if not (call is None or type(call) is int):
        return "a call is a Bid whose call is a whole number or None (pass)"
    if call is not None and not -FIGURE_MAX <= call <= FIGURE_MAX:
        return f"a bid is at most {FIGURE_MAX:,}"
    if not isinstance(meaning, str):
        return f"a Bid's meaning is text, not {described(meaning)}"
    if prediction is not None and _chance(prediction) is None:
        return ("a Bid's prediction is the chance of making the bid, a number from 0 to 1, or"
                " None")
    if trump is not None:
        try:
            as_suit(trump, "a Bid's trump")
        except (TypeError, UserError):
            return "a Bid's trump is a suit (0 to 3, S H D C, or its letter) or None"
    return ""


def _chance(value: object) -> float | None:
    """``value`` as a chance, a real number from 0 to 1 (not a bool); None if it is not one."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    try:
        p = float(value)
    except (OverflowError, ValueError, TypeError):
        return None
    return p if 0 <= p <= 1 else None  # NaN fails both


def _suit_answer(value: object) -> int | None:
    """A policy's answer that names a suit, as an int (None: none named); a ``ValueError`` for
    anything that is not a suit (a bool, a number out of 0-3, a word that is no suit)."""
    if value is None:
        return None
    try:
        return as_suit(value)  # type: ignore[arg-type]
    except (TypeError, UserError):
        raise ValueError(value) from None


class _Engine:
    """A hand being played: its state, each side's policy, the calls each seat made."""

    def __init__(self, record: Record, sides: tuple[Policy, Policy], seed: int,
                 given: int | None, score: tuple[int, int] | None = None,
                 bids: tuple[tuple[Bid, ...], ...] = ((), (), (), ())):
        self.state = record.state
        self.start = record
        self.events: list[Event] = []
        self.players = (sides[0], sides[1], sides[0], sides[1])
        # read once, as the hand starts: what the record is tagged with and the partner reads
        self.names = (sides[0].name, sides[1].name)
        self.conventions = (sides[0].convention, sides[1].convention)
        self.card_players = tuple(_card_player(p) for p in self.players)
        self.seed, self.given, self.score = seed, given, score
        self.rules = record.rules
        self.bids: list[list[Bid]] = [list(b) for b in bids]  # each seat's, in the record
        self.throw_asked = False
        self.cards: list[int] | None = None  # the fast card player's cards, worked out once
        self.tricks = None  # the play so far on the trick engine, where a seat needs its view

    def prediction(self) -> float | None:
        """The bidder's chance of making the contract as its policy saw it at its last bid
        (None: it gave none, or the contract was not bid for here)."""
        won = self.state.contract
        if won is None or won.given or not self.bids[won.seat]:
            return None
        p = self.bids[won.seat][-1].prediction
        return None if p is None else float(p)  # checked when the call was made (``_chance``)

    def record(self) -> Record:
        from dataclasses import replace

        from .hand.record import with_state

        # the engine applied every event to the start's state, checking each: no replay
        return with_state(replace(self.start, events=self.start.events + tuple(self.events),
                                  result=None, score=None), self.state)

    def run(self) -> None:
        """Ask the seat whose decision it is for an event, apply it; until the hand is over."""
        while (d := self.state.next_decision()).kind != "over":
            event = self.decide(d)
            if event is None:
                continue
            try:
                self.state = self.state.apply(event)
            except RecordError as e:
                raise self._refused(d, event, e) from None
            self.events.append(event)
            if self.tricks is not None and isinstance(event, Play):
                self.tricks = self.tricks.play(event.card)

    def turn(self, seat: int) -> int:
        """A seat counted from the dealer's left, as the policies and the seeds count it."""
        return Seat(seat).turn(self.state.dealer)

    def view(self, seat: Seat, step: int, *key: int, **known: Any) -> Situation:
        """What ``seat`` knows at this step (its decision's seed keyed by the step)."""
        s = self.state
        hand = known.pop("hand") if "hand" in known else s.holding(seat)
        assert hand is not None
        won = None
        if s.contract is not None:
            won = ContractWon(self.turn(s.contract.seat), s.contract.bid)
        t = self.turn(seat)
        side = seat & 1
        score = None if self.score is None else (self.score[side], self.score[side ^ 1])
        return Situation(t, hand, self.rules, s.auction, derived(self.seed, step, t, *key),
                        tuple(self.bids[seat]), won, score=score, **known)

    def name(self, seat: int) -> str:
        """The name of the policy at ``seat`` (as the hand started)."""
        return self.names[seat & 1]

    def ask(self, seat: int, what: str, where: str, *args):
        """Seat ``seat``'s policy's answer to the call ``what`` at ``where``, run as outside
        code (``outside.run_outside``: what it prints goes to stderr): whatever it raises,
        ``sys.exit`` and a ``KeyboardInterrupt`` of its own included, becomes a
        ``PolicyError`` naming the policy, the seat and the call, and so does a name that is
        no longer one line of text after it (a built-in policy's error is a bug, and left as it
        is; so is a real Ctrl-C)."""
        player = self.players[seat]
        if built_in(player):
            return getattr(player, what)(*args)
        try:
            answer = plain(run_outside(getattr(player, what), *args))
            name = run_outside(getattr, player, "name", None)
        except OutsideFailed as f:
            if isinstance(f.error, PolicyError):
                raise f.error from None
            raise PolicyError(f"policy {self.name(seat)} at seat {seat} failed in {what}, at"
                              f" {where}: {error_line(f.error)}") from None
        if name_problem(name):
            raise PolicyError(f"policy {self.name(seat)} at seat {seat} changed its name to"
                              f" {shown(name)} in {what}, at {where}: {name_problem(name)}")
        return answer

    def decide(self, d: Decision) -> Event | None:
        assert d.kind != "over"
        return getattr(self, "_" + d.kind)(d)

    # ---------------------------------------------------------------------- the auction

    def _call(self, d: Decision) -> Event:
        s = self.state
        seat = d.seat
        assert seat is not None
        calls = len(s.auction.calls)
        if calls >= MAX_CALLS:
            raise self._endless()
        where = f"call {calls + 1} of the auction ({self._so_far()})"
        view = self.view(seat, _CALL, calls, needs_marriage=self.rules.needs_marriage(False))
        player = self.players[seat]
        if built_in(player) and getattr(player, "all_seeing", False):  # the yardstick alone
            from .ceiling import Sight, best_call

            bid = best_call(player, view, Sight(  # type: ignore[arg-type]
                self.record(), (self.players[0], self.players[1]),
                tuple(tuple(b) for b in self.bids), self.seed, self.score, play_seen))
        else:
            bid = self.ask(seat, "call", where, view)
        problem = _bid_problem(bid)
        if problem:
            raise PolicyError(f"policy {self.name(seat)} at seat {seat} answered {where} with"
                              f" {shown(bid)}: {problem}")
        try:
            s.auction.then(bid.call)
        except AuctionError as e:
            raise PolicyError(f"policy {self.name(seat)} at seat {seat} made an illegal call,"
                              f" {'pass' if bid.call is None else bid.call}, at {where}:"
                              f" {e}") from None
        self.bids[seat].append(bid)
        return Call(seat, bid.call, _comment(bid.meaning))

    def _so_far(self) -> str:
        calls = " ".join("p" if c.bid is None else str(c.bid) for c in self.state.auction.calls)
        return f"after {calls}" if calls else "the first call"

    def _endless(self) -> Exception:
        """The error of an auction past ``MAX_CALLS`` calls. Where the bid is still within what
        the hands could make (the sides' best meld and every trick point) the policies are
        bidding by the rule set's steps toward limits that many steps away: a legal rule set
        whose steps are too small for its meld values, named as the rule set's problem (a
        ``UserError``). Beyond that, a policy bids without a limit (``PolicyError``)."""
        rules, high = self.rules, self.state.auction.high
        best = [meld(h, rules).best.points for h in self.state.dealt if h is not None]
        worth = max(best[0] + best[2], best[1] + best[3]) + rules.trick_points
        if high is not None and high <= worth:
            return AuctionTooLong(
                f"the auction passed {MAX_CALLS} calls and stands at {high}, with hands worth up"
                f" to {worth:,}: under the rules {rules.name} the bids rise by small steps"
                f" ({rules.steps_text()}) toward meld this large, so no real auction would end;"
                " give larger steps (bidding.steps) or a higher bidding.min_bid")
        return PolicyError(f"the auction has gone on for {MAX_CALLS} calls, past {high}, more"
                           " than these hands can make: a policy keeps bidding without a limit")

    # ------------------------------------------------------------ trump and the exchange

    def _request(self, d: Decision) -> Event:
        bidder = self.state.bidder
        plan = self.given
        if plan is None:
            answer = self.ask(bidder, "name_trump", "the suit asked for before the exchange",
                              self.view(bidder, _PLAN, needs_marriage=(
                                  self.rules.needs_marriage(exchanged=False))))
            try:
                plan = _suit_answer(answer)
            except ValueError:
                raise PolicyError(f"policy {self.name(bidder)} at seat {bidder} planned to name"
                                  f" {shown(answer)}: a trump is a suit 0 to 3 (S H D C) or"
                                  " None") from None
        held = self.state.holding(bidder)
        assert held is not None
        return Request(bidder, suit_request(held, plan))

    def _trump(self, d: Decision) -> Event:
        s = self.state
        bidder = s.bidder
        exchanged = bool(s.passes)
        view = self.view(bidder, _NAME, needs_marriage=self.rules.needs_marriage(exchanged))
        allowed = view.may_name()
        if self.given is not None:
            if self.given not in allowed and not exchanged:
                raise UserError(f"seat {bidder} cannot name {SUIT_SYMBOLS[self.given]}: it holds"
                                f" no marriage in {SUIT_SYMBOLS[self.given]} ({self.rules.name}"
                                " rules)")
            return Trump(bidder, self.given if self.given in allowed else None)
        answer = self.ask(bidder, "name_trump", "naming trump", view)
        try:
            trump = _suit_answer(answer)
        except ValueError:
            trump = -1  # not a suit: refused below
        if trump is None and allowed or trump is not None and trump not in allowed:
            options = " ".join(str(t) for t in allowed) or "none (None)"
            raise PolicyError(f"policy {self.name(bidder)} at seat {bidder} named"
                              f" {shown(answer)}; it may name one of: {options}")
        return Trump(bidder, trump)

    def _pass(self, d: Decision) -> Event:
        seat = d.seat
        assert seat is not None
        # what the pass answers (``decisions.pass_request``, the question the review and the
        # table ask too), the calls read under the passer's side's convention
        asked = pass_request(self.state, seat, self.conventions[seat & 1])
        returns = asked.role == "bidder" and self.rules.pass_order == "partner-first"
        view = self.view(seat, _RETURN if returns else _PASS, trump=asked.trump, hint=asked.hint,
                         asked=asked.asked, request=asked.request, hand=asked.hand)
        if returns:
            cards = self.ask(seat, "return_cards", "the exchange (the bidder's return)", view,
                             asked.cards)
        else:
            cards = self.ask(seat, "pass_cards", f"the exchange (the {asked.role}'s pass)", view,
                             asked.cards)
        self._check_pass(cards, seat, asked.cards, view.hand)
        return Pass(seat, cards)

    def _check_pass(self, cards: object, seat: int, n: int, hand: Hand) -> None:
        if not isinstance(cards, Hand):
            raise PolicyError(f"policy {self.name(seat)} at seat {seat} passed"
                              f" {shown(cards)}: it must pass a Hand of {n} of the cards it holds"
                              f" ({hand})")
        if len(cards) != n or any(c > h for c, h in zip(cards.counts, hand.counts)):
            raise PolicyError(f"policy {self.name(seat)} at seat {seat} passed {cards}:"
                              f" it must pass {n} of the cards it holds ({hand})")

    # ------------------------------------------------------------ meld, throw-in, cards

    def _meld(self, d: Decision) -> Event:
        s = self.state
        seat = d.first
        assert seat is not None
        held = s.holding(seat)
        assert held is not None
        report = meld(held, self.rules)
        declared = report.best if s.trump is None or s.lost else report.trumps[s.trump]
        return MeldShown(seat, shown_cards(declared, held))

    def _play(self, d: Decision) -> Event | None:
        s = self.state
        seat = d.seat
        assert seat is not None and s.trump is not None
        if d.may_throw_in and not self.throw_asked:
            self.throw_asked = True
            if self._throws_in():
                return ThrowIn(s.bidder)
            return None
        return Play(seat, self._card(seat))

    def _throws_in(self) -> bool:
        s = self.state
        bidder = s.bidder
        meld_sides = s.side_meld()
        assert meld_sides is not None
        known = [s.shown(x) or Hand([0] * KINDS) for x in SEATS]
        back = s.passed(bidder)
        if back is not None:  # the partner holds the cards the bidder passed, too
            p = bidder.partner
            known[p] = Hand(max(a, b) for a, b in zip(known[p].counts, back.counts))
        seen = tuple(known[Seat.at_turn(t, s.dealer)] for t in range(4))
        if Seat.ZERO.turn(s.dealer) % 2:  # the policies' "us" is the other side here
            meld_sides = (meld_sides[1], meld_sides[0])
        answer = self.ask(bidder, "throw_in", "the throw-in", self.view(
            bidder, _THROW, trump=s.trump, meld=meld_sides, known=seen))
        if (isinstance(answer, int) or _numpy_bool(answer)) and answer in (True, False):
            return bool(answer)
        raise PolicyError(f"policy {self.name(bidder)} at seat {bidder} answered the throw-in"
                          f" with {shown(answer)}: the answer is True (throw the hand in) or"
                          " False (a bool; 1 and 0 are taken too)")

    def _card(self, seat: Seat) -> int:
        s = self.state
        players = self.card_players
        if all(p == "heuristic" for p in players):  # on the fast engine, all at once
            if self.cards is None:
                self.cards = self._heuristic_cards()
            return self.cards[s.plays]
        player = players[seat]
        if player != "heuristic":
            from ..play.tricks import legal_cards

            held = s.holding_counts(seat)
            assert held is not None and s.trump is not None
            legal = legal_cards(held, s.trick, s.trump)
            if len(legal) > 1 and player == "advisor":
                from ..play.advice import DEFAULT_SAMPLES as CARD_SAMPLES
                from ..play.advice import advise_card

                position = card_position(s, seat)
                return advise_card(position, samples=CARD_SAMPLES, rules=self.rules,
                                   seed=card_seed(self.seed, s.plays)).card
            if len(legal) > 1:
                return self._outside_card(seat, player, legal)
        from ..play.players import HeuristicPlayer

        return HeuristicPlayer().choose(self._tricks().view())

    def _outside_card(self, seat: Seat, player: object, legal: tuple[int, ...]) -> int:
        """The card a card player written outside the project chooses (``choose(view)``),
        checked: a failure, an answer that is no card, or a card the rules forbid is a
        ``PolicyError`` naming the policy, the seat and the card."""
        s = self.state
        where = f"card {s.plays + 1} (trick {len(s.tricks) + 1})"
        name = self.names[seat & 1]
        view = CardView.of(card_position(s, seat), rules=self.rules, auction=s.auction,
                           dealer=int(s.dealer), meld=s.side_meld(),
                           seed=card_seed(self.seed, s.plays))
        try:
            answer = run_outside(player.choose, view)  # type: ignore[attr-defined]
        except OutsideFailed as f:
            raise PolicyError(f"policy {name} at seat {seat} failed in choose, at {where}:"
                              f" {error_line(f.error)}") from None
        card = card_answer(answer)
        if card is None:
            raise PolicyError(f"policy {name} at seat {seat} answered {where} with"
                              f" {shown(answer)}: a card is an index 0-19, a Card or its text"
                              " (AH)")
        if card not in legal:
            from ..play.tricks import rule_in_force
            from .hand.state import symbols

            held = s.holding_counts(seat)
            assert held is not None and s.trump is not None
            rule = symbols(rule_in_force(held, s.trick, s.trump))
            raise PolicyError(f"policy {name} at seat {seat} played {CARDS[card].symbol} at"
                              f" {where}, which the rules forbid: {rule}")
        return card

    def _heuristic_cards(self) -> list[int]:
        """Every card of the hand as the heuristic player plays it (the cards recorded first),
        worked out at once: on the fast engine from the first card, else card by card."""
        from ..play.players import HeuristicPlayer
        from ..play.simulate import play_deal

        s = self.state
        cards = [c for t in s.tricks for c in t.cards] + list(s.trick)
        if not cards:
            assert s.trump is not None
            hands = [s.holding(x) for x in SEATS]
            play_deal(hands, s.trump, s.bidder, record=cards)
            return cards
        state, player = self._tricks(), HeuristicPlayer()
        while not state.is_over:
            card = player.choose(state.view())
            cards.append(card)
            state = state.play(card)
        return cards

    def _tricks(self):
        """The play so far on the trick engine (``play.tricks.PlayState``), kept in step."""
        from ..play.tricks import PlayState

        if self.tricks is None:
            s = self.state
            state = PlayState.deal([s.after_exchange(x) for x in SEATS], s.trump, s.bidder)
            for c in [c for t in s.tricks for c in t.cards] + list(s.trick):
                state = state.play(c)
            self.tricks = state
        return self.tricks

    def _refused(self, d: Decision, event: Event, error: RecordError) -> Exception:
        """A policy's event the rules refuse, as the policy's error."""
        seat = event.seat
        return PolicyError(f"policy {self.name(seat)} at seat {seat}: {error.reason}"
                           + (f" ({error.rule})" if error.rule else ""))


def _numpy_bool(value: object) -> bool:
    """Whether ``value`` is numpy's bool (a comparison of arrays gives one)."""
    import numpy as np

    return isinstance(value, np.bool_)


__all__ = ["play_hand", "play_on", "PolicyError", "AuctionTooLong", "RESULTS", "deal_cards",
           "hand_seed", "derived", "check_deal", "shown_cards", "card_seed", "play_seen"]
