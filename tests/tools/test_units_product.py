"""Lengths multiplied: an area or a volume, exact, with the unit squared or cubed (tools/units_product.py)."""
from __future__ import annotations

import pytest

from app.config import parse_text
from app.lang.asked import Asked
from app.tools.calculate import answer_words, calculate, has_expression
from app.tools.registry import ToolContext
from app.tools.units_product import find_product


def ctx() -> ToolContext:
    return ToolContext(owner="t", turn_id="t", config=parse_text("", env={}))


@pytest.mark.parametrize("text, it, en", [
    ("quanto fa 18 metri per 3 metri e mezzo", "18 m × 3,5 m = 63 m²", "18 m × 3.5 m = 63 m²"),
    ("quanto fa 18 metri per 3 metri e mezzo? e per le piastrelle del bagno", "18 m × 3,5 m = 63 m²",
     "18 m × 3.5 m = 63 m²"),  # everyday17-50: what follows the question is another sentence
    ("area di una stanza 4 m x 3,5 m", "4 m × 3,5 m = 14 m²", "4 m × 3.5 m = 14 m²"),
    ("how many square feet is 12 ft by 10 ft?", "12 ft × 10 ft = 120 ft²", "12 ft × 10 ft = 120 ft²"),
    ("1,5 metri per 80 cm", "1,5 m × 80 cm = 1,2 m²", "1.5 m × 80 cm = 1.2 m²"),
    ("4*3 m", "4 m × 3 m = 12 m²", "4 m × 3 m = 12 m²"),
    ("3 m x 2 m x 1 m e mezzo", "3 m × 2 m × 1,5 m = 9 m³", "3 m × 2 m × 1.5 m = 9 m³"),
])
def test_lengths_multiplied_are_an_area_or_a_volume(text: str, it: str, en: str) -> None:
    assert has_expression(text)
    result = calculate({"expression": text}, ctx())
    assert result["exact"] and result["dimension"] in ("area", "volume")
    got_it, got_en = answer_words(result, "it", Asked()), answer_words(result, "en", Asked())
    assert got_it is not None and it in got_it
    assert got_en is not None and en in got_en


@pytest.mark.parametrize("text", [
    "quanto fa 12 per 7",  # arithmetic, no units
    "sposta 5 file in archivio",
    "5 kg per 3 m",  # not two lengths
    "18 metri per 3",  # the last side names no unit: 18 m times 3 is a length, not an area
    "12 ft by 10 ft in square meters",  # a target unit after it: not this shape (the model's)
    "the room is 4 m by 5 m, how big is it?",
    "5.5 feet in cm",  # a conversion, read by units_read
])
def test_other_requests_are_not_read_as_an_area(text: str) -> None:
    assert find_product(text) is None
