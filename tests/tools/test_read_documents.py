"""read_files on real documents through the real tool runner (TurnContext.execute), and what describe_entries
and the scratchpad get from it: the document's text, never its bytes or base64."""
from __future__ import annotations

import base64
from pathlib import Path
from typing import Any, Callable

import pytest
from doc_files import HTML, RTF, write_docx, write_epub, write_odp, write_ods, write_odt, write_pptx, write_xlsx
from handmade_pdf import Page, make_pdf, text_pdf

from app.config import parse_text
from app.memory.scratchpad import SCRATCHPAD_READ, ScratchpadPlugin
from app.tools.describe import as_text
from app.tools.files import TOOLS as FILES
from app.tools.registry import Registry
from app.tools.runner import StepOutcome, TurnContext
from app.turn import events as ev
from app.turn.events import Turn
from app.turn.rendering import render


class Desk:
    """A turn of the real runner over the file tools, confined to `root`."""

    def __init__(self, root: Path, max_read: int = 5_000_000, plugin: ScratchpadPlugin | None = None) -> None:
        self.root = root
        self.config = parse_text(f'[tools]\nallowed_roots = ["{root}"]\nmax_read_bytes = {max_read}\n', env={})
        self.plugin = plugin
        self.events: list[ev.Event] = []

    def run(self, text: str, tool: str, args: dict[str, Any]) -> StepOutcome:
        turn = Turn(id="t1", text=text, owner="u")
        tc = TurnContext(turn=turn, config=self.config, registry=Registry(list(FILES) + [SCRATCHPAD_READ]),
                         emit=self.events.append, approve=lambda tool, args, risk: True)
        if self.plugin is not None:
            self.plugin.services(turn, tc.services)
        self.tc = tc
        return tc.execute(tool, args)

    def read(self, name: str, text: str = "leggi il file", **args: Any) -> StepOutcome:
        return self.run(text, "read_files", {"paths": [str(self.root / name)], **args})


def _html(p: Path) -> Path:
    p.write_bytes(HTML.encode("latin-1"))
    return p


def _rtf(p: Path) -> Path:
    p.write_text(RTF, encoding="ascii")
    return p


def _pdf(p: Path) -> Path:
    p.write_bytes(text_pdf("Il canone è di 800 euro.", "Firme delle parti"))
    return p


WRITERS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "contratto.pdf": (_pdf, "Il canone è di 800 euro."),
    "contratto.docx": (write_docx, "canone\t800"),
    "spese.xlsx": (write_xlsx, "affitto\t800\t2025-01-05"),
    "bilancio.pptx": (write_pptx, "Entrate in crescita del 12%"),
    "caldaia.odt": (write_odt, "E04\tpressione bassa"),
    "bollette.ods": (write_ods, "gas\t74"),
    "riunione.odp": (write_odp, "Seconda diapositiva: risultati"),
    "orari.html": (_html, "Aperto dal lunedì al venerdì."),
    "lettera.rtf": (_rtf, "Il canone è di 800 € al mese."),
    "guida.epub": (write_epub, "Se compare E04, riempi l'impianto."),
}


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_read_files_gives_the_text_of_every_format(tmp_path: Path, name: str) -> None:
    write, expected = WRITERS[name]
    write(tmp_path / name)
    out = Desk(tmp_path).read(name)
    assert out.ok, out.error
    r = out.result
    assert r["encoding"] == name.rsplit(".", 1)[1] and "content_b64" not in r
    assert expected in r["content"] and r["lines"] == r["content"].count("\n") + 1
    assert r["bytes"] == (tmp_path / name).stat().st_size


def test_pdf_through_the_runner_keeps_pages_and_is_rendered_as_text(tmp_path: Path) -> None:
    _pdf(tmp_path / "contratto.pdf")
    out = Desk(tmp_path).read("contratto.pdf", "quanto è il canone nel file contratto.pdf?")
    assert out.ok and out.result["pages"] == 2 and "truncated" not in out.result and "note" not in out.result
    assert out.result["content"] == "[p. 1]\nIl canone è di 800 euro.\n\n[p. 2]\nFirme delle parti"
    shown = render("read_files", out.result, "it")
    assert "Il canone è di 800 euro." in shown and "%PDF" not in shown


@pytest.mark.parametrize("request_text, lang, sentence", [
    ("leggi la scansione", "it", "{f}: è una scansione senza testo: non posso leggerla senza OCR"),
    ("read the scanned letter please", "en", "{f}: is a scan with no text: I cannot read it without OCR"),
])
def test_a_scan_is_a_sentence_in_the_request_language(tmp_path: Path, request_text: str, lang: str,
                                                      sentence: str) -> None:
    (tmp_path / "scan.pdf").write_bytes(make_pdf([Page(image=True)]))
    desk = Desk(tmp_path)
    out = desk.run(request_text, "read_files", {"paths": [str(tmp_path / "scan.pdf")]})
    expected = sentence.format(f=tmp_path / "scan.pdf")
    assert not out.ok and out.message is not None and out.message.text(lang) == expected
    assert "is a scan with no text" in (out.error or "")  # the model and the logs read English
    assert render("read_files", out.step.result, lang).endswith(": " + expected)  # "Non ci sono riuscito: …"
    failed = [e for e in desk.events if isinstance(e, ev.Observation) and not e.ok]
    assert failed and "Traceback" not in failed[0].message


def test_encrypted_and_broken_files_among_several(tmp_path: Path) -> None:
    _pdf(tmp_path / "buono.pdf")
    (tmp_path / "chiuso.pdf").write_bytes(make_pdf([Page(("x",))], password="pw"))
    (tmp_path / "rotto.docx").write_bytes(b"PK\x03\x04 broken")
    out = Desk(tmp_path).run("leggi i tre file", "read_files",
                             {"paths": [str(tmp_path / n) for n in ("buono.pdf", "chiuso.pdf", "rotto.docx")]})
    assert out.ok and out.result["count"] == 1 and out.result["files"][0]["encoding"] == "pdf"
    errors = {Path(e["path"]).name: e["error"] for e in out.result["errors"]}
    assert "is protected by a password" in errors["chiuso.pdf"]
    assert "the Word (.docx) file is damaged" in errors["rotto.docx"]
    text = as_text(out.result["files"])  # describe_entries over several documents
    assert text.startswith(f"==> {tmp_path / 'buono.pdf'} <==\n[p. 1]\nIl canone")


def test_a_cut_document_says_so_with_a_note_in_the_request_language(tmp_path: Path) -> None:
    line = "x" * 98
    (tmp_path / "lungo.pdf").write_bytes(make_pdf([Page(tuple(f"{i}{line}" for _ in range(10))) for i in range(5)]))
    out = Desk(tmp_path, max_read=2500).read("lungo.pdf", "leggi il documento lungo")  # ~1000 characters a page
    r = out.result
    assert out.ok and r["truncated"] is True and r["pages"] == 5 and r["pages_read"] == 3
    assert r["note"] == "Ho letto solo le prime 3 pagine su 5."
    assert sum(len(ln) for ln in r["content"].split("\n") if not ln.startswith("[p.")) <= 2500
    en = Desk(tmp_path, max_read=2500).read("lungo.pdf", "read the long document please")
    assert en.result["note"] == "I read only the first 3 pages of 5."


def test_pages_without_text_are_named(tmp_path: Path) -> None:
    (tmp_path / "misto.pdf").write_bytes(make_pdf([Page(("uno",)), Page(image=True), Page(("tre",))]))
    out = Desk(tmp_path).read("misto.pdf", "leggi il file misto")
    assert out.result["pages_without_text"] == [2]
    assert out.result["note"] == "La pagina 2 non ha testo (forse è una scansione)."


def test_a_document_may_be_bigger_than_a_text_file_but_not_without_bound(tmp_path: Path) -> None:
    _pdf(tmp_path / "a.pdf")
    size = (tmp_path / "a.pdf").stat().st_size
    assert Desk(tmp_path, max_read=size // 2).read("a.pdf").ok  # within 20 × max_read_bytes: its text is small
    out = Desk(tmp_path, max_read=size // 40).read("a.pdf", "leggi a.pdf")
    assert not out.ok and out.message is not None and out.message.key == "doctext.file_too_big"
    assert "tools.max_read_bytes" in out.message.text("it") and f"{size} byte" in out.message.text("it")


def test_binary_and_explicit_encodings_still_give_the_raw_file(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path / "a.pdf")
    raw = Desk(tmp_path).read("a.pdf", encoding="binary")
    assert raw.result["encoding"] == "binary" and base64.b64decode(raw.result["content_b64"]) == pdf.read_bytes()
    _html(tmp_path / "pagina.html")
    source = Desk(tmp_path).read("pagina.html", encoding="latin-1")
    assert source.result["content"].startswith("<html><head>") and "alert('no')" in source.result["content"]


def test_a_big_document_goes_to_the_scratchpad_and_its_last_page_can_be_read(tmp_path: Path) -> None:
    pages = [Page(tuple(f"pagina {i} riga {j}: il conduttore paga entro il cinque" for j in range(30)))
             for i in range(40)]
    pages.append(Page(("ULTIMA PAGINA: recesso con sei mesi di preavviso",)))
    (tmp_path / "contratto_lungo.pdf").write_bytes(make_pdf(pages))
    plugin = ScratchpadPlugin()
    try:
        desk = Desk(tmp_path, plugin=plugin)
        out = desk.read("contratto_lungo.pdf", "leggi il contratto lungo")
        assert out.ok and out.scratchpad_id and out.view["scratchpad_id"] == out.scratchpad_id
        assert len(str(out.view)) < 4000 < len(out.result["content"])
        got = desk.tc.execute("scratchpad_read", {"scratchpad_id": out.scratchpad_id, "mode": "grep",
                                                  "pattern": "ULTIMA PAGINA"})
        assert got.ok and "recesso con sei mesi di preavviso" in got.view["content"]
    finally:
        plugin.close()


def test_describe_reads_a_document_as_its_text(tmp_path: Path) -> None:
    write_docx(tmp_path / "contratto.docx")
    out = Desk(tmp_path).read("contratto.docx", "riassumi contratto.docx")
    assert as_text(out.result) == out.result["content"]  # what describe_entries summarizes: the text
    assert as_text(out.result).startswith("# Contratto di locazione\nIl canone è di 800 euro al mese.")
    binary = {"path": "/x/foto.jpg", "bytes": 10, "encoding": "binary", "content_b64": "AAEC"}
    assert as_text(binary) == "/x/foto.jpg: binary file, 10 bytes, no text"
