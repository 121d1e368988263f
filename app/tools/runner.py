"""What one running turn offers to the router's replay and to the planner.

Every tool call of a turn goes through `TurnContext.execute`, whichever level
decided it, so approval, confinement, references, offloading and events are
the same for L1, L2 and L3.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from app.lang.detect import detect_lang
from app.lang.messages import Message, say
from app.tools.confine import refused_before_asking
from app.tools.quoted_target import only_quoted
from app.tools.quoted_target import refusal as quoted_refusal
from app.tools.registry import Approver, Registry, ToolContext, ToolError, risky, validate_args
from app.turn import events as ev
from app.turn.cancel import CancelToken, TurnCancelled
from app.turn.events import Step, Turn
from app.turn.refs import RefError, has_refs, resolve
from app.turn.services import TurnServices

log = logging.getLogger(__name__)

PREVIEW_CHARS = 300
PREVIEW_LIMIT = 4000  # an approval preview longer than this is cut (the card scrolls its preview)


@dataclass
class StepOutcome:
    ok: bool
    view: dict[str, Any]  # what the model is shown (synthetic when offloaded)
    result: Any = None  # the real result
    error: str | None = None  # English, for logs and the model
    step: Step | None = None
    scratchpad_id: str | None = None
    message: Message | None = None  # the same failure for the person, in their language
    declined: bool = False  # the user said no: their choice, not a failure


def compact_json(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"), default=str)


@dataclass
class TurnContext:
    turn: Turn
    config: Any
    registry: Registry
    emit: Callable[[ev.Event], None]
    approve: Approver
    cancel: CancelToken = field(default_factory=CancelToken)
    services: TurnServices = field(default_factory=TurnServices)
    always_approved: set[str] = field(default_factory=set)
    deferred_loaded: dict[str, str] = field(default_factory=dict)  # tool -> what triggered loading

    @property
    def owner(self) -> str:
        return self.turn.owner

    @property
    def lang(self) -> str:
        """The language of the request ("it"/"en"): every sentence of this turn is written in it (the turn's own
        when it has one: "sì" answering an offer speaks the offer's)."""
        return self.turn.lang or detect_lang(self.turn.text)

    @property
    def turn_id(self) -> str:
        return self.turn.id

    @property
    def next_step(self) -> int:
        return len(self.turn.steps) + 1

    def tool_context(self) -> ToolContext:
        return ToolContext(owner=self.owner, turn_id=self.turn_id, config=self.config, approve=self._approve,
                           cancel=self.cancel, services=self.services, turn=self.turn)

    # -- results and references ---------------------------------------------------
    def result_of(self, n: int) -> Any:
        """The full result of step n: from memory, or from the scratchpad if it was offloaded."""
        for s in self.turn.steps:
            if s.num == n:
                return s.result
        store = self.services.scratchpad
        if store is not None:  # a turn rebuilt after a restart: the scratchpad still has it
            return store.full_result(self.owner, self.turn_id, n)
        return None

    def _approve(self, tool: str, args: dict[str, Any], risk: str) -> bool:
        if tool in self.always_approved:
            return True
        question, preview, kind = self._describe(tool, args)
        self.emit(ev.ApprovalNeeded(self.turn_id, self.next_step, tool=tool, args=_short_args(args), risk=risk,
                                    question=question, preview=preview, preview_kind=kind))
        decision: object = self.approve(tool, args, risk)  # type: ignore[arg-type]  # a UI may answer "always"
        store = self.services.scratchpad
        if store is not None:  # a long approval wait must not let this turn's entries expire
            try:
                store.touch_turn(self.owner, self.turn_id, ttl=float(self.config.scratchpad.ttl_seconds))
            except Exception:
                log.warning("could not extend scratchpad entries after an approval wait")
        if decision == "always":
            self.always_approved.add(tool)
            return True
        return bool(decision)

    def _describe(self, tool_name: str, args: dict[str, Any]) -> tuple[str, str, str]:
        """(question, preview, preview kind) for the approval card, in the request's language."""
        tool = self.registry.get(tool_name)
        if tool is not None and tool.approval is not None:
            try:
                a = tool.approval(args)
                return a.question.text(self.lang), a.preview[:PREVIEW_LIMIT], a.preview_kind
            except Exception:  # a describer bug must not block the question: fall back to the generic one
                log.exception("approval description of %s failed", tool_name)
        return say("approval.generic", self.lang), "", ""

    # -- the one way to run a tool ---------------------------------------------------
    def execute(self, tool_name: str, args: dict[str, Any], arg_sources: dict[str, str] | None = None,
                level: str = "L3") -> StepOutcome:
        self.cancel.check()
        num = self.next_step
        arg_sources = dict(arg_sources or {})
        tool = self.registry.get(tool_name)
        if tool is None:
            msg = f"unknown tool {tool_name!r}"
            self.emit(ev.ToolCall(self.turn_id, num, tool=tool_name, args=args, arg_sources=arg_sources))
            return self._fail(num, tool_name, args, level, arg_sources, msg, Message("tool.unknown", tool=tool_name))
        try:
            if has_refs(args):
                args = resolve(args, self.result_of)
                arg_sources.update({k: "ref" for k in args if k not in arg_sources})
            args = validate_args(tool, args)
        except (RefError, ToolError) as e:
            self.emit(ev.ToolCall(self.turn_id, num, tool=tool_name, args=_short_args(args), arg_sources=arg_sources))
            return self._fail(num, tool_name, args, level, arg_sources, str(e),
                              e.message if isinstance(e, ToolError) else Message("tool.bad_reference"))
        self.emit(ev.ToolCall(self.turn_id, num, tool=tool_name, args=_short_args(args), arg_sources=arg_sources,
                              deferred_loaded=tool_name in self.deferred_loaded))
        if quoted := only_quoted(tool, args, self.turn.text):
            return self._fail(num, tool_name, args, level, arg_sources, f"{quoted}: only inside quoted words; "
                              "not a target", quoted_refusal(quoted))  # never asked
        if tool.risk == "write" and tool.group == "Files" and (out := refused_before_asking(tool, args, self.config)):
            return self._fail(num, tool_name, args, level, arg_sources, str(out), out.message)  # never asked
        if risky(tool) and not tool.self_approving and not self._approve(tool_name, args, tool.risk):
            declined = tool.declined(args) if tool.declined is not None else Message("approval.declined")
            return self._fail(num, tool_name, args, level, arg_sources,
                              f"not approved: the user declined {tool_name}; nothing was changed", declined,
                              was_declined=True)
        try:
            result = tool.handler(args, self.tool_context())
        except TurnCancelled:
            raise
        except ToolError as e:
            return self._fail(num, tool_name, args, level, arg_sources, str(e), e.message)
        except Exception as e:  # a tool bug must end as an event, not a crash
            log.exception("tool %s failed", tool_name)
            return self._fail(num, tool_name, args, level, arg_sources, f"{tool_name} failed: {type(e).__name__}: {e}",
                              Message("tool.crashed", error=f"{type(e).__name__}: {e}"))
        if tool.reads_external:
            self.turn.read_external = True
        step = Step(num, tool_name, args, result, True, level, arg_sources)
        self.turn.steps.append(step)
        view, sp_id = self._present(step, result)
        text = compact_json(result)
        self.emit(ev.Observation(self.turn_id, num, tool=tool_name, ok=True, size=len(text.encode("utf-8")),
                                 preview=text[:PREVIEW_CHARS], scratchpad_id=sp_id))
        hook = self.services.after_step
        if hook is not None:
            hook(step)
        self.cancel.check()
        return StepOutcome(True, view, result, None, step, sp_id)

    def _present(self, step: Step, result: Any) -> tuple[dict[str, Any], str | None]:
        """Offload a big result to the scratchpad; otherwise show it truncated."""
        present = self.services.present
        if present is not None:
            return present(self, step, result)
        inline = int(self.config.scratchpad.inline_chars)
        text = compact_json(result)
        if len(text) <= inline:
            return (result if isinstance(result, dict) else {"result": result}), None
        return {"ok": True, "truncated_view": text[:inline] + f"[... {len(text) - inline} caratteri omessi ...]"}, None

    def _fail(self, num: int, tool: str, args: dict[str, Any], level: str, sources: dict[str, str],
              msg: str, message: Message | None = None, was_declined: bool = False) -> StepOutcome:
        result: dict[str, Any] = {"ok": False, "error": msg}
        if message is not None:  # the person's sentence travels with the step (history, rendering)
            result["message"] = message.to_dict()
        if was_declined:
            result["declined"] = True
        step = Step(num, tool, args, result, False, level, sources)
        self.turn.steps.append(step)
        self.emit(ev.Observation(self.turn_id, num, tool=tool, ok=False, size=0, preview="", error=msg,
                                 message=message.text(self.lang) if message is not None else ""))
        hook = self.services.after_step
        if hook is not None:  # the plugins see failures too: a refused path offers to allow its folder
            hook(step)
        return StepOutcome(False, {"ok": False, "error": msg}, None, msg, step, message=message,
                           declined=was_declined)


def _short_args(args: dict[str, Any], limit: int = 400) -> dict[str, Any]:
    """Events carry arguments for display; a 14 KB content argument is shown shortened."""
    out: dict[str, Any] = {}
    for k, v in args.items():
        if isinstance(v, str) and len(v) > limit:
            out[k] = v[:limit] + f"… [{len(v)} chars]"
        else:
            out[k] = v
    return out
