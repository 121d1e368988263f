"""What a person is asked before a file is written, and what they hear after saying no (IT/EN)."""
from __future__ import annotations

import os
from typing import Any

from app.lang.messages import Message, register

from .registry import Approval

register({
    "write.ask_new": {"it": {"one": "Scrivere {n} carattere nel nuovo file {name} in {folder}?",
                             "other": "Scrivere {n} caratteri nel nuovo file {name} in {folder}?"},
                      "en": {"one": "Write {n} character to the new file {name} in {folder}?",
                             "other": "Write {n} characters to the new file {name} in {folder}?"}},
    "write.ask_overwrite": {"it": {"one": "Sostituire il contenuto di {name} in {folder} con {n} carattere?",
                                   "other": "Sostituire il contenuto di {name} in {folder} con {n} caratteri?"},
                            "en": {"one": "Replace the content of {name} in {folder} with {n} character?",
                                   "other": "Replace the content of {name} in {folder} with {n} characters?"}},
    "write.ask_append": {"it": {"one": "Aggiungere {n} carattere in fondo a {name} in {folder}?",
                                "other": "Aggiungere {n} caratteri in fondo a {name} in {folder}?"},
                         "en": {"one": "Append {n} character to {name} in {folder}?",
                                "other": "Append {n} characters to {name} in {folder}?"}},
    "write.declined": {"it": "Va bene, non ho scritto nulla in {path}.", "en": "All right, I wrote nothing to {path}."},
})


def _where(args: dict[str, Any]) -> tuple[str, str, str]:
    path = os.path.expanduser(str(args.get("path") or ""))
    folder, name = os.path.split(path)
    return path, name or path, folder or "."


def write_approval(args: dict[str, Any]) -> Approval:
    """The question for write_files: new file, replaced content or an addition, and how much."""
    path, name, folder = _where(args)
    content = str(args.get("content") or "")
    mode = args.get("mode") or "overwrite"
    key = "write.ask_append" if mode == "append" else (
        "write.ask_overwrite" if os.path.exists(path) and mode != "create" else "write.ask_new")
    return Approval(Message(key, n=len(content), name=name, folder=folder), content, "text")


def write_declined(args: dict[str, Any]) -> Message:
    """A refused write is the person's choice: say plainly that nothing was written."""
    return Message("write.declined", path=str(args.get("path") or ""))
