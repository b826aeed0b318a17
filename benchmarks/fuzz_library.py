"""The fuzz of the library (``fuzz.py``): random and near-miss calls of every public function,
with the tally of what each target did."""

from __future__ import annotations

import io
import os
import random
import re
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from fuzz_inputs import (
    GOOD_TOKENS,
    HANDS20,
    MARKERS,
    NEAR_TOKENS,
    ODD_ARGUMENTS,
    RANK_WORDS,
    TABLE_WORDS,
    auction_text,
    case,
    hand_text,
    join_lines,
    notation,
    pick,
    record_jsons,
    record_text,
    rule_file_text,
    rules_text,
    sheet_lines,
)

from pinochle_calc.errors import UserError
from pinochle_calc.rules import PRESETS

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
        module = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", module)
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
