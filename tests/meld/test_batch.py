"""Batch scoring (numpy, one solve per shape) agrees with scoring hands one at a time."""

from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc import Hand, meld
from pinochle_calc.meld.batch import Failed, score_lines


@st.composite
def hands(draw):
    counts = draw(st.lists(st.integers(0, 4), min_size=20, max_size=20))
    counts[draw(st.integers(0, 19))] = draw(st.integers(1, 4))
    return Hand(counts)


@given(st.lists(hands(), min_size=1, max_size=60))
def test_batch_equals_one_hand_at_a_time(batch):
    results = list(score_lines(str(h) for h in batch))
    assert len(results) == len(batch)
    for hand, result in zip(batch, results):
        single = meld(hand)
        assert result.trumps == single.trumps
        assert result.best == single.best.trump  # including the tie-breaks by suit length
        assert result.counts == list(hand.counts)
        assert result.warnings == single.warnings


def test_ties_go_to_the_longer_suit_then_in_suit_order():
    lines = ["KS QS KD QD AD 10D", "KS QS KH QH", "KH QH KC QC AC", "AS AH AD AC"]
    assert [r.best for r in score_lines(lines)] == [2, 0, 3, 0]
    assert [meld(line).best.trump for line in lines] == [2, 0, 3, 0]


def test_a_bad_line_fails_in_its_place_and_the_batch_goes_on():
    results = list(score_lines(["KS QS", "AS AS AS AS AS", "", "# c", "KH QH"] * 3000))
    assert len(results) == 9000
    assert [type(r) for r in results[:3]] == [type(results[0]), Failed, type(results[0])]
    assert results[1].line == 2 and results[-1].line == 15000
    assert sum(isinstance(r, Failed) for r in results) == 3000
