"""When a reminder is wanted, read from the words: a one-off moment (local wall time) or a rule that repeats.

Pure and deterministic, like lang/when.py (whose dates it reuses): the same text and `now` give the same answer.
The moment is read piece by piece — a repetition ("ogni lunedì"), an offset ("tra 20 minuti"), a day ("domani",
"il 15"), a clock time ("alle 15", "6pm"), a part of the day ("di sera") — and each piece found is blanked out,
so no word is read twice and the caller knows exactly which words said the moment (`When.spans`): what is left
is what to be reminded of.

Why the hour needs judgement: "alle 5" is 5:00 or 17:00. Said for today it is the next one still to come (at
10:00, 17:00); said for a later day ("domani alle 5") an hour from 1 to 6 is taken as the afternoon, from 7 to 11
as the morning — nobody asks for a reminder at 5 in the morning without saying so. When the hour chosen is not
the obvious one, `When.other` keeps the other reading so the confirmation can say which was taken.

The wall time returned is naive local time: turning it into an instant (and a repetition into its occurrences)
is the scheduler's business, with the time zone's rules (app/reminders/recurrence.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta, timezone
from typing import Any

from app.lang.dates_said import BLANK, first_date, named_day
from app.lang.reminder_clock import Clock, fraction, int_day, later_day_hour, part_name, unit_minutes
from app.lang.repeat import Repeat
from app.lang.rules.month_words import MONTHS_SHORT
from app.lang.rules.reminder_when import (
    COUNT_WORDS,
    DAY_PARTS,
    HOUR_WORDS,
    MEALS,
    PARTS,
    REMINDER_WHEN,
    WEEKDAY_NUMBERS,
)

DEFAULT_HOUR = 9  # a day with no hour: the morning, when a reminder is useful


@dataclass(frozen=True)
class When:
    at: datetime | None  # a one-off moment, naive local wall time (None for a repetition)
    repeat: Repeat | None = None
    spans: tuple[tuple[int, int], ...] = ()  # the words that said it
    assumed: str | None = None  # "no_time": no hour was said; "am"/"pm": an ambiguous hour was read so
    other: datetime | None = None  # the other reading of an ambiguous hour (same day)
    day_other: date | None = None  # "il 3/4" was read day first: the month-first day, for the confirmation to say


@dataclass
class _Reading:
    text: str  # the request, blanked as it is read
    now: datetime
    spans: list[tuple[int, int]] = field(default_factory=list)
    repeat_kind: str | None = None
    weekdays: tuple[int, ...] = ()
    month_day: int = 0
    offset: int | None = None  # minutes from now
    offset_at: int = 0  # where the offset was said
    day_spans: list[tuple[int, int]] = field(default_factory=list)  # where the day was said
    day: date | None = None
    day_other: date | None = None  # a date in numbers read day first that could be month first ("3/4")
    past: bool = False  # "yesterday": a day gone, said in words — no moment to come
    clock: Clock | None = None
    part: str | None = None

    def take(self, m: re.Match[str]) -> None:
        self.blank(*m.span())

    def blank(self, a: int, b: int) -> None:
        """The words a..b said the moment: blanked, and kept as said."""
        self.text = self.text[:a] + BLANK * (b - a) + self.text[b:]
        self.spans.append((a, b))

    def first(self, *rule_ids: str) -> tuple[str, re.Match[str]] | None:
        """The leftmost match among the rules (the first rule wins a tie)."""
        found = [(m.start(), i, r, m) for i, r in enumerate(rule_ids) if (m := REMINDER_WHEN.pattern(r).search(
            self.text))]
        if not found:
            return None
        _, _, rule, m = min(found, key=lambda f: (f[0], f[1]))
        return rule, m

    # -- the pieces ----------------------------------------------------------------------------------------------
    def read_repeat(self) -> None:
        got = self.first("month_day_every", "every_month", "workdays", "every_weekday", "plural_weekday",
                         "every_week", "every_day")
        if got is None:
            return
        rule, m = got
        today = self.now.date()
        if rule in ("month_day_every", "every_month"):
            self.repeat_kind = "month"
            self.month_day = int_day(m.groupdict().get("d") or m.groupdict().get("d2")) or today.day
        elif rule == "workdays":
            self.repeat_kind, self.weekdays = "week", (0, 1, 2, 3, 4)
        elif rule in ("every_weekday", "plural_weekday"):
            names = re.findall(r"[^\W\d_]+", m.group("days").lower())
            days = {WEEKDAY_NUMBERS.get(n, WEEKDAY_NUMBERS.get(n.rstrip("s"), -1)) for n in names}
            self.repeat_kind, self.weekdays = "week", tuple(sorted(d for d in days if d >= 0))
        elif rule == "every_week":
            self.repeat_kind, self.weekdays = "week", (today.weekday(),)
        else:
            self.repeat_kind = "day"
            part = (m.group("part") or m.group("part2") or "").lower()
            self.part = part_name(part)
        self.take(m)

    def read_offset(self) -> None:
        got = self.first("offset", "offset_part")
        if got is None:
            return
        rule, m = got
        if rule == "offset_part":
            w = m.group("w").lower()
            self.offset = 45 if w.startswith(("tre", "three", "3")) else 15 if "quart" in w else 30
        else:
            if m.group("unit") is None and m.group("pre").lower() not in ("tra", "fra", "in"):
                return  # "after 5 to call": an hour, not five minutes
            n = " ".join(m.group("n").lower().split())
            count = int(n) if n.isdigit() else 2 if n.startswith(("a couple", "un paio")) else COUNT_WORDS.get(n, 0)
            unit = unit_minutes(m.group("unit"))
            minutes = count * unit
            if m.group("half"):
                minutes += unit // 2
            if m.group("quarter"):
                minutes += unit // 4
            if m.group("hm"):  # "1h30"
                minutes += int(m.group("hm"))
            if m.group("n2"):
                minutes += int(m.group("n2"))
            if minutes <= 0:
                return
            self.offset = minutes
        self.offset_at = m.start()
        self.take(m)

    def read_day(self) -> None:
        said = len(self.spans)
        self._read_day()
        self.day_spans = self.spans[said:]

    def _read_day(self) -> None:
        got = self.first("day_part", "day_short")
        if got is not None:
            rule, m = got
            if rule == "day_short":
                self.day = self.now.date() + timedelta(days=1)
            else:
                days, part = DAY_PARTS[" ".join(m.group("w").lower().split())]
                self.day, self.part = self.now.date() + timedelta(days=days), part
            self.take(m)
        if self.day is None:
            self._read_day_number("weekday_day")  # "sabato 12" before "sabato" alone
        if self.day is None:
            self._read_date()
        if self.day is None:
            self._read_short_month()
        if self.day is None:
            self._read_named_day()
        if self.day is None and self.repeat_kind is None:
            self._read_day_number("month_day")

    def _read_date(self) -> None:
        """The first date said; a date with numbers ("14 dicembre", "10/01") wins over a weekday or "domani" said
        with it ("lunedì 14 dicembre", "Monday, December 14"), and the words beside it are part of it."""
        said = first_date(self.text, self.now)
        if said is None:
            return
        self.day, self.day_other, self.past, a, b = said.day, said.other, said.past, said.start, said.end
        article = REMINDER_WHEN.pattern("date_article").search(self.text[:a])
        self.blank(article.start() if article else a, b)

    def _read_named_day(self) -> None:
        """"a Natale", "on new year's eve": a day the calendar names, when no other date is said."""
        said = named_day(self.text, self.now.date())
        if said is None:
            return
        self.day = said.day
        if said.part is not None and self.part is None:
            self.part = said.part
        self.blank(said.start, said.end)

    def _read_day_number(self, rule: str) -> None:
        """"il 15", "sabato 12": the next such day of a month (this one or a later one)."""
        m = REMINDER_WHEN.pattern(rule).search(self.text)
        if m is None:
            return
        today, d = self.now.date(), int(m.group("d") or m.groupdict().get("d2") or 0)
        for months in range(0, 13):
            y, mo = today.year + (today.month - 1 + months) // 12, (today.month - 1 + months) % 12 + 1
            try:
                candidate = date(y, mo, d)
            except ValueError:
                continue
            if candidate >= today:
                self.day = candidate
                self.take(m)
                return

    def _read_short_month(self) -> None:
        m = REMINDER_WHEN.pattern("short_month_first").search(self.text)
        if m is None:
            return
        today = self.now.date()
        try:
            d = date(today.year, MONTHS_SHORT[m.group("mon").lower()], int(m.group("d")))
        except ValueError:
            return
        self.day = d if d >= today else d.replace(year=d.year + 1)
        article = REMINDER_WHEN.pattern("date_article").search(self.text[:m.start()])
        if article:
            self.blank(article.start(), m.start())
        self.take(m)

    def read_clock(self) -> None:
        got = self.first("noon", "meal", "clock_past", "clock_at", "clock_word", "clock_ampm", "clock_hhmm",
                         "clock_military", "clock_military_day", "clock_part")
        if got is None:
            return
        rule, m = got
        g: dict[str, Any] = m.groupdict()
        if rule == "meal":
            self.clock = Clock(MEALS[" ".join(m.group("meal").lower().split())], 0, True)
            self.take(m)
            return
        raw = g.get("h") or ""
        if rule == "noon":  # named, never in doubt, with its quarter too ("a mezzanotte e un quarto")
            hour = 0 if m.group("w").lower() in ("mezzanotte", "midnight") else 12
        else:
            word = g.get("hw") or (raw if not raw.isdigit() else "")
            hour = HOUR_WORDS[word.lower()] if word else int(raw)
        minute = int(g.get("m") or 0) + fraction(g.get("frac"))  # "e 30" is a fraction of its own
        less = fraction(g.get("less"))
        if (rule == "clock_past" and (g.get("dir") or "").lower() == "to") or less:
            hour, minute = (hour - 1) % 24, 60 - (minute or less)  # "a quarter to 8", "le 6 meno un quarto"
        ap = (g.get("ap") or "").lower()
        explicit = rule == "noon" or bool(ap) or hour == 0 or hour >= 12 or (len(raw) == 2 and raw.startswith("0"))
        if ap == "p" and hour < 12:
            hour += 12
        elif ap == "a" and hour == 12:
            hour = 0
        if hour == 24:
            hour = 0
        if not 0 <= minute <= 59:
            return
        self.clock = Clock(hour, minute, explicit)
        self.take(m)

    def read_part(self) -> None:
        m = REMINDER_WHEN.pattern("part").search(self.text)
        if m is None:
            return
        if self.part is None:
            self.part = part_name(m.group("part").lower())
        self.take(m)

    def read_all(self) -> None:
        """Every piece, in order: a repetition first ("ogni lunedì" is no single Monday)."""
        self.read_repeat()
        self.read_offset()
        self.read_day()
        self.read_clock()
        self.read_part()

    # -- the answer ----------------------------------------------------------------------------------------------
    def result(self) -> When | None:
        w = None if self.past else self._result()
        if w is None or w.at is None or self.day_other is None:
            return w
        return replace(w, day_other=self.day_other)

    def _result(self) -> When | None:
        if self.repeat_kind is not None:
            return self._repeat()
        self._offset_said_first()
        if self.offset is not None and self.clock is None and self.day is None:
            start, later = self.now.replace(second=0, microsecond=0), timedelta(minutes=self.offset)
            if start.tzinfo is None:
                at = start + later
            else:  # "tra 2 ore" at 01:15 on the night clocks go forward is 04:15: elapsed time, added to the instant
                at = (start.astimezone(timezone.utc) + later).astimezone(start.tzinfo).replace(tzinfo=None)
            return When(at, spans=self._spans())
        if self.offset is not None and self.offset >= 1440:
            self.day = self.now.date() + timedelta(days=self.offset // 1440)
        if self.day is not None:
            return self._on_day(self.day)
        if self.clock is not None:
            return self._next_clock(self.clock)
        if self.part is not None:
            hour = PARTS[self.part][1]
            at = datetime.combine(self.now.date(), time(hour))
            return When(at if at > self._naive_now() else at + timedelta(days=1), spans=self._spans())
        return None

    def _offset_said_first(self) -> None:
        """An amount of time from now said before a day, with no hour: the moment is the amount, and the day belongs
        to what to be reminded of or to its reason ("Fra un paio d'ore ricordami di ritirare la focaccia, che stasera
        vengono i nipoti", "in a couple of hours remind me to call the florist about the proteas for Saturday":
        reminders batch 15 read tonight at 20:00 and Saturday at 9:00)."""
        if self.offset is None or self.offset >= 1440 or self.clock is not None or self.day is None:
            return
        if not self.day_spans or self.offset_at > min(a for a, _ in self.day_spans):
            return
        self.spans = [s for s in self.spans if s not in self.day_spans]
        self.day, self.day_other, self.part, self.day_spans = None, None, None, []

    def _spans(self) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(self.spans))

    def _naive_now(self) -> datetime:
        return self.now.replace(tzinfo=None)

    def _repeat(self) -> When:
        assumed = None
        if self.clock is not None:
            hour, minute = later_day_hour(self.clock, self.part), self.clock.minute
        elif self.part is not None:
            hour, minute = PARTS[self.part][1], 0
        else:
            hour, minute, assumed = DEFAULT_HOUR, 0, "no_time"
        kind = self.repeat_kind or "day"
        rep = Repeat(kind, hour, minute, weekdays=self.weekdays if kind == "week" else (),
                     day=self.month_day if kind == "month" else 0)
        if kind == "week" and not rep.weekdays:
            rep = Repeat("week", hour, minute, weekdays=(self.now.weekday(),))
        return When(None, rep, self._spans(), assumed)

    def _on_day(self, day: date) -> When:
        if self.clock is None:
            hour = PARTS[self.part][1] if self.part is not None else DEFAULT_HOUR
            return When(datetime.combine(day, time(hour)), spans=self._spans(),
                        assumed=None if self.part is not None else "no_time")
        c = self.clock
        if day == self.now.date() and not c.explicit and self.part is None:
            return self._next_clock(c, only_today=True)
        hour = later_day_hour(c, self.part)
        if self.part is not None and PARTS[self.part][0] != "am" and hour < 6:
            day += timedelta(days=1)  # "stanotte alle 2", "tonight at 2am": after midnight, the next date
        at = datetime.combine(day, time(hour, c.minute))
        if not c.explicit and self.part is None and hour != c.hour:
            return When(at, spans=self._spans(), assumed="pm", other=datetime.combine(day, time(c.hour, c.minute)))
        return When(at, spans=self._spans())

    def _next_clock(self, c: Clock, only_today: bool = False) -> When:
        """A clock time with no day: the next one still to come (today, else tomorrow); an ambiguous hour is
        the first of its two readings still to come."""
        now = self._naive_now()
        today = now.date()
        if c.explicit or self.part is not None:
            hour = later_day_hour(c, self.part) if self.part is not None else c.hour
            hours = [hour]
        else:
            hours = [c.hour, c.hour + 12]
        days = [today] if only_today else [today, today + timedelta(days=1)]
        options = [datetime.combine(d, time(h, c.minute)) for d in days for h in hours]
        future = [o for o in options if o > now]
        at = future[0] if future else options[-1]
        if len(hours) == 1:
            return When(at, spans=self._spans())
        other = at + timedelta(hours=12) if at.hour < 12 else at - timedelta(hours=12)
        if 7 <= at.hour <= 11:  # the morning hour as said: nothing to point out
            return When(at, spans=self._spans())
        return When(at, spans=self._spans(), assumed="pm" if at.hour >= 12 else "am", other=other)


def read_when(text: str, now: datetime, focus: int = 0) -> When | None:
    """The moment `text` asks for, resolved against `now` (local time; naive or aware), or None. Give it aware
    (in the person's zone) for "tra 2 ore" across a clock change to be right: naive, the hours are wall hours.
    `focus`: where the sentence that asks begins — a moment said there wins over one said before it, in the
    words that set the scene ("pharm quiz on friday. remind me thursday evening…")."""
    return _read(text.replace("’", "'"), now, focus)


def _read(text: str, now: datetime, focus: int) -> When | None:
    """The moment from the text from `focus` on (the sentence that asks); the words before it give the day of a
    clock it says ("ward round 7:30 tmrw, remind me 6:45 in the morning" rings at 6:45 tomorrow, "domani, ricordami
    alle 9" at 9 tomorrow), never a clock of their own beside a day it says ("domani ho l'esame alle 9... ricordami
    stasera" is this evening, not at 9); all of it when the asking sentence says no moment."""
    r = _Reading(" " * focus + text[focus:], now)
    r.read_all()
    if focus:
        said = any(x is not None for x in (r.repeat_kind, r.offset, r.day, r.clock, r.part))
        r.text = text[:focus] + r.text[focus:]  # the words before, back
        if not said:
            r.read_all()
        elif r.clock is not None and r.day is None and r.repeat_kind is None and r.offset is None:
            r.read_day()
    return r.result()
