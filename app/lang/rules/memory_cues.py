"""The memory stage's first look: words without which no remember, recall or forget rule can fire.

The memory stage (app/memory/route_stages.py) runs on every request L0 does not answer; its rules cost ~0.15 ms a
request, so it first looks for one of these pieces of words (substrings: "ricord" is "ricordati", "ricordami",
"ricordo"…) and passes over a request with none. The look used to be a literal list in the stage; it missed forms
the rule tables themselves accept ("you got anything in memory on Marco?": "memori" is no part of "memory";
"che ti avevo raccontato del viaggio?"). tests/memory/test_memory_cues.py checks that every example the memory's
rules accept passes it.
"""
from __future__ import annotations

from .table import Rule, Table

MEMORY_CUES = Table("memory_cues", __doc__ or "", (
    Rule(
        id="keep",
        effect="a piece of a word that asks to keep or to be reminded ('ricordati', 'rammenta', 'remember', "
               "'remind me', 'tieni a mente', 'segnati', 'prendi nota', 'jot down')",
        pattern=r"(?:{words})",
        words=("ricord", "ricrod", "rcord", "rammen", "avvis", "rememb", "remeb", "remme", "rmemb", "remem",
               "remind", r"in\s+mind", r"a\s+mente", r"note\s+(?:down|it|this|that)", r"note:", "for future",
               "segna", "annot", r"prend[ai]\s+nota", r"si\s+segni", r"take\s+note", r"jot\s+(?:down|it|this|that)",
               "ping me", "alert me", r"(?:save|store|salva|salvami|registra)\s+(?:that|che)\b"),
        match=("ricordati che il dentista è giovedì", "tienilo a mente", "note it for future: standup at 9:30",
               "Prenda nota che il mio consulente è Rossi", "ping me at 5", "jot this down for later: bins on Tuesday",
               "pls save that my sign on date is 3 june"),
        no_match=("leggi /tmp/a.txt", "che ore sono?", "what is the note format"),
    ),
    Rule(
        id="forget",
        effect="a piece of a word that asks to forget ('dimentica', 'scordati', 'forget')",
        pattern=r"(?:{words})",
        words=("forget", "dimentic", "scord"),
        match=("dimentica il codice del cancello", "forget what I said about Marco", "scordati la password"),
        no_match=("cancella /tmp/a.txt", "what is the date?"),
    ),
    Rule(
        id="told",
        effect="a piece of a question about what the person said or saved ('cosa ti ho detto', 'what did I tell "
               "you', 'is it saved', 'do you know', 'again', 'raccontato', 'in memory')",
        pattern=r"(?:{words})",
        words=("memor", "recall", "know", "you about", "to you", r"tell\s+(?:you|u)", r"told\s+(?:you|u)", "salvat",
               "a note", "saved", "stored", "noted", "sai", "detto", r"i\s+said", r"i\s+say", "mention",
               "raccontat", "com'era", "com'erano", "qual era", "quali erano", "again"),
        match=("cosa ti ho detto del dentista?", "what did i tell u about the wifi", "you got anything in memory on "
               "Marco?", "che ti avevo raccontato del viaggio?", "something noted on the insurance?"),
        no_match=("leggi /tmp/a.txt", "che ore sono?", "apri la cartella foto"),
    ),
    Rule(
        id="who_and_secrets",
        effect="a piece of a question about a person or a secret kept ('who is', 'chi è', 'the gate code', 'la "
               "password', 'il pin')",
        pattern=r"(?:{words})",
        words=("who's", "whos", "who is", "chi è", "chi e'", "chi era", "codic", "password", "combinazion",
               "combination", " code", " pin"),
        match=("who is my accountant?", "chi è il mio idraulico?", "il codice del cancello?", "the wifi password"),
        no_match=("leggi /tmp/a.txt", "che ore sono?"),
    ),
))
