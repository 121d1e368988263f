"""`metnos remote set-key | check`: the API key of an OpenAI-compatible server, and what the server supports.

The key goes to the OS keyring (service "metnos", user "openai-api-key:<base_url>"),
never to runtime.toml or the shell history: it is read from stdin or a hidden prompt.
"""
from __future__ import annotations

import argparse
import getpass
import json
import sys
from typing import Any

from app.models.base import LLMError
from app.models.openai_backend import KEYRING_SERVICE, OpenAIBackend, keyring_user, read_api_key

NO_KEYRING = ("no usable OS keyring ({why}); the key was NOT stored. Metnos keeps API keys only in the OS "
              "keyring (GNOME Keyring / KWallet / Keychain / Credential Manager), never in runtime.toml: start "
              "one (e.g. log in to a desktop session) and run this again")


def add_commands(sub: Any) -> None:
    p = sub.add_parser("remote", help="the OpenAI-compatible server backend (llm.backend = \"openai\")")
    s = p.add_subparsers(dest="remote_command", metavar="ACTION", required=True)
    k = s.add_parser("set-key", help="store the server's API key in the OS keyring (read from stdin or a prompt)")
    k.add_argument("--base-url", help="the server's /v1 URL (default: llm.base_url)")
    k.add_argument("--delete", action="store_true", help="remove the stored key instead")
    k.set_defaults(func=cmd_set_key)
    c = s.add_parser("check", help="connect to the server and report what it supports")
    c.add_argument("--base-url", help="the server's /v1 URL (default: llm.base_url)")
    c.add_argument("--json", action="store_true", help="machine-readable output")
    c.set_defaults(func=cmd_check)


def _config() -> Any:
    from app.config import ConfigManager

    return ConfigManager().config


def _base_url(args: argparse.Namespace, cfg: Any) -> str:
    url: str = args.base_url or cfg.llm.base_url
    return url.rstrip("/")


def cmd_set_key(args: argparse.Namespace) -> int:
    url = _base_url(args, _config())
    try:
        import keyring
        from keyring.errors import KeyringError, PasswordDeleteError
    except ImportError:
        print("metnos: the keyring package is missing; reinstall Metnos Desk", file=sys.stderr)
        return 1
    try:
        if args.delete:
            try:
                keyring.delete_password(KEYRING_SERVICE, keyring_user(url))
            except PasswordDeleteError:
                print(f"no API key was stored for {url}")
                return 0
            print(f"API key for {url} removed from the OS keyring")
            return 0
        if sys.stdin.isatty():
            key = getpass.getpass(f"API key for {url} (input hidden): ")
        else:
            key = sys.stdin.readline()
        key = key.strip()
        if not key:
            print("metnos: no key given (empty input); nothing stored", file=sys.stderr)
            return 2
        keyring.set_password(KEYRING_SERVICE, keyring_user(url), key)
    except (KeyringError, RuntimeError) as e:
        print("metnos: " + NO_KEYRING.format(why=f"{type(e).__name__}: {e}"), file=sys.stderr)
        return 1
    print(f"API key for {url} stored in the OS keyring (service {KEYRING_SERVICE!r})")
    return 0


def check(backend: OpenAIBackend) -> list[dict[str, Any]]:
    """Probe the server step by step; each item is {check, ok, detail}. Stops at the first hard failure."""
    out: list[dict[str, Any]] = []

    def add(name: str, ok: bool, detail: str) -> None:
        out.append({"check": name, "ok": ok, "detail": detail})

    try:
        model = backend.model
        add("reach", True, f"{backend.base_url} answers; model {model or '(server default)'}")
        add("dialect", True, f"{backend.dialect}; prompt format {backend.chat_format}")
        n = backend.count_tokens("Metnos check")
        add("tokens", backend.token_count_exact,
            "counted by the server" if backend.token_count_exact else f"estimated (~{n} for a test text)")
        pieces: list[str] = []
        c = backend.complete(backend.render([{"role": "user", "content": "Say OK."}]), max_tokens=4,
                             on_token=pieces.append)
        add("complete", True, f"{len(pieces)} streamed chunks, first after {c.timings['first_token_s']:.2f} s")
    except LLMError as e:
        add("complete" if out else "reach", False, str(e))
        return out
    try:
        j = backend.complete(backend.render([{"role": "user", "content": "Is the sky blue? Answer in JSON."}]),
                             max_tokens=16, json_schema={"type": "object", "properties": {"yes": {"type": "boolean"}},
                                                         "required": ["yes"]})
        json.loads(j.text)
        add("json_schema", True, "constrained output is valid JSON")
    except (LLMError, ValueError) as e:
        add("json_schema", False, f"constrained output not supported or invalid ({e})")
    try:
        backend.score_options("The sky is", [" blue", " green"])
        add("scoring", True, "prompt logprobs" if backend._logprobs_ok else "constrained choice (no logprobs)")
    except LLMError as e:
        add("scoring", False, str(e))
    return out


def cmd_check(args: argparse.Namespace) -> int:
    cfg = _config()
    url = _base_url(args, cfg)
    try:
        backend = OpenAIBackend(url, cfg.llm.remote_model, cfg.llm.chat_format, cfg.llm.n_ctx, cfg.llm.timeout_s,
                                cfg.llm.retries, api_key=read_api_key(url))
    except LLMError as e:
        print(f"metnos: {e}", file=sys.stderr)
        return 2
    results = check(backend)
    ok = bool(results) and all(r["ok"] for r in results if r["check"] in ("reach", "complete"))
    ok = ok and any(r["check"] == "complete" for r in results)
    note = "" if cfg.llm.backend == "openai" else \
        f"llm.backend is {cfg.llm.backend!r}: set it to \"openai\" in runtime.toml to use this server"
    if args.json:
        print(json.dumps({"base_url": url, "ok": ok, "checks": results, "note": note}, ensure_ascii=False))
    else:
        for r in results:
            print(f"{'ok  ' if r['ok'] else 'FAIL'} {r['check']:<12} {r['detail']}")
        if note:
            print(note)
    return 0 if ok else 1
