"""HTTP for the OpenAI-compatible backend: JSON requests, SSE streams, retries, cancellation, clear errors.

Standard library only (http.client): no new dependency for a feature most
people never turn on. `timeout_s` is the longest *silence* tolerated (connect,
or between two streamed chunks), so a long but live generation is never cut.
Retries cover a dropped or refused connection and a server still loading
(502/503/504), never a timeout (a slow server) nor a request whose tokens have
already been delivered.
"""
from __future__ import annotations

import http.client
import json
import logging
import socket
import threading
import time
from typing import Any, Iterator
from urllib.parse import urlsplit

from app.turn.cancel import CancelToken, TurnCancelled

from .base import LLMError

log = logging.getLogger(__name__)

RETRY_STATUS = (502, 503, 504)
BACKOFF_S = 0.5


class HTTPStatusError(LLMError):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class RemoteHTTP:
    """One server: `base_url` is its /v1 URL; `root` (base_url without /v1) serves the extras."""

    def __init__(self, base_url: str, timeout_s: float = 60.0, retries: int = 2, api_key: str | None = None):
        u = urlsplit(base_url.rstrip("/"))
        if u.scheme not in ("http", "https") or not u.hostname:
            raise LLMError(f"llm.base_url {base_url!r} is not an http(s) URL; "
                           f"use e.g. http://127.0.0.1:8080/v1")
        self.base_url = base_url.rstrip("/")
        self.scheme, self.host = u.scheme, u.hostname
        self.port = u.port or (443 if u.scheme == "https" else 80)
        self.prefix = u.path  # e.g. /v1
        self.root_prefix = self.prefix[:-3] if self.prefix.endswith("/v1") else self.prefix
        self.timeout_s = float(timeout_s)
        self.retries = max(0, int(retries))
        self.api_key = api_key

    # -- plumbing -------------------------------------------------------------------------
    def _conn(self) -> http.client.HTTPConnection:
        cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=self.timeout_s)

    def _headers(self, stream: bool) -> dict[str, str]:
        h = {"Content-Type": "application/json", "Accept": "text/event-stream" if stream else "application/json"}
        if self.api_key:
            h["Authorization"] = f"Bearer {self.api_key}"
        return h

    def _url(self, path: str, root: bool) -> str:
        return (self.root_prefix if root else self.prefix) + path

    def unreachable(self, why: str) -> LLMError:
        return LLMError(f"cannot reach {self.base_url} — is the server running? ({why}). "
                        f"Check llm.base_url, or run `metnos remote check`")

    def _status_error(self, status: int, body: bytes, path: str) -> HTTPStatusError:
        text = body.decode("utf-8", "replace").strip()
        try:
            j = json.loads(text)
            err = j.get("error", j.get("detail", j)) if isinstance(j, dict) else j
            text = err.get("message", json.dumps(err)) if isinstance(err, dict) else str(err)
        except ValueError:
            pass
        text = text[:300]
        if status in (401, 403):
            return HTTPStatusError(status, f"{self.base_url} refused the API key (HTTP {status}: {text}). "
                                           f"Set it with `metnos remote set-key`")
        if status == 404:
            return HTTPStatusError(status, f"{self.base_url}{path}: not found (HTTP 404). Check that llm.base_url "
                                           f"ends with /v1 and that the server offers this endpoint")
        return HTTPStatusError(status, f"{self.base_url}{path}: HTTP {status}: {text}")

    def _open(self, method: str, path: str, body: dict[str, Any] | None, stream: bool, root: bool,
              retry: bool = True, cancel: CancelToken | None = None, box: list[Any] | None = None,
              ) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
        """Send the request and return the open response with a 2xx status (retrying what may be retried).
        `box` receives the live connection so a watcher can shut it on cancel."""
        data = json.dumps(body).encode("utf-8") if body is not None else None
        url = self._url(path, root)
        attempts = (self.retries if retry else 0) + 1
        last: Exception | None = None
        for attempt in range(attempts):
            if attempt:
                time.sleep(BACKOFF_S * 2 ** (attempt - 1))
            if cancel is not None:
                cancel.check()
            conn = self._conn()
            if box is not None:
                box[:] = [conn]
            try:
                conn.request(method, url, body=data, headers=self._headers(stream))
                resp = conn.getresponse()
            except (OSError, http.client.HTTPException) as e:  # socket.timeout is an OSError too
                conn.close()
                if cancel is not None and cancel.cancelled:
                    raise TurnCancelled() from None
                if isinstance(e, socket.timeout):  # slow, not gone: retrying would only double the wait
                    raise LLMError(f"{self.base_url} did not answer within {self.timeout_s:g} s "
                                   f"(llm.timeout_s); the server may be overloaded or the prompt too long") from None
                last = self.unreachable(f"{type(e).__name__}: {e}")
                continue
            if 200 <= resp.status < 300:
                return conn, resp
            payload = resp.read()
            conn.close()
            last = self._status_error(resp.status, payload, path)
            if resp.status not in RETRY_STATUS:
                raise last
        assert last is not None
        raise last

    # -- public -----------------------------------------------------------------------------
    def get_json(self, path: str, root: bool = False, retry: bool = True) -> Any:
        conn, resp = self._open("GET", path, None, False, root, retry)
        try:
            return json.loads(resp.read())
        except (ValueError, socket.timeout, OSError) as e:
            raise LLMError(f"{self.base_url}{path}: unreadable answer ({e})") from None
        finally:
            conn.close()

    def post_json(self, path: str, body: dict[str, Any], root: bool = False, retry: bool = True) -> Any:
        conn, resp = self._open("POST", path, body, False, root, retry)
        try:
            return json.loads(resp.read())
        except socket.timeout:
            raise LLMError(f"{self.base_url} stopped answering for {self.timeout_s:g} s (llm.timeout_s)") from None
        except (ValueError, OSError) as e:
            raise LLMError(f"{self.base_url}{path}: unreadable answer ({e})") from None
        finally:
            conn.close()

    def stream(self, path: str, body: dict[str, Any], cancel: CancelToken | None = None) -> Iterator[dict[str, Any]]:
        """POST with stream=true; yield each SSE `data:` JSON until [DONE]. Cancelling shuts the socket
        (a blocked read returns at once) and the server stops generating when it sees the disconnect."""
        box: list[Any] = []
        done = threading.Event()
        if cancel is not None:
            threading.Thread(target=_shut_on_cancel, args=(cancel, box, done), daemon=True,
                             name="metnos-remote-cancel").start()
        try:
            conn, resp = self._open("POST", path, {**body, "stream": True}, True, False, cancel=cancel, box=box)
        except BaseException:
            done.set()
            raise
        try:
            while True:
                line = self._read_line(resp, cancel)
                if not line:
                    return  # server closed the stream without [DONE]
                chunk = self._event(line)
                if chunk is _END:
                    return
                if chunk is not _SKIP:
                    yield chunk
        finally:
            done.set()
            conn.close()

    def _read_line(self, resp: http.client.HTTPResponse, cancel: CancelToken | None) -> bytes:
        """One line of the stream; a silence longer than timeout_s, a dropped connection or a cancel raise."""
        try:
            line = resp.readline()
        except socket.timeout:
            raise LLMError(f"{self.base_url} stopped answering for {self.timeout_s:g} s "
                           f"(llm.timeout_s)") from None
        except (OSError, http.client.HTTPException, ValueError) as e:
            if cancel is not None and cancel.cancelled:
                raise TurnCancelled() from None
            raise LLMError(f"{self.base_url}: the connection dropped while streaming ({e})") from None
        if cancel is not None and cancel.cancelled:
            raise TurnCancelled()
        return line

    def _event(self, line: bytes) -> Any:
        """A line's `data:` JSON; _END for [DONE], _SKIP for anything else (comments, keep-alives, bad JSON).
        An error the server sends mid-stream is raised."""
        line = line.strip()
        if not line.startswith(b"data:"):
            return _SKIP
        data = line[5:].strip()
        if data == b"[DONE]":
            return _END
        try:
            chunk = json.loads(data)
        except ValueError:
            return _SKIP
        if isinstance(chunk, dict) and "error" in chunk:
            err = chunk["error"]
            raise LLMError(f"{self.base_url}: {err.get('message', err) if isinstance(err, dict) else err}")
        return chunk


_END = object()  # the stream's "data: [DONE]"
_SKIP = object()  # a line that carries no chunk


def _shut_on_cancel(cancel: CancelToken, box: list[Any], done: threading.Event) -> None:
    """Until the stream is done: on cancel, shut the live connection's socket (a blocked read returns at once)."""
    while not done.wait(0.01):
        if cancel.cancelled:
            for c in box:
                try:
                    if c.sock is not None:
                        c.sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            return
