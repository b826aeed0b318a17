"""Reading a record in either form (text, by ``text.read_text``; JSON, ``read_json``), from a
file too, and saving one so that nothing is lost."""

from __future__ import annotations

import io
import json
import os
import stat
from collections.abc import Mapping
from typing import Any

from ...errors import UserError, quoted, shorten
from ...hand import Hand
from ...scoring import RESULTS, SIDES
from ...seats import Seat
from .errors import RecordError
from .events import EVENT_KINDS, EVENT_TYPES, Event, comment_text, read_hand
from .json_form import FORMAT, to_json
from .record import MAX_EVENTS, Record, settled
from .tags import check_added_tag, load_spec
from .text import read_text, result_word, write_text

#: The largest record file read.
MAX_FILE = 1 << 20


def read_record(text: str, name: str = "record") -> Record:
    """A record in either form: JSON (the text starts with ``{``) or the text form."""
    body = text.lstrip("\ufeff").lstrip()
    if body.startswith("{"):
        return read_json(body, name)
    return read_text(text, name)


def load_record(path: str) -> Record:
    """The record in a file (``-``: standard input), either form; lines as ``lines.read_lines``
    reads them (any line ending, a byte order mark dropped)."""
    from ...lines import read_bytes, read_lines

    name = "stdin" if path == "-" else path
    try:
        data = read_bytes(path, MAX_FILE)
    except UserError as e:
        raise RecordError(str(e)) from None
    if len(data) > MAX_FILE:
        raise RecordError(f"a record is at most {MAX_FILE:,} bytes", source=name)
    lines = list(read_lines(io.BytesIO(data)))
    first = next((line for line in lines if not isinstance(line, str) or line.strip()), "")
    if isinstance(first, str) and first.lstrip().startswith("{"):
        bad = next((n for n, line in enumerate(lines, 1) if not isinstance(line, str)), None)
        if bad is not None:
            raise RecordError(str(lines[bad - 1]), source=name, line=bad)
        return read_json("\n".join(str(line) for line in lines), name)
    return read_text(lines, name)


def read_json(data: str | Mapping[str, Any], name: str = "record") -> Record:
    """A record from its JSON (text or parsed): the events are the record; the summary keys,
    where present, must agree with them."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise RecordError(f"not JSON: {e.msg} at line {e.lineno} column {e.colno}",
                              source=name) from None
        except RecursionError:
            raise RecordError("not JSON: nested too deeply", source=name) from None
        except ValueError:  # a number of more digits than Python reads (4,300)
            raise RecordError("not JSON: a number of more than 4,300 digits",
                              source=name) from None
    if not isinstance(data, Mapping):
        raise RecordError("a JSON record is an object with rules, dealer, hands and events",
                          source=name)
    try:
        done = settled(_from_json(data))
    except RecordError as e:
        raise e.at(source=name) from None
    mine = to_json(done)
    for key, value in data.items():
        if key in ("events", "tags", "hands", "rules", "dealer", "format"):
            continue
        if key in ("par", "par_note"):
            _check_par(done, key, value, data, name)
            continue
        if key not in mine:
            raise RecordError(f"unknown key {quoted(str(key))}; a record's keys are"
                              f" {', '.join(mine)}", source=name)
        if value != mine[key] and not (key in ("result", "score") and value is None):
            raise RecordError(f"{key} is {_short(value)}, but the events give"
                              f" {_short(mine[key])}", source=name)
    for number, item in enumerate(data.get("events") or [], 1):
        if isinstance(item, Mapping) and item.get("kind") == "meld" and "points" in item:
            said, points = item["points"], mine["events"][number - 1]["points"]
            if said != points:
                event = done.events[number - 1]
                raise RecordError(f"the meld says {_short(said)}, but the cards shown make"
                                  f" {points}", source=name, event=number, words=event.words(),
                                  seat=int(event.seat),
                                  rule=f"the meld table, {done.rules.name}")
    return done


def _check_par(record: Record, key: str, value: object, data: Mapping[str, Any],
               name: str) -> None:
    """The par's form (``game.par``): its figures depend on the solver's budget, so only
    what any par must be is checked: us and them adding up to the hand's trick points, and
    only where every seat's hand is known; its note, text where the par is null."""
    if key == "par_note":
        if not (value is None or isinstance(value, str)):
            raise RecordError("par_note: text, or null", source=name)
        if value is None and data.get("par", 0) is None:
            raise RecordError("par is null: par_note says why", source=name)
        return
    if value is None:
        return
    total = record.rules.trick_points
    if not isinstance(value, Mapping) or set(value) != {"us", "them"} or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= total
            for v in value.values()):
        raise RecordError(f'par: {{"us": N, "them": N}}, each 0 to {total}, or null',
                          source=name)
    if value["us"] + value["them"] != total:
        raise RecordError(f"par is {_short(value)}: us and them add up to {total}, the"
                          " hand's trick points", source=name)
    if any(h is None for h in record.hands):
        raise RecordError("par is given, but the record does not give every seat's hand",
                          source=name)


def _short(value: object) -> str:
    return shorten(json.dumps(value, ensure_ascii=False), 120)


def _from_json(data: Mapping[str, Any]) -> Record:
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"format {_short(fmt)}: a record's format is {FORMAT!r}")
    spec = data.get("rules")
    if not isinstance(spec, str):
        raise RecordError("rules: a preset name (with any key=value overrides), as text")
    rules = load_spec(spec)
    dealer = data.get("dealer", 3)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in range(4):
        raise RecordError(f"dealer: a seat 0 to 3, not {_short(dealer)}")
    tags_in = data.get("tags") or {}
    if not isinstance(tags_in, Mapping):
        raise RecordError("tags: an object of names and text values")
    tags = []
    for key, value in tags_in.items():
        if not isinstance(value, str):
            raise RecordError(f"tag {quoted(str(key))}: its value is text")
        tags.append(check_added_tag(str(key), value))
    hands_in = data.get("hands", [None] * 4)
    if not isinstance(hands_in, list) or len(hands_in) != 4:
        raise RecordError("hands: a list of four hands (text, or null where not known)")
    hands: list[Hand | None] = []
    for s, h in enumerate(hands_in):
        if h is not None and not isinstance(h, str):
            raise RecordError(f"hands[{s}]: a hand as text, or null")
        hands.append(None if h is None else read_hand(h, f"hands[{s}]"))
    items = data.get("events", [])
    if not isinstance(items, list):
        raise RecordError("events: a list of event objects")
    if len(items) > MAX_EVENTS:
        raise RecordError(f"more than {MAX_EVENTS:,} events: a hand has about 100")
    events = []
    for number, item in enumerate(items, 1):
        try:
            events.append(_event(item, number))
        except RecordError as e:
            raise e.at(event=number) from None
    result = data.get("result")
    if result is not None:
        if not isinstance(result, str):
            raise RecordError("result: text, one of " + ", ".join(RESULTS))
        result = result_word(result)
    score_in = data.get("score")
    score = None
    if score_in is not None:
        if not isinstance(score_in, Mapping) or set(score_in) != set(SIDES) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in score_in.values()):
            raise RecordError('score: {"us": N, "them": N}')
        score = (score_in["us"], score_in["them"])
    return Record(rules, Seat(dealer), tuple(hands), tuple(events), tuple(tags), result,
                  score)


def _event(item: object, number: int) -> Event:
    if not isinstance(item, Mapping):
        raise RecordError("an event is an object with kind and seat")
    kind = item.get("kind")
    if kind not in EVENT_KINDS:
        raise RecordError(f"kind {_short(kind)}: one of {', '.join(EVENT_KINDS)}")
    kind_type = EVENT_TYPES[kind]
    extra = set(item) - {"event", "kind", "seat", "comment"} - kind_type.json_keys
    if extra:
        raise RecordError(f"unknown key {quoted(sorted(map(str, extra))[0])} in a {kind}"
                          " event")
    if "event" in item and item["event"] != number:
        raise RecordError(f"numbered {_short(item['event'])}, but it is event {number}")
    seat = item.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(4):
        raise RecordError(f"seat {_short(seat)}: a seat is 0 to 3")
    comment = item.get("comment", "")
    if not isinstance(comment, str):
        raise RecordError("comment: text")
    return kind_type.read_json(Seat(seat), item, comment_text(comment) if comment else "")


def save_record(record: Record, path: str, new: bool = False) -> None:
    """Write the record's text to ``path`` so that a crash at any moment leaves either the old
    file or the new one: a temporary file beside it (``temporary_name``), flushed to disk, then
    renamed over it. ``new``: the file must not exist yet (nothing is ever written over one that
    appeared meanwhile). A symbolic link is written through to its target; a path that is not a
    plain file (a FIFO, a device, a folder) is refused. The temporary file is removed on any
    failure, Ctrl-C included, and held locked while it is written; a save then removes what
    saves of the same file killed before it left (``remove_stale_temporaries``)."""
    target = os.path.realpath(path)
    try:
        found = os.stat(target)
    except FileNotFoundError:
        found = None
    except OSError as e:
        raise UserError(f"cannot write {path}: {e.strerror}") from None
    if found is not None and new:
        raise UserError(f"{path} exists: a new record is never written over a file")
    if found is not None and not stat.S_ISREG(found.st_mode):
        raise UserError(f"{path} is not a plain file: a record is written to one")
    temporary = temporary_name(target, os.getpid())
    try:
        try:
            with open(temporary, "w", encoding="utf-8") as f:
                _lock(f.fileno())  # held until it is renamed: a live save's file, to others
                f.write(write_text(record))
                f.flush()
                os.fsync(f.fileno())
                if new:
                    _link_new(temporary, target, path)
                else:
                    os.replace(temporary, target)
        except OSError as e:
            raise UserError(f"cannot write {path}: {e.strerror}") from None
    finally:
        if os.path.lexists(temporary):
            try:
                os.unlink(temporary)
            except OSError:
                pass
    remove_stale_temporaries(path)


def temporary_name(target: str, pid: int) -> str:
    """The temporary file a save of the record at ``target`` (its real path) by process
    ``pid`` writes first: ``.NAME.PID.tmp`` beside it."""
    folder, name = os.path.split(target)
    return os.path.join(folder, f".{name}.{pid}.tmp")


def remove_stale_temporaries(path: str) -> list[str]:
    """Remove the temporary files that saves of the record at ``path`` left when they were
    killed mid-way: those named as ``temporary_name`` names them for its real path, plain files
    (never a link, a FIFO or a folder), whose process is no longer alive on this machine and
    which no process holds locked (a save holds its own locked, from another machine too where
    the file system passes locks on). Nothing else is touched, and nothing is said: what cannot
    be removed is left. The paths removed."""
    folder, name = os.path.split(os.path.realpath(path))
    head = f".{name}."
    try:
        entries = os.listdir(folder)
    except OSError:
        return []
    removed = []
    for entry in entries:
        pid = entry[len(head):-len(".tmp")]
        if not (entry.startswith(head) and entry.endswith(".tmp") and pid.isascii()
                and pid.isdigit() and len(pid) <= 10 and int(pid) > 0) or _alive(int(pid)):
            continue  # not a save's (0 and below name process groups), or a live one's
        full = os.path.join(folder, entry)
        try:  # not following a link, and not waiting on a FIFO
            fd = os.open(full, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                         | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode) and _lock(fd) and \
                    os.path.samestat(os.fstat(fd), os.lstat(full)):
                os.unlink(full)
                removed.append(full)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _alive(pid: int) -> bool:
    """Whether process ``pid`` (above 0) is alive on this machine (another user's too); on
    Windows always True, where ``os.kill`` would end the process it asks about."""
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except (OverflowError, OSError):  # past any process number
        return False
    return True


def _lock(fd: int) -> bool:
    """An exclusive lock taken, without waiting, on an open file (released when it is closed
    or its process dies): False where another process holds it. Where locks cannot be had (no
    ``fcntl`` on the platform, a file system without them), True: only the process's life
    tells."""
    try:
        import fcntl
    except ImportError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return True
    return True


def _link_new(temporary: str, target: str, path: str) -> None:
    """The temporary file as ``target``, which must not exist (a hard link, which no other
    writer can win a race against; a rename where the file system has no links)."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise UserError(f"{path} exists: a new record is never written over a file") from None
    except OSError:
        if os.path.lexists(target):
            raise UserError(f"{path} exists: a new record is never written over a file"
                            ) from None
        os.replace(temporary, target)


__all__ = ["read_json", "read_record", "load_record", "save_record", "temporary_name",
           "remove_stale_temporaries", "MAX_FILE"]
