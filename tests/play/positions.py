"""Positions from hands actually played, for the tests of the facts, the dealing and the
advice: each with the four hands as they are at that moment (the truth the facts must allow)."""

from __future__ import annotations

import numpy as np

from pinochle_calc.cards import KINDS
from pinochle_calc.hand import Hand
from pinochle_calc.play.players import HeuristicPlayer, RandomPlayer
from pinochle_calc.play.position import Position, position_after
from pinochle_calc.play.tricks import PlayState

DECK = np.repeat(np.arange(KINDS), 4)


def small_deal(rng: np.random.Generator, size: int) -> list[list[int]]:
    """Four hands of ``size`` cards from one double deck, as 20 counts each."""
    cards = rng.permutation(DECK)[:4 * size].reshape(4, size)
    return [np.bincount(row, minlength=KINDS).tolist() for row in cards]


def played_position(rng: np.random.Generator, size: int = 20, plays: int | None = None,
                    shown: bool = True, heuristic: float = 0.7,
                    hands: list | None = None) -> tuple[Position, list[tuple[int, ...]]]:
    """A position reached by playing ``plays`` cards (random if None) of a random deal of
    ``size``-card hands, the seats playing the heuristic or, now and then, a random legal card;
    with ``shown``, each other seat showed a random part of its hand. Returns the position and
    the four hands at that moment."""
    hands = hands or small_deal(rng, size)
    size = sum(hands[0])
    trump, leader = int(rng.integers(4)), int(rng.integers(4))
    if plays is None:
        plays = int(rng.integers(0, 4 * size))
    state = PlayState.deal(hands, trump, leader)
    smart, noisy = HeuristicPlayer(), RandomPlayer(int(rng.integers(1 << 30)))
    cards = []
    for _ in range(plays):
        player = smart if rng.random() < heuristic else noisy
        card = player.choose(state.view())
        cards.append(card)
        state = state.play(card)
    seen = [None] * 4
    if shown:
        seen = [Hand([int(rng.integers(0, n + 1)) if rng.random() < 0.3 else 0 for n in h])
                for h in hands]
    seat = state.to_play
    seen[seat] = None
    position = position_after(hands, trump, leader, cards, contract=(leader, 50), shown=seen)
    assert position.seat == seat and position.hand.counts == state.hands[seat]
    return position, [tuple(h) for h in state.hands]
