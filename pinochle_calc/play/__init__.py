"""Trick play: the rules of play (``tricks``: legal cards, the trick's winner, ``PlayState``),
who plays which card (``players``), dealing the unseen cards (``dealer``, the one dealer every
simulation uses) and playing many deals out (``simulate``; ``lockstep`` plays many deals at
once on arrays, from the suit-code tables of ``codes``).

The names below are imported when first used: a bid plays its deals in ``lockstep`` and needs
neither ``tricks`` nor ``players``. ``dealer``, ``lockstep`` and ``simulate`` bring numpy.
"""

from importlib import import_module

#: The package's public names: name -> module.
_LAZY = {
    "FastPlayer": ".players", "HeuristicPlayer": ".players", "Player": ".players",
    "RandomPlayer": ".players",
    "IllegalPlay": ".tricks", "PlayState": ".tricks", "SeatView": ".tricks",
    "legal_cards": ".tricks", "trick_points": ".tricks", "trick_winner": ".tricks",
}

__all__ = ["PlayState", "SeatView", "IllegalPlay", "legal_cards", "trick_winner", "trick_points",
           "Player", "FastPlayer", "HeuristicPlayer", "RandomPlayer"]


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
