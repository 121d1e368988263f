"""The test tree is collected in pytest's default "prepend" import mode without packages, so two
test modules with the same file name in different folders break collection of the whole run
("import file mismatch") — CI stopped after 182 s on tests/routing/test_cli.py vs
tests/reminders/test_cli.py. Helper modules imported by name (support.py, reminder_support.py)
share one sys.path too. This check names the clash before pytest does."""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_every_python_module_under_tests_has_a_unique_file_name() -> None:
    seen: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if path.name in ("conftest.py", "__init__.py") or "__pycache__" in path.parts:
            continue
        seen[path.name].append(str(path.relative_to(TESTS)))
    clashes = {name: paths for name, paths in seen.items() if len(paths) > 1}
    assert not clashes, f"rename one of each: {clashes}"
