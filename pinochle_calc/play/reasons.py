"""Why the card advised, in words, each claim checked against the position's facts.

``reason(position, facts, choices, ...)`` says what the card does and how it compares with the
next card. What it does is told only as far as the facts bear it out (``facts.Facts``: the voids
shown, the highest rank each seat may hold in each suit, the cards each seat surely holds):

- a card "wins" or "takes" the trick, or a counter "goes to" a card, only where every seat still
  to play is known unable to beat the card that would then be winning (last to play, or each
  of them capped in the suit led and, where it may be void there, in trump);
- a lead is a "sure winner: no card beats it" only where no higher card of its suit is unseen
  and every other seat is known to hold the suit or to have no trump;
- partner "holds" a card that beats the one winning only where it showed it (and has not
  played it);
- otherwise the reason names the seats still to play that may beat the card: a seat "may"
  hold a card where a copy is neither yours, nor played, nor surely another seat's, and the
  play has not shown it holds nothing so high;
- cards "out" are those neither yours nor played; a card is "gone" only where every copy was
  played, the "highest left" only where no higher card of its suit is unplayed, yours
  included (where the higher ones left are yours, the reason says so).

Every claim is checked against the whole position the seat knows, its own hand included, by
a checker written apart from these words (``tests/play/claims.py``), over thousands of
positions from played hands.

How it compares with the next card is the simulation's: better by the paired difference, or,
within two standard errors, as good as it (``advice.Choice.as_good``). Where the score could not
be worked out, the reason says what was missing and that the cards are ranked by trick points.
"""

from __future__ import annotations

from ..cards import CARDS, COPIES, KINDS, SUIT_SYMBOLS, counted
from .facts import Facts
from .position import Position
from .tricks import CARD_POINTS, RANK_OF, SUIT_OF, PlayState, rule_in_force, trick_winner


def view(p: Position, facts: Facts):
    """What the player sees, as the heuristic player reads it."""
    hands = [tuple(p.hand.counts) if s == p.seat else (0,) * KINDS for s in range(4)]
    v = facts.voids
    state = PlayState(tuple(hands), p.trump, p.leader, tuple(p.trick), voids=(v[0], v[1], v[2],
                                                                              v[3]))
    return state.view()._replace(unplayed=tuple(COPIES - x for x in facts.played))


def reason(p: Position, facts: Facts, choices: list, searched: bool,
           missing: tuple[str, ...] = (), samples: int = 0) -> str:
    """Why the first of ``choices`` (``advice.Choice``, best first), in words (see the module
    docstring); ``samples``: the deals behind them."""
    best = choices[0]
    if len(choices) == 1:
        return f"the only card you may play ({rule_in_force(p.hand.counts, p.trick, p.trump)})"
    out = what_it_does(p, facts, best.card)
    unit = "points of score" if best.score is not None else "trick points"
    how = "exact search of every layout" if searched else "played out"
    deals = f", {samples:,} deals" if samples else ""
    second = choices[1]
    if second.as_good:
        alike = [CARDS[c.card].symbol for c in choices[1:] if c.as_good]
        d = second.difference
        out += (f"; as good as {', '.join(alike)} ({how}{deals}: "
                + ("the same on every deal)" if d.stderr == 0 and d.mean == 0 else
                   f"{d.text()} {unit} apart, within two standard errors)"))
    else:
        d = second.difference
        out += (f"; {d.text()} {unit} better than {CARDS[second.card].symbol} ({how}{deals})")
    if missing:
        out += f"; ranked by trick points: not given {' and '.join(missing)}"
    return out


class _Seen:
    """The facts the words need: who may hold what, and who is still to play."""

    def __init__(self, p: Position, facts: Facts):
        self.p, self.facts = p, facts
        mine = p.hand.counts
        #: per card kind, the copies not played and not in the player's hand
        self.out = [COPIES - mine[c] - facts.played[c] for c in range(KINDS)]

    def may_hold(self, seat: int, card: int) -> bool:
        """Whether ``seat`` may hold a copy of ``card`` (the player's own: whether it does): a
        copy out that no other seat surely holds, of a rank the play allows it."""
        if seat == self.p.seat:
            return self.p.hand.counts[card] > 0
        elsewhere = sum(self.facts.known[s][card] for s in self.facts.others if s != seat)
        return self.out[card] > elsewhere and \
            RANK_OF[card] >= self.facts.top[seat][SUIT_OF[card]]

    def holds_suit(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` surely holds a card of ``suit``."""
        return any(self.facts.known[seat][suit * 5: suit * 5 + 5])

    def beaters(self, seat: int, led: int, winning: int) -> list[int]:
        """The cards ``seat`` may hold and play that beat ``winning`` in a trick led in ``led``:
        a higher card of the suit led (where ``winning`` is of it), or, where the seat may be
        void in the suit led, a trump that beats it."""
        trump = self.p.trump
        ws, wr = SUIT_OF[winning], RANK_OF[winning]
        out = []
        if ws == led:
            out += [c for c in range(led * 5, led * 5 + wr) if self.may_hold(seat, c)]
        if led != trump and not self.holds_suit(seat, led):  # it may be void in the suit led
            top = wr if ws == trump else 5
            out += [c for c in range(trump * 5, trump * 5 + top) if self.may_hold(seat, c)]
        return out

    def later(self, played: int) -> list[int]:
        """The seats still to play once ``played`` cards are in the trick."""
        return [(self.p.leader + k) & 3 for k in range(played, 4)]


def _seats(seats: list[int]) -> str:
    return f"seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))}"


def what_it_does(p: Position, facts: Facts, card: int) -> str:
    """What playing ``card`` does, as a player says it, claiming only what the facts bear out
    (see the module docstring)."""
    t = _Seen(p, facts)
    suit = SUIT_OF[card]
    sym = CARDS[card].symbol
    trump = p.trump
    if not p.trick:
        return _lead(t, card)
    trick = (*p.trick, card)
    led = SUIT_OF[trick[0]]
    before = trick_winner(p.trick, trump)
    w = p.trick[before]
    after = trick_winner(trick, trump)
    winning = trick[after]
    winner = (p.leader + after) & 3
    partner = p.seat ^ 2
    later = t.later(len(trick))
    threats = [s for s in later if t.beaters(s, led, winning)]
    counter = CARD_POINTS[card] > 0
    heads = after == len(p.trick)
    trumps_in = heads and suit == trump and led != trump and SUIT_OF[w] != trump
    if not threats:  # the trick is decided
        if heads:
            if trumps_in:
                return f"trumps in with {sym} and wins the trick" + (
                    "" if not later else ": no seat after can beat it")
            return f"{sym} takes the trick" + (" (last to play)" if not later else
                                               f" from {CARDS[w].symbol}: no seat after can"
                                               " beat it")
        if winner == partner:
            if counter:
                return f"partner's {CARDS[winning].symbol} wins the trick: feed it a counter"
            if any(CARD_POINTS[c] for c in p.legal()):
                return (f"partner's {CARDS[winning].symbol} wins the trick; {sym} keeps your"
                        " counters for later tricks")
            return (f"partner's {CARDS[winning].symbol} wins the trick; you have no counter"
                    f" you may play to feed it ({sym} is none)")
        if counter:
            forced = all(CARD_POINTS[c] for c in p.legal())
            return (f"{sym} cannot win the trick; a counter goes to {CARDS[winning].symbol}"
                    + (" (every card you may play is a counter)" if forced else ""))
        return f"the trick goes to {CARDS[winning].symbol}: {sym} gives away no counter"
    # the trick is not decided: some seat still to play may beat the card winning it
    who = _seats(threats)
    if heads:
        verb = f"trumps in with {sym}" if trumps_in else f"{sym} heads {CARDS[w].symbol}"
        if threats == [partner]:
            return f"{verb}; only partner, still to play, may beat it"
        return f"{verb}; {who}, still to play, may beat it"
    if winner == partner:
        return (f"partner's {CARDS[winning].symbol} is winning so far, but {who} may still"
                f" beat it: {sym} " + ("puts a counter on it" if counter else
                                       "risks no counter"))
    held = [c for c in t.beaters(partner, led, winning) if facts.known[partner][c]] \
        if partner in threats else []
    return (f"{sym} cannot head {CARDS[winning].symbol}; {who}, still to play, may beat it"
            + (f" (partner holds {CARDS[held[0]].symbol})" if held else "")
            + ("" if not counter else ": the counter's side is not yet known"))


def _lead(t: _Seen, card: int) -> str:
    """What leading ``card`` does."""
    p, facts = t.p, t.facts
    suit, rank = SUIT_OF[card], RANK_OF[card]
    sym = CARDS[card].symbol
    trump = p.trump
    above = [c for c in range(suit * 5, suit * 5 + rank) if t.out[c]]
    higher = sum(t.out[c] for c in above)
    if suit == trump:
        trumps_out = sum(t.out[trump * 5: trump * 5 + 5])
        if not p.history_known:  # cards not seen may have gone in the tricks not given
            return (f"leads trump: {trumps_out} you have not seen (the tricks so far are not"
                    " given)")
        if trumps_out == 1:
            return "draws the last trump: only 1 is out"
        if 0 < trumps_out <= 3:
            return f"draws the last trumps: only {trumps_out} are out"
        return f"leads trump: {trumps_out} are out" if trumps_out else \
            "leads trump: no trump is left out"
    if not above:
        may_trump = [s for s in facts.others if not t.holds_suit(s, suit)
                     and any(t.may_hold(s, c) for c in range(trump * 5, trump * 5 + 5))]
        why = _higher_words(p, facts, card) if rank else "no card beats it"
        if not may_trump:
            return f"cashes a sure winner: {why}"
        yours = any(p.hand.counts[c] for c in range(suit * 5, suit * 5 + rank))
        return (f"leads {sym}, " + (f"no higher {SUIT_SYMBOLS[suit]} is out" if yours else
                                    f"the highest {SUIT_SYMBOLS[suit]} left")
                + (f" ({why})" if rank else "")
                + f"; {_seats(may_trump)} may be void in {SUIT_SYMBOLS[suit]} and trump it")
    if CARD_POINTS[card]:
        cards = counted(higher, f"higher {SUIT_SYMBOLS[suit]} card", f"higher"
                        f" {SUIT_SYMBOLS[suit]} cards")
        out = ("is out" if higher == 1 else "are out") if p.history_known else \
            "you have not seen"
        return f"leads {sym}: {cards} {out}"
    return f"leads low ({sym}): it gives away no counter"


def _higher_words(p: Position, facts: Facts, card: int) -> str:
    """Where every copy of each card of ``card``'s suit above it is played or yours: which are
    gone (every copy played) and which of those left are yours."""
    suit, rank = SUIT_OF[card], RANK_OF[card]
    parts = []
    for c in range(suit * 5, suit * 5 + rank):
        sym, held = CARDS[c].symbol, p.hand.counts[c]
        if not held:
            parts.append(f"all {COPIES} {sym} are gone")
        else:
            parts.append(f"the {held} {sym} left {'is' if held == 1 else 'are'} yours")
    return ", ".join(parts)


__all__ = ["reason", "what_it_does", "view"]
