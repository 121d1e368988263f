"""The reminders' sentences, in Italian and English with their plurals.

Why here: the tool's confirmation, the CLI's list and tomorrow the tray's notification and the memory window's
reminders page say the same dates in the same words ("domani, giovedì 3 dicembre, alle 9:00"). A date is a
Message made of Messages (weekday, month, "domani"), so it is put into words only in the language of whoever
reads it (app/reminders/words.py builds them).
"""
from __future__ import annotations

from app.lang.messages import register
from app.lang.rules.month_words import MONTHS_EN, MONTHS_IT
from app.lang.rules.weekday_words import WEEKDAYS_EN, WEEKDAYS_IT

# the names come from the one table of each (app/lang/rules); English ones are written capitalized
_WEEKDAYS = tuple(zip(WEEKDAYS_IT, (name.capitalize() for name in WEEKDAYS_EN)))
_MONTHS = tuple(zip(MONTHS_IT, (name.capitalize() for name in MONTHS_EN)))

register({f"reminders.weekday.{i}": {"it": it, "en": en} for i, (it, en) in enumerate(_WEEKDAYS)})
register({f"reminders.month.{i}": {"it": it, "en": en} for i, (it, en) in enumerate(_MONTHS, 1)})
register({
    # ordinals: the key is chosen by the number ("1st", "2nd", "3rd", "4th"); Italian says the number
    "reminders.nth.st": {"it": "{n}", "en": "{n}st"},
    "reminders.nth.nd": {"it": "{n}", "en": "{n}nd"},
    "reminders.nth.rd": {"it": "{n}", "en": "{n}rd"},
    "reminders.nth.th": {"it": "{n}", "en": "{n}th"},
    "reminders.and": {"it": "{a} e {b}", "en": "{a} and {b}"},
    "reminders.list_sep": {"it": "{a}, {b}", "en": "{a}, {b}"},
    # a day and a moment
    "reminders.today": {"it": "oggi", "en": "today"},
    "reminders.tomorrow": {"it": "domani", "en": "tomorrow"},
    "reminders.after_tomorrow": {"it": "dopodomani", "en": "the day after tomorrow"},
    "reminders.date": {"it": "{weekday} {day} {month}", "en": "{weekday} {day} {month}"},
    "reminders.date_year": {"it": "{weekday} {day} {month} {year}", "en": "{weekday} {day} {month} {year}"},
    "reminders.day_near": {"it": "{rel}, {date}", "en": "{rel}, {date}"},
    "reminders.day_far": {"it": "{date}", "en": "on {date}"},
    "reminders.when_near": {"it": "{rel}, {date}, alle {time}", "en": "{rel}, {date}, at {time}"},
    "reminders.when_far": {"it": "{date} alle {time}", "en": "on {date} at {time}"},
    "reminders.rule_daily": {"it": "ogni giorno alle {time}", "en": "every day at {time}"},
    "reminders.rule_weekly": {"it": "ogni {days} alle {time}", "en": "every {days} at {time}"},
    "reminders.rule_workdays": {"it": "dal lunedì al venerdì alle {time}", "en": "every weekday at {time}"},
    "reminders.rule_monthly": {"it": "il {day} di ogni mese alle {time}", "en": "on the {day} of every month at "
                                                                               "{time}"},
    # setting one
    "reminders.set": {"it": "Ti avviso {when}: {text}.", "en": "I'll remind you {when}: {text}."},
    "reminders.set_plain": {"it": "Ti avviso {when}.", "en": "I'll remind you {when}."},
    "reminders.set_repeat": {"it": "Ti avviso {rule}, la prima volta {first}: {text}.",
                             "en": "I'll remind you {rule}, first {first}: {text}."},
    "reminders.set_repeat_plain": {"it": "Ti avviso {rule}, la prima volta {first}.",
                                   "en": "I'll remind you {rule}, first {first}."},
    "reminders.with_note": {"it": "{head} {note}", "en": "{head} {note}"},
    "reminders.assumed_pm": {"it": "(Ho inteso le {time}: se intendevi le {other}, dimmelo.)",
                             "en": "(I took it as {time}: if you meant {other}, tell me.)"},
    "reminders.assumed_am": {"it": "(Ho inteso le {time} del mattino: se intendevi le {other}, dimmelo.)",
                             "en": "(I took it as {time} in the morning: if you meant {other}, tell me.)"},
    "reminders.assumed_no_time": {"it": "(Non mi hai detto l'ora: ho messo le {time}.)",
                                  "en": "(You didn't say a time, so I chose {time}.)"},
    "reminders.assumed_day_first": {"it": "(Ho letto la data con il giorno prima del mese: se intendevi {other}, "
                                          "dimmelo.)",
                                    "en": "(I read the date day first: if you meant {other}, tell me.)"},
    "reminders.two_notes": {"it": "{a} {b}", "en": "{a} {b}"},
    "reminders.approve": {"it": "Impostare il promemoria «{text}» {when}?",
                          "en": "Set the reminder \u201c{text}\u201d {when}?"},
    "reminders.declined": {"it": "Va bene, non ho impostato nessun promemoria.",
                           "en": "All right, no reminder was set."},
    "reminders.untitled": {"it": "Promemoria", "en": "Reminder"},
    "reminders.past": {"it": "il momento che mi hai detto ({when}) è già passato: dimmene uno che deve ancora venire",
                       "en": "the time you said ({when}) has already passed: tell me one still to come"},
    "reminders.no_time": {"it": "Quando vuoi che te lo ricordi? Per esempio «ricordami domani alle 9 di …» o "
                                "«avvisami tra 20 minuti di …».",
                          "en": "When should I remind you? For example \u201cremind me tomorrow at 9 to \u2026\u201d "
                                "or \u201cremind me in 20 minutes to \u2026\u201d."},
    "reminders.bad_repeat": {"it": "non capisco la ripetizione «{repeat}»", "en": "I don't understand the "
                                                                                  "repetition \u201c{repeat}\u201d"},
    "reminders.unavailable": {"it": "i promemoria non sono disponibili: {reason}",
                              "en": "reminders are not available: {reason}"},
    # listing, cancelling
    "reminders.none": {"it": "Non hai promemoria in programma.", "en": "You have no reminders coming up."},
    "reminders.list_head": {"it": {"one": "Hai {n} promemoria:", "other": "Hai {n} promemoria:"},
                            "en": {"one": "You have {n} reminder:", "other": "You have {n} reminders:"}},
    "reminders.item": {"it": "{when}: {text}", "en": "{when}: {text}"},
    "reminders.item_repeat": {"it": "{rule} (la prossima: {when}): {text}", "en": "{rule} (next: {when}): {text}"},
    "reminders.cancel_approve": {"it": "Cancellare il promemoria «{text}» ({when})?",
                                 "en": "Cancel the reminder \u201c{text}\u201d ({when})?"},
    "reminders.cancelled": {"it": "Ho cancellato il promemoria «{text}» ({when}).",
                            "en": "I cancelled the reminder \u201c{text}\u201d ({when})."},
    "reminders.cancel_declined": {"it": "Va bene, il promemoria resta.", "en": "All right, the reminder stays."},
    "reminders.not_found": {"it": "non trovo un promemoria in programma che corrisponda a «{what}»",
                            "en": "I can't find an upcoming reminder matching \u201c{what}\u201d"},
    "reminders.which": {"it": "più promemoria corrispondono a «{what}»: {choices}. Dimmi quale, con il numero",
                        "en": "several reminders match \u201c{what}\u201d: {choices}. Tell me which, by number"},
    "reminders.choice": {"it": "n. {id} {text} ({when})", "en": "no. {id} {text} ({when})"},
    # showing one (the tray's notification, the CLI)
    "reminders.notification": {"it": "Promemoria: {text}", "en": "Reminder: {text}"},
    "reminders.late": {"it": "in ritardo, era per {when}", "en": "late, it was due {when}"},
    "reminders.state.pending": {"it": "in programma", "en": "upcoming"},
    "reminders.state.done": {"it": "fatto", "en": "done"},
    "reminders.state.cancelled": {"it": "cancellato", "en": "cancelled"},
    "reminders.cli_added": {"it": "Promemoria n. {id} impostato.", "en": "Reminder no. {id} set."},
    "reminders.cli_unread": {"it": "Non capisco quando: {text}", "en": "I can't tell when: {text}"},
    # offered when an appointment is saved in memory (app/reminders/offer.py)
    "reminders.offer": {"it": "Vuoi un promemoria {lead} prima, {when}?",
                        "en": "Would you like a reminder {lead} before, {when}?"},
    "reminders.offer_declined": {"it": "Va bene, nessun promemoria.", "en": "All right, no reminder."},
    "reminders.lead.minutes": {"it": {"one": "un minuto", "other": "{n} minuti"},
                               "en": {"one": "a minute", "other": "{n} minutes"}},
    "reminders.lead.hours": {"it": {"one": "un'ora", "other": "{n} ore"},
                             "en": {"one": "an hour", "other": "{n} hours"}},
    "reminders.lead.days": {"it": {"one": "un giorno", "other": "{n} giorni"},
                            "en": {"one": "a day", "other": "{n} days"}},
    "reminders.locked": {"it": "I promemoria sono cifrati e ora non posso aprirli: {reason}",
                         "en": "The reminders are encrypted and cannot be opened now: {reason}"},
})
