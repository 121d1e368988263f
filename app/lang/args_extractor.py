"""Deterministic argument extraction: the values a request carries, by rules.

`extract(text, now)` returns typed slots
    {"path": [...], "url": [...], "email": [...], "number": [...], "ext": [...],
     "date": [...], "time": [...], "window": {"since", "until", "hours"} | None, "_window_date": ...}
Values keep their original case (paths are case-sensitive). `masked_text(text)`
replaces each value with a placeholder ({path}, {url}, ...) so the embedder
sees the shape of the request, not its arguments; the arguments are then
re-extracted from the *new* request, never carried over blindly.

Pure functions; they never raise, whatever the input (fuzzed by hypothesis).
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import Any

from app.lang.file_kinds import FILE_EXTS, ext_alternation
from app.lang.numbers import number_word_spans

from .quotes import quote_spans
from .when import find_time_spans

log = logging.getLogger(__name__)

MAX_CHARS = 4000  # longer inputs are cut: bounded cost, and no request that long is a fast-path request
SLOT_KINDS = ("path", "url", "email", "number", "ext", "date", "time", "quoted", "window")
LIST_KINDS = ("path", "url", "email", "number", "ext", "date", "time", "quoted")
OBJECT_KINDS = ("path", "url", "email")  # values that name a thing to act on (a file, a page, an address)

# Extensions that are safe to read as a bare word ("i pdf", "PNGs"): not ordinary words in IT/EN. All known ones
# (FILE_EXTS, app/lang/file_kinds.py, by kind).
WORD_EXTS = frozenset("pdf txt docx odt rtf csv tsv xls xlsx ods pptx odp json jsonl xml yaml yml toml html jpg jpeg "
                      "png gif svg webp heic tiff mp3 wav flac mp4 mkv avi epub ipynb".split())
# Names that mean an extension only next to "file"/"documenti": "file word", "excel files".
EXT_ALIASES = {"word": "docx", "excel": "xlsx", "powerpoint": "pptx", "python": "py", "markdown": "md",
               "testo": "txt", "text": "txt", "immagine": None}
_EXT_ALIASES = {k: v for k, v in EXT_ALIASES.items() if v}
_FILE_WORDS = r"(?:file|files|documenti|documento|documents|document|doc)"

_TRAIL = ".,;:!?)]}>'\"»”’"
_RE_QUOTED = re.compile(r"[\"'“”«»‘’]((?:~|/|\.{1,2}/|[A-Za-z]:\\)[^\"'“”«»‘’\n]{1,512})[\"'“”«»‘’]")
# Any other quoted text is an argument too ("scrivi 'ciao' nel file ..."): read as every package reads a quote
# (quotes.py: an apostrophe inside a word neither opens nor closes one).
# "nel file ~/todo.txt: chiamare la banca": after a path and a colon, the rest is the text to write
_RE_AFTER_COLON = re.compile(r"(?:~|/)[^\s:]*[^\s:.,;]:\s+(?P<q>[^\n]{1,500}?)\s*$")
_RE_URL = re.compile(r"(?i)(?<![\w@])(?:(?:https?|ftp)://|www\.)[^\s<>\"'“”«»]{1,2048}")
_RE_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}")
_RE_PATH = re.compile(
    r"(?<![\w/~:.\\)-])(?:~(?:/[^\s\"'<>|]{0,1024})?|\.{1,2}/[^\s\"'<>|]{0,1024}|/[^\s\"'<>|/][^\s\"'<>|]{0,1024}"
    r"|[A-Za-z]:\\[^\s\"'<>|]{0,1024})")
_RE_BARE_FILE = re.compile(
    r"(?<![\w/~@.\\-])[\w][\w.\-]{0,200}\.(?P<ext>[A-Za-z0-9]{1,8})(?![\w.\-/@]|\.\w)")
_RE_HOME = re.compile(r"(?i)(?<![\w/~])home(?!\s*page|\w)")
# a file name dictated: "spese punto csv", "report dot txt" (a voice typist says the dot)
_RE_SAID_DOT = re.compile(r"(?i)(?<![\w/~@.\\-])(?P<name>\w[\w-]{0,100})\s+(?:punto|dot)\s+"
                          r"(?P<ext>[A-Za-z0-9]{1,8})(?![\w.])")
_RE_EXT_GLOB = re.compile(r"(?<![\w*])\*\.(?P<ext>[A-Za-z0-9]{1,8})(?!\w)")
_RE_EXT_DOT = re.compile(r"(?<![\w.*/~])\.(?P<ext>[A-Za-z0-9]{1,8})(?!\w)")
# "i pdf", "PNGs": a bare extension word, one group per kind of file (app/lang/file_kinds.py)
_RE_EXT_WORD = re.compile(r"(?i)(?<![\w.*/~-])(?P<ext>" + ext_alternation(WORD_EXTS.__contains__) + r")s?(?!\w)")
_RE_EXT_ALIAS = re.compile(
    rf"(?i)(?<!\w)(?:{_FILE_WORDS}\s+(?:di\s+|in\s+)?(?P<a1>{'|'.join(_EXT_ALIASES)})|(?P<a2>{'|'.join(_EXT_ALIASES)})\s+"
    rf"(?:files|documents|file))(?!\w)")
# Any known extension next to a file word ("i file zip", "the py files", "i fle log"): there it names a kind.
_NEXT_TO_FILE = ext_alternation(lambda e: len(e) > 1)
_RE_EXT_BY_FILE = re.compile(
    rf"(?i)(?<!\w)(?:(?:file|files|fle|fil|flie|documenti|documents)\s+(?P<e1>{_NEXT_TO_FILE})|"
    rf"(?P<e2>{_NEXT_TO_FILE})\s+(?:files|file|fle|fles|documents))(?!\w)")
_RE_TIME = re.compile(
    r"(?i)(?<![\w:.])(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?:\s*(?P<ap>am|pm))?(?![\w:]|\.\d)"
    r"|(?<!\w)(?:alle|all'|ore|at)\s*(?:ore\s+)?(?P<h2>[01]?\d|2[0-3])(?:[.:](?P<m2>[0-5]\d))?(?:\s*(?P<ap2>am|pm))?"
    r"(?![\w:]|[.,]\d)"
    r"|(?<![\w:.])(?P<h3>1[0-2]|0?\d)\s*(?P<ap3>am|pm)(?!\w)")
_RE_NUMBER = re.compile(r"(?<![\w.,/:\\-])-?\d{1,15}(?:[.,]\d{1,8})?(?![\w/:\\]|[.,]\d)")

PRIORITY = {"url": 0, "email": 1, "path": 2, "quoted": 3, "window": 4, "date": 5, "time": 6, "ext": 7, "number": 8}


@dataclass(frozen=True)
class SlotSpan:
    start: int
    end: int
    kind: str
    value: Any


def empty_slots() -> dict[str, Any]:
    """All slot kinds, empty. `_window_date` (internal) is the date that shares the window's phrase."""
    return {**{k: [] for k in LIST_KINDS}, "window": None, "_window_date": None}


def _strip_trailing(s: str, start: int) -> tuple[str, int]:
    end = start + len(s)
    while s and s[-1] in _TRAIL:
        # keep a closing bracket that has its opening one inside the value: "/tmp/a(1).txt"
        if s[-1] == ")" and s.count("(") >= s.count(")"):
            break
        s = s[:-1]
        end -= 1
    return s, end


_FILE_WORD_AFTER = re.compile(r"(?i)\s+(?:files?|documents?|documenti|docs)\b")
_FILE_WORD_BEFORE = re.compile(r"(?i)\b(?:files?|file)\s+$")


def _named_as_files(text: str, m: re.Match[str]) -> bool:
    """ "the .mol files", "i file .gpx": a dotted kind the list does not know, said to be a kind of file."""
    return (m.group("ext")[:1].isalpha() and (bool(_FILE_WORD_AFTER.match(text, m.end()))
                                               or bool(_FILE_WORD_BEFORE.search(text[:m.start()]))))


def _quoted_spans(text: str, now: datetime) -> list[SlotSpan]:
    """Quoted paths, quoted text, and the text after "nel file X:" (when nothing is quoted)."""
    c = [SlotSpan(m.start(), m.end(), "path", m.group(1).strip()) for m in _RE_QUOTED.finditer(text)]
    for start, end, inner in quote_spans(text):
        if inner.strip():
            c.append(SlotSpan(start, end, "quoted", inner.strip()))
    m2 = _RE_AFTER_COLON.search(text)
    if m2 and not any(s.kind == "quoted" for s in c):  # "scrivi nel file X: chiamare la banca": the text is the value
        c.append(SlotSpan(m2.start("q"), m2.end("q"), "quoted", m2.group("q").strip()))
    return c


def _address_spans(text: str, now: datetime) -> list[SlotSpan]:
    """Web addresses and email addresses, without the punctuation that ends the sentence."""
    c: list[SlotSpan] = []
    for m in _RE_URL.finditer(text):
        v, end = _strip_trailing(m.group(0), m.start())
        if len(v) > 4:
            c.append(SlotSpan(m.start(), end, "url", v if "://" in v else "https://" + v))
    for m in _RE_EMAIL.finditer(text):
        v, end = _strip_trailing(m.group(0), m.start())
        c.append(SlotSpan(m.start(), end, "email", v))
    return c


def _path_spans(text: str, now: datetime) -> list[SlotSpan]:
    """Paths as written, bare file names of a known kind ("report.pdf"), and "home"."""
    c: list[SlotSpan] = []
    for m in _RE_PATH.finditer(text):
        v, end = _strip_trailing(m.group(0), m.start())
        if v and v not in ("/", ".", ".."):
            c.append(SlotSpan(m.start(), end, "path", v))
    for m in _RE_BARE_FILE.finditer(text):
        if m.group("ext").lower() in FILE_EXTS and not re.fullmatch(r"[\d.]+", m.group(0)):
            c.append(SlotSpan(m.start(), m.end(), "path", m.group(0)))
    c += [SlotSpan(m.start(), m.end(), "path", "~/") for m in _RE_HOME.finditer(text)]
    c += [SlotSpan(m.start(), m.end(), "path", f"{m.group('name')}.{m.group('ext')}")
          for m in _RE_SAID_DOT.finditer(text) if m.group("ext").lower() in FILE_EXTS]
    return c


def _time_spans(text: str, now: datetime) -> list[SlotSpan]:
    """Dates and windows said in words (when.py), then clock times ("14:05", "alle 9", "3pm") as HH:MM."""
    c = [SlotSpan(start, end, kind, value) for start, end, kind, value in find_time_spans(text, now)]
    for m in _RE_TIME.finditer(text):
        h = m.group("h") or m.group("h2") or m.group("h3")
        mm = m.group("m") or m.group("m2") or 0
        ap = (m.group("ap") or m.group("ap2") or m.group("ap3") or "").lower()
        hh = int(h)
        if ap == "pm" and hh < 12:
            hh += 12
        elif ap == "am" and hh == 12:
            hh = 0
        c.append(SlotSpan(m.start(), m.end(), "time", f"{hh:02d}:{int(mm):02d}"))
    return c


def _ext_spans(text: str, now: datetime) -> list[SlotSpan]:
    """Kinds of file: "*.pdf", ".csv", "i pdf", "i file zip", "file word"."""
    c: list[SlotSpan] = []
    for rx in (_RE_EXT_GLOB, _RE_EXT_DOT, _RE_EXT_WORD):
        for m in rx.finditer(text):
            e = m.group("ext").lower()
            if rx is not _RE_EXT_WORD and e not in FILE_EXTS and not _named_as_files(text, m):
                continue
            c.append(SlotSpan(m.start(), m.end(), "ext", f"*.{e}"))
    for m in _RE_EXT_BY_FILE.finditer(text):
        e = (m.group("e1") or m.group("e2")).lower()
        at = m.start("e1") if m.group("e1") else m.start("e2")
        c.append(SlotSpan(at, at + len(e), "ext", f"*.{e}"))
    for m in _RE_EXT_ALIAS.finditer(text):
        a = (m.group("a1") or m.group("a2")).lower()
        c.append(SlotSpan(m.start(), m.end(), "ext", f"*.{_EXT_ALIASES[a]}"))
    return c


def _number_spans(text: str, now: datetime) -> list[SlotSpan]:
    """Numbers in digits ("3,5" is 3.5), then numbers said in words ("trecento meno ottantacinque")."""
    c: list[SlotSpan] = []
    for m in _RE_NUMBER.finditer(text):
        raw = m.group(0).replace(",", ".")
        try:
            num: float | int = float(raw) if "." in raw else int(raw)
        except ValueError:
            continue
        c.append(SlotSpan(m.start(), m.end(), "number", num))
    c += [SlotSpan(start, end, "number", value) for start, end, value in number_word_spans(text)]
    return c


# Every reading of a value, one kind of value each; overlaps are settled by _select (PRIORITY), so the order
# here only orders spans of equal priority, length and start.
_SPAN_READERS = (_quoted_spans, _address_spans, _path_spans, _time_spans, _ext_spans, _number_spans)


def _candidates(text: str, now: datetime) -> list[SlotSpan]:
    """Every span some reader finds, overlaps included; a path inside quoted text is the text's, not a path."""
    c = [s for read in _SPAN_READERS for s in read(text, now)]
    quotes = [(s.start, s.end) for s in c if s.kind == "quoted"]
    # "con '<h1>Manutenzione</h1>'": a slash inside a quoted text is the text's, not a path of the request
    return [s for s in c if s.kind != "path" or not any(a < s.start and s.end < b for a, b in quotes)]


def _select(cands: list[SlotSpan]) -> list[SlotSpan]:
    """Non-overlapping spans by priority; a date and a window may share one span ("oggi")."""
    cands = sorted(cands, key=lambda s: (PRIORITY[s.kind], -(s.end - s.start), s.start))
    chosen: list[SlotSpan] = []
    for s in cands:
        ok = True
        for t in chosen:
            if s.start < t.end and t.start < s.end:
                if (s.start, s.end) == (t.start, t.end) and {s.kind, t.kind} == {"date", "window"}:
                    continue
                ok = False
                break
        if ok:
            chosen.append(s)
    chosen.sort(key=lambda s: (s.start, PRIORITY[s.kind]))
    return chosen


def _as_datetime(now: datetime | date | None) -> datetime:
    if isinstance(now, datetime):
        return now.replace(tzinfo=None)
    if isinstance(now, date):
        return datetime(now.year, now.month, now.day, 12, 0, 0)
    return datetime.now().replace(microsecond=0)


def extract_spans(text: Any, now: datetime | date | None = None) -> tuple[dict[str, Any], list[SlotSpan]]:
    """Slots and the spans they came from. Never raises."""
    slots = empty_slots()
    if not isinstance(text, str) or not text:
        return slots, []
    text = text[:MAX_CHARS]
    try:
        spans = _select(_candidates(text, _as_datetime(now)))
    except Exception:  # a rule bug must cost a fast-path miss, never a crash
        log.exception("args extractor failed (request of %d characters; text not logged)", len(text))
        return slots, []
    window_span: tuple[int, int] | None = None
    for s in spans:
        if s.kind == "window":
            if slots["window"] is None:
                slots["window"] = s.value
                window_span = (s.start, s.end)
        elif s.value not in slots[s.kind]:
            slots[s.kind].append(s.value)
    if window_span:  # "oggi"/"ieri": one phrase gives a date and a window; the argument guard treats them as one
        slots["_window_date"] = next((s.value for s in spans if s.kind == "date" and (s.start, s.end) == window_span),
                                     None)
    return slots, spans


def extract(text: Any, now: datetime | date | None = None) -> dict[str, Any]:
    """Typed slots of `text` resolved against `now` (default: the current local time)."""
    return extract_spans(text, now)[0]


PLACEHOLDER = {"path": "{path}", "url": "{url}", "email": "{email}", "number": "{number}", "ext": "{ext}",
               "date": "{date}", "time": "{time}", "quoted": "{quoted}", "window": "{window}"}
_MASK_NOW = datetime(2000, 1, 3, 12, 0, 0)  # spans do not depend on the date; a fixed one keeps masking pure


@lru_cache(maxsize=8192)
def masked_text(text: str) -> str:
    """`text` with every extracted value replaced by its placeholder."""
    if not isinstance(text, str):
        return ""
    text = text[:MAX_CHARS]
    _, spans = extract_spans(text, _MASK_NOW)
    out: list[str] = []
    pos = 0
    last: tuple[int, int] | None = None
    for s in spans:
        if last == (s.start, s.end):
            continue  # the date+window pair of "oggi": one placeholder
        out.append(text[pos:s.start])
        out.append(f" {PLACEHOLDER['date' if s.kind == 'window' and _shares(spans, s) else s.kind]} ")
        pos = s.end
        last = (s.start, s.end)
    out.append(text[pos:])
    return "".join(out)


def _shares(spans: list[SlotSpan], s: SlotSpan) -> bool:
    return any(t is not s and (t.start, t.end) == (s.start, s.end) and t.kind == "date" for t in spans)


def slot_kinds_present(slots: dict[str, Any]) -> set[str]:
    return {k for k in LIST_KINDS if slots.get(k)} | ({"window"} if slots.get("window") else set())
