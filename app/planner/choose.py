"""The constrained first decision: one of the candidate tools, or `answer`.

Two opinions are combined. The *structure* of the request (embedding match,
action verbs, argument values, what the turn has already done) gives a
distribution P_s, the prior; the model's log-likelihood of each name gives
P_llm. The choice is argmax of P_s^(1-w) · P_llm^w (combine), where w is the
model's weight: small for the 270M base model, so it cannot override strong
structural evidence, larger for a real instruct model, so it can decide.
Every L3 decision is scored by the model; risky tools the request does not
ask for are never among the options (veto.py).
"""
from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from app.lang.content_said import names_text_inside
from app.tools.calculate import has_expression
from app.tools.registry import Tool
from app.tools.slots import CONTENT_NAMES, PATH_NAMES, slots_of

from .evidence import Clause, Evidence

ANSWER = "answer"
TEMPERATURE = 0.015  # structural scores are in cosine units: 0.03 apart = 7x likelier

_FOLDERISH = re.compile(r"(?i)folder|cartella|director")
_FILEISH = re.compile(r"(?i)\bfile")
_TIMEISH = re.compile(r"(?i)modified|since|hours|days|changed")


@dataclass
class Situation:
    """What the turn has done so far, as far as the choice is concerned."""

    steps_done: int = 0
    last_ok: bool = True
    pending_clause: bool = True  # a clause of the request still wants an action
    has_content_source: bool = False  # a previous step result, quoted or inline text
    executed: list[tuple[str, str]] = field(default_factory=list)  # (tool, args signature)
    clause_tools: set[str] = field(default_factory=set)  # tools already run for the pending clause
    read_paths: set[str] = field(default_factory=set)  # the files the turn's steps read (normalized)


def content_at_hand(tool: Tool, clause: Clause, sit: Situation) -> bool:
    """Is the content a tool works on at hand? A previous result, quoted or inline text — but for a describing
    tool whose clause names its own file, only when that file was read: "Have a look at X first, then give me a
    summary of Y" summarized X for Y (everyday12-66)."""
    if not sit.has_content_source:
        return False
    if tool.risk != "read" or not clause.paths:
        return True
    return {norm_path(p) for p in clause.paths} <= sit.read_paths


def norm_path(p: str) -> str:
    return os.path.normpath(os.path.expanduser(str(p)))


def read_paths(args: Mapping[str, Any]) -> set[str]:
    """The files a call names (its `paths` or `path`), normalized: what a successful step has at hand."""
    got = args.get("paths") or ([args["path"]] if args.get("path") else [])
    return {norm_path(p) for p in got if isinstance(p, str)} if isinstance(got, list) else set()


@dataclass
class Choice:
    name: str
    probs: dict[str, float]
    structural: dict[str, float]
    llm: dict[str, float] | None = None
    why: str = ""
    prereq_for: str | None = None  # this step only prepares content for that tool
    head: dict[str, float] | None = None  # the intent head's probabilities for the clause (details, offline sweeps)


def softmax(scores: dict[str, float], temp: float = 1.0) -> dict[str, float]:
    if not scores:
        return {}
    m = max(scores.values())
    ex = {k: math.exp((v - m) / temp) for k, v in scores.items()}
    z = sum(ex.values())
    return {k: v / z for k, v in ex.items()}


def path_props(tool: Tool) -> list[str]:
    """The arguments that take a place: by their name, or as the tool declares them (open_path's `target`: read by
    name alone, "open X" scored open_path as a tool with no place for X, and X was read out instead — a substitute,
    everyday4-20 and everyday5-25). The destination is not counted: the place acted on is."""
    declared = slots_of(tool).paths or ()
    return [p for p in tool.properties if p in PATH_NAMES or p in declared]


def needs_content(tool: Tool) -> bool:
    return any(p in tool.required for p in CONTENT_NAMES)


def _path_kind(path: str) -> str:
    """'dir' or 'file' by what is on disk, else by the name's shape; '' when unsure."""
    try:
        p = Path(os.path.expanduser(path))
        if p.is_absolute():
            if p.is_dir():
                return "dir"
            if p.is_file():
                return "file"
    except (OSError, ValueError):
        pass
    if path.endswith(("/", "\\")) or path in ("~", "~/"):
        return "dir"
    last = path.rstrip("/\\").rsplit("/", 1)[-1]
    return "file" if "." in last.strip(".") else ""


def arg_fit(tool: Tool, clause: Clause, sit: Situation) -> float:
    """How well the argument values the clause carries fit the tool's parameters."""
    s = 0.0
    pp = path_props(tool)
    paths = clause.paths
    slots = clause.slots
    if paths:
        if pp:
            s += 0.04
            desc = " ".join(str(tool.properties[k].get("description", "")) + " " + k for k in pp)
            folderish = bool(_FOLDERISH.search(desc) or "root" in pp) and not _FILEISH.search(desc)
            kinds = {_path_kind(p) for p in paths}
            if "folder" in clause.sig.objects:
                kinds.add("dir")
            if folderish:
                s += 0.03 if "dir" in kinds and "file" not in kinds else -0.03 if "file" in kinds else 0.0
            elif "file" in kinds:
                s += 0.02
            elif "dir" in kinds and not _FOLDERISH.search(desc):
                s -= 0.03  # a folder where only a file fits (a place for "a file or folder" is neutral)
        elif not needs_content(tool):  # a content tool gets a file's text through a read step
            s -= 0.06
    elif not sit.steps_done and any(p in tool.required and p in PATH_NAMES for p in pp) and not (
            "root" in tool.required and (slots.get("ext") or slots.get("window"))):
        s -= 0.08  # a path it cannot get from the request
    filters = [p for p in tool.properties if p in ("ext", "pattern") or _TIMEISH.search(p)]
    if slots.get("ext"):
        s += 0.05 if filters else 0.0
    elif filters and not slots.get("window") and "find" not in clause.sig.actions:
        s -= 0.02  # a search with nothing to search by is a listing
    if pp and names_text_inside(clause.text):  # "in quali file c'è la parola X": a search of their text, not of
        s += (0.05 if filters else 0.0) if tool.reads_external else -0.05  # their names, nor a listing
    if slots.get("window") and clause.has_file_context and _TIMEISH.search(" ".join(tool.properties)):
        s += 0.05
    if slots.get("url"):
        s += 0.05 if any("url" in p for p in tool.properties) else -0.03
    if "expression" in tool.properties:  # arithmetic is computed, never left to the model
        s += 0.12 if has_expression(clause.text) else -0.06
    return s


def structural_scores(tools: Mapping[str, Tool], candidates: Sequence[str], emb: dict[str, float],
                      lex: dict[str, float], act: dict[str, float], clause: Clause | None, ev: Evidence,
                      sit: Situation, mapped_actions: set[str]) -> tuple[dict[str, float], str | None]:
    """Scores in cosine units for each candidate and `answer`; also the tool a read step would prepare."""
    clause = clause or Clause("", _empty_sig(), {})
    scores: dict[str, float] = {}
    for name in candidates:
        tool = tools.get(name)
        if tool is None:
            continue
        s = emb.get(name, 0.0) + 0.08 * act.get(name, 0.0) + 0.05 * lex.get(name, 0.0)
        s += arg_fit(tool, clause, sit)
        if name in sit.clause_tools or (any(t == name for t, _ in sit.executed[-1:]) and not sit.pending_clause):
            s -= 0.10  # the same tool again for the same clause: nothing new to learn
        scores[name] = s
    # What the clause asks for, before asking whether its content is at hand: "riassumi il file X" is
    # describe_entries, which needs the file read first.
    intent = max(scores, key=scores.get) if scores else None  # type: ignore[arg-type]
    for name in scores:
        tool = tools[name]
        if needs_content(tool) and not content_at_hand(tool, clause, sit):
            # With a path, a read step can supply a describing tool's content; a writing tool's content
            # must be given (quoted, inline, or an earlier clause's result): never a file onto itself.
            scores[name] -= 0.03 if clause.paths and tool.risk == "read" else 0.08
    prereq = None
    if intent is not None and "read_files" in tools and "read_files" not in sit.clause_tools:
        tool = tools[intent]
        if needs_content(tool) and tool.risk == "read" and not content_at_hand(tool, clause, sit) and clause.paths:
            scores["read_files"] = max(scores.get("read_files", 0.0), scores[intent] + 0.03)
            prereq = intent
    scores[ANSWER] = _answer_score(clause, ev, sit, mapped_actions)
    return scores, prereq


def _answer_score(clause: Clause, ev: Evidence, sit: Situation, mapped_actions: set[str]) -> float:
    """`answer`'s score, in the same units: higher when nothing is left to do or the last step failed, lower
    when the clause carries values a tool would act on."""
    a = 0.87
    if not sit.pending_clause:
        a += 0.20
    if not sit.last_ok:
        a += 0.10
    if clause.tell and not clause.paths and sit.steps_done:
        a += 0.10
    acts = set(clause.sig.actions)
    if acts and not (acts & mapped_actions):
        a += 0.05  # an action no tool performs (translate, explain…): the model answers
    if not acts and not any(clause.slots.get(k) for k in ("path", "url", "ext", "window", "email")):
        a += 0.02
    if clause.paths or clause.slots.get("url") or clause.slots.get("ext"):
        a -= 0.05
    if not sit.steps_done and has_expression(clause.text):
        a -= 0.05  # a calculation wants the calculator
    if ev.inline and sit.steps_done == 0:
        a -= 0.05  # content given inline wants a tool to work on it
    return a


def _empty_sig() -> Any:
    from app.lang.actions import ActionSig

    return ActionSig((), False, frozenset(), frozenset())


def combine(structural: dict[str, float], llm_ll: dict[str, float] | None, weight: float) -> dict[str, float]:
    """Structure as a prior, the model as the judge: P ∝ P_s^(1-w) · P_llm^w over the same options (a product of
    experts, in log space). A mixture (1-w)·P_s + w·P_llm could never let the model overrule a confident
    structure — the model moves a probability by at most w — so the 1.5B model was asked only when the rules
    were unsure, and new phrasings got the rules' answer. In log space a confident model (a few nats) outweighs
    a small structural margin, while a weak one (small w) still cannot overturn a clear one.
    Without the model, P_s alone."""
    ps = softmax(structural, TEMPERATURE)
    if not llm_ll or weight <= 0:
        return ps
    pl = softmax({k: llm_ll.get(k, -1e9) for k in structural})
    logits = {k: (1 - weight) * math.log(max(ps[k], 1e-300)) + weight * math.log(max(pl[k], 1e-300))
              for k in structural}
    return softmax(logits)


GENERATED_VOTE_NATS = 3.0


def generated_vote(chosen: str, opts: Sequence[str]) -> dict[str, float]:
    """A choice the model generated (or a server's constrained choice) as log-likelihoods: the chosen option
    GENERATED_VOTE_NATS likelier than each other one — about as sure as the 1.5B model's scores usually are.
    A ranking has no probabilities; read as certainty (0 against -1000) it would be the whole decision under
    any weight, and the 270M model behind a server then chose alone (the remote planner suite fell to 14/46)."""
    return {o: (0.0 if o == chosen else -GENERATED_VOTE_NATS) for o in opts}


CAREFUL_WEIGHT = 0.4  # the model's weight where its slips were measured (pick): the earlier mixture's


def pick(structural: dict[str, float], llm_ll: dict[str, float] | None, weight: float, tools: Mapping[str, Tool],
         after_step: bool = False, prereq: str | None = None,
         head: Mapping[str, float] | None = None) -> tuple[str, dict[str, float]]:
    """The option chosen and the combined probabilities, with the three places where the model's word counts
    less, each measured on the everyday suite:
    - a clause of the request still waits for its action (`after_step`): stopping early is the model's usual
      slip ("I created the folder." before moving the file into it);
    - the model would answer where the request's words point to a tool that reads facts (the clock, memory,
      a file): a needless read is truthful, an answer without it invented the time and a gate code. Only when
      the learned intent head (`head`, the clause's first decision) also reads that tool as the request's
      action: the structure's top read tool is often just the tool whose object the words name, and there
      the override read out a file the person said they had already copied, listed a folder for "ciao, come
      va?" (the date) — on a sample of the fresh and suite tune halves (172 first decisions) the override
      made 8 of them wrong and none right; gated by the head, the same 8 are right and the gate code stays
      read. Without a head's reading (later decisions, no embedder) the override applies as before;
    - "riassumi il file X": the describing tool is the intent, and the read that feeds it comes first (a path
      is not content)."""
    if after_step:
        weight = min(weight, CAREFUL_WEIGHT)
    probs = combine(structural, llm_ll, weight)
    name = max(probs, key=probs.get)  # type: ignore[arg-type]
    top = max(structural, key=structural.get)  # type: ignore[arg-type]
    tool = tools.get(top)
    head_agrees = not head or max(head, key=head.__getitem__) == top
    if name == ANSWER and top != ANSWER and weight > CAREFUL_WEIGHT and tool is not None and tool.risk == "read" \
            and head_agrees:
        probs = combine(structural, llm_ll, CAREFUL_WEIGHT)
        name = max(probs, key=probs.get)  # type: ignore[arg-type]
    if prereq and name == prereq and "read_files" in structural:
        name = "read_files"
    return name, probs


_NAME = re.compile(r"\s*(?:action\s*:\s*)?([A-Za-z_][\w.-]*)", re.I)


def parse_action(text: str) -> str:
    """The tool name a generated decision starts with ('' when there is none)."""
    m = _NAME.match(text or "")
    return m.group(1) if m else ""


def names_grammar(options: Sequence[str]) -> str:
    """GBNF allowing exactly one of `options` (after an optional space)."""
    alts = " | ".join('"' + o.replace("\\", "\\\\").replace('"', '\\"') + '"' for o in options)
    return f'root ::= " "? ({alts})'


def rank_candidates(structural_tools: dict[str, float], k: int) -> list[str]:
    ranked = sorted(structural_tools, key=structural_tools.get, reverse=True)  # type: ignore[arg-type]
    return ranked if k <= 0 else ranked[:k]


_SIZE = re.compile(r"(?i)(\d+(?:\.\d+)?)\s*([mbk])")


def model_params(llm: Any) -> float | None:
    """Parameter count of a local GGUF from its metadata (size label) or its file size."""
    meta = getattr(llm, "metadata", None) or {}
    label = str(meta.get("general.size_label", "") or meta.get("general.name", ""))
    m = _SIZE.search(label)
    if m:
        return float(m.group(1)) * {"k": 1e3, "m": 1e6, "b": 1e9}[m.group(2).lower()]
    path = getattr(llm, "model_path", None)
    try:
        return path.stat().st_size * 1.6 if path is not None else None  # ~5 bits per weight at Q4
    except OSError:
        return None


def model_weight(llm: Any, setting: float = -1.0) -> float:
    """How much the model's preference counts in a choice (see module doc)."""
    if llm is None:
        return 0.0
    if setting is not None and setting >= 0:
        return float(setting)
    n = model_params(llm)  # a server reports general.name / size_label too
    if n is None:
        return 0.8 if getattr(llm, "name", "") != "llama_cpp" else 0.5  # unknown server: usually a real instruct model
    # In log space the structure counts (1 - w) / (w * TEMPERATURE) times a model nat. On the tuning half of
    # the everyday suite (84 first decisions, resources/eval/requests/README.md) the 1.5B instruct model chose
    # best with that ratio between 20 and 40 (w 0.6-0.75: 72-74/84; w 0.4 gives 100: 68/84; the old mixture
    # 64/84, structure alone 62/84): 0.65 sits inside.
    if n < 0.6e9:
        return 0.15  # the 270M base model chooses tools badly (measured): structure decides
    if n < 2e9:
        return 0.65
    if n < 6e9:
        return 0.75
    return 0.85
