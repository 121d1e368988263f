"""Real extra tools with real handlers: with the app's own tools they make the larger catalogs that the
tool-surface tests (~37 tools) and `metnos bench planner` (30 tools) need.

Why here and not under tests/: the bench ships with the app and measures a realistic catalog size, so
the tools must be importable without the test tree. Every handler really does its job on local files
under METNOS_HOME (tickets, an outbox folder, file copies); nothing here needs the network. They are
never registered by the app itself (build_registry() does not import this module).
"""
from __future__ import annotations

import ast
import base64
import datetime as dt
import hashlib
import json
import operator
import os
import secrets
import shutil
import string
import time
from pathlib import Path
from typing import Any, Callable

from app.config import paths
from app.tools.registry import Registry, Tool, ToolContext, ToolError


def _obj(props: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required or []}


S = {"type": "string"}


# -- tickets: a JSON file in the data dir ---------------------------------------------
def _tickets_file() -> Path:
    return paths.ensure(paths.data_dir()) / "tickets.json"


def _tickets() -> dict[str, Any]:
    f = _tickets_file()
    return json.loads(f.read_text()) if f.exists() else {"next": 1, "items": {}}


def _save(t: dict[str, Any]) -> None:
    _tickets_file().write_text(json.dumps(t))


def create_ticket(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    t = _tickets()
    tid = str(t["next"])
    t["items"][tid] = {"title": a["title"], "assignee": None, "open": True}
    t["next"] += 1
    _save(t)
    return {"ticket_id": tid}


def assign_ticket(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    t = _tickets()
    item = t["items"].get(str(a["ticket_id"]))
    if item is None:
        raise ToolError(f"no ticket {a['ticket_id']}")
    item["assignee"] = a["assignee"]
    _save(t)
    return {"ticket_id": str(a["ticket_id"]), "assignee": a["assignee"]}


def list_tickets(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    return {"tickets": [{"id": k, **v} for k, v in _tickets()["items"].items()]}


def close_ticket(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    t = _tickets()
    item = t["items"].get(str(a["ticket_id"]))
    if item is None:
        raise ToolError(f"no ticket {a['ticket_id']}")
    item["open"] = False
    _save(t)
    return {"ticket_id": str(a["ticket_id"]), "open": False}


# -- files ---------------------------------------------------------------------------------
def file_checksum(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    return {"sha256": hashlib.sha256(Path(a["path"]).read_bytes()).hexdigest()}


# -- text ----------------------------------------------------------------------------------
def count_words(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    text = a["text"]
    return {"words": len(text.split()), "characters": len(text), "lines": len(text.splitlines())}


def sort_lines(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    return {"text": "\n".join(sorted(a["text"].splitlines()))}


def base64_encode(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    return {"base64": base64.b64encode(a["text"].encode()).decode()}


def json_pretty(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    try:
        return {"text": json.dumps(json.loads(a["text"]), indent=2, ensure_ascii=False)}
    except ValueError as e:
        raise ToolError(f"not valid JSON: {e}") from None


# -- math and units ----------------------------------------------------------------------
_OPS: dict[type[ast.AST], Callable[..., float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.Pow: operator.pow, ast.USub: operator.neg, ast.Mod: operator.mod}


def _eval(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_eval(node.left), _eval(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_eval(node.operand))
    raise ToolError("only numbers and + - * / % ** are allowed")


def calculate(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    return {"result": _eval(ast.parse(a["expression"], mode="eval").body)}


_UNITS = {("km", "mi"): 0.621371, ("mi", "km"): 1.609344, ("kg", "lb"): 2.204623, ("lb", "kg"): 0.453592,
          ("m", "ft"): 3.280840, ("ft", "m"): 0.3048}


def convert_units(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    f, t, v = a["from_unit"].lower(), a["to_unit"].lower(), float(a["value"])
    if (f, t) == ("c", "f"):
        return {"value": v * 9 / 5 + 32}
    if (f, t) == ("f", "c"):
        return {"value": (v - 32) * 5 / 9}
    if (f, t) not in _UNITS:
        raise ToolError(f"cannot convert {f} to {t}")
    return {"value": v * _UNITS[(f, t)]}


def days_between(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    d0, d1 = dt.date.fromisoformat(a["start"]), dt.date.fromisoformat(a["end"])
    return {"days": (d1 - d0).days}


def roll_dice(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    return {"roll": secrets.randbelow(int(a.get("sides") or 6)) + 1}


def generate_password(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    alphabet = string.ascii_letters + string.digits + "-_!?"
    n = int(a.get("length") or 16)
    return {"password": "".join(secrets.choice(alphabet) for _ in range(n))}


# -- system ---------------------------------------------------------------------------------
def disk_usage(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    u = shutil.disk_usage(a.get("path") or "/")
    return {"total": u.total, "used": u.used, "free": u.free}


def system_uptime(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    return {"uptime_s": float(Path("/proc/uptime").read_text().split()[0]) if Path("/proc/uptime").exists()
            else time.monotonic()}


def list_processes(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    pids = [p for p in os.listdir("/proc") if p.isdigit()] if os.path.isdir("/proc") else []
    return {"count": len(pids)}


def send_email(a: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Queues the message in a local outbox folder (the test machine has no mail server)."""
    out = paths.ensure(paths.data_dir() / "outbox")
    f = out / f"{int(time.time() * 1000)}.json"
    f.write_text(json.dumps(a))
    return {"queued": str(f)}


EXTRA_TOOLS: list[Tool] = [
    # first: the prompt-cache bench's 3-step request ends with it, and registry_of keeps the first extras
    # only — an app tool added later (search_documents did) must push out a ticket tool, not this one
    Tool("count_words", "Count the words, characters and lines of a text.", _obj({"text": S}, ["text"]),
         count_words, group="Text", examples=("quante parole ci sono in questo testo", "word count")),
    Tool("create_ticket", "Open a new ticket in the project tracker with a title.", _obj({"title": S}, ["title"]),
         create_ticket, group="Tickets and projects", risk="write",
         examples=("apri un ticket per il bug del login", "file a new issue about the crash")),
    Tool("assign_ticket", "Assign a ticket of the tracker to a person.",
         _obj({"ticket_id": S, "assignee": S}, ["ticket_id", "assignee"]), assign_ticket,
         group="Tickets and projects", risk="write",
         examples=("give ticket 4 to Marco", "assegna il ticket 12 a Giulia")),
    Tool("list_tickets", "List the tickets of the tracker with their status and assignee.", _obj({}),
         list_tickets, group="Tickets and projects", examples=("quali ticket sono aperti", "show open issues")),
    Tool("close_ticket", "Close a ticket of the tracker as done.", _obj({"ticket_id": S}, ["ticket_id"]),
         close_ticket, group="Tickets and projects", risk="write",
         examples=("chiudi il ticket 3", "mark issue 7 as resolved")),
    Tool("file_checksum", "Compute the SHA-256 checksum (hash) of a file.", _obj({"path": S}, ["path"]),
         file_checksum, group="Files", examples=("calcola l'hash del file", "sha256 of the iso")),
    Tool("sort_lines", "Sort the lines of a text alphabetically.", _obj({"text": S}, ["text"]), sort_lines,
         group="Text", examples=("ordina queste righe", "sort this list alphabetically")),
    Tool("base64_encode", "Encode a text in base64.", _obj({"text": S}, ["text"]), base64_encode, group="Text",
         examples=("codifica in base64", "base64 this string")),
    Tool("json_pretty", "Format (pretty-print) a JSON text with indentation.", _obj({"text": S}, ["text"]),
         json_pretty, group="Text", examples=("formatta questo json", "pretty print the json")),
    Tool("calculate", "Evaluate an arithmetic expression.", _obj({"expression": S}, ["expression"]), calculate,
         group="Math", examples=("quanto fa 12*7", "what is 2 to the power of 10")),
    Tool("convert_units", "Convert a value between units of measure (km/mi, kg/lb, m/ft, C/F).",
         _obj({"value": {"type": "number"}, "from_unit": S, "to_unit": S}, ["value", "from_unit", "to_unit"]),
         convert_units, group="Math",
         examples=("converti 10 km in miglia", "how many pounds is 3 kg", "20 gradi celsius in fahrenheit")),
    Tool("days_between", "Count the days between two dates (YYYY-MM-DD).",
         _obj({"start": S, "end": S}, ["start", "end"]), days_between, group="Time and date",
         examples=("quanti giorni mancano a natale", "days from 2024-01-01 to 2024-03-01")),
    Tool("roll_dice", "Roll a die with the given number of sides.", _obj({"sides": {"type": "integer"}}),
         roll_dice, group="Games", examples=("tira un dado", "roll a d20")),
    Tool("generate_password", "Generate a random secure password.", _obj({"length": {"type": "integer"}}),
         generate_password, group="Security", examples=("genera una password", "make me a strong password")),
    Tool("disk_usage", "Show how much disk space is used and free.", _obj({"path": S}), disk_usage,
         group="System", examples=("quanto spazio libero ho sul disco", "is my disk full")),
    Tool("system_uptime", "How long the computer has been running since the last boot.", _obj({}), system_uptime,
         group="System", examples=("da quanto è acceso il computer", "uptime")),
    Tool("list_processes", "Count the running processes.", _obj({}), list_processes, group="System",
         examples=("quali programmi sono in esecuzione", "running processes")),
    Tool("send_email", "Send an email message to someone (asks for approval).",
         _obj({"to": S, "subject": S, "body": S}, ["to", "body"]), send_email, group="Messages", risk="send",
         examples=("manda una mail a Luca", "email the report to my boss")),
]


def registry_of(n: int) -> "Registry":
    """The app's catalog plus as many EXTRA_TOOLS as make `n` tools (fewer extras if the app grows)."""
    from app.engine.catalog import build_registry

    base = len(build_registry())
    return build_registry(extra=EXTRA_TOOLS[:max(0, n - base)])
