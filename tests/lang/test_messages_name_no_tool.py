"""Sentences people read never name a tool: "usa list_dir" reached an Italian error ("{root}: è una cartella,
non un file (usa list_dir)"). Tool names are for the details view; every registered sentence is checked."""
from __future__ import annotations

import importlib
import pkgutil
import re

import app


def _all_sentences() -> dict[str, dict[str, object]]:
    for m in pkgutil.walk_packages(app.__path__, "app."):
        if not m.name.startswith(("app.ui", "app.__main__", "app.bench")):
            importlib.import_module(m.name)  # modules register their sentences on import
    from app.lang.messages import catalog

    return catalog()


def test_no_sentence_names_a_tool() -> None:
    from app.engine.catalog import build_registry

    names = {t.name for t in build_registry() if "_" in t.name}
    assert {"list_dir", "read_files", "remember"} & {t.name for t in build_registry()}  # the registry is real
    found = [(key, lang, n) for key, texts in _all_sentences().items() for lang, text in texts.items()
             for n in names if re.search(rf"\b{n}\b", str(text))]
    assert len(_all_sentences()) > 300 and not found, found
