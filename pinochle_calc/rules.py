"""Rule sets: everything about the game that differs from table to table, as one immutable value.

A rule set holds the n-fold meld tables (single, double, triple, quadruple; ``None`` where a table
leaves a value blank), the special meld options, the score scale, and the bidding, passing and
scoring conventions. ``STANDARD`` is the table in the project's RULES.md; ``PRESETS`` holds the
named variants from the rules documents.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

Table = tuple[int | None, int | None, int | None, int | None]

#: The meld kinds of the standard table, in the order the breakdown lists them (types I, II, III).
MELD_NAMES = (
    "run",
    "royal_marriage",
    "marriage",
    "pinochle",
    "aces_around",
    "kings_around",
    "queens_around",
    "jacks_around",
)


@dataclass(frozen=True)
class RuleSet:
    """One table's rules. Meld values are unscaled; ``scale`` multiplies every score."""

    name: str = "standard"
    run: Table = (15, 150, 225, 300)
    royal_marriage: Table = (4, 8, 12, 16)
    marriage: Table = (2, 4, 6, 8)
    pinochle: Table = (4, 30, 60, 90)
    aces_around: Table = (10, 100, 150, 200)
    kings_around: Table = (8, 80, 120, 160)
    queens_around: Table = (6, 60, 90, 120)
    jacks_around: Table = (4, 40, 60, 80)
    #: A roundhouse (K and Q of every suit) scored as one meld: single, with a run
    #: (the trump K-Q shared with the run), double. ``None``: it scores its parts.
    roundhouse_single: int | None = None
    roundhouse_with_run: int | None = None
    roundhouse_double: int | None = None
    #: Toby Thomas: a run's K-Q also count in a multiple royal marriage with extra trump K-Q pairs.
    royal_beside_run: bool = False
    scale: int = 1
    #: The minimum-20 rule: a side scores meld only if it melds at least this (0: no minimum).
    min_meld: int = 0
    min_bid: int = 50
    #: ``by1-then-5``: by 1 to 60, then multiples of 5; ``any``; ``by10-above-100``.
    bid_steps: str = "by1-then-5"
    #: The bid up to which bids go by 1 (60 standard, 50 under Toby Thomas).
    step_change: int = 60
    bid_rounds: str = "unlimited"
    #: ``true``: the bidder needs a marriage in trump; ``false``; ``after-pass``.
    marriage_required: str = "true"
    pass_cards: int = 0
    pass_order: str = "simultaneous"
    pass_when: str = "after-trump"
    #: What the opponents score when the bidding side concedes before play:
    #: ``nothing``, ``meld``, ``25-and-meld``, ``50-and-meld``, ``play``.
    concession: str = "meld"
    target: int = 500

    def is_legal_bid(self, bid: int) -> bool:
        """Whether a number may be bid at all under this rule set's minimum and steps (scaled).

        ``by1-then-5``: by 1 up to ``step_change``, then multiples of 5. ``any``: any number
        from the minimum up. ``by10-above-100``: as ``by1-then-5``, and above 100 multiples of 10.
        """
        if bid % self.scale:
            return False
        b = bid // self.scale
        if b < self.min_bid:
            return False
        if self.bid_steps == "any":
            return True
        if self.bid_steps == "by10-above-100" and b > 100:
            return b % 10 == 0
        return b <= self.step_change or b % 5 == 0

    def next_bid(self, current: int | None) -> int:
        """The lowest legal bid above ``current`` (the minimum bid if nobody has bid)."""
        bid = self.min_bid * self.scale if current is None else current + 1
        while not self.is_legal_bid(bid):
            bid += 1
        return bid

    def table(self, name: str) -> Table:
        """The n-fold values of one meld kind, unscaled."""
        return getattr(self, name)

    def with_options(self, **changes) -> RuleSet:
        """A copy with some options changed (the name records that it is a variant)."""
        return replace(self, **changes)

    def differences(self) -> dict[str, object]:
        """The options in which this rule set differs from the standard one."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(STANDARD, f.name)
        }


STANDARD = RuleSet()

PRESETS: dict[str, RuleSet] = {
    "standard": STANDARD,
    "book": replace(STANDARD, name="book", pinochle=(4, 30, 45, 300), run=(15, 30, 45, 60)),
    "npa": replace(STANDARD, name="npa", run=(25, 150, 225, 300), pinochle=(15, 30, 60, 90)),
    "pinochle14": replace(STANDARD, name="pinochle14", pinochle=(14, 30, 60, 90)),
    "toby-thomas": replace(
        STANDARD,
        name="toby-thomas",
        run=(15, 150, 500, None),
        royal_marriage=(4, 30, 60, 240),
        marriage=(2, 4, 6, 8),
        pinochle=(4, 30, 90, 360),
        aces_around=(10, 100, 500, None),
        kings_around=(8, 80, 400, None),
        queens_around=(6, 60, 300, None),
        jacks_around=(4, 40, 200, None),
        royal_beside_run=True,
        min_bid=25,
        step_change=50,
        pass_cards=3,
        pass_order="partner-first",
        pass_when="before-trump",
    ),
}

PRESET_SUMMARIES = {
    "standard": "the table in the rules: bids 50 by 1 to 60 then by 5, marriage in trump required",
    "book": "online-server scores: triple/quadruple pinochle 45/300, runs 15/30/45/60",
    "npa": "National Pinochle Association: run 25, single pinochle 15",
    "pinochle14": "single pinochle 14 (double, triple, quadruple 30, 60, 90)",
    "toby-thomas": "Toby Thomas: raised multiples, royal marriages beside a run, bids from 25,"
    " three-card pass",
}


def load_rules(name: str | None) -> RuleSet:
    """The rule set a ``--rules`` value names: a preset (``standard`` if None)."""
    from .errors import UserError

    if name is None:
        return STANDARD
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise UserError(
            f"unknown rule set {name!r}: use one of {', '.join(PRESETS)}"
        ) from None
