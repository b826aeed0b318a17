"""The played hand, modelled once: its events (``events``), the immutable state they advance
(``state``), the record of a hand (``record``), its text and JSON forms (``text``,
``json_form``), reading and saving files (``files``), what its tags say (``tags``), the error of
a record that breaks the rules (``errors``) and the hand as one seat sees it (``position``).
Whole hands, records, review, the table and the library all drive ``HandState``;
``pinochle_calc.hand`` is the 20 cards a seat holds."""

from .errors import Place, RecordError
from .events import (
    EVENT_KINDS,
    EVENT_TYPES,
    Call,
    Contract,
    Event,
    EventKind,
    MeldShown,
    Pass,
    Play,
    Request,
    ThrowIn,
    Trump,
)
from .files import load_record, read_json, read_record, save_record
from .json_form import FORMAT, to_json, write_json
from .position import card_position, deal_unknown
from .record import Record, find_event, settled
from .state import Contracted, Decision, HandState
from .tags import convention_of, load_spec, prediction_of, rules_spec
from .text import read_text, write_text

__all__ = ["Record", "HandState", "Decision", "Contracted", "RecordError", "Place", "Event",
           "EventKind", "Call", "Contract", "Request", "Trump", "Pass", "MeldShown", "ThrowIn",
           "Play", "EVENT_KINDS", "EVENT_TYPES", "settled", "rules_spec", "load_spec",
           "find_event", "read_text", "write_text", "read_json", "write_json", "to_json",
           "read_record", "load_record", "save_record", "card_position", "deal_unknown",
           "convention_of", "prediction_of", "FORMAT"]
