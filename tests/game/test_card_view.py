"""What a card player of one's own sees (issue 32): its seat's position, as before, and the
table's rule set, auction and dealer, each side's meld and a seed for the decision; each checked
against the record of the hand (its events, the meld engine), and the seed by play: a player
that asks the card advice with the view's seed and rules plays every card as ``/advisor``."""

from __future__ import annotations

import dataclasses

import pytest

from pinochle_calc.game.hand import Call, MeldShown, Play, Record, card_position
from pinochle_calc.game.outside import CardView
from pinochle_calc.game.policies import policy
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand, play_on
from pinochle_calc.meld.engine import meld
from pinochle_calc.play.position import Position
from pinochle_calc.play.tricks import legal_cards
from pinochle_calc.rules import load_rules
from pinochle_calc.seats import Seat


class Watching:
    """Plays its lowest legal card and keeps every view it was given."""

    name = "watching"

    def __init__(self):
        self.views: list[CardView] = []

    def choose(self, view):
        self.views.append(view)
        return max(view.legal(), key=lambda c: (c % 5, c))


def watched(seed: int, rules: str = "standard", record: Record | None = None):
    """A hand played by ``formula`` at both sides, ``Watching`` the card player of seats 0
    and 2: the record and the views (a deal whose cards are played)."""
    player = Watching()
    us = policy("formula")
    us.cards = player
    if record is None:
        done = play_hand(deal_cards(seed), us, "formula", load_rules(rules), seed=hand_seed(seed))
    else:
        done = play_on(record, us, "formula", seed=hand_seed(seed))
    return done, player.views


def played(rules: str = "standard", dealer: int = 3) -> tuple[int, Record, list[CardView]]:
    """The first deal from seed 7 on whose cards are played: its seed, record and views."""
    for seed in range(7, 60):
        record = None
        if dealer != 3:
            record = Record(load_rules(rules), Seat(dealer), deal_cards(seed))
        done, views = watched(seed, rules, record)
        if done.state.tricks and views:
            return seed, done, views
    raise AssertionError("no deal played")


@pytest.mark.parametrize(("rules", "dealer"), [("standard", 3), ("toby-thomas,scale=10", 3),
                                                ("standard", 0)])
def test_the_view_is_the_seats_position_and_the_table_as_the_record_has_it(rules, dealer):
    _, record, views = played(rules, dealer)
    plays = [n for n, e in enumerate(record.events, 1) if isinstance(e, Play)]
    calls = tuple((int(e.seat), e.bid) for e in record.events if isinstance(e, Call))
    shown = {int(e.seat): e.cards for e in record.events if isinstance(e, MeldShown)}
    trump = record.state.trump
    by_seat = [meld(shown[s], record.rules).trumps[trump].points if len(shown[s]) else 0
               for s in range(4)]
    asked = iter(views)
    for n in plays:
        state = record.state_before(n)
        seat = state.to_play()
        if seat & 1 or len(legal_cards(state.holding_counts(seat), state.trick, trump)) < 2:
            continue
        view = next(asked)
        # the old fields: the position its seat sees, exactly as before
        assert isinstance(view, Position) and view.position == card_position(state, seat)
        assert view.contract == (int(record.state.contract.seat), record.state.contract.bid)
        assert view.trump == trump
        # the table's: each read from the record, not from the engine that made the view
        assert view.rules == record.rules and view.dealer == dealer
        assert view.calls == calls and len(view.auction.calls) == len(calls)
        assert view.meld == (by_seat[0] + by_seat[2], by_seat[1] + by_seat[3])
    assert next(asked, None) is None  # every view accounted for
    if "scale=10" in rules:
        assert all(m % 10 == 0 for m in views[0].meld) and views[0].rules.scale == 10


def test_each_decision_has_its_own_seed_and_the_same_match_the_same_seeds():
    seed, record, views = played()
    again, repeat = watched(seed)
    assert [v.seed for v in repeat] == [v.seed for v in views] and again == record
    seeds = [v.seed for v in views]
    assert len(set(seeds)) == len(seeds)  # no two decisions of a hand share one
    views2 = next(v for s in range(seed + 1, 99) if (v := watched(s)[1]))
    assert not {v.seed for v in views2} & set(seeds)  # nor two deals


class Advising:
    """Asks the card advice with the view's own seed and rules: what ``/advisor`` sees."""

    name = "advising"

    def choose(self, view):
        from pinochle_calc.play.advice import advise_card

        return advise_card(view, seed=view.seed, rules=view.rules).card


@pytest.mark.parametrize("rules", ["standard", "toby-thomas,scale=10"])
def test_a_player_that_asks_the_advice_with_the_views_seed_plays_as_the_advisor(rules):
    """The oracle is the built-in advisor: with what the view holds, a player of one's own
    plays every card of the hand as ``/advisor`` does (and so the same record)."""
    seed = next(s for s in range(7, 60) if play_hand(
        deal_cards(s), "formula", "formula", load_rules(rules), seed=hand_seed(s)).state.tricks)
    built_in = play_hand(deal_cards(seed), "formula/advisor", "formula", load_rules(rules),
                         seed=hand_seed(seed))
    us = policy("formula")
    us.cards = Advising()
    outside = play_hand(deal_cards(seed), us, "formula", load_rules(rules), seed=hand_seed(seed))
    assert outside.events == built_in.events and outside.score == built_in.score


def test_a_player_that_reads_only_the_old_fields_plays_as_before():
    """The sample player as it was before the view grew (its hand, the trick, ``legal()``):
    given the view or the plain position, the same cards."""
    from pinochle_calc.cards import CARDS, COUNTER

    class OldCautious:
        name = "old"

        def __init__(self, plain: bool):
            self.plain = plain

        def choose(self, view):
            if self.plain:
                view = view.position
            legal = view.legal()
            by_rank = sorted(legal, key=lambda c: CARDS[c].rank)
            if view.trick and sum(COUNTER[CARDS[c].rank] for c in view.trick):
                return by_rank[0]
            return by_rank[-1]

    seed = next(s for s in range(7, 60) if play_hand(
        deal_cards(s), "formula", "formula", seed=hand_seed(s)).state.tricks)
    records = []
    for plain in (False, True):
        us = policy("formula")
        us.cards = OldCautious(plain)
        records.append(play_hand(deal_cards(seed), us, "formula", seed=hand_seed(seed)))
    assert records[0].events == records[1].events


def test_the_view_is_immutable_and_a_position():
    _, _, views = played()
    view = views[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seed = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.rules = None  # type: ignore[misc]
    assert Position.from_dict(view.to_dict()) == view.position  # its JSON: the position's
    assert CardView.of(view.position, rules=view.rules, auction=view.auction,
                       dealer=view.dealer, meld=view.meld, seed=view.seed) == view


def test_the_sample_player_draws_its_low_card_from_the_decisions_seed():
    """``samples/my_player.py``: where several low cards are legal, the card it plays depends on
    the view's seed alone (the same seed, the same card; other seeds, other cards); a match
    replays card for card, on one process or two."""
    import importlib.util
    from pathlib import Path

    from pinochle_calc.cards import CARDS
    from pinochle_calc.game.arena import run_arena

    path = Path(__file__).resolve().parents[2] / "samples" / "my_player.py"
    spec = importlib.util.spec_from_file_location("my_player_sample", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    player = module.Cautious()
    _, _, views = played()
    choices = 0
    for view in views:
        legal = view.legal()
        low = max(CARDS[c].rank for c in legal)
        if view.trick or sum(CARDS[c].rank == low for c in legal) < 2:
            continue
        picks = {player.choose(dataclasses.replace(view, seed=k)) for k in range(16)}
        assert len(picks) > 1 and all(CARDS[c].rank == low for c in picks)
        assert player.choose(view) == player.choose(dataclasses.replace(view))
        choices += 1
    assert choices
    name = f"formula/{path}:Cautious"
    hands: list[dict] = [{}, {}]
    for i, jobs in enumerate((1, 2)):
        run_arena(name, "formula", 3, seed=5, jobs=jobs,
                  on_hand=lambda deal, run, record, i=i: hands[i].update(
                      {(deal, run): record.events}))
    assert hands[0] == hands[1] and len(hands[0]) == 6
