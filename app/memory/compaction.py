"""Short-term compaction of a turn's history.

When the history passes its token budget (counted with the model's own
tokenizer, never string length) the middle steps are replaced by one summary
from one short model call. What the model leans on to choose its next action
must survive byte for byte: the system message(s), the task (first user
message) and the last `keep_recent` steps. A summary that fails in any way
(exception, empty, garbage, still too long) falls back to dropping the oldest
steps: compaction never raises.

A *step* is an assistant message plus everything that follows it up to the
next assistant message (its tool result(s)).
"""
from __future__ import annotations

import logging
import re
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Sequence

from app.lang.tokens import capitalized_words, word_runs
from app.turn.cancel import TurnCancelled

Message = dict[str, str]
CountTokens = Callable[[str], int]
Summarize = Callable[[str], str]

log = logging.getLogger("metnos.memory.compaction")

SUMMARY_PREFIX = "Summary of earlier steps (compacted): "
OMITTED_PREFIX = "[Earlier steps omitted to fit the context: "
# Tokens a chat template adds around each message (Gemma: <start_of_turn>role\n ... <end_of_turn>\n).
PER_MESSAGE_TOKENS = 5
SUMMARY_INPUT_CHARS = 6000  # what one short summarizer call is shown at most
_TEMPLATE_MARKERS = ("<start_of_turn>", "<end_of_turn>", "<|im_start|>", "<|im_end|>", "<bos>", "<eos>")


@dataclass
class CompactionInfo:
    """What compact() did, for the turn's events and the logs."""

    action: str = "none"  # none | summarized | dropped
    tokens_before: int = 0
    tokens_after: int = 0
    budget: int = 0
    steps_total: int = 0
    steps_summarized: int = 0
    steps_dropped: int = 0
    summary_error: str | None = None
    over_budget: bool = False  # even system + task + recent steps do not fit
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Parts:
    head: list[Message]  # system message(s) + task (+ anything before the first step)
    old_summary: Message | None
    steps: list[list[Message]]


def count_messages(messages: Sequence[Message], count_tokens: CountTokens) -> int:
    return sum(count_tokens(m.get("content", "")) + PER_MESSAGE_TOKENS for m in messages)


def is_summary(m: Message) -> bool:
    c = m.get("content", "")
    return c.startswith(SUMMARY_PREFIX) or c.startswith(OMITTED_PREFIX)


def _split(messages: Sequence[Message]) -> _Parts:
    """Head = everything up to the task plus non-step messages right after it; then steps."""
    msgs = list(messages)
    task_i = next((i for i, m in enumerate(msgs) if m.get("role") == "user" and not is_summary(m)), None)
    if task_i is None:  # no task: only leading system messages are pinned
        task_i = next((i for i, m in enumerate(msgs) if m.get("role") != "system"), len(msgs)) - 1
    head = msgs[: task_i + 1]
    rest = msgs[task_i + 1:]
    old_summary = None
    i = 0
    while i < len(rest) and rest[i].get("role") != "assistant":
        if is_summary(rest[i]) and old_summary is None:
            old_summary = rest[i]
        else:
            head.append(rest[i])
        i += 1
    steps: list[list[Message]] = []
    for m in rest[i:]:
        if m.get("role") == "assistant" or not steps:
            steps.append([m])
        else:
            steps[-1].append(m)
    return _Parts(head, old_summary, steps)


def steps_to_text(old_summary: Message | None, steps: Sequence[Sequence[Message]],
                  max_chars: int = SUMMARY_INPUT_CHARS) -> str:
    """A plain transcript for the summarizer; each message is clipped so every step is represented."""
    lines: list[str] = []
    if old_summary is not None:
        c = old_summary["content"]
        for prefix in (SUMMARY_PREFIX, OMITTED_PREFIX):
            c = c[len(prefix):] if c.startswith(prefix) else c
        lines.append("Earlier summary: " + c.strip())
    per_msg = max(80, max_chars // max(1, sum(len(s) for s in steps)))
    for n, step in enumerate(steps, 1):
        for m in step:
            content = " ".join(m.get("content", "").split())
            if len(content) > per_msg:
                content = content[: per_msg - 1] + "…"
            lines.append(f"step {n} {m.get('role', '?')}: {content}")
    text = "\n".join(lines)
    return text if len(text) <= max_chars else text[: max_chars // 2] + "\n…\n" + text[-max_chars // 2:]


def summary_problem(summary: Any) -> str | None:
    """Why a summary cannot be used (None when it can)."""
    if not isinstance(summary, str):
        return f"summarizer returned {type(summary).__name__}, not text"
    s = summary.strip()
    if len(s) < 8:
        return "summary is empty"
    if any(t in s for t in _TEMPLATE_MARKERS):
        return "summary contains chat-template markers"
    letters = sum(ch.isalpha() for ch in s)
    if letters < 0.4 * len(s.replace(" ", "")):
        return "summary is mostly symbols"
    if re.search(r"\bstep \d+ (assistant|tool|user):", s):
        return "summary echoes the transcript"
    words = word_runs(s)
    if len(words) >= 12 and len(set(words)) < 0.25 * len(words):
        return "summary repeats itself"
    return None


def _drop_oldest(head: list[Message], middle: list[list[Message]], recent: list[list[Message]],
                 budget: int, count: CountTokens) -> tuple[list[Message], int]:
    """Drop whole steps from the oldest until it fits; add a one-line note when it fits too."""
    flat_recent = [m for s in recent for m in s]
    fixed = count_messages(head, count) + count_messages(flat_recent, count)
    sizes = [count_messages(s, count) for s in middle]
    total = fixed + sum(sizes)
    k = 0
    while k < len(middle) and total > budget:
        total -= sizes[k]
        k += 1
    kept = [m for s in middle[k:] for m in s]
    out = head + kept + flat_recent
    if k:
        tools = sorted({_tool_name(s) for s in middle[:k]} - {""})
        note = {"role": "user", "content": f"{OMITTED_PREFIX}{k} step(s)"
                + (f", tools used: {', '.join(tools)}" if tools else "") + "]"}
        if total + count_messages([note], count) <= budget:
            out = head + [note] + kept + flat_recent
    return out, k


def _tool_name(step: Sequence[Message]) -> str:
    m = re.search(r'"(?:tool|name)"\s*:\s*"([\w.-]+)"', step[0].get("content", "")) if step else None
    return m.group(1) if m else ""


def compact(messages: Sequence[Message], budget_tokens: int, keep_recent: int, count_tokens: CountTokens,
            summarize: Summarize | None = None, target_ratio: float = 0.7) -> tuple[list[Message], CompactionInfo]:
    """Fit `messages` into `budget_tokens`; returns (new messages, info). Never raises (but lets a
    cancelled turn's TurnCancelled through).

    The returned list reuses the original message objects for everything kept,
    so pinned and recent messages are the very same bytes. Dropping goes down
    to `target_ratio` of the budget when it can, so the next step does not
    compact (and call the summarizer) again at once.
    """
    msgs = list(messages)
    info = CompactionInfo(budget=budget_tokens)
    try:
        before = count_messages(msgs, count_tokens)
    except Exception as e:  # a tokenizer failure must not break the turn
        log.warning("compaction skipped: counting tokens failed: %s", e)
        info.notes.append(f"token count failed: {e}")
        return msgs, info
    info.tokens_before = info.tokens_after = before
    parts = _split(msgs)
    info.steps_total = len(parts.steps)
    if before <= budget_tokens:
        return msgs, info
    keep = max(0, keep_recent)
    recent = parts.steps[max(0, len(parts.steps) - keep):] if keep else []
    middle = parts.steps[: len(parts.steps) - len(recent)]
    if not middle and parts.old_summary is None:
        info.over_budget = True
        info.notes.append("nothing to compact: system, task and recent steps alone pass the budget")
        return msgs, info
    flat_recent = [m for s in recent for m in s]
    floor = count_messages(parts.head, count_tokens) + count_messages(flat_recent, count_tokens)

    if summarize is not None and floor < budget_tokens:
        try:
            transcript = steps_to_text(parts.old_summary, middle)
            summary = summarize(transcript)
            problem = summary_problem(summary)
            if problem is None and len(transcript) > 400 and len(summary) > 0.6 * len(transcript):
                problem = "summary is as long as the steps it replaces"
            if problem is None and copies_transcript(summary, transcript):
                problem = "summary copies the steps instead of summarizing them"
            if problem is None:
                smsg = {"role": "user", "content": SUMMARY_PREFIX + " ".join(summary.split())}
                out = parts.head + [smsg] + flat_recent
                n = count_messages(out, count_tokens)
                if n <= budget_tokens:
                    info.action, info.tokens_after, info.steps_summarized = "summarized", n, len(middle)
                    return out, info
                problem = f"summary still over budget ({n} > {budget_tokens} tokens)"
            info.summary_error = problem
        except TurnCancelled:  # the user stopped the turn: that is not a summary failure
            raise
        except Exception as e:  # the contract: a failing summary falls back, never raises
            info.summary_error = f"{type(e).__name__}: {e}"
        log.info("compaction: summary unusable (%s); dropping oldest steps", info.summary_error)
    elif summarize is None:
        info.summary_error = "no summarizer"
    else:
        info.notes.append("system, task and recent steps alone pass the budget: all middle steps dropped")

    # An earlier summary is the oldest thing in the middle: it goes first.
    droppable = ([[parts.old_summary]] if parts.old_summary is not None else []) + middle
    target = int(budget_tokens * target_ratio) if floor <= budget_tokens * target_ratio else budget_tokens
    out, dropped = _drop_oldest(parts.head, droppable, recent, target, count_tokens)
    info.action = "dropped"
    info.steps_dropped = dropped
    info.tokens_after = count_messages(out, count_tokens)
    info.over_budget = info.tokens_after > budget_tokens
    return out, info


def llm_summarizer(backend: Any, max_tokens: int = 120, cancel: Any = None,
                   max_input_tokens: int = 1024) -> Summarize:
    """A `summarize` for compact(): one short, greedy call to the planner model itself.

    Measured on the bundled Gemma 3 270M (a *base* model): it copies the
    transcript instead of summarizing, whatever the prompt (chat turn, numbered
    list, "TL;DR:"), in ~6 s of a busy 2-core machine; compact() detects the
    copy and drops the oldest steps instead. Instruct models (a 1B-it GGUF and
    up) are expected to follow this prompt (not measured here). For the 270M,
    `extractive_summarizer()` is the cheaper choice. The transcript is trimmed to
    `max_input_tokens` so the call stays short.
    """

    def run(text: str) -> str:
        instr = ("Summarize these earlier steps of an assistant's work in at most 3 short lines. Keep ids, "
                 "file names, numbers, results and decisions. Write only the summary.\n\n")
        room = min(max_input_tokens, getattr(backend, "n_ctx", 4096) - max_tokens - 64)  # a *short* call
        while True:
            prompt = backend.render([{"role": "user", "content": instr + text}])
            if backend.count_tokens(prompt) <= room or len(text) < 200:
                break
            text = text[: len(text) // 2] + "\n…\n" + text[-len(text) // 4:]
        c = backend.complete(prompt, max_tokens=max_tokens, temperature=0.0, cancel=cancel)
        return str(c.text).strip()

    return run


def copies_transcript(summary: str, transcript: str) -> bool:
    """True when most of the summary's lines are lifted verbatim from the transcript (or the instruction)."""
    flat = " ".join(transcript.split())
    lines = [" ".join(ln.split()) for ln in summary.splitlines()]
    lines = [ln for ln in lines if len(ln) >= 24]
    if not lines:
        return False
    copied = sum(1 for ln in lines if ln[4:60] in flat or ln.lower().startswith("summarize"))
    return copied >= max(1, len(lines) // 2)


def extractive_summarizer(max_chars: int = 400) -> Summarize:
    """A model-free `summarize`: which tools ran on what, in order, clipped. Cheap and deterministic.

    Findings belong in the turn state (save_note), which is never compacted;
    this only tells the model what was already done so it does not redo it.
    """

    def run(text: str) -> str:
        calls: list[str] = []
        seen: set[str] = set()
        for line in text.splitlines():
            m = re.match(r"step (\d+) assistant: (.*)", line)
            if not m or m.group(1) in seen:
                continue
            seen.add(m.group(1))
            body = m.group(2)
            tool = re.search(r'"(?:tool|name)"\s*:\s*"([\w.-]+)"', body)
            vals = re.findall(r':\s*\[?"([^"]{1,60})"', body)
            vals = [v.rsplit("/", 1)[-1] for v in vals if not tool or v != tool.group(1)]
            calls.append(f"{tool.group(1) if tool else body[:40]}({', '.join(vals[:2])})")
        out = ""
        for i, c in enumerate(calls):
            piece = ("; " if out else "Already done: ") + c
            if len(out) + len(piece) > max_chars - 20:
                out += f"; … and {len(calls) - i} more"
                break
            out += piece
        return out

    return run


# -- the conversation (exchanges across turns) ------------------------------------------------------
HISTORY_SUMMARY = "[conversation summary]"  # the user side of the one exchange that stands for older ones
HISTORY_FOLD_AT = 6  # exchanges kept verbatim before the older ones are folded into the summary
HISTORY_KEEP = 2  # exchanges left verbatim after folding
SUMMARY_CHARS = 900
Exchange = tuple[str, str]


def is_history_summary(ex: Exchange) -> bool:
    return ex[0] == HISTORY_SUMMARY


def compact_history(history: Sequence[Exchange], summarize: Summarize, fold_at: int = HISTORY_FOLD_AT,
                    keep: int = HISTORY_KEEP, max_chars: int = SUMMARY_CHARS) -> list[Exchange]:
    """Fold the older exchanges of a chat into one summary exchange when there are more than `fold_at`;
    the last `keep` stay verbatim. A folded part becomes what the person *said* (their statements, word
    for word: "il mio gatto si chiama Pallino") plus the model's notes on it when they pass the checks
    (no copy of the transcript, no name the conversation does not contain — a 1.5B model was measured
    inventing one). The summary so far is kept and only re-summarized past `max_chars`. Never raises."""
    hist = list(history)
    old = hist[0][1] if hist and is_history_summary(hist[0]) else ""
    body = hist[1:] if old else hist
    if len(body) <= fold_at:
        return hist
    fold, recent = body[:-keep], body[-keep:]
    text = "\n".join(f"User: {u[:400]}\nAssistant: {a[:400]}" for u, a in fold)
    said = [" ".join(u.split())[:200] for u, _ in fold if _is_statement(u)][:3]
    notes = _summary_or_none(summarize, text) or ""
    new = " ".join([*(f"«{x}»" for x in said), notes]).strip() or " ".join(u[:80] for u, _ in fold)[:300]
    summary = f"{old} {new}".strip()
    if len(summary) > max_chars:  # the oldest notes go first; what the person said is kept longest
        summary = summary[-max_chars:]
    return [(HISTORY_SUMMARY, summary), *recent]


def _is_statement(text: str) -> bool:
    """Something the person told (not a question or a one-word request): kept verbatim when folding."""
    t = text.strip()
    return "?" not in t and len(t.split()) >= 4


def _summary_or_none(summarize: Summarize, text: str) -> str | None:
    try:
        out = " ".join(str(summarize(text) or "").split())
    except TurnCancelled:
        raise
    except Exception as e:  # a failing model must not lose the chat
        log.warning("conversation summary failed: %s", e)
        return None
    if summary_problem(out) or copies_transcript(out, text) or "User:" in out or "Assistant:" in out:
        return None
    low = text.lower()
    if any(w.lower() not in low for w in capitalized_words(out) if w not in ("User", "Assistant")):
        return None  # a name the conversation does not contain
    return out


def conversation_summarizer(backend: Any, max_tokens: int = 80, cancel: Any = None) -> Summarize:
    """One short call to the instruct model: notes on what the person said and asked."""

    def run(text: str) -> str:
        prompt = backend.render([
            {"role": "system", "content": "You write short notes about a conversation for an assistant's memory."},
            {"role": "user", "content": "Conversation:\n<<<\n" + text[-SUMMARY_INPUT_CHARS:] + "\n>>>\nWrite in at "
             "most 2 short lines what the user said about themselves and asked, keeping every name, date and "
             "number. Write in the conversation's language. Only the notes."}])
        return str(backend.complete(prompt, max_tokens=max_tokens, temperature=0.0, cancel=cancel).text).strip()

    return run
