"""Which category a fact belongs to: appointments, people, preferences, contacts, general.

The category only groups facts for the person ("cosa ricordi dei miei appuntamenti?"); a wrong one loses
nothing. It is a judgement of meaning, so a learned head makes it (app/lang/heads.py, `fact_category`), from the
embedding memory computes anyway to store the fact. It replaced ~25 word-cue regexes that filed 82 % of a
held-out set of 340 facts correctly; the head files 93 % (`metnos bench heads`, data resources/eval/heads).
Without an embedder there is no judgement: "general".
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from app.lang.heads import load_head

MAX_CATEGORY_CHARS = 40


def normalize(text: str) -> str:
    """Lowercase, straight apostrophes, no accents-insensitive tricks, no punctuation at the ends."""
    t = unicodedata.normalize("NFC", text).replace("’", "'").replace("`", "'").lower()
    return " ".join(t.split()).strip(" .,;:!?")


_CATEGORY_ALIASES = {
    "appointment": "appointments", "appuntamento": "appointments", "appuntamenti": "appointments",
    "calendar": "appointments", "agenda": "appointments", "meeting": "appointments", "meetings": "appointments",
    "preference": "preferences", "preferenza": "preferences", "preferenze": "preferences",
    "contact": "contacts", "contatto": "contacts", "contatti": "contacts",
    "task": "todo", "tasks": "todo", "da fare": "todo", "promemoria": "todo", "reminder": "todo",
    "reminders": "todo", "fact": "general", "facts": "general", "fatto": "general", "fatti": "general",
    "generale": "general", "misc": "general", "other": "general", "note": "general", "notes": "general",
    "person": "people", "persona": "people", "persone": "people", "family": "people", "famiglia": "people",
}


def normalize_category(category: str | None) -> str:
    c = normalize(category or "") or "general"
    c = re.sub(r"[^\w -]", "", c)[:MAX_CATEGORY_CHARS].strip() or "general"
    return _CATEGORY_ALIASES.get(c, c)


CATEGORY_HEAD = "fact_category"


def guess_category(vec: Any = None, embedder: str = "") -> str:
    """The category of a fact from its embedding `vec` (made by the embedder named `embedder`); "general" when
    there is no vector or no head for that embedder."""
    if vec is None:
        return "general"
    head = load_head(CATEGORY_HEAD, embedder)
    return head.predict(vec)[0] if head is not None else "general"
