"""The selection answer-quality checks (resources/eval/selection/cases.jsonl): what makes an answer right.

* a translation is in the target language, carries every number and name of its case's `keep` list (a number may
  change its separators: "4.350" as "4,350", "10:30" as "10.30") and adds no number the text does not have;
* a summary is in the person's language and at most a third of the text's length;
* a correction fixes every error of its case and changes nothing else (a word-level diff against the text: every
  change must touch an error);
* a rewrite is in the text's language, differs from it, carries every name, number and link of `keep`, and a
  "shorter" one is shorter.
Shared by `metnos bench selection` and the tests, so both are one measurement. What "carries" means (and which
numbers are "added") is app/selection/keep.py's: the app checks its own answers with the same reading.
"""
from __future__ import annotations

import difflib
import re
from typing import Any

from app.lang.detect import text_lang
from app.selection.keep import added_numbers, carries
from app.selection.keep import norm as _norm

_TOKEN = re.compile(r"\w+|[^\w\s]")  # the same tokens as app/selection/correct.py's merge


def _spans(text: str, wrong: str) -> list[tuple[int, int]]:
    """Token index ranges of every occurrence of `wrong` in `text`."""
    toks = [(m.start(), m.end()) for m in _TOKEN.finditer(text)]
    out = []
    for m in re.finditer(re.escape(wrong), text):
        idx = [i for i, (a, b) in enumerate(toks) if a < m.end() and b > m.start()]
        if idx:
            out.append((idx[0], idx[-1] + 1))
    return out


def correction_problem(text: str, answer: str, errors: list[list[str]]) -> str | None:
    """Why `answer` is not `text` with exactly its errors fixed (None when it is)."""
    for wrong, right in errors:
        if not re.search(rf"(?<!\w){re.escape(right)}(?!\w)", answer):
            return f"not fixed: {wrong!r} → {right!r}"
        if re.search(rf"(?<!\w){re.escape(wrong)}(?!\w)", answer) and wrong not in right:
            return f"still there: {wrong!r}"
    spans = [s for wrong, _right in errors for s in _spans(text, wrong)]
    a = [m.group(0) for m in _TOKEN.finditer(text)]
    b = [m.group(0) for m in _TOKEN.finditer(answer)]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        touches = any((i1 < e and i2 > s) or (i1 == i2 and s <= i1 <= e) for s, e in spans)
        if not touches:
            return f"changed what was right: {' '.join(a[i1:i2])!r} → {' '.join(b[j1:j2])!r}"
    return None


def check(case: dict[str, Any], answer: str) -> list[str]:
    """The reasons `answer` fails its case (empty: it passes)."""
    text, action = case["text"], case["action"]
    why: list[str] = []
    if not answer.strip():
        return ["empty"]
    lang = text_lang(answer)
    if action == "translate":
        if lang != case["target"]:
            why.append(f"language {lang}, not {case['target']}")
        why += [f"lost {k!r}" for k in case.get("keep", []) if not carries(answer, k)]
        why += [f"added number {d}" for d in added_numbers(text, answer)]
    elif action == "summarize":
        if len(answer) > len(text) / 3:
            why.append(f"{len(answer)} characters, more than a third of {len(text)}")
        if lang != case["person"]:
            why.append(f"language {lang}, not {case['person']}")
    elif action == "fix":
        problem = correction_problem(text, answer, case["errors"])
        if problem:
            why.append(problem)
    elif action == "rewrite":
        if _norm(answer) == _norm(text):
            why.append("unchanged")
        if lang != case["text_lang"]:
            why.append(f"language {lang}, not {case['text_lang']}")
        why += [f"lost {k!r}" for k in case.get("keep", []) if not carries(answer, k)]
        if case.get("style") == "shorter" and len(answer) >= len(text):
            why.append("not shorter")
    return why


__all__ = ["added_numbers", "carries", "check", "correction_problem"]
