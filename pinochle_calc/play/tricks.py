"""The play of the tricks: legal cards, who wins a trick, the points in it, and a hand in play.

Everything here works on integer card indices (``suit * 5 + rank``, as in ``cards``) and on
card counts. The fast core keeps each player's holding in a suit as one small integer, its
*suit code*: the counts of A 10 K Q J as base-5 digits (``count(A) + 5 * count(10) + ...``).
Playing a card subtracts ``W[rank]`` from a code, and lookup tables indexed by the code answer
"highest card held", "lowest card that heads rank r", and so on, in one step.

``PlayState`` is the immutable hand in play for search and for players written by users;
``playout`` plays one deal on suit codes with any fast players, and is the readable reference
that ``lockstep`` (four heuristic players, many deals at once) must match card for card.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, NamedTuple

from ..cards import CARDS, COPIES, COUNTER, KINDS, LAST_TRICK_BONUS, SUITS, Card, SuitLike, as_suit
from ..errors import UserError, described, number_text
from .codes import HEAD, HI, LO, NCODES, NONE, N, W  # noqa: F401 (also read from here)

if TYPE_CHECKING:
    from ..hand import HandLike

SUIT_OF = tuple(i // 5 for i in range(KINDS))
RANK_OF = tuple(i % 5 for i in range(KINDS))
CARD_POINTS = tuple(COUNTER[i % 5] for i in range(KINDS))


def _digits(code: int) -> list[int]:
    return [code // w % 5 for w in W]


def _build_below() -> tuple[tuple[int, ...], ...]:
    # it depends only on which ranks the suit holds: work it out for each of the 32 sets of
    # ranks, then look the set of each code up (digits in code order, the ace fastest)
    sets = [tuple(r for r in range(5) if m >> r & 1) for m in range(32)]
    below = [[tuple(r for r in held if r < bound) for bound in range(6)] for held in sets]
    masks = [(a > 0) | (t > 0) << 1 | (k > 0) << 2 | (q > 0) << 3 | (j > 0) << 4
             for j, q, k, t, a in product(range(5), repeat=5)]
    return tuple(ranks for m in masks for ranks in below[m])


#: The suit-code tables (``codes``): HI[code] the highest rank held (0 is the ace), NONE if
#: the suit is empty; LO[code] the lowest rank held, -1 if empty; N[code] the cards held;
#: HEAD[code * 6 + b] the lowest rank held that beats rank b (ranks below b), -1 if none.
#: BELOW[code * 6 + b]: the ranks held that beat rank b, high to low (b = 5: all held).
BELOW = _build_below()


def encode(counts: Sequence[int]) -> list[int]:
    """The four suit codes of a hand given as 20 counts."""
    return [
        counts[b] + 5 * counts[b + 1] + 25 * counts[b + 2] + 125 * counts[b + 3]
        + 625 * counts[b + 4]
        for b in (0, 5, 10, 15)
    ]


def decode(codes: Sequence[int]) -> tuple[int, ...]:
    """The 20 counts of a hand given as four suit codes."""
    return tuple(d for code in codes for d in _digits(code))


def legal_spec(held_led: int, held_trump: int, trump: int, led: int, win_suit: int,
               win_rank: int) -> tuple[int, int]:
    """The legal cards of a follower as ``(suit, bound)``: the cards of ``suit`` ranked above
    ``bound`` (bound 5: all of that suit); suit -1 means any card.

    ``held_led`` and ``held_trump`` are the player's codes in the suit led and in trump; the
    trick is being won by ``(win_suit, win_rank)``. This is RULES.md "Play of the tricks":
    follow suit and head the trick if able (the trick not trumped); follow with any card of
    the suit if unable to head or once the trick is trumped; void, trump, over-trumping a
    trumped trick if able; void in both, any card.
    """
    if held_led:
        if win_suit == led and HI[held_led] < win_rank:
            return led, win_rank
        return led, NONE
    if held_trump:
        if win_suit == trump and HI[held_trump] < win_rank:
            return trump, win_rank
        return trump, NONE
    return -1, NONE


def beats(suit: int, rank: int, win_suit: int, win_rank: int, trump: int) -> bool:
    """Whether a card played now takes the trick from the card winning it. A copy of the
    winning card does not: of two identical cards the first played wins."""
    return (suit == win_suit and rank < win_rank) or (suit == trump and win_suit != trump)


def _counts(hand: object) -> Sequence[int]:
    """A player's cards as 20 counts, given as counts, a ``Hand`` or its text."""
    if isinstance(hand, str):
        from ..hand import Hand

        return Hand.parse(hand).counts
    counts = getattr(hand, "counts", hand)
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Sequence) or (
            len(counts) != KINDS):
        raise TypeError(f"a hand is a Hand, its text or 20 card counts, not {described(hand)}")
    return counts


def _trick(trick: Sequence[int | Card], most: int = 3) -> tuple[int, ...]:
    """The cards played to a trick (at most ``most``: 3 before the next card, 4 once it is
    whole), as indices (given as indices 0-19 or ``Card``)."""
    if isinstance(trick, (str, bytes)) or not isinstance(trick, Sequence):
        raise TypeError(f"a trick is the cards played to it, indices 0 to 19 or Card, not"
                        f" {described(trick)}")
    out = []
    for card in trick:
        index = card.index if isinstance(card, Card) else card
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"a card played is an index 0 to 19 or a Card, not"
                            f" {described(card)}")
        if not 0 <= index < KINDS:
            raise IllegalPlay(f"{number_text(index)} is not a card: an index is 0 to 19")
        out.append(index)
    if len(out) > most:
        raise IllegalPlay(f"a trick holds at most {most} cards here, not {len(out)}")
    return tuple(out)


def trick_winner(trick: Sequence[int | Card], trump: SuitLike) -> int:
    """Position (0 = the lead) of the card winning the trick so far (or the whole trick)."""
    trump, trick = as_suit(trump), _trick(trick, 4)
    if not trick:
        raise IllegalPlay("no card has been played to the trick")
    return _winner(trick, trump)


def _winner(trick: Sequence[int], trump: int) -> int:
    """``trick_winner`` of arguments already checked: card indices (at least one), a suit."""
    best = 0
    ws, wr = SUIT_OF[trick[0]], RANK_OF[trick[0]]
    for i in range(1, len(trick)):
        s, r = SUIT_OF[trick[i]], RANK_OF[trick[i]]
        if beats(s, r, ws, wr, trump):
            best, ws, wr = i, s, r
    return best


def trick_points(trick: Iterable[int], last: bool = False, scale: int = 1) -> int:
    """Counters in a trick (A, 10, K are 1), plus 2 for the last trick, times the scale."""
    return (sum(CARD_POINTS[c] for c in trick) + (LAST_TRICK_BONUS if last else 0)) * scale


class Trick(NamedTuple):
    """A trick played: the seat that led it and its cards (indices) in the order played. The
    one trick type of the package: a hand's record, a position and the card advice read it."""

    leader: int
    cards: tuple[int, ...]

    def winner(self, trump: int) -> int:
        """The seat that won it."""
        return (self.leader + trick_winner(self.cards, trump)) & 3

    def points(self, last: bool = False, scale: int = 1) -> int:
        """Its trick points (``last``: the hand's last trick, with its bonus), scaled."""
        return trick_points(self.cards, last, scale)

    def text(self) -> str:
        """``2: AS 10S KS QS``: the leader and the cards, as the tricks notation writes it."""
        return f"{self.leader}: " + " ".join(str(CARDS[c]) for c in self.cards)

    def to_dict(self) -> dict[str, object]:
        """The leader and the cards (canonical tokens), as JSON writes a trick."""
        return {"leader": int(self.leader), "cards": [str(CARDS[c]) for c in self.cards]}

    def __repr__(self) -> str:
        cards = " ".join(str(CARDS[c]) for c in self.cards)
        return f"Trick(leader={int(self.leader)}, cards={cards!r})"


def legal_cards(hand: Sequence[int] | HandLike, trick: Sequence[int],
                trump: SuitLike) -> tuple[int, ...]:
    """The cards (indices, canonical order, each once) a player holding ``hand`` (20 counts, a
    ``Hand`` or its text) may play to ``trick`` (card indices in the order played; empty: the
    player leads)."""
    return _legal(_counts(hand), _trick(trick), as_suit(trump))


def _legal(hand: Sequence[int], trick: Sequence[int], trump: int) -> tuple[int, ...]:
    """``legal_cards`` of arguments already checked: 20 counts, at most 3 card indices, a
    suit (the hand model's own, checked where they came in)."""
    if not trick:
        return tuple(i for i in range(KINDS) if hand[i])
    codes = encode(hand)
    led = SUIT_OF[trick[0]]
    w = trick[_winner(trick, trump)]
    suit, bound = legal_spec(codes[led], codes[trump], trump, led, SUIT_OF[w], RANK_OF[w])
    if suit < 0:
        return tuple(i for i in range(KINDS) if hand[i])
    return tuple(suit * 5 + r for r in BELOW[codes[suit] * 6 + bound])


class IllegalPlay(UserError):
    """A card that may not be played here; ``str`` names the card and the rule."""


def illegal_reason(hand: Sequence[int] | HandLike, trick: Sequence[int], trump: SuitLike,
                   card: int) -> str:
    """Why ``card`` may not be played (empty if it may)."""
    return _illegal_reason(_counts(hand), _trick(trick), as_suit(trump), card)


def _illegal_reason(hand: Sequence[int], trick: Sequence[int], trump: int, card: int) -> str:
    """``illegal_reason`` of arguments already checked (``_legal``'s, and a card index)."""
    if not hand[card]:
        return f"{CARDS[card]} is not in the hand"
    if card in _legal(hand, trick, trump):
        return ""
    return f"{CARDS[card]} may not be played: {rule_in_force(hand, trick, trump)}"


def rule_in_force(hand: Sequence[int] | HandLike, trick: Sequence[int], trump: SuitLike) -> str:
    """The clause of the play rules that decides what this player may play, in words."""
    hand, trump, trick = _counts(hand), as_suit(trump), _trick(trick)
    if not trick:
        return "the leader may lead any card"
    codes = encode(hand)
    led = SUIT_OF[trick[0]]
    w = trick[trick_winner(trick, trump)]
    ws, wr = SUIT_OF[w], RANK_OF[w]
    led_name, trump_name = SUITS[led], SUITS[trump]
    if codes[led]:
        if ws != led:
            return f"the trick is trumped: any {led_name} card"
        if HI[codes[led]] < wr:
            return f"follow suit and head {CARDS[w]}"
        return f"follow suit; no {led_name} card heads {CARDS[w]}"
    if codes[trump]:
        if ws != trump:
            return f"no {led_name} card: trump"
        if HI[codes[trump]] < wr:
            return f"no {led_name} card: over-trump {CARDS[w]}"
        return f"no {led_name} card, no trump above {CARDS[w]}: any trump"
    return f"no {led_name} card and no trump ({trump_name}): any card"


class SeatView(NamedTuple):
    """What the player about to play can see: the only input a ``Player`` gets.

    ``hand`` and ``unplayed`` are 20 counts; ``unplayed`` is every card not yet played
    (this player's hand included), which a player counting cards knows. ``voids`` holds, for
    each seat, a bit per suit (``1 << suit``) the seat has shown it lacks. ``points`` and
    ``tricks`` are per side: side 0 is seats 0 and 2, side 1 seats 1 and 3.
    """

    seat: int
    hand: tuple[int, ...]
    trump: int
    leader: int
    trick: tuple[int, ...]
    legal: tuple[int, ...]
    unplayed: tuple[int, ...]
    voids: tuple[int, ...]
    points: tuple[int, int]
    tricks: tuple[int, int]

    @property
    def partner(self) -> int:
        return self.seat ^ 2

    def legal_cards(self) -> list[Card]:
        return [CARDS[i] for i in self.legal]

    def __repr__(self) -> str:
        return (f"SeatView(seat={self.seat}, trump={SUITS[self.trump]!r},"
                f" trick={_text(self.trick)!r}, legal={_text(self.legal)!r})")


@dataclass(frozen=True, slots=True)
class PlayState:
    """A hand in play: immutable, so a search can branch by calling ``play``.

    Seats 0..3 play clockwise; seats 0 and 2 are side 0, seats 1 and 3 side 1. ``hands`` are
    20 counts per seat; ``trick`` holds the cards played to the current trick, led by
    ``leader``; ``points`` (scaled) and ``tricks`` are what each side has taken.
    """

    hands: tuple[tuple[int, ...], ...]
    trump: int
    leader: int = 0
    trick: tuple[int, ...] = ()
    points: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)
    voids: tuple[int, int, int, int] = (0, 0, 0, 0)
    scale: int = 1

    @classmethod
    def deal(cls, hands: Sequence, trump: SuitLike, leader: int = 0, scale: int = 1) -> PlayState:
        """The start of play: four hands (``Hand`` objects, their text or 20 counts each) of
        equal size."""
        from ..limits import check

        trump = as_suit(trump)
        check("leader", leader, 0, 3)
        check("scale", scale, 1, 1000)
        rows = tuple(tuple(_counts(h)) for h in hands)
        if len(rows) != 4 or any(len(r) != KINDS for r in rows):
            raise UserError("a deal is four hands of 20 counts")
        sizes = {sum(r) for r in rows}
        if len(sizes) != 1:
            raise UserError(f"the four hands must be the same size, not {sorted(sizes)}")
        for i in range(KINDS):
            if sum(r[i] for r in rows) > COPIES:
                raise UserError(f"the deal holds more than four {CARDS[i]}")
        return cls(rows, trump, leader, scale=scale)

    def to_dict(self) -> dict[str, object]:
        """The hand in play: the trump, who led the trick and who plays now, the trick so far,
        each seat's cards, and what each side has taken."""
        from ..hand import canonical

        return {"trump": SUITS[self.trump], "leader": self.leader, "to_play": self.to_play,
                "trick": [str(CARDS[c]) for c in self.trick],
                "hands": [canonical(h) for h in self.hands],
                "points": {"us": self.points[0], "them": self.points[1]},
                "tricks": {"us": self.tricks[0], "them": self.tricks[1]}}

    def __repr__(self) -> str:
        return (f"PlayState(trump={SUITS[self.trump]!r}, leader={self.leader},"
                f" to_play={self.to_play}, trick={_text(self.trick)!r}, points={self.points},"
                f" tricks={self.tricks}, cards_left={sum(map(sum, self.hands))})")

    @property
    def to_play(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + len(self.trick)) & 3

    @property
    def is_over(self) -> bool:
        return not self.trick and not any(self.hands[self.leader])

    @property
    def unplayed(self) -> tuple[int, ...]:
        """Counts of the cards still in the players' hands."""
        return tuple(sum(col) for col in zip(*self.hands))

    # the state's fields were checked where it was dealt (``deal``): its rules of play take
    # them as they are

    def legal(self) -> tuple[int, ...]:
        """The cards the seat to play may play (indices, canonical order)."""
        return _legal(self.hands[self.to_play], self.trick, self.trump)

    def winning(self) -> int | None:
        """The card winning the trick so far (None before the lead)."""
        return self.trick[_winner(self.trick, self.trump)] if self.trick else None

    def view(self) -> SeatView:
        """What the seat to play sees."""
        seat = self.to_play
        return SeatView(seat, self.hands[seat], self.trump, self.leader, self.trick,
                        self.legal(), self.unplayed, self.voids, self.points, self.tricks)

    def play(self, card: int | Card) -> PlayState:
        """The state after the seat to play plays ``card``; raises ``IllegalPlay``."""
        given = card
        try:
            card = card.index if isinstance(card, Card) else operator.index(card)
        except TypeError:
            card = -1
        if not 0 <= card < KINDS:
            raise IllegalPlay(f"{given!r} is not a card: play a Card or a card index, 0 to"
                              f" {KINDS - 1}")
        seat = self.to_play
        hand = self.hands[seat]
        if self.is_over:
            raise IllegalPlay("the hand is over")
        reason = _illegal_reason(hand, self.trick, self.trump, card)
        if reason:
            raise IllegalPlay(reason)
        hands = list(self.hands)
        hands[seat] = hand[:card] + (hand[card] - 1,) + hand[card + 1:]
        voids = self.voids
        if self.trick:
            led, suit = SUIT_OF[self.trick[0]], SUIT_OF[card]
            if suit != led:
                shown = 1 << led | (1 << self.trump if suit != self.trump else 0)
                v = list(voids)
                v[seat] |= shown
                voids = (v[0], v[1], v[2], v[3])
        trick = self.trick + (card,)
        if len(trick) < 4:
            return PlayState(tuple(hands), self.trump, self.leader, trick, self.points,
                             self.tricks, voids, self.scale)
        winner = (self.leader + _winner(trick, self.trump)) & 3
        side = winner & 1
        last = not any(hands[winner])
        points, tricks = list(self.points), list(self.tricks)
        points[side] += trick_points(trick, last, self.scale)
        tricks[side] += 1
        return PlayState(tuple(hands), self.trump, winner, (), (points[0], points[1]),
                         (tricks[0], tricks[1]), voids, self.scale)


def _text(cards: Iterable[int]) -> str:
    """Cards given by index as text: ``AS KH``."""
    return " ".join(str(CARDS[c]) for c in cards)


#: A fast decision function: ``lead(H, seat, trump, U, V)`` or ``follow(H, seat, trump, U, V,
#: led, win_suit, win_rank, win_seat, position)`` returning a card index. ``H`` is the 16 suit
#: codes (seat * 4 + suit), ``U`` the 4 codes of unplayed cards, ``V`` the seats' void bits.
#: A decision function may read only its own seat's codes in ``H``.
Lead = Callable[[list, int, int, list, list], int]
Follow = Callable[[list, int, int, list, list, int, int, int, int, int], int]


def playout(H: list[int], trump: int, leader: int, leads: Sequence[Lead],
            follows: Sequence[Follow], record: list[int] | None = None,
            trick: Sequence[int] = (), voids: Sequence[int] | None = None) -> list[int]:
    """Play a deal to the end on suit codes and return the trick points per side (unscaled)
    from here on.

    ``H`` (16 suit codes, seat * 4 + suit, consumed) holds the hands; ``leads[seat]`` and
    ``follows[seat]`` decide for each seat. Play may start in mid-hand: ``trick`` holds the
    cards already played to the trick in progress (led by ``leader``; its points go to whoever
    wins it) and ``voids`` the voids each seat has shown (bits per suit, as ``PlayState``).
    ``record``, if given, receives every card played from here. The decisions are trusted to
    be legal: tests check them against ``legal_cards``.
    """
    U = [H[s] + H[4 + s] + H[8 + s] + H[12 + s] for s in range(4)]
    V = list(voids) if voids is not None else [0, 0, 0, 0]
    pts = [0, 0]
    nxt = 4 * ((leader + len(trick)) & 3)
    tricks = N[H[nxt]] + N[H[nxt + 1]] + N[H[nxt + 2]] + N[H[nxt + 3]]
    for t in range(tricks):
        if t == 0 and trick:
            first = len(trick)
            ls = SUIT_OF[trick[0]]
            win = trick_winner(trick, trump)
            ws, wr, wp = SUIT_OF[trick[win]], RANK_OF[trick[win]], (leader + win) & 3
            got = sum(CARD_POINTS[c] for c in trick)
        else:
            first = 1
            p = leader
            c = leads[p](H, p, trump, U, V)
            ls, wr = SUIT_OF[c], RANK_OF[c]
            ws, wp = ls, p
            w = W[wr]
            H[4 * p + ls] -= w
            U[ls] -= w
            got = CARD_POINTS[c]
            if record is not None:
                record.append(c)
        for k in range(first, 4):
            p = (leader + k) & 3
            c = follows[p](H, p, trump, U, V, ls, ws, wr, wp, k)
            s, r = SUIT_OF[c], RANK_OF[c]
            if s != ls:
                V[p] |= (1 << ls) | (1 << trump if s != trump else 0)
            if (s == ws and r < wr) or (s == trump and ws != trump):
                ws, wr, wp = s, r, p
            w = W[r]
            H[4 * p + s] -= w
            U[s] -= w
            got += CARD_POINTS[c]
            if record is not None:
                record.append(c)
        if t == tricks - 1:
            got += LAST_TRICK_BONUS
        pts[wp & 1] += got
        leader = wp
    return pts
