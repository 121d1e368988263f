"""The memory stage's first look (app/lang/rules/memory_cues.py) never hides what its rules would read.

The look is a cheap filter in front of the remember and recall rules; a form the rules accept but the look passes
over is a request the memory never sees ("you got anything in memory on Marco?" was one: the old list had
"memori", no part of "memory"). Every example those rules accept as a request must pass the look."""
from __future__ import annotations

from app.lang.rules.recall import RECALL
from app.lang.rules.remember import REMEMBER
from app.memory.facts import extract_fact
from app.memory.recall_question import recall_topic
from app.memory.route_stages import _CUES


def _passes(text: str) -> bool:
    return any(c.search(text.lower()) for c in _CUES)


def test_every_request_the_memory_rules_read_passes_the_first_look() -> None:
    read = [ex for table in (REMEMBER, RECALL) for rule in table.rules for ex in rule.match
            if extract_fact(ex) is not None or recall_topic(ex) is not None]
    assert len(read) >= 20, "too few examples read by the rules: this test would prove little"
    hidden = [ex for ex in read if not _passes(ex)]
    assert not hidden, f"the memory rules read these, the first look passes over them: {hidden}"


def test_requests_for_other_things_do_not_pass_the_first_look() -> None:
    for text in ("leggi /tmp/a.txt", "che ore sono?", "elenca i file in ~/Documenti", "what's 12 times 7"):
        assert not _passes(text), text
