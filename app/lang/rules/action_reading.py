"""Words that change what an action word means in a request: "compare" that is "appears", the time of an event.

Read by lang/actions.py (`action_of`) on the normalized (lowercased) request, so no case flag: "in quali file
compare 'TODO'" asks to find, not to compare; "a che ora è la riunione?" asks the time of something else, never
the time now; "salva questa frase in memoria" keeps a fact, it writes no file.
"""
from __future__ import annotations

import re

from .table import Rule, Table

ACTION_READING = Table("action_reading", __doc__ or "", (
    Rule(
        id="appears",
        effect="Italian 'compare' after a which/where word is 'appears': a search for a word, nothing compared",
        flags=0,
        pattern=r"\b(?:{words})\b.*\b(?:compare|compaiono)\b",
        words=("quali", "quale", "in che", "in cui", "dove"),
        match=("in quali file di x compare 'todo'", "trova dove compare la parola y",
               "in che documenti compaiono i nomi?"),
        no_match=("compare a.txt e b.txt", "dove sono i file?", "confronta a.txt con b.txt"),
    ),
    Rule(
        id="event_time",
        effect="the time of something else ('what time did I clock in?', 'a che ora è la riunione?'): never the "
               "time now",
        flags=0,
        pattern=r"\bwhat\s+time\s+(?:did|does|will|would|was|were|had|has|should|shall|must|are|is\s+(?!it\b)|"
                r"do\s+(?!(?:you|ya|u)\s+(?:have|got)\b))|\ba\s+che\s+or[ae]\b|\bche\s+or[ae]\s+(?:{words})\b",
        words=("erano", "era", "saranno", "sarà"),
        match=("what time did i clock in?", "a che ora è la riunione?", "che ore erano quando sono uscito?",
               "what time is the meeting?"),
        no_match=("what time is it?", "che ore sono?", "what time do you have?", "che ora è?"),
    ),
    Rule(
        id="wish_for_a_thing",
        effect="right after someone else's wish ('vuole', 'wants'), an article: the wish is for a thing ('lui vuole "
               "l'email', 'she wants the file'), so it frames no action — 'email' is a verb too (lang/actions.py, "
               "read at the wish's end; everyday18-37)",
        flags=0, mode="match",
        pattern=r"\s*(?:l'|(?:{words})\s)",
        words=("il", "lo", "la", "i", "gli", "le", "un", "una", "uno", "the", "a", "an"),
        match=(" l'email, lei me la può spedire?", " il file ~/a.txt, leggilo", " the file"),
        no_match=(" che cancelli ~/a.txt", " to delete it", " cancellarlo"),
    ),
    Rule(
        id="wish_clause_end",
        effect="where the clause of a wish ends: a comma, a semicolon, a colon or 'ma/but/però' — the action it "
               "frames is said before it ('Marco vuole che cancelli X, leggilo tu' frames the delete only)",
        flags=0, mode="split",
        pattern=r"[,;:]|\s(?:{words})\s",
        words=("ma", "but", "però", "pero"),
        match=("vuole l'email, lei me la può spedire", "wants it but read it first", "vuole che cancelli x; poi"),
        no_match=("vuole che cancelli x", "she wants to delete it", "marco vuole mangiare"),
    ),
    Rule(
        id="trash_place",
        effect="the bin as the place a file is put, thrown or moved ('chuck X in the bin', 'sbatti X nella "
               "spazzatura', 'stick X in the trash'): a delete, whatever the verb (the code leaves a request that "
               "reads, lists or finds there as it is: 'what's in the bin?')",
        flags=0,
        pattern=r"\b(?:{words})\s+(?:(?:the|il|la|my|mio|mia)\s+)?(?:bin|trash|rubbish|garbage|cestino|spazzatura|"
                r"pattumiera|immondizia|recycle\s+bin)\b(?!\s+(?:folder|directory|dir|cartella|della\s+spesa)\b)",
        words=("in", "into", "to", "nel", "nella", "nello", "alla", "al", "inside", "dentro"),
        match=("chuck {path} in the bin, done with it", "sbatti {path} nella spazzatura", "stick {path} in the trash"),
        no_match=("svuota il cestino", "list {path}/bin", "the trash can be emptied later",
                  "put it in the bin folder {path}", "metti il latte nel cestino della spesa"),
    ),
    Rule(
        id="memory_place",
        effect="the assistant's memory named as the place of a write or a delete ('salva X in memoria', 'remove "
               "it from your memory'): keeping or forgetting a fact, not a file (lexicon.ON_MEMORY maps the "
               "action; a request that names a path is left as it is)",
        flags=0,
        pattern=r"\b(?:{words})\s+(?:(?:la|tua|mia|tuoi|miei|your|my|the|long[- ]term)\s+){0,2}"
                r"(?:memoria|memory|ricordi)\b",
        words=("in", "nella", "alla", "dalla", "to", "into", "from", "dai", "nei", "ai"),
        match=('salva questa frase in memoria: "cancella /tmp/x"', "save this to memory", "metti in memoria che "
               "il codice è 12", "cancellalo dalla tua memoria", "remove it from your memory",
               "togli dai ricordi quello vecchio che mi confonde"),
        no_match=("salva il file in /tmp/memoria.txt", "la memoria del pc è piena", "how much memory do i have?",
                  "scrivi i ricordi in /tmp/a.txt"),
    ),
    Rule(
        id="end_of_text",
        effect="a verb of putting with the end of a text as the place ('put eggs at the bottom of it', 'tack X "
               "onto the end', 'metti le uova in fondo alla lista'): adding to the text, an append (no rule read it: "
               "the read before it ran and the addition was dropped, everyday8-67, everyday7)",
        # the place may come first too: "in fondo a X metti una riga nuova: …" (everyday21-17, the content's verb
        # "ordinare" was read instead)
        pattern=r"\b(?:{words})\b[^.?!;]{0,60}?\b(?:(?:at|onto|on|to)\s+the\s+(?:bottom|end)|in\s+fondo|"
                r"alla\s+fine|in\s+coda)\b|^(?:(?:at|onto|on|to)\s+the\s+(?:bottom|end)|in\s+fondo|alla\s+fine|"
                r"in\s+coda)\b[^.?!;:]{0,60}?\b(?:{words})\b",
        words=("put", "stick", "tack", "pop", "slap", "chuck", "throw", "bung", "metti", "mettici", "mettimi",
               "aggiungici", "piazza", "schiaffa", "ficca"),
        match=("ok read me X then put eggs at the bottom of it", "tack brisket onto the bottom of it",
               "metti le uova in fondo alla lista", "stick milk on the end of the list",
               "in fondo a {path} metti una riga nuova: ordinare cemento", "at the end of {path} put: call Jo"),
        no_match=("put the file in /tmp/x", "leggimelo fino in fondo",
                  "I read it to the end", "at the bottom of the page there is a note",
                  "in fondo a {path} c'è una riga: mettila in grassetto"),
    ),
    Rule(
        id="put_into_text",
        effect="a verb of putting with words (not a file) as what is put and a file as the place ('metti anche "
               "detersivo piatti nella lista spesa.txt', 'put \"clean the guest room\" as a new line in X'): adding "
               "to the text, an append (everyday22-16 read the list out instead). Read on the masked text; a text "
               "file must be said (actions.py), so 'put the photos in X' stays a move. `thing` is what is added",
        pattern=r"\b(?:{words})\s+(?:anche\s+|also\s+|pure\s+)?(?!(?:(?:il|la|lo|i|le|gli|the|my|a|an|un|una|"
                r"uno)\s+)?(?:file|files|foto|photos?|pics?|copia|copy|cartella|folder|documento|document|"
                r"it)\b)(?P<thing>(?:(?!\{path\})[^.?!;]){1,60}?)\s+(?:in|nel|nella|nello|into|on|onto|to|"
                r"sul|sulla|dentro)\s+(?:(?:the|la|il|lo|my|mia|mio)\s+)?(?:(?:file|lista|list|elenco)\s+)?\{path\}",
        words=("metti", "mettici", "mettimi", "put", "pop", "stick", "bung", "slap", "piazza", "ficca"),
        match=("per favore metti anche detersivo piati nella lista {path} che sta in {path}",
               "can you put {quoted} as a new line in {path}", "metti anche lo zucchero nella {path}",
               "pop oat milk on the list {path}"),
        no_match=("metti {path} dentro la cartella archivio", "put a copy of the contract {path} in {path}",
                  "put the photos in {path}", "metti il file nella {path}", "put it in {path}"),
    ),
    Rule(
        id="new_name",
        effect="a verb of calling with a file's name as what it is called ('il file X chiamalo Y.txt', 'call it "
               "final.txt'): a rename, when no other action is read (a file cannot be phoned; everyday21-15 read X "
               "out instead). Read on the request with its values masked ({path})",
        flags=0,
        pattern=r"\b(?:{words})\s+\{path\}",
        words=("chiamalo", "chiamala", "chiamali", "chiamale", r"chiama\s+\{path\}(?:\s+(?:la|il|lo|l['’])\s*\w+)?",
               r"call\s+(?:it|this|that)",
               r"name\s+(?:it|this|that)", "nominalo", "nominala"),
        match=("il file  {path}  in  {path}  chiamalo  {path} , così lo ritrovo", "call it  {path}  please",
               "chiama  {path}   {path} ", "name it  {path} ", "chiama  {path}  la foto  {path} "),
        no_match=("chiamalo domani", "call it a day", "chiamalo e digli di  {path} ", "call mom"),
    ),
    Rule(
        id="new_thing",
        effect="one new file or folder asked for with no verb of making ('need a new file X with…', 'mi serve una "
               "cartella nuova in X', 'new folder X pls', 'fammi una cartella X': everyday11-28): a creation, a write "
               "(everyday10-66 read the file that did not exist yet); not the new files already there ('the new files "
               "in X', 'c'è un file nuovo?')",
        pattern=r"(?<!\bthere\s)(?<!there's\s)(?<!c'è\s)(?<!c'e\s)(?<!\bè\s)(?<!\bis\s)(?<!\bany\s)"
                r"(?:\b(?:a|an|one|un|uno|una)\s+|\bun'|^)(?:brand\s+)?(?:new|nuov[oa])\s+(?:{words})\b|"
                r"(?<!\bthere\s)(?<!c'è\s)(?<!c'e\s)(?<!\bè\s)\b(?:un|uno|una)\s+(?:{words})\s+nuov[oa]\b|"
                r"\b(?:fammi|fatemi|make\s+me)\s+(?:un|uno|una|a|an)\s+(?:\w+\s+)?(?:{words})\b",
        words=("file", "folder", "directory", "dir", "cartella", "cartellina", "documento", "document", "doc",
               "note", "nota", "txt"),
        match=("need a new file /tmp/x/a.txt with Rossi in it", "mi serve una cartella nuova in /tmp/x",
               "new folder /tmp/x/tesi pls", "fammi un nuovo file /tmp/a.txt con scritto ciao",
               "fammi una cartella backup dentro /tmp/x", "make me a backup folder in /tmp/x"),
        no_match=("list the new files in /tmp/x", "is there a new file in /tmp/x?", "c'è un file nuovo in /tmp/x?",
                  "ci sono file nuovi?", "show me a new way to do it", "fammi una copia di /tmp/x/a.txt",
                  "fammi un elenco dei file in /tmp/x", "make me a list of the files in /tmp/x"),
    ),
    Rule(
        id="format_target",
        effect="a named file made into another format ('fai diventare {path} pdf', 'turn {path} into a pdf', 'salva "
               "{path} come pdf', 'export {path} to PDF', 'fammi un pdf di {path}'): a conversion, whatever the verb "
               "(read on the masked text, where a format word is {ext}; everyday19-25 read the photo instead)",
        flags=0,
        pattern=r"\{path\}[^{}]{0,40}?\b(?:{words})\s+(?:(?:a|an|un|uno|una|in)\s+)?(?:formato\s+)?\{ext\}"
                r"(?!\s+(?:folder|files?|directory|dir|cartella|cartelle|documents?|documenti)\b)|"
                r"\b(?:a|an|un|uno|una)\s+\{ext\}\s+(?:of|di|da|from|dal|dalla|dello)\s+\{path\}",
        words=("diventare", "diventi", "diventa", "become", "becomes", "into", "as", "come", "to", "in", "a"),
        match=("puoi fare foto {path} vacanze mare1 jpg diventare {ext} serve per questura", "turn {path} into a {ext}",
               "salva {path} come {ext}", "fammi un {ext} di {path}", "export {path} to {ext} please"),
        no_match=("trova i {ext} in {path}", "copia {path} in {path}", "sposta {path} nella cartella {ext} folder",
                  "copy {path} to the {ext} folder", "leggi {path}"),
    ),
    Rule(
        id="handing_over",
        effect="a named file made to reach a person ('dovrei far avere {path} al mio fornitore', 'get {path} to my "
               "accountant', 'pass {path} on to Luca', 'fagli arrivare {path}'): a send, whatever the verb (read on "
               "the masked text; everyday18's 'far avere' read the file instead of saying no tool sends)",
        flags=re.IGNORECASE,
        pattern=r"\bf(?:ar|ai|arg?li|arle|arti|arci|agli|alle|accia|acciamo)\s+(?:avere|arrivare|pervenire|recapitare)\s+"
                r"(?:(?:a|al|alla|ai|alle|allo)\s+[\w']+(?:\s+[\w']+)?\s+)?(?:(?:il|la|lo|l'|questo|questa|quel|"
                r"quello|quella)\s*)?(?:(?:file|documento)\s+)?\{path\}|"
                r"\b(?:{words})\s+\{path\}\s+(?:on\s+|over\s+|across\s+)?to\s+(?!\{path\}|the\s+(?:folder|"
                r"directory|bin|trash)\b)(?:my|the|his|her|our|their|[a-z]+)\b",
        words=("get", "pass", "hand", "give", "bring", "slip"),
        match=("dovrei far avere {path} al mio fornitore", "get {path} to my accountant", "pass {path} on to Luca",
               "fagli arrivare {path} entro stasera", "hand {path} over to the new guy"),
        no_match=("copy {path} to {path}", "get {path} to the folder {path}", "far avere successo",
                  "fammi avere un'idea", "give me {path}"),
    ),
))
