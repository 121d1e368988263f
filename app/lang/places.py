"""A place as people name it ("New York", "Londra", "Giappone", "tokio") read as its IANA time zone.

Why: "che ore sono a New York?" was answered with the local time (get_now: structure 0.94, the model agreed), a
substitute action — and a model asked on its own has no clock. The time zone database already names most cities
in English (America/New_York, Asia/Tokyo); what it cannot know are the Italian names (Londra, Parigi, Pechino),
countries (Giappone, India, Brasile), and short forms people type (NYC, LA). Those are the table below, data of
the language like the units of measure (units.py). A country with more than one zone (USA, Russia, Brasil
aside from its capital) is not listed: its time is the time of one of its cities, which the person must say.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache

from .rules.claimed_clock import CLAIMED_CLOCK

# Names the zone database does not spell: Italian exonyms, countries with one zone (or one everyone means), short
# forms. Keys are folded (lower case, no accents, single spaces).
NAMED: dict[str, str] = {
    # Italian names of cities
    "londra": "Europe/London", "parigi": "Europe/Paris", "berlino": "Europe/Berlin", "madrid": "Europe/Madrid",
    "lisbona": "Europe/Lisbon", "atene": "Europe/Athens", "mosca": "Europe/Moscow", "varsavia": "Europe/Warsaw",
    "praga": "Europe/Prague", "vienna": "Europe/Vienna", "bruxelles": "Europe/Brussels", "zurigo": "Europe/Zurich",
    "ginevra": "Europe/Zurich", "copenaghen": "Europe/Copenhagen", "stoccolma": "Europe/Stockholm",
    "dublino": "Europe/Dublin", "edimburgo": "Europe/London", "monaco di baviera": "Europe/Berlin",
    "istanbul": "Europe/Istanbul", "il cairo": "Africa/Cairo", "cairo": "Africa/Cairo",
    "citta del messico": "America/Mexico_City", "san paolo": "America/Sao_Paulo", "rio de janeiro":
    "America/Sao_Paulo", "rio": "America/Sao_Paulo", "san francisco": "America/Los_Angeles",
    "seattle": "America/Los_Angeles", "boston": "America/New_York", "miami": "America/New_York",
    "washington": "America/New_York", "filadelfia": "America/New_York", "philadelphia": "America/New_York",
    "atlanta": "America/New_York", "dallas": "America/Chicago", "houston": "America/Chicago",
    "las vegas": "America/Los_Angeles", "san diego": "America/Los_Angeles", "montreal": "America/Toronto",
    "ottawa": "America/Toronto", "pechino": "Asia/Shanghai", "beijing": "Asia/Shanghai", "shanghai": "Asia/Shanghai",
    "tokio": "Asia/Tokyo", "nuova delhi": "Asia/Kolkata", "new delhi": "Asia/Kolkata", "delhi": "Asia/Kolkata",
    "mumbai": "Asia/Kolkata", "bombay": "Asia/Kolkata", "bangalore": "Asia/Kolkata", "calcutta": "Asia/Kolkata",
    "gerusalemme": "Asia/Jerusalem", "abu dhabi": "Asia/Dubai",
    "citta del capo": "Africa/Johannesburg", "cape town": "Africa/Johannesburg", "pretoria": "Africa/Johannesburg",
    "canberra": "Australia/Sydney", "nuova york": "America/New_York", "ny": "America/New_York",
    "nyc": "America/New_York", "l.a.": "America/Los_Angeles", "sf": "America/Los_Angeles",
    "rome": "Europe/Rome", "roma": "Europe/Rome", "milano": "Europe/Rome", "napoli": "Europe/Rome",
    "torino": "Europe/Rome", "venezia": "Europe/Rome", "firenze": "Europe/Rome", "genova": "Europe/Rome",
    "bologna": "Europe/Rome", "palermo": "Europe/Rome", "bari": "Europe/Rome", "cagliari": "Europe/Rome",
    "munich": "Europe/Berlin", "frankfurt": "Europe/Berlin", "francoforte": "Europe/Berlin",
    "barcellona": "Europe/Madrid", "barcelona": "Europe/Madrid", "manchester": "Europe/London",
    "seoul": "Asia/Seoul", "seul": "Asia/Seoul", "bangkok": "Asia/Bangkok", "hong kong": "Asia/Hong_Kong",
    "taipei": "Asia/Taipei", "manila": "Asia/Manila", "giacarta": "Asia/Jakarta", "kyoto": "Asia/Tokyo",
    "osaka": "Asia/Tokyo", "buenos aires": "America/Argentina/Buenos_Aires", "lima": "America/Lima",
    "bogota": "America/Bogota", "santiago": "America/Santiago", "caracas": "America/Caracas",
    "l'avana": "America/Havana", "avana": "America/Havana", "havana": "America/Havana", "nairobi": "Africa/Nairobi",
    "lagos": "Africa/Lagos", "casablanca": "Africa/Casablanca", "tunisi": "Africa/Tunis", "tunis": "Africa/Tunis",
    "teheran": "Asia/Tehran", "tehran": "Asia/Tehran", "riad": "Asia/Riyadh", "riyadh": "Asia/Riyadh",
    "doha": "Asia/Qatar", "kiev": "Europe/Kyiv", "kyiv": "Europe/Kyiv", "bucarest": "Europe/Bucharest",
    "bucharest": "Europe/Bucharest", "belgrado": "Europe/Belgrade", "belgrade": "Europe/Belgrade",
    "tirana": "Europe/Tirane", "helsinki": "Europe/Helsinki", "oslo": "Europe/Oslo", "reykjavik":
    "Atlantic/Reykjavik", "auckland": "Pacific/Auckland", "wellington": "Pacific/Auckland",
}
# Countries with one zone (or one everyone means), in both languages: Italian says "in India", not "a India".
COUNTRIES: dict[str, str] = {
    "italia": "Europe/Rome", "italy": "Europe/Rome", "inghilterra": "Europe/London", "england": "Europe/London",
    "regno unito": "Europe/London", "uk": "Europe/London", "united kingdom": "Europe/London",
    "scozia": "Europe/London", "scotland": "Europe/London", "irlanda": "Europe/Dublin", "ireland": "Europe/Dublin",
    "francia": "Europe/Paris", "france": "Europe/Paris", "germania": "Europe/Berlin", "germany": "Europe/Berlin",
    "spagna": "Europe/Madrid", "spain": "Europe/Madrid", "portogallo": "Europe/Lisbon", "portugal": "Europe/Lisbon",
    "grecia": "Europe/Athens", "greece": "Europe/Athens", "svizzera": "Europe/Zurich", "switzerland": "Europe/Zurich",
    "austria": "Europe/Vienna", "olanda": "Europe/Amsterdam", "paesi bassi": "Europe/Amsterdam",
    "netherlands": "Europe/Amsterdam", "holland": "Europe/Amsterdam", "belgio": "Europe/Brussels",
    "belgium": "Europe/Brussels", "polonia": "Europe/Warsaw", "poland": "Europe/Warsaw", "romania": "Europe/Bucharest",
    "ucraina": "Europe/Kyiv", "ukraine": "Europe/Kyiv", "turchia": "Europe/Istanbul", "turkey": "Europe/Istanbul",
    "svezia": "Europe/Stockholm", "sweden": "Europe/Stockholm", "norvegia": "Europe/Oslo", "norway": "Europe/Oslo",
    "danimarca": "Europe/Copenhagen", "denmark": "Europe/Copenhagen", "finlandia": "Europe/Helsinki",
    "finland": "Europe/Helsinki", "islanda": "Atlantic/Reykjavik", "iceland": "Atlantic/Reykjavik",
    "albania": "Europe/Tirane", "croazia": "Europe/Zagreb", "croatia": "Europe/Zagreb", "serbia": "Europe/Belgrade",
    "egitto": "Africa/Cairo", "egypt": "Africa/Cairo", "marocco": "Africa/Casablanca", "morocco": "Africa/Casablanca",
    "tunisia": "Africa/Tunis", "nigeria": "Africa/Lagos", "kenya": "Africa/Nairobi", "sudafrica":
    "Africa/Johannesburg", "south africa": "Africa/Johannesburg", "israele": "Asia/Jerusalem",
    "israel": "Asia/Jerusalem", "emirati": "Asia/Dubai", "emirati arabi": "Asia/Dubai", "uae": "Asia/Dubai",
    "arabia saudita": "Asia/Riyadh", "saudi arabia": "Asia/Riyadh", "qatar": "Asia/Qatar", "iran": "Asia/Tehran",
    "india": "Asia/Kolkata", "cina": "Asia/Shanghai", "china": "Asia/Shanghai", "giappone": "Asia/Tokyo",
    "japan": "Asia/Tokyo", "corea del sud": "Asia/Seoul", "south korea": "Asia/Seoul", "korea": "Asia/Seoul",
    "corea": "Asia/Seoul", "thailandia": "Asia/Bangkok", "thailand": "Asia/Bangkok", "vietnam": "Asia/Ho_Chi_Minh",
    "filippine": "Asia/Manila", "philippines": "Asia/Manila", "singapore": "Asia/Singapore",
    "nuova zelanda": "Pacific/Auckland", "new zealand": "Pacific/Auckland", "argentina":
    "America/Argentina/Buenos_Aires", "peru": "America/Lima", "colombia": "America/Bogota", "cile": "America/Santiago",
    "chile": "America/Santiago", "cuba": "America/Havana", "venezuela": "America/Caracas",
}
# Countries with more than one zone: their time is a city's, which the person must say ("che ore sono in
# Australia?" is answered with the question which city, never with one picked for them).
SEVERAL_ZONES: dict[str, str] = {
    "australia": "Sydney, Perth", "stati uniti": "New York, Los Angeles", "usa": "New York, Los Angeles",
    "america": "New York, Los Angeles", "united states": "New York, Los Angeles", "us": "New York, Los Angeles",
    "canada": "Toronto, Vancouver", "russia": "Mosca, Vladivostok", "brasile": "San Paolo, Manaus",
    "brazil": "Sao Paulo, Manaus", "messico": "Città del Messico, Tijuana", "mexico": "Mexico City, Tijuana",
    "indonesia": "Giacarta, Jayapura", "kazakhstan": "Almaty, Aqtau",
}
# The zone database's last parts that are everyday words, not the place a person means: "what's in the center
# folder", "christmas", "the north side", "wake me", "oral exam" (legacy links and research stations included).
NOT_PLACES = frozenset({"north", "south", "west", "east", "center", "act", "nsw", "lhi", "christmas", "easter",
                        "wake", "midway", "troll", "resolute", "reunion", "canary", "virgin", "acre", "oral", "casey",
                        "davis", "palmer", "stanley", "knox", "nome", "regina", "creston", "marengo", "vevay",
                        "beulah", "currie", "dawson", "thule", "mawson", "vostok", "syowa", "rothera", "eucla",
                        "jersey", "darwin", "victoria", "general", "chagos", "cocos", "comoro"})
# Where the zone database's own city names are read, the regions that hold cities (not "Etc", "US", "SystemV").
_REGIONS = ("Africa/", "America/", "Antarctica/", "Asia/", "Atlantic/", "Australia/", "Europe/", "Indian/",
            "Pacific/")
_ARTICLE = re.compile(r"^(?:(?:the|la|il|lo|le|gli|i)\s+|l')")
NEAR = 0.8  # difflib ratio for a misspelt name ("Tokio" is in the table; "Londom", "Sidney" are near)


def fold(text: str) -> str:
    """Lower case, no accents, one space between words, no article before the name ("la Florida" aside)."""
    t = unicodedata.normalize("NFKD", text.strip().lower())
    t = "".join(c for c in t if not unicodedata.combining(c))
    t = re.sub(r"[\s_\-]+", " ", t).strip(" .,;:!?\"'")
    return _ARTICLE.sub("", t) if t not in NAMED and t not in COUNTRIES else t


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Every name a place is read by: the zone database's cities ("new york", "sao paulo", "europe/rome"), then
    the table (which wins where both say a name)."""
    try:
        from zoneinfo import available_timezones

        keys = available_timezones()
    except Exception:  # noqa: BLE001 — no zone database on this system (Windows without tzdata): the table's names
        keys = set()
    out: dict[str, str] = {}
    for key in sorted(keys):
        out[key.lower()] = key
        if key.startswith(_REGIONS) and (name := fold(key.rsplit("/", 1)[-1])) not in NOT_PLACES:
            out.setdefault(name, key)
    out.update(NAMED)
    out.update(COUNTRIES)
    if keys:  # a name the table keeps for a zone this system lacks is not offered
        out = {k: v for k, v in out.items() if v in keys}
    return out


def zone_of(place: str) -> str | None:
    """The IANA zone of a place as named ("New York" → America/New_York, "Londra" → Europe/London, "tokio" →
    Asia/Tokyo, "Sidney" → Australia/Sydney); None for a name it does not know."""
    names = _names()
    name = fold(place)
    if not name:
        return None
    if name in names:
        return names[name]
    # a slip keeps the first letter ("Sidney", "Londom"); "mamma" is not Amman
    near = difflib.get_close_matches(name, [k for k in names if k[:1] == name[:1]], n=1, cutoff=NEAR)
    return names[near[0]] if near else None


MAX_NAME_WORDS = 3  # "citta del messico", "rio de janeiro"


def place_said(text: str) -> str | None:
    """The place `text` names by one of the names above, as written ("che ore sono a New York?" → "New York",
    "in Giappone che ora è" → "Giappone"), the longest first; None when it names none. Exact names only."""
    names = _names()
    shown = re.findall(r"[^\W_]+(?:['.][^\W_]+)*", text.strip())  # the words as written ("roma.txt" is one)
    words = [fold(w) for w in shown]
    for size in range(MAX_NAME_WORDS, 0, -1):
        for i in range(len(words) - size + 1):
            if (said := " ".join(words[i:i + size])) in names or said in SEVERAL_ZONES and said != "us":
                return " ".join(shown[i:i + size])
    return None


_TIME_ASKED = CLAIMED_CLOCK.pattern("time_asked")
_ELSEWHERE = CLAIMED_CLOCK.pattern("elsewhere_named")


def place_asked(text: str) -> str | None:
    """The place whose time `text` may ask: one named above (place_said), else a name written with a capital after
    "in"/"a" in a question that asks the time ("what time is it over in Rishikesh?") — a place the table does not
    know, which the world clock then says it does not know. Without it the clock was never offered, and the
    model's "It's 11:37." (the time here) stood for Rishikesh (everyday12-39)."""
    said = place_said(text)
    if said is not None or not _TIME_ASKED.search(text):
        return said
    m = _ELSEWHERE.search(text)
    return m.group("place") if m else None


def names_place(text: str) -> bool:
    """Does `text` name a place (place_asked)? The world clock is offered to the planner where a place is said, so
    a request for the time here ("che ore sono adesso, sto in ufficio") never has a place made up for it."""
    return place_asked(text) is not None


def bare(place: str) -> str:
    """The place as the person wrote it, without an article before it ("la Francia" → "Francia")."""
    p = place.strip()
    m = _ARTICLE.match(p.lower())
    return p[m.end():].strip() if m and fold(p) != p.lower() and p[m.end():].strip() else p


def cities_of(place: str) -> str | None:
    """Two cities of a country with several zones ("Australia" → "Sydney, Perth"), None for any other place."""
    return SEVERAL_ZONES.get(fold(place))


def is_country(place: str) -> bool:
    """Is `place` one of the countries named (Italian puts "in" before a country, "a" before a city)?"""
    return (key := fold(place)) in COUNTRIES or key in SEVERAL_ZONES


def zones_known() -> bool:
    """Does this system have a zone database to read places against?"""
    return bool(_names())
