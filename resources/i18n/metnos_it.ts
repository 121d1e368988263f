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
        <source>Components and licences:</source>
        <translation>Componenti e licenze:</translation>
    </message>
    <message>
        <source>The Gemma Terms of Use file (GEMMA_TERMS.html) is missing from the model folder. Run `metnos models install` to restore it; the terms are at https://ai.google.dev/gemma/terms</source>
        <translation>Il file dei Termini d&apos;uso di Gemma (GEMMA_TERMS.html) manca dalla cartella dei modelli. Esegui `metnos models install` per ripristinarlo; i termini sono su https://ai.google.dev/gemma/terms</translation>
    </message>
    <message>
        <source>Gemma Terms of Use (the planner model is provided under these terms):</source>
        <translation>Termini d&apos;uso di Gemma (il modello del planner è fornito secondo questi termini):</translation>
    </message>
    <message>
        <source>Open the original terms</source>
        <translation>Apri i termini originali</translation>
    </message>
</context>
<context>
    <name>ApprovalCard</name>
    <message>
        <source>wants to change something</source>
        <translation>vuole modificare qualcosa</translation>
    </message>
    <message>
        <source>wants to send something</source>
        <translation>vuole inviare qualcosa</translation>
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
        <source>Always for this tool</source>
        <translation>Sempre per questo strumento</translation>
    </message>
    <message>
        <source>Approved</source>
        <translation>Approvato</translation>
    </message>
    <message>
        <source>Approved (always for this tool)</source>
        <translation>Approvato (sempre per questo strumento)</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Rifiutato</translation>
    </message>
</context>
<context>
    <name>ChatWindow</name>
    <message>
        <source>Metnos Desk — chat</source>
        <translation>Metnos Desk — chat</translation>
    </message>
    <message>
        <source>Ask anything… (Enter to send)</source>
        <translation>Chiedi qualsiasi cosa… (Invio per inviare)</translation>
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
        <source>embedder</source>
        <translation>embedder</translation>
    </message>
    <message>
        <source>planner</source>
        <translation>planner</translation>
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
    <message>
        <source>The previous settings stay in use. File: %1</source>
        <translation>Restano in uso le impostazioni precedenti. File: %1</translation>
    </message>
    <message>
        <source>runtime.toml not applied</source>
        <translation>runtime.toml non applicato</translation>
    </message>
    <message>
        <source>Global hotkey unavailable</source>
        <translation>Scorciatoia globale non disponibile</translation>
    </message>
    <message>
        <source>%1 could not be registered: %2. Bind the command `metnos --toggle` to a shortcut in your desktop settings instead.</source>
        <translation>Non è stato possibile registrare %1: %2. Assegna invece il comando `metnos --toggle` a una scorciatoia nelle impostazioni del desktop.</translation>
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
    <message>
        <source>No editor found</source>
        <translation>Nessun editor trovato</translation>
    </message>
    <message>
        <source>Open this file in a text editor: %1</source>
        <translation>Apri questo file con un editor di testo: %1</translation>
    </message>
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
        <translation>Fatto</translation>
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
            <numerusform>%n fatto</numerusform>
            <numerusform>%n fatti</numerusform>
        </translation>
    </message>
    <message>
        <source>Closest by meaning first</source>
        <translation>Prima i più vicini per significato</translation>
    </message>
    <message>
        <source>Add a fact</source>
        <translation>Aggiungi un fatto</translation>
    </message>
    <message>
        <source>Fact to remember:</source>
        <translation>Fatto da ricordare:</translation>
    </message>
    <message>
        <source>Edit the fact</source>
        <translation>Modifica il fatto</translation>
    </message>
    <message>
        <source>Fact:</source>
        <translation>Fatto:</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n fact(s)? This cannot be undone.</source>
        <translation>
            <numerusform>Eliminare %n fatto? Non si può annullare.</numerusform>
            <numerusform>Eliminare %n fatti? Non si può annullare.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuickPopup</name>
    <message>
        <source>Metnos quick query</source>
        <translation>Domanda rapida a Metnos</translation>
    </message>
    <message>
        <source>Ask Metnos… (Enter to send, Esc to hide)</source>
        <translation>Chiedi a Metnos… (Invio per inviare, Esc per nascondere)</translation>
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
    <name>SettingsDialog</name>
    <message>
        <source>Metnos Desk — settings</source>
        <translation>Metnos Desk — impostazioni</translation>
    </message>
    <message>
        <source>Set by the environment variable %1; the file cannot override it.</source>
        <translation>Impostato dalla variabile d&apos;ambiente %1; il file non può cambiarlo.</translation>
    </message>
    <message>
        <source>Saved to %1. Other keys: edit the file (changes apply live).</source>
        <translation>Salvato in %1. Altre chiavi: modifica il file (le modifiche si applicano subito).</translation>
    </message>
    <message>
        <source>Edit runtime.toml…</source>
        <translation>Modifica runtime.toml…</translation>
    </message>
    <message>
        <source>comma-separated</source>
        <translation>separati da virgole</translation>
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
        <source>cancelled</source>
        <translation>annullato</translation>
    </message>
    <message>
        <source>working…</source>
        <translation>al lavoro…</translation>
    </message>
    <message>
        <source>No answer.</source>
        <translation>Nessuna risposta.</translation>
    </message>
</context>
</TS>
