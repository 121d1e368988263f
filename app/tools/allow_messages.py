"""The sentences of "Consenti questa cartella" (app/tools/allow.py), in Italian and English with their plurals.

The settings page is named as Settings shows it («Cartelle consentite», “Allowed folders”): the person finds the
same list there, never the runtime.toml key.
"""
from __future__ import annotations

from app.lang.messages import register

register({
    "describe.allow_folder": {"it": "Ho aggiunto {name} alle «Cartelle consentite»",
                              "en": "Added {name} to the allowed folders"},
    "allow.offer": {"it": "Vuoi aggiungere {path} alle «Cartelle consentite»?",
                    "en": "Do you want to add {path} to the allowed folders?"},
    "allow.label": {"it": "Consenti questa cartella", "en": "Allow this folder"},
    "allow.declined": {"it": "Va bene, le «Cartelle consentite» restano come sono: {path} non è stata aggiunta.",
                       "en": "All right, the allowed folders stay as they are: {path} was not added."},
    "allow.question": {"it": "Aggiungere {path} alle «Cartelle consentite»? Potrò leggerne i file; prima di "
                             "cambiarli te lo chiederò sempre.",
                       "en": "Add {path} to the allowed folders? I will be able to read its files, and I will "
                             "always ask before changing them."},
    "allow.added": {"it": {"one": "Fatto: {path} ora è la sola cartella consentita.",
                           "other": "Fatto: {path} ora è tra le {n} «Cartelle consentite»."},
                    "en": {"one": "Done: {path} is now the one allowed folder.",
                           "other": "Done: {path} is now one of the {n} allowed folders."}},
    "allow.already": {"it": "{path} era già tra le «Cartelle consentite».",
                      "en": "{path} was already among the allowed folders."},
    "allow.root": {"it": "Non posso consentire {path}: è la radice del disco e aprirebbe tutti i file. Scegli una "
                         "cartella più piccola.",
                   "en": "I cannot allow {path}: it is the root of the disk and would open every file. Choose a "
                         "smaller folder."},
    "allow.not_folder": {"it": "{path} non è una cartella, o non esiste.",
                         "en": "{path} is not a folder, or does not exist."},
    "allow.env": {"it": "le «Cartelle consentite» sono fissate dalla variabile d'ambiente {name}: da qui non posso "
                        "cambiarle",
                  "en": "the allowed folders are set by the environment variable {name}; I cannot change them "
                        "from here"},
    "allow.no_settings": {"it": "da qui non posso cambiare le impostazioni",
                          "en": "I cannot change the settings from here"},
    "allow.not_saved": {"it": "le impostazioni non sono state salvate ({error})",
                        "en": "the settings were not saved ({error})"},
})
