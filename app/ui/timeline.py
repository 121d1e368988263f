"""One turn on screen: the question, a compact expandable timeline, approvals, the answer.

Built only from engine events (live) or journal rows (history), so the popup,
the chat window and a restarted app show the same thing.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton, QVBoxLayout, QWidget

from app.turn import events as ev

from .widgets import AnswerLabel, ApprovalCard, PlainLabel, display_text, short_args


def _size(n: int) -> str:
    return f"{n} B" if n < 1024 else f"{n / 1024:.1f} KB" if n < 1 << 20 else f"{n / (1 << 20):.1f} MB"


class TurnView(QFrame):
    """Apply events with `apply(e)`; `approval(aid, decision)` is emitted by inline approval cards."""

    approval = Signal(str, object)
    expandedChanged = Signal(bool)  # the popup re-fits its height

    def __init__(self, question: str = "", parent: QWidget | None = None, show_question: bool = True):
        super().__init__(parent)
        self.setObjectName("turn")
        self.setStyleSheet("QFrame#turn { border-bottom: 1px solid palette(midlight); }")
        self.events: list[ev.Event] = []
        self.level = ""
        self.score: float | None = None
        self.tools: list[str] = []
        self.elapsed_ms: float | None = None
        self.running = True
        self._streamed = False
        self._lines: list[str] = []
        self.cards: dict[str, ApprovalCard] = {}

        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        lay.setSpacing(3)
        self.question = PlainLabel(question, self)
        self.question.setObjectName("question")
        self.question.setStyleSheet("font-weight: bold; color: palette(link);")
        self.question.setVisible(show_question and bool(question))
        lay.addWidget(self.question)

        row = QHBoxLayout()
        self.toggle = QToolButton(self)
        self.toggle.setObjectName("timelineToggle")
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.toggled.connect(self._expand)
        row.addWidget(self.toggle)
        row.addStretch(1)
        lay.addLayout(row)
        self.timeline = PlainLabel("", self)
        self.timeline.setObjectName("timeline")
        self.timeline.setStyleSheet("color: palette(placeholder-text); font-family: monospace; font-size: 90%;")
        self.timeline.setVisible(False)
        lay.addWidget(self.timeline)

        self.approvals = QVBoxLayout()
        lay.addLayout(self.approvals)
        self.answer = AnswerLabel(self)
        lay.addWidget(self.answer)
        self.status = PlainLabel("", self)
        self.status.setObjectName("status")
        self.status.setVisible(False)
        lay.addWidget(self.status)
        self._refresh_summary()

    # -- live events -----------------------------------------------------------------------
    def apply(self, e: ev.Event) -> None:
        self.events.append(e)
        line = self._line(e)
        if line:
            self._lines.append(line)
            self.timeline.set_plain("\n".join(self._lines))
        if isinstance(e, ev.RouteDecision):
            self.level, self.score = e.level, e.score
        elif isinstance(e, ev.ToolCall):
            self.tools.append(e.tool)
        elif isinstance(e, ev.Token):
            self._streamed = True
            self.answer.append(e.text)
        elif isinstance(e, ev.Answer):
            self.level = e.level or self.level
            self.answer.set_plain(e.text)
        elif isinstance(e, ev.Error):
            self._set_status(self.tr("Error: %1").replace("%1", display_text(e.message))
                             + (f" ({display_text(e.hint)})" if e.hint else ""))
        elif isinstance(e, ev.Cancelled):
            self._set_status(self.tr("Cancelled."))
        elif isinstance(e, ev.TurnEnded):
            self.running = False
            self.elapsed_ms = e.elapsed_ms
            for card in self.cards.values():
                card.mark(card.decision if card.decision is not None else False)
        self._refresh_summary()

    def _line(self, e: ev.Event) -> str:
        if isinstance(e, ev.RouteDecision):
            score = f" {e.score:.3f}" if e.score is not None else ""
            reason = e.why[len(e.level) + 1:].strip() if e.why.startswith(e.level + ":") else e.why
            why = f" — {reason}" if reason else ""
            return f"{e.level}{score}{why}"
        if isinstance(e, ev.ToolCall):
            src = ", ".join(f"{k}←{v}" for k, v in e.arg_sources.items())
            return f"▶ {e.tool} {short_args(e.args)}" + (f"  [{src}]" if src else "")
        if isinstance(e, ev.Observation):
            if not e.ok:
                return "  ✗ " + self.tr("error: %1").replace("%1", e.error or "")
            if e.scratchpad_id:
                what = self.tr("offloaded to the scratchpad (%1, id %2)")
                return "  ⇢ " + what.replace("%1", _size(e.size)).replace("%2", e.scratchpad_id)
            return f"  ✓ {_size(e.size)}: {e.preview[:120]}"
        if isinstance(e, ev.ApprovalNeeded):
            return "  ? " + self.tr("approval asked: %1 (%2)").replace("%1", e.tool).replace("%2", e.risk)
        if isinstance(e, ev.MemoryWritten):
            return "  ✎ " + self.tr("memory written #%1 [%2]: %3").replace("%1", str(e.fact_id)).replace(
                "%2", e.category).replace("%3", e.text)
        if isinstance(e, ev.StateUpdate):
            return "  ☰ " + self.tr("plan: %1 items, notes: %2").replace("%1", str(len(e.plan))).replace(
                "%2", str(len(e.notes)))
        if isinstance(e, ev.Cancelled):
            return "■ " + self.tr("cancelled")
        if isinstance(e, ev.Error):
            return "✗ " + e.message
        return ""

    def _set_status(self, text: str) -> None:
        self.status.set_plain(text)
        self.status.setVisible(True)

    def _refresh_summary(self) -> None:
        parts = [self.level or "…"]
        if self.score is not None:
            parts[0] += f" {self.score:.2f}"
        if self.tools:
            parts.append(" → ".join(self.tools[:4]) + (" …" if len(self.tools) > 4 else ""))
        if self.elapsed_ms is not None:
            parts.append(f"{self.elapsed_ms / 1000:.2f} s" if self.elapsed_ms >= 1000 else f"{self.elapsed_ms:.0f} ms")
        elif self.running:
            parts.append(self.tr("working…"))
        self.toggle.setText(display_text(" · ".join(parts)))

    def _expand(self, on: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.timeline.setVisible(on)
        self.expandedChanged.emit(on)

    def expanded(self) -> bool:
        return self.timeline.isVisible()

    # -- approvals ----------------------------------------------------------------------------
    def add_approval(self, approval_id: str, tool: str, args: dict[str, Any], risk: str) -> ApprovalCard:
        card = ApprovalCard(approval_id, tool, args, risk, self)
        card.decided.connect(self.approval)
        self.cards[approval_id] = card
        self.approvals.addWidget(card)
        return card

    def resolve_approval(self, approval_id: str, decision: Any) -> None:
        card = self.cards.get(approval_id)
        if card is not None:
            card.mark(decision)

    # -- history --------------------------------------------------------------------------------
    def load_row(self, row: dict[str, Any]) -> None:
        """A persisted turn (Journal.recent + steps): same look, no live parts."""
        self.running = False
        self.level = row.get("level") or ""
        for s in row.get("steps") or []:
            self.tools.append(s["tool"])
            mark = "✓" if s.get("ok") else "✗"
            self._lines.append(f"▶ {s['tool']} {short_args(s.get('args') or {})}  {mark} ({s.get('level', '')})")
        self.timeline.set_plain("\n".join(self._lines))
        self.answer.set_plain(row.get("answer") or "")
        if row.get("cancelled"):
            self._set_status(self.tr("Cancelled."))
        elif not row.get("ok") and not row.get("answer"):
            self._set_status(self.tr("No answer."))
        self._refresh_summary()
