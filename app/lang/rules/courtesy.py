"""Politeness and fillers around a request: the words that never change what is asked.

Read by the closed phrase table (routing/l0.py: "ciao, che ore sono per favore?" is "che ore sono"), the fast
path's greeting-only clause (routing/action_stage.py), and memory's triggers and recall questions
(memory/facts.py, memory/recall_question.py: "ehm allora ricordati che…", "…, grazie"). Before this table the
same courtesy words were listed in each of them, and an edit to one copy left the others behind.
"""
from __future__ import annotations

from .table import Rule, Table

# Around a known phrase (either end): greetings, please/thanks, courteous openers
EDGE = ("per favore", "per piacere", "per cortesia", "x favore", "x piacere", "please", "pls", "plz",
        "grazie", "thanks", "thank you", "ciao", "hey", "hi", "hello", "scusa", "scusami", "excuse me", "sorry",
        "ok", "okay", "dai", "metnos", "allora",
        # courteous openers: "potrebbe dirmi l'ora?", "mi saprebbe dire la data odierna?"
        "potrebbe dirmi", "mi potrebbe dire", "mi saprebbe dire", "saprebbe dirmi", "mi sa dire", "sai dirmi",
        "mi sai dire", "puoi dirmi", "può dirmi", "could you tell me", "can you tell me")

COURTESY = Table("courtesy", __doc__ or "", (
    Rule(
        id="edge",
        effect="greetings, please/thanks and courteous openers at either end of a known phrase: the phrase is the "
               "same without them (L0), and a clause of only these words asks nothing",
        words=EDGE,
        match=("ciao, che ore sono per favore?", "mi saprebbe dire la data odierna?", "what time is it, thanks",
               "hey metnos"),
        no_match=("che ore sono?", "favorisca i documenti", "okra recipe", "scusabile"),
    ),
    Rule(
        id="lead",
        effect="words said before a memory trigger or a recall question ('ehm allora ricordati che…', 'tell me, "
               "what is…'): a word or two in front changes nothing",
        mode="match",
        pattern=r"^\s*(?:(?:{words})[\s,?!]+)+",
        words=("tu", "you", "ehm", "uh", "um", "umm", "like", "tipo", "allora", "ok", "okay", "so", "quindi",
               "basically", "dai", "hey", "ehi", "senti", "listen", "scusa", "scusi", "sorry", "please",
               "gentile assistente", "caro assistente", "buongiorno", "buonasera", "good morning", "hi", "ciao",
               "la prego di", "le chiedo di", "le chiedo cortesemente di", "would you", "could you", "can you",
               "per favore", "x favore", "pls", "dimmi", "mi dici", "potresti dirmi", "potrebbe dirmi", "mi sa dire",
               "mi sai dire", "tell me", "can you tell me", "could you tell me", "mi fai un favore"),
        match=("ehm allora ricordati che il dentista è giovedì", "ok remember that the code is 1234",
               "la prego di ricordarsi che…", "tell me, when is the dentist?"),
        no_match=("ricordati che il dentista è giovedì", "il dentista è giovedì", "tutto ok?",
                  "dimmelo dopo"),
    ),
    Rule(
        id="thanks_end",
        effect="a thank-you or a please at the end ('segnati che la palestra è alle 18, grazie'): not part of the "
               "fact or of the question",
        pattern=r"[\s,;!]+(?:{words})[\s.!]*$",
        words=(r"grazie(?: mille| tante)?", "please", "per favore", "thanks?", "thank you", "thx", "ty", "pls",
               "plz"),
        match=("segnati che la palestra è alle 18, grazie", "what's the gate code, thanks!",
               "quando ho il dentista? grazie mille", "remember the code is 1234 pls"),
        no_match=("grazie, ora leggi il file", "ringrazia Marco da parte mia", "il codice è 1234"),
    ),
))
