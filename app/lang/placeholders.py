"""The two placeholder syntaxes in a tool call's arguments, and which placeholder an argument's name takes.

* `{{stepN.field}}` — the engine's reference to an earlier step's result (app/turn/refs.py resolves it; the
  router's L2 writes and renumbers them; the argument guard lets them pass untouched).
* `{kind}`, `{kind[i]}`, `{kind[*]}`, `{window.hours}`, `{ext.dot}` — a value of the request, by the kind the
  argument extractor reads (app/lang/args_extractor.py): a remembered call is templated with these and filled
  from the next request (app/routing/slots.py).

These read the app's own formats, not words people say, so they are code here rather than rules with examples;
one definition keeps the writer and the readers of a syntax from drifting apart (L2 and turn/refs had a copy each).
"""
from __future__ import annotations

import re

# `{{step3}}`, `{{ step1.files.0.content }}`: group 1 the step, group 2 the ".a.b" path (may be empty)
STEP_REF = re.compile(r"\{\{\s*step(\d+)((?:\.[A-Za-z0-9_\-]+)*)\s*\}\}")
# where a `{{stepN…` reference starts (written or not yet closed)
STEP_REF_START = re.compile(r"\{\{\s*step\d+")
# any `{{step…` a value holds, with a number or not ("{{stepN.content}}", the template itself, written by a model)
STEP_REF_ANY = re.compile(r"\{\{\s*step", re.I)
# `{path[*]}`, `{window.hours}`: group 1 the kind, 2 the index (digits or "*"), 3 the attribute
SLOT = re.compile(r"(?<!\{)\{(path|url|email|number|ext|date|time|quoted|window|text|expression|topic)(?:\[(\d+|\*)\])?"
                  r"(?:\.(hours|since|until|bare|dot))?\}(?!\})")

# the values a clause can carry for a later clause to use ("ho questi numeri: 3 5 7, sommali")
CARRIED_VALUES = ("url", "number", "quoted", "email")
_W = r"(?:^|_)"  # rules match whole parts of snake_case names: "what" is not "at", "photo" is not "to"
# argument name (lower case) -> the placeholder that fills it from the request; the first that matches wins
_NAME_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(paths|files|sources)$"), "{path[*]}"),
    (re.compile(_W + r"(dest|destination|target)(_path|_dir|_folder)?$"), "{path[1]}"),
    (re.compile(_W + r"(path|root|dir|folder|file|src|source)$"), "{path}"),
    (re.compile(r"^urls$"), "{url[*]}"), (re.compile(_W + r"(url|link|href)$"), "{url}"),
    (re.compile(_W + r"(email|recipient|to)$"), "{email}"),
    (re.compile(_W + r"(within_hours|hours)$"), "{window.hours}"), (re.compile(r"^since$"), "{window.since}"),
    (re.compile(r"^until$"), "{window.until}"), (re.compile(_W + r"(date|day)$"), "{date}"),
    (re.compile(_W + r"(time|at)$"), "{time}"), (re.compile(r"^(ext|extension|pattern|glob)$"), "{ext}"),
    (re.compile(r"^(n|count|limit|number|amount|level|percent|value)$"), "{number}"),
    (re.compile(r"^(instruction|question|prompt|request)$"), "{text}"),
    (re.compile(_W + r"(content|text|body|message)$"), "{quoted}"),
)


def slot_for_argument(name: str) -> str | None:
    """The placeholder an argument named `name` takes ("dest_path" -> "{path[1]}"), None when its name says no
    kind of value a request carries. For tools without a slot table of their own."""
    low = name.lower()
    return next((ph for rx, ph in _NAME_RULES if rx.search(low)), None)
