"""The fast path and the time in another place (tools/world_clock.py): a learned "what time is it" never answers
"what time is it in Tokyo" with the local time, and a learned "che ore sono a Tokyo" never tells Tokyo's time for
London. Real embedder, real memo."""
from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.turn.events import Step, Turn

pytestmark = pytest.mark.slow
NOW = datetime(2026, 12, 6, 10, 0)


def _turn(text: str, tool: str, args: dict[str, Any], n: int) -> Turn:
    return Turn(id=f"t{n}", text=text, owner="local", ok=True, level="L3",
                steps=[Step(1, tool, args, {"time": "10:00"}, True, "L3")])


def test_a_learned_local_time_is_not_the_time_elsewhere(make_router: Any) -> None:
    r = make_router()
    for i in range(3):
        r.learn(_turn("ehi, mi sai dire l'ora esatta?", "get_now", {}, i), now=NOW)
    again = r.route("ehi, mi sai dire l'ora esatta?", now=NOW)
    assert again is not None and again.tool == "get_now"  # learned: the same request is served
    for text in ("ehi, mi sai dire l'ora esatta a Tokyo?", "mi sai dire l'ora esatta adesso a New York?"):
        res = r.route(text, now=NOW)
        assert res is None or res.tool != "get_now", (text, res)


def test_a_learned_place_is_not_told_for_another(make_router: Any) -> None:
    r = make_router()
    for i in range(3):
        r.learn(_turn("che ore sono a Tokyo adesso?", "time_in", {"place": "Tokyo"}, i), now=NOW)
    same = r.route("che ore sono a Tokyo adesso?", now=NOW)
    assert same is not None and same.tool == "time_in" and same.args == {"place": "Tokyo"}
    other = r.route("che ore sono a Londra adesso?", now=NOW)
    assert other is None or other.args == {"place": "Londra"}, other
