"""The game around meld and play: scoring a hand and a game sheet (``scoring``), and whole hands:
the policies that bid (``policies``), a deal played from the auction to the score (``whole``)
and duplicate matches between policies (``arena``). Only ``scoring`` is imported here; the
others bring numpy."""

from .scoring import Game, HandInput, HandScore, ScoreError, score_game, score_hand

__all__ = ["HandInput", "HandScore", "Game", "ScoreError", "score_hand", "score_game"]
