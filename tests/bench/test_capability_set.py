"""`metnos bench capability` on its whole set: "I can't" for what no tool does, and not for the near misses.

Every request of resources/eval/capability/requests.jsonl is routed by a real Engine's router (every stage, the
bundled embedder, a throwaway home; nothing runs). The floors sit just under the figures recorded in the set's
README (2026-12-05: tune 126/158 said and 1/140 doable refused, held 98/154 and 7/183), so a change that loses
refusals or refuses what the app does fails here, on the half nobody tuned on as well.
"""
from __future__ import annotations

from app.bench import capability
from app.lang.messages import Message

FLOOR = {"tune": (0.77, 3), "held": (0.60, 9)}  # (share of `cannot` said, most doable requests refused)


def test_cannot_is_said_for_what_no_tool_does_and_not_for_its_near_misses() -> None:
    r = capability.run_bench()
    assert r["n"] >= 600
    for split, (said, refused) in FLOOR.items():
        s = r[split]
        assert s["cannot"] >= 150 and s["can"] >= 140
        assert s["cannot_said"] / s["cannot"] >= said, (split, s["cannot_said"], s["cannot"], s["by_kind"])
        assert s["can_refused"] <= refused, (split, s["wrongly_refused"])


def test_every_cannot_sentence_exists_in_both_languages() -> None:
    import app.routing.capability  # noqa: F401 — registers the sentences
    from app.lang.rules.unsupported_things import THINGS

    for key in [r.id for r in THINGS.rules] + ["live"]:
        it, en = Message(f"cannot.{key}").text("it"), Message(f"cannot.{key}").text("en")
        assert it.startswith("Non ") and en.startswith("I can't"), (key, it, en)
