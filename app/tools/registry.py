"""Tool registry: every executor declares name, description, schema, handler, group and risk.

Handlers receive validated args and a ToolContext and return a JSON-able dict
(the observation). They raise ToolError for an expected failure: the engine
turns it into an error observation, never a crash.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Iterator, Literal

from app.lang.detect import detect_lang
from app.lang.messages import Message
from app.turn.cancel import CancelToken
from app.turn.describe import StepSaid, says
from app.turn.rendering import Renderer, renders
from app.turn.services import TurnServices

from . import messages as _messages  # noqa: F401  (registers tool.arg_* among the tools' sentences)
from .slots import NO_SLOTS, Slots, path_args

Risk = Literal["read", "write", "send"]
Approver = Callable[[str, dict[str, Any], Risk], bool]


class ToolError(Exception):
    """An expected failure with a message the user (and the model) can act on.

    Give it a `Message` (app/lang/messages.py) so the person reads it in the language of their request;
    `str(error)` is the English text (logs, the model's observation). A plain string is accepted for
    errors that never reach a person."""

    def __init__(self, message: str | Message):
        self.message = message if isinstance(message, Message) else None
        super().__init__(message.text("en") if isinstance(message, Message) else message)

    def text(self, lang: str) -> str:
        return self.message.text(lang) if self.message is not None else str(self)


@dataclass
class ToolContext:
    """What a handler may use. `approve` is the front end's decision for write/send tools."""

    owner: str
    turn_id: str
    config: Any  # app.config.Config
    approve: Approver = lambda tool, args, risk: False
    cancel: CancelToken = field(default_factory=CancelToken)
    services: TurnServices = field(default_factory=TurnServices)
    turn: Any = None  # app.turn.events.Turn of the running turn

    @property
    def lang(self) -> str:
        """The language of the request ("it"/"en") for the handler's sentences, as TurnContext.lang; "en" with no
        turn (a tool run outside one)."""
        return detect_lang(str(getattr(self.turn, "text", "") or "")) if self.turn is not None else "en"


Handler = Callable[[dict[str, Any], ToolContext], dict[str, Any]]


# The risks of a tool that changes something (writes, moves, deletes, opens, remembers, sends): the runner asks for
# approval, the planner's veto offers it only when asked, a quoted path is never its target. One set for all three.
RISKY = ("write", "send")


def risky(tool: Any) -> bool:
    """Does `tool` change something (its risk is in RISKY)? A tool-like object without a risk reads."""
    return getattr(tool, "risk", "read") in RISKY


@dataclass(frozen=True)
class Approval:
    """A write/send/delete described for a person: one question, and what exactly will change."""

    question: Message
    preview: str = ""  # plain text: the content to write, one file per line, or a unified diff
    preview_kind: Literal["", "text", "files", "diff"] = ""


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    schema: dict[str, Any]  # JSON schema of the arguments (type: object)
    handler: Handler
    group: str = "General"
    risk: Risk = "read"
    examples: tuple[str, ...] = ()  # example requests (IT/EN) that help retrieval
    reads_external: bool = False  # its output is content from files/web (never an instruction)
    builtin: bool = False  # runtime-only (scratchpad_read, search_tools...)
    # keeps what an earlier step of this request found (save_note): before any step there is nothing to keep, and
    # offered then it took "store this for me: my bike lock combination is 0717" from `remember` (the fact lost)
    after_a_step: bool = False
    # a plan of several steps (update_plan): offered only when the request has more than one clause, and (with
    # after_a_step) never as the first action. Offered first, "segnati che il casaro nuovo si chiama Battista e che
    # comincia lunedì" took it over `remember` (the fact lost, "ok: True" said; everyday15-26, two clauses by "e che")
    several_steps: bool = False
    self_approving: bool = False  # asks ctx.approve itself, with specifics, only when there is something to do
    # the action classes (routing lexicon) it performs: a write/send tool is offered by the planner only when the
    # part of the request that asks names one of them (app/planner/veto.py); () = read from its examples
    acts: tuple[str, ...] = ()
    # the object classes (lang signature objects: "reminder", "folder"…) a write acts on, when its verb alone is
    # everyday: cancel_reminder "cancels", but "cancellalo stu file" must not offer it — only a request that
    # names one of these. Empty: the verb decides (acts).
    objects: tuple[str, ...] = ()
    # write/send tools: what will change, in words ("Scrivere 4 caratteri nel nuovo file nuovo.txt in /tmp?"),
    # and a preview (the text to write, the file list, a diff) — shown on the approval card and in the CLI
    approval: Callable[[dict[str, Any]], "Approval"] | None = None
    # what the user hears when they say no ("Va bene, non ho scritto nulla in /x/y.txt.")
    declined: Callable[[dict[str, Any]], Message] | None = None
    # which arguments take which of a request's values, which are paths and the destination, and the verbs and
    # objects with which the fast file rules make this call (app/tools/slots.py): routing asks the tool
    slots: Slots = NO_SLOTS
    # offered by the planner only for a clause that carries what it reads (time_in: a place said), so that a model
    # never makes a value up for it ("che ore sono adesso, sto in ufficio" is the time here); None: always offered
    offered_if: Callable[[str], bool] | None = None
    # where it is offered, these are not: what they would do instead is a substitute (time_in over get_now: the
    # time here for "che ore sono a Tokyo?" had won 0.52 to 0.42)
    instead_of: tuple[str, ...] = ()
    # how its result is said without the model (app/turn/rendering.py) and how its step is told in the timeline
    # (app/turn/describe.py): declared with the tool, handed to that layer by name when the tool is made — app/turn
    # is below the tools, so it cannot ask them; a tool without these is said in its own words ("said" message)
    render: Renderer | None = None
    said: StepSaid | None = None

    def __post_init__(self) -> None:
        if self.render is not None:
            renders(self.name, self.render)
        if self.said is not None:
            says(self.name, replace(self.said, target=path_args(self)))

    @property
    def required(self) -> list[str]:
        return list(self.schema.get("required", []))

    @property
    def properties(self) -> dict[str, Any]:
        return dict(self.schema.get("properties", {}))

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "risk": self.risk, "group": self.group,
                "schema": self.schema}


class Registry:
    def __init__(self, tools: Iterable[Tool] = ()):
        self._tools: dict[str, Tool] = {}
        for t in tools:
            self.register(t)

    def register(self, tool: Tool) -> Tool:
        if tool.name in self._tools:
            raise ValueError(f"tool {tool.name!r} registered twice")
        if tool.schema.get("type") != "object":
            raise ValueError(f"tool {tool.name!r}: schema must be a JSON object schema")
        self._tools[tool.name] = tool
        return tool

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[Tool]:
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    def names(self) -> list[str]:
        return list(self._tools)


def validate_args(tool: Tool, args: dict[str, Any]) -> dict[str, Any]:
    """Check required keys and basic JSON types; drop unknown keys. Raises ToolError."""
    if not isinstance(args, dict):
        raise ToolError(f"{tool.name}: arguments must be an object")
    props = tool.properties
    clean: dict[str, Any] = {}
    for k, v in args.items():
        if k not in props:
            continue
        want = props[k].get("type")
        ok = {
            "string": isinstance(v, str),
            "integer": isinstance(v, int) and not isinstance(v, bool),
            "number": isinstance(v, (int, float)) and not isinstance(v, bool),
            "boolean": isinstance(v, bool),
            "array": isinstance(v, list),
            "object": isinstance(v, dict),
        }.get(want, True)
        if not ok:
            if want == "integer" and isinstance(v, str) and v.strip().lstrip("-").isdigit():
                v = int(v)
            elif want == "array" and isinstance(v, str):
                v = [v]
            else:
                raise ToolError(Message("tool.arg_type", tool=tool.name, arg=k, want=want, got=type(v).__name__))
        if "enum" in props[k] and v not in props[k]["enum"]:
            raise ToolError(Message("tool.arg_enum", tool=tool.name, arg=k, allowed=props[k]["enum"], got=repr(v)))
        clean[k] = v
    def absent(k: str) -> bool:  # "" is a value only where the schema allows it (minLength 0: empty file content)
        v = clean.get(k)
        return v is None or (v == "" and props.get(k, {}).get("minLength", 1) > 0)

    missing = [k for k in tool.required if absent(k)]
    if missing:
        raise ToolError(f"{tool.name}: missing required argument(s) {', '.join(missing)}")
    return clean
