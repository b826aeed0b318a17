"""Rule sets: everything about the game that differs from table to table, as one immutable value.

A rule set holds the n-fold meld tables (single, double, triple, quadruple; ``None`` where a table
leaves a value blank), the special meld options, the score scale, the minimum-meld rule, and the
bidding, passing and scoring conventions. ``STANDARD`` is the table in the project's RULES.md;
``PRESETS`` holds the named variants from the rules documents.

Every command that scores takes a rule set through ``load_rules``, from a ``--rules`` value:

* a preset name (``standard``, ``book``, ``npa``, ``pinochle14``, ``toby-thomas``);
* a TOML rule file (``extends`` a preset or another file, then overrides; see ``SCHEMA`` and
  ``to_toml``, whose output is itself a rule file that reads back to an equal rule set);
* either of those followed by comma-separated overrides with the rule file's keys, written as a
  dotted path or, where it is unambiguous, the key alone: ``book,scale=10,min_meld=20``,
  ``toby-thomas,roundhouse.single=32``, ``standard,run=25/150/225/300``, ``npa,steps=any``.
  A value is a TOML value (``[15, 150, 225, 300]``, ``true``, ``"any"``) or bare text; a table may
  also be written with slashes, ``15/150/225/-``, ``-`` for a blank cell.

Values are stored unscaled: ``scale`` multiplies every meld value, trick point, bid, minimum and
the game target (``scale = 10`` is the "100 aces" way of counting). The rule file's language (its
keys, values, overrides and TOML text) is ``rulefile``, whose names this module gives too. This
module imports only the standard library, and TOML only when a file or an override is read.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from numbers import Integral
from typing import TYPE_CHECKING, Any, TypeAlias, overload

from .errors import described, number_text, quoted, shorten
from .limits import FIGURE_MAX
from .rulefile import (
    BID_ROUNDS,
    BID_STEPS,
    CONCESSIONS,
    EXTENDS,
    MARRIAGE_REQUIRED,
    MAX_POINTS,
    MELD_NAMES,
    PASS_ORDERS,
    PASS_WHEN,
    SCHEMA,
    SECTIONS,
    BidRounds,
    BidSteps,
    Concession,
    MarriageRequired,
    MeldName,
    PassOrder,
    PassWhen,
    RulesError,
    Table,
    _apply,
    _describe,
    _fail,
    _flatten,
    _nearest,
    _split_top,
    apply_overrides,
    to_dict,
    toml_text,
)

# given here too, as before the split (game.hand.tags and the tests read them here)
from .rulefile import _plain_value as _plain_value
from .rulefile import _toml as _toml
from .rulefile import _toml_value as _toml_value

if TYPE_CHECKING:  # for the checker only: this module imports the standard library alone
    import numpy as np

TRICK_POINTS = 50  # counters 48 + last trick 2, unscaled


@dataclass(frozen=True)
class RuleSet:
    """One table's rules. Meld values, bids and the target are unscaled; ``scale`` multiplies
    every score (the ``*_points`` properties give scaled figures)."""

    name: str = "standard"
    run: Table = (15, 150, 225, 300)
    royal_marriage: Table = (4, 8, 12, 16)
    marriage: Table = (2, 4, 6, 8)
    pinochle: Table = (4, 30, 60, 90)
    aces_around: Table = (10, 100, 150, 200)
    kings_around: Table = (8, 80, 120, 160)
    queens_around: Table = (6, 60, 90, 120)
    jacks_around: Table = (4, 40, 60, 80)
    #: A roundhouse (K and Q of every suit) scored as one meld: single, with a run
    #: (the trump K-Q shared with the run), double. ``None``: it scores its parts. The exact
    #: semantics (triples, several with runs) are in ``pinochle_calc.meld.MeldTables``.
    roundhouse_single: int | None = None
    roundhouse_with_run: int | None = None
    roundhouse_double: int | None = None
    #: Toby Thomas: a run's K-Q also count in a multiple royal marriage with extra trump K-Q pairs.
    royal_beside_run: bool = False
    scale: int = 1
    #: The minimum-20 rule: a side scores meld only if it melds at least this, and scores nothing
    #: for the hand if it takes fewer trick points than this (0: no minimum). Unscaled.
    min_meld: int = 0
    min_bid: int = 50
    #: ``by1-then-5``: by 1 up to ``step_change``, then multiples of 5; ``any``: any number from
    #: the minimum; ``by10-above-100``: as ``by1-then-5``, and above 100 multiples of 10.
    bid_steps: BidSteps = "by1-then-5"
    #: The bid up to which bids go by 1 (60 standard, 50 under Toby Thomas).
    step_change: int = 60
    #: ``unlimited`` (until three have passed), ``one`` (each player speaks once) or ``two``
    #: (a player who passed in the first round cannot bid in the second).
    bid_rounds: BidRounds = "unlimited"
    #: ``true``: the bidder needs a marriage in trump; ``false``; ``after-pass``: the marriage is
    #: needed only after the exchange of cards.
    marriage_required: MarriageRequired = "true"
    #: Cards the bidder and partner exchange (0: no passing), in what order, and when.
    pass_cards: int = 0
    pass_order: PassOrder = "simultaneous"
    pass_when: PassWhen = "after-trump"
    #: Passing before trump: the partner passes first the cards of the suit the bidder asks for
    #: (Toby Thomas's rule; ``exchange.policy.suit_asked``); else the bidder's request only
    #: says which trump it plans, and the partner passes what it likes.
    pass_suit_asked: bool = False
    #: What the opponents score when the bidding side concedes before play (a throw-in, no
    #: marriage, meld under the minimum): ``standard`` (RULES.md: their meld on a throw-in or
    #: under the minimum, nothing when the bidder has no marriage), ``nothing``, ``meld``,
    #: ``25-and-meld``, ``50-and-meld`` (25 or 50 for the cards, plus their meld), ``play`` (the
    #: cards are played if trump was named: their meld and the trick points they take).
    concession: Concession = "standard"
    target: int = 500

    def __post_init__(self) -> None:
        for field, options in _WORDS.items():
            value = getattr(self, field)
            if value not in options:
                raise RulesError(f"{field} must be one of {', '.join(options)}, not"
                                 f" {described(value)}")

    # Scaled figures -----------------------------------------------------------------------------

    @property
    def trick_points(self) -> int:
        """The trick points of one hand (50, scaled)."""
        return TRICK_POINTS * self.scale

    @property
    def target_points(self) -> int:
        """The score that wins the game (500, scaled)."""
        return self.target * self.scale

    @property
    def min_meld_points(self) -> int:
        """The minimum meld (and trick points) a side needs to score, scaled (0: no minimum)."""
        return self.min_meld * self.scale

    @property
    def min_bid_points(self) -> int:
        """The lowest bid, scaled: also what a stuck dealer bids (RULES.md, Decision on the
        stuck dealer), under any bidding rounds."""
        return self.min_bid * self.scale

    def stuck_dealer_bid(self) -> int:
        """The bid a dealer makes when the other three pass: the rule set's minimum (scaled)."""
        return self.min_bid_points

    # The rules every layer asks: each decided here, and only here (tests/test_architecture.py
    # fails where another module reads the fields behind them) ----------------------------------

    def needs_marriage(self, exchanged: bool) -> bool:
        """Whether a bidder needs a marriage (K and Q) in a suit to name it trump (RULES.md
        "Calling trump" and its variation), holding its cards before the exchange (``exchanged``
        False: also what a seat weighs at the auction) or after it: always under
        ``marriage_required = true``, never under ``false``; under ``after-pass`` once the cards
        have been exchanged, or where none are."""
        if self.marriage_required == "after-pass":
            return exchanged or not self.pass_cards
        return self.marriage_required == "true"

    @property
    def marriage_after_exchange(self) -> bool:
        """Whether the marriage a bidder needs is looked for in its hand after the exchange rather
        than as dealt: cards are exchanged, a marriage is needed, and either the rule asks for it
        only then (``after-pass``) or trump is named after the exchange (passing before trump)."""
        return (bool(self.pass_cards) and self.needs_marriage(True)
                and (not self.needs_marriage(False) or self.pass_when == "before-trump"))

    def marriage_rule(self) -> str:
        """The marriage rule as a rule file writes it, for messages:
        ``bidding.marriage_required = after-pass``."""
        return f"bidding.marriage_required = {self.marriage_required}"

    @overload
    def under_minimum(self, points: int) -> bool: ...
    @overload
    def under_minimum(self, points: np.ndarray) -> np.ndarray: ...

    def under_minimum(self, points: int | np.ndarray) -> bool | np.ndarray:
        """Whether a side's meld, or its trick points, fall short of the minimum-meld rule's
        minimum (scaled; never without the rule): meld under it is not scored, a side taking
        trick points under it scores nothing for the hand, and a bidding side melding under it
        loses the bid without play (RULES.md's "Minimum 20"). On one figure or an array of
        them."""
        return points < self.min_meld_points

    # Bidding ------------------------------------------------------------------------------------

    def is_legal_bid(self, bid: int) -> bool:
        """Whether a number may be bid at all under this rule set's minimum and steps (scaled).

        ``by1-then-5``: by 1 up to ``step_change``, then multiples of 5. ``any``: any number
        from the minimum up. ``by10-above-100``: as ``by1-then-5``, and above 100 multiples of 10.
        """
        if bid % self.scale:
            return False
        b = bid // self.scale
        if b < self.min_bid:
            return False
        if self.bid_steps == "any":
            return True
        if self.bid_steps == "by10-above-100" and b > 100:
            return b % 10 == 0
        return b <= self.step_change or b % 5 == 0

    def next_bid(self, current: int | None) -> int:
        """The lowest legal bid above ``current`` (the minimum bid if nobody has bid)."""
        k = self.scale
        b = self.min_bid if current is None else max(_whole(current) // k + 1, self.min_bid)
        while not self.is_legal_bid(b * k):  # legal bids are at most 10 (unscaled) apart
            b += 1
        return b * k

    def highest_bid(self, upto: int) -> int | None:
        """The highest legal bid at most ``upto`` (None if even the minimum is above it)."""
        b = _whole(upto) // self.scale
        while b >= self.min_bid and not self.is_legal_bid(b * self.scale):
            b -= 1
        return b * self.scale if b >= self.min_bid else None

    def bid_problem(self, value: object) -> str:
        """Why a number cannot be bid under this rule set ('' if it can), in words a player can
        act on: not a whole number, out of range (beyond ``limits.FIGURE_MAX``), below the
        minimum, or off the steps with the legal bids either side of it."""
        if isinstance(value, bool) or not isinstance(value, Integral):
            if isinstance(value, float) and value.is_integer():
                return f"{value!r} is a float: a bid is a whole number (an int)"
            return (f"{shorten(repr(value))} is not a whole number: a bid is a whole number of"
                    " points")
        bid = int(value)
        if not -FIGURE_MAX <= bid <= FIGURE_MAX:
            return f"{number_text(bid)} is out of range: a bid is at most {FIGURE_MAX:,}"
        if self.is_legal_bid(bid):
            return ""
        k = self.scale
        if bid < self.min_bid * k:
            return f"{bid} is below the minimum bid {self.min_bid * k} ({self.name} rules)"
        lower = self.highest_bid(bid)
        either = f"{lower} or {self.next_bid(bid)}" if lower is not None else self.next_bid(bid)
        return f"{bid} is off the bidding steps ({self.steps_text()}): bid {either}"

    def steps_text(self) -> str:
        """The bidding steps in words, scaled."""
        k = self.scale
        low = self.min_bid * k
        if self.bid_steps == "any":
            return f"any number from {low} up" + (f" in steps of {k}" if k > 1 else "")
        text = f"from {low} by {k} up to {self.step_change * k}, then multiples of {5 * k}"
        if self.bid_steps == "by10-above-100":
            text += f", above {100 * k} multiples of {10 * k}"
        return text

    # Tables and variants ------------------------------------------------------------------------

    def table(self, name: MeldName) -> Table:
        """The n-fold values of one meld kind, unscaled."""
        return getattr(self, name)

    def with_options(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (by field name; the words are checked, the figures
        not: see ``override``)."""
        return replace(self, **changes)

    def override(self, text: str) -> RuleSet:
        """A copy with comma-separated ``key=value`` overrides applied and validated, as in
        ``--rules standard,scale=10``; the name records them."""
        return apply_overrides(self, text, source="--rules")

    def differences(self, base: RuleSet | None = None) -> dict[str, object]:
        """The options in which this rule set differs from another (the standard one)."""
        base = STANDARD if base is None else base
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(base, f.name)
        }

    def to_toml(self) -> str:
        """The rule set as a complete TOML rule file (see ``to_toml``)."""
        return to_toml(self)

    def to_dict(self) -> dict[str, object]:
        """The rule set as ``rules show --format json`` writes it: its name, then every key of
        a rule file (``to_dict``)."""
        return {"name": self.name, **to_dict(self)}

    def __repr__(self) -> str:
        changed = "".join(f", {key}={value!r}" for key, value in self.differences().items())
        return f"RuleSet(name={self.name!r}{changed})"


def _whole(bid: int) -> int:
    """A bid the bidding steps can step from: a whole number (an int), else a ``TypeError``
    (a float such as ``nan`` would make them loop for ever)."""
    if isinstance(bid, bool) or not isinstance(bid, Integral):
        raise TypeError(f"a bid is a whole number (an int), not {shorten(repr(bid))}")
    return int(bid)


#: The fields that are words, and their words.
_WORDS: dict[str, tuple[str, ...]] = {
    "bid_steps": BID_STEPS, "bid_rounds": BID_ROUNDS, "marriage_required": MARRIAGE_REQUIRED,
    "pass_order": PASS_ORDERS, "pass_when": PASS_WHEN, "concession": CONCESSIONS,
}

STANDARD = RuleSet()

PRESETS: dict[str, RuleSet] = {
    "standard": STANDARD,
    "book": replace(STANDARD, name="book", pinochle=(4, 30, 45, 300), run=(15, 30, 45, 60)),
    "npa": replace(STANDARD, name="npa", run=(25, 150, 225, 300), pinochle=(15, 30, 60, 90)),
    "pinochle14": replace(STANDARD, name="pinochle14", pinochle=(14, 30, 60, 90)),
    "toby-thomas": replace(
        STANDARD,
        name="toby-thomas",
        run=(15, 150, 500, None),
        royal_marriage=(4, 30, 60, 240),
        marriage=(2, 4, 6, 8),
        pinochle=(4, 30, 90, 360),
        aces_around=(10, 100, 500, None),
        kings_around=(8, 80, 400, None),
        queens_around=(6, 60, 300, None),
        jacks_around=(4, 40, 200, None),
        royal_beside_run=True,
        min_bid=25,
        step_change=50,
        pass_cards=3,
        pass_order="partner-first",
        pass_when="before-trump",
        pass_suit_asked=True,
    ),
}

PRESET_SUMMARIES = {
    "standard": "the table in the rules: bids 50 by 1 to 60 then by 5, marriage in trump required",
    "book": "online-server scores: triple/quadruple pinochle 45/300, runs 15/30/45/60",
    "npa": "National Pinochle Association: run 25, single pinochle 15",
    "pinochle14": "single pinochle 14 (double, triple, quadruple 30, 60, 90)",
    "toby-thomas": "Toby Thomas: raised multiples, royal marriages beside a run, bids from 25,"
    " three-card pass",
}


# Reading a rule file and naming a rule set ---------------------------------------------------

#: How deep rule files may extend one another.
MAX_EXTENDS = 20
#: The longest rule file read.
MAX_FILE = 1 << 20

def read_rule_file(path: str, _seen: tuple[str, ...] = ()) -> RuleSet:
    """A TOML rule file: ``extends`` (a preset, or a rule file relative to this one; standard if
    absent) with this file's keys over it. Its name is its ``name`` key, else the file's stem."""
    import os

    real = os.path.realpath(path)
    if real in _seen:
        raise _fail(path, "extends", "the rule files extend each other in a circle")
    if len(_seen) >= MAX_EXTENDS:
        raise _fail(path, "extends", f"rule files extend one another more than {MAX_EXTENDS}"
                    " deep")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE + 1)
    except OSError as e:
        raise _fail(path, "", f"cannot read the rule file: {e.strerror}") from None
    if len(raw) > MAX_FILE:
        raise _fail(path, "", f"a rule file is at most {MAX_FILE:,} bytes")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise _fail(path, "", f"not valid UTF-8 text: byte 0x{raw[e.start]:02x} on line"
                    f" {line}") from None
    # TOML ends lines with LF or CR LF; a file saved with lone CRs reads the same
    data, problem = _toml(text.replace("\r\n", "\n").replace("\r", "\n"))
    if problem:
        raise _fail(path, "", f"not valid TOML: {problem}")
    parent = data.get("extends", "standard")
    if not isinstance(parent, str):
        raise _fail(path, "extends", f"expected a preset name or a rule file, got"
                    f" {_describe(parent)}")
    flat = _flatten(data, path)
    if parent.strip().lower() in PRESETS:
        base = PRESETS[parent.strip().lower()]
    else:
        parent_path = os.path.join(os.path.dirname(path), parent)
        if not os.path.isfile(parent_path):
            raise _fail(path, "extends", f"{quoted(parent)} is neither a preset"
                        f" ({', '.join(PRESETS)}) nor a rule file{_nearest(parent, PRESETS)}")
        base = read_rule_file(parent_path, (*_seen, real))
    stem = os.path.splitext(os.path.basename(path))[0]
    return _apply(replace(base, name=stem), flat, path)


def load_rules(value: str | None) -> RuleSet:
    """The rule set a ``--rules`` value (or ``PINOCHLE_RULES``) names: a preset, a TOML rule
    file, or either followed by ``,key=value`` overrides; ``standard`` if None or empty.

    >>> load_rules("book,scale=10,min_meld=20").aces_around
    (10, 100, 150, 200)
    """
    import os

    if value is not None and not isinstance(value, str):
        raise TypeError(f"rules must be a preset name, a rule file or a RuleSet, not"
                        f" {described(value)}")
    if value is None or not value.strip():
        return STANDARD
    value = value.strip()
    if value.lower() in PRESETS:  # a preset, even where a file of that name lies about
        return PRESETS[value.lower()]
    if os.path.isfile(value):
        return read_rule_file(value)
    items = _split_top(value)
    head = items[0] if items and "=" not in items[0] else None
    rest = ",".join(items[1:] if head is not None else items)
    if head is None:
        base = STANDARD
    elif head.lower() in PRESETS:
        base = PRESETS[head.lower()]
    elif os.path.isfile(head):
        base = read_rule_file(head)
    else:
        looks_like_file = head.endswith(".toml") or os.sep in head
        hint = _nearest(head.lower(), PRESETS)
        what = (f"no rule file {quoted(head)}" if looks_like_file
                else f"unknown rule set {quoted(head)}" + (f" ({hint[2:]})" if hint else ""))
        raise _fail("--rules", "", f"{what}: use a preset ({', '.join(PRESETS)}) or a TOML"
                    " rule file")
    return apply_overrides(base, rest, "--rules") if rest else base


#: A rule set as every function of the library takes it: a ``RuleSet``, or what ``load_rules``
#: reads (a preset name such as ``"book"``, a rule file, either with ``,key=value`` overrides).
RulesLike: TypeAlias = "RuleSet | str"


def as_rules(value: RulesLike | None, name: str = "rules") -> RuleSet:
    """The ``RuleSet`` given as ``RulesLike`` (None: the standard rules); text is read by
    ``load_rules``, whose ``RulesError`` it raises; a ``TypeError`` for anything else."""
    if isinstance(value, RuleSet):
        return value
    if value is None or isinstance(value, str):
        return load_rules(value)
    raise TypeError(f"{name} must be a RuleSet or a preset name ('standard', 'book', ...), not"
                    f" {described(value)}")


def to_toml(rules: RuleSet) -> str:
    """The rule set as a complete, commented TOML rule file: every key, every value, so that
    ``read_rule_file`` on the saved text gives back an equal rule set. Meld values are
    single, double, triple, quadruple; ``"-"`` is a blank cell."""
    return toml_text(rules, PRESET_SUMMARIES.get(rules.name))


__all__ = [
    "RuleSet", "STANDARD", "PRESETS", "PRESET_SUMMARIES", "TRICK_POINTS", "load_rules",
    "read_rule_file", "as_rules", "RulesLike", "to_toml", "MAX_EXTENDS", "MAX_FILE",
    # the rule file's language (``rulefile``)
    "Table", "MeldName", "MELD_NAMES", "BidSteps", "BID_STEPS", "BidRounds", "BID_ROUNDS",
    "MarriageRequired", "MARRIAGE_REQUIRED", "PassOrder", "PASS_ORDERS", "PassWhen", "PASS_WHEN",
    "Concession", "CONCESSIONS", "RulesError", "SCHEMA", "SECTIONS", "MAX_POINTS", "to_dict",
    "EXTENDS",
]
