"""Acting on a text the person gives: the desktop's selection, or `metnos ask --stdin`.

The action table (actions.py), the prompt that keeps the text as data (prompt.py), the guard on the streamed
answer (guard.py), long texts through the scratchpad and a summary by parts (long_text.py), and the run
(run.py). Qt-free; no tool is reachable from here.
"""
from __future__ import annotations

from .actions import ACTIONS, BY_ID, BY_KEY, STYLE_LABELS, STYLES, SelectionRequest, answer_language, from_words, label
from .run import Outcome, Setup, run, warm

__all__ = ["ACTIONS", "BY_ID", "BY_KEY", "STYLES", "STYLE_LABELS", "Outcome", "SelectionRequest", "Setup",
           "answer_language", "from_words", "label", "run", "warm"]
