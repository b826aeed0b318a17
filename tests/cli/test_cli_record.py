"""`play --format record`, `play --record FILE` and `--at EVENT`: a hand written, read back,
replayed as recorded, and continued by the engine; bad records exit 1 with a located error."""

import json

from cli_runner import run_without_par as run

from pinochle_calc.game.hand import read_json, read_text


def record_text(*extra):
    result = run("play", "--seed", "3", "--us", "formula", "--them", "formula", "--format",
                 "record", *extra)
    assert result.exit_code == 0, result.output
    return result.stdout


def write(tmp_path, text, name="hand.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_play_writes_the_record_and_its_json_is_the_same_hand():
    text = record_text()
    assert text.startswith('[Rules "standard"]\n[Dealer "3"]\n[Us "formula"]')
    as_json = run("play", "--seed", "3", "--us", "formula", "--them", "formula", "--format",
                  "json")
    assert read_json(as_json.stdout) == read_text(text)


def test_play_record_replays_the_hand_as_recorded(tmp_path):
    text = record_text()
    path = write(tmp_path, text)
    again = run("play", "--record", path, "--format", "record")
    assert again.exit_code == 0 and again.stdout == text
    table = run("play", "--record", path, "--format", "table")
    assert "Contract: seat 3 (them, dealer) at 75, ♠ trump" in table.stdout
    assert "Score: us +38, them +83" in table.stdout
    from_json = write(tmp_path, run("play", "--record", path, "--format", "json").stdout, "h.json")
    assert run("play", "--record", from_json, "--format", "record").stdout == text


def test_from_the_first_event_with_the_records_policies_and_seed_is_the_same_hand(tmp_path):
    text = record_text()
    again = run("play", "--record", write(tmp_path, text), "--at", "1", "--format", "record")
    assert again.exit_code == 0
    assert again.stdout == text.replace('[Samples "1000"]\n', '[Samples "1000"]\n[From "1"]\n')


def test_from_a_call_the_engine_decides_the_rest(tmp_path):
    path = write(tmp_path, record_text())
    out = run("play", "--record", path, "--at", "call 3", "--us", "pass", "--them", "pass",
              "--format", "json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert [c["call"] for c in data["auction"][:2]] == [50, 51]
    assert data["auction"][2]["call"] == "pass" and data["tags"]["From"] == "3"
    assert data["tags"]["Us"] == "pass"
    assert read_json(out.stdout).state.complete


def test_bad_records_and_options_exit_with_one_line():
    bad = run("play", "--record", "/no/such/file")
    assert bad.exit_code == 1 and "cannot read /no/such/file" in bad.output
    both = run("play", "--record", "x.txt", "--deal", "d.txt")
    assert both.exit_code == 2
    alone = run("play", "--at", "3")
    assert alone.exit_code == 2 and "--record" in alone.output


def test_a_bad_event_names_the_line_event_and_rule(tmp_path):
    text = record_text().replace("call 1: 51", "call 1: 50")
    out = run("play", "--record", write(tmp_path, text))
    assert out.exit_code == 1
    assert "hand.txt line 13, event 2 (seat 1 bids 50): 50 is not above the current bid 50" \
        in out.output
    assert "Traceback" not in out.output
    out = run("play", "--record", write(tmp_path, record_text()), "--at", "call 99")
    assert out.exit_code == 1 and "call 99: the record has 17 calls" in out.output


def test_review_gives_one_object_per_decision(tmp_path):
    path = write(tmp_path, record_text())
    out = run("review", path, "--seat", "2", "--samples", "200", "--format", "jsonl")
    assert out.exit_code == 0, out.output
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    whole = json.loads(run("review", path, "--seat", "2", "--samples", "200", "--format",
                           "json").stdout)
    assert whole["decisions"] == rows and set(whole["by_phase"]) == {"auction", "exchange",
                                                                      "play"}
    assert [r["event"] for r in rows if r["phase"] == "auction"] == [3, 7, 11, 15, 17]
    # every card seat 2 played is reviewed but those the rules forced
    cards = [r for r in rows if r["phase"] == "play"]
    (note,) = whole["skipped"]
    forced = int(note.split()[0])
    assert note.endswith("cards the rules forced (no choice, no decision)")
    assert len(cards) + forced == 20 and len(cards) > 5
    assert all({"event", "seat", "actual", "advised", "cost", "mark"} <= set(r) for r in rows)
    assert all(set(r["cost"]) == {"mean", "stderr"} and r["seat"] == 2 for r in rows)
    assert all(r["cost"] == {"mean": 0.0, "stderr": 0.0} for r in rows
               if r["actual"] == r["advised"])
    # cards and passes as every JSON and CSV writes them (AC), the table as players do (A♣)
    from pinochle_calc.cards import Card
    from pinochle_calc.hand import Hand

    for r in rows:
        for choice in (r["actual"], r["advised"]):
            if r["phase"] == "play":
                assert str(Card.parse(choice)) == choice
            elif r["phase"] == "exchange":
                assert str(Hand.parse(choice)) == choice
    csv_rows = run("review", path, "--seat", "2", "--samples", "200", "--format", "csv")
    assert all(("♠" not in line and "♥" not in line and "♦" not in line and "♣" not in line)
               for line in csv_rows.stdout.splitlines())
    table = run("review", path, "--seat", "2", "--samples", "200", "--format", "table")
    assert "Cost by phase: auction" in table.stdout and "blunder" in table.stdout
    assert any(s in table.stdout for s in "♠♥♦♣")
    assert f"Left out: {forced} cards the rules forced" in table.stdout
    assert " play " in table.stdout and "Not reviewed" not in table.stdout


def test_review_errors_exit_one_or_two(tmp_path):
    path = write(tmp_path, "\n".join(['[Rules "standard"]', "call 0: pass"]))
    out = run("review", path)
    assert out.exit_code == 1 and "nothing to review" in out.output
    assert run("review", path, "--seat", "7").exit_code == 2
    assert run("review", path, "--convention", "x").exit_code == 2


def test_the_card_advisors_own_cards_review_at_cost_nothing(tmp_path):
    """A hand `play --us formula/advisor` played: every card seats 0 and 2 played with a choice
    is the card advice's, advised again from what the seat saw then, at cost 0."""
    out = run("play", "--seed", "8", "--us", "formula/advisor", "--them", "formula",
              "--format", "record")
    assert out.exit_code == 0 and '[Us "formula/advisor"]' in out.stdout
    path = write(tmp_path, out.stdout)
    review = run("review", path, "--seat", "0", "--seat", "2", "--samples", "300", "--format",
                 "json")
    assert review.exit_code == 0, review.output
    data = json.loads(review.stdout)
    cards = [d for d in data["decisions"] if d["phase"] == "play"]
    assert len(cards) >= 20 and {d["seat"] for d in cards} == {0, 2}
    assert all(d["actual"] == d["advised"] and d["mark"] == "fine" and d["cost"] == {
        "mean": 0.0, "stderr": 0.0} for d in cards)
    assert data["by_phase"]["play"] == {"mean": 0.0, "stderr": 0.0}


def test_from_a_card_event_the_card_players_play_on(tmp_path):
    path = write(tmp_path, run("play", "--seed", "8", "--us", "formula/advisor", "--them",
                               "formula", "--format", "record").stdout)
    # with the record's players and seed: the same hand, card for card
    same = run("play", "--record", path, "--at", "trick 6", "--format", "record")
    assert same.exit_code == 0, same.output
    record, again = read_text(open(path, encoding="utf-8").read()), read_text(same.stdout)
    assert again.events == record.events and again.tag("From") == str(
        next(n for n, e in enumerate(record.events, 1) if e.kind == "play") + 20)
    # other card players from trick 6 on: the first five tricks stand, the hand is finished
    other = run("play", "--record", path, "--at", "trick 6", "--us", "formula/heuristic",
                "--them", "formula/advisor", "--format", "json")
    assert other.exit_code == 0, other.output
    data = json.loads(other.stdout)
    assert data["tags"]["Us"] == "formula" and data["tags"]["Them"] == "formula/advisor"
    assert data["play"][:5] == json.loads(run("play", "--record", path, "--format",
                                              "json").stdout)["play"][:5]
    assert read_json(other.stdout).state.complete
    bad = run("play", "--record", path, "--at", "trick 6", "--us", "formula/cheat")
    assert bad.exit_code == 2 and "/heuristic or /MODULE:NAME" in bad.output


def test_at_is_the_event_and_from_its_old_spelling_says_the_same(tmp_path):
    path = write(tmp_path, record_text())
    args = ("--us", "formula", "--them", "pass", "--format", "record")
    new = run("play", "--record", path, "--at", "call 3", *args)
    old = run("play", "--record", path, "--from", "call 3", *args)
    assert new.exit_code == old.exit_code == 0 and new.stdout == old.stdout
    assert run("play", "--record", path, "--at", "1", "--from", "1").exit_code == 2


def test_show_tricks_is_plays_flag_and_tricks_is_no_option_of_play():
    shown = run("play", "--seed", "3", "--us", "formula", "--them", "formula", "--show-tricks",
                "-f", "table")
    assert shown.exit_code == 0 and " 20. seat " in shown.stdout
    assert run("play", "--seed", "3", "--tricks").exit_code == 2


def test_a_contract_is_seat_colon_bid_with_its_trump(tmp_path):
    args = ("play", "--seed", "3", "--us", "formula", "--them", "formula", "-f", "record")
    new = run(*args, "--contract", "1:55", "--trump", "S")  # seat 1 has a marriage in ♠
    assert new.exit_code == 0, new.output
    assert run(*args, "--contract", "1,S,55").stdout == new.stdout
    assert "contract 1: 55\ntrump 1: ♠\n" in new.stdout
    least = run(*args, "--contract", "1", "--trump", "S")
    assert "contract 1: 50\n" in least.stdout
    assert run(*args, "--contract", "1:55").exit_code == 2  # which trump?
    assert run(*args, "--trump", "S").exit_code == 2  # a trump without a contract
    assert run(*args, "--contract", "1,S,55", "--trump", "H").exit_code == 2


def test_a_records_seed_samples_or_event_of_any_text_is_no_crash(tmp_path):
    text = record_text()
    for old, new in (('[Seed "3"]', '[Seed "²"]'), ('[Samples "1000"]', '[Samples "²"]'),
                     ('[Seed "3"]', '[Seed "' + "9" * 40 + '"]')):
        assert old in text
        path = write(tmp_path, text.replace(old, new))
        out = run("play", "--record", path, "--at", "trick 19", "--us", "formula", "--them",
                  "formula", "-f", "record")
        assert out.exit_code == 0, (new, out.output)
    odd = run("play", "--record", write(tmp_path, text), "--at", "²")
    assert odd.exit_code == 1 and "names no event" in odd.stderr


def test_a_json_record_with_a_number_of_thousands_of_digits_exits_1(tmp_path):
    data = run("play", "--seed", "3", "--us", "formula", "--them", "formula", "-f", "json")
    big = data.stdout.replace('"call": 50', '"call": ' + "9" * 5000, 1)
    out = run("play", "--record", write(tmp_path, big, "big.json"))
    assert out.exit_code == 1 and "4,300 digits" in out.stderr


def test_a_prediction_of_hundreds_of_digits_is_no_infinity_in_json(tmp_path):
    text = record_text()
    path = write(tmp_path, text.replace('[Seed "3"]', '[Prediction "' + "9" * 400 + '"]\n'
                                        '[Seed "3"]'))
    out = run("play", "--record", path, "-f", "json")
    assert out.exit_code == 0
    data = json.loads(out.stdout, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    assert data["prediction"] is None


def test_review_sums_only_the_phases_that_had_a_decision(tmp_path):
    path = write(tmp_path, record_text())  # the standard rules pass no cards
    out = run("review", path, "-n", "10", "-f", "table")
    data = json.loads(run("review", path, "-n", "10", "-f", "json").stdout)
    phases = {d["phase"] for d in data["decisions"]}
    assert "exchange" not in phases
    line = next(x for x in out.stdout.splitlines() if x.startswith("Cost by phase: "))
    assert [p.split()[0] for p in line.removeprefix("Cost by phase: ").split(", ")] == [
        p for p in ("auction", "exchange", "play") if p in phases]
    sample = run("review", "samples/hand.txt", "--seat", "0", "-n", "10", "-f", "table")
    assert "exchange +" in sample.stdout or "exchange -" in sample.stdout
    assert "Seat 0 (us)" in sample.stdout and "Seat 1" not in sample.stdout


#: Where each CSV column of a hand is in its JSON form (the record's one model of it).
CSV_FROM_JSON = {"us": ("policies", "us"), "them": ("policies", "them"),
                 "bidder": ("contract", "seat"), "side": ("contract", "side"),
                 "bid": ("contract", "bid"), "trump": ("contract", "trump"),
                 "result": ("result",), "meld_us": ("meld", "us"),
                 "meld_them": ("meld", "them"), "tricks_us": ("tricks", "us"),
                 "tricks_them": ("tricks", "them"), "score_us": ("score", "us"),
                 "score_them": ("score", "them"), "prediction": ("prediction",)}


def test_a_hand_cut_part_way_is_one_csv_row_as_its_json_says(tmp_path):
    """The sample record cut after the auction's fourth call, after the contract, after
    trump, after the exchange, after the meld, in the play and whole (and without its
    players' tags): one row each, every cell the JSON form's figure, empty where the hand has
    not reached it."""
    import csv
    import io
    from pathlib import Path

    lines = Path("samples/hand.txt").read_text(encoding="utf-8").splitlines()

    def first(word: str) -> int:
        return next(i for i, line in enumerate(lines) if line.startswith(word))

    cuts = {"4 calls": first("call") + 4, "contract": first("trump"), "trump": first("pass"),
            "exchange": first("meld"), "meld": first("lead"), "play": first("lead") + 7,
            "whole": len(lines)}
    rows = {}
    for name, cut in [*cuts.items(), ("no players", None)]:
        text = "\n".join(lines[:cut] if cut is not None else
                         [x for x in lines if not x.startswith(("[Us", "[Them"))]) + "\n"
        path = write(tmp_path, text, f"{name}.txt")
        out = run("play", "--record", path, "-f", "csv")
        assert out.exit_code == 0, (name, out.output)
        header, *row = list(csv.reader(io.StringIO(out.stdout)))
        assert len(row) == 1
        rows[name] = dict(zip(header, row[0]))
        data = json.loads(run("play", "--record", path, "-f", "json").stdout)
        for column, keys in CSV_FROM_JSON.items():
            value = data
            for key in keys:
                value = None if value is None else value[key]
            assert rows[name][column] == ("" if value is None else str(value)), (name, column)
    assert rows["4 calls"]["bid"] == "" and rows["4 calls"]["us"] == "advisor:jump"
    assert [rows["contract"][c] for c in ("bidder", "side", "bid", "trump")] == [
        "0", "us", "70", ""]
    assert rows["trump"]["trump"] == "C" and rows["exchange"]["meld_us"] == ""
    assert rows["meld"]["meld_us"] == "163" and rows["meld"]["tricks_us"] == ""
    assert rows["play"]["score_us"] == "" and rows["whole"]["result"] == "made"
    assert rows["no players"]["us"] == "" and rows["no players"]["score_us"] != ""


def test_a_what_if_marks_the_hands_it_drew_in_the_table_and_tags_them_in_the_record(tmp_path):
    """A record that gives seat 0's hand alone (as the table writes it), continued: the table
    marks the three hands drawn, the record written tags them (``Drawn``), and so does every
    reading of it; the real hand is never marked."""
    text = record_text()
    own = "".join(line + "\n" for line in text.splitlines()
                  if not line.startswith(("hand 1:", "hand 2:", "hand 3:")))
    path = write(tmp_path, own)
    args = ["play", "--record", path, "--at", "trick 5", "--us", "formula", "--them",
            "formula"]
    written = run(*args, "--format", "record")
    assert written.exit_code == 0, written.output
    assert '[Drawn "1, 2, 3"]\n' in written.stdout
    assert [line.split(":")[0] for line in written.stdout.splitlines()
            if line.startswith("hand ")] == ["hand 0", "hand 1", "hand 2", "hand 3"]
    whatif = write(tmp_path, written.stdout, "whatif.txt")
    for shown in (run(*args, "--format", "table").stdout,
                  run("play", "--record", whatif, "--format", "table").stdout):
        seats = [line.split()[:2] + [line[25:27] == "* "] for line in shown.splitlines()
                 if line.startswith("  seat ")]
        assert seats == [["seat", "0", False], ["seat", "1", True], ["seat", "2", True],
                         ["seat", "3", True]]
        assert "* drawn: not the real hand, but one dealt to meet every event before event" \
            in " ".join(shown.split())
    as_json = json.loads(run("play", "--record", whatif, "--format", "json").stdout)
    assert as_json["tags"]["Drawn"] == "1, 2, 3"
    # a record that gives every hand, continued, draws none and marks none
    whole = run("play", "--record", write(tmp_path, text, "whole.txt"), "--at", "trick 5",
                "--us", "formula", "--them", "formula", "--format", "table").stdout
    assert "drawn" not in whole and "Drawn" not in whole and "  * " not in whole


def test_the_exchange_line_says_why_no_card_has_passed(tmp_path):
    """Trump named under rules that pass cards: the exchange is "to come" until the first pass,
    then the passes; with no trump named, "none (no trump was named)"; never "no trump was
    named" after it was."""
    lines = open("samples/hand.txt", encoding="utf-8").read().splitlines()
    trump = next(i for i, line in enumerate(lines) if line.startswith("trump 0:"))
    cuts = {"named": lines[:trump + 1], "passed": lines[:trump + 3],
            "none": [line for line in lines[:trump] if not line.startswith("hand ")]
            + ["trump 0: none"]}  # seat 0 holds a marriage: its hand left out
    said = {name: " ".join(run("play", "--record", write(tmp_path, "\n".join(cut) + "\n",
                                                             f"{name}.txt"),
                               "-f", "table").stdout.split())
            for name, cut in cuts.items()}
    assert "Exchange: to come" in said["named"] and "no trump was named" not in said["named"]
    assert "Exchange: seat 2 passes" in said["passed"] and "to come" not in said["passed"]
    assert "Exchange: none (no trump was named)" in said["none"]
