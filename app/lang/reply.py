"""Is a request nothing but a yes or a no? ("sì", "no grazie") — the answer to an offer the previous turn made.

The words are the reply table's (app/lang/rules/reply.py, with the examples they must and must not match).
"""
from __future__ import annotations

from app.lang.rules.reply import REPLY


def reply_to_offer(text: str) -> str | None:
    """"yes", "no", or None when the text is more than an answer (then it is a request of its own)."""
    t = " ".join(text.replace("\u2019", "'").split())
    if not t or len(t) > 60:
        return None
    for answer in ("yes", "no"):
        if REPLY.rule(answer).hits(t):
            return answer
    return None
