"""Scoring many hands at once: one hand per line in, one result per line out, in order.

Input is read as bytes, about a megabyte at a time (``read_chunks``), or taken as lines of text
(``text_chunks``); either way a chunk is one buffer with each line's start and end in it, and a
line's number comes from its place, never from what it holds. The common line, card tokens such
as ``AS 10S KS`` and nothing else, is read with array operations over the bytes; its meld per
trump is a sum of table look-ups (``vector``), and the best trump is chosen on the arrays. Any
other line (ids, JSON, suit groups, symbols, comments, a mistake) is read by the full parser,
in its place. A line that cannot be scored becomes a ``Failed`` result without stopping the
batch. Memory stays bounded however long the input or a line is.

Line formats: a hand; ``id<TAB>hand``; or a JSON object ``{"id": ..., "hand": "..."}``.
Blank lines and lines starting with ``#`` are skipped (their numbers still count). Lines end at
LF, CR LF or CR. A line that is not UTF-8 or longer than ``MAX_LINE`` bytes is an error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import partial
from itertools import accumulate, chain, islice, product
from typing import TYPE_CHECKING, NamedTuple, NoReturn, cast

from ..cards import CARD_TOKENS, COPIES, HAND_SIZE, KINDS, SUITS, SuitLike, as_suit
from ..errors import UserError, described, shorten
from ..hand import Hand, canonical, size_warnings
from ..lines import MAX_LINE, Readable, decode, read_blocks
from ..notation import parse_counts
from ..rules import STANDARD, RulesLike, as_rules
from .engine import TrumpMeld, meld, meld_record, shape, shape_code, tables

if TYPE_CHECKING:  # numpy is imported where the arrays are made: one hand starts faster
    import numpy as np

MAX_DEPTH = 64  # how deeply a JSON line may nest
BLOCK = 1 << 20  # bytes read at a time
CHUNK = 16_384  # lines of text taken at a time


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

    @property
    def hand(self) -> str | None:
        """The hand in canonical text (None without counts)."""
        return None if self.counts is None else canonical(self.counts)

    @property
    def cards(self) -> Hand:
        """The hand (a ``ValueError`` for a result scored without its counts)."""
        if self.counts is None:
            raise ValueError("scored with with_counts=False: the hand was not kept")
        return Hand(self.counts)

    def to_dict(self, trump: SuitLike | None = None) -> dict[str, object]:
        """The line's record, as ``meld``'s JSON writes it (``trump``: that trump alone)."""
        suit = None if trump is None else as_suit(trump)
        return {"line": self.line, "id": self.id,
                **meld_record(self.hand or "", self.size, self.warnings, self.trumps,
                              self.best, suit)}

    def __repr__(self) -> str:
        return (f"Scored(line={self.line}, id={shorten(repr(self.id), 30)}, hand={self.hand!r},"
                f" best={SUITS[self.best]!r}, points={self.trumps[self.best].points})")


class Failed(NamedTuple):
    """A line that could not be scored, and why (``pointer``: the line marked under the token)."""

    line: int
    input: str
    error: str
    pointer: str = ""

    def to_dict(self) -> dict[str, object]:
        """The line's record, as ``meld``'s JSON writes it."""
        return {"line": self.line, "input": self.input, "error": self.error}

    def __repr__(self) -> str:
        return (f"Failed(line={self.line}, input={shorten(self.input, 40)!r},"
                f" error={shorten(self.error, 80)!r})")


def score_hand(
    text: str,
    rules: RulesLike = STANDARD,
    trump: SuitLike | None = None,
    strict: bool = False,
    line: int = 1,
    ident: object = None,
) -> Scored | Failed:
    """Score one hand given as text, as ``score_lines`` would score it as one line."""
    rules = as_rules(rules)
    trump = None if trump is None else as_suit(trump)
    if not isinstance(text, str):
        raise TypeError(f"score_hand takes a hand as text, not {described(text)}")
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


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text} is out of range")
    return value


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON value")


_JSON = json.JSONDecoder(parse_float=_finite, parse_constant=_no_constant)


def split_line(text: str) -> tuple[object, str]:
    """The id (or None) and the hand text of one input line."""
    if text.startswith("{"):
        if text.count("[") + text.count("{") > MAX_DEPTH and _depth(text) > MAX_DEPTH:
            raise UserError(f"not a JSON object: nested more than {MAX_DEPTH} levels deep"
                            " (the limit)")
        try:
            record = _JSON.decode(text)
        except json.JSONDecodeError as e:
            raise UserError(f"not a JSON object: {e.msg} at column {e.colno}") from None
        except ValueError as e:  # a number that cannot be read or written back
            raise UserError(f"not a JSON object: {e}") from None
        if not isinstance(record, dict) or not isinstance(record.get("hand"), str):
            raise UserError('a JSON line needs a "hand" string, as in {"id": 1, "hand": "AS ..."}')
        return record.get("id"), record["hand"]
    if "\t" in text:
        ident, _, hand = text.partition("\t")
        return ident, hand
    return None, text


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth(text: str) -> int:
    """How deeply the brackets of a JSON text nest, outside its strings."""
    steps = (_DEPTH_STEP.get(ch, 0) for ch in _STRING.sub("", text))
    return max(accumulate(steps, initial=0))


# Reading lines ------------------------------------------------------------------------------


class Lines(NamedTuple):
    """A chunk of input: the bytes, and where each line starts and ends in them. The bytes
    start with ``PAD`` and end with a line end; every byte outside the lines is a line end (or
    reads as a space)."""

    data: bytes
    starts: np.ndarray  # int64
    ends: np.ndarray
    first: int  # the number of the first line
    lengths: dict[int, int]  # line index -> full length, for a line kept only in part

    def __repr__(self) -> str:
        return f"Lines(lines={len(self.starts)}, first={self.first}, bytes={len(self.data)})"


PAD = b"   "


def read_chunks(stream: Readable, block: int = BLOCK) -> Iterator[Lines]:
    """The lines of a binary stream, a block at a time, as ``Lines`` (``lines.read_blocks``:
    LF, CR LF or CR; a byte order mark dropped; of a line longer than ``MAX_LINE`` only the
    first ``MAX_LINE + 1`` bytes are kept, so memory stays bounded)."""
    for lines in read_blocks(stream, MAX_LINE, block):
        yield _lines(PAD + lines.data, lines.first, lines.long)


def _lines(done: bytes, first: int, lengths: dict[int, int]) -> Lines:
    """The lines of bytes that start with ``PAD`` and end with a line end."""
    import numpy as np

    d = np.frombuffer(done, dtype=np.uint8)
    if b"\r" in done:
        ends = np.flatnonzero((d == 10) | (d == 13))
        lf_after_cr = (d[ends] == 10) & (d[ends - 1] == 13)  # CR LF is one line end
        ends = ends[~lf_after_cr]
        after = ends + 1 + ((d[ends] == 13) & (d[np.minimum(ends + 1, len(d) - 1)] == 10))
    else:
        ends = np.flatnonzero(d == 10)
        after = ends + 1
    starts = np.concatenate(([len(PAD)], after[:-1]))
    return Lines(done, starts, ends, first, lengths)


def text_chunks(lines: Iterable[str], size: int = CHUNK) -> Iterator[Lines]:
    """Lines of text, ``size`` at a time, as ``Lines``: each item is one line, whatever it
    holds (a line end inside it reads as a space); a byte order mark that starts the first
    line is dropped, as it is from bytes."""
    import numpy as np

    items = iter(lines)
    first = next(items, None)
    if first is not None:
        items = chain([first.removeprefix("\ufeff") if isinstance(first, str) else first], items)
    number = 1
    while block := list(islice(items, size)):
        joined = "\n".join(block)
        try:
            data = joined.encode()
        except UnicodeEncodeError:  # lone surrogates: bytes that will not read as UTF-8
            data = b""
        if len(data) == len(joined):
            lengths = np.fromiter(map(len, block), dtype=np.int64, count=len(block))
        else:
            encoded = [_encode(text) for text in block]
            data = b"\n".join(encoded)
            lengths = np.fromiter(map(len, encoded), dtype=np.int64, count=len(block))
        ends = len(PAD) + np.cumsum(lengths + 1) - 1
        yield Lines(PAD + data + b"\n", ends - lengths, ends, number, {})
        number += len(block)


def _encode(text: str) -> bytes:
    """Text as UTF-8; a lone surrogate as the byte it escapes (``surrogateescape``), or as
    the bytes that do not read back as UTF-8."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


# Reading card tokens as arrays ---------------------------------------------------------------

_TABLES: list = []
_SPACES = b" ,\n\r\x0b\x0c\x1c\x1d\x1e\x1f"  # what parse_counts reads as a space
_PLAIN = _SPACES + b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _card_tables() -> list[np.ndarray]:
    """The card a token ending at a byte is, by that byte and the two before it (``b0 | b1 <<
    8 | b2 << 16``): for an ASCII card token of two bytes after a space, the card's index; of
    three bytes, the index + 32; else ``KINDS``. And which bytes are not a letter, a digit or
    a space."""
    import numpy as np

    if not _TABLES:
        card = np.full(1 << 24, KINDS, dtype=np.int8)
        for token, index in CARD_TOKENS.items():
            if token.isascii() and token.isalnum():
                for spelling in product(*({c.lower(), c.upper()} for c in token)):
                    b = "".join(spelling).encode()
                    if len(b) == 3:
                        card[b[0] | b[1] << 8 | b[2] << 16] = index + 32
                    else:
                        card[[space | b[0] << 8 | b[1] << 16 for space in _SPACES]] = index
        other = np.ones(256, dtype=bool)
        other[list(_PLAIN)] = False
        _TABLES.extend((card, other))
    return _TABLES


def count_cards(lines: Lines) -> tuple[np.ndarray, np.ndarray]:
    """The card counts of the lines that hold only ASCII card tokens, by card: ``(20, n)``
    int8; and which lines those are (each at least one token, no fifth copy, not over-long).
    Every other line is for the full parser (and its counts here mean nothing).

    Each token is read at its last byte, from the four bytes ending there (``PAD`` keeps them
    inside the data): the last three name the card, the first must not be part of the token.
    """
    import numpy as np

    table, other = _card_tables()
    starts, ends = lines.starts, lines.ends
    n = len(starts)
    d = np.frombuffer(lines.data, dtype=np.uint8)
    inside = (d > 32) & (d != 44)  # a token's byte (or one that sends its line to the parser)
    last = np.flatnonzero(inside[:-1] & ~inside[1:])
    words = np.ndarray((len(d) - 3,), dtype="<u4", buffer=lines.data, strides=(1,))
    window = np.take(words, last - 3)  # the token's last byte and the three before it
    card = np.take(table, window >> 8)
    before = (window & 0xFF).astype(np.uint8)
    card[(card >= 32) & (before > 32) & (before != 44)] = KINDS  # longer, ending like 10S
    card &= 31
    tokens = np.diff(np.searchsorted(last, ends), prepend=0)
    row = np.repeat(np.arange(0, n * (KINDS + 1), KINDS + 1), tokens)
    counts = np.bincount(row + card, minlength=n * (KINDS + 1)).reshape(n, KINDS + 1)
    plain = ((counts[:, KINDS] == 0) & (tokens > 0) & (ends - starts <= MAX_LINE)
             & (counts[:, :KINDS].max(axis=1, initial=0) <= COPIES))
    if lines.data.translate(None, _PLAIN):  # a byte that is not a letter, digit or space
        at = np.flatnonzero(other[d])
        plain[np.searchsorted(starts, at, side="right") - 1] = False
    return counts[:, :KINDS].T.astype(np.int8), plain


# Scoring chunks ------------------------------------------------------------------------------


def _read_line(raw: bytes, number: int, length: int) -> tuple[str, object, str] | Failed | None:
    """A line the array reader left to Python: its text, id and hand; a failure; or None for a
    blank line or a comment."""
    text = decode(raw, length)
    if not isinstance(text, str):  # too long, or not UTF-8: the error, with what can be read
        shown = raw[:256].decode(errors="replace").strip()
        if not shown or shown[0] == "#":
            return None
        return Failed(number, shown[:64] + "…" if length > MAX_LINE else shown, str(text))
    text = text.strip()
    if not text or text[0] == "#":
        return None
    try:
        ident, hand = split_line(text)
    except UserError as e:
        return Failed(number, text, str(e))
    return text, ident, hand


_make_scored = partial(tuple.__new__, Scored)  # a Scored from a tuple, without a Python call


class Chunk:
    """The results of a chunk of lines, in input order: arrays for the hands (line number,
    card counts, meld per trump, best trump, shape code), and by position the results that
    failed and the ids of those that have one."""

    def __init__(self, scorer: Scorer, numbers: np.ndarray, counts: np.ndarray,
                 ids: dict[int, object],
                 failed: dict[int, Failed]):
        import numpy as np

        from .vector import best_trumps, callable_suits, shape_codes, shape_points, shapes

        rules = scorer.rules
        self.scorer, self.numbers, self.counts = scorer, numbers, counts
        self.ids, self.failed = ids, failed
        self.sizes = counts.sum(axis=1, dtype=np.int64)
        sh = shapes(counts)
        self.codes = shape_codes(sh)
        self.points = shape_points(sh, rules)
        if scorer.trump is None:
            self.best = best_trumps(counts, self.points, callable_suits(counts, rules))
        else:
            self.best = np.full(len(numbers), scorer.trump)

    def __len__(self) -> int:
        return len(self.numbers)

    def results(self, with_counts: bool = True) -> Iterator[Scored | Failed]:
        """Every result as a ``Scored`` or ``Failed``, made as it is asked for (a batch's
        results then die young, which keeps the garbage collector's work small)."""
        import numpy as np

        n = len(self.numbers)
        sizes = self.sizes.tolist()
        codes = self.codes.tolist()
        warnings = {size: size_warnings(size) for size in set(sizes)}
        ids: list[object] = [None] * n
        for k, ident in self.ids.items():
            ids[k] = ident
        cards = iter(np.ascontiguousarray(self.counts).tobytes())
        counts = map(list, zip(*[cards] * KINDS)) if with_counts else ids
        results = map(_make_scored, zip(
            self.numbers.tolist(), ids, counts, sizes, map(warnings.__getitem__, sizes), codes,
            self.scorer.trumps(codes), self.best.tolist()))
        if not self.failed:
            return results
        failed = self.failed
        return (failed.get(k, item) for k, item in enumerate(results))


class Scorer:
    """Scores chunks of lines under one rule set and options (the engine keeps each shape's
    meld per trump, for breakdowns, from one chunk to the next)."""

    def __init__(self, rules: RulesLike = STANDARD, trump: SuitLike | None = None,
                 strict: bool = False):
        self.rules = as_rules(rules)
        self.trump = None if trump is None else as_suit(trump)
        self.strict = strict
        self.engine = tables(self.rules)

    def trumps(self, codes: list[int]) -> list[tuple[TrumpMeld, ...]]:
        """The meld per trump of each shape code, with its breakdown."""
        return self.engine.solve_codes(codes)

    def score(self, lines: Lines) -> Chunk:
        """The results of a chunk of lines, blank lines and comments left out."""
        import numpy as np

        cards, plain = count_cards(lines)
        keep = plain.copy()
        data, starts, ends = lines.data, lines.starts.tolist(), lines.ends.tolist()
        texts: dict[int, str] = {}  # line index -> its text, for lines read in Python
        ids: dict[int, object] = {}
        failed: dict[int, Failed] = {}
        hands: dict[int, str] = {}
        for i in np.flatnonzero(~plain).tolist():
            raw = data[starts[i]:ends[i]]
            read = _read_line(raw, lines.first + i, lines.lengths.get(i, len(raw)))
            if read is None:
                continue
            keep[i] = True
            if isinstance(read, Failed):
                failed[i] = read
                continue
            texts[i], ident, hands[i] = read
            if ident is not None:
                ids[i] = ident
        if hands:
            self._count_hands(hands, cards, texts, failed, lines.first)
        rows = np.flatnonzero(keep)
        at = {i: k for k, i in enumerate(rows.tolist())} if ids or failed or self.strict else {}
        cards = cards[:, rows]
        cards[:, [at[i] for i in failed]] = 0
        if self.strict:
            sizes = cards.sum(axis=0, dtype=np.int64).tolist()
            for k in [k for k, size in enumerate(sizes) if size != HAND_SIZE]:
                i = int(rows[k])
                if i not in failed:
                    text = texts.get(i) or data[starts[i]:ends[i]].decode().strip()
                    failed[i] = Failed(lines.first + i, text,
                                       "; ".join(size_warnings(sizes[k])) + " (--strict)")
        return Chunk(self, lines.first + rows, cards.T, {at[i]: v for i, v in ids.items()},
                     {at[i]: v for i, v in failed.items()})

    @staticmethod
    def _count_hands(hands: dict[int, str], cards: np.ndarray, texts: dict[int, str],
                     failed: dict[int, Failed], first: int) -> None:
        """Count the cards of the hands held in lines read in Python (after an id, in JSON):
        with the arrays where they are plain card tokens, else with the full parser."""
        found, plain = count_cards(next(text_chunks(hands.values(), len(hands))))
        for k, ((i, hand), ok) in enumerate(zip(hands.items(), plain.tolist())):
            if ok:
                cards[:, i] = found[:, k]
                continue
            try:
                cards[:, i] = parse_counts(hand)
            except UserError as e:
                failed[i] = Failed(first + i, texts[i], str(e))


def score_chunks(
    source: Iterable[str] | Readable,
    rules: RulesLike = STANDARD,
    trump: SuitLike | None = None,
    strict: bool = False,
) -> Iterator[Chunk]:
    """``score_lines``, a chunk of results at a time, as arrays (``Chunk``): the form the
    output writers use. ``source`` is lines of text, or a binary file (an object whose
    ``read(n)`` gives bytes).

    numpy is imported here, not at the top: one hand from the shell starts faster without it.
    """
    scorer = Scorer(rules, trump, strict)
    if isinstance(source, (str, bytes)):
        raise TypeError("score_lines takes lines of text (a list, a file opened as text) or a"
                        " binary file, not one string: split it into lines")
    # a binary file is read in blocks; a text file (it has an encoding) is lines, as a list is
    chunks = (read_chunks(source) if isinstance(source, Readable)
              and not hasattr(source, "encoding") else text_chunks(cast(Iterable[str], source)))
    for lines in chunks:
        chunk = scorer.score(lines)
        if len(chunk):
            yield chunk


def score_lines(
    lines: Iterable[str] | Readable,
    rules: RulesLike = STANDARD,
    trump: SuitLike | None = None,
    strict: bool = False,
    with_counts: bool = True,
) -> Iterator[Scored | Failed]:
    """Score one hand per line, yielding a result for every hand line, in input order.

    ``lines`` is lines of text (each item one line) or a binary file (read as UTF-8, lines
    ending at LF, CR LF or CR). ``with_counts=False`` leaves ``Scored.counts`` empty (None).
    """
    for chunk in score_chunks(lines, rules, trump, strict):
        yield from chunk.results(with_counts)
