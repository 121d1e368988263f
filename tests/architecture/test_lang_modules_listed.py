"""app/lang's package docstring names every module in it: a module added without a line there fails here, so the
list a reader starts from (and app/ARCHITECTURE.md points to) stays whole."""
from __future__ import annotations

from pathlib import Path

import app.lang

LANG = Path(app.lang.__file__).parent


def test_every_lang_module_is_named_in_the_package_docstring() -> None:
    doc = app.lang.__doc__ or ""
    modules = sorted(p.name for p in LANG.glob("*.py") if p.name != "__init__.py")
    assert len(modules) > 20  # the glob found the package
    missing = [m for m in modules if m not in doc]
    assert missing == [], f"add these to app/lang/__init__.py's list: {missing}"
