"""A sentence that tells what the person is doing, has to do or lost, next to a request: their reason, not a request.

Read by lang/context.py: `CONTEXT` (built from the four `reason_*` rules, each optionally after a `soon` moment)
drops such a sentence from what is asked ("devo mandare le foto a mia sorella, trovami i jpg", "…, così non me
lo scordo"), and so do the write veto (planner/veto.py) and the fast path's clause check
(routing/action_stage.py). `schedule` is the person's own day ("…, domani ho il sopralluogo"). "voglio"/"I want"
are not here: "voglio che tu li cancelli" is a request.
"""
from __future__ import annotations

from .table import Rule, Table

# "tra poco devo accendere le luci", "later I have to lock up": when the person has to do it is still their plan
SOON = (r"(?:tra|fra)\s+(?:poco|un po'?|un attimo|mezz'ora|un'ora|\d+\s+minuti)", "più tardi", "piu tardi", "dopo",
        "stasera", "stamattina", "oggi", "domani", r"in a (?:bit|minute|while|few minutes)", "soon", "later",
        "tonight", "today", "tomorrow", r"this (?:morning|afternoon|evening)",
        # the next step of a sequence: "leggi X, poi devo spostarlo nel cestino" is the person's plan after the read
        r"(?:e\s+)?poi", r"(?:and\s+)?then", "after that")
# how every reason rule is read: from the start, after an optional moment, up to a word boundary
_REASON = r"^\s*(?:(?:" + "|".join(SOON) + r")\s*,?\s*)?(?:{words})\b"

CONTEXT_REASON = Table("context_reason", __doc__ or "", (
    Rule(
        id="soon",
        effect="a moment said before the person's own plan ('tra poco devo…', 'later I have to…'): the plan stays "
               "a reason",
        mode="match",
        pattern=r"^\s*(?:{words})\b",
        words=SOON,
        match=("tra poco devo accendere le luci", "later I have to lock up", "stasera devo stampare le slide",
               "in a bit I need to leave"),
        no_match=("devo stampare le slide", "dopodomani ho il dentista", "sooner or later", "trova i pdf"),
    ),
    Rule(
        id="reason_must",
        effect="what the person has to do ('devo mandare le foto…', 'I need to see…'): a reason beside the request",
        mode="match", pattern=_REASON,
        words=(r"(?:(?:lo|la|li|le|ce|ne|me|te|gliel[oaie])\s+|l')?(?:devo|dovrei|dobbiamo)", r"(?:i\s+)?need to",
               r"(?:i\s+)?have to", "i must", "gotta"),
        match=("devo mandare le foto a mia sorella", "I need to see what's new", "tra poco devo accendere le luci",
               "lo devo consegnare domani", "poi devo spostarlo nel cestino", "and then I have to print it"),
        no_match=("voglio che tu li cancelli", "cancella i file vecchi", "I needed that yesterday",
                  "devono arrivare i pacchi", "poi devi spostarlo nel cestino", "then delete it"),
    ),
    Rule(
        id="wish_after_question",
        effect="what the person wants to do themselves, said in a sentence of its own right after a question ('che "
               "ore sono a Karachi? voglio chiamare mia mamma…'): why they ask, not a second request (everyday10-12 "
               "refused the call and lost the question); read only after a '?', or after a comma that ends a request "
               "('Nairobi time now please, I want to call my mother', everyday14-49) (lang/clauses.py, the action "
               "stage) — alone, 'voglio vedere i file' asks, and 'voglio che tu…' always asks",
        mode="match", pattern=_REASON,
        words=(r"(?:io\s+)?(?:voglio|vorrei|volevo|vogliamo)(?!\s+che\b)", r"(?:i\s+)?want\s+to",
               r"(?:i\s+)?wanna", r"i['’]d\s+like\s+to", r"i\s+would\s+like\s+to", r"(?:i['’]?m\s+)?hoping\s+to"),
        match=("voglio chiamare mia mamma ma non so se dorme", "I want to ring my sister before she goes out",
               "vorrei mandargli gli auguri", "io voglio chiamare mia mamma ma ho paura che dorme",
               "want to ring my old teacher", "hoping to catch him before lunch"),
        no_match=("chiama mia mamma", "can you call my mum?", "devo chiamarla", "io chiamo mia mamma",
                  "voglio che tu li cancelli", "I want you to delete them"),
    ),
    Rule(
        id="state_after_question",
        effect="the person's own situation, said in a sentence of its own right after a question ('ke ore sn adesso? "
               "ho il phone scarico e nn trovo il caricabatterie', 'what time is it? my phone died', '…the gate again "
               "ah? sure forget one' — Singlish 'I forgot', not 'forget it': everyday11-52 forgot the saved code): "
               "why they ask, "
               "not a request ('scarico' was read as a download and the question refused, everyday11-32); read only "
               "after a '?', like wish_after_question — 'ho bisogno di…' asks",
        mode="match", pattern=_REASON + r"(?!\s+bisogno)",
        words=(r"(?:io\s+)?ho", r"(?:io\s+)?sono", r"(?:io\s+)?sto", r"(?:io\s+)?non\s+(?:ho|trovo|so|riesco|ricordo)",
               r"(?:i\s+)?(?:sure\s+|totally\s+|completely\s+|already\s+)?forg[eo]t(?:ten)?\s+(?:one|already|lah|liao)"
               r"(?=\s*[.!]*$)",
               r"i\s+(?:totally\s+|completely\s+)?forgot", r"me\s+lo\s+sono\s+scordat[oa]",
               r"i\s+have", r"i['’]ve\s+got", r"i['’]?m", r"i\s+am", r"i\s+(?:can['’]?t|don['’]?t)\s+(?:find|know)",
               r"my\s+\w+(?:\s+there)?\s+(?:is|are|was|died|has|have|wants?|needs?)",
               # "…in Celsius? The forecast up here is all in F" (everyday21-53: refused as weather): a thing
               # of the person's world and how it is, said after the question
               r"the\s+\w+(?:\s+(?:up|down|over|out|round|around)\s+here)?\s+(?:is|are)\s+(?:all|always|only)\b",
               r"(?:il|la|i|le)\s+mi[oaie]\s+\w+(?:\s+l[àa])?\s+(?:è|e|si|vuole|vogliono|ha|hanno|deve)"),
        match=("ho il phone scarico e nn trovo il caricabatterie", "my phone died and I can't find the charger",
               "sono senza orologio", "I'm at the station with no watch", "my client there want to do call",
               "il mio capo vuole una risposta entro le 5", "sure forget one", "I totally forgot it",
               "me lo sono scordato", "The forecast up here is all in F"),
        no_match=("ho bisogno di sapere cosa c'è in /tmp/x", "the meeting is at 5, remind me", "leggimi /tmp/x",
                  "mandalo a Luca", "hold on, read it", "forget the gate code", "forget one of them"),
    ),
    Rule(
        id="reason_busy",
        effect="what the person is doing or about to do ('sto preparando…', 'I'm packing', 'running late'): a few "
               "gerunds only — 'excluding', 'sorting' say how the request is to be done",
        mode="match", pattern=_REASON,
        words=(r"sto\s+\w+(?:ando|endo)", "i'm going to", "i am going to", r"i'm\s+\w+ing", "sto per",
               "filling", "working on", "taking (?:it|them|this|these)", "bringing", "preparing", "heading",
               "leaving", "packing", "running (?:late|behind)", "waiting", "getting ready", "compilando",
               "preparando", "lavorando", "aspettando"),
        match=("sto preparando la presentazione", "I'm packing for the trip", "filling out a form",
               "running late", "sto per uscire"),
        no_match=("stop the copy", "excluding the pdfs", "sorting by date", "I'm sorry, delete it"),
    ),
    Rule(
        id="reason_purpose",
        effect="what the request is for ('mi serve per la bolla', 'così non me lo scordo', 'it's for the boss'): "
               "a purpose, and its 'non' negates nothing asked ('così non lo vedo più' keeps its 'non')",
        mode="match", pattern=_REASON,
        words=("mi serve per", r"mi serv[eo]\w*", "so (?:that )?i can", "così (?:posso|da)", "per poter",
               r"(?:così|cosi)\s+non\s+(?:me\s+)?(?:l[oaie]\s+|l')?(?:scord|dimentic)\w*",
               r"(?:così|cosi)\s+(?:me\s+)?(?:l[oaie]\s+|l')?ricord\w*", r"so\s+(?:that\s+)?i\s+remember",
               r"(?:così|cosi)\s+(?:(?:ci|ce|ne|lo|la|li|le|gli|me|te|mi|ti|l')\s*)*(?!non\b)[a-zà-ù]+o\b",
               r"per\s+non\s+(?:scordar|dimenticar)\w*", r"so\s+(?:that\s+)?i\s+(?:don't|dont|do not|won't)\s+forget",
               "i need (?:it|this|that|them|these|those)", "(?:it's|it is|this is) for"),
        match=("mi serve per la bolla", "così non me lo scordo", "it's for the boss", "so I don't forget",
               "così ci metto dentro le ricette"),
        no_match=("così non lo vedo più", "per favore leggi notes.txt", "I need the totals", "mandami il file"),
    ),
    Rule(
        id="reason_plan",
        effect="what the person may or will do themselves ('might copy them for my mum later', 'I'll print it at "
               "work', 'penso di spostarle domani', 'later I rename it myself', 'dopo lo rinomino io'): their plan "
               "beside the request, never asked (everyday5-60 and everyday11-56 were refused as actions for later)",
        mode="match", pattern=_REASON,
        words=("might", r"i\s+(?:might|may|shall)", r"maybe\s+i(?:['’]ll|\s+will)", r"i(?:['’]ll|\s+will)",
               r"i(?:['’]m|\s+am)\s+gonna", "gonna", r"i\s+plan\s+to", r"i(?:['’]m|\s+am)\s+planning\s+to",
               r"penso\s+di", r"pensavo\s+di", r"ho\s+intenzione\s+di",
               r"i\s+\w+\s+(?:it|them|that|this)\s+myself", r"(?:l[oaie]\s+|l['’])\w+o\s+io", r"ci\s+penso\s+io"),
        match=("might copy them for my mum later", "I'll print it at work", "penso di spostarle domani",
               "gonna move them tonight", "I shall be deleting the log file afterwards",
               "later I rename it myself one", "dopo lo rinomino io", "ci penso io"),
        no_match=("copy them for my mum", "illustrate the point", "magari spostale in /tmp", "mighty fine",
                  "rename it yourself", "lo rinomini tu?", "io lo rinomino"),
    ),
    Rule(
        id="reason_lost",
        effect="what the person lost or forgot ('ho perso il conto', 'I lost track'): a reason ('non ricordo' is "
               "reason_not_found's)",
        mode="match", pattern=_REASON,
        words=(r"(?:i\s+)?lost\s+track", r"i\s+forgot",
               r"(?:me\s+)?(?:l[oaie]\s+|l')?(?:sono|ho)\s+(?:dimenticat|scordat)\w*",
               r"(?:ho\s+perso|perdo)\s+il\s+conto", r"mi\s+sono\s+pers[oa]"),
        match=("I lost track", "me lo sono dimenticato", "ho perso il conto", "mi sono persa",
               "lost track with all these weddings"),
        no_match=("non ricordo il codice", "ho perso il file notes.txt", "I lost the file", "sono in ritardo"),
    ),
    Rule(
        id="reason_not_found",
        effect="what the person cannot find or recall, said in the first person after the request ('dove sono i "
               "docx in X? non li trovo piu', 'chi è la mia relatrice? non mi viene il nome', '…, I can't find it'): "
               "why they ask, not a negated request (routing batch 43's tune half: never replayed) — an imperative "
               "'non cancellare', 'non li toccare' is no such sentence and stays negated, and so does a bare 'non "
               "ricordo' after a write ('cancella X, non ricordo': unsure, never replayed)",
        mode="match", pattern=_REASON,
        words=(r"non\s+(?:(?:mi|li|la|lo|le|l'|ci|ne|me\s+l[oaie])\s*)?(?:trovo|ricordo|rammento|viene|vengono|so\b|"
               r"riesco)(?=\s+\w)", r"i\s+(?:can['’]?t|cannot|couldn['’]?t)\s+(?:find|remember|recall)(?=\s+\w)",
               r"i\s+(?:don['’]?t|do\s+not)\s+(?:remember|recall)(?=\s+\w)"),
        match=("non li trovo piu", "non mi viene il nome", "non mi ricordo piu le dosi", "I can't find it anywhere",
               "I don't remember the number"),
        no_match=("non cancellare il file", "non li toccare", "non trovare scuse", "I can't delete it",
                  "trovo strano", "non ricordo"),
    ),
    Rule(
        id="schedule",
        effect="a day and what the person has then ('domani ho il sopralluogo'): their schedule, a reason; "
               "'domani, leggi X' and 'tomorrow delete X' set when to act",
        mode="match",
        pattern=r"^\W*(?:{words})\s+(?:(?:io\s+|i\s+)?(?:ho|abbiamo|have|'ve got|have got)|c'è|c'e|there's|"
                r"there is|è|e'|is|sono|are|we have)\b",
        words=("domani", "tomorrow", "stasera", "tonight", "oggi", "today", "dopodomani"),
        match=("domani ho il sopralluogo", "tomorrow I have the inspection", "stasera c'è la partita",
               "today is my day off"),
        no_match=("domani, leggi X", "tomorrow delete X", "oggi leggi le mail", "domani alle 8 cancella X"),
    ),
    Rule(
        id="for_now",
        effect="a sentence that opens with 'for now', 'per ora', 'intanto' asks for what is to be done now: what the "
               "sentences before it say the person will do later is their plan ('want to move these to a USB stick "
               "tonight…, so for now just list X' was refused as an action for later)",
        mode="match",
        pattern=r"^\W*(?:(?:so|and|but|quindi|e|ma|però|pero|allora)\s+)?(?:{words})\b",
        words=(r"for\s+now", r"for\s+the\s+moment", r"in\s+the\s+meantime", "meanwhile", r"right\s+now",
               r"per\s+ora", r"per\s+adesso", r"per\s+il\s+momento", "intanto", r"nel\s+frattempo", r"prima\s+però",
               r"for\s+today"),
        match=("so for now just list /tmp/x", "intanto elencami /tmp/x", "ma per ora dimmi solo quanti sono",
               "in the meantime, show me X"),
        no_match=("list /tmp/x for now", "elencami intanto /tmp/x e poi", "per oracolo", "now list X"),
    ),
    Rule(
        id="purpose_infinitive",
        effect="the goal of the action asked before it ('scrivimi un messaggio per avvisare i clienti', 'write a note "
               "in order to remind them'): what follows names why, not a second request (read by asked_actions "
               "only when the words before it ask for an action)",
        pattern=r"\b(?:per|in order to|so as to)\s+(?:poi\s+)?(?:far\s+|fare\s+)?[a-zà-ù]+(?:are|ere|ire|arl[aeio]|"
                r"erl[aeio]|irl[aeio]|"
                r"argli|ergli|irgli|arne|erne|irne)\b|\b(?:in order|so as) to\b|"
                # the goal said with a causal "che" and a want or a need ("apri la cartella X che le voglio far
                # vedere al collega": the showing is why the folder is opened; everyday22-30 listed it)
                r"\bche\s+(?:(?:le|li|lo|la|gli|ce|ve|me|te|glie)\s+)?(?:voglio|vorrei|devo|dobbiamo|vogliamo)\s+"
                r"(?:(?:far|fare)\s+)?[a-zà-ù]+(?:are|ere|ire)\b",
        match=("mi scrivi un messaggio per avvisare i clienti", "fammi una bozza per mandarla al capo",
               "write a short note in order to remind the team", "preparami il testo per poi inviarlo",
               "apri la cartella X che le voglio far vedere al collega", "copia X che lo devo stampare",
               "mi rammenta quella combinazione per far aprire il cancello?"),
        no_match=("per favore leggi notes.txt", "copia X per me", "manda il file per email", "per domani",
                  "send it to Marco", "dimmi che ore sono", "il file che voglio"),
    ),
    Rule(
        id="purpose_lead",
        effect="a goal said first, up to its comma or colon ('per organizzare una videochiamata con Atene, che ore "
               "sono in Grecia?'): why the person asks what follows it, not a request of its own (a call was refused "
               "for a question of the time)",
        mode="match",
        pattern=r"^\W*(?:per|in order to|so as to|to)\s+(?:poi\s+)?[a-zà-ù]+(?:are|ere|ire|arl[aeio]|erl[aeio]|"
                r"irl[aeio]|argli|ergli|irgli|arne|erne|irne)?\s+[^,:;.?!]+[,:;]",
        match=("Per organizzare una videochiamata con un collega, potrebbe dirmi che ore sono in Grecia?",
               "per avvisare i clienti: scrivimi una bozza", "to plan a call with Athens, what time is it there?",
               "in order to email the landlord, read me contratto.txt"),
        no_match=("per favore, leggi notes.txt", "per domani, ricordami il latte", "per me, leggi X",
                  "to marco: send the file", "leggi X per avvisare i clienti, grazie"),
    ),
    Rule(
        id="purpose_end",
        effect="where the goal read by purpose_infinitive ends: the sentence's end or the next 'e poi' / 'then', "
               "after which a clause may ask again ('scrivimi un testo per avvisarli e poi cancella X')",
        pattern=r"[.!?;]|\b(?:e\s+poi|and\s+then|poi|then)\b",
        match=("per avvisarli e poi cancella x", "per mandarlo al capo. leggi y",
               "in order to remind them, then delete x",
               "per dirglielo; sposta x"),
        no_match=("per avvisare i clienti che sabato siamo chiusi", "per inviarlo al capo", "to poison the well",
                  "per poterlo leggere"),
    ),
))
