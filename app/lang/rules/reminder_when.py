"""When a reminder is wanted: "alle 15", "domani sera", "tra 20 minuti", "ogni lunedì alle 8", "il 3 di ogni mese".

Read by lang/reminder_when.py, which reads the moment; the words of the request around it (the verb, what to be
reminded of) are rules/reminder_request.py's, read by lang/reminder_ask.py. Each pattern carries its named groups;
the values behind the words (a weekday's number, a part of the day's hours) are the dictionaries below, beside the
words they give meaning to. Dates said in full ("domani", "venerdì", "il 15 dicembre") are lang/when.py's and are
not repeated here.
"""
from __future__ import annotations

import re

from .month_words import MONTH_WORDS
from .table import WORD_END, WORD_START, Rule, Table
from .weekday_words import WEEKDAY_NUMBERS as WEEKDAYS
from .weekday_words import weekday_pattern

# -- values ------------------------------------------------------------------------------------------------------
_PLURALS = {"sabati": 5, "domeniche": 6}  # "tutti i sabati"; the other Italian names have no plural of their own
WEEKDAY_NUMBERS: dict[str, int] = {**WEEKDAYS, **_PLURALS}
# a part of the day: whether a bare hour in it is after noon, and the hour it means when no hour is said
PARTS: dict[str, tuple[str, int]] = {
    "mattina": ("am", 9), "mattino": ("am", 9), "mattine": ("am", 9), "morning": ("am", 9),
    "pomeriggio": ("pm", 15), "afternoon": ("pm", 15),
    "sera": ("pm", 20), "serata": ("pm", 20), "sere": ("pm", 20), "evening": ("pm", 20),
    "notte": ("night", 22), "notti": ("night", 22), "night": ("night", 22),
}
# a word that names a day and its part at once: (days from today, part)
DAY_PARTS: dict[str, tuple[int, str]] = {
    "stasera": (0, "sera"), "stanotte": (0, "notte"), "stamattina": (0, "mattina"), "stamani": (0, "mattina"),
    "stamane": (0, "mattina"), "domattina": (1, "mattina"), "tonight": (0, "evening"), "this morning": (0, "morning"),
    "this afternoon": (0, "afternoon"), "this evening": (0, "evening"), "oggi pomeriggio": (0, "pomeriggio"),
    "questo pomeriggio": (0, "pomeriggio"), "questa sera": (0, "sera"), "questa mattina": (0, "mattina"),
    "tonite": (0, "evening"), "2nite": (0, "evening"),  # as texted (reminders 485)
}
HOUR_WORDS: dict[str, int] = {
    "una": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8, "nove": 9,
    "dieci": 10, "undici": 11, "dodici": 12, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}
COUNT_WORDS: dict[str, int] = {
    "un": 1, "una": 1, "uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "dieci": 10,
    "quindici": 15, "venti": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50, "a": 1, "an": 1, "one": 1,
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50,
}
UNIT_MINUTES: dict[str, int] = {"min": 1, "h": 60, "giorn": 1440, "day": 1440, "settiman": 10080, "week": 10080,
                                "or": 60, "hour": 60, "hr": 60}
MEALS: dict[str, int] = {"colazione": 8, "breakfast": 8, "pranzo": 13, "lunch": 13, "lunchtime": 13, "lunch time": 13,
                         "cena": 20, "dinner": 20, "dinnertime": 20, "dinner time": 20}
# ("dopo pranzo": the same hour, a meal lasts)
FIRST_WORDS = ("primo", "first")  # "il primo di ogni mese": day 1
# "daily", "weekly", "monthly" as an adverb ("remind me monthly", "… every Friday, weekly"), not as the adjective
# of a noun ("the monthly report", "the daily standup": what to be reminded of, no repetition)
_ADVERB_END = r"(?!\s+(?!(?:to|at|on|about|from|for|and|in|starting|until|please|pls|thanks)\b)[a-z])"
# … nor after an article, where it is the noun ("per il weekly", "the daily": a meeting, no repetition)
_NOT_A_NOUN = r"(?<!\bil\s)(?<!\bal\s)(?<!\bdel\s)(?<!\bthe\s)(?<!\bmy\s)(?<!\bour\s)(?<!\ba\s)"
FRACTIONS: dict[str, int] = {"mezza": 30, "mezzo": 30, "meza": 30, "mezo": 30, "un quarto": 15, "tre quarti": 45,
                             "quarter": 15, "half": 30}  # "alle 7 e mezza" (and "meza", as typed), "a quarter past 6"

# -- pieces of the patterns ----------------------------------------------------------------------------------------
_B, _E = WORD_START, WORD_END
_WD = weekday_pattern(tuple(_PLURALS))
_DAY_N = r"(?:\d{1,2}|primo|first)(?:st|nd|rd|th|°|º)?"
_HOUR = r"(?P<h>[01]?\d|2[0-4])"
_NO_UNIT = r"(?!\s*(?:cm|mm|km|kg|mg|ml|cl|kmh|mph|gradi|degrees|euro|eur|dollars?|pounds?)(?!\w)|\s*[%°€$£])"
_IT_COUNT = "(?:un|una|uno|due|tre|quattro|cinque|sei|dieci|quindici|venti|trenta|quaranta|cinquanta)"
_EN_COUNT = "(?:an|a|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty|fifty)"
_UNITS = (r"(?:minut[oi]|minutes?|mins?|m|or[ae]|orett[ae]|hours?|hrs?|h|giorn[oi]|days?|settiman[ae]|weeks?)")

REMINDER_WHEN = Table("reminder_when", __doc__ or "", (
    # -- again and again -----------------------------------------------------------------------------------------
    Rule(
        id="every_day",
        effect="every day, or every morning/evening ('ogni giorno', 'tutte le sere', 'daily'); `part` says when",
        pattern=_B + r"(?:(?:ogni|every|evry|each)\s+(?P<part>giorno|gg|day|mattina|morning|sera|evening|notte|night|"
                     r"pomeriggio|afternoon)|tutti\s+i\s+giorni|tutt[ei]\s+le\s+(?P<part2>mattine|sere|notti)|{words})"
                + _E,
        words=(_NOT_A_NOUN + "daily" + _ADVERB_END, _NOT_A_NOUN + "everyday" + _ADVERB_END, "quotidianamente",
               "ogni santo giorno"),
        match=("ogni giorno alle 21", "ogni gg alle 6", "every day at 8am", "tutte le sere", "remind me daily",
               "Tutti le sere alle 21 ricordami", "evry day at 7",
               "remind me daily at 8 to stretch"),
        no_match=("ogni lunedì", "every other week", "il giorno dopo", "at 9 remind me about the daily standup"),
    ),
    Rule(
        id="workdays",
        effect="the working days, Monday to Friday ('every weekday', 'nei giorni feriali', 'dal lunedì al venerdì')",
        pattern=_B + r"(?:{words})" + _E,
        words=(r"(?:ogni|every|each|on|nei|tutti\s+i)\s+(?:giorn[oi]\s+(?:ferial[ei]|lavorativ[oi])|weekdays?|"
               r"working\s+days?|work\s*days?)", r"dal\s+luned[iì]\s+al\s+venerd[iì]",
               r"(?:from\s+)?mon(?:day)?\s+(?:to|through|thru|-)\s+fri(?:day)?"),
        match=("every weekday at 8:30", "dal lunedì al venerdì alle 7", "nei giorni feriali",
               "ogni giorno feriale alle 8", "mon to fri at quarter to 8"),
        no_match=("ogni giorno", "every week", "on monday"),
    ),
    Rule(
        id="every_weekday",
        effect="every one of some weekdays ('ogni lunedì', 'every monday and thursday', 'tutti i venerdì'); `days` "
               "lists them",
        pattern=_B + r"(?:ogni|every|evry|each|tutti\s+i|tutte\s+le)\s+(?P<days>" + _WD + r"s?(?:\s*(?:,|e|ed|and|&)\s*"
                + _WD + r"s?)*)" + _E,
        match=("ogni lunedì alle 8", "every monday and thursday", "tutti i venerdì", "ogni martedì e venerdì",
               "remind me evry tuesday and thursday at 7 pm"),
        no_match=("lunedì alle 8", "on monday", "ogni giorno"),
    ),
    Rule(
        id="plural_weekday",
        effect="a weekday said in the plural ('on mondays', 'fridays at 6'): every one of them",
        pattern=_B + r"(?:on\s+)?(?P<days>(?:mon|tues|wednes|thurs|fri|satur|sun)days)" + _E,
        match=("remind me on mondays at 8", "fridays at 6pm"),
        no_match=("on monday at 8", "friday's meeting"),
    ),
    Rule(
        id="month_day_every",
        effect="a day of every month ('il 3 di ogni mese', 'on the 1st of every month', 'ogni 10 del mese')",
        pattern=_B + r"(?:(?:(?:il|on\s+the|the)\s+)?(?:giorno\s+)?(?P<d>" + _DAY_N + r")\s+(?:di\s+ogni|of\s+every|"
                r"of\s+each|di\s+tutti\s+i|of\s+the)\s+(?:mes[ei]|months?)|ogni\s+(?P<d2>" + _DAY_N
                + r")\s+(?:del|di)\s+mese)" + _E,
        match=("il 3 di ogni mese", "on the 1st of every month", "ogni 10 del mese", "il primo di ogni mese"),
        no_match=("il 3 dicembre", "ogni mese", "on the 1st"),
    ),
    Rule(
        id="every_month",
        effect="every month, on a day when one is said ('ogni mese il 15', 'every month on the 15th', 'monthly')",
        pattern=_B + r"(?:{words})(?:\s*,?\s*(?:il|on\s+the|the|on)\s+(?:giorno\s+)?(?P<d>" + _DAY_N + "))?" + _E,
        words=(r"ogni\s+mese", r"every\s+month", r"each\s+month", _NOT_A_NOUN + "monthly" + _ADVERB_END, "mensilmente"),
        match=("every month on the 15th", "ogni mese il 15", "remind me monthly", "remind me monthly to pay rent"),
        no_match=("il mese prossimo", "every monday", "months ago", "tomorrow morning to submit the monthly report"),
    ),
    Rule(
        id="every_week",
        effect="every week, on today's weekday ('ogni settimana', 'weekly')",
        pattern=_B + r"(?:{words})" + _E,
        words=(r"ogni\s+settimana", r"every\s+week", r"each\s+week", _NOT_A_NOUN + "weekly" + _ADVERB_END,
               "settimanalmente"),
        match=("ogni settimana", "remind me weekly"),
        no_match=("la settimana prossima", "every weekday", "at 5 remind me to send the weekly report",
                  "lunedì alle 9 per il weekly"),
    ),
    # -- a moment ------------------------------------------------------------------------------------------------
    Rule(
        id="offset",
        effect="an amount of time from now ('tra 20 minuti', 'in 2 hours', 'tra un'ora e mezza', 'tra 3 giorni')",
        pattern=_B + r"(?P<pre>tra|fra|in|entro|within|after|dopo)\s+(?P<n>\d{1,4}|" + _IT_COUNT + "|" + _EN_COUNT
                + r"|a\s+couple\s+of|un\s+paio\s+d[i']?)\s*'?\s*(?:(?P<unit>" + _UNITS
                + r")(?:(?<=h)(?P<hm>[0-5]\d))?" + _E + r"|(?<=\d)(?=\s+(?:to|di)\s))"  # "in 10 to …": minutes
                # the minutes after the hours, with "e/and" or not ("tra 2 ore e 10 minuti", "in 2hrs 15min")
                r"(?:\s*(?:(?:e|and)\s+(?P<half>mezz[ao]|(?:a\s+)?half)|(?:e|and)\s+(?P<quarter>un\s+quarto|a\s+quarter)|"
                r"(?:(?:e|and)\s+)?"
                r"(?P<n2>\d{1,2})\s*(?:minuti|min|mins|minutes|m))" + _E + ")?",
        match=("avvisami tra 20 minuti", "in 2 hours", "tra un'ora e mezza", "in an hour and a half", "fra 3 giorni",
               "in a couple of hours", "tra un paio d'ore", "in 1h30", "ricordami tra 5 di scolare la pasta",
               "in 2hrs 15min", "tra 2h 15m", "remind me in one hour and half to take out the pierogi",
               "in an hour and a quarter", "tra un'ora e un quarto"),
        no_match=("tra Milano e Roma", "in 2024", "in the morning", "alle 20 minuti dopo", "in 1h300", "in un di"),
    ),
    Rule(
        id="offset_part",
        effect="half or a quarter of an hour from now ('tra mezz'ora', 'in half an hour', 'tra un quarto d'ora')",
        pattern=_B + r"(?:tra|fra|in|entro|within)\s+(?P<w>{words})" + _E,
        words=(r"(?:una\s+)?mezz'?\s*ora", "mezzora", r"half\s+an\s+hour", r"a\s+half\s+hour",
               r"(?:un|a)\s+quarto\s+d'?\s*ora", r"a\s+quarter\s+(?:of\s+an\s+)?hour",
               r"(?:tre|3)\s+quarti\s+d'?\s*ora",
               r"three\s+quarters\s+of\s+an\s+hour"),
        match=("tra mezz'ora", "in half an hour", "fra un quarto d'ora", "fra 3 quarti d'ora"),
        no_match=("a mezzogiorno", "tra un'ora"),
    ),
    Rule(
        id="day_part",
        effect="a word that names a day and its part ('stasera', 'domattina', 'tonight', 'this afternoon')",
        pattern=_B + r"(?P<w>{words})" + _E,
        words=tuple(w.replace(" ", r"\s+") for w in sorted(DAY_PARTS, key=len, reverse=True)),
        match=("ricordami stasera", "remind me tonight at 9", "oggi pomeriggio"),
        no_match=("ieri sera", "tomorrow morning", "sera"),
    ),
    Rule(
        id="day_short",
        effect="tomorrow as people type it in a hurry ('tmrw', '2moro', 'dmn'), or say it in a dialect (Scots 'the "
               "morra', Neapolitan 'dimane': reminders batch 14's tune half kept them in what to remind)",
        pattern=_B + r"(?:{words})" + _E,
        words=("tmrw", "tmr", "tmrow", "2moro", "2morrow", "tomoz", "tomoro", "tomorra", "dmn", "dmani",
               r"the\s+morra", "dimane"),
        match=("remind me tmrw at 8", "2moro at 9", "ricordami dmn h 8 lezione", "remind me the morra at 6",
               "ricordami dimane alle 7", "remind me at noon tomoro to clean my hockey bag"),
        no_match=("tomorrow", "tmrws"),
    ),
    Rule(
        id="short_month_first",
        effect="a short English month before the day ('Dec 24', 'on Mar 3rd'), which lang/when.py leaves alone "
               "('mar' and 'dec' are no date in a sentence at large); said with a remind verb, it is a date",
        pattern=_B + r"(?P<mon>{words})\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?" + _E + r"(?!\s*[:./]\d)",
        words=("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"),
        match=("remind me on Dec 24 at 10am", "mar 3rd at 9"),
        no_match=("dec 2024", "remind me in 24 hours"),
    ),
    Rule(
        id="weekday_day",
        effect="a weekday with its day of the month and no month ('sabato 12', 'Friday the 11th'): that date",
        pattern=_B + _WD + r"(?:\s+the)?\s+(?P<d>\d{1,2})(?:st|nd|rd|th|°)?" + _E
                + r"(?!\s*[:./-]\d|\s*[ap]\.?\s?m\b|\s*(?:ore|hours?|"
                r"minut)|\s+(?:di\s+|of\s+)?" + MONTH_WORDS.either("month_it", "month_en", "month_short") + ")",
        match=("ricordami sabato 12 alle 10", "remind me Friday the 11th"),
        no_match=("sabato alle 12", "sabato 12:30", "sabato 12-12", "friday 2 hours", "lunedì 14 dicembre",
                  "sunday 2 pm", "Thursday 10 December"),
    ),
    Rule(
        id="meal",
        effect="a meal as the time ('a pranzo', 'at lunchtime', 'a cena'): its usual hour (MEALS)",
        # "tomorrow lunch time remind me…" (batch 14's held 695, declared): "X time" is the time without a preposition
        pattern=_B + r"(?:(?:a|at|per|for|all'ora\s+di|dopo|after)\s+(?:the\s+)?|(?=\w+\s+time\b))"
                     r"(?P<meal>{words})" + _E,
        words=("pranzo", "cena", "colazione", "lunchtime", r"lunch\s+time", "lunch", "dinnertime", r"dinner\s+time",
               "dinner", "breakfast"),
        match=("domenica a pranzo", "on sunday at lunchtime", "stasera a cena", "tomorrow lunch time remind me"),
        no_match=("il pranzo di Natale", "lunch with Bob", "a cenare"),
    ),
    Rule(
        id="month_day",
        effect="a day of the month alone ('il 15', 'on the 3rd'): the next such day",
        pattern=_B + r"(?:il\s+(?:giorno\s+)?(?P<d>\d{1,2})(?:°|º)?|(?:on\s+)?the\s+(?P<d2>\d{1,2})"
                     r"(?:st|nd|rd|th))" + _E + r"(?!\s*[:./-]\d)",
        match=("ricordami il 15 di pagare", "remind me on the 3rd", "il giorno 5 alle 11"),
        no_match=("alle 15", "il 15:30", "the 3 files", "il 10-01"),
    ),
    Rule(
        id="date_article",
        effect="the article or 'on' right before a date ('il 15 dicembre', 'on the 20th of May', 'on Friday'): part "
               "of the date, not of what to be reminded of; read on the text before the date",
        pattern=_B + r"(?:{words})\s*$",
        words=("il", r"on\s+the", "the", "on", "per il", "this", r"on\s+this", "questo", "questa"),
        match=("ricordami il ", "remind me on the ", "remind me on "),
        no_match=("ricordami alle ", "remind me at "),
    ),
    Rule(
        id="part",
        effect="a part of the day ('di sera', 'del pomeriggio', 'in the morning', 'domani sera'): an hour in it is "
               "before or after noon; alone, it is its usual hour",
        # after an article or a possessive it names a thing ("the night shift", "my morning run"), no moment
        pattern=_B + r"(?<!\bthe\s)(?<!\bmy\s)(?<!\bour\s)(?<!\ba\s)(?<!\bla\s)(?<!\bil\s)"
                r"(?:in\s+(?:the\s+)?|di\s+|de\s+|del\s+|della\s+|nel\s+|at\s+)?(?P<part>{words})" + _E,
        words=tuple(sorted(PARTS, key=len, reverse=True)),
        match=("alle 9 di sera", "at 6 in the morning", "sabato pomeriggio", "every sunday 6 in evening"),
        no_match=("seraphina", "mornings are cold", "about the night shift swap", "send the morning route sheets"),
    ),
    # -- a clock time --------------------------------------------------------------------------------------------
    Rule(
        id="clock_at",
        effect="an hour after 'alle/at/ore' ('alle 15', 'alle 9.30', 'alle 7 e mezza', 'at 10am'); a number said "
               "with a unit is a measure, not an hour ('she's at 6cm', reminders 663: the 3 hours asked became 6:00)",
        pattern=_B + r"(?:{words})\s*" + _HOUR + _NO_UNIT
                + r"(?:[:.](?P<m>[0-5]\d)|\s+e\s+(?P<frac>mezza|mezzo|meza|mezo|"
                r"un\s+quarto|tre\s+quarti|(?P<mm>[0-5]?\d))|\s+meno\s+(?P<less>un\s+quarto|[0-5]?\d))?"
                r"(?:\s*(?P<ap>[ap])\.?\s?m\b\.?)?(?!\d|[:.]\d)(?:\s*o'\s?clock\b|\s+in\s+punto\b|\s+sharp\b)?",
        words=(r"alle\s+ore", "alle", "all'", "ore", r"verso\s+le", r"a\s+le", "at", "by", "around", "@", "h"),
        match=("alle 15 di chiamare", "alle 9.30", "alle 7 e mezza", "at 10am", "alle 15 e 30",
               "lunedì alle 9: chiamare", "alle 6 meno un quarto", "at 10 o'clock to telephone", "alle 5 in punto"),
        no_match=("alle poste", "at home", "tra 2 ore e mezza", "check the mum, she's at 6cm", "alle 5 km da casa",
                  "at 30% battery"),
    ),
    Rule(
        id="clock_past",
        effect="an English hour with its quarter or half ('a quarter past 6', 'half past 7', 'a quarter to 8', "
               "'10 to 5', the British 'half eight' = 8:30)",
        pattern=_B + r"(?:at\s+)?(?:a\s+)?(?P<frac>quarter|half|[0-5]?\d)\s+(?:minutes\s+)?"
                r"(?:(?P<dir>past|to)\s+|(?<=half\s))"
                r"(?P<h>1[0-2]|0?\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)" + _E
                + r"(?:\s*(?P<ap>[ap])\.?\s?m\b\.?)?",
        match=("remind me at a quarter past 6", "half past 7 tonight", "at 10 to 5", "at half past eleven",
               "at half six"),
        no_match=("go to 5th avenue", "past 7 days", "a quarter of the cake", "half a day"),
    ),
    Rule(
        id="clock_ampm",
        effect="an hour with am/pm and no 'at' ('6pm', '7:45 pm', '4:15pm')",
        pattern=r"(?<![\w:.])(?P<h>1[0-2]|0?\d)(?:[:.](?P<m>[0-5]\d))?\s*(?P<ap>[ap])\.?\s?m\b\.?",
        match=("every friday 6pm", "remind me 7:45 pm", "4:15pm"),
        no_match=("I am home", "5 pages", "team meeting 5pmx"),
    ),
    Rule(
        id="clock_hhmm",
        effect="a clock time written hh:mm with nothing before it ('14:30')",
        pattern=r"(?<![\w:.])(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?!\d|:\d)",
        match=("domani 14:30", "promemoria 9:05 dentista"),
        no_match=("ratio 1:2", "12:345"),
    ),
    Rule(
        id="clock_military",
        effect="a time in four digits after 'at/alle' ('at 0700 hours', 'at 1930'), as the armed forces and rotas "
               "say it",
        pattern=_B + r"(?:at|alle|by|@)\s*(?P<h>[01]\d|2[0-3])(?P<m>[0-5]\d)(?:\s*(?:hours|hrs|h)" + _E + r")?(?!\d)",
        match=("remind me at 0700 hours", "at 1930 hrs roll call", "alle 0645"),
        no_match=("2024 hours of video", "in 1200 hours", "call 0700", "at 12345"),
    ),
    Rule(
        id="clock_military_day",
        effect="a time in four digits beside the day ('1730 today', '0745 tomorrow', '2215 tonight'), at the start or "
               "after 'for/reminder/per/me' (reminders 520, 528, 536; 'Remind me 0600 tmrw', batch 15), or right "
               "before the verb that asks ('Every weekday 0730 remind me…': a rota's way, batch 15)",
        pattern=r"(?:(?:^|(?<=\bfor\s)|(?<=\bper\s)|(?<=reminder\s)|(?<=promemoria\s)|(?<=\bme\s))"
                # (\x00: the day already read and blanked, lang/reminder_when.py)
                r"(?=\d{4}\s*(?:(?:today|tonight|tomorrow|tmrw|oggi|stasera|stanotte|domani)" + _E + r"|\x00))|"
                r"(?<![\w:.,])(?<!\bin\s)(?<!\bnel\s)(?=\d{4}\s+(?:remind|ricord|avvis|ping|alert)))"
                r"(?P<h>[01]\d|2[0-3])(?P<m>[0-5]\d)",
        match=("Set a reminder for 1730 today", "0745 tomorrow remind me", "Set reminder 2215 tonight: call",
               "Remind me 0600 tmrw to take the calving jack", "Remind me 1400 today recheck the Jones ewe",
               "Every weekday 0730 remind me check the log", "1st of every month 0830 remind me practice mtg"),
        no_match=("2024 holidays", "call 0700", "in 1200 hours", "pay 2000 today", "remind me to pay 1500 tomorrow",
                  "in 2024 remind me to renew", "12345 remind me"),
    ),
    Rule(
        id="clock_part",
        effect="an hour with its part of the day and no 'at' ('every sunday 6 in evening', 'domenica 9 di sera'): "
               "the hour; the part is read after it (`part`)",
        pattern=r"(?<![\w:.,])(?<!\bat\s)(?<!\balle\s)(?<!\bore\s)(?P<h>1[0-2]|0?\d)"
                r"(?=\s+(?:in\s+(?:the\s+)?|di\s+|del\s+|della\s+)(?:morning|evening|afternoon|night|mattina|sera|"
                r"pomeriggio|notte)" + _E + ")",
        match=("remind me every sunday 6 in evening to call", "domenica 9 di sera"),
        no_match=("2 cats in the evening", "at 6 in the morning", "15 di sera", "in 3 days in the evening"),
    ),
    Rule(
        id="clock_word",
        effect="an hour said in words ('alle otto', 'all'una', 'at eight')",
        pattern=_B + r"(?:alle|all'|a\s+le|verso\s+le|at)\s*(?P<hw>{words})" + _E
                + r"(?:\s+e\s+(?P<frac>mezza|mezzo|meza|mezo|un\s+quarto)|\s+meno\s+(?P<less>un\s+quarto))?",
        words=tuple(sorted(HOUR_WORDS, key=len, reverse=True)),
        match=("alle otto", "all'una", "at eight", "alle sei meno un quarto", "domattina presto, verso le sette"),
        no_match=("alle poste", "at home", "alle 8"),
    ),
    Rule(
        id="noon",
        effect="noon or midnight in words ('a mezzogiorno', 'at noon', 'a mezzanotte')",
        pattern=_B + r"(?:(?:a|at|alle|by)\s+)?(?P<w>{words})" + _E
                + r"(?:\s+e\s+(?P<frac>mezza|mezzo|un\s+quarto)|\s+meno\s+(?P<less>un\s+quarto))?",
        words=("mezzogiorno", "mezzanotte", "noon", "midnight", "midday"),
        match=("a mezzogiorno", "at noon", "by midnight", "a mezzanotte e un quarto"),
        no_match=("afternoon", "mezzogiornata"),
    ),
))

# the flags every rule above is read with
FLAGS = re.IGNORECASE
