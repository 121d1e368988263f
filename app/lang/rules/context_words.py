"""The words by which lang/context.py tells a sentence that asks from one that only says why, and where sentences break.

Read by lang/context.py (`request_part`): the request is cut at `sentence_break`; a sentence with a question or
tell word (`asks_*`) asks, and is kept; a sentence without a verb of being, having or needing (`states_*`) is a
modifier of the request ("case sensitive", "whole words only"), not a reason, and is kept too. The word rules are
token sets in code (a word of the sentence is one of them); their patterns only run the examples.
"""
from __future__ import annotations

from .table import Rule, Table

CONTEXT_WORDS = Table("context_words", __doc__ or "", (
    Rule(
        id="sentence_break",
        effect="where a request splits into sentences judged on their own: punctuation followed by a space (a dot "
               "inside 'a.txt' or a URL is no break), or a dash between spaces; in a run-on request typed without "
               "a stop, before the person's own 'I'll/I will/I'm gonna' (everyday10-58: 'open report.txt in X I'll "
               "have a look at it when I pull in' read the look as the request), unless a word that binds it comes "
               "first ('tell me what I'll need'); and before 'but for now / ma per ora' ('I'll be moving it later but "
               "for now just read me X' was refused as an action for later, everyday15-69)",
        mode="split",
        pattern=r"(?<=[,;:!?…])\s+|(?<=\.)\s+(?=[^\W\d_])|\s+[-–—]\s+|(?<=\w)(?<!\bwhat)(?<!\bwhen)(?<!\bif)"
                r"(?<!\bthat)(?<!\bwhich)(?<!\bwhere)(?<!\bhow)(?<!\bwho)(?<!\bonce)(?<!\buntil)(?<!\bbefore)"
                r"(?<!\bafter)(?<!\bso)(?<!\band)(?<!\bbut)(?<!\bor)(?<!\bbecause)(?<!\bcause)\s+"
                r"(?=[Ii](?:['’]ll|\s+will|(?:['’]m|\s+am)\s+(?:gonna|going\s+to|planning\s+to))\b)"
                # before "but for now / ma per ora": what comes after it is what is asked now (for_now)
                r"|\s+(?=(?:but|ma|però|pero)\s+(?:for\s+now|for\s+the\s+moment|right\s+now|per\s+ora|"
                r"per\s+adesso|per\s+il\s+momento|intanto)\b)",
        flags=0,
        match=("sono in ritardo!! che ore sono", "devo consegnare le slide, trovami i pptx",
               "ho fretta - leggi notes.txt", "open report.txt in /tmp/x I'll have a look at it later",
               "copy it to ~/b i'm gonna print it",
               "I'll move it later but for now just read me /tmp/x/report.txt"),
        no_match=("leggi il file notes.txt", "sposta report.v2.pdf in /tmp", "apri https://example.com/a.b",
                  "tell me what I'll need for the trip", "remind me when I'll be home", "ask me if I will"),
    ),
    Rule(
        id="asks_it",
        effect="an Italian question word: the sentence asks, it is no mere reason",
        words=("che", "cosa", "cos'", "quando", "quand'", "quand'è", "dove", "dov'", "come", "quanto", "quanti",
               "quanta", "quante", "quale", "quali", "qual", "chi", "perché"),
        match=("quanto pesa il file?", "dove l'ho messo?", "cos'è questo file?", "chi ha scritto la nota?"),
        no_match=("sono in ritardo", "sposta report.pdf in /tmp", "comodino nuovo", "dovete aspettare"),
    ),
    Rule(
        id="asks_en",
        effect="an English question word: the sentence asks, it is no mere reason",
        words=("what", "what's", "whats", "when", "where", "how", "which", "who", "whose", "why"),
        match=("what's in the folder?", "where did I put it", "how big is the log?", "whose file is this"),
        no_match=("delete the old logs", "whatever you like", "whole words only", "somehow it's slow"),
    ),
    Rule(
        id="asks_tell",
        effect="a request to be told or given something ('dimmi il totale', 'give me the list'): the sentence asks",
        words=("tell", "dimmi", "dammi", "give"),
        match=("dimmi il totale", "give me the list", "tell me the time", "dammi il percorso"),
        no_match=("dimmelo dopo", "telling the time", "forgive me", "sono in ritardo"),
    ),
    Rule(
        id="states_being",
        effect="a verb of being ('sono in ritardo', 'the pc is slow'): the sentence can be a reason",
        words=("è", "e'", "sono", "sei", "siamo", "siete", "era", "ero", "erano", "c'è", "is", "are", "am", "i'm",
               "im", "was", "were", "it's", "its", "that's", "thats"),
        match=("sono in ritardo", "the pc is slow", "il computer è lentissimo", "it's a mess"),
        no_match=("case sensitive", "whole words only", "solo i pdf", "sonorous"),
    ),
    Rule(
        id="states_having",
        effect="a verb of having, needing or wanting ('ho un casino nella cartella', 'I need the totals'): the "
               "sentence can be a reason",
        words=("ho", "hai", "ha", "abbiamo", "hanno", "devo", "dobbiamo", "deve", "voglio", "vogliamo", "vorrei",
               "sto", "stiamo", "have", "has", "had", "i've", "ive", "need", "needs", "want", "wanna", "gotta"),
        match=("ho un casino nella cartella", "I need the totals", "vorrei finire presto", "we have a deadline"),
        no_match=("case sensitive", "whole words only", "solo i pdf", "haste makes waste"),
    ),
))
