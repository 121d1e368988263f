"""Things only a service outside this computer handles, named without an action verb the lexicon knows: an alarm,
music, a booking, an order, a payment, a web search, a call, an app that sends, a device.

Read by capability honesty (routing/capability.py): "mettimi la sveglia alle 6", "next song pls", "prenota un
treno", "cerca su google…", "cal my wife on speaker" name no verb the lexicon reads as unsupported, so the request
reached the planner and the model wished a good night or said "Sure, I'll put on some lofi beats". A thing counts
only in a clause that names no file, folder or address and no action a tool performs ("trova i file mp3",
"apri la cartella Musica", "ricordami alle 9 di chiamare Marco" stay doable), and only when the intent head too
reads no tool's call in the request. Each rule's id is the "cannot" sentence it leads to. Measured on
resources/eval/capability (tune half only; the record: its README).
"""
from __future__ import annotations

from .table import Rule, Table

# Things whose words carry their own verb ("prenota…", "cerca su google…", "componi il…"): the lexicon's reading of
# that verb (schedule, find, compose) is no action a tool would perform here, so it does not make them doable.
SAID_WITH_ITS_VERB = frozenset({"buy", "web", "call"})

THINGS = Table("unsupported_things", __doc__ or "", (
    Rule(
        id="alarm",
        effect="an alarm, a timer, a stopwatch or a countdown: no tool rings",
        words=(r"svegli[ae]", "svelia", r"svegliami", r"svegliarmi", r"wake me(?: up)?", r"alarm", "alrm",
               r"timer", r"cronometro", r"stopwatch", r"countdown", r"conto alla rovescia",
               r"(?:al|in|nel|sul) calendario", r"(?:to|on|in) (?:my |the )?(?:\w+ )?calendar"),
        match=("mettimi la sveglia alle 6 e 10", "timer 25 minuti", "wake me at 6:15 tomorrow",
               "start a stopwatch", "svegliami tra 20 minuti", "put dinner with the Smiths on my outlook calendar"),
        no_match=("ricordami alle 7 di chiamare Marco", "svegliarsi presto fa bene", "remind me at 6 to call mum",
                  "il risveglio è stato duro"),
    ),
    Rule(
        id="play",
        effect="music, a song, a playlist, the radio, a podcast or a series to play: no tool plays",
        words=(r"musica", r"music", r"canzon[ei]", r"songs?", r"bran[oi]", r"playlist", r"podcast", r"radio",
               r"(?<!lost )(?<!losing )(?<!keep )tracks?(?! of)", r"lo-?fi", r"netflix", r"spotify", r"youtube",
               r"serie tv", r"the next episode"),
        match=("metti un po' di musica", "next song pls", "salta questo brano", "put on BBC Radio 2",
               "riprendi il podcast da dove l'avevo lasciato"),
        no_match=("il mio musicista preferito", "radiografia del ginocchio", "traccia il percorso",
                  "songwriting is hard", "what day is it? lost track working nights", "keep track of the bills"),
    ),
    Rule(
        id="device",
        effect="lights, a thermostat, the volume, the screen's brightness or lock, wifi, bluetooth, or the "
               "computer restarted: no tool drives a device or a setting",
        words=(r"luc[ei] (?:del|della|dello|in|nel|nella)", r"the (?:\w+ )?(?:room )?lights", r"termostat\w*",
               r"thermostat", r"themostat", r"volume", r"luminosit[àa]", r"brightness", r"wi-?fi", r"wfi",
               r"bluetooth", r"blocca lo schermo", r"lock the screen", r"lcok the screen",
               r"riavvia il (?:pc|computer)", r"restart (?:my|the) (?:pc|computer|laptop)",
               r"spegni il (?:pc|computer)", r"shut ?down (?:my|the) (?:pc|computer|laptop)"),
        match=("spegni le luci del soggiorno", "turn of the living room lights", "metti il termostato a 21",
               "blocca lo schermo", "riavvia il pc", "disable wfi"),
        no_match=("paga la bolletta della luce", "screenshot dello schermo", "riavvolgi il nastro",
                  "the light of my life"),
    ),
    Rule(
        id="buy",
        effect="a booking, an order, a purchase or a payment: no tool buys, books or pays",
        words=(r"prenot\w+", r"book (?:a|an|me|two|three|four|the|us)", r"reserve", r"ordina(?:mi|re)? (?:del|dei|"
               r"delle|una|un|uno|due|tre|2|3)", r"order (?:sushi|pizza|food|a|some|two|2)", r"compra(?:mi|re)?",
               r"buy (?:a|an|me|some|two)", r"bonifico", r"bonifco", r"paga(?:mi)? la", r"pay (?:the|my)",
               r"top up", r"ricarica(?:mi)? il (?:telefono|cellulare)", r"glovo", r"just ?eat", r"deliveroo",
               r"taxi", r"amazon"),
        match=("prenota un treno Roma-Milano per lunedì", "book a table for 4 on Saturday", "order sushi for 8pm",
               "ordina 2 kebab da glovo", "fai un bonifico di 200 euro a marco", "pay the electricity bill"),
        no_match=("ordina i file per data", "leggi il libro", "the book is on the table", "ordinali per nome",
                  "quanto ho pagato di luce?"),
    ),
    Rule(
        id="web",
        effect="a search of the internet ('cerca su google…', 'look it up online'): the app works offline",
        words=(r"su internet", r"in rete", r"online", r"on the web", r"the web for", r"sul web", r"su google",
               r"on google", r"(?<![./])googl\w*(?![.\w])", r"gogle", r"look up (?:cheap|the best|reviews)"),
        match=("cerca su gogle ristoranti vegani a bologna", "cercami su internet come si cura l'ortensia",
               "search the web for how to repot an orchid", "look up cheap flights to Lisbon online",
               "can you google the pharmacy opening hours"),
        no_match=("cerca nei miei file la parola internet", "apri https://www.google.com",
                  "search my notes for the wifi password", "find the report in Documents"),
    ),
    Rule(
        id="call",
        effect="a phone or video call: no tool calls",
        words=(r"videochiamat\w*", r"video ?call", r"facetime", r"zoom call", r"chiamata (?:zoom|skype|teams)",
               r"on speaker", r"in vivavoce", r"componi il", r"dial", r"cal my", r"chiamma", r"ciama"),
        match=("fai una videochiamata a Giulia su skype", "video call Sarah on FaceTime", "cal my wife on speaker",
               "componi il 3331234567", "start a zoom call with the team"),
        no_match=("ricordami la call con il cliente", "come si chiama il file?", "dialogo", "i called him yesterday"),
    ),
    Rule(
        id="send",
        effect="an app or network that sends or posts (WhatsApp, Telegram, an SMS, Instagram, a tweet): no tool "
               "sends or posts",
        words=(r"whatsapp", r"telegram", r"sms", r"insta(?:gram)?", r"facebook", r"linkedin", r"tiktok",
               r"tweet\w*", r"twitter", r"storia su insta", r"shoot a msg", r"message \w+ for me",
               r"vocale a"),
        match=("manda un whatsapp a Luca", "post this foto on instagram", "tweet good morning everyone",
               "shoot a msg to grandma", "manda un vocale a Chiara"),
        no_match=("scrivi un messaggio per i clienti", "leggi messaggi.txt", "il mio numero di telefono",
                  "twit-like"),
    ),
    Rule(
        id="record",
        effect="a screenshot, a photo from the webcam, an audio or video recording: no tool captures",
        words=(r"screen ?shot\w*", r"screeshot", r"screen dello schermo", r"cattura (?:lo|dello) schermo",
               r"webcam", r"registra (?:l'audio|lo schermo|un video|la riunione|la chiamata)",
               r"record (?:the|a|my) (?:audio|video|screen|meeting|call)"),
        match=("fammi uno screenshot", "take a picture with the webcam", "record the audio of the meeting",
               "registra lo schermo mentre lavoro"),
        no_match=("leggi screen.txt", "the screen is dark", "registro delle presenze", "a record of my expenses"),
    ),
    Rule(
        id="maps",
        effect="directions to a place: no map, no route",
        words=(r"directions to", r"come arrivo (?:in|al|alla|a casa|da qui)", r"portami (?:a|in|al|alla)",
               r"take me (?:home|to)", r"indicazioni (?:per|stradali)", r"how do i get to", r"navig\w+ (?:to|verso)"),
        match=("come arrivo in via Roma 12 in macchina?", "directions to JFK airport", "portami a casa",
               "take me home", "naviga verso la stazione centrale"),
        no_match=("portami il file", "come arrivo a capire questo errore", "take me through the steps",
                  "indicazioni del medico"),
    ),
    Rule(
        id="listen",
        effect="listening to speech or speaking aloud (an interpreter, a translation 'a voce'): the app reads and "
               "writes text only",
        words=(r"interprete", r"interpreter", r"in tempo reale", r"in real time", r"a voce", r"out loud",
               r"ascolta cosa dice", r"listen to (?:this|what|him|her)"),
        match=("fai da interprete durante la chiamata", "translate what my colleague is saying in real time",
               "listen to this guy and translate him out loud", "traducimelo a voce"),
        no_match=("traduci questo testo in inglese", "leggimi il file", "real estate", "ascolta, leggimi X"),
    ),
))

# A capture asked with its verb names a file or folder only as where to put it: "take a screenshot of my screen and
# stick it in ~/x" is refused like "take a screenshot" (everyday10-53 listed ~/x instead — a substitute action),
# while "describe the screenshot ~/x/shot.png" names a file to read and is served.
CAPTURED = Table("captured", "A capture asked with its verb: refused even where a path says where to put it.", (
    Rule(
        id="capture",
        effect="a verb of taking before a screenshot, a webcam photo or a recording ('take a screenshot', 'fammi "
               "uno screenshot', 'scatta una foto con la webcam'): a capture is asked, whatever path follows",
        words=(r"(?:take|grab|snap|make|do|capture|get)\s+(?:me\s+)?(?:a\s+|an\s+|the\s+)?(?:quick\s+)?"
               r"(?:screen ?shot|screeshot|screen ?grab|photo\s+(?:with|from)\s+the\s+webcam|picture\s+(?:with|from)"
               r"\s+the\s+webcam)",
               r"(?:fai|fammi|fate|cattura|scatta|prendi)\s+(?:mi\s+)?(?:uno\s+|lo\s+|un[oa]?\s+)?"
               r"(?:screen ?shot|screeshot|screen\b|foto\s+con\s+la\s+webcam|schermata)",
               r"cattura\s+(?:lo|dello)\s+schermo", r"record\s+(?:the|a|my)\s+(?:audio|video|screen|meeting|call)",
               r"registra\s+(?:l'audio|lo\s+schermo|un\s+video|la\s+riunione|la\s+chiamata)"),
        match=("take a screenshot of me screen and stick it in ~/x", "fammi uno screenshot e salvalo in ~/x",
               "scatta una foto con la webcam e mettila in ~/foto", "record the meeting into ~/x/call.wav"),
        no_match=("describe the screenshot ~/x/shot.png", "apri lo screenshot ~/x/a.png",
                  "sposta gli screenshot in ~/x", "rename screenshot.png to a.png"),
    ),
))
