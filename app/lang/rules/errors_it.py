"""Frequent Italian spelling and grammar errors and what they become: the first pass of Correggi (selection).

Read by app/selection/correct.py, on Italian texts only, before the model: the bundled 1.5B model leaves most of
these in the text ("qual'è", "un pò", "perchè", "sà", "se avrei saputo", "un'albero"). Written from the errors
Italian grammars and style guides list as the most frequent, each only where its context makes it unambiguous:
"o visto" is "ho visto", but "mangiato o bevuto" keeps its "o"; "se avrei" at the head of a clause is "se
avessi", but "non so se avrei tempo" is right. A rule that cannot tell is not here: the model corrects the rest.
"""
from __future__ import annotations

from .fix import Fix
from .table import Table

# Past participles that follow "ho"/"ha" in everyday writing ("o visto" → "ho visto", "a detto" → "ha detto"),
# in groups by how they are formed (no alternation longer than a short list: tests/architecture/test_rule_budget).
_PARTICIPLE_GROUPS = (
    ("fatto", "detto", "visto", "preso", "messo", "scritto", "letto", "chiesto", "risposto", "perso", "vinto",
     "aperto", "chiuso", "deciso", "rotto", "spento", "acceso", "tolto", "scelto", "promesso", "offerto", "vissuto",
     "risolto", "dato", "già"),  # irregular, and "già" ("o già detto")
    ("mangiato", "parlato", "lavorato", "chiamato", "mandato", "inviato", "trovato", "comprato", "pagato", "portato",
     "lasciato", "pensato", "provato", "cercato", "dimenticato", "incontrato", "spiegato", "studiato", "giocato",
     "guardato", "ascoltato", "aspettato", "prenotato", "ordinato", "preparato"),  # -are verbs
    ("telefonato", "consegnato", "controllato", "sbagliato", "cambiato", "usato", "ricordato", "organizzato",
     "prestato", "regalato"),  # -are verbs of errands and mistakes
    ("capito", "finito", "sentito", "dormito", "spedito", "bevuto", "ricevuto", "avuto", "potuto", "voluto",
     "dovuto", "saputo", "conosciuto", "creduto", "venduto"),  # -ere and -ire verbs
)
_PARTICIPLE = "(?:" + "|".join("(?:" + "|".join(g) + ")" for g in _PARTICIPLE_GROUPS) + ")"
# "mangiato o bevuto", "letto o visto": an "o" after a participle is the conjunction.
_NOT_AFTER_PARTICIPLE = "".join(f"(?<!{end} )" for end in ("ato", "uto", "ito", "tto", "sto", "eso", "rso", "sso",
                                                             "rto", "uso", "lto", "nto", "lso"))
_CLAUSE_HEAD = r"(?:^|(?<=[.!?;:,]\s)|(?<=\n)|(?<=\b[Ee]\s)|(?<=\b[Mm]a\s))"

ERRORS_IT = Table("errors_it", __doc__ or "", (
    Fix(id="qual_e", lang="it",
        effect="'qual è', 'qual era' take no apostrophe (truncation, not elision)",
        pattern=r"\b(qual)['’](è|era|erano)\b", to=r"\1 \2",
        match=("Qual'è il film che volevi vedere?", "Non so qual'era il piano."),
        fixed=("Qual è il film che volevi vedere?", "Non so qual era il piano."),
        no_match=("Qual è il film che volevi vedere?", "Quale era il piano?")),
    Fix(id="po_accent", lang="it",
        effect="'po'' (a bit) is written with an apostrophe, never an accent: 'pò', 'pó' → 'po''",
        table=(("pò", "po'"), ("pó", "po'")),
        match=("Ho un pò di mal di testa.", "Aspetta un pó."),
        fixed=("Ho un po' di mal di testa.", "Aspetta un po'."),
        no_match=("Ho un po' di mal di testa.", "Il Po è in piena.")),
    Fix(id="un_po", lang="it",
        effect="'un po' / un bel po' without its apostrophe → 'un po''",
        pattern=r"\b(un(?:\s+bel)?\s+)po(?![\w'’])", to=r"\1po'",
        match=("Aspetta un po e poi chiama.", "Ho un bel po di lavoro."),
        fixed=("Aspetta un po' e poi chiama.", "Ho un bel po' di lavoro."),
        no_match=("Aspetta un po' e poi chiama.", "Abito vicino al Po.")),
    Fix(id="acute_e", lang="it",
        effect="the compounds of 'che' and 'né', 'sé', 'ventitré' end in an acute é: 'perchè' → 'perché'; the same "
               "words typed with no accent ('perche') get it",
        table=(("perchè", "perché"), ("poichè", "poiché"), ("affinchè", "affinché"), ("benchè", "benché"),
               ("finchè", "finché"), ("sicchè", "sicché"), ("giacchè", "giacché"), ("purchè", "purché"),
               ("nè", "né"), ("sè", "sé"), ("ventitrè", "ventitré"), ("trentatrè", "trentatré"),
               ("perche", "perché"), ("poiche", "poiché"), ("affinche", "affinché"), ("benche", "benché"),
               ("finche", "finché"), ("purche", "purché")),
        match=("Non vengo perchè ho un impegno.", "Non voglio nè pane nè acqua.", "Lo fa da sè, poichè può."),
        fixed=("Non vengo perché ho un impegno.", "Non voglio né pane né acqua.", "Lo fa da sé, poiché può."),
        no_match=("Non vengo perché ho un impegno.", "Lo fa da sé.", "Ha detto: è vero.")),
    Fix(id="no_accent_monosyllable", lang="it",
        effect="monosyllables that take no accent: 'sà', 'stà', 'fà', 'và', 'quà', 'quì', 'sù', 'blù', 'trè' ('dà', "
               "'là', 'lì', 'già', 'più', 'può' keep theirs)",
        table=(("sà", "sa"), ("stà", "sta"), ("fà", "fa"), ("và", "va"), ("quà", "qua"), ("quì", "qui"),
               ("sù", "su"), ("blù", "blu"), ("trè", "tre")),
        match=("Non lo sà nessuno.", "Lui stà bene e fà sport.", "Vieni quì."),
        fixed=("Non lo sa nessuno.", "Lui sta bene e fa sport.", "Vieni qui."),
        no_match=("Non lo sa nessuno.", "Mi dà una mano, è là.", "Può venire giù.")),
    Fix(id="accent_missing", lang="it",
        effect="words that need their accent, typed without it: 'piu' → 'più', 'puo' → 'può', 'gia' → 'già'",
        table=(("piu", "più"), ("puo", "può"), ("gia", "già"), ("cioe", "cioè"), ("citta", "città"),
               ("universita", "università"), ("qualita", "qualità"), ("possibilita", "possibilità"),
               ("attivita", "attività"), ("novita", "novità"), ("verita", "verità"), ("cosi", "così")),
        match=("Non ne posso piu.", "Lo sai gia, cioe lo sai.", "Va bene cosi, grazie."),
        fixed=("Non ne posso più.", "Lo sai già, cioè lo sai.", "Va bene così, grazie."),
        no_match=("Non ne posso più.", "La Giamaica, Piuma e Puoti.")),
    Fix(id="e_apostrophe", lang="it",
        effect="'e'' typed for 'è' (the verb) → 'è', 'E'' → 'È'",
        pattern=r"(?<![\w'’])e['’](?=\s+\w)", to="è",
        match=("Non e' vero.", "E' tardi, andiamo."),
        fixed=("Non è vero.", "È tardi, andiamo."),
        no_match=("Non è vero.", "le vocali 'a' e 'e'")),
    Fix(id="e_verb_head", lang="it", flags=0,
        effect="a sentence that opens with 'E' followed by what only the verb takes ('E comodo', 'E stato') → 'È'",
        pattern=r"(?:^|(?<=[.!?]\s)|(?<=\n))E(?=\s+(?:(?:stato|stata|stati|state|successo)|(?:vero|possibile|"
                r"impossibile|importante|necessario|meglio|peggio|comodo|facile|difficile|chiaro|giusto|sbagliato|"
                r"bello|bellissimo|normale|strano|inutile|utile)|(?:tardi|presto|pronto|pronta|un peccato|colpa))\b)",
        to="È",
        match=("E comodo anche quando è pieno.", "Ciao. E vero che parti?"),
        fixed=("È comodo anche quando è pieno.", "Ciao. È vero che parti?"),
        no_match=("E poi siamo andati via.", "E ora cosa facciamo?", "Pane e vero burro.")),
    Fix(id="e_che_clause", lang="it",
        effect="'e che' after a noun that opens the clause and announces what follows ('L'unico difetto e che', "
               "'Il problema e che') is 'è che'",
        pattern=r"(?:^|(?<=[.!?;:]\s)|(?<=\n)|(?<=\bma\s)|(?<=\bperò\s))((?:il|lo|la|l['’]|l['’]unico\s+|"
                r"l['’]unica\s+|un|una)\s*(?:problema|difetto|fatto|punto|guaio|bello|vero|peccato|rischio|motivo|"
                r"dubbio|strano|assurdo|importante|ostacolo|lato\s+negativo|lato\s+positivo|pregio|limite|"
                r"vantaggio|svantaggio|mio\s+dubbio|mio\s+timore)\s+)e(?=\s+che\b)",
        to=r"\1è",
        match=("Bello. L'unico difetto e che la custodia è grande.", "Il problema e che non risponde.",
               "Ok, ma il fatto e che costa troppo."),
        fixed=("Bello. L'unico difetto è che la custodia è grande.", "Il problema è che non risponde.",
               "Ok, ma il fatto è che costa troppo."),
        no_match=("Ho letto il problema e che dire?", "Il problema è che non risponde.",
                  "Il pane e che cosa?")),
    Fix(id="non_e", lang="it",
        effect="'non e' (not + the conjunction) is always 'non è'",
        pattern=r"\b(non)\s+e(?=\s+\w)", to=r"\1 è",
        match=("Non e vero.", "Dice che non e possibile."),
        fixed=("Non è vero.", "Dice che non è possibile."),
        no_match=("Non è vero.", "Sì o non, e poi?")),
    Fix(id="ho_participle", lang="it",
        effect="'o' before a past participle or 'bisogno' is the verb 'ho' ('o visto' → 'ho visto'), unless a "
               "participle comes before it ('mangiato o bevuto')",
        pattern=_NOT_AFTER_PARTICIPLE + r"(?<![\w'’])o(?=\s+(?:" + _PARTICIPLE + r"|bisogno)\b)",
        to="ho",
        match=("Ieri o visto Luca.", "Scusa, non o capito.", "O bisogno di te."),
        fixed=("Ieri ho visto Luca.", "Scusa, non ho capito.", "Ho bisogno di te."),
        no_match=("Hai mangiato o bevuto qualcosa?", "Uno o due giorni.", "L'hai letto o visto?")),
    Fix(id="non_ho", lang="it",
        effect="'non o' is 'non ho' ('non o tempo')",
        pattern=r"\b(non)\s+o(?=\s+\w)", to=r"\1 ho",
        match=("Non o tempo oggi.", "Oggi non o fame."),
        fixed=("Non ho tempo oggi.", "Oggi non ho fame."),
        no_match=("Non ho tempo.", "Vero o non vero?")),
    Fix(id="ha_participle", lang="it",
        effect="'a' before a past participle is the verb 'ha' ('Marco a detto' → 'Marco ha detto')",
        pattern=_NOT_AFTER_PARTICIPLE + r"(?<![\w'’])a(?=\s+" + _PARTICIPLE + r"\b)",
        to="ha",
        match=("Marco a detto che viene.", "Chi a mangiato la torta?"),
        fixed=("Marco ha detto che viene.", "Chi ha mangiato la torta?"),
        no_match=("Vado a mangiare.", "Ho dato il libro a Luca.", "Marco ha detto che viene.")),
    Fix(id="ce", lang="it",
        effect="'ce' before 'un', 'qualcosa', 'molto'… is 'c'è' ('ce un problema'); 'ce la', 'ce ne' stay",
        pattern=r"\b([Cc])e(?=\s+(?:un|una|uno|qualcuno|qualcosa|nessuno|niente|nulla|molto|troppo|tanto|poco)\b)",
        to=r"\1'è",
        match=("Ce un problema.", "Oggi ce molto traffico."),
        fixed=("C'è un problema.", "Oggi c'è molto traffico."),
        no_match=("Ce la faccio.", "Ce ne sono due.", "C'è un problema.")),
    Fix(id="se_conditional", lang="it",
        effect="a hypothesis opened by 'se' takes the subjunctive: 'se avrei saputo' → 'se avessi saputo' (only at "
               "the head of a clause: 'non so se avrei tempo' is right)",
        pattern=_CLAUSE_HEAD + r"[Ss]e\s+(?:(?:lo|la|li|le|ne|gli|ci|vi|mi|ti|non)\s+|l['’])*(?P<w>{words})\b",
        words=("avrei", "avresti", "avrebbe", "avremmo", "avreste", "avrebbero", "sarei", "saresti", "sarebbe",
               "saremmo", "sareste", "sarebbero", "potrei", "potresti", "potrebbe", "potremmo", "dovrei",
               "dovresti", "dovrebbe", "vorrei", "vorresti", "vorrebbe"),
        table=(("avrei", "avessi"), ("avresti", "avessi"), ("avrebbe", "avesse"), ("avremmo", "avessimo"),
               ("avreste", "aveste"), ("avrebbero", "avessero"), ("sarei", "fossi"), ("saresti", "fossi"),
               ("sarebbe", "fosse"), ("saremmo", "fossimo"), ("sareste", "foste"), ("sarebbero", "fossero"),
               ("potrei", "potessi"), ("potresti", "potessi"), ("potrebbe", "potesse"), ("potremmo", "potessimo"),
               ("dovrei", "dovessi"), ("dovresti", "dovessi"), ("dovrebbe", "dovesse"), ("vorrei", "volessi"),
               ("vorresti", "volessi"), ("vorrebbe", "volesse")),
        match=("Se avrei saputo del ritardo, sarei partito.", "Ciao. Se lo avrei saputo, sarei venuto.",
               "Verrei, se potrei."),
        fixed=("Se avessi saputo del ritardo, sarei partito.", "Ciao. Se lo avessi saputo, sarei venuto.",
               "Verrei, se potessi."),
        no_match=("Non so se avrei tempo.", "Se avessi saputo, sarei partito.", "Mi chiedo se sarebbe possibile.")),
    Fix(id="che_subjunctive", lang="it",
        effect="'penso/credo/spero che' take the subjunctive: 'penso che è' → 'penso che sia', 'credo che ha' → "
               "'credo che abbia'",
        pattern=r"\b(?:penso|pensi|pensa|pensiamo|credo|credi|crede|crediamo|spero|speri|speriamo|immagino|suppongo|"
                r"dubito|temo|mi sembra|sembra|mi pare|pare|voglio|vorrei)\s+che\s+(?P<w>è|ha|hanno|sei|hai|stai|"
                r"può|puoi|va|vai|fa|fai|sa|sai|viene|vieni|deve|devi|vuole|vuoi|sta)\b",
        table=(("è", "sia"), ("ha", "abbia"), ("hanno", "abbiano"), ("sei", "sia"), ("hai", "abbia"),
               ("stai", "stia"), ("sta", "stia"), ("può", "possa"), ("puoi", "possa"), ("va", "vada"),
               ("vai", "vada"), ("fa", "faccia"), ("fai", "faccia"), ("sa", "sappia"), ("sai", "sappia"),
               ("viene", "venga"), ("vieni", "venga"), ("deve", "debba"), ("devi", "debba"), ("vuole", "voglia"),
               ("vuoi", "voglia")),
        match=("Penso che è meglio così.", "Credo che ha ragione lui.", "Spero che stai bene."),
        fixed=("Penso che sia meglio così.", "Credo che abbia ragione lui.", "Spero che stia bene."),
        no_match=("So che è meglio così.", "Penso che sia meglio.", "Dice che ha ragione.")),
    Fix(id="un_apostrophe_masculine", lang="it",
        effect="'un'' (with the apostrophe) is only feminine: a masculine noun takes 'un' ('un'albero' → 'un "
               "albero', 'un'amico' → 'un amico')",
        pattern=r"\b(un)['’](?P<n>(?!(?:auto|eco|radio|foto)\b)[aeiouhAEIOUH]\w*o|errore|esame|animale|ospedale|"
                r"ambiente|allarme|interesse|ordine|indice|incidente|amore|odore|onore|orizzonte|elefante|ingegnere|"
                r"infermiere|autobus|hotel)\b",
        to=r"\1 \g<n>",
        match=("Ho visto un'albero.", "Lo consiglio a un'amico.", "C'è un'errore nel file."),
        fixed=("Ho visto un albero.", "Lo consiglio a un amico.", "C'è un errore nel file."),
        no_match=("Ho un'idea.", "Ho comprato un'auto.", "È un amico.")),
    Fix(id="un_apostrophe_feminine", lang="it",
        effect="a feminine noun opening with a vowel takes 'un'' ('un altra' → 'un'altra', 'un ora' → 'un'ora')",
        pattern=r"\b(un)\s+(?P<n>(?:(?:altra|ottima|ultima|unica)|(?:amica|idea|ora|opera|email|e-mail|estate|"
                r"isola|azienda|attesa|offerta|occasione|ombra|onda|aula|università|uscita|entrata|immagine|"
                r"intervista|ipotesi|insalata|arancia|agenda))\b)",
        to=r"\1'\g<n>",
        match=("Ci vediamo tra un ora.", "Ho un altra idea."),
        fixed=("Ci vediamo tra un'ora.", "Ho un'altra idea."),
        no_match=("Ci vediamo tra un'ora.", "È un amico.", "Un anno fa.")),
    Fix(id="spelling_double", lang="it",
        effect="a consonant written single where Italian doubles it, or double where it is single ('sopratutto' → "
               "'soprattutto', 'publico' → 'pubblico', 'communque' → 'comunque')",
        table=(("sopratutto", "soprattutto"), ("subbito", "subito"), ("publico", "pubblico"), ("publica", "pubblica"),
               ("publicare", "pubblicare"), ("communque", "comunque"), ("commune", "comune"),
               ("communicare", "comunicare"), ("communicazione", "comunicazione"), ("accellerare", "accelerare"),
               ("ecezione", "eccezione"), ("ecezionale", "eccezionale"), ("racomandata", "raccomandata"),
               ("racommandata", "raccomandata"), ("eccelente", "eccellente"), ("aprofittare", "approfittare"),
               ("aprezzo", "apprezzo"), ("aprezzato", "apprezzato"), ("capuccino", "cappuccino"),
               ("machina", "macchina"), ("abiamo", "abbiamo"), ("avocato", "avvocato")),
        match=("Chiama Davide, sopratutto se ha le chiavi.", "Lo dico subbito al publico."),
        fixed=("Chiama Davide, soprattutto se ha le chiavi.", "Lo dico subito al pubblico."),
        no_match=("Chiama Davide, soprattutto se ha le chiavi.", "Un volo pubblico, subito.")),
    Fix(id="spelling_letters", lang="it",
        effect="a letter added, dropped or swapped ('pultroppo' → 'purtroppo', 'propio' → 'proprio', 'efficente' → "
               "'efficiente', 'inportante' → 'importante')",
        table=(("pultroppo", "purtroppo"), ("propio", "proprio"), ("propia", "propria"), ("efficente", "efficiente"),
               ("sufficente", "sufficiente"), ("scenza", "scienza"), ("coscenza", "coscienza"),
               ("aereoporto", "aeroporto"), ("areoporto", "aeroporto"), ("metereologico", "meteorologico"),
               ("metereologia", "meteorologia"), ("ogniuno", "ognuno"), ("beneficienza", "beneficenza"),
               ("inpegno", "impegno"), ("inportante", "importante"), ("inpossibile", "impossibile"),
               ("inbarazzo", "imbarazzo")),
        match=("Pultroppo non posso.", "Lo fa a propio rischio, è inportante."),
        fixed=("Purtroppo non posso.", "Lo fa a proprio rischio, è importante."),
        no_match=("Purtroppo non posso.", "Lo fa a proprio rischio.")),
    Fix(id="spelling_apostrophe", lang="it",
        effect="an apostrophe missing or out of place ('daccordo' → 'd'accordo', 'cè' → 'c'è', 'qualcun'altro' → "
               "'qualcun altro', 'tutt'ora' → 'tuttora')",
        table=(("daccordo", "d'accordo"), ("dacordo", "d'accordo"), ("qualcun'altro", "qualcun altro"),
               ("nessun'altro", "nessun altro"), ("tutt'ora", "tuttora"), ("cè", "c'è"), ("qualè", "qual è")),
        match=("Siamo daccordo, cè tempo.", "Chiedi a qualcun'altro."),
        fixed=("Siamo d'accordo, c'è tempo.", "Chiedi a qualcun altro."),
        no_match=("Siamo d'accordo, c'è tempo.", "Chiedi a qualcun altro.")),
    Fix(id="verb_forms", lang="it",
        effect="subjunctive forms that do not exist ('vadi' → 'vada', 'stasse' → 'stesse', 'dasse' → 'desse')",
        table=(("vadi", "vada"), ("vadino", "vadano"), ("stasse", "stesse"), ("stassi", "stessi"), ("dasse", "desse"),
               ("dassi", "dessi"), ("venghi", "venga")),
        match=("Spero che vadi tutto bene.", "Se stasse zitto, sarebbe meglio."),
        fixed=("Spero che vada tutto bene.", "Se stesse zitto, sarebbe meglio."),
        no_match=("Spero che vada tutto bene.", "Se stesse zitto, sarebbe meglio.")),
    Fix(id="ce_la_fare", lang="it",
        effect="'farcela' and 'avercela' take 'ce la', 'ce l'', never 'c'è': 'c'è la fai' → 'ce la fai', 'c'è l'ho' "
               "→ 'ce l'ho' (the verb after 'la' tells it: 'c'è la neve' is right)",
        pattern=r"\b([Cc])['’]è\s+(la\s+(?:fai|faccio|fa|facciamo|fate|fanno|farò|farai|farà|faremo|farete|"
                r"faranno|farei|faresti|farebbe)\b|l['’](?:ho|hai|ha|abbiamo|avete|hanno)\b)",
        to=r"\1e \2",
        match=("Dai che c'è la fai anche questa volta.", "Le chiavi? Sì, c'è l'ho in tasca."),
        fixed=("Dai che ce la fai anche questa volta.", "Le chiavi? Sì, ce l'ho in tasca."),
        no_match=("Fuori c'è la neve.", "C'è l'hotel in fondo alla via.")),
    Fix(id="uno_before_s_z", lang="it",
        effect="'uno', not 'un', before s + consonant, z, gn, ps, pn, x, y ('un sconto' → 'uno sconto', 'un zaino' "
               "→ 'uno zaino'); only for a word ending in -o or -e, as the masculine ones do (a feminine one takes "
               "'una', which the rule cannot tell from a typo)",
        pattern=r"\b([Uu])n\s+((?:s[bcdfgklmnpqrtvz]|z|gn|ps|pn|x|y)[a-zàèéìòù]*[oe])\b",
        to=r"\1no \2",
        match=("Ci hanno fatto un sconto del 10%.", "Ho comprato un zaino nuovo e un psicologo mi ha detto di sì."),
        fixed=("Ci hanno fatto uno sconto del 10%.", "Ho comprato uno zaino nuovo e uno psicologo mi ha detto di sì."),
        no_match=("Ci hanno fatto uno sconto.", "Ho un sacco di lavoro e un amico in città.")),
))
