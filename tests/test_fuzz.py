"""Fuzzing, CI-sized: whatever a user types, the library raises only ``UserError`` and the
command line exits 0, 1 or 2 without a traceback. Hands, notations, rule files and overrides,
auctions, score sheets (any bytes, any line endings) and whole command lines are drawn by
hypothesis; ``benchmarks/fuzz.py`` runs the long version (a million library calls).
The batch input of ``meld --input`` has its own property tests."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pinochle_calc import Hand, meld
from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.bidding.conventions import CONVENTIONS, explain
from pinochle_calc.cards import CARD_TOKENS, RANK_WORDS, SUIT_WORDS
from pinochle_calc.cli.app import app_for
from pinochle_calc.errors import UserError
from pinochle_calc.game.hand import read_json, read_text, write_json, write_text
from pinochle_calc.lines import read_lines
from pinochle_calc.rules import PRESETS, SCHEMA, STANDARD, load_rules, read_rule_file, to_toml
from pinochle_calc.scoring import read_sheet, score_game

# What players type, right and nearly right --------------------------------------------------

cards = st.sampled_from(sorted(CARD_TOKENS)).map(str.upper) | st.sampled_from(sorted(CARD_TOKENS))
markers = st.sampled_from(sorted(SUIT_WORDS)).flatmap(
    lambda w: st.sampled_from([w, w + ":", w + "=", w.upper() + ":"]))
ranks = st.sampled_from(sorted(RANK_WORDS) + ["A", "10", "T", "K", "Q", "J"])
compact = st.tuples(st.sampled_from("SHDC♠♥♦♣"), st.sampled_from(["=", ":", ""]),
                    st.text("AT10KQJX", min_size=1, max_size=8)).map("".join)
junk = st.text(max_size=5) | st.sampled_from(["11H", "1H", "9S", "#", "#c", "[", "{", "10",
                                               "\x00", "\udcff", "9" * 40, "♥♥", ","])
tokens = st.one_of(cards, cards, cards, markers, ranks, compact, junk)
separators = st.sampled_from([" ", ", ", ",", "\t", "  "])


@st.composite
def hand_texts(draw):
    items = draw(st.lists(tokens, max_size=26))
    seps = draw(st.lists(separators, min_size=len(items), max_size=len(items)))
    return "".join(t + s for t, s in zip(items, seps))


values = st.one_of(st.integers(-10, 2_000_000).map(str), st.sampled_from(
    ["15/150/225/300", "²/150/225/300", "-/-/-/-", "1/2/3", "[1, 2, 3, 4]", "[1, 2", "true",
     "after-pass", "any", "by10-above-100", "two", "play", "25-and-meld", "partner-first",
     "before-trump", '"x"', "", "nan", "1e400", "[" * 3000, "9" * 5000, "{a=1}", "x\ny"]),
    st.text(max_size=6))
keys = st.sampled_from([*SCHEMA, "run", "scale", "steps", "single", "scal", "meld", "x.y"])
override = st.one_of(st.tuples(keys, values).map(lambda kv: f"{kv[0]}={kv[1]}"),
                     st.text(max_size=8))


@st.composite
def rules_values(draw):
    head = draw(st.sampled_from([*PRESETS, "Book", "standrd", ""]) | st.text(max_size=6))
    return ",".join([head, *draw(st.lists(override, max_size=3))])


@st.composite
def rule_files(draw):
    lines = draw(st.lists(st.one_of(
        st.tuples(st.sampled_from([*SCHEMA, "extends", "meld.x", "bogus"]),
                  st.sampled_from(["10", "[10, 100, 150, 200]", '"-"', "true", '"any"', "-3",
                                   "[1, 2]", '"standard"', "1000001", "{}", "1.5", '"x"',
                                   "[" * 2000 + "]" * 2000]))
        .map(lambda kv: (f"[{kv[0].rpartition('.')[0]}]\n" if "." in kv[0] else "")
             + f"{kv[0].rpartition('.')[2]} = {kv[1]}"),
        st.text(max_size=10)), max_size=8))
    data = "\n".join(lines).encode("utf-8", "surrogateescape")
    return data + draw(st.sampled_from([b"", b"\xff", b'\nname = "\xe9"']))


auctions = st.lists(st.one_of(st.integers(0, 400).map(str), st.sampled_from(
    ["p", "pass", "P", "-", "x", "9" * 30, "50.5", "²"])), max_size=14).map(" ".join)
sheet_fields = st.one_of(st.sampled_from(["us", "them", "we", "x", "", "throw-in", "thrown-in",
                                          "no-marriage", '"a, b"', '"']),
                         st.integers(-10, 700).map(str),
                         st.text(max_size=4))


@st.composite
def sheets(draw):
    """A score sheet's bytes: CSV with a header, or JSON lines; bad rows, bytes and endings."""
    import json

    if draw(st.booleans()):
        header = draw(st.sampled_from([
            "bidder,bid,meld_us,meld_them,tricks_us,tricks_them,result,note",
            "bidder,bid,meld_us,meld_them,tricks_us", "bidder,bid,meld_us", "a,b"]))
        rows = draw(st.lists(st.lists(sheet_fields, min_size=3, max_size=9).map(",".join),
                             max_size=8))
        lines = [header, *rows]
    else:
        field_values = st.one_of(sheet_fields, st.integers(-10, 10**20), st.none(),
                                 st.floats(allow_nan=True), st.lists(st.integers(), max_size=2))
        records = st.dictionaries(st.sampled_from(["bidder", "bid", "meld_us", "meld_them",
                                                   "tricks_us", "result", "note", "x"]),
                                  field_values)
        lines = [json.dumps(r) for r in draw(st.lists(records, max_size=8))]
    data = [line.encode("utf-8", "surrogateescape") for line in lines]
    for _ in range(draw(st.integers(0, 2))):  # bad bytes, or a number of 5,000 digits
        data.insert(draw(st.integers(0, len(data))), draw(st.binary(max_size=8) | st.just(
            b'{"bidder": "us", "bid": ' + b"9" * 5000 + b', "meld_us": 1, "meld_them": 1}')))
    ending = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    return ending.join(data)


rule_sets = rules_values().map(lambda v: _or_standard(v))


def _or_standard(value: str):
    try:
        return load_rules(value)
    except UserError:
        return STANDARD


# The library raises only UserError ----------------------------------------------------------

@given(hand_texts(), rule_sets)
def test_hands_read_and_meld_or_say_why(text, rules):
    try:
        hand = Hand.parse(text)
    except UserError:
        return
    assert Hand.parse(str(hand)) == hand and Hand.parse(hand.symbols()) == hand
    assert meld(hand, rules).best.points >= 0


@given(rules_values())
def test_rules_values_load_or_say_why(value):
    try:
        rules = load_rules(value)
    except UserError:
        return
    assert rules.scale >= 1 and len(rules.run) == 4


@given(rule_files())
def test_rule_files_read_or_say_why_and_read_back_equal(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("rules") / "house.toml"
    path.write_bytes(data)
    try:
        rules = read_rule_file(str(path))
    except UserError:
        return
    path.write_text(to_toml(rules), encoding="utf-8")
    assert read_rule_file(str(path)).with_options(name=rules.name) == rules


@given(auctions, rule_sets, st.sampled_from(sorted(CONVENTIONS)))
def test_auctions_read_or_say_why(text, rules, convention):
    try:
        auction = parse_auction(text, rules)
    except UserError:
        return
    assert len(explain(auction, convention)) == len(auction.calls)


# Arguments of any type: a wrong one is a TypeError (docs/library.md), a wrong value a UserError
arguments = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from([10**30, -(10**5000)]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
    st.sampled_from(["H", "♥", "hearts", "book", "50 52 p", "AS 10S", "jump", "queen",
                     "advisor:jump", "thrown-in", b"AS", [1, 2], (0, 1, 50), {}, object(),
                     Hand.parse("AS KS"), STANDARD, [0] * 20]))


def _library_calls():
    from pinochle_calc import advise_pass, side_meld, simulate_tricks
    from pinochle_calc.cards import Card
    from pinochle_calc.game.policies import policy
    from pinochle_calc.meld.batch import score_lines
    from pinochle_calc.play.tricks import PlayState, legal_cards
    from pinochle_calc.scoring import HandInput, score_hand

    full = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
    deal = [full, "♠A A K K J J ♥A K K Q Q J J ♦A 10 Q Q ♣A Q J",
            "♠A K K Q J J ♥A 10 10 Q J ♦A 10 K K Q J ♣Q Q J",
            "♠A 10 10 Q J ♥10 K Q J ♦A 10 K Q J ♣A K K Q J 10"]
    return {
        "Hand.parse": lambda x, y: Hand.parse(x),
        "Card.parse": lambda x, y: Card.parse(x),
        "meld": lambda x, y: meld(x, y),
        "meld[]": lambda x, y: meld(full)[x],
        "to_dict": lambda x, y: meld(full).to_dict(x),
        "side_meld": lambda x, y: side_meld(full, x, y),
        "load_rules": lambda x, y: load_rules(x),
        "parse_auction": lambda x, y: parse_auction(x, y),
        "explain": lambda x, y: explain(x, y),
        "score_hand": lambda x, y: score_hand(HandInput.of("us", x, 20, 10, 30, None, y)),
        "score_lines": lambda x, y: list(score_lines([full], x, y)),
        "PlayState": lambda x, y: PlayState.deal(deal, x, y),
        "legal_cards": lambda x, y: legal_cards(x, [0], y),
        "policy": lambda x, y: policy(x),
        # the slow ones, with arguments that fail before any simulation
        "simulate_tricks": lambda x, y: simulate_tricks(full, x, samples=y)
        if not isinstance(y, int) else None,
        "advise_pass": lambda x, y: advise_pass(full, "H", hint=x, rules=y)
        if not (x is None or isinstance(x, str)) else None,
    }


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(_library_calls())), arguments, arguments)
def test_library_arguments_of_any_type_raise_only_the_documented_errors(name, x, y):
    try:
        _library_calls()[name](x, y)
    except (TypeError, UserError):
        pass


@given(sheets(), rule_sets)
def test_sheets_score_every_good_row_and_place_every_bad_one(data, rules):
    try:
        rows = list(read_sheet(read_lines(io.BytesIO(data)), "g.csv"))
    except UserError:
        return  # a sheet with no hands, or a header that cannot be read
    try:
        game = score_game(rows, rules, source="g.csv")
    except UserError:
        return
    # one result per row, in order; every unreadable row among the bad ones
    assert [h.line for h in game.hands] == [n for n, _ in rows]
    unread = {n for n, h in rows if isinstance(h, UserError)}
    assert unread <= {h.line for h in game.failed}


# Positions: the tricks notation and the JSON form -------------------------------------------

@st.composite
def tricks_texts(draw):
    """Tricks as a player types them, right and nearly right."""
    items = draw(st.lists(st.one_of(cards, cards, cards, st.sampled_from(
        ["0:", "1:", "3:", "4:", "x:", ":", ";", "/", "\n", "#", ";;"]), junk), max_size=24))
    return " ".join(items)


@given(tricks_texts(), st.integers(0, 3), st.booleans())
def test_tricks_read_or_say_where(text, trump, contract):
    from pinochle_calc.play.position import PositionError, parse_tricks, tricks_text, with_leaders

    try:
        raw, spans = parse_tricks(text)
        tricks = with_leaders(raw, trump, (0, 50) if contract else None)
    except PositionError as e:
        assert e.trick is None or e.trick >= 0
        return
    assert [len(s) for s in spans] == [4] * len(tricks)
    assert with_leaders(parse_tricks(tricks_text(tricks))[0], trump) == tricks


#: a contract as ``--contract`` takes it (the JSON form takes it too), right and nearly right
contract_texts = st.one_of(st.sampled_from(["0:50", "1:55", "0", "3:", "2,H,60", "0,♥", "1,55",
                                            "4:50", "x", "0:5x", "0:²", "1:2:3:4", ":50", "",
                                            "0:" + "9" * 30]), st.text(max_size=6))
#: a trick in progress as ``--trick`` takes it (the JSON form takes it too)
trick_texts = st.lists(cards | junk, max_size=5).map(" ".join)
position_values = st.one_of(st.none(), st.integers(-2, 5), st.text(max_size=8), tricks_texts(),
                            contract_texts, trick_texts,
                            st.sampled_from(HAND_WORDS := ["AS KH QH", "", "ZZ", "AS AS AS AS AS"]),
                            st.lists(st.sampled_from(["AS", "KH", "x", 3]), max_size=5),
                            st.dictionaries(st.sampled_from(["seat", "bid", "1", "leader",
                                                             "cards"]),
                                            st.integers(-1, 60), max_size=3))


@given(st.dictionaries(st.sampled_from(["hand", "trump", "seat", "tricks", "trick", "contract",
                                        "shown", "passed", "received", "x"]), position_values,
                       max_size=9), st.sampled_from(["AS KH QH", "10S JS", "JC JC JC"]),
       st.sampled_from(["H", "S"]), st.sampled_from(["standard", "standard,scale=10",
                                                      "book,scale=2", "toby-thomas"]))
def test_positions_read_advise_or_say_why(data, hand, trump, rules):
    """Any position: advice or a ``UserError``, under scaled rules too (issue 26) and rules
    that pass cards (the exchange); the best card first with no difference, every other card's
    difference at least 0, a score only where nothing the score needs is missing."""
    from pinochle_calc.play.advice import advise_card
    from pinochle_calc.play.position import Position

    data = {"hand": hand, "trump": trump, **data} if "x" not in data else data
    try:
        position = Position.from_dict(data, rules)
        advice = advise_card(position, samples=3, rules=rules)
    except UserError:
        return
    assert Position.from_dict(position.to_dict()) == position
    assert advice.card == advice.choices[0].card
    assert advice.choices[0].difference.mean == 0
    for c in advice.choices:
        assert c.difference.mean >= -1e-9
        assert (c.score is None) == (c.make_probability is None)
        assert c.score is None or not advice.missing
        assert c.score is None or position.contract is not None


@given(st.integers(0, 2**16), st.integers(0, 79), st.sampled_from(["{}:{}", "{},{}", "{}",
                                                                   " {} : {} ", "{},H,{}"]),
       st.sampled_from([" ", ", ", ","]), st.sampled_from(["standard", "toby-thomas",
                                                          "standard,scale=10"]))
def test_the_json_form_reads_the_options_spellings_as_its_own(seed, n, spelling, sep, rules):
    """A position of a hand played at random, its trick in progress and contract written as
    ``--trick`` and ``--contract`` take them: the same position as its own JSON form reads."""
    import random

    from pinochle_calc.game.whole import deal_cards
    from pinochle_calc.play.position import Position, position_after
    from pinochle_calc.play.tricks import PlayState
    from pinochle_calc.rules import load_rules

    rng = random.Random(seed)
    hands, leader = deal_cards(seed), rng.randrange(4)
    state, played = PlayState.deal(hands, 1, leader), []
    for _ in range(n):
        card = rng.choice(state.legal())
        played.append(card)
        state = state.play(card)
    bid = load_rules(rules).min_bid_points if spelling == "{}" else 50 + seed % 40
    spot = position_after(hands, 1, leader, played, contract=(leader, bid))
    data = spot.to_dict()
    given = {**data, "trick": sep.join(data["trick"]),
             "contract": spelling.format(leader, bid).replace("H", rng.choice("H♥h"))}
    assert Position.from_dict(given, rules) == Position.from_dict(data) == spot


POLICY_MODULES = ["json", "math", "pinochle_calc.game.policies", "pinochle_calc", "no_such_x",
                  "samples/my_bidder.py", "samples/hands.txt", "/no/such.py", "", "..", "a b"]
policy_specs = st.one_of(
    st.tuples(st.sampled_from(POLICY_MODULES), st.sampled_from([":", "::", ""]),
              st.sampled_from(["Formula", "StandardPlay", "Bid", "AcesAndMeld", "loads", "pi",
                               "Seat.number", "policy", "", "__name__"]) | st.text(max_size=4))
    .map("".join),
    st.sampled_from(["formula", "pass", "advisor:jump", "advisor:x", "PASS", ":"]))


@given(policy_specs)
def test_policies_load_or_say_why(spec):
    from pinochle_calc.game.policies import POLICY_CALLS, policy

    try:
        made = policy(spec, samples=5)
    except UserError:
        return
    assert isinstance(made.name, str) and all(callable(getattr(made, c)) for c in POLICY_CALLS)


# The command line exits 0, 1 or 2, never with a traceback -----------------------------------

HANDS = ["♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J",
         "H: A A 10 K K Q Q J, S: A 10 K Q, D: A K Q J, C: A 10 Q J"]
words = st.one_of(
    st.sampled_from(["meld", "legal", "tricks", "bid", "pass", "explain", "score", "rules",
                     "card", "--tricks", "--shown", "--contract", "--seat", "--passed",
                     "--received", "--position", "0,50", "1:KS QS", "0: AS KS QS JS", "show",
                     "-t", "--trump", "-f", "--format", "--rules", "--seed", "-n",
                     "--samples", "--jobs", "--auction", "--convention", "--role", "--cards",
                     "--hint", "--trick", "--hand", "--partner", "--strict", "--sheet", "--bid",
                     "--bidder", "--meld-us", "--meld-them", "--tricks-us", "--result",
                     "--confidence", "-h", "--version", "--", "-", "H", "♥", "json", "jsonl",
                     "--deal", "--contract", "--us", "--them", "--deals", "--tricks", "formula",
                     "pass", "CSV", "85%", "85", "thrown-in", "throw-in", "--result",
                     "csv", "table", "toml", "us", "them", "50", "0", "-1", "1", "3", "1e9",
                     "99999999999999999999", *HANDS]),
    hand_texts(), rules_values(), auctions, st.text(max_size=6))


@st.composite
def command_lines(draw):
    command = draw(st.sampled_from([["meld"], ["legal"], ["tricks"], ["bid"], ["pass"],
                                    ["explain"], ["score"], ["rules"], ["rules", "show"],
                                    ["play"], ["arena", "formula", "pass"], ["card"], []]))
    args = command + draw(st.lists(words | tricks_texts(), max_size=10))
    if command[:1] == ["play"]:  # quick policies, a deal from stdin or a contract of any text
        args += ["--us", "formula", "--them", "pass"]
        args += draw(st.sampled_from([[], ["--deal", "-"], ["--contract", draw(contracts)],
                                      ["--contract", draw(contracts), "--trump", "S"]]))
    if command[:1] == ["card"] and draw(st.booleans()):
        args += ["--contract", draw(contracts)]
    if command[:1] == ["card"] and draw(st.booleans()):  # an exchange under any rules
        args += [draw(st.sampled_from(["--passed", "--received"])),
                 draw(st.sampled_from(["KS QS JS", "AH", "", "ZZ"])),
                 "--rules", draw(st.sampled_from(["standard", "toby-thomas", "book"]))]
    if command[:1] == ["card"] and draw(st.booleans()):  # no meld, and scaled rules (issue 26)
        args += ["--shown", draw(st.sampled_from(["1:", "2:", "3:", "0:", "4:", ":"])),
                 "--rules", draw(st.sampled_from(["standard,scale=10", "book,scale=2"]))]
    if command[:1] == ["arena"]:
        args += ["--deals", "1"]
    if command and command[0] in ("tricks", "bid", "pass", "card") and draw(st.booleans()):
        args += [draw(st.sampled_from(HANDS)), "-t", "H"]
    if command and command[0] in ("tricks", "bid", "pass", "card") and not {
            "-n", "--samples"} & set(args):
        args += ["-n", "3"]  # the default thousands of deals are for the long fuzz
    return args


contracts = st.one_of(
    st.tuples(st.sampled_from(["0", "3", "4", "x", ""]), st.sampled_from(["H", "♠", "X", ""]),
              st.sampled_from(["", "55", "²", "⁵⁰", "5x", "9" * 30, "9" * 5000, "-1"]))
    .map(lambda p: ",".join(x for x in p if x) if p[2] else f"{p[0]},{p[1]}"),
    st.tuples(st.sampled_from(["0", "3", "4", "x", ""]),
              st.sampled_from(["", "55", "²", "⁵⁰", "9" * 5000, "H:55"]))
    .map(":".join),
    st.text(max_size=8))


@st.composite
def deal_files(draw):
    """A deal file's bytes: a real deal (a byte order mark, CR LF) or near and wrong ones."""
    from pinochle_calc.game.whole import deal_cards

    hands = [str(h) for h in deal_cards(draw(st.integers(0, 5)))]
    if draw(st.booleans()):
        hands[draw(st.integers(0, 3))] = draw(hand_texts())
    text = draw(st.sampled_from(["\n", "\r\n"])).join(hands).encode("utf-8", "surrogateescape")
    head = draw(st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe", b"# a deal\n"]))
    tail = draw(st.sampled_from([b"", b"\n", b"\n" + b"\x00" * 70_000, b"\n\xe9"]))
    return head + text + tail


runner = CliRunner()


@settings(max_examples=max(settings().max_examples // 2, 20),
          suppress_health_check=[HealthCheck.too_slow])
@given(command_lines(), sheets(), deal_files())
def test_command_lines_exit_0_1_or_2_without_a_traceback(args, sheet, deal):
    # stdin goes to a score sheet or a deal; meld's batch input has its own property tests;
    # the app is the one the console script runs for these arguments
    stdin = sheet if "--sheet" in args else deal if "--deal" in args else None
    result = runner.invoke(app_for(args), args, input=stdin)
    assert result.exit_code in (0, 1, 2), (args, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), args
    assert "Traceback" not in result.stdout + result.stderr


# Records, table entries and the record commands ---------------------------------------------

_BASES: list[str] = []


def _record_bases() -> list[str]:
    """Real records (a hand formula players played under the standard rules, and one under
    Toby Thomas's, with the exchange), made once."""
    if not _BASES:
        from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand

        for seed, rules in ((3, STANDARD), (5, load_rules("toby-thomas"))):
            hand = play_hand(deal_cards(seed), "formula", "formula", rules, seed=hand_seed(seed))
            _BASES.append(write_text(hand.with_tag("Seed", str(seed))))
    return _BASES


record_junk = st.one_of(st.sampled_from([
    "call 0: 50", "call 9: 50", "call 1: 49", "lead 0: AS AS", "lead 2: AS {c} KS", "meld 1: 999",
    "meld 0: 4 QS JD", "trump 0: none", "trump 3: X", "pass 2: AH", "pass 0: AS KS QS",
    "request 0: H", "contract 1: 55", "throw-in 0", "result: made", "result: set",
    "score: us +1, them -1", "score: them 5", '[Rules "book"]', '[Rules "x.toml"]',
    '[Dealer "7"]', '[Date "x"]', "[Bad]", "hand 1: AS", "hand 4: AS", "{", "}",
    "call 0: 50 {x", "call 0: 50 {a} {b}", "#", "", "\x00", "lead 0:"]), st.text(max_size=12))


@st.composite
def record_texts(draw):
    """A real record with lines deleted, inserted, replaced, swapped or cut off."""
    lines = draw(st.sampled_from(_record_bases())).splitlines()
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.integers(0, 4))
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        if op == 0 and lines:
            del lines[i]
        elif op == 1:
            lines.insert(i, draw(record_junk))
        elif op == 2 and lines:
            lines[i] = draw(record_junk)
        elif op == 3:
            lines = lines[:i]
        elif lines:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


@settings(max_examples=max(settings().max_examples // 2, 20),
          suppress_health_check=[HealthCheck.too_slow])
@given(record_texts())
def test_records_read_or_name_the_place_and_read_back_equal(text):
    try:
        record = read_text(text, "r.txt")
    except UserError as e:
        assert str(e).startswith("r.txt"), str(e)
        return
    assert read_text(write_text(record)) == record
    assert read_json(write_json(record)) == record


json_values = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.text(max_size=6),
                        st.sampled_from(["pass", "AS", "H", "AS KS QS JS", "standard", "x"]),
                        st.lists(st.integers(0, 3), max_size=3), st.dictionaries(
                            st.sampled_from(["us", "them", "kind", "seat"]), st.integers(),
                            max_size=2))


@settings(max_examples=max(settings().max_examples // 2, 20),
          suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_json_records_read_or_say_why(data):
    import json

    record = json.loads(write_json(read_text(data.draw(st.sampled_from(_record_bases())))))
    for _ in range(data.draw(st.integers(1, 3))):
        events = record.get("events")  # an earlier round may have spoilt the list itself
        events = [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []
        if data.draw(st.booleans()) and events:
            event = data.draw(st.sampled_from(events))
            key = data.draw(st.sampled_from(["kind", "seat", "call", "card", "cards", "suit",
                                             "points", "comment", "event", "x"]))
            event[key] = data.draw(json_values)
        else:
            key = data.draw(st.sampled_from(sorted(record) + ["x"]))
            record[key] = data.draw(json_values)
    try:
        back = read_json(json.dumps(record), "r.json")
    except UserError:
        return
    assert read_json(write_json(back)) == back


table_typing = st.one_of(st.sampled_from([
    "50", "p", "pass", "60", "49", "H", "♥", "none", "AH", "A♥", "10s", "AH 10H KH QH",
    "1: ♠K Q", "0: none", "3 KS QS", "throw-in", "undo", "show", "help", "?", "quit",
    "call 2: 55", "lead 0: AS", "meld 1: 4 QS JD", "50 {late}", "{", "AH AH", "",
    "0: 39 ♣K Q", "1: Q♠", "2: 999 ♠Q ♦J", "lead 0: AS KS QS JS", "lead 9: AS", "lead 0: QX",
    "AS KS QS JS", "AS KS QS JS AH", "\ufeff50", "AS {x} KS", "advice", "9" * 5000]),
    hand_texts(), st.text(max_size=8))
#: ``table --tag`` values, right and wrong.
table_tags = st.one_of(st.sampled_from([
    "Date=2026-03-14", "Rules=book", "Dealer=9", "You=2", "Convention=davis", "Deal=3",
    "Sheet=x", "Date=a\nb", "Date=" + "x" * 2001, "1x=2", "x y=1", "=x", "novalue",
    'Players=Ann "A" \\ B']), st.text(max_size=10))


@settings(max_examples=max(settings().max_examples // 2, 20),
          suppress_health_check=[HealthCheck.too_slow])
@given(record_texts(), st.integers(0, 120), table_typing)
def test_table_entries_are_taken_or_refused(text, cut, typed):
    from pinochle_calc.game.session import advice, read_entry, revealed

    try:
        record = read_text(text)
    except UserError:
        return
    record = record.prefix(min(cut, len(record.events)))
    seat = record.state.next_decision().seat
    if seat is not None:  # the advice of the seat to decide (the card advice in the play)
        lines = advice(record, seat, samples=3)
        assert all(isinstance(line, str) for line in lines + revealed(record, seat))
    try:
        entry = read_entry(record, typed)
        if entry.events:
            entry.apply(record)
    except UserError:
        return


@settings(max_examples=max(settings().max_examples // 5, 10), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(record_texts(), st.sampled_from([
    ["play", "--record", "R", "-f", "record"], ["play", "--record", "R", "--from", "call 3",
                                                 "--us", "formula", "--them", "pass"],
    ["play", "--record", "R", "--from", "trick 2", "--us", "formula", "--them", "formula"],
    ["play", "--record", "R", "--from", "trick 19", "--us", "formula/advisor", "--them",
     "pass/advisor"], ["play", "--record", "R", "--from", "trick 2", "--us", "formula/x"],
    ["play", "--record", "R", "--from", "x"], ["play", "--record", "R", "--from", "999"],
    ["review", "R", "-n", "3", "--seat", "1", "-f", "json"], ["review", "R", "-n", "3"],
    ["table", "--resume", "R", "-n", "3"], ["table", "--save", "NEW", "-n", "3"],
    ["table", "--record", "R", "-n", "3"], ["table", "--resume", "-"],
    ["table", "--resume", "R", "--sheet", "/dev/full"], ["table", "--save", "FIFO"],
    ["table", "--resume", "FIFO"], ["table", "--save", "R"], ["table", "--save", "LINK"],
    ["card", "--record", "R", "--at", "trick 2", "-n", "3"],
    ["card", "--record", "R", "--at", "trick 19", "-n", "3", "-f", "csv"],
    ["card", "--record", "R", "-n", "3"], ["card", "--record", "R", "--at", "²"],
    ["card", "--record", "R", "--at", "1", "--seat", "2", "-n", "3"]]),
    st.lists(table_typing, max_size=6), st.lists(table_tags, max_size=2))
def test_record_commands_exit_0_1_or_2_without_a_traceback(tmp_path, text, args, typed, tags):
    """Records, card at a record's event, and the table (scripted sessions with hostile lines,
    tags, and the file cases: a file given, a FIFO, a symlink, stdin, a device as the sheet):
    exit 0, 1 or 2, no traceback, nothing given written over, no temporary file left."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory(dir=tmp_path) as folder:  # a fresh one each example
        _run_record_command(Path(folder), text, args, typed, tags)


def _run_record_command(tmp_path, text, args, typed, tags):
    import os

    path = tmp_path / "r.txt"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    fifo, link = tmp_path / "fifo", tmp_path / "link"
    os.mkfifo(fifo)
    link.symlink_to(tmp_path / "link-target")
    names = {"R": str(path), "NEW": str(tmp_path / "new.txt"), "FIFO": str(fifo),
             "LINK": str(link)}
    args = [names.get(a, a) for a in args]
    if args[0] == "table" and "--save" in args:
        args += [x for t in tags for x in ("--tag", t)]
    stdin = ("\n".join(typed) + "\n").encode("utf-8", "surrogateescape")
    result = runner.invoke(app_for(args), args, input=stdin)
    assert result.exit_code in (0, 1, 2), (args, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), args
    assert "Traceback" not in result.stdout + result.stderr
    if "--save" in args and args[args.index("--save") + 1] == str(path):
        assert path.read_text(encoding="utf-8", errors="surrogateescape") == text
    assert fifo.is_fifo() and link.is_symlink()
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
