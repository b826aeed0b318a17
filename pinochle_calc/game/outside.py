"""Running code written outside the project (a policy's module, its factory, its calls) so that
whatever it does comes back as an answer or as its failure, never as the program's own:

- anything it raises, ``BaseException`` included (``SystemExit`` from ``sys.exit``, a
  ``KeyboardInterrupt`` it raises itself), comes out as ``OutsideFailed`` carrying the error,
  for the caller to name with the deal, the seat and the call; only a ``KeyboardInterrupt`` or
  ``SystemExit`` raised by a signal that came while it ran (a real Ctrl-C, a SIGTERM: the
  handlers the program set are watched) is left as it is, the user stopping the program;
- what it prints to ``sys.stdout`` goes to ``sys.stderr`` (stdout carries the program's
  output: JSON, CSV, a record), in the main thread, where the command line and each
  ``--jobs`` worker run policies (another thread's ``sys.stdout`` is left alone: it is the
  whole process's); output written to the file descriptor itself (``os.write(1, ...)``, a C
  library) is not caught. It writes through a stream of its own (``_Borrowed``), for
  ``sys.stdout`` and ``sys.stderr`` alike: closing it closes only that stream, never the one
  the program goes on reporting on;
- what it answers is read as the value it stands for (``plain``, ``card_answer``), without
  running any method of its own: an ``int`` or ``str`` subclass whose methods raise reads as
  its number or text.
"""

from __future__ import annotations

import io
import signal
import sys
import threading
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, fields
from typing import Any, Protocol, TypeVar, runtime_checkable

from ..bidding.auction import Auction
from ..errors import UserError, error_line, shorten
from ..play.position import Position
from ..rules import STANDARD, RuleSet

T = TypeVar("T")

#: The signals whose Python handlers raise an exception the program stops on.
_WATCHED = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM") if hasattr(signal, n))


class OutsideFailed(Exception):  # noqa: N818 (carries the outside code's error)
    """Outside code raised ``error`` (any ``BaseException`` but a signal's)."""

    def __init__(self, error: BaseException):
        super().__init__(error)
        self.error = error


def run_outside(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` run as outside code (module docstring): its answer, or ``OutsideFailed``."""
    main = threading.current_thread() is threading.main_thread()
    came: list[int] = []
    saved: list[tuple[int, Any]] = []
    if main:
        for number in _WATCHED:
            previous = signal.getsignal(number)
            if callable(previous):  # a Python handler: the only kind that raises here
                saved.append((number, previous))
                signal.signal(number, _noting(came, previous))
    try:
        if main and sys.stderr is not None:
            stream = sys.stderr
            with redirect_stdout(_Borrowed(stream)), redirect_stderr(_Borrowed(stream)):
                return fn(*args)
        return fn(*args)
    except (KeyboardInterrupt, SystemExit) as e:
        if came:
            raise
        raise OutsideFailed(e) from None
    except BaseException as e:
        raise OutsideFailed(e) from None
    finally:
        for number, previous in reversed(saved):
            signal.signal(number, previous)


class _Borrowed(io.TextIOBase):
    """The program's ``stream`` as outside code sees it (its ``sys.stdout`` and
    ``sys.stderr``): what it writes goes to ``stream``, but its ``close`` closes only this
    view, so that the program goes on reporting on ``stream`` after it."""

    def __init__(self, stream: Any):
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        return self._stream.write(text)

    def flush(self) -> None:
        if not self.closed:
            self._stream.flush()

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return bool(self._stream.isatty())

    def fileno(self) -> int:
        return self._stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self._stream.errors


def _noting(came: list[int], previous: Callable[..., Any]) -> Callable[..., Any]:
    def handler(signum: int, frame: Any) -> Any:
        came.append(signum)
        return previous(signum, frame)

    return handler


#: The longest name a policy may have (tables and reports show it; records keep it as a tag).
NAME_LIMIT = 100


def name_problem(name: object, subject: str = "a policy's name") -> str:
    """Why ``name`` cannot be a policy's name ('' if it can): it is one line of printable text,
    not blank, at most ``NAME_LIMIT`` characters (``subject``: how the message names it)."""
    if isinstance(name, str) and type(name) is not str:  # its own methods would run on it
        return f"{subject} must be a str (a {type(name).__name__} is a subclass of it)"
    if not isinstance(name, str) or not name.strip():
        return f"{subject} must be a non-empty text"
    if len(name) > NAME_LIMIT or not name.isprintable():
        return f"{subject} must be one line of printable text, at most {NAME_LIMIT} characters"
    return ""


def shown(value: object) -> str:
    """An answer as a message quotes it: its repr, shortened (a whole number past what Python
    prints by its size, an object whose repr fails by its type)."""
    from ..errors import number_text

    value = plain(value)
    if type(value) is int:
        return number_text(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a Bid: each field so shown
        fields = ", ".join(f"{k}={shown(v)}" for k, v in zip(value._fields, value))
        return shorten(f"{type(value).__name__}({fields})", 160)
    try:
        return shorten(run_outside(repr, value), 80)
    except OutsideFailed:
        return f"a {type(value).__name__}"


#: The built-in types an answer of outside code may stand for, each with the way to read a
#: subclass's instance as the built-in value without running a method of the subclass.
_PLAIN = ((int, int.__int__), (float, float.__float__), (str, str.__str__))


def plain(value: Any) -> Any:
    """An answer of outside code as the built-in value it stands for, read without running any
    method of its own: an instance of a subclass of ``int``, ``float`` or ``str`` becomes that
    number or text (a ``bool`` stays a ``bool``); a tuple or list, each item so (a named tuple
    of the package's own, such as a ``Bid`` or a ``Card``, stays one); anything else is
    returned as it is."""
    kind = type(value)
    if kind in (bool, int, float, str, type(None)):
        return value
    for base, read in _PLAIN:
        if issubclass(kind, base):
            return read(value)
    if issubclass(kind, list):
        return [plain(x) for x in list.__iter__(value)]
    if issubclass(kind, tuple):
        items = tuple(plain(x) for x in tuple.__iter__(value))
        own = next((t for t in kind.__mro__ if _package_tuple(t)), None)
        if own is not None and len(items) == len(own._fields):  # type: ignore[attr-defined]
            return own._make(items)  # type: ignore[attr-defined]
        return items
    return value


def _package_tuple(kind: type) -> bool:
    """Whether ``kind`` is a named tuple of the package's own (read from the class's own
    ``__dict__``: no attribute of a subclass's runs)."""
    module = kind.__dict__.get("__module__")
    return type(module) is str and module.startswith("pinochle_calc.") \
        and "_fields" in kind.__dict__


def card_answer(answer: object) -> int | None:
    """The card a card player's answer names (its index), or None where it names none: an
    index 0-19 (``True`` and ``False`` are no card), a ``Card`` of the deck or its text
    (``AH``), read as ``plain`` reads it."""
    from ..cards import CARDS, KINDS, Card

    value = plain(answer)
    if type(value) is int:
        return value if 0 <= value < KINDS else None
    if type(value) is str:
        try:
            return Card.parse(value).index
        except UserError:
            return None
    if isinstance(value, Card):
        suit, rank = value
        if type(suit) is int and type(rank) is int and 0 <= suit < 4 and 0 <= rank < 5:
            return CARDS[suit * 5 + rank].index
    return None


class PolicyLoadError(UserError):
    """A policy written outside the project that cannot be used: its module cannot be
    imported, it has no such name, or the object is not a policy."""


@runtime_checkable
class CardChooser(Protocol):
    """A card player written outside the project: ``choose(view)`` gives the card to play (an
    index 0-19, a ``Card`` or its text, ``AH``) from ``view``, a ``CardView``: what the seat
    knows, and ``view.legal()`` the cards it may play. It is asked only where it has a
    choice."""

    def choose(self, view: Any) -> object: ...


@dataclass(frozen=True)
class CardView(Position):
    """What a card player of one's own sees when it is to play: a ``play.position.Position``
    (its hand, trump, its seat, the tricks so far and the trick in progress, the ``contract``
    as (bidder, bid), every seat's meld shown, its side's exchange; ``legal()``), so that a
    player written for a position reads it as before, and what the table knows besides:

    ``rules``, the rule set (``scale``, ``trick_points``, ``pass_cards``; what makes the
    contract: ``scoring.score_hand``); ``auction``, the calls (``bidding.auction.Auction``,
    its seats counted from the dealer's left, as every auction counts them; ``calls`` gives
    them as the position counts seats; no call where the contract was given outright);
    ``dealer``, the seat that dealt; ``meld``, each side's meld points as shown (us: seats 0 and
    2, then them; scaled); ``seed``, the seed of this decision's random choices, derived from
    the match's seed, the deal and the card, the very seed the built-in advice gets
    (``advise_card(view, seed=view.seed, rules=view.rules)`` plays as ``/advisor`` does)."""

    rules: RuleSet = STANDARD
    auction: Auction | None = None
    dealer: int = 3
    meld: tuple[int, int] | None = None
    seed: int = 0

    @classmethod
    def of(cls, position: Position, **table: Any) -> CardView:
        """The view of ``position`` with what the table knows (the fields above)."""
        return cls(**{f.name: getattr(position, f.name) for f in fields(Position)}, **table)

    @property
    def position(self) -> Position:
        """The seat's position alone (its JSON form is ``to_dict``'s)."""
        return Position(**{f.name: getattr(self, f.name) for f in fields(Position)})

    @property
    def calls(self) -> tuple[tuple[int, int | None], ...]:
        """Each call of the auction as (seat, bid; None for a pass), in order, the seats
        counted as the position counts them (seat 3 deals in every hand ``play`` and ``arena``
        deal: there, as the auction counts them too)."""
        if self.auction is None:
            return ()
        from ..seats import Seat

        return tuple((int(Seat.at_turn(c.seat, self.dealer)), c.bid) for c in self.auction.calls)


#: What an outside object's missing attribute reads as.
MISSING = object()
#: ``outside_object``'s argument where ``fn`` is called with none (a factory).
NO_ARGUMENT = object()


def outside_object(fn, arg: object, what: str):
    """``fn(arg)`` (``fn()`` for ``NO_ARGUMENT``) run as outside code, its failure a
    ``PolicyLoadError`` that says ``what`` failed and how."""
    try:
        return run_outside(fn) if arg is NO_ARGUMENT else run_outside(fn, arg)
    except OutsideFailed as f:
        raise PolicyLoadError(f"{what}: {error_line(f.error)}") from None


def read_outside(obj: object, name: str, missing: str, what: str) -> object:
    """An attribute of outside code's object (``missing``: the error where it has none)."""
    found = outside_object(lambda o: getattr(o, name, MISSING), obj, what)
    if found is MISSING:
        raise PolicyLoadError(missing)
    return found


#: Modules loaded from a file, by absolute path: each is run once per process.
_FILES: dict[str, object] = {}


def import_outside(text: str):
    """The module ``text`` names (a dotted module, or the path of a ``.py`` file), imported as
    outside code: whatever the import raises, ``SystemExit`` included, is a
    ``PolicyLoadError``."""
    import importlib
    import importlib.util
    import os
    import sys

    what = f"cannot import {text}"
    if text.endswith(".py") or os.sep in text or "/" in text:
        path = os.path.abspath(text)
        if path not in _FILES:
            if not os.path.isfile(path):
                raise PolicyLoadError(f"{what}: no such file")
            name = "pinochle_policy_" + os.path.splitext(os.path.basename(path))[0]
            found = outside_object(lambda p: importlib.util.spec_from_file_location(name, p), path,
                             what)
            if found is None or found.loader is None:
                raise PolicyLoadError(f"{what}: not a Python file")
            module = importlib.util.module_from_spec(found)
            outside_object(found.loader.exec_module, module, what)
            _FILES[path] = module
        return _FILES[path]
    if os.getcwd() not in sys.path:  # as ``python -m`` would find it
        sys.path.append(os.getcwd())
    return outside_object(importlib.import_module, text, what)


def load_card_player(spec: str) -> CardChooser:
    """The card player ``MODULE:NAME`` names (as ``load_policy`` finds a policy: a module or a
    ``.py`` file, and a class or factory in it called with no argument, or the object itself):
    anything with a ``choose(view)`` (``CardChooser``); a ``PolicyLoadError`` saying what went
    wrong."""
    module_text, _, attr = spec.strip().rpartition(":")
    if not module_text or not attr:
        raise PolicyLoadError(f"card player {spec!r}: write MODULE:NAME (a module or a .py"
                              " file, and the class or factory in it)")
    obj: object = import_outside(module_text)
    for part in attr.split("."):
        obj = read_outside(obj, part, f"card player {spec!r}: {module_text} has no name {attr!r}",
                    f"card player {spec!r}: reading {attr}")
    chooses = outside_object(lambda o: callable(getattr(o, "choose", None)), obj,
                       f"card player {spec!r}: reading {attr}")
    made = obj
    if isinstance(obj, type) or not chooses:
        if not callable(obj):
            raise PolicyLoadError(f"card player {spec!r}: {attr} is a {type(obj).__name__},"
                                  " not a class or factory that makes a card player")
        made = outside_object(obj, NO_ARGUMENT, f"card player {spec!r}: {attr}() failed")
    if not outside_object(lambda o: callable(getattr(o, "choose", None)), made,
                    f"card player {spec!r}: reading its choose"):
        raise PolicyLoadError(f"card player {spec!r}: {attr} gave a {type(made).__name__},"
                              " which has no choose(view): see CardChooser in"
                              " pinochle_calc.game.policies")
    player_name(made, spec)
    return made  # type: ignore[return-value]  # it has a choose


def player_name(player: object, spec: str) -> str:
    """A card player's name: its ``name`` where it has one (one line of text), else the
    ``NAME`` of its ``MODULE:NAME``."""
    name: Any = plain(outside_object(lambda o: getattr(o, "name", None), player,
                                f"card player {spec!r}: its name"))
    if name is None:
        return spec.rpartition(":")[2]
    problem = name_problem(name, "a card player's name")
    if problem:
        raise PolicyLoadError(f"card player {spec!r}: {problem}, not {shown(name)}")
    return name


__all__ = ["OutsideFailed", "run_outside", "name_problem", "NAME_LIMIT", "shown",
           "PolicyLoadError", "CardChooser", "CardView", "load_card_player", "outside_object",
           "read_outside", "import_outside", "player_name", "MISSING", "NO_ARGUMENT", "plain",
           "card_answer"]

