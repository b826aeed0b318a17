"""Trick play: the rules of play (``tricks``: legal cards, the trick's winner, ``PlayState``),
who plays which card (``players``), dealing the unseen cards (``dealer``, the one dealer every
simulation uses) and playing many deals out (``simulate``; ``lockstep`` plays many deals at
once on arrays).

Only the light modules are imported here; ``dealer``, ``lockstep`` and ``simulate`` bring
numpy.
"""

from .players import FastPlayer, HeuristicPlayer, Player, RandomPlayer
from .tricks import IllegalPlay, PlayState, SeatView, legal_cards, trick_points, trick_winner

__all__ = ["PlayState", "SeatView", "IllegalPlay", "legal_cards", "trick_winner", "trick_points",
           "Player", "FastPlayer", "HeuristicPlayer", "RandomPlayer"]
