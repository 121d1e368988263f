"""How a person asks to keep a fact: "ricordati che…", "segnati:", "remember that…", "ricordami di…" (a todo).

Read by memory/facts.py (`extract_fact`, the fast path's remember stage): a trigger rule finds the fact after the
verb; the bare-statement rules accept "remember my doctor is Dr. Rossi" without "that" only when what follows is a
statement. The words said before the verb and a thanks at the end are courtesy's (courtesy.py); a request to be
reminded at a time is reminder.py's; what stops a fact from being kept (a second request, a time limit) is
fact_limits.py's.
"""
from __future__ import annotations

import re

from .table import Rule, Table

_PLEASE = r"(?:per favore\s+|please\s+)?"
# a courtesy said between the verb and its "che"/"that": "ricordati, per favore, che …", "remember, please, that …"
# (routing batch 47 tune half kept "la prego, che il mio pianista…" as the fact)
_INSERTED_PLEASE = (r"(?:\s*,\s*(?:la prego|ti prego|per favore|per cortesia|per piacere|cortesemente|gentilmente|"
                    r"please|if you would|if you could|if you don't mind)\s*,?(?=\s*(?:che|that)\b))?")
_DOTALL = re.IGNORECASE | re.DOTALL  # a fact may run over more than one line

REMEMBER = Table("remember", __doc__ or "", (
    Rule(
        id="keep_it",
        effect="an Italian verb of keeping in mind, then 'che', ':' or ',': what follows is the fact to keep",
        mode="match",
        pattern=_PLEASE + r"(?:{words})" + _INSERTED_PLEASE + r"(?:\s*,?\s*che\b|\s*[:,])\s*(?P<x>.+)",
        # the formal forms too: "la prego di ricordarsi che …", "si ricordi che …", "tenga a mente che …"
        # "tenere a mente" in every form a person types: tieni, tenga, tenete, tenere, and the clipped "tien" of the
        # north-east (everyday19: "tien a mente che la mia pilotina se ciama Nettuno" kept its trigger in the fact)
        words=("ricordati", "ricorda", "ricordatelo", "memorizza", r"t(?:ie|e)n(?:i|ga|ete|ere)?\s+a\s+mente",
               "segnati", "annotati", "annota", "ricordami", "ricordarsi", "ricordare", "si ricordi", "memorizzare",
               "memorizzi", "si segni", "prenda nota", "prendi nota", r"salvati\s+quest[oa]", "salvatelo",
               "salvatela"),
        match=("ricordati che il dentista è giovedì", "segnati: la palestra chiude alle 22",
               "salvati questa: Giulia porta il 38 di scarpe",
               "tenga a mente che la riunione è alle 10", "per favore annota che Paul mi deve 20 euro",
               "ricordati, per favore, che il gas scade lunedì", "tenga a mente, la prego, che arrivo alle 9",
               "tien a mente che la barca si chiama Nettuno"),
        no_match=("ricordati di comprare il latte", "ricordi che giorno è?", "segna il file come letto",
                  "i file salvati: a.txt, b.txt"),
        flags=_DOTALL,
    ),
    Rule(
        id="todo_it",
        effect="'ricordati di…', 'ricordami di…': what follows is a thing to do, kept as a todo",
        mode="match",
        pattern=_PLEASE + r"(?:{words})\s+di\s+(?P<x>.+)",
        words=("ricordati", "ricordami", "ricorda"),
        match=("ricordati di comprare il latte", "ricordami di chiamare la mamma"),
        no_match=("ricordati che domani piove", "ricorda il codice del cancello", "ricordarsi di tutto è difficile"),
        flags=_DOTALL,
    ),
    Rule(
        id="dont_forget_it",
        effect="'non dimenticare che…': the fact after it is to be kept",
        mode="match",
        pattern=r"(?:per favore\s+)?(?:{words})\s*(?:che|:|,)\s*(?P<x>.+)",
        words=("non dimenticare", "non dimenticarti", "non scordare", "non scordarti", "non farmi dimenticare",
               "non lasciarmi dimenticare", "fa' che non dimentichi", "fai che non mi dimentichi"),
        match=("non dimenticare che Anna arriva sabato", "non scordarti: il volo è alle 7",
               "non farmi dimenticare che il bollo scade a marzo"),
        no_match=("non dimenticare il latte", "dimentica che te l'ho detto", "non dimentico mai che giorno è"),
        flags=_DOTALL,
    ),
    Rule(
        id="keep_en",
        effect="an English verb of keeping in mind, then 'that', ':' or ',' (or 'che': a mixed request is still a "
               "fact to keep)",
        mode="match",
        # the verb may take its object and a time to keep it for: "note it for future:", "note this down for later
        # on," (everyday18, everyday19: not kept), "keep this in mind for the future:"
        pattern=r"(?:please\s+)?(?:{words})(?:\s+(?:it|this|that))?(?:\s+down)?"
                r"(?:\s+for\s+(?:the\s+)?(?:future(?:\s+reference)?|later(?:\s+on)?))?" + _INSERTED_PLEASE +
                r"(?:\s*,?\s*(?:that|che)\b|\s*[:,])\s*(?P<x>.+)",
        words=("remember", "memori[sz]e", "keep in mind", "note down", "don'?t forget", "do not forget",
               "don'?t let me forget", "do not let me forget", "make sure I remember", "make sure I don'?t forget",
               "make a note", "take note", "note", "jot down", "jot", r"keep\s+(?:it|this|that)\s+in\s+mind"),
        match=("remember that the gate code is 4512", "note: the plumber comes Friday",
               "jot this down for later: the floatplane comes in every other Thursday",
               "keep in mind that Sara is vegetarian", "remember che il dentista è giovedì",
               "remember, please, that Jo is vegan", "don't let me forget that I can't stand instant coffee",
               "make sure I remember that the bins go out on Tuesday", "note it for future: my standup is at 9:30",
               "note this down for later on, the white pills are for the morning"),
        no_match=("remember to buy milk", "notes from the meeting are in the folder", "do you remember the code?",
                  "write it down for me: 3 eggs", "keep it short", "keep that, delete the rest",
                  "jot these numbers in /tmp/a.txt: 4, 5"),
        flags=_DOTALL,
    ),
    Rule(
        id="keep_save",
        effect="a verb of saving with a fact as its object ('pls save that my sign on date is 3 june', 'salva che "
               "il wifi è pippo'): the fact is kept in memory — with no file, folder or path in it (everyday22-66 "
               "was read as a file write, and the write refused)",
        mode="match",
        pattern=r"(?:please\s+|pls\s+|plz\s+)?(?:{words})\s+(?:that|che)\s+"
                r"(?!(?:the\s+|il\s+|la\s+|lo\s+)?(?:file|files|documento|document|cartella|folder|foto|photos?|"
                r"pics?)\b)(?![^\n]*[/\\])(?![^\n]*\.\w{2,4}\b)(?P<x>.+)",
        words=("save", "store", "salva", "salvami", "registra"),
        match=("pls save that my sign on date for next contract is 3 june in Rotterdam",
               "salva che il codice del garage è 1234", "store that my locker is number 12"),
        no_match=("save that file to /tmp/x", "salva che il file /tmp/a.txt è pronto", "save that photo please",
                  "save that report.txt in archive", "save it"),
        flags=_DOTALL,
    ),
    Rule(
        id="todo_en",
        effect="'remember to…', 'remind me to…': what follows is a thing to do, kept as a todo",
        mode="match",
        pattern=r"(?:please\s+)?(?:{words})\s+to\s+(?P<x>.+)",
        words=("remember", "remind me"),
        match=("remember to buy milk", "please remind me to call Bob"),
        no_match=("remember that Bob called", "remind me the code", "remembered to lock the door"),
        flags=_DOTALL,
    ),
    Rule(
        id="bare",
        effect="a verb of keeping in mind with no 'che/that' ('remember my doctor is Dr. Rossi'): a fact only when "
               "what follows is a statement (the rules below)",
        mode="match",
        pattern=r"^\s*" + _PLEASE + r"(?:{words})\s+(?P<x>.+)$",
        words=("ricordati", "ricorda", "memorizza", r"t(?:ie|e)n(?:i|ga|ete|ere)?\s+a\s+mente", "segnati", "annota",
               "annotati", "remember",
               "memori[sz]e", "keep in mind", "note down", "don't forget", "do not forget"),
        match=("remember my doctor is Dr. Rossi", "ricordati mia sorella si chiama Anna"),
        no_match=("ricordarsi le cose è difficile", "remembering names is hard", "please remember"),
        flags=_DOTALL,
    ),
    # What follows a bare verb and makes it no statement (read at its start): a link, a question, a pointer
    Rule(
        id="not_statement_link",
        effect="after a bare verb, a link word ('remember to…', 'ricordati fino a domenica che…', 'ricorda se…'): "
               "no statement follows",
        mode="match",
        words=("che", "that", "di", "to", "a", "ad", "al", "alla", "allo", "ai", "agli", "alle", "se", "if",
               "whether", "fino", "until", "till", "for", "per"),
        match=("to call the plumber", "fino a domenica che lavoro da casa", "se ho chiuso il gas"),
        no_match=("Anna è mia sorella", "adesso lavoro da casa", "tomorrow is a holiday"),
    ),
    Rule(
        id="not_statement_question",
        effect="after a bare verb, a question word ('remember where I parked?'): a question, not a statement",
        mode="match",
        words=("what", "which", "where", "when", "who", "whom", "how", "why", "cosa", "come", "dove", "quando",
               "quale", "quali", "chi", "perché", "perche", "quanto", "quanti"),
        match=("where I parked the car", "quando arriva Marco"),
        no_match=("whereabouts of Paul are unknown", "Marco arriva sabato", "comedians are funny"),
    ),
    Rule(
        id="not_statement_pointer",
        effect="after a bare verb, a pronoun or a pointer ('ricordami…', 'remember this', 'ricordalo'): a thing, "
               "not a statement",
        mode="match",
        words=("me", "mi", "ti", "this", "questo", "questa", "it", "lo", "la"),
        match=("this for later", "la password del wifi", "me at five"),
        no_match=("Laura is my cousin", "item 3 is done", "mia sorella si chiama Anna"),
    ),
    Rule(
        id="statement_verb",
        effect="a copula or a naming/living verb between words ('my doctor is Dr. Rossi', 'Anna abita a Roma'): "
               "the text after a bare verb is a statement",
        pattern=r"\s(?:{words})\s",
        words=("is", "are", "was", "were", "è", "e'", "sono", "era", "erano", "si chiama", "si chiamano", "lives",
               "abita", "abitano", "works", "lavora", "lavorano", "has", "have", "ha", "hanno"),
        match=("my doctor is Dr. Rossi", "mia sorella si chiama Anna", "Paolo lavora in banca"),
        no_match=("my doctor's name", "il compleanno di Anna", "the island of Elba"),
    ),
    Rule(
        id="first_person",
        effect="the person's own taste or allergy ('I can't stand oaky chardonnay', 'odio il coriandolo'): a fact "
               "after a bare verb, though it has no copula",
        mode="match",
        pattern=r"^(?:i\s+(?:really\s+)?(?:{words})|i'm allergic|i am allergic|"
                r"(?:io\s+)?(?:odio|adoro|preferisco|detesto|non sopporto)|"
                r"(?:a me\s+)?(?:non\s+)?mi\s+piace|(?:non\s+)?mi\s+piacciono|sono allergic[oa])\b",
        words=("like", "love", "hate", "prefer", "enjoy", "can't stand", "cannot stand", "don't like", "do not like",
               "don't eat", "don't drink", "never eat", "never drink"),
        match=("I can't stand oaky chardonnay", "odio il coriandolo", "non mi piace il pesce crudo",
               "sono allergica alle noci"),
        no_match=("Irene likes jazz", "mi piacerebbe andare a Roma", "Anna odia il pesce"),
    ),
    Rule(
        id="fact_opens",
        effect="where the fact a request asks to keep begins: after 'that/che' or a colon ('please keep it in your "
               "head that I work nights…, so mornings are no good'). What follows may say anything — a negation, a "
               "question, a condition — and is the fact's, not the request's (the planner reads whether the words "
               "before it ask plainly)",
        pattern=r"\b(?:that|che|ke)\b|:",
        match=("please keep it in your head that I work nights", "tieni a mente che il cancello è rotto",
               "for the record: the boiler is serviced"),
        no_match=("keep it short", "leggi il file"),
    ),
    Rule(
        id="texting_che",
        effect="'ke' between words is texting for 'che' ('ricordati ke il dentista è giovedì')",
        pattern=r"(?<=\s)ke(?=\s)",
        match=("ricordati ke il dentista è giovedì", "segnati ke domani piove"),
        no_match=("ricordati che il dentista è giovedì", "keep the kettle on", "ke"),
    ),
    Rule(
        id="typo_target",
        effect="the remember verbs a first word typed with one slip is read as ('remeber', 'ricoradti'): the "
               "whole word, no other",
        mode="match",
        pattern=r"^(?:{words})$",
        words=("ricordati", "ricorda", "ricordami", "memorizza", "remember", "memorize", "memorise"),
        match=("ricordati", "remember", "memorise"),
        no_match=("ricoradti", "remeber", "remembers"),
    ),
))
