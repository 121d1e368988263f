"""What a written answer says about the clock: today's date or weekday, the time or the part of the day now.

Read by app/planner/writing.py on an answer the model wrote with no tool run. The model has no clock: asked "what
day is it even. nights have me wrecked" (everyday8-36) it wrote "It's currently evening." — a guess stated as a
fact. Such an answer is replaced by the machine's own date or time (tools/clock.py), which is what was asked. A
date in a sentence about something else ("Christmas is on a Friday this year", "il 25 aprile è festa") is no claim
about now.
"""
from __future__ import annotations

import re

from .table import Rule, Table

_WEEKDAYS = (r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|luned[iì]|marted[iì]|mercoled[iì]|"
             r"gioved[iì]|venerd[iì]|sabato|domenica")

CLAIMED_CLOCK = Table("claimed_clock", __doc__ or "", (
    Rule(
        id="date_now",
        effect="the answer states today's weekday or date ('Today is Monday', 'Oggi è il 5 dicembre', 'it's "
               "currently Tuesday'): the clock's, never the model's",
        pattern=r"\b(?:today\s+is|today's\s+date\s+is|the\s+date\s+(?:today\s+)?is|it(?:'s|\s+is)\s+(?:currently\s+|"
                r"now\s+)?(?=" + _WEEKDAYS + r")|oggi\s+(?:è|e'|siamo)|siamo\s+(?:a\s+)?(?=" + _WEEKDAYS +
                r")|la\s+data\s+di\s+oggi\s+è)\s*(?:il\s+|the\s+)?(?:" + _WEEKDAYS + r"|\d{1,2}\b|{words})",
        words=("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
               "november", "december"),
        match=("Today is Monday, so take it easy.", "Oggi è il 5 dicembre.", "It's currently Tuesday.",
               "oggi è sabato", "The date today is December 5th."),
        no_match=("Christmas is on a Friday this year.", "Il 25 aprile è festa.", "Monday is a good day to start.",
                  "Oggi è una bella giornata per camminare."),
    ),
    Rule(
        id="time_now",
        effect="the answer states the time or the part of the day now ('It's currently evening', 'Sono le 10', "
               "'right now it is 3 pm'): the clock's, never the model's",
        pattern=r"\b(?:it(?:'s|\s+is)\s+(?:currently|now)\s+|right\s+now\s+it(?:'s|\s+is)\s+|(?:adesso|ora)\s+sono\s+"
                r"le\s+|^\s*sono\s+le\s+|è\s+(?:già\s+)?(?=(?:{words})\b))(?:\d{1,2}\b|{words}|the\s+(?:{words}))|"
                r"\b(?:the\s+current\s+time\s+is|l'ora\s+(?:attuale|esatta)\s+è)\b",
        flags=re.IGNORECASE | re.MULTILINE,
        words=("morning", "afternoon", "evening", "night", "noon", "midnight", "mattina", "pomeriggio", "sera",
               "notte", "mezzogiorno", "mezzanotte"),
        match=("It's currently evening.", "Sono le 10 e un quarto.", "Right now it's 3 pm.", "È già sera, riposati.",
               "It is now the afternoon.", "The current time is [insert current time]."),
        no_match=("Evening is a good time to rest.", "Alle 10 sono le prove.", "It's a nice evening for a walk.",
                  "Il film dura due ore."),
    ),
    Rule(
        id="date_asked",
        effect="a question that asks for the day or the date: a time stated instead ('what day is it even' → "
               "'It's currently evening.') is answered with the date",
        words=("day", "date", "weekday", "giorno", "data", r"che\s+giorno"),
        match=("what day is it even. nights have me wrecked", "che giorno è oggi?", "what's the date"),
        no_match=("what time is it", "che ore sono?", "is it evening already?"),
    ),
))
