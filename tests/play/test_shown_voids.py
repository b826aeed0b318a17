"""The voids every seat showed, the advised seat's own included (issue 32: the other seats saw
them, so the players of the advice's play-outs must know them too), checked against oracles of
their own: the rule read straight from RULES.md on card strings, and the table itself (the
scalar engine's hand in play, whose every seat saw every card); and the layouts the advice
deals never contradict the public play."""

from __future__ import annotations

import numpy as np
import pytest
from naive_rules import legal as naive_legal
from positions import played_position

from pinochle_calc.cards import CARDS, KINDS
from pinochle_calc.play.advice import _played_out
from pinochle_calc.play.dealer import suit_codes
from pinochle_calc.play.facts import read_position
from pinochle_calc.play.players import HeuristicPlayer
from pinochle_calc.play.tricks import PlayState
from pinochle_calc.play.unseen import UnseenDealer


def plays(position):
    """Every card played so far as (seat, the trick before it, the card)."""
    rows = [(t.leader, t.cards) for t in position.tricks] + [(position.leader, position.trick)]
    return [((leader + k) & 3, list(cards[:k]), card)
            for leader, cards in rows for k, card in enumerate(cards)]


def naive_voids(position) -> tuple[int, ...]:
    """RULES.md: "A player with no card of the suit led must trump"; "Only a player with neither
    the suit led nor a trump may play any card": a card off the suit led shows that suit void,
    and a card neither of it nor trump shows trump void too. On card strings."""
    trump = "SHDC"[position.trump]
    voids = [0, 0, 0, 0]
    for seat, before, card in plays(position):
        if not before:
            continue
        led, suit = str(CARDS[before[0]])[-1], str(CARDS[card])[-1]
        if suit != led:
            voids[seat] |= 1 << "SHDC".index(led)
            if suit != trump:
                voids[seat] |= 1 << "SHDC".index(trump)
    return tuple(voids)


def start_hands(position, truth) -> list[list[int]]:
    """The four hands as play began: those of now and every card each seat has played."""
    hands = [list(h) for h in truth]
    for seat, _, card in plays(position):
        hands[seat][card] += 1
    return hands


def table_state(position, truth) -> PlayState:
    """The hand in play as the table has it: dealt, and every card played on the engine."""
    trump = position.trump
    leader = position.tricks[0].leader if position.tricks else position.leader
    state = PlayState.deal(start_hands(position, truth), trump, leader)
    for _, _, card in plays(position):
        state = state.play(card)
    return state


def positions(seed: int, n: int):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        yield played_position(rng, plays=int(rng.integers(5, 76)), heuristic=0.6)


@pytest.mark.parametrize("seed", range(6))
def test_every_void_a_seat_showed_is_a_fact_its_own_included(seed):
    """The facts' voids are the naive rule's and the table's, seat by seat: the advised seat's
    own voids are among them (it showed them as the others did)."""
    own = 0
    for position, truth in positions(seed, 40):
        facts = read_position(position)
        expected = naive_voids(position)
        assert facts.voids == expected, position.to_dict()
        assert facts.voids == table_state(position, truth).voids
        own += bool(expected[position.seat])
    assert own >= 10  # the advised seat had shown a void in many of them


def test_the_advices_play_outs_of_the_true_layout_are_the_tables():
    """Dealt the true layout, the advice plays each legal card out as the table would go on:
    four heuristic players on the scalar engine, which know every void shown since the first
    card (the advised seat's too). Before the advised seat's own voids reached the facts, the
    play-outs went wrong in some of these."""
    checked = 0
    for position, truth in positions(100, 120):
        facts = read_position(position)
        state = table_state(position, truth)
        legal = position.legal()
        side = position.seat & 1
        codes = suit_codes(np.array([truth]))
        got = _played_out(position, facts, codes, legal, side)[:, 0]
        player = HeuristicPlayer()
        for i, card in enumerate(legal):
            after = state.play(card)
            while not after.is_over:
                after = after.play(player.choose(after.view()))
            assert got[i] == after.points[side] - state.points[side], (position.to_dict(), card)
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("seed", range(4))
def test_the_layouts_dealt_never_contradict_the_public_play(seed):
    """Each layout the advice deals, with every card each other seat has played, makes each of
    its plays legal by the naive rules (no seat is dealt a card of a suit it showed void, or a
    card it would have had to play), and keeps every void shown, the advised seat's too."""
    for position, _ in positions(200 + seed, 12):
        facts = read_position(position)
        layouts = UnseenDealer(facts).deal(np.random.default_rng(seed), 25)
        assert facts.meets(layouts).all()
        trump = "SHDC"[position.trump]
        for layout in layouts:
            hands = start_hands(position, layout)
            for seat, before, card in plays(position):
                held = [str(CARDS[c]) for c in range(KINDS) for _ in range(hands[seat][c])]
                assert str(CARDS[card]) in naive_legal(held, [str(CARDS[c]) for c in before],
                                                       trump), (position.to_dict(), seat)
                hands[seat][card] -= 1
            for seat in range(4):
                for suit in range(4):
                    if facts.voids[seat] >> suit & 1:
                        assert not any(layout[seat][suit * 5:suit * 5 + 5])

