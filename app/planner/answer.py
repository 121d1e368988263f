"""The final answer: a deterministic rendering, or a guarded stream checked against the observations.

A written answer is checked while it streams: the first characters are held until they look like an
answer, generation stops at the first sign of garbage (template markers, an echo of the prompt, a
loop, a foreign script), and a finished answer that misses the key fact, or states a number, a path
or a quoted line the observations do not contain, is replaced by the deterministic rendering of the
last observation, shaped for the question.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from app.lang.args_extractor import extract
from app.lang.asked import asked
from app.lang.clauses import asks_a_question
from app.lang.detect import detect_lang
from app.lang.messages import say
from app.lang.normalize import normalize
from app.lang.path_shape import looks_like_path_or_address
from app.lang.paths_said import resolve
from app.lang.places import bare, place_asked
from app.lang.rules.action_reading import ACTION_READING
from app.lang.rules.claimed_action import CLAIMED_ACTION
from app.lang.rules.claimed_clock import CLAIMED_CLOCK
from app.lang.rules.planner_answer import PLANNER_ANSWER
from app.lang.rules.selection_answer import SELECTION_ANSWER
from app.lang.stated import foreign_script, unbacked_claim
from app.lang.tokens import ends_whole, spaced_pieces, whole_pieces, word_runs, word_spans
from app.turn.cancel import CancelToken, TurnCancelled
from app.turn.rendering import error_lines, render

HOLD_CHARS = 24
# Labels a model may put before its answer (removed, not held against it), and markers that stop it
# (app/lang/rules/planner_answer.py).
_LABEL = PLANNER_ANSWER.pattern("label")
_MARKERS = PLANNER_ANSWER.pattern("markers")
_BY_HAND = PLANNER_ANSWER.pattern("do_it_yourself")
_CLAIM = CLAIMED_ACTION.any_of("done_it", "will_do_it", "done_en", "will_do_en", "will_do_file_en")


@dataclass
class Grounding:
    """What the answer must rest on: the deterministic draft and its key facts."""

    draft: str = ""
    facts: list[str] = field(default_factory=list)  # short "name: value" lines for the prompt
    must_contain: list[str] = field(default_factory=list)  # a good answer contains one of these


def _file_result(result: Any) -> dict[str, Any] | None:
    if isinstance(result, dict) and "files" in result and len(result.get("files") or []) == 1:
        return dict(result["files"][0])
    return result if isinstance(result, dict) and ("content" in result or "content_b64" in result) else None


def ground(question: str, tool: str, result: Any, ok: bool = True) -> Grounding:
    """The deterministic answer for the last observation, shaped as asked ("ultime righe" is the tail,
    "quante righe" a count), with the facts a written answer must carry."""
    lang = detect_lang(question)
    if not ok or not isinstance(result, dict):
        res = result if isinstance(result, dict) else {"ok": False, "error": str(result)}
        res = {"ok": False, **res}
        if not res.get("error") and not res.get("message"):
            res["error"] = str(result)
        return Grounding(render(tool, res, lang, question), [f"error: {str(res.get('error', ''))[:300]}"], [])
    shape = asked(question)
    f = _file_result(result) if tool == "read_files" else None
    if f is not None and f.get("encoding") != "binary":
        content = str(f.get("content") or "")
        lines = int(f.get("lines") or 0)
        facts = [f"path: {f.get('path', '')}", f"lines: {lines}", f"bytes: {f.get('bytes', 0)}"]
        draft = render(tool, f, lang, question)
        if shape.count == "lines":
            return Grounding(draft, facts, [str(lines)])
        if shape.count == "words":
            n = len(content.split())
            return Grounding(draft, facts + [f"words: {n}"], [str(n)])
        if shape.kind == "errors":
            errs = error_lines(content)
            return Grounding(draft, facts + [f"error lines: {len(errs)}"], [])
        return Grounding(draft, facts, [])
    if tool != "read_files" and isinstance(result.get("content"), str) and result["content"]:
        content = result["content"]  # a slice (scratchpad_read) or a tool's text: the text is the answer
        draft = content if len(content) <= 1200 else content[:1200] + "\n…"
        return Grounding(draft, [f"{k}: {v}" for k, v in result.items() if k != "content" and
                                 isinstance(v, (str, int, float)) and len(str(v)) <= 80][:6], [])
    draft = render(tool, result, lang, question)
    facts = [f"{k}: {v}" for k, v in result.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)
             and len(str(v)) <= 120][:8]
    must: list[str] = []
    for key in ("time", "date", "count", "bytes_written", "result"):
        if key in result and isinstance(result[key], (str, int)):
            must.append(str(result[key]))
    if tool == "calculate":
        must += [str(result.get("result_it", ""))]
    if tool == "get_date":
        must = [str(result.get("date", "")), str(result.get("text_it", "")), str(result.get("text_en", ""))]
        must += [str(result.get("date", ""))[-2:].lstrip("0")]
    return Grounding(draft, facts, [m for m in must if m])


def fixed_reply(question: str) -> str | None:
    """Small talk and thanks for a model that cannot write: a short fixed reply, not a refusal."""
    shape = asked(question)
    if shape.social:
        return say(f"answer.{shape.social}", detect_lang(question))
    return None


def no_tool_fallback(question: str) -> str:
    """What a model that cannot write answers to an open question: one honest sentence and what it can do."""
    return fixed_reply(question) or say("answer.cannot_know", detect_lang(question))


# an argument's name -> how it is said when missing, and an example of saying it in a request (one row each)
_ARG_WORDS: dict[str, tuple[str, str]] = {
    "path": ("arg.path", "example.path"), "paths": ("arg.path", "example.path"),
    "root": ("arg.path", "example.path"), "target": ("arg.path", "example.path"),
    "dest": ("arg.dest", "example.path"), "content": ("arg.content", "example.other"),
    "text": ("arg.content", "example.other"), "expression": ("arg.expression", "example.expression"),
    "fact": ("arg.fact", "example.fact"), "query": ("arg.query", "example.query"),
    "pattern": ("arg.query", "example.query"), "urls": ("arg.urls", "example.urls")}


def missing_args_text(question: str, tool: str, err: Exception, required: Sequence[str] = ()) -> str:
    """What was missing, in words ("il percorso"), not in the schema's names, with how to say it in a request. A
    model whose arguments could not be read (cut JSON, a loop) names no key: then the tool's one required argument
    is the one missing, and with none or several the sentence says the action could not be prepared — never the
    parser's own words ("a value (not valid JSON (Unterminated string…"), which reached people before."""
    lang = detect_lang(question)
    keys = list(getattr(err, "missing", None) or ())
    if not keys and " not found" in str(err):
        keys = [str(err).split(" not found")[0].split(",")[0].strip()]
    if not keys and len(required) == 1:
        keys = list(required)  # calculate's expression: "manca il calcolo", not "…ricordati che… or a path"
    if not keys:
        return say("answer.args_unusable", lang)
    first = str(keys[0])
    words, example = _ARG_WORDS.get(first, ("", "example.other"))
    what = say(words, lang) if words else say("arg.other", lang, name=first)
    return say("answer.missing_args", lang, tool=tool, what=what, example=say(example, lang))


def claims_undone(text: str, wrote: bool) -> bool:
    """Does an answer say a write was done, or will be, in a turn where none ran ("Sure, I'll store that for you")?
    Then it is untrue, whatever else it says (app/lang/rules/claimed_action.py)."""
    return not wrote and _CLAIM.search(text) is not None


_UNNAMED = CLAIMED_ACTION.pattern("unnamed_thing")
_CLOCK = {"date": CLAIMED_CLOCK.pattern("date_now"), "day": CLAIMED_CLOCK.pattern("date_now_day"),
          "time": CLAIMED_CLOCK.pattern("time_now")}
_ZONE_NOW, _ZONE_ASKED = CLAIMED_CLOCK.pattern("zone_now"), CLAIMED_CLOCK.pattern("zone_asked")
_DATE_ASKED = CLAIMED_CLOCK.pattern("date_asked")
_TIME_ASKED, _FIGURE = CLAIMED_CLOCK.pattern("time_asked"), CLAIMED_CLOCK.pattern("clock_figure")
_EVENT_TIME = ACTION_READING.pattern("event_time")


def clock_text(text: str, question: str) -> str | None:
    """The machine's own date, time or time zone, when an answer written with no tool run states it ("It's
    currently evening.", everyday8-36): the model has no clock (app/lang/rules/claimed_clock.py). None when it
    states none."""
    kind = next((k for k, rx in _CLOCK.items() if rx.search(text)), None)
    if _ZONE_NOW.search(text) and _ZONE_ASKED.search(question) and place_asked(question) is None:
        kind = "zone"  # "what timezone's this box set to" answered "…the Eastern Standard Time (EST) timezone."
    if kind is None and _TIME_ASKED.search(question) and _FIGURE.search(text) and not _FIGURE.search(question) \
            and not _EVENT_TIME.search(normalize(question)):  # ("a che ora parte il treno?" is not the clock's)
        kind = "time"  # "…che ore sono in questo momento in Grecia?" answered "Sono in questo momento 12:00 in Grecia."
    if kind is None:
        return None
    if kind == "day" or kind == "time" and _DATE_ASKED.search(question):
        kind = "date"  # "what day is it even" answered "It's currently evening."
    from app.tools.clock import said_now  # the clock's own reading and words ("Oggi è sabato 5 dicembre 2026.")
    from app.tools.world_clock import said_there

    lang = detect_lang(question)
    if kind == "time" and (place := place_asked(question)) is not None:
        # the time asked of New York is New York's, not the time here; of a place no zone is known for, not ours
        return said_there(place, lang) or say("world_clock.unknown", lang, place=bare(place))
    return said_now(kind, lang)


def points_at_unnamed(question: str) -> bool:
    """Does the request point at a file or folder it never names ("chuck that file in the bin") — no path, no
    address? Then nothing could have been done to it, and the question back is which one."""
    return _UNNAMED.search(question) is not None and not looks_like_path_or_address(question)


def tells_of_unnamed(question: str) -> bool:
    """Does the request tell something to be done to a file it never names ("nuke that file", "just bin that file.
    too tired to argue")? Not a question about one ("is that file safe to open?", "what is that file format
    called")."""
    return points_at_unnamed(question) and not asks_a_question(question)


def nothing_done_text(question: str) -> str:
    """What replaces an answer that claimed an action no tool performed: that nothing was done, and how to ask —
    or, when the request points at a file it never names, which file it means (a question back, never a guess)."""
    lang = detect_lang(question)
    return say("ask.which", lang) if points_at_unnamed(question) else say("answer.nothing_done", lang)


# the model declining instead of answering ("I'm sorry, but I can't assist with that."): its rule is the selection
# writer's (app/lang/rules/selection_answer.py), the same sentence in either place
_REFUSED = SELECTION_ANSWER.pattern("refusal")


def refused(text: str) -> bool:
    """Is the answer a bare refusal? Never the answer to a request for an action (chuck X in the bin, everyday18)."""
    return _REFUSED.search(text.strip()) is not None


def by_hand(text: str) -> bool:
    """Does the answer tell how to do it by hand (a shell command, steps to follow) instead of doing it?"""
    return _BY_HAND.search(text) is not None


def not_touched_text(question: str) -> str:
    """What replaces a refusal of a request for an action on a file it names: the file was left as it was, and how
    to ask for what the person wants done with it."""
    slots = extract(question)
    # as the planner read them: "la lista spesa.txt che sta in X" is X's "lista spesa.txt", not "spesa.txt"
    paths = [str(p) for p in resolve(question, list(slots.get("path") or []), list(slots.get("quoted") or []))]
    if not paths:
        return nothing_done_text(question)
    return say("answer.not_touched", detect_lang(question), target=paths[0])


def unsure_text(question: str) -> str:
    """A writing model's answer that failed its checks, with no tool result to fall back on."""
    return fixed_reply(question) or say("answer.not_sure", detect_lang(question))


def unsupported(text: str, sources: str) -> str | None:
    """Why a written answer is not backed by the observations (app/lang/stated.py reads its claims)."""
    return unbacked_claim(text, sources)


def problem(text: str, prompt_text: str, allowed: str, final: bool) -> str | None:
    """Why `text` is not an answer (None when it looks fine so far)."""
    t = text.strip()
    if _MARKERS.search(text):
        return "template or role markers"
    if foreign_script(t) and not foreign_script(prompt_text):
        return "a script the conversation does not use"
    if len(word_runs(t)) >= 8 and _loop_start(t) is not None:
        return "a loop"
    first = t.splitlines()[0].strip() if t and ("\n" in t or final) else ""  # a whole line, not a prefix
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
    def cancelled(self) -> bool:
        return self.turn.cancelled or self._ev.is_set()


@dataclass
class Generated:
    text: str
    replaced: bool
    reason: str = ""
    completion: Any = None
    streamed: bool = False  # some of the model's text already went out as tokens
    model_tokens: int = 0  # pieces the model produced (also when it was stopped)
    partial: bool = False  # `text` is the model's own answer, cut where it started repeating itself

    @property
    def usable(self) -> bool:
        """The model's words are the answer (whole, or cut before a loop): the later checks read them."""
        return not self.replaced or self.partial


def generate(llm: Any, prompt: str, *, grounding: Grounding, prompt_text: str, max_tokens: int,
             cancel: CancelToken, emit_token: Callable[[str], None], fallback: str,
             sources: str | None = None, repeat_penalty: float = 1.0) -> Generated:
    """Stream a guarded answer; return the model's text, or `fallback` when it was not an answer.
    With `sources` (the observations), every number, path and quoted line of the answer must be there."""
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
        comp = llm.complete(prompt, max_tokens=max_tokens, temperature=0.0, cancel=stop, on_token=on_token,
                            repeat_penalty=repeat_penalty)
    except TurnCancelled:
        if cancel.cancelled:
            raise
    text = _LABEL.sub("", "".join(out), count=1).strip()
    if not reason:
        why = _final_problem(text, prompt_text, allowed, grounding, sources)
        if why:
            reason.append(why)
    if reason and reason[0] == "a loop":
        kept = before_loop(text)
        if kept and not _final_problem(kept, prompt_text, allowed, grounding, sources):
            return Generated(kept, True, "a loop: the answer is cut before it", comp, flushed, len(pieces), True)
    if reason:
        return Generated(fallback, True, reason[0], comp, flushed, len(pieces))
    if not flushed:
        emit_token(text)
    return Generated(text, False, "", comp, True, len(pieces))


def _final_problem(text: str, prompt_text: str, allowed: str, grounding: Grounding, sources: str | None) -> str | None:
    """Why a finished answer is not usable: not an answer, the key fact missing, a claim the results do not back."""
    why = problem(text, prompt_text, allowed, final=True)
    if why is None and grounding.must_contain and not any(m and m in text for m in grounding.must_contain):
        why = "the key fact is missing"
    if why is None and sources is not None:
        why = unsupported(text, sources)
    return why


LOOP_KEEP_LETTERS = 40  # what is left before a loop must be this long to be an answer
# A second attempt after a loop with nothing to keep before it: tokens already written made less likely. Greedy
# decoding of the small model falls into "…per le sue tue tue tue" on some requests (a dictated card, everyday21-4)
# and the person got the stock "no reliable answer"; only that attempt is penalised — a penalty on every answer
# would bend names and figures a good answer repeats.
LOOP_RETRY_PENALTY = 1.3


def _loop_start(text: str) -> int | None:
    """Where the third run of a repeated three-word sequence starts (the guard's "a loop"), as an offset."""
    runs = word_spans(text.lower())
    seen: dict[tuple[str, ...], int] = {}
    for i in range(len(runs) - 2):
        gram = tuple(m.group() for m in runs[i:i + 3])
        seen[gram] = seen.get(gram, 0) + 1
        if seen[gram] >= 3:
            return runs[i].start()
    return None


def before_loop(text: str) -> str:
    """The answer up to where it started repeating itself: whole sentences or lines before the third run of a
    repeated three-word sequence, each said once; "" when too little is left to be an answer.

    Why: a small model's explanation names its subject often — a good definition of "la deviazione standard"
    said the phrase a third time in its closing line (everyday4-8), a caption drifted into its own words again
    (everyday4-4) — and the whole answer was thrown away for the stock "Non ho una risposta affidabile"."""
    start = _loop_start(text)
    head = text if start is None else text[:start]
    pieces = whole_pieces(head)
    if start is not None and pieces and not ends_whole(pieces[-1]):
        pieces = pieces[:-1]  # the sentence the loop broke into is not whole
    kept: list[str] = []
    said: set[tuple[str, ...]] = set()
    for piece in pieces:
        key = tuple(word_runs(piece))
        if len(key) >= 3 and key in said:
            continue  # a sentence said again
        said.add(key)
        kept.append(piece)
    out = "".join(kept).strip()
    return out if sum(c.isalpha() for c in out) >= LOOP_KEEP_LETTERS else ""


def stream_text(text: str, emit_token: Callable[[str], None]) -> None:
    """A deterministic answer, streamed word by word like a model's."""
    for piece in spaced_pieces(text):
        emit_token(piece)


def answer_sources(steps: Sequence[Any]) -> Any:
    """The step the answer is about: the last one (failed or not)."""
    return steps[-1] if steps else None
