"""Card players written outside the project: a policy name may end in ``/MODULE:NAME``, an
object whose ``choose(view)`` gives the card, in whole hands, the arena and the command line;
what it sees is what its seat sees, and a failure, an answer that is no card or a card the
rules forbid is a one-line error naming the policy, the seat and the card."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle_calc.errors import UserError
from pinochle_calc.game.arena import run_arena
from pinochle_calc.game.hand import Play
from pinochle_calc.game.policies import PolicyLoadError, policy, split_policy_name
from pinochle_calc.game.whole import PolicyError, deal_cards, hand_seed, play_hand

ROOT = Path(__file__).resolve().parents[2]


def test_a_name_splits_into_its_bidding_policy_and_its_card_player(bots):
    assert split_policy_name("formula/advisor") == ("formula", "advisor")
    assert split_policy_name("formula/bots:Lowest") == ("formula", "bots:Lowest")
    assert split_policy_name(f"{bots}:Opener/{bots}:Lowest") == (f"{bots}:Opener",
                                                                 f"{bots}:Lowest")
    assert split_policy_name(f"{bots}:Opener") == (f"{bots}:Opener", "heuristic")
    assert split_policy_name(f"formula/{bots}:Lowest") == ("formula", f"{bots}:Lowest")
    made = policy("formula/bots:Lowest")
    assert made.name == "formula/lowest" and made.cards.name == "lowest"
    with pytest.raises(UserError, match="unknown card player 'random'"):
        policy("formula/random")


def played_seed() -> int:
    """A deal whose cards the formula bidders play (not thrown in)."""
    return next(s for s in range(7, 40) if play_hand(deal_cards(s), "formula", "formula",
                                                      seed=hand_seed(s)).state.tricks)


def test_a_card_player_of_ones_own_plays_what_it_chooses_seeing_its_seat(bots):
    seen = []
    seed = played_seed()

    class Watching:
        name = "watching"

        def choose(self, view):
            seen.append(view)
            return max(view.legal(), key=lambda c: (c % 5, c))

    us = policy("formula")
    us.cards = Watching()
    record = play_hand(deal_cards(seed), us, "formula", seed=hand_seed(seed))
    state = record.state
    assert state.complete and seen
    for view in seen:  # only its own hand; a choice every time
        assert view.seat in (0, 2) and len(view.legal()) > 1
        assert view.hand == record.state_before(1).holding(view.seat) - sum_played(
            record, view)
    # the same hand by name: every card the player chose is its lowest legal card
    again = play_hand(deal_cards(seed), "formula/bots:Lowest", "formula", seed=hand_seed(seed))
    assert again.events == record.events and again.tag("Us") == "formula/lowest"
    by_text = play_hand(deal_cards(seed), "formula/bots:ByText", "formula",
                        seed=hand_seed(seed))
    assert by_text.events == record.events


def sum_played(record, view):
    """The cards ``view``'s seat has played before that view (the tricks it saw)."""
    from pinochle_calc.hand import Hand

    counts = [0] * 20
    for t in view.tricks:
        for k, c in enumerate(t.cards):
            if (t.leader + k) % 4 == view.seat:
                counts[c] += 1
    for k, c in enumerate(view.trick):
        if (view.leader + k) % 4 == view.seat:
            counts[c] += 1
    return Hand(counts)


@pytest.mark.parametrize("name, words", [
    ("Revokes", "played .* at card [0-9]+ \\(trick [0-9]+\\), which the rules forbid: "),
    ("ChoosesNothing", "answered card [0-9]+ \\(trick [0-9]+\\) with None: a card is"),
    ("ChooseFails", "failed in choose, at card [0-9]+ \\(trick [0-9]+\\): RuntimeError: no idea"),
    # True and False are ints to Python, but no card (not 10S, not AS)
    ("AnswersTrue", "answered card [0-9]+ \\(trick [0-9]+\\) with True: a card is"),
    ("AnswersFalse", "answered card [0-9]+ \\(trick [0-9]+\\) with False: a card is"),
    # one past the last card of the deck
    ("AnswersTwenty", "answered card [0-9]+ \\(trick [0-9]+\\) with 20: a card is"),
    # an int whose own methods raise: its value read, and named as a number
    ("TouchyNoCard", "answered card [0-9]+ \\(trick [0-9]+\\) with 99: a card is"),
])
def test_a_card_player_that_fails_or_breaks_the_rules_is_named(bots, name, words):
    seed = played_seed()
    with pytest.raises(PolicyError, match=f"policy formula/[a-z]+ at seat [02] {words}"):
        play_hand(deal_cards(seed), f"formula/bots:{name}", "formula", seed=hand_seed(seed))
    for jobs in (1, 2):  # the arena names the deal
        with pytest.raises(PolicyError, match="^deal [0-9]+ \\(seed 4\\), "):
            run_arena(f"formula/bots:{name}", "formula", 2, seed=4, jobs=jobs)


def test_an_answer_names_a_card_where_it_is_one_of_the_decks_own():
    """``card_answer`` against the deck itself: an index names a card exactly where the deck
    has a card of that index (the indexes of every card's text, parsed), True and False none."""
    from pinochle_calc.cards import Card
    from pinochle_calc.game.outside import card_answer

    indexes = {Card.parse(f"{rank}{suit}").index for suit in "SHDC"
               for rank in ("A", "10", "K", "Q", "J")}
    for value in range(-3, 40):
        assert card_answer(value) == (value if value in indexes else None), value
    assert card_answer(True) is None and card_answer(False) is None


def test_an_answer_of_a_subclass_is_read_by_its_value_alone(bots):
    """An int or str subclass whose every method raises answers the card its value names:
    the hand is the one the plain answer plays."""
    seed = played_seed()
    plain = play_hand(deal_cards(seed), "formula/bots:Lowest", "formula", seed=hand_seed(seed))
    for name in ("LowestAsTouchy", "LowestAsTouchyText"):
        touchy = play_hand(deal_cards(seed), f"formula/bots:{name}", "formula",
                           seed=hand_seed(seed))
        assert touchy.events == plain.events


def test_a_card_player_that_cannot_be_loaded_is_a_load_error(bots):
    with pytest.raises(PolicyLoadError, match="no choose"):
        policy("formula/bots:NoChoose")
    with pytest.raises(PolicyLoadError, match="has no name 'Missing'"):
        policy("formula/bots:Missing")
    with pytest.raises(PolicyLoadError, match="cannot import missing.py: no such file"):
        policy("formula/missing.py:X")
    # the factory's own name, not the loader's
    with pytest.raises(PolicyLoadError, match="makes_nothing gave a NoneType, which has no"
                       " choose") as caught:
        policy("formula/bots:makes_nothing")
    assert "lambda" not in str(caught.value)


def test_the_sample_player_from_the_shell_and_in_the_arena():
    sample = "samples/my_player.py:Cautious"
    out = subprocess.run([sys.executable, "-m", "pinochle_calc", "play", "--us",
                          f"formula/{sample}", "--them", "formula", "--seed", "3",
                          "--format", "json"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert '"us": "formula/cautious"' in out.stdout
    report = run_arena(f"formula/{sample}", "formula", 3, seed=5, jobs=2)
    assert report.policies[0].name == "formula/cautious"
    assert report.to_dict()["trick_points_per_hand"]["formula/cautious"] is not None
    bad = subprocess.run([sys.executable, "-m", "pinochle_calc", "play", "--us",
                          "formula/samples/my_player.py:Nope", "--seed", "3"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "has no name 'Nope'" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_every_card_a_player_of_ones_own_chose_was_its_answer(bots):
    record = play_hand(deal_cards(9), "formula/bots:Lowest", "formula/bots:Lowest",
                       seed=hand_seed(9))
    for n, event in enumerate(record.events, 1):
        if isinstance(event, Play):
            view_legal = record.state_before(n)
            from pinochle_calc.play.tricks import legal_cards

            held = view_legal.holding_counts(event.seat)
            legal = legal_cards(held, view_legal.trick, view_legal.trump)
            if len(legal) > 1:
                assert event.card == max(legal, key=lambda c: (c % 5, c))


def play_with(player: str, tmp_path) -> subprocess.CompletedProcess:
    """``play`` from the shell with ``player`` (a card player of ``tests/external_bots.py``)
    at seats 0 and 2, on a deal whose cards are played."""
    return subprocess.run([sys.executable, "-m", "pinochle_calc", "play", "--us",
                           f"formula/{ROOT}/tests/external_bots.py:{player}", "--them",
                           "formula", "--seed", str(played_seed()), "--format", "json"],
                          capture_output=True, text=True, cwd=tmp_path)


def test_a_card_player_that_closes_stdout_does_not_close_the_programs_streams(tmp_path):
    """It closed ``sys.stdout`` (once the program's stderr) and ``sys.stderr``: the program
    still writes its record to stdout, and its one-line error to stderr."""
    import json

    ok = play_with("ClosesStdout", tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["policies"]["us"] == "formula/closes"
    assert "closing" in ok.stderr and "Traceback" not in ok.stderr
    bad = play_with("ClosesStdoutThenFails", tmp_path)
    assert bad.returncode == 1 and not bad.stdout
    last = bad.stderr.strip().splitlines()[-1]
    assert re.fullmatch("Error: the deal of seed [0-9]+: policy formula/closes at seat [02]"
                        " answered card [0-9]+ \\(trick [0-9]+\\) with 99: a card is .*", last)
