"""Plain values written as text — a whole number, a yes/no, a date, a number or time token — read the one way
every package needs them.

A small model writes tool arguments as strings ("5", "true"), memory compares facts by their values ("giovedì alle
10" and "giovedì alle 11" share a subject, only a value changed), and an edited memory file carries ISO dates.
These are shapes of values, not words of a request: no rule table, no examples beyond the tests.
"""
from __future__ import annotations

import re

_WHOLE_NUMBER = re.compile(r"\s*[-+]?\d{1,18}\s*")  # up to 18 digits: an int64 on every platform
# a clock time, a date, an amount or a phone number as one token ("10:30", "12/05", "+39", "5pm", "9h")
_NUMERIC_TOKEN = re.compile(r"[\d.:,/+-]+(am|pm|h)?")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_YES = frozenset({"true", "yes", "1"})
_NO = frozenset({"false", "no", "0"})


def whole_number(text: str) -> int | None:
    """`text` as a whole number (signs and surrounding spaces allowed, at most 18 digits), else None."""
    return int(text) if _WHOLE_NUMBER.fullmatch(text) else None


def yes_or_no(text: str) -> bool | None:
    """"true"/"yes"/"1" -> True, "false"/"no"/"0" -> False (any case, spaces around), anything else None."""
    low = text.strip().lower()
    return True if low in _YES else False if low in _NO else None


def numeric_token(token: str) -> bool:
    """Is `token` a number, a time or a date written with digits ("10:30", "12/05", "5pm")?"""
    return _NUMERIC_TOKEN.fullmatch(token) is not None


def iso_date(text: str) -> bool:
    """Is `text` exactly a YYYY-MM-DD date?"""
    return _ISO_DATE.fullmatch(text) is not None
