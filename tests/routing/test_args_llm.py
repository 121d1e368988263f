"""The optional LLM fallback for arguments: constrained call, verbatim check, on-disk cache (real bundled model)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.bench.routing_sets import build_tools
from app.routing.args_llm import ArgsLLM

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def llm(tmp_path_factory: pytest.TempPathFactory, bundled_lite_gguf: Path) -> Any:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("METNOS_HOME", str(tmp_path_factory.mktemp("llm-home")))
        from app.models.llm import LlamaBackend

        backend = LlamaBackend(bundled_lite_gguf, n_ctx=1024, threads=2, chat_format="gemma")
    yield backend
    backend.close()


def test_values_must_occur_in_the_request_and_answers_are_cached_in_memory_only(llm: Any, tmp_path: Path) -> None:
    tool = build_tools({"weather": {"properties": {"city": {"type": "string", "description": "City name"}},
                                    "required": ["city"]}})["weather"]
    cache = tmp_path / "args_llm.json"
    cache.write_text("{}", encoding="utf-8")  # a file left by an older version
    a = ArgsLLM(lambda: llm, cache)
    text = "che tempo fa nella città di Bologna"
    got = a.extract(text, tool, ["city"])
    assert a.calls == 1
    for v in got.values():  # whatever the small model says, only verbatim spans of the request survive
        assert v.lower() in text.lower()
    assert a.extract(text, tool, ["city"]) == got and a.calls == 1  # served from memory
    key = ArgsLLM.key(str(llm.model_path), text, "weather", ["city"])
    assert a._load()[key] == got
    # the request's words are never written to disk unencrypted: the old file is gone, no new one appears
    assert not cache.exists()


def test_router_uses_the_fallback_only_when_switched_on(make_router: Any, llm: Any) -> None:
    from routing_cfg import Cfg

    from app.turn.events import Step, Turn

    cfg = Cfg()
    r = make_router(cfg, llm_provider=lambda: llm)
    for i in range(3):
        r.learn(Turn(id=str(i), text="che tempo fa a Roma", owner="local", ok=True,
                     steps=[Step(1, "weather", {"city": "Roma"}, {"ok": True}, True, "L3")]))
    assert r.route("che tempo fa a Milano") is None  # rules only: "Roma" came from the old words
    cfg.set(**{"fast_path.canonical_query_args_llm": True})
    res = r.route("che tempo fa a Milano")
    if res is not None:  # the 270M model may or may not find it; if served, the value is the request's own
        assert res.args["city"].lower() in "che tempo fa a milano" and res.arg_sources.get("city") in ("model", "memo")
