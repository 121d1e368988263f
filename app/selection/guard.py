"""The checks on a streamed selection answer: stop garbage at once, and say which values a rewrite lost.

Like the planner's guard (app/planner/answer.py) — template markers, a loop, a script the conversation does not
use stop the generation — with two differences the selection needs: an answer that repeats the selected text is
what a correction or a light rewrite looks like (never an "echo of the prompt"), and a loop is only a phrase the
text itself does not repeat. A label the model writes first ("Traduzione:") and a fence or marker it wraps the
answer in are removed, not held against it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from app.lang.rules.planner_answer import PLANNER_ANSWER
from app.lang.rules.selection_answer import SELECTION_ANSWER

from .prompt import clean_answer

HOLD_CHARS = 24  # the first characters are held until they look like an answer (a label is removed first)
_MARKERS = PLANNER_ANSWER.pattern("markers")
_LABEL = SELECTION_ANSWER.pattern("label")
_PREAMBLE = SELECTION_ANSWER.pattern("preamble")
_REFUSAL = SELECTION_ANSWER.pattern("refusal")
_FOREIGN = re.compile(r"[\u0400-\u04ff\u0590-\u06ff\u0900-\u0dff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_WRAP = re.compile(r"^\s*(?:```[\w-]*|<<<)\s*\n|\n\s*(?:```|>>>)\s*$")
_NUMBER = re.compile(r"(?<![\w.,:])\d+(?:[.,:]\d+)*(?![\w])")
_LINK = re.compile(r"(?:https?://|www\.)[^\s<>\"')\]]+|[\w.+-]+@[\w-]+\.[\w.-]+")


_END_BLOCK = re.compile(r"(?:^|\n)\s*(?:>>>|<<<)")  # the model closing or opening a data block: the answer ends


def end_of_answer(raw: str) -> int | None:
    """Where the model began to write a data block of its own (the answer is what came before), or None."""
    text = clean_answer(raw).lstrip()
    return next((m.start() for m in _END_BLOCK.finditer(text) if text[:m.start()].strip()), None)  # not a leading one


_QUOTES = {'"': '"', "“": "”", "«": "»", "'": "'"}
_SENTENCE_END = re.compile(r"[.!?…](?=\s|$)")


def tidy(raw: str, source: str = "") -> str:
    """The answer as the person reads it: no label before it, no fence, marker or quotes around it (quotes the
    text itself does not open with), no joiner."""
    text = clean_answer(raw).lstrip()
    cut = end_of_answer(text)
    text = _PREAMBLE.sub("", text[:cut] if cut is not None else text, count=1)
    text = _WRAP.sub("", _LABEL.sub("", text, count=1)).strip()
    close = _QUOTES.get(text[:1])
    if close and len(text) > 2 and text.endswith(close) and close not in text[1:-1] and \
            not source.lstrip().startswith(text[:1]):
        text = text[1:-1].strip()
    return text


_CLAUSE_END = re.compile(r"[,;:–—](?=\s)|\s(?=(?:which|who|where|while|but|so|because|although|whereas|che|il quale|"
                         r"la quale|dove|mentre|ma|quindi|perché|poiché|anche se)\b)")


def within(text: str, limit: int) -> str:
    """At most `limit` characters, ended on a whole sentence. When even the first sentence is longer (the model
    wrote one long sentence, or a list cut by the token limit: "…, urgent tickets handed over to"), it ends on
    its last whole clause within the limit, closed with a full stop: a shorter sentence is still a summary, a
    summary longer than a third of the text is not one. Kept whole only when no clause of at least a third of
    the limit fits."""
    if len(text) <= limit:
        return text
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    fits = [e for e in ends if e <= limit]
    if fits:
        return text[:fits[-1]]
    cuts = [m.start() for m in _CLAUSE_END.finditer(text) if limit // 3 <= m.start() < limit]
    if cuts:
        return text[:cuts[-1]].rstrip(" ,;:–—") + "."
    return text[:ends[0]] if ends else text


def whole_sentences(text: str) -> str:
    """An answer the length limit cut mid-sentence, up to its last whole sentence (kept as is when it has none)."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    return text[:ends[-1]] if ends and ends[-1] >= len(text) // 3 else text


def problem(answer: str, source: str, final: bool) -> str | None:
    """Why `answer` is not an answer about `source` (None when it looks fine so far)."""
    if _MARKERS.search(answer):
        return "template or role markers"
    if _FOREIGN.search(answer) and not _FOREIGN.search(source):
        return "a script the text does not use"
    if _REFUSAL.search(answer) and not _REFUSAL.search(source):  # "Mi dispiace, ma non posso aiutarti con questo."
        return "a refusal"
    words = re.findall(r"\w+", answer.lower())
    if len(words) >= 12:
        grams = [" ".join(words[i:i + 4]) for i in range(len(words) - 3)]
        src = " ".join(re.findall(r"\w+", source.lower()))
        for g in set(grams):
            if grams.count(g) >= 3 and src.count(g) < 2:
                return "a loop"
    if final:
        t = answer.strip()
        if not t:
            return "empty"
        if sum(c.isalpha() for c in t) < max(2, len(t) // 5):
            return "no words"
    return None


def values(text: str) -> list[str]:
    """The numbers and links of a text, as written (what a translation or a rewrite must carry)."""
    return [m.group(0) for m in _LINK.finditer(text)] + [m.group(0) for m in _NUMBER.finditer(_LINK.sub(" ", text))]


def digits(value: str) -> str:
    return re.sub(r"\D", "", value)


_SPLIT_NUMBER = re.compile(r"(?<![\w.,])(\d+)([.,:]) (\d+)(?![\w])")


def mend_numbers(source: str, answer: str) -> str:
    """A number of the text the model wrote with a space after its separator ("4, 350" for "4.350", "132, 40"):
    the space removed, when the text has that number (its digits, any separator) — never a number of its own."""
    have = {digits(v) for v in values(source)}

    def fix(m: re.Match[str]) -> str:
        joined = m.group(1) + m.group(3)
        return m.group(1) + m.group(2) + m.group(3) if joined in have else m.group(0)

    return _SPLIT_NUMBER.sub(fix, answer)


def lost_values(source: str, answer: str) -> list[str]:
    """The numbers and links of `source` that `answer` does not carry (a number may change its separators:
    "10:30" as "10.30", "1,5" as "1.5"; a link must be the same)."""
    have_digits = {digits(v) for v in values(answer)}
    links = {m.group(0).rstrip(".,;") for m in _LINK.finditer(answer)}
    lost: list[str] = []
    for v in values(source):
        if _LINK.fullmatch(v):
            if v.rstrip(".,;") not in links:
                lost.append(v)
        elif digits(v) not in have_digits and v not in lost:
            lost.append(v)
    return lost


@dataclass
class Streamed:
    """What the guard let out: the text, whether it stopped the model, and why; with placeholders (mask.py), the
    items whose placeholder the model did not write."""

    text: str = ""
    reason: str = ""
    flushed: bool = False
    dropped: list[str] = field(default_factory=list)


__all__ = ["HOLD_CHARS", "Streamed", "digits", "end_of_answer", "lost_values", "mend_numbers", "problem", "tidy",
           "values", "whole_sentences", "within"]
