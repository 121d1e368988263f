"""The engine's own sentences: what the person is told once about storage running without its key."""
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
})
