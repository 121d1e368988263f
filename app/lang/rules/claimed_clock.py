"""What a written answer says about the clock: today's date or weekday, the time or the part of the day now.

Read by app/planner/writing.py on an answer the model wrote with no tool run. The model has no clock: asked "what
day is it even. nights have me wrecked" (everyday8-36) it wrote "It's currently evening." — a guess stated as a
fact. Such an answer is replaced by the machine's own date or time (tools/clock.py), which is what was asked. A
date in a sentence about something else ("Christmas is on a Friday this year", "il 25 aprile è festa") is no claim
about now.
"""
from __future__ import annotations

import re

from .month_words import MONTHS_EN, MONTHS_IT
from .numbers_words import longest_first
from .table import Rule, Table
from .weekday_words import WEEKDAY_NUMBERS

_MONTHS = (*MONTHS_EN, *MONTHS_IT)  # the one table of month names (month_words.py)
_WEEKDAYS = longest_first(WEEKDAY_NUMBERS)  # the one table of weekday names (weekday_words.py)

CLAIMED_CLOCK = Table("claimed_clock", __doc__ or "", (
    Rule(
        id="date_now",
        effect="the answer states today's weekday ('Today is Monday', 'it's currently Tuesday', 'oggi è sabato'): "
               "the clock's, never the model's",
        pattern=r"\b(?:today\s+is|the\s+date\s+(?:today\s+)?is|it(?:'s|\s+is)\s+(?:currently\s+|now\s+)?|"
                r"oggi\s+(?:è|e'|siamo)|siamo)\s*(?:{words})\b",
        words=_WEEKDAYS,
        match=("Today is Monday, so take it easy.", "It's currently Tuesday.", "oggi è sabato", "Siamo lunedì."),
        no_match=("Christmas is on a Friday this year.", "Monday is a good day to start.",
                  "Oggi è una bella giornata per camminare."),
    ),
    Rule(
        id="date_now_day",
        effect="the answer states today's date ('Oggi è il 5 dicembre', 'The date today is December 5th', 'today "
               "is the 3rd'): the clock's, never the model's",
        pattern=r"\b(?:today\s+is|(?:today's|the\s+current)\s+date\s+is|the\s+date\s+(?:today\s+)?is|oggi\s+(?:è|e'|siamo)|"
                r"la\s+data\s+(?:di\s+oggi|odierna|attuale|corrente)\s+è)\s*(?:il\s+|the\s+)?"
                r"(?:\d{1,2}(?:st|nd|rd|th)?\b|{words})",
        words=("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
               "november", "december"),
        match=("Oggi è il 5 dicembre.", "The date today is December 5th.", "today is the 3rd",
               "Sì, la data odierna è il 28/04/2023."),
        no_match=("Il 25 aprile è festa.", "Today is a good day.", "Oggi è una bella giornata per camminare."),
    ),
    Rule(
        id="time_now",
        effect="the answer states the time or the part of the day now ('It's currently evening', 'Sono le 10', "
               "'right now it is 3 pm'): the clock's, never the model's",
        pattern=r"\b(?:it(?:'s|\s+is)\s+(?:currently|now)\s+|right\s+now\s+it(?:'s|\s+is)\s+|(?:adesso|ora)\s+sono\s+"
                r"le\s+|^\s*sono\s+le\s+|è\s+(?:già\s+)?(?=(?:{words})\b))(?:\d{1,2}\b|{words}|the\s+(?:{words}))|"
                r"\b(?:the\s+(?:current\s+time|time\s+(?:right\s+)?now)\s+(?:in\s+[\w .'-]{2,40}?\s+)?is|"
                r"l'ora\s+(?:attuale|esatta)\s+(?:(?:a|in)\s+[\w .'-]{2,40}?\s+)?è|"
                r"(?:l['’]\s*|la\s+)ora\s+(?:di\s+adesso\s+|adesso\s+)?è\s+(?:le\s+)?(?=\d{1,2}(?:[:.]\d{2}|\b))|"
                r"(?:a|in)\s+[A-Z][\w .'-]{1,40}?\s+(?:adesso\s+|ora\s+)?sono\s+le)\b|"
                r"^\s*it(?:'s|\s+is)\s+(?:about\s+|around\s+)?\d{1,2}(?::\d{2}\b|\s*(?:[ap]\.?m\b|o'clock))",
        flags=re.IGNORECASE | re.MULTILINE,
        words=("morning", "afternoon", "evening", "night", "noon", "midnight", "mattina", "pomeriggio", "sera",
               "notte", "mezzogiorno", "mezzanotte"),
        match=("It's currently evening.", "Sono le 10 e un quarto.", "Right now it's 3 pm.", "È già sera, riposati.",
               "It is now the afternoon.", "The current time is [insert current time].",
               "It's 10:30 AM.", "it is about 5 pm", "The current time in San Francisco is 12:00 PM.",
               "A Tokyo adesso sono le 3 di notte.", "La ora è 12:30.", "L'ora è le 9 e mezza."),
        no_match=("Evening is a good time to rest.", "Alle 10 sono le prove.", "It's a nice evening for a walk.",
                  "The time in Tokyo is usually ahead of Rome.",
                  "Il film dura due ore.",
                  "It's 10 km from the station.", "It's 3 times bigger than the old one.",
                  "L'ora è un'unità di tempo.", "La ora è una parola antica."),
    ),
    Rule(
        id="zone_now",
        effect="the answer names a time zone ('set to the Eastern Standard Time (EST) timezone', 'il fuso orario è "
               "CET', 'you're on UTC'): of this computer, the machine's own (where_am_i), never the model's "
               "(everyday19-68 was told EST on a machine set to UTC)",
        words=(r"time\s*zone", r"fuso\s+orario", r"(?:[ECMP][SD]T|CES?T|GMT|UTC|BST|IST|JST|AEST)\b",
               r"[A-Z][a-z]+/[A-Z][A-Za-z_]+"),
        flags=0,
        match=("The box set is likely set to the Eastern Standard Time (EST) timezone.", "Il fuso orario è CET.",
               "You're on UTC.", "It uses Europe/Rome."),
        no_match=("Set the clock to daylight saving.", "L'orario è giusto.", "Costs 5 euro/month."),
    ),
    Rule(
        id="zone_asked",
        effect="a question about the time zone this computer is set to ('what timezone's this box set to', 'che "
               "fuso orario ho?'): with no other place named (elsewhere_named), the answer is the machine's",
        words=(r"time\s*zone", r"tz", r"fuso\s+orario", r"fuso"),
        match=("what timezone's this box set to mate, clock looks off", "che fuso orario ha questo pc?",
               "which time zone am I in"),
        no_match=("what time is it", "che ore sono?", "fusione di file"),
    ),
    Rule(
        id="time_asked",
        effect="a question that asks the time ('che ore sono', 'what time is it', 'l'ora esatta'): with a place "
               "named after it, the time there is asked (elsewhere_named)",
        words=(r"che\s+or[ae]", r"what\s+time", r"what['’]?s\s+the\s+time", r"time\s+is\s+it", r"time\s+now",
               r"l['’]ora", "orario", r"current\s+time", r"local\s+time"),
        match=("what time is it over in Rishikesh right now?", "che ore sono a Tokyo?", "dimmi l'ora a Lima",
               "the current time in Accra"),
        no_match=("what day is it", "che giorno è oggi?", "ora leggimi il file", "time to go"),
    ),
    Rule(
        id="elsewhere_named",
        effect="a name written with a capital after 'in', 'a', 'ad' or 'at' ('…in Rishikesh', 'a Nuuk'): in a question "
               "that asks the time (time_asked), a place — also one the zone table does not know, which the world "
               "clock then says it does not know (everyday12-39 was answered the time here: \"It's 11:37.\")",
        pattern=r"(?<![\w/])(?i:in|a|ad|at)\s+(?P<place>[A-Z][^\W\d_]+(?:[ -][A-Z][^\W\d_]+){0,2})",
        flags=0,
        match=("what time is it over in Rishikesh right now?", "che ore sono a Nuuk adesso?",
               "what time is it at Port Moresby", "ora esatta ad Ushuaia"),
        no_match=("what time is it in the office", "che ore sono adesso?", "leggi /tmp/a in fretta",
                  "in english please"),
    ),
    Rule(
        id="date_asked",
        effect="a question that asks for the day or the date: a time stated instead ('what day is it even' → "
               "'It's currently evening.') is answered with the date",
        words=("day", "date", "weekday", "giorno", "data", r"che\s+giorno"),
        match=("what day is it even. nights have me wrecked", "che giorno è oggi?", "what's the date"),
        no_match=("what time is it", "che ore sono?", "is it evening already?"),
    ),
    Rule(
        id="when_stated",
        effect="the answer states a day, a date or a time ('giovedì alle 14:00', 'il 15 maggio', 'at 3 pm'): about the "
               "person's own matters, written with no tool run and no saved fact beside it, the model made it up "
               "(everyday9-28 answered a birthday with '15 maggio', the saved one is 14 marzo)",
        pattern=r"\b(?:\d{1,2}[:.]\d{2}|(?:alle|at)\s+\d{1,2}\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{words})|"
                r"(?:{words})\s+\d{1,2}(?:st|nd|rd|th)?\b|" + "|".join(_WEEKDAYS) + r")",
        flags=re.IGNORECASE,
        words=_MONTHS,
        match=("Attendi il cavadenti giovedì alle 14:00.", "Il compleanno di Giulia è il 15 maggio.",
               "Your appointment is at 3 pm.", "It's on March 14th."),
        no_match=("Non lo so.", "Giulia è tua nipote.", "The code has 4 digits.", "Il maggiordomo è arrivato."),
    ),
    Rule(
        id="clock_figure",
        effect="a time of day written as a figure ('12:00', 'alle 14.30'): in an answer to a question of the time "
               "(time_asked) with no tool run it is the model's invention, whatever words surround it ('Sono in "
               "questo momento 12:00 in Grecia.', 'Sono in Grecia alle 14:00.': the world clock was never asked)",
        pattern=r"\b(?:[01]?\d|2[0-3])[:.][0-5]\d\b",
        match=("Sono in questo momento 12:00 in Grecia.", "Sono in Grecia alle 14:00.", "It's 3:45 over there.",
               "ore 9.30"),
        no_match=("Costa 5 euro.", "Ci sono 3 ore di differenza.", "version 10.123", "nel 2026"),
    ),
))
