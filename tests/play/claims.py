"""A checker of the card advice's reasons, written apart from the words (``play.reasons``): each
sentence a reason may say is read back into its claims, and each claim is checked against the
whole position the seat knows, its own hand included.

- a count ("3 are out", "all 4 A♣ are gone", "the 2 10♣ left are yours") is counted again from
  the position: the hand, the tricks and the trick in progress;
- a claim that the trick is decided ("takes the trick", "a counter goes to A♣") must hold for
  every finish of the trick in every world the seat cannot tell from the real one: the real
  hands and layouts dealt to meet the facts, each trick finished every legal way by the naive
  rules (``naive_rules``: RULES.md written out, not the engine);
- a claim that a seat "may" beat or trump must be possible: a copy of a card that would do it
  is neither yours, nor played, nor surely another seat's, and the play has not capped the
  seat below it (and the seat is not known to hold the suit led, where it would trump);
- a claim about the card ("feed it a counter", "gives away no counter", "heads 10♦") is
  checked on the card, the trick and the legal cards.

A sentence the checker cannot read fails the check: a new kind of reason needs its claims here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import naive_rules as naive
import numpy as np

from pinochle_calc.cards import CARDS, Card
from pinochle_calc.play.facts import VOID, Facts
from pinochle_calc.play.position import Position

CARD = r"(?:A|10|K|Q|J)[♠♥♦♣]"
SUIT = r"[♠♥♦♣]"
SEATS = r"seats? \d(?:, \d)*"
SYMBOLS = "♠♥♦♣"


def card_of(symbol: str) -> int:
    return Card.parse(symbol).index


def suit_of(symbol: str) -> int:
    return SYMBOLS.index(symbol)


def seats_of(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d", text)]


def text(card: int) -> str:
    return str(CARDS[card])  # "10S": the naive rules' notation


def counter(card: int) -> bool:
    """A, 10 and K count (RULES.md "Counters")."""
    return card % 5 < 3


@dataclass
class World:
    """What the seat knows, counted from the position alone, and the hands it cannot tell
    from the real ones."""

    p: Position
    facts: Facts
    worlds: list  # each: four hands of 20 counts

    @property
    def own(self) -> tuple[int, ...]:
        return tuple(self.p.hand.counts)

    def played(self) -> list[int]:
        """Copies of each card played, counted from the tricks and the trick in progress."""
        out = [0] * 20
        for trick in self.p.tricks:
            for c in trick.cards:
                out[c] += 1
        for c in self.p.trick:
            out[c] += 1
        return out

    def out(self, card: int) -> int:
        """Copies neither yours nor played."""
        return 4 - self.own[card] - self.played()[card]

    def could_hold(self, seat: int, card: int) -> bool:
        """Whether ``seat`` may hold a copy of ``card``: one neither yours, nor played, nor
        surely another seat's, of a rank the play has not capped it below."""
        elsewhere = sum(self.facts.known[s][card] for s in range(4)
                        if s not in (seat, self.p.seat))
        cap = self.facts.top[seat][card // 5]
        return self.out(card) - elsewhere > 0 and cap != VOID and card % 5 >= cap

    def known_in_suit(self, seat: int, suit: int) -> bool:
        return any(self.facts.known[seat][suit * 5: suit * 5 + 5])

    def later(self, card_played: bool = True) -> list[int]:
        """The seats still to play after the seat's card."""
        done = len(self.p.trick) + (1 if card_played else 0)
        return [(self.p.leader + k) % 4 for k in range(done, 4)]

    def finishes(self, card: int) -> list[set[int]]:
        """In each world, every seat that wins the trick in some legal finish of it after
        ``card`` (the naive rules)."""
        trump = "SHDC"[self.p.trump]
        out = []
        for hands in self.worlds:
            lists = [[text(c) for c in range(20) for _ in range(hands[s][c])] for s in range(4)]
            lists[self.p.seat].remove(text(card))
            trick = [text(c) for c in self.p.trick] + [text(card)]
            out.append(_winners(lists, trick, self.later(), trump, self.p.leader))
        return out


def _winners(hands: list[list[str]], trick: list[str], later: list[int], trump: str,
             leader: int) -> set[int]:
    if not later:
        return {(leader + naive.winner(trick, trump)) % 4}
    seat, rest = later[0], later[1:]
    out: set[int] = set()
    for c in naive.legal(hands[seat], trick, trump):
        hands[seat].remove(c)
        out |= _winners(hands, trick + [c], rest, trump, leader)
        hands[seat].append(c)
    return out


def beats(a: int, b: int, led: int, trump: int) -> bool:
    """Whether card ``a`` played after ``b`` takes the trick from it (the naive rules)."""
    trick = [text(b), text(a)] if b // 5 == led else [text(c) for c in (led * 5 + 4, b, a)]
    return naive.winner(trick, "SHDC"[trump]) == len(trick) - 1


class Checker:
    """The claims of one card's reason at one position."""

    def __init__(self, world: World, card: int):
        self.w, self.card = world, card
        self.p = world.p
        self.checked: list[str] = []

    # ------------------------------------------------------------------ helpers

    def winning_before(self) -> int:
        """The card winning the trick before the seat's card (naive rules)."""
        trick = [text(c) for c in self.p.trick]
        return self.p.trick[naive.winner(trick, "SHDC"[self.p.trump])]

    def winning_after(self) -> int:
        trick = [text(c) for c in (*self.p.trick, self.card)]
        return (*self.p.trick, self.card)[naive.winner(trick, "SHDC"[self.p.trump])]

    def holder(self, card: int) -> int:
        """The seat that played ``card`` to the trick (the seat itself for its own card)."""
        cards = (*self.p.trick, self.card)
        return (self.p.leader + cards.index(card)) % 4

    def led(self) -> int:
        return ((*self.p.trick, self.card)[0]) // 5

    def legal(self) -> list[int]:
        trump = "SHDC"[self.p.trump]
        hand = [text(c) for c in range(20) for _ in range(self.p.hand.counts[c])]
        return [Card.parse(c).index for c in naive.legal(hand, [text(c) for c in self.p.trick],
                                                         trump)]

    def decided_for(self, seat: int, claim: str) -> None:
        for winners in self.w.finishes(self.card):
            assert winners == {seat}, f"{claim}: the trick may go to seats {sorted(winners)}"
        self.checked.append(claim)

    def only(self, seats: list[int], claim: str) -> None:
        """Nobody but ``seats`` and the holder of the card winning now may win the trick."""
        allowed = set(seats) | {self.holder(self.winning_after())}
        for winners in self.w.finishes(self.card):
            assert winners <= allowed, f"{claim}: seats {sorted(winners - allowed)} may win it"

    def may_beat(self, seat: int, claim: str) -> None:
        """``seat`` still plays and may hold a card that beats the one winning."""
        assert seat in self.w.later(), f"{claim}: seat {seat} has played to the trick"
        win = self.winning_after()
        led, trump = self.led(), self.p.trump
        candidates = [c for c in range(led * 5, led * 5 + 5) if win // 5 == led
                      and beats(c, win, led, trump)]
        if led != trump and not self.w.known_in_suit(seat, led):
            candidates += [c for c in range(trump * 5, trump * 5 + 5)
                           if beats(c, win, led, trump)]
        assert any(self.w.could_hold(seat, c) for c in candidates), \
            f"{claim}: seat {seat} holds nothing that may beat {CARDS[win].symbol}"
        self.checked.append(claim)

    # ------------------------------------------------------------------ the sentences

    def check(self, words: str) -> list[str]:
        """Check every claim of ``what_it_does``'s words; an unread sentence fails."""
        for pattern, check in self.sentences():
            m = re.fullmatch(pattern, words)
            if m:
                check(*m.groups())
                return self.checked
        raise AssertionError(f"a sentence the checker cannot read: {words!r}")

    def sentences(self) -> list[tuple[str, Callable[..., None]]]:
        return [
            (r"draws the last trumps?: only (\d) (?:is|are) out", self.last_trumps),
            (r"leads trump: (\d+) are out", self.trumps_out),
            (r"leads trump: no trump is left out", lambda: self.trumps_out("0")),
            (r"leads trump: (\d+) you have not seen \(the tricks so far are not given\)",
             self.trumps_unseen),
            (r"cashes a sure winner: (.*)", self.sure_winner),
            (rf"leads ({CARD}), (the highest|no higher) ({SUIT}) (?:left|is out)"
             rf"(?: \((.*)\))?; ({SEATS}) may be void in ({SUIT}) and trump it", self.top_lead),
            (rf"leads ({CARD}): (\d+) higher ({SUIT}) (cards?) (is out|are out|you have not"
             r" seen)", self.higher_out),
            (rf"leads low \(({CARD})\): it gives away no counter", self.low_lead),
            (rf"trumps in with ({CARD}) and wins the trick(: no seat after can beat it)?",
             self.trumps_in_wins),
            (rf"({CARD}) takes the trick \(last to play\)", self.takes_last),
            (rf"({CARD}) takes the trick from ({CARD}): no seat after can beat it", self.takes),
            (rf"partner's ({CARD}) wins the trick: feed it a counter", self.feeds),
            (rf"partner's ({CARD}) wins the trick; ({CARD}) keeps your counters for later"
             r" tricks", self.keeps_counters),
            (rf"partner's ({CARD}) wins the trick; you have no counter you may play to feed"
             rf" it \(({CARD}) is none\)", self.no_counter),
            (rf"({CARD}) cannot win the trick; a counter goes to ({CARD})"
             r"( \(every card you may play is a counter\))?", self.counter_goes),
            (rf"the trick goes to ({CARD}): ({CARD}) gives away no counter", self.goes_to),
            (rf"(?:trumps in with ({CARD})|({CARD}) heads ({CARD})); only partner, still to"
             r" play, may beat it", self.heads_partner),
            (rf"(?:trumps in with ({CARD})|({CARD}) heads ({CARD})); ({SEATS}), still to play,"
             r" may beat it", self.heads_threatened),
            (rf"partner's ({CARD}) is winning so far, but ({SEATS}) may still beat it:"
             rf" ({CARD}) (puts a counter on it|risks no counter)", self.partner_so_far),
            (rf"({CARD}) cannot head ({CARD}); ({SEATS}), still to play, may beat it"
             rf"(?: \(partner holds ({CARD})\))?(: the counter's side is not yet known)?",
             self.cannot_head),
        ]

    # leads

    def leading(self) -> None:
        assert not self.p.trick, "a lead's words for a card that follows"

    def trumps_out(self, n: str) -> None:
        self.leading()
        trump = self.p.trump
        assert self.card // 5 == trump, "leads trump: not a trump"
        assert self.p.history_known, "trumps 'out' counted without the tricks"
        out = sum(self.w.out(c) for c in range(trump * 5, trump * 5 + 5))
        assert out == int(n), f"{n} trumps out: {out} are"
        self.checked.append("trumps out")

    def last_trumps(self, n: str) -> None:
        assert 1 <= int(n) <= 3
        self.trumps_out(n)

    def trumps_unseen(self, n: str) -> None:
        self.leading()
        trump = self.p.trump
        assert not self.p.history_known and self.card // 5 == trump
        unseen = sum(4 - self.w.own[c] - self.w.played()[c]
                     for c in range(trump * 5, trump * 5 + 5))
        assert unseen == int(n), f"{n} trumps unseen: {unseen} are"
        self.checked.append("trumps unseen")

    def higher_words(self, words: str) -> None:
        """"all 4 A♣ are gone, the 2 10♣ left are yours": every card above the one led,
        each counted."""
        suit, rank = self.card // 5, self.card % 5
        parts = words.split(", ")
        assert len(parts) == rank, f"{words!r}: not every higher card is accounted for"
        played = self.w.played()
        for c, part in zip(range(suit * 5, suit * 5 + rank), parts):
            sym = CARDS[c].symbol
            m = re.fullmatch(rf"the (\d) {re.escape(sym)} left (?:is|are) yours", part)
            if part == f"all 4 {sym} are gone":
                assert played[c] == 4, f"{part}: {played[c]} played"
            elif m:
                assert self.w.own[c] == int(m.group(1)) and played[c] + self.w.own[c] == 4, \
                    f"{part}: you hold {self.w.own[c]}, {played[c]} played"
            else:
                raise AssertionError(f"unread: {part!r}")
        self.checked.append("higher cards gone")

    def sure_winner(self, why: str) -> None:
        self.leading()
        assert self.card // 5 != self.p.trump
        if why == "no card beats it":
            assert self.card % 5 == 0, "no card beats it: not an ace"
        else:
            self.higher_words(why)
        self.decided_for(self.p.seat, "a sure winner")

    def top_lead(self, card: str, which: str, suit: str, why: str | None, seats: str,
                 void: str) -> None:
        self.leading()
        c = card_of(card)
        assert c == self.card and c // 5 == suit_of(suit) == suit_of(void)
        s, rank = c // 5, c % 5
        above = range(s * 5, s * 5 + rank)
        assert all(self.w.out(h) == 0 for h in above), "a higher card is out"
        if which == "the highest":
            assert all(self.w.own[h] == 0 for h in above), \
                "the highest left, with a higher one in your hand"
        else:
            assert any(self.w.own[h] for h in above)
        if rank:
            assert why is not None
            self.higher_words(why)
        else:
            assert why is None
        trump = self.p.trump
        for seat in seats_of(seats):
            assert seat != self.p.seat and not self.w.known_in_suit(seat, s), \
                f"seat {seat} is known to hold {suit}"
            assert any(self.w.could_hold(seat, t) for t in range(trump * 5, trump * 5 + 5)), \
                f"seat {seat} can hold no trump"
        self.checked.append("may be void and trump")

    def higher_out(self, card: str, n: str, suit: str, noun: str, how: str) -> None:
        self.leading()
        c = card_of(card)
        assert c == self.card and c // 5 == suit_of(suit) and counter(c)
        above = range(c // 5 * 5, c)
        one = n == "1"
        said = how == "you have not seen" or one == (how == "is out")
        assert one == (noun == "card") and said, f"{n} higher {noun} {how}: not said as a count"
        if how != "you have not seen":
            assert self.p.history_known
            counted = sum(self.w.out(h) for h in above)
        else:
            assert not self.p.history_known
            counted = sum(4 - self.w.own[h] - self.w.played()[h] for h in above)
        assert counted == int(n) > 0, f"{n} higher out: {counted} are"
        self.checked.append("higher out")

    def low_lead(self, card: str) -> None:
        self.leading()
        assert card_of(card) == self.card and not counter(self.card), "a counter led 'low'"
        self.checked.append("no counter")

    # follows

    def following(self, card: str) -> None:
        assert self.p.trick, "a follow's words for a lead"
        assert card_of(card) == self.card

    def trumps_in(self) -> None:
        trump = self.p.trump
        assert self.card // 5 == trump and self.led() != trump, "trumps in: not a trump in"
        assert self.winning_before() // 5 != trump, "trumps in over a trump"
        assert self.winning_after() == self.card

    def trumps_in_wins(self, card: str, none_after: str | None) -> None:
        self.following(card)
        self.trumps_in()
        assert bool(none_after) == bool(self.w.later())
        self.decided_for(self.p.seat, "trumps in and wins")

    def takes_last(self, card: str) -> None:
        self.following(card)
        assert len(self.p.trick) == 3, "last to play: not the fourth card"
        self.decided_for(self.p.seat, "takes the trick")

    def takes(self, card: str, before: str) -> None:
        self.following(card)
        assert card_of(before) == self.winning_before() and self.w.later()
        self.decided_for(self.p.seat, "takes the trick")

    def partner_wins(self, winning: str) -> None:
        w = card_of(winning)
        assert w == self.winning_after() and self.holder(w) == self.p.seat ^ 2
        self.decided_for(self.p.seat ^ 2, "partner wins")

    def feeds(self, winning: str) -> None:
        assert counter(self.card), "feed it a counter: not a counter"
        self.partner_wins(winning)

    def keeps_counters(self, winning: str, card: str) -> None:
        self.following(card)
        assert not counter(self.card), "keeps your counters: a counter played"
        assert any(counter(c) for c in self.legal()), "keeps your counters: none to give"
        self.partner_wins(winning)

    def no_counter(self, winning: str, card: str) -> None:
        self.following(card)
        assert not any(counter(c) for c in self.legal()), "no counter you may play: there is"
        self.partner_wins(winning)

    def counter_goes(self, card: str, winning: str, forced: str | None) -> None:
        self.following(card)
        assert counter(self.card), "a counter goes: not a counter"
        w = card_of(winning)
        assert w == self.winning_after() and self.holder(w) != self.p.seat
        assert bool(forced) == all(counter(c) for c in self.legal())
        self.decided_for(self.holder(w), "a counter goes to")

    def goes_to(self, winning: str, card: str) -> None:
        self.following(card)
        assert not counter(self.card), "gives away no counter: a counter"
        w = card_of(winning)
        assert w == self.winning_after() and self.holder(w) != self.p.seat
        self.decided_for(self.holder(w), "the trick goes to")

    def heads(self, trumped: str | None, card: str | None, over: str | None) -> None:
        if trumped:
            self.following(trumped)
            self.trumps_in()
        else:
            assert card is not None and over is not None
            self.following(card)
            assert card_of(over) == self.winning_before() and \
                self.winning_after() == self.card, f"{card} does not head {over}"

    def heads_partner(self, trumped, card, over) -> None:
        self.heads(trumped, card, over)
        self.may_beat(self.p.seat ^ 2, "partner may beat it")
        self.only([self.p.seat ^ 2], "only partner may beat it")

    def heads_threatened(self, trumped, card, over, seats: str) -> None:
        self.heads(trumped, card, over)
        for seat in seats_of(seats):
            self.may_beat(seat, "may beat it")
        self.only(seats_of(seats), "the others may not")

    def partner_so_far(self, winning: str, seats: str, card: str, what: str) -> None:
        self.following(card)
        w = card_of(winning)
        assert w == self.winning_after() and self.holder(w) == self.p.seat ^ 2
        assert counter(self.card) == (what == "puts a counter on it")
        for seat in seats_of(seats):
            self.may_beat(seat, "may still beat it")
        self.only(seats_of(seats), "the others may not")

    def cannot_head(self, card: str, winning: str, seats: str, held: str | None,
                    counted: str | None) -> None:
        self.following(card)
        w = card_of(winning)
        assert w == self.winning_after() and self.holder(w) != self.p.seat, f"{card} heads it"
        assert counter(self.card) == bool(counted)
        for seat in seats_of(seats):
            self.may_beat(seat, "may beat it")
        self.only(seats_of(seats), "the others may not")
        if held:
            h = card_of(held)
            partner = self.p.seat ^ 2
            assert partner in seats_of(seats) and self.w.facts.known[partner][h] > 0
            assert all(hands[partner][h] for hands in self.w.worlds), "partner holds it"
            assert beats(h, w, self.led(), self.p.trump)


def world_of(p: Position, facts: Facts, truth, rng: np.random.Generator, layouts: int) -> World:
    """The real hands and ``layouts`` more dealt to meet the facts."""
    from pinochle_calc.play.unseen import UnseenDealer

    worlds = [list(truth)] if truth is not None else []
    if layouts:
        worlds += [d.tolist() for d in UnseenDealer(facts).deal(rng, layouts)]
    return World(p, facts, worlds)


def check_reason(advice, world: World) -> list[str]:
    """The claims of a whole reason (``CardAdvice.reason``): what the card does, then how it
    compares with the next card, each checked against the advice's own figures."""
    from pinochle_calc.play.reasons import what_it_does

    reason = advice.reason
    choices = advice.choices
    if len(choices) == 1:
        assert re.fullmatch(r"the only card you may play \(.*\)", reason), reason
        assert len(set(world.p.legal())) == 1
        return ["the only card"]
    words = what_it_does(world.p, world.facts, advice.card)
    assert reason.startswith(words + "; "), reason
    checked = Checker(world, advice.card).check(words)
    rest = reason[len(words) + 2:]
    missing = re.search(r"; ranked by trick points: not given (.*)$", rest)
    if missing:
        assert advice.missing and missing.group(1) == " and ".join(advice.missing)
        rest = rest[:missing.start()]
    else:
        assert not advice.missing
    second = choices[1]
    alike = re.fullmatch(r"as good as (.*) \((.*?)(?:, [\d,]+ deals)?: (.*)\)", rest)
    better = re.fullmatch(rf"(\S+) ± (\S+) (?:points of score|trick points) better than"
                          rf" ({CARD}) \(.*\)", rest)
    if alike:
        named = [card_of(x) for x in alike.group(1).split(", ")]
        assert named == [c.card for c in choices[1:] if c.as_good] and second.as_good
        d = second.difference
        if alike.group(3) == "the same on every deal":
            assert d.mean == 0 and d.stderr == 0
        else:
            m = re.fullmatch(r"(\S+) ± (\S+) .* apart, within two standard errors",
                             alike.group(3))
            assert m and float(m.group(1)) <= 2 * float(m.group(2)) + 10 ** -len(
                m.group(2).split(".")[-1]), rest
        checked.append("as good as")
    elif better:
        assert card_of(better.group(3)) == second.card and not second.as_good
        mean, stderr = better.group(1), better.group(2)
        assert float(mean) > 0, f"{rest}: better by a figure that reads 0"
        assert float(mean) > 2 * float(stderr) - 10 ** -len(stderr.split(".")[-1]), rest
        assert abs(float(mean) - second.difference.mean) <= 10 ** -len(mean.split(".")[-1])
        checked.append("better than")
    else:
        raise AssertionError(f"an unread comparison: {rest!r}")
    return checked
