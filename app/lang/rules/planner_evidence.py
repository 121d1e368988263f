"""What the planner reads in a request's own words: files named, an answer asked for, inline content, hours.

Read by planner/evidence.py (a clause about files favours file tools; "dimmi…" asks for an answer, not an action
of its own; "riassumi questo testo: <content>" splits off content; "dove mi trovo?" is being somewhere, not
finding), planner/compose.py ("l'ultimo errore": one error line is asked) and planner/surface.py ("ora"/"ore"
mean hours when a tool is chosen).
"""
from __future__ import annotations

from .table import Rule, Table

PLANNER_EVIDENCE = Table("planner_evidence", __doc__ or "", (
    Rule(
        id="file_words",
        effect="a clause that names files or folders is about files: file tools fit it, and a time window in it "
               "filters files by date",
        pattern=r"(?<!\w)(?:{words})(?!\w)",
        words=("file", "files", "documenti", "documento", "documents?", "cartell[ae]", "folders?",
               r"director(?:y|ies)", "pdf", "immagini", "foto", "photos?"),
        match=("cosa ho modificato ieri nei documenti?", "list the photos from last week",
               "quali file ho toccato oggi?", "apri la cartella Download"),
        no_match=("cosa ho fatto ieri?", "what's on my calendar today", "profile settings", "fotografo"),
    ),
    Rule(
        id="tell",
        effect="a clause that starts by asking to be told ('dimmi…', 'tell me…') asks for an answer, not for an "
               "action of its own",
        mode="match",
        pattern=r"^\s*(?:{words})\b",
        words=("dimmi", "dimmelo", "dimmela", "dire", "dirmi", "di'", "dì", "tell", "let me know", "fammi sapere",
               "spiegami", "explain"),
        match=("dimmi quante righe ha", "tell me what's in it", "fammi sapere se ci sono errori",
               "spiegami cosa fa lo script"),
        no_match=("leggi il file e dimmi quante righe ha", "direttamente in /tmp", "telling apart two files",
                  "mostrami la cartella"),
    ),
    Rule(
        id="be_located",
        effect="Italian 'trovarsi' is being somewhere ('dove mi trovo?'), not finding: read as 'sono' before the "
               "action words are matched",
        pattern=r"\b(?:mi|ti|ci|vi|si)\s+trov(?:o|i|a|iamo|ate|ano)\b",
        match=("dove mi trovo?", "su che computer ci troviamo?", "in che cartella si trova il file?"),
        no_match=("trovami i pdf", "non ritrovo il file notes.txt", "trova i file di ieri"),
    ),
    Rule(
        id="content_head",
        effect="before a colon, words that announce a text ('riassumi questo testo: …'): what follows is content "
               "given inline, even when no action is named",
        words=("testo", "text", "questo", "this", "seguente", "following"),
        match=("traduci questo testo", "summarize the following", "ecco il seguente"),
        no_match=("nota per domani", "reminder for Monday", "testardo"),
    ),
    Rule(
        id="last_one",
        effect="the last error or problem is asked: one error line is shown to the writer and quoted, not the "
               "last few",
        pattern=r"\b(?:{words})\s+(?:errore|error|riga di errore|error line|problema|problem)\b",
        words=(r"l['’]\s*ultim[oa]", r"the\s+(?:very\s+)?last", r"most\s+recent"),
        match=("dimmi l'ultimo errore del log", "what's the last error in app.log?",
               "show the most recent problem"),
        no_match=("dimmi gli errori del log", "the last lines of app.log", "l'ultima riga del file"),
    ),
    Rule(
        id="hour_words",
        effect="'ora'/'ore' are hours when a tool is chosen ('a che ora…', 'quante ore…'), though routing drops "
               "them as 'now'",
        words=("ora", "ore"),
        match=("a che ora è la riunione?", "quante ore mancano a venerdì?"),
        no_match=("che giorno è oggi?", "orario del treno", "ordina i file"),
    ),
))
