"""The game around meld and play: scoring a hand and a game sheet under a rule set
(``scoring``)."""

from .scoring import Game, HandInput, HandScore, ScoreError, score_game, score_hand

__all__ = ["HandInput", "HandScore", "Game", "ScoreError", "score_hand", "score_game"]
