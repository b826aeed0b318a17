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

from .cards import COPIES, KINDS
from .errors import UserError
from .hand import Hand, size_warnings
from .meld import TrumpMeld, best_trump, contenders, meld, shape, tables
from .notation import CARD_TOKENS, parse_counts
from .rules import STANDARD, RuleSet

CHUNK = 4096


class Scored(NamedTuple):
    """A hand read and scored: ``best`` is the suit it should name (or the one asked for)."""

    line: int
    id: object
    counts: list[int]
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

    c = counts.reshape(-1, 4, 5)
    pairs = np.minimum(c[:, :, 2], c[:, :, 3])
    arounds = c.min(axis=1)[:, [0, 2, 3, 4]]
    pinochles = np.minimum(counts[:, 3], counts[:, 14])[:, None]
    shapes = np.concatenate([c.min(axis=2), pairs, arounds, pinochles], axis=1)
    return shapes.astype(np.int64) @ (5 ** np.arange(13, dtype=np.int64))


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


def _fast_indices(hand: str) -> list[int] | None:
    """The card indices of a hand written as plain card tokens, or None to use the full parser."""
    try:
        return [CARD_TOKENS[t] for t in hand.lower().replace(",", " ").split()]
    except KeyError:
        return None


def numbered(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Input lines with their 1-based numbers, less blank lines and ``#`` comments."""
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if text and not text.startswith("#"):
            yield number, text


def score_lines(
    lines: Iterable[str],
    rules: RuleSet = STANDARD,
    trump: int | None = None,
    strict: bool = False,
) -> Iterator[Scored | Failed]:
    """Score one hand per line, yielding a result for every hand line, in input order."""
    import numpy as np  # only batches need it: one hand from the shell starts faster without

    engine = tables(rules)
    solved: dict[int, tuple[tuple[TrumpMeld, ...], tuple[int, ...]]] = {}
    items = numbered(lines)
    while chunk := list(islice(items, CHUNK)):
        ids: list[object] = []
        rows: list[int] = []
        flat: list[int] = []
        lengths: list[int] = []
        failures: dict[int, Failed] = {}
        for position, (number, text) in enumerate(chunk):
            try:
                ident, hand = split_line(text)
                indices = _fast_indices(hand)
                if indices is None or not indices:
                    counts = parse_counts(hand)
                    indices = [i for i in range(KINDS) for _ in range(counts[i])]
            except UserError as e:
                failures[position] = Failed(number, text, str(e))
                continue
            ids.append(ident)
            rows.append(position)
            flat += indices
            lengths.append(len(indices))
        counts = np.bincount(
            np.repeat(np.arange(len(rows)), lengths) * KINDS + np.asarray(flat, dtype=np.int64),
            minlength=len(rows) * KINDS,
        ).reshape(-1, KINDS)
        codes = shape_codes(counts).tolist()
        sizes = counts.sum(axis=1).tolist()
        too_many = (counts > COPIES).any(axis=1).tolist()
        count_rows = counts.tolist()
        results: list[Scored | Failed | None] = [None] * len(chunk)
        for position, failed in failures.items():
            results[position] = failed
        for k, position in enumerate(rows):
            number, text = chunk[position]
            if too_many[k]:
                try:  # the full parser names the fifth copy and where it stood
                    parse_counts(split_line(text)[1])
                except UserError as e:
                    results[position] = Failed(number, text, str(e))
                    continue
            code = codes[k]
            entry = solved.get(code)
            if entry is None:
                trumps = engine.solve(shape_from_code(code))
                entry = solved[code] = (trumps, contenders(trumps))
            trumps, tied = entry
            c = count_rows[k]
            if trump is not None:
                best = trump
            elif len(tied) == 1:
                best = tied[0]
            else:
                best = best_trump(trumps, [sum(c[s * 5 : s * 5 + 5]) for s in range(4)]).trump
            warnings = size_warnings(sizes[k])
            if strict and warnings:
                results[position] = Failed(number, text, "; ".join(warnings) + " (--strict)")
                continue
            results[position] = Scored(number, ids[k], c, sizes[k], warnings, code, trumps, best)
        yield from results  # type: ignore[misc]
