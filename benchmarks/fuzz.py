"""Fuzzing every way in: a million library calls and ten thousand command lines.

Run by hand (not a test; ``tests/test_fuzz.py`` is the CI-sized version)::

    .venv/bin/python benchmarks/fuzz.py [--calls 1000000] [--lines 10000] [--seed 1]

Inputs are random and near-miss: hands in every notation with mistyped, doubled, foreign and
control characters mixed in; rule presets, override strings and TOML rule files with wrong keys,
types, sizes and bytes; auctions; score-sheet rows and whole sheets in CSV and JSON lines with
invalid UTF-8 and odd line endings; trick states; and command lines built from all of these with
options dropped, repeated, swapped and mistyped.

It counts, per target: calls, the user errors among them (``UserError``: expected), tracebacks
(any other exception from the library; for the command line, an exit status other than 0, 1 or
2, an exception or "Traceback" in the output) and disagreements (two ways to one answer that
differ: a hand read back from its canonical text and its other notations, the meld engine
against the array meld, a rule set against its own rule file, a sheet scored whole against its
rows scored one by one, the command line's JSON against the library). The first example of each
kind is printed. The target is 0 tracebacks and 0 disagreements.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import stat
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from pinochle_calc.cards import CARD_TOKENS, RANKS, SUIT_SYMBOLS, SUITS
from pinochle_calc.errors import UserError
from pinochle_calc.rules import PRESETS, SCHEMA

# Pieces of input ----------------------------------------------------------------------------

GOOD_TOKENS = sorted(CARD_TOKENS)
RANK_WORDS = ["A", "10", "T", "K", "Q", "J", "a", "t", "k", "q", "j"]
MARKERS = ["H:", "S:", "D:", "C:", "♥", "♠", "♦", "♣", "♡", "hearts:", "spades:", "Diamonds:",
           "clubs", "H=", "♥=", "h:"]
NEAR_TOKENS = ["11H", "1H", "AX", "9S", "KHH", "HH", "10", "♥♥", "H=AXK", "=", "H=", ":",
               "10S10", "#", "A♥#c", "ＡＨ", "\u200b", "\x00", "AH\u0301", "A♥️", "0H", "100H",
               "-", ",", "K", "Q♥Q", "10♥10", "♥A10KKKQQJ", "H=ATKKKQQJX", "♠:A", "JOKER",
               "\udcff", "AS" * 30, "9" * 60, "'", '"', "\t", "\r", "\n", "#comment", "[", "{"]
SEPARATORS = [" ", " ", " ", ", ", ",", "  ", "\t", " , "]
EXAMPLE = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J"
HANDS20 = [EXAMPLE, "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J",
           "H: A A 10 K K Q Q J, S: A 10 K Q, D: A K Q J, C: A 10 Q J",
           "AS AH AD AC 10H KH KH QH QH JH KS QS KD QD KC QC JD QS JC JC"]
RULE_KEYS = [*SCHEMA, "run", "scale", "min_meld", "steps", "rounds", "marriage_required",
             "concession", "single", "double", "aces_around", "scal", "meld.runs", "name", "",
             "meld", "bidding", "x.y.z"]
RULE_VALUES = ["10", "0", "-1", "1000", "1001", "20", "50", "999999", "1000000", "1000001",
               "15/150/225/300", "²/150/225/300", "-/-/-/-", "1/2/3", "1/2/3/4/5", "a/b/c/d",
               "[1, 2, 3, 4]", "[1, 2", "true", "false", "after-pass", "any", "by1-then-5",
               "by10-above-100", "one", "two", "unlimited", "play", "standard", "nothing",
               "25-and-meld", "simultaneous", "partner-first", "after-trump", "before-trump",
               '"x"', "'x'", "", "1e9", "nan", "inf", "[" * 2000, "9" * 5000, "{a=1}",
               "1979-05-27", "0x10", "1_000", "\udcff", "\x00", "[[1,2],[3,4],5,6]",
               "-5/150/225/300", "15 / 150 / 225 / 300"]
AUCTION_TOKENS = ["50", "51", "52", "55", "60", "65", "66", "70", "75", "80", "100", "250",
                  "p", "pass", "P", "-", "49", "0", "-1", "5O", "99999999999999999999", "1e3",
                  "²", "50.5", "",  "x"]
SHEET_HEADERS = ["bidder,bid,meld_us,meld_them,tricks_us,tricks_them,result,note",
                 "bidder,bid,meld_us,meld_them", "bidder,bid,meld_us,meld_them,tricks_us",
                 "Bidder, Bid, Meld_Us, Meld_Them, Tricks_Them", "bidder,bid,meld_us",
                 "bidder,bid,meld_us,meld_them,trick_us", ""]
SHEET_FIELDS = ["us", "them", "we", "they", "ours", "", "50", "55", "60", "52", "30", "20",
                "0", "-10", "50", "70", "500", "1000", "fifty", "1e3", "throw-in", "no-marriage",
                "played", "thrown", "thrown-in", "made", '"a, b"', '"', "x" * 200, "\x00",
                "99999999999999999999", " 30 "]


def pick(rng: random.Random, items):
    return items[rng.randrange(len(items))]


def case(rng: random.Random, text: str) -> str:
    r = rng.random()
    return text.upper() if r < 0.2 else text.lower() if r < 0.4 else text


def hand_text(rng: random.Random) -> str:
    """A hand as a player might type it, right or nearly right."""
    r = rng.random()
    if r < 0.25:
        return rng.choice(HANDS20)
    if r < 0.45:  # a canonical or symbol rendering of random counts
        counts = [rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(20)]
        from pinochle_calc.hand import Hand

        if not any(counts):
            counts[rng.randrange(20)] = 1
        hand = Hand(counts)
        return str(hand) if rng.random() < 0.5 else hand.symbols()
    parts = []
    for _ in range(rng.randrange(0, 26)):
        k = rng.random()
        if k < 0.55:
            parts.append(case(rng, pick(rng, GOOD_TOKENS)))
        elif k < 0.7:
            parts.append(pick(rng, RANK_WORDS))
        elif k < 0.82:
            parts.append(pick(rng, MARKERS))
        elif k < 0.95:
            parts.append(pick(rng, NEAR_TOKENS))
        else:
            parts.append("".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(4))))
        parts.append(pick(rng, SEPARATORS))
    text = "".join(parts)
    if rng.random() < 0.05:
        text += " # a comment"
    return text


def rules_text(rng: random.Random) -> str | None:
    """A --rules value: a preset, maybe misspelt, then overrides."""
    r = rng.random()
    if r < 0.15:
        return None
    head = pick(rng, [*PRESETS, "Standard", "standrd", "", "x.toml", "/", "book "])
    items = [head] if rng.random() < 0.85 else []
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        key, value = pick(rng, RULE_KEYS), pick(rng, RULE_VALUES)
        items.append(f"{key}={value}" if rng.random() < 0.93 else key)
    return ",".join(items)


def rule_file_text(rng: random.Random) -> bytes:
    """A TOML rule file, right or nearly right, sometimes not UTF-8 or not TOML."""
    lines = []
    if rng.random() < 0.7:
        lines.append(f'extends = "{pick(rng, [*PRESETS, "nope", "other.toml"])}"')
    section = ""
    for _ in range(rng.randrange(0, 8)):
        path = pick(rng, list(SCHEMA) + ["meld.nothing", "bogus", "roundhouse"])
        head, _, leaf = path.rpartition(".")
        if head != section and head:
            lines.append(f"[{head}]")
            section = head
        value = pick(rng, ["10", "[10, 100, 150, 200]", '"-"', "true", '"any"', "-3",
                           "[1, 2]", '["a", 1, 2, 3]', "1000001", '"after-pass"', "{}",
                           '"x"', "1.5", "[" * 3000 + "]" * 3000])
        lines.append(f"{leaf or path} = {value}")
    data = "\n".join(lines).encode()
    if rng.random() < 0.05:
        data += b"\nname = \"\xff\"\n"
    if rng.random() < 0.03:
        data = data.replace(b"\n", b"\r")
    return data


def auction_text(rng: random.Random) -> str:
    if rng.random() < 0.3:  # a legal-looking climb
        bids, bid = [], 50
        for _ in range(rng.randrange(0, 10)):
            if rng.random() < 0.4:
                bids.append("p")
            else:
                bid += rng.choice((1, 1, 2, 3, 5))
                bids.append(str(bid))
        return " ".join(bids)
    return pick(rng, [" ", ",", ", "]).join(pick(rng, AUCTION_TOKENS)
                                            for _ in range(rng.randrange(0, 9)))


def sheet_lines(rng: random.Random) -> list[bytes]:
    """The lines of a score sheet, CSV or JSON lines, with some bad rows and bytes."""
    import json

    out: list[bytes] = []
    if rng.random() < 0.7:
        out.append(pick(rng, SHEET_HEADERS).encode())
        for _ in range(rng.randrange(0, 8)):
            fields = [pick(rng, SHEET_FIELDS) for _ in range(rng.choice((4, 5, 5, 6, 7, 8, 9)))]
            if rng.random() < 0.6:  # a good row
                fields = [rng.choice(("us", "them")), str(rng.choice((50, 51, 55, 60, 65))),
                          str(rng.randrange(0, 60)), str(rng.randrange(0, 60)),
                          str(rng.randrange(0, 51))]
            out.append(",".join(fields).encode())
    else:
        keys = ["bidder", "bid", "meld_us", "meld_them", "tricks_us", "tricks_them", "result",
                "note", "trick_us"]
        for _ in range(rng.randrange(0, 8)):
            record = {k: pick(rng, [*SHEET_FIELDS, 50, 30, 20, 1e400, None, [1], {"a": 1},
                                    True, 10**30, 2.5]) for k in rng.sample(keys, rng.randrange(9))}
            if rng.random() < 0.5:
                record = {"bidder": "us", "bid": 50, "meld_us": 20, "meld_them": 10,
                          "tricks_us": rng.randrange(0, 51)}
            out.append(json.dumps(record, allow_nan=True).encode())
    for _ in range(rng.choice((0, 0, 0, 1, 2))):
        bad = pick(rng, [b"\xff\xfe", b"#comment", b"", b"[" * 5000, b"\x00,1,2,3",
                         b'{"bidder": "us", "bid": ' + b"9" * 5000 + b', "meld_us": 1}',
                         b"us,50,20,10,30" + b"x" * 140_000, b"{", b"\r"])
        out.insert(rng.randrange(len(out) + 1), bad)
    return out


def join_lines(rng: random.Random, lines: list[bytes]) -> bytes:
    end = pick(rng, [b"\n", b"\n", b"\r\n", b"\r"])
    return end.join(lines) + (end if rng.random() < 0.8 else b"")


# The library --------------------------------------------------------------------------------

class Tally:
    """Counts per target, and the first example of every kind of failure."""

    def __init__(self):
        self.calls = Counter()
        self.user_errors = Counter()
        self.tracebacks = Counter()
        self.disagreements = Counter()
        self.examples: dict[tuple, str] = {}

    def crash(self, target: str, error: BaseException, given: object) -> None:
        frame = traceback.extract_tb(error.__traceback__)[-1]
        kind = (target, type(error).__name__, os.path.basename(frame.filename), frame.lineno)
        self.tracebacks[target] += 1
        self.examples.setdefault(kind, f"{shorten(given)} -> {type(error).__name__}:"
                                       f" {shorten(str(error))}")

    def disagree(self, target: str, what: str, given: object) -> None:
        self.disagreements[target] += 1
        self.examples.setdefault((target, "disagreement", what), shorten(given))


def shorten(value: object, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def run_one(tally: Tally, target: str, call: Callable[[], object], given: object,
            documented: tuple[type[Exception], ...] = (UserError,)):
    """``call()``; a documented error (a ``UserError``; for arguments of a wrong type, a
    ``TypeError`` too) counted as the user's, any other as a traceback."""
    tally.calls[target] += 1
    try:
        return call()
    except documented:
        tally.user_errors[target] += 1
    except Exception as e:  # noqa: BLE001 (a traceback is what is counted)
        tally.crash(target, e, given)
    return None


#: Modules a policy spec names: real ones that hold no policy, ones that do, and none.
POLICY_MODULES = ["json", "math", "pinochle_calc.game.policies", "pinochle_calc",
                  "samples/my_bidder.py", "no_such_module", "", "pinochle_calc.game",
                  "/no/such.py", "samples/hands.txt", "os.path", "a b", "..", ".x"]
POLICY_NAMES = ["Formula", "StandardPlay", "Passer", "Bid", "AcesAndMeld", "loads", "pi", "x",
                "", "Seat.number", "policy", "Advisor", "__name__"]


#: Policies written outside the project that end the process they run in, by the path of their
#: file (``tests/external_bots.py``): ``os._exit``, signals, ``sys.exit``, ``KeyboardInterrupt``,
#: another ``BaseException``, memory exhausted; each only with ``--jobs 2`` and two deals or
#: more (in one process it would end the fuzzing).
BOTS = str(Path(__file__).resolve().parents[1] / "tests" / "external_bots.py")
DYING = ["dies_by_exit", "dies_by_sigkill", "dies_by_sigterm", "dies_by_sys_exit",
         "dies_by_interrupt", "dies_by_base_exception", "dies_by_memory", "exits_with_aces",
         "raises_with_aces"]


def dying_policy(rng: random.Random) -> str:
    return f"{BOTS}:{pick(rng, DYING)}"


def policy_text(rng: random.Random, tmp: str) -> str:
    """A policy as a user might name one: built-in, MODULE:NAME right or wrong."""
    if rng.random() < 0.2:
        return pick(rng, ["formula", "pass", "advisor:jump", "advisor:x", "thumb", "FORMULA"])
    module = pick(rng, POLICY_MODULES)
    if module.startswith("samples/"):
        module = os.path.join(os.path.dirname(__file__), "..", module)
    return module + pick(rng, [":", "::", ":", ""]) + pick(rng, POLICY_NAMES)


def fuzz_library(rng: random.Random, n: int, tally: Tally, tmp: str) -> None:
    import numpy as np

    from pinochle_calc import Card, Hand, meld, side_meld
    from pinochle_calc.bidding.auction import parse_auction
    from pinochle_calc.lines import LineError, read_lines
    from pinochle_calc.meld.vector import meld_points
    from pinochle_calc.play.tricks import PlayState
    from pinochle_calc.rules import load_rules, read_rule_file, to_toml
    from pinochle_calc.scoring import HandInput, read_sheet, score_game, score_hand

    np_rng = np.random.default_rng(rng.randrange(2**32))
    rule_sets = [PRESETS[name] for name in PRESETS]
    for _ in range(30):
        rs = run_one(Tally(), "warm", lambda: load_rules(rules_text(rng)), None)
        if rs is not None:
            rule_sets.append(rs)

    def parse_hand():
        text = hand_text(rng)
        hand = run_one(tally, "Hand.parse", lambda: Hand.parse(text), text)
        if hand is None:
            return
        for other in (str(hand), hand.symbols(), notation(rng, hand)):
            again = run_one(tally, "Hand.parse", lambda o=other: Hand.parse(o), other)
            if again is not None and again != hand:
                tally.disagree("Hand.parse", "notations", (text, other))

    def parse_card():
        token = case(rng, pick(rng, GOOD_TOKENS)) if rng.random() < 0.5 else pick(
            rng, NEAR_TOKENS + RANK_WORDS + MARKERS)
        run_one(tally, "Card.parse", lambda: Card.parse(token), token)

    def melds():
        text, rules = hand_text(rng), pick(rng, rule_sets)
        result = run_one(tally, "meld", lambda: meld(text, rules), text)
        if result is None:
            return
        suit = pick(rng, [0, 3, 4, -1, "H", "♥", "hearts", "x", ""])
        run_one(tally, "meld", lambda: result[suit], suit)
        hand = Hand.parse(text)
        array = meld_points(hand.counts, rules)[0].tolist()
        if array != [t.points for t in result.trumps]:
            tally.disagree("meld", "engine and arrays", (text, rules.name))

    def rules_value():
        text = rules_text(rng)
        rules = run_one(tally, "load_rules", lambda: load_rules(text), text)
        if rules is not None and rng.random() < 0.05:
            path = os.path.join(tmp, "back.toml")
            with open(path, "w", encoding="utf-8") as f:
                f.write(to_toml(rules))
            back = run_one(tally, "load_rules", lambda: read_rule_file(path), text)
            if back is not None and back.with_options(name=rules.name) != rules:
                tally.disagree("load_rules", "rule file round trip", text)

    def rule_file():
        data = rule_file_text(rng)
        path = os.path.join(tmp, "house.toml")
        with open(path, "wb") as f:
            f.write(data)
        run_one(tally, "read_rule_file", lambda: read_rule_file(path), data)

    def auction():
        text, rules = auction_text(rng), pick(rng, rule_sets)
        parsed = run_one(tally, "parse_auction", lambda: parse_auction(text, rules), text)
        if parsed is None or parsed.finished:
            return
        legal = parsed.legal()
        for call in ([legal.min_bid] if legal.min_bid is not None else []) + (
                [None] if legal.can_pass else []):
            if run_one(tally, "parse_auction", lambda c=call: parsed.then(c), text) is None:
                tally.disagree("parse_auction", "a legal call refused", (text, call))

    def hand_score():
        good = rng.random() < 0.6
        figures = [pick(rng, [0, 1, 20, 30, 50, 55, 60, 61, 65, -5, 10**20, None])
                   for _ in range(6)]
        if good:
            figures = [rng.choice((50, 55, 60, 65)), rng.randrange(0, 80), rng.randrange(0, 80),
                       rng.choice((rng.randrange(0, 51), None)), None, None]
        bidder = rng.choice(("us", "them")) if good else pick(rng, ["us", "them", "we", "x", 0,
                                                                     1, 2])
        result = pick(rng, ["played", None, "thrown-in", "throw-in", "no-marriage", "thrown", "",
                            "made"])
        rules = pick(rng, rule_sets)

        def go():
            return score_hand(HandInput.of(bidder, figures[0] or 0, figures[1] or 0,
                                           figures[2] or 0, figures[3], figures[4], result),
                              rules)
        run_one(tally, "score_hand", go, (bidder, figures, result, rules.name))

    def sheet():
        data = join_lines(rng, sheet_lines(rng))
        rows = run_one(tally, "read_sheet",
                       lambda: list(read_sheet(read_lines(io.BytesIO(data)), "g.csv")), data)
        if rows is None:
            return
        rules = pick(rng, rule_sets)
        game = run_one(tally, "score_game", lambda: score_game(rows, rules, source="g.csv"),
                       data)
        if game is None:
            return
        if game.winner is not None:
            return
        total = list(game.start)
        for _, hand in rows:  # every good row scored alone adds up to the game's totals
            if not isinstance(hand, UserError):
                try:
                    points = score_hand(hand, rules).points
                except UserError:
                    continue
                total = [total[0] + points[0], total[1] + points[1]]
        if tuple(total) != game.totals:
            tally.disagree("score_game", "totals against the rows alone", data)

    def lines():
        size = rng.randrange(0, 200)
        data = bytes(rng.choice(b"ab \r\n\xff\xc3\xa9\xef\xbb\xbf") for _ in range(size))
        limit = rng.choice((5, 50, 1 << 20))
        got = run_one(tally, "read_lines", lambda: list(read_lines(io.BytesIO(data), limit)),
                      data)
        if got is None:
            return
        want = data.removeprefix(b"\xef\xbb\xbf")
        naive = re.split(rb"\r\n|\r|\n", want)
        if naive and naive[-1] == b"":
            naive.pop()
        expect = []
        for line in naive:
            try:
                expect.append(line.decode() if len(line) <= limit else None)
            except UnicodeDecodeError:
                expect.append(None)
        shown = [None if isinstance(g, LineError) else g for g in got]
        if shown != expect:
            tally.disagree("read_lines", "against a naive split", data)

    def play():
        from pinochle_calc.play.dealer import Dealer

        rows = Dealer(Hand.parse(rng.choice(HANDS20))).deal(np_rng, 1)[0]
        hands = [Hand(row) for row in rows.tolist()]
        if rng.random() < 0.2:
            hands[rng.randrange(4)] = Hand.parse(rng.choice(HANDS20))
        trump = rng.choice((0, 1, 2, 3, 0, 1, 2, 3, 4, -1))
        state = run_one(tally, "PlayState", lambda: PlayState.deal(hands, trump), trump)
        if state is None:
            return
        for _ in range(rng.randrange(0, 90)):
            if state.is_over:
                break
            legal = run_one(tally, "PlayState", state.legal, state) or (0,)
            card = rng.choice(list(range(-2, 22)) + ["AS", Card.parse("AH")]) \
                if rng.random() < 0.1 else rng.choice(legal)
            nxt = run_one(tally, "PlayState", lambda c=card, s=state: s.play(c), card)
            if nxt is not None:
                state = nxt

    def played_spot():
        """A hand dealt and played at random part way: the hand in play and the position of
        the seat to play (the first trick led by the bidder, at 50)."""
        from pinochle_calc.play.dealer import Dealer as Dealer_
        from pinochle_calc.play.position import position_after

        rows = Dealer_(Hand.parse(rng.choice(HANDS20))).deal(np_rng, 1)[0].tolist()
        trump, leader = rng.randrange(4), rng.randrange(4)
        state, cards = PlayState.deal(rows, trump, leader), []
        for _ in range(rng.randrange(0, 80)):
            card = rng.choice(state.legal())
            cards.append(card)
            state = state.play(card)
        return state, position_after(rows, trump, leader, cards, contract=(leader, 50))

    def position():
        """A position from a hand played at random, its tricks written as a player types them
        and now and then mistyped: read, its facts met by the truth and by every dealt
        layout, every seat's voids the table's (the advised seat's too), its tricks read back
        the same."""
        import numpy as np_

        from pinochle_calc.play.facts import read_position
        from pinochle_calc.play.position import Position, parse_tricks, tricks_text, with_leaders
        from pinochle_calc.play.unseen import UnseenDealer

        state, spot = played_spot()
        trump, leader = spot.trump, spot.contract[0]
        text = tricks_text(spot.tricks)
        if rng.random() < 0.3:  # a typing slip
            chars = list(text)
            if chars:
                chars[rng.randrange(len(chars))] = pick(rng, list("SHDCAKQJ10;:/ x#"))
            text = "".join(chars)

        def read():
            raw, _ = parse_tricks(text)
            played = with_leaders(raw, trump, (leader, 50))
            changed = Position(spot.hand, trump, spot.seat, played, spot.trick, (leader, 50))
            facts = read_position(changed)
            if text == tricks_text(spot.tricks):
                if not facts.meets(np_.array([state.hands]))[0]:
                    tally.disagree("position", "the real hands fail the facts", text)
                if facts.voids != state.voids:  # every seat's, the advised seat's too
                    tally.disagree("position", "the voids differ from the table's", text)
            deals = UnseenDealer(facts).deal(np_rng, 20)
            if not facts.meets(deals).all():
                tally.disagree("position", "a dealt layout fails the facts", text)
            return facts

        run_one(tally, "position", read, text)

    def position_json():
        """A position's JSON form, its trick in progress and contract written as ``card``'s
        options take them (``JS, QS``; ``1:50``, ``1,H,50``), now and then mistyped: read as the
        position itself, or refused with a ``UserError``."""
        from pinochle_calc.play.position import Position

        _, spot = played_spot()
        data = spot.to_dict()
        spelled = {**data, "trick": pick(rng, [" ", ", ", ","]).join(data["trick"]),
                   "contract": pick(rng, ["{}:50", "{},50", "{},H,50", " {} : 50 "]).format(
                       spot.contract[0]).replace("H", "SHDC"[spot.trump])}
        slip = rng.random() < 0.3
        if slip:  # in either
            key = pick(rng, ["trick", "contract"])
            spelled[key] = pick(rng, ["", "x", "4:50", "0:5x", "AS AS AS AS", "JX",
                                      hand_text(rng), 7, None, ["AS"], {"seat": 0}])

        def read():
            position = Position.from_dict(spelled)
            if not slip and position != spot:
                tally.disagree("position json", "the options' spellings read otherwise", spelled)
            return position

        run_one(tally, "position json", read, spelled)

    def partnership():
        a, b = hand_text(rng), hand_text(rng)
        run_one(tally, "side_meld", lambda: side_meld(Hand.parse(a), Hand.parse(b),
                                                      pick(rng, rule_sets)), (a, b))

    def expensive():
        from pinochle_calc import advise, advise_pass, simulate_tricks

        text = rng.choice(HANDS20) if rng.random() < 0.8 else hand_text(rng)
        rules = pick(rng, rule_sets)
        which = rng.randrange(3)
        if which == 0:
            auction = auction_text(rng)
            conv = pick(rng, ["jump", "davis", "toby", "x"])
            run_one(tally, "advise", lambda: advise(text, auction, conv, rules,
                                                    samples=rng.randrange(1, 30),
                                                    seed=rng.randrange(5)), (text, auction))
        elif which == 1:
            trump, role = rng.choice((0, 1, 2, 3, 5)), pick(rng, ["partner", "bidder", "x"])
            run_one(tally, "advise_pass", lambda: advise_pass(
                text, trump, role, rng.choice((1, 3, 4, 0, 5)), rules,
                samples=rng.randrange(1, 20)), (text, trump, role))
        else:
            trump = rng.choice((0, 1, 2, 3, 7))
            run_one(tally, "simulate_tricks", lambda: simulate_tricks(
                Hand.parse(text), trump, samples=rng.randrange(1, 20),
                seed=rng.choice((0, 1, -1))), (text, trump))

    def record():
        from pinochle_calc.game.hand import read_text, write_json, write_text
        from pinochle_calc.game.session import read_entry

        text = record_text(rng)
        got = run_one(tally, "read_text", lambda: read_text(text, "r.txt"), text)
        if got is None:
            return
        back = run_one(tally, "read_text", lambda: read_text(write_text(got)), text)
        if back is not None and back != got:
            tally.disagree("read_text", "text round trip", text)
        from pinochle_calc.game.hand import read_json

        again = run_one(tally, "read_json", lambda: read_json(write_json(got)), text)
        if again is not None and again != got:
            tally.disagree("read_json", "JSON round trip", text)
        prefix = got.prefix(rng.randrange(len(got.events) + 1))
        typed = pick(rng, TABLE_WORDS) if rng.random() < 0.7 else hand_text(rng)

        def entry():
            found = read_entry(prefix, typed)
            if found.events:
                found.apply(prefix)

        run_one(tally, "table entry", entry, (text, typed))

    def record_json():
        import json

        from pinochle_calc.game.hand import read_json

        data = json.loads(pick(rng, record_jsons()))
        for _ in range(rng.randrange(1, 4)):
            value = pick(rng, [None, True, -1, 0, 3, 200, "pass", "AS", "H", "x", [], {}, ""])
            events = data.get("events")  # an earlier round may have spoilt the list itself
            events = [e for e in events if isinstance(e, dict)] if isinstance(events, list) \
                else []
            if rng.random() < 0.5 and events:
                pick(rng, events)[pick(rng, ["kind", "seat", "call", "card", "cards", "suit",
                                             "points", "comment"])] = value
            else:
                data[pick(rng, sorted(data))] = value
        run_one(tally, "read_json", lambda: read_json(json.dumps(data)), data)

    def arguments():
        """Any public function given arguments of any type: a TypeError or a UserError."""
        from pinochle_calc import explain
        from pinochle_calc.meld.batch import score_lines
        from pinochle_calc.play.tricks import legal_cards

        x, y = pick(rng, ODD_ARGUMENTS), pick(rng, ODD_ARGUMENTS)
        full = rng.choice(HANDS20)
        calls = {
            "Hand.parse": lambda: Hand.parse(x), "Card.parse": lambda: Card.parse(x),
            "meld": lambda: meld(x, y), "meld[]": lambda: meld(full)[x],
            "to_dict": lambda: meld(full).to_dict(x), "side_meld": lambda: side_meld(full, x, y),
            "load_rules": lambda: load_rules(x), "parse_auction": lambda: parse_auction(x, y),
            "explain": lambda: explain(x, y),
            "score_hand": lambda: score_hand(HandInput.of("us", x, 20, 10, 30, None, y)),
            "score_lines": lambda: list(score_lines([full], x, y)),
            "legal_cards": lambda: legal_cards(x, [0], y),
        }
        name = rng.choice(sorted(calls))
        run_one(tally, "arguments", calls[name], (name, x, y), (UserError, TypeError))

    def policy_spec():
        from pinochle_calc.game.policies import policy

        spec = policy_text(rng, tmp)
        run_one(tally, "policy", lambda: policy(spec, samples=5), spec)

    def dying():
        """A match with a policy that ends its worker (``DYING``), two processes: a one-line
        ``UserError`` naming the deal, within a time limit, no process left."""
        import multiprocessing
        import signal

        from pinochle_calc.game.arena import run_arena

        # two deals at least: one deal is played in this process, whatever the jobs
        spec, deals, seed = dying_policy(rng), rng.randrange(2, 13), rng.randrange(20)
        given = (spec.rsplit(":", 1)[1], deals, seed)

        def late(*_):  # counted as a traceback
            raise TimeoutError("the match did not end within 60 s")

        old = signal.signal(signal.SIGALRM, late)
        signal.alarm(60)
        try:
            run_one(tally, "arena dying", lambda: run_arena(spec, "formula", deals, seed=seed,
                                                             samples=5, jobs=2), given)
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
        if multiprocessing.active_children():
            tally.disagree("arena dying", "worker processes left behind", given)

    targets = [(parse_hand, 30), (parse_card, 10), (melds, 18), (rules_value, 10),
               (rule_file, 2), (auction, 10), (hand_score, 10), (sheet, 3), (lines, 3),
               (play, 2), (position, 1), (position_json, 1), (partnership, 2), (arguments, 5),
               (expensive, 0.02), (record, 1),
               (record_json, 1), (policy_spec, 1), (dying, 0.05)]
    functions = [t for t, _ in targets]
    weights = [w for _, w in targets]
    while sum(tally.calls.values()) < n:
        rng.choices(functions, weights)[0]()


_RECORDS: list[str] = []


#: Positions as JSON, each key now and then written as ``card``'s option takes it (a batch
#: of JSON lines for ``card --position``), right and wrong.
POSITIONS = [
    {"hand": "AD KD QD JD JD AS 10S KS QS 10H KH QH JH AC KC QC JC JC QS", "trump": "S",
     "tricks": "0: AC KC QC JC", "seat": 1, "trick": "JH"},
    {"hand": "AS KH QH", "trump": "H", "contract": "1:55", "trick": "10S, JS"},
    {"hand": "AS KH QH", "trump": "H", "contract": "1", "passed": "KS QS JS"},
    {"hand": "AS KH QH", "trump": "H", "contract": "1,S,50"},
    {"hand": "AS KH QH", "trump": "H", "contract": {"seat": 2}, "trick": "AS AS AS AS"},
    {"hand": "AS KH QH", "trump": "H", "contract": "4:50", "trick": "QX"},
    {"hand": "AS KH QH", "trump": "H", "contract": "0:" + "9" * 40}]


def record_texts() -> list[str]:
    """Real records, made once: hands formula players played under three rule sets."""
    if not _RECORDS:
        from pinochle_calc.game.hand import write_text
        from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
        from pinochle_calc.rules import load_rules

        for seed, rules in ((3, "standard"), (5, "toby-thomas"), (8, "standard,passing.cards=4")):
            hand = play_hand(deal_cards(seed), "formula", "formula", load_rules(rules),
                             seed=hand_seed(seed))
            _RECORDS.append(write_text(hand.with_tag("Seed", str(seed))))
    return _RECORDS


def record_jsons() -> list[str]:
    from pinochle_calc.game.hand import read_text, write_json

    return [write_json(read_text(t)) for t in record_texts()]


RECORD_JUNK = ["call 0: 50", "call 9: 50", "call 1: 49", "lead 0: AS AS", "lead 2: AS {c} KS",
               "meld 1: 999", "meld 0: 4 QS JD", "trump 0: none", "trump 3: X", "pass 2: AH",
               "request 0: H", "contract 1: 55", "throw-in 0", "result: made",
               "score: us +1, them -1", '[Rules "book"]', '[Rules "x.toml"]', '[Dealer "7"]',
               "[Bad]", "hand 1: AS", "{", "}", "call 0: 50 {x", "#", "", "lead 0:"]
TABLE_WORDS = ["50", "p", "pass", "60", "49", "H", "♥", "none", "AH", "A♥", "10s",
               "AH 10H KH QH", "1: ♠K Q", "0: none", "3 KS QS", "throw-in", "undo", "show",
               "help", "?", "quit", "call 2: 55", "lead 0: AS", "meld 1: 4 QS JD", "50 {late}",
               "{", "AH AH", "", "0: 39 ♣K Q", "1: Q♠", "0: 4 ♠K Q", "2: 999 ♠Q ♦J",
               "lead 0: AS KS QS JS", "lead 1: A♥ 10♥ K♥ Q♥ J♥", "AS KS QS JS", "AS KS QS JS AH",
               "\ufeff50", "\ufeffAS", "advice", "AS {x} KS", "lead 9: AS", "lead 0: QX",
               "9" * 5000, "x" * 70_000, "\x00", "\udcff"]
#: Tags given to ``table --tag``, right and wrong.
TABLE_TAGS = ["Date=2026-03-14", "Place=Grange", "Rules=book", "Dealer=9", "You=2",
              "Convention=davis", "Deal=3", "Sheet=x", "Date=a\nb", "Date=" + "x" * 2001,
              "1x=2", "x y=1", "=x", "novalue", "Players=Ann \"A\" \\ B", "Date=\udcff"]


def record_text(rng: random.Random) -> str:
    """A real record with lines deleted, inserted, replaced, swapped or cut off."""
    lines = pick(rng, record_texts()).splitlines()
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        op, i = rng.randrange(5), rng.randrange(max(len(lines), 1))
        if op == 0 and lines:
            del lines[i]
        elif op == 1:
            lines.insert(i, pick(rng, RECORD_JUNK) if rng.random() < 0.8 else hand_text(rng))
        elif op == 2 and lines:
            lines[i] = pick(rng, RECORD_JUNK)
        elif op == 3:
            lines = lines[:i]
        elif lines:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


#: Arguments of every type, right and wrong, for ``arguments``.
ODD_ARGUMENTS = [None, True, 0, 1, 3, 4, -1, 10**30, -(10**5000), 2.5, float("nan"), float("inf"),
                 "", "H", "♥", "hearts", "x", "book", "standard,scale=10", "50 52 p", "AS 10S",
                 "jump", "davis", "thrown-in", "played", b"AS", [1, 2], (0, 1, 50), {}, object(),
                 [0] * 20]


def notation(rng: random.Random, hand) -> str:
    """The hand written another way: suit groups with letters or words, compact groups, or
    rank-then-symbol cards opening groups."""
    groups = []
    for s in range(4):
        ranks = [RANKS[i % 5] for i in range(s * 5, s * 5 + 5) for _ in range(hand.counts[i])]
        if not ranks:
            continue
        style = rng.randrange(4)
        if style == 0:
            groups.append(f"{SUITS[s]}: " + " ".join(ranks))
        elif style == 1:
            groups.append(f"{SUITS[s]}=" + "".join("T" if r == "10" else r for r in ranks))
        elif style == 2:
            groups.append(f"{ranks[0]}{SUIT_SYMBOLS[s]} " + " ".join(ranks[1:]))
        else:
            groups.append(" ".join(f"{r}{SUITS[s]}" for r in ranks))
    rng.shuffle(groups)
    return ", ".join(groups)


# The command line ---------------------------------------------------------------------------

COMMANDS = ["meld", "legal", "tricks", "bid", "pass", "explain", "score", "rules", "card",
            "rules show", "play", "arena", "", "--version", "-h", "meld -h", "nosuch",
            "play --record", "review", "table", "card --record", "table --save"]
OPTIONS = ["--trump", "-t", "--format", "-f", "--rules", "--seed", "--samples", "-n", "--jobs",
           "--auction", "--convention", "--role", "--cards", "--hint", "--trick", "--hand",
           "--partner", "--strict", "--sheet", "--bid", "--bidder", "--meld-us", "--result",
           "--confidence", "--score-us", "--bogus", "--input", "-", "--", "--deal", "--contract",
           "--us", "--them", "--deals", "--tricks", "-N", "--shown", "--position", "--seat",
           "--passed", "--received", "--record", "--at", "--from", "--save", "--resume",
           "--tag", "--show-tricks", "--dealer"]
CONTRACTS = ["0,H", "1,S,55", "3,♥,60", "0,H,²", "0,H,5x", "0,H," + "9" * 30,
             "0,H," + "9" * 5000, "4,H", "0,X", "0", "", ",,", "0,H,55,1", "1:55", "0:",
             "0:²", "0:⁵⁰", "0:" + "9" * 5000, "1:S:55", ":"]
#: Events of a record, right and wrong, for ``--at``.
EVENTS = ["1", "call 3", "trick 2", "trick 19", "trick 20", "trump", "pass", "meld", "play",
          "999", "x", "0", "²", "trick ²", "9" * 5000, ""]
NUMBERS = ["", "-1", "0", "1", "2", "3", "20", "1000000000000", "-9999999999999999999999",
           "abc", "1e9", "nan", "0.5", "100001", "1000001", "65", "4", "5",
           "9223372036854775808"]


def command_line(rng: random.Random, files: dict[str, str]) -> tuple[str, list[str]]:
    """A command and its command line (mutated: the command may no longer be first)."""
    c = pick(rng, COMMANDS)
    args = c.split()
    clean = rng.random() < 0.5  # right values only, no mutation: the paths that succeed
    if c == "card":
        text = pick(rng, ["AS KH QH", "10S JS", HANDS20[2]]) if clean else hand_text(rng)
        args += [text]
    if c in ("meld", "tricks", "bid", "pass", "legal"):
        text = rng.choice(HANDS20) if clean or rng.random() < 0.3 else hand_text(rng)
        args += text.split() if rng.random() < 0.4 else [text]
    takes = {"play": "rules format", "arena": "seed rules format",
             "meld": "trump rules format", "legal": "trump format", "tricks":
             "trump seed rules format", "bid": "seed rules format", "pass": "trump seed rules"
             " format", "explain": "rules format", "score": "rules format", "rules": "format"}
    takes = takes.get(c, "") if clean else "trump seed rules format"
    if c == "card" and clean:  # the card advice under any rule set (issue 26: scale)
        takes = "seed rules format"
    if c == "card":
        for option, values in (("--trick", ["AS QS", "KH", "", "AS AS AS AS"]),
                               ("--tricks", ["0: AS KS QS JS", "0: AS KS QS; KH", "5: AS",
                                             "0: AS KS QS JS; 1: AH KH QH JH"]),
                               ("--shown", ["1:JS AC", "2:JC", "x", "3:QD QD QD QD QD", "1:",
                                            "2:", "3:", "0:", "4:"]),
                               ("--contract", ["0,50", "1,55", "4,1", "x", "1:55", "0",
                                               "0,²", "0:⁵⁰", "0:" + "9" * 5000]),
                               ("--seat", ["0", "1", "3", "4"]),
                               ("--passed", ["KS", "ZZ", "AS KS QS", "KS QS JS JS"]),
                               ("--received", ["QH", "QH QH JD"])):
            if rng.random() < 0.3:
                args += [option, pick(rng, values)]
        if rng.random() < 0.1:
            args += ["--tricks", "@" + pick(rng, [files["tricks"], files["tricks_bad"],
                                                  files["deal_big"], "/no/such", ""])]
        if rng.random() < 0.1:
            args = ["card", "--position", pick(rng, [files["hands"], "/no/such", "-",
                                                     files["positions"]])]
    if c == "card --record":
        args = ["card", "--record", files["base"] if clean else files["record"]]
        if rng.random() < 0.8 or clean:
            args += ["--at", pick(rng, ["trick 2", "trick 7", "trick 19", "play", "trick 20"])
                     if clean else pick(rng, EVENTS)]
        if rng.random() < 0.2:
            args += ["--seat", pick(rng, ["0", "1", "2", "3", "4"])]
        if rng.random() < 0.1:
            args += pick(rng, [["AS"], ["--trump", "H"], ["--rules", "book"],
                               ["--position", "-"]])
    if c in ("legal", "tricks", "pass", "card") or ("trump" in takes and rng.random() < 0.2):
        args += [pick(rng, ["-t", "--trump"]), pick(rng, ["H", "♥", "hearts", "s", "♡"] + (
            [] if clean else ["Z", "", "10"]))]
    if c == "legal" and rng.random() < 0.7:
        args += ["--trick", pick(rng, ["KS 10S", "", "AH", "KS,QH", "♠K A♠"] + (
            [] if clean else ["AS AS AS AS", "XX", hand_text(rng)]))]
    if c in ("tricks", "bid", "pass"):
        args += ["--samples", str(rng.randrange(1, 12)) if clean or rng.random() < 0.9
                 else pick(rng, NUMBERS)]
    if "seed" in takes and rng.random() < 0.3:
        args += ["--seed", str(rng.randrange(2**32)) if clean else pick(rng, NUMBERS)]
    if c == "tricks" and rng.random() < 0.2:
        args += ["--jobs", pick(rng, ["1", "2", "0", "65", "x"])]
    if "rules" in takes and rng.random() < 0.4:
        value = pick(rng, [*PRESETS, "book,scale=10", "standard,min_meld=20", "standard,scale=10",
                           "toby-thomas,roundhouse.single=32"]) if clean else rules_text(rng)
        if value is not None:
            args += ["--rules", value if rng.random() < 0.9 else files["rules"]]
    if c in ("bid", "explain"):
        if rng.random() < 0.8:
            args += ["--auction", pick(rng, ["50 52 p", "", "p p p", "50 p 55"]) if clean
                     else auction_text(rng)]
        if rng.random() < 0.4:
            args += ["--convention", pick(rng, ["jump", "davis", "toby", "x", "JUMP"])]
    if c == "bid" and rng.random() < 0.2:
        args += ["--confidence", pick(rng, ["0", "1", "0.5", "2", "nan", "x"])]
    if c == "pass":
        if rng.random() < 0.5:
            args += ["--role", pick(rng, ["partner", "bidder", "dealer"])]
        if rng.random() < 0.3:
            args += ["--cards", pick(rng, ["1", "3", "4", "5", "0", "x"])]
        if rng.random() < 0.3:
            args += ["--hint", pick(rng, ["jack", "aces-around", "zz", "Kings Around"])]
    if c == "meld":
        if rng.random() < 0.15:
            args += ["--partner", hand_text(rng)]
        if rng.random() < 0.1:
            args += ["--strict"]
        if rng.random() < 0.1:
            args = ["meld", "--input", pick(rng, [files["hands"], "/no/such", "-"])]
    if c == "score":
        if rng.random() < 0.45:
            args += ["--sheet", pick(rng, [files["sheet"], files["sheet2"], "-", "/no/such"])]
        else:
            for option in ["--bidder", "--bid", "--meld-us", "--meld-them", "--tricks-us",
                           "--tricks-them", "--result", "--score-us", "--score-them"]:
                if clean and option in ("--bidder", "--bid", "--meld-us", "--meld-them"):
                    args += [option, {"--bidder": pick(rng, ["us", "them"]),
                                      "--bid": pick(rng, ["50", "55", "60"])}.get(
                                          option, str(rng.randrange(0, 60)))]
                elif not clean and rng.random() < 0.7:
                    args += [option, pick(rng, ["us", "them", "50", "30", "20", "thrown-in",
                                                "999", "499", "-10", "x", "1e3"])]
    if c == "play":  # quick policies; a deal file, a contract or a seed of any kind
        args += ["--us", pick(rng, ["formula", "pass"]) if clean else policy_text(rng, ""),
                 "--them", pick(rng, ["formula", "pass"]) if clean else policy_text(rng, "")]
        k = rng.random()
        if k < 0.4:
            args += ["--deal", pick(rng, [files["deal"], files["deal_bom"], files["deal_bad"],
                                          files["deal_big"], "-", "/no/such", "/dev/null"])]
        elif k < 0.7:
            args += ["--contract", pick(rng, CONTRACTS) if not clean else pick(rng, CONTRACTS[:3])]
        args += ["--seed", str(rng.randrange(2**32)) if clean else pick(rng, NUMBERS)]
        if rng.random() < 0.2:
            args += ["--show-tricks"]
        if rng.random() < 0.2 and "--contract" in args:
            args += ["--trump", pick(rng, ["H", "S", "x"])]
    if c == "arena" and rng.random() < 0.05:  # never mutated: with one process it would die
        return "arena --jobs 2 (dying)", ["arena", dying_policy(rng), "formula", "--deals",
                                          pick(rng, ["2", "3"]), "--jobs", "2", "--samples", "5"]
    if c == "arena":
        args += [pick(rng, ["formula", "pass", "FORMULA", "advisor:none"]) if clean
                 else policy_text(rng, ""), pick(rng, ["pass", "formula"]), "--deals",
                 pick(rng, ["1", "2"]) if clean else pick(rng, ["1", "0", "x", "2"])]
    if c == "play --record":
        args += [pick(rng, [files["record"], files["record"], files["record_json"]])]
        if rng.random() < 0.6:
            args += [pick(rng, ["--at", "--at", "--from"]), pick(rng, EVENTS)]
            args += ["--us", pick(rng, ["formula", "pass", "formula/advisor", "pass/heuristic",
                                        "formula/x"]), "--them", "formula"]
    if c == "review":
        args += [files["record"], "-n", pick(rng, ["3", "5"]) if clean else pick(rng, NUMBERS)]
        if rng.random() < 0.5:
            args += ["--seat", pick(rng, ["0", "1", "2", "3", "4", "x"])]
    if c == "table":
        args += [pick(rng, ["--resume", "--resume", "--record", "--save"]),
                 pick(rng, [files["record"], files["record"], files["fifo"], files["link"],
                            "-", files["hands"]]), "-n", "3"]
        if rng.random() < 0.2:
            args += ["--sheet", pick(rng, [files["game"], "/dev/full", "/dev/zero",
                                           files["fifo"], "-", os.path.join(tmp_of(files),
                                                                            "no", "x.csv")])]
    if c == "table --save" and clean:  # the base record's hand typed: the file holds it all
        from pinochle_calc.game.hand import read_text, rules_spec

        record = read_text(pick(rng, record_texts()))
        files["typed"] = record  # type: ignore[assignment]
        args = ["table", "--save", files["new"], "-n", "2", "--rules", rules_spec(record.rules),
                record.hands[0].symbols()]
    elif c == "table --save":
        args = ["table", "--save", pick(rng, [files["new"], files["new"], files["hands"],
                                              files["fifo"], files["link"], "-"]), "-n", "3"]
        if rng.random() < 0.5:
            args += [rng.choice(HANDS20) if clean else hand_text(rng)]
        for _ in range(rng.choice((0, 0, 1, 2))):
            args += ["--tag", pick(rng, TABLE_TAGS)]
        if rng.random() < 0.3:
            args += ["--sheet", pick(rng, [files["game"], "/dev/full", files["fifo"]])]
        if rng.random() < 0.3:
            args += ["--rules", pick(rng, ["standard,scoring.target=60", "book",
                                           "standard,passing.cards=4", "standard,scale=10"])]
    if c == "rules show" and rng.random() < 0.6:
        args += [rules_text(rng) or "standard"]
    if "format" in takes and rng.random() < 0.6:
        args += [pick(rng, ["-f", "--format"]), pick(rng, ["table", "json", "jsonl", "csv"] + (
            [] if clean else ["text", "toml", "", "JSON"]))]
    for _ in range(0 if clean else rng.choice((0, 0, 1, 1, 2))):  # mutations
        k = rng.random()
        if k < 0.3 and args:
            del args[rng.randrange(len(args))]
        elif k < 0.6:
            args.insert(rng.randrange(len(args) + 1), pick(rng, OPTIONS))
        elif k < 0.8 and len(args) > 1:
            i, j = rng.randrange(len(args)), rng.randrange(len(args))
            args[i], args[j] = args[j], args[i]
        else:
            args.insert(rng.randrange(len(args) + 1), pick(rng, NUMBERS + NEAR_TOKENS))
    if c in ("play", "arena") and "--samples" not in args and "-n" not in args:
        args += ["--samples", "5"]
    if c in ("tricks", "bid", "pass", "card", "card --record") and "--samples" not in args \
            and "-n" not in args:
        args += ["-n", "5"]  # keep the default thousands of deals out of a fuzz run
    if c == "card --record" and rng.random() < 0.7:
        args += ["-f", "json"]
    return c or "(none)", args


def tmp_of(files: dict[str, str]) -> str:
    return os.path.dirname(files["hands"])


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def record_json_text(rng: random.Random, text: str) -> str:
    """The record's JSON (where it reads), sometimes with a number of 5,000 digits."""
    from pinochle_calc.game.hand import read_text, write_json

    try:
        data = write_json(read_text(text))
    except UserError:
        return text
    if rng.random() < 0.3:
        data = re.sub(r'"call": [0-9]+', '"call": ' + "9" * 5000, data, count=1)
    return data


def table_script(rng: random.Random, text: str) -> bytes:
    """What is typed at the table: the record's own events (a trick a line, or card by card),
    mixed with hostile lines, a byte order mark, bytes that are not UTF-8."""
    lines = []
    for line in text.splitlines():
        if line.startswith("hand 0:") and rng.random() < 0.5:
            lines.append(line.split(":", 1)[1])
        elif line.startswith(("call", "trump", "pass", "meld", "lead")) and rng.random() < 0.4:
            value = line.split(":", 1)[1].split("{")[0].strip() if ":" in line else line
            lines.append(pick(rng, [line, value]))
    for _ in range(rng.randrange(8)):
        lines.insert(rng.randrange(len(lines) + 1), pick(rng, TABLE_WORDS))
    data = "\n".join(lines).encode("utf-8", "surrogateescape")
    if rng.random() < 0.1:
        data = b"\xef\xbb\xbf" + data
    if rng.random() < 0.05:
        data += b"\n\xff\xfe 50"
    return data + b"\n"


def typed_script(rng: random.Random, record) -> bytes:
    """What a player at seat 0 types for a whole hand: every event, the seat implied (a trick
    card by card or whole, a meld with or without its points)."""
    from pinochle_calc.cards import CARDS

    state = record.state
    lines: list[str] = []
    trick: list[str] = []
    whole = rng.random() < 0.5
    for e in record.events:
        if e.kind == "play":
            trick.append(CARDS[e.card].symbol)
            if len(trick) == 4 or not whole:
                lines.append(" ".join(trick))
                trick = []
        elif e.kind == "call":
            lines.append("p" if e.bid is None else str(e.bid))
        elif e.kind in ("trump", "request"):
            lines.append("none" if e.suit is None else SUIT_SYMBOLS[e.suit])
        elif e.kind == "pass":
            lines.append(e.cards.symbols())
        elif e.kind == "meld":
            points = state.melds[e.seat][0]
            cards = e.cards.symbols() or "none"
            lines.append(f"{e.seat}: {points} {cards}" if len(e.cards) and rng.random() < 0.5
                         else f"{e.seat}: {cards}")
        elif e.kind == "throw-in":
            lines.append("throw-in")
    return ("\n".join(lines) + "\n").encode()


def check_typed(tally, target, args, record, result) -> None:
    """A whole hand typed at the table: exit 0, and the file holds every event."""
    from dataclasses import replace

    from pinochle_calc.game.hand import load_record

    if result.exit_code != 0:
        tally.disagree(target, "a hand typed right was refused", (args, result.output[-300:]))
        return
    saved = load_record(args[2])
    if saved.events != tuple(replace(e, comment="") for e in record.events) or \
            saved.score != record.score:
        tally.disagree(target, "the file holds another hand than was typed", args)


def check_files(tally, target, args, files, kept, tmp) -> None:
    """Nothing lost: a file given is never written over, a FIFO stays one, no temporary file
    is left behind."""
    for path, data in kept.items():
        if _read(path) != data:
            tally.disagree(target, f"{os.path.basename(path)} written over", args)
    if not os.path.exists(files["fifo"]) or not stat.S_ISFIFO(os.stat(files["fifo"]).st_mode):
        tally.disagree(target, "the FIFO replaced", args)
    if any(p.endswith(".tmp") for p in os.listdir(tmp)):
        tally.disagree(target, "a temporary file left", args)
    if not os.path.islink(files["link"]):
        tally.disagree(target, "the link replaced", args)


def check_card_figures(tally, target, args, result, json) -> None:
    """A ``card`` answer in JSON: the best card first with no difference, every other card's
    difference at least 0 and ``as_good`` within two standard errors; a chance to make and a
    score exactly where nothing was ``missing``, and never a score without a contract."""
    if target not in ("cli card", "cli card --record") or result.exit_code != 0 or \
            not {"json", "jsonl"} & set(args):
        return
    try:
        answers = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
        answers = [a for x in answers for a in (x if isinstance(x, list) else [x])]
        for a in answers:
            first = a["choices"][0]
            ok = a["card"] == first["card"] and first["difference"]["mean"] == 0
            for c in a["choices"]:
                d = c["difference"]
                ok &= d["mean"] >= 0 and c["as_good"] == (d["mean"] <= 2 * d["stderr"] + 1e-3)
                ok &= (c["score"] is None) == (c["make_probability"] is None)
                ok &= c["score"] is None or not a["missing"]
            ok &= not a["missing"] or first["score"] is None
    except (ValueError, KeyError, TypeError, IndexError):
        ok = False
    if not ok:
        tally.disagree(target, "card's figures: difference, as_good or missing", args)


def check_card(tally, target, args, result, json) -> None:
    """``card --record --at`` against the library: the same advice as for the position
    ``card_position`` gives just before that event."""
    check_card_figures(tally, target, args, result, json)
    if len(args) != 9 or args[:2] != ["card", "--record"] or args[3] != "--at" or \
            args[5:] != ["-n", "5", "-f", "json"]:
        return
    from pinochle_calc.game.hand import card_position, find_event, load_record
    from pinochle_calc.play.advice import advise_card

    try:
        record = load_record(args[2])
        n = find_event(record, args[4])
        state = record.state_before(n)
        advice = advise_card(card_position(state, state.to_play()), samples=5, seed=0,
                             rules=record.rules)
        got = json.loads(result.stdout.splitlines()[0])
    except (UserError, ValueError, IndexError, AttributeError):
        tally.disagree(target, "card --record read where the library does not", args)
        return
    if got != {"event": n, **advice.to_dict()}:
        tally.disagree(target, "card --record against the library", args)


def fuzz_cli(rng: random.Random, n: int, tally: Tally, tmp: str) -> None:
    import json

    from typer.testing import CliRunner

    from pinochle_calc import Hand, meld
    from pinochle_calc.cli.app import app_for  # the app the console script runs
    from pinochle_calc.game.whole import deal_cards
    from pinochle_calc.rules import load_rules

    deal = "\n".join(str(h) for h in deal_cards(rng.randrange(100))).encode() + b"\n"
    files = {}
    for name, data in (("hands", b"AS KS QS JD\n# c\n\nH: A 10 K\nAH 11H\n"),
                       ("deal", deal), ("deal_bom", b"\xef\xbb\xbf" + deal.replace(b"\n", b"\r\n")),
                       ("deal_bad", b"\xff" + deal), ("deal_big", deal + b"\x00" * 100_000),
                       ("sheet", join_lines(rng, sheet_lines(rng))),
                       ("sheet2", open(os.path.join(os.path.dirname(__file__), "..", "samples",
                                                    "game.csv"), "rb").read()),
                       ("rules", rule_file_text(rng)),
                       ("tricks", b"# tricks\r\n0: AS KS QS JS\r\n10H JH QH KH\n"),
                       ("tricks_bad", b"0: AS KS QS\n\xff\n10H JX QH KH\n"),
                       ("positions", "\n".join(json.dumps(p) for p in POSITIONS).encode())):
        files[name] = os.path.join(tmp, name)
        with open(files[name], "wb") as f:
            f.write(data)
    files["fifo"] = os.path.join(tmp, "fifo")
    os.mkfifo(files["fifo"])
    files["link"] = os.path.join(tmp, "link")
    os.symlink(os.path.join(tmp, "link-target"), files["link"])
    files["game"] = os.path.join(tmp, "game.csv")
    runner = CliRunner()
    for number in range(n):
        text = record_text(rng)
        with open(os.path.join(tmp, "record"), "w", encoding="utf-8",
                  errors="surrogateescape") as f:
            f.write(text)
        files["record"] = os.path.join(tmp, "record")
        files["record_json"] = os.path.join(tmp, "record.json")
        with open(files["record_json"], "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(record_json_text(rng, text))
        files["new"] = os.path.join(tmp, f"new-{number}.txt")
        files["base"] = os.path.join(tmp, "base.txt")
        with open(files["base"], "w", encoding="utf-8") as f:
            f.write(pick(rng, record_texts()))
        files.pop("typed", None)
        kept = {p: _read(p) for p in (files["hands"], files["deal"])}
        command, args = command_line(rng, files)
        stdin = join_lines(rng, sheet_lines(rng)) if "-" in args else None
        if "--deal" in args and "-" in args:
            with open(files[pick(rng, ["deal", "deal_bom", "deal_bad"])], "rb") as f:
                stdin = f.read()
        typed = files.get("typed")
        if command in ("table", "table --save"):
            stdin = table_script(rng, text) if typed is None else typed_script(rng, typed)
        env = {}
        if rng.random() < 0.05:  # an environment cannot hold a NUL
            env["PINOCHLE_RULES"] = (rules_text(rng) or "").replace("\x00", "")
        target = f"cli {command}"
        tally.calls[target] += 1
        try:
            result = runner.invoke(app_for(args), args, input=stdin, env=env)
        except Exception as e:  # noqa: BLE001
            tally.crash(target, e, args)
            continue
        error = result.exception
        if error is not None and not isinstance(error, SystemExit):
            tally.crash(target, error, args)
            continue
        if result.exit_code not in (0, 1, 2) or "Traceback" in result.output:
            tally.tracebacks[target] += 1
            tally.examples.setdefault((target, "exit", result.exit_code), shorten(
                (args, result.output[-300:])))
            continue
        check_files(tally, target, args, files, kept, tmp)
        if typed is not None:
            check_typed(tally, target, args, typed, result)
        if result.exit_code != 0:
            tally.user_errors[target] += 1
            continue
        check_cli(tally, target, args, env, result, json, Hand, meld, load_rules)
        check_card(tally, target, args, result, json)


def check_cli(tally, target, args, env, result, json, Hand, meld, load_rules) -> None:
    """The command line's JSON against the library, for a single hand's meld."""
    if (args[:1] != ["meld"] or "--input" in args or "--partner" in args
            or not {"json", "jsonl"} & set(args) or "-t" in args or "--trump" in args):
        return
    try:
        record = json.loads(result.stdout.splitlines()[0])
        if not isinstance(record, dict):  # an empty batch from stdin: []
            return
        rules_at = args.index("--rules") + 1 if "--rules" in args else None
        rules = load_rules(args[rules_at] if rules_at else env.get("PINOCHLE_RULES"))
        hand = Hand.parse(record["hand"])
    except (ValueError, IndexError, KeyError, UserError):
        return
    if record["best"]["meld"] != meld(hand, rules).best.points:
        tally.disagree(target, "meld JSON against the library", args)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--calls", type=int, default=1_000_000)
    ap.add_argument("--lines", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    sys.setrecursionlimit(1000)
    tally = Tally()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        fuzz_library(random.Random(args.seed), args.calls, tally, tmp)
        middle = time.perf_counter()
        fuzz_cli(random.Random(args.seed + 1), args.lines, tally, tmp)
    end = time.perf_counter()
    print(f"{'target':<18}{'calls':>10}{'user errors':>13}{'tracebacks':>12}"
          f"{'disagreements':>15}")
    for target in sorted(tally.calls, key=lambda t: (t.startswith("cli"), t)):
        print(f"{target:<18}{tally.calls[target]:>10,}{tally.user_errors[target]:>13,}"
              f"{tally.tracebacks[target]:>12,}{tally.disagreements[target]:>15,}")
    library = sum(v for k, v in tally.calls.items() if not k.startswith("cli"))
    lines = sum(v for k, v in tally.calls.items() if k.startswith("cli"))
    print(f"library calls {library:,} in {middle - start:.0f} s; command lines {lines:,} in"
          f" {end - middle:.0f} s; tracebacks {sum(tally.tracebacks.values()):,};"
          f" disagreements {sum(tally.disagreements.values()):,} (seed {args.seed})")
    for kind, example in tally.examples.items():
        print(f"  {kind}: {example}")


if __name__ == "__main__":
    main()
