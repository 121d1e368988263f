"""The layer contract of app/ARCHITECTURE.md, checked over the real import statements (ast).

Every `import app.X` / `from app.X import` inside app/, at any depth (lazy imports inside functions
count: they are dependencies too), must point to the same package or to a lower layer. Imports under
`if TYPE_CHECKING:` are type hints only and are allowed one layer sideways, never upward.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"

# Higher number = higher layer. Packages on the same number are siblings and must not import each other.
LAYERS: dict[str, int] = {
    "ui": 9, "cli": 9, "bench": 9,
    "engine": 8,
    "planner": 7, "selection": 7,
    "routing": 6, "memory": 6, "docs": 6, "reminders": 6,
    "tools": 5, "models": 5,
    "turn": 4,
    "lang": 3,
    "store": 2,
    "config": 1,
}
# the cli starts the tray app and forwards to it; the app never imports the cli
ALLOWED_SIDEWAYS = {("cli", "ui"), ("cli", "bench")}


def _package(path: Path) -> str:
    rel = path.relative_to(APP)
    return rel.parts[0] if len(rel.parts) > 1 else ""


def _module_name(path: Path) -> str:
    rel = path.relative_to(APP.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for sub in node.body:
                ids.update(id(n) for n in ast.walk(sub))
    return ids


def imports_of(path: Path) -> list[tuple[str, int, bool]]:
    """(imported module, line, type-checking only) for every import in the file."""
    tree = ast.parse(path.read_text("utf-8"))
    tc = _type_checking_nodes(tree)
    me = _module_name(path).split(".")
    base = me if path.name == "__init__.py" else me[:-1]
    out: list[tuple[str, int, bool]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parent = base[: len(base) - (node.level - 1)]
                mod = ".".join(parent + ([node.module] if node.module else []))
                names = [mod] if node.module else [f"{mod}.{a.name}" for a in node.names]
            else:
                names = [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out += [(n, node.lineno, id(node) in tc) for n in names]
    return out


def all_files() -> list[Path]:
    return sorted(p for p in APP.rglob("*.py"))


def test_every_package_has_a_layer() -> None:
    pkgs = {p.name for p in APP.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert pkgs == set(LAYERS), f"add the new package to LAYERS and to app/ARCHITECTURE.md: {pkgs ^ set(LAYERS)}"


def test_imports_point_down_the_layers() -> None:
    bad: list[str] = []
    for f in all_files():
        src = _package(f)
        if not src:
            continue
        for mod, line, type_only in imports_of(f):
            parts = mod.split(".")
            if parts[0] != "app" or len(parts) < 2 or parts[1] == src or parts[1] not in LAYERS:
                continue
            dst = parts[1]
            if LAYERS[dst] < LAYERS[src] or (src, dst) in ALLOWED_SIDEWAYS:
                continue
            if type_only and LAYERS[dst] == LAYERS[src]:
                continue
            bad.append(f"{f.relative_to(APP.parent)}:{line}: {src} (layer {LAYERS[src]}) imports {mod} "
                       f"(layer {LAYERS[dst]})")
    assert not bad, "imports against the layer order of app/ARCHITECTURE.md:\n" + "\n".join(bad)


def test_qt_only_under_ui() -> None:
    bad = [f"{f.relative_to(APP.parent)}:{line}: {mod}" for f in all_files() if _package(f) != "ui"
           for mod, line, _ in imports_of(f) if mod.split(".")[0] in ("PySide6", "shiboken6")]
    assert not bad, "Qt imported outside app/ui:\n" + "\n".join(bad)


def _module_graph() -> dict[str, set[str]]:
    mods = {_module_name(f): f for f in all_files()}
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, f in mods.items():
        for mod, _line, type_only in imports_of(f):
            if type_only or not mod.startswith("app."):
                continue
            target = mod
            while target and target not in mods:  # `from app.x import name` -> app.x
                target = target.rpartition(".")[0]
            if target and target != m and not m.startswith(target + "."):  # a package's own __init__ is fine
                graph[m].add(target)
    return graph


def test_no_module_cycles() -> None:
    graph = _module_graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    assert not cycles, "import cycles between modules:\n" + "\n".join(" <-> ".join(c) for c in cycles)


POINTERS = re.compile(r"\bseeds? 00\d|\bseed's\b|\bissue \d+\b|MODELS\.md|PLATFORM_NOTES|DESIGN\.md", re.IGNORECASE)


def test_no_pointers_to_documents_outside_the_repository() -> None:
    """Facts the code relies on live in the repository; a user never reads "seed 001" or "issue 7"."""
    files = all_files() + sorted((APP.parent / "resources").rglob("*.toml"))
    hits = [f"{f.relative_to(APP.parent)}:{i}: {line.strip()[:80]}" for f in files
            for i, line in enumerate(f.read_text("utf-8").splitlines(), 1)
            if POINTERS.search(line) and "mark issue" not in line]
    assert not hits, "pointers to documents outside the repository:\n" + "\n".join(hits)


def test_app_code_never_reads_the_tests_folder() -> None:
    hits = [f"{f.relative_to(APP.parent)}:{i}" for f in all_files()
            for i, line in enumerate(f.read_text("utf-8").splitlines(), 1)
            if '"tests"' in line or "'tests'" in line or "tests/" in line and "open(" in line]
    assert not hits, "app code reading tests/:\n" + "\n".join(hits)
