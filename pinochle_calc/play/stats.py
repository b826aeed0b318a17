"""The figures of a sample: a mean and its standard error (``Mean``: a card's figures, a
review's costs, an arena's margin), and with its quantiles (``Stats``: what the estimate and the
trick simulation report)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # numpy.typing costs a start-up millisecond: for the checker only
    from numpy.typing import ArrayLike


@dataclass(frozen=True)
class Mean:
    """A mean and its standard error: the one mean ± error type of the package."""

    mean: float
    stderr: float

    @classmethod
    def of(cls, values: ArrayLike) -> Mean:
        """The mean of a sample and the standard error of that mean (0 from one value)."""
        v = np.asarray(values, dtype=np.float64)
        n = len(v)
        if n == 0:
            raise ValueError("no samples")
        sd = float(v.std(ddof=1)) if n > 1 else 0.0
        return cls(float(v.mean()), sd / n ** 0.5)

    @classmethod
    def total(cls, parts: Iterable[Mean]) -> Mean:
        """The sum of independent means (their standard errors added in quadrature)."""
        parts = list(parts)
        return cls(sum(p.mean for p in parts), sum(p.stderr ** 2 for p in parts) ** 0.5)

    def to_dict(self) -> dict[str, float]:
        """The mean and its standard error, rounded to 3 places for printing."""
        return {"mean": round(self.mean, 3), "stderr": round(self.stderr, 3)}

    def text(self, least: int = 2, sign: bool = False) -> str:
        """``0.30 ± 0.10``: the mean and its standard error to the places the error needs
        (``places``; at least ``least``), signed with ``sign``."""
        d = places(self.stderr if self.stderr else self.mean, least)
        return f"{self.mean:{'+' if sign else ''}.{d}f} ± {self.stderr:.{d}f}"


ZERO = Mean(0.0, 0.0)
#: The most decimal places a figure is printed to (``places``).
MOST_PLACES = 6


def places(figure: float, least: int = 1) -> int:
    """The decimal places that show ``figure`` (a standard error, or a mean known exactly) to
    its first significant digit, at least ``least`` and at most ``MOST_PLACES``: ``±0.02``
    rather than ``±0.0``, ``0.004`` rather than ``0.00``; 0 needs ``least``."""
    size = abs(float(figure))
    if not size or not np.isfinite(size):
        return least
    first = -int(np.floor(np.log10(size)))  # places to the first significant digit
    if round(size, max(first, 0)) >= 10.0 ** -first * 9.5:  # 0.0096 shows as 0.010
        first -= 1
    return min(max(least, first), MOST_PLACES)


def share_words(share: float) -> str:
    """A share of some draws, as a player reads it: ``37%``; below 1%, ``1 in 270`` (``1 in
    1,000,000`` and beyond as ``under 1 in a million``); ``none`` and ``all`` at the ends, and
    ``over 99%`` short of all (never ``0%`` or ``100%`` for a share that is not)."""
    if share <= 0:
        return "none"
    if share >= 1:
        return "all"
    if share < 0.01:
        return f"1 in {round(1 / share):,}" if share >= 1e-6 else "under 1 in a million"
    if share >= 0.995:
        return "over 99%"
    return f"{share:.0%}"


@dataclass(frozen=True, repr=False)
class Stats:
    """Mean, standard error of the mean, and the 10th, 50th and 90th percentiles (values some
    sample actually took: the inverted CDF; ints when every sample is a whole number)."""

    mean: float
    stderr: float
    p10: int | float
    p50: int | float
    p90: int | float

    @classmethod
    def of(cls, values: ArrayLike) -> Stats:
        """The statistics of a sample."""
        v = np.asarray(values, dtype=np.float64)
        if v.size == 0:
            raise ValueError("no samples")
        return cls.of_counts(*np.unique(v, return_counts=True))

    @classmethod
    def of_counts(cls, values: ArrayLike, counts: ArrayLike) -> Stats:
        """The statistics of a sample given as its values (ascending) and how many times it
        took each, as a histogram has them."""
        x = np.asarray(values, dtype=np.float64)
        c = np.asarray(counts, dtype=np.int64)
        n = int(c.sum())
        if n == 0:
            raise ValueError("no samples")
        mean = float(x @ c) / n
        sd = (float((x - mean) ** 2 @ c) / (n - 1)) ** 0.5 if n > 1 else 0.0
        # the inverted CDF, as numpy.quantile(method="inverted_cdf") computes it: the value
        # at 0-based position ceil(n * q - 1) of the sorted sample
        at = np.clip(np.ceil(n * np.array([0.1, 0.5, 0.9]) - 1), 0, n - 1)
        q = x[np.searchsorted(np.cumsum(c), at, side="right")].tolist()
        taken = x[c > 0]
        if np.all(taken == np.trunc(taken)):
            q = [int(v) for v in q]
        return cls(mean, sd / n ** 0.5, q[0], q[1], q[2])

    def to_dict(self) -> dict[str, object]:
        """Mean, standard error and quantiles (rounded for printing)."""
        return self.figures()

    def figures(self) -> dict[str, object]:
        """Mean, standard error and quantiles (rounded for printing)."""
        return {"mean": round(self.mean, 2), "stderr": round(self.stderr, 2),
                "p10": self.p10, "p50": self.p50, "p90": self.p90}

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(mean={self.mean:.2f}, stderr={self.stderr:.2f},"
                f" p10={self.p10}, p50={self.p50}, p90={self.p90})")


__all__ = ["Mean", "ZERO", "Stats", "places", "share_words", "MOST_PLACES"]
