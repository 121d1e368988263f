"""Passages: paragraphs kept whole, TARGET_CHARS–MAX_CHARS characters, pages never mixed, the heading carried along."""
from __future__ import annotations

from app.docs.chunking import MAX_CHARS, TARGET_CHARS, chunk_document
from app.docs.terms import index_terms, match_expression, query_terms
from app.tools.doctext import DocText


def para(i: int, n: int = TARGET_CHARS * 3 // 8) -> str:
    words = f"paragrafo {i} " + " ".join(f"parola{i}x{j}" for j in range(200))
    return words[:n].rsplit(" ", 1)[0] + "."


def test_paragraphs_are_grouped_up_to_the_target_and_never_cut() -> None:
    text = "\n\n".join(para(i) for i in range(12))
    chunks = chunk_document(DocText("text", text))
    assert all(len(c.text) <= MAX_CHARS for c in chunks)
    assert all(len(c.text) >= TARGET_CHARS for c in chunks[:-1])
    for i in range(12):  # every paragraph whole inside exactly one passage
        assert sum(para(i) in c.text for c in chunks) == 1
    assert all(c.page is None and c.heading == "" for c in chunks)


def test_a_long_paragraph_is_cut_at_sentences() -> None:
    sentence = "Il conduttore paga il canone entro il giorno cinque di ogni mese. "
    chunks = chunk_document(DocText("text", sentence * 60))
    assert len(chunks) >= 3 and all(len(c.text) <= MAX_CHARS for c in chunks)
    assert all(c.text.rstrip().endswith(".") for c in chunks)


def test_pages_stay_apart_and_headings_travel() -> None:
    doc = DocText("pdf", pages=[(1, "# Contratto\n\nIl canone è di 800 euro."), (2, "Le spese sono a parte."),
                                (3, "")])
    chunks = chunk_document(doc)
    assert [(c.page, c.heading, c.text) for c in chunks] == [
        (1, "Contratto", "Il canone è di 800 euro."), (2, "Contratto", "Le spese sono a parte.")]
    assert chunks[1].passage() == "Contratto\nLe spese sono a parte."


def test_a_heading_starts_a_new_passage() -> None:
    text = "# Canone\nIl canone è di 800 euro.\n# Disdetta\nSei mesi di preavviso."
    chunks = chunk_document(DocText("docx", text))
    assert [(c.heading, c.text) for c in chunks] == [("Canone", "Il canone è di 800 euro."),
                                                     ("Disdetta", "Sei mesi di preavviso.")]


def test_words_are_stemmed_alike_in_passages_and_questions() -> None:
    passage = set(index_terms("Gli affitti e il canone del contratto di locazione").split())
    terms = query_terms("quanto pago di affitto per il contratto?")
    assert "di" not in terms and "quanto" not in terms
    assert {t for t in terms if t in passage} >= {query_terms("affitto")[0], query_terms("contratto")[0]}
    assert query_terms("errore E04 del 2024") == ["error", "e04", "2024"]
    assert match_expression(['a"b', "c"]) == '"a""b" OR "c"'
