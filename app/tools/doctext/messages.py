"""The sentences a person hears when a document gives no text, or only part of it.

They travel as `Message`s (a `ToolError` for a file that cannot be read, a note beside a text that was
cut) and become Italian or English only when shown, like every other sentence of the app. English
texts are also what the model and the logs read.
"""
from __future__ import annotations

from app.lang.messages import register

register({
    "doctext.scanned": {"it": "{path}: è una scansione senza testo: non posso leggerla senza OCR",
                        "en": "{path}: is a scan with no text: I cannot read it without OCR"},
    "doctext.no_text": {"it": "{path}: il PDF non contiene testo (nessuna pagina ha testo o immagini)",
                        "en": "{path}: the PDF contains no text (no page has text or images)"},
    "doctext.encrypted": {"it": "{path}: è protetto da password e non posso aprirlo; salvane una copia senza "
                                "password e chiedimelo di nuovo",
                          "en": "{path}: is protected by a password, so I cannot open it; save a copy without the "
                                "password and ask me again"},
    "doctext.corrupt": {"it": "{path}: non riesco a leggerlo: il file {kind} è danneggiato o non è davvero un {kind}",
                        "en": "{path}: I cannot read it: the {kind} file is damaged or is not really a {kind}"},
    "doctext.unsupported": {"it": "{path}: non so leggere il testo di questo tipo di file",
                            "en": "{path}: I cannot read text from this kind of file"},
    "doctext.too_big": {"it": "{path}: il documento decompresso occupa {size_mb} MB, troppo per leggerlo",
                        "en": "{path}: the document unpacks to {size_mb} MB, too much to read"},
    "doctext.file_too_big": {"it": "{path}: {size} byte sono più di quanto leggo per un documento ({limit} byte, "
                                   "{factor} volte tools.max_read_bytes); aumenta tools.max_read_bytes in runtime.toml "
                                   "per leggerlo",
                             "en": "{path}: {size} bytes is more than I read for a document ({limit} bytes, {factor} "
                                   "times tools.max_read_bytes); raise tools.max_read_bytes in runtime.toml to read "
                                   "it"},
    "doctext.missing_library": {"it": "{path}: per leggere i file {kind} manca il pacchetto Python {package} "
                                      "(installalo con: pip install {package})",
                                "en": "{path}: reading {kind} files needs the Python package {package} "
                                      "(install it with: pip install {package})"},
    # notes beside a text that is only part of the document
    "doctext.cut_pages": {"it": {"one": "Ho letto solo la prima pagina su {total}.",
                                 "other": "Ho letto solo le prime {n} pagine su {total}."},
                          "en": {"one": "I read only the first page of {total}.",
                                 "other": "I read only the first {n} pages of {total}."}},
    "doctext.cut_slides": {"it": {"one": "Ho letto solo la prima diapositiva su {total}.",
                                  "other": "Ho letto solo le prime {n} diapositive su {total}."},
                           "en": {"one": "I read only the first slide of {total}.",
                                  "other": "I read only the first {n} slides of {total}."}},
    "doctext.cut_chars": {"it": {"one": "Il documento è lungo: ho letto solo il primo carattere.",
                                 "other": "Il documento è lungo: ho letto solo i primi {n} caratteri."},
                          "en": {"one": "The document is long: I read only its first character.",
                                 "other": "The document is long: I read only its first {n} characters."}},
    "doctext.pages_without_text": {"it": {"one": "La pagina {pages} non ha testo (forse è una scansione).",
                                          "other": "{n} pagine non hanno testo (forse sono scansioni): {pages}."},
                                   "en": {"one": "Page {pages} has no text (perhaps it is a scan).",
                                          "other": "{n} pages have no text (perhaps they are scans): {pages}."}},
})
