"""The final answer: facts in the prompt, a guarded stream, a deterministic fallback.

The bundled 270M base model mostly echoes its prompt or loops (measured), so
the answer is checked while it streams: the first characters are held until
they look like an answer, generation stops at the first sign of garbage
(template markers, an echo of the prompt, a loop, a foreign script), and a
finished answer that misses the key fact is replaced. The replacement is a
deterministic rendering of the last observation, phrased for the question.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from app.lang.detect import detect_lang
from app.turn.cancel import CancelToken, TurnCancelled
from app.turn.rendering import render

HOLD_CHARS = 24
# Labels a model may put before its answer; removed, not held against it.
_LABEL = re.compile(r"^\s*(suggested answer|answer|risposta|final answer)\s*:\s*", re.I)
_MARKERS = re.compile(r"<start_of_turn>|<end_of_turn>|<\|im_|<bos>|<eos>|^\s*(Action|Args|Result of step|"
                      r"Facts|Suggested answer)\s*:|\n\s*(Action|Args|Result of step)\s*:", re.I | re.M)
_FOREIGN = re.compile(r"[\u0400-\u04ff\u0590-\u06ff\u0900-\u0dff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_LINES_Q = re.compile(r"(?i)quant[ei]\s+righe|numero\s+di\s+righe|how\s+many\s+lines|number\s+of\s+lines|line\s+count")
_WORDS_Q = re.compile(r"(?i)quante\s+parole|how\s+many\s+words|word\s+count")
_ERROR_Q = re.compile(r"(?i)\berror[ei]?s?\b|\berrore\b")
_ERROR_LINE = re.compile(r"(?i)\b(error|errore|fatal|exception|critical)\b")


@dataclass
class Grounding:
    """What the answer must rest on: the deterministic draft and its key facts."""

    draft: str = ""
    facts: list[str] = field(default_factory=list)  # short "name: value" lines for the prompt
    must_contain: list[str] = field(default_factory=list)  # a good answer contains one of these


def _file_result(result: Any) -> dict[str, Any] | None:
    if isinstance(result, dict) and "files" in result and len(result.get("files") or []) == 1:
        return result["files"][0]
    return result if isinstance(result, dict) and ("content" in result or "content_b64" in result) else None


def ground(question: str, tool: str, result: Any, ok: bool = True) -> Grounding:
    """Draft and facts for the last observation, phrased for what the user asked."""
    lang = detect_lang(question)
    it = lang == "it"
    if not ok or not isinstance(result, dict):
        msg = result.get("error", "") if isinstance(result, dict) else str(result)
        draft = render(tool, {"ok": False, "error": msg}, lang)
        return Grounding(draft, [f"error: {msg[:300]}"], [])
    f = _file_result(result) if tool == "read_files" else None
    if f is not None and f.get("encoding") != "binary":
        content = str(f.get("content") or "")
        path = f.get("path", "")
        lines = int(f.get("lines") or 0)
        facts = [f"path: {path}", f"lines: {lines}", f"bytes: {f.get('bytes', 0)}"]
        if _LINES_Q.search(question):
            draft = f"Il file {path} ha {lines} righe." if it else f"The file {path} has {lines} lines."
            return Grounding(draft, facts, [str(lines)])
        if _WORDS_Q.search(question):
            n = len(content.split())
            draft = f"Il file {path} contiene {n} parole." if it else f"The file {path} has {n} words."
            return Grounding(draft, facts + [f"words: {n}"], [str(n)])
        if _ERROR_Q.search(question):
            errs = [ln.strip() for ln in content.splitlines() if _ERROR_LINE.search(ln)]
            if errs:
                last = errs[-1][:300]
                draft = (f"L'ultimo errore in {path} ({len(errs)} in tutto) è:\n{last}" if it
                         else f"The last error in {path} ({len(errs)} in total) is:\n{last}")
                return Grounding(draft, facts + [f"error lines: {len(errs)}", f"last error line: {last}"],
                                 [last[:40]])
            draft = f"Non ho trovato errori in {path}." if it else f"I found no errors in {path}."
            return Grounding(draft, facts + ["error lines: 0"], [])
        return Grounding(render(tool, result, lang), facts, [])
    if tool != "read_files" and isinstance(result.get("content"), str) and result["content"]:
        content = result["content"]  # a slice (scratchpad_read) or a tool's text: the text is the answer
        draft = content if len(content) <= 1200 else content[:1200] + "\n…"
        return Grounding(draft, [f"{k}: {v}" for k, v in result.items() if k != "content" and
                                 isinstance(v, (str, int, float)) and len(str(v)) <= 80][:6], [])
    draft = render(tool, result, lang)
    facts = [f"{k}: {v}" for k, v in result.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)
             and len(str(v)) <= 120][:8]
    must: list[str] = []
    for key in ("time", "date", "count", "bytes_written"):
        if key in result and isinstance(result[key], (str, int)):
            must.append(str(result[key]))
    if tool == "get_date":
        must = [str(result.get("date", "")), str(result.get("text_it", "")), str(result.get("text_en", ""))]
        must += [str(result.get("date", ""))[-2:].lstrip("0")]
    return Grounding(draft, facts, [m for m in must if m])


def no_tool_fallback(question: str) -> str:
    if detect_lang(question) == "it":
        return ("Non so rispondere a questa domanda con il modello locale: è piccolo e lavora offline. "
                "Posso dirti l'ora e la data, elencare, cercare, leggere e scrivere file, e riassumere testi.")
    return ("I can't answer that with the local model: it is small and works offline. "
            "I can tell the time and date, list, find, read and write files, and summarize text.")


def missing_args_text(question: str, tool: str, err: Exception) -> str:
    if detect_lang(question) == "it":
        return (f"Non ho capito con quali valori usare {tool} ({err}). "
                f"Riprova indicando i valori nella richiesta, ad esempio il percorso completo del file.")
    return (f"I could not tell which values to use for {tool} ({err}). "
            f"Try again with the values in the request, for example the file's full path.")


def problem(text: str, prompt_text: str, allowed: str, final: bool) -> str | None:
    """Why `text` is not an answer (None when it looks fine so far)."""
    t = text.strip()
    if _MARKERS.search(text):
        return "template or role markers"
    if _FOREIGN.search(t) and not _FOREIGN.search(prompt_text):
        return "a script the conversation does not use"
    words = re.findall(r"\w+", t.lower())
    if len(words) >= 8:
        grams = [" ".join(words[i:i + 3]) for i in range(len(words) - 2)]
        if max(grams.count(g) for g in set(grams)) >= 3:
            return "a loop"
    first = t.splitlines()[0].strip() if t else ""
    if len(first) >= 16 and first.lower() in prompt_text.lower() and first.lower() not in allowed.lower():
        return "an echo of the prompt"
    if final:
        if not t:
            return "empty"
        letters = sum(c.isalpha() for c in t)
        if letters < max(2, len(t) // 4):
            return "no words"
    return None


class StopToken(CancelToken):
    """Cancelled when the turn is, or when the guard stops the generation."""

    def __init__(self, turn: CancelToken):
        super().__init__()
        self.turn = turn

    @property
    def cancelled(self) -> bool:  # type: ignore[override]
        return self.turn.cancelled or self._ev.is_set()


@dataclass
class Generated:
    text: str
    replaced: bool
    reason: str = ""
    completion: Any = None
    streamed: bool = False  # some of the model's text already went out as tokens
    model_tokens: int = 0  # pieces the model produced (also when it was stopped)


def generate(llm: Any, prompt: str, *, grounding: Grounding, prompt_text: str, max_tokens: int,
             cancel: CancelToken, emit_token: Callable[[str], None], fallback: str) -> Generated:
    """Stream a guarded answer; return the model's text, or `fallback` when it was not an answer."""
    stop = StopToken(cancel)
    out: list[str] = []
    pieces: list[str] = []
    flushed = False
    reason: list[str] = []
    allowed = grounding.draft + " " + " ".join(grounding.facts)

    def on_token(tok: str) -> None:
        nonlocal flushed
        if stop.cancelled:
            return
        pieces.append(tok)
        out.append(tok)
        raw = "".join(out)
        text = _LABEL.sub("", raw, count=1) if not flushed else raw
        why = problem(text, prompt_text, allowed, final=False)
        if why:
            reason.append(why)
            stop.cancel()
            return
        if flushed:
            emit_token(tok)
            return
        if len(text.strip()) >= HOLD_CHARS:
            flushed = True
            out[:] = [text]
            emit_token(text)

    comp = None
    try:
        comp = llm.complete(prompt, max_tokens=max_tokens, temperature=0.0, cancel=stop, on_token=on_token)
    except TurnCancelled:
        if cancel.cancelled:
            raise
    text = _LABEL.sub("", "".join(out), count=1).strip()
    if not reason:
        why = problem(text, prompt_text, allowed, final=True)
        if why is None and grounding.must_contain and not any(m and m in text for m in grounding.must_contain):
            why = "the key fact is missing"
        if why:
            reason.append(why)
    if reason:
        return Generated(fallback, True, reason[0], comp, flushed, len(pieces))
    if not flushed:
        emit_token(text)
    return Generated(text, False, "", comp, True, len(pieces))


def stream_text(text: str, emit_token: Callable[[str], None]) -> None:
    """A deterministic answer, streamed word by word like a model's."""
    for piece in re.findall(r"\S+\s*|\s+", text):
        emit_token(piece)


def answer_sources(steps: Sequence[Any]) -> Any:
    """The step the answer is about: the last one (failed or not)."""
    return steps[-1] if steps else None
