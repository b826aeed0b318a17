"""The fuzz's pieces of input (``fuzz.py``): hands in every notation, near misses, rule
texts, auctions, score sheets, records and positions, right and wrong."""

from __future__ import annotations

import random

from pinochle_calc.cards import CARD_TOKENS, RANKS, SUIT_SYMBOLS, SUITS
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
