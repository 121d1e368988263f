"""Quoted text in a request: one reading for every package (the text to write, the words a request quotes and
does not ask, the words language detection leaves out).

Why one: three readers had drifted apart — one ended a quote at any quote mark, so "aggiungici 'chiamare
l'ormeggiatore'" had no quoted text and its "chiamare" was refused as a call (everyday18-66), while another
had been mended for it. A quote opens after a non-word character (so "c'è", "l'ora" open none). Inside double
quotes or guillemets an apostrophe is a letter ('scrivi in todo.txt "chiamare l'assicurazione"'); in single
quotes too when it stands between two letters, and the span ends at the next one that does not.
"""
from __future__ import annotations

import re
from typing import Iterator

QUOTED = re.compile(r"(?<![\w])(?:[\"“«](?P<d>[^\"”»\n]{1,2000}?)[\"”»]"
                    r"|[‘'](?P<s>(?:[^’'\n]|(?<=\w)['’](?=\w)){1,2000}?)[’'])(?![\w])")


def quote_spans(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, inner text) of each quoted span of `text`, quote marks included in start..end, in order."""
    for m in QUOTED.finditer(text):
        inner = m.group("d") if m.group("d") is not None else m.group("s")
        yield m.start(), m.end(), inner


def quoted_texts(text: str) -> list[str]:
    """The quoted spans of `text`, stripped, in order (apostrophes inside words are no quotes)."""
    return [q.strip() for _, _, q in quote_spans(text) if q.strip()]


def without_quotes(text: str, mark: str = '"…"') -> str:
    """`text` with each quoted span put as `mark`: what a request asks, read without the words it quotes (a quoted
    "cancella X" is the content to keep, never an action the request asks for)."""
    return QUOTED.sub(mark, text)
