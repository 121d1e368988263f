"""Asking about the reminders already set: "quali promemoria ho?", "cancella il promemoria del dentista".

Read by lang/reminder_ask.py (`read_command`), for the reminders' routing stage: listing and cancelling are
answered by rules, like setting one, instead of waiting for the planner's model. A request that names no
reminder to cancel ("cancella il promemoria") is left to the planner, which can ask which.
"""
from __future__ import annotations

from .table import WORD_END, WORD_START, Rule, Table

_B, _E = WORD_START, WORD_END

REMINDER_LIST = Table("reminder_list", __doc__ or "", (
    Rule(
        id="cancel",
        effect="a request to cancel a reminder; `what` names it (its words, or its number)",
        pattern=_B + r"(?:{words})\s+(?:(?:il|lo|la|quel|questo|the|my|that)\s+)?(?:promemoria|reminder|avviso)"
                + _E + r"\s*(?P<what>.*)$",
        words=("cancella", "cancellami", "elimina", "togli", "toglimi", "rimuovi", "annulla", "cancel", "delete",
               "remove", "drop"),
        match=("cancella il promemoria del dentista", "cancel my reminder about the dentist",
               "togli il promemoria 2"),
        no_match=("cancella il file promemoria.txt", "imposta un promemoria per domani", "what reminders do I have"),
    ),
    Rule(
        id="cancel_lead",
        effect="the words between 'promemoria/reminder' and what names it ('del', 'per', 'about', 'n.')",
        mode="match",
        pattern=r"(?:\s|[,:;.]|" + _B + r"(?:{words})" + _E + r"|" + _B + r"(?:dell|dall|sull|d|l)')+",
        words=("del", "della", "dello", "dei", "delle", "di", "per", "sul", "sulla", "about", "for", "of", "on",
               "to", "the", "n", "no", "numero", "number", "che", "that"),
        match=(" del dentista", " about the dentist", " n. 2", " dell'F24"),
        no_match=("dentista", "2"),
    ),
    Rule(
        id="list",
        effect="a question or a request about the reminders set ('quali promemoria ho?', 'show my reminders')",
        pattern=_B + r"(?:{words})" + _E,
        words=(r"(?:quali|che)\s+promemoria", r"(?:i\s+)?miei\s+promemoria", r"(?:elenca|mostra(?:mi)?|dammi|dimmi|"
               r"fammi\s+vedere|leggimi)\s+(?:i\s+|tutti\s+i\s+)?(?:miei\s+)?promemoria",
               r"(?:ho|ci\s+sono)\s+(?:dei\s+|altri\s+)?promemoria", r"what\s+reminders", r"which\s+reminders",
               r"(?:show|list|read|tell)\s+(?:me\s+)?(?:all\s+)?(?:my\s+|the\s+)?reminders",
               r"my\s+reminders", r"any\s+reminders"),
        match=("quali promemoria ho?", "show my reminders", "elenca i miei promemoria", "do I have any reminders?"),
        no_match=("imposta un promemoria", "remind me tomorrow at 9", "cancella il promemoria del dentista"),
    ),
))
