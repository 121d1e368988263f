"""Framings that talk about an action instead of asking for it: how-to questions, hypotheticals, reports, checks.

Read by lang/actions.py (`action_of`, `asked_before_negation`): "come faccio a cancellare X?", "se dovessi spostare
X…", "Marco vuole che cancelli X", "ti ricordi che il dentista è giovedì?" name an action that is not asked, so
the signature is negated and nothing is replayed. With asking.taken_back ("…, anzi no") the rules are one test in
code: any of them anywhere in the normalized (lowercased) request, so they carry no case flag — except `reported`,
which frames only a sentence that names an action ("mi converti X in PDF? the GM lo vuole…" asks the conversion).
"""
from __future__ import annotations

from .table import Rule, Table

NOT_ASKED = Table("not_asked", __doc__ or "", (
    Rule(
        id="how_to",
        effect="a question about how to do it ('come faccio a…', 'how do I…'): the action is explained, not done",
        flags=0,
        words=(r"how (?:do|can|should|would|could) (?:i|you|we|one)", "how to", "explain how", "tell me how",
               "show me how", r"come (?:faccio|posso|si fa|si può|si puo|devo|dovrei|fare)", "spiegami come",
               "dimmi come", "insegnami a", r"come si (?:imposta|installa|disinstalla|stampa|manda|invia|prenota|"
               r"fa a|usa|attiva|collega|configura)"),
        match=("come faccio a cancellare un file?", "how do i delete a folder?", "spiegami come si sposta un file",
               "show me how to copy it", "come si imposta una sveglia su android?"),
        no_match=("cancella il file vecchio", "how are you", "come stai?", "copia x in y", "come si chiama il file?"),
    ),
    Rule(
        id="meaning",
        effect="what a word means or how a thing works ('cosa significa…', 'how does a thermostat work?'): "
               "explained, not done",
        flags=0,
        words=(r"cosa significa", r"che significa", r"cosa vuol dire", r"che vuol dire", r"what does .{1,40} mean",
               r"what is the meaning of", r"come funzion\w*", r"come funzona", r"how (?:does|dose|do) .{1,40} work",
               r"what(?:'s| is) an? (?:\w+ ){0,2}(?:system|thing|device|app)\b",
               r"^(?:che )?(?:cos'è|cos'e|cosa è|what is|what's|what are) (?:(?:il|la|lo|l'|un|una|a|an) ?)?"
               r"[\w-]+(?=\s*\?*\s*$)"),
        match=("cosa significa \"weather forecast\"?", "how dose a thermostat work?", "come funzona un termostato?",
               "what's a high pressure system in weather?", "what does \"previsioni del tempo\" mean?",
               "cos'è il bitcoin?"),
        no_match=("metti il termostato a 21", "what is the weather today", "significa che devo cancellarlo",
                  "it works", "what's the weather?", "cos'è questo file /tmp/a.txt?"),
    ),
    Rule(
        id="hypothetical",
        effect="a hypothesis ('se dovessi spostare X…', 'what happens if…'): nothing is asked to be done",
        flags=0,
        words=(r"se (?:dovessi|volessi|facessi|provassi)", r"if i (?:were|wanted|had)", "what happens if",
               "cosa succede se"),
        match=("se dovessi spostare x, cosa succede?", "what happens if i delete it", "cosa succede se lo cancello",
               "if i wanted to move it, how?"),
        no_match=("se è vuota cancellala", "if it is empty delete it", "sposta x se vuoi", "iffy but do it"),
    ),
    Rule(
        id="reported",
        effect="what someone else asked or wants ('ieri ho chiesto…', 'Marco vuole che…'): a report, not a request",
        flags=0,
        words=(r"(?:ieri|yesterday|prima|earlier) (?:ho chiesto|i asked|mi hai|you)", "vuole", "vogliono",
               "wants to", r"want me to\b(?! do)"),
        match=("ieri ho chiesto di spostare x", "marco vuole che cancelli il file", "she wants to delete it",
               "do you want me to move it?"),
        no_match=("voglio che tu li cancelli", "i want you to delete it", "want me to do it?", "vuoi cancellarlo?"),
    ),
    Rule(
        id="known",
        effect="whether something is known or true ('ti ricordi che…?', 'is it true that…'): not a fact to keep",
        flags=0,
        words=("è vero che", "is it true that", r"(?:ti|te lo|te la) ricordi che",
               r"(?:do|did) you (?:still )?remember that"),
        match=("ti ricordi che il dentista è giovedì?", "is it true that the meeting moved?",
               "do you still remember that i owe paul 20 euros?", "è vero che il file è stato spostato?"),
        no_match=("ricordati che il dentista è giovedì", "remember that the code is 1234", "ricordi il codice?",
                  "it is true"),
    ),
    Rule(
        id="by_hand",
        effect="done by the person's own hand ('come si calcola 12 per 7 a mano?', 'lo faccio io a mano'): the "
               "action is theirs, so nothing is replayed (the way it is done may be explained)",
        flags=0,
        words=("a mano", "by hand", "manualmente", "manually"),
        match=("come si calcola 12 per 7 a mano?", "lo voglio fare io a mano", "how do you do long division by hand",
               "preferisco rinominarli manualmente"),
        no_match=("dammi una mano a spostare x", "calcola 12 per 7", "handy tool", "mano destra"),
    ),
))
