"""Turning scored hands into text: JSON lines, JSON, CSV, and a table for the terminal.

The JSON and CSV writers build their lines from pieces cached per meld shape, so a batch of
a million hands is serialised at the speed of string joining. Only ``table`` uses rich.
"""

from __future__ import annotations

import json

from .batch import Failed, Scored
from .cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from .hand import Hand, canonical
from .meld import Meld, TrumpMeld

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


def _card_text(card, colour: bool) -> str:
    text = card.symbol
    return f"[red]{text}[/red]" if colour and card.suit in (1, 2) else text


def table(item: Scored, trump: int | None = None, colour: bool = False):
    """A rich table of one hand's meld per trump: the total, then each meld with its points
    and cards, the best trump starred; warnings under it."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    hand = Hand(item.counts)
    title = f"line {item.line}" + (f" ({item.id})" if item.id is not None else "")
    grid = Table(title=f"{title}: {hand.symbols()}", title_justify="left", box=box.SIMPLE_HEAD)
    for name, justify in (("trump", "left"), ("total", "right"), ("", "right"),
                          ("meld", "left"), ("cards", "left")):
        grid.add_column(name, justify=justify, no_wrap=True)
    for t in item.trumps:
        if trump is not None and t.trump != trump:
            continue
        best = t.trump == item.best
        name = ("★ " if best else "  ") + f"{SUIT_SYMBOLS[t.trump]} {SUIT_NAMES[t.trump]}"
        style = ("bold green" if colour else "bold") if best else None
        rows = [
            (str(m.points), m.describe() + (f" ({m.note})" if m.note else ""),
             " ".join(_card_text(c, colour) for c in m.cards))
            for m in t.melds
        ] or [("", "no meld", "")]
        firsts = [[name, str(t.points)]] + ([] if t.callable else [["  no marriage", ""]])
        for k, row in enumerate(rows):
            grid.add_row(*(firsts[k] if k < len(firsts) else ["", ""]), *row, style=style)
        grid.add_section()
    parts = [grid]
    for warning in item.warnings:
        parts.append(Text(f"warning: {warning}", style="yellow" if colour else ""))
    return Group(*parts)
