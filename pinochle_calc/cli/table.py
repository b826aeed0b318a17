"""``table``: follow a real game as it happens, hand by hand and event by event, with the advice
when it is your turn (``game.session``). Each hand's record is saved after every event
(``--save``; the next hand's beside it), so that an interrupted session resumes with
``--resume`` (which removes what saves killed mid-way left); a finished hand goes on the game's
score sheet (``--sheet``) once, however often it is resumed and wherever it was stopped
(``session.put_on_sheet``), and the sheet keeps the running score and says when the game is
over.

On a terminal the events are typed at a prompt, with completion of card names (Tab) and the
line editing of readline; otherwise they are read one per line from standard input, so that a
session can be scripted (exit status 1 when a line was refused). Only typer and the standard
library are imported at the top.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Optional

import typer

from ..errors import UserError
from .app import HandArgument, RulesOption, SeedOption, command, rules_option

HELP = """Type the next event, the seat implied by whose turn it is:
  a call        50, 55, p (pass)
  a suit        H, ♥, hearts (trump; none: no marriage), also the suit asked for
  cards passed  AH 10H KH QH, or ♥A 10 K Q; hidden: the opponents' pass, not seen
  meld shown    1: ♠K Q ♥K Q (the seat, then the cards; 1: none; 1: 4 ♠K Q with its points)
  a card        AH, A♥, 10s (Tab completes card names); a whole trick: A♥ 10♥ K♥ J♥
  throw-in      the bidder concedes
or a line of the record (call 2: 55, lead 1: A♠ 10♠ K♠ Q♠), with a comment in braces at the
end: 55 {late}.
Commands: undo (take the last event back), show (the hand so far), advice, help, quit."""

#: The tags ``table`` writes from its own options: no ``--tag`` takes their names.
OWN_TAGS = ("You", "Convention", "Table", "Sheet", "SheetRow")
#: The tag of the hand's number in the game: ``--tag Deal=N`` starts the count at N.
DEAL_TAG = "Deal"


@command(hand=True)
def table(
    hand: HandArgument = None,
    save: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--save", help="The file the new hand's record is written to, after every event"
        " (default: hand-DATE-TIME.txt here); never one that exists. The next hand's goes"
        " beside it (FILE-2.txt, ...).")] = None,
    resume: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--resume", help="Go on with the hand recorded in this file (and keep writing it).")
    ] = None,
    seat: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--seat", min=0, max=3, help="Your seat, 0 to 3 clockwise (us: 0 and 2; default 0,"
        " or the record's).")] = None,
    dealer: Annotated[int, typer.Option("--dealer", min=0, max=3, help="The seat that deals"
                                        " the first hand (the seat on its left calls first;"
                                        " the deal passes to the left).")] = 3,
    convention: Annotated[str, typer.Option(
        "--convention", "-c", help="The bidding convention: jump, davis or toby.")] = "jump",
    sheet: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--sheet", "-s", help="The game's score sheet (score --sheet reads it): each finished"
        " hand is added, and the running score and the game's end come from it.")] = None,
    tag: Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
        "--tag", help="NAME=VALUE, a tag of the record (Date, Place, Players); repeatable.")
    ] = None,
    samples: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--samples", "-n", min=1, max=100_000, show_default=False,
        help="Simulated deals behind each advice; default: each advice's own.")] = None,
    seed: SeedOption = 0,
    rules: RulesOption = None,
    hand_option: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--hand", hidden=True, help="The old spelling of HAND.")] = None,
    record_option: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--record", hidden=True, help="Refused: --record names a record to read.")] = None,
) -> None:
    """Follow a game at the table: give your hand (as the argument, or typed first), then type
    each event as it happens; the advice shows when it is your turn, with what the play has
    revealed of the other hands, and at the meld what your hand holds.

    The record is written after every event, so nothing is lost; --resume FILE goes on from
    where it stopped. A finished hand goes on the score sheet with --sheet, which gives the
    running score; then the next hand starts, the deal passed to the left, until a side
    reaches the target. Without a terminal, the events are read one per line from standard
    input (exit status 1 if a line was refused). Type help for what may be typed."""
    from ..bidding.conventions import CONVENTIONS
    from ..game.hand import load_record, save_record
    from ..game.hand.files import remove_stale_temporaries
    from ..game.session import plain_file

    if record_option is not None:
        raise typer.BadParameter("--record names a record to read (play, card): table writes"
                                 " a new one to --save FILE, and goes on with one by --resume"
                                 " FILE", param_hint="'--record'")
    if hand_option is not None:
        if hand:
            raise typer.BadParameter("give the hand once, as the argument (--hand is its old"
                                     " spelling)", param_hint="'--hand'")
        hand = [hand_option]
    conv = convention.strip().lower()
    if conv not in CONVENTIONS:
        raise typer.BadParameter(f"{convention!r} is not one of {', '.join(CONVENTIONS)}",
                                 param_hint="'--convention'")
    tags = _tags(tag)
    for option, value in (("--resume", resume), ("--save", save), ("--sheet", sheet)):
        if value is not None and value.strip() in ("", "-"):
            raise typer.BadParameter(f"{value!r}: a file's name (table reads and writes it"
                                     " again: not stdin)", param_hint=f"'{option}'")
    if sheet is not None:
        plain_file(sheet, "score sheet")
    typed = _typed()
    given = {name: value for name, value in (
        ("seat", seat), ("convention", conv), ("samples", samples), ("seed", seed),
        ("sheet", sheet), ("rules", rules)) if name in typed}
    if resume is not None:
        if save is not None or "rules" in typed and typed["rules"] or hand or tags:
            raise typer.BadParameter("--resume goes on with the record's own file, rules, hand"
                                     " and tags: leave out --save, --rules, the hand and --tag")
        if not plain_file(resume, "record"):
            raise UserError(f"cannot read {resume}: No such file or directory")
        record = load_record(resume)
        remove_stale_temporaries(resume)  # what saves killed mid-way left beside it
        path = resume
        chosen, notes = _resumed(record, resume, given)
        kept = _kept_with(record, chosen)
        if kept.tags != record.tags:  # a finished hand's tags go with its sheet's mark
            record = kept
            if not record.state.complete:
                save_record(record, path)
    else:
        from ..game.hand import Record
        from ..game.settings import tagged
        from ..seats import Seat

        path = _new_path(save)
        chosen, notes = _new(given, sheet)
        record = tagged(Record(chosen.rules, Seat(dealer)), chosen)
        for name, value in tags:
            record = record.with_tag(name, value)
        if hand:
            record = _with_hand(record, chosen.seat or 0, " ".join(hand))
        save_record(record, path, new=True)
    code = _Session(record, path, chosen, notes).run()
    if code:
        raise typer.Exit(code)


def _typed() -> dict[str, bool]:
    """The options of the game's settings given to this command, each True where typed on
    the command line (False: ``--rules`` from the environment)."""
    import click
    from click.core import ParameterSource

    ctx = click.get_current_context()
    out = {}
    for name in ("seat", "convention", "samples", "seed", "sheet", "rules"):
        source = ctx.get_parameter_source(name)
        if source in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT):
            out[name] = source == ParameterSource.COMMANDLINE
    return out


def _new(given: dict, sheet: str | None):
    """A new hand's settings, and what to say of them: each option given; else the score
    sheet's (the game's), said in a line; else the default. A convention implies its game's
    rules, as in bid and explain (a convention given, its own, not the sheet's). A setting
    given that the sheet's game has otherwise is warned of, naming it."""
    from ..bidding.conventions import convention_rules
    from ..game.settings import ON_SHEET, Settings

    kept = _sheet_kept(sheet)
    values: dict = {"seat": 0, "convention": "jump", "samples": None, "seed": 0}
    taken = []
    for name in values:
        if name in given:
            values[name] = given[name]
        elif name in kept.said:
            values[name] = getattr(kept, name)
            taken.append(name)
    if "rules" in given:
        rules = convention_rules(values["convention"], rules_option(given["rules"]))[0]
    elif kept.rules is not None and "convention" not in given:
        rules, taken = kept.rules, [*taken, "rules"]
    else:
        rules = convention_rules(values["convention"])[0]
    chosen = Settings(**values, rules=rules, sheet=sheet)
    notes = [f"The game's settings, from the score sheet {sheet}:"
             f" {' '.join(chosen.shown(n) for n in ON_SHEET if n in taken)}"] if taken else []
    return chosen, notes + _against_sheet(chosen, kept)


def _resumed(record, path: str, given: dict):
    """A resumed hand's settings, and what to say of them: the record's rules; each option
    given, else the record's, else the default. A setting given that the record was kept with
    otherwise is warned of, and so is a hand whose settings the score sheet's game has
    otherwise."""
    from ..game.settings import Settings, difference_words, of_record

    then = of_record(record)
    values: dict = {"seat": _you(record), "convention": "jump", "samples": None, "seed": 0,
                    "sheet": None}
    for name in values:
        if name in given:
            values[name] = given[name]
        elif name in then.said:
            values[name] = getattr(then, name)
    chosen = Settings(**values, rules=record.rules)
    warning = difference_words(then.only(given), chosen, f"the record {path} was kept with",
                               "this session has")
    return chosen, ([warning] if warning else []) + _against_sheet(chosen,
                                                                   _sheet_kept(chosen.sheet))


def _kept_with(record, chosen):
    """A resumed record tagged with the settings it is kept with from now on: the rest of a
    hand in progress, with this session's; a finished hand not yet on a sheet, with those its
    record does not say (a finished hand's own are what it was played with, and a hand on a
    sheet is found there by its record as it was)."""
    from ..game.session import SHEET_TAGS
    from ..game.settings import OPTIONS, of_record, tagged

    if not record.state.complete:
        return tagged(record, chosen)
    if record.tag(SHEET_TAGS[1]) is not None:
        return record
    return tagged(record, chosen.only(set(OPTIONS) - of_record(record).said))


def _sheet_kept(sheet: str | None):
    """The settings the score sheet keeps its game with (none said: no sheet, or one without
    a settings line)."""
    from ..game.session import read_sheet_text
    from ..game.settings import Settings, sheet_settings

    kept = sheet_settings(read_sheet_text(sheet).splitlines()) if sheet is not None else None
    return kept or Settings(said=frozenset())


def _against_sheet(chosen, kept) -> list[str]:
    """A warning naming each setting of this hand the score sheet's game has otherwise."""
    from ..game.settings import ON_SHEET, difference_words

    warning = difference_words(kept, chosen.only(ON_SHEET), f"the score sheet {chosen.sheet}"
                               " keeps the game with", "this hand has")
    return [warning] if warning else []


def _new_path(given: str | None) -> str:
    """The file a new record goes to: the one given, which must not exist; else a fresh name
    here (hand-DATE-TIME.txt, numbered where taken)."""
    import time

    if given is not None:
        if os.path.exists(given):  # a link to no file yet is written through
            raise UserError(f"{given} exists: use --resume {given} to go on with it")
        return given
    stem = time.strftime("hand-%Y%m%d-%H%M%S")
    path, n = f"{stem}.txt", 1
    while os.path.lexists(path):
        n += 1
        path = f"{stem}-{n}.txt"
    return path


def _you(record) -> int:
    word = record.tag("You")
    if word in ("0", "1", "2", "3"):
        return int(word)
    known = record.known_seats
    return known[0] if known else 0


def _tags(items: list[str] | None) -> list[tuple[str, str]]:
    """The ``--tag`` options, each checked as a record checks its tags (exit 2 where one could
    not be read back, or takes the name of a tag the record or the table writes itself)."""
    from ..game.hand.tags import RECORD_TAGS, check_added_tag

    out = []
    for item in items or []:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise typer.BadParameter(f"{item!r}: write NAME=VALUE, e.g. Date=2026-03-14",
                                     param_hint="'--tag'")
        name, value = name.strip(), value.strip()
        if name.lower() in (t.lower() for t in (*RECORD_TAGS, *OWN_TAGS)):
            raise typer.BadParameter(f"{name} is a tag the record writes itself (from --rules,"
                                     " --dealer, --seat, --convention, --samples, --seed,"
                                     " --sheet, the game): not a --tag", param_hint="'--tag'")
        if name.lower() == DEAL_TAG.lower():
            if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= 999_999:
                raise typer.BadParameter(f"{DEAL_TAG}={value}: the hand's number in the game,"
                                         " 1 to 999,999", param_hint="'--tag'")
            name, value = DEAL_TAG, str(int(value))
        try:
            out.append(check_added_tag(name, value))
        except UserError as e:
            raise typer.BadParameter(str(e), param_hint="'--tag'") from None
    return out


def _with_hand(record, you: int, text: str):
    from dataclasses import replace

    from ..game.hand import settled
    from ..hand import Hand

    cards = Hand.parse(text)
    if len(cards) != 20:
        raise UserError(f"your hand has {len(cards)} cards; a hand is 20")
    hands = list(record.hands)
    hands[you] = cards
    return settled(replace(record, hands=tuple(hands)))


class _Session:
    """The loop: read a line, refuse it or add it to the record, save, advise; at the end of a
    hand, the sheet and the next hand."""

    def __init__(self, record, path: str, settings, notes: list[str]):
        self.record, self.path, self.settings, self.notes = record, path, settings, notes
        self.you = settings.seat
        self.convention, self.sheet = settings.convention, settings.sheet
        self.samples, self.seed = settings.samples, settings.seed
        self.written = True  # whether the record's file exists (a next hand's: once typed)
        self.asked = False  # whether the meld a hand over before it needs was asked for
        self.refused = 0
        self.code = 0
        self.terminal = sys.stdin.isatty()
        self._console = None
        if hasattr(sys.stdin, "reconfigure"):  # a line that is not UTF-8 is refused, not fatal
            sys.stdin.reconfigure(errors="surrogateescape")

    def say(self, text: str = "") -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def prose(self, text: str, hang: int = 2) -> None:
        """A line of advice or facts, wrapped at words to the terminal's width (80 piped)."""
        from .render import console, say

        if self._console is None:
            self._console = console()
        say(self._console, text, hang=hang)

    def run(self) -> int:
        """The session; its exit status (1: a scripted line was refused; 130: Ctrl-C)."""
        try:
            self._loop()
        except KeyboardInterrupt:  # at the prompt, or while advice is worked out
            self.say("")
            self._save_quietly()
            self._stopped()
            return 130
        if self.code:
            return self.code
        return 1 if self.refused and not self.terminal else 0

    def _loop(self) -> None:
        self._recording()
        for note in self.notes:
            self.prose(note)
        if self.terminal:
            self._completion()
        from ..game.preload import load_advice

        load_advice()  # before the first prompt: a Ctrl-C in the advice never lands in an import
        if self.record.hands[self.you] is not None:
            self._after()
        while True:
            if self.record.state.complete and self.record.hands[self.you] is not None \
                    and not self._waits_for_meld():
                if not self._finish():
                    return
                continue
            try:
                line = self._read()
            except EOFError:
                self._stopped()
                return
            if line is None:
                continue
            bad = next((i for i, ch in enumerate(line) if "\udc80" <= ch <= "\udcff"), None)
            if bad is not None:
                self._refuse(f"the line is not UTF-8 text (a byte it cannot read at column"
                             f" {bad + 1})")
                continue
            if not self._take(line):
                return

    def _recording(self) -> None:
        self.prose(f"Recording to {self.path} (you: seat {self.you}; seat"
                   f" {self.record.dealer} deals; rules {self.record.rules.name})")

    def _read(self) -> str | None:
        text = self._prompt()
        if self.terminal:
            return input(text)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n").lstrip("\ufeff")  # a byte order mark is no part of a line
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

    def _refuse(self, text: str) -> None:
        self.refused += 1
        self.say(f"refused: {_short(text)}")

    def _take(self, line: str) -> bool:
        """One line typed; False when the session ends."""
        from ..game.hand import RecordError
        from ..game.session import meld_warning, read_entry
        from ..game.untyped import untyped_meld_words

        if self.record.hands[self.you] is None:
            if line.strip().lower() in ("quit", "q"):
                self._stopped()
                return False
            try:
                self.record = _with_hand(self.record, self.you, line)
            except UserError as e:
                self._refuse(str(e))
                return True
            self._save()
            self._after()
            return True
        try:
            entry = read_entry(self.record, line)
        except RecordError as e:
            self._refuse(str(e))
            return True
        if entry.command is not None or not entry.events:
            return self._command(entry.command or "help")
        before = self.record.state
        try:
            self.record = entry.apply(self.record)
        except RecordError as e:
            self._refuse(str(e))
            return True
        self._save()
        first = len(self.record.events) - len(entry.events) + 1
        for n, event in enumerate(entry.events, first):
            self.say(f"  event {n}: {event.words()}")
        warning = meld_warning(self.record, self.you) if any(
            e.kind == "meld" and e.seat == self.you for e in entry.events) else None
        if warning:
            self.prose(warning)
        if before.next_decision().kind == "meld" and any(e.kind == "play" for e in entry.events):
            untyped = untyped_meld_words(self.record)  # the play began without it
            if untyped:
                self.prose(f"warning: {untyped}")
        self._after()
        return True

    def _command(self, command: str) -> bool:
        if command == "quit":
            self._stopped()
            return False
        if command == "help":
            self.say(HELP)
        elif command == "show":
            from .record import print_record

            print_record(self.record)
        elif command == "advice":
            self._advice_asked()
        elif command == "undo":
            if self.record.events:
                last = self.record.events[-1]
                self.record = self.record.undo()
                self.say(f"  undone: {last.words()}")
            else:
                self.say("  nothing to undo")
            self._save()
        return True

    def _advice_asked(self) -> None:
        """The advice now (``advice``, ``?``): yours when it is your turn; at the meld, your
        meld while you have not shown it; else whose turn it is."""
        from ..game.session import advice, meld_lines, prompt

        state = self.record.state
        lines = advice(self.record, self.you, samples=self.samples, seed=self.seed,
                       convention=self.convention, score=self._score())
        if not lines and state.next_decision().kind == "meld":
            lines = meld_lines(self.record, self.you)
        if not lines:
            lines = ["No advice: the hand is over" if state.next_decision().kind == "over"
                     else f"No advice: it is not your turn: {prompt(self.record, self.you)}"]
        for line in lines:
            self.prose(line)

    def _after(self) -> None:
        """After an event: the advice when it is your turn, and what the play revealed; at the
        meld, what your hand holds."""
        from ..game.session import advice, meld_lines, revealed, your_turn

        state = self.record.state
        if state.complete:
            return
        if state.next_decision().kind == "meld" and all(m is None for m in state.melds):
            for line in meld_lines(self.record, self.you):
                self.prose(line)
        if not your_turn(self.record, self.you):
            return
        for line in advice(self.record, self.you, samples=self.samples, seed=self.seed,
                           convention=self.convention, score=self._score()):
            self.prose(line)
        facts = revealed(self.record, self.you)
        if facts:
            self.say("What the play shows:")
            for line in facts:
                self.prose(f"  {line}", hang=4)

    def _score(self) -> tuple[int, int] | None:
        """The game's score on the sheet, your side's first, for the advice (None: no sheet,
        or none the advice can read)."""
        if self.sheet is None:
            return None
        from ..game.session import your_score

        return your_score(self.sheet, self.record.rules, self.you)

    def _save(self) -> None:
        from ..game.hand import save_record

        save_record(self.record, self.path, new=not self.written)
        self.written = True

    def _save_quietly(self) -> None:
        """The record saved once more where it may not be (Ctrl-C between an event and its
        save); a failure here is said by the next line."""
        if not self.written:
            return
        try:
            self._save()
        except (UserError, KeyboardInterrupt):
            pass

    def _waits_for_meld(self) -> bool:
        """Whether the hand, over before the meld was shown (thrown in, no trump named),
        waits for the meld the score sheet needs (asked for once)."""
        from ..game.untyped import untyped_meld

        if self.sheet is None or self.record.state.next_decision().kind != "meld" or \
                not untyped_meld(self.record):
            return False
        if not self.asked:
            seat = untyped_meld(self.record)[0]
            self.prose(f"The hand is over before the meld, and the score sheet needs each"
                       f" seat's: type it ({seat}: ♠K Q ♥K Q, or {seat}: none); undo takes"
                       " the last event back")
            self.asked = True
        return True

    def _finish(self) -> bool:
        """The hand is over: its score, the sheet, the game; True to go on to the next hand."""
        from ..game.session import game_so_far, next_path, next_record, put_on_sheet
        from ..game.settings import tagged
        from ..game.untyped import untyped_meld, untyped_meld_fix

        record = self.record
        if record.result is not None:
            score = "" if record.score is None else \
                f": us {record.score[0]:+d}, them {record.score[1]:+d}"
            self.say(f"The hand is over: {record.result}{score}")
        else:
            self.say("The hand is over")
        self.prose(f"The record is in {self.path}")
        if self.sheet is not None and untyped_meld(record):
            self.prose(f"Not on the score sheet: {untyped_meld_fix(record, self.path)}")
            self.code = 1
            return False
        if self.sheet is not None:
            try:  # once, however the sheet is named and wherever a kill lands
                self.record, row, warning = put_on_sheet(record, self.sheet, self._save_as)
                if row is not None:
                    self.prose(f"Added to the score sheet {self.sheet}: {row['bidder']} bid"
                               f" {row['bid']}, {record.result}")
                else:
                    self.prose(f"On the score sheet {self.sheet} already")
                if warning:
                    self.prose(f"warning: {warning}")
                game = game_so_far(self.sheet, record.rules)
            except UserError as e:
                self.prose(f"Not on the score sheet: {e}")
                self.code = 1
                return False
            if game is not None:  # the sheet's game, said as score --sheet says it
                from .score import game_state

                self.prose(game_state(game))
                if game.winner is not None:
                    return False
        self.record = tagged(next_record(record), self.settings)
        deal = int(self.record.tag(DEAL_TAG) or 2)
        self.path = next_path(self.path, deal)
        self.written, self.asked = False, False
        self.say("")
        self.say(f"Deal {deal}: seat {self.record.dealer} deals"
                 + ("" if self.sheet else " (no --sheet: the game's score is not kept)"))
        self._recording()
        return True

    def _save_as(self, record) -> None:
        """The record saved as it now is (``put_on_sheet``'s tags)."""
        self.record = record
        self._save()

    def _stopped(self) -> None:
        if not self.written:
            self.say("Stopped before the next hand. To start it:")
            self.say(f"  {self._next_command()}")
            return
        self.prose(f"Stopped; the record is in {self.path}. To go on with it:")
        self.say(f"  pinochle-calc table --resume {self.path}")

    def _next_command(self) -> str:
        """The command that starts the next hand as this session would have: its file, every
        setting of the game, its dealer, its number in the game and the tags given."""
        import shlex

        from ..game.hand.tags import RECORD_TAGS
        from ..game.session import deal_number

        own = {t.lower() for t in (*RECORD_TAGS, *OWN_TAGS, DEAL_TAG)}
        words = ["pinochle-calc", "table", "--save", self.path, *self.settings.options(),
                 "--dealer", str(self.record.dealer),
                 "--tag", f"{DEAL_TAG}={deal_number(self.record)}"]
        for name, value in self.record.tags:
            if name.lower() not in own:
                words += ["--tag", f"{name}={value}"]
        return shlex.join(words)

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
