"""The record's text form, which a person can write by hand (docs/records.md): tags, the hands,
one event a line (a trick a line: ``lead 2: A♥ 10♥ K♥ J♥``), the result and the score.
``write_text`` and ``read_text`` are inverses; each event kind writes and reads its own value
(``events``)."""

from __future__ import annotations

import re
from difflib import get_close_matches

from ...errors import UserError, quoted, shorten
from ...hand import Hand
from ...scoring import RESULTS
from ...seats import Seat
from .errors import RecordError
from .events import (
    EVENT_TYPES,
    Event,
    MeldShown,
    Play,
    card_text,
    comment_text,
    read_card,
    read_hand,
)
from .record import MAX_EVENTS, Record, settled
from .tags import check_tag, load_spec, rules_spec

_TAG_LINE = re.compile(r'\[\s*([^\s"\]]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_LINE = re.compile(r"([a-z][a-z-]*)\s*([0-9]+)?\s*(?::\s*(.*))?", re.S)
#: The words that start a line of the text form.
LINE_KINDS = ("hand", "call", "contract", "request", "trump", "pass", "meld", "throw-in",
              "lead", "result", "score")


def write_text(record: Record) -> str:
    """The record as text (see the module docstring)."""
    lines = [f'[Rules "{_escape(rules_spec(record.rules))}"]', f'[Dealer "{record.dealer}"]']
    lines += [f'[{name} "{_escape(value)}"]' for name, value in record.tags]
    lines.append("")
    for s, hand in enumerate(record.hands):
        if hand is not None:
            lines.append(f"hand {s}: {hand.symbols()}")
    state = _quiet_state(record)
    trick: list[str] = []
    for event in record.events:
        if isinstance(event, Play):
            if not trick:
                trick = [f"lead {event.seat}:"]
            trick.append(card_text(event.card) + _comment(event.comment))
            if len(trick) == 5:
                lines.append(" ".join(trick))
                trick = []
            continue
        points = None
        if isinstance(event, MeldShown) and state is not None:
            shown = state.melds[event.seat]
            points = shown[0] if shown is not None else 0
        value = event.value_text(points)
        head = f"{event.kind} {event.seat}"
        lines.append((head if value is None else f"{head}: {value}") + _comment(event.comment))
    if trick:
        lines.append(" ".join(trick))
    if record.result is not None:
        lines.append(f"result: {record.result}")
    if record.score is not None:
        us, them = record.score
        lines.append(f"score: us {us:+d}, them {them:+d}")
    return "\n".join(lines) + "\n"


def _quiet_state(record: Record):
    try:
        return record.state
    except RecordError:
        return None


def _comment(text: str) -> str:
    return f" {{{text}}}" if text else ""


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


class _Reading:
    """What a text record has given so far, line by line."""

    def __init__(self) -> None:
        self.tags: list[tuple[str, str]] = []
        self.hands: list[Hand | None] = [None] * 4
        self.events: list[Event] = []
        self.lines: list[int] = []  # the line of each event
        self.said: dict[int, tuple[int, int]] = {}  # meld event number: (points said, line)
        self.footer: dict[str, int] = {}  # the lines of the rules, dealer, result and score
        self.rules: str | None = None
        self.dealer: int | None = None
        self.result: str | None = None
        self.score: tuple[int, int] | None = None

    def line(self, n: int, line: str, lead: int = 0) -> None:
        """Line ``n``, stripped (``lead``: the columns stripped from its start)."""
        if line.startswith("["):
            self._tag(line, n)
            return
        if (self.result is not None or self.score is not None) and not line.startswith(
                ("result", "score")):
            raise RecordError("nothing comes after the result and the score")
        kind, seat, value, comment, at = split_at(line)
        try:
            self._event_line(n, kind, seat, value, comment)
        except RecordError as e:  # a card's column, counted in the line
            raise e.shifted(lead + at) from None

    def _event_line(self, n: int, kind: str, seat: str | None, value: str,
                    comment: str) -> None:
        if kind == "hand":
            if self.events:
                raise RecordError("the hands come before the events")
            s = seat_word(seat)
            if self.hands[s] is not None:
                raise RecordError(f"seat {s}'s hand is given twice")
            self.hands[s] = read_hand(value, f"seat {s}'s hand")
        elif kind in self.footer and kind in ("result", "score"):
            raise RecordError(f"the {kind} is given twice")
        elif kind == "result":
            self.result, self.footer["result"] = result_word(value), n
        elif kind == "score":
            self.score, self.footer["score"] = score_words(value), n
        elif kind == "lead":
            s = seat_word(seat)
            items = trick_items(value)
            if not items:
                raise RecordError("a trick is its leader and its cards: lead 0: A♥ 10♥ K♥ J♥")
            if len(items) > 4:
                raise RecordError(f"a trick is four cards, not {len(items)}")
            for k, (card, remark) in enumerate(items):
                self._add(Play(Seat(s).after(k), card, remark), n)
        else:
            event, said = event_from_text(kind, seat, value, comment)
            self._add(event, n)
            if said is not None:
                self.said[len(self.events)] = (said, n)
        if len(self.events) > MAX_EVENTS:
            raise RecordError(f"more than {MAX_EVENTS:,} events: a hand has about 100")

    def _add(self, event: Event, n: int) -> None:
        self.events.append(event)
        self.lines.append(n)

    def _tag(self, line: str, n: int) -> None:
        key, value = read_tag(line)
        if self.events or any(h is not None for h in self.hands):
            raise RecordError("tags come before the hands and the events")
        low = key.lower()
        if low in ("rules", "dealer") and low in self.footer or any(
                k.lower() == low for k, _ in self.tags):
            raise RecordError(f"tag {key} is given twice")
        if low == "rules":
            self.rules, self.footer["rules"] = value, n
        elif low == "dealer":
            if value.strip() not in ("0", "1", "2", "3"):
                raise RecordError(f"the dealer is a seat 0 to 3, not {quoted(value)}")
            self.dealer, self.footer["dealer"] = int(value), n
        else:
            self.tags.append((key, value))


def read_text(text: str | list, name: str = "record") -> Record:
    """A record from its text (a string, or lines as ``lines.read_lines`` gives them); a
    ``RecordError`` with the line, the event and the rule at fault."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    reading = _Reading()
    for n, raw in enumerate(lines, 1):
        if isinstance(raw, UserError):
            raise RecordError(str(raw), source=name, line=n)
        if n == 1:
            raw = raw.lstrip("\ufeff")
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            reading.line(n, line, len(raw) - len(raw.lstrip()))
        except RecordError as e:
            raise e.at(source=name, line=n) from None
    if reading.rules is None:
        raise RecordError("no [Rules \"...\"] tag: a record names its rules (a preset such as"
                          " standard)", source=name)
    try:
        rules = load_spec(reading.rules)
    except RecordError as e:
        raise e.at(source=name, line=reading.footer["rules"]) from None
    record = Record(rules, Seat(3 if reading.dealer is None else reading.dealer),
                    tuple(reading.hands), tuple(reading.events), tuple(reading.tags),
                    reading.result, reading.score)
    return _settle(record, name, reading)


def _settle(record: Record, name: str, reading: _Reading) -> Record:
    """``settled``, its error at the line of the event at fault; the meld points written
    checked against the cards shown."""
    try:
        done = settled(record)
    except RecordError as e:
        line = None
        if e.event is not None and e.event <= len(reading.lines):
            line = reading.lines[e.event - 1]
        elif e.place.words in ("result", "score"):
            line = reading.footer.get(e.place.words)
        raise e.at(source=name, line=line) from None
    state = done.state
    for number, (said, line) in reading.said.items():
        event = done.events[number - 1]
        shown = state.melds[event.seat]
        points = shown[0] if shown is not None else 0
        if said != points:
            raise RecordError(f"the meld says {said}, but the cards shown make {points}",
                              source=name, line=line, event=number, words=event.words(),
                              seat=int(event.seat), rule=f"the meld table, {record.rules.name}")
    return done


def read_tag(line: str) -> tuple[str, str]:
    """A tag line ``[Name "value"]``: its name and value."""
    m = _TAG_LINE.fullmatch(line)
    if m is None:
        raise RecordError(f'not a tag: {quoted(line)}; write [Name "value"]')
    return check_tag(m.group(1), _unescape(m.group(2)))


def split_line(line: str) -> tuple[str, str | None, str, str]:
    """An event line's kind, seat, value and comment (``{...}`` at its end)."""
    return split_at(line)[:4]


def split_at(line: str) -> tuple[str, str | None, str, str, int]:
    """``split_line``, and the column (0-based) where the value starts in the line."""
    m = _LINE.fullmatch(line)
    if m is None or m.group(1) not in LINE_KINDS:
        word = line.split()[0] if line.split() else line
        close = get_close_matches(word.lower(), LINE_KINDS, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise RecordError(f"not an event: {quoted(shorten(line, 60))}{hint}; a line is a tag,"
                          f" or one of {', '.join(LINE_KINDS)} with a seat, a colon and its"
                          " value")
    kind, seat, value = m.group(1), m.group(2), (m.group(3) or "").strip()
    at = m.start(3) if m.group(3) is not None else len(line)
    comment = ""
    if kind != "lead":
        value, comment = trailing_comment(value)
    return kind, seat, value, comment, at


def trailing_comment(value: str) -> tuple[str, str]:
    """A value and the comment in braces at its end."""
    if "{" not in value and "}" not in value:
        return value, ""
    m = re.fullmatch(r"([^{}]*?)\s*\{([^{}]*)\}", value)
    if m is None:
        raise RecordError("a comment is {text} at the end of the line, without braces inside")
    return m.group(1), comment_text(m.group(2))


def seat_word(seat: str | None) -> Seat:
    if seat is None:
        raise RecordError("give the seat, 0 to 3, after the event's name")
    if seat not in ("0", "1", "2", "3"):
        raise RecordError(f"a seat is 0 to 3, not {quoted(shorten(seat, 12))}")
    return Seat(int(seat))


def event_from_text(kind: str, seat: str | None, value: str,
                    comment: str) -> tuple[Event, int | None]:
    """An event line read (and, for meld, the points it says)."""
    s = seat_word(seat)
    kind_type = EVENT_TYPES[kind]
    if not value and kind not in ("meld", "throw-in"):
        raise RecordError(f"give the {kind}'s value after a colon, e.g. {kind_type.example}")
    return kind_type.read_value(s, value, comment)


def trick_items(value: str) -> list[tuple[int, str]]:
    """The cards of a trick line, each with the comment after it; a card that cannot be read
    is an error at its column (1-based, in ``value``)."""
    items: list[tuple[int, str]] = []
    for m in re.finditer(r"\{([^{}]*)\}|([^\s{},]+)|([{}])", value):
        if m.group(3):
            raise RecordError("a comment is {text}, without braces inside", column=m.start() + 1)
        if m.group(1) is not None:
            if not items:
                raise RecordError("a comment follows the card it is about",
                                  column=m.start() + 1)
            card, _ = items[-1]
            items[-1] = (card, comment_text(m.group(1)))
        else:
            try:
                card = read_card(m.group(2))
            except RecordError as e:
                raise RecordError(f"card {len(items) + 1} of the trick: {e.reason}",
                                  column=m.start(2) + 1) from None
            items.append((card, ""))
    return items


def result_word(value: str) -> str:
    word = value.strip().lower().replace(" ", "-")
    word = {"throw-in": "thrown-in"}.get(word, word)
    if word not in RESULTS:
        raise RecordError(f"unknown result {quoted(value)}: one of {', '.join(RESULTS)}")
    return word


def score_words(value: str) -> tuple[int, int]:
    m = re.fullmatch(r"us\s+([+-]?[0-9]{1,15})\s*,?\s*them\s+([+-]?[0-9]{1,15})",
                     value.strip(), re.I)
    if m is None:
        raise RecordError(f"a score is written us +38, them -50, not {quoted(value)}")
    return int(m.group(1)), int(m.group(2))


__all__ = ["write_text", "read_text", "split_line", "split_at", "trailing_comment",
           "event_from_text", "read_tag", "check_tag", "seat_word", "trick_items", "LINE_KINDS"]
