"""open_path: a file, folder or web address with the desktop's default application, or an installed app.

The engine has no Qt, so the desktop is asked directly: `xdg-open` (Linux), `os.startfile` (Windows),
`open` (macOS). An application is found by name among the installed ones — XDG `.desktop` entries on
Linux (localized names too), Start-menu shortcuts on Windows, /Applications on macOS — and started
from its own entry. A program inside the allowed folders is never run: only what is installed.
"""
from __future__ import annotations

import configparser
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

from app.lang.messages import Message, register

from .confine import allowed_roots, confine
from .registry import Approval, Tool, ToolContext, ToolError
from .slots import Slots

EXEC_SUFFIXES = frozenset({".exe", ".bat", ".cmd", ".com", ".msi", ".ps1", ".sh", ".bash", ".zsh", ".run", ".bin",
                           ".appimage", ".desktop", ".jar", ".py", ".pl", ".rb", ".command", ".app", ".scr", ".vbs",
                           ".lnk"})
_FIELD_CODE = re.compile(r"%[fFuUdDnNickvm%]")

register({
    "open.no_url_scheme": {"it": "apro solo indirizzi http e https, non «{url}»",
                           "en": "I only open http and https addresses, not {url!r}"},
    "open.executable": {"it": "{path} è un programma: non avvio programmi dalle tue cartelle, solo applicazioni "
                              "installate",
                        "en": "{path} is a program: I never run programs from your folders, only installed "
                              "applications"},
    "open.no_app": {"it": "non trovo un'applicazione installata che si chiami «{name}»",
                    "en": "I cannot find an installed application called “{name}”"},
    "open.failed": {"it": "non sono riuscito ad aprire {what} ({error})", "en": "could not open {what} ({error})"},
    "open.opened": {"it": "Ho aperto {what}.", "en": "I opened {what}."},
    "open.started": {"it": "Ho avviato {name}.", "en": "I started {name}."},
    "open.q_path": {"it": "Aprire {what} con il programma predefinito?",
                    "en": "Open {what} with the default application?"},
    "open.q_url": {"it": "Aprire {what} nel browser?", "en": "Open {what} in the browser?"},
    "open.q_app": {"it": "Avviare l'applicazione {what}?", "en": "Start the application {what}?"},
    "open.declined": {"it": "Va bene, non ho aperto nulla.", "en": "All right, I opened nothing."},
})


def kind_of(target: str) -> str:
    """'url', 'path' or 'app' by the shape of what was asked to open."""
    t = target.strip()
    if re.match(r"(?i)^[a-z][a-z0-9+.-]*://", t) or t.lower().startswith(("www.", "file:", "mailto:")):
        return "url"
    if "/" in t or "\\" in t or t.startswith(("~", ".")) or re.search(r"\.\w{1,5}$", t) or not t:
        return "path"
    return "app"


def _desktop_dirs() -> list[Path]:
    home = Path(os.path.expanduser("~"))
    data_home = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    dirs = [data_home] + [Path(d) for d in (os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share").split(":")
                          if d]
    return [d / "applications" for d in dirs]


def _entry(path: Path) -> dict[str, str] | None:
    cp = configparser.RawConfigParser(interpolation=None, strict=False)
    cp.optionxform = str  # type: ignore[assignment,method-assign]
    try:
        cp.read(path, encoding="utf-8")
    except (configparser.Error, UnicodeDecodeError, OSError):
        return None
    if not cp.has_section("Desktop Entry"):
        return None
    sec = dict(cp.items("Desktop Entry"))
    hidden = sec.get("Hidden", "").lower() == "true"
    if sec.get("Type", "Application") != "Application" or hidden or not sec.get("Exec"):
        return None
    return sec


def find_app(name: str) -> tuple[str, list[str]] | None:
    """(display name, argv) of the installed application called `name`, or None."""
    want = " ".join(name.lower().split())
    if sys.platform.startswith("win") or sys.platform == "darwin":
        return _find_app_other(want)
    seen: set[str] = set()
    best: tuple[int, str, list[str]] | None = None
    for folder in _desktop_dirs():
        try:
            files = sorted(folder.rglob("*.desktop"))
        except OSError:
            continue
        for f in files:
            ident = str(f.relative_to(folder)).replace("/", "-")
            if ident in seen:
                continue  # the first folder (the user's own) wins, as in the XDG spec
            seen.add(ident)
            sec = _entry(f)
            if sec is None:
                continue
            names = [v.lower() for k, v in sec.items() if k == "Name" or k.startswith("Name[")]
            generic = [v.lower() for k, v in sec.items() if k == "GenericName" or k.startswith("GenericName[")]
            argv = [a for a in shlex.split(_FIELD_CODE.sub("", sec["Exec"])) if a]
            exe = Path(argv[0]).name.lower() if argv else ""
            rank = (0 if want in names else 1 if want == f.stem.lower() or want == exe else
                    2 if want in generic else 3 if any(want in n.split() for n in names) else 9)
            if rank < 9 and argv and (best is None or rank < best[0]):
                best = (rank, sec.get("Name", f.stem), argv)
    return (best[1], best[2]) if best else None


def _find_app_other(want: str) -> tuple[str, list[str]] | None:
    if sys.platform == "darwin":
        for base in (Path("/Applications"), Path(os.path.expanduser("~/Applications"))):
            for app in base.glob("*.app"):
                if app.stem.lower() == want:
                    return app.stem, ["open", "-a", str(app)]
        return None
    for base in (Path(os.environ.get("APPDATA", "")) / "Microsoft/Windows/Start Menu/Programs",
                 Path(os.environ.get("PROGRAMDATA", "")) / "Microsoft/Windows/Start Menu/Programs"):
        for lnk in base.rglob("*.lnk"):
            if lnk.stem.lower() == want:
                return lnk.stem, [str(lnk)]
    return None


def _launch(argv: list[str]) -> None:
    if sys.platform.startswith("win") and len(argv) == 1:
        os.startfile(argv[0])  # type: ignore[attr-defined]  # a Start-menu shortcut
        return
    subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True, close_fds=True)


def _open_default(what: str) -> None:
    if sys.platform.startswith("win"):
        os.startfile(what)  # type: ignore[attr-defined]
    elif sys.platform == "darwin":
        _launch(["open", what])
    else:
        _launch(["xdg-open", what])


def is_executable(p: Path) -> bool:
    if p.is_dir():
        return p.suffix.lower() == ".app"
    return p.suffix.lower() in EXEC_SUFFIXES or (os.name != "nt" and os.access(p, os.X_OK))


def open_path(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    target = str(args.get("target") or "").strip()
    kind = kind_of(target)
    try:
        if kind == "url":
            if not re.match(r"(?i)^https?://", target) and not target.lower().startswith("www."):
                raise ToolError(Message("open.no_url_scheme", url=target[:200]))
            url = target if "://" in target else "https://" + target
            _open_default(url)
            return {"opened": url, "kind": "url", "said": Message("open.opened", what=url).to_dict()}
        if kind == "path":
            p = confine(target, allowed_roots(ctx.config), must_exist=True)
            if not (p.is_file() or p.is_dir()):
                raise ToolError(Message("files.not_regular", path=target))
            if is_executable(p):
                raise ToolError(Message("open.executable", path=target))
            _open_default(str(p))
            return {"opened": str(p), "kind": "path", "said": Message("open.opened", what=str(p)).to_dict()}
        found = find_app(target)
        if found is None:
            raise ToolError(Message("open.no_app", name=target))
        name, argv = found
        _launch(argv)
        return {"started": name, "kind": "app", "said": Message("open.started", name=name).to_dict()}
    except OSError as e:
        raise ToolError(Message("open.failed", what=target, error=e.strerror or str(e))) from None


def open_approval(args: dict[str, Any]) -> Approval:
    target = str(args.get("target") or "")
    key = {"url": "open.q_url", "path": "open.q_path", "app": "open.q_app"}[kind_of(target)]
    return Approval(Message(key, what=target), target, "text")


TOOLS = [
    Tool("open_path", "Start an installed application by name, or hand a file, folder or web address to its default "
                      "application (browser, viewer, file manager). Avvia un programma (es. firefox). "
                      "Asks for approval.",
         {"type": "object", "properties": {
             "target": {"type": "string",
                        "description": "Absolute path of a file or folder, http(s) address, or the name of an "
                                       "installed application"}},
          "required": ["target"]}, open_path, group="Files", risk="write", acts=("open", "start"),
         slots=Slots(paths=("target",), verbs=("read", "open", "start", "play"),
                     names=("app", "web", "image", "music", "video", "folder")),
         examples=("avvia firefox", "avvia la calcolatrice", "lancia thunderbird", "launch libreoffice",
                   "start the terminal app", "apri ~/Immagini/mare.jpg con il programma predefinito",
                   "open https://example.org in the browser"),
         approval=open_approval, declined=lambda a: Message("open.declined")),
]
