"""Unit conversions in `calculate`: exact (Fractions, legal definitions), the unit in the answer, IT and EN."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from app.config import parse_text
from app.lang.messages import render_message
from app.lang.units import BY_ID, MAX_ALIASES, UNITS, alias_index
from app.tools.calculate import TOOLS, calculate, expression_of, has_expression
from app.tools.registry import ToolContext, ToolError
from app.tools.units import Request, exact_value, find, rounded, write
from app.turn.rendering import render


def ctx() -> ToolContext:
    return ToolContext(owner="t", turn_id="t", config=parse_text("", env={}))


def answer(text: str, lang: str) -> str:
    return render("calculate", calculate({"expression": text}, ctx()), lang)


# every dimension, both languages, as people type them: (request, Italian answer, English answer)
@pytest.mark.parametrize("text, it, en", [
    # length
    ("5.5 feet in cm", "5,5 piedi = 167,64 cm", "5.5 ft = 167.64 cm"),
    ("quanti cm sono 5 piedi e 6 pollici", "5 piedi e 6 pollici = 167,64 cm", "5 ft 6 in = 167.64 cm"),
    ("5'6\" in cm", "5 piedi e 6 pollici = 167,64 cm", "5 ft 6 in = 167.64 cm"),
    ("1,5 km in metri", "1,5 km = 1500 m", "1.5 km = 1500 m"),
    ("how many feet in a mile", "1 miglio = 5280 piedi", "1 mi = 5280 ft"),
    # an article before the number is the container's ("a 50 litre keg", everyday7-48: the model made up 0.125)
    ("how many pints in a 50 litre keg, roughly?", "50 l ≈ 105,6688 pinte", "50 l ≈ 105.6688 pt"),
    ("10 miglia nautiche in km", "10 miglia nautiche = 18,52 km", "10 nmi = 18.52 km"),
    ("3 yards to meters", "3 iarde = 2,7432 m", "3 yd = 2.7432 m"),
    ("12 inches in mm", "12 pollici = 304,8 mm", "12 in = 304.8 mm"),
    ("1.80 m in feet and inches", "1,8 m ≈ 5 piedi e 10,8661 pollici", "1.8 m ≈ 5 ft 10.8661 in"),
    # weight
    ("converti 3 libbre in kg", "3 libbre ≈ 1,3608 kg", "3 lb ≈ 1.3608 kg"),
    ("quanti grammi sono 3 once", "3 once ≈ 85,0486 g", "3 oz ≈ 85.0486 g"),
    ("2 stone in kg", "2 stone ≈ 12,7006 kg", "2 st ≈ 12.7006 kg"),
    ("500 mg in g", "500 mg = 0,5 g", "500 mg = 0.5 g"),
    ("2,5 t in kg", "2,5 t = 2500 kg", "2.5 t = 2500 kg"),
    ("how many pounds is 3 kg", "3 kg ≈ 6,6139 libbre", "3 kg ≈ 6.6139 lb"),
    # temperature, both ways
    ("70 F in celsius", "70 °F ≈ 21,1111 °C", "70 °F ≈ 21.1111 °C"),
    ("20 gradi celsius in fahrenheit", "20 °C = 68 °F", "20 °C = 68 °F"),
    ("-40 °F in °C", "-40 °F = -40 °C", "-40 °F = -40 °C"),
    ("100 °C in kelvin", "100 °C = 373,15 K", "100 °C = 373.15 K"),
    ("20 gradi in fahrenheit", "20 °C = 68 °F", "20 °C = 68 °F"),  # "gradi" alone: the other scale
    ("what's 100 fahrenheit in celsius", "100 °F ≈ 37,7778 °C", "100 °F ≈ 37.7778 °C"),
    # the quantity said in a sentence of its own, the question pointing back at it (everyday22-26)
    ("my brother says its 50 f there today, how much is that in proper celsius", "50 °F = 10 °C", "50 °F = 10 °C"),
    ("ho corso 10 km oggi, quanto fa in miglia?", "10 km ≈ 6,2137 miglia", "10 km ≈ 6.2137 mi"),
    # volume
    ("how many liters is 2 gallons", "2 galloni ≈ 7,5708 l", "2 gal ≈ 7.5708 l"),
    ("mezzo litro in ml", "0,5 l = 500 ml", "0.5 l = 500 ml"),
    ("2 cups in ml", "2 tazze ≈ 473,1765 ml", "2 cups ≈ 473.1765 ml"),
    ("1 pinta in ml", "1 pinta ≈ 473,1765 ml", "1 pt ≈ 473.1765 ml"),
    ("8 fl oz in ml", "8 once liquide ≈ 236,5882 ml", "8 fl oz ≈ 236.5882 ml"),
    ("2 m³ in litri", "2 m3 = 2000 l", "2 m3 = 2000 l"),
    ("1 quart in dl", "1 quarto di gallone ≈ 9,4635 dl", "1 qt ≈ 9.4635 dl"),
    # speed
    ("100 km/h in mph", "100 km/h ≈ 62,1371 miglia orarie", "100 km/h ≈ 62.1371 mph"),
    ("20 nodi in km/h", "20 nodi = 37,04 km/h", "20 kn = 37.04 km/h"),
    ("10 m/s in km orari", "10 m/s = 36 km/h", "10 m/s = 36 km/h"),
    # data sizes: KB/MB/GB SI, KiB… binary
    ("2 GiB in MiB", "2 GiB = 2048 MiB", "2 GiB = 2048 MiB"),
    ("1 TB in GB", "1 TB = 1000 GB (in unità SI, multipli di 1000; con multipli di 1024: 1 TiB = 1024 GiB)",
     "1 TB = 1000 GB (SI units, multiples of 1000; with multiples of 1024: 1 TiB = 1024 GiB)"),
    ("1024 KiB in MB", "1024 KiB ≈ 1,0486 MB", "1024 KiB ≈ 1.0486 MB"),
])
def test_conversions_read_naturally_in_both_languages(text: str, it: str, en: str) -> None:
    assert has_expression(text), text
    assert (answer(text, "it"), answer(text, "en")) == (it, en)


def test_data_sizes_are_si_and_say_what_1024_gives() -> None:
    out = calculate({"expression": "2 GB in MB"}, ctx())
    assert (out["result"], out["result_it"], out["exact"]) == ("2000", "2000", True)
    assert "2 GiB = 2048 MiB" in out["note_en"] and "1024" in out["note_it"]
    assert calculate({"expression": "2 GB in B"}, ctx())["value_en"] == "2000000000 B"
    assert calculate({"expression": "2 GiB in MiB"}, ctx())["note_en"] == ""  # binary asked: nothing to add


@pytest.mark.parametrize("text, value", [
    ("5.5 feet in cm", Fraction("167.64")), ("1 lb in kg", Fraction("0.45359237")),
    ("1 gallon in liters", Fraction("3.785411784")), ("1 inch in cm", Fraction("2.54")),
    ("212 F in C", Fraction(100)), ("0 C in F", Fraction(32)), ("1 mile in km", Fraction("1.609344")),
    ("1 knot in km/h", Fraction("1.852")),
])
def test_exact_definitions(text: str, value: Fraction) -> None:
    found = find(text)
    assert isinstance(found, Request) and exact_value(found) == value
    out = calculate({"expression": text}, ctx())
    assert out["exact"] == (Fraction(out["result"]) == value), out  # ≈ only when the written number is rounded


def test_results_are_rounded_sensibly() -> None:
    assert write(Fraction(1, 3), "en") == "0.3333" and write(Fraction(1, 3), "it") == "0,3333"
    assert write(Fraction("21.11111"), "it") == "21,1111" and write(Fraction("167.6400"), "en") == "167.64"
    assert write(Fraction("0.028349523125"), "en") == "0.02835"  # 4 significant digits below 1
    assert write(Fraction("0.000001"), "en") == "0.000001" and write(Fraction(5000), "it") == "5000"
    assert rounded(Fraction("2.54"))[2] and not rounded(Fraction(1, 3))[2]
    assert calculate({"expression": "1 oz in kg"}, ctx())["result_it"] == "0,02835"


@pytest.mark.parametrize("text, en", [
    ("quanti grammi sono tre once", "3 oz ≈ 85.0486 g"),
    ("five feet in cm", "5 ft = 152.4 cm"),
    ("cinque piedi e sei pollici in cm", "5 ft 6 in = 167.64 cm"),
    ("twenty five miles in km", "25 mi = 40.2336 km"),
    ("converti dieci chili in libbre", "10 kg ≈ 22.0462 lb"),
    ("converti 5 km a miglia", "5 km ≈ 3.1069 mi"),
    ("quanti metri ha un miglio", "1 mi = 1609.344 m"),
])
def test_numbers_in_words(text: str, en: str) -> None:
    assert answer(text, "en") == en


@pytest.mark.parametrize("text, lang, number", [
    ("1,5 km in metri", "it", "1500"), ("1.5 km in meters", "en", "1500"),
    ("1.500 km in metri", "it", "1500000"), ("1,500 miles in feet", "en", "7920000"),
])
def test_decimal_comma_and_thousands(text: str, lang: str, number: str) -> None:
    assert calculate({"expression": text}, ctx())["result"] == number


@pytest.mark.parametrize("text, words", [
    ("5 kg in metri", ("«kg»", "«metri»", "un peso", "una lunghezza")),
    ("converti 3 litri in km/h", ("«litri»", "«km/h»", "un volume", "una velocità")),
    ("how many GB is 5 miles", ("«GB»", "«miles»", "una quantità di dati", "una lunghezza")),
    ("20 gradi in kg", ("«gradi»", "«kg»", "una temperatura", "un peso")),
])
def test_incompatible_units_name_both_and_say_why(text: str, words: tuple[str, ...]) -> None:
    assert has_expression(text)
    with pytest.raises(ToolError) as e:
        calculate({"expression": text}, ctx())
    assert e.value.message is not None and e.value.message.key == "units.incompatible"
    it, en = render_message(e.value.message, "it"), render_message(e.value.message, "en")
    assert all(w in it for w in words) and "misurano cose diverse" in it, it
    assert "measure different things" in en and words[0].strip("«»") in en and words[1].strip("«»") in en, en


@pytest.mark.parametrize("text, word", [
    ("5 furlongs in metri", "furlongs"), ("converti 5 km in leghe", "leghe"),
    ("quanti cm sono 3 spanne", "spanne"), ("convert 10 kg to stoneweights", "stoneweights"),
])
def test_an_unknown_unit_says_which_word(text: str, word: str) -> None:
    assert has_expression(text)
    with pytest.raises(ToolError) as e:
        calculate({"expression": text}, ctx())
    assert e.value.message is not None and e.value.message.key == "units.unknown"
    assert f"«{word}»" in render_message(e.value.message, "it")
    assert f"“{word}”" in render_message(e.value.message, "en")


@pytest.mark.parametrize("text, it", [
    ("il termometro del latte segna 104 farenait quanti gradi sono in celsius", "40 °C"),  # everyday8-16
    ("200 celsious in fahrenheit", "392 °F"), ("3 poundz in grammi", "1360,7771 g"),
])
def test_a_unit_spelt_by_ear_is_read_as_the_one_it_is_near(text: str, it: str) -> None:
    out = calculate({"expression": text}, ctx())
    assert out["value_it"] == it, out


@pytest.mark.parametrize("text", ["the oven is at 200 celsius what is that in fahrenheit my recipe is american",
                                  "200 celsius, what is it in fahrenheit?", "200 celsius what's that in fahrenheit"])
def test_the_target_after_a_question_about_the_quantity(text: str) -> None:
    """everyday8-65: the calculator never ran; the model answered from memory."""
    assert calculate({"expression": text}, ctx())["value_en"] == "392 °F"


def test_a_word_near_no_unit_or_near_two_is_no_guess() -> None:
    from app.lang.units import near_alias
    assert [near_alias(w) for w in ("spanne", "furlong", "chilo", "gradi", "litri")] == [None] * 5


def test_below_absolute_zero_is_refused() -> None:
    with pytest.raises(ToolError) as e:
        calculate({"expression": "-500 C in K"}, ctx())
    assert e.value.message is not None and "zero assoluto" in render_message(e.value.message, "it")
    assert "-500 °C" in render_message(e.value.message, "en")


@pytest.mark.parametrize("text", [
    "sposta 5 file in archivio", "leggi le ultime 5 righe", "the 3 files in /tmp/x", "alle 5 in punto",
    "ricordami alle 5 in ufficio", "compra 2 l di latte e 3 kg di pane",
    "trova i file più grandi di 100 MB in ~/Downloads", "trova i file di 5 MB in Documenti",
    "I once ran 5 km in 30 minutes", "how far is a 5k", "copia 3 file in /tmp/b",
    "dimmi le ultime 5 righe di app.log", "sei per caso a casa?", "metti 2 kg in frigo", "quante righe ha /tmp/x.txt",
    "ho corso 10 km in un'ora", "apri i 2 pdf in ~/doc", "the one in ~/x", "quanto fa il seno di 30 gradi",
    "ricordati che preferisco i bianchi serviti a 10 gradi", "aggiungi 'burro 5 kg' alla fine di ~/spesa.txt",
    "ho fatto 5 km a piedi", "quanti km ci sono da Roma a Milano", "how many GB do I have free",
    "quanti gradi ci sono a Milano?", "ho spostato 5 file, quello in alto lo apri?",
    "il pacco pesa 3 kg e costa 10 euro, quanto fa in dollari?", "I walked 5 miles, is that far?",
])
def test_not_conversions(text: str) -> None:
    assert find(text) is None and not has_expression(text), text


@pytest.mark.parametrize("text, expr", [
    ("quanto fa 12 per 7?", "12*7"), ("3,5 diviso 2", "3.5/2"), ("what is 2^10", "2**10"),
    ("calcola il 15% di 80", "(15/100)*80"),
])
def test_arithmetic_is_still_arithmetic(text: str, expr: str) -> None:
    assert find(text) is None and expression_of(text) == expr and has_expression(text)
    assert "conversion" not in calculate({"expression": text}, ctx())


def test_the_canonical_expression_reads_back_to_the_same_answer() -> None:
    """The tool result's expression ("5 ft + 6 in -> cm") is a request of its own: a planner step that passes
    it on, or a model that copies it, gets the same conversion."""
    for text in ("quanti cm sono 5 piedi e 6 pollici", "70 degrees in celsius", "2 GB in B", "-40 °F in °C",
                 "1.80 m in feet and inches", "100 km/h in mph", "2 cups in ml", "1 pinta imperiale in ml",
                 "0.000015 km in mm"):
        out = calculate({"expression": text}, ctx())
        again = calculate({"expression": out["expression"]}, ctx())
        assert again["value_en"] == out["value_en"] and again["expression"] == out["expression"], text


def test_the_unit_table_is_data_within_its_limits() -> None:
    """Each unit: an exact factor, IT/EN names, at most 25 aliases; no alias belongs to two units."""
    index = alias_index()
    for unit in UNITS:
        assert len(unit.aliases()) <= MAX_ALIASES, unit.id
        assert Fraction(unit.factor) > 0 and unit.it and unit.en and unit.symbols
        assert index[tuple(unit.symbols[0].lower().split())].id == unit.id  # the shown symbol reads back
    dims = {u.dimension for u in UNITS}
    assert dims == {"length", "mass", "temperature", "volume", "speed", "data"}
    assert BY_ID["in"].size == Fraction("0.0254") and BY_ID["lb"].size == Fraction("0.45359237")
    assert BY_ID["gal"].size == Fraction("3.785411784") and BY_ID["GB"].size == 10 ** 9
    assert BY_ID["GiB"].size == 2 ** 30


def test_no_regex_alternation_over_25_branches_in_the_unit_code() -> None:
    from pathlib import Path

    for name in ("app/lang/units.py", "app/tools/units.py"):
        src = Path(__file__).resolve().parents[2].joinpath(name).read_text("utf-8")
        for pattern in re.findall(r're\.compile\((r?"[^\n]*")', src):
            assert pattern.count("|") < 25, (name, pattern)


def test_the_tool_says_it_converts_in_both_languages() -> None:
    tool = next(t for t in TOOLS if t.name == "calculate")
    assert "conversion" in tool.description and "converte unità" in tool.description
    assert any("feet" in e for e in tool.examples) and any("piedi" in e for e in tool.examples)
    assert not any(re.search(r"(?i)\bconvert", e) for e in tool.examples)  # keeps file conversion unsupported
    for ex in tool.examples:
        assert has_expression(ex), ex


def test_english_unit_names_tell_the_language_of_a_bare_conversion() -> None:
    from app.lang.detect import detect_lang

    assert detect_lang("5.5 feet in cm") == "en" and detect_lang("3 pounds in kg") == "en"
    assert detect_lang("quanti cm sono 5 piedi") == "it" and detect_lang("converti 3 libbre in kg") == "it"
    assert detect_lang("quanti pound sono 3 kg") == "it"  # the Italian words still outnumber one English unit

