"""What the play reveals: the facts each seat's plays and meld show about the cards it holds.

The rules force most plays (RULES.md "Play of the tricks"), so each card played says something
exact about the hand that played it:

- a seat that did not follow suit holds no card of the suit led;
- one that followed without heading the winning card holds no card of that suit above it (a
  copy of it may be held: a copy played later does not beat the first);
- one that was void and did not trump holds no trump;
- one that trumped a trumped trick without over-trumping holds no trump above the winning one.

Hands only shrink, so a fact stays true for the rest of the hand. Add what is known outright:
the cards each seat showed in its meld and the cards the player passed to partner (held until
played), and the cards already played. ``read_position`` replays a ``Position``, checks that it
could have happened (each error names the trick, the card and the rule) and returns the
``Facts``: per seat the highest rank it may hold in each suit (``VOID``: none), the cards it
surely holds and how many it holds; ``Facts.meets`` checks dealt layouts against every fact.

**Decision (meld shown).** A seat's meld is read as the cards it showed, held until played;
that it showed no more meld is not used (it would say the hand lacked some combination).
**Decision (no tricks given).** Without the tricks so far, the cards a seat showed are the
cards it still holds (beyond any it has played to the trick in progress), and the cards passed
to partner are not known to be held (they may have been played).
**Decision (known copies).** Where a seat showed or was passed a card and has since played a
copy of it, the copy played is taken to be the one known: it surely holds the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cards import CARDS, COPIES, HAND_SIZE, KINDS, RANKS, SUIT_SYMBOLS, SUITS, counted
from ..cards import n_cards as _n_cards
from ..hand import Hand
from ..rules import STANDARD, RuleSet
from .position import Position, PositionError
from .tricks import CARD_POINTS, RANK_OF, SUIT_OF, illegal_reason, rule_in_force, trick_winner

#: The ``top`` of a suit a seat holds none of: no rank (0 is the ace) is at or below it.
VOID = 5


@dataclass(frozen=True)
class Facts:
    """Every fact about the hands at a position (see the module docstring).

    ``top[seat][suit]``: the highest rank the seat may hold in that suit (0 the ace .. 4 the
    jack; ``VOID``: none), with the play that showed it in ``why``. ``known[seat]``: 20 counts
    the seat surely holds (the player's own seat: its hand). ``sizes``: cards each seat holds.
    ``unseen``: 20 counts of the cards whose place the player does not know (in the other hands
    beyond ``known``, or among the ``hidden_played`` cards of tricks not given). ``voids``: per
    seat, a bit per suit it has shown it lacks (as ``PlayState.voids``), the player's own seat
    too: the other seats saw its plays (its ``top`` is what they showed; its hand is known).
    ``points``: unscaled trick points each side (0: seats 0 and 2) has taken, None when the
    tricks are not given.
    """

    position: Position
    top: tuple[tuple[int, ...], ...]
    why: tuple[tuple[str, ...], ...]
    known: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]
    unseen: tuple[int, ...]
    hidden_played: int
    voids: tuple[int, ...]
    points: tuple[int, int] | None
    played: tuple[int, ...]

    @property
    def seat(self) -> int:
        return self.position.seat

    @property
    def others(self) -> tuple[int, ...]:
        return tuple(s for s in range(4) if s != self.seat)

    def allowed(self, seat: int) -> tuple[bool, ...]:
        """Per card kind, whether the seat may hold it."""
        top = self.top[seat]
        return tuple(RANK_OF[c] >= top[SUIT_OF[c]] for c in range(KINDS))

    def meets(self, deals: np.ndarray) -> np.ndarray:
        """Which of the ``(n, 4, 20)`` layouts meet every fact (a mask of ``n``)."""
        deals = np.asarray(deals)
        ok = np.all(deals[:, self.seat] == np.array(self.position.hand.counts), axis=1)
        for s in self.others:
            held = deals[:, s]
            ok &= held.sum(axis=1) == self.sizes[s]
            ok &= np.all(held >= np.array(self.known[s]), axis=1)
            ok &= np.all(held[:, ~np.array(self.allowed(s))] == 0, axis=1)
        spare = COPIES - deals.sum(axis=1) - np.array(self.played)
        ok &= np.all(spare >= 0, axis=1) & (spare.sum(axis=1) == self.hidden_played)
        return ok

    def seat_words(self, seat: int) -> list[str]:
        """The facts about one seat, as a player reads them."""
        out = []
        for suit in range(4):
            top, why = self.top[seat][suit], self.why[seat][suit]
            if top == VOID:
                out.append(f"no {SUIT_SYMBOLS[suit]} ({why})")
            elif top:
                out.append(f"no {SUIT_SYMBOLS[suit]} above {RANKS[top]} ({why})")
        known = Hand(self.known[seat])
        if len(known):
            out.append(f"holds {known.symbols()}")
        return out

    def lines(self) -> list[str]:
        """The facts about the other seats, a line for each seat that has any (``seat 1: no ♥
        (...)``), as ``card`` and ``table`` print them."""
        return [f"seat {s}: {'; '.join(words)}" for s in self.others
                if (words := self.seat_words(s))]

    def to_dict(self) -> list[dict]:
        """Per other seat: ``void`` suits, ``highest`` possible rank per suit where the play
        capped it, ``known`` cards (canonical tokens)."""
        return [{"seat": s,
                 "void": [SUITS[u] for u in range(4) if self.top[s][u] == VOID],
                 "highest": {SUITS[u]: RANKS[self.top[s][u]] for u in range(4)
                             if 0 < self.top[s][u] < VOID},
                 "known": str(Hand(self.known[s])),
                 "holds": self.sizes[s]} for s in self.others]


def _sym(card: int) -> str:
    return CARDS[card].symbol


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def read_position(position: Position, rules: RuleSet = STANDARD) -> Facts:
    """The facts of a position, after checking it could have happened (``PositionError``
    names the trick, the card and the rule where it could not)."""
    p = position
    me, trump = p.seat, p.trump
    hand = p.hand.counts
    held = len(p.hand)
    if held == 0:
        raise PositionError("the hand is empty: there is no card left to play")
    if held > HAND_SIZE:
        raise PositionError(f"a hand holds at most {HAND_SIZE} cards, not {held}")
    history = p.history_known
    if p.tricks and held != HAND_SIZE - len(p.tricks):
        after = counted(len(p.tricks), "trick")
        raise PositionError(f"your hand holds {held} cards, but after {after}"
                            f" each hand holds {HAND_SIZE - len(p.tricks)}: give every trick"
                            " so far (or none)")
    _check_leaders(p)
    _check_copies(p)

    known0 = _known_at_start(p, rules)
    top = [[0] * 4 for _ in range(4)]
    why = [[""] * 4 for _ in range(4)]
    voids = [0, 0, 0, 0]
    played_by = [[0] * KINDS for _ in range(4)]
    points = [0, 0]
    later = [0] * KINDS  # my plays from the trick being replayed on
    for t in p.tricks:
        for k in range(4):
            if (t.leader + k) & 3 == me:
                later[t.cards[k]] += 1
    plays = [(i, t.leader, t.cards) for i, t in enumerate(p.tricks, 1)]
    plays.append((0, p.leader, p.trick))
    for number, leader, cards in plays:
        for k, card in enumerate(cards):
            seat = (leader + k) & 3
            before = cards[:k]
            where = f"trick {number}" if number else "the trick in progress"
            if seat == me:
                then = [h + x for h, x in zip(hand, later)]
                reason = illegal_reason(then, before, trump, card)
                if reason:
                    raise PositionError(f"{where}, card {k + 1}: you (seat {me}) play"
                                        f" {_sym(card)}, which the rules forbid there:"
                                        f" {rule_in_force(then, before, trump)}", number, k + 1)
                later[card] -= 1
            else:
                _check_play(seat, card, before, trump, top[seat], why[seat], known0[seat],
                            played_by[seat], where, number, k + 1)
            # the player's own plays show the others its voids, as theirs show the player
            learn(seat, card, before, trump, number, top[seat], why[seat], voids)
            played_by[seat][card] += 1
        if number:
            winner = (leader + trick_winner(cards, trump)) & 3
            points[winner & 1] += sum(CARD_POINTS[c] for c in cards)
    _check_turn(p)
    # the seats that have played to the trick in progress hold one card fewer
    sizes = [held - ((s - p.leader) & 3 < len(p.trick)) for s in range(4)]
    known = []
    for s in range(4):
        if s == me:
            known.append(tuple(hand))
            continue
        # without the tricks so far, what a seat showed is what it still holds
        now = tuple(max(0, a - b) for a, b in zip(known0[s], played_by[s])) if history \
            else known0[s]
        if sum(now) > sizes[s]:
            raise PositionError(f"seat {s} holds {sizes[s]} cards now, but {sum(now)} of the"
                                f" cards it is known to hold ({Hand(now).symbols()}) have not"
                                " been played")
        for c in range(KINDS):
            if now[c] and RANK_OF[c] < top[s][SUIT_OF[c]]:
                raise PositionError(f"seat {s} is known to hold {_sym(c)}, but it cannot:"
                                    f" {why[s][SUIT_OF[c]]}")
        known.append(now)
    played = [sum(played_by[s][c] for s in range(4)) for c in range(KINDS)]
    unseen = []
    for c in range(KINDS):
        others = sum(known[s][c] for s in range(4) if s != me)
        n = COPIES - hand[c] - played[c] - others
        if n < 0:
            raise PositionError(f"{_sym(c)}: your hand holds {hand[c]}, {played[c]} have been"
                                f" played and the other seats are known to hold {others}: a"
                                f" double deck has only {COPIES}")
        unseen.append(n)
    hidden = 0 if history else COPIES * (HAND_SIZE - held)
    return Facts(p, tuple(map(tuple, top)), tuple(map(tuple, why)), tuple(known),
                 tuple(sizes), tuple(unseen), hidden, tuple(voids),
                 (points[0], points[1]) if history else None, tuple(played))


def _check_leaders(p: Position) -> None:
    """Each trick led by the winner of the one before, the first by the bidder."""
    for i in range(1, len(p.tricks)):
        due = p.tricks[i - 1].winner(p.trump)
        if p.tricks[i].leader != due:
            raise PositionError(f"tricks out of order: trick {i + 1} is led by seat"
                                f" {p.tricks[i].leader}, but seat {due} won trick {i} and leads"
                                " next", i + 1, 1)
    if p.contract is not None and p.tricks and p.tricks[0].leader != p.contract[0]:
        raise PositionError(f"trick 1 is led by seat {p.tricks[0].leader}, but the bidder"
                            f" (seat {p.contract[0]}) leads the first trick", 1, 1)


def _check_turn(p: Position) -> None:
    """The trick in progress led by the winner of the last trick (the bidder, at the first);
    the message says which cards of it to give (``--trick``: those played before yours)."""
    due = None
    if p.tricks:
        due, what = p.tricks[-1].winner(p.trump), f"seat {{}} won trick {len(p.tricks)}"
    elif len(p.hand) == HAND_SIZE and p.contract is not None:
        due, what = p.contract[0], "the bidder, seat {}, leads the first trick"
    if due is None or due == p.leader:
        return
    before = (p.seat - due) & 3
    given = _n_cards(len(p.trick)) if p.trick else "no card"
    if before == 0:
        need = "you lead it, so give no card with --trick"
    else:
        need = (f"give with --trick the {_n_cards(before)} played to it before yours, seat"
                f" {due}'s lead first")
    raise PositionError(f"the trick in progress is out of order: {what.format(due)}, but with"
                        f" {given} before yours (seat {p.seat}) seat {p.leader} would have led"
                        f" it: {need}", 0, 1)


def _check_copies(p: Position) -> None:
    """No card more often than the deck holds it, counting the hand, then each play."""
    count = list(p.hand.counts)
    plays = [(i, t.cards) for i, t in enumerate(p.tricks, 1)] + [(0, p.trick)]
    for number, cards in plays:
        for k, card in enumerate(cards):
            count[card] += 1
            if count[card] > COPIES:
                where = f"trick {number}" if number else "the trick in progress"
                raise PositionError(f"{where}, card {k + 1}: a fifth {_sym(card)} (your hand"
                                    f" holds {p.hand.counts[card]} and it was played"
                                    f" {_times(count[card] - 1 - p.hand.counts[card])} before):"
                                    f" a double deck has only {COPIES}", number, k + 1)


def exchange_problem(rules: RuleSet) -> str:
    """Why a position under ``rules`` can hold no cards exchanged ('' where it can)."""
    if rules.pass_cards:
        return ""
    return f"under the rules {rules.name} no cards are passed (passing.cards = 0)"


def _known_at_start(p: Position, rules: RuleSet) -> list[tuple[int, ...]]:
    """The cards each other seat surely held when play began: its meld shown and, for the
    partner, the cards the player passed (less those passed back, where the rules let the
    bidder return cards just received and the player is not the bidder)."""
    none = (0,) * KINDS
    known = [tuple(h.counts) if h is not None else none for h in p.shown]
    exchanged = p.passed is not None or p.received is not None
    problem = exchange_problem(rules)
    if exchanged and problem:
        raise PositionError(f"{problem}: a position under them has no cards passed or"
                            " received")
    for cards, verb in ((p.passed, "passed"), (p.received, "received")):
        if cards is not None and len(cards) != rules.pass_cards:
            raise PositionError(f"you {verb} {_n_cards(len(cards))}, but under the rules"
                                f" {rules.name} each pass is {rules.pass_cards} (passing.cards"
                                f" = {rules.pass_cards})")
    if exchanged and p.contract is not None and (p.contract[0] ^ p.seat) & 1:
        raise PositionError(f"only the bidding side exchanges cards: seat {p.contract[0]} bid,"
                            f" and you are seat {p.seat}")
    passed = p.passed.counts if p.passed is not None else none
    received = p.received.counts if p.received is not None else none
    if p.received is not None and p.history_known:
        mine = list(p.hand.counts)
        for t in p.tricks:
            for k, c in enumerate(t.cards):
                if (t.leader + k) & 3 == p.seat:
                    mine[c] += 1
        for c in range(KINDS):
            if received[c] > mine[c] + passed[c]:
                raise PositionError(f"you received {_sym(c)} from partner, but you neither hold"
                                    " it, nor played it, nor passed it back")
    returned = rules.pass_order == "partner-first" and (p.contract is None
                                                         or p.contract[0] != p.seat)
    to_partner = tuple(max(0, a - b) for a, b in zip(passed, received)) if returned else passed
    partner = p.seat ^ 2
    if p.history_known:  # else the cards passed may have been played in the tricks not given
        known[partner] = tuple(max(a, b) for a, b in zip(known[partner], to_partner))
    known[p.seat] = none
    return known


def _check_play(seat, card, before, trump, top, why, known0, played, where, number, k) -> None:
    """A play by another seat must agree with what it has shown and what it surely holds."""
    suit, rank = SUIT_OF[card], RANK_OF[card]
    if rank < top[suit]:
        limit = "" if top[suit] == VOID else f" above {RANKS[top[suit]]}"
        raise PositionError(f"{where}, card {k}: seat {seat} plays {_sym(card)}, but it had"
                            f" shown it holds no {SUIT_SYMBOLS[suit]}{limit} ({why[suit]})",
                            number, k)
    sure = [max(0, a - b) for a, b in zip(known0, played)]
    if not any(sure):
        return
    least = list(sure)
    least[card] = max(least[card], 1)
    if illegal_reason(least, before, trump, card):
        held = Hand(sure).symbols()
        raise PositionError(f"{where}, card {k}: seat {seat} plays {_sym(card)}, which the rules"
                            f" forbid while it holds {held} (shown or passed to it):"
                            f" {rule_in_force(least, before, trump)}", number, k)


def learn(seat, card, before, trump, number, top, why, voids) -> None:
    """The facts a play shows about the seat that made it (module docstring)."""
    if not before:
        return
    led = SUIT_OF[before[0]]
    w = before[trick_winner(before, trump)]
    ws, wr = SUIT_OF[w], RANK_OF[w]
    suit, rank = SUIT_OF[card], RANK_OF[card]
    at = f"trick {number}" if number else "the trick in progress"

    def cap(s: int, value: int, words: str) -> None:
        if value > top[s]:
            top[s], why[s] = value, words

    if suit != led:
        cap(led, VOID, f"{at}: {_sym(card)} on {_sym(before[0])}, not following")
        voids[seat] |= 1 << led
        if suit != trump:
            cap(trump, VOID, f"{at}: {_sym(card)} on {_sym(before[0])}, not trumping")
            voids[seat] |= 1 << trump
        elif ws == trump and rank >= wr:
            cap(trump, wr, f"{at}: trumped with {_sym(card)}, not over-trumping {_sym(w)}")
    elif ws == led and rank >= wr:
        cap(led, wr, f"{at}: {_sym(card)}, not heading {_sym(w)}")


__all__ = ["Facts", "read_position", "learn", "VOID", "exchange_problem"]
