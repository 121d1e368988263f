"""One turn on screen: the question, a one-line account of what happened, approvals, the answer (and the
files a documents answer comes from, as links).

Built only from engine events (live) or journal rows (history), so the popup,
the chat window and a restarted app show the same thing. By default the header
and the timeline say what happened in plain words (app/turn/describe.py);
with the technical-details switch they show levels, scores, tools and arguments.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLayout, QPushButton, QToolButton, QVBoxLayout, QWidget

from app.tools.allow import NAME as ALLOW_FOLDER
from app.turn import events as ev
from app.turn.describe import TurnStory, history_story, size_words

from .approval_card import ApprovalCard
from .doc_sources import TOOL as DOCS_TOOL
from .doc_sources import SourcesLabel, sources_of
from .i18n import current_language
from .prefs import prefs
from .widgets import AnswerLabel, HeaderToggle, PlainLabel, display_text, short_args
from .worker import ApprovalAsked, ApprovalSettled, WorkerError


class TurnView(QFrame):
    """Apply events with `apply(e)`; `approval(aid, decision)` is emitted by inline approval cards."""

    approval = Signal(str, object)
    expandedChanged = Signal(bool)  # the popup re-fits its height; the chat scrolls the timeline into view
    cardAdded = Signal(object)  # ApprovalCard
    offerAnswered = Signal(str)  # "sì" / "no" (in the offer's language): the view's owner sends it as a request
    donePainted = Signal()  # the header showing the turn as done reached the screen (benchmarks, tests)

    def __init__(self, question: str = "", parent: QWidget | None = None, show_question: bool = True,
                 approval_host: QLayout | None = None):
        super().__init__(parent)
        self.setObjectName("turn")
        self.setStyleSheet("QFrame#turn { border-bottom: 1px solid palette(midlight); }")
        self.events: list[ev.Event] = []
        self.story = TurnStory()
        self.level = ""
        self.score: float | None = None
        self.tools: list[str] = []
        self.elapsed_ms: float | None = None
        self.running = True
        self._detail_lines: list[str] = []
        self._history: dict[str, Any] | None = None
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
        self.toggle = HeaderToggle(self)  # wraps: a long header must not make the turn wider than its window
        self.toggle.setObjectName("timelineToggle")
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setStyleSheet("color: palette(placeholder-text);")
        self.toggle.toggled.connect(self._expand)
        self._done_unpainted = False  # the turn was marked done and its header has not been painted since
        self.toggle.installEventFilter(self)
        row.addWidget(self.toggle)
        row.addStretch(1)
        self.copy_btn = QToolButton(self)
        self.copy_btn.setObjectName("copyAnswer")
        self.copy_btn.setAutoRaise(True)
        self.copy_btn.setVisible(False)
        self.copy_btn.clicked.connect(self.copy_answer)
        row.addWidget(self.copy_btn)
        lay.addLayout(row)
        self.timeline = PlainLabel("", self)
        self.timeline.setObjectName("timeline")
        self.timeline.setStyleSheet("color: palette(placeholder-text); font-size: 90%;")
        self.timeline.setVisible(False)
        lay.addWidget(self.timeline)

        self.approvals = QVBoxLayout()
        lay.addLayout(self.approvals)
        self.approval_host: QLayout = approval_host if approval_host is not None else self.approvals
        self.answer = AnswerLabel(self)
        self.answer.setAccessibleName(self.tr("Answer"))
        lay.addWidget(self.answer)
        self.sources = SourcesLabel(self)  # a documents answer's files, as links
        lay.addWidget(self.sources)
        self.status = PlainLabel("", self)
        self.status.setObjectName("status")
        self.status.setVisible(False)
        lay.addWidget(self.status)
        self.offer: ev.Offer | None = None  # a follow-up the answer proposes, answered by a button (or typed)
        self.offer_row = QWidget(self)
        self.offer_row.setObjectName("offerRow")
        row_lay = QHBoxLayout(self.offer_row)
        row_lay.setContentsMargins(0, 0, 0, 0)
        self.offer_yes = QPushButton(self.offer_row)
        self.offer_yes.setObjectName("offerYes")
        self.offer_no = QPushButton(self.offer_row)
        self.offer_no.setObjectName("offerNo")
        self.offer_yes.clicked.connect(lambda: self._answer_offer("yes"))
        self.offer_no.clicked.connect(lambda: self._answer_offer("no"))
        row_lay.addWidget(self.offer_yes)
        row_lay.addWidget(self.offer_no)
        row_lay.addStretch(1)
        self.offer_row.setVisible(False)
        lay.addWidget(self.offer_row)
        prefs().changed.connect(self.retranslate)
        self.retranslate()

    def retranslate(self) -> None:
        self.offer_yes.setText(self._yes_words())
        self.offer_no.setText(self.tr("No"))
        self.offer_yes.setToolTip(self.tr("Answer yes: the assistant does what it offered (a change asks first)"))
        self.copy_btn.setText(self.tr("Copy"))
        self.copy_btn.setToolTip(self.tr("Copy the answer"))
        self.copy_btn.setAccessibleName(self.tr("Copy the answer"))
        self.toggle.setToolTip(self.tr("Show or hide what happened"))
        self._render()
        for e in self.events:
            if isinstance(e, (ev.Error, ev.Cancelled)):
                self._status_for(e)

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    def eventFilter(self, watched: QObject, e: QEvent) -> bool:  # noqa: N802
        if self._done_unpainted and watched is self.toggle and e.type() == QEvent.Type.Paint:
            self._done_unpainted = False
            self.donePainted.emit()  # the header is painted now, saying the turn is done
        return False

    # -- live events -----------------------------------------------------------------------
    def apply(self, e: ev.Event) -> None:
        self.events.append(e)  # approvals too, so a view adopted elsewhere (popup → chat) gets the card
        if isinstance(e, ApprovalAsked):
            self.add_approval(e)
            return
        if isinstance(e, ApprovalSettled):
            self.resolve_approval(e.approval_id, e.decision)
            return
        self.story.add(e)
        if isinstance(e, ev.TurnStarted) and self.story.asked_at is None:
            self.story.asked_at = datetime.now()
        line = self._detail_line(e)
        if line:
            self._detail_lines.append(line)
        if isinstance(e, ev.RouteDecision):
            self.level, self.score = e.level, e.score
        elif isinstance(e, ev.ToolCall):
            self.tools.append(e.tool)
        elif isinstance(e, ev.Observation) and e.ok and e.tool == DOCS_TOOL:
            self.sources.set_sources(sources_of(e.preview))
        elif isinstance(e, ev.Token):
            self.answer.append(e.text)
            self.copy_btn.setVisible(True)
            return  # tokens change only the answer
        elif isinstance(e, ev.Progress) and e.what.startswith("answer_reset"):
            self.answer.set_plain("")  # the guard rejected the streamed draft: the answer that replaces it follows
        elif isinstance(e, ev.Answer):
            self.level = e.level or self.level
            self.answer.set_plain(e.text)
            self.copy_btn.setVisible(bool(e.text))
        elif isinstance(e, (ev.Error, ev.Cancelled)):
            self._status_for(e)
        elif isinstance(e, ev.Offer):
            self.offer = e
            self.offer_yes.setText(self._yes_words())
            self.offer_row.setVisible(True)
        elif isinstance(e, (ev.TurnAnswered, ev.TurnEnded)):
            self._done(e)
        self._render()

    def _done(self, e: ev.TurnAnswered | ev.TurnEnded) -> None:
        """Over for the person at the answer (TurnAnswered; TurnEnded when no answer event came): the work after
        it does not show. The time is the time to the answer."""
        if self.running or isinstance(e, ev.TurnAnswered):
            self.elapsed_ms = e.elapsed_ms
        was = self.running
        self.running = False
        for card in self.cards.values():
            card.mark(card.decision if card.decision is not None else False)
        if was:
            self._done_unpainted = True
            self.toggle.update()

    def _status_for(self, e: ev.Event) -> None:
        if isinstance(e, ev.Cancelled):
            self._set_status(self.tr("Cancelled."))
        elif isinstance(e, WorkerError) or (isinstance(e, ev.Error) and prefs().details):
            hint = f" ({display_text(e.hint)})" if e.hint else ""
            self._set_status(self.tr("Error: %1").replace("%1", display_text(e.message)) + hint)
        elif isinstance(e, ev.Error):
            self._set_status(self.tr("Sorry, something went wrong and this request was not completed. "
                                     "Turn on technical details in Settings to see why."))

    def _detail_line(self, e: ev.Event) -> str:
        """The technical line of an event (details view): levels, scores, tools, arguments."""
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
                return "  ⇢ " + what.replace("%1", size_words(e.size)).replace("%2", e.scratchpad_id)
            return f"  ✓ {size_words(e.size)}: {e.preview[:120]}"
        if isinstance(e, ev.ApprovalNeeded):
            return "  ? " + self.tr("approval asked: %1 (%2)").replace("%1", e.tool).replace("%2", e.risk)
        if isinstance(e, ev.MemoryWritten):
            return "  ✎ " + self.tr("memory written #%1 [%2]: %3").replace("%1", str(e.fact_id)).replace(
                "%2", e.category).replace("%3", e.text)
        if isinstance(e, ev.StateUpdate):
            return "  ☰ " + self.tr("plan: %1 items, notes: %2").replace("%1", str(len(e.plan))).replace(
                "%2", str(len(e.notes)))
        if isinstance(e, ev.Offer):
            return "  ↳ " + self.tr("offered: %1").replace("%1", f"{e.tool} {short_args(e.args)}")
        if isinstance(e, ev.Cancelled):
            return "■ " + self.tr("cancelled")
        if isinstance(e, ev.Error):
            return "✗ " + e.message + (f" ({e.hint})" if e.hint else "")
        return ""

    def _set_status(self, text: str) -> None:
        self.status.set_plain(text)
        self.status.setVisible(True)

    def _render(self) -> None:
        """Header and timeline, in plain words or with the technical details."""
        lang = current_language()
        if prefs().details:
            self.toggle.setText(display_text(self._detail_summary()))
            self.timeline.set_plain("\n".join(self._detail_lines))
        else:
            self.toggle.setText(display_text(self.story.headline(lang, running=self.running)))
            self.timeline.set_plain("\n".join(self.story.timeline(lang)))

    def _detail_summary(self) -> str:
        parts = [self.level or "…"]
        if self.score is not None:
            parts[0] += f" {self.score:.2f}"
        if self.tools:
            parts.append(" → ".join(self.tools[:4]) + (" …" if len(self.tools) > 4 else ""))
        if self.elapsed_ms is not None:
            parts.append(f"{self.elapsed_ms / 1000:.2f} s" if self.elapsed_ms >= 1000 else f"{self.elapsed_ms:.0f} ms")
        elif self.running:
            parts.append(self.tr("working…"))
        return " · ".join(parts)

    def _expand(self, on: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.timeline.setVisible(on)
        self.expandedChanged.emit(on)

    def expanded(self) -> bool:
        return self.timeline.isVisible()

    # -- an offer ("Vuoi un promemoria un'ora prima?") ---------------------------------------------------------
    def _yes_words(self) -> str:
        """The offer's yes button. A button is the UI's, so its words follow the UI language, chosen here by what the
        offer does; the question above it stays in the request's language (`Offer.label` words the CLI's prompt)."""
        if self.offer is not None and self.offer.tool == ALLOW_FOLDER:
            return self.tr("Allow this folder")
        return self.tr("Yes")

    def _answer_offer(self, answer: str) -> None:
        """Yes or No on the offer: sent as "sì"/"no" in the offer's language, exactly as if typed (the engine
        takes the request right after an offer as its answer); the buttons go."""
        offer = self.offer
        if offer is None or not self.offer_open():
            return
        self.expire_offer()
        words = {"it": {"yes": "sì", "no": "no"}, "en": {"yes": "yes", "no": "no"}}
        self.offerAnswered.emit(words.get(offer.lang, words["en"])[answer])

    def expire_offer(self) -> None:
        """Another request was sent: the offer lapsed (the engine forgets it too)."""
        self.offer_row.setVisible(False)

    def offer_open(self) -> bool:
        return self.offer is not None and not self.offer_row.isHidden()

    def copy_answer(self) -> None:
        QGuiApplication.clipboard().setText(self.answer.text())

    # -- approvals ----------------------------------------------------------------------------
    def add_approval(self, asked: ApprovalAsked) -> ApprovalCard:
        request = asked.request or ev.ApprovalNeeded("", 0)
        card = ApprovalCard(asked.approval_id, request, prefs().details, self)
        card.decided.connect(self.approval)
        self.cards[asked.approval_id] = card
        self.approval_host.addWidget(card)
        card.show()  # a layout shows a child of a visible widget only on the next loop pass: a frame without the card
        self.cardAdded.emit(card)
        return card

    def resolve_approval(self, approval_id: str, decision: Any) -> None:
        card = self.cards.get(approval_id)
        if card is not None:
            card.mark(decision)

    # -- history --------------------------------------------------------------------------------
    def load_row(self, row: dict[str, Any]) -> None:
        """A persisted turn (Journal.recent + steps): same look, no live parts."""
        self.running = False
        self._history = row
        self.level = row.get("level") or ""
        self.story = history_story(row)
        elapsed = row.get("elapsed_ms")
        self.elapsed_ms = float(elapsed) if isinstance(elapsed, (int, float)) and elapsed > 0 else None
        for s in row.get("steps") or []:
            self.tools.append(s["tool"])
            mark = "✓" if s.get("ok") else "✗"
            self._detail_lines.append(f"▶ {s['tool']} {short_args(s.get('args') or {})}  {mark} "
                                      f"({s.get('level', '')})")
            if not s.get("ok") and (s.get("error") or s.get("declined")):
                why = "not approved" if s.get("declined") else str(s.get("error"))
                self._detail_lines.append("  ✗ " + self.tr("error: %1").replace("%1", why))
        self.answer.set_plain(row.get("answer") or "")
        self.copy_btn.setVisible(bool(row.get("answer")))
        if row.get("cancelled"):
            self._set_status(self.tr("Cancelled."))
        elif not row.get("ok") and not row.get("answer"):
            self._set_status(self.tr("No answer."))
        self._render()

