"""Scoring a hand and a game under a rule set (RULES.md "Scoring a hand" and its variations).

The two sides are ``us`` and ``them``. A hand is given by the bid, the bidding side, each side's
meld and trick points (``HandInput``), and, where it ended before play, how: ``thrown-in`` (the
bidding side names trump and concedes) or ``no-marriage`` (the bidder cannot name trump); given
nothing, the hand was played. All figures are as written on the score sheet, that is scaled
(under ``scale = 10`` a bid of 500 and trick points adding up to 500).

A hand's result (``Result``, ``HandScore.result``), one vocabulary with whole hands and the
arena:

* ``made``: the bidding side's meld plus trick points reach the bid; both sides add their meld
  and trick points.
* ``set``: they do not (or, under the minimum-meld rule, the bidding side took fewer trick points
  than the minimum): the bid is subtracted; the other side keeps its meld and trick points.
* ``thrown-in``, ``no-marriage``, ``under-min-meld`` (the bidding side melds under the minimum and
  loses the bid without play): concessions. The bid is subtracted; the other side scores as the
  rule set's ``concession`` says (``standard``: its meld on a throw-in or under the minimum,
  nothing when the bidder has no marriage, since nobody scores meld then).

The minimum-meld rule (``min_meld``, 20 scaled): a side's meld counts only if it is at least the
minimum, and a side that takes fewer trick points than the minimum scores nothing for a played
hand; the opponents of a conceding side score their meld (if at least the minimum) without
needing the minimum in tricks, except under ``concession = play``, where the hand is played.

The game is won by the first side to reach the target (500, scaled); if both reach it on the
same hand, the bidding side wins. This module is pure: no I/O beyond ``read_sheet``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal, get_args, overload

from .errors import UserError, described, quoted, shorten
from .limits import FIGURE_MAX
from .rules import STANDARD, Concession, RuleSet, RulesLike, as_rules

#: The two sides: ``us`` (seats 0 and 2) and ``them`` (seats 1 and 3).
Side = Literal["us", "them"]
SIDES: tuple[Side, ...] = get_args(Side)
#: How a hand ended: the one vocabulary of results (``HandScore``, whole hands, the arena).
Result = Literal["made", "set", "thrown-in", "no-marriage", "under-min-meld"]
RESULTS: tuple[Result, ...] = get_args(Result)
#: How a hand given to be scored ended before play (``HandInput.result``; None: it was played).
Conceded = Literal["thrown-in", "no-marriage"]
CONCEDED: tuple[Conceded, ...] = get_args(Conceded)
#: The largest figure a sheet may hold, either way (a bid, meld, trick points).
MAX_FIGURE = FIGURE_MAX
#: Every spelling of the result given on input (a sheet, ``HandInput.of``), older ones too.
_RESULT_WORDS: dict[str, Conceded | None] = {
    "": None, "play": None, "played": None,
    "thrown-in": "thrown-in", "thrown in": "thrown-in", "throw-in": "thrown-in",
    "throw in": "thrown-in", "throwin": "thrown-in", "thrownin": "thrown-in",
    "no-marriage": "no-marriage", "no marriage": "no-marriage", "nomarriage": "no-marriage",
}


def conceded(result: object) -> Conceded | None:
    """How a hand given to be scored ended before play, from any spelling (``thrown-in``,
    ``throw-in``, ``thrown in``; ``played`` or None: it was played), or a ``ScoreError``."""
    if result is None:
        return None
    if not isinstance(result, str):
        raise TypeError(f"result must be thrown-in, no-marriage or None (played), not"
                        f" {described(result)}")
    word = " ".join(result.strip().lower().replace("_", "-").split())
    if word in _RESULT_WORDS:
        return _RESULT_WORDS[word]
    if word in RESULTS:
        raise ScoreError(f"the result {word!r} comes from the figures of a played hand: give"
                         " thrown-in or no-marriage for a hand that ended before play, or"
                         " nothing")
    raise ScoreError(f"unknown result {result!r}: use thrown-in or no-marriage, or nothing for"
                     f" a played hand{_hint(word, CONCEDED)}")


class ScoreError(UserError):
    """Input that cannot be scored: names the hand (or sheet line) and what is wrong."""


def _hint(word: str, options: Iterable[str]) -> str:
    from difflib import get_close_matches

    close = get_close_matches(word, list(options), n=1, cutoff=0.5)
    return f" (did you mean {close[0]!r}?)" if close else ""


def side_index(text: str) -> int:
    """``us`` -> 0, ``them`` -> 1 (any case; ``we``/``they`` too)."""
    word = str(text).strip().lower()
    word = {"we": "us", "they": "them"}.get(word, word)
    if word not in SIDES:
        raise ScoreError(f"unknown side {text!r}: use us or them{_hint(word, SIDES)}")
    return SIDES.index(word)


@dataclass(frozen=True)
class HandInput:
    """One hand as written on a score sheet (scaled figures). ``tricks`` may leave one side (or,
    for a concession, both) as None: one missing side is the rest of the hand's trick points.
    ``result``: ``thrown-in`` or ``no-marriage`` where the hand ended before play, None where
    it was played (older spellings, ``throw-in``, ``played``, are read as these)."""

    bidder: int  # 0 us, 1 them
    bid: int
    meld: tuple[int, int]
    tricks: tuple[int | None, int | None] = (None, None)
    result: Conceded | None = None
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", conceded(self.result))

    @classmethod
    def of(cls, bidder: str | int, bid: int, meld_us: int, meld_them: int,
           tricks_us: int | None = None, tricks_them: int | None = None,
           result: str | None = None, note: str = "") -> HandInput:
        """A hand from its fields, with the side and the result given as words."""
        side = bidder if isinstance(bidder, int) else side_index(bidder)
        return cls(side, bid, (meld_us, meld_them), (tricks_us, tricks_them), conceded(result),
                   note)

    def to_dict(self) -> dict:
        """The hand as a sheet row (``SHEET_COLUMNS``)."""
        return {"bidder": SIDES[self.bidder], "bid": self.bid, "meld_us": self.meld[0],
                "meld_them": self.meld[1], "tricks_us": self.tricks[0],
                "tricks_them": self.tricks[1], "result": self.result, "note": self.note}


@dataclass(frozen=True)
class HandScore:
    """The score of one hand: its ``result``, what each side adds (``points``, us then them),
    the meld and trick points each side is credited with, and notes explaining the rules
    applied."""

    hand: HandInput
    result: Result
    points: tuple[int, int]
    meld: tuple[int, int]  # meld credited (0 where it does not score)
    tricks: tuple[int, int]  # trick points credited
    cards: tuple[int, int] = (0, 0)  # points for the cards on a concession (25 or 50, scaled)
    played: tuple[int, int] | None = None  # both sides' trick points, where the hand was played
    notes: tuple[str, ...] = ()

    @property
    def bidder(self) -> Side:
        return SIDES[self.hand.bidder]

    def to_dict(self) -> dict:
        """The ``score`` command's record of the hand."""
        return {
            "bidder": self.bidder,
            "bid": self.hand.bid,
            "result": self.result,
            "points": dict(zip(SIDES, self.points)),
            "meld": dict(zip(SIDES, self.hand.meld)),
            "tricks": None if self.played is None else dict(zip(SIDES, self.played)),
            "credited": {side: {"meld": m, "tricks": t, "cards": c}
                         for side, m, t, c in zip(SIDES, self.meld, self.tricks, self.cards)},
            "notes": list(self.notes),
        }

    def __repr__(self) -> str:
        return (f"HandScore(result={self.result!r}, bidder={self.bidder!r}, bid={self.hand.bid},"
                f" points={self.points})")


def _check(hand: HandInput, rules: RuleSet) -> tuple[int, int] | None:
    """Validate a hand; the trick points of both sides (one inferred), or None if not given."""
    k = rules.scale
    if hand.bidder not in (0, 1):
        raise ScoreError(f"unknown side {hand.bidder!r}: use us or them")
    problem = rules.bid_problem(hand.bid)
    if problem:
        raise ScoreError(f"bid {problem}")
    for side, meld in zip(SIDES, hand.meld):
        if meld < 0:
            raise ScoreError(f"meld {meld} for {side} is negative")
        if meld % k:
            raise ScoreError(f"meld {meld} for {side} is not a multiple of {k}: under scale"
                             f" {k} every meld value is a multiple of {k}")
    total = rules.trick_points
    us, them = hand.tricks
    for side, t in zip(SIDES, hand.tricks):
        if t is not None and not 0 <= t <= total:
            raise ScoreError(f"trick points {t} for {side} are out of range: a hand has"
                             f" {total} trick points in all")
        if t is not None and t % k:
            raise ScoreError(f"trick points {t} for {side} are not a multiple of {k} (scale {k})")
    if us is None:
        if them is None:
            return None
        us = total - them
    elif them is None:
        them = total - us
    if us + them != total:
        raise ScoreError(f"trick points {us} + {them} = {us + them}: the two sides' trick points"
                         f" add up to {total}")
    return us, them


def played_points(bid, meld_x, meld_y, tricks_x, tricks_y, rules: RuleSet):
    """Whether a hand played out is made, and the points of the bidding side (``x``) and the
    other (``y``) from their meld and trick points (scaled), the bidding side's meld not under
    the minimum (else the bid is lost unplayed): on whole numbers, or on arrays of hands
    alike. The arithmetic of ``score_hand``'s made and set hands, written once: made where
    the bidding side takes the minimum in tricks and its meld and tricks reach the bid (its
    points are then both, else the bid lost); the other side scores its meld (if not under
    the minimum) and trick points, unless it took fewer than the minimum in tricks."""
    under = rules.under_minimum
    made = (under(tricks_x) ^ True) & (meld_x + tricks_x >= bid)
    other = (under(tricks_y) ^ True) * ((under(meld_y) ^ True) * meld_y + tricks_y)
    return made, made * (meld_x + tricks_x + bid) - bid, other


def score_hand(hand: HandInput, rules: RulesLike = STANDARD) -> HandScore:
    """Score one hand under a rule set (see the module doc for every branch)."""
    if not isinstance(hand, HandInput):
        raise TypeError(f"score_hand takes a HandInput (HandInput.of builds one from words),"
                        f" not {described(hand)}")
    rules = as_rules(rules)
    tricks = _check(hand, rules)
    x, y = hand.bidder, 1 - hand.bidder
    bidder, other = SIDES[x], SIDES[y]
    minimum = rules.min_meld_points  # for the notes: ``rules.under_minimum`` decides
    under = rules.under_minimum
    notes: list[str] = []
    meld = list(hand.meld)

    def counted(side: int) -> int:
        if under(meld[side]):
            if meld[side]:
                notes.append(f"{SIDES[side]}: meld {meld[side]} is under {minimum}: not scored")
            return 0
        return meld[side]

    result: Result
    if hand.result == "no-marriage":
        if not rules.needs_marriage(exchanged=True):
            raise ScoreError(f"the {rules.name} rules let a bidder name trump without a marriage:"
                             " 'no-marriage' cannot happen")
        result = "no-marriage"
    elif hand.result == "thrown-in":
        result = "thrown-in"
    elif under(meld[x]):
        result = "under-min-meld"
        notes.append(f"{bidder} meld {meld[x]} is under {minimum}: the bid is lost without play")
    else:  # played: made or set, by the figures
        result = "made"

    points = [0, 0]
    credited = [0, 0]
    taken = [0, 0]
    bonus = [0, 0]
    if result in ("made", "set"):
        if tricks is None:
            raise ScoreError("a played hand needs the trick points (of one side at least)")
        for side in (x, y):
            if under(tricks[side]):
                notes.append(f"{SIDES[side]} took {tricks[side]} in tricks, under {minimum}:"
                             " nothing scores for the hand")
        made, points[x], points[y] = played_points(hand.bid, meld[x], meld[y], tricks[x],
                                                   tricks[y], rules)
        result = "made" if made else "set"
        if not under(tricks[x]):
            sign = ">=" if made else "<"
            notes.insert(0, f"{bidder} meld {meld[x]} + tricks {tricks[x]} ="
                         f" {meld[x] + tricks[x]} {sign} bid {hand.bid}")
        if made:
            credited[x], taken[x] = meld[x], tricks[x]
        if not under(tricks[y]):
            credited[y], taken[y] = counted(y), tricks[y]
        return HandScore(hand, result, (points[0], points[1]), (credited[0], credited[1]),
                         (taken[0], taken[1]), (0, 0), tricks, tuple(notes))

    # A concession: the bid is subtracted; what the other side scores depends on the rules.
    points[x] = -hand.bid
    rule: Concession = rules.concession
    if rule == "standard":
        rule = "nothing" if result == "no-marriage" else "meld"
        if result == "no-marriage":
            notes.append("no marriage: the hand is not played and nobody scores meld")
    elif rule == "play" and result == "no-marriage":
        rule = "nothing"
        notes.append("no marriage: trump cannot be named, so the cards are not played")
    if rule == "play":
        if tricks is None:
            raise ScoreError("under concession = play the cards are played: give the trick"
                             " points")
        notes.append(f"concession = play: the cards are played; the other side ({other})"
                     " scores as usual")
        if under(tricks[y]):
            notes.append(f"{other} took {tricks[y]} in tricks, under {minimum}: nothing scores"
                         " for the hand")
        else:
            credited[y], taken[y] = counted(y), tricks[y]
            points[y] = credited[y] + tricks[y]
    else:
        tricks = None
        if rule != "nothing":
            credited[y] = counted(y)
            if rule in ("25-and-meld", "50-and-meld"):
                bonus[y] = int(rule[:2]) * rules.scale
            points[y] = credited[y] + bonus[y]
        notes.append(f"concession = {rules.concession}: the other side ({other}) scores "
                     + {"nothing": "nothing", "meld": "their meld",
                        "25-and-meld": f"{bonus[y]} for the cards and their meld",
                        "50-and-meld": f"{bonus[y]} for the cards and their meld"}[rule])
    return HandScore(hand, result, (points[0], points[1]), (credited[0], credited[1]),
                     (taken[0], taken[1]), (bonus[0], bonus[1]), tricks, tuple(notes))


# A game ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameHand:
    """One scored hand of a game: its number, the sheet line it came from, and the totals."""

    number: int
    line: int
    score: HandScore
    totals: tuple[int, int]
    winner: str | None = None  # set on the hand that ends the game

    def to_dict(self) -> dict:
        return {"hand": self.number, "line": self.line, **self.score.to_dict(),
                "totals": dict(zip(SIDES, self.totals)), "winner": self.winner}


@dataclass(frozen=True)
class BadHand:
    """A row of a game sheet that could not be scored, in its place: why (naming the line)."""

    number: int
    line: int
    error: str

    def to_dict(self) -> dict:
        return {"hand": self.number, "line": self.line, "error": self.error}

    def __repr__(self) -> str:
        return f"BadHand(number={self.number}, line={self.line}, error={shorten(self.error)!r})"


@dataclass(frozen=True)
class Game:
    """A game sheet scored: every hand with running totals, and the winner if the game ended.

    A row that could not be scored stands in ``hands`` as a ``BadHand`` (also in ``failed``);
    the totals leave it out."""

    hands: tuple[GameHand | BadHand, ...]
    totals: tuple[int, int]
    target: int
    winner: str | None = None
    won_on: int | None = None
    rules: str = "standard"
    start: tuple[int, int] = field(default=(0, 0))

    @property
    def failed(self) -> tuple[BadHand, ...]:
        return tuple(h for h in self.hands if isinstance(h, BadHand))

    def to_dict(self) -> dict:
        return {"rules": self.rules, "target": self.target,
                "start": dict(zip(SIDES, self.start)),
                "hands": [h.to_dict() for h in self.hands],
                "totals": dict(zip(SIDES, self.totals)), "winner": self.winner,
                "won_on": self.won_on, "failed": len(self.failed)}

    def __repr__(self) -> str:
        return (f"Game(rules={self.rules!r}, hands={len(self.hands)}, failed={len(self.failed)},"
                f" totals={self.totals}, winner={self.winner!r}, won_on={self.won_on})")


def game_winner(totals: tuple[int, int], bidder: int, target: int) -> str | None:
    """The side that has won after a hand: the first to reach the target; if both reach it on
    the same hand, the bidding side."""
    reached = [t >= target for t in totals]
    if all(reached):
        return SIDES[bidder]
    if any(reached):
        return SIDES[reached.index(True)]
    return None


def game_score(score: object, rules: RulesLike = STANDARD) -> tuple[int, int]:
    """The game's score before a hand, ``(us, them)``, checked: two whole numbers (negative
    after a set), each at most ``MAX_FIGURE`` either way and under the rule set's target (a
    side at or past it has won). Text reads as ``US:THEM`` (``480:300``, ``-50:120``)."""
    if isinstance(score, str):
        m = re.fullmatch(r"\s*([+-]?[0-9]{1,18})\s*[:/]\s*([+-]?[0-9]{1,18})\s*", score)
        if m is None:
            raise ScoreError(f"the score {quoted(score)}: give it as US:THEM, our side's score"
                             " then the other side's, e.g. 480:300")
        score = (int(m.group(1)), int(m.group(2)))
    if isinstance(score, (str, bytes)) or not isinstance(score, tuple) or len(score) != 2:
        raise TypeError(f"a score is (us, them), two whole numbers, not {described(score)}")
    for side, points in zip(SIDES, score):
        if isinstance(points, bool) or not isinstance(points, int):
            raise TypeError(f"a score is (us, them), two whole numbers, not {described(score)}")
        _in_range(points, f"the score of {side}", "score")
    target = as_rules(rules).target_points
    if max(score) >= target:
        raise ScoreError(f"the game is already over: a score of {max(score)} has reached the"
                         f" target {target}")
    return score[0], score[1]


def score_game(hands: Iterable[tuple[int, HandInput | UserError]], rules: RulesLike = STANDARD,
               start: tuple[int, int] = (0, 0), source: str = "sheet") -> Game:
    """Score a game hand by hand from ``(line, hand)`` pairs: running totals and the winner.

    A row that cannot be scored (given as a ``UserError``, as ``read_sheet`` yields an unread
    row, or failing here; a hand after the one that ended the game, too) becomes a ``BadHand``
    in its place, its message naming ``source`` and the line; the other rows are scored all
    the same, the totals leaving the bad ones out. A start at or past the target is an error.
    """
    rules = as_rules(rules)
    target = rules.target_points
    totals = start = game_score(start, rules)
    scored: list[GameHand | BadHand] = []
    winner, won_on = None, None
    for number, (line, hand) in enumerate(hands, 1):
        where = f"{source} line {line}: " if source else ""
        try:
            if isinstance(hand, UserError):
                raise hand
            if winner is not None:
                raise ScoreError(f"hand {number} comes after the end of the game ({winner} won"
                                 f" on hand {won_on})")
            result = score_hand(hand, rules)
        except UserError as e:
            text = str(e)
            scored.append(BadHand(number, line, text if text.startswith(where) else where + text))
            continue
        totals = (totals[0] + result.points[0], totals[1] + result.points[1])
        winner = game_winner(totals, hand.bidder, target)
        if winner is not None:
            won_on = number
        scored.append(GameHand(number, line, result, totals, winner))
    return Game(tuple(scored), totals, target, winner, won_on, rules.name, start)


# The sheet ------------------------------------------------------------------------------------

SHEET_COLUMNS = ("bidder", "bid", "meld_us", "meld_them", "tricks_us", "tricks_them", "result",
                 "note")
REQUIRED_COLUMNS = ("bidder", "bid", "meld_us", "meld_them")


@overload
def _number(value: object, column: str, where: str, required: Literal[True]) -> int: ...
@overload
def _number(value: object, column: str, where: str, required: bool) -> int | None: ...
def _number(value: object, column: str, where: str, required: bool) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ScoreError(f"{where}: {column} is missing")
        return None
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise ScoreError(f"{where}: {column} must be a whole number, not {value!r}")
    if isinstance(value, (int, float)):
        return _in_range(int(value), column, where)
    if not isinstance(value, str):
        raise ScoreError(f"{where}: {column} must be a whole number, not {_kind(value)}")
    text = value.strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,18}", text):
        raise ScoreError(f"{where}: {column} must be a whole number, not {quoted(text)}")
    return _in_range(int(text), column, where)


def _in_range(n: int, column: str, where: str) -> int:
    if abs(n) > MAX_FIGURE:
        raise ScoreError(f"{where}: {column} {n:,} is out of range (at most {MAX_FIGURE:,}"
                         " either way)")
    return n


def _kind(value: object) -> str:
    return {list: "a list", dict: "an object", type(None): "null"}.get(type(value), "that")


def _text(value: object, column: str, where: str) -> str:
    if value is None:
        return ""
    if isinstance(value, (dict, list, bool)):
        raise ScoreError(f"{where}: {column} must be text, not {_kind(value)}")
    return str(value)


def hand_from_record(record: dict, where: str) -> HandInput:
    """A hand from one sheet row (CSV columns or JSON keys ``SHEET_COLUMNS``)."""
    _known_columns(record, where)
    try:
        return HandInput.of(
            _text(record.get("bidder"), "bidder", where),
            _number(record.get("bid"), "bid", where, True),
            _number(record.get("meld_us"), "meld_us", where, True),
            _number(record.get("meld_them"), "meld_them", where, True),
            _number(record.get("tricks_us"), "tricks_us", where, False),
            _number(record.get("tricks_them"), "tricks_them", where, False),
            _text(record.get("result"), "result", where) or None,
            _text(record.get("note"), "note", where),
        )
    except ScoreError as e:
        text = str(e)
        raise ScoreError(text if text.startswith(where) else f"{where}: {text}") from None


def read_sheet(lines: Iterable[str | UserError],
               name: str = "sheet") -> Iterator[tuple[int, HandInput | ScoreError]]:
    """The hands of a game sheet, with their line numbers: CSV with a header row (columns
    ``SHEET_COLUMNS``; ``tricks_*``, ``result`` and ``note`` optional), or JSON lines with the
    same keys. Blank lines and lines starting with ``#`` are skipped.

    A row that cannot be read is yielded in its place as a ``ScoreError`` naming the line (a
    line may also come in as a ``UserError``, as ``lines.read_lines`` gives an unreadable one),
    so that every other row is still scored; a sheet with no hands, or whose header cannot be
    read, raises ``ScoreError``.
    """
    import csv

    header: list[str] | None = None
    json_lines: bool | None = None  # decided by the first row that can be read
    unread: list[tuple[int, ScoreError]] = []  # unreadable lines before that row
    for n, raw in enumerate(lines, 1):
        where = f"{name} line {n}"
        if isinstance(raw, UserError):
            error = ScoreError(f"{where}: {raw}")
            if json_lines is None:
                unread.append((n, error))
            else:
                yield n, error
            continue
        text = raw.rstrip("\r\n")
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            if json_lines is None:
                json_lines = text.lstrip().startswith("{")
                if not json_lines:
                    if unread:  # the first line that is not blank is the header
                        raise ScoreError(f"{unread[0][1]} (the header line)")
                    header = _header(text, where)
                    continue
                yield from unread
            if json_lines:
                record = _json_record(text, where)
            else:
                try:
                    row = next(csv.reader([text]))
                except csv.Error as e:
                    raise ScoreError(f"{where}: not a CSV row: {_csv_problem(e)}") from None
                if header is None:  # the first line that is not blank was the header
                    raise ScoreError(f"{where}: the sheet has no header")
                if len(row) > len(header):
                    raise ScoreError(f"{where}: {len(row)} fields but the header has"
                                     f" {len(header)}")
                record = dict(zip(header, row))
            yield n, hand_from_record(record, where)
        except ScoreError as e:
            if header is None and not json_lines:
                raise  # the header: no row can be read without it
            yield n, e
    if json_lines is None:
        if unread:
            raise unread[0][1]
        raise ScoreError(f"{name}: no hands in the sheet")


def _header(text: str, where: str) -> list[str]:
    """The column names of a CSV sheet's header line (the required ones checked)."""
    import csv

    try:
        header = [h.strip().lower() for h in next(csv.reader([text]))]
    except csv.Error as e:
        raise ScoreError(f"{where}: the header is not a CSV row: {_csv_problem(e)}") from None
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise ScoreError(f"{where}: the header needs the columns {', '.join(REQUIRED_COLUMNS)}"
                         f" (missing {', '.join(missing)})")
    _known_columns(header, where)
    return header


def _known_columns(keys: Iterable[object], where: str) -> None:
    unknown = [str(key) for key in keys if key not in SHEET_COLUMNS]
    if unknown:
        raise ScoreError(f"{where}: unknown column {quoted(unknown[0])}"
                         f"{_hint(unknown[0], SHEET_COLUMNS)}; the columns are"
                         f" {', '.join(SHEET_COLUMNS)}")


def _json_record(text: str, where: str) -> dict:
    import json

    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise ScoreError(f"{where}: not a JSON object: {e.msg} at column {e.colno}") from None
    except RecursionError:
        raise ScoreError(f"{where}: not a JSON object: nested too deeply") from None
    except ValueError:  # a number of more digits than Python converts (4,300)
        raise ScoreError(f"{where}: a number with too many digits: a figure is at most"
                         f" {MAX_FIGURE:,}") from None
    if not isinstance(record, dict):
        raise ScoreError(f"{where}: expected a JSON object with the keys"
                         f" {', '.join(REQUIRED_COLUMNS)}")
    return record


def _csv_problem(error: Exception) -> str:
    import csv

    text = str(error)
    if "field larger than field limit" in text:
        return f"a field longer than {csv.field_size_limit():,} characters"
    return text
