"""Politeness and fillers around a request: the words that never change what is asked.

Read by the closed phrase table (routing/l0.py: "ciao, che ore sono per favore?" is "che ore sono"), the fast
path's greeting-only clause (routing/action_stage.py), and memory's triggers and recall questions
(memory/facts.py, memory/recall_question.py: "ehm allora ricordati che…", "…, grazie"). Before this table the
same courtesy words were listed in each of them, and an edit to one copy left the others behind.
"""
from __future__ import annotations

from .table import Rule, Table

# Around a known phrase (either end): greetings, please/thanks, courteous openers
# how the words said before a trigger are read: one or more of them from the start, each with its separator
_LEAD = r"^\s*(?:(?:{words})[\s,?!]+)+"
LEAD_RULES = ("lead_fillers", "lead_greetings", "lead_formal", "lead_tell")

# What follows "if"/"se" when it is courtesy, not a condition: "if you would remind me…", "if you could open X",
# "if it is not too much trouble", "se puoi…", "se non ti è di disturbo". Read by the condition rules of
# asking.py (what a request asks) and reminder_request.py (a reminder on a condition): one list, not two copies.
COURTESY_IF = (r"(?:(?:you|u)\s+(?:would|could|can|will|wouldn't|don't\s+mind|do\s+not\s+mind|please)|"
               r"(?:non\s+ti\s+dispiace|puoi|potresti|può|potrebbe|riesci|ti\s+va|per\s+te\s+va)|"
               r"(?:it's|it\s+is|it\s+isn't|it\s+is\s+not)\s+(?:not\s+)?(?:too\s+much\s+|any\s+|no\s+)?"
               r"(?:trouble|bother)|non\s+(?:è|e|ti\s+è|ti\s+e)\s+(?:un\s+|di\s+)?(?:disturbo|problema|fastidio))")

# Words that address the assistant or sign off (address_end, address_after_path: one list for both)
# (the words that never name a thing — "zi", "cher", "guv" — are function words wherever they stand:
# function_words.py vocatives; these may name one, "the boss's file", so they address only at the edge). Four
# groups by meaning, each its own alternation: sign-offs and slang; English, regional British and Italian address.
_SIGN_OFFS = ("ta", "cheers", "innit", "lah", "dai", "pota", "raga", "bro", "bruv", "bredren", "butt")
_ADDRESS_EN = ("mate", "boss", "pal", "chief", "dear", "darling", "darlin", "hun", "hon", "honey", "sweetie", "babe",
               "buddy", "bud", "partner", "pardner", "sir", "ma'am", "madam", "mister")
_ADDRESS_UK = ("love", "luv", "pet", "hen", "duck", "chap", "lad", "lads", "lass", "sunshine")  # regional British
_ADDRESS_IT = ("fra", "zio", "zia", "bello", "bella", "cara", "caro", "tesoro", "capo", "amico", "amica", "socio",
               "amore", "bellezza", "maestro", "dottò", "signò", "tesò", "ragazzi", "nonna", "nonno", "compare",
               "fratello", "sorella")
ADDRESS_WORDS = tuple("(?:" + "|".join(g) + ")" for g in (_SIGN_OFFS, _ADDRESS_EN, _ADDRESS_UK, _ADDRESS_IT))
# Said last with no comma ("whats the time boy"), only the words that are mostly a way to address someone, and only
# after a word that cannot make them its object or predicate: an article, a preposition, a possessive, a copula or
# a verb of naming before them ("photos of the boy", "my favourite food is duck", "si chiama Bello") keep them.
_BARE_ADDRESS = ("boy", "sir", "mate", "bro", "boss", "chief", "pal", "buddy", "dude", "love", "luv", "pet", "hen",
                 "partner", "honey", "darling", "babe", "capo", "amico", "zio", "fra", "raga", "tesoro", "cher")
_KEEPS_EN = ("the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that", "of", "to", "for", "with",
             "by", "from", "in", "on", "at")
_KEEPS_EN_2 = ("is", "are", "was", "be", "called", "named")  # a predicate or a name
_KEEPS_IT = ("il", "lo", "la", "i", "gli", "le", "un", "una", "uno", "del", "della", "dello", "dei", "di", "da",
             "per", "con", "al", "alla")
_KEEPS_IT_2 = ("mio", "mia", "tuo", "tua", "suo", "sua", "è", "chiama", "chiamato")  # ("che ore sono capo": no "sono")
_KEEPS = "(?:" + "|".join("(?:" + "|".join(g) + ")" for g in (_KEEPS_EN, _KEEPS_EN_2, _KEEPS_IT, _KEEPS_IT_2)) + ")"

COURTESY = Table("courtesy", __doc__ or "", (
    Rule(
        id="edge_greetings",
        effect="greetings, please and thanks at either end of a known phrase: the phrase is the same without them "
               "(L0), and a clause of only these words asks nothing",
        words=("per favore", "per piacere", "per cortesia", "x favore", "x piacere", "please", "pls", "plz",
               "grazie", "thanks", "thank you", "ciao", "hey", "hi", "hello", "scusa", "scusami", "excuse me",
               "sorry", "ok", "okay", "dai", "metnos", "allora"),
        match=("ciao, che ore sono per favore?", "what time is it, thanks", "hey metnos", "ok allora"),
        no_match=("che ore sono?", "favorisca i documenti", "okra recipe", "scusabile"),
    ),
    Rule(
        id="edge_go_ahead",
        effect="a go-ahead before a request ('go on then, bin it', everyday12-68: with it a second clause, the "
               "missing referent was left to the model, which answered 'Sure, I'll help you with that'): like a "
               "greeting, the phrase is the same without it, and a clause of only these words asks nothing",
        words=("go on", "go ahead", "avanti", "vai pure", "forza"),
        match=("go on then, bin it", "go ahead, what time is it", "vai pure, cancellalo"),
        no_match=("go to the folder", "ahead of time", "vai a prendere il pane"),
    ),
    Rule(
        id="edge_openers",
        effect="courteous openers before a known phrase ('potrebbe dirmi l'ora?', 'mi saprebbe dire la data "
               "odierna?'): the phrase is the same without them",
        words=("potrebbe dirmi", "mi potrebbe dire", "mi saprebbe dire", "saprebbe dirmi", "mi sa dire",
               "sai dirmi", "mi sai dire", "puoi dirmi", "può dirmi", "could you tell me", "can you tell me"),
        match=("mi saprebbe dire la data odierna?", "could you tell me the time", "potrebbe dirmi l'ora?"),
        no_match=("dimmi l'ora", "tell me the time", "puoi leggere il file?"),
    ),
    Rule(
        id="lead_fillers",
        effect="filler words said before a memory trigger or a recall question ('ehm allora ricordati che…', "
               "'ok remember that…'): they change nothing",
        mode="match", pattern=_LEAD,
        words=("tu", "you", "ehm", "uh", "um", "umm", "like", "tipo", "allora", "ok", "okay", "so", "quindi",
               "basically", "dai", "hey", "ehi", "senti", "listen"),
        match=("ehm allora ricordati che il dentista è giovedì", "ok remember that the code is 1234",
               "senti, ricordati che domani c'è sciopero"),
        no_match=("ricordati che il dentista è giovedì", "tutto ok?", "okay-ish day"),
    ),
    Rule(
        id="lead_greetings",
        effect="greetings and apologies before a trigger ('ciao, ricordati che…', 'sorry, when is the dentist?')",
        mode="match", pattern=_LEAD,
        words=("scusa", "scusi", "sorry", "please", "buongiorno", "buonasera", "good morning", "hi", "ciao",
               "per favore", "x favore", "pls"),
        match=("ciao, ricordati che la palestra è alle 18", "sorry, when is the dentist?",
               "buongiorno, segnati che ho pagato"),
        no_match=("il dentista è giovedì", "ciaone", "good morningside road"),
    ),
    Rule(
        id="lead_formal",
        effect="formal openers before a trigger ('la prego di ricordarsi che…', 'could you remember…')",
        mode="match", pattern=_LEAD,
        words=("gentile assistente", "caro assistente", "la prego di", "le chiedo di", "le chiedo cortesemente di",
               "would you", "could you", "can you", "mi fai un favore"),
        match=("la prego di ricordarsi che…", "could you remember that the code is 1234",
               "gentile assistente, ricordi il codice?"),
        no_match=("ricordati il codice", "you could do better", "le chiedi tu?"),
    ),
    Rule(
        id="lead_tell",
        effect="'tell me' before a recall question ('tell me, when is the dentist?', 'dimmi, quando…'): the "
               "question is what follows",
        mode="match", pattern=_LEAD,
        words=("dimmi", "mi dici", "potresti dirmi", "potrebbe dirmi", "mi sa dire", "mi sai dire", "tell me",
               "can you tell me", "could you tell me"),
        match=("tell me, when is the dentist?", "dimmi, quando ho il dentista?", "mi sai dire quando parte il treno"),
        no_match=("dimmelo dopo", "telling me off", "quando ho il dentista?"),
    ),
    Rule(
        id="thanks_end",
        effect="a thank-you or a please at the end ('segnati che la palestra è alle 18, grazie'): not part of the "
               "fact or of the question",
        pattern=r"[\s,;.!]+(?:{words})(?:\s+(?:dear|so much|a lot|very much|cara|caro|tesoro))?[\s.!]*$",
        words=(r"grazie(?: mille| tante)?", "please", "per favore", "per cortesia", "per piacere", "x favore",
               "cortesemente", "gentilmente", "thanks?", "thank you", "thx", "ty", "pls", "plz", "grz", "graz"),
        match=("segnati che la palestra è alle 18, grazie", "what's the gate code, thanks!",
               "quando ho il dentista? grazie mille", "remember the code is 1234 pls",
               "ring my sister Margaret. Thank you dear", "distribuire i programmi di sala, per cortesia.",
               "scrivi 'finito gas' nel file ~/rifugio/magazzino.txt grz"),
        no_match=("grazie, ora leggi il file", "ringrazia Marco da parte mia", "il codice è 1234",
                  "the dear old thank you note", "leggi il file grz.txt"),
    ),
    Rule(
        id="fillers_end",
        effect="a laugh or a texting filler at the end ('get off xbox lol', 'pagare la bolletta ahah'): not part of "
               "what is said",
        pattern=r"[\s,;.!]+(?:{words})[\s.!]*$",
        # Filipino "po", Singlish "lah", a German speaker's "bitte" (reminders batch 16's tune half)
        words=("lol", "lmao", "(?:ha){2,}h?", "(?:ah){2,}h?", "hehe", "xd", ":-?\\)", ":-?d", r"(?<!\bun\s)po", "lah",
               "bitte"),
        match=("get off xbox lol", "pagare la bolletta ahahah", "call mum :)", "take my vitamins po",
               "call vendor about the licence lah"),
        no_match=("buy lollipops", "the lol file", "haha.txt", "fammi vedere un po"),
    ),
    Rule(
        id="address_end",
        effect="a word that addresses the assistant or signs off, at the end after a comma or a please ('show us "
               "what's in X, ta', 'open firefox please boss', 'elenca X, dai'): not part of what is asked (the fast "
               "path's guard read 'ta', 'boss', 'cheers' as words the tool was never asked with; routing batch 42)",
        pattern=r"(?:[,;.!]\s*|\s+(?:please|pls|plz|thanks|grazie|per favore)\s+)(?:{words})[\s.!?,;]*$",
        words=ADDRESS_WORDS,
        match=("show us what's in ~/x/a.txt, ta", "open firefox for me please boss", "elenca i file in ~/x, dai",
               "what's the time, butt?", "find the pdfs in ~/refs, cheers", "what's today's date, partner?",
               "what's 3 squared plus 7, love"),
        no_match=("find the file called boss.txt", "leggi il file del capo", "cheers for the file, now read ~/x",
                  "apri la cartella amico"),
    ),
    Rule(
        id="address_after_path",
        effect="the same words said right after the path or address that ends the request, without a comma ('list "
               "the files in ~/cantina/degustazioni cheers', routing batch 45; 'show me whats inside ~/x bro', batch "
               "44): nothing can go on a path with such a word, so it addresses the assistant (the path is kept: "
               "code substitutes group 1)",
        pattern=r"((?:^|\s)(?:~|/|https?://)\S*[^\s,;.!?])\s+(?:{words})[\s.!?,;]*$",
        words=ADDRESS_WORDS,
        match=("list the files in ~/cantina/degustazioni cheers", "show me whats inside ~/Immagini/thumbnail bro",
               "apri https://example.com/meteo capo", "leggi /tmp/x/a.txt dai"),
        no_match=("list the files in ~/cheers", "find boss.txt in ~/x and mate", "copy ~/x/bro to ~/y",
                  "leggi il file del capo in ~/x/capo"),
    ),
    Rule(
        id="address_bare_end",
        effect="a word that is mostly a way to address someone, last and without a comma, after a word that cannot "
               "take it as object or predicate ('what's the time now boy', 'che ore sono capo'; routing batch 48, "
               "declared: its held half showed the form): not part of what is asked (the words before it are kept: "
               "code substitutes group 1)",
        pattern=r"((?:^|\s)(?!" + _KEEPS + r"\s)[^\s,;]+)\s+(?:{words})[\s.!?]*$",
        words=_BARE_ADDRESS,
        match=("what's the time now boy", "how much is 12 times 9 boy", "che ore sono capo",
               "what's the date today sir?"),
        no_match=("find the photos of the boy", "my favourite food is duck", "the file of my partner",
                  "leggi la lettera del capo", "what's the time, boy"),
    ),
))
