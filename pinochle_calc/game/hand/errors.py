"""The error of a record or a hand that breaks the rules, with where and why as fields."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...errors import UserError


@dataclass(frozen=True)
class Place:
    """Where an error is: the record's ``source`` (a file name, ``stdin``), its ``line`` (text
    form) and the ``column`` in it (1-based; of the value, where there is no line), the
    ``event`` (1-based) with its ``words``, the ``seat`` at fault and the ``rule`` broken (as
    the rule files name it: ``bidding.steps``, ``the play rules``)."""

    source: str | None = None
    line: int | None = None
    column: int | None = None
    event: int | None = None
    words: str | None = None
    seat: int | None = None
    rule: str | None = None


class RecordError(UserError):
    """A record that cannot be read, or an event the rules refuse. ``reason`` says what is
    wrong; ``place`` where (``Place``): its fields are the error's ``source``, ``line``,
    ``column``, ``event``, ``seat`` and ``rule``. ``str`` reads ``FILE line 4, column 9, event
    12 (seat 1 plays K♠): REASON (RULE)``."""

    def __init__(self, reason: str, place: Place | None = None, **where: object):
        self.reason = reason
        self.place = replace(place or Place(), **where)  # type: ignore[arg-type]
        super().__init__(str(self))

    def at(self, **where: object) -> RecordError:
        """The same error with more of its place known (fields already set are kept)."""
        known = {k: v for k, v in where.items() if getattr(self.place, k) is None}
        return RecordError(self.reason, replace(self.place, **known))  # type: ignore[arg-type]

    @property
    def source(self) -> str | None:
        return self.place.source

    @property
    def line(self) -> int | None:
        return self.place.line

    @property
    def column(self) -> int | None:
        return self.place.column

    def shifted(self, offset: int) -> RecordError:
        """The same error with its column counted ``offset`` further (the value it was found
        in starts there in the line)."""
        if self.place.column is None:
            return self
        return RecordError(self.reason, replace(self.place, column=self.place.column + offset))

    @property
    def event(self) -> int | None:
        return self.place.event

    @property
    def seat(self) -> int | None:
        return self.place.seat

    @property
    def rule(self) -> str | None:
        return self.place.rule

    def __str__(self) -> str:
        p = self.place
        head = []
        where = f"line {p.line}" if p.line is not None else ""
        if p.line is not None and p.column is not None:
            where += f", column {p.column}"
        if p.source is not None:
            head.append(p.source + (f" {where}" if where else ""))
        elif where:
            head.append(where)
        if p.event is not None:
            head.append(f"event {p.event}" + (f" ({p.words})" if p.words else ""))
        text = self.reason + (f" ({p.rule})" if p.rule else "")
        if p.column is not None and p.line is None:
            text += f" (column {p.column})"
        return f"{', '.join(head)}: {text}" if head else text

    def __reduce__(self):
        return (RecordError, (self.reason, self.place))


__all__ = ["RecordError", "Place"]
