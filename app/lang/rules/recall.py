"""An explicit question about what the memory holds, and where its topic starts: "cosa ricordi del dentista?".

Read by memory/recall_question.py (`recall_topic`, the fast path's recall stage): each cue is one way of asking,
tried in the order that code lists them, and its `x` group is the topic ("dentista"). "Know" asks about the
memory only for something of the person's own ("cosa sai di mia sorella"; "what do you know about Python" is not
about them): that code says which cues need an owner. How the topic is read afterwards is recall_topic.py's.
"""
from __future__ import annotations

import re

from .table import Rule, Table

_DOTALL = re.IGNORECASE | re.DOTALL

# "… about the dentist", "… della caldaia", "… riguardo al corso": the word before the topic
ABOUT_EN = Rule(
    id="about_en",
    effect="the English word that introduces the topic of a recall question ('what do you remember about X')",
    words=("about", "of", "regarding", "on"),
    match=("what do you remember about the dentist", "anything saved on the insurance"),
    no_match=("what do you remember", "cosa ricordi del dentista"),
)
ABOUT_IT = Rule(
    id="about_it",
    effect="'di/del/su/sulla…': the Italian preposition that introduces the topic ('cosa ricordi del dentista')",
    words=("di", "del", "della", "dello", "dei", "degli", "delle", "dell'", "su", "sul", "sulla", "sullo", "sui",
           "sugli", "sulle", "sull'"),
    match=("cosa ricordi del dentista", "cosa sai sull'assicurazione", "ricordi qualcosa su Marco"),
    no_match=("cosa ricordi?", "ti ricordi quel suono?", "what do you remember about Sue"),
)
ABOUT_LONG = Rule(
    id="about_long",
    effect="'riguardo a…', 'a proposito di…': a longer Italian phrase that introduces the topic",
    words=("riguardo a", "riguardo al", "riguardo alla", "riguardo all'", "riguardo ai", "riguardo agli",
           "riguardo alle", "a proposito di", "a proposito del", "a proposito della"),
    match=("cosa ricordi riguardo al corso di yoga", "cosa ti ho detto a proposito di Marco"),
    no_match=("cosa ricordi del corso di yoga", "a proposito, che ore sono?"),
)
# "su" is not the start of "sulla": after the word, a space or (after an apostrophe) the topic itself
_ABOUT = ("(?:" + "|".join(r.alternation() for r in (ABOUT_EN, ABOUT_IT, ABOUT_LONG)) + ")"
          + r"(?:\s+|(?<='))")
_X = r"(?P<x>.+)"


def _cue(rule_id: str, effect: str, pattern: str, match: tuple[str, ...], no_match: tuple[str, ...]) -> Rule:
    """A recall cue: read at the start of the question (after courtesy's lead words), over more than one line."""
    return Rule(id=rule_id, effect=effect, mode="match", pattern=pattern, match=match, no_match=no_match,
                flags=_DOTALL)


RECALL = Table("recall", __doc__ or "", (
    ABOUT_EN, ABOUT_IT, ABOUT_LONG,
    _cue("remember_about", "'what do you remember about X'",
         r"(?:and\s+|e\s+)?(?:what|anything|what else)\s+do\s+you\s+(?:remember|recall)\s+" + _ABOUT + _X,
         ("what do you remember about the dentist?", "and what else do you recall about Sara?"),
         ("what do you remember?", "do you remember the dentist?")),
    _cue("know_about", "'what do you know about X' (about the person's own only: the code checks)",
         r"(?:and\s+|e\s+)?(?:what|anything|what else)\s+do\s+you\s+know\s+" + _ABOUT + _X,
         ("what do you know about my sister?", "anything do you know about Marco"),
         ("what do you think about my sister?", "do you know about Python?")),
    _cue("told_about", "'what did I tell you about X'",
         r"what\s+(?:did|have)\s+i\s+(?:told|tell|said|say|mention|mentioned)\s+(?:(?:to\s+)?you\s+)?" + _ABOUT + _X,
         ("what did I tell you about the boiler?", "what have I said about Marco"),
         ("what did you tell me about the boiler?", "what did I do yesterday?")),
    _cue("told_anything", "'did I tell you anything about X'",
         r"(?:did|have)\s+i\s+(?:told|tell|said|say)\s+(?:to\s+)?you\s+(?:anything|something)\s+" + _ABOUT + _X,
         ("did I tell you anything about the party?", "have I told you something about Anna"),
         ("did you tell me anything about the party?", "did I tell you about the party?")),
    _cue("remember_anything", "'do you remember anything about X'",
         r"(?:do|did)\s+you\s+(?:still\s+)?(?:remember|recall)\s+(?:anything|something|much)\s+" + _ABOUT + _X,
         ("do you remember anything about the wifi?", "do you still remember much about my trip?"),
         ("do you remember the wifi password?", "do I remember anything about it?")),
    _cue("ricordi_qualcosa", "'ricordi qualcosa di X'",
         r"(?:ti\s+)?ricordi\s+(?:qualcosa|niente|nulla)\s+" + _ABOUT + _X,
         ("ricordi qualcosa del dentista?", "ti ricordi niente di mia sorella?"),
         ("ricordi il dentista?", "ricordati qualcosa del dentista")),
    _cue("remember_what_said", "'do you remember what I said about X'",
         r"(?:do|did)\s+you\s+(?:still\s+)?(?:remember|recall)\s+what\s+i\s+(?:said|told\s+you|mentioned|wrote)\s+"
         + _ABOUT + _X,
         ("do you remember what I said about peonies?", "did you recall what I told you about the car"),
         ("do you remember what you said about peonies?", "do you remember what I bought?")),
    _cue("ricordi_cosa_detto", "'ti ricordi cosa ti ho detto di X'",
         r"(?:ti\s+)?ricordi\s+(?:che\s+)?cosa\s+ti\s+(?:ho|avevo)\s+(?:detto|raccontato|scritto)\s+" + _ABOUT + _X,
         ("ti ricordi cosa ti ho detto della caldaia?", "ricordi che cosa ti avevo scritto su Marco?"),
         ("ti ricordi cosa mi hai detto della caldaia?", "ricordi cosa ho comprato?")),
    _cue("do_you_remember", "'do you remember X'",
         r"do\s+you\s+(?:still\s+)?(?:remember|recall)\s+" + _X,
         ("do you remember my doctor's name?", "do you still recall the gate code"),
         ("did you remember to lock the door?", "you remember the code")),
    _cue("cosa_ricordi", "'cosa ricordi di X', 'che cosa hai in memoria su X'",
         r"(?:che\s+)?cosa\s+(?:ti\s+)?(?:ricordi|hai memorizzato|hai in memoria)\s+" + _ABOUT + _X,
         ("cosa ricordi del dentista?", "che cosa hai in memoria su Marco?"),
         ("cosa ricordi?", "cosa pensi del dentista?")),
    _cue("cosa_sai", "'cosa sai di X' (about the person's own only: the code checks)",
         r"(?:che\s+)?cosa\s+sai\s+" + _ABOUT + _X,
         ("cosa sai di mia sorella?", "che cosa sai del mio medico"),
         ("cosa sai fare?", "cosa sa di mia sorella?")),
    _cue("cosa_ti_ho_detto", "'cosa ti ho detto di X'",
         r"(?:che\s+cosa|cosa|che)\s+ti\s+(?:ho|avevo|avevamo)\s+(?:detto|raccontato)\s+" + _ABOUT + _X,
         ("cosa ti ho detto di mia sorella?", "che ti avevo raccontato del viaggio?"),
         ("cosa mi hai detto di mia sorella?", "cosa ti ho chiesto del viaggio?")),
    _cue("cosa_ho_salvato", "'cosa ho salvato su X'",
         r"(?:che\s+cosa|cosa|che)\s+(?:ti\s+)?(?:ho|avevo)\s+(?:salvato|segnato|memorizzato|annotato)\s+" + _ABOUT
         + _X,
         ("cosa ho salvato sul meccanico?", "che cosa ti avevo segnato del corso?"),
         ("cosa hai salvato sul meccanico?", "cosa ho comprato al mercato?")),
    _cue("cosa_hai_in_memoria", "'cosa hai salvato su X', 'cosa ricordi in memoria di X'",
         r"(?:che\s+cosa|cosa|che)\s+(?:hai|ha|ricordi|ricorda)\s+(?:in\s+memoria|memorizzato|salvato)\s+" + _ABOUT
         + _X,
         ("cosa hai salvato sul meccanico?", "che cosa ha in memoria di Paolo?"),
         ("cosa ho salvato sul meccanico?", "cosa hai fatto ieri?")),
    _cue("hai_qualcosa", "'hai salvato qualcosa su X'",
         r"hai\s+(?:in\s+memoria|memorizzato|salvato|segnato)\s+(?:qualcosa|qualcos'|niente|nulla)\s*" + _ABOUT + _X,
         ("hai salvato qualcosa sul corso di yoga?", "hai in memoria niente di Luca?"),
         ("ho salvato qualcosa sul corso", "hai salvato il file?")),
    _cue("had_told", "'what had I told you about X'",
         r"what\s+had\s+i\s+(?:told|said\s+to)\s+you\s+" + _ABOUT + _X,
         ("what had I told you about the party?", "what had I said to you about Marco"),
         ("what had you told me about the party?", "what had I told Anna about it?")),
    _cue("anything_saved", "'anything saved about X'",
         r"(?:anything|something)\s+(?:saved|stored|noted)\s+" + _ABOUT + _X,
         ("anything saved about the plumber?", "something noted on the insurance?"),
         ("anything new about the plumber?", "did you save anything about the plumber?")),
    _cue("have_anything_saved", "'do you have anything saved about X'",
         r"(?:do\s+)?you\s+(?:have|got)\s+anything\s+(?:saved|stored|noted|in\s+memory)\s+" + _ABOUT + _X,
         ("do you have anything saved about my car?", "you got anything in memory on Marco?"),
         ("do you have anything about my car?", "do I have anything saved about my car?")),
    # something told before, asked back ("com'era il film?" asks how it was: "com'era" recalls only a number,
    # a code, a name, an address…)
    _cue("qual_era", "'qual era X': something told before, asked back",
         r"(?:qual\s+era|quali\s+erano)\s+" + _X,
         ("qual era il numero del fornitore?", "quali erano gli orari della piscina?"),
         ("qual è il numero del fornitore?", "qualche numero era sbagliato")),
    _cue("comera", "'com'era il numero…': a number, code, name or address told before",
         r"(?:com'era|com'erano)\s+(?P<x>(?:il|la|l'|i|le)\s*(?:numer|codic|password|pin|nom|cognom|indirizz|targ|"
         r"telefon|mail|email|combinazion|sigl|orari)\w*\b.*)",
         ("com'era il numero del fornitore?", "com'era la password del wifi?"),
         ("com'era il film?", "come era il numero?")),
    _cue("what_was_again", "'what was X again'",
         r"what\s+was\s+(?P<x>.+?)\s+again",
         ("what was the gate code again?", "what was Anna's number again"),
         ("what was the gate code?", "what is the code again?")),
    _cue("what_is_again", "'what's the number for the gate again': a number, code, name or address asked again, "
                          "so told before (everyday10-38: the model made one up)",
         r"(?:what's|whats|what\s+is)\s+(?P<x>(?:the|my|our)\s+(?:[\w'-]+\s+){0,3}?(?:number|code|password|pin|name|"
         r"address|combination)\b.*?)\s+again\b(?:\s*[,;.!?-].*)?",  # (what follows a comma says why)
         ("what's the number for the gate again, I'm stood outside it", "what is my locker code again?",
          "whats the name of the plumber again"),
         ("what's the number for the gate?", "what's the capital of France again?", "what is a pin again?")),
    # "who's my accountant?", "chi è il mio commercialista?": only the memory knows the person's own people;
    # "who's Dr. Okafor again?": asked again, so told before
    _cue("who_again", "'who's X again': a person told before",
         r"(?:who's|whos|who\s+is|who\s+was)\s+(?P<x>.+?)\s+again",
         ("who's Dr. Okafor again?", "who was the plumber again"),
         ("who's Dr. Okafor?", "who called again?")),
    _cue("who_is", "'who is X', 'chi è X' (the person's own only: the code checks)",
         r"(?:who's|whos|who\s+is|chi\s+è|chi\s+e'|chi\s+era)\s+(?P<x>.+)",
         ("who's my accountant?", "chi è il mio commercialista?"),
         ("who called?", "chi ha chiamato?")),
    _cue("code_of", "'qual è il codice dell'allarme?', 'what's the wifi password?': a code only the person's "
                    "memory holds",
         r"(?:qual\s+è|qual\s+e'|qual'è|quale\s+è|what's|whats|what\s+is)\s+(?P<x>(?:il|la|l'|the|my|il mio|la mia)"
         r"\s*(?:(?:codic|password|pin|combinazion)\w*\b.*|\S+\s+(?:code|password|pin|combination)|"
         r"(?:code|password|pin|combination)\s+(?:for|of|to)\b.*))",
         ("qual è il codice dell'allarme?", "what's the wifi password?"),
         ("what's the weather?", "qual è la capitale della Francia?")),
    # read anywhere in a piece by the write veto (reported.asks_if_remembered): "…, te lo ricordi?" is recall's
    # question, never a fact to keep; the command is "ricordati", "ricorda che", "(do) remember that"
    Rule(id="asks_if_remembered",
         effect="the person asks whether the assistant remembers ('te lo ricordi?', 'do you remember…'): a recall",
         # the formal "Mi rammenta / Mi ricorda …?" asks to be told again (everyday22-4: a gate's combination)
         pattern=r"\bricordi\b|\b(?:do|does)\s+(?:you|u)\s+(?:remember|recall)\b|"
                 r"\bmi\s+(?:rammenta|rammenti|ricorda|rammenterebbe|ricorderebbe)\b(?=[^.!?]*\?)",
         match=("quando compie gli anni mia mamma, te lo ricordi?", "when is mum's birthday, do you remember?",
                "do u recall my wifi password", "Mi rammenta quella combinazione per aprire il cancello?"),
         no_match=("ricordati che il dentista è giovedì", "ricorda che Luca è vegano",
                   "do remember that my boss is called Dana", "remember that I parked on level 3",
                   "mi ricorda mio nonno. che ore sono?")),
    # read by the planner (reported.told_before): a question about what the person once said to the assistant
    Rule(id="told_before",
         effect="the person says they told the assistant before ('i think i mentioned it to you once', 'te l'ho "
                "detto'): what they ask is in their memory, a recall (everyday5-35 was answered 'I have no "
                "information')",
         pattern=r"\b(?:i\s+(?:think\s+|guess\s+)?(?:(?:have|'ve|already)\s+)?(?:mentioned|told\s+(?:you|u)|"
                 r"said)(?:\s+(?:it|that|this))?\s+(?:to\s+(?:you|u)|before|once|earlier|already)|as\s+i\s+told\s+(?:you|u)|"
                 r"te\s+l['’]?\s*(?:ho|avevo)\s+(?:già\s+|gia\s+)?dett[oa]|ti\s+(?:ho|avevo)\s+(?:già\s+|gia\s+)?"
                 r"dett[oa]|ne\s+abbiamo\s+(?:già\s+|gia\s+)?parlato|come\s+ti\s+(?:ho|avevo)\s+detto|"
                 # the formal "Le" (capital: "le" is "to her"), and "comunicato/riferito" for "detto"
                 r"(?:ti|vi|(?-i:Le))\s+(?:ho|avevo|avessi|abbia)\s+(?:già\s+|gia\s+)?(?:comunicat|riferit|accennat)[oa]|"
                 # what the person gave the assistant to keep ("tra le informazioni che le ho lasciato", "the info I
                 # gave you"): "le" lower-case here, as the formal "Le" is usually typed (everyday20-10)
                 r"(?:informazioni|dati|cose|note|appunti)\s+che\s+(?:ti|le|vi)\s+(?:ho|avevo)\s+(?:già\s+|gia\s+)?"
                 r"(?:lasciat|dat|fornit|dett|comunicat)[oaie]|"
                 r"(?:info(?:rmation)?|details|notes|stuff|things)\s+(?:that\s+)?i\s+(?:gave|left|told|sent)\s+(?:you|u))\b",
         match=("which do i like better coffee or tea i think i mentioned it to you once",
                "come si chiama il mio idraulico? te l'ho detto settimana scorsa",
                "what's my sister's name, I told you before", "ne abbiamo già parlato, quando parto?",
                "la data in cui Giulia festeggia gli anni, che a suo tempo Le avevo comunicato",
                "vorrei sapere se Le avessi comunicato il nome del mio consulente",
                "potrebbe verificarlo tra le informazioni che le ho lasciato in precedenza?",
                "check the info I gave you last week"),
         no_match=("I told him to call me", "he mentioned it to me", "mi ha detto che arriva domani",
                   "tell me a joke", "le ho comunicato la decisione ieri, a Maria")),
    _cue("ricordi", "'ti ricordi X'",
         r"(?:ti\s+)?ricordi\s+" + _X,
         ("ti ricordi il compleanno di Anna?", "ricordi il codice del cancello?"),
         ("ricordati il compleanno di Anna", "ricordo il codice")),
))
