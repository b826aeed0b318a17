"""Write the exchange policy's shipped meld-gain tables (``pinochle_calc/exchange/gains.bin``).

Run by hand after a change to what the tables hold (the receiver hands the policy draws, the
meld of a part, the hints, the rule sets shipped): ``.venv/bin/python
benchmarks/make_exchange_tables.py``. Works out every entry ``tables.shipped`` names (each
trump, hint and side of the pass, with the pass of each shipped rule set) by
``policy.gain_entry``, the sums the policy works out itself where nothing is shipped, and
prints how many entries and bytes it wrote. ``tests/exchange/test_tables.py`` checks a sample
of the file against a fresh computation.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from pinochle_calc.exchange import tables
from pinochle_calc.exchange.policy import gain_entry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=tables.FILE)
    args = ap.parse_args()
    start = time.perf_counter()
    out = {tables.name(*e): gain_entry(*e) for e in tables.shipped()}
    tables.write(out, args.out)
    print(f"{len(out)} entries, {sum(e.size for e in out.values()):,} sums,"
          f" {args.out.stat().st_size:,} bytes in {args.out}"
          f" ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
