"""The extensions the extractor reads are one set, told apart by kind (app/lang/file_kinds.py).

Why: the extractor's patterns are a group per kind (no list of 130); an extension in two kinds, or a bare-word
extension the kinds do not know, would silently drop out of a pattern or repeat in it.
"""
from __future__ import annotations

from collections import Counter

from app.lang.args_extractor import EXT_ALIASES, WORD_EXTS, extract
from app.lang.file_kinds import FILE_EXTS, KNOWN_EXTS


def test_every_extension_is_in_one_kind_only() -> None:
    seen = Counter(e for exts in KNOWN_EXTS.values() for e in exts)
    assert not [e for e, n in seen.items() if n > 1]
    assert set(seen) == FILE_EXTS
    assert all(len(exts) <= 25 for exts in KNOWN_EXTS.values())


def test_bare_word_extensions_are_known_ones() -> None:
    assert WORD_EXTS <= FILE_EXTS


def test_an_extension_of_each_kind_is_read_next_to_a_file_word() -> None:
    for kind, exts in KNOWN_EXTS.items():
        e = max((x for x in exts if x not in EXT_ALIASES), key=len)  # "file markdown" is read as an alias
        assert f"*.{e}" in extract(f"elenca i file {e} in ~/x")["ext"], kind
        assert f"*.{e}" in extract(f"list the {e.upper()} files in ~/x")["ext"], kind
