"""Words that carry no action and no object in the speech of a region or a variety: particles, dialect articles
and pronouns, the dialect forms of a verb's clitic; and the helper verbs of a formal request.

Why a class, not a word per missed request: the fast path's guard refuses any word a tool was never asked with,
so every voice the app had not heard — a Venetian "che file ghe xe", a Singaporean "…invoices ah", a Bari "che ora
è zi" — went to the planner (routing batches 44–47: a quarter of their misses). These are closed classes of
function words, like the Italian and English stopwords (app/lang/words.py); read here, the signature passes over
them (app/lang/lexicon.py STOPWORDS) as it does over "il" and "the". A word that may name a thing ("capo",
"love") is not here: it addresses the assistant only at the edge (courtesy.py address_end).
"""
from __future__ import annotations

from .table import Rule, Table

FUNCTION_WORDS = Table("function_words", __doc__ or "", (
    Rule(
        id="particles",
        effect="discourse particles of Singapore/Malaysian English, Irish and Scots English and Italian speech "
               "('what files got inside X ah', 'how much is 250 minus 37 lah', 'boh, che ore sono'): they colour "
               "the sentence, they ask nothing",
        words=("ah", "lah", "leh", "lor", "meh", "hor", "neh", "boh", "mah", "ué", "uè", "uhe", "oi", "och",
               "wah", "aiyo", "aiya"),
        match=("what files got inside /srv/hotel/invoices ah", "how much is 250 minus 37 lah", "oi what time is it",
               "uè, che ore sono?", "list the files in ~/x leh"),
        no_match=("go ahead and list ~/x", "the lahar report", "mehndi photos in ~/pics", "hormones.pdf",
                  "the mahjong file"),
    ),
    Rule(
        id="dialect_function",
        effect="articles, pronouns and the copula of Italian dialects and of Irish/Scots English, in place of the "
               "standard ones ('che file ghe xe nela cartella X' = 'che file ci sono', 'elimina er file X', "
               "'would ye read me X', 'whit's the date'): function words, as 'il' and 'the' are",
        words=("xe", "ghe", "gh'", "el", "er", "nu", "stu", "lu", "chistu", "chisto", "chista", "chesta",
               "chisti", "ye", "yer", "youse", "yez", "whit", "whit's", "thon"),
        match=("che file ghe xe nela cartella ~/foto", "elimina er file ~/turni/a.txt", "would ye read me ~/x.txt",
               "whit's the date the day", "leggime el file ~/x.txt"),
        no_match=("elimina il file ~/a.txt", "read me the file", "what's the date", "the elder file",
                  "the yellow folder"),
    ),
    Rule(
        id="scots_function",
        effect="the function words of Scots ('whaur's X? hiv a look in Y', 'find aw the pdfs in X', 'open X fur us', "
               "'ah'm efter the gearbox wan'): where, have, all, for, I, after, one, with, from, into, out, my "
               "(its negations 'cannae', 'dinnae' are negations: lexicon.NEGATIONS)",
        words=("whaur", "whaur's", "hiv", "huv", "aw", "fur", "ah'm", "efter", "wan", "wi", "fae", "intae", "oot",
               "ma", "ye'll", "gonnae", "gie's", "noo"),
        match=("whaur's wiring_diagram.pdf? hiv a look in ~/depot", "find aw the pdfs in ~/depot/Manuals",
               "open ~/depot/manual.pdf fur us, ta"),
        no_match=("where is the file", "find all the pdfs", "the fury report", "awful photos in ~/x"),
    ),
    Rule(
        id="vocatives",
        effect="words that only address the person spoken to and never name a thing ('che ora è zi', 'what's "
               "the date, cher?', 'leggi X fratè'): wherever they stand they ask nothing (words that may also "
               "name a thing — 'capo', 'love', 'partner' — address only at the edge: courtesy.py address_end)",
        words=("zi", "zì", "bro", "bruv", "dude", "frate", "fratè", "cumpà", "compà", "cher", "guv", "guvnor",
               "cuz", "brudda", "bredda", "dawg", "fella"),
        match=("che ora è zi", "what's today's date, cher?", "leggi /tmp/a.txt fratè", "open ~/x.pdf guv"),
        no_match=("find the zip files", "la cartella dei fratelli", "the cherry photos", "leggi il file del capo"),
    ),
    Rule(
        id="formal_helpers",
        effect="the helper verbs a formal or bureaucratic request puts around its action, and the conditional forms "
               "of those the lexicon already passes over (fa, fare, fammi…): 'Provvedere alla creazione della "
               "cartella X', 'Mi farebbe una copia di X?', 'Vorrebbe gentilmente duplicare X' — the action is the "
               "verb or the action noun after them (rules/action_nouns.py)",
        words=("procedere", "proceda", "proceder", "provvedere", "provveda", "provvedi", "provveder", "farebbe",
               "faresti", "farebbero", "vorrebbe", "vorresti", "vorreste", "vorrebbero", "saprebbe", "sapreste",
               "pregherei", "chiederei", "chiederebbe", "dispiacerebbe", "spiacerebbe", "sarebbe", "sarebbero",
               "avrei"),
        match=("Provvedere alla creazione della cartella ~/x", "Mi farebbe una copia di ~/a.txt in ~/b?",
               "Vorrebbe gentilmente duplicare il file ~/a.txt"),
        no_match=("procedura di rimborso.pdf", "fai una copia di ~/a.txt", "vorrei leggere ~/a.txt"),
    ),
    Rule(
        id="dialect_clitic",
        effect="'-me' and '-ghe' after a verb as the dialects of the Veneto, Naples, Rome and Lombardy say '-mi' "
               "and '-ci' ('leggime el file', 'trovime i pdf', 'mettighe'): the verb is the one before the ending "
               "(app/lang/vocabulary.py verb_class, only where that verb is an Italian form the lexicon knows)",
        pattern=r"(?<=\w{4})(?:{words})\b",
        words=("me", "ghe"),
        match=("leggime el file ~/x.txt", "trovime tuti i pdf in ~/doc", "mettighe sto file in ~/y"),
        no_match=("leggimi il file", "me lo leggi?", "come stai", "dime"),
    ),
))
