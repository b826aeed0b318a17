"""Scoring many hands at once: one hand per line in, one result per line out, in order.

Lines are read in chunks; the cards of a whole chunk are counted with numpy, each distinct
meld shape is solved once (``MeldTables.solve``), and a line that cannot be read becomes a
``Failed`` result in its place without stopping the batch. Memory stays constant however long
the input is.

Line formats: a hand; ``id<TAB>hand``; or a JSON object ``{"id": ..., "hand": "..."}``.
Blank lines and lines starting with ``#`` are skipped (their numbers still count).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import NamedTuple

from .cards import COPIES, HAND_SIZE, KINDS
from .errors import UserError
from .hand import Hand, size_warnings
from .meld import TrumpMeld, contenders, meld, shape, tables
from .notation import CARD_TOKENS, parse_counts
from .rules import STANDARD, RuleSet

CHUNK = 4096


class Scored(NamedTuple):
    """A hand read and scored: ``best`` is the suit it should name (or the one asked for)."""

    line: int
    id: object
    counts: list[int] | None  # None when scored with with_counts=False
    size: int
    warnings: list[str]
    code: int  # the meld shape, as one integer (see ``shape_code``)
    trumps: tuple[TrumpMeld, ...]
    best: int


class Failed(NamedTuple):
    """A line that could not be scored, and why (``pointer``: the line marked under the token)."""

    line: int
    input: str
    error: str
    pointer: str = ""


def shape_code(shape: tuple[int, ...]) -> int:
    """A meld shape packed into one integer (base 5)."""
    return sum(n * 5**i for i, n in enumerate(shape))


def shape_from_code(code: int) -> tuple[int, ...]:
    return tuple((code // 5**i) % 5 for i in range(13))


def shape_codes(counts):
    """The meld shape code of every row of an (n, 20) array of card counts."""
    import numpy as np

    from .vecmeld import shapes

    return shapes(counts).astype(np.int64) @ (5 ** np.arange(13, dtype=np.int64))


def score_hand(
    text: str,
    rules: RuleSet = STANDARD,
    trump: int | None = None,
    strict: bool = False,
    line: int = 1,
    ident: object = None,
) -> Scored | Failed:
    """Score one hand given as text, as ``score_lines`` would score it as one line."""
    try:
        counts = parse_counts(text)
    except UserError as e:
        return Failed(line, text, str(e), e.pointer() if hasattr(e, "pointer") else "")
    size = sum(counts)
    warnings = size_warnings(size)
    if strict and warnings:
        return Failed(line, text, "; ".join(warnings) + " (--strict)")
    result = meld(Hand(counts), rules)
    best = result.best.trump if trump is None else trump
    return Scored(line, ident, counts, size, warnings, shape_code(shape(counts)),
                  result.trumps, best)


def split_line(text: str) -> tuple[object, str]:
    """The id (or None) and the hand text of one input line."""
    if text.startswith("{"):
        try:
            record = json.loads(text)
        except json.JSONDecodeError as e:
            raise UserError(f"not a JSON object: {e.msg} at column {e.colno}") from None
        if not isinstance(record, dict) or not isinstance(record.get("hand"), str):
            raise UserError('a JSON line needs a "hand" string, as in {"id": 1, "hand": "AS ..."}')
        return record.get("id"), record["hand"]
    if "\t" in text:
        ident, _, hand = text.partition("\t")
        return ident, hand
    return None, text


def numbered(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Input lines with their 1-based numbers, less blank lines and ``#`` comments."""
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if text and text[0] != "#":
            yield number, text


class _Solved:
    """Each distinct shape of a batch solved once, with arrays for choosing the best trump."""

    def __init__(self, rules: RuleSet):
        import numpy as np

        self.np = np
        self.engine = tables(rules)
        self.index: dict[int, int] = {}
        self.trumps: list[tuple[TrumpMeld, ...]] = []
        self.ranking = np.zeros((0, 4), dtype=np.int64)

    def rows(self, codes: list[int]) -> list[int]:
        """The row of each shape code, solving the shapes not seen before."""
        index = self.index
        new = [c for c in set(codes) if c not in index]
        if new:
            ranks = []
            for code in new:
                index[code] = len(self.trumps)
                trumps = self.engine.solve(shape_from_code(code))
                self.trumps.append(trumps)
                tied = contenders(trumps)
                ranks.append([1 if s in tied else 0 for s in range(4)])
            self.ranking = self.np.concatenate([self.ranking, self.np.array(ranks)])
        return [index[c] for c in codes]

    def best(self, rows: list[int], counts):
        """The best trump of each hand: among the tied contenders (``contenders``), the
        longer suit, then S, H, D, C (the rule of ``meld.best_trump``, on whole arrays)."""
        np = self.np
        lengths = counts.reshape(-1, 4, 5).sum(axis=2)
        key = self.ranking[rows] * 1024 + lengths * 4 + np.array([3, 2, 1, 0])
        return key.argmax(axis=1).tolist()


class _TokenCodes(dict):
    """Card token to card index; the line separator to ``KINDS``; anything else to -1."""

    def __missing__(self, token):
        return -1


_SEPARATOR = "\x00"
_CODES = _TokenCodes(CARD_TOKENS, **{_SEPARATOR: KINDS})


def _count_cards(hands: list[str]):
    """The (n, 20) card counts of hands written as plain card tokens, read all at once, and
    the rows the full parser must read (another notation, an unknown token, or no card)."""
    import numpy as np

    joined = f" {_SEPARATOR} ".join(hands).lower().replace(",", " ")
    if joined.count(_SEPARATOR) != len(hands) - 1:
        return np.zeros((len(hands), KINDS), dtype=np.int64), list(range(len(hands)))
    codes = np.fromiter(map(_CODES.__getitem__, joined.split()), dtype=np.int8)
    row = np.cumsum(codes == KINDS)
    cards = (codes >= 0) & (codes < KINDS)
    counts = np.bincount(row[cards] * KINDS + codes[cards], minlength=len(hands) * KINDS)
    counts = counts.reshape(-1, KINDS)
    unread = set(row[codes < 0].tolist()) | set(np.flatnonzero(counts.sum(axis=1) == 0).tolist())
    return counts, sorted(unread)


def score_lines(
    lines: Iterable[str],
    rules: RuleSet = STANDARD,
    trump: int | None = None,
    strict: bool = False,
    with_counts: bool = True,
) -> Iterator[Scored | Failed]:
    """Score one hand per line, yielding a result for every hand line, in input order.

    ``with_counts=False`` leaves ``Scored.counts`` empty (None), for output that does not
    print the hand: it saves converting every hand's counts to Python. numpy is imported
    here, not at the top: one hand from the shell starts faster without it.
    """
    solved = _Solved(rules)
    items = numbered(lines)
    while chunk := list(islice(items, CHUNK)):
        ids: list[object] = []
        rows: list[int] = []  # the chunk positions of the lines that hold a hand
        hands: list[str] = []
        results: list[Scored | Failed | None] = [None] * len(chunk)
        for position, (number, text) in enumerate(chunk):
            ident, hand = None, text
            if text[0] == "{" or "\t" in text:
                try:
                    ident, hand = split_line(text)
                except UserError as e:
                    results[position] = Failed(number, text, str(e))
                    continue
            ids.append(ident)
            rows.append(position)
            hands.append(hand)
        counts, unread = _count_cards(hands)
        for k in unread:  # suit groups, or an error to locate: the full parser
            try:
                counts[k] = parse_counts(hands[k])
            except UserError as e:
                number, text = chunk[rows[k]]
                results[rows[k]] = Failed(number, text, str(e))
                counts[k] = 0
        codes = shape_codes(counts).tolist()
        sizes = counts.sum(axis=1).tolist()
        too_many = (counts > COPIES).any(axis=1).tolist()
        count_rows = counts.tolist() if with_counts else [None] * len(rows)
        shape_rows = solved.rows(codes)
        bests = [trump] * len(rows) if trump is not None else solved.best(shape_rows, counts)
        all_trumps = solved.trumps
        for k, position in enumerate(rows):
            if results[position] is not None:
                continue
            number, text = chunk[position]
            if too_many[k]:
                try:  # the full parser names the fifth copy and where it stood
                    parse_counts(split_line(text)[1])
                except UserError as e:
                    results[position] = Failed(number, text, str(e))
                    continue
            warnings = size_warnings(sizes[k]) if sizes[k] != HAND_SIZE else []
            if strict and warnings:
                results[position] = Failed(number, text, "; ".join(warnings) + " (--strict)")
                continue
            results[position] = Scored(number, ids[k], count_rows[k], sizes[k], warnings,
                                       codes[k], all_trumps[shape_rows[k]], bests[k])
        yield from results  # type: ignore[misc]
