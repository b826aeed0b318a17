"""What the play reveals: the facts of a position are exactly the holdings the rules allow
(checked against an enumeration of every possible holding, by the naive rules), and impossible
positions are refused with the trick, the card and the rule."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest
from naive_rules import legal as naive_legal
from positions import played_position

from pinochle_calc.cards import CARDS, KINDS, Card
from pinochle_calc.hand import Hand
from pinochle_calc.play.facts import Facts, read_position
from pinochle_calc.play.position import Position, PositionError, with_leaders
from pinochle_calc.play.tricks import Trick
from pinochle_calc.play.unseen import UnseenDealer


def cards(text: str) -> tuple[int, ...]:
    return tuple(Card.parse(t).index for t in text.split())


def _plays_by(position: Position, seat: int) -> list[tuple[list[int], int]]:
    """Each play of ``seat`` in order: the trick before it and the card."""
    out = []
    rows = [(t.leader, t.cards) for t in position.tricks] + [(position.leader, position.trick)]
    for leader, played in rows:
        for k, card in enumerate(played):
            if (leader + k) & 3 == seat:
                out.append((list(played[:k]), card))
    return out


def naive_possible(position: Position, seat: int, holding: tuple[int, ...]) -> bool:
    """Whether ``seat`` could hold ``holding`` now: every card it played was legal by the naive
    rules for the hand it then held (this holding and its later plays), and it held every card
    it showed."""
    trump = "SHDC"[position.trump]
    plays = _plays_by(position, seat)
    hand = list(holding)
    for _, card in plays:
        hand[card] += 1
    shown = position.shown[seat]
    if shown is not None and any(h < s for h, s in zip(hand, shown.counts)):
        return False
    for before, card in plays:
        held = [str(CARDS[c]) for c in range(KINDS) for _ in range(hand[c])]
        if str(CARDS[card]) not in naive_legal(held, [str(CARDS[c]) for c in before], trump):
            return False
        hand[card] -= 1
    return True


def facts_allow(facts: Facts, seat: int, holding: tuple[int, ...]) -> bool:
    allowed = facts.allowed(seat)
    return all(n == 0 or allowed[c] for c, n in enumerate(holding)) and all(
        n >= k for n, k in zip(holding, facts.known[seat]))


def holdings(limit: tuple[int, ...], size: int):
    """Every holding of ``size`` cards with at most ``limit[c]`` of each card."""
    kinds = [c for c in range(KINDS) if limit[c]]
    for counts in product(*(range(limit[c] + 1) for c in kinds)):
        if sum(counts) == size:
            out = [0] * KINDS
            for c, n in zip(kinds, counts):
                out[c] = n
            yield tuple(out)


@pytest.mark.parametrize("seed", range(16))
def test_facts_are_exactly_the_holdings_the_rules_allow(seed):
    """Late in a hand the holdings of a seat can be listed: every one the naive rules allow
    (its plays legal, its meld held) meets the facts, and every one that meets them is allowed."""
    rng = np.random.default_rng(seed)
    checked = 0
    for _ in range(4):
        position, truth = played_position(rng, plays=int(rng.integers(60, 78)), heuristic=0.5)
        facts = read_position(position)
        for seat in facts.others:
            assert facts_allow(facts, seat, truth[seat])
            limit = tuple(u + k for u, k in zip(facts.unseen, facts.known[seat]))
            for holding in holdings(limit, facts.sizes[seat]):
                assert naive_possible(position, seat, holding) == facts_allow(
                    facts, seat, holding), (position.to_dict(), seat, holding)
                checked += 1
    assert checked > 20


def test_each_seat_holds_as_many_cards_as_the_play_leaves_it():
    """``sizes``: the cards each seat holds, the player's own included, as the hands played
    to the position hold them."""
    rng = np.random.default_rng(21)
    for _ in range(30):
        position, truth = played_position(rng, plays=int(rng.integers(0, 80)))
        assert read_position(position).sizes == tuple(sum(h) for h in truth)


def test_the_cards_exchanged_are_known_where_they_are_held():
    """Partner first (toby-thomas: the partner passes 3 cards, the bidder returns 3): at the
    first card each of the bidding side plays, its partner surely holds the cards it gave it
    (the partner: less those the bidder gave back, which may be the very cards it was
    passed), with its meld shown, less what the partner has played; the true hands meet the
    facts."""
    from pinochle_calc.game.hand import Play, card_position
    from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
    from pinochle_calc.rules import load_rules

    rules = load_rules("toby-thomas")
    checked = {"bidder": 0, "partner": 0}
    given_back = 0
    for n in range(12):
        record = play_hand(deal_cards(n), "formula", "formula", rules, seed=hand_seed(n))
        first = {}
        for k, event in enumerate(record.events, 1):
            if isinstance(event, Play) and event.seat not in first:
                first[event.seat] = k
        if not first:
            continue
        bidder = record.state.contract.seat
        for seat in (bidder, bidder ^ 2):
            state = record.state_before(first[seat])
            position = card_position(state, seat)
            facts = read_position(position, rules)
            partner = seat ^ 2
            gave, got = position.passed.counts, position.received.counts
            to_partner = gave if seat == bidder else [max(0, a - b) for a, b in zip(gave, got)]
            given_back += seat != bidder and any(a and b for a, b in zip(gave, got))
            shown = position.shown[partner].counts
            played = [0] * KINDS
            for j, card in enumerate(position.trick):
                played[card] += (position.leader + j) % 4 == partner
            want = tuple(max(0, max(a, b) - c) for a, b, c in zip(shown, to_partner, played))
            assert facts.known[partner] == want, (n, seat)
            truth = np.array([[state.holding(s).counts for s in range(4)]])
            assert facts.meets(truth)[0], (n, seat)
            checked["bidder" if seat == bidder else "partner"] += 1
    assert min(checked.values()) >= 5 and given_back >= 1


def test_the_facts_in_words():
    """Hearts trump. Trick 1: seat 0 leads A♠, seat 1 follows, seat 2 trumps, seat 3 throws a
    club; seat 2 now leads."""
    tricks = with_leaders([(0, cards("AS QS 10H JC"))], 1)
    mine = Hand.parse("QC QC QC QC JD JD JD JD QD QD QD QD KD KD KD KD KC KC KC")
    facts = read_position(Position(mine, 1, 2, tricks))
    assert facts.seat_words(1) == []  # nothing heads an A♠: following it shows nothing
    assert facts.seat_words(3) == ["no ♠ (trick 1: J♣ on A♠, not following)",
                                   "no ♥ (trick 1: J♣ on A♠, not trumping)"]
    # seat 2 (me) trumped: the others saw my ♠ void as I saw seat 3's ♠ and ♥
    assert facts.voids == (0, 0, 0b0001, 0b0011)
    assert facts.to_dict()[2] == {"seat": 3, "void": ["S", "H"], "highest": {}, "known": "",
                                  "holds": 19}


def test_not_heading_and_not_over_trumping():
    """Trick 1: seat 0 leads Q♠, seat 1 heads with K♠, seat 2 plays J♠ under it, seat 3 trumps
    with K♥. Trick 2: seat 3 leads 10♦, seat 0 trumps with K♥, seat 1 plays J♥ under it."""
    tricks = with_leaders([(0, cards("QS KS JS KH")), (None, cards("10D KH JH AD"))], 1)
    assert [t.leader for t in tricks] == [0, 3]
    mine = Hand.parse("JC JC JC JC QC QC QC QC KC KC KC KC 10C 10C 10C 10C JS JS")
    facts = read_position(Position(mine, 1, 0, tricks))
    assert facts.seat_words(2) == ["no ♠ above K (trick 1: J♠, not heading K♠)"]
    assert facts.seat_words(1) == [
        "no ♥ above K (trick 2: trumped with J♥, not over-trumping K♥)",
        "no ♦ (trick 2: J♥ on 10♦, not following)"]
    assert facts.to_dict()[0]["highest"] == {"H": "K"}
    assert facts.points == (3, 2)  # seat 0 took 10♦ K♥ A♦; seat 3 took K♠ K♥


def test_known_cards_are_held_until_played():
    tricks = with_leaders([(0, cards("AS KS QS JS"))], 1)
    mine = Hand.parse("JC JC JC JC QC QC QC QC KC KC KC KC 10C 10C 10C 10C JD JD JD")
    shown = (None, Hand.parse("KS QS KH QH"), None, Hand.parse("JS QD"))
    facts = read_position(Position(mine, 1, 0, tricks, shown=shown))
    assert Hand(facts.known[1]) == Hand.parse("QS KH QH")  # its K♠ is the one it played
    assert Hand(facts.known[3]) == Hand.parse("QD")


# --- impossible positions ---------------------------------------------------------------------

def error(position: Position, rules: str = "standard") -> PositionError:
    from pinochle_calc.rules import load_rules

    with pytest.raises(PositionError) as e:
        read_position(position, load_rules(rules))
    return e.value


HAND19 = "QC QC QC QC JD JD JD JD QD QD QD QD KD KD KD KD KC KC KC"


def test_a_fifth_copy():
    tricks = with_leaders([(0, cards("QC AS AS AS"))], 1)
    e = error(Position(Hand.parse(HAND19), 1, 0, tricks))
    assert (e.trick, e.card) == (1, 1) and "a fifth Q♣" in str(e)


def test_a_play_the_rules_forbid_the_player_names_the_rule():
    # seat 1 leads A♠; I (seat 0, last) throw J♣ though I hold Q♠
    tricks = with_leaders([(1, cards("AS KS QS JC"))], 1)
    hand = Hand.parse(HAND19.replace("KC KC KC", "KC KC QS"))
    e = error(Position(hand, 1, 0, tricks, cards("KH KH KH")))
    assert (e.trick, e.card) == (1, 4)
    assert str(e) == ("trick 1, card 4: you (seat 0) play J♣, which the rules forbid there:"
                      " follow suit; no S card heads AS")


def test_a_play_against_a_void_shown_before():
    # seat 1 did not follow K♣ at trick 1, then plays J♣ at trick 2
    tricks = with_leaders([(0, cards("KC AS QC JC")), (None, cards("KC JC QC QC"))], 1)
    hand = Hand.parse("JD JD JD JD QD QD QD QD KD KD KD KD 10D 10D 10D 10D KC KC")
    e = error(Position(hand, 1, 0, tricks))
    assert (e.trick, e.card) == (2, 2)
    assert str(e) == ("trick 2, card 2: seat 1 plays J♣, but it had shown it holds no ♣"
                      " (trick 1: A♠ on K♣, not following)")


def test_tricks_out_of_order():
    with pytest.raises(PositionError) as e:
        with_leaders([(0, cards("AS KS QS JS")), (1, cards("AH KH QH JH"))], 1)
    assert "tricks out of order: trick 2 is led by seat 1, but seat 0 won trick 1" in str(
        e.value) and (e.value.trick, e.value.card) == (2, 1)
    tricks = (Trick(0, cards("AS KS QS JS")), Trick(1, cards("AH KH QH JH")))
    assert "tricks out of order" in str(error(Position(Hand.parse(HAND19[:-3]), 1, 0, tricks)))


def test_the_trick_in_progress_out_of_turn():
    tricks = with_leaders([(0, cards("AS KS QS JS"))], 1)  # seat 0 won: it leads next
    e = error(Position(Hand.parse(HAND19), 1, 2, tricks))
    assert str(e).startswith("the trick in progress is out of order: seat 0 won trick 1")


def test_the_hand_size_must_match_the_tricks():
    tricks = with_leaders([(0, cards("AS KS QS JS"))], 1)
    e = error(Position(Hand.parse("KC"), 1, 0, tricks))
    assert "after 1 trick each hand holds 19" in str(e)


def test_shown_cards_that_contradict_the_play():
    tricks = with_leaders([(0, cards("AS AH 10S JS"))], 1)  # seat 1 trumps a spade lead
    shown = (None, Hand.parse("KS QS"), None, None)  # ... but showed a spade marriage
    e = error(Position(Hand.parse(HAND19), 1, 0, tricks, cards("KH KH KH"), None, shown))
    assert (e.trick, e.card) == (1, 2)
    assert "seat 1 plays A♥, which the rules forbid while it holds ♠K Q" in str(e)


def test_only_the_bidding_side_exchanges():
    e = error(Position(Hand.parse("AS"), 1, 1, contract=(0, 50), passed=Hand.parse("KS QS JS")),
              "standard,passing.cards=3")
    assert "only the bidding side exchanges cards" in str(e)


@pytest.mark.parametrize("rules", ["standard", "book", "npa", "pinochle14", "standard,scale=10"])
@pytest.mark.parametrize("given", ["passed", "received"])
def test_no_cards_exchanged_under_rules_that_pass_none(rules, given):
    """Every preset without an exchange refuses a pass, naming the rule; the same position
    under rules that pass 3 cards reads."""
    from pinochle_calc.rules import load_rules

    position = Position(Hand.parse("AS"), 1, 0, contract=(0, 50),
                        **{given: Hand.parse("KS QS JS")})
    e = error(position, rules)
    assert f"under the rules {load_rules(rules).name} no cards are passed" in str(e)
    assert "passing.cards = 0" in str(e)
    assert read_position(position, load_rules("toby-thomas")).seat == 0  # 3 cards: it reads


@pytest.mark.parametrize(("rules", "cards", "ok"), [
    ("toby-thomas", "KS QS JS", True), ("toby-thomas", "KS QS", False),
    ("toby-thomas", "KS QS JS JS", False), ("standard,passing.cards=4", "KS QS JS JS", True),
    ("standard,passing.cards=4", "KS QS JS", False), ("standard,passing.cards=1", "KS", True)])
def test_each_pass_is_as_many_cards_as_the_rules_pass(rules, cards, ok):
    from pinochle_calc.rules import load_rules

    n = load_rules(rules).pass_cards
    for given in ("passed", "received"):
        position = Position(Hand.parse("AS"), 1, 0, **{given: Hand.parse(cards)})
        if ok:
            assert read_position(position, load_rules(rules)).seat == 0
        else:
            e = error(position, rules)
            assert f"you {given} {len(Hand.parse(cards))} cards" in str(e)
            assert f"each pass is {n} (passing.cards = {n})" in str(e)


def test_no_deal_meets_the_facts():
    """Three K♠ unseen, three seats of one card each, two of them void in spades."""
    position = Position(Hand.parse("AS"), 1, 0)
    facts = read_position(position)
    impossible = facts.__class__(
        position, ((0,) * 4, (5, 0, 0, 0), (5, 0, 0, 0), (0,) * 4), (("",) * 4,) * 4,
        facts.known, (1, 1, 1, 1), tuple(3 if c == CARDS.index(Card(0, 2)) else 0
                                         for c in range(KINDS)), 0, (0,) * 4, None, (0,) * 20)
    with pytest.raises(PositionError, match="no deal of the unseen cards meets every fact"):
        UnseenDealer(impossible)
