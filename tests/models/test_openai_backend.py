"""OpenAI-compatible backend against a REAL llama_cpp.server running the bundled Gemma on 127.0.0.1.

Nothing is mocked: the server is llama-cpp-python's own (started once per session,
with an API key), dropped connections and a stalled server are produced by a real
TCP proxy in front of it, and the answers are compared with the local backend.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.models.base import LLMError
from app.models.openai_backend import MSG_MARK, OpenAIBackend, keyring_user, read_api_key
from app.models.templates import render_gemma
from app.turn.cancel import CancelToken, TurnCancelled

pytestmark = pytest.mark.slow

KEY = "metnos-test-" + uuid.uuid4().hex[:8]
SERVER_DEPS = ("uvicorn", "fastapi", "sse_starlette", "starlette_context", "pydantic_settings")
QUESTION = [{"role": "user", "content": "What is the capital of France?"}]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def model_path(bundled_gguf: Path) -> Path:
    return bundled_gguf  # tests/conftest.py: verified, and a failure (not a skip) in CI when missing


@pytest.fixture(scope="session")
def server(model_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`python -m llama_cpp.server` with the bundled model; yields its /v1 URL."""
    missing = [m for m in SERVER_DEPS if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"llama_cpp.server needs {', '.join(missing)}: pip install -e '.[test]'")
    port = free_port()
    log = tmp_path_factory.mktemp("server") / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path), "--host", "127.0.0.1",
             "--port", str(port), "--n_ctx", "2048", "--n_threads", "2", "--api_key", KEY],
            stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 180
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"llama_cpp.server exited ({proc.returncode}): {log.read_text()[-2000:]}")
            try:
                req = urllib.request.Request(url + "/models", headers={"Authorization": f"Bearer {KEY}"})
                with urllib.request.urlopen(req, timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama_cpp.server did not start: {log.read_text()[-2000:]}")
            time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def local(model_path: Path) -> Iterator[Any]:
    from app.models.llm import LlamaBackend
    b = LlamaBackend(model_path, n_ctx=2048, threads=1)
    yield b
    b.close()


@pytest.fixture
def remote(server: str) -> OpenAIBackend:
    return OpenAIBackend(server, timeout_s=120, retries=1, api_key=KEY)


class Proxy:
    """A real TCP proxy to the server that can drop the next N connections or stall them (no answer)."""

    def __init__(self, target_port: int):
        self.target = target_port
        self.drop = 0
        self.stall = False
        self.dropped = 0
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = int(self.sock.getsockname()[1])
        self._stalled: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            if self.drop > 0:
                self.drop -= 1
                self.dropped += 1
                c.recv(65536)  # the request arrives, then the line goes dead
                c.close()
                continue
            if self.stall:
                self._stalled.append(c)
                continue
            up = socket.create_connection(("127.0.0.1", self.target))
            for a, b in ((c, up), (up, c)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.sock.close()
        for s in self._stalled:
            s.close()


@pytest.fixture
def proxy(server: str) -> Iterator[Proxy]:
    p = Proxy(int(server.rsplit(":", 1)[1].split("/")[0]))
    yield p
    p.close()


# -- the main path: raw prompts on /v1/completions --------------------------------------------
def test_probes_the_server_and_uses_the_models_own_format(remote: OpenAIBackend) -> None:
    assert remote.dialect == "llama_cpp_python"
    assert "gemma" in remote.model and remote.chat_format == "gemma"
    assert remote.metadata["general.name"] == "gemma-3-270m-q4_k_m.gguf"  # what the planner sizes trust by
    assert remote.render(QUESTION) == render_gemma(QUESTION)


def test_streams_tokens_and_answers_like_the_local_backend(remote: OpenAIBackend, local: Any) -> None:
    prompt = remote.render(QUESTION)
    pieces: list[str] = []
    c = remote.complete(prompt, max_tokens=12, on_token=pieces.append)
    assert len(pieces) >= 2 and "".join(pieces) == c.text and c.completion_tokens == len(pieces)
    mine = local.complete(prompt, max_tokens=12)
    assert c.text == mine.text  # same model, same greedy sampling, same answer
    assert c.prompt_tokens == mine.prompt_tokens


def test_counts_tokens_with_the_servers_tokenizer(remote: OpenAIBackend, local: Any) -> None:
    for text in ("hello world", "Che ore sono? Leggi /tmp/a.txt", render_gemma(QUESTION), ""):
        assert remote.count_tokens(text) == local.count_tokens(text)
    assert remote.token_count_exact


def test_json_schema_constrains_the_output(remote: OpenAIBackend) -> None:
    schema = {"type": "object", "properties": {
        "tool": {"type": "string", "enum": ["get_now", "read_files", "answer"]},
        "path": {"type": "string", "maxLength": 30}}, "required": ["tool", "path"]}
    prompt = remote.render([{"role": "user", "content": "Read the file /tmp/x.txt. Reply in JSON."}])
    c = remote.complete(prompt, max_tokens=40, json_schema=schema)
    out = json.loads(c.text)
    assert out["tool"] in ("get_now", "read_files", "answer") and isinstance(out["path"], str)


def test_grammar_constrains_the_output(remote: OpenAIBackend) -> None:
    c = remote.complete(remote.render([{"role": "user", "content": "Is Paris in France?"}]), max_tokens=4,
                        grammar='root ::= "yes" | "no"')
    assert c.text in ("yes", "no")


def test_score_options_picks_what_the_local_backend_ranks_first(remote: OpenAIBackend, local: Any) -> None:
    prompt, options = "The capital of France is", [" Paris", " Berlin", " banana"]
    r = remote.score_options(prompt, options)  # llama_cpp.server: one constrained choice
    mine = local.score_options(prompt, options)
    assert r.count(0.0) == 1 and r.index(0.0) == mine.index(max(mine)) == 0


def test_score_options_uses_prompt_logprobs_where_they_are_cheap(server: str, local: Any) -> None:
    """The generic dialect (vLLM & co.) scores with echo + logprobs; llama_cpp.server answers those too."""
    b = OpenAIBackend(server, chat_format="gemma", api_key=KEY, dialect="openai", timeout_s=120)
    prompt, options = "The capital of France is", [" Paris", " Berlin", " banana"]
    r = b.score_options(prompt, options)
    mine = local.score_options(prompt, options)
    assert all(x < 0 for x in r) and sorted(range(3), key=r.__getitem__) == sorted(range(3), key=mine.__getitem__)
    assert abs(r[0] - mine[0]) < 0.05  # the same mean log-probability as computed locally


def test_cancel_mid_stream_stops_at_once_and_the_server_stays_usable(remote: OpenAIBackend) -> None:
    cancel = CancelToken()
    got: list[str] = []

    def on(tok: str) -> None:
        got.append(tok)
        if len(got) == 2:
            cancel.cancel()

    with pytest.raises(TurnCancelled):
        remote.complete(remote.render(QUESTION), max_tokens=200, cancel=cancel, on_token=on)
    assert 2 <= len(got) < 10
    assert remote.complete(remote.render(QUESTION), max_tokens=2).completion_tokens >= 1


def test_cancel_while_the_server_evaluates_a_long_prompt(remote: OpenAIBackend) -> None:
    long = remote.render([{"role": "user", "content": "Riassumi: " + "il gatto dorme sul divano. " * 200}])
    cancel = CancelToken()
    threading.Timer(0.3, cancel.cancel).start()
    with pytest.raises(TurnCancelled):
        remote.complete(long, max_tokens=50, cancel=cancel)
    assert remote.complete(remote.render(QUESTION), max_tokens=2).completion_tokens >= 1


# -- failures: clear errors, retries, timeouts, keys -------------------------------------------------
def test_server_down_says_so_clearly() -> None:
    port = free_port()
    b = OpenAIBackend(f"http://127.0.0.1:{port}/v1", retries=1, timeout_s=5)
    with pytest.raises(LLMError) as e:
        b.complete("x", max_tokens=1)
    assert f"cannot reach http://127.0.0.1:{port}/v1 — is the server running?" in str(e.value)


def test_retries_survive_dropped_connections(proxy: Proxy) -> None:
    b = OpenAIBackend(f"http://127.0.0.1:{proxy.port}/v1", retries=2, timeout_s=120, api_key=KEY,
                      chat_format="gemma", dialect="llama_cpp_python")
    proxy.drop = 2
    c = b.complete(b.render(QUESTION), max_tokens=3)
    assert proxy.dropped == 2 and c.completion_tokens >= 1
    no_retry = OpenAIBackend(f"http://127.0.0.1:{proxy.port}/v1", retries=0, api_key=KEY, chat_format="gemma",
                             dialect="llama_cpp_python")
    proxy.drop = 1
    with pytest.raises(LLMError, match="cannot reach .* is the server running"):
        no_retry.complete(b.render(QUESTION), max_tokens=3)
    assert proxy.dropped == 3


def test_a_silent_server_times_out_with_the_setting_named(proxy: Proxy) -> None:
    proxy.stall = True
    b = OpenAIBackend(f"http://127.0.0.1:{proxy.port}/v1", retries=0, timeout_s=0.5, api_key=KEY,
                      chat_format="gemma", dialect="llama_cpp_python")
    with pytest.raises(LLMError, match=r"within 0.5 s \(llm.timeout_s\)"):
        b.complete("x", max_tokens=1)


def test_a_missing_api_key_names_the_command_that_sets_it(server: str) -> None:
    b = OpenAIBackend(server, retries=0)
    with pytest.raises(LLMError, match=r"refused the API key .*metnos remote set-key"):
        b.complete("x", max_tokens=1)


# -- chat mode: the server's own template on /v1/chat/completions -------------------------------------
def test_chat_mode_uses_chat_completions(server: str) -> None:
    b = OpenAIBackend(server, chat_format="server", timeout_s=120, api_key=KEY)
    prompt = b.render([{"role": "system", "content": "Answer in one word."}, *QUESTION])
    assert prompt.startswith(MSG_MARK) and prompt.count("\n") == 2  # one message per line: append-only
    pieces: list[str] = []
    c = b.complete(prompt, max_tokens=8, on_token=pieces.append)
    assert c.text and "".join(pieces) == c.text
    j = b.complete(prompt, max_tokens=30, json_schema={"type": "object", "properties": {
        "city": {"type": "string", "maxLength": 20}}, "required": ["city"]})
    assert isinstance(json.loads(j.text)["city"], str)
    with pytest.raises(LLMError, match="cannot continue a partial answer"):
        b.complete(prompt + '{"tool": "', max_tokens=2)
    assert b.score_options(prompt, ["Paris", "Berlin"]).count(0.0) == 1  # constrained choice


# -- configuration and the key ---------------------------------------------------------------------------
def test_from_config_reads_no_key_from_runtime_toml(server: str, metnos_home: Path) -> None:
    from app.config import parse_text
    cfg = parse_text(f'[llm]\nbackend = "openai"\nbase_url = "{server}"\nchat_format = "gemma"\n', env={})
    b = OpenAIBackend.from_config(cfg)
    assert b.base_url == server and b.chat_format == "gemma" and b.http.retries == cfg.llm.retries
    assert b.http.api_key == read_api_key(server)  # the keyring's answer (None without one), nothing else


def _cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    from app.cli.remote_cmd import add_commands
    p = argparse.ArgumentParser()
    add_commands(p.add_subparsers(dest="command"))
    args = p.parse_args(argv)
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        rc = args.func(args)
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return rc, out.getvalue(), err.getvalue()


def test_set_key_without_a_keyring_stores_nothing_anywhere(metnos_home: Path) -> None:
    import keyring
    import keyring.backends.fail
    before = keyring.get_keyring()
    keyring.set_keyring(keyring.backends.fail.Keyring())
    try:
        rc, out, err = _cli(["remote", "set-key", "--base-url", "http://127.0.0.1:9/v1"], stdin="sk-secret\n")
    finally:
        keyring.set_keyring(before)
    assert rc == 1 and "NOT stored" in err and "never in runtime.toml" in err
    assert not any("sk-secret" in p.read_text(errors="ignore") for p in metnos_home.rglob("*") if p.is_file())


def test_check_without_the_key_reports_the_refusal(server: str) -> None:
    if read_api_key(server):
        pytest.skip("a key for this URL is in the keyring")
    rc, out, _ = _cli(["remote", "check", "--base-url", server, "--json"])
    report = json.loads(out)
    assert rc == 1 and not report["ok"] and "metnos remote set-key" in report["checks"][-1]["detail"]


@pytest.mark.keyring
def test_set_key_then_check_uses_the_keyring(server: str) -> None:
    import keyring
    try:
        keyring.set_password("metnos-test-probe", "probe", "1")
        keyring.delete_password("metnos-test-probe", "probe")
    except Exception as e:  # noqa: BLE001 - any failure means no usable Secret Service
        if os.environ.get("REQUIRE_SECRET_SERVICE") == "1":
            pytest.fail(f"REQUIRE_SECRET_SERVICE=1 but no Secret Service is reachable ({e})")
        pytest.skip(f"no Secret Service reachable ({e})")
    try:
        rc, out, _ = _cli(["remote", "set-key", "--base-url", server], stdin=KEY + "\n")
        assert rc == 0 and "stored in the OS keyring" in out
        assert keyring.get_password("metnos", keyring_user(server)) == KEY
        rc, out, _ = _cli(["remote", "check", "--base-url", server, "--json"])
        report = json.loads(out)
        assert rc == 0 and report["ok"], report
        assert {c["check"] for c in report["checks"] if c["ok"]} >= {"reach", "complete", "json_schema", "scoring"}
    finally:
        _cli(["remote", "set-key", "--base-url", server, "--delete"])
    assert read_api_key(server) is None


@pytest.mark.slow
def test_planner_suite_passes_unchanged_on_the_remote_backend(remote: OpenAIBackend, local: Any,
                                                              bundled_embedder: Any, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 7: the planner's test requests, same code, against llama_cpp.server instead of llama.cpp in-process;
    the model scores every decision, so the server really takes part. Every second case of the suite, both ways:
    the comparison is what this measures, and CI's hour is shared by every model suite."""
    from app.bench import planner_suite as suite
    from app.engine.catalog import build_registry
    from app.planner import Planner
    from app.turn.services import TurnServices

    root = suite.make_root(tmp_path / "root")
    registry = build_registry()
    cases = suite.load()[::2]
    results = {}
    for name, llm in (("remote", remote), ("local", local)):
        planner = Planner()
        services = TurnServices(llm=lambda llm=llm: llm, embedder=lambda: bundled_embedder)
        res = suite.run(planner, registry, services, root, cases)
        results[name] = res
        with capsys.disabled():
            print(f"\n[{name}] " + suite.report(res).splitlines()[0])
    assert results["remote"].total == len(cases) >= 20
    # the lite model decides near ties here: the same code gave 19 to 21 of 24 across runs, on either backend
    # (2026-12-06 and 12-07: remote 20, 21, 19 in a loaded CI run; local 21, 20), so the floor is the lowest seen;
    # what issue 7 asks — the remote backend decides as well as the in-process one — is the line after it
    assert results["remote"].accuracy >= 19 / 24
    assert results["remote"].accuracy >= results["local"].accuracy - 0.05
