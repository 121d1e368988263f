"""Words that fill a chosen tool's arguments: what the object of a verb starts with, "into it", which end of a file.

Read by planner/fill.py (`rule_args`, `_object_text`): "ricordati che X" keeps X, "spostaci dentro Y" puts Y into
the folder just made, "mostrami la fine del log" is mode=tail, "l'ultimo errore" searches from the end. The enum
rules are applied to the lowercased clause and match a word's start ("ultim" is "ultime", "ultimo"…), so they
carry no trailing word boundary and no case flag.
"""
from __future__ import annotations

from .table import Rule, Table

# "mostrami la fine del log" -> mode=tail: each rule picks one value of an optional enum argument
_PICK = r"(?<!\w)(?:{words})"

PLANNER_FILL = Table("planner_fill", __doc__ or "", (
    Rule(
        id="object_lead",
        effect="the linking word after an action verb ('ricordati che…', 'remind me about…') is not part of the "
               "free text the verb takes: it is dropped from the argument",
        mode="match",
        pattern=r"^\s*(?:{words})\s+",
        words=("che", "that", "di", "of", "about", "su", "sul", "sulla"),
        match=("che il dentista è giovedì", "that the gate code is 1234", "di comprare il latte",
               "about the meeting with Anna"),
        no_match=("il dentista è giovedì", "theater tickets on friday", "sulle scale c'è la bici",
                  "the code is 1234"),
    ),
    Rule(
        id="into_there",
        effect="'spostaci dentro', 'copiaci', 'move X into it': the destination is the folder an earlier clause "
               "just made",
        words=(r"\w{3,}(?:ci|cela|celo|celi|cele)", r"dentro(?!\s*[/~])", r"into\s+it", r"in\s+(?:it|there)",
               "there", r"l[iì]\s+dentro",
               # the formal "vi" before the verb: "e subito dopo vi copi il file…" (everyday22-7: the model named
               # the copy "contratto_affitto.txt")
               r"^\W*(?:e\s+)?(?:ci|vi)\s+(?:copi|sposti|metta|mette|copia|sposta|metti)\w*"),
        match=("crea la cartella foto e spostaci dentro le immagini", "make a folder and move a.txt into it",
               "copiaci report.pdf", "put the file in there", "vi copi il file contratto affitto.txt"),
        no_match=("sposta report.pdf dentro ~/Documenti", "move it to the archive folder", "copia a.txt in b.txt",
                  "thermal report", "copia vi.txt in /x"),
    ),
    Rule(
        id="pick_tail",
        effect="the end of a file is asked: an optional mode argument becomes 'tail'",
        pattern=_PICK, flags=0,
        words=("fine", "end", "last", "ultim", "coda", "bottom", "tail"),
        match=("mostrami la fine del log", "show me the last lines of app.log", "leggi le ultime 5 righe"),
        no_match=("mostrami l'inizio del file", "leggi il file notes.txt", "show the details"),
    ),
    Rule(
        id="pick_head",
        effect="the start of a file is asked: an optional mode argument becomes 'head'",
        pattern=_PICK, flags=0,
        words=("inizio", "beginning", "first", "prim", "top", "head"),
        match=("mostrami l'inizio del file", "show the first 10 lines of notes.md", "leggi le prime righe"),
        no_match=("mostrami la fine del log", "leggi tutto il file", "stop the copy"),
    ),
    Rule(
        id="pick_grep",
        effect="lines with something in them are asked: an optional mode argument becomes 'grep'",
        pattern=_PICK, flags=0,
        words=("cerca", "search", "find", "grep", "contengono", "containing", "errori", "errors", "error"),
        match=("cerca TODO in notes.txt", "show the lines containing timeout", "mostrami gli errori del log"),
        no_match=("leggi notes.txt", "mostrami la fine del log", "research notes"),
    ),
    Rule(
        id="pick_append",
        effect="text is to go after what a file has: an optional mode argument becomes 'append'",
        pattern=_PICK, flags=0,
        words=("aggiungi", "append", "accoda", "in fondo", "alla fine", "in coda", r"at the (?:bottom|end)",
               r"(?:on )?a new line", "nuova riga", r"add(?!\w)"),
        match=("aggiungi una riga a todo.txt", "append this to notes.md", "scrivi 'ciao' in fondo al file",
               "please pop 'x' on a new line at the bottom of todo.txt", "add milk to the list in todo.txt",
               "metti 'pane' alla fine di spesa.txt"),
        no_match=("scrivi un nuovo file", "sostituisci il contenuto di notes.md", "reappend", "address book"),
    ),
    Rule(
        id="pick_create",
        effect="a new file is asked: an optional mode argument becomes 'create'",
        pattern=_PICK, flags=0,
        words=("nuovo", r"new(?!\s+line)", "crea", "create"),
        match=("scrivi un file nuovo", "create notes.md with hello", "crea todo.txt", "a new file with a new line"),
        no_match=("aggiungi una riga al file", "append to the log", "renew the license",
                  "put it on a new line at the end of todo.txt"),
    ),
    Rule(
        id="error_word",
        effect="a search among a log's lines for errors: the pattern to look for is 'error', any case",
        words=(r"error[ei]?s?", "errore"),
        match=("mostrami gli errori nel log", "find errors in app.log", "c'è qualche errore?"),
        no_match=("cerca TODO in notes.txt", "the terror of mondays", "erroneous input"),
    ),
    Rule(
        id="last_word",
        effect="the last or latest one is asked: a search starts from the end of the file",
        words=("ultim[oaie]", "last", "latest"),
        match=("cerca l'ultimo errore nel log", "find the latest error", "show the last warning"),
        no_match=("cerca il primo errore", "lasting changes", "ultimamente è lento"),
    ),
))
