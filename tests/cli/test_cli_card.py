"""The ``card`` command: the position as options or JSON (one, or a batch of JSON lines), the
advice as a table, JSON or CSV, and impossible positions refused with the place and the rule."""

import json

from cli_runner import run, run_json

ENDGAME = ["10S JS", "--trump", "H", "--trick", "AS QS", "--shown", "1:JS AC", "--shown",
           "2:JC", "--shown", "3:QD"]
MID = "JC JC JC JC QC QC QC QC KC KC KC KC 10C 10C 10C 10C JS JS"
MID_TRICKS = "0: QS KS JS KH; 10D KH JH AD"


def test_a_known_endgame_as_json():
    data = run_json("card", *ENDGAME)
    assert data["card"] == "10S"
    assert [c["card"] for c in data["choices"]] == ["10S", "JS"]
    assert data["choices"][0]["trick_points"] == {"mean": 2.0, "stderr": 0.0}
    assert data["choices"][0]["make_probability"] is None and data["choices"][0]["score"] is None
    assert data["reason"].startswith("partner's A♠ wins the trick: feed it a counter")
    assert data["inferred"][0] == {"seat": 1, "void": [], "highest": {}, "known": "JS AC",
                                   "holds": 2}
    assert data["samples"] == 300 and data["seed"] == 0


def test_mid_hand_with_the_contract_scores_every_card():
    data = run_json("card", MID, "--trump", "H", "--tricks", MID_TRICKS, "--contract", "0,50",
                    "--samples", "80", "--seed", "4")
    cards = [c["card"] for c in data["choices"]]
    assert len(cards) == len(set(cards)) == 5  # every distinct card: J♣ Q♣ K♣ 10♣ J♠
    assert all(0 <= c["make_probability"] <= 1 for c in data["choices"])
    scores = [c["score"]["mean"] for c in data["choices"]]
    assert scores == sorted(scores, reverse=True) and data["card"] == cards[0]
    by_seat = {d["seat"]: d for d in data["inferred"]}
    assert by_seat[1]["void"] == ["D"] and by_seat[1]["highest"] == {"H": "K"}
    assert by_seat[2]["highest"] == {"S": "K"}
    again = run_json("card", MID, "--trump", "H", "--tricks", MID_TRICKS, "--contract", "0,50",
                     "--samples", "80", "--seed", "4")
    assert again == data


def test_the_table_and_csv():
    table = run("card", *ENDGAME, "--format", "table")
    assert table.exit_code == 0
    assert table.stdout.startswith("Play 10♠: partner's A♠ wins the trick")
    assert "seat 1: holds ♠J  ♣A" in table.stdout
    csv = run("card", *ENDGAME, "--format", "csv")
    assert csv.stdout.splitlines() == [
        "card,recommended,trick_points,trick_points_stderr,make_probability,score,score_stderr",
        "10S,True,2.0,0.0,,,", "JS,False,1.0,0.0,,,"]


def test_the_position_as_json_and_a_batch_of_json_lines(tmp_path):
    one = run_json("card", MID, "--trump", "H", "--tricks", MID_TRICKS, "--samples", "50")
    position = {"hand": MID, "trump": "H", "tricks": MID_TRICKS}
    path = tmp_path / "one.json"
    path.write_text(json.dumps(position, indent=2))
    assert run_json("card", "--position", str(path), "--samples", "50") == one
    lines = [json.dumps(position), "# a comment", json.dumps({"hand": "AS", "trump": "X"}),
             json.dumps({**position, "tricks": [{"leader": 0, "cards": ["QS", "KS", "JS", "KH"]},
                                                {"cards": ["10D", "KH", "JH", "AD"]}]}),
             "{not json"]
    batch = run("card", "--position", "-", "--samples", "50", "--format", "jsonl",
                input="\n".join(lines) + "\n")
    assert batch.exit_code == 1
    out = [json.loads(x) for x in batch.stdout.splitlines()]
    assert [o["line"] for o in out] == [1, 4]
    assert {k: v for k, v in out[0].items() if k != "line"} == one
    assert out[1]["card"] == one["card"]
    errors = batch.stderr.splitlines()
    assert errors[0].startswith("line 3: trump: unknown suit 'X'")
    assert errors[1].startswith("line 5: not a JSON object")


def test_errors_name_the_trick_the_card_the_rule_and_the_column():
    bad = run("card", "AS KH QH", "--trump", "H", "--tricks", "0: AS 10S KS QX")
    assert bad.exit_code == 1
    assert bad.stderr.splitlines()[0] == ("Error: --tricks: trick 1, card 4: unknown card 'QX':"
                                          " unknown suit 'X', did you mean QS, QH, QD or QC?"
                                          " (column 14)")
    assert bad.stderr.splitlines()[2] == " " * 13 + "^^"
    hand = "JD JD JD JD QD QD QD QD KD KD KD KD 10D 10D 10D 10D KC KC"
    void = run("card", hand, "--trump", "H", "--tricks", "0: KC AS QC JC; KC JC QC QC")
    assert void.exit_code == 1 and "Traceback" not in void.output
    assert void.stderr.startswith("Error: --tricks: trick 2, card 2: seat 1 plays J♣, but it"
                                  " had shown it holds no ♣ (trick 1: A♠ on K♣, not following)"
                                  " (column 20)")
    order = run("card", "AS", "--trump", "H", "--tricks", "0: AS KS QS JS; 1: AH KH QH JH")
    assert "tricks out of order: trick 2 is led by seat 1, but seat 0 won trick 1" in order.stderr
    fifth = run("card", "AS AS AS AS", "--trump", "H", "--trick", "AS")
    assert fifth.exit_code == 1 and "a fifth A♠" in fifth.stderr
    short = run("card", "AS", "--trump", "H", "--tricks", "0: AS KS QS")
    assert "trick 1 has 3 cards" in short.stderr


def test_misuse_exits_2():
    assert run("card", "AS").exit_code == 2  # no trump
    assert run("card", "AS", "--trump", "H", "--contract", "5,50").exit_code == 2
    assert run("card", "AS", "--trump", "H", "--shown", "KS").exit_code == 2
    assert run("card", "AS", "--position", "-", input="{}").exit_code == 2


def test_every_other_hand_shown_ten_tricks_out_is_searched_exactly():
    """Ten tricks left, every other seat's cards shown: ``method`` says exact search, and
    every card's trick points are the double-dummy solver's values, with no error."""
    import numpy as np
    import pytest

    from pinochle_calc.cards import CARDS
    from pinochle_calc.hand import Hand
    from pinochle_calc.play.players import HeuristicPlayer
    from pinochle_calc.play.solver import COMPILED, solve
    from pinochle_calc.play.tricks import PlayState

    if not COMPILED:
        pytest.skip("ten tricks are searched exactly by the compiled solver")
    deck = np.random.default_rng(12).permutation(np.repeat(np.arange(20), 4)).reshape(4, 20)
    state = PlayState.deal([np.bincount(r, minlength=20).tolist() for r in deck], 2, 1)
    for _ in range(40):
        state = state.play(HeuristicPlayer().choose(state.view()))
    text = [str(Hand(h)) for h in state.hands]
    seat = state.to_play
    shown = [x for s in range(4) if s != seat for x in ("--shown", f"{s}:{text[s]}")]
    data = run_json("card", text[seat], "--trump", "D", "--seat", str(seat), *shown)
    assert data["method"] == "exact search"
    exact = solve(state.hands, state.trump, state.leader)
    assert {c["card"]: c["trick_points"]["mean"] for c in data["choices"]} == {
        str(CARDS[v.card]): v.points for v in exact.values}
    assert all(c["trick_points"]["stderr"] == 0 for c in data["choices"])
