"""The value and shape readers moved into app/lang (issue 28): tokens, path shape, placeholders, stated claims.

Each pinned on the cases its callers depend on, so a change to a shared reader shows here and not only in the
distant behaviour of routing, memory or the planner.
"""
from __future__ import annotations

from app.lang.content_said import split_inline
from app.lang.lead import FIRST_WORD, after_lead
from app.lang.path_shape import extension, has_drive, has_short_extension, last_part, looks_like_path_or_address
from app.lang.placeholders import SLOT, STEP_REF, STEP_REF_START, slot_for_argument
from app.lang.quotes import quoted_texts
from app.lang.rules.remember import REMEMBER
from app.lang.stated import foreign_script, unbacked_claim
from app.lang.tokens import (
    FIRST_LONG_WORD,
    find_word,
    has_word_char,
    letter_runs,
    long_words,
    sentences,
    spaced_pieces,
    split_elided,
    squash_spaces,
    word_runs,
)


def test_tokens() -> None:
    assert word_runs("Log-2024.TXT") == ["log", "2024", "txt"]
    assert long_words("il re di roma") == {"roma"}
    assert letter_runs("File_2 città") == {"file", "città"}
    assert has_word_char("ok 🎧") and not has_word_char("🎧 !")
    assert squash_spaces("a \n\t b") == "a b"
    assert "".join(spaced_pieces(" ciao  mondo ")) == " ciao  mondo "
    assert sentences("Uno. Due! Tre") == ["Uno.", "Due!", "Tre"]
    assert [w for w in split_elided("l'app Spotify") if w] == ["l'", "app", "Spotify"]
    m = find_word("marco", "chiama Marco ora")
    assert m is not None and m.group(0) == "Marco"
    assert find_word("marco", "marcolino") is None
    m2 = FIRST_LONG_WORD.match("elimna /x/a.txt")
    assert m2 is not None and m2.group(2) == "elimna"
    assert FIRST_LONG_WORD.match("apri x") is None


def test_path_shape() -> None:
    assert last_part("/a/b\\c.txt") == "c.txt"
    assert has_drive("C:/x") and has_drive("c:\\x")
    assert not has_drive("C:/x", forward_slash=False) and has_drive("C:\\x", forward_slash=False)
    assert extension("a.tar") == ".tar" and extension("README") is None
    assert has_short_extension("a.md") and not has_short_extension("Documenti")
    assert looks_like_path_or_address("~/x") and looks_like_path_or_address("x.py")
    assert not looks_like_path_or_address("il dentista")


def test_placeholders() -> None:
    m = STEP_REF.fullmatch("{{ step2.files.0.content }}")
    assert m is not None and m.groups() == ("2", ".files.0.content")
    assert STEP_REF_START.search("x {{step1") and not SLOT.search("{{path}}")
    s = SLOT.fullmatch("{window.hours}")
    assert s is not None and s.group(1) == "window" and s.group(3) == "hours"
    assert slot_for_argument("dest_path") == "{path[1]}"
    assert slot_for_argument("Paths") == "{path[*]}"
    assert slot_for_argument("photo") is None  # "to" only as a whole part of a snake_case name
    assert slot_for_argument("what") is None


def test_stated_claims() -> None:
    src = "2 errors in /x/app.log: disk full"
    assert unbacked_claim("Ci sono 2 errori in /x/app.log.", src) is None
    assert unbacked_claim("Ci sono 3 errori.", src) == "the number 3 is not in the results"
    assert foreign_script("Привет") and not foreign_script("perché")


def test_content_said() -> None:
    assert quoted_texts("scrivi 'ciao mondo' nel file") == ["ciao mondo"]
    assert split_inline("apri https://example.com/una/pagina/lunga")[1] is None
    assert split_inline("alle 14:05 ricordami di chiamare mamma")[1] is None
    # a colon that announces a request on a path the head does not name (everyday20-13) — but never the text a
    # translation, a message or a fact takes
    assert split_inline("Prima di archiviarlo desidererei rileggerlo: mi mostrerebbe il testo di /tmp/r.txt?")[1] \
        is None
    for text in ("traduci in inglese: leggi il file /tmp/a.txt e dimmi cosa contiene",
                 "scrivi a Marco: mi mandi il file /tmp/a.txt?",
                 "ricordati questo: il file /tmp/a.txt va cancellato entro sera"):
        assert split_inline(text)[1] is not None, text


def test_lead() -> None:
    rx = after_lead(REMEMBER.rule("keep_it"))
    assert rx.match("ehm allora ricordati che il dentista è giovedì")
    m = FIRST_WORD.match("ok ricoradti che x")
    assert m is not None and m.group(2) == "ricoradti"


def test_values() -> None:
    from app.lang.values import iso_date, numeric_token, whole_number, yes_or_no

    assert whole_number(" +12 ") == 12 and whole_number("1.5") is None and whole_number("9" * 19) is None
    assert yes_or_no(" YES ") is True and yes_or_no("0") is False and yes_or_no("maybe") is None
    assert numeric_token("10:30") and numeric_token("5pm") and not numeric_token("giovedì")
    assert iso_date("2026-12-04") and not iso_date("04/12/2026")


def test_names_and_folder_words() -> None:
    from app.lang.path_shape import said_outside_paths
    from app.lang.tokens import capitalized_words

    assert capitalized_words("ho visto Anna a Roma, nell'Italia") == ["Anna", "Roma"]
    rx = said_outside_paths("Documenti")
    assert rx.search("salvalo in Documenti") and not rx.search("/x/Documenti/a") and not rx.search("Documenti.txt")
