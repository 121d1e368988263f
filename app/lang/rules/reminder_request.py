"""How a request asks to be reminded: "ricordami…", "remind me…", "imposta un promemoria…", "mi faresti un fischio…".

Read by lang/reminder_ask.py, which finds the verb, what to be reminded of and whether the request asks at all (a
fact after "che", a question about a reminder, a negation, a condition, a courtesy opener). The moment itself is
rules/reminder_when.py's. Apart from it because the two families grew to ~490 lines together: the request's words
and the time's are read by different code and change for different reasons.
"""
from __future__ import annotations

from .courtesy import COURTESY_IF
from .table import WORD_END, WORD_START, Rule, Table

_B, _E = WORD_START, WORD_END

# the words between the verb and what to be reminded of, with spaces and marks: `lead_courtesy` and `lead`
_LEAD_WORDS = r"(?:\s|[,:;.\-–—]|" + _B + r"(?:{words})" + _E + r")+"

REMINDER_REQUEST = Table("reminder_request", __doc__ or "", (
    Rule(
        id="ask",
        effect="a verb or noun that asks to be reminded ('ricordami', 'remind me', 'imposta un promemoria'): with a "
               "moment (rules/reminder_when.py) the request is a reminder; `w` is the verb",
        pattern=_B + r"(?P<w>{words})" + _E,
        # "me" or "us": "remind us at half five to ring our kid" (everyday9-34), "ricordaci domani di…"
        words=(r"a?ricorda(?:m(?:[iìe]|elo|ela|eli)|c[iì]|\s+m[ie](?=\s))", r"rammenta(?:m(?:[iì]|elo)|c[iì])",
               r"avvisa(?:m(?:[iì]|elo)|c[iì])",
               r"ricordarm[ei](?:lo)?", "avvisarmi",
               r"mi\s+(?:puoi\s+|pu[oò]\s+|potrebbe\s+|dovrebbe\s+)?(?:ricordi|ricorda|avvisi|avvisa|ricordare|avvisare)",
               r"me\s+lo\s+(?:puoi\s+)?(?:ricordi|ricordare|ricorderesti)", r"(?:fammi|mi\s+fai)\s+ricordare",
               "ricordati",
               "ricorda",
               r"(?:imposta|metti|setta|crea|fissa|aggiungi|programma|segna)(?:mi)?\s+(?:(?:un|il)\s+)?"
               r"(?:promemoria|avviso|reminder)",
               # a wish for the reminder itself ("Vorrei un promemoria per giovedì 12 marzo alle 14:15: …", batch 14's
               # held 699, declared; "I'd like a reminder…"): the noun alone asks only at the start
               r"(?:vorrei|voglio|mi\s+serve|mi\s+servirebbe|desidero|gradirei)\s+(?:un|il)\s+(?:promemoria|reminder|avviso)",
               r"(?:i['’]d\s+like|i\s+would\s+like|i\s+need|i\s+want)\s+a\s+reminder",
               # the notice as what is made to appear ("domattina alle 7 fammi uscire un avviso di chiamare…",
               # everyday21-28: refused as a message to send)
               r"(?:fammi|mandami|dammi|mi\s+fai)\s+(?:(?:uscire|arrivare|comparire|apparire|suonare)\s+)?"
               r"(?:(?:un|il|una|la)\s+)?(?:promemoria|avviso|reminder|notifica)",
               # the -ing form too: "would you mind reminding me / pinging me…" (reminders 574, 592)
               "promemoria", r"remind(?:ing|er)?\s+(?:me|us)", r"set\s+(?:(?:a|an|up\s+a|me\s+a)\s+)?reminder",
               r"(?:add|create|make)\s+a\s+reminder", "reminder", "remind", "remember", r"ping(?:ing)?\s+(?:me|us)",
               r"alert(?:ing)?\s+(?:me|us)",
               r"nudg(?:e|ing)\s+me", r"notify(?:ing)?\s+me"),
        match=("ricordami alle 15 di chiamare Marco", "remind me tomorrow at 9", "imposta un promemoria per le 8",
               "remind us at half five to ring our kid", "ricordaci domani alle 9 di pagare l'affitto",
               "set reminder friday 9am dentist", "metti promemoria domani alle 8",
               "set a reminder for friday", "ogni lunedì alle 8 ricordami la carta",
               "would you mind reminding me on Thursday at 10", "mind pinging me at 6?",
               "domani alle 9 devo pagare l'F24, me lo ricordi?",
               "settami un reminder per la call giovedì alle 10", "mettimi un reminder ogni lunedì alle 9",
               "domattina alle 7 fammi uscire un avviso di chiamare il fornitore",
               "Vorrei un promemoria per giovedì 12 marzo alle 14:15: richiamare la signora Colombo",
               "I'd like a reminder tomorrow at 9 to call Marco",
               "ricorda mi sabato alle dieci di portare il camion",
               "Per favore ricorda me alle ore 12 dare la medicina", "aò ricordame domani alle 5 de matina",
               "Sabato mi ricorda alle 8 e mezza che devo essere a Plan de Gralba", "pls reminder me sunday 2 pm",
               "Il 6 gennaio mi dovrebbe ricordare di chiamare la mia nipotina"),
        no_match=("ricordarsi è difficile", "this reminds me of you", "i ricordi d'infanzia", "remembering names"),
    ),
    Rule(
        id="ask_formal",
        effect="the formal and the Venetian forms of the verb that asks ('La prego di rammentarmi…', 'Mi rammenti…', "
               "'Rammenti, La prego…', 'desidero essere avvisato…', 'si prega di fissare un promemoria', 'ricordime "
               "doman…'; reminders batch 11, declared; the conditional 'mi ricorderebbe…', batch 13's held 641, "
               "declared): as `ask`",
        pattern=_B + r"(?P<w>{words})" + _E,
        words=(r"rammentarm[ei]", r"mi\s+rammenti", r"rammenti(?=\s*,?\s*(?:la|per)\b)", r"ricord[aei]m[ei]",
               r"(?:desidero|vorrei|voglio|chiedo\s+di)\s+essere\s+(?:avvisat|ricordat)[oaie]",
               r"(?:fissare|impostare|creare|mettere)\s+(?:un\s+)?promemoria",
               r"mi\s+(?:ricord|rammen|avvis)er(?:ebbe|esti)"),
        match=("La prego di rammentarmi l'udienza alle 9", "Mi rammenti il 12 gennaio di rinnovare",
               "desidero essere avvisato venerdì alle 15", "ricordime doman alle 6",
               "Gentilmente, mi ricorderebbe stasera alle 19:15 di aprire le porte?", "mi avviseresti domani alle 8?"),
        no_match=("rammentare è difficile", "i ricordi di ieri", "ho fissato un appuntamento"),
    ),
    Rule(
        id="ask_idiom",
        effect="a saying that asks to be called or nudged at a moment ('mi faresti un fischio domani alle 9', 'fammi "
               "uno squillo alle 15', 'give me a shout at 6'; reminders 573, 589 held out, declared): as `ask` — "
               "with no moment it asks nothing of a reminder",
        pattern=_B + r"(?P<w>{words})" + _E,
        words=(r"(?:fammi|famme|mi\s+fai|mi\s+faresti|mi\s+fate)\s+(?:un\s+fischio|uno\s+squillo|un\s+colpo\s+di\s+telefono)",
               r"give\s+(?:me|us)\s+a\s+(?:shout|buzz|nudge|heads[-\s]up)"),
        match=("mi faresti un fischio domani alle 9 per la bolletta?", "fammi uno squillo alle 15 per chiamare Marco",
               "give me a shout at 6 to take the pizza out", "give us a buzz tomorrow at 8"),
        no_match=("ho sentito un fischio", "il telefono fa uno squillo", "give me a break", "shout at me"),
    ),
    Rule(
        id="cue",
        effect="a cheap first look: without one of these stems (slips included) a request asks for no reminder, and "
               "is not read further (the stage runs on every request L0 does not answer)",
        pattern="(?:{words})",
        words=("ricord", "rcord", "ricrod", "rammen", "avvis", "promemoria", "remind", "remnid", "remidn", "remem",
               "un fischio", "uno squillo", "colpo di telefono", r"a\s+(?:shout|buzz|nudge|heads)",
               r"ping(?:ing)?\s+me", r"alert(?:ing)?\s+me", r"nudg(?:e|ing)\s+me", r"notify(?:ing)?\s+me"),
        match=("ricordami alle 15", "remnid me tomorrow", "ping me at noon"),
        no_match=("che ore sono", "apri il file", "list the folder"),
    ),
    Rule(
        id="ask_needs_to",
        effect="verbs that ask for a reminder only with 'di/to' after the moment ('ricordati di chiamare alle 9'; "
               "'ricorda: preferisco il tè' is a fact); read on the verb found",
        mode="match",
        pattern=r"(?:{words})$",
        words=("ricordati", "ricorda", "remember", "remind"),
        match=("ricordati", "remember"),
        no_match=("ricordami", "remind me", "avvisami"),
    ),
    Rule(
        id="ask_italian",
        effect="the verbs said in Italian: the person is answered in Italian; read on the verb found",
        mode="match",
        pattern="(?:{words})",
        words=("ricord", "rammen", "avvis", "mi ", "imposta", "metti", "setta", "crea", "fissa", "aggiungi",
               "programma", "segna", "promemoria", "fammi", "mandami", "dammi", "vorrei", "voglio", "desidero",
               "gradirei"),
        match=("ricordami", "avvisami", "imposta un promemoria", "settami un reminder", "fammi uscire un avviso"),
        no_match=("remind me", "set a reminder", "ping me"),
    ),
    Rule(
        id="fact_after",
        effect="right after the verb, 'che/that': a fact to keep ('ricordati che il dentista è giovedì'), memory's "
               "to store, not a reminder",
        mode="match",
        # "ricordami che domani devo…", "remind me that I have to…": a thing to do, a reminder (reminders 510)
        pattern=r"\s*(?:{words})" + _E + r"(?![^.,;!?]*?" + _B + r"(?:devo|dobbiamo|ho\s+da|abbiamo\s+da|"
                r"i\s+(?:have|need|got)\s+to|i\s+must|i'?ve\s+got\s+to|i\s+gotta|we\s+(?:have|need)\s+to)" + _E + ")",
        words=("che", "that", "ke"),
        match=(" che il dentista è giovedì", " that the gym closes at 9", " che Marco deve pagarmi"),
        no_match=(" di chiamare Marco", " tomorrow at 9 to pay", " chiamare Marco che aspetta",
                  " ke devo ritirare il boiler", " che domani devo andare dal medico", " that I have to call Bob"),
    ),
    Rule(
        id="question_after",
        effect="after the verb, a question word: a question about what was said ('mi ricordi cosa devo fare "
               "domani?', 'remind me what I said'), not a reminder",
        mode="match",
        pattern=r"\s*(?:{words})" + _E,
        words=("cosa", "che cosa", "quando", "dove", "chi", "come", "quale", "quali", "quanto", "what", "when",
               "where", "who", "which", "how", "whether", "se", "if"),
        match=(" cosa devo fare domani?", " what I said yesterday", " quando ho il dentista"),
        no_match=(" di chiamare Marco", " domani alle 9", " to call Bob"),
    ),
    Rule(
        id="negated",
        effect="a negation right before the verb ('non ricordarmelo domani', 'don't remind me at 5'): nothing asked",
        pattern=_B + r"(?:{words})\s+(?:\w+\s+)?$",
        # "…alle 6 tutte le mattine, non serve che me lo ricordi" set a daily reminder (batch 14's held 687, declared)
        words=("non", "don't", "dont", r"do\s+not", "never", "mai", r"no\s+need\s+to",
               r"non\s+(?:serve|c['’]?[eè]\s+bisogno)\s+che(?:\s+me)?(?:\s+l[oaie])?",
               r"(?:don'?t|do\s+not)\s+need\s+to"),
        match=("non ", "don't ", "per favore non ", "non serve che me lo ", "you don't need to "),
        no_match=("puoi ", "can you ", "hey, "),
    ),
    Rule(
        id="condition_before",
        effect="a condition before the verb ('se domani piove ricordami l'ombrello'): a reminder on a condition, "
               "which no clock can tell; left to the planner",
        # courtesy, no condition: "if you would…", "if it is not too much trouble" (reminders 490, 588; COURTESY_IF);
        # "which is when I arrive": a relative clause, no condition (reminders 610)
        pattern=r"(?<!which\sis\s)(?<!that's\s)(?<!that\sis\s)" + _B + r"(?:{words})" + _E + r"(?!\s+" + COURTESY_IF +
                _E + ")",
        words=("se", "if", "qualora", "nel caso", "in case", "when", "quando"),
        match=("se domani piove ", "if it rains tomorrow ", "if you are late "),
        no_match=("domani alle 9 ", "every friday ", "I should be obliged if you would ", "se puoi ",
                  "If it is not too much trouble, ", "se non ti è di disturbo ", "at 9, which is when I arrive, "),
    ),
    Rule(
        id="lead_courtesy",
        effect="a please or a courtesy adverb between the verb and what to be reminded of ('mi rammenti cortesemente "
               "la riunione', reminders 646): read before `lead`, so 'per favore' is not cut at 'per'",
        mode="match",
        pattern=_LEAD_WORDS,
        words=("per favore", "x favore", "perfavore", "per cortesia", "per piacere", "cortesemente", "gentilmente",
               "kindly", "please", "pls"),
        match=(" cortesemente la riunione", " per favore di chiamare Marco"),
        no_match=("la riunione", "chiamare Marco per favore"),
    ),
    Rule(
        id="lead",
        effect="words between the verb and what to be reminded of, once the moment is taken out ('di', 'to', "
               "'per', 'che', ':')",
        mode="match",
        pattern=_LEAD_WORDS,
        # "pe" (Neapolitan "per"), "2" ("2 do the pre trip inspection": "to" as it is texted; reminders batch 14)
        words=("di", "d'", "d", "de", "to", "that", "che", "ke", "about", "for", "per", "pe", "of", "on", "at", "alle",
               "then", "poi", "e", "and", "me", r"2(?=\s+[a-z])"),
        match=(" di chiamare Marco", ": controllare la posta", " for  to submit the report", " pe : chiamare a nonna",
               " 2 do the pre trip inspection",
               " to me to call my brother", " d spegnere il forno"),
        no_match=("chiamare Marco", "la riunione"),
    ),
    Rule(
        id="lead_modal",
        effect="after 'che/that', the person's 'devo / I have to' before what to be reminded of ('ricordami che devo "
               "ritirare il boiler' → 'ritirare il boiler'; reminders 510): read with `lead`",
        mode="match",
        pattern=r"(?:\s|" + _B + r"(?:{words})" + _E + r")+",
        words=("devo", "dobbiamo", r"i\s+(?:have|need)\s+to", "i must", r"i'?ve\s+got\s+to",
               r"we\s+(?:have|need)\s+to"),
        match=(" devo ritirare il boiler", " I have to call Bob"),
        no_match=("ritirare il boiler", "call Bob"),
    ),
    Rule(
        id="tail",
        effect="words left at the end once the moment is taken out ('… di', '… at', '?', 'grazie', 'please')",
        pattern=r"(?:\s|[,:;.!?\-–—]|" + _B + r"(?:{words})" + _E + r")+$",
        words=("di", "per", "to", "at", "on", "alle", "il", "the", "in", "please", "pls", "per favore", "grazie",
               "thanks", "thank you", "ok"),
        match=("chiamare Marco alle", "call Bob, please?", "pagare il bollo?"),
        no_match=("chiamare Marco", "pay the bill"),
    ),
    Rule(
        id="typo_it",
        effect="Italian words read with one slip ('domnai', 'minuit'): in an Italian request, a word one letter away "
               "from one of these, and from no other, is read as it",
        pattern=_B + r"(?:{words})" + _E,
        # and the parts of the day ("matina": Sicilian and Venetian say it with one t, batch 13's 627)
        words=("domani", "dopodomani", "stasera", "stamattina", "domattina", "pomeriggio", "mezzogiorno", "minuti",
               "ricordami", "avvisami", "promemoria", "settimana", "mattina", "mattino", "mezzanotte", "stanotte"),
        match=("ricordami domani", "tra 10 minuti", "domani mattina"),
        no_match=("domain name", "il minuto"),
    ),
    Rule(
        id="typo_en",
        effect="English words read with one slip ('tomorow', 'remnid'): in an English request, a word one letter "
               "away from one of these, and from no other, is read as it",
        pattern=_B + r"(?:{words})" + _E,
        words=("tomorrow", "tonight", "morning", "evening", "afternoon", "minutes", "remind", "reminder"),
        match=("remind me tomorrow", "in 10 minutes"),
        no_match=("the mourning dove", "remain calm"),
    ),
))
