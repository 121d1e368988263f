"""The language of a request whose words do not say it ("thx man", "ok", "sì", a bare path).

detect_lang reads a request by its function words; with none of either language it said Italian, so "thx man" after
a conversation in English was answered "Prego!". The conversation knows better: the language of the person's last
request that said one. With nothing to go by, the turn keeps detect_lang's reading.
"""
from __future__ import annotations

from typing import Iterable

from app.lang.detect import lang_said


def conversation_lang(text: str, earlier: Iterable[str]) -> str | None:
    """None when `text` says its language (the turn reads it from the words); else the language of the latest of
    `earlier` (oldest first) that says one, or None."""
    if lang_said(text) is not None:
        return None
    for before in reversed(list(earlier)):
        said = lang_said(before)
        if said is not None:
            return said
    return None
