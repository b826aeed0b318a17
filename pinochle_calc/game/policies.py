"""Policies: what a seat does at each step of a whole hand, from the auction to the throw-in.

A policy is any object with a ``name``, a ``convention`` (the bidding system its calls are read
under by its partner; None for natural bids) and the five calls a seat makes (``Policy``). Each
call gets a ``Situation``: what that seat knows at that moment, in the game's words (its suits are
``Suit``s, its hand counts cards by name, its auction gives the legal bid nearest a limit:
docs/arena.md, "The policy author's words"). Write a new policy by subclassing
``StandardPlay`` and overriding ``call``: it then names trump, exchanges cards and decides on
a throw-in as every built-in policy does, so a match between policies measures the bidding::

    class OpenAndPass(StandardPlay):
        name = "open-and-pass"

        def call(self, seat):
            legal = seat.auction.legal()
            if seat.auction.high is None or legal.forced:
                return Bid(legal.min_bid, "opens at the minimum")
            return Bid(None, "pass")

The built-in policies (``policy(name)``):

``advisor:jump``, ``advisor:davis``, ``advisor:toby``
    the project's advice (``bidding.advise``) under that convention, with its estimate; each
    bid records the estimate's chance of making it (``Bid.prediction``), and the advisor names
    the trump its last estimate was for. ``advisor:jump,game`` (and so on) makes the call for
    the game where the hand is one of a game (``Situation.score``: ``arena --games``), the
    points advice's call elsewhere.
``formula``
    the fixed rule popular game bots use: the limit is the hand's best meld in a suit it may
    name + 20 for the partner + 25 for the tricks (scaled); it opens at the minimum and raises
    by the smallest step while the next bid is within the limit, never raises its partner, and
    passes without a marriage unless stuck.
``thumb``
    an expert's rule of thumb (``Thumb``, its count in ``game.thumb``): meld plus each trump,
    ace, ten and void counted at its worth, plus a partner's average help and the tricks; it
    bids to that count as ``formula`` does, five less once its partner has passed.
``pass``
    passes unless stuck (then bids the minimum, as it must).
``ceiling``
    a yardstick for ``arena``, never advice: it sees all four hands and makes the call whose
    play-out of this very deal scores best for its side (``game.ceiling``).
``MODULE:NAME``
    a policy written outside the project (``load_policy``).

A name may end in a card player: ``/heuristic`` (the default: the heuristic player plays the
side's cards) or ``/advisor`` (the side's seats play the card advice, ``play.advice``), e.g.
``formula/advisor``; a match between two card players with the same bidding measures the play
alone.

Shared by all (``StandardPlay``): trump is the suit with the most meld among those the hand may
name (ties: the longer suit, then S H D C); cards are passed and returned as the pass advice
says (``decisions.pass_advice``: what ``pass`` recommends, the table shows and the review judges
by; the quick exchange policy, ``quick_pass``, differs from it where the advice's check finds
a pass better by a meld point and its noise, and the estimate's simulations play the policy
fitted to it, ``exchange.players``); and the bidder throws the
hand in when that is worth more on average than playing it (``throw_in_is_better``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Literal,
    NamedTuple,
    Protocol,
    TypeVar,
    get_args,
    runtime_checkable,
)

from ..bidding.auction import Auction
from ..bidding.estimate import DEFAULT_SAMPLES
from ..cards import Suit
from ..errors import UserError, described
from ..exchange.seat import Role, choose_pass
from .outside import (
    MISSING,
    NO_ARGUMENT,
    CardChooser,
    PolicyLoadError,
    import_outside,
    load_card_player,
    name_problem,
    outside_object,
    player_name,
    read_outside,
    shown,
)

if TYPE_CHECKING:
    from ..exchange.hints import Signal
from ..hand import Hand
from ..rules import RuleSet

#: Deals of the unseen cards behind a throw-in decision, when it is not clear without them.
THROW_IN_SAMPLES = 200


class Bid(NamedTuple):
    """A call a policy makes: the bid (None: pass), what it means, the policy's chance of
    making it (None: the policy does not say) and the trump it would name (None: not said)."""

    call: int | None
    meaning: str
    prediction: float | None = None
    trump: int | None = None


class ContractWon(NamedTuple):
    """The auction's result: the seat that won it and the bid. ``side`` 0 is seats 0 and 2."""

    seat: int
    bid: int

    @property
    def side(self) -> int:
        return self.seat & 1


@dataclass(frozen=True)
class Situation:
    """What a seat knows when it decides.

    ``number`` is the seat (0-3 from the dealer's left; 3 deals), ``hand`` its cards now (a
    ``Hand``: ``hand.count("AH")``, ``hand.count_rank("A")``, ``hand.suit_length("H")``),
    ``rules`` the rule set, ``auction`` the calls so far (``auction.legal()``,
    ``auction.bid_at_most(limit)``), ``seed`` the seed for this decision's random choices,
    ``bids`` the seat's own calls so far. Later in the hand: the ``contract``, the ``trump``
    named (or, before it is named, the suit the bidder plans), the ``hint`` the partner's calls
    gave in the auction (a convention ``Signal``: what to pass it) and what the seat's own
    asked for (``asked``), the suit the bidder asked to receive (``request``), whether naming a
    suit now needs a marriage in it (``needs_marriage``), the sides' meld once shown (``meld``,
    us then them) and the cards the seat knows each other seat holds (``known``: the meld
    shown, the cards passed), and the game's score before the hand, the seat's own side first
    (``score``; None where no game is kept). Suits are ``Suit``s: ints 0-3 (S H D C) that read
    as letters.
    """

    number: int
    hand: Hand
    rules: RuleSet
    auction: Auction
    seed: int = 0
    bids: tuple[Bid, ...] = ()
    contract: ContractWon | None = None
    trump: Suit | None = None
    hint: Signal | None = None
    asked: Signal | None = None
    request: Suit | None = None
    needs_marriage: bool = True
    meld: tuple[int, int] | None = None
    known: tuple[Hand | None, ...] = (None, None, None, None)
    score: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        for field in ("trump", "request"):  # a suit given as an int reads as a Suit
            value = getattr(self, field)
            if value is not None and type(value) is not Suit:
                object.__setattr__(self, field, Suit(value))

    @property
    def partner(self) -> int:
        return self.number ^ 2

    @property
    def won(self) -> ContractWon:
        """The contract, once there is one (a ``ValueError`` during the auction)."""
        return _known(self.contract, "the contract")

    @property
    def named(self) -> Suit:
        """The trump named (or, before it is named, the suit the bidder plans), once there is
        one (a ``ValueError`` before)."""
        return _known(self.trump, "the trump")

    def __repr__(self) -> str:
        return (f"Situation(number={self.number}, hand={str(self.hand)!r},"
                f" rules={self.rules.name!r}, contract={self.contract}, trump={self.trump!r})")

    def may_name(self) -> list[Suit]:
        """The suits the seat may name as trump now."""
        from ..meld.engine import meld

        return [Suit(t) for t in meld(self.hand, self.rules).may_name(self.needs_marriage)]


K = TypeVar("K")


def _known(value: K | None, what: str) -> K:
    """What a seat knows at a later step of the hand, asked for at that step."""
    if value is None:
        raise ValueError(f"the seat does not know {what} at this step of the hand")
    return value


@runtime_checkable
class Policy(Protocol):
    """The calls a seat makes in a whole hand (see the module docstring)."""

    name: str
    convention: str | None

    def call(self, seat: Situation) -> Bid:
        """The call to make now (``seat.auction.legal()`` says what is allowed)."""

    def name_trump(self, seat: Situation) -> int | None:
        """The suit to name (one of ``seat.may_name()``), or None when it may name none."""

    def pass_cards(self, seat: Situation, n: int) -> Hand:
        """The ``n`` cards to pass from a 20-card hand: the partner's to the bidder, or the
        bidder's at the same time."""

    def return_cards(self, seat: Situation, n: int) -> Hand:
        """The ``n`` cards the bidder passes back after receiving (``seat.hand`` is 20 + n)."""

    def throw_in(self, seat: Situation) -> bool:
        """Whether the bidder, with meld shown, concedes the hand rather than play it."""


#: The built-in card players a policy's name may end in (``formula/advisor``); it may also end
#: in ``/MODULE:NAME``, a card player written outside the project (``load_card_player``).
CARD_PLAYERS = ("heuristic", "advisor")
CardPlayer = Literal["heuristic", "advisor"]



class StandardPlay:
    """Everything but the bidding, the same for every built-in policy (module docstring).
    ``cards`` is the card player of the side's seats."""

    name = "standard"
    convention: str | None = None
    cards: CardPlayer = "heuristic"

    def call(self, seat: Situation) -> Bid:
        raise NotImplementedError

    def name_trump(self, seat: Situation) -> int | None:
        return most_meld(seat)

    def pass_cards(self, seat: Situation, n: int) -> Hand:
        return advised_pass(seat, n)

    def return_cards(self, seat: Situation, n: int) -> Hand:
        return advised_pass(seat, n)

    def throw_in(self, seat: Situation) -> bool:
        return throw_in_is_better(seat)

    def __repr__(self) -> str:
        return f"policy({self.name!r})"


def advised_pass(seat: Situation, n: int) -> Hand:
    """The pass advice's cards (``decisions.pass_advice``: what the ``pass`` command and the
    table recommend and the review judges by), not the quick exchange policy (``quick_pass``)."""
    from .decisions import PassRequest, pass_advice

    role: Role = "bidder" if seat.won.seat == seat.number else "partner"
    request = PassRequest(seat.number, role, n, seat.hand, seat.named, seat.hint,
                          seat.asked, seat.request if role == "partner" else None)
    return Hand(pass_advice(request, seat.rules, seed=seat.seed).best.cards)


def quick_pass(seat: Situation, n: int) -> Hand:
    """The quick exchange policy's pass (``exchange.choose_pass``), the one the review's
    play-outs make (the bid estimate's simulations play it fitted to the pass advice,
    ``exchange.players``): a policy of one's own may pass by it."""
    role: Role = "bidder" if seat.contract is not None and (
        seat.contract.seat == seat.number) else "partner"
    return choose_pass(seat.hand, n, seat.named, role, seat.rules, hint=seat.hint,
                       asked=seat.asked, request=seat.request)


def most_meld(seat: Situation) -> Suit | None:
    """The trump the seat names: the suit with the most meld among those it may name (ties: the
    longer suit, then S H D C); None when it may name none (``meld.trump_to_name``)."""
    from ..meld.engine import meld

    trump = meld(seat.hand, seat.rules).trump_to_name(seat.needs_marriage)
    return None if trump is None else Suit(trump)


def throw_in_is_better(seat: Situation, samples: int = THROW_IN_SAMPLES) -> bool:
    """Whether conceding gives the bidding side a better expected margin (its score less the
    opponents') than playing, with the meld as shown.

    Both results are scored by ``scoring.score_hand`` for every trick-point count the side
    could take; where one is at least as good for every count the answer needs no simulation.
    Otherwise the counts are weighed by ``samples`` play-outs of deals of the unseen cards
    (the cards ``seat.known`` places dealt where they are known to be), the bidder leading.
    """
    import numpy as np

    from ..play.dealer import Dealer, suit_codes
    from ..play.simulate import play_many
    from ..scoring import Conceded, HandInput, score_hand

    rules, side, contract = seat.rules, seat.number & 1, seat.won
    meld = _known(seat.meld, "the meld")
    total, k = rules.trick_points, rules.scale

    def margins(result: Conceded | None) -> np.ndarray:
        out = []
        for taken in range(total // k + 1):
            ours = taken * k
            tricks = (ours, total - ours) if side == 0 else (total - ours, ours)
            score = score_hand(HandInput(side, contract.bid, meld, tricks, result), rules)
            out.append(score.points[side] - score.points[1 - side])
        return np.array(out, dtype=np.float64)

    play, concede = margins(None), margins("thrown-in")
    if (play >= concede).all():
        return False
    if (concede > play).all():
        return True
    known = {s: h for s, h in enumerate(seat.known) if s != seat.number and h is not None}
    deals = Dealer(seat.hand, seat.number, known).deal(np.random.default_rng(seat.seed), samples)
    taken = play_many(suit_codes(deals), seat.named, seat.number)[:, side]
    weights = np.bincount(taken, minlength=len(play)) / samples
    return float(weights @ concede) > float(weights @ play)


class Advisor(StandardPlay):
    """The project's bid advice under a convention (``bidding.advise``), ``samples`` simulated
    deals behind each estimate (``priced=False``: bidding to its limit where a pass would
    leave its partner the contract, as before the price of a call was counted; ``game``: for
    the chance of winning the game from its score, where the hand is one of a game, named
    ``advisor:CONVENTION,game``)."""

    def __init__(self, convention: str, samples: int = DEFAULT_SAMPLES, priced: bool = True,
                 game: bool = False):
        from ..bidding.conventions import check_convention

        self.system = check_convention(convention)
        self.convention = self.system
        self.samples = samples
        self.priced = priced
        self.game = game
        self.name = f"advisor:{self.system}" + (",game" if game else "")

    def call(self, seat: Situation) -> Bid:
        from ..bidding.advise import advise

        advice = advise(seat.hand, seat.auction, self.system, samples=self.samples,
                        seed=seat.seed, priced=self.priced,
                        score=seat.score if self.game else None)
        best = advice.estimate.best
        prediction = None
        if advice.call is not None:
            prediction = best.probability(advice.call) if best is not None else 0.0
        return Bid(advice.call, advice.meaning, prediction, advice.estimate.trump)

    def name_trump(self, seat: Situation) -> int | None:
        planned = next((b.trump for b in reversed(seat.bids) if b.call is not None), None)
        if planned is not None and planned in seat.may_name():
            return planned
        return most_meld(seat)



class Formula(StandardPlay):
    """The fixed rule of popular game bots (module docstring; its call and limit are
    ``decisions.formula_call`` and ``formula_limit``, which the review's play-outs share)."""

    name = "formula"

    def call(self, seat: Situation) -> Bid:
        from ..meld.engine import meld
        from .decisions import FORMULA_PARTNER, FORMULA_TRICKS, formula_call, formula_limit

        auction, rules = seat.auction, seat.rules
        trump = most_meld(seat)
        own = 0 if trump is None else meld(seat.hand, rules).trumps[trump].points
        limit = formula_limit(own, rules)
        call = formula_call(auction, trump is not None, limit)
        if auction.legal().forced:
            return Bid(call, "forced: the first three passed")
        if trump is None:
            return Bid(None, "pass: no marriage")
        words = (f"limit {limit} = meld {own} + {FORMULA_PARTNER * rules.scale} partner"
                 f" + {FORMULA_TRICKS * rules.scale} tricks")
        if auction.high_seat == seat.partner:
            return Bid(None, "pass: never raises its partner", trump=trump)
        if call is None:
            return Bid(None, f"pass: {auction.lowest_bid} is above its {words}", trump=trump)
        return Bid(call, f"{'opens' if auction.high is None else 'raises'}: {words}",
                   trump=trump)


class Thumb(StandardPlay):
    """The rule-of-thumb bidder (``thumb``): its limit is its count in the suit that counts
    most among those it may name (``thumb.count``), plus ``margin`` (and ``MARGIN_PER_CARD``
    for each card the rule set passes), and ``partner_passed`` more (less, being negative)
    when its partner has only passed. It opens at the minimum and raises by the smallest step
    while the next bid is within the limit, never over its partner, and passes without a
    marriage unless stuck."""

    name = "thumb"
    convention: str | None = None
    #: Tuned against the formula on seeds 101 and 102 (docs/bidding.md): without an exchange a
    #: margin of -5 to +3 is level, more loses; with a four-card one, where buying the contract
    #: buys the exchange, +5 to +20 are level and 0 or less loses (``MARGIN_PER_CARD`` for each
    #: card passed); a partner who passed is worth 5 less; a partner who bid, or an opponent who
    #: bid, worth no other figure.
    MARGIN, MARGIN_PER_CARD, PARTNER_PASSED = 0.0, 2.0, -5.0

    def __init__(self, margin: float | None = None, partner_passed: float | None = None):
        self.margin = self.MARGIN if margin is None else margin
        self.partner_passed = self.PARTNER_PASSED if partner_passed is None else partner_passed

    def call(self, seat: Situation) -> Bid:
        from . import thumb

        auction, rules = seat.auction, seat.rules
        legal = auction.legal()
        if legal.forced:
            return Bid(legal.min_bid, "forced: the first three passed")
        options = seat.may_name()
        if not options:
            return Bid(None, "pass: no marriage")
        counts = {t: thumb.count(seat.hand, t, rules) for t in options}
        trump = max(options, key=lambda t: (counts[t], -t))
        if auction.high_seat == seat.partner:
            return Bid(None, "pass: the partner holds the bid", trump=trump)
        calls = [c for c in auction.calls if c.seat == seat.partner]
        extra, why = self.margin + self.MARGIN_PER_CARD * rules.pass_cards, ""
        if calls and all(c.bid is None for c in calls):
            extra += self.partner_passed
            why += f", {self.partner_passed:+g} the partner passed"
        limit = int(counts[trump] + extra * rules.scale)
        words = f"limit {limit}: {thumb.count_words(seat.hand, trump, rules)}{why}"
        low = auction.lowest_bid
        if low > limit:
            return Bid(None, f"pass: {low} is above its {words}", trump=trump)
        return Bid(low, f"{'opens' if auction.high is None else 'raises'}: {words}",
                   trump=trump)

    def name_trump(self, seat: Situation) -> int | None:
        from . import thumb

        planned = next((b.trump for b in reversed(seat.bids) if b.call is not None), None)
        options = seat.may_name()
        if planned is not None and planned in options:
            return planned
        if not options:
            return None
        return max(options, key=lambda t: (thumb.count(seat.hand, t, seat.rules), -t))


class Passer(StandardPlay):
    """Passes unless stuck, and then bids the minimum."""

    name = "pass"

    def call(self, seat: Situation) -> Bid:
        legal = seat.auction.legal()
        if legal.forced:
            return Bid(legal.min_bid, "forced: the first three passed")
        return Bid(None, "pass")


class Ceiling(StandardPlay):
    """The all-seeing yardstick (``ceiling``, never advice): the engine makes each of its calls
    by trials of the rest of the deal (``game.ceiling.best_call``), and keeps here the pass
    advice of the deal its trials ask (``passes``, for ``deal``)."""

    name = "ceiling"
    all_seeing = True

    def __init__(self) -> None:
        self.deal: tuple = ()
        self.passes: dict = {}

    def call(self, seat: Situation) -> Bid:
        raise ValueError("the ceiling sees all four hands: it calls only in a whole hand played"
                         " by the engine (arena, play), which shows it them")


def built_in(player: object) -> bool:
    """Whether ``player`` is one of the built-in policies (an error in one is a bug, not the
    policy's failure)."""
    return type(player) in (Advisor, Formula, Thumb, Passer, Ceiling)


#: The built-in policies' names (``advisor:<convention>`` for each convention).
PolicyName = Literal["advisor:jump", "advisor:davis", "advisor:toby", "advisor:jump,game",
                     "advisor:davis,game", "advisor:toby,game", "formula", "thumb", "pass",
                     "ceiling"]
POLICY_NAMES: tuple[PolicyName, ...] = get_args(PolicyName)


#: The calls every policy answers (the ``Policy`` protocol).
POLICY_CALLS = ("call", "name_trump", "pass_cards", "return_cards", "throw_in")


def policy(name: PolicyName | str, samples: int = DEFAULT_SAMPLES) -> Policy:
    """The policy with this name, optionally ending in a card player (``formula/advisor``): a
    built-in one (``POLICY_NAMES``; ``samples``: the bid advisor's simulated deals), or one
    written outside the project, ``MODULE:NAME`` (``load_policy``)."""
    if not isinstance(name, str):
        raise TypeError(f"a policy is one of {', '.join(POLICY_NAMES)}, not {described(name)}")
    base, cards = split_policy_name(name)
    key = base.lower()
    out: Policy
    if key.startswith("advisor:") and key in POLICY_NAMES:
        system, _, game = key.split(":", 1)[1].partition(",")
        out = Advisor(system, samples, game=bool(game))
    elif key == "formula":
        out = Formula()
    elif key == "thumb":
        out = Thumb()
    elif key == "pass":
        out = Passer()
    elif key == "ceiling":
        out = Ceiling()
    elif ":" in base and not key.startswith("advisor:"):
        out = load_policy(base)
    else:
        raise UserError(f"unknown policy {name!r}: use one of {', '.join(POLICY_NAMES)},"
                        " optionally ending in /advisor or /heuristic, or MODULE:NAME for a"
                        " policy of your own")
    if cards == "advisor":
        out.cards = "advisor"  # type: ignore[attr-defined]
        if not out.name.endswith("/advisor"):
            out.name = f"{out.name}/advisor"
    elif cards != "heuristic":
        player = load_card_player(cards)
        out.cards = player  # type: ignore[attr-defined]
        out.name = f"{out.name}/{player_name(player, cards)}"
    return out


def split_policy_name(name: str) -> tuple[str, str]:
    """A policy name's bidding part and card player: ``formula/advisor`` -> ``formula``,
    ``advisor``; ``formula/my_player.py:Careful`` -> ``formula``, ``my_player.py:Careful``
    (a card player of one's own); the card player is ``heuristic`` when not named. A
    ``MODULE:NAME`` may be a path with slashes: the name splits at the first slash that leaves
    a bidding policy before it and a card player after it."""
    text = name.strip()
    rest, slash, last = text.rpartition("/")
    cards = last.strip().lower()
    if slash and cards in CARD_PLAYERS:
        return rest.strip(), cards
    for at in (i for i, ch in enumerate(text) if ch == "/"):
        head, tail = text[:at].strip(), text[at + 1:].strip()
        bidder = head.lower() in POLICY_NAMES or head.count(":") == 1 and not \
            head.lower().startswith("advisor:") and head.rpartition(":")[2]
        if bidder and tail.count(":") == 1 and tail.rpartition(":")[0] \
                and tail.rpartition(":")[2]:
            return head, tail
    if slash and ":" not in text:
        raise UserError(f"unknown card player {cards!r} in policy {name!r}: end the name in"
                        " /advisor, /heuristic or /MODULE:NAME (a card player of your own)")
    return text, "heuristic"


def load_policy(spec: str) -> Policy:
    """The policy ``MODULE:NAME`` names: ``MODULE`` a module to import (dotted, looked for on
    ``sys.path``, then in the current directory) or the path of a ``.py`` file, ``NAME`` a
    class or factory in it, called with no argument, or a policy object; the policy must have
    a ``name``, a ``convention`` (None or a known one) and the five calls (``Policy``).
    Raises ``PolicyLoadError`` saying which of these went wrong. The module and the factory run
    as outside code (``outside.run_outside``): whatever they raise, ``sys.exit`` included, is
    named in the error, and what they print goes to stderr."""
    module_text, _, attr = spec.strip().rpartition(":")
    if not module_text or not attr:
        raise PolicyLoadError(f"policy {spec!r}: write MODULE:NAME (a module or a .py file, and"
                              " the class or factory in it)")
    module = import_outside(module_text)
    obj: object = module
    for part in attr.split("."):
        obj = read_outside(obj, part, f"policy {spec!r}: {module_text} has no name {attr!r}",
                    f"policy {spec!r}: reading {attr}")
    lacks = outside_object(_lacks, obj, f"policy {spec!r}: reading {attr}")
    if isinstance(obj, type) and lacks:
        raise PolicyLoadError(f"policy {spec!r}: the class {attr} is not a policy: it lacks"
                              f" {', '.join(lacks)} (see the Policy protocol in"
                              " pinochle_calc.game.policies; subclass StandardPlay)")
    if not isinstance(obj, type) and not lacks:
        made = obj  # a policy object itself
    elif callable(obj):
        made = outside_object(obj, NO_ARGUMENT, f"policy {spec!r}: {attr}() failed")
    else:
        raise PolicyLoadError(f"policy {spec!r}: {attr} is a {type(obj).__name__}, not a class"
                              " or factory that makes a policy")
    problem = policy_problem(made)
    if problem.startswith("it lacks") and made is not obj:
        problem = f"{attr}() gave a {type(made).__name__}, which is not a policy: {problem}"
    if problem:
        raise PolicyLoadError(f"policy {spec!r}: {problem}")
    return made  # type: ignore[return-value]  # policy_problem checked it


def _lacks(obj: object) -> list[str]:
    """The calls of the ``Policy`` protocol that ``obj`` lacks."""
    return [c for c in POLICY_CALLS if not callable(getattr(obj, c, None))]


def policy_problem(made: object) -> str:
    """Why ``made`` cannot be used as a policy ('' if it can): the calls or attributes it
    lacks, a name that is not one line of text, a convention that is not None or a known one.
    Its attributes are read as outside code (their failure is named)."""
    what = "reading its name, convention and calls"
    missing = outside_object(_lacks, made, what)
    missing += [a for a in ("name", "convention")
                if outside_object(lambda o, a=a: getattr(o, a, MISSING), made, what) is MISSING]
    if missing:
        return (f"it lacks {', '.join(missing)} (see the Policy protocol in"
                " pinochle_calc.game.policies; subclass StandardPlay)")
    name = outside_object(lambda o: o.name, made, what)
    problem = name_problem(name, "its name")
    if problem:
        return f"{problem}, not {shown(name)}"
    convention = outside_object(lambda o: o.convention, made, what)
    if convention is not None:
        from ..bidding.conventions import CONVENTIONS

        if isinstance(convention, str) and type(convention) is not str:
            return (f"its convention must be a str (a {type(convention).__name__} is a subclass"
                    f" of it), not {shown(convention)}")
        if not isinstance(convention, str) or convention not in CONVENTIONS:
            return (f"its convention {shown(convention)} is not one of {', '.join(CONVENTIONS)}"
                    " (or None)")
    return ""


__all__ = ["Policy", "StandardPlay", "Situation", "Bid", "ContractWon", "Advisor", "Formula",
           "Thumb", "Ceiling",
           "Passer", "policy", "PolicyName", "POLICY_NAMES", "CARD_PLAYERS", "split_policy_name",
           "load_policy", "load_card_player", "CardChooser", "PolicyLoadError", "POLICY_CALLS",
           "built_in", "policy_problem",
           "most_meld", "advised_pass", "quick_pass", "throw_in_is_better",
           "THROW_IN_SAMPLES"]
