"""A request whose words do not say its language speaks the conversation's ("thx man" after English turns)."""
from __future__ import annotations

from app.engine.turn_lang import conversation_lang
from app.lang.detect import detect_lang, lang_said


def test_words_that_say_no_language_take_the_conversations() -> None:
    assert lang_said("thx man") is None  # no function word: the conversation decides first
    assert detect_lang("thx man") == "en" and detect_lang("grz raga") == "it"  # alone: its texting words
    assert detect_lang("ok!!") == "it"  # nothing at all to go by: Italian, the UI's first language
    english = ["what's in /tmp/x/todo.txt?", "ok", "read the first one"]
    assert conversation_lang("thx man", english) == "en"
    assert conversation_lang("ok thx", ["leggi il file /tmp/x/todo.txt", "/tmp/x"]) == "it"  # the latest that says
    assert conversation_lang("thx man", []) is None  # nothing to go by: the words' own reading
    assert conversation_lang("grazie mille", english) is None  # words that say it win over the conversation
    assert conversation_lang("thanks, that's all", ["leggimi il file"]) is None


def test_english_contractions_and_pronouns_say_english() -> None:
    """everyday7-69, "bin that wan, it's pure mingin": no word of the old list, read as Italian and answered so."""
    assert detect_lang("bin that wan, it's pure mingin") == "en"
    assert detect_lang("if you can, one more thing") == "en"
    assert detect_lang("se vuoi, leggimi il file") == "it" and detect_lang("che ne pensi di questo?") == "it"


def test_a_tie_of_function_words_goes_to_the_language_of_the_texting() -> None:
    """everyday9-35 (read after its clean run): "ke promemoria ho attivi? nn me li ricordo piu" has one Italian
    function word ("ho") and one English ("me"); its texting ("ke", "nn") is Italian, and it was answered in
    English."""
    from app.lang.detect import detect_lang

    assert detect_lang("ke promemoria ho attivi? nn me li ricordo piu") == "it"
    assert detect_lang("read me the file pls") == "en"
