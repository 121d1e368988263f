"""Arguments for the chosen tool: rules first, the model only for what is left.

Values the request carries (paths, URLs, numbers, dates, extensions, quoted
text) are filled by rules (source `rules`); earlier results are passed by
reference (`{{stepN.field}}`, source `ref`) so the engine resolves the real
data, never what the model was shown. The model fills only the remaining
required keys, under a JSON-schema grammar restricted to those keys with
bounded strings (grammar cost grows per token on Gemma's vocabulary).
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from app.lang.actions import put_into_text
from app.lang.path_shape import beside
from app.lang.placeholders import STEP_REF, STEP_REF_ANY
from app.lang.quotes import without_quotes
from app.lang.rules.planner_answer import PLANNER_ANSWER
from app.lang.rules.planner_fill import PLANNER_FILL
from app.lang.rules.remember import REMEMBER
from app.models.schema import bounded
from app.tools.calculate import has_expression, numbers_left_out
from app.tools.registry import Tool
from app.tools.results import OUTPUT_FIELDS
from app.tools.slots import CONTENT_NAMES, FREE_TEXT_NAMES, PATH_NAMES, path_args, slots_of
from app.turn.cancel import CancelToken, TurnCancelled
from app.turn.events import Step

from .choose import norm_path, read_paths
from .evidence import Clause, Evidence, window_hours

MAX_MODEL_STRING = 100  # characters; under a grammar each generated token costs ~50 ms on Gemma's vocabulary
MAX_MODEL_ITEMS = 5
ARGS_MAX_TOKENS = 64
_LOOPING = re.compile(r"(.{1,3})\1{11,}$", re.S)  # the same 1-3 characters a dozen times at the end
# The enum values a request's words can pick ("mostrami la fine" -> mode=tail): one rule `pick_<value>` each in
# app/lang/rules/planner_fill.py, so a new rule there is a new value picked here.
ENUM_PICKS: dict[str, re.Pattern[str]] = {r.id.removeprefix("pick_"): PLANNER_FILL.pattern(r.id)
                                          for r in PLANNER_FILL.rules if r.id.startswith("pick_")}
_LEAD = PLANNER_FILL.pattern("object_lead")
_FACT_OPENS = REMEMBER.pattern("fact_opens")


class ArgsError(Exception):
    """The model's arguments could not be used (not JSON, wrong shape), or there was no model to ask."""

    def __init__(self, message: str, tool: str = "", missing: Sequence[str] = ()):
        super().__init__(message)
        self.tool = tool
        self.missing = list(missing)  # the schema keys that could not be had, for the person's sentence


def result_field(step: Step) -> str | None:
    """The field of a step result that a following step most likely wants."""
    res = step.result
    if not isinstance(res, dict):
        return None
    for f in OUTPUT_FIELDS:
        if f in res and res[f] not in (None, "", []):
            return f
    return None


def last_output(steps: Sequence[Step]) -> tuple[Step, str] | None:
    """The last successful step with an output a following step may take, and that output's field."""
    for s in reversed(steps):
        if s.ok and (f := result_field(s)):
            return s, f
    return None


# "spostaci dentro X", "copiaci X", "move X into it", "put it in there": the place an earlier clause made
_THERE = PLANNER_FILL.pattern("into_there")
_ERROR = PLANNER_FILL.pattern("error_word")  # a search for errors looks for "error"
_LAST = PLANNER_FILL.pattern("last_word")  # "l'ultimo errore": from the end


def _made_folder(steps: Sequence[Step]) -> str | None:
    """The folder the last successful make_folder step created (its path argument)."""
    for s in reversed(steps):
        if s.ok and s.tool == "make_folder" and isinstance(s.args.get("path"), str):
            return str(s.args["path"])
    return None


def _object_text(clause: Clause, fact: bool = False) -> str:
    """The clause after its first action word: "ricordati che X" -> "X". A fact with no verb the lexicon knows
    ("please keep it in your head that I work nights…") is what follows its "that/che" or colon."""
    words = clause.text.split()
    from app.lang.normalize import normalize
    from app.lang.vocabulary import verb_class

    for i, w in enumerate(words):
        if verb_class(normalize(w)):
            rest = " ".join(words[i + 1:])
            return _LEAD.sub("", rest).strip(" .?!") or clause.text
    m = _FACT_OPENS.search(clause.text) if fact else None
    if m is not None and clause.text[m.end():].strip(" .?!"):
        return clause.text[m.end():].strip(" .?!")
    return clause.text.strip(" .?!")


@dataclass
class _Filling:
    """The arguments of one tool being filled, and what the fillers read to fill them."""

    tool: Tool
    props: dict[str, Any]
    clause: Clause | None
    ev: Evidence
    steps: Sequence[Step]
    slots: dict[str, Any]  # the clause's values (the request's when there is no clause)
    paths: list[str]
    scratchpad_id: str | None
    free_text_by_rules: bool
    args: dict[str, Any] = field(default_factory=dict)
    src: dict[str, str] = field(default_factory=dict)

    def put(self, k: str, v: Any, how: str = "rules") -> None:
        """A value for a key the tool has, unless an earlier filler put one: the first to know wins."""
        if k in self.props and k not in self.args and v not in (None, "", []):
            self.args[k] = v
            self.src[k] = how


def rule_args(tool: Tool, clause: Clause | None, ev: Evidence, steps: Sequence[Step], *,
              scratchpad_id: str | None = None,
              free_text_by_rules: bool = True) -> tuple[dict[str, Any], dict[str, str]]:
    """Fill what the request and earlier steps determine. Returns (args, sources): the fillers (`_FILLERS`) run in
    order, one kind of value each, and the first value put for a key stays."""
    clause = clause or (ev.clauses[0] if ev.clauses else None)
    slots = clause.slots if clause else ev.slots
    paths = list(slots.get("path") or []) or (list(ev.slots.get("path") or []) if len(ev.clauses) <= 1 else [])
    f = _Filling(tool, tool.properties, clause, ev, steps, slots, paths, scratchpad_id, free_text_by_rules)
    for fill in _FILLERS:
        fill(f)
    return f.args, f.src


def _fill_places(f: _Filling) -> None:
    """Where it goes (`dest`), then the paths it acts on: every path for a list, else the last for a write
    (the target) and the first for a read."""
    props = f.props
    if "dest" in props and f.clause is not None:
        made = _made_folder(f.steps)
        if made and _THERE.search(f.clause.text):
            f.put("dest", made, "ref")  # "crea la cartella X e spostaci dentro Y": into the folder just made
        elif len(f.paths) >= 2:
            dest, srcs = f.paths[-1], f.paths[:-1]
            if "/" not in dest and not dest.startswith("~") and srcs[0].startswith(("/", "~")):
                # "rename /x/report.txt to final.txt": a bare new name stays in the file's folder, as the file
                # stage reads it (the planner passed "final.txt" on and the move failed as relative, everyday5-17)
                dest = beside(srcs[0], dest)
            f.put("dest", dest)  # "sposta a.txt da /x a /y": the last place named is where it goes
            f.paths = srcs
    paths = f.paths
    declared = set(path_args(f.tool)) - {slots_of(f.tool).dest}  # open_path's target: a path the tool declares
    for k in props:
        if (k not in PATH_NAMES and k not in declared) or not paths:
            continue
        typ = props[k].get("type")
        f.put(k, paths if typ == "array" else paths[-1] if f.tool.risk == "write" else paths[0])


def _fill_filters(f: _Filling) -> None:
    """A kind of file or a time window: a search with a filter and no folder searches from home."""
    slots = f.slots
    if "root" in f.props and "root" in f.tool.required and "root" not in f.args and (
            slots.get("ext") or slots.get("window")):
        f.put("root", "~", "default")
    if slots.get("ext"):
        f.put("ext", slots["ext"][0])
    if slots.get("window") and f.clause is not None and f.clause.has_file_context:
        f.put("modified_within_hours", window_hours(slots["window"], f.ev.now))


def _fill_addresses(f: _Filling) -> None:
    """Web and mail addresses, and a date for every key that takes one."""
    slots, props = f.slots, f.props
    for key in ("url", "urls"):
        if slots.get("url"):
            f.put(key, slots["url"] if props.get(key, {}).get("type") == "array" else slots["url"][0])
    for key in ("email", "to"):
        if slots.get("email"):
            f.put(key, slots["email"][0])
    if slots.get("date"):
        for k, p in props.items():
            if "date" in k or p.get("format") == "date":
                f.put(k, slots["date"][0])


def _fill_content(f: _Filling) -> None:
    """Content: quoted text to write, inline text, the words put into a text file (appended), or the previous
    result by reference — never a file's own text written back onto it (everyday22-16: the list overwritten)."""
    put = put_into_text(f.clause.text) if f.clause is not None and f.tool.risk == "write" else None
    for k in CONTENT_NAMES:
        if k not in f.props:
            continue
        if f.clause is not None and f.ev.quoted and f.tool.risk == "write":
            f.put(k, f.ev.quoted[0])
        elif f.ev.inline:
            f.put(k, f.ev.inline)
        elif put:
            f.put(k, put)
            if "append" in (f.props.get("mode") or {}).get("enum", ()):
                f.put("mode", "append")
        elif (out := last_output(f.steps)) and _ref_fits(f, k, *out) and \
                not (f.tool.risk == "write" and _onto_itself(f, out[0])):
            step, field = out
            f.put(k, f"{{{{step{step.num}.{field}}}}}", "ref")


def _ref_fits(f: _Filling, key: str, step: Step, field: str) -> bool:
    """Does the step's output fit `key`'s type? A listing is no text to write (everyday23-35 failed on "content
    should be string, got list", said in English inside an Italian answer)."""
    return f.props.get(key, {}).get("type", "string") != "string" or isinstance(step.result.get(field), str)


def _onto_itself(f: _Filling, step: Step) -> bool:
    """Is the step's output the text of the file this write targets (a read of it)?"""
    targets = {norm_path(p) for p in f.paths[-1:]} | read_paths(f.args)
    return bool(targets & read_paths(step.args))


def _fill_text(f: _Filling) -> None:
    """The scratchpad in use, and the keys that take the clause's own words: an arithmetic expression, an
    instruction, and (when allowed) a required free-text key such as a fact or a query."""
    props, clause = f.props, f.clause
    if "scratchpad_id" in props and f.scratchpad_id:
        f.put("scratchpad_id", f.scratchpad_id)
    if "expression" in props and clause is not None and has_expression(clause.text) and \
            (f.free_text_by_rules or not numbers_left_out(clause.text)):  # a word problem: the model writes it
        f.put("expression", clause.text[: int(props["expression"].get("maxLength", 200))])
    if "instruction" in props and clause is not None:
        f.put("instruction", clause.text[: int(props["instruction"].get("maxLength", 300))])
    # The text a request carries after a colon ("store this for me: my bike lock code is 0717") is the value
    # itself, for a writing model too: asked to copy it into JSON, the 1.5B model rewrote it past its token
    # budget and the turn failed. So is an argument the tool declares verbatim (remember's fact: the person's own
    # words). Other free text is the model's to word when there is one.
    verbatim = slots_of(f.tool).verbatim
    if clause is not None:
        for k in f.tool.required:
            by_rules = f.free_text_by_rules or f.ev.inline or k in verbatim
            if by_rules and k not in f.args and k in FREE_TEXT_NAMES and \
                    props.get(k, {}).get("type", "string") == "string":
                cap = int(props[k].get("maxLength", 500))
                f.put(k, (f.ev.inline or _object_text(clause, fact=k == "fact"))[:cap])


def _fill_choices(f: _Filling) -> None:
    """An enum value the clause's words pick ("mostrami la fine" -> mode=tail), and what a grep then needs."""
    if f.clause is None:
        return
    text = f.clause.text
    low = without_quotes(text).lower()  # the words of 'a new day' are content, not the mode
    for k, p in f.props.items():
        if k in f.args or "enum" not in p:
            continue
        hit = [v for v in p["enum"] if (pick := ENUM_PICKS.get(str(v))) is not None and pick.search(low)]
        if len(hit) == 1:
            f.put(k, hit[0])
    if f.args.get("mode") == "grep" and "pattern" in f.props:  # a search needs something to search for
        if f.ev.quoted:
            f.put("pattern", f.ev.quoted[0])
        elif _ERROR.search(text):
            f.put("pattern", "error")
            f.put("ignore_case", True)
        if _LAST.search(text):
            f.put("from_end", True)


def _fill_number(f: _Filling) -> None:
    """One number said and one numeric key still wanted: that number."""
    numbers = f.slots.get("number") or []
    props = f.props
    num_props = [k for k in f.tool.required if props.get(k, {}).get("type") in ("integer", "number")
                 and k not in f.args]
    if len(numbers) == 1 and len(num_props) == 1:
        v = numbers[0]
        f.put(num_props[0], int(v) if props[num_props[0]]["type"] == "integer" else v)


_FILLERS: tuple[Callable[[_Filling], None], ...] = (
    _fill_places, _fill_filters, _fill_addresses, _fill_content, _fill_text, _fill_choices, _fill_number)


def missing_required(tool: Tool, args: dict[str, Any]) -> list[str]:
    return [k for k in tool.required if k not in args]


def model_schema(tool: Tool, keys: Sequence[str]) -> dict[str, Any]:
    """The tool's schema restricted to `keys`, every string and list bounded."""
    props = tool.properties
    return {"type": "object", "properties": {k: bounded(props.get(k, {"type": "string"}), MAX_MODEL_STRING,
                                                        MAX_MODEL_ITEMS) for k in keys},
            "required": list(keys), "additionalProperties": False}


def parse_model_args(text: str, keys: Sequence[str], done: Sequence[int] = ()) -> dict[str, Any]:
    """The model's JSON for `keys`; raises ArgsError with what was wrong. A value may refer only to a step that has
    run (`done`, their numbers)."""
    try:
        val = json.loads(text)
    except json.JSONDecodeError as e:
        raise ArgsError(f"not valid JSON ({e.msg} at character {e.pos}): {text[:120]!r}") from None
    except RecursionError:
        raise ArgsError(f"not usable JSON (nested too deeply): {text[:120]!r}") from None
    if not isinstance(val, dict):
        raise ArgsError(f"expected a JSON object, got {type(val).__name__}")
    missing = [k for k in keys if k not in val]
    if missing:
        raise ArgsError(f"the model left out {', '.join(missing)}", missing=missing)
    echoed = [k for k in keys if isinstance(val[k], str) and _PROMPT_LABELS.search(val[k])]
    if echoed:  # "ok\nFacts: path: …\nSuggested answer: …" written over a person's todo.txt (everyday8-46)
        raise ArgsError(f"the model copied the prompt into {', '.join(echoed)}: {text[:120]!r}", missing=echoed)
    unrun = [k for k in keys if isinstance(val[k], str) and _refers_to_unrun(val[k], done)]
    if unrun:  # "aggiungi a todo.txt una riga che dice …" → content "{{step1.content}}" on step 1 (everyday13-21)
        raise ArgsError(f"the model referred to a step that has not run in {', '.join(unrun)}: {text[:120]!r}",
                        missing=unrun)
    return {k: val[k] for k in keys}


def _refers_to_unrun(value: str, done: Sequence[int]) -> bool:
    """Does `value` hold a step reference that is not one to a step that ran — "{{step1.content}}" on step 1, or
    the template's own "{{stepN.content}}" (everyday13-21's clean run wrote that line into todo.txt)?"""
    good = sum(1 for m in STEP_REF.finditer(value) if int(m.group(1)) in done)
    return len(STEP_REF_ANY.findall(value)) > good


# the prompt's own labels and template tokens, read as the answer stage reads them: a value that carries them is
# the model continuing its prompt, not an argument
_PROMPT_LABELS = PLANNER_ANSWER.pattern("markers")
_FACTS_LINE = PLANNER_ANSWER.pattern("facts_line")


def model_args(llm: Any, prompt: str, tool: Tool, missing: Sequence[str],
               cancel: CancelToken, done: Sequence[int] = ()) -> tuple[dict[str, Any], Any]:
    """Generate the missing keys under the restricted grammar; a looping generation is stopped early. `done`: the
    numbers of the turn's steps that have run, the only ones a value may refer to."""
    from .answer import StopToken

    stop = StopToken(cancel)
    out: list[str] = []

    def watch(tok: str) -> None:
        out.append(tok)
        if _LOOPING.search("".join(out)[-48:]):
            stop.cancel()

    try:
        comp = llm.complete(prompt, max_tokens=ARGS_MAX_TOKENS, temperature=0.0, cancel=stop, on_token=watch,
                            json_schema=model_schema(tool, missing))
    except TurnCancelled:
        if cancel.cancelled:
            raise
        salvaged = _value_before_blank_loop("".join(out), missing)
        if salvaged is not None:
            return salvaged, None
        raise ArgsError(f"the model repeated itself instead of giving {', '.join(missing)}: "
                        f"{''.join(out)[:80]!r}", missing=missing) from None
    got = parse_model_args(comp.text, missing, done)
    for k in path_args(tool):
        v = got.get(k)
        m = _FACTS_LINE.search(v) if isinstance(v, str) else None
        if m is None or v is None:
            continue
        place = v[:m.start()].strip()  # the path the facts line began with, when it is on disk
        if not place or not os.path.exists(os.path.expanduser(place)):
            raise ArgsError(f"the model copied the prompt's facts into {k}: {comp.text[:120]!r}", missing=[k])
        got[k] = place
    return got, comp



_BLANK_LOOP = re.compile(r'^\s*\{\s*"(\w+)"\s*:\s*"((?:[^"\\]|\\.)*?)(?:\\n|\\t|\s)+$', re.S)


def _value_before_blank_loop(text: str, missing: Sequence[str]) -> dict[str, Any] | None:
    """A model that wrote one value and then looped on blank lines ({"content":"ciao\n\n\n…, measured with
    the 1.5B instruct model) has said the value: keep it, without the blanks. Anything else is a failure."""
    m = _BLANK_LOOP.match(text)
    if m is None or list(missing) != [m.group(1)]:
        return None
    try:
        value = json.loads(f'"{m.group(2)}"').strip()
    except json.JSONDecodeError:
        return None
    return {m.group(1): value} if value else None


def shown_args(args: dict[str, Any], limit: int = 200) -> str:
    """Arguments as written into the prompt: compact, long strings shortened."""
    short = {k: (v[:limit] + "…" if isinstance(v, str) and len(v) > limit else v) for k, v in args.items()}
    return json.dumps(short, ensure_ascii=False, separators=(",", ":"), default=str)
