"""Players: legal at every step by the naive oracle, the fast loop and PlayState agree, the
heuristic plays as its docstrings say, and it beats the random player by a measured margin."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from naive_rules import replay

from pinochle_calc.cards import CARDS, HEARTS, Card
from pinochle_calc.hand import Hand
from pinochle_calc.play import PlayState
from pinochle_calc.players import FastPlayer, HeuristicPlayer, Player, RandomPlayer
from pinochle_calc.simulate import play_deal

DECK = np.repeat(np.arange(20), 4)


def random_deal(seed: int) -> list[Hand]:
    cards = np.random.default_rng(seed).permutation(DECK).tolist()
    return [Hand.from_cards(CARDS[c] for c in cards[20 * s: 20 * s + 20]) for s in range(4)]


class Wrapped:
    """A user's player: only ``choose``, so play goes through PlayState, not the fast loop."""

    def __init__(self, inner):
        self.inner = inner

    def choose(self, view):
        return self.inner.choose(view)


def make_players(kinds, seed):
    return [HeuristicPlayer() if k else RandomPlayer(seed + n) for n, k in enumerate(kinds)]


@given(seed=st.integers(0, 2**32), trump=st.integers(0, 3), leader=st.integers(0, 3),
       kinds=st.lists(st.booleans(), min_size=4, max_size=4))
def test_playouts_are_legal_and_count_fifty(seed, trump, leader, kinds):
    hands = random_deal(seed)
    record: list[int] = []
    points = play_deal(hands, trump, leader, make_players(kinds, seed), record)
    # every card exactly once
    assert sorted(record) == sorted(DECK.tolist())
    # legal at every step, and the same points, by the naive rules
    strings = [[str(c) for c in h] for h in hands]
    assert replay(strings, "SHDC"[trump], leader, [str(CARDS[c]) for c in record]) == list(points)
    assert sum(points) == 50
    # the same players asked through PlayState (as a user's player is) play the same cards
    slow: list[int] = []
    slow_points = play_deal(hands, trump, leader,
                            [Wrapped(p) for p in make_players(kinds, seed)], slow)
    assert slow == record and tuple(slow_points) == tuple(points)


@given(seed=st.integers(0, 2**32), trump=st.integers(0, 3), scale=st.sampled_from([1, 10]))
def test_sides_points_add_up_to_fifty_scaled(seed, trump, scale):
    state = PlayState.deal(random_deal(seed), trump, leader=seed % 4, scale=scale)
    player = HeuristicPlayer()
    while not state.is_over:
        state = state.play(player.choose(state.view()))
    assert sum(state.points) == 50 * scale
    assert sum(state.tricks) == 20


def test_a_user_player_plugs_in():
    class LowestCard:
        def choose(self, view):
            return view.legal[-1]

    assert isinstance(LowestCard(), Player)
    assert isinstance(HeuristicPlayer(), Player) and isinstance(RandomPlayer(), Player)
    record: list[int] = []
    points = play_deal(random_deal(1), HEARTS, 0, [LowestCard()] * 4, record)
    assert sum(points) == 50 and len(record) == 80


def test_random_player_is_seeded():
    deal = random_deal(3)
    a, b, c = [], [], []
    play_deal(deal, HEARTS, 0, [RandomPlayer(5) for _ in range(4)], a)
    play_deal(deal, HEARTS, 0, [RandomPlayer(5) for _ in range(4)], b)
    play_deal(deal, HEARTS, 0, [RandomPlayer(6) for _ in range(4)], c)
    assert a == b and a != c


# --- the heuristics, each on a hand where a careful player has one right card -----------------

def choose(state: PlayState) -> str:
    return str(CARDS[HeuristicPlayer().choose(state.view())])


def deal(*hands: str, leader: int = 0, trump: int = HEARTS) -> PlayState:
    return PlayState.deal([Hand.parse(h) for h in hands], trump, leader)


def play(state: PlayState, *cards: str) -> PlayState:
    for card in cards:
        state = state.play(Card.parse(card))
    return state


def test_cashes_a_sure_winner():
    # the AS cannot be beaten (another AS played later loses to it)
    state = deal("AS JS QD JD JC", "AS KS QS KD JH", "10S QS QC KC QH", "KS JS JC QD KH")
    assert choose(state) == "AS"


def test_counts_cards_for_sure_winners():
    # after all four AS have fallen, the 10S is the top spade: cash it
    hands = ("AS 10S JD JC", "AS QS QD JH", "AS QS KD KC", "AS JS JD QH")
    after_aces = play(deal(*hands), "AS", "AS", "AS", "AS")
    assert after_aces.leader == 0
    assert choose(after_aces) == "10S"
    # with an AS still out, the 10S is no sure winner: lead a low card instead
    hands = ("AS 10S JD JC", "AS QS QD JH", "AS QS KD KC", "AS JS JD QH")
    one_ace_out = play(deal(*hands), "AS", "QS", "AS", "AS")
    assert choose(one_ace_out) in {"JD", "JC"}


def test_pulls_trump_when_long():
    # four of the six trumps and no sure side winner: lead the top trump
    state = deal("AH 10H KH QH JD", "JH KS QS AD JC", "QS KD 10D JS QC", "JH AD 10C KS AC")
    assert choose(state) == "AH"
    # short in trump: lead a jack from a side suit instead
    state = deal("AH JS KS QD JD", "JH KH AS AD JC", "10H KD 10D JS QC", "QH AD 10C KS AC")
    assert choose(state) in {"JS", "JD"}


def test_feeds_a_counter_to_partners_sure_trick():
    # partner (seat 0) led the AS; I (seat 2) cannot head it: give it the 10S, not the QS
    state = play(deal("AS JD", "JS JD", "10S QS", "QS JD"), "AS", "JS")
    assert choose(state) == "10S"


def test_throws_non_counters_to_the_opponents_trick():
    # the opponent's AS wins: follow with the QS and keep the 10S
    state = play(deal("KS JD", "AS JD", "10S QS", "QS JD"), "KS", "AS")
    assert choose(state) == "QS"
    # no spade and no trump: throw the jack, not a counter
    state = play(deal("KS JD", "AS JD", "AC JD", "QS JD"), "KS", "AS")
    assert choose(state) == "JD"


def test_trumps_with_the_lowest_trump():
    state = play(deal("KS JD", "AS JD", "AH JH", "QS JD"), "KS", "AS")
    assert choose(state) == "JH"


# --- the heuristic beats the random player, measured ------------------------------------------

def test_heuristic_beats_random_by_a_clear_margin():
    """Over 300 seeded deals, each played twice with the sides swapped, the heuristic side
    takes on average many more trick points than the random side would in its place."""
    heuristic = HeuristicPlayer()
    diffs = []
    for seed in range(300):
        hands = random_deal(10_000 + seed)
        mixed = [heuristic, RandomPlayer(seed), heuristic, RandomPlayer(seed + 1)]
        swapped = [RandomPlayer(seed), heuristic, RandomPlayer(seed + 1), heuristic]
        ours = play_deal(hands, HEARTS, 0, mixed)[0]
        theirs = play_deal(hands, HEARTS, 0, swapped)[0]
        diffs.append(ours - theirs)
    d = np.array(diffs)
    mean, stderr = d.mean(), d.std(ddof=1) / np.sqrt(d.size)
    assert mean - 4 * stderr > 8, (mean, stderr)


def test_fast_player_interface():
    class LeadLow(FastPlayer):
        """A subclass writes lead and follow on suit codes; choose comes for free."""

        def lead(self, H, p, T, U, V):
            return HeuristicPlayer.lead(H, p, T, U, V)

        def follow(self, H, p, T, U, V, ls, ws, wr, wp, k):
            return HeuristicPlayer.follow(H, p, T, U, V, ls, ws, wr, wp, k)

    a, b = [], []
    play_deal(random_deal(9), HEARTS, 2, [LeadLow()] * 4, a)
    play_deal(random_deal(9), HEARTS, 2, None, b)
    assert a == b
