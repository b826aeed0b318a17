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
the game target (``scale = 10`` is the "100 aces" way of counting). This module imports only the
standard library, and TOML only when a file or an override is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from numbers import Integral
from typing import Any, Literal, TypeAlias, get_args

from .errors import UserError, described, number_text, quoted, shorten
from .limits import FIGURE_MAX

Table = tuple[int | None, int | None, int | None, int | None]


# The options that are words: each a ``Literal`` (the words of rule files, JSON and the command
# line), and the tuple of its words.
#: How bids go up (``RuleSet.bid_steps``).
BidSteps = Literal["by1-then-5", "any", "by10-above-100"]
#: How many rounds of bidding (``RuleSet.bid_rounds``).
BidRounds = Literal["unlimited", "one", "two"]
#: Whether the bidder needs a marriage in trump (``RuleSet.marriage_required``).
MarriageRequired = Literal["true", "false", "after-pass"]
#: Who passes first in the exchange (``RuleSet.pass_order``).
PassOrder = Literal["simultaneous", "partner-first"]
#: When the cards are exchanged (``RuleSet.pass_when``).
PassWhen = Literal["after-trump", "before-trump"]
#: What the opponents score when the bidding side concedes (``RuleSet.concession``).
Concession = Literal["standard", "nothing", "meld", "25-and-meld", "50-and-meld", "play"]
#: The kinds of meld a rule set's tables value.
MeldName = Literal["run", "royal_marriage", "marriage", "pinochle", "aces_around",
                   "kings_around", "queens_around", "jacks_around"]
BID_STEPS: tuple[BidSteps, ...] = get_args(BidSteps)
BID_ROUNDS: tuple[BidRounds, ...] = get_args(BidRounds)
MARRIAGE_REQUIRED: tuple[MarriageRequired, ...] = get_args(MarriageRequired)
PASS_ORDERS: tuple[PassOrder, ...] = get_args(PassOrder)
PASS_WHEN: tuple[PassWhen, ...] = get_args(PassWhen)
CONCESSIONS: tuple[Concession, ...] = get_args(Concession)
#: The meld kinds of the standard table, in the order the breakdown lists them (types I, II, III).
MELD_NAMES: tuple[MeldName, ...] = get_args(MeldName)
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
        return _apply_overrides(self, text, source="--rules")

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


# The rule file ------------------------------------------------------------------------------

class RulesError(UserError):
    """A rule set that cannot be read: names the file (or ``--rules``), the key path and what
    is wrong. A ``UserError``, so the CLI prints it as one line."""


#: Every key of a rule file: dotted path -> (RuleSet field, kind). Kinds: ``table`` (a list of
#: four points or "-"), ``points`` (a number or "-"), ``int:LOW:HIGH``, ``bool``, ``choice``
#: (one of the listed words), ``marriage`` (true, false or "after-pass"), ``name``.
SCHEMA: dict[str, tuple[str, str]] = {
    "name": ("name", "name"),
    "scale": ("scale", "int:1:1000"),
    "min_meld": ("min_meld", "int:0:50"),
    **{f"meld.{m}": (m, "table") for m in MELD_NAMES},
    "meld.royal_beside_run": ("royal_beside_run", "bool"),
    "roundhouse.single": ("roundhouse_single", "points"),
    "roundhouse.with_run": ("roundhouse_with_run", "points"),
    "roundhouse.double": ("roundhouse_double", "points"),
    "bidding.min_bid": ("min_bid", "int:1:10000"),
    "bidding.steps": ("bid_steps", "choice"),
    "bidding.step_change": ("step_change", "int:0:10000"),
    "bidding.rounds": ("bid_rounds", "choice"),
    "bidding.marriage_required": ("marriage_required", "marriage"),
    "passing.cards": ("pass_cards", "int:0:4"),
    "passing.order": ("pass_order", "choice"),
    "passing.when": ("pass_when", "choice"),
    "scoring.concession": ("concession", "choice"),
    "scoring.target": ("target", "int:1:1000000"),
}
_CHOICES = {
    "bid_steps": BID_STEPS,
    "bid_rounds": BID_ROUNDS,
    "pass_order": PASS_ORDERS,
    "pass_when": PASS_WHEN,
    "concession": CONCESSIONS,
}
SECTIONS = ("meld", "roundhouse", "bidding", "passing", "scoring")
MAX_POINTS = 1_000_000
#: How deep rule files may extend one another.
MAX_EXTENDS = 20
#: The longest rule file read.
MAX_FILE = 1 << 20
_INTEGER = re.compile(r"[+-]?[0-9]{1,18}")


def _leaf_index() -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for path in SCHEMA:
        index.setdefault(path.rsplit(".", 1)[-1], []).append(path)
    return index


def _nearest(key: str, candidates: Iterable[str]) -> str:
    from difflib import get_close_matches

    close = get_close_matches(key, list(candidates), n=1, cutoff=0.5)
    return f": did you mean {close[0]!r}?" if close else ""


def _fail(source: str, path: str, message: str) -> RulesError:
    source = shorten(source, 200)
    where = f"{source}: {shorten(path, 60)}: " if path else f"{source}: "
    return RulesError(where + message)


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, str):
        return f"{quoted(value)} (text)"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a table"
    return f"{shorten(repr(value))} ({type(value).__name__})"


def _points(value: object, source: str, path: str) -> int | None:
    """One meld value: a whole number of points, or "-" for a blank cell."""
    if value == "-" or value == "—":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, path,
                    f'expected points (a whole number) or "-", got {_describe(value)}')
    if not 0 <= value <= MAX_POINTS:
        raise _fail(source, path, f"{shorten(str(value))} is out of range (0 to {MAX_POINTS:,})")
    return value


def _convert(path: str, value: object, source: str) -> object:
    """A rule-file value checked and turned into the RuleSet field's value."""
    field, kind = SCHEMA[path]
    if kind == "table":
        if not isinstance(value, list):
            raise _fail(source, path, "expected a list of 4 values (single, double, triple,"
                        f' quadruple; points or "-"), got {_describe(value)}')
        if len(value) != 4:
            raise _fail(source, path, f"a table has 4 entries (single, double, triple,"
                        f" quadruple), not {len(value)}")
        return tuple(_points(v, source, f"{path}[{i}]") for i, v in enumerate(value))
    if kind == "points":
        return _points(value, source, path)
    if kind == "bool":
        if not isinstance(value, bool):
            raise _fail(source, path, f"expected true or false, got {_describe(value)}")
        return value
    if kind == "marriage":
        if isinstance(value, bool):
            return "true" if value else "false"
        if value in MARRIAGE_REQUIRED:
            return value
        raise _fail(source, path, f'expected true, false or "after-pass", got {_describe(value)}'
                    + (_nearest(str(value), MARRIAGE_REQUIRED) if isinstance(value, str) else ""))
    if kind == "choice":
        options = _CHOICES[field]
        if isinstance(value, str) and value in options:
            return value
        hint = _nearest(value, options) if isinstance(value, str) else ""
        raise _fail(source, path, f"expected one of {', '.join(options)}; got"
                    f" {_describe(value)}{hint}")
    if kind == "name":
        if not isinstance(value, str) or not value.strip():
            raise _fail(source, path, f"expected a name (text), got {_describe(value)}")
        if not value.strip().isprintable():
            raise _fail(source, path, f"a name is one line of printable text, not"
                        f" {_describe(value)}")
        return value.strip()
    _, low, high = kind.split(":")
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, path, f"expected a whole number, got {_describe(value)}")
    if not int(low) <= value <= int(high):
        raise _fail(source, path, f"{shorten(str(value))} is out of range ({low} to {high})")
    return value


def _flatten(data: dict, source: str) -> dict[str, object]:
    """The dotted key paths of a parsed rule file, checked against ``SCHEMA``."""
    flat: dict[str, object] = {}
    for key, value in data.items():
        if key == "extends":
            continue
        if key in SECTIONS:
            if not isinstance(value, dict):
                raise _fail(source, key, f"expected a [{key}] table, got {_describe(value)}")
            for sub, sub_value in value.items():
                path = f"{key}.{sub}"
                if path not in SCHEMA:
                    valid = [p.split(".", 1)[1] for p in SCHEMA if p.startswith(key + ".")]
                    raise _fail(source, path, f"unknown key{_nearest(sub, valid)}"
                                f" (valid in [{key}]: {', '.join(valid)})")
                flat[path] = sub_value
        elif key in SCHEMA:
            flat[key] = value
        else:
            leaves = _leaf_index()
            if key in leaves and len(leaves[key]) == 1:
                hint = f": it belongs in a section, as {leaves[key][0]!r}"
            else:
                hint = _nearest(key, [*SCHEMA, *SECTIONS, "extends"])
            raise _fail(source, key, f"unknown key{hint}")
    return flat


def _apply(base: RuleSet, flat: dict[str, object], source: str) -> RuleSet:
    changes: dict[str, Any]
    changes = {SCHEMA[path][0]: _convert(path, value, source) for path, value in flat.items()}
    return replace(base, **changes)


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


def _split_top(text: str) -> list[str]:
    """Split at commas that are not inside brackets or quotes."""
    items, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [item.strip() for item in items if item.strip()]


def _override_value(path: str, raw: str, source: str) -> object:
    """The value of one ``key=value`` override: a TOML value, a slash-separated table, or text."""
    kind = SCHEMA[path][1]
    if kind == "table" and "/" in raw and not raw.startswith("["):
        parts = [p.strip() for p in raw.split("/")]
        return [int(p) if _INTEGER.fullmatch(p) else p for p in parts]
    if "\n" in raw or "\r" in raw:
        raise _fail(source, path, "a value is one line")
    simple = _plain_value(raw)
    if simple is not None:
        return simple[0]
    data, problem = _toml(f"v = {raw}")
    return raw if problem else data["v"]


_TOML_INTEGER = re.compile(r"[+-]?(?:0|[1-9][0-9]{0,17})")
_BARE_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]*")


def _plain_value(raw: str) -> tuple[object] | None:
    """What TOML reads in ``v = raw`` where that is plain (a whole number, true or false, or a
    word TOML cannot read, which stays text), without loading the TOML parser (a few ms at the
    start of every command whose convention sets its rules): ``(value,)``; None otherwise."""
    if _TOML_INTEGER.fullmatch(raw):
        return (int(raw),)
    if raw in ("true", "false"):
        return (raw == "true",)
    if _BARE_WORD.fullmatch(raw) and raw not in ("inf", "nan"):
        return (raw,)
    return None


def _toml(text: str) -> tuple[dict, str]:
    """TOML text parsed, and '' or what is wrong with it."""
    import sys

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib

    try:
        return tomllib.loads(text), ""
    except tomllib.TOMLDecodeError as e:
        return {}, str(e)
    except RecursionError:
        return {}, "nested too deeply"
    except ValueError:  # a number of thousands of digits
        return {}, "a number too long to read"


def _resolve_key(key: str, source: str) -> str:
    if key in SCHEMA:
        return key
    leaves = _leaf_index()
    if key in leaves:
        if len(leaves[key]) == 1:
            return leaves[key][0]
        raise _fail(source, key, f"ambiguous key: write one of {', '.join(leaves[key])}")
    raise _fail(source, key, f"unknown key{_nearest(key, [*SCHEMA, *leaves])}")


def _apply_overrides(base: RuleSet, text: str, source: str) -> RuleSet:
    flat: dict[str, object] = {}
    shown = []
    for item in _split_top(text):
        key, eq, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not eq or not key:
            raise _fail(source, item, "expected key=value (such as scale=10)")
        path = _resolve_key(key, source)
        flat[path] = _override_value(path, raw, source)
        shown.append(f"{key}={raw}")
    rules = _apply(base, flat, source)
    if not shown or "name" in flat:  # a name given among the overrides stands
        return rules
    return replace(rules, name=",".join([base.name, *shown]))


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
    return _apply_overrides(base, rest, "--rules") if rest else base


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


# The canonical text -------------------------------------------------------------------------

def _toml_value(value: object) -> str:
    if value is None:
        return '"-"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    import json

    return json.dumps(value, ensure_ascii=False)


_COMMENTS = {
    "scale": "10: every score times 10 (\"100 aces\")",
    "min_meld": "the minimum-20 rule: 20; 0: off",
    "meld.royal_beside_run": "a run's K-Q also count in a multiple royal marriage",
    "roundhouse.single": '"-": a roundhouse scores its parts (24)',
    "roundhouse.with_run": '"-": its parts (35: the run takes the trump K-Q)',
    "roundhouse.double": '"-": its parts (160)',
    "bidding.steps": " | ".join(BID_STEPS),
    "bidding.step_change": "bids go by 1 up to here",
    "bidding.rounds": " | ".join(BID_ROUNDS),
    "bidding.marriage_required": 'true | false | "after-pass"',
    "passing.cards": "0 to 4 (0: no passing)",
    "passing.order": " | ".join(PASS_ORDERS),
    "passing.when": " | ".join(PASS_WHEN),
    "scoring.concession": " | ".join(CONCESSIONS),
    "scoring.target": "the game is won at this score (scaled)",
}


EXTENDS = 'extends = "standard"'


def to_toml(rules: RuleSet) -> str:
    """The rule set as a complete, commented TOML rule file: every key, every value, so that
    ``read_rule_file`` on the saved text gives back an equal rule set. Meld values are
    single, double, triple, quadruple; ``"-"`` is a blank cell."""
    summary = PRESET_SUMMARIES.get(rules.name)
    lines = [f"# pinochle-calc rule set {rules.name!r}" + (f": {summary}" if summary else ""),
             "# meld tables: [single, double, triple, quadruple], \"-\" for a blank cell"]
    section = ""
    for path, (field, kind) in SCHEMA.items():
        head, _, leaf = path.rpartition(".")
        if head != section:
            lines += ["", f"[{head}]"]
            section = head
        value = getattr(rules, field)
        if kind == "marriage":
            value = {"true": True, "false": False}.get(value, value)
        line = f"{leaf} = {_toml_value(value)}"
        if path in _COMMENTS:
            line = f"{line:<32} # {_COMMENTS[path]}"
        lines.append(line)
        if path == "name":
            lines.append(f"{EXTENDS:<32} # every key below overrides it")
    return "\n".join(lines) + "\n"


def to_dict(rules: RuleSet) -> dict[str, object]:
    """The rule set as JSON-ready data, keyed by the rule file's dotted paths."""
    data: dict[str, object] = {}
    for path, (field, kind) in SCHEMA.items():
        value = getattr(rules, field)
        if kind == "table":
            value = ["-" if v is None else v for v in value]
        elif kind == "marriage":
            value = {"true": True, "false": False}.get(value, value)
        data[path] = value
    return data
