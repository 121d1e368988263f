"""Delete (to the desktop trash), move/rename, copy and make folders — confined, approved, undoable.

Nothing is ever unlinked by delete_files: it goes to the trash (send2trash: freedesktop Trash, Recycle
Bin, Finder), from where `undo` brings it back. A move on one device is one rename; across devices it is
a complete copy (temporary name, fsync, rename) and only then the removal of the source, so a kill at
any moment leaves the source or the whole destination. Nothing is overwritten: a name already taken
gets a free one ("a (2).txt"), and the approval says so. A link is acted on as a link, never followed
out of the allowed folders.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from app.config.atomic import fsync_dir
from app.lang.messages import Message

from . import fileops_messages as _m  # noqa: F401  (registers the sentences used below)
from .atomic import copy_file, copy_tree, move_path
from .confine import allowed_roots, confine
from .registry import Approval, Tool, ToolContext, ToolError
from .slots import Slots

MAX_ITEMS = 200


def combined(errors: list[ToolError]) -> ToolError:
    """One error for several bad paths: the person reads the first, the model and the log read all."""
    first = errors[0]
    out = ToolError(first.message) if first.message is not None else ToolError(str(first))
    out.args = ("; ".join(str(e) for e in errors),)
    return out


def entry(raw: str, ctx: ToolContext, must_exist: bool = True) -> Path:
    """The path acted on: confined (a link must point inside the roots), but a final link is the link itself."""
    roots = allowed_roots(ctx.config)
    target = confine(raw, roots, must_exist=must_exist)
    lexical = Path(os.path.expanduser(raw.strip()))
    if lexical.is_absolute() and lexical.is_symlink():
        parent = confine(str(lexical.parent), roots)
        return parent / lexical.name
    return target


def _kind_ok(p: Path, raw: str) -> os.stat_result:
    try:
        st = p.lstat()
    except FileNotFoundError:
        raise ToolError(Message("files.not_found", path=raw)) from None
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode) or stat.S_ISLNK(st.st_mode)):
        raise ToolError(Message("files.not_regular", path=raw))
    return st


def _not_a_root(p: Path, raw: str, ctx: ToolContext) -> None:
    home = Path(os.path.expanduser("~")).resolve()
    if p in allowed_roots(ctx.config) or p == home or p == Path(p.anchor):
        raise ToolError(Message("fileops.is_root", path=raw))


def sources(args: dict[str, Any], ctx: ToolContext, errors: list[ToolError]) -> list[tuple[str, Path]]:
    raw = args.get("paths") or []
    if isinstance(raw, str):
        raw = [raw]
    out = []
    dest = str(args.get("dest") or "").strip()
    for r in raw[:MAX_ITEMS]:
        if not isinstance(r, str):
            continue
        if dest and r.strip().rstrip("/") == dest.rstrip("/") and len(raw) > 1:
            continue  # the destination listed among the sources (a planner's path list): not a source
        try:
            p = entry(r, ctx)
            _kind_ok(p, r)
            out.append((r, p))
        except ToolError as e:
            errors.append(e)
    if not raw:
        errors.append(ToolError(Message("files.no_paths")))
    return out


def free_name(target: Path) -> Path:
    """`target`, or "name (2).ext", "name (3).ext"... when taken: nothing is overwritten."""
    if not os.path.lexists(target):
        return target
    stem, suffix = (target.stem, target.suffix) if not target.is_dir() else (target.name, "")
    for n in range(2, 10_000):
        cand = target.with_name(f"{stem} ({n}){suffix}")
        if not os.path.lexists(cand):
            return cand
    raise ToolError(Message("fileops.no_free_name", path=str(target)))


def plan_targets(args: dict[str, Any], ctx: ToolContext) -> list[tuple[Path, Path]]:
    """(source, final destination) for move/copy; raises ToolError naming every bad path."""
    errors: list[ToolError] = []
    raw_dest = str(args.get("dest") or "")
    dest: Path | None = None
    try:
        dest = confine(raw_dest, allowed_roots(ctx.config))
        if dest.exists() and not (dest.is_dir() or dest.is_file()):
            raise ToolError(Message("files.not_regular", path=raw_dest))  # a FIFO, socket or device
    except ToolError as e:
        errors.append(e)
    srcs = sources(args, ctx, errors)
    if errors:
        raise combined(errors)
    assert dest is not None
    pairs: list[tuple[Path, Path]] = []
    if dest.is_dir():
        pairs = [(p, dest / p.name) for _, p in srcs]
    elif len(srcs) == 1:
        if not dest.parent.is_dir():
            raise ToolError(Message("files.no_parent", path=raw_dest, parent=str(dest.parent)))
        pairs = [(srcs[0][1], dest)]
    else:
        raise ToolError(Message("fileops.dest_not_folder", path=raw_dest))
    out: list[tuple[Path, Path]] = []
    taken: set[Path] = set()
    for src, final in pairs:
        if src.is_dir() and not src.is_symlink() and (final == src or final.resolve().is_relative_to(src.resolve())):
            raise ToolError(Message("fileops.into_itself", path=str(src)))
        if final == src:
            continue  # already there
        chosen = free_name(final)
        while chosen in taken:
            chosen = free_name(chosen.with_name(chosen.stem + " (2)" + chosen.suffix))
        taken.add(chosen)
        out.append((src, chosen))
    return out


def _names(paths: list[Path], limit: int = 3) -> str:
    shown = ", ".join(p.name for p in paths[:limit])
    return shown + (f" (+{len(paths) - limit})" if len(paths) > limit else "")


def _preview(pairs: list[tuple[Path, Path]]) -> str:
    return "\n".join(f"{s} → {d}" for s, d in pairs)


# -- delete ---------------------------------------------------------------------------------------------
def _delete_targets(args: dict[str, Any], ctx: ToolContext) -> list[Path]:
    errors: list[ToolError] = []
    srcs = sources(args, ctx, errors)
    if errors:
        raise combined(errors)
    for raw, p in srcs:
        _not_a_root(p, raw, ctx)
    if not args.get("contents_only"):
        return [p for _, p in srcs]
    out: list[Path] = []
    for raw, p in srcs:
        if not p.is_dir() or p.is_symlink():
            raise ToolError(Message("files.not_folder", path=raw))
        with os.scandir(p) as it:
            out += sorted(Path(e.path) for e in it)
    return out[:MAX_ITEMS * 5]


def delete_files(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    from .trash import send_to_trash

    targets = _delete_targets(args, ctx)
    if not targets:
        return {"trashed": [], "count": 0, "said": Message("fileops.nothing_to_delete").to_dict()}
    done: list[dict[str, str]] = []
    try:
        for p in targets:
            ctx.cancel.check()
            done.append(send_to_trash(p))
    except OSError as e:
        if done:
            _journal(ctx, "trash", str(done[0]["path"]), {"items": done})
        raise ToolError(Message("fileops.trash_failed", path=str(p), error=e.strerror or str(e),
                                n=len(done))) from None
    _journal(ctx, "trash", str(targets[0]), {"items": done})
    paths = [d["path"] for d in done]
    return {"trashed": paths, "count": len(paths),
            "said": Message("fileops.trashed", n=len(paths), names=_names([Path(x) for x in paths])).to_dict()}


def _journal(ctx: ToolContext, kind: str, path: str, data: dict[str, Any]) -> None:
    from app.store import StoreError

    from .undo import remember_action

    try:
        remember_action(ctx.owner, kind, path, data)
    except (OSError, StoreError):
        pass  # the action happened; only its undo is lost, and the trash still holds deleted files


def delete_approval(args: dict[str, Any]) -> Approval:
    paths = [Path(str(x)) for x in (args.get("paths") or [])]
    if args.get("contents_only"):
        return Approval(Message("fileops.empty_q", folder=", ".join(str(p) for p in paths)),
                        "\n".join(str(p) for p in paths), "files")
    return Approval(Message("fileops.delete_q", n=len(paths), names=_names(paths),
                            folder=str(paths[0].parent) if paths else ""),
                    "\n".join(str(p) for p in paths), "files")


# -- move / copy -------------------------------------------------------------------------------------------
def move_files(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    pairs = plan_targets(args, ctx)
    done: list[list[str]] = []
    try:
        for src, final in pairs:
            ctx.cancel.check()
            move_path(src, final)
            done.append([str(src), str(final)])
    except OSError as e:
        raise ToolError(Message("fileops.move_failed", path=str(src), error=e.strerror or str(e))) from None
    finally:
        if done:
            _journal(ctx, "move", done[0][0], {"moves": done})
    if not done:  # every source was already where it was asked to go ("Ho spostato 0 elementi in : ." before)
        return {"moved": [], "count": 0,
                "said": Message("fileops.nothing_moved", dest=str(args.get("dest", ""))).to_dict()}
    renamed = [d for s, d in done if Path(d).name != Path(s).name]
    if len(done) == 1 and renamed and Path(done[0][0]).parent == Path(done[0][1]).parent:
        return {"moved": [{"from": done[0][0], "to": done[0][1]}], "count": 1,
                "said": Message("fileops.renamed", old=Path(done[0][0]).name, new=Path(done[0][1]).name).to_dict()}
    return {"moved": [{"from": s, "to": d} for s, d in done], "count": len(done),
            "said": Message("fileops.moved", n=len(done), names=_names([Path(s) for s, _ in done]),
                            dest=str(Path(done[0][1]).parent) if done else "",
                            renamed=len(renamed)).to_dict()}


def copy_files(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    pairs = plan_targets(args, ctx)
    done: list[str] = []
    try:
        for src, final in pairs:
            ctx.cancel.check()
            if src.is_dir() and not src.is_symlink():
                copy_tree(src, final)
            else:
                copy_file(src.resolve(), final)
            done.append(str(final))
    except OSError as e:
        raise ToolError(Message("fileops.copy_failed", path=str(src), error=e.strerror or str(e))) from None
    finally:
        if done:
            _journal(ctx, "copy", done[0], {"created": done})
    if not done:
        return {"copied": [], "count": 0,
                "said": Message("fileops.nothing_copied", dest=str(args.get("dest", ""))).to_dict()}
    return {"copied": [{"from": str(s), "to": d} for (s, _), d in zip(pairs, done)], "count": len(done),
            "said": Message("fileops.copied", n=len(done), names=_names([s for s, _ in pairs]),
                            dest=str(Path(done[0]).parent) if done else "").to_dict()}


def _pairs_preview(args: dict[str, Any]) -> tuple[list[Path], str]:
    paths = [Path(str(x)) for x in (args.get("paths") or []) if str(x).rstrip("/") != str(args.get("dest", ""))
             .rstrip("/")] or [Path(str(x)) for x in (args.get("paths") or [])]
    dest = str(args.get("dest") or "")
    return paths, "\n".join(f"{p} → {dest}" for p in paths)


def move_approval(args: dict[str, Any]) -> Approval:
    paths, preview = _pairs_preview(args)
    dest = Path(str(args.get("dest") or ""))
    if len(paths) == 1 and paths[0].parent == dest.parent and not dest.is_dir():
        return Approval(Message("fileops.rename_q", old=paths[0].name, new=dest.name, folder=str(dest.parent)),
                        preview, "files")
    return Approval(Message("fileops.move_q", n=len(paths), names=_names(paths), dest=str(dest)), preview, "files")


def copy_approval(args: dict[str, Any]) -> Approval:
    paths, preview = _pairs_preview(args)
    return Approval(Message("fileops.copy_q", n=len(paths), names=_names(paths), dest=str(args.get("dest") or "")),
                    preview, "files")


# -- make a folder --------------------------------------------------------------------------------------------
def make_folder(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    raw = str(args.get("path") or "")
    p = confine(raw, allowed_roots(ctx.config))
    if p.exists():
        if p.is_dir():
            return {"path": str(p), "created": False,
                    "said": Message("fileops.folder_exists", path=str(p)).to_dict()}
        raise ToolError(Message("fileops.exists_not_folder", path=raw))
    chain = [p]  # every folder this call creates, deepest first
    while not chain[-1].parent.exists():
        chain.append(chain[-1].parent)
    top = chain[-1]
    try:
        p.mkdir(parents=True)
    except OSError as e:
        raise ToolError(Message("fileops.mkdir_failed", path=raw, error=e.strerror or str(e))) from None
    fsync_dir(top.parent)
    _journal(ctx, "mkdir", str(top), {"created": [str(c) for c in chain]})
    return {"path": str(p), "created": True, "said": Message("fileops.folder_made", path=str(p)).to_dict()}


_PATHS = {"type": "array", "items": {"type": "string"}, "description": "Absolute paths of the files or folders"}

TOOLS = [
    Tool("delete_files", "Delete files or folders by moving them to the desktop trash (undo restores them); "
                         "contents_only empties a folder. Cancella/elimina/cestina file o cartelle. Asks for approval.",
         {"type": "object", "properties": {
             "paths": _PATHS,
             "contents_only": {"type": "boolean", "description": "Empty the folder: trash what is inside it"}},
          "required": ["paths"]}, delete_files, group="Files", risk="write", acts=("delete", "empty"),
         slots=Slots(paths=("paths",), verbs=("delete", "empty"), names=("folder", "image", "music", "video", "trash")),
         examples=("cancella il file ~/Desktop/lista-spesa.txt", "elimina /home/anna/vecchio.pdf",
                   "butta nel cestino ~/Scaricati/setup-vecchio.exe",
                   "delete the file ~/old.log", "remove ~/drafts/bozza1.odt and ~/drafts/bozza2.odt",
                   "svuota la cartella ~/Scaricati/temp",
                   "trash ~/Downloads/setup.iso", "erase a file", "elimina un documento"),
         approval=delete_approval, declined=lambda a: Message("fileops.delete_declined")),
    Tool("move_files", "Move or rename files and folders (never overwrites: a taken name gets a free one). "
                       "Sposta/rinomina file o cartelle. Asks for approval.",
         {"type": "object", "properties": {
             "paths": _PATHS,
             "dest": {"type": "string", "description": "Destination folder, or the new path when renaming one file"}},
          "required": ["paths", "dest"]}, move_files, group="Files", risk="write", acts=("move", "rename"),
         slots=Slots(paths=("paths",), dest="dest", verbs=("move", "rename"),
                     names=("folder", "image", "music", "video")),
         examples=("sposta ~/Scaricati/fattura-marzo.pdf nella cartella ~/Documenti/fatture",
                   "rinomina ~/Documenti/bozza.odt in definitivo.odt",
                   "move ~/Downloads/report.pdf to ~/Documents", "rename ~/notes.txt to ideas.txt",
                   "metti ~/Immagini/mare.jpg nella cartella ~/Immagini/estate"),
         approval=move_approval, declined=lambda a: Message("fileops.move_declined")),
    Tool("copy_files", "Copy files or folders into a folder or to a new name (never overwrites; keeps dates). "
                       "Copia/duplica file o cartelle. Asks for approval.",
         {"type": "object", "properties": {
             "paths": _PATHS,
             "dest": {"type": "string", "description": "Destination folder, or the new path for one copy"}},
          "required": ["paths", "dest"]}, copy_files, group="Files", risk="write", acts=("copy",),
         slots=Slots(paths=("paths",), dest="dest", verbs=("copy",), names=("folder", "image", "music", "video")),
         examples=("copia ~/Documenti/contratto.pdf nella cartella ~/backup",
                   "duplica ~/tesi.docx come ~/tesi-copia.docx",
                   "copy ~/notes.md to ~/Desktop", "make a copy of ~/work/budget.xlsx in ~/archive"),
         approval=copy_approval, declined=lambda a: Message("fileops.copy_declined")),
    Tool("make_folder", "Create a new folder (and the folders above it). Crea una nuova cartella. Asks for approval.",
         {"type": "object",
          "properties": {"path": {"type": "string", "description": "Absolute path of the new folder"}},
          "required": ["path"]}, make_folder, group="Files", risk="write", acts=("write",),
         slots=Slots(paths=("path",), verbs=("write", "append"), names=("folder",)),
         examples=("crea la cartella ~/progetti", "fai una nuova cartella ~/Documenti/fatture",
                   "create a folder ~/projects/new", "make a new directory ~/work/out"),
         approval=lambda a: Approval(Message("fileops.mkdir_q", path=str(a.get("path", ""))), str(a.get("path", "")),
                                     "files"),
         declined=lambda a: Message("fileops.mkdir_declined")),
]
