"""RTF, the format WordPad and many old letters and forms are saved in, through striprtf.

Why striprtf: it is small, pure Python, and drops the destinations a reader never sees (font and
colour tables, pictures, fields' instructions) while decoding \\'xx escapes and \\uN characters. The
escapes are in the code page the file declares (\\ansicpg1252 in nearly every Western file), which is
read from the header so an RTF written on a Greek or Russian system decodes right too.
"""
from __future__ import annotations

import codecs
import re
from pathlib import Path

from .base import Budget, DocText, tidy

_CODEPAGE = re.compile(rb"\\ansicpg(\d+)")


def _codepage(head: bytes) -> str:
    m = _CODEPAGE.search(head)
    if m:
        name = f"cp{int(m.group(1))}"
        try:
            codecs.lookup(name)
            return name
        except LookupError:
            pass
    return "cp1252"


def extract_rtf(path: Path, shown: str, budget: Budget) -> DocText:
    from striprtf.striprtf import rtf_to_text

    data = path.read_bytes()
    # RTF is 7-bit text; latin-1 maps any stray byte to one character, so nothing fails before striprtf
    text = str(rtf_to_text(data.decode("latin-1"), encoding=_codepage(data[:2048]),  # type: ignore[no-untyped-call]
                           errors="replace"))
    return DocText("rtf", budget.take(tidy(text)), cut=budget.cut)
