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
  library) is not caught.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable
from contextlib import redirect_stdout
from typing import Any, TypeVar

from ..errors import shorten

T = TypeVar("T")

#: The signals whose Python handlers raise an exception the program stops on.
_WATCHED = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM") if hasattr(signal, n))
#: The longest error message of outside code a message quotes.
ERROR_TEXT = 300


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
            with redirect_stdout(sys.stderr):
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


def _noting(came: list[int], previous: Callable[..., Any]) -> Callable[..., Any]:
    def handler(signum: int, frame: Any) -> Any:
        came.append(signum)
        return previous(signum, frame)

    return handler


def error_text(error: BaseException) -> str:
    """An outside error in one line: its type, and its message shortened (``SystemExit: 3``,
    ``KeyboardInterrupt``)."""
    try:
        words = " ".join(str(error).split())
    except Exception:  # its __str__ fails too: its type says enough
        words = ""
    name = type(error).__name__
    return f"{name}: {shorten(words, ERROR_TEXT)}" if words else name


#: The longest name a policy may have (tables and reports show it; records keep it as a tag).
NAME_LIMIT = 100


def name_problem(name: object, subject: str = "a policy's name") -> str:
    """Why ``name`` cannot be a policy's name ('' if it can): it is one line of printable text,
    not blank, at most ``NAME_LIMIT`` characters (``subject``: how the message names it)."""
    if not isinstance(name, str) or not name.strip():
        return f"{subject} must be a non-empty text"
    if len(name) > NAME_LIMIT or not name.isprintable():
        return f"{subject} must be one line of printable text, at most {NAME_LIMIT} characters"
    return ""


def shown(value: object) -> str:
    """An answer as a message quotes it: its repr, shortened (a whole number past what Python
    prints by its size, an object whose repr fails by its type)."""
    from ..errors import number_text

    if isinstance(value, int) and not isinstance(value, bool):
        return number_text(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a Bid: each field so shown
        fields = ", ".join(f"{k}={shown(v)}" for k, v in zip(value._fields, value))
        return shorten(f"{type(value).__name__}({fields})", 160)
    try:
        return shorten(repr(value), 80)
    except Exception:
        return f"a {type(value).__name__}"


__all__ = ["OutsideFailed", "run_outside", "error_text", "name_problem", "NAME_LIMIT", "shown",
           "ERROR_TEXT"]
