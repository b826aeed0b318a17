"""Figures printed to the precision they have (issue 32): a standard error never reads ±0.0, a
difference called better never reads 0.00 ± 0.00, a share of the draws never reads 0% or 100%
unless it is."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from pinochle_calc.play.stats import MOST_PLACES, Mean, places, share_words


def test_a_figure_prints_to_its_first_significant_digit():
    """Over figures from 1e-6 to 1000: printed to ``places``, a figure above 0 never reads 0
    and is within half its last place of the truth; ``least`` places are always there, and
    more only where the figure needs them for its first significant digit (that digit is then
    the last printed)."""
    rng = np.random.default_rng(32)
    for value in 10 ** rng.uniform(-MOST_PLACES, 3, 2000):
        for least in (1, 2):
            d = places(value, least)
            printed = f"{value:.{d}f}"
            assert float(printed) > 0, (value, printed)
            assert abs(float(printed) - value) <= 0.5 * 10 ** -d + 1e-12
            if value >= 0.95 * 10 ** -least:
                assert d == least, (value, d)
            else:  # one significant digit, the last place printed
                assert printed.rstrip("0") == printed and \
                    len(printed.split(".")[1].lstrip("0")) == 1, (value, printed)
    assert places(0.0, 2) == 2 and places(float("nan"), 1) == 1


@pytest.mark.parametrize("mean, stderr, text", [
    (0.3, 0.1, "0.30 ± 0.10"), (0.004, 0.001, "0.004 ± 0.001"),
    (0.0004, 0.0, "0.0004 ± 0.0000"), (12.3456, 0.51, "12.35 ± 0.51"), (0.0, 0.0, "0.00 ± 0.00"),
])
def test_a_mean_prints_to_the_places_its_error_needs(mean, stderr, text):
    assert Mean(mean, stderr).text() == text


def test_a_share_reads_as_a_player_says_it():
    """Never 0% or 100% for a share between them; ``1 in N`` reads back within rounding."""
    rng = np.random.default_rng(33)
    for share in np.concatenate([rng.uniform(0, 1, 3000), 10 ** rng.uniform(-8, 0, 3000),
                                 1 - 10 ** rng.uniform(-8, -1, 500)]):
        words = share_words(float(share))
        assert words not in ("0%", "100%"), share
        m = re.fullmatch(r"1 in ([\d,]+)", words)
        if m:
            n = int(m.group(1).replace(",", ""))
            assert abs(1 / n - share) <= share * 0.5 / n + 1e-12 and share < 0.01
        elif words.endswith("%") and not words.startswith("over"):
            assert abs(float(words[:-1]) / 100 - share) <= 0.005 + 1e-12
    assert share_words(0) == "none" and share_words(1) == "all"
    assert share_words(0.9951) == "over 99%" and share_words(1e-7) == "under 1 in a million"
    assert math.isclose(0.0023, 1 / 435, rel_tol=0.01) and share_words(0.0023) == "1 in 435"
