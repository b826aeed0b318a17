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
from functools import partial
from itertools import islice
from typing import NamedTuple

from ..cards import CARDS, COPIES, HAND_SIZE, KINDS
from ..errors import UserError
from ..hand import Hand, size_warnings
from ..notation import CARD_TOKENS, parse_counts
from ..rules import STANDARD, RuleSet
from .engine import TrumpMeld, contenders, meld, shape, tables

CHUNK = 4096


class Scored(NamedTuple):
    """A hand read and scored: ``best`` is the suit it should name (or the one asked for)."""

    line: int
    id: object
    counts: list[int] | None  # None when scored with with_counts=False
    size: int
    warnings: tuple[str, ...]
    code: int  # the meld shape, as one integer (see ``shape_code``)
    trumps: tuple[TrumpMeld, ...]
    best: int
    hand: str | None = None  # the canonical text, where the batch made it (with_counts)


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

    from .vector import shapes

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


def _ascii_table():
    """Card indices of the ASCII card tokens (lower case) by length and first and last byte:
    ``(length - 2) * 65536 + first * 256 + last`` for two-byte tokens (``as``, ``sa``, ``th``)
    and three-byte ones (``10s``, ``s10``); and the middle byte a three-byte token must have."""
    import numpy as np

    index = np.full(2 * 65536, -1, dtype=np.int8)
    middle = np.zeros(2 * 65536, dtype=np.uint8)
    for token, card in CARD_TOKENS.items():
        if token.isascii():
            key = (len(token) - 2) * 65536 + ord(token[0]) * 256 + ord(token[-1])
            index[key] = card
            middle[key] = ord(token[1])
    return index, middle


_TABLE: list = []


def _ascii_tokens(hands: list[str]):
    """Each token's line and card index (-1: not a plain card token), for a chunk written in
    ASCII, found with array operations on its bytes; None if the chunk is not plain ASCII."""
    import numpy as np

    try:  # lines joined by a newline standing as a token of its own
        data = np.frombuffer(" \n ".join(hands).encode("ascii"), dtype=np.uint8)
    except UnicodeEncodeError:
        return None
    if ((data < 32) & (data != 9) & (data != 10) & (data != 13)).any():
        return None  # control characters: let the full parser speak
    if not _TABLE:
        _TABLE.extend(_ascii_table())
    index, middle = _TABLE
    gap = (data == 32) | (data == 44) | (data == 9) | (data == 13)  # spaces, commas
    inside = ~gap
    starts = np.flatnonzero(inside & np.concatenate(([True], gap[:-1])))
    ends = np.flatnonzero(inside & np.concatenate((gap[1:], [True])))
    length = ends - starts + 1
    first = data[starts]
    key = (length == 3) * 65536 + (first | 0x20).astype(np.intp) * 256 + (data[ends] | 0x20)
    second = data[np.minimum(starts + 1, len(data) - 1)] | 0x20
    known = (length == 2) | ((length == 3) & (second == middle[key]))
    codes = np.where(known, index[key], -1)
    newline = first == 10  # the one-byte tokens "\n" between lines
    rows = np.cumsum(newline)
    return rows[~newline], codes[~newline]


def _any_tokens(hands: list[str]):
    """Each token's line and card index (-1: not a plain card token), one dictionary look-up
    a token; None if a line holds the separator itself."""
    import numpy as np

    joined = f" {_SEPARATOR} ".join(hands).lower().replace(",", " ")
    if joined.count(_SEPARATOR) != len(hands) - 1:
        return None
    codes = np.fromiter(map(_CODES.__getitem__, joined.split()), dtype=np.int8)
    separators = codes == KINDS
    return np.cumsum(separators)[~separators], codes[~separators]


def _count_cards(hands: list[str]):
    """The (n, 20) card counts of hands written as plain card tokens, read all at once, and
    the rows the full parser must read (another notation, an unknown token, no card, or a fifth
    copy of a card, which the parser names and locates)."""
    import numpy as np

    found = (_ascii_tokens(hands) or _any_tokens(hands)) if hands else None
    if found is None:
        return np.zeros((len(hands), KINDS), dtype=np.int64), list(range(len(hands)))
    row, codes = found
    cards = codes >= 0
    counts = np.bincount(row[cards] * KINDS + codes[cards], minlength=len(hands) * KINDS)
    counts = counts.reshape(-1, KINDS)
    unread = (set(row[~cards].tolist()) | set(np.flatnonzero(counts.sum(axis=1) == 0).tolist())
              | set(np.flatnonzero((counts > COPIES).any(axis=1)).tolist()))
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
    print the hand: it saves converting every hand's counts to Python.
    """
    for chunk in score_chunks(lines, rules, trump, strict, with_counts):
        yield from chunk


_make_scored = partial(tuple.__new__, Scored)  # a Scored from a tuple, without a Python call


def score_chunks(
    lines: Iterable[str],
    rules: RuleSet = STANDARD,
    trump: int | None = None,
    strict: bool = False,
    with_counts: bool = True,
) -> Iterator[list[Scored | Failed]]:
    """``score_lines``, a chunk of results at a time: the form the output writers use.

    numpy is imported here, not at the top: one hand from the shell starts faster without it.
    """
    solved = _Solved(rules)
    raw_lines = iter(lines)
    base = 0  # lines read before this chunk
    while block := list(islice(raw_lines, CHUNK)):
        texts = [raw.strip() for raw in block]
        kept = [i for i, text in enumerate(texts) if text and text[0] != "#"]
        chunk = [(base + i + 1, texts[i]) for i in kept]  # (line number, text)
        base += len(block)
        if not chunk:
            continue
        numbers = [number for number, _ in chunk]
        hands = [text for _, text in chunk]
        ids: list[object] = [None] * len(hands)
        failed: dict[int, Failed] = {}  # lines that hold no hand, by position in the chunk
        joined = "\n".join(hands)
        if "\t" in joined or "{" in joined:  # ids before a tab, or JSON lines
            numbers, ids, hands = [], [], []
            for position, (number, text) in enumerate(chunk):
                try:
                    ident, hand = split_line(text)
                except UserError as e:
                    failed[position] = Failed(number, text, str(e))
                    continue
                numbers.append(number)
                ids.append(ident)
                hands.append(hand)
        counts, unread = _count_cards(hands)
        broken: dict[int, Failed] = {}  # by row among the hands
        for k in unread:  # suit groups, or an error to name and locate: the full parser
            try:
                counts[k] = parse_counts(hands[k])
            except UserError as e:
                broken[k] = Failed(numbers[k], _raw(chunk, numbers[k]), str(e))
                counts[k] = 0
        codes = shape_codes(counts).tolist()
        sizes = counts.sum(axis=1).tolist()
        shape_rows = solved.rows(codes)
        bests = [trump] * len(hands) if trump is not None else solved.best(shape_rows, counts)
        warnings = [size_warnings(n) if n != HAND_SIZE else () for n in sizes]
        if strict:
            for k, w in enumerate(warnings):
                if w and k not in broken:
                    broken[k] = Failed(numbers[k], _raw(chunk, numbers[k]),
                                       "; ".join(w) + " (--strict)")
        trumps = solved.trumps
        nothing = [None] * len(hands)
        results: list[Scored | Failed] = list(map(_make_scored, zip(
            numbers, ids, counts.tolist() if with_counts else nothing, sizes, warnings, codes,
            [trumps[r] for r in shape_rows], bests,
            canonical_texts(counts) if with_counts else nothing,
        )))
        for k, failure in broken.items():
            results[k] = failure
        for position in sorted(failed):  # lines that held no hand, back in their places
            results.insert(position, failed[position])
        yield results


_PIECES: list = []


def canonical_texts(counts) -> list[str]:
    """The canonical text of every row of an (n, 20) array of card counts."""
    import numpy as np

    if not _PIECES:  # each card's text repeated 0 to 4 times, with a space after each
        _PIECES.append(np.array([[(str(c) + " ") * n for n in range(COPIES + 1)] for c in CARDS],
                                dtype=object))
    pieces = _PIECES[0][np.arange(KINDS), np.minimum(counts, COPIES)]
    return [text[:-1] for text in map("".join, pieces.tolist())]


def _raw(chunk: list[tuple[int, str]], number: int) -> str:
    """The text of the line with this number in a chunk."""
    return next(text for n, text in chunk if n == number)
