"""Meld: the maximal meld of a hand for each trump (``engine``), of many hands at once in numpy
(``vector``), of a file of hands a chunk at a time (``batch``, written out by ``report``), and
of two partners together (``partnership``); ``words`` names ranks and melds in words.

>>> from pinochle_calc.meld import meld
>>> meld("AH 10H KH KH QH QH JH")["H"].points
19
"""

from .engine import (
    HandMeld,
    Meld,
    MeldTables,
    TrumpMeld,
    best_suit,
    best_trump,
    meld,
    shape,
    tables,
    trump_to_name,
)

__all__ = ["meld", "HandMeld", "TrumpMeld", "Meld", "MeldTables", "shape", "tables", "best_trump",
           "best_suit", "trump_to_name"]
