"""The aside head as the router uses it: what is left of a request without its asides, and a task's own words
without the reason said after it (app/lang/asides.py reads the fragments; this module gives it the head).

Why a module of its own: the router decides and the stages read; the head needs the embedder the router holds,
and loading either is only paid for a request of more than one fragment (a request of one fragment never loads
the embedder: tests/routing/test_router.py).
"""
from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Callable

import numpy as np

from app.lang.asides import Focus, focus, fragments, trailing
from app.lang.heads import ASIDE, Head
from app.turn.decision import RouteResult

log = logging.getLogger(__name__)


class AsideReader:
    """`head()`: the embedder and the aside head for its vectors, or None without either."""

    def __init__(self, head: Callable[[], tuple[Any, Head] | None]) -> None:
        self._head = head

    def _judge(self) -> Callable[[Sequence[str]], list[float]] | None:
        got = self._head()
        if got is None:
            return None
        emb, head = got
        return lambda parts: [head.probs(v)[ASIDE] for v in np.asarray(emb.embed(list(parts)))]

    def focus(self, text: str) -> Focus | None:
        """The request without the fragments the head is sure ask nothing, or None when there is no head or
        nothing to take out."""
        if len(fragments(text)) < 2:
            return None
        judge = self._judge()
        if judge is None:
            return None
        try:
            f = focus(text, judge)
        except Exception as e:  # no embedder now: the request as it is
            log.warning("aside head failed: %s", e)
            return None
        return f if f.asides else None

    def trim_said(self, res: RouteResult, trace: dict[str, Any]) -> None:
        """A stage's arguments that are the person's own words of a task, without the reason said after it
        ("ricordami alle 5 di chiamare il Tokyo desk, market opens early")."""
        said = {n: v for n in res.said_args if isinstance(v := res.args.get(n), str) and len(fragments(v)) > 1}
        judge = self._judge() if said else None
        if judge is None:
            return
        for name, words in said.items():
            try:
                cut = trailing(words, judge)
            except Exception as e:  # no embedder now: the words as said
                log.warning("aside head failed: %s", e)
                return
            if cut.asides:
                res.args[name] = cut.text
                res.reason += f"; asides: {list(cut.asides)} said after the task (the aside head): left out of {name}"
                trace["reason"] = res.reason
