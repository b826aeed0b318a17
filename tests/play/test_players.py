"""Players: legal at every step by the naive oracle, the fast loop and PlayState agree, the
heuristic plays as its docstrings say, and it beats the random player by a measured margin."""

from dataclasses import replace

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from naive_rules import legal as naive_legal
from naive_rules import replay

from pinochle_calc.cards import CARDS, HEARTS, SPADES, Card
from pinochle_calc.hand import Hand
from pinochle_calc.play.players import (
    CASH_MIN_OUT,
    FastPlayer,
    HeuristicPlayer,
    Player,
    RandomPlayer,
    heuristic_follow,
)
from pinochle_calc.play.simulate import play_deal
from pinochle_calc.play.tricks import LO, PlayState

DECK = np.repeat(np.arange(20), 4)


def random_deal(seed: int) -> list[Hand]:
    cards = np.random.default_rng(seed).permutation(DECK).tolist()
    return [Hand.from_cards(CARDS[c] for c in cards[20 * s: 20 * s + 20]) for s in range(4)]


class Wrapped:
    """A user's player: only ``choose``, so play goes through PlayState, not the fast loop.
    At every step it checks that the legal cards PlayState offers are exactly those of the
    naive rules."""

    def __init__(self, inner):
        self.inner = inner

    def choose(self, view):
        hand = [str(CARDS[i]) for i in range(20) for _ in range(view.hand[i])]
        trick = [str(CARDS[c]) for c in view.trick]
        assert {str(CARDS[c]) for c in view.legal} == naive_legal(hand, trick, "SHDC"[view.trump])
        card = self.inner.choose(view)
        assert card in view.legal
        return card


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


class LowestCard:
    """The example player of the ``players`` docstring."""

    def choose(self, view):
        # ranks run A 10 K Q J (0 to 4) within a suit: the largest is the lowest card
        return max(view.legal, key=lambda card: card % 5)


def test_a_user_player_plugs_in():
    assert isinstance(LowestCard(), Player)
    assert isinstance(HeuristicPlayer(), Player) and isinstance(RandomPlayer(), Player)
    record: list[int] = []
    points = play_deal(random_deal(1), HEARTS, 0, [Wrapped(LowestCard())] * 4, record)
    assert sum(points) == 50 and len(record) == 80
    # it plays what its name says: a jack whenever a jack is legal, not a counter
    # (not the last legal card in canonical order, which is the AC, then the KC)
    state = deal("JS KD AC QH", "JD AC QD KC", "10S QD AC KH", "JS AD KC QH")
    assert str(CARDS[LowestCard().choose(state.view())]) == "JS"
    state = play(state, "JS")  # seat 1 has no spade and no trump: any card
    assert str(CARDS[LowestCard().choose(state.view())]) == "JD"


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


def deal(*hands: str, leader: int = 0, trump: int = HEARTS,
         voids: tuple[int, int, int, int] = (0, 0, 0, 0)) -> PlayState:
    """A deal of the hands given; ``voids`` are the voids each seat has already shown."""
    return replace(PlayState.deal([Hand.parse(h) for h in hands], trump, leader), voids=voids)


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


# One deal per clause of the docstrings of heuristic_lead and heuristic_follow (trump hearts).
# The cards in the four hands are all the cards still out: the heuristic counts exactly those.

S_VOID, H_VOID = 1 << SPADES, 1 << HEARTS


def test_cashes_the_suit_with_most_cards_out_first():
    # sure winners AS and AD; no trump is out
    assert choose(deal("AS AD JC JC", "KS KD QC QC", "QS QD 10C KC", "JD JD AC AC")) == "AD"
    assert choose(deal("AS AD JC JC", "KS QS QC QC", "QS JS 10C KC", "KD JS AC AC")) == "AS"


def test_cashes_only_while_enough_of_the_suit_is_out():
    assert CASH_MIN_OUT == 2
    # one spade out and an opponent holds trump (the JH): the AS would likely be trumped
    assert choose(deal("AS JD JD QC", "KS KD QD JH", "KD QD JC JC", "AD 10D AC QC")) == "JD"
    # two spades out: cash it
    assert choose(deal("AS JD JD QC", "KS QS QD JH", "KD QD JC JC", "AD 10D AC QC")) == "AS"
    # one spade out and no trump out: nobody can trump it, cash it
    assert choose(deal("AS JD JD QC", "KS KD QD JC", "KD QD JC JC", "AD 10D AC QC")) == "AS"


def test_does_not_cash_into_a_void_an_opponent_may_trump():
    hands = ("AS JD JD QC", "KD QD JH JH", "KS QS JC JC", "AD 10D AC QC")
    assert choose(deal(*hands)) == "AS"
    assert choose(deal(*hands, voids=(0, S_VOID, 0, 0))) == "JD"  # seat 1 showed no spade
    # seat 1 showed no spade and no trump: it cannot trump the AS
    hands = ("AS JD JD QC", "KD QD QD 10D", "KS QS JC JC", "AD JH AC QC")
    assert choose(deal(*hands, voids=(0, S_VOID | H_VOID, 0, 0))) == "AS"


def test_pulls_trump_holding_as_many_as_all_others():
    # two trumps, two out: pull with the sure AH
    assert choose(deal("AH KH JD QC", "QH KD QD QC", "JH JD JC 10C", "AD AC KC 10D")) == "AH"
    # the top trump is not sure (an AH is out): lead the lowest trump
    assert choose(deal("10H KH JD QC", "AH KD QD QC", "JH JD JC 10C", "AD AC KC 10D")) == "KH"
    # one trump against two: no pull, the lowest side card
    assert choose(deal("AH JD JD QC", "QH KD QD QC", "JH KD JC 10C", "AD AC KC 10D")) == "JD"
    # long in trump, but both opponents have shown they hold none: no pull
    hands = ("AH KH JD QC", "KD QD QC KC", "QH JH JC 10C", "AD AC KC 10D")
    assert choose(deal(*hands, voids=(0, H_VOID, 0, H_VOID))) == "JD"


def test_leads_low_from_the_longest_suit():
    # a jack before a queen, even from a shorter suit
    assert choose(deal("QS QS JD KC", "AS KD KC QD", "AS JS AD QC", "10S 10D AC JC")) == "JD"
    # between jacks, the longest suit
    assert choose(deal("JS JS QS JD", "AS KD KC QD", "AS 10S AD QC", "10S 10D AC JC")) == "JS"


def test_with_only_trumps_left_leads_the_top_if_sure_else_the_lowest():
    # two trumps against three out: no pull; the AH is sure (a copy played later loses)
    assert choose(deal("AH QH", "AH KH", "10H JS", "JD QD")) == "AH"
    assert choose(deal("10H QH", "AH KH", "JH JS", "JD QD")) == "QH"


def test_heads_with_the_lowest_card_when_last():
    state = play(deal("KS JD", "QS JD", "JS JD", "AS 10S"), "KS", "QS", "JS")
    assert choose(state) == "10S"


def test_heads_with_a_sure_top_card_unless_it_may_be_beaten():
    assert choose(play(deal("KS JD", "AS 10S", "QS JD", "JS JD"), "KS")) == "AS"
    # another AS out does not beat mine (played later, it loses): still sure
    assert choose(play(deal("KS JD", "AS 10S", "QS JD", "AS JD"), "KS")) == "AS"
    # an AS is out and my top card is the 10S: head with the lowest card that heads
    assert choose(play(deal("QS JD", "10S KS", "JS JD", "AS JD"), "QS")) == "KS"
    assert choose(play(deal("QS JD", "10S KS", "JS JD", "JS JD"), "QS")) == "10S"
    # the opponent after me has shown no spade and may trump: the lowest card that heads
    state = play(deal("KS JD", "AS 10S", "JH JD", "JS JD", voids=(0, 0, S_VOID, 0)), "KS")
    assert choose(state) == "10S"
    # over-trumping before the last player: the top trump if sure, else the lowest that heads
    assert choose(play(deal("AS JD", "QH JD", "AH KH", "JS JD"), "AS", "QH")) == "AH"
    assert choose(play(deal("AS JD", "QH JD", "10H KH", "AH JD"), "AS", "QH")) == "KH"
    assert choose(play(deal("AS JD", "QH JD", "10H KH", "JH JD"), "AS", "QH")) == "10H"


def test_trumps_low_unless_the_next_opponent_may_over_trump():
    assert choose(play(deal("AS JD", "AH JH", "KH QS", "JS JD"), "AS")) == "JH"
    # seat 2 has shown no spade and may hold trump: trump with the sure AH
    state = play(deal("AS JD", "AH JH", "KH JD", "JS JD", voids=(0, 0, S_VOID, 0)), "AS")
    assert choose(state) == "AH"
    # ... but not with a 10H an AH out may beat
    state = play(deal("AS JD", "10H JH", "KH JD", "AH JD", voids=(0, 0, S_VOID, 0)), "AS")
    assert choose(state) == "JH"
    # seat 2 has shown no trump either: the lowest trump
    state = play(deal("AS JD", "AH JH", "JD QD", "JS KH", voids=(0, 0, S_VOID | H_VOID, 0)),
                 "AS")
    assert choose(state) == "JH"
    # the last to play trumps low
    assert choose(play(deal("AS JD", "QS JD", "KS JD", "AH JH"), "AS", "QS", "KS")) == "JH"


def test_feeds_partners_trick_the_ten_else_the_king_else_the_ace():
    # I play last; partner's AS wins (my AS does not head it): any spade
    start = ("KS JD JD JC", "AS JD QD JC", "QS QD QC JC")
    assert choose(play(deal(*start, "AS 10S KS QS"), "KS", "AS", "QS")) == "10S"
    assert choose(play(deal(*start, "AS KS QS QS"), "KS", "AS", "QS")) == "KS"
    assert choose(play(deal(*start, "AS QS QS JS"), "KS", "AS", "QS")) == "AS"
    # partner trumped the trick: I may play any spade, and feed it
    assert choose(play(deal("KS JD", "AH JD", "QS JD", "10S JS"), "KS", "AH", "QS")) == "10S"


def test_follows_low_when_partners_card_may_be_beaten():
    # partner's 10S is winning, but an AS is out: keep the KS, play the QS
    assert choose(play(deal("10S JD", "JS JD", "KS QS", "AS JD"), "10S", "JS")) == "QS"
    # partner's AS is winning, but the opponent after me has shown no spade and may trump
    state = play(deal("AS JD", "QS JD", "10S JS", "JH JD", voids=(0, 0, 0, S_VOID)), "AS", "QS")
    assert choose(state) == "JS"
    # the opponent trumped: any spade, the lowest
    assert choose(play(deal("AS JD", "JH JD", "10S JS", "QS JD"), "AS", "JH")) == "JS"


def test_a_trump_that_cannot_win_is_the_lowest():
    # no spade: must trump, and nothing beats the AH (another AH does not)
    assert choose(play(deal("AS JD", "AH JD", "KH QH", "JS JD"), "AS", "AH")) == "QH"


def test_void_in_both_feeds_partner_or_throws_low():
    start = ("KS JD JD", "AS JD QD", "QS QD QC")
    # partner's AS wins and I play last: the 10, else the K, else the A
    assert choose(play(deal(*start, "AC KD 10C"), "KS", "AS", "QS")) == "10C"
    assert choose(play(deal(*start, "AC KD JD"), "KS", "AS", "QS")) == "KD"
    assert choose(play(deal(*start, "AC QC JC"), "KS", "AS", "QS")) == "AC"
    # the opponents' AS wins: a queen before a counter
    start = ("AS JD JD", "KS JD QD", "QS QD QC")
    assert choose(play(deal(*start, "AC QC KD"), "AS", "KS", "QS")) == "QC"


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


class LeadLow(FastPlayer):
    """A subclass writes lead and follow on suit codes; ``choose`` comes for free. This one
    leads its lowest card (a jack before a queen before a counter) and follows as the
    heuristic does."""

    def lead(self, H, p, T, U, V):
        b = p << 2
        return max((s * 5 + LO[H[b + s]] for s in range(4) if H[b + s]), key=lambda c: c % 5)

    follow = staticmethod(heuristic_follow)


def test_fast_player_interface():
    fast, slow, heuristic = [], [], []
    hands = random_deal(9)
    points = play_deal(hands, HEARTS, 2, [LeadLow()] * 4, fast)
    assert play_deal(hands, HEARTS, 2, [Wrapped(LeadLow())] * 4, slow) == points
    assert fast == slow  # the fast loop and choose (through PlayState) play the same cards
    play_deal(hands, HEARTS, 2, None, heuristic)
    assert fast != heuristic
    # every lead is the lowest card of the leader's hand
    state = PlayState.deal(hands, HEARTS, leader=2)
    for card in fast:
        if not state.trick:
            hand = state.hands[state.leader]
            assert card % 5 == max(i % 5 for i in range(20) if hand[i])
        state = state.play(card)
    assert state.is_over
