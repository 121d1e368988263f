"""`metnos ask`, `metnos chat`, `metnos tools`."""
from __future__ import annotations

import argparse
import json
import sys
import threading
from typing import Any

from app.lang.messages import register, say
from app.turn import events as ev
from app.turn.cancel import CancelToken

from .render import HumanPrinter, json_line, safe, summarize

_tty_lock = threading.Lock()


register({
    "cli.refused": {"it": "Non l'ho fatto: qui non posso chiedertelo (non è un terminale). Riesegui con --yes "
                          "per consentirlo.",
                    "en": "Not done: I cannot ask you here (not a terminal). Rerun with --yes to allow it."},
    "cli.ask_keys": {"it": "[s/N/a=sempre]", "en": "[y/N/a=always]"},
    "cli.offer_keys": {"it": "[s/N]", "en": "[y/N]"},
    "cli.offer_later": {"it": "Per accettare rispondi «sì» in `metnos chat` o nell'app: un nuovo `metnos ask` non "
                              "ricorda questa proposta.",
                        "en": "To accept, answer \u201cyes\u201d in `metnos chat` or in the app: a new `metnos ask` "
                              "does not remember this offer."},
})
YES_WORDS = {"it": "sì", "en": "yes"}


_YES = ("y", "yes", "s", "si", "sì")


def _read_reply(prompt: str) -> str:
    """One line typed after `prompt` (on stderr, so --json output stays clean), lowercased; "" when stdin ends."""
    with _tty_lock:
        sys.stderr.write(f"\n{prompt} ")
        sys.stderr.flush()
        try:
            return sys.stdin.readline().strip().lower()
        except (EOFError, OSError):
            return ""


def ask_terminal(question: str, interactive: bool, lang: str) -> bool | str:
    """One approval question on the terminal, in the request's language; no terminal means no."""
    if not interactive:
        print(say("cli.refused", lang), file=sys.stderr)
        return False
    ans = _read_reply(f"{question} {say('cli.ask_keys', lang)}")
    return "always" if ans in ("a", "always", "sempre") else ans in _YES


def make_approver(yes: bool, interactive: bool, engine: Any = None, text: str = "", lang: str = "") -> Any:
    """y/N on a terminal, asked with the tool's own question in the request's language (`lang` when the words
    do not say: "sì" to an offer); non-interactive runs refuse unless --yes."""
    from app.lang.detect import detect_lang  # (here, not at the top: a request sent to the app never needs it)

    lang = lang or detect_lang(text)

    def approve(tool: str, args: dict[str, Any], risk: str) -> bool | str:
        if yes:
            return True
        question = f"{tool} ({risk}): {summarize(args)}?"
        t = engine.registry.get(tool) if engine is not None else None
        if t is not None and t.approval is not None:
            try:
                question = t.approval(args).question.text(lang)
            except Exception:  # a describer bug must not block the question
                pass
        return ask_terminal(question, interactive, lang)

    return approve


def _engine() -> Any:
    from app.engine.engine import Engine

    engine = Engine()
    if sys.stdin.isatty():  # passphrase-mode memory (opt-in) asks on the terminal
        from app.cli.memory_cmd import _ask_passphrase

        engine.ask_secret = _ask_passphrase
    return engine


def _remote_decide(interactive: bool, text: str) -> Any:
    """y/N for an approval the running app forwards, in the request's language; a non-interactive run says
    no, as locally."""

    def decide(e: ev.ApprovalNeeded) -> bool | str:
        from app.lang.detect import detect_lang  # only when there is something to ask

        return ask_terminal(e.question or f"{e.tool} ({e.risk})?", interactive, detect_lang(text))

    return decide


def _ask_remote(args: argparse.Namespace, text: str) -> int | None:
    """The running app answers (warm, no model load); None when there is no app to ask."""
    from .remote_ask import Refused, connect, remote_turn

    sock = connect()
    if sock is None:
        return None
    printer = HumanPrinter(verbose=args.verbose_trace)
    ok, seen = False, False
    try:
        for e in remote_turn(sock, text, yes=args.yes, owner=args.owner,
                             decide=_remote_decide(sys.stdin.isatty(), text)):
            seen = True
            json_line(e) if args.json else printer(e)
            if isinstance(e, (ev.TurnAnswered, ev.TurnEnded)):
                ok = e.ok
            if isinstance(e, ev.TurnAnswered) and not args.json:
                break  # answered: the app does the work after the answer; --json prints every event, to the end
    except Refused as r:
        if seen:
            print(f"metnos: the running app stopped answering: {r}", file=sys.stderr)
            return 1
        print(f"metnos: the running app did not take the request ({r}); answering here", file=sys.stderr)
        return None
    return 0 if ok else 1


def cmd_ask(args: argparse.Namespace) -> int:
    if getattr(args, "stdin", False):  # an action on the text piped in: "traduci in inglese", "riassumi"
        from .stdin_ask import cmd_ask_stdin

        return cmd_ask_stdin(args)
    text = " ".join(args.text)
    if text == "-":
        text = sys.stdin.read()
    if not args.standalone:
        rc = _ask_remote(args, text)
        if rc is not None:
            return rc
    engine = _engine()
    try:
        ok, offer = _run_one(engine, args, text)
        if offer is not None and not args.json:
            answer = _offer_here(offer)
            if answer is not None:  # answered on the terminal: the same engine takes it, as the app would
                ok, _ = _run_one(engine, args, answer, offer.lang)
    finally:
        engine.close()
    return 0 if ok else 1


def _run_one(engine: Any, args: argparse.Namespace, text: str, lang: str = "") -> tuple[bool, ev.Offer | None]:
    """One turn, printed as it goes; (ok, the offer its answer ended with)."""
    approve = make_approver(args.yes, sys.stdin.isatty(), engine, text, lang)
    printer = HumanPrinter(verbose=args.verbose_trace)
    ok, offer = False, None
    # the answer is printed as soon as it exists; the work after it (history, learning) finishes before exit
    for e in engine.run_turn(text, owner=args.owner, approve=approve):
        if args.json:
            json_line(e)
        else:
            printer(e)
        if isinstance(e, (ev.TurnAnswered, ev.TurnEnded)):
            ok = e.ok
        elif isinstance(e, ev.Offer):
            offer = e
    return ok, offer


def _offer_here(offer: ev.Offer) -> str | None:
    """An offer ("Consenti questa cartella") asked on the terminal, since only the next request in this process
    can answer it: "sì"/"no" to send, or None with no terminal (then how to answer it elsewhere is said)."""
    lang = offer.lang
    if not sys.stdin.isatty():
        print(say("cli.offer_later", lang), file=sys.stderr)
        return None
    ans = _read_reply(f"{offer.label + '?' if offer.label else offer.text} {say('cli.offer_keys', lang)}")
    return YES_WORDS.get(lang, "yes") if ans in _YES else "no"


def chat_loop(args: argparse.Namespace | None) -> int:
    """A REPL with history across turns; Ctrl-C cancels the running turn, not the REPL."""
    engine = _engine()
    owner = getattr(args, "owner", "local") if args else "local"
    session = "chat"
    print("Metnos chat — Ctrl-C cancels a turn, Ctrl-D quits.", file=sys.stderr)
    try:
        while True:
            try:
                text = input("› ")
            except EOFError:
                print()
                return 0
            except KeyboardInterrupt:
                print()
                continue
            if not text.strip():
                continue
            cancel = CancelToken()
            printer = HumanPrinter()
            approve = make_approver(bool(args and args.yes), True, engine, text)
            it = engine.run_turn(text, owner=owner, approve=approve, cancel=cancel, session=session)
            try:
                for e in it:
                    printer(e)
            except KeyboardInterrupt:
                cancel.cancel()
                for e in it:  # drain until the turn ends
                    printer(e)
    finally:
        engine.close()


def cmd_chat(args: argparse.Namespace) -> int:
    return chat_loop(args)


def cmd_tools(args: argparse.Namespace) -> int:
    from app.engine.catalog import build_registry

    reg = build_registry()
    items = [t.describe() for t in reg]
    if args.json:
        for it in items:
            print(json.dumps(it, ensure_ascii=False))
    else:
        for t in reg:
            print(f"{t.name:18} {t.risk:5} {t.group:18} {safe(t.description)[:80]}")
    return 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("ask", help="answer one request and exit")
    p.add_argument("text", nargs="+", help="the request ('-' reads stdin)")
    p.add_argument("--json", action="store_true", help="print every event as a JSON line")
    p.add_argument("--stdin", action="store_true",
                   help="act on the text read from standard input: TEXT says what to do ('traduci in inglese', "
                        "'riassumi', 'correggi', 'più formale') or asks a question about it")
    p.add_argument("--yes", action="store_true", help="approve write/send tools without asking")
    p.add_argument("--trace", dest="verbose_trace", action="store_true", help="print tool calls as they happen")
    p.add_argument("--standalone", action="store_true",
                   help="answer with a local engine even when the tray app is running")
    p.add_argument("--owner", default="local", help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_ask)
    c = sub.add_parser("chat", help="interactive chat in the terminal")
    c.add_argument("--yes", action="store_true", help="approve write/send tools without asking")
    c.add_argument("--owner", default="local", help=argparse.SUPPRESS)
    c.set_defaults(func=cmd_chat)
    t = sub.add_parser("tools", help="list the registered tools")
    t.add_argument("--json", action="store_true", help="one JSON object per tool, with its schema")
    t.set_defaults(func=cmd_tools)
