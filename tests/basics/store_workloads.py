"""Work that goes through every store of the package (``pinochle_calc.stores``), run as a
program so that ``PINOCHLE_CALC_STORE_CAP`` holds every store to a few entries from the start:
``python store_workloads.py`` prints, as JSON, the answers of each workload and, for each store
met, whether it overflowed (forgot an entry to make room for another).

``tests/basics/test_stores.py`` runs it with the stores at full size and shrunk, and compares.
"""

from __future__ import annotations

import json
import sys

import numpy as np

#: Every kind of card exchange: each workload below runs under each.
EXCHANGES = ("standard,passing.cards=4",  # simultaneous, after trump
             "standard,steps=any,passing.cards=4",  # Davis's game
             "toby-thomas",  # partner first, before trump (its suit asked for)
             'standard,passing.cards=3,passing.order="partner-first"',  # tables not shipped
             "standard,passing.cards=2,marriage_required=after-pass")


def dealt(n: int, seed: int) -> np.ndarray:
    """``(n, 20)``: n hands, each of its own random deck."""
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(20), 4)
    return np.array([np.bincount(rng.permutation(deck)[:20], minlength=20) for _ in range(n)])


def whole_deals(n: int, seed: int) -> np.ndarray:
    """``(n, 4, 20)``: n deals of the whole deck."""
    rng = np.random.default_rng(seed)
    cards = np.array([rng.permutation(np.repeat(np.arange(20), 4)) for _ in range(n)])
    rows = np.repeat(np.arange(n * 4), 20) * 20 + cards.ravel()
    return np.bincount(rows, minlength=n * 80).reshape(n, 4, 20)


def hands_played(spec: str) -> list:
    """Two whole hands (every pass the pass advice's, the record replayed), the advice to two
    hands under two conventions (an estimate each, its deals conditioned on the calls), the
    policy's exchange on 24 deals for every trump and three pairs of hints, and the pure path
    of a bidder passing blind."""
    from pinochle_calc.bidding.advise import advise
    from pinochle_calc.exchange import policy
    from pinochle_calc.game.whole import deal_cards, play_hand
    from pinochle_calc.rules import load_rules

    rules = load_rules(spec)
    out: list = []
    for number in range(2):
        record = play_hand(deal_cards(31, number), "formula", "thumb", rules, seed=number)
        out.append((record.score, [str(e) for e in record.events], record.state.trick_points()))
    one, other = deal_cards(32, 0)[0], deal_cards(32, 1)[1]
    for hand, convention, auction in ((one, "jump", "55 p"), (one, "davis", "p 50"),
                                      (other, "davis", "p 50 p"), (other, "jump", "50 p 55")):
        out.append(advise(hand, auction, convention, rules, samples=50, seed=3).to_dict())
    deals = whole_deals(24, 5)
    for trump in range(4):  # the same hands with other hints: a key must tell them apart
        for hints in ((None, None), ("ace", None), (None, "ace")):
            done = policy.exchange(deals[:, 0], deals[:, 2], trump, rules, *hints)
            out.append((done.to_bidder.tolist(), done.to_partner.tolist()))
    if rules.pass_order == "simultaneous":
        greedy, policy.GREEDY = policy.GREEDY, None  # the numpy path, hand by hand
        try:
            out.append(policy.bidder_pass(deals[:3, 0], 2, rules.pass_cards, rules).tolist())
        finally:
            policy.GREEDY = greedy
    return out


def other_stores() -> list:
    """What no exchange reaches: meld records written a chunk at a time under two rule sets,
    the trump-worthy test with and without a marriage needed, the pairs of seats a swap
    building deals is between, seen from other seats, a pure solver's values on endgames, and
    the chance of winning the game from a few scores under three rule sets, and the layouts
    of the unseen cards dealt at positions of a played hand."""
    from pinochle_calc.exchange.hints import trump_worthy
    from pinochle_calc.hand import Hand
    from pinochle_calc.meld.batch import score_chunks
    from pinochle_calc.meld.report import JsonLines
    from pinochle_calc.play.conditions import _pairs
    from pinochle_calc.play.search import PySolver
    from pinochle_calc.rules import PRESETS, STANDARD

    out: list = []
    lines = [str(Hand(row.tolist())) for row in dealt(300, 9)] * 2
    for rules in (STANDARD, PRESETS["toby-thomas"]):
        for chunk in score_chunks(lines, rules):
            out.append(b"".join(JsonLines().chunk(chunk)).decode())
        out.append(trump_worthy(dealt(50, 3), rules.with_options(marriage_required="false"))
                   .tolist())
        out.append(trump_worthy(dealt(50, 3), rules).tolist())
    for seats in ((1, 2, 3), (0, 2, 3), (1, 2, 3), (0, 1, 3)):  # a seat's swaps building deals
        out.append([pairs.tolist() for pairs in _pairs(seats)])
    rng = np.random.default_rng(4)
    for trump in range(4):
        deck = rng.permutation(np.repeat(np.arange(20), 4))[:12]
        codes = [int(np.bincount(deck[s * 3:(s + 1) * 3], minlength=20)[suit * 5:suit * 5 + 5]
                     @ 5 ** np.arange(5)) for s in range(4) for suit in range(4)]
        out.append(PySolver(trump).values(codes, trump, []))
    from pinochle_calc.bidding.chances import game_chances
    from pinochle_calc.rules import load_rules

    for spec in ("standard", "toby-thomas", "standard", "standard,scoring.target=300"):
        table = game_chances(load_rules(spec))
        out.append([round(float(table.win(us, them, 0, d)), 12)
                    for us, them in ((0, 0), (400, 300), (250, 480)) for d in (0, 1)])
    out.append(unseen_layouts())
    return out


def unseen_layouts() -> list:
    """Ten layouts of the unseen cards at every fifth position of a hand the heuristic player
    plays (the ways each card splits among the seats, kept across positions)."""
    from pinochle_calc.game.whole import deal_cards
    from pinochle_calc.play.facts import read_position
    from pinochle_calc.play.players import HeuristicPlayer
    from pinochle_calc.play.position import position_after
    from pinochle_calc.play.tricks import PlayState
    from pinochle_calc.play.unseen import UnseenDealer

    hands = [h.counts for h in deal_cards(33, 0)]
    state, cards, out = PlayState.deal(hands, 2, 1), [], []
    player = HeuristicPlayer()
    for n in range(79):
        if n % 5 == 0:
            facts = read_position(position_after(hands, 2, 1, cards, contract=(1, 50)))
            out.append(UnseenDealer(facts).deal(np.random.default_rng(n), 10).tolist())
        card = player.choose(state.view())
        cards.append(card)
        state = state.play(card)
    return out


def main() -> None:
    from pinochle_calc import stores

    made: list = []  # every store, those of objects too, kept alive to be looked at
    init = stores.Store.__init__

    def tracked(self, name: str, bound: int) -> None:
        init(self, name, bound)
        made.append(self)

    stores.Store.__init__ = tracked  # type: ignore[method-assign]
    answers = {spec: hands_played(spec) for spec in EXCHANGES}
    answers["other"] = other_stores()
    overflowed: dict[str, bool] = {}
    for store in {*stores.STORES.values(), *made}:  # a store of each object: any overflowed
        overflowed[store.name] = overflowed.get(store.name, False) or store.turnovers > 0
    for function in stores.KEPT:
        info = function.cache_info()
        name = f"{function.__module__}.{function.__qualname__}"
        overflowed[name] = info.misses > info.currsize  # answers forgotten to make room
    json.dump({"answers": answers, "overflowed": overflowed}, sys.stdout)


if __name__ == "__main__":
    main()
