"""Plain minimax over every play, the oracle of the double-dummy solver: deliberately simple
and separate from it (``PlayState`` plays the cards and scores the tricks; no pruning, no
equivalent cards, no bounds; only a memo of the positions already valued, keyed by the whole
position)."""

from __future__ import annotations

from pinochle_calc.play.tricks import PlayState


def side0_points(state: PlayState, memo: dict | None = None) -> int:
    """Side 0's trick points from here to the end (the cards already in the trick in
    progress included) when side 0 maximises them and side 1 minimises them."""
    if memo is None:
        memo = {}
    if state.is_over:
        return 0
    key = (state.hands, state.leader, state.trick)
    if key not in memo:
        values = [after(state, card, memo) for card in state.legal()]
        memo[key] = max(values) if state.to_play & 1 == 0 else min(values)
    return memo[key]


def after(state: PlayState, card: int, memo: dict | None = None) -> int:
    """Side 0's points from here once the seat to play has played ``card``, best play after."""
    if memo is None:
        memo = {}
    nxt = state.play(card)
    return nxt.points[0] - state.points[0] + side0_points(nxt, memo)


def card_values(state: PlayState) -> dict[int, int]:
    """Per legal card of the seat to play, its side's points from here with best play after."""
    memo: dict = {}
    total = remaining(state)
    side = state.to_play & 1
    return {c: (v if side == 0 else total - v) for c in state.legal()
            for v in (after(state, c, memo),)}


def remaining(state: PlayState) -> int:
    """Every trick point still to be taken: the counters in the hands and in the trick in
    progress, and the last trick's 2."""
    from pinochle_calc.play.tricks import CARD_POINTS

    held = sum(CARD_POINTS[c] * n for h in state.hands for c, n in enumerate(h))
    return held + sum(CARD_POINTS[c] for c in state.trick) + 2
