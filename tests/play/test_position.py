"""The position model and the tricks notation: the forms a player types read alike, the JSON
form reads back equal, and mistakes are named with the trick, the card and the column."""

from __future__ import annotations

import pytest

from pinochle_calc.cards import Card
from pinochle_calc.hand import Hand
from pinochle_calc.play.position import (
    Position,
    PositionError,
    parse_tricks,
    position_after,
    tricks_text,
    with_leaders,
)
from pinochle_calc.play.tricks import Trick


def cards(text: str) -> tuple[int, ...]:
    return tuple(Card.parse(t).index for t in text.split())


FIRST, SECOND = cards("AS 10S KS QS"), cards("10H JH QH KH")


@pytest.mark.parametrize("text", [
    "0: AS 10S KS QS; 10H JH QH KH",
    "0: A♠ 10♠ K♠ Q♠ / 10♥ J♥ Q♥ K♥",
    "0:AS,10S,KS,QS\n10h jh qh kh   # hearts led by seat 0",
    "0: ♠A ♠10 ♠K ♠Q; 0: TH JH QH KH;",
])
def test_the_ways_to_write_the_tricks(text):
    raw, spans = parse_tricks(text)
    assert with_leaders(raw, 1) == (Trick(0, FIRST), Trick(0, SECOND))
    assert [len(s) for s in spans] == [4, 4]


def test_the_contract_names_the_first_leader_and_the_text_reads_back():
    tricks = with_leaders(parse_tricks("AS 10S KS QS; 10H JH QH KH")[0], 1, (2, 50))
    assert [t.leader for t in tricks] == [2, 2]
    assert tricks_text(tricks) == "2: AS 10S KS QS; 2: 10H JH QH KH"
    with pytest.raises(PositionError, match="trick 1: say who led it"):
        with_leaders(parse_tricks("AS 10S KS QS")[0], 1)
    with pytest.raises(PositionError, match=r"the bidder \(seat 2\) leads the first trick"):
        with_leaders(parse_tricks("0: AS 10S KS QS")[0], 1, (2, 50))


@pytest.mark.parametrize("text, message, column", [
    ("0: AS 10S KS", "trick 1 has 3 cards: a trick is four cards", 13),
    ("0: AS 10S KS QS JS", "trick 1 has 5 cards", 17),
    ("0: AS 10S KS QS; 7: AH KH QH JH", "trick 2: '7' before ':' is the seat that led", 18),
    ("0: AS 10S KS QS; AH KH QX JH", "trick 2, card 3: unknown card 'QX'", 24),
])
def test_mistakes_are_named_and_located(text, message, column):
    with pytest.raises(PositionError) as e:
        with_leaders(parse_tricks(text)[0], 1)
    assert message in str(e.value)
    assert str(e.value).endswith(f"(column {column})")
    assert "^" in e.value.pointer()


def test_the_json_form_reads_back_equal_and_accepts_the_short_forms():
    shown = (None, Hand.parse("KS QS"), None, Hand.parse("JD QS"))
    position = Position(Hand.parse("AD KD"), 1, 2, with_leaders([(0, FIRST)], 1), cards("AC"),
                        (0, 55), shown, Hand.parse("KC"), Hand.parse("AD"))
    data = position.to_dict()
    assert data["tricks"] == [{"leader": 0, "cards": ["AS", "10S", "KS", "QS"]}]
    assert data["shown"] == [None, "KS QS", None, "QS JD"]
    assert Position.from_dict(data) == position
    short = {"hand": "AD KD", "trump": "H", "seat": 2, "tricks": "0: AS 10S KS QS",
             "trick": ["AC"], "contract": {"seat": 0, "bid": 55},
             "shown": {"1": "KS QS", "3": "JD QS"}, "passed": "KC", "received": "AD"}
    assert Position.from_dict(short) == position
    for bad, message in (({"hand": "AS"}, "no 'trump'"), ({"hand": "AS", "trump": "H",
                                                           "seat": 4}, "seat is a seat 0 to 3"),
                         ({"hand": "AS", "trump": "H", "colour": 1}, "unknown key 'colour'")):
        with pytest.raises(PositionError, match=message):
            Position.from_dict(bad)


def test_the_position_after_some_plays():
    hands = [Hand.parse(t) for t in ("AS KH", "10S QH", "KS JH", "QS 10H")]
    spot = position_after(hands, 1, 0, cards("AS 10S KS QS KH"))
    assert spot.seat == 1 and spot.leader == 0 and spot.trick == cards("KH")
    assert spot.hand == Hand.parse("QH") and spot.tricks == (Trick(0, FIRST),)
