"""One place for each decision a seat is asked in a hand, shared by the engine, the review, the
table and the library, so that two of them asked the same question give the same answer:

- ``pass_request(state, seat, convention)``: what a seat's pass answers (its role, the cards it
  passes from, the trump named or the suit asked for, the hints the calls gave: what every
  policy's pass in a whole hand is asked), and ``pass_advice`` the pass to make (the ``pass``
  command's advice; an advisor passes it in a whole hand, the table shows it, the review
  judges a pass by it);
- ``formula_call(auction, may_name, limit)``: the formula bidder's call from its limit, and
  ``formula_limit`` the limit (``policies.Formula`` calls them, and so do the review's
  play-outs, on arrays of deals);
- the trump a seat names is ``meld.trump_to_name`` (``HandMeld.trump_to_name``;
  ``meld.vector.best_trumps`` on arrays), the marriage it needs ``RuleSet.needs_marriage``;
  the trump the advice names is the bid estimate's (``bidding.estimate.trump_to_name``);
- ``card_next(state)``: whether the next decision advised is a card (``decision_seed``, ``card``).
- ``decision_seed(state, seed)``: the seed of the advice at a decision, from the hand's seed
  (``record_seed``: a seeded record's own, else the ``--seed`` given) and the decision's place
  in the hand: the one rule of the engine's players, the table, ``card`` and the review, so
  that the same event gets the same advice from each.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from ..hand import Hand
from ..seats import Seat
from .hand.state import HandState

if TYPE_CHECKING:
    import numpy as np

    from ..bidding.auction import Auction
    from ..exchange.hints import Signal
    from ..exchange.seat import Role
    from ..rules import RuleSet
    from .hand.record import Record

Points = TypeVar("Points", int, "np.ndarray")
#: Simulated hands of the receiver behind a pass advice, wherever it is asked (``pass``, the
#: table, the review, an advisor's pass in a whole hand).
PASS_SAMPLES = 600
#: What the formula limit adds to the hand's meld for the partner and for the tricks
#: (unscaled).
FORMULA_PARTNER, FORMULA_TRICKS = 20, 25
#: The steps a decision's seed is keyed by (``decision_seed``).
CALL_STEP, PLAN_STEP, NAME_STEP, PASS_STEP, RETURN_STEP, THROW_STEP, CARD_STEP = range(7)


def hand_seed(seed: int, number: int = 0) -> int:
    """The seed of the decisions in deal ``number`` of a seeded series."""
    return derived(seed, number, 1)


def derived(seed: int, *key: int) -> int:
    """A seed for one decision, from the hand's seed and what the decision is."""
    import numpy as np

    return int(np.random.SeedSequence(seed, spawn_key=key).generate_state(1)[0])


def card_seed(seed: int, played: int) -> int:
    """The seed of the card advice in a hand seeded ``seed``, after ``played`` cards (a
    position says it: ``position_plays``)."""
    return derived(seed, CARD_STEP, played)


def call_seed(seed: int, turn: int, calls: int) -> int:
    """The seed of the call of the seat ``turn`` places after the dealer's left, after
    ``calls`` calls, in a hand seeded ``seed``."""
    return derived(seed, CALL_STEP, turn, calls)


def card_next(state: HandState) -> bool:
    """Whether the next decision advised in ``state`` is a card: the hand waits for a play,
    or for a meld where the cards are to be played (a record may leave a seat's meld out, and
    the hand takes the first card without it)."""
    d = state.next_decision()
    return d.kind == "play" or (d.kind == "meld" and state.played_hand
                                and state.contract is not None)


def decision_seed(state: HandState, seed: int) -> int:
    """The seed of the advice at the decision ``state`` waits for, in a hand seeded ``seed``:
    a call by the caller's turn and the calls before it, the suit asked for and the trump
    named by the bidder's turn, a pass by its step (a pass, or the bidder's return after its
    partner's) and the passer's turn, a card by the cards played before it (``card_next``).
    The engine seeds its players' decisions so (``whole``); a ``ValueError`` where the hand
    waits for no decision (a meld where no card follows, the end)."""
    if card_next(state):
        return card_seed(seed, state.plays)
    d = state.next_decision()
    if d.seat is None or d.kind not in ("call", "request", "trump", "pass"):
        raise ValueError(f"the hand waits for no decision to advise ({d.kind})")
    turn = Seat(d.seat).turn(state.dealer)
    if d.kind == "call":
        return call_seed(seed, turn, len(state.auction.calls))
    if d.kind == "pass":
        returns = d.seat == state.bidder and state.rules.pass_order == "partner-first"
        return derived(seed, RETURN_STEP if returns else PASS_STEP, turn)
    return derived(seed, PLAN_STEP if d.kind == "request" else NAME_STEP, turn)


class HandSeed(NamedTuple):
    """The seed of a recorded hand's advice (``record_seed``): the hand's ``seed``, the
    ``samples`` its advisors used (None: not said), and whether the record was ``seeded`` (its
    decisions made by the engine from that seed)."""

    seed: int
    samples: int | None
    seeded: bool


def record_seed(record: Record, seed: int) -> HandSeed:
    """The hand's seed for the advice on a record: a record ``play`` or ``arena`` wrote
    carries it (its Seed and Deal tags, and its Samples: the hand seeded as the engine seeded
    it, so the advisor's own decisions are advised again exactly); any other, ``seed`` (the
    ``--seed`` given)."""
    tagged = _number_tag(record, "Seed", 18)
    if tagged is None:
        return HandSeed(seed, None, False)
    return HandSeed(hand_seed(tagged, _number_tag(record, "Deal", 9) or 0),
                    _number_tag(record, "Samples", 8), True)


def _number_tag(record: Record, name: str, digits: int) -> int | None:
    text = record.tag(name)
    if text is None or not text.isascii() or not text.isdigit() or len(text) > digits:
        return None
    return int(text)


def position_plays(hand_size: int, trick: int) -> int:
    """The cards played before a seat's card, from the cards it holds and those in the trick
    (it has played one to each trick before): what ``card_seed`` is keyed by."""
    from ..cards import HAND_SIZE

    return 4 * (HAND_SIZE - hand_size) + trick


class PassRequest(NamedTuple):
    """What a seat's pass answers: its ``role`` (``partner``: to the bidder; ``bidder``: back,
    or at the same time), the ``cards`` it passes, the ``hand`` it passes from (the bidder
    returning after the partner: its hand and the cards received), the ``trump`` named (or,
    before it is named, the suit asked for), what the other partner's calls asked for
    (``hint``), what the bidder's own calls asked for (``asked``: a bidder passing at the same
    time counts on receiving it), and the suit the bidder asked for (``request``, the partner's
    pass before trump is named)."""

    seat: int
    role: Role
    cards: int
    hand: Hand
    trump: int
    hint: Signal | None
    asked: Signal | None
    request: int | None


def pass_request(state: HandState, seat: int, convention: str | None) -> PassRequest:
    """What ``seat``'s pass answers now (``PassRequest``), the calls read under
    ``convention`` (the passer's; None: natural bids, no hints)."""
    from ..bidding.conventions import asked_for
    from ..exchange.seat import suit_request

    seat = Seat(seat)
    rules = state.rules
    bidder = state.bidder
    role: Role = "partner" if seat != bidder else "bidder"
    dealt = state.dealt[seat]
    if dealt is None:
        raise ValueError(f"seat {seat}'s cards are not known")
    hand = dealt
    got = state.received(seat)
    if role == "bidder" and rules.pass_order == "partner-first" and got is not None:
        hand = dealt + got
    named = state.request if rules.pass_when == "before-trump" else state.trump
    trump = suit_request(hand, named)  # nothing named or asked for: the passer's longest suit

    def calls_of(caller: Seat) -> Signal | None:
        if state.contract is None or state.contract.given or convention is None:
            return None
        return asked_for(state.auction, caller.turn(state.dealer), convention)

    hint = calls_of(seat.partner)
    asked = None
    if role == "bidder" and rules.pass_order != "partner-first":
        asked = calls_of(seat)
    request = state.request if role == "partner" else None
    return PassRequest(seat, role, rules.pass_cards, hand, trump, hint, asked, request)


#: The pass advice given while ``sharing_passes`` is on (innermost last).
_SHARED: list[dict] = []


@contextmanager
def sharing_passes(memory: dict) -> Iterator[None]:
    """Within it, ``pass_advice`` gives a question asked before (kept in ``memory``) its
    answer again without working it out (each answer depends only on the question): the
    ceiling's trials of a deal ask the same passes over and over (``game.ceiling``)."""
    _SHARED.append(memory)
    try:
        yield
    finally:
        _SHARED.pop()


def pass_advice(request: PassRequest, rules: RuleSet, *, samples: int = PASS_SAMPLES,
                seed: int = 0):
    """The pass advice (``exchange.advice.advise_pass``: what the ``pass`` command recommends)
    for a pass request; its ``best`` is the pass to make."""
    from ..exchange.advice import advise_pass
    from ..exchange.policy import suit_asked

    key = (request, rules, samples, seed)
    if _SHARED and key in _SHARED[-1]:
        return _SHARED[-1][key]
    suit = suit_asked(rules, request.request) if request.role == "partner" else None
    advice = advise_pass(request.hand, request.trump, request.role, request.cards, rules,
                         hint=request.hint, samples=samples, seed=seed, suit=suit,
                         asked=request.asked)
    if _SHARED:
        _SHARED[-1][key] = advice
    return advice


def formula_limit(meld: Points, rules: RuleSet) -> Points:
    """The formula bidder's limit: its meld in the trump it would name, plus 20 for the
    partner and 25 for the tricks (scaled); on one hand or an array of them."""
    return meld + (FORMULA_PARTNER + FORMULA_TRICKS) * rules.scale


def formula_call(auction: Auction, may_name: bool, limit: int) -> int | None:
    """The formula bidder's call: forced, the minimum; without a marriage, over its partner or
    above its limit, a pass; else the lowest bid open."""
    legal = auction.legal()
    low = legal.min_bid
    if legal.forced or low is None:
        return low
    partner = ((auction.next_seat or 0) + 2) % 4
    if not may_name or auction.high_seat == partner or low > limit:
        return None
    return low


__all__ = ["PassRequest", "pass_request", "pass_advice", "PASS_SAMPLES", "formula_limit",
           "formula_call", "FORMULA_PARTNER", "FORMULA_TRICKS", "hand_seed", "derived", "card_seed",
           "call_seed", "decision_seed", "record_seed", "HandSeed", "position_plays"]
