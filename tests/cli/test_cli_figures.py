"""Every figure a command writes as JSON, CSV or a record is rounded to what it means: no number
has more than four decimals (a chance to four places, points and their standard errors to what
a few thousand deals support), so that no digit printed is one that the processor decides (the
bid estimate sums its chances through BLAS, whose kernels differ in the last place between
CPUs: a record once printed its prediction as ``0.9952771492994849`` on one machine and
``...846`` on another). Records written before, with every digit, still read."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from cli_runner import run

HAND = "H: A A 10 K K Q Q J, S: A 10 K Q, D: A K Q J, C: A 10 Q J"
#: The most decimals a figure may have.
PLACES = 4
#: A number in text (a record's tag, a CSV cell).
NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")

#: Each command with its options, small enough to be quick, and the formats it writes with
#: figures that have decimals (means, chances, standard errors).
COMMANDS = {
    "tricks": ([HAND, "-n", "300"], ("json", "csv")),
    "bid": ([HAND, "-n", "200", "--auction", "50 52"], ("json", "csv")),
    "pass": ([HAND, "-t", "H", "--rules", "standard,passing.cards=4"], ("json",)),
    "card": (["--record", "samples/hand.txt", "--at", "trick 5", "-n", "40"], ("json", "csv")),
    # an advisor that wins the bid, so that a prediction is written
    "play": (["--seed", "3", "--us", "advisor:jump", "--them", "advisor:jump", "--samples",
              "200", "--exact", "0"], ("json", "jsonl", "csv", "record")),
    "arena": (["formula", "advisor:jump", "--deals", "2", "--seed", "1", "--samples", "200"],
              ("json", "jsonl", "csv")),
    "review": (["samples/hand.txt", "--seat", "0", "-n", "10", "--exact", "0"], ("json",
                                                                                 "csv")),
}


def numbers(data) -> list[float]:
    """Every float in parsed JSON."""
    if isinstance(data, float):
        return [data]
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        return [x for item in data for x in numbers(item)]
    return []


def decimals(value: float) -> int:
    """The decimals a float prints with (``repr``: the shortest that reads back)."""
    text = repr(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        return max(0, len(mantissa.partition(".")[2]) - int(exponent))
    return len(text.partition(".")[2].rstrip("0"))


def printed(command: str, fmt: str) -> str:
    args, _ = COMMANDS[command]
    out = run(command, *args, "--format", fmt)
    assert out.exit_code == 0, (command, fmt, out.output)
    return out.stdout


@pytest.mark.parametrize("command, fmt", [(c, f) for c, (_, fmts) in COMMANDS.items()
                                          for f in fmts])
def test_no_figure_has_more_than_four_decimals(command, fmt):
    text = printed(command, fmt)
    if fmt in ("json", "jsonl"):
        found = [x for line in text.splitlines() if line.strip()
                 for x in numbers(json.loads(line))]
        too_fine = [x for x in found if decimals(x) > PLACES]
    else:  # the cells of a CSV; a record's tags and events
        words = [c for row in csv.reader(io.StringIO(text)) for c in row] if fmt == "csv" \
            else re.findall(r"[^\s\"{}:,]+", text)
        found = [w for w in words if NUMBER.fullmatch(w.strip())]
        too_fine = [w for w in found if decimals(float(w)) > PLACES]
    assert found and not too_fine, (command, fmt, too_fine[:5])


def test_the_bidders_prediction_is_a_chance_to_four_places():
    """The advisor's prediction (its estimate, through BLAS) in the record's tag, the JSON and
    the CSV row: the same chance, four places."""
    record = printed("play", "record")
    tag = re.search(r'\[Prediction "([^"]+)"\]', record).group(1)
    data = json.loads(printed("play", "json"))
    row = list(csv.DictReader(io.StringIO(printed("play", "csv"))))[0]
    assert re.fullmatch(r"0\.[0-9]{1,4}|1\.0|0\.0", tag), tag
    assert data["prediction"] == float(tag) == float(row["prediction"])
    assert data["tags"]["Prediction"] == tag
    assert 0 <= data["prediction"] <= 1


def test_a_record_written_with_every_digit_still_reads(tmp_path):
    """A record from before, its prediction to 16 places: it reads, replays and reviews as
    before, its chance read to four places (its tag kept as written)."""
    text = printed("play", "record")
    old = re.sub(r'\[Prediction "[^"]+"\]', '[Prediction "0.9952771492994849"]', text)
    path = tmp_path / "old.txt"
    path.write_text(old, encoding="utf-8")
    again = run("play", "--record", str(path), "--format", "record")
    assert again.exit_code == 0 and again.stdout == old
    data = json.loads(run("play", "--record", str(path), "--format", "json").stdout)
    assert data["prediction"] == 0.9953
    row = run("play", "--record", str(path), "--format", "csv").stdout.splitlines()[1]
    assert row.endswith(",0.9953")
    review = run("review", str(path), "--seat", "1", "-n", "10", "--format", "json")
    assert review.exit_code == 0, review.output


@pytest.mark.parametrize("value, places", [(0.5, 1), (1.0, 0), (0.9953, 4), (12.25, 2),
                                           (0.9952771492994849, 16), (1e-05, 5),
                                           (2.5e-07, 8), (3.0, 0), (1.5e20, 0)])
def test_decimals_counts_what_a_float_prints(value, places):
    assert decimals(value) == places == decimals(float(repr(value)))
