"""Reading a text file as users' files come: any line ending, and a bad line spoils only itself.

One reader for every file of lines (hands for ``meld``, a score sheet): ``read_blocks(stream)``
takes a binary stream (a file opened ``"rb"``, ``sys.stdin.buffer``) and yields whole lines a
block at a time, numbered; ``read_lines(stream)`` yields one item per line, in order: the line's
text, or a ``LineError`` saying why that line cannot be read. Line endings may be ``\\n``,
``\\r\\n`` or a lone ``\\r`` (old Mac files, some spreadsheet exports), mixed in one file, read
alike from a file and from a pipe. A line that is not valid UTF-8, or that is longer than
``MAX_LINE`` bytes (the one limit), becomes a ``LineError`` (the long line is skipped without
being held in memory); a UTF-8 byte order mark at the start is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple, Protocol, runtime_checkable

from .errors import UserError

#: The longest line read (without its line end): a hand or a score-sheet row is far shorter.
MAX_LINE = 65_536
#: Bytes read at a time by ``read_lines``.
BLOCK = 1 << 16
_END = re.compile(rb"\r\n|\r|\n")
_BOM = b"\xef\xbb\xbf"


@runtime_checkable
class Readable(Protocol):
    """A binary stream: a file opened ``"rb"``, ``sys.stdin.buffer``, ``io.BytesIO``."""

    def read(self, size: int, /) -> bytes: ...


class LineError(UserError):
    """A line that cannot be read as text: not UTF-8, or too long."""


class Block(NamedTuple):
    """Whole lines read at once: ``data`` ends with a line end (LF, CR LF or CR), ``first`` is
    the number of its first line, and ``long`` holds the lines (by their index in the block)
    kept only in part, their first ``limit + 1`` bytes, with their whole length."""

    data: bytes
    first: int
    long: dict[int, int]

    def __repr__(self) -> str:
        return f"Block(bytes={len(self.data)}, first={self.first}, long={self.long})"


def read_blocks(stream: Readable, limit: int = MAX_LINE,
                block: int = BLOCK) -> Iterator[Block]:
    """The lines of a binary stream, ``block`` bytes read at a time. A UTF-8 byte order mark
    at the start is dropped; of a line longer than ``limit`` that does not end within the
    bytes read, only the first ``limit + 1`` are kept, so memory stays bounded (a block and a
    line)."""
    pending = b""  # the start of a line not yet ended (at most limit + 1 bytes)
    dropped = 0  # bytes of the pending line dropped beyond those
    skip_lf = False  # the last block ended with CR: an LF next belongs to it
    head: bytes | None = b""  # the first bytes, until a byte order mark can be seen
    number = 1
    while True:
        data = stream.read(block)
        eof = not data
        if head is not None:
            head += data
            if len(head) < len(_BOM) and not eof:
                continue
            data, head = head.removeprefix(_BOM), None
        if skip_lf and data[:1] == b"\n":
            data = data[1:]
        skip_lf = False
        if dropped and not eof:  # inside an over-long line: drop the rest of it
            found = [i for i in (data.find(b"\n"), data.find(b"\r")) if i >= 0]
            dropped += min(found, default=len(data))
            if not found:
                continue
            data = data[min(found):]
        buf = pending + data
        if eof and buf and buf[-1:] not in (b"\n", b"\r"):
            buf += b"\n"
        cut = max(buf.rfind(b"\n"), buf.rfind(b"\r")) + 1
        if cut:
            long = {0: limit + 1 + dropped} if dropped else {}
            dropped = 0
            done, pending = buf[:cut], buf[cut:]
            skip_lf = done[-1:] == b"\r" and not pending
            yield Block(done, number, long)
            number += done.count(b"\n") + done.count(b"\r") - done.count(b"\r\n")
        else:
            pending = buf
        if len(pending) > limit + 1:
            dropped += len(pending) - limit - 1
            pending = pending[: limit + 1]
        if eof:
            return


def read_lines(stream: Readable, limit: int = MAX_LINE) -> Iterator[str | LineError]:
    """Each line of a binary stream as text (without its ending), or a ``LineError``."""
    for lines in read_blocks(stream, limit, BLOCK):
        for i, part in enumerate(_END.split(lines.data)[:-1]):
            yield decode(part, lines.long.get(i, len(part)), limit)


def decode(data: bytes, length: int | None = None, limit: int = MAX_LINE) -> str | LineError:
    """A line's bytes as text, or why it cannot be read: longer than ``limit`` (``length``: its
    whole length, where only its start is kept), or not UTF-8."""
    length = len(data) if length is None else length
    if length > limit:
        return LineError(f"the line is {length:,} bytes long: a line may hold at most {limit:,}")
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
