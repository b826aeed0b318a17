"""Turning scored hands into text: JSON lines and CSV, the batch's output contract.

The writers build their lines from pieces cached per meld shape, so a batch of a million hands
is serialised at the speed of string joining. The table for the terminal is the CLI's
(``cli.render``).
"""

from __future__ import annotations

import json

from ..cards import SUITS
from ..hand import canonical
from .batch import Failed, Scored
from .engine import Meld, TrumpMeld

CSV_HEADER = "line,id,best_trump,best_meld,S,H,D,C,warnings,error"


def meld_json(m: Meld) -> str:
    suit = "null" if m.suit is None else f'"{SUITS[m.suit]}"'
    cards = ", ".join(f'"{c}"' for c in m.cards)
    note = f", \"note\": {json.dumps(m.note, ensure_ascii=False)}" if m.note else ""
    return (f'{{"name": "{m.name}", "suit": {suit}, "count": {m.count}, '
            f'"points": {m.points}, "cards": [{cards}]{note}}}')


def trump_json(t: TrumpMeld) -> str:
    melds = ", ".join(meld_json(m) for m in t.melds)
    callable_ = "true" if t.callable else "false"
    return (f'"{SUITS[t.trump]}": {{"meld": {t.points}, "callable": {callable_}, '
            f'"melds": [{melds}]}}')


class JsonLines:
    """One JSON object per hand: the project's JSON contract (see the README)."""

    def __init__(self, trump: int | None = None):
        self.trump = trump
        self._tails: dict[tuple[int, int], str] = {}  # "best" and "trumps", by shape and best

    def __call__(self, item: Scored | Failed) -> str:
        return self.many([item])[0]

    def many(self, items: list[Scored | Failed]) -> list[str]:
        tails, lines = self._tails, []
        for item in items:
            if item.__class__ is Failed:
                lines.append(json.dumps(
                    {"line": item.line, "input": item.input, "error": item.error},
                    ensure_ascii=False))
                continue
            tail = tails.get((item.code, item.best)) or self._tail(item)
            ident = "null" if item.id is None else json.dumps(item.id, ensure_ascii=False)
            warnings = json.dumps(item.warnings, ensure_ascii=False) if item.warnings else "[]"
            hand = item.hand if item.hand is not None else canonical(item.counts)
            lines.append(f'{{"line": {item.line}, "id": {ident}, "hand": "{hand}", '
                         f'"size": {item.size}, "warnings": {warnings}, {tail}')
        return lines

    def _tail(self, item: Scored) -> str:
        """The end of a record, the same for every hand of one shape with one best trump."""
        shown = item.trumps if self.trump is None else (item.trumps[self.trump],)
        tail = self._tails[(item.code, item.best)] = (
            f'"best": {{"trump": "{SUITS[item.best]}", "meld": {item.trumps[item.best].points}}},'
            f' "trumps": {{{", ".join(map(trump_json, shown))}}}}}'
        )
        return tail


def _csv_field(value: object) -> str:
    text = "" if value is None else str(value)
    if any(ch in text for ch in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


class CsvRows:
    """One CSV row per hand under ``CSV_HEADER``; a failed line fills only ``error``."""

    def __init__(self, trump: int | None = None):
        self.trump = trump
        self._totals: dict[int, str] = {}

    def many(self, items: list[Scored | Failed]) -> list[str]:
        """The rows of many results: the same as calling this for each, in one loop."""
        totals, rows = self._totals, []
        for item in items:
            if item.__class__ is not Scored or item.warnings or item.id is not None:
                rows.append(self(item))
                continue
            points = totals.get(item.code)
            if points is None:
                points = self._points(item)
            rows.append(f"{item.line},,{SUITS[item.best]},{item.trumps[item.best].points},"
                        f"{points},,")
        return rows

    def _points(self, item: Scored) -> str:
        """The S,H,D,C columns of a hand's shape (blank for suits --trump leaves out)."""
        points = self._totals[item.code] = ",".join(
            str(t.points) if self.trump in (None, t.trump) else "" for t in item.trumps
        )
        return points

    def __call__(self, item: Scored | Failed) -> str:
        if isinstance(item, Failed):
            return f"{item.line},,,,,,,,,{_csv_field(item.error)}"
        totals = self._totals.get(item.code) or self._points(item)
        ident = "" if item.id is None else _csv_field(item.id)
        warnings = _csv_field("; ".join(item.warnings)) if item.warnings else ""
        return (f"{item.line},{ident},{SUITS[item.best]},{item.trumps[item.best].points},"
                f"{totals},{warnings},")
