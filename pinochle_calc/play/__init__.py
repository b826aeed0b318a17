"""Trick play: the rules of play (``tricks``: legal cards, the trick's winner, ``PlayState``),
who plays which card (``players``), dealing the unseen cards (``dealer``, for the bid and pass
simulations and the throw-in, with ``conditions`` for deals that meet what the calls showed)
and playing many deals out (``simulate``, its figures in ``stats``; ``lockstep`` plays many
deals at once on arrays, from the suit-code tables of ``codes``). The card advice: a position
as a player sees it (``position``), what the play so far shows of the other hands (``facts``),
deals of the unseen cards that meet every fact (``unseen``), the exact search of a known
layout's last tricks (``search``), the card to play (``advice``) and why, each claim checked
against the facts (``reasons``).

The names below are imported when first used: a bid plays its deals in ``lockstep`` and needs
neither ``tricks`` nor ``players``. ``dealer``, ``lockstep``, ``simulate`` and the card
advice's modules bring numpy.
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
