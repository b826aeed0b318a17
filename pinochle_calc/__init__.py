"""pinochle-calc: meld, trick and bid calculator for double-deck pinochle.

Score a hand in two lines::

    >>> from pinochle_calc import meld
    >>> meld("♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J").best.points
    87
"""

from .cards import Card
from .errors import UserError
from .hand import Hand
from .meld import HandMeld, Meld, TrumpMeld, meld
from .notation import DeckError, HandError, NotationError
from .rules import PRESETS, STANDARD, RuleSet

__version__ = "0.1.0"
__all__ = [
    "Card", "Hand", "HandError", "DeckError", "NotationError", "UserError",
    "meld", "HandMeld", "TrumpMeld", "Meld", "RuleSet", "STANDARD", "PRESETS",
]
