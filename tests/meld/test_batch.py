"""Batch scoring agrees with scoring each line alone: one record per hand line, in order, with
its line number, whatever else the input holds (checked against a naive reader written here)."""

import io
import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_calc import Hand, meld
from pinochle_calc.cards import CARDS, SUIT_SYMBOLS, SUITS
from pinochle_calc.meld import batch
from pinochle_calc.meld.batch import MAX_LINE, Failed, Scored, score_hand, score_lines
from pinochle_calc.meld.report import CSV_HEADER, CsvRows, JsonLines
from pinochle_calc.rules import PRESETS, STANDARD

RULE_SETS = [STANDARD, PRESETS["toby-thomas"],
             STANDARD.with_options(roundhouse_single=32, roundhouse_with_run=39,
                                   roundhouse_double=240)]


# A naive reader of a batch file, written from the README's description -----------------------


def _depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def _reject(name):
    raise ValueError(name)


def _finite(text):
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(text)
    return value


def expected(data: bytes, rules=STANDARD, trump=None, strict=False) -> list:
    """What a batch should answer, line by line: ``score_hand`` for every hand line, and a
    ``Failed`` with error None where only the failure (not its wording) is known here."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = re.split(rb"\r\n|\r|\n", data)
    if lines[-1] == b"":
        lines.pop()
    out = []
    for number, raw in enumerate(lines, 1):
        text = raw.decode("utf-8", "replace").strip()
        if not text or text.startswith("#"):
            continue
        failed = Failed(number, text, None)
        if len(raw) > MAX_LINE:
            out.append(failed)
            continue
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            out.append(failed)
            continue
        ident, hand = None, text
        if text.startswith("{"):
            try:
                record = json.loads(text, parse_constant=_reject, parse_float=_finite)
            except (ValueError, RecursionError):
                out.append(failed)
                continue
            if (not isinstance(record, dict) or not isinstance(record.get("hand"), str)
                    or _depth(record) > batch.MAX_DEPTH):
                out.append(failed)
                continue
            ident, hand = record.get("id"), record["hand"]
        elif "\t" in text:
            ident, _, hand = text.partition("\t")
        result = score_hand(hand, rules, trump, strict, line=number, ident=ident)
        out.append(result._replace(input=text, pointer="") if isinstance(result, Failed)
                   else result)
    return out


def agree(results: list, wanted: list, messages: bool = True) -> None:
    assert [r.line for r in results] == [w.line for w in wanted]
    for got, want in zip(results, wanted):
        if isinstance(want, Failed):
            assert isinstance(got, Failed), (got, want)
            assert got.input == want.input
            if messages and want.error is not None:
                assert got.error == want.error
        else:
            assert isinstance(got, Scored), (got, want)
            assert got == want


# Lines of every kind --------------------------------------------------------------------------


@st.composite
def counts(draw, min_cards=1):
    cards = draw(st.lists(st.integers(0, 4), min_size=20, max_size=20))
    if sum(cards) < min_cards:
        cards[draw(st.integers(0, 19))] = draw(st.integers(1, 4))
    return cards


@st.composite
def hand_texts(draw):
    """A hand in one of the notations players use."""
    c = draw(st.one_of(counts(), st.just([1] * 20)))
    style = draw(st.sampled_from(["canonical", "tokens", "suit-first", "symbols", "groups",
                                  "compact"]))
    cards = [card for card, n in zip(CARDS, c) for _ in range(n)]
    if style == "canonical":
        return " ".join(map(str, cards))
    if style in ("tokens", "suit-first", "symbols"):
        cards = draw(st.permutations(cards))
        rank = lambda card: str(card)[:-1]  # noqa: E731
        spell = {"tokens": lambda card: str(card),
                 "suit-first": lambda card: SUITS[card.suit] + rank(card),
                 "symbols": lambda card: rank(card) + SUIT_SYMBOLS[card.suit]}[style]
        words = [draw(st.sampled_from([str.lower, str.upper, str]))(spell(card))
                 for card in cards]
        gaps = draw(st.lists(st.sampled_from([" ", ",", ", ", "  ", " ,"]),
                             min_size=len(words), max_size=len(words)))
        return "".join(w + g for w, g in zip(words, gaps)).strip(" ,") or words[0]
    groups = []
    for s in range(4):
        ranks = [str(card)[:-1] for card in cards if card.suit == s]
        if ranks:
            groups.append(f"{SUITS[s]}: {' '.join(ranks)}" if style == "groups"
                          else f"{SUITS[s]}={''.join(ranks)}")
    return " ".join(groups)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=3),
    max_leaves=6,
)


@st.composite
def json_lines(draw):
    record = {"hand": draw(hand_texts())}
    if draw(st.booleans()):  # a line end inside the hand, as a JSON escape
        words = record["hand"].split(" ")
        at = draw(st.integers(0, len(words)))
        record["hand"] = " ".join(words[:at] + ["\n"] + words[at:])
    if draw(st.booleans()):
        record["id"] = draw(json_values)
    return json.dumps(record, ensure_ascii=draw(st.booleans()))


line_texts = st.one_of(
    hand_texts(),
    st.tuples(st.text(st.characters(exclude_characters="\t\r\n"), max_size=6), hand_texts())
    .map("\t".join),
    json_lines(),
    st.sampled_from(["AS AS AS AS AS", "AH 11H", '{"hand": 5}', "{not json", "[]", ",",
                     '{"id": NaN, "hand": "AS"}', '{"id": 1e999, "hand": "AS"}', "KS QS\t",
                     '{"id": "\\ud800", "hand": "AS"}', "♥A 10 ♦", "H=ATX"]),
    st.text(max_size=12),
    st.sampled_from(["", "   ", "\t", "\x0c", "\u2028", "# a comment", "  # indented"]),
)
# (a lone surrogate in a JSON string written with ensure_ascii=False becomes bytes that are not
# UTF-8, which the command must also survive)
lines = st.one_of(line_texts.map(lambda text: text.encode("utf-8", "surrogatepass")),
                  st.binary(max_size=12))


@st.composite
def batch_files(draw):
    parts = draw(st.lists(lines, min_size=1, max_size=25))
    ends = draw(st.lists(st.sampled_from([b"\n", b"\r\n", b"\r"]), min_size=len(parts),
                         max_size=len(parts)))
    data = b"".join(p + e for p, e in zip(parts, ends))
    return data if draw(st.booleans()) else data[: -len(ends[-1])]


options = st.tuples(st.sampled_from(RULE_SETS), st.sampled_from([None, 0, 1, 2, 3]),
                    st.booleans())


# The library ---------------------------------------------------------------------------------


@given(batch_files(), options)
def test_any_mix_of_lines_gives_one_record_per_hand_line_in_order(data, option):
    rules, trump, strict = option
    wanted = expected(data, rules, trump, strict)
    agree(list(score_lines(io.BytesIO(data), rules, trump, strict)), wanted)
    # the same lines as text, one item each (bytes that are not UTF-8 as lone surrogates)
    text = [raw.decode("utf-8", "surrogateescape")
            for raw in re.split(rb"\r\n|\r|\n", data)]
    agree(list(score_lines(text, rules, trump, strict)), wanted)


@given(st.lists(st.builds(Hand, counts()), min_size=1, max_size=60))
def test_batch_equals_one_hand_at_a_time(batch_):
    results = list(score_lines(str(h) for h in batch_))
    assert len(results) == len(batch_)
    for hand, result in zip(batch_, results):
        single = meld(hand)
        assert result.trumps == single.trumps
        assert result.best == single.best.trump  # including the tie-breaks by suit length
        assert result.counts == list(hand.counts)
        assert result.warnings == single.warnings


def test_a_byte_order_mark_opens_a_text_file_as_it_opens_bytes():
    text = ["\ufeffKS QS KH QH", "\ufeff", "AS"]  # only the first line's is a byte order mark
    from_text = list(score_lines(text))
    from_bytes = list(score_lines(io.BytesIO("\n".join(text).encode())))
    assert from_text == from_bytes
    assert isinstance(from_text[0], Scored) and from_text[0].hand == "KS QS KH QH"
    assert isinstance(from_text[1], Failed) and from_text[1].line == 2


def test_ties_go_to_the_longer_suit_then_in_suit_order():
    lines_ = ["KS QS KD QD AD 10D", "KS QS KH QH", "KH QH KC QC AC", "AS AH AD AC"]
    assert [r.best for r in score_lines(lines_)] == [2, 0, 3, 0]
    assert [meld(line).best.trump for line in lines_] == [2, 0, 3, 0]


def test_a_bad_line_fails_in_its_place_and_the_batch_goes_on():
    results = list(score_lines(["KS QS", "AS AS AS AS AS", "", "# c", "KH QH"] * 6000))
    assert len(results) == 18000
    assert [type(r) for r in results[:3]] == [Scored, Failed, Scored]
    assert results[1].line == 2 and results[-1].line == 30000
    assert sum(isinstance(r, Failed) for r in results) == 6000


def test_a_json_hand_with_a_line_end_in_it_is_one_line():
    data = '{"id":"a","hand":"KH QH \\n AS"}\nJC\n{"hand":"AS \\n KS \\n QS"}\nAS\n'
    for source in (io.BytesIO(data.encode()), data.splitlines()):
        results = list(score_lines(source))
        assert [(r.line, r.id, r.hand) for r in results] == [
            (1, "a", "AS KH QH"), (2, None, "JC"), (3, None, "AS KS QS"), (4, None, "AS")]


def test_a_byte_that_is_not_utf8_fails_its_line_only():
    results = list(score_lines(io.BytesIO(b"AS KS\n\xff QS\xc3\nKH QH\n#\xff comment\n")))
    assert [r.line for r in results] == [1, 2, 3]
    assert results[1] == Failed(2, "\ufffd QS\ufffd", "not valid UTF-8 text: byte 0xff at column 1")
    assert results[0].hand == "AS KS" and results[2].hand == "KH QH"


def test_line_ends_lf_crlf_and_cr_alike_and_a_byte_order_mark_is_dropped():
    for data in (b"AS\nKS\n\nQS", b"AS\r\nKS\r\n\r\nQS\r\n", b"AS\rKS\r\rQS\r",
                 b"\xef\xbb\xbfAS\nKS\r\n\rQS"):
        assert [(r.line, r.hand) for r in score_lines(io.BytesIO(data))] == [
            (1, "AS"), (2, "KS"), (4, "QS")]


def test_an_over_long_line_fails_naming_the_limit_and_memory_stays_bounded():
    big = b"AS " * 5_000_000  # 15 MB on one line
    stream = io.BytesIO(b"KS\n" + big + b"\n# " + big + b"\nQS")
    seen = 0
    results = []
    for chunk in batch.read_chunks(stream):
        seen = max(seen, len(chunk.data))
        results += list(batch.Scorer().score(chunk).results())
    assert seen <= batch.BLOCK + MAX_LINE + 16
    assert [r.line for r in results] == [1, 2, 4]
    assert results[1].error == ("the line is 15,000,000 bytes long: a line may hold at most"
                                " 65,536")
    assert results[1].input == "AS " * 21 + "A…"
    assert results[0].hand == "KS" and results[2].hand == "QS"


def test_deep_json_fails_naming_the_limit():
    deep = '{"id": ' + "[" * 30_000 + "]" * 30_000 + ', "hand": "AS"}'
    deeper = '{"id": 1, "hand": ' + "[" * 100_000 + "]" * 100_000 + "}"
    results = list(score_lines([deep, "KS", deeper, '{"id": [[1]], "hand": "QS"}']))
    assert results[0].error == "not a JSON object: nested more than 64 levels deep (the limit)"
    assert results[2].error.startswith("the line is 200,019 bytes long")
    assert (results[1].hand, results[3].hand, results[3].id) == ("KS", "QS", [[1]])


@pytest.mark.parametrize("line, error", [
    ('{"id": NaN, "hand": "AS"}', "not a JSON object: NaN is not a JSON value"),
    ('{"id": 1e999, "hand": "AS"}', "not a JSON object: the number 1e999 is out of range"),
    ('{"id": ' + "9" * 5000 + ', "hand": "AS"}', "not a JSON object: Exceeds the limit"),
])
def test_json_that_cannot_be_written_back_fails(line, error):
    (result,) = score_lines([line])
    assert result.error.startswith(error)


def test_a_huge_bad_token_is_quoted_shortened():
    (result,) = score_lines(["KS " + "Z" * 5000])
    assert result.error.startswith("unknown card 'ZZZZZZZZZZ") and len(result.error) < 250
    assert "…" in result.error and "ZZZ' (5,000 characters): a card is" in result.error
    assert result.error.endswith("(token 2, column 4)")


@settings(max_examples=settings.default.max_examples // 3)  # a third of the profile
@given(st.lists(st.sampled_from([b"\r", b"\n", b"\r\n", b"AS ", b"\xef\xbb\xbf", b"x"])
                | st.binary(max_size=3)).map(b"".join),
       st.integers(1, 7), st.integers(2, 9))
def test_lines_read_a_block_at_a_time_are_the_lines(data, block, limit):
    """Whatever the block size: every line in order, CR LF never split in two, a line longer
    than the limit either whole (it ended in the block read) or kept to limit + 1 bytes with
    its whole length noted: never more than a block and the limit in memory."""
    pieces = re.split(rb"\r\n|\r|\n", data.removeprefix(b"\xef\xbb\xbf"))
    if pieces[-1] == b"":
        pieces.pop()
    saved, batch.MAX_LINE = batch.MAX_LINE, limit
    try:
        got, lengths = [], {}
        for chunk in batch.read_chunks(io.BytesIO(data), block):
            assert chunk.data.startswith(batch.PAD) and chunk.data[-1:] in (b"\n", b"\r")
            for i, (start, end) in enumerate(zip(chunk.starts, chunk.ends)):
                got.append(chunk.data[start:end])
                if i in chunk.lengths:
                    lengths[len(got)] = chunk.lengths[i]
    finally:
        batch.MAX_LINE = saved
    assert len(got) == len(pieces)
    for number, (line, piece) in enumerate(zip(got, pieces), 1):
        if number in lengths:
            assert line == piece[: limit + 1] and lengths[number] == len(piece) > limit + 1
        else:
            assert line == piece and len(line) <= limit + 1 + max(block, 3)  # 3: a BOM


# The writers: from arrays, as from each result ----------------------------------------------

WRITER_RULES = {**PRESETS, "roundhouse": RULE_SETS[2],
                "no-marriage-needed": STANDARD.with_options(marriage_required="false"),
                "toby-scale-10": PRESETS["toby-thomas"].with_options(scale=10)}


def dealt(n: int, seed: int) -> list[str]:
    """n hands dealt from shuffled double decks (some short), canonical or lower case."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        deal = rng.permutation(np.repeat(np.arange(20), 4))[: 20 if i % 7 else 12]
        text = str(Hand(np.bincount(deal, minlength=20).tolist()))
        out.append(text.lower() if i % 5 == 0 else text)
    return out


@pytest.mark.parametrize("name", WRITER_RULES)
@pytest.mark.parametrize("trump", [None, 2])
def test_chunk_writers_write_what_the_item_writers_write(name, trump):
    rules = WRITER_RULES[name]
    hands = dealt(1500, seed=len(name))
    hands[3:3] = ["", "# note", "x\tAS AS", '{"id": [1, "é"], "hand": "♥A 10 K"}', "AS " * 5,
                  "KS ZZ", *[""] * 1200]  # blank lines: line numbers past 1,000 too
    for chunk in batch.score_chunks(hands, rules, trump):
        items = list(chunk.results())
        assert b"".join(JsonLines(trump).chunk(chunk)) == "".join(
            JsonLines(trump)(item) + "\n" for item in items).encode()
        assert b"".join(CsvRows(trump).chunk(chunk)) == "".join(
            CsvRows(trump)(item) + "\n" for item in items).encode()


@given(st.lists(st.integers(0, 10**12), min_size=1, max_size=50))
def test_numbers_are_written_in_decimal(values):
    from pinochle_calc.meld.report import _digits

    digits = _digits(np.array(values, dtype=np.int64))
    assert [bytes(row[row != 0]).decode() for row in digits] == [str(v) for v in values]


# Through the command line --------------------------------------------------------------------

RULE_TEXTS = {STANDARD: "standard", PRESETS["toby-thomas"]: "toby-thomas",
              RULE_SETS[2]: "standard,roundhouse.single=32,roundhouse.with_run=39,"
                            "roundhouse.double=240"}


@settings(max_examples=settings.default.max_examples // 2)  # half of the profile
@given(batch_files(), options, st.sampled_from(["jsonl", "csv"]))
def test_the_command_writes_every_result_in_order_and_exits_1_on_a_failure(data, option, fmt):
    from typer.testing import CliRunner

    from pinochle_calc.cli.app import app_for

    rules, trump, strict = option
    args = ["meld", "--input", "-", "--format", fmt, "--rules", RULE_TEXTS[rules]]
    args += (["--trump", SUITS[trump]] if trump is not None else []) + (
        ["--strict"] if strict else [])
    result = CliRunner().invoke(app_for(args), args, input=data)  # as the script runs it
    items = list(score_lines(io.BytesIO(data), rules, trump, strict))
    failed = [item for item in items if isinstance(item, Failed)]
    if fmt == "csv":
        text = CSV_HEADER + "\n" + "".join(CsvRows(trump)(item) + "\n" for item in items)
        want = text.encode("utf-8", "replace")
    else:
        want = "".join(JsonLines(trump)(item) + "\n" for item in items).encode()
        records = result.stdout_bytes.decode().split("\n")[:-1]  # not at U+0085 or U+2028
        assert [json.loads(line)["line"] for line in records] == [item.line for item in items]
    assert result.stdout_bytes == want
    assert result.exit_code == (1 if failed else 0)
    assert result.stderr == "".join(f"line {f.line}: {f.error}\n" for f in failed)
