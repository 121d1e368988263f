"""The deterministic args extractor: typed slots from IT/EN requests, resolved against a fixed date."""
from __future__ import annotations

from datetime import date, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.lang.args_extractor import extract, masked_text

NOW = datetime(2024, 5, 8, 15, 30)  # a Wednesday


def slots(text: str) -> dict:
    return {k: v for k, v in extract(text, NOW).items() if v and not k.startswith("_")}


def test_paths_urls_emails() -> None:
    s = slots("manda /tmp/t/a.txt e ~/notes/x.md a mario.rossi@example.com, vedi https://example.com/p?q=1.")
    assert s["path"] == ["/tmp/t/a.txt", "~/notes/x.md"]
    assert s["email"] == ["mario.rossi@example.com"]
    assert s["url"] == ["https://example.com/p?q=1"]  # trailing punctuation is not part of the URL


def test_home_bare_files_quoted_and_windows_paths() -> None:
    assert slots("trova i pdf nella home")["path"] == ["~/"]
    assert slots("apri report.final.pdf")["path"] == ["report.final.pdf"]
    assert slots("leggi '/tmp/my file.txt'")["path"] == ["/tmp/my file.txt"]
    assert slots(r"apri C:\Users\bob\a.txt")["path"] == [r"C:\Users\bob\a.txt"]
    assert slots("apri www.example.org")["url"] == ["https://www.example.org"]


def test_extensions() -> None:
    assert slots("trova i file PDF")["ext"] == ["*.pdf"]
    assert slots("find pngs and *.py files")["ext"] == ["*.png", "*.py"]
    assert slots("i file word nella cartella")["ext"] == ["*.docx"]
    assert "ext" not in slots("apri a.txt")  # the extension of a path is not a separate slot


def test_numbers_times_and_quoted_text() -> None:
    assert slots("costa 7,5 euro per 3 persone")["number"] == [7.5, 3]
    assert slots("quanto fa trecento meno ottantacinque")["number"] == [300, 85]  # said in words, with arithmetic
    assert "number" not in slots("leggi le righe una per una")
    assert slots("sveglia alle 7")["time"] == ["07:00"]
    assert slots("set an alarm at 7:30pm")["time"] == ["19:30"]
    assert slots("scrivi 'buongiorno a tutti' nel file /tmp/n.txt")["quoted"] == ["buongiorno a tutti"]
    assert "quoted" not in slots("dammi un po' dell'acqua")  # apostrophes inside words are not quotes
    # ...and inside a quote an apostrophe between two letters is a letter (everyday18-66: no quoted text at all,
    # and the quoted "chiamare" was refused as a call)
    assert slots("aggiungici in fondo 'chiamare l'ormeggiatore'")["quoted"] == ["chiamare l'ormeggiatore"]
    assert slots("scrivi 'l'acqua è finita' e 'ok' in /tmp/n.txt")["quoted"] == ["l'acqua è finita", "ok"]


@pytest.mark.parametrize("text, iso", [
    ("oggi", "2024-05-08"), ("ieri", "2024-05-07"), ("domani", "2024-05-09"), ("dopodomani", "2024-05-10"),
    ("l'altroieri", "2024-05-06"), ("today", "2024-05-08"), ("yesterday", "2024-05-07"),
    ("tomorrow", "2024-05-09"), ("the day after tomorrow", "2024-05-10"),
    ("lunedì", "2024-05-13"), ("venerdi", "2024-05-10"), ("mercoledì", "2024-05-15"),  # next, never today
    ("next friday", "2024-05-10"), ("lunedì scorso", "2024-05-06"), ("last sunday", "2024-05-05"),
    ("il 3 maggio 2024", "2024-05-03"), ("May 3rd", "2024-05-03"), ("2024-12-25", "2024-12-25"),
    ("25/12/2024", "2024-12-25"),
])
def test_dates_to_iso(text: str, iso: str) -> None:
    assert slots(text)["date"] == [iso]


def test_ambiguous_day_month_is_not_guessed() -> None:
    assert "date" not in slots("03/05/2024")


@pytest.mark.parametrize("text, since, until, hours", [
    ("file modificati nelle ultime 24 ore", "2024-05-07T15:30:00", "2024-05-08T15:30:00", 24),
    ("last 7 days", "2024-05-01T15:30:00", "2024-05-08T15:30:00", 168),
    ("questa settimana", "2024-05-06T00:00:00", "2024-05-08T15:30:00", 64),
    ("this month", "2024-05-01T00:00:00", "2024-05-08T15:30:00", 184),
    ("oggi", "2024-05-08T00:00:00", "2024-05-08T15:30:00", 16),
    ("ieri", "2024-05-07T00:00:00", "2024-05-08T00:00:00", 24),
    ("l'ultima ora", "2024-05-08T14:30:00", "2024-05-08T15:30:00", 1),
    ("the last three days", "2024-05-05T15:30:00", "2024-05-08T15:30:00", 72),
    ("la settimana scorsa", "2024-04-29T00:00:00", "2024-05-06T00:00:00", 168),
    # "from last week" is the week before this one, as in Italian; "in the last week" and "the past week" are 7 days
    ("the photos from last week", "2024-04-29T00:00:00", "2024-05-06T00:00:00", 168),
    ("changed in the last week", "2024-05-01T15:30:00", "2024-05-08T15:30:00", 168),
    ("the past week", "2024-05-01T15:30:00", "2024-05-08T15:30:00", 168),
    ("files from last month", "2024-04-01T00:00:00", "2024-05-01T00:00:00", 720),
    ("files for the last week", "2024-05-01T15:30:00", "2024-05-08T15:30:00", 168),
])
def test_windows(text: str, since: str, until: str, hours: int) -> None:
    assert slots(text)["window"] == {"since": since, "until": until, "hours": hours}


def test_a_date_reference_defaults_to_noon_of_that_day() -> None:
    assert extract("domani", date(2024, 1, 31))["date"] == ["2024-02-01"]


def test_numbers_inside_values_are_not_numbers() -> None:
    s = slots("leggi /tmp/v2/report2024.txt delle ultime 24 ore")
    assert s["path"] == ["/tmp/v2/report2024.txt"] and "number" not in s


def test_masked_text_replaces_values_with_placeholders() -> None:
    assert masked_text("copia /tmp/a.txt in /tmp/b il 3 maggio").split() == \
        ["copia", "{path}", "in", "{path}", "il", "{date}"]
    assert "{date}" in masked_text("oggi") and "{window}" not in masked_text("oggi")  # one phrase, one placeholder


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_never_raises(text: str) -> None:
    out = extract(text, NOW)
    assert set(out) >= {"path", "url", "email", "number", "ext", "date", "time", "window"}
    assert isinstance(masked_text(text), str)


def test_bad_inputs_give_empty_slots() -> None:
    for bad in (None, 42, b"bytes", ""):
        out = extract(bad, NOW)  # type: ignore[arg-type]
        assert out["path"] == [] and out["window"] is None


def test_a_slash_inside_a_quoted_text_is_the_texts() -> None:
    from app.lang.args_extractor import extract

    s = extract("sovrascrivi /var/www/index.html con '<h1>Manutenzione</h1>'")
    assert s["path"] == ["/var/www/index.html"] and s["quoted"] == ["<h1>Manutenzione</h1>"]
    assert extract("copia '/tmp/a b.txt' in /tmp/c")["path"] == ["/tmp/a b.txt", "/tmp/c"]


def test_a_dotted_extension_of_a_less_common_kind_is_still_a_kind() -> None:
    for text, ext in (("trova i file .tex in ~/tesi", "*.tex"), ("find the .dwg files in ~/x", "*.dwg"),
                      ("trova i .parquet in ~/x", "*.parquet")):
        assert extract(text)["ext"] == [ext], text


@pytest.mark.parametrize("text,ext", [("locate the .mol files in ~/x", ["*.mol"]),
                                      ("trova i file .gpx in ~/x", ["*.gpx"]),
                                      ("trova i .mol in ~/x", []), ("versione .5 file", [])])
def test_a_dotted_kind_the_list_does_not_know_is_a_kind_when_said_to_be_files(text: str, ext: list[str]) -> None:
    assert slots(text).get("ext", []) == ext


@pytest.mark.parametrize("text", ["files during last week", "files from last week", "files for the last week",
                                  "the past week", "la settimana scorsa"])
def test_one_phrase_of_time_is_one_window(text: str) -> None:
    from app.lang.when import find_time_spans

    assert len([s for s in find_time_spans(text, datetime(2024, 5, 8, 15, 30)) if s[2] == "window"]) == 1


def test_a_file_name_said_with_its_dot_in_words() -> None:
    """Dictated: "aprimi spese punto csv dalla cartella X" opened X itself (fresh tune half)."""
    assert extract("aprimi spese punto csv dalla cartella /tmp/x")["path"] == ["spese.csv", "/tmp/x"]
    assert extract("read notes dot md please")["path"] == ["notes.md"]
    assert extract("a che punto sei con il lavoro?")["path"] == []
    assert extract("il punto è questo")["path"] == []
