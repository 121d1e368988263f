""""Consenti questa cartella": a path outside the allowed folders offers to allow its folder, in place.

Before, "elenca /mnt/foto" ended with "Aggiungi la sua cartella a [tools] allowed_roots in runtime.toml". Now the
refusal names the settings page (confine.py) and the answer ends with an offer (app/turn/events.py `Offer`):
"Vuoi aggiungere /mnt/foto alle «Cartelle consentite»?", with a "Consenti questa cartella" button. Accepting it
runs `allow_folder` — a write, so with its approval card like any other — and then the request again
(app/engine/offer_again.py). Declining changes nothing and says so.

Never silently, never everything:
* the tool is a builtin with no examples and an action class ("allow") no request reading produces: the write
  veto keeps it out of the planner's options; the only way to run it is the person's yes to this offer, then
  their yes on the approval card;
* the disk's root ("/") is never offered (the refusal says why: confine.py) and the tool refuses it too;
* allowed folders set by an environment variable cannot be changed by writing the file: no offer then.

The folder is written to runtime.toml exactly as the Settings page writes it (app/config/toml_edit.py, then the
manager reloads), so Settings → «Cartelle consentite» lists it at once.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.config.schema import BY_DOTTED
from app.config.toml_edit import SettingsWriteError, set_values
from app.lang.messages import Message
from app.turn import events as ev
from app.turn.describe import StepSaid
from app.turn.events import Step

from . import allow_messages as _messages  # noqa: F401  (registers the allow.* sentences)
from .confine import allowed_roots, confine, is_disk_root
from .plugin import Plugin
from .registry import Approval, Tool, ToolContext, ToolError
from .slots import Slots

NAME = "allow_folder"
KEY = "tools.allowed_roots"
OUTSIDE = ("files.outside", "files.outside_none")  # the refusals a folder of one's own remedies


def _folder(raw: Any) -> Path:
    """The folder to allow, resolved (links followed: the approval names the real folder). A path the file tools
    would refuse for its shape ("..", "~user", a drive letter, relative, NUL, too long) is refused with the same
    words — confine() against the whole disk checks only the shape —; then it must be an existing folder that
    is not the disk's root."""
    text = str(raw) if isinstance(raw, str) else ""
    folder = confine(text, [Path("/")])
    try:
        is_dir = folder.is_dir()
    except OSError:
        is_dir = False
    if not is_dir:
        raise ToolError(Message("allow.not_folder", path=text.strip()))
    if is_disk_root(folder):
        raise ToolError(Message("allow.root", path=str(folder)))
    return folder


def _covered(folder: Path, config: Any) -> bool:
    return any(folder == r or folder.is_relative_to(r) for r in allowed_roots(config))


def _by_env(config: Any) -> bool:
    return dict(getattr(config, "sources", {}) or {}).get(KEY) == "env"


def allow_folder(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Add the folder to tools.allowed_roots in runtime.toml and reload the configuration (approved already)."""
    folder = _folder(args.get("path"))
    manager = getattr(ctx.services.engine, "manager", None)
    if manager is None or not hasattr(manager, "reload"):
        raise ToolError(Message("allow.no_settings"))
    config = manager.config
    if _by_env(config):
        raise ToolError(Message("allow.env", name=BY_DOTTED[KEY].env_name))
    if _covered(folder, config):
        n = len(config.tools.allowed_roots)
        return {"folder": str(folder), "added": False, "allowed": n,
                "said": Message("allow.already", path=str(folder)).to_dict()}
    folders = [*(str(r) for r in config.tools.allowed_roots), str(folder)]
    try:
        set_values(manager.path, {KEY: folders})
    except SettingsWriteError as e:
        raise ToolError(Message("allow.not_saved", error=str(e))) from None
    change = manager.reload()
    if change.errors:
        raise ToolError(Message("allow.not_saved", error="; ".join(change.errors)))
    return {"folder": str(folder), "added": True, "allowed": len(folders),
            "said": Message("allow.added", path=str(folder), n=len(folders)).to_dict()}


def _approval(args: dict[str, Any]) -> Approval:
    """The card: which folder, what it opens; the preview lists the folder to add."""
    path = str(args.get("path", ""))
    return Approval(Message("allow.question", path=path), preview=path, preview_kind="files")


ALLOW_FOLDER = Tool(
    NAME, "Add a folder to the allowed folders (only as the answer to the offer made when a path was refused). "
          "Asks for approval.",
    {"type": "object", "properties": {"path": {"type": "string", "description": "The folder to allow"}},
     "required": ["path"]},
    # "allow": an action class no request reading produces today, so the write veto never offers it to the planner;
    # were the lexicon to learn "consenti la cartella X", that request would ask for it — still with its approval
    allow_folder, group="Settings", risk="write", builtin=True, acts=("allow",), slots=Slots(paths=("path",)),
    said=StepSaid(), approval=_approval,
    declined=lambda a: Message("allow.declined", path=str(a.get("path", ""))))
TOOLS = [ALLOW_FOLDER]


def folder_offer(ctx: Any, step: Step) -> ev.Offer | None:
    """The offer a refused path earns, or None: only a refusal for being outside the allowed folders, with a folder
    that exists, is not the root, can be written (not set by an environment variable), and a surface that can run
    the tool (a read-only mode cannot)."""
    result = step.result if isinstance(step.result, dict) else {}
    message = result.get("message")
    if step.ok or not isinstance(message, dict) or message.get("key") not in OUTSIDE:
        return None
    folder = str((message.get("params") or {}).get("folder") or "")
    try:
        _folder(folder)
    except ToolError:
        return None
    if _by_env(ctx.config) or NAME not in ctx.registry:
        return None
    lang = ctx.lang
    return ev.Offer(ctx.turn_id, step.num, text=Message("allow.offer", path=folder).text(lang), tool=NAME,
                    args={"path": folder}, declined=Message("allow.declined", path=folder).text(lang), lang=lang,
                    label=Message("allow.label").text(lang), then=str(ctx.turn.text))


class AllowFolderPlugin(Plugin):
    """Offers "Consenti questa cartella" after a step refused for a path outside the allowed folders."""

    name = "allow_folder"

    def after_step(self, ctx: Any, step: Step) -> None:
        offer = folder_offer(ctx, step)
        if offer is not None and not any(o.tool == NAME and o.args == offer.args for o in ctx.turn.offers):
            ctx.turn.offers.append(offer)
