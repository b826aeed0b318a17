"""Records as text: the one JSON writer and the one CSV writer.

Every result type's ``to_dict()`` is its record; ``dumps`` writes a record as one line of JSON
and ``csv_row`` writes a row of fields as one line of CSV, for the meld batch's output
(``meld.report``) and for every command (the CLI's ``write_json`` and ``write_csv``) alike.
Standard library only, imported when first used.
"""

from __future__ import annotations

from collections.abc import Iterable


def dumps(value: object) -> str:
    """A record as one line of JSON (``", "`` and ``": "`` between items), non-ASCII text as
    it is, unless it cannot be written as UTF-8 (a lone surrogate from a JSON escape): then
    escaped instead."""
    import json

    text = json.dumps(value, ensure_ascii=False)
    try:
        text.encode()
    except UnicodeEncodeError:
        return json.dumps(value)
    return text


def csv_row(fields: Iterable[object]) -> str:
    """A row of fields as one line of CSV, without its line end: a field quoted where it holds
    a comma, a quote, CR or LF (quotes doubled); None is an empty field; a truth value is
    ``true`` or ``false``, as JSON writes it."""
    import csv
    import io

    buffer = io.StringIO()
    # CR LF as the terminator makes the writer quote a field holding either (with LF alone it
    # leaves a lone CR bare, which a reader takes for a line end)
    csv.writer(buffer, lineterminator="\r\n").writerow(
        ("true" if f else "false") if isinstance(f, bool) else f for f in fields)
    return buffer.getvalue()[:-2]


def csv_field(value: object) -> str:
    """One CSV field as ``csv_row`` writes it."""
    return csv_row([value]) if value not in ("", None) else ""


__all__ = ["dumps", "csv_row", "csv_field"]
