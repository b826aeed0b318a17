"""The command line: turns arguments into calls on the core and results into output.

``app`` holds the typer app, the options every command shares and ``main`` (the console
script); each command group registers itself on the app from its own module: ``meld``,
``play`` (tricks, legal), ``bidding`` (explain, bid, pass), ``game`` (play, arena),
``rules`` and ``score``.
"""

from . import bidding, game, meld, play, rules, score  # noqa: F401 (each registers its commands)
from .app import app, main

__all__ = ["app", "main"]
