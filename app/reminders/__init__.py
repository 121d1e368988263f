"""Reminders that fire: "ricordami domani alle 9 di pagare l'F24" shows a notification tomorrow at 9:00, even
after a restart.

    store.py       the encrypted database (reminders.db): text, next instant, repetition + zone, state, snooze
    recurrence.py  wall time ↔ instant with zoneinfo; a repetition's next occurrence (DST: never twice, never none)
    clock.py       the injectable clock and the local zone's IANA name
    scheduler.py   Scheduler: due(now), next_wake(now), add, snooze, done, cancel — no Qt, no thread
    words.py       dates in words as Messages ("domani, giovedì 3 dicembre, alle 9:00"); messages.py the catalogue
    tool.py        set_reminder (a write: approval), list_reminders, cancel_reminder
    stage.py       the routing stage that sends a reminder request to set_reminder (before memory's stage)
    offer.py       an appointment memory just saved offers a reminder before it (reminders.appointment_lead_minutes)
    plugin.py      RemindersPlugin: the stage, the turn's service, the background loop and its listeners

Reading the request (the verb, the moment, what to be reminded of) is app/lang's (reminder_ask.py,
reminder_when.py, rules/reminder_when.py); this package stores, schedules and says.

For the UI (the tray's notification with Fatto / Rimanda 10 min / Apri, the reminders page):

    plugin = next(p for p in engine.plugins if p.name == "reminders")
    stop = plugin.subscribe(on_firing)   # before engine.start_background(); called on the reminders' thread
    engine.start_background()            # starts the loop; reminders due while the app was closed come first

    def on_firing(f: Firing):            # marshal to the GUI thread (a Qt signal)
        f.reminder.id, f.reminder.text   # what to show; f.reminder.lang: the language it was asked in
        f.at, f.late                     # the time it was for; late=True → show "in ritardo" (Message
                                         # "reminders.late", when=words.when(f.at, zone(f.reminder.tz), now))
        Message("reminders.notification", text=f.reminder.text)  # the title, in the reminder's language

    plugin.done(id)        # Fatto: a one-off ends; a repetition goes on to its next occurrence
    plugin.snooze(id)      # Rimanda 10 min (snooze(id, minutes) for another delay)
    plugin.cancel(id)      # the reminders page's delete
    plugin.edit(id, text=…, at=naive local datetime, repeat=Repeat(…))  # the page's edit (a new time rings anew)
    plugin.pending()       # the reminders page's list (words.item(r, zone(r.tz), now) for each line)
    plugin.on_change(fn)   # fn() after any change (a turn set one, the loop showed one): refresh the page
    # Apri: open the chat window (the UI's own action; nothing to change here)

The desktop shows a firing as a card, plus the desktop's own notification with the same actions where there is a
notification service (app/ui/system_notify.py), plus a sound when reminders.sound is on (app/ui/chime.py).

Each firing is delivered once: the scheduler records it as shown in the same transaction that finds it, so a
restart does not show it again; a missed listener call (the UI not subscribed yet) is kept for the first
subscriber. Idle cost: one sleeping thread and one small encrypted connection, awake at most once a minute
(`metnos bench reminders`: 0.15 MB of RSS added with 100 reminders, a 60 s sleep between looks).
"""
from .clock import system_clock, zone, zone_name
from .plugin import RemindersPlugin
from .scheduler import LATE_AFTER, SNOOZE_MINUTES, Firing, NoSuchReminder, Scheduler
from .store import Reminder, ReminderStore

__all__ = ["LATE_AFTER", "SNOOZE_MINUTES", "Firing", "NoSuchReminder", "Reminder", "ReminderStore", "RemindersPlugin",
           "Scheduler", "system_clock", "zone", "zone_name"]
