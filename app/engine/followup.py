"""Follow-ups: "leggi il primo", "aprilo", "e in inglese?", "rifallo per la cartella X" against the previous turn.

Why here, before the router: the words of a follow-up name nothing by themselves, so neither the fast path nor the
model can read them — the model fills the path with whatever looks likely (measured: "Certo, posso aprire il file
che hai fornito."). The engine knows what the previous turn of the same session listed, found, read or opened, in
the order the person saw it; `FollowUps.resolve` turns the words into that path before anything else reads the
request:

- a read, an open or a delete of what was pointed at is decided here, as a routed call (arguments from the
  "previous turn"); a write still asks for approval like any other ("cancellalo" is a delete); "aprili" asks for
  each file on its own, and a "no" skips only that one (open_each.py);
- anything else is the request rewritten with the path in place of the words ("copia il primo in /y" →
  "copia /x/a.pdf in /y"), then routed and planned as usual; the person's own words stay the turn's text;
- "e in inglese?" is the previous request again with its language replaced (or asked for);
- "rifallo per la cartella X" is the previous request again with its folder replaced;
- nothing to point at (no previous turn in this session, no list for "il secondo", two candidates for "quello"):
  a question back in the request's language, and no tool runs. Never a guess.

The reading of the words is app/lang/followup.py (rule tables with examples); what a turn left behind is
`Previous`. Sessions are the engine's `session` argument (a conversation's id); each sees only its own turns, and
a conversation this process has not seen yet is read back from the journal (its last request and calls, and the
last list it showed: engine/shown.py).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.lang.actions import action_of
from app.lang.args_extractor import extract
from app.lang.clauses import split_continuation
from app.lang.detect import detect_lang
from app.lang.followup import (
    Redo,
    Referent,
    after_a_sentence,
    folder_word,
    item_alone,
    language_again,
    language_span,
    redo_in,
    referent_in,
)
from app.lang.messages import catalog, say
from app.planner import messages as _planner_messages  # noqa: F401  (the "which file?" questions: ask.which.*)
from app.turn import events as ev
from app.turn.decision import RouteResult
from app.turn.events import Step, Turn

from . import followup_messages as _messages  # noqa: F401  (registers the follow-ups' sentences)
from .dispatch import fast_path
from .finish import finish
from .open_each import open_each
from .shown import step_paths, unique

SOURCE = "previous turn"  # the arguments' source, as the details view and `--json` show it
MAX_ALL = 20  # "aprili" on more items than this is asked about, not done
MAX_SESSIONS = 64  # sessions whose previous turn is kept (the oldest forgotten first)
# what a request's action does to a file, and the tool that does it when nothing else is said ("leggilo")
DIRECT = {"read": "read_files", "open": "open_path", "delete": "delete_files"}
# actions that need a file (a question back when there is none); the text actions may mean the previous answer
FILE_ACTS = frozenset({"read", "open", "delete", "copy", "move", "rename", "list", "print", "compress"})
TEXT_ACTS = frozenset({"summarize", "translate"})
WITH_DEST = frozenset({"copy", "move", "rename"})  # a path said with these is where, not what
ASK_TOOL = {"read": "read_files", "open": "open_path", "delete": "delete_files", "copy": "copy_files",
            "move": "move_files", "list": "list_dir", "summarize": "describe_entries"}
AGAIN_TOOLS = ("read_files", "open_path")  # "e il secondo?" does again what was done (a summary asks what to do)
FOLDER_ARGS = ("root", "path", "folder", "dir")
# a follow-up is short: more content words than this and the request carries what it means ("a delivery guy is at
# the entrance and asks for the number to open it…")
MAX_CONTENT = 3
MAX_WORDS = 12


@dataclass
class Previous:
    """What a session's previous turn left to point at."""

    request: str  # what it asked (the rewritten text when it was a follow-up itself)
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # its tool calls that went well, in order
    focus: list[str] = field(default_factory=list)  # what it listed, found, read, opened or wrote, in order shown
    listing: list[str] = field(default_factory=list)  # the last list shown in the session ("il secondo")
    acted: str | None = None  # its last tool on one file ("e il secondo?" does it again)

    def folder(self) -> str | None:
        """The folder the previous request worked in (what "rifallo per la cartella X" replaces)."""
        for _tool, args in self.calls:
            for k in FOLDER_ARGS:
                v = args.get(k)
                if isinstance(v, str) and v and Path(v).expanduser().is_dir():
                    return v
        return None


class FollowUps:
    """The previous turn of each session, and the resolution of the next request's words against it."""

    def __init__(self) -> None:
        self._prev: dict[str, Previous] = {}
        self._rewritten: dict[str, str] = {}  # turn id -> what the person said (turn.text holds the rewrite)
        self._asked: set[str] = set()  # turns answered with a question back: they leave the state as it was
        self._typed: dict[str, str] = {}  # turn id -> the request as typed, when it was read in other case

    # -- before the router ------------------------------------------------------------
    def resolve(self, engine: Any, ctx: Any, text: str, session: str) -> str | None:
        """The text to route (the request itself, or rewritten), or None when the follow-up is answered here."""
        code = language_again(text)
        redo = redo_in(text) if code is None else None
        ref = referent_in(text) if code is None and redo is None else None
        if code is None and redo is None and ref is None:
            return text  # no word points back: the request as it is, and nothing read
        prev = self._prev.get(session) if session else None
        if prev is None and session:
            prev = self._from_journal(engine, ctx, session)
        if code is not None:
            if prev is None or not prev.request:
                return self._ask(engine, ctx, session, "followup.ask.language",
                                 language=say(f"followup.lang.{code}", ctx.lang))
            return self._rewrite(ctx, again_in(prev.request, code, ctx.lang))
        if redo is not None:
            return self._redo(engine, ctx, text, session, prev, redo)
        return self._referent(engine, ctx, text, session, prev, ref) if ref is not None else text

    def _from_journal(self, engine: Any, ctx: Any, session: str) -> Previous | None:
        """A conversation this process has not seen (the app restarted, an older one picked, another `metnos ask`):
        its last turn as the journal kept it — the request, its calls and what it showed — so "e in inglese?",
        "rifallo per X", "aprilo" after a read and "il secondo" after a listing point where they would have in
        the process that ran it. The list is the conversation's last one, as in memory: a read of one file after it
        leaves it the list to count in. Never raises."""
        try:
            rows = engine.journal.conversation(ctx.owner, session, limit=6) if engine.journal is not None else []
        except Exception:
            return None
        # not this turn, nor a question back (answered by rules with no call): those leave the previous one standing
        rows = [r for r in rows if r.get("id") != ctx.turn.id and (r.get("steps") or r.get("level") != "L0")]
        if not rows:
            return None
        prev = Previous(request=str(rows[-1].get("text") or ""))
        for row in rows:  # oldest first: the last list wins, the last turn gives the rest
            last = row is rows[-1]
            last_tool: str | None = None
            for st in row.get("steps") or []:
                step = Step(int(st.get("num") or 0), str(st.get("tool") or ""), dict(st.get("args") or {}),
                            ok=bool(st.get("ok")))
                shown = [str(p) for p in st.get("shown") or []]
                if shown:
                    prev.listing = shown
                if not last:
                    continue
                if step.ok:
                    prev.calls.append((step.tool, step.args))
                paths, listed = (shown, True) if shown else step_paths(step)
                if paths:
                    prev.focus = paths if listed else _focused(prev.focus, paths, step.tool, last_tool)
                last_tool = step.tool if paths and not listed else None
                if step.tool in AGAIN_TOOLS:
                    prev.acted = step.tool
        self._prev[session] = prev
        return prev

    def _referent(self, engine: Any, ctx: Any, text: str, session: str, prev: Previous | None,
                  ref: Referent) -> str | None:
        """"leggi il primo", "aprilo", "copia quello in /y": the path(s) pointed at, or a question back."""
        sig = action_of(text)
        acts = set(sig.actions)
        if sig.negated or len(sig.content) > MAX_CONTENT or len(text.split()) > MAX_WORDS \
                or len(split_continuation(text)) > 1:
            return text  # "non cancellarlo", a long request, "X e poi cancellalo": it names what it means itself
        if not acts and not (ref.ordinal and item_alone(text, ref)):
            return text  # "cos'è questo?", "2 to the 16th?": no file action, nothing of ours pointed at
        if acts - FILE_ACTS - TEXT_ACTS or (not ref.ordinal and after_a_sentence(text, ref)) \
                or self._names_its_own(text, ref, acts):
            return text  # "chiama il numero 3", "leggi /x/a.md e poi rinominalo": a request of its own
        items = (prev.listing if ref.ordinal else prev.focus) if prev is not None else []
        if not items:
            if not ref.ordinal and acts <= TEXT_ACTS:
                return text  # "traducilo": the previous answer, in the history the planner reads (or it asks)
            if ref.ordinal:
                return self._ask(engine, ctx, session, "followup.ask.no_list")
            act = next((a for a in acts if a in ASK_TOOL), "")
            key = f"ask.which.{ASK_TOOL.get(act, '')}"
            return self._ask(engine, ctx, session, key if key in catalog() else "ask.which")
        if ref.ordinal:
            if abs(ref.index) > len(items):
                return self._ask(engine, ctx, session, "followup.ask.out_of_range", n=len(items))
            paths = [items[ref.index - 1 if ref.index > 0 else ref.index]]
        elif ref.plural:
            if len(items) > MAX_ALL:
                return self._ask(engine, ctx, session, "followup.ask.too_many", n=len(items))
            paths = list(items)
        elif len(items) > 1:
            return self._ask(engine, ctx, session, "followup.ask.ambiguous", n=len(items))
        else:
            paths = list(items)
        tool = self._direct_tool(text, ref, acts, prev)
        if tool is not None:
            self._run_call(engine, ctx, text, session, tool, paths)
            return None
        if not acts:  # "e il terzo?" after a listing: nothing said, nothing done before to do again
            return self._ask(engine, ctx, session, "followup.ask.what", name=paths[0])
        return self._rewrite(ctx, ref.replaced(text, paths))

    @staticmethod
    def _names_its_own(text: str, ref: Referent, acts: set[str]) -> bool:
        """Does the request name its own file? A path before the words that point back is what they mean ("leggi
        /x/a.md e poi rinominalo"); after them, with a copy or a move, it is where ("copia il primo in /y")."""
        slots = extract(text)
        said = [str(p) for p in (slots.get("path") or []) + (slots.get("url") or [])]
        if not said:
            return False
        return not acts & WITH_DEST or any(0 <= text.find(p) < ref.end for p in said)

    @staticmethod
    def _direct_tool(text: str, ref: Referent, acts: set[str], prev: Previous | None) -> str | None:
        """The tool to run on the paths when the request says nothing but the action and the words that point
        back ("leggi il primo", "aprilo", "cancellali", "e il secondo?")."""
        rest = text[:ref.start] + " " + ref.lead + " " + text[ref.end:]
        sig = action_of(rest)
        if sig.negated or sig.content or sig.objects - {"file", "folder"} or extract(rest).get("path"):
            return None
        if not acts:
            return prev.acted if prev is not None else None
        if len(acts) == 1:
            return DIRECT.get(next(iter(acts)))
        return None

    def _run_call(self, engine: Any, ctx: Any, text: str, session: str, tool: str, paths: list[str]) -> None:
        steps: list[dict[str, Any]]
        if tool == "open_path" and len(paths) > 1:  # one approval each: a "no" skips that file only
            open_each(engine, ctx, session, paths, SOURCE)
            return
        if tool == "open_path":
            steps = [{"tool": tool, "args": {"target": paths[0]}, "arg_sources": {"target": SOURCE}}]
        else:
            steps = [{"tool": tool, "args": {"paths": paths}, "arg_sources": {"paths": SOURCE}}]
        fast_path(engine, ctx, text, session, _decided(steps, ctx.lang, f"{tool} on {', '.join(paths)}"))

    def _redo(self, engine: Any, ctx: Any, text: str, session: str, prev: Previous | None,
              redo: Redo) -> str | None:
        """"rifallo per la cartella X": the previous request with its folder replaced."""
        if prev is None or not prev.request:
            return self._ask(engine, ctx, session, "followup.ask.redo") if redo.sure else text
        old = prev.folder()
        new = self._folder(redo.place, old)
        if new is None:
            if not redo.sure:
                return text  # "e con questo?": not a place, so a request of its own
            return self._ask(engine, ctx, session, "followup.ask.folder", place=folder_word(redo.place))
        if old is None:
            return self._ask(engine, ctx, session, "followup.ask.redo_folder", place=new)
        if old in prev.request:
            return self._rewrite(ctx, prev.request.replace(old, new))
        steps: list[dict[str, Any]] = [
            {"tool": tool, "args": _swap(args, old, new),
             "arg_sources": {k: ("request" if args[k] == old else SOURCE) for k in args}}
            for tool, args in prev.calls]
        fast_path(engine, ctx, text, session, _decided(steps, ctx.lang, f"the previous request again in {new}"))
        return None

    @staticmethod
    def _folder(place: str, old: str | None) -> str | None:
        """The folder a redo names: a path, a named user folder ("Documenti"), or a folder beside or inside the
        previous one that exists ("la cartella sub")."""
        said = extract(place).get("path") or []
        if said:
            return os.path.normpath(Path(said[0]).expanduser())
        from app.routing.file_clause import named_place

        named = named_place(place)
        if named:
            return named
        name = folder_word(place)
        if old and name and "/" not in name and len(name.split()) <= 3:
            base = Path(old).expanduser()
            for cand in (base.parent / name, base / name):
                if cand.is_dir():
                    return str(cand)
        return None

    # -- answers ------------------------------------------------------------------------
    def _ask(self, engine: Any, ctx: Any, session: str, key: str, **params: Any) -> str | None:
        """A question back: nothing runs, the previous turn stays the one to point at. None: answered."""
        self._asked.add(ctx.turn.id)
        ctx.turn.level = "L0"
        ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L0", why=f"follow-up: nothing to refer to ({key})"))
        finish(engine, ctx, say(key, ctx.lang, **params), session)
        return None

    def _rewrite(self, ctx: Any, text: str) -> str:
        """The turn works on `text` until it ends (`ended` puts the person's words back)."""
        turn = ctx.turn
        lang = ctx.lang
        self._rewritten.setdefault(turn.id, turn.text)
        turn.text = text
        turn.lang = turn.lang or lang  # the answer speaks the language the person wrote in
        ctx.emit(ev.Progress(ctx.turn_id, 0, what=f"follow-up: {text}"))
        return text

    def read_as(self, turn: Turn, text: str) -> str:
        """The turn works on `text` (the request typed in capitals, in lower case: lang/capitals.py); `ended` puts
        the person's words back."""
        self._typed.setdefault(turn.id, turn.text)
        turn.text = text
        return text

    # -- after the turn -----------------------------------------------------------------
    def ended(self, turn: Turn, session: str) -> None:
        """Put the person's words back as the turn's text, and keep what the turn left for the next one."""
        said = self._rewritten.pop(turn.id, None)
        asked = turn.id in self._asked
        self._asked.discard(turn.id)
        request = turn.text
        if said is not None:
            turn.text = said
            if turn.route is None:  # planned on the rewrite: not a phrase → call pair to learn from
                turn.route = RouteResult("L3", planner_text=request, stage="followup", reason="follow-up")
        turn.text = self._typed.pop(turn.id, turn.text)
        if not session or asked:
            return
        old = self._prev.pop(session, None)
        prev = Previous(request=request, listing=list(old.listing) if old else [])
        last: str | None = None
        for step in turn.steps:  # a read that failed still names the file the person was shown ("aprilo")
            if step.ok:
                prev.calls.append((step.tool, dict(step.args or {})))
            paths, listed = step_paths(step)
            if paths:
                prev.focus = paths if listed else _focused(prev.focus, paths, step.tool, last)
            last = step.tool if paths and not listed else None
            if listed and step.ok:
                prev.listing = paths
            if step.tool in AGAIN_TOOLS:
                prev.acted = step.tool
        self._prev[session] = prev
        while len(self._prev) > MAX_SESSIONS:
            self._prev.pop(next(iter(self._prev)))

    def forget(self, session: str) -> None:
        self._prev.pop(session, None)


def _decided(steps: list[dict[str, Any]], lang: str, what: str) -> RouteResult:
    """The calls as a routed decision: the engine runs them as it runs a fast-path hit (approval included)."""
    first = steps[0]
    return RouteResult("L0", str(first["tool"]), dict(first["args"]), steps=steps if len(steps) > 1 else None,
                       arg_sources=dict(first["arg_sources"]), lang=lang, stage="followup",
                       reason=f"follow-up: {what} ({SOURCE})")


def _focused(focus: list[str], paths: list[str], tool: str, last: str | None) -> list[str]:
    """What a turn's steps acted on: a run of one tool on one file after another ("aprili": each file its own
    open) is all of them, so "cancellali" next means them all; any other step starts the focus again."""
    return unique(focus + paths) if tool == last else paths


def _swap(args: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    return {k: (new if v == old else [new if x == old else x for x in v] if isinstance(v, list) else v)
            for k, v in args.items()}


def again_in(request: str, code: str, lang: str) -> str:
    """The previous request asked again in language `code`: the language it named replaced ("traduci in francese:
    …" → "traduci in inglese: …"), or the answer's language asked for ("riassumi X (rispondi in inglese)")."""
    said_in = detect_lang(request)
    word = say(f"followup.lang.{code}", said_in)
    span = language_span(request)
    if span is not None:
        return request[:span[0]] + word + request[span[1]:]
    return f"{request} ({say('followup.answer_in', said_in, language=word)})"
