"""How a request says a file action the rules may do themselves: delete or empty, make a folder, put X in Y, open.

Read by the file-action stage (routing/file_stage.py), which turns a clear "cancella /tmp/a.txt" or "apri
firefox" into its tool call before the fast path: these rules decide whether a clause is such a request and
which part of it is the thing to act on. The words that say a search inside files are in search_phrases.py.
"""
from __future__ import annotations

from .table import Rule, Table

FILE_PHRASES = Table("file_phrases", __doc__ or "", (
    Rule(
        id="edit_words",
        effect="lines, words, sentences or comments to delete, move or copy: that edits a file's text, which the "
               "file rules never do (held for the planner)",
        pattern=r"\b({words})\b",
        words=(r"rig[ah]e?", "lines?", "parol[ae]", "words?", "frase", "frasi", "sentences?", "spazi", "spaces?",
               r"comment[io]?s?", "caratter[ei]", "characters?", "colonn[ae]", "columns?", r"paragraf\w*",
               "paragraphs?"),
        match=("cancella le righe vuote da /tmp/a.txt", "delete the comments in /src/main.py",
               "copia il primo paragrafo di /tmp/a.txt in /tmp/b.txt"),
        no_match=("cancella /tmp/a.txt", "delete /tmp/wordlist.csv", "sposta /tmp/report.pdf in /srv"),
    ),
    Rule(
        id="duplicates",
        effect="deleting duplicates is choosing which copies go, not deleting a named file (held for the planner)",
        pattern=r"\bduplicat\w*",
        match=("cancella i duplicati in /home/u/Foto", "remove duplicate photos from ~/Pictures"),
        no_match=("cancella /home/u/foto.jpg", "duplica la cartella /tmp/x"),
    ),
    Rule(
        id="empty_words",
        effect="emptying a folder deletes what it holds and keeps the folder (contents_only)",
        pattern=r"\b({words})\b",
        words=(r"svuota\w*", "empty", "empties", "emptying"),
        match=("svuota la cartella /tmp/x", "empty the folder ~/Downloads/old"),
        no_match=("cancella la cartella /tmp/x", "is /tmp/x emptyish?"),
    ),
    Rule(
        id="contents_of",
        effect="'cancella il contenuto della cartella X' empties X; the same said of a file would empty a file, "
               "which nothing does",
        pattern=r"\b(?:contenuto|contenuti)\s+(?:di|del|della|dello|dei|delle|dell')|\bcontents?\s+of\b",
        match=("cancella il contenuto della cartella /tmp/x", "delete the contents of /tmp/x"),
        no_match=("cancella la cartella /tmp/x", "sono contento del risultato", "delete the content /tmp/x"),
    ),
    Rule(
        id="mkdir_words",
        effect="a word that makes something new: with 'cartella' and one full path it is a new folder ('fai "
               "partire X' starts X, it makes nothing)",
        pattern=r"\b({words})\b",
        words=(r"crea\w*", "create", "make", r"(?:fai|fammi)(?!\s+(?:partire|vedere))", "nuov[ao]", "new", "mkdir",
               "aggiungi"),
        match=("crea la cartella /tmp/nuova", "make a folder /srv/data", "fammi una cartella /tmp/x"),
        no_match=("fai partire firefox", "elimina la cartella /tmp/x", "fammi vedere /tmp/x"),
    ),
    Rule(
        id="default_app",
        effect="the program a thing opens with ('con il programma predefinito', 'in the browser'): an open, not a "
               "read",
        pattern=(r"programma predefinito|applicazione predefinita|app predefinita|default (?:app|application|"
                 r"program|viewer)|(?:image|photo|picture|pdf|video) viewer|visualizzatore(?: di immagini| foto| pdf)?|"
                 r"file manager|gestore (?:di )?file|esplora risorse|\bfinder\b|nel browser|in the browser|"
                 r"\bbrowser\b|con il visualizzatore|with the viewer|con l'app"),
        match=("apri /tmp/a.pdf con il programma predefinito", "open https://example.com in the browser",
               "mostrami /tmp/x nel file manager"),
        no_match=("leggi /tmp/a.pdf", "open the file /tmp/a.txt", "apri la pagina https://example.com"),
    ),
    Rule(
        id="open_verbs",
        effect="'apri X', 'launch X': X may be an application to start by its name (group 1 the verb, 2 the rest)",
        mode="match",
        pattern=(r"^\s*(?:(?:per favore|please|puoi|can you|could you)\s+)?({words})\s+(.+?)\s*[.!?]*\s*$"),
        words=("apri(?:mi)?", "aprire", r"open(?:\s+up)?", "avvia(?:mi)?", "lancia(?:mi)?", "launch",
               r"start(?:\s+up)?", "run", "esegui", "fai partire", "fammi partire", "fire up", "boot up"),
        match=("apri firefox", "please open spotify", "could you launch the terminal?", "fai partire gimp"),
        no_match=("firefox apri", "can you tell me the time?", "open", "dimmi se puoi aprire firefox"),
    ),
    Rule(
        id="put",
        effect="'metti X nella cartella Y', 'put X into Y' with two full paths and nothing else: a move",
        mode="match",
        pattern=(r"^\s*(?:metti|mettimi|put)\s+(?:il file\s+|the file\s+)?(\S+)\s+"
                 r"(?:in|into|nella cartella|in the folder|into the folder|dentro)\s+(\S+?)\s*[.!?]*\s*$"),
        match=("metti /tmp/a.txt in /srv/b", "put /tmp/a.txt into /srv/b", "metti il file /tmp/a.txt dentro /srv"),
        no_match=("metti la musica", "sposta /tmp/a.txt in /srv/b", "metti /tmp/a.txt in /srv/b e poi aprilo"),
    ),
    Rule(
        id="maybe",
        effect="without an action verb only these can make a clause a file action (a path or address, 'metti X "
               "in Y', 'dov'è', 'che contengono'): anything else skips the stage at once",
        pattern=(r"[/~\\]|:|\b(?:metti|mettimi|put|dov|dove|where|locate|contengono|contiene|contain\w*|"
                 r"mention\w*|menzion\w*|parla\w*)\b"),
        match=("dov'è il report?", "where is my report", "quali file contengono la parola ciao?",
               "/tmp/a.txt"),
        no_match=("che ore sono?", "raccontami una barzelletta", "what's the weather like"),
    ),
    Rule(
        id="into_file",
        effect="'sposta X dentro il file Y': moving or copying into a file is not possible (the code appends the "
               "destination path to this pattern)",
        pattern=r"\b(?:dentro|nel|into|inside|in)\s+(?:il\s+|the\s+|al\s+)?file\s+",
        match=("sposta /tmp/a.txt dentro il file /tmp/b.txt", "copy /a/x into the file /b/y"),
        no_match=("sposta il file /tmp/a.txt in /srv", "copy /a/x into /b/"),
    ),
    Rule(
        id="reads",
        effect="verbs whose object is the files' text ('leggi tutti i .md in X' reads them): never a find by kind",
        pattern=(r"\b(?:legg\w*|rilegg\w*|read\w*|cat|less|riassum\w*|summari[sz]\w*|apri\w*|open\w*)\b"),
        match=("leggi tutti i .md in /srv/notes", "read every .txt in ~/docs", "riassumi i .pdf in /tmp"),
        no_match=("elenca tutti i .csv in /srv", "show me the gif files in /tmp", "catalogo dei .csv in /srv"),
    ),
))
