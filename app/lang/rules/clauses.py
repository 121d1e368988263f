"""Words that make a whole clause something other than a request for an action: a greeting, a fact to keep.

Read by the router's action stage (routing/action_stage.py), which splits a request into clauses: "ciao,
buongiorno!" asks nothing beside the rest (with the edge words of courtesy.py), and in "ricordati che …" what
follows "che"/"that" is a fact to keep, whose verbs are no requests.
"""
from __future__ import annotations

from .table import Rule, Table

CLAUSES = Table("clauses", __doc__ or "", (
    Rule(
        id="sequence",
        effect="words that put one request after another ('e poi', 'and then', 'thereafter', 'successivamente'): "
               "they always start a new clause, whatever verb follows (lang/clauses.py split_continuation). The "
               "longer forms come first: 'and thereafter' must not be cut at its 'and' (everyday17-66, 'Kindly "
               "read X and thereafter list the contents of Y', was one clause, and Y was never listed)",
        pattern=r"\s*(?:,\s*)?\b(?:{words})\b\s+", mode="split",
        words=("e poi", "e quindi", r"e\s+subito\s+dopo", "e dopo", r"e\s+subito", "e successivamente", "e in seguito",
               "and then", "and thereafter", r"and\s+(?:right|straight|immediately)\s+after(?:\s+that)?",
               "and afterwards", "and after that", "after that", "dopodich[eéè]", "dopo di che", "successivamente",
               "in seguito", "thereafter", "afterwards", "subsequently", "poi", "then"),
        match=("leggi /tmp/a.txt e poi cancellalo", "Kindly read /tmp/a.txt and thereafter list /tmp/b",
               "copia X, successivamente elenca Y", "read X and afterwards list Y",
               "crea la cartella X e subito dopo vi copi il file Y", "make folder X and right after copy Y into it"),
        no_match=("leggi /tmp/a.txt e /tmp/b.txt", "read the afterword of the book", "il seguito del film",
                  "poiché è tardi leggilo"),
    ),
    Rule(
        id="greeting_words",
        effect="greetings and thanks that, with the courtesy edge words, make a clause that asks nothing "
               "('buongiorno,', 'grazie mille')",
        words=("buongiorno", "buonasera", "salve", "grazie", "mille", "tante", "prego"),
        match=("buongiorno, elenca /tmp", "grazie mille", "salve!"),
        no_match=("elenca /tmp", "salvezza", "tantissimo lavoro"),
    ),
    Rule(
        id="remember_that",
        effect="'ricordati che …', 'remember that …': after 'che'/'that' (or a colon) is the fact to keep, its "
               "verbs are not requests",
        pattern=r"\b(?:che|that)\b|:",
        match=("ricordati che il dentista è giovedì", "remember that the code is 1234", "remember this: gate 12"),
        no_match=("ricordati il latte", "remember the milk", "remember those keys"),
    ),
    Rule(
        id="elided_c",
        effect="'c e' is c'è typed without its apostrophe ('fammi sentire che c e scritto nella lista'): the 'e' "
               "after it joins no clauses (the cut made 'fammi sentire che c' a request, and the model saved it "
               "as a fact)",
        pattern=r"(?:^|\s)c\s*$",
        match=("fammi sentire che c", "non c", "dimmi cosa c"),
        no_match=("cerca", "abc", "leggi il file c.txt"),
    ),
    Rule(
        id="question_opens",
        effect="a second question after 'and'/'e': a clause of its own ('what's the date today, and what's the "
               "weather in Byron tomorrow?' was one clause, refused whole for the weather, and the date was never "
               "given, everyday8-45); Italian 'che' alone is left out: it is also 'that' ('i file che contengono X e "
               "che sono pdf'); after a bare comma the question is about what came before ('Rent's 850 a month, "
               "what does that come to over a year?'), not a second one",
        mode="match",
        pattern=r"(?:{words})\b\s*\S+\s+\S+",
        words=(r"what(?:'s|s)?", "when", "where", "who", "which", "how", r"che\s+cosa", "cosa", "quando", "dove",
               "come", "chi", "qual[ei]?", r"quant[oaie]", r"com'[eè]", r"qual'[eè]", r"dov'[eè]"),
        match=("what's the weather gonna do in Byron tomorrow?", "quando scade il contratto?",
               "how many lines does it have", "che cosa dice il file"),
        no_match=("che sono pdf", "the weather tomorrow", "quando?", "whatever you think"),
    ),
    Rule(
        id="tell_me_opens",
        effect="after 'e'/'and', a clause that asks to be told something ('…e dimmi quante righe ha', '…and tell me "
               "what's in it') is a request of its own, with or without a '?': 'manda X al commercialista e dimmi "
               "quante righe ha' was refused whole for the send, and the lines were never counted",
        mode="match",
        pattern=r"(?:{words})\b\s*\S+",
        words=(r"dimmi", r"mi\s+dici", r"mi\s+dica", r"ditemi", r"fammi\s+sapere", r"tell\s+me", r"let\s+me\s+know",
               r"show\s+me", r"mostrami", r"fammi\s+vedere"),
        match=("dimmi quante righe ha", "tell me what's in it", "fammi sapere se ci sono errori", "mostrami il totale"),
        no_match=("dimmi", "dicono che", "tell them", "the telly"),
    ),
    Rule(
        id="back_to_before_it",
        effect="an Italian clause whose object is a clitic pointing at what the clause before it named or made "
               "('fai uno screenshot e salvalo in X'): when that clause is refused, this one has nothing to act on "
               "and is refused with it (the planner had written other content to X)",
        mode="match",
        pattern=r"^\W*(?:\w+\s+){0,3}?(?:{words})(?:me|ce|te|glie)?(?:lo|la|li|le)\b",
        words=("salva", "salvi", "salvar", "metti", "metter", "manda", "mandi", "mandar", "invia", "sposta", "copia",
               "carica", "stampa", "incolla", "allega", "conserva", "archivia", "butta", "ficca", "tieni", "scrivi"),
        match=("salvalo in /tmp/x", "poi mettilo sul desktop", "e salvamelo in Documenti",
               "puoi salvarlo in /tmp/x"),
        no_match=("salva il file in /tmp/x", "metti /tmp/a.txt in /tmp/b", "leggimelo", "il sale sul tavolo"),
    ),
    Rule(
        id="back_to_before_en",
        effect="an English clause whose object is 'it'/'them' pointing at what the clause before it named or made "
               "('take a screenshot and save it in X'): when that clause is refused, this one is refused with it",
        mode="match",
        pattern=r"^\W*(?:\w+\s+){0,3}?(?:{words})\s+(?:it|them|that|those)\b",
        words=("save", "put", "stick", "store", "keep", "drop", "paste", "attach", "send", "upload", "copy", "move",
               "print", "share", "email", "file", "stash", "place", "chuck", "pop", "dump", "leave"),
        match=("save it in /tmp/x", "then stick it on the desktop", "can you save them to /tmp/x",
               "pop it in Documents"),
        no_match=("save the file in /tmp/x", "put /tmp/a.txt in /tmp/b", "read it", "is it saved"),
    ),
))
