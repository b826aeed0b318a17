"""Errors meant for a player to read: the CLI prints them as one line, never as a traceback.

Every error the library raises on bad input is a ``UserError``; the hand errors live here too
(not in ``notation``) so that ``cards`` can raise them without importing the hand notation.
"""


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

    def pointer(self) -> str:
        """The input text with ``^^^`` under the offending token."""
        return f"{self.text}\n{' ' * self.start}{'^' * max(1, self.end - self.start)}"


class DeckError(HandError):
    """A hand the 80-card deck cannot hold (a fifth copy of a card)."""
