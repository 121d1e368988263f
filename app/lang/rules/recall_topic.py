"""The topic of a recall question, read out of what the cue left ("del dentista" → "dentista").

Read by memory/recall_question.py (`recall_topic`) after a cue of recall.py matched: these rules take away the
determiner and the generic head ("the wifi password" → "wifi"), find the owner ("il compleanno di mia sorella"
→ "sorella"), and refuse what is no topic: a clause ("quando ho il dentista"), two topics, the person themself.
They read the short text after the cue, and the examples are such texts.
"""
from __future__ import annotations

from .table import Rule, Table

# a determiner before the thing asked when ("when is the party", "quando ho il dentista")
_DET = r"(?:the|my|our|a|an|il|lo|la|l'|i|gli|le|un|una|un'|mio|mia|miei|mie|nostro|nostra)"

RECALL_TOPIC = Table("recall_topic", __doc__ or "", (
    Rule(
        id="texting_you",
        effect="'u' is texting for 'you' ('what did i tell u about the wifi')",
        words=("u",),
        match=("what did i tell u about the wifi", "do u remember the code"),
        no_match=("what did I tell you about the wifi", "uno, due, tre"),
    ),
    Rule(
        id="own",
        effect="a word of the person's own ('my sister', 'mia sorella'): 'who is' and 'what do you know' ask the "
               "memory only about these",
        words=("my", "mine", "our", "ours", "mio", "mia", "miei", "mie", "nostro", "nostra", "nostri", "nostre",
               "me", "myself"),
        match=("my sister", "il mio commercialista", "la nostra casa al mare"),
        no_match=("Python", "the mayor", "Maria's garden"),
    ),
    Rule(
        id="when_thing",
        effect="'when is the party', 'quando ho il dentista': a question about when one thing is, whose topic is "
               "that thing (x, y or z); a clause with any other verb stays a clause",
        mode="match",
        pattern=r"^(?:when|quando|quand')\s*(?:"
                r"(?:is|'s|was|will be|are|è|e'|sarà|c'è|c'e|scade|scadono|expires|expire)\s+(?P<x>.+)|"
                r"(?:ho|abbiamo|i have|do i have|have i got|we have)\s+(?P<y>" + _DET + r"\s*.+)|"
                r"(?P<z>" + _DET + r"\s*.+?)\s+(?:is|are|was|will be))$",
        match=("when the party is", "quand'è il meccanico", "quando ho il dentista"),
        no_match=("when I deleted the file", "dove ho messo le chiavi", "quando ho tempo"),
    ),
    # a clause, not a topic: a pronoun subject, a verb, a question word or a link ("everything I say", "tutto
    # quello che dico": a pronoun subject makes a clause, and "everything" is no topic)
    Rule(
        id="clause_subject",
        effect="a pronoun subject or 'everything/tutto': the text is a clause, no topic",
        words=("i", "you", "we", "io", "tu", "noi", "everything", "anything", "nothing", "something", "tutto", "niente",
               "nulla"),
        match=("everything I say", "tutto quello che dico", "what we decided"),
        no_match=("the dentist", "il tutor di Marco", "wifi password"),
    ),
    Rule(
        id="clause_verb",
        effect="a verb ('is', 'ho', 'hanno'): the text is a clause, no topic",
        words=("is", "are", "was", "were", "do", "does", "did", "have", "has", "had", "è", "e'", "sono", "era", "ho",
               "hai", "ha", "abbiamo", "hanno"),
        match=("where the party is", "dove ho messo le chiavi", "what Anna has"),
        no_match=("the island", "il dentista", "hotel di Roma"),
    ),
    Rule(
        id="clause_question",
        effect="a question word ('when the party…', 'dove…', 'se…'): the text is a clause, no topic",
        words=("when", "where", "what", "which", "who", "how", "why", "if", "whether", "quando", "dove", "cosa",
               "quale", "chi", "come", "perché", "se"),
        match=("when the party starts", "dove abita Marco", "se Anna viene"),
        no_match=("the party", "il compleanno di Chiara", "the whole session"),
    ),
    Rule(
        id="clause_link",
        effect="'to', 'that', 'che', 'di fare': the text goes on as a clause, no topic",
        words=("to", "di fare", "that", "che"),
        match=("to call the plumber", "quello che ha detto Anna", "di fare la spesa"),
        no_match=("the tomatoes", "le cose da fare", "chef Rossi"),
    ),
    Rule(
        id="two_topics",
        effect="'il dentista e il meccanico', 'Anna or Marco': two topics, left to the planner",
        pattern=r"\s(?:{words})\s",
        words=("e", "ed", "and", "o", "or"),
        match=("il dentista e il meccanico", "Anna or Marco"),
        no_match=("il dentista di Anna", "Sandro and", "Oregon"),
    ),
    Rule(
        id="said_when",
        effect="when it was said ('del dentista la settimana scorsa', 'last week'): a question about the "
               "conversation, left to the planner",
        words=("settimana", "mese", "anno", "ieri", "l'altro giorno", "scors[oa]", "last", "yesterday", "ago", "fa"),
        match=("del dentista la settimana scorsa", "about the plumber yesterday", "the party two days ago"),
        no_match=("del dentista", "lastminute deals", "the fan club"),
    ),
    Rule(
        id="possessive",
        effect="'my doctor's name' → 'my doctor': the owner is the topic, the thing of it is not",
        mode="match",
        pattern=r"^(\S+(?:\s+\S+)*?)'s\s+\w+$",
        match=("my doctor's name", "Anna's birthday"),
        no_match=("my doctor", "Anna's", "the doctors name"),
    ),
    Rule(
        id="owner_of",
        effect="'il compleanno di mia sorella': the owner after 'di/del…' is the topic (a whole word: 'the "
               "delivery' is not 'the' + 'del' + 'ivery')",
        mode="match",
        pattern=r"^(?:(?:il|lo|la|l'|i|gli|le)\s*)?\w+\s+(?:(?:{words})\s+|dell'\s*)(?P<owner>.+)$",
        words=("di", "del", "della", "dello", "dei", "degli", "delle"),
        match=("il compleanno di mia sorella", "il codice dell'armadio", "numero del fornitore"),
        no_match=("the delivery", "il compleanno", "mia sorella"),
    ),
    Rule(
        id="determiner",
        effect="a determiner or a title before the thing or the name ('the dentist', 'il dottor Bianchi' → "
               "'Bianchi'): taken away, one at a time",
        mode="match",
        pattern=r"^(?:(?:{words})\s+|(?:l'|un')\s*|"  # "assicurazione" keeps its "a"
                r"(?:dr|dott|prof|mr|mrs|ms|sig|dottor|dottoressa|professor|signor|signora)\.?\s+(?=(?-i:[A-ZÀ-Ý])))",
        words=("the", "my", "our", "a", "an", "il", "lo", "la", "i", "gli", "le", "un", "una", "mio", "mia", "miei",
               "mie", "nostro", "nostra", "nostri", "nostre"),
        match=("the dentist", "il dottor Bianchi", "l'assicurazione", "Dr. Okafor"),
        no_match=("assicurazione", "therapy", "dr. who", "dottor house"),
    ),
    Rule(
        id="generic_head",
        effect="'the dentist appointment', 'my locker code': the thing is the word before the generic head",
        mode="match",
        pattern=r"^(\S+)\s+(?:{words})$",
        words=("appointments?", "appuntament[oi]", "code", "codes", "number", "password", "address", "combination",
               "pin"),
        match=("dentist appointment", "locker code", "wifi password"),
        no_match=("code review", "dentist", "my locker code"),
    ),
    Rule(
        id="code_for",
        effect="'code for the gate' → 'gate': the thing the code opens",
        mode="match",
        pattern=r"^(?:{words})\s+(?:for|of|to)\s+(?:the\s+|my\s+)?",
        words=("code", "password", "pin", "combination"),
        match=("code for the gate", "password of my router"),
        no_match=("the code", "codeine for pain", "gate code"),
    ),
    Rule(
        id="anything",
        effect="a topic of only generic words ('do you remember things for me?', 'ti ricordi le cose?'): a question "
               "whether the assistant keeps things at all, answered in words — no recall (routing batch 45's held "
               "half: recall searched for 'things for me')",
        mode="match",
        pattern=r"^(?:(?:the|le|delle|any|some)\s+)?(?:{words})(?:\s+(?:for|per|about|su|di)\s+(?:me|us|noi))?$",
        words=("things", "stuff", "anything", "everything", "cose", "qualcosa", "roba", "tutto", "something"),
        match=("things for me", "stuff", "le cose", "anything about me"),
        no_match=("the gate code", "things in the attic", "mia sorella"),
    ),
    Rule(
        id="pronoun",
        effect="the person themself or another pronoun as the whole topic ('cosa ricordi di me?'): everything "
               "about someone, no topic to search for",
        mode="match",
        pattern=r"^(?:{words})$",
        words=("me", "myself", "te", "you", "yourself", "us", "noi", "voi", "lui", "lei", "him", "her", "them",
               "loro", "mi", "ti", "se stesso", "me stesso", "me stessa"),
        match=("me", "me stesso", "them"),
        no_match=("mia sorella", "my mother", "herbs"),
    ),
))

# How recall_topic joins the clause rules (one search)
CLAUSE = ("clause_subject", "clause_verb", "clause_question", "clause_link")
