"""How a sentence that belongs to the request starts: a condition, a filter, a continuation, a moment.

Read by lang/context.py (`request_part`): a sentence that starts like these changes what is asked ("se è vuota,
…", "…, ma solo i pdf", "domani, leggi X"), so it is never dropped as a mere reason, even when it names no action.
The four rules are one test in code (any of them at the start of the sentence); they are split by meaning so
that no alternation grows past a readable size.
"""
from __future__ import annotations

from .table import Rule, Table

_START = r"^\W*(?:{words})\b"  # the first word of the sentence, after any punctuation

CONTEXT_BOUND = Table("context_bound", __doc__ or "", (
    Rule(
        id="condition",
        effect="a sentence that sets a condition or waits for something ('se è vuota', 'as soon as…') is part "
               "of the request",
        mode="match", pattern=_START,
        words=("se", "if", "quando", "when", "whenever", "unless", "a meno", "finché", "finche", "until", "till",
               "appena", "as soon"),
        match=("se è vuota, cancellala", "when it's done move it to /tmp", "appena finisce la copia",
               "until the download ends"),
        no_match=("sposta il file se vuoi", "seleziona tutto", "quanto pesa il file?", "iffy weather today"),
    ),
    Rule(
        id="filter",
        effect="a sentence that narrows or excludes ('ma solo i pdf' after its 'ma', 'tranne le foto') is part "
               "of the request",
        mode="match", pattern=_START,
        words=("solo", "soltanto", "only", "just", "tranne", "except", "senza", "without"),
        match=("solo i pdf", "only the ones from yesterday", "tranne le foto", "without the hidden files"),
        no_match=("solitamente lo faccio io", "sono in ritardo", "justify the text", "sensibile alle maiuscole"),
    ),
    Rule(
        id="continuation",
        effect="a sentence that goes on from the one before ('ma…', 'and then…', 'oppure…') is part of the "
               "request",
        mode="match", pattern=_START,
        words=("ma", "but", "però", "pero", "e", "ed", "and", "poi", "then", "anche", "also", "oppure", "or", "o",
               "anzi", "invece", "instead"),
        match=("ma solo i pdf", "and then delete it", "poi dimmi quante righe ha", "oppure spostali in /tmp"),
        no_match=("mandalo a Marco", "enter the folder", "orario del treno", "sono in ritardo"),
    ),
    Rule(
        id="moment",
        effect="a sentence that says when ('domani, leggi X', 'dopo pranzo', 'every monday') is part of the "
               "request",
        mode="match", pattern=_START,
        words=("dopo", "after", "prima", "before", "entro", "by", "tra", "fra", "in", "within", "domani",
               "tomorrow", "stasera", "tonight", "oggi", "today", "ogni", "every", "sempre", "always", "mai",
               "never"),
        match=("domani, leggi X", "dopo pranzo", "every monday at 8", "in 10 minutes"),
        no_match=("domande sul file", "informazioni sul file", "tradotto in inglese", "sono in ritardo"),
    ),
))
