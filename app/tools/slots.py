"""What a tool declares about its arguments and about the requests its call answers, so the fast path asks the tool.

The fast path (app/routing) binds a remembered call to a new request's values, checks its paths and turns a clear
"cancella /tmp/a.txt" into a call by rules. It used to keep tables of tool names for that (which argument takes
which value, which arguments are paths, which verbs make which call); a new tool then needed edits in routing.
Now each tool says it once, in its own declaration (`Tool.slots`), and routing asks the tool:

* `fill`  — argument -> the placeholder of the request's value that fills it (`{path[*]}`, `{ext}`, `{window.hours}`;
            app/lang/placeholders.py); None: read from the arguments' names (`slot_for_argument`).
* `paths` — the arguments that name files or folders (a relative one cannot be acted on: there is no current
            folder); None: the arguments whose name takes a path placeholder.
* `dest`  — the argument that says where files go (move, copy): a request with two paths names it.
* `verbs` — the action classes (app/lang vocabulary) with which the file-action rules (routing/file_stage.py,
            file_lookup.py) make this tool's call from a request that names its paths.
* `names` — the object classes a request may name and still mean exactly this call ("la foto X.jpg", "la cartella
            X", "l'app spotify"): the kind of thing the call acts on, which changes nothing in it.
* `verbatim` — free-text arguments that hold the person's own words (remember's fact): filled from the request by
            rules even when a model could word them. Asked to copy "don't let me forget that the boiler service is
            due in October" into JSON, the instruct model appended its schema's category list to the fact.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from app.lang.placeholders import slot_for_argument


@dataclass(frozen=True)
class Slots:
    fill: Mapping[str, str] | None = None
    paths: tuple[str, ...] | None = None
    dest: str = ""
    verbs: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    verbatim: tuple[str, ...] = ()


NO_SLOTS = Slots()

# Argument names the planner fills by name, for every tool (planner/choose.py, fill.py, referent.py): the naming
# convention of the tools' schemas, read as is. Not `path_args`' reading: "directory" is a path here, and "dest" and
# "target" are filled on their own.
PATH_NAMES = ("path", "paths", "root", "file", "files", "folder", "dir", "directory")
# what a tool may act on besides a path: a target to open, a page's address (planner/referent.py: with none of them
# said, "dai, leggimelo tutto" as first words fetched two addresses the model made up)
ADDRESS_NAMES = ("target", "url", "urls")
CONTENT_NAMES = ("content", "text")  # the text a tool writes or works on: quoted, inline, or an earlier result
# Free text the clause's own words can fill (a fact, a query, a note…) when rules may word it (planner/fill.py)
FREE_TEXT_NAMES = ("fact", "query", "question", "instruction", "text", "note", "value", "key", "topic")


def slots_of(tool: Any) -> Slots:
    """The tool's declaration; a tool-like object without one (a test's stand-in) declares nothing."""
    s = getattr(tool, "slots", None)
    return s if isinstance(s, Slots) else NO_SLOTS


def _properties(tool: Any) -> dict[str, Any]:
    return dict(getattr(tool, "properties", None) or {})


def fill_map(tool: Any) -> dict[str, str]:
    """Argument -> placeholder that fills it from a request: the tool's own map, else inferred from its arguments'
    names ("dest_path" -> "{path[1]}")."""
    own = slots_of(tool).fill
    if own is not None:
        return dict(own)
    out: dict[str, str] = {}
    for name in _properties(tool):
        ph = slot_for_argument(name)
        if ph is not None:
            out[name] = ph
    return out


def paths_given(args: Mapping[str, Any]) -> list[Any]:
    """The files a call names, as read_files takes them: `paths` (a list, or one path as a string) or `path`."""
    paths = args.get("paths") or ([args["path"]] if args.get("path") else [])
    return [paths] if isinstance(paths, str) else list(paths)


def path_args(tool: Any) -> tuple[str, ...]:
    """The arguments that hold paths (the destination last): declared, else those whose name takes a path."""
    s = slots_of(tool)
    if s.paths is not None:
        return (*s.paths, s.dest) if s.dest else s.paths
    return tuple(a for a in _properties(tool) if (slot_for_argument(a) or "").startswith("{path"))
