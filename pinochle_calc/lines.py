"""Reading a text file as users' files come: any line ending, and a bad line spoils only itself.

``read_lines(stream)`` takes a binary stream (a file opened ``"rb"``, ``sys.stdin.buffer``) and
yields one item per line, in order: the line's text, or a ``LineError`` saying why that line
cannot be read. Line endings may be ``\\n``, ``\\r\\n`` or a lone ``\\r`` (old Mac files, some
spreadsheet exports), mixed in one file, read alike from a file and from a pipe. A line that is
not valid UTF-8, or that is longer than ``limit`` bytes, becomes a ``LineError`` (the long line
is skipped without being held in memory); a UTF-8 byte order mark at the start is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain
from typing import BinaryIO

from .errors import UserError

#: The longest line read by default: a hand or a score-sheet row is far shorter.
MAX_LINE = 1 << 20
_END = re.compile(rb"\r\n|\r|\n")
_BOM = b"\xef\xbb\xbf"
_BLOCK = 1 << 16


class LineError(UserError):
    """A line that cannot be read as text: not UTF-8, or too long."""


def read_lines(stream: BinaryIO, limit: int = MAX_LINE) -> Iterator[str | LineError]:
    """Each line of a binary stream as text (without its ending), or a ``LineError``."""
    head = b""  # the first bytes, for a byte order mark
    while len(head) < len(_BOM) and (more := stream.read(len(_BOM) - len(head))):
        head += more
    pending = b""  # the start of the line being read
    skipped = 0  # bytes of it let go, once it is known to be too long
    after_cr = False
    for block in chain([head.removeprefix(_BOM)], iter(lambda: stream.read(_BLOCK), b"")):
        if after_cr and block[:1] == b"\n":  # the second half of a "\r\n" split by the read
            block = block[1:]
        after_cr = block[-1:] == b"\r"
        *complete, rest = _END.split(block)
        for part in complete:
            yield _line(pending + part, skipped, limit)
            pending, skipped = b"", 0
        pending += rest
        if len(pending) > limit:
            skipped, pending = skipped + len(pending), b""
    if pending or skipped:
        yield _line(pending, skipped, limit)


def _line(data: bytes, skipped: int, limit: int) -> str | LineError:
    if skipped or len(data) > limit:
        return LineError(f"a line of {skipped + len(data):,} bytes: longer than the {limit:,}"
                         " a line may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        column = len(data[:e.start].decode("utf-8", "replace")) + 1
        return LineError(f"not valid UTF-8 text: byte 0x{data[e.start]:02x} at column {column}")


def open_lines(path: str, limit: int = MAX_LINE) -> Iterator[str | LineError]:
    """``read_lines`` of a file by its name (``-``: standard input); raises ``UserError`` if
    the file cannot be opened."""
    import sys

    if path == "-":
        yield from read_lines(sys.stdin.buffer, limit)
        return
    try:
        stream = open(path, "rb")  # noqa: SIM115 (closed below)
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror}") from None
    with stream:
        yield from read_lines(stream, limit)


def read_bytes(path: str, limit: int) -> bytes:
    """The first ``limit + 1`` bytes of a file by its name (``-``: standard input), so that a
    caller can tell a file longer than ``limit``; ``UserError`` if it cannot be read."""
    import sys

    name = "stdin" if path == "-" else path
    try:
        if path == "-":
            return sys.stdin.buffer.read(limit + 1)
        with open(path, "rb") as f:
            return f.read(limit + 1)
    except OSError as e:
        raise UserError(f"cannot read {name}: {e.strerror}") from None
