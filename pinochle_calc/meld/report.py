"""Turning scored hands into text: JSON lines and CSV, the batch's output contract.

Each writer renders one result (``__call__``, the reference: the result's ``to_dict()`` written
by ``records.dumps``, or its row by ``records.csv_row``) or a whole ``batch.Chunk`` as UTF-8
bytes (``chunk``). A chunk's scored hands are rendered from its arrays: line numbers, meld and
the hand's canonical text as bytes in a matrix, an id or a warning patched into the few rows
that have one, and each JSON record's meld breakdown (each meld written by ``records.dumps``)
built once per shape and best trump and reused. Failed lines are rendered by ``__call__`` in
their places. Both give the same bytes (the tests check it). The table for the terminal is the
CLI's (``cli.render``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARDS, HAND_SIZE, KINDS, SUITS, SuitLike, as_suit
from ..hand import size_warnings
from ..records import csv_field, csv_row, dumps
from ..stores import Store, kept
from .batch import Chunk, Failed, Scored
from .engine import Meld, TrumpMeld

if TYPE_CHECKING:  # numpy is imported where the arrays are made: one hand starts faster
    import numpy as np

CSV_HEADER = "line,id,best_trump,best_meld,S,H,D,C,warnings,error"
CACHED = 50_000  # record ends kept, by shape and best trump (about 1.5 kB each)


@kept(4096)  # melds are few, and shared by the shapes that declare them
def meld_json(m: Meld) -> str:
    """A meld's JSON (``Meld.to_dict``), written once."""
    return dumps(m.to_dict())


def trump_json(t: TrumpMeld) -> str:
    """``"H": {...}``: the meld with one trump as it stands in a record's ``trumps``
    (``TrumpMeld.to_dict``, its melds' JSON reused)."""
    melds = ", ".join(meld_json(m) for m in t.melds)
    callable_ = "true" if t.callable else "false"
    return (f'"{SUITS[t.trump]}": {{"meld": {t.points}, "callable": {callable_}, '
            f'"melds": [{melds}]}}')


class JsonLines:
    """One JSON object per hand: the project's JSON contract (``Scored.to_dict``,
    ``Failed.to_dict``)."""

    def __init__(self, trump: SuitLike | None = None):
        self.trump = None if trump is None else as_suit(trump)
        # what follows a plain record's hand, as UTF-8, by shape code * 4 + best trump
        self._encoded: Store[int, bytes] = Store("pinochle_calc.meld.report.JsonLines._encoded",
                                                 CACHED)

    def __call__(self, item: Scored | Failed) -> str:
        if item.__class__ is Failed:
            return dumps(item.to_dict())
        return dumps(item.to_dict(self.trump))  # type: ignore[call-arg]  # a Scored

    def _tail_text(self, best: int, trumps: tuple[TrumpMeld, ...]) -> str:
        shown = trumps if self.trump is None else (trumps[self.trump],)
        return (f'"best": {{"trump": "{SUITS[best]}", "meld": {trumps[best].points}}},'
                f' "trumps": {{{", ".join(map(trump_json, shown))}}}}}')

    def chunk(self, chunk: Chunk) -> list[bytes]:
        """The records of a chunk, each ending with a line end, as UTF-8, in pieces (join
        them, or write them a group at a time)."""
        import numpy as np

        scored, failed = _split(chunk)
        heads = _heads(chunk.numbers[scored], chunk.counts[scored])
        keys = (chunk.codes[scored] * 4 + chunk.best[scored]).tolist()
        tails = self._tail_bytes(chunk, keys)
        for j, ident, size in _odd(chunk, scored):
            if ident is not None:
                heads[j] = heads[j].replace(b'"id": null', b'"id": ' + dumps(ident).encode(), 1)
            if size != HAND_SIZE:
                warnings = dumps(size_warnings(size))
                tails[j] = (f'", "size": {size}, "warnings": {warnings}, '.encode()
                            + tails[j][len(_MIDDLE):])
        pieces = np.empty((len(chunk), 2), dtype=object)
        pieces[scored, 0], pieces[scored, 1] = heads, tails
        if len(failed):
            pieces[failed, 0] = [(self(chunk.failed[k]) + "\n").encode() for k in failed]
            pieces[failed, 1] = b""
        return pieces.ravel().tolist()

    def _tail_bytes(self, chunk: Chunk, keys: list[int]) -> list[bytes]:
        """What follows the hand in a 20-card hand's record (by shape code * 4 + best trump),
        with its line end."""
        def make(new: list[int]) -> list[bytes]:
            trumps = chunk.scorer.trumps([key // 4 for key in new])
            return [_MIDDLE + (self._tail_text(key % 4, t) + "\n").encode()
                    for key, t in zip(new, trumps)]

        return self._encoded.lookup(keys, make)


_MIDDLE = b'", "size": 20, "warnings": [], '


class CsvRows:
    """One CSV row per hand under ``CSV_HEADER``; a failed line fills only ``error``."""

    def __init__(self, trump: SuitLike | None = None):
        self.trump = None if trump is None else as_suit(trump)

    def __call__(self, item: Scored | Failed) -> str:
        if isinstance(item, Failed):
            return csv_row([item.line, *[None] * 8, item.error])
        totals = [t.points if self.trump in (None, t.trump) else None for t in item.trumps]
        return csv_row([item.line, item.id, SUITS[item.best], item.trumps[item.best].points,
                        *totals, "; ".join(item.warnings), None])

    def chunk(self, chunk: Chunk) -> list[bytes]:
        """The rows of a chunk, each ending with a line end, as UTF-8 (a character that
        cannot be written, a lone surrogate in an id, as ``?``), in pieces."""
        import numpy as np

        scored, failed = _split(chunk)
        points = chunk.points[scored]
        best = chunk.best[scored]
        columns = [_digits(chunk.numbers[scored]), b",,", _suit_letters(best), b",",
                   _digits(points[np.arange(len(scored)), best])]
        for t in range(4):
            columns.append(b",")
            if self.trump in (None, t):
                columns.append(_digits(points[:, t]))
        columns.append(b",,\n")
        text = _rows(columns, len(scored))
        odd = _odd(chunk, scored)
        if not odd and not len(failed):
            return [text]
        rows = text.split(b"\n")[:-1]
        for j, ident, size in odd:  # "12,,S,4,4,2,2,2,,": the id after "12,", warnings last
            row = rows[j]
            if ident is not None:
                at = row.index(b",") + 1
                row = row[:at] + csv_field(ident).encode("utf-8", "replace") + row[at:]
            if size != HAND_SIZE:
                row = row[:-1] + csv_field("; ".join(size_warnings(size))).encode() + b","
            rows[j] = row
        every = np.empty(len(chunk), dtype=object)
        every[scored] = rows
        every[failed] = [self(chunk.failed[k]).encode() for k in failed]
        return [b"\n".join(every.tolist()) + b"\n"]


# Rendering arrays as bytes -------------------------------------------------------------------
# A row is built in a matrix of bytes, one column per byte, each field at a fixed place and a
# zero byte where a shorter field leaves room; dropping the zeros gives the text.


def _split(chunk: Chunk) -> tuple[np.ndarray, np.ndarray]:
    """The positions of a chunk's scored results and of its failures."""
    import numpy as np

    failed = np.array(sorted(chunk.failed), dtype=np.int64)
    return np.setdiff1d(np.arange(len(chunk)), failed, assume_unique=True), failed


def _odd(chunk: Chunk, scored: np.ndarray) -> list[tuple[int, object, int]]:
    """The scored results with an id or a warning: their place among the scored, id, size."""
    import numpy as np

    odd = (set(np.flatnonzero(chunk.sizes != HAND_SIZE).tolist()) | chunk.ids.keys()).difference(
        chunk.failed)
    if not odd:
        return []
    at = sorted(odd)
    return list(zip(np.searchsorted(scored, at).tolist(), map(chunk.ids.get, at),
                    chunk.sizes[at].tolist()))


def _matrix(columns: list[bytes | np.ndarray], n: int) -> np.ndarray:
    """``n`` rows made of ``columns`` (bytes the same in every row, or ``(n, w)`` byte
    matrices with zeros for room), as one ``(n, width)`` byte matrix."""
    import numpy as np

    return np.concatenate([np.broadcast_to(np.frombuffer(c, dtype=np.uint8), (n, len(c)))
                           if isinstance(c, bytes) else c for c in columns], axis=1)


def _rows(columns: list, n: int) -> bytes:
    """The text of ``n`` rows made of ``columns`` (see ``_matrix``): the zeros dropped."""
    return _matrix(columns, n).tobytes().translate(None, b"\0")


_TABLES: list = []


def _tables() -> list[np.ndarray]:
    """Numbers 0-999 as four bytes each, in little-endian 32-bit words: ``7`` right-aligned
    with zeros before it, the same with nothing for 0, and ``007``; and each card's text with
    the space after it, and with the byte 1 (the end of a hand) in place of the space."""
    import numpy as np

    if not _TABLES:
        lead = np.zeros((1000, 4), dtype=np.uint8)
        full = np.zeros((1000, 4), dtype=np.uint8)
        for v in range(1000):
            text = str(v).encode()
            lead[v, 4 - len(text):] = np.frombuffer(text, dtype=np.uint8)
            full[v, 1:] = np.frombuffer(b"%03d" % v, dtype=np.uint8)
        blank = lead.copy()
        blank[0] = 0
        cards = np.zeros((2, KINDS, 4), dtype=np.uint8)
        for card in CARDS:
            for end, after in enumerate((b" ", b"\x01")):
                text = str(card).encode() + after
                cards[end, card.index, : len(text)] = np.frombuffer(text, dtype=np.uint8)
        _TABLES.extend(t.view("<u4")[..., 0] for t in (lead, blank, full, cards))
    return _TABLES


def _digits(values: np.ndarray, blank: bool = False) -> np.ndarray:
    """``(n, w)`` bytes: each value in decimal, right-aligned, zeros before (nothing at all for
    0 if ``blank``)."""
    import numpy as np

    lead, nothing, full, _ = _tables()
    short = nothing if blank else lead
    if not len(values) or values.max() < 1000:
        return np.take(short, values).view(np.uint8).reshape(-1, 4)
    high = _digits(values // 1000, blank=True)
    low = values % 1000
    groups = np.where(values >= 1000, np.take(full, low), np.take(short, low))
    return np.concatenate([high, groups.view(np.uint8).reshape(-1, 4)], axis=1)


def _suit_letters(best: np.ndarray) -> np.ndarray:
    """``(n, 1)`` bytes: the letter of each suit."""
    import numpy as np

    return np.take(np.frombuffer(SUITS.encode(), dtype=np.uint8), best)[:, None]


def _heads(numbers: np.ndarray, counts: np.ndarray) -> list[bytes]:
    """The start of each record up to the end of its hand, ``{"line": 1, "id": null, "hand":
    "AS 10S ...`` (each hand at least one card): the line number's row, then a four-byte slot
    per card held, in order, all in one array of 32-bit words; the last card of each hand
    ends with the byte 1 in place of its space, where the text is cut into records."""
    import numpy as np

    cards = _tables()[3]
    n = len(numbers)
    parts: list[bytes | np.ndarray] = [b'{"line": ', _digits(numbers), b', "id": null, "hand": "']
    width = -sum(len(c) if isinstance(c, bytes) else c.shape[1] for c in parts) % 4
    head = _matrix(parts + [b"\0" * width], n).view("<u4")  # (n, words)
    sizes = counts.sum(axis=1, dtype=np.intp)
    held = np.repeat(np.tile(np.arange(KINDS), n), np.ascontiguousarray(counts).ravel()
                     .astype(np.intp))
    slots = np.take(cards[0], held)
    ends = np.cumsum(sizes)
    slots[ends - 1] = np.take(cards[1], held[ends - 1])
    starts = np.arange(n) * head.shape[1] + ends - sizes  # each record's first word
    words = np.empty(head.size + len(slots), dtype="<u4")
    words[starts[:, None] + np.arange(head.shape[1])] = head
    words[np.repeat(starts + head.shape[1] - (ends - sizes), sizes) + np.arange(len(slots))] = (
        slots)
    return words.tobytes().translate(None, b"\0").split(b"\x01")[:-1]


__all__ = ["CSV_HEADER", "JsonLines", "CsvRows", "meld_json", "trump_json"]
