"""Every sentence the app says to a person, in Italian and English, with correct plurals.

A message is a key plus parameters (`Message("files.not_found", path="/x/y")`); it becomes text only
when it reaches a person, in the language of their request (`render_message(m, "it")`). So an error
raised deep in a tool is stored, logged and shown to the model in one form, and the person reads it
in their own language — never an English fragment inside an Italian answer.

Plurals: a parameter `n` picks the form — a text may be a dict {"one": ..., "other": ...}, chosen by
`n == 1` (the rule of both Italian and English). Catalog entries are registered by the package that
owns them (`register({...})`) so each package keeps its sentences beside its code.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Union

Text = Union[str, Mapping[str, str]]  # a plain text, or {"one": ..., "other": ...}
LANGS = ("it", "en")

_CATALOG: dict[str, dict[str, Text]] = {}


def register(entries: Mapping[str, Mapping[str, Text]]) -> None:
    """Add `{key: {"it": text, "en": text}}`. A key registered twice with other texts is a bug."""
    for key, texts in entries.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"message {key!r} has no {', '.join(missing)} text")
        old = _CATALOG.get(key)
        if old is not None and dict(old) != dict(texts):
            raise ValueError(f"message {key!r} registered twice with different texts")
        _CATALOG[key] = dict(texts)


def has(key: str) -> bool:
    return key in _CATALOG


def catalog() -> dict[str, dict[str, Text]]:
    """A copy of every registered message (for the catalog-completeness tests)."""
    return {k: dict(v) for k, v in _CATALOG.items()}


@dataclass(frozen=True)
class Message:
    """A sentence not yet put into words: a catalog key and its parameters."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, **params: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", params)

    def text(self, lang: str) -> str:
        return render_message(self, lang)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: _plain(v) for k, v in self.params.items()}}


def message_from_dict(d: dict[str, Any]) -> Message:
    """A Message kept as `to_dict()` made it (in the history, in a step's result), nested ones included."""
    params = {k: (message_from_dict(v) if isinstance(v, dict) and "key" in v else v)
              for k, v in dict(d.get("params") or {}).items()}
    return Message(str(d["key"]), **params)


def _plain(v: Any) -> Any:
    if isinstance(v, Message):
        return v.to_dict()
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    return str(v)


def plural(text: Text, n: Any) -> str:
    if isinstance(text, str):
        return text
    one = isinstance(n, int) and n == 1
    return text["one"] if one else text["other"]


def render_message(m: Message, lang: str) -> str:
    """The message in `lang` ("it" or "en"; anything else is English). Unknown keys fail loudly in tests
    (KeyError) — a missing sentence is a bug, not something to paper over with the key."""
    lang = lang if lang in LANGS else "en"
    texts = _CATALOG[m.key]
    params = {k: (render_message(v, lang) if isinstance(v, Message) else v) for k, v in m.params.items()}
    return plural(texts[lang], params.get("n")).format(**params)


def say(key: str, lang: str, **params: Any) -> str:
    """Shortcut: the text of one message."""
    return render_message(Message(key, **params), lang)


__all__ = ["LANGS", "Message", "catalog", "has", "plural", "register", "render_message", "say"]
