"""How a request asks to search inside files or to find one: "quali file di X contengono la parola Y", "dov'è Z".

Read by the file-action stage's search rules (routing/file_lookup.py): a clause with a folder and these cues becomes a
search_in_files or find_files call by rules, and the text after a cue ("la parola timeout") is what to look for.
The cues for text inside files are split by meaning (where, contains, the text named, talks about); the stage
joins them, in this order, into one pattern.
"""
from __future__ import annotations

from .table import Rule, Table

SEARCH_PHRASES = Table("search_phrases", __doc__ or "", (
    Rule(
        id="grep_inside",
        effect="inside the files: the request is about what files hold, not their names",
        words=("dentro", "inside", "nei file", "in the files", "within"),
        match=("cerca timeout dentro /srv/log", "search inside ~/docs for invoice"),
        no_match=("cerca i pdf in /srv", "find insider.txt in ~/docs"),
    ),
    Rule(
        id="grep_mentions",
        effect="files that contain or mention something: a search of their text",
        # and the passive "è nominata", Venetian "xe nominada" (everyday19-3: the files were found by name)
        words=("contengono", "contiene", "containing", "contain", "mentions?", r"menzion\w+", "compare",
               "compaiono", r"(?:è|e'|xe|viene|vien|sono|vengono)\s+(?:nomina|cita)[td][oaie]",
               # the occurrences of a name ("ogni occorrenza del nome «Sara»": found by name, everyday20-9)
               r"occorrenz[ae]", r"occurrences?\s+of"),
        match=("quali file in /srv contengono timeout?", "which files in ~/docs mention Roma",
               "in quali file di /tmp compare errore", "cerca in tuti i file de /tmp dove che xe nominada la Sara",
               "trova i file di /tmp dove è citato Rossi", "cerchi nei file di /tmp ogni occorrenza del nome «Sara»",
               "find every occurrence of Sara in /tmp"),
        no_match=("elenca i file in /srv", "compara /tmp/a.txt e /tmp/b.txt", "containers in /srv"),
    ),
    Rule(
        id="grep_named_text",
        effect="the text to look for named as such ('la parola X', 'the string X', 'c'è scritto')",
        words=("la parola", "the word", "il testo", "the text", "la scritta", "la stringa", "the string", "grep",
               "c'è scritto", "c'e scritto", "is written"),
        match=("in quali file di /srv c'è la parola timeout", "grep TODO in ~/src", "where is written 'ciao' in /tmp"),
        no_match=("leggi /tmp/a.txt", "scrivi ciao in /tmp/a.txt", "the words file in /tmp"),
    ),
    Rule(
        id="grep_talks_about",
        effect="files that talk about something ('che parlano di tasse'): a search of their text",
        words=("parla(?:no)? di",),
        match=("quali file in /srv parlano di tasse?", "trova in ~/docs il file che parla di Roma"),
        no_match=("parlami di Roma", "parla con Marco"),
    ),
    Rule(
        id="pattern_after",
        effect="the text to look for is the word right after its cue ('la parola timeout', 'which mention Roma')",
        pattern=(r"\b(?:{words})\s+[\"'“«]?([^\s\"'”»,;?]+)"),
        words=("la parola", "the word", "il testo", "the text", "la scritta", "la stringa", "the string", "grep",
               "mentions?", "menzionano", "contengono", "containing", "contain", "contiene", "parla(?:no)? di",
               r"c['’]\s?è\s+scritto", r"c['’ ]e\s+scritto", r"is\s+written"),
        match=("quali file di /srv contengono «timeout»?", "which files in ~/docs mention Roma",
               "cerca la parola errore in /var/log", "in quali file di /tmp c'è scritto Sara?"),
        no_match=("cerca la parola", "elenca /srv", "contengono?"),
    ),
    Rule(
        id="where_is",
        effect="where a file is, or find it: a find, never a read",
        pattern=r"\b({words})\b",
        words=("dov'è", "dov'e", "dove si trova", "dove sta", "where is", "where's", "locate", r"trova\w*", "find",
               r"cerca\w*", "search"),
        match=("dov'è report.pdf in ~/docs?", "find notes.txt in /srv", "cercami la fattura in ~/Documenti"),
        no_match=("leggi /tmp/a.txt", "dove vai?", "finder is slow"),
    ),
    Rule(
        id="contain_cue",
        effect="a cue word that says the text comes next ('che contengono X', 'which mention X'): a search by "
               "itself (the stage applies it to the one cue word, whole)",
        words=("mentions?", "menzionano", "contengono", "containing", "contain", "contiene", "parla(?:no)? di"),
        match=("quali file contengono timeout", "which files mention Roma"),
        no_match=("la parola timeout in /srv", "il testo di /tmp/a.txt"),
    ),
    Rule(
        id="in_files",
        effect="'cerca nei file di X': a search inside the files, which needs something to look for",
        words=("nei file", "dentro (?:ai |i )?file", "in the files", "inside the files", "in (?:my|your) files",
               "nel contenuto", "in the contents?", r"all['’]\s?interno\s+(?:dei|di\s+tutti\s+i)\s+file"),
        match=("cerca nei file di /srv", "search in my files for the invoice", "guarda dentro i file di ~/docs",
               "cercare, all'interno dei file contenuti nella cartella /srv, il nome Sara"),
        no_match=("cerca i file in /srv", "search my files", "nei filetti di /srv"),
    ),
    Rule(
        id="literal_cue",
        effect="'la parola X', 'the word X' at the cue: a literal to look for (unlike 'il testo di X', which is "
               "what a read shows)",
        mode="match",
        pattern=r"^(?:{words})\b",
        words=("la parola", "the word", "la stringa", "the string", "la scritta", r"c['’]\s?è\s+scritto",
               r"c['’ ]e\s+scritto", r"is\s+written"),
        match=("la parola timeout compare in /srv?", "the word invoice, in ~/docs", "c'è scritto Sara"),
        no_match=("cerca la parola x", "il testo di /tmp/a.txt", "la parolaccia"),
    ),
    Rule(
        id="asks_which",
        effect="a question about which files or where ('in quali file…', 'c'è la parola X?'): a search, unlike "
               "'metti dentro X la scritta Y', which writes",
        words=("quali", "quale", "which", "what", "in che", "dove", "where", "c'[èe]", "ci sono", "is there",
               "are there"),
        match=("in quali file di /srv c'è timeout", "which files in ~/docs say hello", "ci sono file con ciao?"),
        no_match=("metti dentro /tmp/a.txt la scritta ciao", "scrivi ciao in /tmp/a.txt"),
    ),
    Rule(
        id="written_there",
        effect="'c'è scritto \"X\"', 'is written': the quoted text is something to look for",
        pattern=r"c'[èe] scritto|is written",
        match=("in quale file di /srv c'è scritto 'ciao'?", "where in ~/docs is written \"hello\""),
        no_match=("scrivi 'ciao' in /tmp/a.txt", "who has written this?"),
    ),
    Rule(
        id="search_words",
        effect="words the search rules read besides their cues ('la parola X', 'which lines mention X'): no "
               "leftover that would hold the call (compared by stem)",
        words=("parola", "parole", "word", "words", "mention", "mentions", "menziona", "menzionano", "scritto",
               "scritta", "written", "stringa", "string", "grep", "testo", "text", "occorrenza", "occurrence",
               "riga", "line", "lines", "righe"),
        match=("cerca la parola timeout in /srv", "which lines mention Roma in ~/docs"),
        no_match=("elenca /srv", "sposta /tmp/a.txt in /srv"),
    ),
))
