"""What shape of answer a request asks for, read by rules (IT/EN): instant, no model.

"le ultime 5 righe" wants the tail, "prime 10 righe" the head, "quante righe" a count, "ci sono
file …?" a yes/no with the list, "riassumi" a summary (never the text itself), "dimmi gli errori"
the error lines. Data shapes are rendered exactly; judgement shapes (summary, errors, explain,
translate, open questions) are written by a model that can write, from short excerpts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .lead import without_lead
from .rules.column_ask import COLUMN_ASK
from .rules.question import QUESTION

COLUMN_OPS = ("sum", "average", "max", "min")
DEFAULT_LINES = 10
MAX_LINES = 200

_LINE_WORDS = r"(?:righe|riga|linee|linea|lines?|rows?)"
_TAIL = re.compile(r"(?i)\b(?:ultim[aei]|last|final[ei]?|coda|tail|bottom|fine)\b")
_HEAD = re.compile(r"(?i)\b(?:prim[aei]|first|inizio|initial[ei]?|head|top|beginning)\b")
_N_LINES = re.compile(r"(?i)\b(?P<a>\d{1,4})\s+" + _LINE_WORDS + r"\b|\b" + _LINE_WORDS + r"\s+(?P<b>\d{1,4})\b|"
                      r"\b(?:ultim[aei]|last|prim[aei]|first)\s+(?P<c>\d{1,4})\b")
_ONE_LINE = re.compile(r"(?i)\b(?:riga|linea|line|row)\b")
_LINES_PLURAL = re.compile(r"(?i)\b(?:righe|linee|lines|rows)\b")
_LINES_WORD = re.compile(r"(?i)\b" + _LINE_WORDS + r"\b")
COUNT_LINES = re.compile(r"(?i)quant[ei]\s+(?:righe|linee)|numero\s+di\s+(?:righe|linee)|how\s+many\s+lines|"
                         r"number\s+of\s+lines|line\s+count")
COUNT_WORDS = re.compile(r"(?i)quante\s+parole|numero\s+di\s+parole|how\s+many\s+words|word\s+count")
COUNT_ITEMS = re.compile(r"(?i)\bquant[ie]\s+(?:file|elementi|cartelle|documenti|foto)|how\s+many\s+(?:files|"
                         r"items|entries|folders|documents|photos)|\bcount\s+the\b|\bconta\b")
YES_NO = re.compile(r"(?i)^\s*(?:ci\s+sono|c['’]\s*è|c['’]\s*e\b|esiston[oa]|esiste|ho\s+(?:dei|degli|delle|qualche)|"
                    r"is\s+there|are\s+there|do\s+i\s+have|is\s+any)")
ERRORS = re.compile(r"(?i)\berror[ei]?s?\b|\berrore\b|\bwarning[s]?\b|\bavvis[oi]\b|\bproblem[ie]?s?\b")
SUMMARY = re.compile(r"(?i)\briassum\w*|\briassunto\b|\bsintes[ie]\w*|\bsummar\w+|\bsum\s+up\b|\bin\s+breve\b|"
                     r"\btl;?dr\b|\bdi\s+cosa\s+parla|\bwhat\s+is\s+it\s+about|\bgist\b")
EXPLAIN = re.compile(r"(?i)\bspiega\w*|\bexplain\w*|\bcosa\s+significa|\bche\s+cosa\s+vuol\s+dire|\bwhat\s+does\b.*"
                     r"\bmean\b|\bperch[eé]\b|\bwhy\b|\bcome\s+funziona|\bhow\s+does\b")
TRANSLATE = re.compile(r"(?i)\btradu\w*|\btranslat\w*|\bin\s+(?:inglese|italiano|english|italian)\b|"
                       r"\binto\s+(?:english|italian)\b")
GREETING = re.compile(r"(?i)^\s*(?:ciao|salve|buon\s*giorno|buongiorno|buona\s*sera|buonasera|buon\s*pomeriggio|hey|"
                      r"hei|ehi|hi|hello|good\s+(?:morning|afternoon|evening)|yo)\b|\bcome\s+(?:stai|va|ti\s+va)\b|"
                      r"\bhow\s+are\s+you\b|\bhow['’]?s\s+it\s+going\b|\bchi\s+sei\b|\bwho\s+are\s+you\b")
THANKS = re.compile(r"(?i)^\s*(?:grazie|thanks|thank\s+you|thx|ty|ti\s+ringrazio|molte\s+grazie|mille\s+grazie|"
                    r"perfetto[,!. ]+grazie|ok[,!. ]+grazie|great[,!. ]+thanks)\b")

CONTENT_QUESTION = QUESTION.pattern("about_content")
EVERYTHING = QUESTION.pattern("asks_everything")


@dataclass(frozen=True)
class Asked:
    lines: str = ""  # "head" | "tail": which lines of a text to show
    n: int = 0  # how many lines
    count: str = ""  # "lines" | "words" | "items": a number is the answer
    yes_no: bool = False  # "ci sono …?": answer yes/no, then the list
    kind: str = ""  # judgement: "summary" | "errors" | "explain" | "translate" | "question"; "" for data
    social: str = ""  # "greeting" | "thanks" for small talk; "told": only an account of what the person did
    column: str = ""  # "sum" | "average" | "max" | "min": a number computed from a table's column
    column_words: tuple[str, ...] = ()  # the column the question names, then its other words (which column)
    everything: bool = False  # "cosa sai di me?", "tell me everything": all that was found, not the nearest only


def asked(question: str) -> Asked:
    """The answer shape of `question` (never raises)."""
    q = question if isinstance(question, str) else ""
    short = len(q.split()) <= 8
    social = ""
    if short and THANKS.search(q):
        social = "thanks"
    elif short and GREETING.search(q):
        social = "greeting"
    elif _tells_only(q):
        social = "told"
    count = ("lines" if COUNT_LINES.search(q) else "words" if COUNT_WORDS.search(q)
             else "items" if COUNT_ITEMS.search(q) else "")
    which, n = "", 0
    if not count:
        m = _N_LINES.search(q)
        if m:
            n = int(m.group("a") or m.group("b") or m.group("c") or 0)
        if _TAIL.search(q) and (_LINES_WORD.search(q) or n):
            which = "tail"
        elif _HEAD.search(q) and (_LINES_WORD.search(q) or n):
            which = "head"
        n = min(max(n, 1), MAX_LINES) if which else 0
        if which and not m:
            n = 1 if _ONE_LINE.search(q) and not _LINES_PLURAL.search(q) else DEFAULT_LINES
    kind = ""
    if not count and not which:
        if SUMMARY.search(q):
            kind = "summary"
        elif TRANSLATE.search(q):
            kind = "translate"
        elif ERRORS.search(q):
            kind = "errors"
        elif EXPLAIN.search(q):
            kind = "explain"
    column, words = ("", ()) if count or which or kind else _column(q)
    if not (count or which or kind or column) and CONTENT_QUESTION.match(without_lead(q)):
        kind = "question"  # "(ciao, mi dici) quanto pago di canone secondo X?": answered from X's text, not X shown
    return Asked(which, n, count, bool(YES_NO.search(q)), kind, social, column, words, bool(EVERYTHING.search(q)))


def _tells_only(q: str) -> bool:
    """app/lang/asked_actions.tells_only, imported here late: it reads the request's clauses, which import more of
    app/lang than the answer shapes need at import time."""
    from .asked_actions import tells_only

    return tells_only(q)


def _column(q: str) -> tuple[str, tuple[str, ...]]:
    """Which computation a question asks of a table's column, and the words that may name the column
    (app/lang/rules/column_ask.py): "il totale della colonna importo" → ("sum", ("importo", …))."""
    op = next((op for op in COLUMN_OPS if COLUMN_ASK.pattern(op).search(q)), "")
    if not op:
        return "", ()
    m = COLUMN_ASK.pattern("column_named").search(q)
    named = next((g.lower() for g in (m.groups() if m else ()) if g), "")
    others = tuple(w.lower() for w in re.findall(r"[^\W\d_]{4,}", q) if w.lower() != named)
    return op, ((named,) if named else ()) + others


def slice_lines(text: str, which: str, n: int) -> list[str]:
    lines = text.splitlines()
    return lines[-n:] if which == "tail" else lines[:n]
