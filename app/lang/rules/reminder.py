"""A request to be reminded at a time ("ricordami di chiamare mamma tra 10 minuti", "remind me at 5pm to…").

Read by memory/facts.py (`timed_reminder`, and `extract_fact` before it keeps anything): such a request is no fact
to store. The reminders' routing stage (app/reminders/stage.py) runs before memory's and sets it, reading the
moment with lang/reminder_ask.py (whose own words are rules/reminder_when.py); these rules also tell it a remind
request whose moment is too vague to set ("più tardi", "later"), which is answered with a question. A plain todo
("ricordati di comprare il latte") stays a fact; what makes a reminder timed is a clock time, an offset, a later
moment or a later day. The time rules are joined in that code into one search.
"""
from __future__ import annotations

import re

from app.lang.when import DAY_WORDS

from .table import Rule, Table

REMINDER = Table("reminder", __doc__ or "", (
    Rule(
        id="remind",
        effect="a verb asking to be reminded or alerted, at the start; what follows (`rest`) says whether it is "
               "at a time",
        mode="match",
        pattern=r"(?P<w>{words})\b(?P<rest>.*)",
        # the person or the people asking: "remind us at half five…", "ricordaci domani di…" (everyday9-34)
        words=("ricordami", "ricordaci", "ricordati", "ricorda", "rammentami", "rammentaci", "avvisami", "avvisaci",
               "remind me", "remind us", "remember", "alert me", "alert us", "ping me", "ping us"),
        match=("ricordami di chiamare mamma tra 10 minuti", "ping me at 5pm", "avvisami stasera",
               "remind us at half five to ring our kid", "ricordaci domani di pagare l'affitto"),
        no_match=("ricordarsi è difficile", "remembering names is hard", "mi ricordi il codice?"),
        flags=re.IGNORECASE | re.DOTALL,
    ),
    Rule(
        id="remind_needs_to",
        effect="the remind verbs that ask for a reminder only with 'di/to' after them ('ricordati di chiamare alle "
               "9'; 'remember the birthday at 9' is left to the other rules); read on the verb `remind` found",
        mode="match",
        pattern=r"(?:{words})\b",
        words=("remember", "ricorda", "ricordati"),
        match=("ricordati di chiamare mamma alle 5", "remember to call Bob at noon"),
        no_match=("ricordami di chiamare mamma alle 5", "remind me to call Bob at noon", "rememberall"),
    ),
    Rule(
        id="remind_italian",
        effect="the remind verbs said in Italian: the person is answered in Italian; read on the verb found",
        mode="match",
        words=("ricord", "rammenta", "avvisa"),
        pattern="(?:{words})",
        match=("ricordami di chiamare mamma tra 10 minuti", "avvisami alle 5"),
        no_match=("remind me in 10 minutes to call mum", "ping me at 5", "alert me tonight"),
    ),
    Rule(
        id="remind_fact",
        effect="after the remind verb, 'che/that': a fact to keep whatever its time ('ricordami che il dentista è "
               "alle 9')",
        mode="match",
        pattern=r"^\s*(?:{words})",
        words=("che", "that", ":", ","),
        match=(" che il dentista è alle 9", " that the meeting moved to 3pm", ": la palestra apre alle 7"),
        no_match=(" di chiamare mamma alle 5", " to call Bob at noon", " chiamare Marco, che aspetta"),
    ),
    Rule(
        id="remind_to",
        effect="after 'remember/ricorda(ti)', 'di/to': the reminder form ('ricordati di chiamare alle 9'); "
               "'ricordati il compleanno alle 9' is not",
        mode="match",
        pattern=r"\s+(?:{words})\b",
        words=("di", "to"),
        match=(" di chiamare mamma alle 5", " to call Bob at noon"),
        no_match=(" il compleanno alle 9", " today at noon", " dirmelo alle 5"),
    ),
    # -- the times that make a reminder timed (searched in what follows the verb) --
    Rule(
        id="in_a_while",
        effect="an offset from now ('tra 10 minuti', 'in an hour', 'entro mezz'ora')",
        pattern=r"\b(?:tra|fra|entro|in|within|after|dopo)\s+(?:(?:{words})\s*'?\s*)?"
                r"(?:minut\w*|min|ora|ore|oretta|secondi|quarto d'ora|minutes?|mins?|hours?|hrs?|seconds?|secs?)\b",
        # how many: "tra un quarto d'ora", "in half an hour", "fra dieci minuti"
        words=("un", "una", "un'", r"\d+", "mezz'?", "mezza", "a", "an", "half an?", "one", "two", "three", "five",
               "ten", "fifteen", "twenty", "thirty", "due", "tre", "cinque", "dieci", "quindici", "venti", "trenta"),
        match=("ricordami di chiamare mamma tra 10 minuti", "remind me in an hour to stretch",
               "avvisami fra un quarto d'ora"),
        no_match=("ricordami di comprare il latte", "tra Milano e Roma", "within the folder"),
    ),
    Rule(
        id="at_clock",
        effect="a clock time after 'alle', 'at', 'by', 'verso le'…",
        pattern=r"\b(?:{words})\s*\d{1,2}(?:[:.]\d{2})?",
        words=("alle", "all'", "at", "ore", "by", "verso le", "dopo le", "prima delle", "around", "after", "before"),
        match=("avvisami alle 17", "remind me at 5 to call Bob", "ricordamelo verso le 9:30"),
        no_match=("ricordami di andare alle poste", "remind me at home", "alle tre"),
    ),
    Rule(
        id="am_pm",
        effect="a clock time with am/pm ('5pm', '7:30 am')",
        pattern=r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:{words})\b",
        words=("am", "pm"),
        match=("ping me 5pm", "call the vet at 7:30 am"),
        no_match=("I am home", "5 pages to read", "team meeting 5pmx"),
    ),
    Rule(
        id="noon",
        effect="'a mezzogiorno', 'at midnight': a clock time said in words",
        pattern=r"\b(?:a|at)\s+(?:{words})\b",
        words=("mezzogiorno", "mezzanotte", "noon", "midnight"),
        match=("ricordamelo a mezzogiorno", "ping me at noon"),
        no_match=("mezzogiorno di fuoco", "at the noon show", "afternoon tea"),
    ),
    Rule(
        id="soon",
        effect="'tra poco', 'fra un po'': a little later today",
        pattern=r"\b(?:tra|fra) (?:{words})",
        words=("poco", "un po'"),
        match=("ricordamelo tra poco", "fra un po' chiamami"),
        no_match=("tra pochi giorni", "fra Martino", "tra un posto e l'altro"),
    ),
    Rule(
        id="later_moment",
        effect="a later moment of a day ('stasera', 'later today', 'domani mattina', 'ogni sera alle…')",
        words=("stasera", "stanotte", "stamattina", "stamani", "domattina", "più tardi", "piu tardi", "dopo pranzo",
               "dopo cena", "tonight", "this (?:evening|afternoon|morning)", "later(?: today| on)?",
               "in a (?:bit|while|moment)", "tomorrow (?:morning|evening|night|afternoon)",
               "domani (?:mattina|sera|pomeriggio)", "oggi pomeriggio", "ogni (?:giorno|mattina|sera) alle",
               "every (?:day|morning)"),
        match=("avvisami stasera", "remind me later today", "ricordami domani mattina di pagare"),
        no_match=("ieri sera", "ogni giorno", "tomorrow I fly", "the latest news"),
    ),
    # -- a later day: "domani", "giovedì", "next week", "il 12" (today itself is no later day) --
    Rule(
        id="later_day",
        effect="a day after today by name ('domani', 'giovedì', 'friday'): a reminder for that day",
        words=tuple(sorted(DAY_WORDS - {"oggi", "today"})),
        match=("ricordami di chiamare Anna domani", "remind me on friday to pay rent"),
        no_match=("ricordami di chiamare Anna oggi", "remind me today to pay rent", "the fridge is empty"),
    ),
    Rule(
        id="later_date",
        effect="next week or a day of the month ('la prossima settimana', 'on the 12th', 'il 12')",
        words=("next week", "la prossima settimana", "settimana prossima", r"on the \d{1,2}(?:st|nd|rd|th)?",
               r"il \d{1,2}"),
        match=("ricordami di pagare il 12", "remind me next week to renew", "remind me on the 3rd"),
        no_match=("ricordami di pagare il 123", "the next weekend", "il mese prossimo"),
    ),
))

# How the timed-reminder code joins them (one search over what follows the verb)
TIME_RULES = ("in_a_while", "at_clock", "am_pm", "noon", "soon", "later_moment")
DAY_RULES = ("later_day", "later_date")
