"""Following a hand at a real table, event by event: what a player types read as the next event
of the record (``read_entry``), the advice when it is that player's turn (``advice``), what the
play has revealed of the other hands (``revealed``), the record saved after every event so that
nothing is lost (``save_record``), and the finished hand as a row of the game's score sheet
(``sheet_row``, ``add_to_sheet``). The terminal side is ``cli.table``.

What a player types is the next event in the notations the other commands read, the seat
implied by whose turn it is: a call (``50``, ``p``), a suit (``H``, ``♥``, ``none``), cards
(``AH 10H KH QH``, ``♥A 10 K Q``), a seat's meld (``1: ♠K Q ♥K Q``, ``1: none``), ``throw-in``,
a card (``AH``, ``A♥``); or any line of the record's text form (``call 2: 55``). A comment in
braces may follow (``55 {she hesitated}``). The words ``undo``, ``show``, ``advice``, ``help``
and ``quit`` are commands.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Literal

from ..cards import CARDS, RANKS, SUIT_SYMBOLS, SUITS
from ..errors import UserError
from ..hand import Hand
from .hand import Event, HandState, Play, Record, RecordError, ThrowIn, save_record
from .hand.events import read_card
from .hand.text import event_from_text, split_line, trailing_comment

Command = Literal["undo", "show", "advice", "help", "quit"]
COMMANDS: tuple[Command, ...] = ("undo", "show", "advice", "help", "quit")
#: Words a player may type besides cards, for completion.
WORDS = ("pass", "none", "throw-in", "undo", "show", "advice", "help", "quit")


@dataclass(frozen=True)
class Entry:
    """What a line typed means: an event (with the seat filled in) or a command."""

    event: Event | None = None
    command: Command | None = None


def read_entry(record: Record, text: str) -> Entry:
    """The event or command a typed line means, for the hand as recorded so far
    (``RecordError`` saying what was expected where it means neither)."""
    line = text.strip()
    word = line.lower()
    if word in COMMANDS:
        return Entry(command=word)  # type: ignore[arg-type]
    if word == "?":
        return Entry(command="advice")
    if not line:
        raise RecordError("type the next event (help: what may be typed)")
    state = record.state
    if re.match(r"(call|contract|request|trump|pass|meld|throw-in|lead)\b", word) and (
            ":" in line or word.startswith("throw-in ")):
        kind, seat_word, value, comment = split_line(line)
        if kind == "lead":
            raise RecordError("type the cards one at a time, as they are played")
        event, _ = event_from_text(kind, seat_word, value, comment)
        return Entry(event=event)
    value, comment = trailing_comment(line)
    d = state.next_decision()
    kind, seat = d.kind, d.seat
    if kind == "over":
        raise RecordError("the hand is over: nothing more comes (undo takes the last event"
                          " back)")
    if value.lower().replace(" ", "-") == "throw-in":
        return Entry(event=ThrowIn(state.bidder, comment))
    if kind in ("call", "request", "trump", "pass"):
        event, _ = event_from_text(kind, str(seat), value, comment)
    elif kind == "meld":
        m = re.fullmatch(r"([0-3])\s*:?\s*(.*)", value, re.S)
        if m is None:
            if _looks_like_card(value):
                return Entry(event=_play(state, value, comment))
            raise RecordError("meld: the seat, then the cards it shows (1: ♠K Q ♥K Q, or"
                              " 1: none), or the first card played")
        shown = m.group(2).strip()
        if shown.lower() in ("none", "-", "nothing"):
            shown = ""
        event, _ = event_from_text("meld", m.group(1), shown, comment)
    else:
        event = _play(state, value, comment)
    return Entry(event=event)


def _looks_like_card(text: str) -> bool:
    from ..cards import CARD_TOKENS

    return text.strip().lower() in CARD_TOKENS


def _play(state: HandState, value: str, comment: str) -> Event:
    if len(value.split()) != 1:
        raise RecordError("play one card at a time: AH, A♥, 10s")
    return Play(state.to_play(), read_card(value), comment)


def prompt(record: Record, you: int) -> str:
    """What the hand waits for, in a few words: ``seat 2 to call`` (``you`` marked)."""
    state = record.state
    d = state.next_decision()
    kind, seat = d.kind, d.seat
    who = "you" if seat == you else f"seat {seat}"
    if kind == "over":
        return "the hand is over"
    if kind == "meld":
        shown = [s for s in range(4) if state.melds[s] is None]
        return ("meld: seat " + ", ".join(str(s) for s in shown) + " to show (or the first"
                " card" + (", or throw-in" if state.bidder == you else "") + ")")
    what = {"call": "to call", "request": "to ask for a suit", "trump": "to name trump",
            "pass": f"to pass {state.exchange_cards} cards", "play": "to play"}[kind]
    if kind == "play" and state.trick:
        what += " to " + " ".join(CARDS[c].symbol for c in state.trick)
    return f"{who} {what}"


def your_turn(record: Record, you: int) -> bool:
    """Whether the hand waits for ``you`` to decide."""
    d = record.state.next_decision()
    return d.seat == you and d.kind in ("call", "request", "trump", "pass", "play")


# ------------------------------------------------------------------------------- advice


def advice(record: Record, you: int, *, samples: int | None = None, seed: int = 0,
           convention: str = "jump") -> list[str]:
    """The advice for ``you`` now, in lines a player reads (empty when it is not your turn or
    there is no advice for this kind of decision)."""
    state = record.state
    d = state.next_decision()
    hand = record.hands[you]
    if d.seat != you or hand is None:
        return []
    if d.kind == "call":
        return _bid_advice(state, hand, samples, seed, convention)
    if d.kind == "pass":
        return _pass_advice(state, you, samples, seed, convention)
    if d.kind in ("trump", "request"):
        return _trump_advice(state, you, hand)
    if d.kind == "play":
        return _card_advice(state, you, samples, seed)
    return []


#: The cards whose figures the card advice shows at the table (the best first).
CARD_CHOICES = 4


def _card_advice(state: HandState, you: int, samples, seed) -> list[str]:
    """The card advice (``card``'s: ``play.advice.advise_card``) from what you see: your hand,
    the tricks so far, the trick in progress, the contract, the meld shown, your side's
    exchange."""
    from ..limits import CARD_DEALS
    from ..play.advice import DEFAULT_SAMPLES as CARD_SAMPLES
    from ..play.advice import advise_card
    from .hand import card_position

    position = card_position(state, you)
    if position is None:
        return []
    try:
        a = advise_card(position, samples=min(samples or CARD_SAMPLES, CARD_DEALS), seed=seed,
                        rules=state.rules)
    except UserError as e:  # a record the play's facts cannot have come from
        return [f"No card advice: {e}"]
    lines = [f"Advice: play {CARDS[a.card].symbol} ({a.reason})"]
    for c in a.choices[:CARD_CHOICES]:
        figures = [f"trick points {c.trick_points.mean:.1f} ± {c.trick_points.stderr:.1f}"]
        if c.score is not None and c.make_probability is not None:
            figures = [f"score {c.score.mean:+.1f} ± {c.score.stderr:.1f}",
                       f"contract made {c.make_probability:.0%}", *figures]
        lines.append(f"  {CARDS[c.card].symbol:<4} " + ", ".join(figures))
    if len(a.choices) > CARD_CHOICES:
        lines.append(f"  ({len(a.choices) - CARD_CHOICES} more cards score lower)")
    return lines


def _bid_advice(state: HandState, hand: Hand, samples, seed, convention) -> list[str]:
    from ..bidding.advise import advise

    a = advise(hand, state.auction, convention, samples=samples or 1000, seed=seed)
    call = "pass" if a.call is None else str(a.call)
    lines = [f"Advice: {call} ({a.meaning})", f"  why: {a.reason}"]
    best = a.estimate.best
    if best is not None and a.estimate.trump is not None:
        top = "the minimum" if best.max_bid is None else str(best.max_bid)
        lines.append(f"  name {SUIT_SYMBOLS[a.estimate.trump]} if you win the bid; go no"
                     f" higher than {top}")
    return lines


def _pass_advice(state: HandState, you: int, samples, seed, convention) -> list[str]:
    """The pass advice (``pass``'s), asked the question the review judges the pass by."""
    from .decisions import PASS_SAMPLES, pass_advice, pass_request

    request = pass_request(state, you, convention)
    a = pass_advice(request, state.rules, samples=samples or PASS_SAMPLES, seed=seed)
    return a.lines()[:1 + len(a.reasons)]


def _trump_advice(state: HandState, you: int, hand: Hand) -> list[str]:
    from ..meld.engine import meld
    from .hand import needs_marriage
    from .hand.state import trump_to_name

    after = state.after_exchange(you) or hand
    best = trump_to_name(after, state.rules, needs_marriage(state.rules, bool(state.passes)))
    if best is None:
        return ["Advice: none (no marriage: you may name no trump)"]
    points = meld(after, state.rules).trumps[best].points
    return [f"Advice: {SUIT_SYMBOLS[best]} (meld {points}, {after.suit_length(best)} cards"
            " of it)"]


# ------------------------------------------------------------------------ what is revealed


def revealed(record: Record, you: int) -> list[str]:
    """What the play has shown of the other seats' hands when it is ``you`` to play, a line a
    seat (``play.facts``, in the words ``card`` prints): the suits it has none of, the highest
    card it can hold in a suit, the cards it surely holds (its meld shown, the cards you passed
    it, not yet played)."""
    from ..play.facts import read_position
    from .hand import card_position

    state = record.state
    d = state.next_decision()
    if d.kind != "play" or d.seat != you:
        return []
    position = card_position(state, you)
    if position is None:
        return []
    try:
        return read_position(position, record.rules).lines()
    except UserError:  # said with the card advice
        return []


# --------------------------------------------------------------------------- files


def sheet_row(record: Record) -> dict[str, object]:
    """The finished hand as a row of the game's score sheet (``score --sheet``'s columns)."""
    from ..scoring import SIDES

    state = record.state
    if not state.complete or state.contract is None:
        raise RecordError("the hand is not over: it goes on the score sheet once it is")
    meld = state.side_meld()
    if meld is None:
        raise RecordError("the score sheet needs every seat's meld: enter the meld each seat"
                          " showed")
    seat, bid = state.contract.seat, state.contract.bid
    outcome = state.outcome()
    tricks = state.trick_points()
    note = record.tag("Date") or ""
    return {"bidder": SIDES[seat & 1], "bid": bid, "meld_us": meld[0], "meld_them": meld[1],
            "tricks_us": "" if tricks is None else tricks[0],
            "tricks_them": "" if tricks is None else tricks[1],
            "result": "" if outcome == "played" else outcome, "note": note}


def add_to_sheet(record: Record, path: str) -> dict[str, object]:
    """Append the finished hand to a score sheet (CSV with a header, made if new; or JSON
    lines, if the sheet is JSON lines); the row written."""
    from ..records import csv_row, dumps
    from ..scoring import SHEET_COLUMNS

    row = sheet_row(record)
    existing = ""
    if os.path.exists(path):
        try:
            with open(path, encoding="utf-8-sig") as f:
                existing = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise UserError(f"cannot read the score sheet {path}: {e}") from None
    first = next((line for line in existing.splitlines()
                  if line.strip() and not line.lstrip().startswith("#")), "")
    if first.lstrip().startswith("{"):
        text = dumps({k: v for k, v in row.items() if v != ""}) + "\n"
    else:
        text = (csv_row(SHEET_COLUMNS) + "\n" if not first else "") + csv_row(
            [row[c] for c in SHEET_COLUMNS]) + "\n"
    if existing and not existing.endswith("\n"):
        text = "\n" + text
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise UserError(f"cannot write the score sheet {path}: {e.strerror}") from None
    return row


def card_words() -> list[str]:
    """Every card as it may be typed (``AH``, ``10S``), for completion."""
    return [f"{r}{s}" for s in SUITS for r in RANKS]


__all__ = ["Entry", "read_entry", "prompt", "your_turn", "advice", "revealed", "save_record",
           "sheet_row", "add_to_sheet", "card_words", "COMMANDS", "WORDS"]
