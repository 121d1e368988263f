"""What is wrong with runtime.toml, in the UI language.

The loader writes its problems in English, one form per kind of mistake
("ui.theme: expected one of auto, light, dark, got 'purple'"); this turns each
known form into a sentence of the UI language, keeping the key and the line
a person needs to find the spot. An unknown form is shown as it is.
"""
from __future__ import annotations

import re
from typing import Callable

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate  # lupdate reads the literal translate("CF", "...") calls below




def _syntax(what: str) -> str:
    if what.startswith("Illegal character '\\n'"):
        return translate("CF", "a quoted text is not closed (a \" is missing at the end of the line)")
    table: dict[str, Callable[[], str]] = {
        "Unclosed array": lambda: translate("CF", "a list opened with [ is not closed with ]"),
        "Unclosed inline table": lambda: translate("CF", "a { is not closed with }"),
        "Invalid value": lambda: translate("CF", "the value after = is missing or not valid"),
        "Expected newline or end of document after a statement":
            lambda: translate("CF", "there is something extra after the value"),
        "Cannot overwrite a value": lambda: translate("CF", "a key is written twice"),
        "Cannot declare": lambda: translate("CF", "a section is written twice"),
        "Expected '=' after a key in a key/value pair":
            lambda: translate("CF", "the = sign is missing after the key"),
        "Expected ']' at the end of a table declaration":
            lambda: translate("CF", "the ] closing a [section] is missing"),
    }
    for prefix, say in table.items():
        if what.startswith(prefix):
            return say()
    m = re.match(r"Illegal character '(.*)'", what)
    if m:
        return translate("CF", "the character %1 is not allowed here").replace("%1", m.group(1))
    return what


_VALUE_FORMS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"^expected true or false, got (.*)$"),
     lambda m: translate("CF", "must be true or false, not %1").replace("%1", m.group(1))),
    (re.compile(r"^expected a whole number, got (.*)$"),
     lambda m: translate("CF", "must be a whole number, not %1").replace("%1", m.group(1))),
    (re.compile(r"^expected a number in 0\.\.1, got (.*)$"),
     lambda m: translate("CF", "must be a number from 0 to 1, not %1").replace("%1", m.group(1))),
    (re.compile(r"^expected a number greater than 0, got (.*)$"),
     lambda m: translate("CF", "must be a number greater than 0, not %1").replace("%1", m.group(1))),
    (re.compile(r"^expected a number ≥ 0, got (.*)$"),
     lambda m: translate("CF", "must be 0 or more, not %1").replace("%1", m.group(1))),
    (re.compile(r"^expected -1 \(auto\) or a number in 0\.\.1, got (.*)$"),
     lambda m: translate("CF", "must be -1 (automatic) or a number from 0 to 1, not %1").replace("%1", m.group(1))),
    (re.compile(r"^expected a number, got (.*)$"),
     lambda m: translate("CF", "must be a number, not %1").replace("%1", m.group(1))),
    (re.compile(r"^expected a text string, got (.*)$"),
     lambda m: translate("CF", "must be a text in quotes, not %1").replace("%1", m.group(1))),
    (re.compile(r"^expected a list of \w+, got (.*)$"),
     lambda m: translate("CF", "must be a list in [ ], not %1").replace("%1", m.group(1))),
    (re.compile(r"^expected one of (.*), got (.*)$"),
     lambda m: translate("CF", "must be one of %1, not %2").replace("%1", m.group(1)).replace("%2", m.group(2))),
    (re.compile(r"^expected a \[(.*)\] table, got (.*)$"),
     lambda m: translate("CF", "must be a [%1] section, not %2").replace("%1", m.group(1)).replace("%2", m.group(2))),
]


def explain(problem: str) -> str:
    """One loader problem in the UI language."""
    m = re.match(r"^(.*): not valid TOML at line (\d+): (.*); fix the syntax or delete the file to regenerate it$",
                 problem)
    if m:
        text = translate("CF", "Line %1 is not valid: %2. Fix it, or delete the file to get the defaults back.")
        return text.replace("%1", m.group(2)).replace("%2", _syntax(m.group(3)))
    if problem.endswith(": not UTF-8 text; save it as UTF-8"):
        return translate("CF", "The file is not UTF-8 text: save it as UTF-8.")
    m = re.match(r"^(.*): cannot read \((.*)\)$", problem)
    if m:
        return translate("CF", "The file cannot be read (%1).").replace("%1", m.group(2))
    m = re.match(r"^(\S+) \(env for (\S+)\): (.*)$", problem)
    if m:
        text = translate("CF", "The environment variable %1: %2")
        return text.replace("%1", m.group(1)).replace("%2", _value(m.group(3)))
    m = re.match(r"^([\w.]+): (.*)$", problem)
    if m:
        return f"{m.group(1)}: {_value(m.group(2))}"
    return problem


def _value(text: str) -> str:
    for pattern, say in _VALUE_FORMS:
        m = pattern.match(text)
        if m:
            return say(m)
    return text
