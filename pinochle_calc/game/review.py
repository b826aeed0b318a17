"""Review of a recorded hand: every decision of a seat beside the advice from that seat's
knowledge at that moment, the expected cost of the choice made, and a mark.

For each decision (``decisions``):

- a **call**: the bid advice (``bidding.advise``: the seat's hand and the auction so far, read
  under the convention). Its cost is measured by playing the hand out over 500 deals of
  the cards the seat cannot see, dealt as the bid estimate deals them (meeting what the other
  calls said), once with the call made and once with the call advised, the rest decided by the
  engine's fast players (the formula bidder's calls, the exchange policy, heuristic card play;
  nobody throws in): the cost is the mean of the difference in the seat's side's margin (its
  score for the hand less the other side's), with its standard error over the deals;
- a **pass** (the partner's, or the bidder's pass or return): the pass advice
  (``exchange.advice.advise_pass``, what the ``pass`` command and the table recommend, asked
  the same question: ``decisions.pass_request``). Its cost is the difference between the two
  choices' scores under the pass advice's own check (the receiver's meld gain over its
  simulated hands, less the meld the passer breaks, plus trick strength), with the standard
  error of the paired gains;
- a **card**, where the seat had a choice (a card the rules force is no decision): the card
  advice (``play.advice.advise_card``, 300 deals) from the position the seat saw (its hand,
  trump, the tricks so far and the trick in progress, the contract, every seat's meld shown,
  its side's exchange; never the hidden hands). Its cost is the difference between the two
  cards' figures by the card advice's own estimate (the expected score margin for the seat's
  side), deal by deal over the same deals, with the standard error of those differences;

Beside a card's cost, its **exact cost** (``game.par``): what the card gave its side away
against best play with every card seen (the double-dummy cost, in points), where the solver
reached its position within the budget of positions (``exact``, spent from the last trick
back); the review gives the hand's par too. A card with an exact cost above 0 lost points
whatever the layout; a card the advice chose from what its seat saw may still have one.

A decision the advice agrees with costs 0. A cost below 0 means the choice made did better
than the advice by that measure. The marks, by the cost's mean in points (times the rule set's
``scale``): **better** where the choice made beat the advice by more than two standard errors
(with a note: the advice is worth a second look there); **fine** under 2, or within two
standard errors of 0; **inaccuracy** under 5; **mistake** under 10; **blunder** from 10.

**Decision (seeds).** Each decision is advised with the seed ``decisions.decision_seed``
gives it from the hand's seed, the rule the table, ``card`` and the engine's players follow,
so the same event gets the same advice from each. The hand's seed is ``seed``, or for a record
``play`` or ``arena`` wrote, its own (its Seed tag; the arena's Deal too; and its Samples), so
an advisor's own decisions (the card advisor's too, at its 300 deals) are advised again
exactly, at cost 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from ..cards import SUIT_SYMBOLS
from ..errors import UserError
from ..hand import Hand
from ..limits import EXACT_SECONDS_PAR
from ..play.stats import ZERO, Mean
from ..rules import RuleSet
from .hand import Call, Pass, Play, Record, convention_of

if TYPE_CHECKING:
    from ..bidding.auction import Auction
    from .par import HandPar

Phase = Literal["auction", "exchange", "play"]
Mark = Literal["better", "fine", "inaccuracy", "mistake", "blunder"]
#: The marks, from the best.
MARKS: tuple[Mark, ...] = ("better", "fine", "inaccuracy", "mistake", "blunder")
PHASES: tuple[Phase, ...] = ("auction", "exchange", "play")
#: The marks' upper bounds in points (unscaled); from the last bound on, a blunder.
MARK_BOUNDS: tuple[tuple[float, Mark], ...] = ((2.0, "fine"), (5.0, "inaccuracy"),
                                               (10.0, "mistake"))
#: A cost within this many standard errors of 0 is fine, whatever its mean.
NOISE = 2.0
#: Deals behind a call's advice and its cost, and hands behind a pass's, unless ``samples`` is
#: given: the cost plays each deal out twice after the auction (with the exchange where the
#: rule set has one), so it takes fewer deals than the advice.
CALL_SAMPLES = 1000
COST_SAMPLES = 500


def mark(cost: Mean, scale: int = 1) -> Mark:
    """The mark of a cost (see the module docstring)."""
    if cost.mean < -NOISE * cost.stderr:
        return "better"
    if cost.mean <= NOISE * cost.stderr:
        return "fine"
    for bound, name in MARK_BOUNDS:
        if cost.mean < bound * scale:
            return name
    return "blunder"


@dataclass(frozen=True)
class Reviewed:
    """One decision reviewed: the event, the seat, the phase, the choice made and the one
    advised (a call as ``pass`` or its number; cards as canonical tokens, ``AC``, as every
    JSON and CSV of the program writes them), the cost and the mark, and the advice's
    reason."""

    event: int
    seat: int
    phase: Phase
    actual: str
    advised: str
    cost: Mean
    mark: Mark
    reason: str = ""
    exact: int | None = None

    @property
    def note(self) -> str:
        """Why the mark asks for a second look (empty where it does not): a choice that beat
        the advice by more than two standard errors of its cost."""
        if self.mark != "better":
            return ""
        by = "exactly" if not self.cost.stderr else \
            f"by {-self.cost.mean / self.cost.stderr:.1f} standard errors"
        return (f"the {MADE[self.phase]} made did better than the advice, {by}"
                f" ({self.cost.text(1, sign=True)} points): {SECOND_LOOK[self.phase]}")

    def to_dict(self) -> dict:
        return {"event": self.event, "seat": self.seat, "phase": self.phase,
                "actual": self.actual, "advised": self.advised, "cost": self.cost.to_dict(),
                "exact_cost": self.exact, "mark": self.mark, "reason": self.reason,
                "note": self.note}


#: The choice of each phase, in words.
MADE: dict[Phase, str] = {"auction": "call", "exchange": "pass", "play": "card"}
#: Why a choice may beat the advice, by phase: what to look at again.
SECOND_LOOK: dict[Phase, str] = {
    "auction": "the advice calls by its estimate of how high the side can go, the cost plays"
               " each deal out with the engine's fast players after the call; where the two"
               " disagree, the advice may be wrong here",
    "exchange": "the advice keeps the exchange policy's pass unless the check finds one"
                " better by its noise and a meld point (a bidder's keeping its own meld"
                " first); the cost is the check's score alone",
    "play": "the advice's deals and the cost's are the same; a card the advice ranks lower"
            " should not beat it (report it)",
}


@dataclass(frozen=True)
class Review:
    """Every decision reviewed, in order, and how: the seats, the samples (None: each
    advice's default) and the seed; the hand's par and exact costs (``game.par``)."""

    seats: tuple[int, ...]
    decisions: tuple[Reviewed, ...]
    samples: int | None
    seed: int
    skipped: tuple[str, ...] = ()
    par: HandPar | None = None

    def by_phase(self) -> dict[Phase, Mean]:
        """The cost summed over each phase's decisions (standard errors added in quadrature)."""
        return {phase: Mean.total(d.cost for d in self.decisions if d.phase == phase)
                for phase in PHASES}

    def __repr__(self) -> str:
        return (f"Review(seats={self.seats}, decisions={len(self.decisions)},"
                f" samples={self.samples}, seed={self.seed})")

    def to_dict(self) -> dict:
        par = {"par": None, "par_note": "not worked out"} if self.par is None else \
            self.par.to_dict()
        return {"seats": list(self.seats), "samples": self.samples, "seed": self.seed,
                **par, "decisions": [d.to_dict() for d in self.decisions],
                "by_phase": {p: c.to_dict() for p, c in self.by_phase().items()},
                "skipped": list(self.skipped)}


def decisions(record: Record, seats: tuple[int, ...]) -> tuple[list[int], list[str]]:
    """The events to review (numbers), and what is left out and why: the calls (not a stuck
    dealer's), the passes and the cards of these seats (not a card the rules force)."""
    from ..play.tricks import legal_cards

    out, skipped = [], []
    forced = 0
    state = record.state_before(1)
    for n, event in enumerate(record.events, 1):
        if event.seat in seats:
            if isinstance(event, Call):
                if not state.auction.legal().forced:
                    out.append(n)
            elif isinstance(event, Pass):
                out.append(n)
            elif isinstance(event, Play):
                held = state.holding_counts(event.seat)
                if held is not None and state.trump is not None and len(
                        legal_cards(held, state.trick, state.trump)) < 2:
                    forced += 1
                else:
                    out.append(n)
        state = state.apply(event)
    if forced:
        skipped.append(f"{forced} card{'s' if forced > 1 else ''} the rules forced (no"
                       " choice, no decision)")
    return out, skipped


def review(record: Record, seats: tuple[int, ...] | None = None, *, samples: int | None = None,
           seed: int = 0, jobs: int = 1, convention: str | None = None,
           progress: Callable[[int, int], None] | None = None,
           exact: float | None = EXACT_SECONDS_PAR, positions: int | None = None) -> Review:
    """Review every decision of ``seats`` (default: every seat whose hand the record gives);
    the par and the exact costs within ``exact`` seconds of the solver's CPU time and
    ``positions`` positions searched (None: no limit; 0: none)."""
    from ..processes import map_jobs
    from .par import hand_par

    known = record.known_seats
    if seats is None:
        seats = known
    for s in seats:
        if s not in range(4):
            raise UserError(f"a seat is 0 to 3, not {s}")
        if s not in known:
            raise UserError(f"seat {s}'s hand is not in the record: its decisions cannot be"
                            " advised")
    if not seats:
        raise UserError("the record gives no seat's hand: there is nothing to review")
    numbers, skipped = decisions(record, seats)
    par = hand_par(record, positions, seconds=exact)
    job = (record, samples, seed, convention)
    out = []
    for done, decision in enumerate(map_jobs(_decide, job, numbers, jobs=jobs), 1):
        if decision.phase == "play":
            decision = replace(decision, exact=par.cost(decision.event))
        out.append(decision)
        if progress is not None:
            progress(done, len(numbers))
    return Review(tuple(seats), tuple(out), samples, seed, tuple(skipped), par)


def _decide(number: int, job) -> Reviewed:
    record, samples, seed, convention = job
    event = record.events[number - 1]
    before = record.state_before(number)
    if isinstance(event, Call):
        return _call(record, before, number, samples, seed, convention)
    if isinstance(event, Play):
        return _card(record, before, number, samples, seed)
    return _pass(record, before, number, samples, seed, convention)


def _convention(record: Record, seat: int, given: str | None) -> str:
    return given or convention_of(record, seat) or "jump"


def _hand(record: Record, seat: int) -> Hand:
    hand = record.hands[seat]
    if hand is None:
        raise UserError(f"seat {seat}'s hand is not in the record")
    return hand


def _call(record: Record, before, number: int, samples: int | None, seed: int,
          convention: str | None) -> Reviewed:
    from ..bidding.advise import advise
    from .decisions import decision_seed, derived, record_seed

    event = record.events[number - 1]
    assert isinstance(event, Call)
    seat, hand = event.seat, _hand(record, event.seat)
    auction = before.auction
    conv = _convention(record, seat, convention)
    hand_seed = record_seed(record, seed)
    n = samples or hand_seed.samples or CALL_SAMPLES
    seeded = decision_seed(before, hand_seed.seed)
    advice = advise(hand, auction, conv, samples=n, seed=seeded)
    actual, advised = event.bid, advice.call
    cost = ZERO
    if actual != advised:
        cost = call_cost(hand, auction, actual, advised, conv, samples or COST_SAMPLES,
                         derived(seeded, 1))
    return Reviewed(number, seat, "auction", _call_text(actual), _call_text(advised), cost,
                    mark(cost, record.rules.scale), f"{advice.meaning}; {advice.reason}")


def _call_text(call: int | None) -> str:
    return "pass" if call is None else str(call)


def call_cost(hand: Hand, auction: Auction, actual: int | None, advised: int | None,
              convention: str, samples: int, seed: int) -> Mean:
    """The expected cost of calling ``actual`` rather than ``advised`` (module docstring). Only
    the deals where the two calls lead to different contracts are played out: elsewhere the
    hand goes the same way after either.

    Where the other calls only make a deal likelier (the bid estimate's soft conditions), the
    deals are drawn again in proportion to how likely they are, so the same deal comes more
    than once: each distinct deal is played out once (its play-outs are the same each time),
    and the standard error counts the copies (a deal drawn ``m`` times weighs ``m`` in the
    mean, ``m`` squared in its variance), which the same deal played out ``m`` times over would
    understate."""
    import numpy as np

    from ..bidding.estimate import _distinct_deals, conditions_from, deal

    rules = auction.rules
    rng = np.random.default_rng(seed)
    drawn = deal(hand, samples, rng, conditions_from(auction, convention), rules).deals
    deals, which = _distinct_deals(drawn)
    copies = np.bincount(which, minlength=len(deals))
    me = auction.to_call
    table = _Rollout(deals, rules)
    made = table.contracts(auction.then(actual), me)
    best = table.contracts(auction.then(advised), me)
    diff = np.zeros(len(deals))
    rows = np.flatnonzero((made[0] != best[0]) | (made[1] != best[1]))
    if len(rows):
        diff[rows] = table.margins(rows, *best) - table.margins(rows, *made)
    n = len(drawn)
    mean = float(diff[which].mean())
    if n < 2:
        return Mean(mean, 0.0)
    spread = float(np.sum(copies ** 2 * (diff - mean) ** 2)) * n / (n - 1)
    return Mean(mean, spread ** 0.5 / n)


class _Rollout:
    """Deals (``(n, 4, 20)``, seats counted from the seat reviewed) finished by the engine's
    fast players: formula calls, the exchange policy, heuristic card play; each deal's play
    worked out once per bidder."""

    def __init__(self, deals, rules: RuleSet):
        import numpy as np

        from ..meld.vector import best_trumps, callable_suits, meld_points
        from .decisions import formula_limit

        self.deals, self.rules = deals, rules
        points = np.stack([meld_points(deals[:, s], rules) for s in range(4)], axis=1)
        married = np.stack([callable_suits(deals[:, s], rules) for s in range(4)], axis=1)
        # the suits each seat may name as it calls (any, where no marriage is needed yet)
        named = married if rules.needs_marriage(exchanged=False) else np.ones_like(married)
        # the suit each seat would name (``meld.trump_to_name``, on arrays)
        self.plan = np.stack([best_trumps(deals[:, s], points[:, s], named[:, s])
                              for s in range(4)], axis=1)
        own = np.take_along_axis(points, self.plan[..., None], axis=2)[..., 0]
        self.limit = formula_limit(own, rules)
        self.named: np.ndarray = np.asarray(named.any(axis=2))
        # the meld each seat shows where no trump is named: its best suit's (``meld.best_suit``)
        best = np.stack([best_trumps(deals[:, s], points[:, s], married[:, s])
                         for s in range(4)], axis=1)
        self.shown = np.take_along_axis(points, best[..., None], axis=2)[..., 0]
        self.done: dict[tuple[int, int], tuple] = {}  # (deal, bidder): (meld, tricks, can)

    def contracts(self, auction, me: int):
        """Each deal's bidder (counted from the seat reviewed) and bid, the auction finished
        by formula bidders."""
        import numpy as np

        from .decisions import formula_call

        n = len(self.deals)
        bidder = np.empty(n, dtype=np.int64)
        bid = np.empty(n, dtype=np.int64)
        for i in range(n):
            a = auction
            while not a.finished:
                rel = (a.next_seat - me) % 4
                a = a.then(formula_call(a, bool(self.named[i, rel]), int(self.limit[i, rel])))
            assert a.high_seat is not None and a.high is not None
            bidder[i], bid[i] = (a.high_seat - me) % 4, a.high
        return bidder, bid

    def margins(self, rows, bidder, bid):
        """The margin of the reviewed seat's side in these deals, with these contracts."""
        import numpy as np

        from ..scoring import HandInput, score_hand

        self._play([(int(r), int(bidder[r])) for r in rows])
        out = np.empty(len(rows))
        for j, r in enumerate(rows):
            b = int(bidder[r])
            meld, tricks, can = self.done[(int(r), b)]
            result = None if can else "no-marriage"  # None: played
            score = score_hand(HandInput(b & 1, int(bid[r]), meld, tricks if can else
                                         (None, None), result), self.rules)
            out[j] = score.points[0] - score.points[1]
        return out

    def _play(self, pairs: list[tuple[int, int]]) -> None:
        """The meld and tricks of each (deal, bidder) not worked out yet."""
        import numpy as np

        from ..exchange.policy import exchange
        from ..exchange.seat import suit_request
        from ..meld.vector import best_trumps, callable_suits, keeps_trump, meld_points
        from ..play.dealer import suit_codes
        from ..play.simulate import play_many

        todo = sorted({p for p in pairs if p not in self.done})
        if not todo:
            return
        rules, k = self.rules, self.rules.scale
        rows = np.array([r for r, _ in todo])
        bidder = np.array([b for _, b in todo])
        m, at = len(todo), np.arange(len(todo))
        trump = self.plan[rows, bidder]
        can = self.named[rows, bidder]
        dealt = self.deals[rows]
        after = dealt.copy()
        if rules.pass_cards:
            early = rules.pass_when == "before-trump"
            if early:  # the bidder asks for the suit it plans, or planning none its longest
                for r in np.flatnonzero(~can):
                    trump[r] = suit_request(Hand(dealt[r, bidder[r]].tolist()), None)
            swap = np.ones(m, dtype=bool) if early else can
            for b in range(4):
                for t in range(4):
                    sel = np.flatnonzero((bidder == b) & (trump == t) & swap)
                    if len(sel):
                        done = exchange(after[sel, b], after[sel, b ^ 2], t, rules)
                        after[sel, b], after[sel, b ^ 2] = done.bidder, done.partner
            held = after[at, bidder]
            if early:  # trump is named after the exchange, from the cards the bidder then holds
                ok = callable_suits(held, rules)
                trump = best_trumps(held, meld_points(held, rules), ok)
                can = ok.any(axis=1)
            else:  # named before it: the marriage may be looked for after it (after-pass)
                can = can & keeps_trump(dealt[at, bidder], held, trump, rules)
        meld = np.stack([meld_points(after[:, s], rules)[at, trump] for s in range(4)], axis=1)
        meld = np.where(can[:, None], meld, self.shown[rows])
        tricks = np.zeros((m, 2), dtype=np.int64)
        play = np.flatnonzero(can)
        if len(play):
            tricks[play] = play_many(suit_codes(after[play]), trump[play], bidder[play]) * k
        for j, pair in enumerate(todo):
            sides = (int(meld[j, 0] + meld[j, 2]), int(meld[j, 1] + meld[j, 3]))
            self.done[pair] = (sides, (int(tricks[j, 0]), int(tricks[j, 1])), bool(can[j]))


def _card(record: Record, before, number: int, samples: int | None, seed: int) -> Reviewed:
    from ..cards import CARDS
    from ..limits import CARD_DEALS
    from ..play.advice import DEFAULT_SAMPLES as CARD_SAMPLES
    from ..play.advice import advise_card
    from .decisions import decision_seed, record_seed
    from .hand import card_position

    event = record.events[number - 1]
    assert isinstance(event, Play)
    position = card_position(before, event.seat)
    if position is None:
        raise UserError(f"event {number}: seat {event.seat}'s cards are not known")
    try:
        advice = advise_card(position, samples=min(samples or CARD_SAMPLES, CARD_DEALS),
                             seed=decision_seed(before, record_seed(record, seed).seed),
                             rules=record.rules)
    except UserError as e:
        raise UserError(f"event {number} ({event.words()}): {e}") from None
    cost = ZERO
    if event.card != advice.card:
        cost = advice.cost(event.card)
    return Reviewed(number, event.seat, "play", str(CARDS[event.card]),
                    str(CARDS[advice.card]), cost, mark(cost, record.rules.scale), advice.reason)


def _pass(record: Record, before, number: int, samples: int | None, seed: int,
          convention: str | None) -> Reviewed:
    import numpy as np

    from ..exchange.advice import trick_strength
    from ..meld.engine import meld
    from ..meld.vector import meld_points
    from .decisions import PASS_SAMPLES, decision_seed, pass_advice, pass_request, record_seed

    event = record.events[number - 1]
    assert isinstance(event, Pass)
    rules = record.rules
    seat = event.seat
    request = pass_request(before, seat, _convention(record, seat, convention))
    role, hand, trump = request.role, request.hand, request.trump
    hand_seed = record_seed(record, seed)
    # a seeded record's advisor passed with the advice's own samples, as whole hands do
    n = PASS_SAMPLES if hand_seed.seeded else samples or PASS_SAMPLES
    advice = pass_advice(request, rules, samples=n, seed=decision_seed(before, hand_seed.seed))
    assert event.cards is not None  # the seat reviewed, whose hand is given, saw its pass
    actual = event.cards.counts
    chosen = advice.best.cards
    cost = ZERO
    if tuple(actual) != tuple(chosen):
        receiver = advice.receivers
        if receiver is None:  # advise_pass keeps the hands it scored every choice on
            raise ValueError("the pass advice kept no simulated hands")
        base = meld(hand, rules).trumps[trump].points

        def values(choice) -> np.ndarray:
            got = meld_points(np.minimum(receiver + np.array(choice), 4), rules)[:, trump] \
                - meld_points(receiver, rules)[:, trump]
            kept = int(meld_points(np.array([hand.counts]) - np.array(choice), rules)[0, trump])
            return got - (base - kept) + trick_strength(choice, trump, role == "partner")

        diff = values(chosen) - values(actual)
        cost = Mean.of(diff)
    reason = "; ".join(f"{Hand.parse(c).symbols()}: {r}" for c, r in advice.reasons[:2])
    return Reviewed(number, seat, "exchange", str(event.cards), str(Hand(chosen)), cost,
                    mark(cost, rules.scale),
                    f"{SUIT_SYMBOLS[trump]} trump; {reason}" if reason else "")


__all__ = ["review", "Review", "Reviewed", "mark", "decisions", "call_cost", "PHASES",
           "MARKS", "MARK_BOUNDS", "NOISE", "CALL_SAMPLES", "COST_SAMPLES"]
