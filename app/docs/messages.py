"""The document index's sentences, in Italian and English with their plurals.

Why here and not in each front end: the CLI says them today, the settings page and the tray will say the
same things tomorrow (a folder outside the allowed ones, files that cannot be read and why), and the
search tool's answer is written from them in the request's language.
"""
from __future__ import annotations

from app.lang.messages import register

register({
    # why a file is not in the index (besides doctext's own sentences: a scan, a password, a broken file)
    "docs.unreadable": {"it": "{path}: non riesco a leggerlo ({error})", "en": "{path}: cannot read it ({error})"},
    "docs.too_big": {"it": "{path}: è più grande di {limit_mb} MB, non lo indicizzo",
                     "en": "{path}: is larger than {limit_mb} MB, so it is not indexed"},
    "docs.failed": {"it": "{path}: errore inatteso leggendolo ({error}); lo riprovo quando cambia",
                    "en": "{path}: unexpected error while reading it ({error}); tried again when it changes"},
    # the search tool's answer
    "docs.not_found": {"it": "Non l'ho trovato nei tuoi documenti.", "en": "I did not find it in your documents."},
    "docs.answer": {"it": "Nei tuoi documenti, {source}:", "en": "In your documents, {source}:"},
    "docs.source_page": {"it": "{name}, pagina {page}", "en": "{name}, page {page}"},
    "docs.source_slide": {"it": "{name}, diapositiva {page}", "en": "{name}, slide {page}"},
    "docs.also": {"it": "Anche in: {sources}.", "en": "Also in: {sources}."},
    "docs.no_folders": {"it": "non hai ancora scelto cartelle di documenti da consultare: aggiungine una nelle "
                              "Impostazioni o con `metnos docs add CARTELLA`",
                        "en": "no document folders are indexed yet: add one in Settings or with "
                              "`metnos docs add FOLDER`"},
    "docs.unavailable": {"it": "l'indice dei documenti non è disponibile: {reason}",
                         "en": "the document index is not available: {reason}"},
    # metnos docs add|remove|status|search
    "docs.folder_added": {"it": "Aggiunta {path} alle cartelle di documenti da consultare.",
                          "en": "Added {path} to the document folders."},
    "docs.folder_known": {"it": "{path} è già tra le cartelle di documenti: la ricontrollo.",
                          "en": "{path} is already a document folder: checking it again."},
    "docs.folder_removed": {"it": {"one": "Tolta {path}: {n} file non è più nell'indice.",
                                   "other": "Tolta {path}: {n} file non sono più nell'indice."},
                            "en": {"one": "Removed {path}: {n} file is no longer indexed.",
                                   "other": "Removed {path}: {n} files are no longer indexed."}},
    "docs.folder_not_listed": {"it": "{path} non è tra le cartelle di documenti (quelle scelte: {folders}).",
                               "en": "{path} is not a document folder (the chosen ones: {folders})."},
    "docs.none": {"it": "nessuna", "en": "none"},
    "docs.not_a_folder": {"it": "{path}: non è una cartella, o non esiste", "en": "{path}: not a folder, or it "
                                                                                 "does not exist"},
    "docs.outside": {"it": "{path} è fuori dalle cartelle che Metnos può usare ({roots}). Per consultarla, aggiungi "
                           "la cartella (o una che la contiene) a allowed_roots nella sezione [tools] di {config}, "
                           "poi ripeti il comando.",
                     "en": "{path} is outside the folders Metnos may use ({roots}). To search it, add the folder (or "
                           "one that contains it) to allowed_roots in the [tools] section of {config}, then run the "
                           "command again."},
    "docs.config_broken": {"it": "{config} non è valido ({reason}): correggilo prima; non ho cambiato nulla.",
                           "en": "{config} is not valid ({reason}): fix it first; nothing was changed."},
    "docs.locked": {"it": "L'indice dei documenti è cifrato e ora non posso aprirlo: {reason}",
                    "en": "The document index is encrypted and cannot be opened now: {reason}"},
    "docs.progress": {"it": "Indicizzo {done}/{total}: {name}", "en": "Indexing {done}/{total}: {name}"},
    "docs.indexed": {"it": "Indice aggiornato: {files}, {passages} ({seconds} s).",
                     "en": "Index up to date: {files}, {passages} ({seconds} s)."},
    "docs.stopped": {"it": "Interrotto: quello che ho già indicizzato resta.",
                     "en": "Stopped: what was already indexed is kept."},
    "docs.n_files": {"it": {"one": "{n} file", "other": "{n} file"}, "en": {"one": "{n} file", "other": "{n} files"}},
    "docs.n_passages": {"it": {"one": "{n} passaggio", "other": "{n} passaggi"},
                        "en": {"one": "{n} passage", "other": "{n} passages"}},
    "docs.n_unreadable": {"it": {"one": "{n} file non si può leggere:", "other": "{n} file non si possono leggere:"},
                          "en": {"one": "{n} file cannot be read:", "other": "{n} files cannot be read:"}},
    "docs.status_folder": {"it": "{path}: {files}, {passages}", "en": "{path}: {files}, {passages}"},
    "docs.status_pending": {"it": "{path}: non ancora indicizzata (lo sarà all'avvio dell'app, o con "
                                  "`metnos docs add {path}`)",
                            "en": "{path}: not indexed yet (it will be when the app starts, or with "
                                  "`metnos docs add {path}`)"},
    "docs.status_none": {"it": "Nessuna cartella di documenti: aggiungine una con `metnos docs add CARTELLA`.",
                         "en": "No document folders: add one with `metnos docs add FOLDER`."},
    "docs.status_total": {"it": "In tutto: {files}, {passages}. Ultimo aggiornamento: {when}.",
                          "en": "In all: {files}, {passages}. Last update: {when}."},
    "docs.never": {"it": "mai", "en": "never"},
    "docs.search_none": {"it": "Nessun passaggio dei tuoi documenti risponde a «{query}».",
                         "en": "No passage of your documents matches \u201c{query}\u201d."},
    "docs.page": {"it": "pagina {page}", "en": "page {page}"},
    "docs.slide": {"it": "diapositiva {page}", "en": "slide {page}"},
    "docs.weak": {"it": "(poco pertinente)", "en": "(weak match)"},
})
