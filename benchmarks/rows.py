"""The deal and the run of a line an arena match wrote (``arena --format jsonl``): a record
tagged ``Deal`` and ``Run``, or, in files written before the arena wrote records, the row's
own ``deal`` and ``run`` keys. Not a benchmark: the scripts that read a match's lines share it."""

from __future__ import annotations


def deal_of(row: dict) -> int:
    """The deal's number in its match."""
    tags = row.get("tags") or {}
    return int(tags["Deal"]) if "Deal" in tags else int(row["deal"])


def run_of(row: dict) -> int:
    """0 where the match's first policy sat at seats 0 and 2, else 1."""
    tags = row.get("tags") or {}
    return int(tags["Run"]) if "Run" in tags else int(row["run"])
