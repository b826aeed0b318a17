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
import os
import random
import re
import stat
import sys
import tempfile
import time
from pathlib import Path

from fuzz_inputs import (
    HANDS20,
    NEAR_TOKENS,
    POSITIONS,
    TABLE_TAGS,
    TABLE_WORDS,
    auction_text,
    hand_text,
    join_lines,
    pick,
    record_text,
    record_texts,
    rule_file_text,
    rules_text,
    sheet_lines,
)
from fuzz_library import Tally, dying_policy, fuzz_library, policy_text, shorten

from pinochle_calc.cards import SUIT_SYMBOLS
from pinochle_calc.errors import UserError
from pinochle_calc.rules import PRESETS

#: The project's folder (the fuzz runs the command lines in a scratch folder).
ROOT = Path(__file__).resolve().parents[1]

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
    ``card_position`` gives just before that event, seeded as every command seeds it
    (``decision_seed``)."""
    check_card_figures(tally, target, args, result, json)
    if len(args) != 9 or args[:2] != ["card", "--record"] or args[3] != "--at" or \
            args[5:] != ["-n", "5", "-f", "json"]:
        return
    from pinochle_calc.game.decisions import decision_seed, record_seed
    from pinochle_calc.game.hand import card_position, find_event, load_record
    from pinochle_calc.play.advice import advise_card

    try:
        record = load_record(args[2])
        n = find_event(record, args[4])
        state = record.state_before(n)
        base = record_seed(record, 0).seed  # the hand's seed, as review and table seed
        advice = advise_card(card_position(state, state.to_play()), samples=5,
                             seed=decision_seed(state, base), rules=record.rules)
        got = json.loads(result.stdout.splitlines()[0])
    except (UserError, ValueError, IndexError, AttributeError):
        tally.disagree(target, "card --record read where the library does not", args)
        return
    if got != {"event": n, **advice.to_dict(), "seed": base}:  # the JSON gives the hand's seed
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
                       ("sheet2", (ROOT / "samples" / "game.csv").read_bytes()),
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
        here = os.getcwd()
        os.chdir(tmp)  # what a command writes where it is run (table's own file) goes there
        try:
            fuzz_cli(random.Random(args.seed + 1), args.lines, tally, tmp)
        finally:
            os.chdir(here)
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
