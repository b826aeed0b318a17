"""Records of hands: the text and JSON forms read back to each other exactly, every event is
checked against the rules (the error names the line, the event and the rule), and a recorded
hand is continued by the engine from any event."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pinochle_calc.game.hand import (
    Call,
    MeldShown,
    Pass,
    Play,
    Record,
    RecordError,
    load_record,
    read_json,
    read_record,
    read_text,
    rules_spec,
    to_json,
    write_json,
    write_text,
)
from pinochle_calc.game.replay import continue_from
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.rules import PRESETS, load_rules
from pinochle_calc.seats import Seat

EXCHANGE = ("standard,passing.cards=4", "standard,passing.cards=3,passing.order=partner-first",
            "standard,passing.cards=4,marriage_required=after-pass")


def played(seed: int, rules="standard", policy="formula") -> Record:
    rule_set = load_rules(rules)
    record = play_hand(deal_cards(seed), policy, policy, rule_set, seed=hand_seed(seed))
    return record.with_tag("Seed", str(seed))


def played_out(start: int) -> Record:
    """The first hand from seed ``start`` on whose cards were played."""
    return next(r for r in map(played, range(start, start + 30)) if r.state.tricks)


@pytest.mark.parametrize("rules", [*PRESETS, *EXCHANGE])
def test_text_and_json_read_back_to_each_other_exactly(rules):
    for seed in range(6):
        record = played(seed, rules)
        text = write_text(record)
        from_text = read_text(text)
        assert from_text == record
        from_json = read_json(write_json(from_text))
        assert from_json == record
        assert write_text(from_json) == text
        assert read_record(write_json(record)) == read_record(text) == record


def test_a_record_holds_the_whole_hand_and_its_summary():
    seed = next(s for s in range(20) if played(s).result in ("made", "set"))
    record = played(seed)
    state = record.state
    data = to_json(record)
    assert data["hands"] == [str(h) for h in deal_cards(seed)]
    assert data["policies"] == {"us": "formula", "them": "formula"}
    assert [c["call"] for c in data["auction"]] == [
        "pass" if e.bid is None else e.bid for e in record.events if isinstance(e, Call)]
    assert data["contract"]["seat"] == state.bidder and data["contract"]["bid"] == \
        state.contract.bid
    meld = state.side_meld()
    assert data["meld"] == {"us": meld[0], "them": meld[1]} and sum(data["melds"]) == sum(meld)
    tricks = state.trick_points()
    assert data["tricks"] == {"us": tricks[0], "them": tricks[1]} and sum(tricks) == 50
    side = state.bidder & 1
    assert data["side_total"] == meld[side] + tricks[side]
    assert data["score"] == dict(zip(("us", "them"), record.score))
    assert [p["points"] for p in data["play"]] == [
        t.points(i == 19) for i, t in enumerate(state.tricks)]
    assert data["dealer"] == 3 and data["rules"] == "standard"
    assert data["tags"] == {"Us": "formula", "Them": "formula", "Seed": str(seed)}
    plays = [e for e in data["events"] if e["kind"] == "play"]
    assert len(plays) == 80 and plays[0]["seat"] == state.bidder


def test_rules_are_named_so_that_they_load_back_without_a_file():
    house = load_rules("samples/house-rules.toml")
    spec = rules_spec(house)
    assert spec.startswith("standard,name=") and load_rules(spec) == house
    assert rules_spec(PRESETS["book"]) == "book"
    over = load_rules("npa,passing.cards=4")
    assert rules_spec(over) == "npa,passing.cards=4"


def lines_of(record: Record) -> list[str]:
    return write_text(record).splitlines()


def refused(lines: list[str]) -> str:
    with pytest.raises(RecordError) as caught:
        read_text("\n".join(lines), "x.txt")
    return str(caught.value)


def test_a_bid_below_the_last_names_its_line_event_and_rule():
    lines = lines_of(played(1))
    i = next(n for n, line in enumerate(lines) if line.startswith("call 1:"))
    message = refused(lines[:i] + ["call 1: 49"] + lines[i + 1:])
    assert message.startswith(f"x.txt line {i + 1}, event 2 (seat 1 bids 49): 49 is below the"
                              " minimum bid 50")
    assert "(bidding.min_bid)" in message
    j = next(n for n, line in enumerate(lines) if line.startswith("call 2:"))
    message = refused(lines[:j] + ["call 2: 50"] + lines[j + 1:])
    assert "event 3 (seat 2 bids 50): 50 is not above the current bid" in message
    message = refused(lines[:j] + ["call 3: pass"] + lines[j + 1:])
    assert "it is seat 2's turn, not seat 3's" in message


def test_a_card_not_held_or_played_against_the_rules_is_refused():
    record = played(1)
    lines = lines_of(record)
    first = next(n for n, line in enumerate(lines) if line.startswith("lead"))
    words = lines[first + 3].split()
    words[2], words[4] = words[4], words[2]  # two cards of a trick swapped between seats
    message = refused(lines[:first + 3] + [" ".join(words)] + lines[first + 4:])
    assert message.startswith(f"x.txt line {first + 4}, event ") and "does not hold" in message
    # a trick where the second seat does not follow suit though it could
    trick = next(t for t in record.state.tricks
                 if len({c // 5 for c in t.cards}) > 1 and t.cards[1] // 5 == t.cards[0] // 5)
    assert trick is not None


def test_a_revoke_is_seen_from_the_cards_the_seat_plays_later():
    """Without the hands, a play is refused when the cards the seat plays later show it held
    one the rules required."""
    record = played_out(2)
    unknown = replace(record, hands=(record.hands[0], None, None, None))
    assert read_text(write_text(unknown)) == unknown
    events = list(unknown.events)
    plays = [n for n, e in enumerate(events) if isinstance(e, Play)]
    # find a follower who followed suit, and a later card of that seat in another suit: swap
    for n in plays:
        e = events[n]
        if e.seat == 0 or (plays.index(n) % 4) == 0:
            continue
        lead = events[plays[plays.index(n) // 4 * 4]]
        if e.card // 5 != lead.card // 5:
            continue
        later = next((m for m in plays if m > n and events[m].seat == e.seat
                      and events[m].card // 5 != lead.card // 5 and (plays.index(m) % 4)), None)
        if later is None:
            continue
        events[n], events[later] = (replace(e, card=events[later].card),
                                    replace(events[later], card=e.card))
        break
    bad = replace(unknown, events=tuple(events), result=None, score=None)
    with pytest.raises(RecordError) as caught:
        read_text(write_text(bad), "y.txt")
    message = str(caught.value)
    assert f"event {n + 1} (seat {e.seat} plays" in message
    assert "may not be played" in message and "(the play rules)" in message


def first_fifth_copy(record: Record) -> int | None:
    """The first event (1-based) after which the cards seen as dealt hold a fifth copy of a
    card, counted apart from the engine: the hands given, and for each other seat the most of
    each card it has played so far, showed in its meld or received in the exchange, less those
    it received, plus those it passed (the passes' cards shown); None: never."""
    played = {s: [0] * 20 for s in range(4)}
    shown = {s: [0] * 20 for s in range(4)}
    passed = {s: [0] * 20 for s in range(4)}
    for number, event in enumerate(record.events, 1):
        if isinstance(event, Play):
            played[event.seat][event.card] += 1
        elif isinstance(event, MeldShown):
            shown[event.seat] = list(event.cards.counts)
        elif isinstance(event, Pass):
            passed[event.seat] = list(event.cards.counts)
        for card in range(20):
            seen = sum(h.counts[card] if h is not None
                       else max(played[s][card], shown[s][card], passed[s ^ 2][card])
                       - passed[s ^ 2][card] + passed[s][card]
                       for s, h in enumerate(record.hands))
            if seen > 4:
                return number
    return None


@pytest.mark.parametrize("rules", ["standard", "standard,passing.cards=4"])
def test_a_fifth_copy_the_play_shows_is_refused_at_that_card(rules):
    """Without the other hands, a record is refused for a fifth copy at the card after which
    a count of the cards seen first finds one, naming that card; a record with a fifth copy
    somewhere is never read, and one without it is never refused for one. Every card put in
    place of each card of two tricks played by the seats whose hands are not known, with no
    exchange and with one whose passes are shown."""
    record = next(r for r in (played(seed, rules) for seed in range(2, 32)) if r.state.tricks)
    unknown = replace(record, hands=(record.hands[0], None, None, None))
    events = list(unknown.events)
    plays = [n for n, e in enumerate(events) if isinstance(e, Play)]
    fifth = 0
    for n in plays[4:12]:
        if events[n].seat == 0:
            continue
        for card in range(20):
            bad = replace(unknown, events=(*events[:n], replace(events[n], card=card),
                                           *events[n + 1:]), result=None, score=None)
            expected = first_fifth_copy(bad)
            try:
                _ = bad.state
            except RecordError as e:
                if "a double deck has only" in e.reason:
                    fifth += 1
                    assert e.event == expected, (e, expected)
                    assert e.reason.startswith("the cards seen hold 5 ")
                else:
                    assert expected is None or e.event <= expected, (e, expected)
            else:
                assert expected is None
    assert fifth >= 5


def test_a_refused_event_carries_its_place_as_fields():
    lines = lines_of(played(1))
    i = next(n for n, line in enumerate(lines) if line.startswith("call 1:"))
    with pytest.raises(RecordError) as caught:
        read_text("\n".join(lines[:i] + ["call 1: 49"] + lines[i + 1:]), "x.txt")
    e = caught.value
    assert (e.source, e.line, e.event, e.seat, e.rule) == ("x.txt", i + 1, 2, 1,
                                                           "bidding.min_bid")
    assert e.reason.startswith("49 is below the minimum bid 50")
    # the same error from JSON: no line, the same event, seat and rule
    data = to_json(played(1))
    data["events"][1]["call"] = 49
    with pytest.raises(RecordError) as caught:
        read_json(data, "y.json")
    e = caught.value
    assert (e.source, e.line, e.event, e.seat, e.rule) == ("y.json", None, 2, 1,
                                                           "bidding.min_bid")


def test_a_score_or_meld_that_does_not_add_up_is_refused():
    lines = lines_of(played(1))
    assert lines[-1].startswith("score:")
    message = refused(lines[:-1] + ["score: us +1, them +2"])
    assert message.startswith(f"x.txt line {len(lines)}: the score us +1, them +2 does not add"
                              " up: the scoring rules give")
    i = next(n for n, line in enumerate(lines) if line.startswith("meld 1:"))
    message = refused(lines[:i] + [lines[i].replace("meld 1: ", "meld 1: 1")] + lines[i + 1:])
    assert "the meld says 1" in message and "but the cards shown make" in message
    k = next(n for n, line in enumerate(lines) if line.startswith("result:"))
    other = "made" if "set" in lines[k] else "set"
    assert "the scoring rules give" in refused(lines[:k] + [f"result: {other}"] + lines[k + 1:])


def test_bad_lines_name_what_is_wrong():
    assert "did you mean call?" in refused(['[Rules "standard"]', "cal 0: 50"])
    assert "no [Rules" in refused(["call 0: 50"])
    assert "not a file" in refused(['[Rules "samples/house-rules.toml"]'])
    assert "a fifth" in refused(['[Rules "standard"]', "hand 0: AS AS AS AS AS"]) \
        or "four" in refused(['[Rules "standard"]', "hand 0: AS AS AS AS AS"])
    assert "is not a call" in refused(['[Rules "standard"]', "call 0: fifty"])
    assert "seat 0 was dealt 3 cards" in refused(['[Rules "standard"]', "hand 0: AS KS QS"])
    message = refused(['[Rules "standard"]', 'call 0: 50', 'call 1: pass', 'call 2: pass',
                       'call 3: pass', 'trump 0: H', 'lead 0: AS AS AS AS', 'lead 0: AS'])
    assert "line 8, event" in message and "hold 5 A♠" in message


def test_json_summary_keys_must_agree_with_the_events():
    data = to_json(played(3))
    data["meld"] = {"us": 1, "them": 2}
    with pytest.raises(RecordError, match="meld is .* but the events give"):
        read_json(json.dumps(data), "r.json")
    data = to_json(played(3))
    data["events"][0]["call"] = 49
    with pytest.raises(RecordError, match="event 1 .*below the minimum"):
        read_json(data)
    minimal = {k: v for k, v in to_json(played(3)).items()
               if k in ("rules", "dealer", "hands", "events", "tags")}
    assert read_json(minimal) == played(3)


def test_a_record_with_only_one_hand_and_no_play_yet():
    text = "\n".join(['[Rules "standard"]', '[Dealer "1"]', '[Date "2026-03-14"]',
                      "hand 0: ♠A 10 K Q J  ♥A 10 K Q J  ♦A 10 K Q J  ♣A 10 K Q J",
                      "call 2: 50 {partner opens}", "call 3: pass", "call 0: 52", "call 1: p"])
    record = read_text(text)
    d = record.state.next_decision()
    assert (d.kind, d.seat) == ("call", 2)
    assert record.events[0].comment == "partner opens"
    assert record.tag("date") == "2026-03-14"
    more = record.then(Call(Seat(2), None))
    d = more.state.next_decision()
    assert (d.kind, d.seat) == ("trump", 0) and more.undo() == record
    with pytest.raises(RecordError, match="it is seat 2's turn"):
        record.then(Call(Seat(0), 60))


@pytest.mark.parametrize("rules", ["standard", *EXCHANGE, "toby-thomas"])
def test_every_record_reseated_by_any_number_of_seats_still_replays(rules):
    for seed in (5, 6):
        record = played(seed, rules)
        for k in range(1, 4):
            moved = record.reseat((record.dealer + k) % 4)
            assert moved.dealer == (record.dealer + k) % 4 and moved.state.complete
            assert moved.score == (record.score if k % 2 == 0 else record.score[::-1])
            assert read_text(write_text(moved)) == moved
            assert moved.reseat(record.dealer) == record
            # one hand known, the others looked for in the events: it replays as well
            one = replace(moved, hands=(moved.hands[0], None, None, None))
            assert read_text(write_text(one)).state.complete


def test_continuing_from_the_first_event_plays_the_same_hand():
    record = played(6)
    again = continue_from(record, 1, "formula", "formula", seed=hand_seed(6))
    assert again.events == record.events and again.score == record.score
    assert again.tag("From") == "1"


@pytest.mark.parametrize("policy", ["formula", "formula/advisor"])
def test_continuing_from_a_card_with_the_same_players_plays_the_same_hand(policy):
    """The recorded cards are played first, then each seat's card player: from a card in
    mid-hand, with the record's players and seed, the hand is played again card for card (the
    heuristic player by the fast engine or card by card, the card advice with the seeds the
    whole hand gave it)."""
    record = next(r for r in (played(s, policy=policy) for s in range(8, 40))
                  if r.state.tricks)
    plays = [n for n, e in enumerate(record.events, 1) if e.kind == "play"]
    for start in (plays[13], plays[42]):
        again = continue_from(record, start, policy, policy, seed=hand_seed(int(
            record.tag("Seed"))))
        assert again.events == record.events and again.score == record.score


def test_continuing_from_a_later_event_keeps_what_came_before():
    record = played_out(7)
    first_play = next(n for n, e in enumerate(record.events, 1) if e.kind == "play")
    for start in (3, first_play, first_play + 9):
        other = continue_from(record, start, "pass", "pass", seed=1)
        assert other.events[:start - 1] == record.events[:start - 1]
        assert other.state.complete
    with pytest.raises(Exception, match="--from"):
        continue_from(record, 500, "formula", "formula")


def test_continuing_a_record_with_unknown_hands_deals_them_to_fit():
    record = played_out(8)
    own = replace(record, hands=(record.hands[0], None, None, None))
    first_play = next(n for n, e in enumerate(own.events, 1) if e.kind == "play")
    other = continue_from(own, first_play + 12, "formula", "formula", seed=3)
    assert other.hands[0] == record.hands[0]
    assert other.events[:first_play + 11] == own.events[:first_play + 11]
    assert all(isinstance(h, Hand) for h in other.hands)


def test_load_record_reads_either_form_from_a_file(tmp_path):
    record = played(9)
    text, js = tmp_path / "r.txt", tmp_path / "r.json"
    text.write_bytes(("\ufeff" + write_text(record)).replace("\n", "\r\n").encode())
    js.write_text(write_json(record))
    assert load_record(str(text)) == load_record(str(js)) == record
    with pytest.raises(RecordError, match="cannot read"):
        load_record(str(tmp_path / "none.txt"))


def test_the_sample_record_reads_the_same_in_both_forms():
    text, js = load_record("samples/hand.txt"), load_record("samples/hand.json")
    assert text == js and text.state.complete
    assert text.tag("Players") == "Ann, Bob, Cy, Di" and text.result == "made"
    assert any(e.comment == "Ann cashes her aces first" for e in text.events)


def test_a_partner_who_gets_back_cards_it_passed():
    """Toby Thomas's exchange: the partner passes 10♦ J♦ J♦ and the bidder returns K♦ J♦ J♦,
    so the partner holds its jacks again (a hand the 10,000-hand round trip found)."""
    rules = load_rules("toby-thomas")
    record = play_hand(deal_cards(2026, 436), "pass", "pass", rules, seed=hand_seed(2026, 436))
    state = record.state
    partner = state.bidder.partner
    assert (state.passed(partner), state.passed(state.bidder)) == (
        Hand.parse("10D JD JD"), Hand.parse("KD JD JD"))
    dealt = record.hands[partner]
    assert state.after_exchange(partner) == dealt - Hand.parse("10D JD JD") + Hand.parse(
        "KD JD JD")
    assert read_text(write_text(record)) == record


def test_each_state_of_a_hand_holds_its_fields_and_nothing_else():
    """The hand advances by copying its fields (``state._evolve``, not ``__init__``): every
    state along hands under each exchange is the state built anew from its fields, and a
    change to a field a hand does not have is refused."""
    from dataclasses import fields

    from pinochle_calc.game.hand.state import HandState, _evolve

    names = {f.name for f in fields(HandState)}
    for rules in ("standard", *EXCHANGE):
        record = played_out(40) if rules == "standard" else played(3, rules)
        state = HandState.deal(record.hands, record.rules, record.dealer)
        for event in record.events:
            state = state.apply(event)
            assert set(vars(state)) == names
            assert HandState(**{n: getattr(state, n) for n in names}) == state
        assert state == record.state
    with pytest.raises(TypeError, match="no field"):
        _evolve(state, trumps=1)


@pytest.mark.parametrize("rules", ["standard", "standard,passing.cards=4"])
@pytest.mark.parametrize("known", [(0, 1, 2, 3), (1,)])
def test_a_record_built_event_by_event_is_the_record_replayed(rules, known):
    """``Record.then`` advances the hand so far rather than replay it, except after a card of
    a seat not known: at every event the record built so is the one replayed from its start
    (the same state), and another seat's event tried in its place is refused as the replay
    refuses it, or taken as the replay takes it."""
    from pinochle_calc.game.hand.record import _replay

    full = next(r for r in (played(seed, rules) for seed in range(5, 35)) if r.state.tricks)
    start = replace(full, hands=tuple(h if s in known else None for s, h in enumerate(full.hands)),
                    events=(), result=None, score=None)
    record, refused = start, 0
    for number, event in enumerate(full.events):
        if number % 7 == 3:  # another seat's event tried in its place first
            bad = wrong(event)
            try:
                state = _replay.__wrapped__(replace(record, events=(*record.events, bad)))
            except RecordError as e:
                with pytest.raises(RecordError) as built:
                    record.then(bad)
                assert str(built.value) == str(e)
                refused += 1
            else:
                assert record.then(bad).state == state
        record = record.then(event)
        assert record.state == _replay.__wrapped__(record)
    assert record.score == full.score and refused > 10


def wrong(event):
    """``event`` made by another seat (the next for a card or a call, else the partner): most
    are refused."""
    return replace(event, seat=event.seat.after(1 if isinstance(event, (Play, Call)) else 2))
