"""The play rules written out naively, straight from RULES.md "Play of the tricks", on lists of
card strings such as ``"10S"``. Deliberately independent of ``pinochle_calc.play.tricks``: the
tests use it as the oracle the engine and the players must agree with."""

RANK_ORDER = ["A", "10", "K", "Q", "J"]  # "Rank order within a suit, high to low"


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> str:
    return card[:-1]


def higher(a: str, b: str) -> bool:
    """Card a ranks strictly above card b (same suit assumed)."""
    return RANK_ORDER.index(rank(a)) < RANK_ORDER.index(rank(b))


def winner(trick: list[str], trump: str) -> int:
    """"A trick with no trump is won by the highest card of the suit led; otherwise by the
    highest trump. Of two identical cards, the one played first beats the other.\""""
    trumps = [i for i, c in enumerate(trick) if suit(c) == trump]
    if trumps:
        contenders = trumps
    else:
        contenders = [i for i, c in enumerate(trick) if suit(c) == suit(trick[0])]
    best = contenders[0]
    for i in contenders[1:]:
        if higher(trick[i], trick[best]):  # a later identical card does not beat an earlier one
            best = i
    return best


def heads(card: str, trick: list[str], trump: str) -> bool:
    """Playing this card now would make it the winning card."""
    return winner(trick + [card], trump) == len(trick)


def legal(hand: list[str], trick: list[str], trump: str) -> set[str]:
    if not trick:
        return set(hand)  # "Any card may be led."
    led = suit(trick[0])
    of_led = [c for c in hand if suit(c) == led]
    trumped = led != trump and any(suit(c) == trump for c in trick)
    if of_led:
        if trumped:
            # "If the trick has already been trumped, players who can follow suit may play any
            # card of that suit"
            return set(of_led)
        # "must follow suit if able and must head the trick ... A player who can follow but
        # cannot beat it must still follow suit."
        heading = [c for c in of_led if heads(c, trick, trump)]
        return set(heading or of_led)
    trumps = [c for c in hand if suit(c) == trump]
    if trumps:
        if trumped:
            # "a player who cannot follow must beat the highest trump played so far if able,
            # and otherwise must still play a trump."
            over = [c for c in trumps if heads(c, trick, trump)]
            return set(over or trumps)
        return set(trumps)  # "A player with no card of the suit led must trump."
    return set(hand)  # "Only a player with neither the suit led nor a trump may play any card."


def clause(hand: list[str], trick: list[str], trump: str) -> str:
    """Which clause of the rules decides the legal cards, as one of ``CLAUSES``."""
    if not trick:
        return "lead"
    led = suit(trick[0])
    trumped = led != trump and any(suit(c) == trump for c in trick)
    of_led = [c for c in hand if suit(c) == led]
    if of_led:
        if trumped:
            return "trumped: any of the suit led"
        if any(heads(c, trick, trump) for c in of_led):
            return "follow and head"
        return "follow, unable to head"
    trumps = [c for c in hand if suit(c) == trump]
    if trumps:
        if not trumped:
            return "void: trump"
        if any(heads(c, trick, trump) for c in trumps):
            return "void: over-trump"
        return "void: any trump"
    return "void in both: any card"


CLAUSES = ("lead", "follow and head", "follow, unable to head", "trumped: any of the suit led",
           "void: trump", "void: over-trump", "void: any trump", "void in both: any card")


def counters(cards: list[str]) -> int:
    """A, 10 and K taken in tricks are 1 point each."""
    return sum(1 for c in cards if rank(c) in ("A", "10", "K"))


def replay(hands: list[list[str]], trump: str, leader: int, cards: list[str]) -> list[int]:
    """Check a whole play card by card; return the trick points of each side.

    Raises AssertionError at the first card the rules forbid or the hand does not hold.
    """
    hands = [list(h) for h in hands]
    points = [0, 0]
    n_tricks = len(hands[0])
    assert len(cards) == 4 * n_tricks, "every card is played exactly once"
    for t in range(n_tricks):
        trick: list[str] = []
        for k in range(4):
            seat = (leader + k) % 4
            card = cards[4 * t + k]
            assert card in hands[seat], f"trick {t + 1}: seat {seat} does not hold {card}"
            allowed = legal(hands[seat], trick, trump)
            assert card in allowed, (
                f"trick {t + 1}: seat {seat} played {card} to {trick} (trump {trump}),"
                f" legal {sorted(allowed)}"
            )
            hands[seat].remove(card)
            trick.append(card)
        leader = (leader + winner(trick, trump)) % 4
        points[leader % 2] += counters(trick) + (2 if t == n_tricks - 1 else 0)
    assert all(not h for h in hands)
    return points
