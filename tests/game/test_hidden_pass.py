"""A pass nobody else saw (``hidden``): a defender's record holds that the bidder and its partner
exchanged the rule set's number of cards, unseen; every reader takes it (text, JSON, the table's
typing), it scores as the hand with every card seen scores, and the hands and passes dealt for
it (``deal_unknown``: what-if replays) meet every fact of the record. The facts are checked by
replaying the events on the cards dealt with the play rules written out naively
(``tests/play/naive_rules.py``), not by the hand's own state."""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import replace
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from pinochle_calc.cards import CARDS, KINDS
from pinochle_calc.game.hand import (
    MeldShown,
    Pass,
    Play,
    Record,
    RecordError,
    Trump,
    deal_unknown,
    load_record,
    read_json,
    read_text,
    settled,
    to_json,
    write_json,
    write_text,
)
from pinochle_calc.game.replay import continue_from
from pinochle_calc.game.session import prompt, read_entry
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.rules import load_rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "play"))
from naive_rules import legal  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DAVIS = "standard,steps=any,passing.cards=4"
#: Rule sets with an exchange: Davis's game (four at once, after trump), Toby Thomas (three,
#: partner first, before trump), and three partner first after trump.
EXCHANGES = (DAVIS, "toby-thomas", "standard,passing.cards=3,passing.order=partner-first")


def whole_hand(seed: int, rules: str) -> Record:
    """A hand the formula players bid and played, every card seen."""
    return play_hand(deal_cards(seed), "formula", "formula", load_rules(rules),
                     seed=hand_seed(seed))


def defenders_record(whole: Record, seat: int) -> Record:
    """The hand as ``seat`` saw it: only its own cards, and the other side's passes hidden
    where ``seat`` defends."""
    defends = whole.state.contract is not None and (whole.state.bidder ^ seat) & 1
    events = tuple(Pass(e.seat, None, e.comment) if defends and isinstance(e, Pass) else e
                   for e in whole.events)
    hands = tuple(h if s == seat else None for s, h in enumerate(whole.hands))
    return settled(replace(whole, hands=hands, events=events, result=None, score=None))


def exchanged(seed: int, rules: str) -> Record | None:
    """The hand of ``seed`` where cards were exchanged and played (None where they were not)."""
    whole = whole_hand(seed, rules)
    state = whole.state
    return whole if len(state.passes) == 2 and state.tricks else None


def test_a_defenders_record_reads_back_with_the_score_of_the_hand_seen_whole():
    tried = 0
    for rules in EXCHANGES:
        for seed in range(12):
            whole = exchanged(seed, rules)
            if whole is None:
                continue
            you = whole.state.bidder.after(1 + 2 * (seed % 2))  # either defender
            own = defenders_record(whole, you)
            text = write_text(own)
            assert [line for line in text.splitlines() if line.startswith("pass ")] == \
                [f"pass {whole.state.bidder.partner}: hidden", f"pass {whole.state.bidder}: hidden"]
            for back in (read_text(text), read_json(write_json(own)),
                         read_json(json.dumps(to_json(own)))):
                assert back == own
                assert (back.result, back.score) == (whole.result, whole.score)
            assert write_text(read_json(write_json(own))) == text
            tried += 1
    assert tried >= 20


def test_the_sample_defenders_record_scores_as_the_hand_seen_whole():
    """samples/defender.txt, written from seat 2 of a Davis hand: with the other hands and the
    passes put back, the record scores the same."""
    own = load_record(str(ROOT / "samples" / "defender.txt"))
    assert own.known_seats == (2,) and own.state.exchange_hidden
    full = replace(own, hands=(
        Hand.parse("♠10 10 10  ♥A K K Q J  ♦A K K K  ♣10 10 10 K K Q Q J"),
        Hand.parse("♠A K K K Q J J  ♥10 10 10 Q J  ♦A A K Q Q  ♣A Q J"), own.hands[2],
        Hand.parse("♠A A K  ♥A A K K Q  ♦A 10 Q J J J  ♣A A A 10 K J")),
        events=tuple(Pass(e.seat, Hand.parse({1: "♥10 10 Q J", 3: "♦Q J J ♣J"}[e.seat]))
                     if isinstance(e, Pass) else e for e in own.events),
        result=None, score=None)
    seen = settled(full)
    assert seen.score is not None and (own.result, own.score) == (seen.result, seen.score)
    assert own.to_dict()["exchange"]["to_bidder"] is None
    assert [e["cards"] for e in own.to_dict()["events"] if e["kind"] == "pass"] == \
        ["hidden", "hidden"]


def test_a_hidden_pass_is_refused_where_the_exchange_was_seen():
    whole = exchanged(1, DAVIS)
    assert whole is not None
    bidder = whole.state.bidder
    first = next(n for n, e in enumerate(whole.events) if isinstance(e, Pass))
    # every hand given: the exchange was seen
    with pytest.raises(RecordError, match="the record gives seat .* a pass is hidden only"):
        whole.prefix(first).then(Pass(bidder.partner, None))
    # the bidder's side's own record: its seat saw both passes
    own = replace(whole.prefix(first), hands=tuple(
        h if s == bidder else None for s, h in enumerate(whole.hands)))
    with pytest.raises(RecordError, match=f"the record gives seat {bidder}'s hand"):
        own.then(Pass(bidder.partner, None))
    # one pass seen and the other not: whoever saw one saw both
    you = bidder.after(1)
    defender = defenders_record(whole, you).prefix(first)
    seen_first = defender.then(whole.events[first])
    with pytest.raises(RecordError, match="saw both"):
        seen_first.then(Pass(bidder, None))
    hidden_first = defender.then(Pass(bidder.partner, None))
    with pytest.raises(RecordError, match=f"seat {bidder.partner}'s pass was hidden"):
        hidden_first.then(whole.events[first + 1])
    # the text and JSON forms name the line and the word
    text = write_text(defenders_record(whole, you)).replace(
        f"pass {bidder}: hidden", f"pass {bidder}: {whole.events[first + 1].cards.symbols()}")
    with pytest.raises(RecordError, match="line .*saw both"):
        read_text(text)
    data = to_json(defenders_record(whole, you))
    data["events"][first]["cards"] = "HIDDEN"  # any case
    assert read_json(data).events[first].hidden
    data["events"][first]["cards"] = ["hidden"]
    with pytest.raises(RecordError, match="cards: a hand as text, or 'hidden'"):
        read_json(data)
    data["events"][first]["cards"] = "hiden"
    with pytest.raises(RecordError, match="cards"):
        read_json(data)
    assert Pass(bidder, None).words() == f"seat {bidder} passes hidden cards"


def test_at_the_table_a_defender_types_hidden_for_the_opponents_pass():
    """The prompt says so; ``hidden`` is the pass; at Toby Thomas's request, ``hidden`` is the
    partner's pass where no suit was heard asked for."""
    for rules in ("toby-thomas", DAVIS):
        whole = next(w for w in (exchanged(s, rules) for s in range(12)) if w is not None)
        bidder = whole.state.bidder
        you = bidder.after(1)
        own = defenders_record(whole, you)
        before = next(n for n, e in enumerate(own.events)
                      if e.kind in ("request", "pass"))
        record = own.prefix(before)
        kind = record.state.next_decision().kind
        assert "(or hidden" in prompt(record, you) if kind == "request" else \
            "(hidden: not seen)" in prompt(record, you)
        entry = read_entry(record, "hidden")
        assert entry.events == (Pass(bidder.partner, None),)
        record = entry.apply(record)
        assert "(hidden: not seen)" in prompt(record, you)
        record = read_entry(record, "Hidden").apply(record)
        assert record.state.exchange_hidden and record.state.exchange_done
        # the bidding side's own seat is refused a hidden pass
        mine = replace(whole.prefix(before), hands=tuple(
            h if s == bidder.partner else None for s, h in enumerate(whole.hands)))
        with pytest.raises(RecordError, match="so its exchange was seen"):
            read_entry(mine, "hidden").apply(mine)


# ------------------------------------------------------------------ the hands dealt for it


def naive_replay(original: Record, dealt: Record) -> None:
    """Every fact of ``original`` (a defender's record, hidden passes) holds of the hands and
    passes ``dealt`` for it, checked card by card on lists of card strings: the hands given
    stand; each seat is dealt 20 cards, the deck's four copies of each card; every event but the
    hidden passes stands; a hidden pass becomes the rule set's number of cards its seat held;
    the bidder holds a marriage in trump when it names it (the marriage rule these rule sets
    have); each seat holds the meld it shows; each card played is held and legal."""
    rules = original.rules
    assert all(o is None or o == d for o, d in zip(original.hands, dealt.hands))
    hands = [[str(c) for c in h] for h in dealt.hands]
    assert all(len(h) == 20 for h in hands)
    assert Counter(c for h in hands for c in h) == Counter({str(c): 4 for c in CARDS})
    assert len(dealt.events) == len(original.events)
    pending: list[tuple[int, list[str]]] = []
    trump, trick = None, []
    for o, d in zip(original.events, dealt.events):
        if isinstance(o, Pass) and o.hidden:
            assert isinstance(d, Pass) and d.seat == o.seat and d.comment == o.comment
            cards = [str(c) for c in d.cards]
            assert len(cards) == rules.pass_cards
            for c in cards:
                hands[d.seat].remove(c)  # a ValueError: a card the seat did not hold
            if rules.pass_order == "partner-first":
                hands[d.seat ^ 2] += cards
            else:  # both pass from the cards they were dealt
                pending.append((d.seat ^ 2, cards))
                if len(pending) == 2:
                    for seat, got in pending:
                        hands[seat] += got
            continue
        assert o == d
        if isinstance(d, Trump) and d.suit is not None:
            trump = "SHDC"[d.suit]
            assert f"K{trump}" in hands[d.seat] and f"Q{trump}" in hands[d.seat], d.words()
        elif isinstance(d, MeldShown):
            held = Counter(hands[d.seat])
            assert all(held[str(c)] >= k for c, k in Counter(map(str, d.cards)).items())
        elif isinstance(d, Play):
            card = str(CARDS[d.card])
            assert card in hands[d.seat] and card in legal(hands[d.seat], trick, trump), \
                (d.words(), hands[d.seat], trick)
            hands[d.seat].remove(card)
            trick = [] if len(trick) == 3 else trick + [card]


def cut_points(record: Record, rng: np.random.Generator, k: int) -> list[int]:
    """``k`` places to cut a record at (events kept), at random, and the whole record."""
    return sorted({*rng.integers(1, len(record.events) + 1, k).tolist(), len(record.events)})


@pytest.mark.parametrize("rules", EXCHANGES)
def test_the_hands_dealt_for_a_hidden_exchange_meet_every_fact(rules):
    """At 240 places in defenders' records (any event kept, from the auction to the last
    card), the hands and passes dealt meet every fact, checked naively."""
    rng = np.random.default_rng(len(rules))
    checked = hidden = 0
    for seed in range(200):
        whole = exchanged(seed, rules)
        if whole is None:
            continue
        own = defenders_record(whole, whole.state.bidder.after(1 + 2 * (seed % 2)))
        for cut in cut_points(own, rng, 14):
            part = own.prefix(cut)
            dealt = deal_unknown(part, seed * 1000 + cut)
            naive_replay(part, dealt)
            checked += 1
            hidden += part.state.exchange_hidden
        if checked >= 240:
            break
    assert checked >= 240 and hidden >= 150


def test_a_what_if_from_a_defenders_record_keeps_what_came_before():
    for rules in EXCHANGES:
        whole = next(w for w in (exchanged(s, rules) for s in range(20, 40)) if w is not None)
        own = defenders_record(whole, whole.state.bidder.after(1))
        plays = [n for n, e in enumerate(own.events, 1) if isinstance(e, Play)]
        for cut in (plays[0], plays[20]):
            other = continue_from(own, cut, "formula", "formula", seed=cut)
            naive_replay(own.prefix(cut - 1), replace(other, events=other.events[:cut - 1]))
            assert other.state.complete and other.score is not None


def test_a_hidden_exchange_dealt_has_the_chances_of_random_passes_given_the_marriage():
    """The whole defender's record of the sample Davis hand: the hands after the exchange are
    every card each seat played, so what is dealt is the exchange alone. Its chances, worked
    out by counting every pair of passes leading to those hands (each as likely, the partner's
    any 4 of the bidder's cards after, the bidder's any 4 of the partner's), less those that
    leave the bidder no marriage in the trump it named before passing: the number of trumps
    the bidder passed, whether it passed a ♥K, and whether its partner passed it both copies
    of a ♥K or ♥Q it holds after (which only a pass back of the same card leaves a marriage),
    over 300 deals."""
    own = load_record(str(ROOT / "samples" / "defender.txt"))
    state = own.state
    bidder, partner, trump = state.bidder, state.bidder.partner, state.trump
    after = [[0] * KINDS for _ in range(4)]
    for t in state.tricks:
        for k, c in enumerate(t.cards):
            after[(t.leader + k) & 3][c] += 1
    king, queen = 5 * trump + 2, 5 * trump + 3

    def subsets(hand, key):  # each 4 of a hand's physical cards, by key, with its ways
        out: Counter = Counter()
        physical = [c for c in range(KINDS) for _ in range(hand[c])]
        for pick in combinations(range(len(physical)), 4):
            got = [0] * KINDS
            for i in pick:
                got[physical[i]] += 1
            out[key(got)] += 1
        return out

    trumps = range(5 * trump, 5 * trump + 5)
    exact: Counter = Counter()
    for (gave_trumps, gave_k, gave_q), w1 in subsets(  # the bidder's pass
            after[partner], lambda g: (sum(g[c] for c in trumps), g[king], g[queen])).items():
        for (got_k, got_q), w2 in subsets(  # the partner's pass
                after[bidder], lambda g: (g[king], g[queen])).items():
            dealt_k = after[bidder][king] - got_k + gave_k
            dealt_q = after[bidder][queen] - got_q + gave_q
            if dealt_k and dealt_q:
                exact[(gave_trumps, gave_k > 0, got_k >= 2 or got_q >= 2)] += w1 * w2
    assert sum(exact.values()) < comb(20, 4) ** 2  # the marriage does rule some out
    total = sum(exact.values())
    draws = 300
    seen: Counter = Counter()
    for seed in range(draws):
        gave, got = drawn_passes(own, seed, bidder, partner)
        seen[(sum(gave[c] for c in trumps), gave[king] > 0,
              got[king] >= 2 or got[queen] >= 2)] += 1
    assert set(seen) <= set(exact)
    assert_frequencies(seen, exact, total, draws)


def drawn_passes(own: Record, seed: int, bidder: int, partner: int) -> tuple:
    """The hidden exchange ``deal_unknown`` draws for ``own`` with ``seed``: the bidder's pass
    and the partner's (card counts)."""
    dealt = deal_unknown(own, seed)
    return tuple(next(e.cards.counts for e in dealt.events if isinstance(e, Pass) and e.seat == s)
                 for s in (bidder, partner))


def assert_frequencies(seen: Counter, exact: Counter, total: float, draws: int) -> None:
    """Each outcome drawn about as often as its exact weight (out of ``total``) says: within
    4.5 standard errors of ``draws`` draws."""
    for outcome, k in exact.items():
        p = k / total
        assert abs(seen[outcome] / draws - p) <= 4.5 * (p * (1 - p) / draws) ** 0.5 + 1e-9, \
            (outcome, seen[outcome] / draws, p)


def every_pass(counts, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every ``n`` cards a seat holding ``counts`` could pass: ``(m, 20)`` counts, and the ways
    to pick each from its physical cards (a product of binomials), built kind by kind."""
    rows, ways = np.zeros((1, KINDS), dtype=np.int64), np.ones(1)
    for c in range(KINDS):
        grown = []
        for k in range(min(int(counts[c]), n) + 1):
            more = rows.copy()
            more[:, c] = k
            keep = more.sum(axis=1) <= n
            grown.append((more[keep], ways[keep] * comb(int(counts[c]), k)))
        rows = np.concatenate([g[0] for g in grown])
        ways = np.concatenate([g[1] for g in grown])
    keep = rows.sum(axis=1) == n
    return rows[keep], ways[keep]


def exchange_key(after_bidder, gave, got) -> np.ndarray:
    """What tells the pass orders apart, for each row of ``got`` (the partner's passes):
    whether the bidder passed back a card it had just received (its partner passed it more
    copies of a card than the bidder holds after the exchange), and how many kinds went both
    ways (0, 1, 2 or more), as one number: 3 x back + kinds."""
    got = np.atleast_2d(got)
    back = np.any(got > np.asarray(after_bidder), axis=1)
    both = np.sum((got > 0) & (np.asarray(gave) > 0), axis=1)
    return 3 * back + np.minimum(both, 2)


def full_defenders_record(rules: str) -> Record:
    """A defender's record of a hand played to its last trick with the passes hidden, from
    the sample for Davis's game, else from the first such hand the formula players play."""
    if rules == DAVIS:
        return load_record(str(ROOT / "samples" / "defender.txt"))
    whole = next(w for w in (exchanged(s, rules) for s in range(40))
                 if w is not None and len(w.state.tricks) == 20)
    return defenders_record(whole, whole.state.bidder.after(1))


@pytest.mark.parametrize("rules", EXCHANGES)
def test_the_hidden_exchange_dealt_follows_the_rules_pass_order(rules):
    """A whole defender's record: each seat's cards after the exchange are those it played, so
    what ``deal_unknown`` deals is the exchange alone. Its chances against a count of every
    pair of passes by the rule set's order (each pair of physical picks as likely): the
    bidder's pass any N of its partner's cards after; the partner's any N of the bidder's after,
    and, passing first, of the cards the bidder passed back too; less those that leave the
    bidder no marriage in a trump named before the exchange. 400 deals."""
    own = full_defenders_record(rules)
    state, r = own.state, own.rules
    assert state.exchange_hidden and state.complete and r.pass_cards
    bidder, partner = state.bidder, state.bidder.partner
    after = np.zeros((4, KINDS), dtype=np.int64)
    for t in state.tricks:
        for k, c in enumerate(t.cards):
            after[(t.leader + k) & 3][c] += 1
    n, first = r.pass_cards, r.pass_order == "partner-first"
    married = r.needs_marriage(False) and r.pass_when == "after-trump" \
        and not r.marriage_after_exchange
    king, queen = 5 * state.trump + 2, 5 * state.trump + 3
    exact: Counter = Counter()
    for gave, w1 in zip(*every_pass(after[partner], n)):  # the bidder's pass
        got, w2 = every_pass(after[bidder] + gave if first else after[bidder], n)
        dealt = after[bidder] + gave - got  # the bidder's cards as dealt
        ok = (dealt[:, king] > 0) & (dealt[:, queen] > 0) if married else np.ones(len(got), bool)
        keys = exchange_key(after[bidder], gave, got[ok])
        for key, w in enumerate(np.bincount(keys, weights=w2[ok], minlength=6)):
            exact[key] += w1 * w
    total = sum(exact.values())
    draws = 400
    seen: Counter = Counter()
    for seed in range(draws):
        gave, got = drawn_passes(own, seed, bidder, partner)
        seen[int(exchange_key(after[bidder], gave, got)[0])] += 1
    assert all(exact[k] for k in seen)  # only what could happen
    # passing first, the bidder may pass back what it received; else it may not
    assert (exact[3] + exact[4] + exact[5] > 0) == first
    assert_frequencies(seen, exact, total, draws)


@pytest.mark.parametrize("rules", [DAVIS, "toby-thomas"])
def test_the_partners_hidden_pass_dealt_alone_is_any_of_its_cards(rules):
    """Cut after the partner's hidden pass, before the bidder's: each deal gives the partner's
    pass as any N of the cards it was dealt, every N physical cards as likely. Counted against
    each deal's own hands: the cards passed of a kind the bidder holds too number, on average,
    N x (the partner's cards of such kinds) / 20 (a pass picked from the bidder's cards would
    make it N every time); within 4.5 standard errors over 200 deals."""
    own = full_defenders_record(rules)
    cut = next(n for n, e in enumerate(own.events) if isinstance(e, Pass)) + 1
    part = own.prefix(cut)
    assert part.state.exchange_hidden and len(part.state.passes) == 1
    bidder, partner, n = own.state.bidder, own.state.bidder.partner, own.rules.pass_cards
    gap = variance = 0.0
    draws = 200
    for seed in range(draws):
        dealt = deal_unknown(part, seed)
        naive_replay(part, dealt)
        held, theirs = np.array(dealt.hands[partner].counts), dealt.hands[bidder].counts
        passed = np.array(dealt.events[cut - 1].cards.counts)
        shared = np.array([c > 0 for c in theirs])
        k = int(held[shared].sum())  # the partner's cards of kinds the bidder holds too
        gap += int(passed[shared].sum()) - n * k / 20
        variance += n * (k / 20) * (1 - k / 20) * (20 - n) / 19  # the hypergeometric's
    assert abs(gap / draws) <= 4.5 * variance ** 0.5 / draws
