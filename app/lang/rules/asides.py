"""Where a request is cut into fragments that a learned head judges one by one (lang/asides.py).

The sentence break of context_words (punctuation, dashes, "I'll…") cuts first; `connector` then cuts before a
word that opens a clause of why or of what else is true ("…che non mi ricordo cosa c'è", "…because the old one
broke"). Whether a fragment only says something aside is the head's judgement, not these rules': a cut in the
wrong place ("trova i file | che contengono Sara") costs nothing when the head reads the fragment as part of the
request, as its training data teach it to.
"""
from __future__ import annotations

from .table import Rule, Table

ASIDES = Table("asides", __doc__ or "", (
    Rule(
        id="connector",
        effect="cut before a word that opens a clause of why or what else is true ('dimmi | che giorno è' is cut "
               "too, and the head keeps 'che giorno è' as asked); never inside 'già che ci sei' (a routing "
               "must-not 'quanto fa 250 per 4? e già che ci sei dimmi che ore sono' lost its second ask)",
        mode="split",
        pattern=r"(?<!\bgià)(?<!\bgia)\s+(?=(?:{words})\s)",
        words=("che", "perché", "perche", "xché", "xche", "xké", "tanto", "cmq", "comunque", "because", "coz", "cuz",
               "cause", "since"),
        match=("leggimi il file x che non mi ricordo cosa c'è", "open the budget because my boss wants it",
               "elenca i file in Scaricati tanto è pieno", "copy it to the stick since the laptop is dying"),
        no_match=("che ore sono", "because of you", "leggi il file notes.txt",
                  "e già che ci sei dimmi l'ora"),
    ),
    Rule(
        id="goes_on",
        effect="a fragment that opens with a joining word ('e poi chiamare Marco', 'and email Bob'): with an action "
               "it is more of the task said before it, never a reason after it (lang/asides.py `trailing`)",
        mode="match",
        pattern=r"^\s*(?:{words})\b",
        words=("e poi", "e dopo", "e anche", "e", "ed", "poi", "anche", "and then", "and also", "and", "then",
               "also", "plus"),
        match=("e poi chiamare Marco", "and email Bob the figures", "poi passare in farmacia", "also buy milk"),
        no_match=("market opens early", "che viene a piovere", "eppure piove", "andare a correre"),
    ),
    Rule(
        id="title_dot",
        effect="a piece that ends with a title's abbreviation ('il sig.', 'Mrs.'): the sentence break after its dot "
               "is no break, the name follows ('kiamare il sig. Lombardo x il preventivo' was cut at 'sig.')",
        pattern=r"\b(?:{words})\.$",
        words=("dr", "dott", "prof", "mr", "mrs", "ms", "sig", "sigg", "avv", "ing", "geom", "arch", "rag", "st"),
        match=("kiamare il sig.", "call Mrs.", "dal dott.", "chiedi al prof."),
        no_match=("chiamare il sig. Rossi", "ho finito.", "the end.", "vai a casa"),
    ),
    Rule(
        id="direct_question",
        effect="a fragment that is a question of its own ('che ora è ad Asmara?', 'what's in it?') asks: it is never "
               "an aside, whatever the head reads (everyday19-26: the question was dropped as an aside and the "
               "reason after it, 'voglio chiamare mia mamma', refused as a call); a tag question ('vero?', "
               "'right?') is no question of its own",
        mode="search",
        pattern=r"^(?!\W*(?:{words})\W*$).*\w.*\?\W*$",
        words=(r"vero", r"no", r"ok(?:ay)?", r"right", r"eh", r"ti\s+pare", r"capito", r"giusto", r"non\s+credi",
               r"don['’]?t\s+you\s+think", r"you\s+know", r"isn['’]?t\s+it", r"ya\s+know"),
        match=("che ora è ad Asmara?", "adesso che ora è ad Asmara?", "what's in it?", "mi conferma la data?"),
        no_match=("voglio chiamare mia mamma", "vero?", "right?", "ti pare?", "per sicurezza"),
    ),
))
