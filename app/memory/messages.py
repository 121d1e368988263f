"""The memory tools' sentences for people, in IT/EN (the English text is also what the model reads)."""
from __future__ import annotations

from app.lang.messages import register

register({
    "memory.off": {"it": "la memoria a lungo termine non è disponibile in questa sessione (`metnos doctor` dice "
                         "perché)",
                   "en": "long-term memory is off: {reason}"},
    "memory.locked": {"it": "la memoria a lungo termine è bloccata: è in modalità passphrase e qui non posso "
                            "chiederla (usa l'app o `metnos chat` in un terminale)",
                      "en": "long-term memory is off: {reason}"},
    "memory.instruction": {"it": "non l'ho memorizzato: sembra un'istruzione, non un fatto. Solo tu puoi salvarla "
                                 "a mano (`metnos memory edit`)",
                           "en": "not stored: this {why}, so it is an instruction, not a fact. Do not retry; only "
                                 "the user can store such a line themself (`metnos memory edit`)"},
    "memory.external_declined": {"it": "non l'ho memorizzato: la richiesta ha letto contenuto esterno (un file o "
                                       "una pagina web) e non hai approvato il salvataggio",
                                 "en": "not stored: this request read outside content (a file or a web page) and "
                                       "the user did not approve saving this fact. Do not retry"},
    "memory.rejected": {"it": "non l'ho memorizzato: il fatto è vuoto, troppo lungo o non valido",
                        "en": "{reason}"},
    "memory.no_fact": {"it": "non c'è nessun fatto con il numero {id}", "en": "no fact with id {id}; call recall to "
                                                                              "find the id"},
    "memory.forget_which": {"it": "non so quale ricordo intendi, e non ne ho dimenticato nessuno. Quello da "
                                  "dimenticare è tra questi? {facts}",
                            "en": "I'm not sure which fact you mean, so I forgot none. Is it one of these? {facts}"},
    "memory.forget_declined": {"it": "non l'ho dimenticato: non hai approvato", "en": "not forgotten: the user did not "
                                                                                  "approve. Do not retry"},
    # a recall question answered by quoting one fact: where it came from and when, in words
    "memory.quoted_on": {"it": "Dalla memoria, {source} il {day}: {fact}",
                         "en": "From memory, {source} on {day}: {fact}"},
    "memory.quoted": {"it": "Dalla memoria, {source}: {fact}", "en": "From memory, {source}: {fact}"},
})
