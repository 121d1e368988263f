<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it_IT">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Metnos Desk</source>
        <translation>Informazioni su Metnos Desk</translation>
    </message>
    <message>
        <source>An offline assistant: everything runs on this computer.</source>
        <translation>Un assistente offline: tutto gira su questo computer.</translation>
    </message>
    <message>
        <source>Configuration: %1</source>
        <translation>Configurazione: %1</translation>
    </message>
    <message>
        <source>Data: %1</source>
        <translation>Dati: %1</translation>
    </message>
    <message>
        <source>Licences and components</source>
        <translation>Licenze e componenti</translation>
    </message>
    <message>
        <source>Components and licences:</source>
        <translation>Componenti e licenze:</translation>
    </message>
    <message>
        <source>The Gemma Terms of Use file (GEMMA_TERMS.html) is missing from the model folder. Run `metnos models install` to restore it; the terms are at https://ai.google.dev/gemma/terms</source>
        <translation>Il file dei Termini d&apos;uso di Gemma (GEMMA_TERMS.html) manca dalla cartella dei modelli. Esegui `metnos models install` per ripristinarlo; i termini sono su https://ai.google.dev/gemma/terms</translation>
    </message>
    <message>
        <source>Gemma Terms of Use (the reasoning model is provided under these terms):</source>
        <translation>Termini d&apos;uso di Gemma (il modello di ragionamento è fornito secondo questi termini):</translation>
    </message>
    <message>
        <source>Open the original terms</source>
        <translation>Apri i termini originali</translation>
    </message>
</context>
<context>
    <name>AnswerRow</name>
    <message>
        <source>Copy</source>
        <translation>Copia</translation>
    </message>
    <message>
        <source>Put the answer on the clipboard</source>
        <translation>Metti la risposta negli appunti</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Sostituisci</translation>
    </message>
    <message>
        <source>Put the answer in place of the selected text</source>
        <translation>Metti la risposta al posto del testo selezionato</translation>
    </message>
</context>
<context>
    <name>ApprovalCard</name>
    <message>
        <source>May I go ahead with this change?</source>
        <translation>Posso procedere con questa modifica?</translation>
    </message>
    <message>
        <source>What will change</source>
        <translation>Cosa cambierà</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Approva</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Rifiuta</translation>
    </message>
    <message>
        <source>Yes to all in this request</source>
        <translation>Sì a tutto in questa richiesta</translation>
    </message>
    <message>
        <source>Y/Enter approves · N/Esc denies</source>
        <translation>S/Invio approva · N/Esc rifiuta</translation>
    </message>
    <message>
        <source>Y or Enter approves, N or Esc denies</source>
        <translation>S o Invio approva, N o Esc rifiuta</translation>
    </message>
    <message>
        <source>Approve: %1</source>
        <translation>Approva: %1</translation>
    </message>
    <message>
        <source>Deny: %1</source>
        <translation>Rifiuta: %1</translation>
    </message>
    <message>
        <source>Approve this and the same kind of change for the rest of this request</source>
        <translation>Approva questa e le modifiche dello stesso tipo per il resto di questa richiesta</translation>
    </message>
    <message>
        <source>Permission needed: %1</source>
        <translation>Serve il tuo permesso: %1</translation>
    </message>
    <message>
        <source>Approved, also for the rest of this request</source>
        <translation>Approvato, anche per il resto di questa richiesta</translation>
    </message>
    <message>
        <source>Approved</source>
        <translation>Approvato</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Rifiutato</translation>
    </message>
</context>
<context>
    <name>CF</name>
    <message>
        <source>a quoted text is not closed (a &quot; is missing at the end of the line)</source>
        <translation>un testo tra virgolette non è chiuso (manca una &quot; a fine riga)</translation>
    </message>
    <message>
        <source>a list opened with [ is not closed with ]</source>
        <translation>una lista aperta con [ non è chiusa con ]</translation>
    </message>
    <message>
        <source>a { is not closed with }</source>
        <translation>una { non è chiusa con }</translation>
    </message>
    <message>
        <source>the value after = is missing or not valid</source>
        <translation>il valore dopo = manca o non è valido</translation>
    </message>
    <message>
        <source>there is something extra after the value</source>
        <translation>c&apos;è qualcosa in più dopo il valore</translation>
    </message>
    <message>
        <source>a key is written twice</source>
        <translation>una chiave è scritta due volte</translation>
    </message>
    <message>
        <source>a section is written twice</source>
        <translation>una sezione è scritta due volte</translation>
    </message>
    <message>
        <source>the = sign is missing after the key</source>
        <translation>manca il segno = dopo la chiave</translation>
    </message>
    <message>
        <source>the ] closing a [section] is missing</source>
        <translation>manca la ] che chiude una [sezione]</translation>
    </message>
    <message>
        <source>the character %1 is not allowed here</source>
        <translation>il carattere %1 qui non è ammesso</translation>
    </message>
    <message>
        <source>must be true or false, not %1</source>
        <translation>deve essere true o false, non %1</translation>
    </message>
    <message>
        <source>must be a whole number, not %1</source>
        <translation>deve essere un numero intero, non %1</translation>
    </message>
    <message>
        <source>must be a number from 0 to 1, not %1</source>
        <translation>deve essere un numero tra 0 e 1, non %1</translation>
    </message>
    <message>
        <source>must be a number greater than 0, not %1</source>
        <translation>deve essere un numero maggiore di 0, non %1</translation>
    </message>
    <message>
        <source>must be 0 or more, not %1</source>
        <translation>deve essere 0 o più, non %1</translation>
    </message>
    <message>
        <source>must be -1 (automatic) or a number from 0 to 1, not %1</source>
        <translation>deve essere -1 (automatico) o un numero tra 0 e 1, non %1</translation>
    </message>
    <message>
        <source>must be a number, not %1</source>
        <translation>deve essere un numero, non %1</translation>
    </message>
    <message>
        <source>must be a text in quotes, not %1</source>
        <translation>deve essere un testo tra virgolette, non %1</translation>
    </message>
    <message>
        <source>must be a list in [ ], not %1</source>
        <translation>deve essere una lista tra [ ], non %1</translation>
    </message>
    <message>
        <source>must be one of %1, not %2</source>
        <translation>deve essere uno tra %1, non %2</translation>
    </message>
    <message>
        <source>must be a [%1] section, not %2</source>
        <translation>deve essere una sezione [%1], non %2</translation>
    </message>
    <message>
        <source>Line %1 is not valid: %2. Fix it, or delete the file to get the defaults back.</source>
        <translation>La riga %1 non è valida: %2. Correggila, oppure elimina il file per tornare alle impostazioni predefinite.</translation>
    </message>
    <message>
        <source>The file is not UTF-8 text: save it as UTF-8.</source>
        <translation>Il file non è testo UTF-8: salvalo come UTF-8.</translation>
    </message>
    <message>
        <source>The file cannot be read (%1).</source>
        <translation>Il file non si può leggere (%1).</translation>
    </message>
    <message>
        <source>The environment variable %1: %2</source>
        <translation>La variabile d&apos;ambiente %1: %2</translation>
    </message>
</context>
<context>
    <name>ChatWindow</name>
    <message>
        <source>Metnos Desk — chat</source>
        <translation>Metnos Desk — chat</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversazioni</translation>
    </message>
    <message>
        <source>Show the list of conversations</source>
        <translation>Mostra l&apos;elenco delle conversazioni</translation>
    </message>
    <message>
        <source>Ask anything… (Enter to send)</source>
        <translation>Chiedi qualsiasi cosa… (Invio per inviare)</translation>
    </message>
    <message>
        <source>Your question</source>
        <translation>La tua domanda</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Invia</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <source>Stop the running turn (Esc)</source>
        <translation>Ferma la richiesta in corso (Esc)</translation>
    </message>
    <message>
        <source>Show earlier requests</source>
        <translation>Mostra le richieste precedenti</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>New conversation</source>
        <translation>Nuova conversazione</translation>
    </message>
    <message>
        <source>Start a new conversation (Ctrl+N)</source>
        <translation>Inizia una nuova conversazione (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Cerca nelle conversazioni</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversazioni</translation>
    </message>
    <message>
        <source>Name, then Enter</source>
        <translation>Nome, poi Invio</translation>
    </message>
    <message>
        <source>Conversation name</source>
        <translation>Nome della conversazione</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Rinomina</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Elimina…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Elimina</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Tieni</translation>
    </message>
    <message>
        <source>No conversation has these words.</source>
        <translation>Nessuna conversazione contiene queste parole.</translation>
    </message>
    <message>
        <source>Your conversations will be listed here.</source>
        <translation>Qui troverai le tue conversazioni.</translation>
    </message>
    <message>
        <source>Delete “%1” and everything said in it? This cannot be undone.</source>
        <translation>Eliminare «%1» e tutto quello che contiene? Non si può annullare.</translation>
    </message>
</context>
<context>
    <name>DenyFirstBar</name>
    <message>
        <source>Deny the waiting action and send the new request?</source>
        <translation>Rifiutare l&apos;azione in attesa e inviare la nuova richiesta?</translation>
    </message>
    <message>
        <source>Deny and send</source>
        <translation>Rifiuta e invia</translation>
    </message>
    <message>
        <source>Back to the approval</source>
        <translation>Torna all&apos;approvazione</translation>
    </message>
</context>
<context>
    <name>DeskApp</name>
    <message>
        <source>Starting…</source>
        <translation>Avvio…</translation>
    </message>
    <message>
        <source>Finished.</source>
        <translation>Fatto.</translation>
    </message>
    <message>
        <source>Finished without an answer.</source>
        <translation>Finito senza risposta.</translation>
    </message>
    <message>
        <source>Metnos answered: %1</source>
        <translation>Metnos ha risposto: %1</translation>
    </message>
    <message>
        <source>runtime.toml applied</source>
        <translation>runtime.toml applicato</translation>
    </message>
    <message>
        <source>The settings file is valid again and in use.</source>
        <translation>Il file delle impostazioni è di nuovo valido ed è in uso.</translation>
    </message>
    <message>
        <source>The previous settings stay in use. File: %1</source>
        <translation>Restano in uso le impostazioni precedenti. File: %1</translation>
    </message>
    <message>
        <source>runtime.toml not applied</source>
        <translation>runtime.toml non applicato</translation>
    </message>
</context>
<context>
    <name>DocsPage</name>
    <message>
        <source>The assistant answers questions about your documents (PDF, Word, OpenDocument, spreadsheets, presentations, notes) from these folders, and names the file it read. The index is encrypted on this computer and follows your changes by itself. Adding or removing a folder applies at once.</source>
        <translation>L&apos;assistente risponde alle domande sui tuoi documenti (PDF, Word, OpenDocument, fogli di calcolo, presentazioni, note) leggendoli in queste cartelle, e dice da quale file ha preso la risposta. L&apos;indice è cifrato su questo computer e segue da solo le tue modifiche. Aggiungere o togliere una cartella ha effetto subito.</translation>
    </message>
    <message>
        <source>No folder yet: questions about your documents cannot be answered.</source>
        <translation>Nessuna cartella: per ora l&apos;assistente non può rispondere sui tuoi documenti.</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>Aggiungi cartella…</translation>
    </message>
    <message>
        <source>Set by the environment variable %1; this window cannot change it.</source>
        <translation>Impostate dalla variabile d&apos;ambiente %1; questa finestra non può cambiarle.</translation>
    </message>
    <message>
        <source>Open Allowed folders</source>
        <translation>Apri «Cartelle consentite»</translation>
    </message>
    <message>
        <source>Choose a folder of documents</source>
        <translation>Scegli una cartella di documenti</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Rimuovi</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Rimuovi %1</translation>
    </message>
</context>
<context>
    <name>EngineWorker</name>
    <message>
        <source>The assistant could not start, so it cannot answer.</source>
        <translation>L&apos;assistente non è riuscito ad avviarsi, quindi non può rispondere.</translation>
    </message>
    <message>
        <source>Run `metnos doctor` in a terminal to see why.</source>
        <translation>Esegui `metnos doctor` in un terminale per sapere perché.</translation>
    </message>
    <message>
        <source>Something went wrong inside the assistant; this is a bug.</source>
        <translation>Qualcosa è andato storto dentro l&apos;assistente; è un difetto.</translation>
    </message>
    <message>
        <source>The log has the details: %1</source>
        <translation>Il registro ha i dettagli: %1</translation>
    </message>
</context>
<context>
    <name>FileFallback</name>
    <message>
        <source>Edit runtime.toml</source>
        <translation>Modifica runtime.toml</translation>
    </message>
    <message>
        <source>No text editor opened for runtime.toml. Open it yourself with any text editor — the file is here:</source>
        <translation>Non si è aperto nessun editor di testo per runtime.toml. Aprilo tu con un editor di testo qualsiasi: il file è qui:</translation>
    </message>
    <message>
        <source>Path of runtime.toml</source>
        <translation>Percorso di runtime.toml</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>Copia il percorso</translation>
    </message>
    <message>
        <source>Changes apply as soon as you save the file.</source>
        <translation>Le modifiche valgono appena salvi il file.</translation>
    </message>
    <message>
        <source>Open the folder</source>
        <translation>Apri la cartella</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiato</translation>
    </message>
    <message>
        <source>The folder did not open either; copy the path above.</source>
        <translation>Non si apre nemmeno la cartella; copia il percorso qui sopra.</translation>
    </message>
</context>
<context>
    <name>FirstStartCard</name>
    <message>
        <source>Try asking</source>
        <translation>Prova a chiedere</translation>
    </message>
    <message>
        <source>Click a request to ask it, or type your own question.</source>
        <translation>Fai clic su una richiesta per farla, o scrivi la tua domanda.</translation>
    </message>
    <message>
        <source>What time is it?</source>
        <translation>Che ore sono?</translation>
    </message>
    <message>
        <source>What is 12 times 7?</source>
        <translation>Quanto fa 12 per 7?</translation>
    </message>
    <message>
        <source>Remember that the dentist is on Thursday at 3 pm</source>
        <translation>Ricordati che il dentista è giovedì alle 15</translation>
    </message>
    <message>
        <source>What is in the Documents folder?</source>
        <translation>Cosa c&apos;è nella cartella Documenti?</translation>
    </message>
</context>
<context>
    <name>FolderList</name>
    <message>
        <source>No folder: the assistant cannot read or change any file.</source>
        <translation>Nessuna cartella: l&apos;assistente non può leggere né modificare alcun file.</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>Aggiungi una cartella…</translation>
    </message>
    <message>
        <source>Your home folder (%1)</source>
        <translation>La tua cartella personale (%1)</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Rimuovi</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Rimuovi %1</translation>
    </message>
    <message>
        <source>Choose a folder the assistant may use</source>
        <translation>Scegli una cartella che l&apos;assistente può usare</translation>
    </message>
</context>
<context>
    <name>FolderPicker</name>
    <message>
        <source>Look in:</source>
        <translation>Cerca in:</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>Cartella:</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Mostra:</translation>
    </message>
    <message>
        <source>Choose</source>
        <translation>Scegli</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
</context>
<context>
    <name>GuiAsk</name>
    <message>
        <source>Metnos memory</source>
        <translation>Memoria di Metnos</translation>
    </message>
    <message>
        <source>Type it again:</source>
        <translation>Scrivila di nuovo:</translation>
    </message>
</context>
<context>
    <name>HotkeySetup</name>
    <message>
        <source>Global hotkey unavailable</source>
        <translation>Scorciatoia globale non disponibile</translation>
    </message>
    <message>
        <source>%1 could not be registered: %2. Bind the command `metnos --toggle` to a shortcut in your desktop settings instead.</source>
        <translation>Non è stato possibile registrare %1: %2. Assegna invece il comando `metnos --toggle` a una scorciatoia nelle impostazioni del desktop.</translation>
    </message>
    <message>
        <source>Selection hotkey unavailable</source>
        <translation>Scorciatoia per il testo selezionato non disponibile</translation>
    </message>
    <message>
        <source>%1 could not be registered: %2. Copy the text and use the clipboard from the popup instead.</source>
        <translation>Non è stato possibile registrare %1: %2. Copia il testo e usa gli appunti dal riquadro.</translation>
    </message>
    <message>
        <source>Global hotkey: %1</source>
        <translation>Scorciatoia globale: %1</translation>
    </message>
    <message>
        <source>Global hotkey unavailable (%1); use `metnos --toggle`.</source>
        <translation>Scorciatoia globale non disponibile (%1); usa `metnos --toggle`.</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>disattivata</translation>
    </message>
</context>
<context>
    <name>LoadStatus</name>
    <message>
        <source>The assistant could not start: %1</source>
        <translation>L&apos;assistente non è riuscito ad avviarsi: %1</translation>
    </message>
    <message>
        <source>Metnos Desk</source>
        <translation>Metnos Desk</translation>
    </message>
    <message>
        <source>Loading models…</source>
        <translation>Caricamento dei modelli…</translation>
    </message>
    <message>
        <source>search model</source>
        <translation>modello di ricerca</translation>
    </message>
    <message>
        <source>reasoning model</source>
        <translation>modello di ragionamento</translation>
    </message>
    <message>
        <source>Loading models: %1</source>
        <translation>Caricamento dei modelli: %1</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Pronto</translation>
    </message>
    <message>
        <source>Some models did not load; quick answers still work.</source>
        <translation>Alcuni modelli non si sono caricati; le risposte rapide funzionano comunque.</translation>
    </message>
</context>
<context>
    <name>MemoryWindow</name>
    <message>
        <source>Opening the memory…</source>
        <translation>Apertura della memoria…</translation>
    </message>
    <message>
        <source>Metnos Desk — memory</source>
        <translation>Metnos Desk — memoria</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Riprova</translation>
    </message>
    <message>
        <source>Filter; Enter searches by meaning</source>
        <translation>Filtra; Invio cerca per significato</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoria</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Fonte</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Ricordo</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Aggiungi…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Modifica…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Elimina</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aggiorna</translation>
    </message>
    <message>
        <source>Read the facts again; the filter in the box stays applied</source>
        <translation>Rileggi i ricordi; il filtro nella casella resta applicato</translation>
    </message>
    <message>
        <source>Long-term memory is not available:</source>
        <translation>La memoria a lungo termine non è disponibile:</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message numerus="yes">
        <source>%n fact(s)</source>
        <translation>
            <numerusform>%n ricordo</numerusform>
            <numerusform>%n ricordi</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Filter “%2”: %1 of %n shown — clear the box to see all</source>
        <translation>
            <numerusform>Filtro «%2»: %1 su %n mostrati — svuota la casella per vederli tutti</numerusform>
            <numerusform>Filtro «%2»: %1 su %n mostrati — svuota la casella per vederli tutti</numerusform>
        </translation>
    </message>
    <message>
        <source>Closest by meaning to “%1” first — clear the box to see them all</source>
        <translation>Prima i più vicini per significato a «%1» — svuota la casella per vederli tutti</translation>
    </message>
    <message>
        <source>Add a fact</source>
        <translation>Aggiungi un ricordo</translation>
    </message>
    <message>
        <source>Fact to remember:</source>
        <translation>Cosa ricordare:</translation>
    </message>
    <message>
        <source>Edit the fact</source>
        <translation>Modifica il ricordo</translation>
    </message>
    <message>
        <source>Fact:</source>
        <translation>Ricordo:</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n fact(s)? This cannot be undone.</source>
        <translation>
            <numerusform>Eliminare %n ricordo? Non si può annullare.</numerusform>
            <numerusform>Eliminare %n ricordi? Non si può annullare.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MenuActions</name>
    <message>
        <source>Start at login</source>
        <translation>Avvia all&apos;accesso</translation>
    </message>
    <message>
        <source>Pause learning</source>
        <translation>Sospendi l&apos;apprendimento</translation>
    </message>
</context>
<context>
    <name>ModelChoice</name>
    <message>
        <source>Included model (recommended)</source>
        <translation>Modello incluso (consigliato)</translation>
    </message>
    <message>
        <source>Light model (Gemma 270M)</source>
        <translation>Modello leggero (Gemma 270M)</translation>
    </message>
    <message>
        <source>A GGUF model file on this computer</source>
        <translation>Un file di modello GGUF su questo computer</translation>
    </message>
    <message>
        <source>A server on your network (OpenAI-compatible)</source>
        <translation>Un server nella tua rete (compatibile OpenAI)</translation>
    </message>
    <message>
        <source>Path of a .gguf file</source>
        <translation>Percorso di un file .gguf</translation>
    </message>
    <message>
        <source>Model file</source>
        <translation>File del modello</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Scegli…</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Indirizzo del server</translation>
    </message>
    <message>
        <source>Model name on the server</source>
        <translation>Nome del modello sul server</translation>
    </message>
    <message>
        <source>Set by environment variables; this window cannot change it.</source>
        <translation>Impostato da variabili d&apos;ambiente; questa finestra non può cambiarlo.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modello</translation>
    </message>
    <message>
        <source>Used for</source>
        <translation>Serve per</translation>
    </message>
    <message>
        <source>new requests that need reasoning; instant answers never need a model.</source>
        <translation>le richieste nuove che vanno ragionate; le risposte immediate non usano mai un modello.</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatico</translation>
    </message>
    <message>
        <source>Processor cores</source>
        <translation>Core del processore</translation>
    </message>
    <message>
        <source>How many cores the model may use. Automatic uses one per physical core.</source>
        <translation>Quanti core può usare il modello. Automatico ne usa uno per core fisico.</translation>
    </message>
    <message>
        <source>Understands new requests best. Uses more memory; the first answer after start takes a few seconds longer.</source>
        <translation>Capisce meglio le richieste nuove. Usa più memoria; la prima risposta dopo l&apos;avvio richiede qualche secondo in più.</translation>
    </message>
    <message>
        <source>The smallest and fastest. Understands new requests less well; instant answers do not change.</source>
        <translation>Il più piccolo e veloce. Capisce meno bene le richieste nuove; le risposte immediate non cambiano.</translation>
    </message>
    <message>
        <source>Uses the model you choose; speed and quality depend on its size.</source>
        <translation>Usa il modello che scegli; velocità e qualità dipendono dalle sue dimensioni.</translation>
    </message>
    <message>
        <source>New requests go to that server, so it must be reachable. Its key stays in the system keyring.</source>
        <translation>Le richieste nuove vanno a quel server, che deve essere raggiungibile. La sua chiave resta nel portachiavi di sistema.</translation>
    </message>
    <message>
        <source>The change applies from the next request.</source>
        <translation>Il cambio vale dalla prossima richiesta.</translation>
    </message>
    <message>
        <source>Choose a model file</source>
        <translation>Scegli un file di modello</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modelli GGUF (*.gguf)</translation>
    </message>
</context>
<context>
    <name>QuickPopup</name>
    <message>
        <source>Metnos quick query</source>
        <translation>Domanda rapida a Metnos</translation>
    </message>
    <message>
        <source>Ask Metnos…</source>
        <translation>Chiedi a Metnos…</translation>
    </message>
    <message>
        <source>Your question</source>
        <translation>La tua domanda</translation>
    </message>
    <message>
        <source>Enter sends · Esc hides</source>
        <translation>Invio invia · Esc nasconde</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <source>Open in chat</source>
        <translation>Apri nella chat</translation>
    </message>
    <message>
        <source>Continue this exchange in the chat window</source>
        <translation>Continua questo scambio nella finestra della chat</translation>
    </message>
</context>
<context>
    <name>SelectionFlow</name>
    <message>
        <source>Ask something about this text…</source>
        <translation>Chiedi qualcosa su questo testo…</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>Copiato.</translation>
    </message>
    <message>
        <source>Copied: paste it with %1</source>
        <translation>Copiato: incollalo con %1</translation>
    </message>
</context>
<context>
    <name>SelectionPanel</name>
    <message>
        <source>Key %1</source>
        <translation>Tasto %1</translation>
    </message>
    <message>
        <source>Selected text</source>
        <translation>Testo selezionato</translation>
    </message>
    <message>
        <source>No text is selected.</source>
        <translation>Nessun testo selezionato.</translation>
    </message>
    <message>
        <source>Use the text in the clipboard (1 line)</source>
        <translation>Usa il testo degli appunti (1 riga)</translation>
    </message>
    <message>
        <source>Use the text in the clipboard (%1 lines)</source>
        <translation>Usa il testo degli appunti (%1 righe)</translation>
    </message>
    <message>
        <source>… 1 line</source>
        <translation>… 1 riga</translation>
    </message>
    <message>
        <source>… %1 lines</source>
        <translation>… %1 righe</translation>
    </message>
    <message>
        <source>Select a text in any program and press %1 again.</source>
        <translation>Seleziona un testo in un qualsiasi programma e premi di nuovo %1.</translation>
    </message>
</context>
<context>
    <name>SelectionWorker</name>
    <message>
        <source>The assistant could not start, so it cannot answer.</source>
        <translation>L&apos;assistente non si è avviato, quindi non può rispondere.</translation>
    </message>
    <message>
        <source>Run `metnos doctor` in a terminal to see why.</source>
        <translation>Esegui `metnos doctor` in un terminale per capire perché.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Metnos Desk — settings</source>
        <translation>Metnos Desk — impostazioni</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Pagine delle impostazioni</translation>
    </message>
    <message>
        <source>Set by the environment variable %1; this window cannot change it.</source>
        <translation>Impostato dalla variabile d&apos;ambiente %1; questa finestra non può cambiarlo.</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Generale</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Lingua</translation>
    </message>
    <message>
        <source>Same as the system</source>
        <translation>Come il sistema</translation>
    </message>
    <message>
        <source>The language of menus and windows. Answers follow the language you write in.</source>
        <translation>La lingua di menu e finestre. Le risposte seguono la lingua in cui scrivi.</translation>
    </message>
    <message>
        <source>Tray icon</source>
        <translation>Icona nell&apos;area di notifica</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatico</translation>
    </message>
    <message>
        <source>For light panels</source>
        <translation>Per pannelli chiari</translation>
    </message>
    <message>
        <source>For dark panels</source>
        <translation>Per pannelli scuri</translation>
    </message>
    <message>
        <source>Pick the variant that stands out on your panel.</source>
        <translation>Scegli la versione che si vede meglio sul tuo pannello.</translation>
    </message>
    <message>
        <source>Notify after</source>
        <translation>Avvisami dopo</translation>
    </message>
    <message>
        <source>When an answer takes longer than this and its window is hidden, a notification tells you it is ready.</source>
        <translation>Quando una risposta richiede più di così e la sua finestra è nascosta, un avviso ti dice che è pronta.</translation>
    </message>
    <message>
        <source>Pause learning</source>
        <translation>Sospendi l&apos;apprendimento</translation>
    </message>
    <message>
        <source>While on, the assistant does not learn from your requests to answer them faster.</source>
        <translation>Quando è attivo, l&apos;assistente non impara dalle tue richieste per risponderti più in fretta.</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>Dettagli tecnici</translation>
    </message>
    <message>
        <source>Show how each request was handled: levels, scores, tool names and their arguments.</source>
        <translation>Mostra come è stata gestita ogni richiesta: livelli, punteggi, nomi degli strumenti e loro argomenti.</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Scorciatoia</translation>
    </message>
    <message>
        <source>Global shortcut</source>
        <translation>Scorciatoia globale</translation>
    </message>
    <message>
        <source>Opens the quick question box from any program.</source>
        <translation>Apre la casella delle domande rapide da qualsiasi programma.</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasti</translation>
    </message>
    <message>
        <source>Click and press the keys. On Wayland, or if it does not work, bind the command “metnos --toggle” to a shortcut in your desktop settings.</source>
        <translation>Fai clic e premi i tasti. Su Wayland, o se non funziona, assegna il comando «metnos --toggle» a una scorciatoia nelle impostazioni del desktop.</translation>
    </message>
    <message>
        <source>Selected text shortcut</source>
        <translation>Scorciatoia per il testo selezionato</translation>
    </message>
    <message>
        <source>Opens the popup on the text selected in any program: translate, summarize, explain, correct or rewrite it.</source>
        <translation>Apre il riquadro sul testo selezionato in qualsiasi programma: per tradurlo, riassumerlo, spiegarlo, correggerlo o riscriverlo.</translation>
    </message>
    <message>
        <source>Keys for the selected text</source>
        <translation>Tasti per il testo selezionato</translation>
    </message>
    <message>
        <source>Click and press the keys. Where the selection cannot be read directly, the text is copied with Ctrl+C and the clipboard is put back afterwards.</source>
        <translation>Fai clic e premi i tasti. Dove la selezione non si può leggere direttamente, il testo viene copiato con Ctrl+C e poi gli appunti tornano com&apos;erano.</translation>
    </message>
    <message>
        <source>Allowed folders</source>
        <translation>Cartelle consentite</translation>
    </message>
    <message>
        <source>Folders</source>
        <translation>Cartelle</translation>
    </message>
    <message>
        <source>The assistant reads files only in these folders, and changes them only after asking you.</source>
        <translation>L&apos;assistente legge file solo in queste cartelle, e li modifica solo dopo avertelo chiesto.</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>Long-term memory</source>
        <translation>Memoria a lungo termine</translation>
    </message>
    <message>
        <source>Remembers what you ask it to remember, encrypted on this computer; the key is kept in the system keyring.</source>
        <translation>Ricorda quello che gli chiedi di ricordare, cifrato su questo computer; la chiave è nel portachiavi di sistema.</translation>
    </message>
    <message>
        <source>Ask for a passphrase</source>
        <translation>Chiedi una frase segreta</translation>
    </message>
    <message>
        <source>Use a passphrase you type instead of the system keyring.</source>
        <translation>Usa una frase segreta che digiti tu invece del portachiavi di sistema.</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Mai</translation>
    </message>
    <message>
        <source>New conversation after</source>
        <translation>Nuova conversazione dopo</translation>
    </message>
    <message>
        <source>The quick popup starts a new conversation when you have asked nothing for this long; “Never” always continues the last one.</source>
        <translation>La finestra rapida inizia una nuova conversazione se non hai chiesto nulla per questo tempo; «Mai» continua sempre l&apos;ultima.</translation>
    </message>
    <message>
        <source>Forget the conversation history…</source>
        <translation>Dimentica la cronologia delle conversazioni…</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Cronologia</translation>
    </message>
    <message>
        <source>Removes past questions and answers shown in the chat window.</source>
        <translation>Toglie le domande e le risposte passate mostrate nella finestra della chat.</translation>
    </message>
    <message>
        <source>Not available in this version.</source>
        <translation>Non disponibile in questa versione.</translation>
    </message>
    <message>
        <source>Reminders</source>
        <translation>Promemoria</translation>
    </message>
    <message>
        <source>Sound</source>
        <translation>Suono</translation>
    </message>
    <message>
        <source>Play a short sound when a reminder rings.</source>
        <translation>Suona un breve avviso quando scatta un promemoria.</translation>
    </message>
    <message>
        <source>Do not offer</source>
        <translation>Non proporre</translation>
    </message>
    <message>
        <source>10 minutes before</source>
        <translation>10 minuti prima</translation>
    </message>
    <message>
        <source>15 minutes before</source>
        <translation>15 minuti prima</translation>
    </message>
    <message>
        <source>30 minutes before</source>
        <translation>30 minuti prima</translation>
    </message>
    <message>
        <source>An hour before</source>
        <translation>Un&apos;ora prima</translation>
    </message>
    <message>
        <source>Two hours before</source>
        <translation>Due ore prima</translation>
    </message>
    <message>
        <source>A day before</source>
        <translation>Un giorno prima</translation>
    </message>
    <message>
        <source>%1 minutes before</source>
        <translation>%1 minuti prima</translation>
    </message>
    <message>
        <source>Appointments</source>
        <translation>Appuntamenti</translation>
    </message>
    <message>
        <source>When you ask me to remember an appointment with its day and time (“the dentist is on Thursday at 3pm”), I offer a reminder this long before it.</source>
        <translation>Quando mi chiedi di ricordare un appuntamento con giorno e ora («il dentista è giovedì alle 15»), ti propongo un promemoria con questo anticipo.</translation>
    </message>
    <message>
        <source>Forget the conversation history</source>
        <translation>Dimentica la cronologia delle conversazioni</translation>
    </message>
    <message>
        <source>Forget every past question and answer? This cannot be undone.</source>
        <translation>Dimenticare tutte le domande e le risposte passate? Non si può annullare.</translation>
    </message>
    <message>
        <source>The history could not be forgotten: %1</source>
        <translation>Non è stato possibile dimenticare la cronologia: %1</translation>
    </message>
    <message>
        <source>The history is forgotten.</source>
        <translation>La cronologia è stata dimenticata.</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Avanzate</translation>
    </message>
    <message>
        <source>Instant answers</source>
        <translation>Risposte immediate</translation>
    </message>
    <message>
        <source>Common questions (the time, the date…) are answered at once, without a model.</source>
        <translation>Le domande comuni (l&apos;ora, la data…) hanno subito risposta, senza un modello.</translation>
    </message>
    <message>
        <source>Recognise repeated requests</source>
        <translation>Riconosci le richieste ripetute</translation>
    </message>
    <message>
        <source>A request like one you made several times before is answered the same way, faster.</source>
        <translation>Una richiesta simile a una che hai già fatto più volte riceve la stessa risposta, più in fretta.</translation>
    </message>
    <message>
        <source>Repeat known sequences</source>
        <translation>Ripeti le sequenze note</translation>
    </message>
    <message>
        <source>A request that needed several steps before is repeated step by step, without a model.</source>
        <translation>Una richiesta che prima ha richiesto più passaggi viene ripetuta passo per passo, senza un modello.</translation>
    </message>
    <message>
        <source>Everything else</source>
        <translation>Tutto il resto</translation>
    </message>
    <message>
        <source>All other settings are in %1. Changes apply as soon as the file is saved.</source>
        <translation>Tutte le altre impostazioni sono in %1. Le modifiche valgono appena il file è salvato.</translation>
    </message>
    <message>
        <source>Choose a model file, or pick another model.</source>
        <translation>Scegli un file di modello, oppure un altro modello.</translation>
    </message>
    <message>
        <source>Edit runtime.toml…</source>
        <translation>Modifica runtime.toml…</translation>
    </message>
    <message>
        <source>Documents to consult</source>
        <translation>Documenti da consultare</translation>
    </message>
</context>
<context>
    <name>SourcesLabel</name>
    <message>
        <source>Source:</source>
        <translation>Fonte:</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Fonti:</translation>
    </message>
    <message>
        <source>no longer there</source>
        <translation>non c&apos;è più</translation>
    </message>
</context>
<context>
    <name>Tray</name>
    <message>
        <source>Quick query</source>
        <translation>Domanda rapida</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>Apri la chat</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nuova conversazione</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Impostazioni</translation>
    </message>
    <message>
        <source>Common settings…</source>
        <translation>Impostazioni principali…</translation>
    </message>
    <message>
        <source>Edit runtime.toml</source>
        <translation>Modifica runtime.toml</translation>
    </message>
    <message>
        <source>Start at login</source>
        <translation>Avvia all&apos;accesso</translation>
    </message>
    <message>
        <source>Pause learning</source>
        <translation>Sospendi l&apos;apprendimento</translation>
    </message>
    <message>
        <source>About Metnos Desk</source>
        <translation>Informazioni su Metnos Desk</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Esci</translation>
    </message>
</context>
<context>
    <name>TurnView</name>
    <message>
        <source>Error: %1</source>
        <translation>Errore: %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Annullato.</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Risposta</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sì</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <source>Answer yes: the assistant does what it offered (a change asks first)</source>
        <translation>Rispondi sì: l&apos;assistente fa quello che ha proposto (prima di una modifica chiede)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copia</translation>
    </message>
    <message>
        <source>Copy the answer</source>
        <translation>Copia la risposta</translation>
    </message>
    <message>
        <source>Show or hide what happened</source>
        <translation>Mostra o nascondi cosa è successo</translation>
    </message>
    <message>
        <source>Sorry, something went wrong and this request was not completed. Turn on technical details in Settings to see why.</source>
        <translation>Mi dispiace, qualcosa è andato storto e la richiesta non è stata completata. Attiva i dettagli tecnici nelle Impostazioni per vedere perché.</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>errore: %1</translation>
    </message>
    <message>
        <source>offloaded to the scratchpad (%1, id %2)</source>
        <translation>spostato nello scratchpad (%1, id %2)</translation>
    </message>
    <message>
        <source>approval asked: %1 (%2)</source>
        <translation>approvazione richiesta: %1 (%2)</translation>
    </message>
    <message>
        <source>memory written #%1 [%2]: %3</source>
        <translation>memoria scritta #%1 [%2]: %3</translation>
    </message>
    <message>
        <source>plan: %1 items, notes: %2</source>
        <translation>piano: %1 voci, note: %2</translation>
    </message>
    <message>
        <source>offered: %1</source>
        <translation>proposto: %1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annullato</translation>
    </message>
    <message>
        <source>working…</source>
        <translation>al lavoro…</translation>
    </message>
    <message>
        <source>Allow this folder</source>
        <translation>Consenti questa cartella</translation>
    </message>
    <message>
        <source>No answer.</source>
        <translation>Nessuna risposta.</translation>
    </message>
</context>
</TS>
