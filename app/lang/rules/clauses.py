"""Words that make a whole clause something other than a request for an action: a greeting, a fact to keep.

Read by the router's action stage (routing/action_stage.py), which splits a request into clauses: "ciao,
buongiorno!" asks nothing beside the rest (with the edge words of courtesy.py), and in "ricordati che …" what
follows "che"/"that" is a fact to keep, whose verbs are no requests.
"""
from __future__ import annotations

from .table import Rule, Table

CLAUSES = Table("clauses", __doc__ or "", (
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
))
