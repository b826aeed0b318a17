"""``table``: follow a real hand as it happens, event by event, with the advice when it is your
turn (``game.session``). The record is saved after every event (``--record``), so that an
interrupted session resumes with ``--resume``.

On a terminal the events are typed at a prompt, with completion of card names (Tab) and the
line editing of readline; otherwise they are read one per line from standard input, so that a
session can be scripted. Only typer and the standard library are imported at the top.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from ..errors import UserError
from .app import RulesOption, SeedOption, command, rules_option

HELP = """Type the next event, the seat implied by whose turn it is:
  a call        50, 55, p (pass)
  a suit        H, ♥, hearts (trump; none: no marriage), also the suit asked for
  cards passed  AH 10H KH QH, or ♥A 10 K Q
  meld shown    1: ♠K Q ♥K Q (the seat, then the cards; 1: none)
  a card        AH, A♥, 10s (Tab completes card names)
  throw-in      the bidder concedes
or a line of the record (call 2: 55), with a comment in braces at the end: 55 {late}.
Commands: undo (take the last event back), show (the hand so far), advice, help, quit."""


@command()
def table(
    record_path: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--record", help="The file the record is written to, after every event (default:"
        " hand-DATE-TIME.txt here).")] = None,
    resume: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--resume", help="Go on with the hand recorded in this file (and keep writing it).")
    ] = None,
    seat: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--seat", min=0, max=3, help="Your seat, 0 to 3 clockwise (us: 0 and 2; default 0,"
        " or the record's).")] = None,
    dealer: Annotated[int, typer.Option("--dealer", min=0, max=3, help="The seat that deals"
                                        " (the seat on its left calls first).")] = 3,
    hand: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--hand", help="Your 20 cards, any notation (else asked for first).")] = None,
    convention: Annotated[str, typer.Option(
        "--convention", "-c", help="The bidding convention: jump, davis or toby.")] = "jump",
    sheet: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--sheet", help="A game score sheet (score --sheet) the finished hand is added to.")
    ] = None,
    tag: Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
        "--tag", help="NAME=VALUE, a tag of the record (Date, Place, Players); repeatable.")
    ] = None,
    samples: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--samples", "-n", min=1, max=100_000, show_default=False,
        help="Simulated deals behind each advice; default: each advice's own.")] = None,
    seed: SeedOption = 0,
    rules: RulesOption = None,
) -> None:
    """Follow a hand at the table: type your hand, then each event as it happens; the advice
    shows when it is your turn, with what the play has revealed of the other hands.

    The record is written after every event, so nothing is lost; --resume FILE goes on from
    where it stopped. A finished hand goes on the score sheet with --sheet. Without a terminal,
    the events are read one per line from standard input. Type help for what may be typed."""
    from ..bidding.conventions import CONVENTIONS, convention_rules
    from ..game.hand import Record, load_record, save_record
    from ..seats import Seat

    conv = convention.strip().lower()
    if conv not in CONVENTIONS:
        raise typer.BadParameter(f"{convention!r} is not one of {', '.join(CONVENTIONS)}",
                                 param_hint="'--convention'")
    if resume is not None:
        if record_path is not None or rules is not None or hand is not None:
            raise typer.BadParameter("--resume goes on with the record's own file, rules and"
                                     " hand: leave out --record, --rules and --hand")
        record = load_record(resume)
        path = resume
        you = seat if seat is not None else _you(record)
        conv = record.tag("Convention") or conv
    else:
        path = record_path or _default_path()
        you = 0 if seat is None else seat
        # a convention implies its game's rules, as in bid and explain
        chosen, _ = convention_rules(conv, rules_option(rules) if rules is not None else None)
        record = Record(chosen, Seat(dealer))
        for name, value in [("You", str(you)), ("Convention", conv), *_tags(tag)]:
            record = record.with_tag(name, value)
        if hand is not None:
            record = _with_hand(record, you, hand)
        save_record(record, path)
    _Session(record, path, you, conv, sheet, samples, seed).run()


def _default_path() -> str:
    import time

    return time.strftime("hand-%Y%m%d-%H%M%S.txt")


def _you(record) -> int:
    word = record.tag("You")
    if word in ("0", "1", "2", "3"):
        return int(word)
    known = record.known_seats
    return known[0] if known else 0


def _tags(items: list[str] | None) -> list[tuple[str, str]]:
    out = []
    for item in items or []:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise typer.BadParameter(f"{item!r}: write NAME=VALUE, e.g. Date=2026-03-14",
                                     param_hint="'--tag'")
        out.append((name.strip(), value.strip()))
    return out


def _with_hand(record, you: int, text: str):
    from dataclasses import replace

    from ..game.hand import settled
    from ..hand import Hand

    cards = Hand.parse(text)
    if len(cards) != 20:
        raise UserError(f"your hand is 20 cards, not {len(cards)}")
    hands = list(record.hands)
    hands[you] = cards
    return settled(replace(record, hands=tuple(hands)))


class _Session:
    """The loop: read a line, refuse it or add it to the record, save, advise."""

    def __init__(self, record, path: str, you: int, convention: str, sheet: str | None,
                 samples: int | None, seed: int):
        self.record, self.path, self.you = record, path, you
        self.convention, self.sheet = convention, sheet
        self.samples, self.seed = samples, seed
        self.terminal = sys.stdin.isatty()
        if hasattr(sys.stdin, "reconfigure"):  # a line that is not UTF-8 is refused, not fatal
            sys.stdin.reconfigure(errors="surrogateescape")

    def say(self, text: str = "") -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def run(self) -> None:
        self.say(f"Recording to {self.path} (you: seat {self.you}; seat"
                 f" {self.record.dealer} deals; rules {self.record.rules.name})")
        if self.terminal:
            self._completion()
        if self.record.hands[self.you] is not None:
            self._after()
        while True:
            if self.record.state.complete and self.record.hands[self.you] is not None:
                self._finish()
                return
            try:
                line = self._read()
            except EOFError:
                self._stopped()
                return
            except KeyboardInterrupt:
                self.say("")
                self._stopped()
                raise typer.Exit(130) from None
            if line is None:
                continue
            bad = next((i for i, ch in enumerate(line) if "\udc80" <= ch <= "\udcff"), None)
            if bad is not None:
                self.say(f"refused: the line is not UTF-8 text (a byte it cannot read at"
                         f" column {bad + 1})")
                continue
            if not self._take(line):
                return

    def _read(self) -> str | None:
        text = self._prompt()
        if self.terminal:
            return input(text)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        if not line.strip() or line.lstrip().startswith("#"):
            return None
        shown = line.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        self.say(f"{text}{shown}")
        return line

    def _prompt(self) -> str:
        from ..game.session import prompt

        if self.record.hands[self.you] is None:
            return f"your hand (seat {self.you})> "
        n = len(self.record.events) + 1
        return f"event {n} · {prompt(self.record, self.you)}> "

    def _take(self, line: str) -> bool:
        """One line typed; False when the session ends."""
        from ..game.hand import RecordError
        from ..game.session import read_entry

        if self.record.hands[self.you] is None:
            if line.strip().lower() in ("quit", "q"):
                self._stopped()
                return False
            try:
                self.record = _with_hand(self.record, self.you, line)
            except UserError as e:
                self.say(f"refused: {e}")
                return True
            self._save()
            self._after()
            return True
        try:
            entry = read_entry(self.record, line)
        except RecordError as e:
            self.say(f"refused: {e}")
            return True
        if entry.command is not None or entry.event is None:
            return self._command(entry.command or "help")
        try:
            self.record = self.record.then(entry.event)
        except RecordError as e:
            self.say(f"refused: {_short(str(e))}")
            return True
        self._save()
        self.say(f"  event {len(self.record.events)}: {entry.event.words()}")
        self._after()
        return True

    def _command(self, command: str) -> bool:
        from ..game.session import advice

        if command == "quit":
            self._stopped()
            return False
        if command == "help":
            self.say(HELP)
        elif command == "show":
            from .record import print_record

            print_record(self.record)
        elif command == "advice":
            lines = advice(self.record, self.you, samples=self.samples, seed=self.seed,
                           convention=self.convention)
            self.say("\n".join(lines) if lines else "No advice: it is not your turn to decide")
        elif command == "undo":
            if self.record.events:
                last = self.record.events[-1]
                self.record = self.record.undo()
                self.say(f"  undone: {last.words()}")
            else:
                self.say("  nothing to undo")
            self._save()
        return True

    def _after(self) -> None:
        """After an event: the advice when it is your turn, and what the play revealed."""
        from ..game.session import advice, revealed, your_turn

        if self.record.state.complete or not your_turn(self.record, self.you):
            return
        for line in advice(self.record, self.you, samples=self.samples, seed=self.seed,
                           convention=self.convention):
            self.say(line)
        facts = revealed(self.record, self.you)
        if facts:
            self.say("What the play shows:")
            for line in facts:
                self.say(f"  {line}")

    def _save(self) -> None:
        from ..game.hand import save_record

        save_record(self.record, self.path)

    def _finish(self) -> None:
        from ..game.session import add_to_sheet

        record = self.record
        if record.result is not None:
            score = "" if record.score is None else \
                f": us {record.score[0]:+d}, them {record.score[1]:+d}"
            self.say(f"The hand is over: {record.result}{score}")
        else:
            self.say("The hand is over")
        self.say(f"The record is in {self.path}")
        if self.sheet is not None:
            try:
                row = add_to_sheet(record, self.sheet)
            except UserError as e:
                self.say(f"Not on the score sheet: {e}")
                raise typer.Exit(1) from None
            self.say(f"Added to the score sheet {self.sheet}: {row['bidder']} bid {row['bid']},"
                     f" {row['result']}")

    def _stopped(self) -> None:
        self.say(f"Stopped; the record is in {self.path}: go on with pinochle-calc table"
                 f" --resume {self.path}")

    def _completion(self) -> None:
        """Tab completes card names and the words a player may type (readline)."""
        try:
            import readline
        except ImportError:  # no readline on this platform: no completion
            return
        from ..game.session import WORDS, card_words

        words = [*WORDS, *card_words()]

        def complete(text: str, state: int) -> str | None:
            low = text.lower()
            found = [w for w in words if w.lower().startswith(low)]
            return found[state] + " " if state < len(found) else None

        readline.set_completer(complete)
        readline.set_completer_delims(" \t,{}:")
        readline.parse_and_bind("tab: complete")


def _short(text: str) -> str:
    return text if len(text) < 400 else text[:397] + "..."
