"""Following a hand at a real table, event by event: what a player types read as the next event
of the record (``read_entry``), the advice when it is that player's turn (``advice``), what the
play has revealed of the other hands (``revealed``), the record saved after every event so that
nothing is lost (``save_record``), and the finished hand as a row of the game's score sheet
(``sheet_row``, ``add_to_sheet``). The terminal side is ``cli.table``.

What a player types is the next event in the notations the other commands read, the seat
implied by whose turn it is: a call (``50``, ``p``), a suit (``H``, ``♥``, ``none``), cards
(``AH 10H KH QH``, ``♥A 10 K Q``; ``hidden``: the opponents' pass, not seen), a seat's meld
(``1: ♠K Q ♥K Q``, ``1: none``), ``throw-in``, a card (``AH``, ``A♥``); or any line of the
record's text form (``call 2: 55``). A comment in braces may follow (``55 {she hesitated}``).
The words ``undo``, ``show``, ``advice``, ``help`` and ``quit`` are commands.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..cards import CARDS, RANKS, SUIT_SYMBOLS, SUITS
from ..errors import UserError
from ..hand import Hand
from .hand import Event, HandState, MeldShown, Play, Record, RecordError, ThrowIn, save_record
from .hand.events import HIDDEN
from .hand.text import event_from_text, seat_word, split_at, trailing_comment, trick_items

Command = Literal["undo", "show", "advice", "help", "quit"]
COMMANDS: tuple[Command, ...] = ("undo", "show", "advice", "help", "quit")
#: Words a player may type besides cards, for completion.
WORDS = ("pass", "none", HIDDEN, "throw-in", "undo", "show", "advice", "help", "quit")


@dataclass(frozen=True)
class Entry:
    """What a line typed means: events (a whole trick may be typed at once; the seats filled
    in) or a command; ``said``: the points a meld was typed with, checked against the cards
    (as a record's are)."""

    events: tuple[Event, ...] = ()
    command: Command | None = None
    said: int | None = None

    @property
    def event(self) -> Event | None:
        """The first event (None: a command)."""
        return self.events[0] if self.events else None

    def apply(self, record: Record) -> Record:
        """The record with the events, all or none (``RecordError``: the first refused, or a
        meld whose points are not what its cards make)."""
        done = record
        for event in self.events:
            done = done.then(event)
        if self.said is not None and isinstance(self.events[0], MeldShown):
            seat = self.events[0].seat
            shown = done.state.melds[seat]
            points = shown[0] if shown is not None else 0
            if points != self.said:
                raise RecordError(f"the meld says {self.said}, but the cards shown make"
                                  f" {points}", rule=f"the meld table, {record.rules.name}")
        return done


def read_entry(record: Record, text: str) -> Entry:
    """The events or command a typed line means, for the hand as recorded so far
    (``RecordError`` saying what was expected where it means neither)."""
    line = text.strip().lstrip("\ufeff").strip()
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
        kind, seat_number, value, comment, at = split_at(line)
        if kind == "lead":
            leader = seat_word(seat_number)
            if state.trick:
                raise RecordError(f"a lead line starts a trick: the trick in progress has"
                                  f" {len(state.trick)} cards (type the cards left)")
            try:
                items = trick_items(value)
            except RecordError as e:
                raise e.shifted(at) from None
            if not 1 <= len(items) <= 4:
                raise RecordError("a trick is its leader and up to four cards: lead 0: A♥ 10♥"
                                  " K♥ J♥")
            return Entry(tuple(Play(leader.after(k), card, remark)
                               for k, (card, remark) in enumerate(items)))
        try:
            event, said = event_from_text(kind, seat_number, value, comment)
        except RecordError as e:
            raise e.shifted(at) from None
        return Entry((event,), said=said)
    value, comment = trailing_comment(line)
    d = state.next_decision()
    kind, seat = d.kind, d.seat
    if kind == "over":
        raise RecordError("the hand is over: nothing more comes (undo takes the last event"
                          " back)")
    if value.lower().replace(" ", "-") == "throw-in":
        return Entry((ThrowIn(state.bidder, comment),))
    if kind == "request" and value.strip().lower() == HIDDEN:  # no suit asked: the pass came
        kind, seat = "pass", state.bidder.partner
    if kind in ("call", "request", "trump", "pass"):
        event, _ = event_from_text(kind, str(seat), value, comment)
        return Entry((event,))
    if kind == "meld":
        m = re.fullmatch(r"([0-3])\s*:?\s*(.*)", value, re.S)
        if m is None:
            if all(_looks_like_card(v) for v in value.split()):
                return Entry(_plays(state, value, comment))
            raise RecordError("meld: the seat, then the cards it shows (1: ♠K Q ♥K Q, or"
                              " 1: none; its points first, as records write it, are checked:"
                              " 1: 4 ♠K Q), or the first card played")
        shown = m.group(2).strip()
        if shown.lower() in ("none", "-", "nothing"):
            shown = ""
        event, said = event_from_text("meld", m.group(1), shown, comment)
        return Entry((event,), said=said)
    return Entry(_plays(state, value, comment))


def _looks_like_card(text: str) -> bool:
    from ..cards import CARD_TOKENS

    return text.strip().lower() in CARD_TOKENS


def _plays(state: HandState, value: str, comment: str) -> tuple[Event, ...]:
    """The cards typed, played in turn from the seat to play (a trick may be typed whole,
    never more than the trick in progress takes); the comment goes with the last."""
    items = trick_items(value)
    room = 4 - len(state.trick)
    if not items:
        raise RecordError("type the card played: AH, A♥, 10s")
    if len(items) > room:
        held = f"the trick in progress has {len(state.trick)}, so" if state.trick else "so"
        raise RecordError(f"{len(items)} cards: a trick is four cards, {held} at most {room}"
                          " more")
    first = state.to_play()
    plays = [Play(first.after(k), card, remark) for k, (card, remark) in enumerate(items)]
    if comment:
        last = plays[-1]
        plays[-1] = Play(last.seat, last.card, comment)
    return tuple(plays)


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
        if state.complete:  # thrown in, or no trump: no card comes, the score needs the meld
            return "meld: seat " + ", ".join(map(str, shown)) + " to show (for the score)"
        return ("meld: seat " + ", ".join(str(s) for s in shown) + " to show (or the first"
                " card" + (", or throw-in" if state.bidder == you else "") + ")")
    what = {"call": "to call", "request": "to ask for a suit", "trump": "to name trump",
            "pass": f"to pass {state.exchange_cards} cards", "play": "to play"}[kind]
    if seat is not None and (seat ^ you) & 1:  # the opponents pass face down
        if kind == "pass":
            what += f" ({HIDDEN}: not seen)"
        elif kind == "request":
            what += f" (or {HIDDEN}: seat {seat ^ 2}'s pass, not seen)"
    if kind == "play" and state.trick:
        what += " to " + " ".join(CARDS[c].symbol for c in state.trick)
    return f"{who} {what}"


def your_turn(record: Record, you: int) -> bool:
    """Whether the hand waits for ``you`` to decide."""
    d = record.state.next_decision()
    return d.seat == you and d.kind in ("call", "request", "trump", "pass", "play")


# ------------------------------------------------------------------------------- advice


def advice(record: Record, you: int, *, samples: int | None = None, seed: int = 0,
           convention: str = "jump", score: tuple[int, int] | None = None) -> list[str]:
    """The advice for ``you`` now, in lines a player reads (empty when it is not your turn or
    there is no advice for this kind of decision), seeded as ``card`` and the review seed the
    same event (``decisions.decision_seed``, from the hand's seed: ``record_seed``).
    ``score``: the game's score before the hand, your side's first (the sheet's:
    ``your_score``), for the call and the pass that give the best chance of winning the
    game."""
    from .decisions import decision_seed, record_seed

    state = record.state
    d = state.next_decision()
    hand = record.hands[you]
    if d.seat != you or hand is None:
        return []
    base = record_seed(record, seed).seed
    if d.kind == "call":
        return _bid_advice(state, hand, samples, decision_seed(state, base), convention,
                           score)
    if d.kind == "pass":
        return _pass_advice(state, you, samples, decision_seed(state, base), convention,
                            score)
    if d.kind in ("trump", "request"):
        return _trump_advice(state, you, hand, samples, base, convention)
    if d.kind == "play":
        return _card_advice(state, you, samples, decision_seed(state, base))
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
    more = len(a.choices) - CARD_CHOICES
    if more > 0:
        lines.append(f"  ({more} more card scores lower)" if more == 1 else
                     f"  ({more} more cards score lower)")
    return lines


def _bid_advice(state: HandState, hand: Hand, samples, seed, convention,
                score: tuple[int, int] | None = None) -> list[str]:
    from ..bidding.advise import advise
    from ..bidding.estimate import DEFAULT_SAMPLES

    a = advise(hand, state.auction, convention, samples=samples or DEFAULT_SAMPLES, seed=seed,
               score=score)
    call = "pass" if a.call is None else str(a.call)
    lines = [f"Advice: {call} ({a.meaning})", f"  why: {a.reason}"]
    if a.game is not None:
        from ..bidding.game_call import share

        lines.append("  the chance of winning the game after each call: " + ", ".join(
            f"{'pass' if c is None else c} {share(p)}" for c, p in a.game.chances))
    best = a.estimate.best
    if best is not None and a.estimate.trump is not None:
        top = "the minimum" if best.max_bid is None else str(best.max_bid)
        lines.append(f"  name {a.estimate.trump_words()} if you win the bid; go no"
                     f" higher than {top}")
    return lines


def _pass_advice(state: HandState, you: int, samples, seed, convention,
                 score: tuple[int, int] | None = None) -> list[str]:
    """The pass advice (``pass``'s), asked the question the review judges the pass by; with
    the game's score, weighed for the game at the contract's bid (``game_pass``)."""
    from .decisions import PASS_SAMPLES, pass_advice, pass_request

    request = pass_request(state, you, convention)
    a = pass_advice(request, state.rules, samples=samples or PASS_SAMPLES, seed=seed)
    lines = a.lines()[:1 + len(a.reasons)]
    if score is not None and state.contract is not None:
        from .game_pass import pass_for_game

        g = pass_for_game(a, score, state.contract.bid, state.rules, seed=seed)
        if g.differs:
            return g.lines()
        lines.append(f"  for the game: {g.summary()}")
    return lines


def _trump_advice(state: HandState, you: int, hand: Hand, samples, seed: int,
                  convention: str) -> list[str]:
    """The trump to name (or the suit to ask for): before the exchange, the bid advice's
    (``bidding.advise.trump_advice``: the estimate at your last call, seeded as that call's
    advice was, so it names the suit the "name" line gave); with the exchange's cards in
    hand, the most meld (``meld.trump_to_name``)."""
    from ..bidding.advise import last_call, trump_advice
    from ..bidding.estimate import DEFAULT_SAMPLES
    from ..meld.engine import meld
    from .decisions import call_seed, decision_seed

    after = state.after_exchange(you) or hand
    report = meld(after, state.rules)
    if not state.passes:
        auction = None if state.contract is None or state.contract.given else state.auction
        seeded = decision_seed(state, seed) if auction is None else \
            call_seed(seed, state.bidder.turn(state.dealer), len(last_call(auction).calls))
        result = trump_advice(hand, auction, convention, samples=samples or DEFAULT_SAMPLES,
                              seed=seeded, rules=state.rules)
        if result.trump is None:
            return ["Advice: none (no marriage: you may name no trump)"]
        named = result.trump
        alike = "".join(f"; {SUIT_SYMBOLS[t]} as good" for t in result.as_good)
        return [f"Advice: {SUIT_SYMBOLS[named]} (meld {report.trumps[named].points},"
                f" {after.suit_length(named)} cards of it: the suit the bid advice"
                f" names{alike})"]
    best = report.trump_to_name(state.rules.needs_marriage(exchanged=bool(state.passes)))
    if best is None:
        return ["Advice: none (no marriage: you may name no trump)"]
    points = report.trumps[best].points
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


# ------------------------------------------------------------------------------ meld


def your_meld(record: Record, you: int) -> tuple[int, Hand] | None:
    """The meld ``you`` hold now, in trump (or your best suit where no trump is named), and
    the cards that show it (None: your cards are not known, or there is no trump yet)."""
    state = record.state
    held = state.after_exchange(you)
    if held is None or not state.trump_named:
        return None
    return state.meld_shown(held)


def meld_words_of(record: Record, cards: Hand) -> str:
    """The melds ``cards`` make in the hand, in words (``a run, a pinochle``)."""
    from ..meld.engine import meld
    from ..meld.words import meld_words

    state = record.state
    report = meld(cards, state.rules)
    named = state.trump is not None and not state.lost
    return meld_words(report.trumps[state.trump] if named else report.best)  # type: ignore[index]


def meld_lines(record: Record, you: int) -> list[str]:
    """What your hand holds when the meld is shown: its points, in words, and what to type."""
    mine = your_meld(record, you)
    if mine is None or record.state.melds[you] is not None:
        return []
    points, cards = mine
    if not points:
        return [f"Your meld: none (type {you}: none)"]
    return [f"Your meld: {points} ({meld_words_of(record, cards)}): type {you}:"
            f" {cards.symbols()}"]


def meld_warning(record: Record, you: int) -> str | None:
    """A warning where the meld you showed is less than your hand holds (None: it is not)."""
    state = record.state
    shown = state.melds[you]
    held = state.after_exchange(you)
    if shown is None or held is None:
        return None
    points, cards = state.meld_shown(held)
    if shown[0] >= points:
        return None
    return (f"warning: you showed {shown[0]} meld, but your hand holds {points}"
            f" ({cards.symbols()}): undo, and show it all")


# --------------------------------------------------------------------------- files

#: The largest score sheet read (a game is a few dozen rows).
MAX_SHEET = 1 << 20


def sheet_row(record: Record) -> dict[str, object]:
    """The finished hand as a row of the game's score sheet (``score --sheet``'s columns; the
    result is left to the scoring for a hand played, as ``score`` finds made or set)."""
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


def plain_file(path: str, what: str) -> bool:
    """Whether ``path`` exists, refusing one that is not a plain file (a FIFO, a device, a
    folder: reading one may never end, and writing one keeps nothing)."""
    import stat

    try:
        found = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as e:
        raise UserError(f"cannot use the {what} {path}: {e.strerror}") from None
    if not stat.S_ISREG(found.st_mode):
        raise UserError(f"the {what} {path} is not a plain file")
    return True


def read_sheet_bytes(path: str) -> bytes:
    """A score sheet's bytes (none where there is no sheet yet), at most ``MAX_SHEET``."""
    from ..lines import read_bytes

    if not plain_file(path, "score sheet"):
        return b""
    data = read_bytes(path, MAX_SHEET)
    if len(data) > MAX_SHEET:
        raise UserError(f"the score sheet {path} is longer than {MAX_SHEET:,} bytes")
    return data


def sheet_text(data: bytes, path: str) -> str:
    """A score sheet's text from its bytes (a byte order mark dropped)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise UserError(f"cannot read the score sheet {path}: not UTF-8 text (byte"
                        f" {e.start + 1})") from None


def read_sheet_text(path: str) -> str:
    """A score sheet's text (empty where there is none yet), at most ``MAX_SHEET`` bytes."""
    return sheet_text(read_sheet_bytes(path), path)


def sheet_addition(record: Record, before: bytes, path: str = "score sheet",
                   settings: bool = True) -> bytes:
    """What the finished hand adds to a score sheet that holds ``before``: its row (CSV, or a
    JSON line where the sheet is JSON lines), after the header where the sheet has none yet and
    a line end where its last line has none; before them, the settings line of the game's
    settings (``game.settings``) where the hand was kept with other settings than the sheet's
    last line says, or more of them, or the sheet has none (``settings``: False, never)."""
    from ..records import csv_row, dumps
    from ..scoring import SHEET_COLUMNS
    from .settings import ON_SHEET, of_record, settings_line, sheet_settings

    row = sheet_row(record)
    existing = sheet_text(before, path)
    lines = existing.splitlines()
    first = next((line for line in lines
                  if line.strip() and not line.lstrip().startswith("#")), "")
    kept, last = of_record(record).only(ON_SHEET), sheet_settings(lines)
    text = "" if not settings or last is not None and not last.differences(kept) and \
        kept.said <= last.said else settings_line(kept) + "\n"
    if first.lstrip().startswith("{"):
        text += dumps({k: v for k, v in row.items() if v != ""}) + "\n"
    else:
        text += (csv_row(SHEET_COLUMNS) + "\n" if not first else "") + csv_row(
            [row[c] for c in SHEET_COLUMNS]) + "\n"
    if existing and not existing.endswith(("\n", "\r")):
        text = "\n" + text
    return text.encode("utf-8")


def add_to_sheet(record: Record, path: str) -> dict[str, object]:
    """Append the finished hand to a score sheet (CSV with a header, made if new; or JSON
    lines, if the sheet is JSON lines); the row written. ``put_on_sheet`` does it once however
    often it is asked."""
    before = read_sheet_bytes(path)
    _append(path, sheet_addition(record, before, path), len(before))
    return sheet_row(record)


def _append(path: str, addition: bytes, at: int) -> None:
    """``addition`` written at the end of the sheet, ``at`` bytes long, and flushed to disk
    (before a record says it is there); where the write fails, the sheet cut back to its
    ``at`` bytes, so that no half row is left."""
    try:
        with open(path, "ab") as f:
            try:
                f.write(addition)
                f.flush()
                os.fsync(f.fileno())
            except OSError:
                f.truncate(at)
                raise
    except OSError as e:
        raise UserError(f"cannot write the score sheet {path}: {e.strerror}") from None


#: The tags that say where a finished hand went on a score sheet (``put_on_sheet``): the sheet
#: (its full path, links resolved; empty where no tag can hold it) and the byte its row starts
#: at, ``at byte N``, or ``adding at byte N`` while the row is being written.
SHEET_TAGS = ("Sheet", "SheetRow")
_ROW_MARK = re.compile(r"(adding )?at byte ([0-9]{1,12})")


def put_on_sheet(record: Record, path: str, save: Callable[[Record], None]
                 ) -> tuple[Record, dict[str, object] | None, str | None]:
    """The finished hand on the score sheet at ``path`` once, however the sheet is named (as
    given, ``./`` before it, its full path, a link to it, from another folder) and wherever the
    program is killed. The record is the journal: tagged with the sheet and the byte where the
    row will start, marked ``adding``, and saved (``save``); then the row is appended; then the
    mark is dropped and the record saved again. A hand tagged so is on the sheet where the sheet
    holds its row at that byte (a kill after the row, or the sheet renamed since), or where the
    tag names this very file and is not ``adding`` (whatever was done to the sheet since,
    unless it was emptied); else the row is written (a kill before it: the sheet is as long as
    it was), with a warning where the sheet changed while the row was being added. Returns the
    record as tagged, the row written (None: on the sheet already) and the warning."""
    data = read_sheet_bytes(path)
    addition = sheet_addition(record, data, path)  # a hand not over is refused before a write
    named, at, adding = _sheet_mark(record)
    if at is not None and _holds_row(record, data, at):
        if adding:
            record = _marked(record, path, at, False)
            save(record)
        return record, None, None
    same = _same_sheet(named, path)
    if same and not adding and data:
        return record, None, None
    warning = (f"the score sheet {path} changed while this hand was being added to it: check"
               " that it holds the hand once") if same and adding and len(data) != at else None
    record = _marked(record, path, len(data), True)
    save(record)
    _append(path, addition, len(data))
    record = _marked(record, path, len(data), False)
    save(record)
    return record, sheet_row(record), warning


def _sheet_mark(record: Record) -> tuple[str | None, int | None, bool]:
    """The sheet a record's tags name, the byte they say its row starts at (None: not said, as
    in a record of an older version, or not readable) and whether it was being added."""
    found = _ROW_MARK.fullmatch(record.tag(SHEET_TAGS[1]) or "")
    if found is None:
        return record.tag(SHEET_TAGS[0]), None, False
    return record.tag(SHEET_TAGS[0]), int(found.group(2)), bool(found.group(1))


def _marked(record: Record, path: str, at: int, adding: bool) -> Record:
    """The record tagged as on the sheet at ``path``, its row at byte ``at``."""
    from .hand.tags import check_tag

    name = os.path.realpath(path)
    try:
        check_tag(SHEET_TAGS[0], name)
    except RecordError:  # a name no tag can hold (a line end in it, thousands of characters)
        name = ""
    return record.with_tag(SHEET_TAGS[0], name).with_tag(
        SHEET_TAGS[1], f"{'adding ' if adding else ''}at byte {at}")


def _holds_row(record: Record, data: bytes, at: int) -> bool:
    """Whether a sheet of bytes ``data`` holds the hand's row at byte ``at``, as
    ``sheet_addition`` writes it there."""
    if at > len(data):
        return False
    try:
        additions = [sheet_addition(record, data[:at], settings=wanted)
                     for wanted in (True, False)]  # False: as a version before settings wrote
    except UserError:  # the bytes before are not text: not where the row was written
        return False
    return any(data[at:at + len(addition)] == addition for addition in additions)


def _same_sheet(named: str | None, path: str) -> bool:
    """Whether the sheet a record's tag names is the file at ``path``, however either is
    spelled (a tag of an older version holds the name as it was given)."""
    from .settings import same_file

    return bool(named) and same_file(named, path)  # type: ignore[arg-type]


def your_score(path: str, rules, you: int) -> tuple[int, int] | None:
    """The game's score on the sheet before the hand, ``you``'s side first (0 to 0 on a sheet
    with no hands yet); None where the sheet cannot be read or its game is over."""
    try:
        game = game_so_far(path, rules)
    except UserError:
        return None
    if game is None:
        return 0, 0
    if game.winner is not None or game.failed:
        return None
    side = you & 1
    return game.totals[side], game.totals[side ^ 1]


def game_so_far(path: str, rules):
    """The game on the score sheet (``scoring.Game``: the running totals, the winner once a
    side reaches the target), or None where the sheet has no hands yet."""
    import io

    from ..lines import read_lines
    from ..scoring import read_sheet, score_game

    text = read_sheet_text(path)
    if not text.strip():
        return None
    rows = list(read_sheet(read_lines(io.BytesIO(text.encode("utf-8"))), path))
    return score_game(rows, rules, source=path)


def next_path(path: str, deal: int) -> str:
    """The file for deal ``deal`` of the game whose last record is ``path``: its name with
    ``-DEAL`` (in place of the last deal's), never a file that exists."""
    folder, name = os.path.split(path)
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    stem = re.sub(rf"-{deal - 1}$", "", stem)
    n = deal
    while True:
        candidate = os.path.join(folder, f"{stem}-{n}" + (f".{ext}" if dot else ""))
        if not os.path.lexists(candidate):
            return candidate
        n += 1


#: The tags of one hand, which the next does not carry: its number, its place on the sheet,
#: and those a hand the engine played has (its players, seed, chance, what-if).
HAND_TAGS = ("Deal", *SHEET_TAGS, "Us", "Them", "UsConvention", "ThemConvention", "Seed",
             "Samples", "Prediction", "From", "Drawn", "Run")


def next_record(record: Record) -> Record:
    """The next hand of the game, before its cards: the same rules and the game's tags (not
    ``HAND_TAGS``), the deal passed to the left (the old dealer's left-hand seat deals), the
    deal's number (its ``Deal`` tag) one more."""
    from ..seats import Seat

    deal = deal_number(record) + 1
    fresh = Record(record.rules, Seat((record.dealer + 1) % 4))
    for name, value in record.tags:
        if name.lower() not in (t.lower() for t in HAND_TAGS):
            fresh = fresh.with_tag(name, value)
    return fresh.with_tag("Deal", str(deal))


def deal_number(record: Record) -> int:
    """The record's deal in the game (its ``Deal`` tag; 1 without one)."""
    word = record.tag("Deal") or ""
    return int(word) if re.fullmatch(r"[0-9]{1,6}", word) else 1


def card_words() -> list[str]:
    """Every card as it may be typed (``AH``, ``10S``), for completion."""
    return [f"{r}{s}" for s in SUITS for r in RANKS]


__all__ = ["Entry", "read_entry", "prompt", "your_turn", "advice", "revealed", "save_record",
           "sheet_row", "add_to_sheet", "put_on_sheet", "sheet_addition", "read_sheet_bytes",
           "SHEET_TAGS", "game_so_far", "your_score", "next_path", "next_record",
           "deal_number", "your_meld", "meld_lines", "meld_warning", "plain_file", "card_words",
           "COMMANDS", "WORDS", "HAND_TAGS"]
