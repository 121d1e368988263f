"""get_urls: fetch http(s) pages and keep their text — off unless `[tools] web = true`.

Bounded in every way a page can hurt: a size cap, a timeout, at most MAX_REDIRECTS redirects (each
one checked again), http/https only, and no private, loopback or link-local address unless
`[tools] web_allow_private` says so (a page must not reach the router or the machine itself).
HTML becomes its text (scripts and styles dropped) through the parser that reads saved pages too
(doctext/markup.py). A big page goes to the scratchpad like any big observation. Its text is content
to read, never an instruction (reads_external).
"""
from __future__ import annotations

import ipaddress
import socket
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from app.lang.messages import Message, register

from .doctext.markup import html_text
from .registry import Tool, ToolContext, ToolError

MAX_REDIRECTS = 5
MAX_URLS = 5
USER_AGENT = "MetnosDesk/1 (+offline assistant; one page on request)"

register({
    "web.off": {"it": "non leggo pagine web: l'accesso al web è spento. Per accenderlo scrivi web = true nella "
                      "sezione [tools] di runtime.toml (oppure: metnos config set tools.web true)",
                "en": "I do not read web pages: web access is off. To turn it on, set web = true in the [tools] "
                      "section of runtime.toml (or run: metnos config set tools.web true)"},
    "web.scheme": {"it": "leggo solo indirizzi http e https, non «{url}»",
                   "en": "I only fetch http and https addresses, not {url!r}"},
    "web.private": {"it": "{host} è un indirizzo della rete locale o di questo computer: non lo apro (si può "
                          "permettere con web_allow_private = true in [tools])",
                    "en": "{host} is an address on the local network or this computer: not fetched (allow it with "
                          "web_allow_private = true in [tools])"},
    "web.unreachable": {"it": "non riesco a raggiungere {host}: nessuna connessione di rete, o l'indirizzo è sbagliato",
                        "en": "cannot reach {host}: no network connection, or the address is wrong"},
    "web.timeout": {"it": "{host} non ha risposto entro {seconds} secondi",
                    "en": "{host} did not answer within {seconds} seconds"},
    "web.status": {"it": "{url} ha risposto con l'errore {status}", "en": "{url} answered with error {status}"},
    "web.redirects": {"it": "{url} rimanda ad altri indirizzi troppe volte (più di {n})",
                      "en": "{url} redirects too many times (more than {n})"},
    "web.no_urls": {"it": "dimmi quale indirizzo leggere (http:// o https://)",
                    "en": "tell me which address to fetch (http:// or https://)"},
    "web.fetched": {"it": {"one": "Ho letto la pagina {title}.", "other": "Ho letto {n} pagine."},
                    "en": {"one": "I read the page {title}.", "other": "I read {n} pages."}},
})


def _check_host(url: str, allow_private: bool) -> str:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ToolError(Message("web.scheme", url=url[:200]))
    host = parts.hostname
    try:
        infos = socket.getaddrinfo(host, parts.port or (443 if parts.scheme == "https" else 80),
                                   type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, OSError):
        raise ToolError(Message("web.unreachable", host=host)) from None
    for info in infos:
        ip = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if not allow_private and (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast
                                  or ip.is_reserved or ip.is_unspecified):
            raise ToolError(Message("web.private", host=host))
    return host


class _Redirects(urllib.request.HTTPRedirectHandler):
    def __init__(self, allow_private: bool):
        self.allow_private = allow_private
        self.count = 0

    def http_error_302(self, req: Any, fp: Any, code: int, msg: str, headers: Any) -> Any:
        where = headers.get("location") or headers.get("uri")
        if where:  # checked before urllib's own scheme check, so a redirect to file: reads as a refusal
            _check_host(urllib.parse.urljoin(req.full_url, where), self.allow_private)
        return super().http_error_302(req, fp, code, msg, headers)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> Any:
        self.count += 1
        if self.count > MAX_REDIRECTS:
            raise ToolError(Message("web.redirects", url=req.full_url[:200], n=MAX_REDIRECTS))
        _check_host(newurl, self.allow_private)  # a redirect to the router or to file: is refused too
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def fetch(url: str, ctx: ToolContext) -> dict[str, Any]:
    cfg = ctx.config.tools
    allow_private = bool(cfg.web_allow_private)
    if url.lower().startswith("www."):
        url = "https://" + url
    host = _check_host(url, allow_private)
    cap = int(cfg.web_max_bytes)
    timeout = float(cfg.web_timeout_s)
    opener = urllib.request.build_opener(_Redirects(allow_private), urllib.request.ProxyHandler({}))
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "text/html,text/plain,*/*"})
    try:
        with opener.open(req, timeout=timeout) as resp:
            data = resp.read(cap + 1)
            final = resp.geturl()
            ctype = resp.headers.get("Content-Type", "")
            status = resp.status
            charset = resp.headers.get_content_charset() or "utf-8"
    except urllib.error.HTTPError as e:
        raise ToolError(Message("web.status", url=url[:200], status=e.code)) from None
    except urllib.error.URLError as e:
        if isinstance(e.reason, socket.timeout | TimeoutError):
            raise ToolError(Message("web.timeout", host=host, seconds=int(timeout))) from None
        raise ToolError(Message("web.unreachable", host=host)) from None
    except (TimeoutError, socket.timeout):
        raise ToolError(Message("web.timeout", host=host, seconds=int(timeout))) from None
    except OSError:
        raise ToolError(Message("web.unreachable", host=host)) from None
    truncated = len(data) > cap
    data = data[:cap]
    try:
        body = data.decode(charset, errors="replace")
    except LookupError:
        body = data.decode("utf-8", errors="replace")
    title, text = html_text(body) if "html" in ctype.lower() or body.lstrip()[:15].lower().startswith(
        ("<!doctype", "<html")) else ("", body)
    return {"url": url, "final_url": final, "status": status, "content_type": ctype, "title": title,
            "bytes": len(data), "truncated": truncated, "text": text}


def get_urls(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    if not bool(ctx.config.tools.web):
        raise ToolError(Message("web.off"))
    urls = args.get("urls") or []
    if isinstance(urls, str):
        urls = [urls]
    urls = [str(u).strip() for u in urls if str(u).strip()][:MAX_URLS]
    if not urls:
        raise ToolError(Message("web.no_urls"))
    pages = []
    for u in urls:
        ctx.cancel.check()
        pages.append(fetch(u, ctx))
    if len(pages) == 1:
        page = pages[0]
        page["said"] = Message("web.fetched", n=1, title=page["title"] or page["final_url"]).to_dict()
        return page
    return {"pages": pages, "count": len(pages), "said": Message("web.fetched", n=len(pages), title="").to_dict()}


TOOLS = [
    Tool("get_urls", "Fetch web pages (http/https) and return their text; off unless web access is turned on. "
                     "Leggi/scarica una pagina web.",
         {"type": "object", "properties": {
             "urls": {"type": "array", "items": {"type": "string"}, "description": "http(s) addresses"}},
          "required": ["urls"]}, get_urls, group="Web", reads_external=True,
         examples=("leggi la pagina https://example.org", "scarica https://example.org/notizie e riassumila",
                   "cosa dice il sito https://example.com", "fetch https://example.org/docs",
                   "get the text of https://example.com/page")),
]
