"""The exchange policy's meld-gain tables for the common games, worked out once and shipped with
the package (``gains.bin``), so that a process does not draw the receivers' hands and tabulate
their gains at its first exchange (about 6 ms for each trump, hint and side of the pass).

A table is what ``policy.gain_sums`` gives for one part of meld: the sums, over the receiver
hands ``policy.receivers(trump, rules, hint, married, samples)``, of the meld gain of every way
of receiving at most ``most`` of its cards (whole numbers; the policy divides by ``samples``,
so its figures are the same to the last bit whether a table was shipped or worked out). One
entry holds the tables of every part of meld with its trump (``policy.meld_parts``), one after
the other. Entries are found by ``name``: the trump, the hint, whether the receiver holds a
marriage in trump, the receiver hands, ``most``, and what the tables depend on in the rule set
(``signature``: the meld tables and the marriage rule).

What is shipped (``SHIPPED``): the games the conventions choose (the standard meld with a
four-card pass, as in Davis's game; the toby-thomas rules with their three-card pass), every
trump, no hint and every hint a convention gives (a card or an around of each rank), both sides
of the pass. Anything else is worked out when first needed, as before. The file is written by
``benchmarks/make_exchange_tables.py``; ``tests/exchange/test_tables.py`` recomputes a sample
of the entries and checks them equal, so the file cannot go stale unnoticed.
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np

from ..rules import PRESETS, STANDARD, RuleSet
from ..stores import kept

if TYPE_CHECKING:
    from .hints import Signal

FILE = Path(__file__).with_name("gains.bin")

#: The rule sets whose games get shipped tables, with the receiver hands the policy draws.
SHIPPED: tuple[RuleSet, ...] = (STANDARD.with_options(pass_cards=4), PRESETS["toby-thomas"])
SAMPLES = 400
#: The hints a convention gives (``conventions.asked_for``): none, a card of a rank (A 10 K Q
#: J), or an around (aces, kings, queens, jacks), as ``(kind, rank)``.
HINTS: tuple[tuple[Literal["card", "around"], int] | None, ...] = (
    None, *(("card", r) for r in range(5)), *(("around", r) for r in (0, 2, 3, 4)))

#: What the tables depend on in a rule set: the meld each part scores and which hands may
#: name trump (a hint's test is "this card raises the hand's best meld").
_SIGNATURE_FIELDS = ("run", "royal_marriage", "marriage", "pinochle", "aces_around",
                     "kings_around", "queens_around", "jacks_around", "roundhouse_single",
                     "roundhouse_with_run", "roundhouse_double", "royal_beside_run", "scale",
                     "marriage_required")


def signature(rules: RuleSet) -> str:
    """A short name for what the tables depend on in ``rules``."""
    text = repr(tuple(getattr(rules, f) for f in _SIGNATURE_FIELDS))
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def name(trump: int, rules: RuleSet, hint: Signal | None, married: bool, samples: int,
         most: int | None) -> str:
    """The entry's name: ``2|card:4:0|1|400|5|<signature>``."""
    words = "-" if hint is None else f"{hint.kind}:{hint.rank}:{hint.meld}"
    return f"{int(trump)}|{words}|{int(married)}|{samples}|{most}|{signature(rules)}"


def shipped() -> Iterator[tuple[int, RuleSet, Signal | None, bool, int, int]]:
    """Every shipped entry's receivers and ``most`` (``policy.gain_entry``'s arguments):
    ``(trump, rules, hint, married, samples, most)``, the hint a convention ``Signal``."""
    from .hints import Signal

    for rules in SHIPPED:
        for trump in range(4):
            for hint in HINTS:
                signal = None if hint is None else Signal(hint[0], rank=hint[1])
                for married in (True, False):
                    yield trump, rules, signal, married, SAMPLES, rules.pass_cards + 1


@kept(2)
def _load() -> dict[str, np.ndarray]:
    """Every shipped entry by name (none where the file is missing or cannot be read)."""
    try:
        data = zlib.decompress(FILE.read_bytes())
        (size,) = struct.unpack_from("<I", data)
        index = json.loads(data[4:4 + size])
        values = np.frombuffer(data, dtype="<i4", offset=4 + size)
        out = {}
        for key, (start, length) in index.items():
            entry = values[start:start + length].astype(np.int64)
            entry.flags.writeable = False
            out[key] = entry
        return out
    except (OSError, ValueError, zlib.error, struct.error):
        return {}


def stored(trump: int, rules: RuleSet, hint: Signal | None, married: bool, samples: int,
           most: int | None) -> np.ndarray | None:
    """The shipped entry for these receivers (every part's sums, one after the other), or
    None."""
    return _load().get(name(trump, rules, hint, married, samples, most))


def write(entries: dict[str, np.ndarray], path: Path = FILE) -> None:
    """Write entries (by ``name``) to the file ``_load`` reads."""
    index, start, arrays = {}, 0, []
    for key, entry in entries.items():
        entry = np.asarray(entry)
        if entry.size and (entry.min() < -2**31 or entry.max() >= 2**31):
            raise ValueError(f"entry {key} does not fit in 32 bits")
        index[key] = (start, int(entry.size))
        start += entry.size
        arrays.append(entry.astype("<i4"))
    header = json.dumps(index, separators=(",", ":")).encode()
    values = np.concatenate(arrays) if arrays else np.zeros(0, dtype="<i4")
    path.write_bytes(zlib.compress(struct.pack("<I", len(header)) + header
                                   + values.tobytes(), 9))


__all__ = ["FILE", "SHIPPED", "SAMPLES", "HINTS", "signature", "name", "shipped", "stored",
           "write"]
