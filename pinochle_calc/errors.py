"""Errors meant for a player to read: the CLI prints them as one line, never as a traceback."""


class UserError(ValueError):
    """Input the calculator cannot accept; ``str`` says what is wrong and where."""
