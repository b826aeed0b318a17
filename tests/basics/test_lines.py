"""Reading a text file line by line as users' files come (``pinochle_calc.lines``)."""

import io
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc import lines
from pinochle_calc.lines import LineError, open_lines, read_lines


def naive(data: bytes, limit: int) -> list:
    """Every line of the whole data at once: its text, or None where it cannot be read."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    parts = re.split(rb"\r\n|\r|\n", data)
    if parts[-1] == b"":
        parts.pop()
    out = []
    for part in parts:
        try:
            out.append(part.decode("utf-8") if len(part) <= limit else None)
        except UnicodeDecodeError:
            out.append(None)
    return out


@given(st.lists(st.sampled_from([b"a", b"\xc3\xa9", b" ", b"\r", b"\n", b"\r\n", b"\xff",
                                 b"\xef\xbb\xbf", b"AS KS", b"\xc3"]), max_size=60),
       st.integers(1, 7), st.sampled_from([3, 8, 1 << 20]))
def test_read_lines_agrees_with_reading_the_whole_file_at_once(pieces, block, limit):
    data = b"".join(pieces)
    old, lines.BLOCK = lines.BLOCK, block  # small reads: every split of "\r\n" comes up
    try:
        got = [None if isinstance(x, LineError) else x
               for x in read_lines(io.BytesIO(data), limit)]
    finally:
        lines.BLOCK = old
    assert got == naive(data, limit)


def test_what_a_bad_line_says():
    got = list(read_lines(io.BytesIO(b"ok\ncaf\xe9\n" + b"x" * 30 + b"\rlast"), 20))
    assert got[0] == "ok" and got[3] == "last"
    assert str(got[1]) == "not valid UTF-8 text: byte 0xe9 at column 4"
    assert str(got[2]) == "the line is 30 bytes long: a line may hold at most 20"


def test_an_over_long_line_is_not_held_in_memory():
    class Endless(io.RawIOBase):  # 100 MB of one line, then a short one
        left = 100 << 20

        def readable(self):
            return True

        def readinto(self, buffer):
            if self.left <= 0:
                data = b"\nAS\n"[: len(buffer)] if self.left == 0 else b""
                self.left -= 1
            else:
                data = b"x" * min(len(buffer), self.left)
                self.left -= len(data)
            buffer[: len(data)] = data
            return len(data)

    got = list(read_lines(io.BufferedReader(Endless(), 1 << 16)))
    assert [str(x) for x in got] == [f"the line is {100 << 20:,} bytes long: a line may hold at"
                                     " most 65,536", "AS"]


def test_open_lines_names_a_file_it_cannot_open(tmp_path):
    with pytest.raises(LineError.__mro__[1], match="cannot read .*none.txt: No such file"):
        list(open_lines(str(tmp_path / "none.txt")))
