"""The screenshot gallery's child: the real app on an X11 display (Xvfb + trayer), one language, one screen size.

Run by test_ui_gallery.py with DISPLAY, METNOS_HOME and METNOS_UI_LANGUAGE set. Shows the popup with
an answer, an approval card (a real write, then one with a preview), the chat with an open timeline, a follow-up,
every settings page and the memory view; saves a PNG of each into --out and prints one JSON line with
the files and the approval card's geometry (buttons inside the popup, popup inside the screen).
"""
from __future__ import annotations

import argparse
import atexit
import faulthandler
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parents[1])]

from PySide6.QtCore import QPoint, QRect, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402


def spin(cond: Callable[[], bool], timeout_s: float = 30.0) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        QApplication.processEvents()
        if cond():
            return True
        time.sleep(0.01)
    return False


def settle(ms: int = 300) -> None:
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def inside(popup: Any, w: QWidget) -> bool:
    rect = QRect(w.mapTo(popup, QPoint(0, 0)), w.size())
    return popup.rect().contains(rect) and popup.available().contains(popup.frameGeometry())


def selection_shots(desk: Any, lang: str, r: dict[str, Any], shot: Callable[..., None],
                    spin: Callable[..., bool]) -> None:
    """The selection popup: the text shown with the actions, then an answer with Copia / Sostituisci (the engine's
    events for a translation, fed through the worker's channel: the gallery runs without models)."""
    from app.turn import events as ev
    from app.ui.selection_grab import Grabbed

    it = lang == "it"
    source = ("Hi Sara, the train to Bologna leaves at 7:45 from platform 3.\nI booked two seats in coach 8 for you "
              "and Tom.\nSee you at the station!\nBring the tickets, please.\nMarco" if it else
              "Ciao Sara, il treno per Bologna parte alle 7:45 dal binario 3.\nHo prenotato due posti nella carrozza "
              "8 per te e Tom.\nCi vediamo in stazione!\nPorta i biglietti, per favore.\nMarco")
    answer = ("Ciao Sara, il treno per Bologna parte alle 7:45 dal binario 3. Ho prenotato due posti nella carrozza 8 "
              "per te e Tom. Ci vediamo in stazione! Porta i biglietti, per favore. Marco" if it else
              "Hi Sara, the train to Bologna leaves at 7:45 from platform 3. I booked two seats in coach 8 for you "
              "and Tom. See you at the station! Bring the tickets, please. Marco")
    flow = desk.selection
    flow.open(Grabbed(source, "primary"))
    spin(lambda: desk.popup.isVisible(), 5)
    shot("selection_open", desk.popup)
    tag = "selection-gallery"
    flow.tag = tag
    desk.popup.begin(tag, "Traduci" if it else "Translate")
    flow.answer_row.setVisible(True)
    for e in (ev.TurnStarted("s", 0, text="Traduci"), ev.RouteDecision("s", 0, level="selection", why="selection"),
              ev.Token("s", 1, text=answer), ev.Answer("s", 1, text=answer, level="selection"),
              ev.TurnEnded("s", 2, ok=True, elapsed_ms=2300.0)):
        desk.host.worker.turnEvent.emit(tag, e)
    spin(lambda: flow.answer_row.copy_btn.isEnabled(), 10)
    desk.popup._fit()
    shot("selection_answer", desk.popup)
    r["selection_inside"] = all(inside(desk.popup, w) for w in (flow.answer_row.copy_btn, flow.answer_row.replace_btn,
                                                                flow.panel.buttons["rewrite"]))
    desk.popup.hide()


CONVERSATIONS = {  # (days ago, first request, its answer, a later request, its answer, a name given by hand)
    "it": [(0.01, "quanti giorni mancano a Natale", "Mancano 21 giorni.", "", "", ""),
           (0.05, "leggi la nota della spesa", "latte, pane, uova, caffè", "aggiungi le mele", "Fatto.", ""),
           (1, "quali file ci sono nella cartella foto", "3 file: mare.jpg, montagna.jpg, cena.png",
            "quanto è grande mare.jpg", "mare.jpg è di 2,4 MB.", ""),
           (5, "ricordami di chiamare il dentista giovedì alle 9", "Ti ricorderò giovedì alle 9.", "", "", "Dentista"),
           (40, "riassumi il verbale della riunione di lunedì con il fornitore delle piastrelle e dei sanitari",
            "Il fornitore consegna il 12; il preventivo resta quello di ottobre.", "", "", "")],
    "en": [(0.01, "how many days until Christmas", "21 days to go.", "", "", ""),
           (0.05, "read the shopping note", "milk, bread, eggs, coffee", "add apples", "Done.", ""),
           (1, "which files are in the photos folder", "3 files: sea.jpg, mountain.jpg, dinner.png",
            "how big is sea.jpg", "sea.jpg is 2.4 MB.", ""),
           (5, "remind me to call the dentist on Thursday at 9", "I'll remind you on Thursday at 9.", "", "",
            "Dentist"),
           (40, "summarise the minutes of Monday's meeting with the tiles and bathroom fittings supplier",
            "The supplier delivers on the 12th; October's quote stands.", "", "", "")],
}


def conversation_shots(desk: Any, lang: str, r: dict[str, Any], shot: Callable[..., None],
                       spin: Callable[..., bool]) -> None:
    """The chat window with its list of conversations (names from the first request, one given by hand, dates in
    words), one open; then a search and a delete waiting for its confirmation. Stored in the real history."""
    from app.turn.events import Turn

    journal = desk.host.engine.journal
    now = time.time()
    ids = []
    for n, (days, ask1, ans1, ask2, ans2, name) in enumerate(CONVERSATIONS[lang]):
        conv = f"gallery-{n}"
        ids.append(conv)
        for k, (text, answer) in enumerate(((ask1, ans1), (ask2, ans2))):
            if text:
                turn = Turn(id=f"{conv}-{k}", text=text, owner="local")
                turn.answer, turn.ok, turn.level = answer, True, "L1"
                journal.record(turn, now - days * 86400 + k * 60, 40.0, conv)
        if name:
            journal.rename("local", conv, name)
    chat, side = desk.chat, desk.chat.sidebar
    desk.show_chat()
    room = chat.screen().availableGeometry()
    chat.resize(min(1000, room.width() - 40), min(640, room.height() - 60))
    desk.conversations.open(ids[2])
    desk.conversations.refresh()
    spin(lambda: len(side.titles()) >= len(ids), 10)
    settle(500)
    bar = chat.scroll_area.horizontalScrollBar()
    r["conversations_fit"] = not bar.isVisible() and chat.frameGeometry().height() <= room.height() and all(
        v.width() <= chat.scroll_area.viewport().width() for v in chat.turn_views())
    shot("conversations", chat)
    side.search.setText("dentista" if lang == "it" else "dentist")
    spin(lambda: len(side.titles()) == 1, 5)
    shot("conversations_search", chat)
    side.search.clear()
    spin(lambda: len(side.titles()) >= len(ids), 5)
    side.ask_delete()
    shot("conversations_delete", chat)
    side.confirm_keep.click()
    desk.conversations.new()
    chat.hide()


def step(r: dict[str, Any], what: str) -> None:
    """Where the child is, on stderr and in its result: the child once ended with status 0 and no result line
    inside the selection shots (1 run in 3, in the session that added the allow-folder shots; 0 in 8 later), and
    nothing said how far it had come."""
    r["step"] = what
    print(f"gallery: {what}", file=sys.stderr, flush=True)


def _report_unfinished(r: dict[str, Any]) -> None:
    """At any exit but a finished run (a SystemExit from a callback, the interpreter ending early): a result line
    that says so and where, so the test fails with that instead of with nothing."""
    if not r.get("ok") and not r.get("reported"):
        print("\n" + json.dumps({**r, "error": f"the child ended early, after: {r.get('step', 'start')}"}),
              flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--lang", default="it")
    ap.add_argument("--full", action="store_true", help="chat, settings and memory too (not only the popup)")
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv)
    app.setQuitOnLastWindowClosed(False)

    from gallery_offers import allow_folder_shots, first_start_shots, followup_shots
    from ui_helpers import (
        WRITE_PHRASE,
        WRITE_PHRASE_EN,
        l1_turn,
        planner_turn,
        routed_engine_factory,
        scripted,
        write_runtime,
    )

    from app.config import ConfigManager
    from app.turn import events as ev
    from app.ui.app import DeskApp
    from app.ui.worker import ApprovalAsked

    home = Path(os.environ["METNOS_HOME"])
    work = home / ("lavoro" if a.lang == "it" else "work")
    work.mkdir(parents=True, exist_ok=True)
    (work / "foto").mkdir(exist_ok=True)
    write_runtime(home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    target = work / ("nota.txt" if a.lang == "it" else "note.txt")
    desk = DeskApp(manager=manager, engine_factory=routed_engine_factory(manager, target), use_tray=True,
                   use_hotkey=False, preload=False, watch=False)
    ready: list[bool] = []
    desk.host.worker.ready.connect(lambda ok, _p: ready.append(ok))
    desk.start()
    r: dict[str, Any] = {"ok": False, "files": {}, "lang": a.lang}
    faulthandler.enable()  # a crash in Qt's C++ prints the Python stacks to stderr, which the test shows
    atexit.register(_report_unfinished, r)
    if not spin(lambda: bool(ready), 120) or not ready[0]:
        r["reported"] = True
        print(json.dumps({**r, "error": "engine did not start"}))
        return 1
    screen = app.primaryScreen()
    r["screen"] = [screen.size().width(), screen.size().height()]

    def shot(name: str, w: QWidget, whole_screen: bool = False) -> None:
        step(r, f"shot {name}")
        settle()
        path = out / f"{name}_{a.lang}.png"
        img = screen.grabWindow(0) if whole_screen else w.grab()
        img.save(str(path))
        r["files"][name] = str(path)

    def ask(text: str) -> Any:
        desk.popup.show_centered()
        spin(lambda: desk.popup.isVisible(), 5)
        desk.popup.input.setText(text)
        QTest.keyClick(desk.popup.input, Qt.Key.Key_Return)
        spin(lambda: desk.popup.view is not None, 5)
        return desk.popup.view

    first_start_shots(desk, r, shot, spin)  # before any turn: the requests to try
    view = ask("che ore sono" if a.lang == "it" else "what time is it")
    spin(lambda: not view.running, 60)
    shot("popup_answer", desk.popup)
    shot("screen_popup", desk.popup, whole_screen=True)

    view = ask(WRITE_PHRASE if a.lang == "it" else WRITE_PHRASE_EN)
    spin(lambda: len(view.cards) == 1, 60)
    card = next(iter(view.cards.values()))
    spin(lambda: card.approve_btn.isVisible() and card.approve_btn.width() > 0, 10)
    settle()
    r["approval_focus"] = QApplication.focusWidget() is card
    spin(card.keys_live, 5)  # the key hint shows once the card's keys act
    r["approval_inside"] = all(inside(desk.popup, w) for w in (card.approve_btn, card.deny_btn, card.always_btn))
    shot("approval", desk.popup)
    QTest.keyClick(card, Qt.Key.Key_Return)
    spin(lambda: not view.running, 60)
    r["approved_write"] = target.exists()

    # a longer answer and an approval with a preview (what the file tools show for an overwrite)
    view = desk.popup.begin("gallery-preview", "riscrivi la nota" if a.lang == "it" else "rewrite the note")
    desk.popup.show_centered()
    long_text = "\n".join(f"- {'riga' if a.lang == 'it' else 'line'} {i}" for i in range(60))
    view.apply(ev.TurnStarted("g", 0, text="x"))
    view.apply(ev.Token("g", 1, text=long_text))
    question = (f"Sovrascrivere {target.name} in {work}? Cambiano 2 righe." if a.lang == "it"
                else f"Overwrite {target.name} in {work}? 2 lines change.")
    diff = ("--- nota.txt\n+++ nota.txt\n@@ -1,3 +1,3 @@\n-ciao dal test\n+ciao da Metnos\n riga due\n"
            "-riga tre\n+riga 3\n")
    desk.popup.on_event("gallery-preview", ApprovalAsked("g", 1, approval_id="g1", request=ev.ApprovalNeeded(
        "g", 1, tool="write_files", args={"path": str(target)}, risk="write", question=question, preview=diff,
        preview_kind="diff")))
    card = view.cards["g1"]
    spin(lambda: card.approve_btn.isVisible() and card.approve_btn.width() > 0, 10)
    settle()
    r["preview_inside"] = all(inside(desk.popup, w) for w in (card.question, card.preview, card.approve_btn,
                                                              card.deny_btn, card.always_btn))
    r["popup_height"] = desk.popup.height()
    shot("approval_preview", desk.popup)
    shot("screen_approval", desk.popup, whole_screen=True)
    card.mark(False)

    # a refusal that names a long file, as a live turn shows it: everything wraps at the popup's width
    long_name = ("relazione_finale_" if a.lang == "it" else "final_report_") + "x" * 90 + ".docx"
    outside = f"/home/ospite/{long_name}" if a.lang == "it" else f"/home/guest/{long_name}"
    asked = ("leggi " if a.lang == "it" else "read ") + outside
    desk.popup.input.setText(asked)
    view = desk.popup.begin("gallery-wrap", asked)
    refusal = (f"Non posso leggere {outside}: è fuori dalle cartelle consentite ({work})." if a.lang == "it"
               else f"I cannot read {outside}: it is outside the allowed folders ({work}).")
    for e in (ev.TurnStarted("w", 0, text="x"), ev.RouteDecision("w", 0, level="L1"),
              ev.ToolCall("w", 1, tool="read_files", args={"paths": [outside]}),
              ev.Observation("w", 1, tool="read_files", ok=False, error="outside the allowed roots",
                             message=refusal.split(": ", 1)[1]),
              ev.Answer("w", 2, text=refusal + "\n\n" + " ".join(["parola" if a.lang == "it" else "word"] * 60)),
              ev.TurnAnswered("w", 2, ok=False, elapsed_ms=40.0)):
        desk.popup.on_event("gallery-wrap", e)
    desk.popup.show_centered()
    settle()
    viewport = desk.popup.scroll_area.viewport()
    r["wrapped_fits"] = view.width() <= viewport.width() and all(
        w.mapTo(viewport, QPoint(w.width(), 0)).x() <= viewport.width() + 1
        for w in view.findChildren(QWidget) if w.isVisibleTo(view))
    shot("wrapped_answer", desk.popup)
    desk.popup.hide()
    step(r, "selection")
    selection_shots(desk, a.lang, r, shot, spin)
    step(r, "conversations")
    conversation_shots(desk, a.lang, r, shot, spin)
    step(r, "follow-up")
    followup_shots(desk, a.lang, work, r, shot, spin)
    step(r, "allow-folder")
    allow_folder_shots(desk, a.lang, home, r, shot, spin, ask)

    if a.full:
        scripted(desk, "g-l1", "cosa c'è nella cartella" if a.lang == "it" else "what is in the folder",
                 l1_turn(str(work), a.lang))
        scripted(desk, "g-l3", "riassumi la nota" if a.lang == "it" else "summarise the note",
                 planner_turn(str(target), a.lang))
        desk.show_chat()
        spin(lambda: not desk.chat.views, 10)
        desk.chat.resize(1000, 620)
        last = desk.chat.turn_views()[-1]
        last.toggle.setChecked(True)
        settle(500)
        shot("chat", desk.chat)

        from app.ui.settings_dialog import SettingsDialog

        dlg = SettingsDialog(manager)
        dlg.show()
        for i in range(dlg.nav.count()):
            dlg.nav.setCurrentRow(i)
            shot(f"settings_{i}", dlg)
        dlg.close()

        desk.menu.show_memory()
        mem = desk.menu.memory_window
        if spin(lambda: mem.stack.currentWidget() is mem.facts_page, 120):
            for fact, cat in (("il dentista è giovedì alle 10", "appointments"),
                              ("mia sorella si chiama Anna", "people"), ("preferisco il tè al caffè", "preferences")):
                mem.memory.remember(fact, cat, "user")
            mem.refresh()
            spin(lambda: mem.table.rowCount() == 3, 30)
        shot("memory", mem)
    r["ok"] = True
    print("\n" + json.dumps(r), flush=True)  # on a line of its own, whatever else wrote to stdout before
    desk.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
