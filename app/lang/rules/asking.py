"""Which part of a request asks for something: conditions, take-backs, questions about an action, sentence breaks.

Read by the write veto (planner/veto.py), the routing's not-asked rule (lang/actions.py) and memory's
not-a-fact rule (memory/facts.py): one definition of "taken back" for all three.
"""
from __future__ import annotations

from .courtesy import COURTESY_IF
from .table import Rule, Table

# "…, anzi no, lascia perdere", "wait, no": the words of a take-back, for both rules below
TAKE_BACKS = ("anzi no", "lascia perdere", "lascia stare", "never ?mind", "nevermind", "scratch that",
              r"no,? wait(?!\s+(?:for|until|till)\b)", r"wait,?\s+no", r"no,?\s+aspetta", r"aspetta,?\s+no", "nvm",
              r"forget it(?!['’]s)")

ASKING = Table("asking", __doc__ or "", (
    Rule(
        id="condition",
        effect="a clause that states a condition asks nothing by itself; the question after it asks nothing either",
        mode="match",
        # "if you could open X", "se puoi spostarlo…": courtesy, no condition (COURTESY_IF; everyday11-68 read the
        # file instead of opening it)
        pattern=r"^\W*(?:(?:ma|e|and|but|però|pero|allora|so|ok|okay)\s+)?(?:{words})\b(?!\s+" + COURTESY_IF + r"\b)",
        words=("se", "s'", "if", "qualora", "nel caso", "in case", "casomai", "what if"),
        match=("se lo cancello", "ma se elimino report.txt", "if I trash it", "what if I move the folder",
               "nel caso lo sposto"),
        no_match=("segnati che il dentista è giovedì", "seleziona tutto", "cancella se vuoi",
                  "sposta il file in /tmp", "iffy request", "if you could open /tmp/x/a.md",
                  "se non ti è di disturbo spostalo in /tmp/y"),
    ),
    Rule(
        id="where_it_is",
        effect="a relative clause that only says where the thing of the clause before is ('…note.md, che si trova "
               "in /x'): it asks nothing of its own (everyday7-55 read the file, then listed /x)",
        mode="match",
        pattern=r"^\W*(?:{words})\s+(?:in|inside|under|dentro|nella|nel|sotto|sul|sulla|on|a|al)\s+"
                r"(?:(?:la\s+)?cartella\s+|(?:the\s+)?folder\s+)?\S+?[.!]?\s*$",
        words=(r"che\s+si\s+trova", r"che\s+sta", r"che\s+è", r"che\s+e'", r"ch['’]è", r"which\s+is",
               r"that\s+is", r"that['’]s", r"it['’]?s", r"which\s+lives", r"sitting", r"located"),
        match=("che si trova in /tmp/x.", "which is in /home/me/Documents", "che sta nella cartella /x",
               "it's under /home/me"),
        no_match=("che cosa c'è in /tmp/x?", "which files are in /x", "che si trova in /x e poi cancellalo",
                  "sta in /x il file? leggilo"),
    ),
    Rule(
        id="taken_back",
        effect="what comes before a take-back is not asked, and is no fact to keep",
        words=TAKE_BACKS,
        match=("ricordati che il dentista è giovedì, anzi no, lascia perdere", "delete it... never mind",
               "Can you help me remember... wait, no. When is Giulia's birthday?", "sposta X, nvm",
               "copy it, scratch that"),
        no_match=("non lasciare perdere il file", "don't forget it's Anna's birthday on Friday",
                  "aspetta che finisca e poi sposta X", "no, wait for it to finish", "lascia il file dov'è"),
    ),
    Rule(
        id="no_matter",
        effect="a fact the person lets go ('…, non importa'): no fact to keep (memory only: beside a file action "
               "it says the order does not matter, 'copia tutto, non importa l'ordine')",
        words=("non importa",),
        match=("ricordati che il dentista è giovedì... non importa", "segnati che Paul mi deve 20 euro, non importa"),
        no_match=("ricordati che non è importante", "importa i contatti"),
    ),
    Rule(
        id="taken_back_cut",
        effect="where a take-back ends: the asked part starts after it (with its punctuation)",
        pattern=r"\b(?:{words})\b[.,;:!…]*",
        words=TAKE_BACKS,
        match=("Can you help me remember... wait, no. When is it?", "cancella X, anzi no, spostalo"),
        no_match=("wait for the copy to end", "don't forget it's Monday"),
    ),
    Rule(
        id="said_of_a_thing",
        effect="a clause that says where something is or what happened to it ('…, che si trova nella cartella X', "
               "'…, it got changed') describes, it does not ask: its verb ('trova', 'changed') is no action asked "
               "(everyday4-18 listed the folder, everyday4-35 saved a note for 'it got changed')",
        mode="match",
        pattern=r"^\W*(?:{words})\b",
        words=(r"che\s+(?:si\s+trova|sta|[èe]['’]?|stava)", r"(?:which|that)\s+(?:is|was|sits|lives)",
               r"(?:it|that|this|which)(?:['’]s|\s+(?:got|was|is|has\s+been|had\s+been))\s+\w+(?:ed|en)",
               r"(?:[èe]['’]?|sono)\s+stat[oaie]\s+\w+",
               # someone else as the subject: "…, she gets grumpy if I wake her" tells (everyday10-48)
               r"(?:she|he|they)\s+(?!(?:can|could|would|will|should|must|might)\b)[\w'’]+"),
        match=("che si trova nella cartella /x, nella sottocartella /x/a", "it got changed", "which is in /x",
               "è stato cambiato", "that was deleted yesterday", "it's been moved", "she gets grumpy if I wake her"),
        no_match=("change it", "che ore sono", "it is what it is, read /x/a.txt", "cancella /x/a.txt",
                  "that's all, grazie", "they can wait, read /x/a.txt first", "the file is there"),
    ),
    Rule(
        id="written_quote",
        effect="a clause that says what is written or said somewhere, in quotes ('sul post-it c'è scritto \"sposta X "
               "in archivio\"', 'the note says \"delete X\"'), beside a question about it: the quote is the "
               "thing asked about, not a request (its 'sposta' had the model's explanation replaced by 'Non l'ho "
               "fatto', by hand 2026-12-07)",
        pattern=r"\b(?:{words})\s*:?\s*[\"'«“‘]",
        words=(r"c['’]?\s*(?:[èe]|era)\s+scritto", r"ci\s+(?:sta|stava)\s+scritto", r"(?:[èe]|era)\s+scritto",
               r"scritto\s+(?:sopra|sul|sulla|nel|nella)\s+\w+", "dice", "diceva", "recita", "says", "said",
               "reads", r"(?:it['’]?s|is)\s+written"),
        match=("sul post-it c'è scritto 'sposta /x/a.txt in archivio'", "the sticky note says \"delete /x/a.txt\"",
               "nella mail c'era scritto: 'copia tutto'", "my boss's note reads 'rename the folder'"),
        no_match=("scrivi 'ciao' in /x/a.txt", "dice che devo spostare /x/a.txt", "sposta /x/a.txt in archivio",
                  "write 'it says hello' in /x/a.txt"),
    ),
    Rule(
        id="about_action",
        effect="a question about an action (what, which, who, how…), not a request for it; a modal "
               "('can you delete X?') is a polite request and stays asked",
        mode="match",
        pattern=r"^\W*(?:e\s+)?(?:{words})\b",
        words=("cosa", r"che\s+cosa", "cos['’]", "quale", "quali", "quanto", "quanti", "quante", "chi", "come",
               "perch[eé]", "dove", "quando", "what", "which", "who", "how", "why", "where", "when"),
        match=("cosa viene annullato esattamente?", "which files would you delete?", "chi ha spostato X?",
               "e come lo cancello?", "quanti file sposteresti?"),
        no_match=("can you delete X?", "cancella i file vecchi", "puoi spostare report.pdf?",
                  "chiudi la finestra", "whichever you like"),
    ),
    Rule(
        id="sentence_end",
        effect="where one sentence ends and the next begins (the question among reasons and take-backs)",
        mode="split",
        pattern=r"(?<=[.!?…])\s+(?=\S)",
        match=("When is Giulia's birthday? I'm supposed to pick up a cake.", "Grazie. Che ore sono?",
               "wait, no... When is it?"),
        no_match=("leggi il file notes.txt", "sposta report.v2.pdf in /tmp", "quando ho il dentista?"),
        flags=0,
    ),
    Rule(
        id="sentence_break",
        effect="where the asked part splits into pieces judged on their own: punctuation, a dash, and the turn "
               "from a forbidden action to the asked one ('don't delete X just move it')",
        mode="split",
        pattern=r"(?<=[,;:!?…])\s+|(?<=\.)\s+(?=[^\W\d_])|\s+[-–—]\s+|\s+(?=(?:{words})\s)",
        words=("just", "only", "but", "instead", "rather", "solo", "soltanto", "ma", "però", "pero", "invece",
               "piuttosto"),
        match=("non cancellarlo ma spostalo", "don't delete X just move it", "leggi X. poi dimmi", "ok, fallo"),
        no_match=("leggi il file notes.txt", "sposta report.v2.pdf in /tmp", "copy a.txt to b.txt"),
        flags=0,
    ),
    Rule(
        id="own_clause_end",
        effect="where the action's own clause ends and the person's reason or a description begins: a time said "
               "after it ('stampami X che lo devo portare alla contabile stasera', 'delete it because I'm leaving "
               "tomorrow') is when the reason happens, not when to act (everyday5-40 was read as a plan for tonight)",
        pattern=r"\s(?:{words})\b",
        words=(r"che\s+(?:lo|la|li|le|l['’]|mi|ci|devo|dobbiamo|deve|serve|servono|ho|abbiamo)",
               r"perch[eé]", r"poich[eé]", "siccome", r"visto\s+che", r"dato\s+che", "because", r"since\s+i",
               r"cause", r"cos\s+i", r"as\s+i\s+(?:need|have|want|must)", r"so\s+(?:i|we)\s+can"),
        match=("stampami X che lo devo portare alla contabile stasera", "delete it because I'm leaving tomorrow",
               "sposta X in Y perché domani lo cerco", "copy it to /tmp cos i need it tonight"),
        no_match=("cancella X domani", "sposta il file che hai creato", "move it tomorrow", "perché è lento?"),
    ),
    Rule(
        id="done_by_me",
        effect="the person says an action is already done ('ho già letto X', 'I already moved it myself'): an "
               "account, not a request; with nothing else asked, the answer is an acknowledgement",
        words=(r"(?:l['’]\s*|li\s+|le\s+|lo\s+|la\s+|ne\s+)?(?:ho|abbiamo)\s+(?:già|gia)",
               r"(?:già|gia)\s+(?:fatto|letto|visto|sistemato|risolto)", r"(?:l['’]\s*)?ho\s+fatto\s+io",
               "already", r"(?:i|we)\s+(?:did|done|fixed|sorted)\s+it(?:\s+myself|\s+ourselves)?",
               r"(?:i['’]ve|we['’]ve)\s+(?:just\s+)?(?:done|fixed|sorted)",
               # "ok ho letto X, tutto chiaro": an acknowledgement opens the account (the fresh set's tune half)
               r"(?:ok|okay|va\s+bene|perfetto)[,!]?\s+(?:l['’]\s*|li\s+|le\s+)?ho\s+(?:appena\s+)?"
               r"(?:letto|visto|fatto|controllato|sistemato|spostato|copiato|cancellato|aperto)"),
        match=("ho già letto note.md, grazie", "l'ho già spostato io in archivio", "I already moved report.txt myself",
               "tranquillo, l'ho fatto io", "già fatto, grazie", "ok ho letto /tmp/x/report.txt, tutto chiaro"),
        no_match=("leggi note.md", "ho la visita domani", "ho bisogno di leggere note.md", "fallo tu",
                  "do it yourself"),
    ),
    Rule(
        id="thanks_word",
        effect="a word of thanks ('grazie', 'thanks anyway'): with asking.ok_word, a piece made only of these asks "
               "nothing and tells nothing",
        # with the words that make it warmer ("grazie tanto", "thanks a lot": everyday19-27's "grazie tanto" was no
        # thanks, and the file the person had read was read out again)
        words=(r"grazie(?:\s+(?:mille|tante|tanto|infinite|davvero|di\s+cuore|lo\s+stesso))?",
               r"thanks?(?:\s+(?:anyway|so\s+much|a\s+lot|a\s+million|loads|heaps|again))?",
               r"thank\s+you(?:\s+(?:so|very)\s+much)?", "thx", "ty",
               "figurati", "ciao", "ps", r"(?:la|ti|vi)\s+ringrazio(?:\s+molto|\s+tanto)?"),
        match=("grazie", "ok grazie!", "no worries, thanks", "thank you so much", "La ringrazio", "grazie tanto,"),
        no_match=("ringraziare", "thankful", "typo", "leggi note.md"),
    ),
    Rule(
        id="ok_word",
        effect="a word that agrees or reassures ('ok', 'va bene', 'tranquillo', 'no worries', 'fyi')",
        words=("ok(?:ay)?", r"va\s+bene(?:\s+cos[iì])?", "tranquill[oa]", r"no\s+worries", r"nessun\s+problema",
               "perfetto", "great",
               "fine", "cool", r"(?:tutto\s+)?a\s+posto(?:\s+cos[iì])?", r"tutto\s+ok", "comunque", "anyway", "fyi",
               r"per\s+tua\s+info", r"just\s+so\s+you\s+know", r"(?:ti\s+)?volevo\s+dir(?:ti|e)",
               # a closing that asks for nothing more ("non occorre altro", "that's all")
               r"non\s+(?:occorre|serve|c['’]è\s+bisogno\s+di)\s+(?:altro|nient['’]?altro|null['’]?altro)",
               r"nient['’]?altro", r"that['’]?s\s+all", r"nothing\s+else(?:\s+needed)?", r"tutto\s+chiaro",
               r"all\s+clear", r"all\s+good"),
        match=("ok", "tranquillo,", "va bene", "just so you know", "non occorre altro", "that's all"),
        no_match=("okra", "benevolo", "leggilo", "finestra"),
    ),
    Rule(
        id="nothing_to_do",
        effect="nothing for the assistant to do ('tu non devi fare niente', 'you don't have to do anything'): with "
               "asking.ok_word, a piece that asks nothing ('…io ho già cancellato da sola, tu non devi fare niente, "
               "grazie': a folder was listed anyway, everyday20-21)",
        words=(r"(?:tu\s+)?non\s+(?:devi|serve\s+che|c['’]è\s+bisogno\s+che)\s+(?:tu\s+)?(?:fare|fai|faccia)\s+"
               r"(?:niente|nulla)", r"non\s+(?:fare|fa['’]?)\s+(?:niente|nulla)",
               r"(?:you\s+)?(?:don['’]?t|do\s+not|needn['’]?t)\s+(?:have\s+to\s+|need\s+to\s+)?do\s+anything",
               r"no\s+need\s+to\s+do\s+anything", r"nothing\s+(?:for\s+you\s+)?to\s+do"),
        match=("tu non devi fare niente", "you don't have to do anything", "no need to do anything"),
        no_match=("non devi cancellare niente", "do anything you like with /tmp/a.txt", "leggilo"),
    ),
    Rule(
        id="ok_word_uk",
        effect="an Irish or British word that agrees ('grand', 'no bother', 'sorted'): as asking.ok_word "
               "(everyday10-42: 'grand, I read that note.md … meself this morning, no bother' was read out again)",
        words=("grand", r"no\s+bother", r"no\s+probs?", r"no\s+problem", "lovely", "brill", "sorted",
               r"all\s+sorted"),
        match=("grand,", "no bother", "sorted", "lovely, thanks"),
        no_match=("grandma", "the sound file", "sort the files"),
    ),
    Rule(
        id="asks_if_you_did",
        effect="a question whether the assistant did an action ('did you delete X?', 'hai già spostato X?', "
               "'l'hai cancellato?'): answered from the record of file changes, never by the model's guess (it "
               "had answered 'Yes, I deleted X already.' with nothing looked up)",
        mode="match",
        pattern=r"^\W*(?:(?:ma|e|quindi|allora|so|and|but|wait|scusa|sorry)[,\s]+)?(?:{words})\b",
        words=(r"did\s+(?:you|u|ya)",
               r"(?:have|had)\s+(?:you|u|ya)\s+(?:(?:already|actually|really|just)\s+)?(?:\w+(?:ed|en)|made|put|sent)",
               r"(?:(?:l['’]\s*|lo\s+|la\s+|li\s+|le\s+|(?:ce|me|te)\s+l['’]\s*)?(?:hai|avevi)|"
               r"(?:l['’]\s*|lo\s+|la\s+|li\s+|le\s+)ha)\s+(?:(?:già|gia|poi|davvero|mica|veramente)\s+)?"
               r"\w+(?:at|it|ut|ess|ott|itt|ert)[oaie]"),
        match=("did you delete /tmp/x/a.txt already?", "hai già spostato il file?", "l'hai cancellato?",
               "ma hai copiato /tmp/a in /tmp/b?", "have you moved the photos yet?", "me l'hai spostato?"),
        no_match=("cancella /tmp/x/a.txt", "I have moved it myself", "ho già spostato il file",
                  "can you delete X?", "hai un minuto?"),
    ),
))
