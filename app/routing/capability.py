"""Capability honesty: a request for an action no registered tool performs is answered "I cannot", never served.

An action class of the routing lexicon (send, print, compress, install, encrypt, …) is supported when
some registered tool's own examples carry it (the same reading the planner's retrieval uses), so a
tool added later makes its action supported with no edit here. A few classes need their object to
be sure ("rispondi" is a mail reply only next to a mail; "estrai" is an archive only next to one).
The sentence says what cannot be done and what can be done instead, in the request's language.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from app.lang.actions import ActionSig, action_of, asked_before_negation
from app.lang.args_extractor import extract
from app.lang.asides import fragments
from app.lang.asked_actions import asked_actions
from app.lang.file_kinds import ARCHIVES
from app.lang.messages import register
from app.lang.normalize import canonical, split_words
from app.lang.quotes import without_quotes
from app.lang.rules.unsupported import UNSUPPORTED as CUES
from app.lang.rules.unsupported_things import CAPTURED, SAID_WITH_ITS_VERB, THINGS
from app.lang.tokens import sentences
from app.lang.vocabulary import OBJECT_OF
from app.tools.units_product import find_product
from app.tools.units_read import is_conversion

# action class -> what cannot be done (a key of the sentences below)
UNSUPPORTED: dict[str, str] = {
    "send": "send", "reply": "send", "notify": "send", "print": "print", "compress": "archive", "extract": "archive",
    "install": "install", "uninstall": "install", "play": "play", "pause": "play", "call": "call",
    "upload": "upload", "on": "device", "off": "device", "up": "device", "down": "device", "schedule": "alarm",
    "convert": "convert", "encrypt": "encrypt", "start": "run", "download": "download", "restore": "restore",
    "empty": "empty_trash",
}
ARCHIVE_EXTS = frozenset(ARCHIVES)
NEEDS_OBJECT = {"reply": {"email", "message"}, "schedule": {"alarm", "timer", "reminder", "calendar"},
                "empty": {"trash"}}  # emptying a folder is deleting its contents; emptying the trash no tool does
_ARCHIVE_WORDS = CUES.pattern("archive_words")  # app/lang/rules/unsupported.py
# "recupera il file cancellato X", "get back the deleted file": a restore, whatever verb carries it; the
# participle "cancellato"/"deleted" names what happened to the file, it is not a request to delete it.
RESTORE_CUE = CUES.pattern("restore")
# "scrivimi un messaggio per avvisare i clienti": the text is asked, the sending is the person's
DRAFT = CUES.pattern("draft")
_SENDING = frozenset(act for act, key in UNSUPPORTED.items() if key == "send")  # send, reply, notify
# weather, news, prices, results: live information, asked with no page to read (app/lang/rules/unsupported.py)
LIVE_CUES = (CUES.pattern("weather"), CUES.pattern("live_news"))


def asks_live(clause: str) -> bool:
    return any(p.search(clause) for p in LIVE_CUES)


_THINGS = tuple((r.id, THINGS.pattern(r.id)) for r in THINGS.rules)
_CAPTURED = CAPTURED.pattern("capture")


def thing_of(clause: str) -> str | None:
    """The "cannot" key of a thing only an outside service handles, named in the clause (an alarm, music, a
    booking…: app/lang/rules/unsupported_things.py), or None."""
    return next((key for key, rx in _THINGS if rx.search(clause)), None)
_RUN_SUFFIXES = (".sh", ".bash", ".exe", ".bat", ".cmd", ".py", ".pl", ".rb", ".run", ".bin", ".appimage", ".jar",
                 ".ps1", ".msi", ".command", ".vbs")

register({
    "cannot.send": {"it": "Non posso inviare email o messaggi né condividere file; posso invece aprire il file o la "
                          "sua cartella, così lo alleghi tu.",
                    "en": "I can't send emails or messages or share files; I can open the file or its folder instead, "
                          "so you can attach it yourself."},
    "cannot.print": {"it": "Non posso stampare su carta; posso invece aprire il file con il programma predefinito, "
                           "da cui puoi stamparlo.",
                     "en": "I can't print on paper; I can open the file with its default application instead, and you "
                           "can print it from there."},
    "cannot.archive": {"it": "Non posso comprimere o estrarre archivi (zip e simili); posso invece copiare o spostare "
                             "i file in una cartella.",
                       "en": "I can't compress or extract archives (zip and the like); I can copy or move the files "
                             "into a folder instead."},
    "cannot.install": {"it": "Non posso installare o disinstallare programmi; posso invece avviare un'applicazione già "
                             "installata.",
                       "en": "I can't install or uninstall programs; I can start an application that is already "
                             "installed instead."},
    "cannot.encrypt": {"it": "Non posso cifrare, decifrare o proteggere file con una password; posso invece spostarli, "
                             "copiarli o metterli nel cestino.",
                       "en": "I can't encrypt, decrypt or password-protect files; I can move, copy or trash them "
                             "instead."},
    "cannot.run": {"it": "Non eseguo programmi o script dalle tue cartelle; posso invece avviare un'applicazione "
                         "installata o mostrarti il contenuto del file.",
                   "en": "I don't run programs or scripts from your folders; I can start an installed application or "
                         "show you the file's content instead."},
    "cannot.play": {"it": "Non posso riprodurre musica o video da solo; posso invece aprire un file audio o video con "
                          "il programma predefinito.",
                    "en": "I can't play music or videos myself; I can open an audio or video file with its default "
                          "application instead."},
    "cannot.call": {"it": "Non posso fare telefonate o videochiamate; posso invece aprire un'applicazione installata "
                          "con cui chiamare.",
                    "en": "I can't make phone or video calls; I can start an installed application you can call "
                          "with instead."},
    "cannot.upload": {"it": "Non posso caricare file su internet o su servizi online; posso invece aprire la cartella "
                            "del file, così lo carichi tu.",
                      "en": "I can't upload files to the internet or online services; I can open the file's folder "
                            "instead, so you can upload it yourself."},
    "cannot.device": {"it": "Non posso controllare volume, luci, rete o altri dispositivi; posso invece aprire "
                            "un'applicazione installata, come le impostazioni.",
                      "en": "I can't control the volume, lights, network or other devices; I can start an installed "
                            "application, such as the settings, instead."},
    "cannot.alarm": {"it": "Non posso impostare sveglie, timer o appuntamenti in un calendario; posso invece "
                           "mostrarti un promemoria all'ora che vuoi: scrivi per esempio «ricordami alle 7 di …».",
                     "en": "I can't set alarms, timers or calendar appointments; I can show you a reminder at the "
                           "time you want instead: write for example \u201cremind me at 7 to \u2026\u201d."},
    "cannot.convert": {"it": "Non posso convertire file da un formato a un altro; posso invece aprirli con il "
                             "programma predefinito o copiarli.",
                       "en": "I can't convert files from one format to another; I can open them with their default "
                             "application or copy them instead."},
    "cannot.restore": {"it": "Non posso recuperare file dal cestino; se l'ho cancellato io, scrivi «annulla» e lo "
                             "rimetto dov'era.",
                       "en": "I can't restore files from the trash; if I deleted it, write \u201cundo\u201d and I'll "
                             "put it back where it was."},
    "cannot.empty_trash": {"it": "Non posso svuotare il cestino; posso invece mettere nel cestino i file che mi "
                                 "indichi.",
                           "en": "I can't empty the trash; I can move the files you name to the trash instead."},
    "cannot.later": {"it": "Non posso programmare un'azione per più tardi o per un'ora precisa; se vuoi la faccio "
                           "adesso: chiedimelo senza l'orario.",
                     "en": "I can't schedule an action for later or for a set time; if you want it done now, ask "
                           "again without the time."},
    "cannot.live": {"it": "Non ho accesso a internet: meteo, notizie, prezzi, orari e risultati di oggi non li conosco "
                          "e non li invento; posso leggere una pagina web se mi dai il suo indirizzo (http o https).",
                    "en": "I can't tell today's weather, news, prices, opening hours or results: I have no internet "
                          "access, and I won't make them up; I can read a web page if you give me its address (http "
                          "or https)."},
    "cannot.buy": {"it": "Non posso prenotare, ordinare, comprare o pagare nulla: lavoro offline e non ho accesso ai "
                         "tuoi conti; posso invece ricordarti di farlo a un'ora precisa.",
                   "en": "I can't book, order, buy or pay for anything: I work offline and have no access to your "
                         "accounts; I can remind you to do it at a set time instead."},
    "cannot.web": {"it": "Non posso cercare su internet: lavoro offline. Posso invece cercare nei tuoi file, o leggere "
                         "una pagina web se mi dai il suo indirizzo (http o https).",
                   "en": "I can't search the internet: I work offline. I can search your files instead, or read a web "
                         "page if you give me its address (http or https)."},
    "cannot.record": {"it": "Non posso fare screenshot, foto o registrazioni audio e video; posso invece aprire "
                            "un'applicazione installata che lo fa.",
                      "en": "I can't take screenshots, photos or audio and video recordings; I can start an installed "
                            "application that does instead."},
    "cannot.maps": {"it": "Non posso darti indicazioni stradali: lavoro offline e non ho mappe; posso invece aprire "
                          "un'applicazione di mappe installata.",
                    "en": "I can't give directions: I work offline and have no maps; I can start an installed maps "
                          "application instead."},
    "cannot.listen": {"it": "Non posso ascoltare né parlare: leggo e scrivo soltanto. Posso tradurre un testo che mi "
                            "scrivi.",
                      "en": "I can't listen or speak: I only read and write text. I can translate a text you type "
                            "for me."},
    "cannot.download": {"it": "Non posso scaricare file da servizi o allegati; posso invece leggere una pagina web se "
                              "mi dai il suo indirizzo (http o https).",
                        "en": "I can't download files from services or attachments; I can read a web page instead if "
                              "you give me its address (http or https)."},
})


@dataclass(frozen=True)
class Verdict:
    cannot: str  # the key after "cannot."
    action: str  # the lexicon class that asked for it
    guard: bool = False  # a refusal that guards (later, live news, a restore), not a reading of an action verb


def covered_actions(tools: Iterable[Any]) -> set[str]:
    """Action classes some tool's own examples carry (what the registered tools can do); a class that needs
    its object counts as "class:object" ("schedule:alarm" only from an example about an alarm)."""
    out: set[str] = set()
    for t in tools:
        if getattr(t, "builtin", False):
            continue  # "find a tool to convert units" is about finding tools, not converting
        for ex in getattr(t, "examples", ()) or ():
            if asks_live(ex):
                out.add("live")  # a weather or news tool (a plugin) answers what is otherwise out of reach
            if (thing := thing_of(ex)) is not None:
                out.add(f"thing:{thing}")  # an alarm tool (a plugin) makes "sveglia alle 7" supported
            sig = action_of(ex)
            for a in sig.actions:
                out.add(a)
                out.update(f"{a}:{o}" for o in sig.objects & NEEDS_OBJECT.get(a, set()))
    return out


def _runs_a_file(paths: list[str]) -> bool:
    return any(p.lower().endswith(_RUN_SUFFIXES) or ("/" in p and "." not in p.rsplit("/", 1)[-1]) for p in paths)


@dataclass(frozen=True)
class _Said:
    """The values and objects of a clause that decide whether an action is really the unsupported one."""

    clause: str
    sig: ActionSig
    paths: list[str]
    urls: list[str]
    exts: set[str]
    objects: frozenset[str]


def _said(clause: str, sig: ActionSig) -> _Said:
    slots = extract(clause)
    paths = list(slots.get("path") or [])
    exts = {str(e).lower().lstrip(".") for e in slots.get("ext") or []}
    exts |= {p.rsplit(".", 1)[-1].lower() for p in paths if "." in p.rsplit("/", 1)[-1]}
    # the objects the words name, also where a word was read as a verb ("svuota il cestino": cestinare); read
    # only for an action that needs its object (this runs on every request)
    objects = sig.objects
    if any(a in NEEDS_OBJECT for a in sig.actions):
        objects = objects | {OBJECT_OF[w] for w in split_words(canonical(clause)) if w in OBJECT_OF}
    return _Said(clause, sig, paths, list(slots.get("url") or []), exts, objects)


def unsupported(clause: str, covered: set[str], sig: ActionSig | None = None) -> Verdict | None:
    """What this clause asks that no tool does, or None (supported, unknown, negated or not an action)."""
    # 'traduci "vorrei prenotare un tavolo"': quoted words are content, not asked — its values (a quoted file
    # name: 'converti "relazione.docx" in pdf') are still read from the clause as written
    original, clause = clause, without_quotes(clause)
    sig = action_of(clause) if clause != original else sig or action_of(clause)
    # live news asked in a sentence of its own that is not negated: "che tempo fa domani a firenze? gli ospiti
    # … vogliono andare a siena" read negated as a whole (a reported wish), and the model invented a forecast
    live = "live" not in covered and any(asks_live(s) and not action_of(s).negated for s in sentences(clause))
    before = asked_before_negation(clause) or tuple(sorted(asked_actions(clause))) if sig.negated else ()
    if before:  # "turn the volume right up, can't hear a word": the negation governs nothing asked before it; "il
        # mio fornitore vuole X, me lo può spedire?": someone's wish, then the send asked (the asked part's reading)
        sig = replace(sig, actions=before, negated=False)
    if sig.negated and not live:
        lead = _lead_before_negation(clause)  # "whack the volume up on this thing, can't hear a sausage"
        if not lead:
            return None
        lead_sig = action_of(lead)
        return _thing(lead, lead_sig, covered, _said(lead, lead_sig))
    if RESTORE_CUE.search(clause) and "restore" not in covered and not sig.negated:
        return Verdict("restore", "restore", guard=True)
    if not sig.actions and not live:
        return _thing(clause, sig, covered, _said(original, sig))
    said = _said(original, sig)
    if live and not (said.paths or said.urls):
        return Verdict("live", "live", guard=True)
    draft = DRAFT.search(clause) is not None
    for act in () if sig.negated else sig.actions:
        if draft and act in _SENDING:
            continue
        verdict = _verdict(act, said, covered)
        if verdict is not None:
            return verdict
    return _thing(clause, sig, covered, said)


def _lead_before_negation(clause: str) -> str:
    """The fragments before the first negated one, when that one and the rest name no action: the person's
    complaint after a thing asked ("whack the volume up on this thing boss, can't hear a sausage": everyday19-32,
    the volume was explained instead of refused); '' otherwise."""
    parts = fragments(clause)
    k = next((i for i, p in enumerate(parts) if action_of(p).negated), 0)
    if k == 0 or any(action_of(p).actions for p in parts[k:]):
        return ""
    return " ".join(parts[:k])


def _thing(clause: str, sig: ActionSig, covered: set[str], said: _Said) -> Verdict | None:
    """A thing only an outside service handles ("mettimi la sveglia alle 6", "next song pls"), in a clause that is
    not negated, names no file, folder or address, asks no conversion the calculator reads, and asks no action a
    tool performs ("trova i file mp3", "apri la cartella Musica"); a web search is refused with whatever verb it is
    asked. Its action is no lexicon class, so a refusal stands only where the intent head too reads no tool's call
    (refusal_check.py)."""
    kind = thing_of(clause)
    if kind is None or sig.negated or f"thing:{kind}" in covered or (kind == "send" and DRAFT.search(clause)):
        return None
    # a capture said with its verb ("take a screenshot") is asked as plainly as a verb the lexicon knows, and a path
    # beside it says only where to put it
    captured = kind == "record" and _CAPTURED.search(clause) is not None
    if (said.paths or said.urls or said.exts) and not captured:
        return None  # a file named is read or moved
    # "68 F in celsius pls, thermostat in my res is weird": the conversion is asked (or an area: "4 m x 3 m")
    if is_conversion(clause) or find_product(clause) is not None:
        return None
    if kind not in SAID_WITH_ITS_VERB and any(a in covered for a in sig.actions):
        return None
    return Verdict(kind, f"thing:{kind}", guard=captured)


def _verdict(act: str, said: _Said, covered: set[str]) -> Verdict | None:
    """Whether the clause's action `act` is one no tool performs: its own check first (`_CHECKS`), then
    whether some tool's examples carry it (with its object, for an action that needs one)."""
    key = UNSUPPORTED.get(act)
    if key is None:
        return None
    if act in NEEDS_OBJECT and not (said.objects & NEEDS_OBJECT[act]):
        return None
    check = _CHECKS.get(act)
    decided = check(act, key, said, covered) if check is not None else False
    if decided is True:
        return None  # not the unsupported action after all, or a tool does it
    if decided is not False:
        return decided  # its own check says what cannot be done
    if act in NEEDS_OBJECT:
        if any(f"{act}:{o}" in covered for o in said.objects & NEEDS_OBJECT[act]):
            return None
    elif act in covered:
        return None
    return Verdict(key, act)


# An action's own check: a Verdict (it cannot be done), True (it is not the unsupported action, or a tool does
# it), or False (the coverage decides).
_Check = Callable[[str, str, _Said, set[str]], Verdict | bool]


def _extract(act: str, key: str, said: _Said, covered: set[str]) -> Verdict | bool:
    # "estrai le date dal testo" is reading, not an archive
    return not (said.exts & ARCHIVE_EXTS or _ARCHIVE_WORDS.search(said.clause))


def _convert(act: str, key: str, said: _Said, covered: set[str]) -> Verdict | bool:
    return not (said.paths or said.exts)  # "converti 10 euro in dollari" the model answers


def _device(act: str, key: str, said: _Said, covered: set[str]) -> Verdict | bool:
    return bool(said.paths or said.urls)  # "on", "off", "up", "down" said of a file or page are no device


def _start(act: str, key: str, said: _Said, covered: set[str]) -> Verdict | bool:
    """Starting a timer is an alarm, starting a script from a folder is running it; else an app starts."""
    if said.sig.objects & {"alarm", "timer"}:
        return Verdict("alarm", act)
    if said.paths and _runs_a_file(said.paths):
        return Verdict("run", act)
    return act in covered


def _play(act: str, key: str, said: _Said, covered: set[str]) -> Verdict | bool:
    return bool(said.paths)  # playing a given file is opening it with its default application


def _download(act: str, key: str, said: _Said, covered: set[str]) -> Verdict | bool:
    """A page's address is read; a page said in words is fetched when a tool fetches pages; nothing else."""
    if said.urls:
        return True
    if act in covered and said.sig.objects & {"web"}:
        return True
    return Verdict(key, act)


_CHECKS: dict[str, _Check] = {"extract": _extract, "convert": _convert, "on": _device, "off": _device,
                              "up": _device, "down": _device, "start": _start, "play": _play, "download": _download}


class CoverageCache:
    """The covered action set, recomputed only when the set of tool names changes."""

    def __init__(self, tools: Callable[[], Iterable[Any]]):
        self._tools = tools
        self._key: tuple[str, ...] = ()
        self._covered: set[str] = set()

    def get(self) -> set[str]:
        tools = list(self._tools())
        key = tuple(sorted(getattr(t, "name", "") for t in tools))
        if key != self._key:
            self._key, self._covered = key, covered_actions(tools)
        return self._covered
