"""open_path starts a real installed application (a .desktop entry in a temporary XDG_DATA_HOME whose Exec
writes a marker file) and never runs a program from the allowed folders; get_urls reads a real local
http.server (loopback allowed only by the explicit test setting), with its caps and refusals."""
from __future__ import annotations

import http.server
import socket
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from app.config import parse_text
from app.engine.catalog import build_registry
from app.tools.runner import StepOutcome, TurnContext
from app.turn.events import Turn


def run(config: Any, tool: str, args: dict[str, Any], approve: bool = True) -> StepOutcome:
    ctx = TurnContext(turn=Turn(id="t", text="apri", owner="local"), config=config, registry=build_registry(),
                      emit=lambda e: None, approve=lambda *a: approve)
    return ctx.execute(tool, args)


def test_open_starts_an_installed_application_by_its_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    apps = data / "applications"
    apps.mkdir(parents=True)
    marker = tmp_path / "started.txt"
    (apps / "org.example.Blocco.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Blocco Note\nName[it]=Blocco note\nGenericName=Text Editor\n"
        f"Exec=/bin/sh -c 'echo started > {marker}' %U\n", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "none"))
    cfg = parse_text(f'[tools]\nallowed_roots = ["{tmp_path}"]\n', env={})
    out = run(cfg, "open_path", {"target": "blocco note"})
    assert out.ok, out.error
    assert out.result["said"]["params"]["name"] == "Blocco Note"
    for _ in range(100):
        if marker.exists():
            break
        time.sleep(0.05)
    assert marker.read_text().strip() == "started"
    missing = run(cfg, "open_path", {"target": "nonexistent-app"})
    assert not missing.ok and missing.message is not None
    assert missing.message.text("it") == "non trovo un'applicazione installata che si chiami «nonexistent-app»"


def test_open_refuses_programs_inside_the_allowed_folders(tmp_path: Path) -> None:
    script = tmp_path / "run.sh"
    marker = tmp_path / "ran.txt"
    script.write_text(f"#!/bin/sh\necho ran > {marker}\n")
    script.chmod(0o755)
    cfg = parse_text(f'[tools]\nallowed_roots = ["{tmp_path}"]\n', env={})
    out = run(cfg, "open_path", {"target": str(script)})
    assert not out.ok and "never run programs" in (out.error or "")
    time.sleep(0.2)
    assert not marker.exists()
    declined = run(cfg, "open_path", {"target": "firefox"}, approve=False)
    assert declined.declined and declined.message is not None
    assert declined.message.text("it") == "Va bene, non ho aperto nulla."


class _Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a: Any) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802
        if self.path == "/page":
            body = ("<html><head><title>Pagina di prova</title><script>var x=1;</script></head>"
                    "<body><h1>Ciao</h1><p>Testo della pagina.</p></body></html>").encode()
            self._send(200, body, "text/html; charset=utf-8")
        elif self.path == "/big":
            self._send(200, b"a" * 50_000, "text/plain")
        elif self.path.startswith("/loop"):
            n = int(self.path[5:] or 0)
            self.send_response(302)
            self.send_header("Location", f"/loop{n + 1}")
            self.end_headers()
        elif self.path == "/to-file":
            self.send_response(302)
            self.send_header("Location", "file:///etc/passwd")
            self.end_headers()
        else:
            self._send(404, b"no", "text/plain")

    def _send(self, code: int, body: bytes, ctype: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def web_config(tmp_path: Path, **extra: Any) -> Any:
    lines = "".join(f"{k} = {str(v).lower() if isinstance(v, bool) else v}\n" for k, v in extra.items())
    return parse_text(f'[tools]\nallowed_roots = ["{tmp_path}"]\n{lines}', env={})


def test_get_urls_is_off_by_default_and_says_how_to_turn_it_on(tmp_path: Path, server: str) -> None:
    out = run(web_config(tmp_path), "get_urls", {"urls": [server + "/page"]})
    assert not out.ok and out.message is not None
    assert "web = true" in out.message.text("it") and "[tools]" in out.message.text("it")


def test_get_urls_reads_a_page_as_text_with_its_limits(tmp_path: Path, server: str) -> None:
    cfg = web_config(tmp_path, web=True, web_allow_private=True, web_max_bytes=1000)
    out = run(cfg, "get_urls", {"urls": [server + "/page"]})
    assert out.ok, out.error
    assert out.result["title"] == "Pagina di prova"
    assert "Testo della pagina." in out.result["text"] and "var x" not in out.result["text"]
    big = run(cfg, "get_urls", {"urls": [server + "/big"]})
    assert big.ok and big.result["truncated"] and big.result["bytes"] == 1000
    loop = run(cfg, "get_urls", {"urls": [server + "/loop0"]})
    assert not loop.ok and "redirects too many times" in (loop.error or "")
    to_file = run(cfg, "get_urls", {"urls": [server + "/to-file"]})
    assert not to_file.ok and "only fetch http and https" in (to_file.error or "")
    scheme = run(cfg, "get_urls", {"urls": ["file:///etc/passwd"]})
    assert not scheme.ok and "only fetch http and https" in (scheme.error or "")


def test_loopback_and_private_addresses_are_refused_unless_allowed(tmp_path: Path, server: str) -> None:
    cfg = web_config(tmp_path, web=True)
    for url in (server + "/page", "http://localhost:1/", "http://10.0.0.1/", "http://169.254.169.254/latest"):
        out = run(cfg, "get_urls", {"urls": [url]})
        assert not out.ok and "local network or this computer" in (out.error or ""), (url, out.error)


def test_no_network_is_a_clear_one_line_answer(tmp_path: Path) -> None:
    with socket.socket() as s:  # a port nothing listens on: the same refusal as a missing network
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cfg = web_config(tmp_path, web=True, web_allow_private=True, web_timeout_s=3)
    out = run(cfg, "get_urls", {"urls": [f"http://127.0.0.1:{port}/"]})
    assert not out.ok and out.message is not None
    it = out.message.text("it")
    assert it == "non riesco a raggiungere 127.0.0.1: nessuna connessione di rete, o l'indirizzo è sbagliato"
    unknown = run(cfg, "get_urls", {"urls": ["http://no-such-host.invalid/"]})
    assert not unknown.ok and "cannot reach no-such-host.invalid" in (unknown.error or "")
