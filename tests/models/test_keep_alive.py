"""[llm] keep_alive_minutes: the planner model leaves memory when idle and comes back on demand, never
in the middle of a call, with its KV prefix from disk. Real model (the lite GGUF: fast to load)."""
from __future__ import annotations

import gc
import threading
import time
import weakref
from pathlib import Path

import pytest
from support import write_runtime

from app.config import ConfigManager
from app.engine.model_loader import ModelLoader
from app.models import hardware
from app.models.llm import default_threads

pytestmark = pytest.mark.usefixtures("own_kv_folder")  # the cache files this test reads

KEEP_ALIVE_MIN = 0.01            # 0.6 s
PREFIX = ("You are the planner of a desktop assistant. Choose one tool for the request, or answer it. "
          "Tools: get_now, read_files, list_dir, remember, calculate.")


def _wait(cond, timeout: float = 30.0) -> bool:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


@pytest.fixture
def services(metnos_home: Path, bundled_lite_gguf: Path):
    cfg = write_runtime(metnos_home, f"[llm]\nmodel = \"bundled-lite\"\nkeep_alive_minutes = {KEEP_ALIVE_MIN}\n")
    s = ModelLoader(ConfigManager(cfg, create=False))
    yield s
    s.keep_alive.stop()
    s._drop_llm()


def test_idle_model_is_released_and_a_later_call_reloads_it(services: ModelLoader) -> None:
    backend = services.llm()
    assert services.llm_loaded and services.llm_label.startswith("Gemma 3 270M")
    prompt = backend.render([{"role": "user", "content": "Say hello."}])
    assert backend.complete(prompt, max_tokens=4).completion_tokens > 0
    old = weakref.ref(backend._llm)
    assert _wait(lambda: not services.llm_loaded), "the keep-alive did not release the idle model"
    gc.collect()
    assert old() is None, "the released Llama object is still referenced somewhere"
    assert _wait(lambda: services.keep_alive.unloads >= 1)
    again = services.llm()
    assert again is backend, "callers keep the same backend; only its weights come and go"
    c = again.complete(prompt, max_tokens=4)
    assert c.completion_tokens > 0 and backend.loads == 2


def test_a_call_in_progress_is_never_released(services: ModelLoader) -> None:
    backend = services.llm()
    started, finish = threading.Event(), threading.Event()

    def long_call() -> None:          # a turn holding the model, as complete()/score_options() do
        with backend.lock:
            _ = backend.llm               # loaded (again, if the keep-alive was quicker) and in use from here
            started.set()
            finish.wait(30)

    t = threading.Thread(target=long_call)
    t.start()
    started.wait(5)
    time.sleep(KEEP_ALIVE_MIN * 60 * 3)          # well past the keep-alive, with the model busy
    assert services.llm_loaded, "the model was released while a call held it"
    finish.set()
    t.join(5)
    assert _wait(lambda: not services.llm_loaded), "released once the call ended and the idle time passed"


def test_reload_takes_the_kv_prefix_from_disk(services: ModelLoader) -> None:
    backend = services.llm()
    first = backend.warm_prefix(PREFIX)
    assert first["saved"] and not first["loaded_from_disk"]
    assert _wait(lambda: not services.llm_loaded)
    after = backend.warm_prefix(PREFIX)           # reloads the weights, then the prefix state from disk
    assert after["loaded_from_disk"] and after["evaluated"] == 0
    assert after["prefix_tokens"] == first["prefix_tokens"]


def test_keep_alive_zero_keeps_the_model(metnos_home: Path, bundled_lite_gguf: Path) -> None:
    cfg = write_runtime(metnos_home, "[llm]\nmodel = \"bundled-lite\"\nkeep_alive_minutes = 0\n")
    s = ModelLoader(ConfigManager(cfg, create=False))
    try:
        s.llm()
        time.sleep(1.0)
        assert s.llm_loaded and s.keep_alive.unloads == 0
    finally:
        s.keep_alive.stop()
        s._drop_llm()


def test_default_threads_are_the_physical_cores() -> None:
    assert default_threads(0) == hardware.physical_cores() >= 1
    assert default_threads(3) == 3
    smt = "".join(f"processor\t: {i}\nphysical id\t: 0\ncore id\t\t: {i % 4}\n\n" for i in range(8))
    assert hardware._linux_cores(smt) == 4
    two_sockets = "".join(f"processor\t: {i}\nphysical id\t: {i // 2}\ncore id\t\t: {i % 2}\n\n" for i in range(4))
    assert hardware._linux_cores(two_sockets) == 4
