"""Errors meant for a player to read: the CLI prints them as one line, never as a traceback.

Every error the library raises on bad input is a ``UserError``; the hand errors live here too
(not in ``notation``) so that ``cards`` can raise them without importing the hand notation.
"""


#: The longest piece of a user's input an error message quotes whole.
QUOTE_LIMIT = 40
#: The longest message of another error that a message quotes (``error_line``).
ERROR_LINE = 300


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text``, or if longer than ``limit`` its start and end around a ``…`` and its length."""
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    return f"{text[:head]}…{text[len(text) - (limit - head - 1):]} ({len(text):,} characters)"


def error_line(error: BaseException, limit: int = ERROR_LINE) -> str:
    """An error in one line, the one way a message names another error: its type and its
    message, whitespace folded and shortened (``KeyError: 'x'``); its type alone where the
    message is empty or cannot be had (``KeyboardInterrupt``); a bare ``Exception``'s message
    alone, which names its error already (as a Dask worker's error may come back)."""
    try:
        words = " ".join(str(error).split())
    except Exception:  # its __str__ fails too: its type says enough
        words = ""
    name = type(error).__name__
    if not words:
        return name
    return shorten(words, limit) if type(error) is Exception else f"{name}: {shorten(words, limit)}"


def number_text(value: object) -> str:
    """A number (or anything) as a message shows it: its text shortened; a whole number past
    what Python will print (4,300 digits) by its size."""
    if isinstance(value, int) and value.bit_length() >= 14_000:
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    return shorten(str(value))


def described(value: object) -> str:
    """What a wrong argument is, for a ``TypeError``: ``None``, ``3.5 (a float)``."""
    if value is None:
        return "None"
    name = type(value).__name__
    article = f"{'an' if name[0] in 'aeiou' else 'a'} {name}"
    text = number_text(value) if isinstance(value, int) else repr(value)
    if text.startswith("<"):  # an object's default repr says no more than its type
        return article
    return f"{text if len(text) <= 30 else text[:29] + '…'} ({article})"


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A piece of input as an error quotes it: ``repr`` (control characters escaped, so the
    message stays one printable line), shortened as ``shorten`` does if long."""
    if len(text) <= limit:
        return repr(text)
    head = limit * 2 // 3
    cut = text[:head] + "…" + text[len(text) - (limit - head - 1):]
    return f"{cut!r} ({len(text):,} characters)"


class UserError(ValueError):
    """Input the calculator cannot accept; ``str`` says what is wrong and where."""


class HandError(UserError):
    """A hand that cannot be read or cannot exist; ``str`` is a message a player can act on."""


class NotationError(HandError):
    """A token that is not a card: keeps the text and the token's span to point at it."""

    def __init__(self, message: str, text: str, start: int, end: int, token_number: int):
        super().__init__(message, text, start, end, token_number)
        self.message, self.text = message, text
        self.start, self.end, self.token_number = start, end, token_number

    def __str__(self) -> str:
        return f"{self.message} (token {self.token_number}, column {self.start + 1})"

    def pointer(self, width: int = 78) -> str:
        """The input text with ``^^^`` under the offending token: the part of a long line
        around the token, control characters shown as spaces."""
        text = "".join(" " if not c.isprintable() else c for c in self.text)
        start, end = self.start, min(self.end, self.start + width // 2)
        left = max(0, min(start - width // 3, len(text) - width))
        shown = text[left:left + width]
        if left:
            shown, start, end = "…" + shown[1:], start - left, end - left
        if left + width < len(text):
            shown = shown[:-1] + "…"
        return f"{shown}\n{' ' * start}{'^' * max(1, end - start)}"


class DeckError(HandError):
    """A hand the 80-card deck cannot hold (a fifth copy of a card)."""
