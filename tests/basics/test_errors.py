"""An error named in one line (``errors.error_line``), the one way the program quotes another
error: in a worker's failure, a cluster's, outside code's, and the internal error."""

from __future__ import annotations

from pinochle_calc.errors import error_line


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no words")


def test_an_error_is_its_type_and_its_message_on_one_line():
    assert error_line(KeyError("x")) == "KeyError: 'x'"
    assert error_line(ValueError("two\n  lines\tand   gaps")) == "ValueError: two lines and gaps"
    assert error_line(KeyboardInterrupt()) == "KeyboardInterrupt"  # no message: its type
    assert error_line(Unprintable()) == "Unprintable"  # a message that cannot be had
    assert error_line(SystemExit(3)) == "SystemExit: 3"


def test_a_bare_exception_is_its_message_and_a_long_one_is_shortened():
    # a Dask worker's error may come back as a bare Exception whose text names it already
    assert error_line(Exception("ModuleNotFoundError: no module")) == (
        "ModuleNotFoundError: no module")
    long = error_line(ValueError("x" * 1000), limit=50)
    assert long.startswith("ValueError: xxx") and "(1,000 characters)" in long
    assert len(long) < 100
