"""The command line: turns arguments into calls on the core and results into output.

``app`` holds the typer app, the options every command shares and ``main`` (the console
script); each command group registers itself on the app from its own module: ``meld``,
``play`` (tricks, legal), ``card`` (the card to play now), ``dd`` (a deal's double-dummy
table), ``bidding`` (explain, bid, pass), ``game`` (play, arena), ``review`` (a recorded hand
reviewed), ``rules``, ``score`` and ``table`` (a hand followed at the table). ``record`` writes
a played hand in every format and replays a record (``play --record``); ``render`` is what the
terminal shows.
"""

from . import (  # noqa: F401 (each registers its commands)
    bidding,
    card,
    dd,
    game,
    meld,
    play,
    review,
    rules,
    score,
    table,
)
from .app import app, main

__all__ = ["app", "main"]
