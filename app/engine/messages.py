"""The engine's own sentences (a turn that cannot start or ends badly), in IT/EN."""
from __future__ import annotations

from app.lang.messages import register

register({
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
