"""pinochle-calc: meld, trick and bid calculator for double-deck pinochle.

Score a hand in two lines::

    >>> from pinochle_calc import meld
    >>> meld("♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J").best.points
    87

The names below are the public API. Those that need numpy (advice, estimates, simulation,
batches) are imported when first used, so that scoring one hand starts fast.
"""

from importlib import import_module

from .cards import Card
from .errors import DeckError, HandError, NotationError, UserError
from .hand import Hand
from .meld import HandMeld, Meld, TrumpMeld, meld
from .rules import PRESETS, STANDARD, RuleSet, load_rules

__version__ = "0.1.0"

#: Public names kept in modules that import numpy: name -> module.
_LAZY = {
    "advise": "bidding.advise", "Advice": "bidding.advise",
    "advise_pass": "exchange.advice", "PassAdvice": "exchange.advice",
    "estimate": "bidding.estimate", "Estimate": "bidding.estimate",
    "parse_auction": "bidding.auction", "Auction": "bidding.auction",
    "explain": "bidding.conventions", "suggest": "bidding.conventions",
    "score_lines": "meld.batch", "side_meld": "meld.partnership",
    "PlayState": "play.tricks", "simulate_tricks": "play.simulate",
    "HandInput": "scoring", "score_game": "scoring",
    "play_hand": "game.whole", "run_arena": "game.arena",
}

__all__ = [
    "Card", "Hand", "HandError", "DeckError", "NotationError", "UserError",
    "meld", "HandMeld", "TrumpMeld", "Meld", "RuleSet", "STANDARD", "PRESETS", "load_rules",
    *_LAZY,
]


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
