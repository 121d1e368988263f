"""The engine's own sentences (a turn that cannot start or ends badly; storage running without its key), IT/EN."""
from __future__ import annotations

from app.lang.messages import register

_TAIL_IT = ("Finché resta così la cronologia, ciò che imparo dalle tue richieste e la memoria a lungo termine "
            "vivono solo finché l'app è aperta; le risposte funzionano comunque.")
_TAIL_EN = ("Until then the history, what I learn from your requests and the long-term memory live only while "
            "the app is open; answers still work.")

register({
    "notice.store.no_keyring": {
        "it": "Non trovo un portachiavi del sistema, dove tengo la chiave che cifra ciò che mi dici. " + _TAIL_IT,
        "en": "I cannot find a system keyring, where I keep the key that encrypts what you tell me. " + _TAIL_EN},
    "notice.store.locked": {
        "it": "Il portachiavi del sistema è bloccato, quindi non posso leggere la chiave che cifra ciò che mi "
              "dici. " + _TAIL_IT,
        "en": "The system keyring is locked, so I cannot read the key that encrypts what you tell me. " + _TAIL_EN},
    "notice.store.passphrase": {
        "it": "I tuoi dati sono protetti da una passphrase che non è stata inserita. " + _TAIL_IT,
        "en": "Your data is protected by a passphrase that has not been typed. " + _TAIL_EN},
    "notice.store.key_missing": {
        "it": "La chiave che cifra la cronologia non è più nel portachiavi. I file cifrati sono intatti e non li "
              "ho toccati, ma non posso leggerli. " + _TAIL_IT,
        "en": "The key that encrypts your history is no longer in the keyring. The encrypted files are intact "
              "and untouched, but I cannot read them. " + _TAIL_EN},
    "notice.store.wrong_key": {
        "it": "La chiave nel portachiavi non apre la cronologia salvata. I file sono intatti e non li ho "
              "toccati. " + _TAIL_IT,
        "en": "The key in the keyring does not open the saved history. The files are intact and untouched. "
              + _TAIL_EN},
    "notice.store.hint": {
        "it": "Installa o sblocca un portachiavi (GNOME Keyring, KWallet) e riavvia l'app; `metnos doctor` "
              "spiega i dettagli.",
        "en": "Install or unlock a keyring (GNOME Keyring, KWallet) and restart the app; `metnos doctor` "
              "explains the details."},
    "engine.empty": {"it": "la richiesta è vuota", "en": "empty request"},
    "engine.empty_hint": {"it": "scrivi una domanda o un comando", "en": "type a question or a command"},
    "engine.too_long": {"it": "la richiesta è troppo lunga ({n} caratteri; il limite è {limit})",
                        "en": "request too long ({n} characters; the limit is {limit})"},
    "engine.too_long_hint": {"it": "salva il testo lungo in un file e chiedimi di leggerlo",
                             "en": "save long text in a file and ask me to read it"},
    "engine.model_failed": {"it": "il modello locale o l'archivio hanno dato un errore: la richiesta non è stata "
                                  "completata",
                            "en": "{error}"},
    "engine.doctor_hint": {"it": "esegui `metnos doctor` per i dettagli", "en": "run `metnos doctor` for details"},
    "engine.internal": {"it": "si è verificato un errore interno ({kind}); è un difetto dell'app",
                        "en": "internal error: {kind}: {error}"},
    "engine.internal_hint": {"it": "i dettagli sono nel log", "en": "this is a bug; the log has the details"},
})
