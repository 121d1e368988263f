"""L0: the closed phrase table — exact match after normalisation, microseconds, no model.

The table is data (`resources/l0_phrases.toml`): each intent names its
executor and a reply template per language; the language of the reply is the
language of the variant that matched. Extending it means adding phrases, never
patterns (conservative by construction).
"""
from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.lang.normalize import normalize, normalize_cached
from app.lang.rules import COURTESY

LANGS = ("it", "en")
# Greetings/politeness around a phrase do not change it: "ciao, che ore sono per favore?" (app/lang/rules/courtesy.py)
EDGE_FILLERS = COURTESY.words("edge_greetings", "edge_go_ahead", "edge_openers")


class L0Error(Exception):
    """The phrase table is malformed; the message names the file and the entry."""


@dataclass(frozen=True)
class L0Intent:
    id: str
    executor: str
    args: dict[str, Any] = field(default_factory=dict)
    reply: dict[str, str] = field(default_factory=dict)  # lang -> template


@dataclass(frozen=True)
class L0Match:
    intent: L0Intent
    lang: str
    phrase: str

    @property
    def template(self) -> str:
        return self.intent.reply.get(self.lang) or next(iter(self.intent.reply.values()), "")


def _strip_accents(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


def default_path() -> Path:
    from app.config.paths import resources_dir

    return resources_dir() / "l0_phrases.toml"


class L0Table:
    def __init__(self, path: Path | None = None, data: dict[str, Any] | None = None):
        self.path = path or default_path()
        if data is None:
            try:
                with open(self.path, "rb") as f:
                    data = tomllib.load(f)
            except FileNotFoundError:
                raise L0Error(f"{self.path}: the L0 phrase table is missing; reinstall Metnos Desk") from None
            except tomllib.TOMLDecodeError as e:
                raise L0Error(f"{self.path}: not valid TOML ({e})") from None
        self.intents: dict[str, L0Intent] = {}
        self._phrases: dict[str, tuple[L0Intent, str]] = {}
        self._load(data)
        self._edges = sorted((normalize(e) for e in EDGE_FILLERS), key=len, reverse=True)

    def _load(self, data: dict[str, Any]) -> None:
        for n, entry in enumerate(data.get("intent", []), 1):
            where = f"{self.path}: intent #{n}"
            if not isinstance(entry, dict) or not entry.get("id") or not entry.get("executor"):
                raise L0Error(f"{where}: needs an 'id' and an 'executor'")
            reply = {lang: entry[f"reply_{lang}"] for lang in LANGS if isinstance(entry.get(f"reply_{lang}"), str)}
            if not reply:
                raise L0Error(f"{where} ({entry['id']}): needs reply_it and/or reply_en")
            args = entry.get("args", {})
            if not isinstance(args, dict):
                raise L0Error(f"{where} ({entry['id']}): 'args' must be a table")
            intent = L0Intent(str(entry["id"]), str(entry["executor"]), dict(args), reply)
            if intent.id in self.intents:
                raise L0Error(f"{where}: intent id {intent.id!r} appears twice")
            self.intents[intent.id] = intent
            for lang in LANGS:
                phrases = entry.get(lang, [])
                if not isinstance(phrases, list) or not all(isinstance(p, str) for p in phrases):
                    raise L0Error(f"{where} ({intent.id}): '{lang}' must be a list of strings")
                for p in phrases:
                    self._add(p, intent, lang, where)

    def _add(self, phrase: str, intent: L0Intent, lang: str, where: str) -> None:
        key = normalize(phrase)
        if not key:
            raise L0Error(f"{where} ({intent.id}): the phrase {phrase!r} is empty after normalisation")
        for k in {key, _strip_accents(key)}:
            prev = self._phrases.get(k)
            if prev and (prev[0].id != intent.id or prev[1] != lang):
                raise L0Error(f"{where} ({intent.id}): {phrase!r} is already listed for {prev[0].id}/{prev[1]}; "
                              f"an L0 phrase must mean one thing")
            self._phrases[k] = (intent, lang)

    def __len__(self) -> int:
        return len(self._phrases)

    def match(self, text: str) -> L0Match | None:
        """The intent whose phrase equals the normalized request (edge greetings ignored), else None."""
        key = normalize_cached(text)
        hit = self._phrases.get(key)
        if hit is None and key:
            key = self._trim(key)
            hit = self._phrases.get(key)
        if hit is None:
            return None
        return L0Match(hit[0], hit[1], key)

    def _trim(self, key: str) -> str:
        changed = True
        while changed and key:
            changed = False
            for e in self._edges:
                if key.startswith(e + " "):
                    key, changed = key[len(e) + 1:], True
                elif key.endswith(" " + e):
                    key, changed = key[: -len(e) - 1], True
        return key


_default: L0Table | None = None


def default_table() -> L0Table:
    global _default
    if _default is None:
        _default = L0Table()
    return _default


def render_reply(template: str, result: Any) -> str | None:
    """Fill a reply template from the executor's result; None when a field is missing (caller falls back)."""
    if not isinstance(result, dict):
        return None
    try:
        return template.format(**result)
    except (KeyError, IndexError, ValueError, AttributeError):
        return None
