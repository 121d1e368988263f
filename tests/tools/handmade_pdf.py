"""Small, valid PDFs written byte by byte, for the document tests (no PDF writer is a dependency).

Each page is text (Helvetica, WinAnsi, one Tj per line), an image only (what a scanner makes), or
empty. `password` writes the standard security handler, revision 2 (RC4, 40-bit key: PDF 1.7
§7.6.3, algorithms 2, 3 and 4), so the file is a real encrypted PDF: readers ask for the password and,
given it, decrypt the pages.
"""
from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass

PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")
FILE_ID = bytes.fromhex("6d65746e6f732d746573742d69642d30")  # 16 bytes
PERMISSIONS = -44  # print, copy... all allowed; the password is what protects the file


@dataclass
class Page:
    lines: tuple[str, ...] = ()
    image: bool = False  # a grey 2×2 picture filling the page, no text: a scanned page


def rc4(key: bytes, data: bytes) -> bytes:
    s = list(range(256))
    j = 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) % 256
        s[i], s[j] = s[j], s[i]
    out = bytearray()
    i = j = 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + s[i]) % 256
        s[i], s[j] = s[j], s[i]
        out.append(byte ^ s[(s[i] + s[j]) % 256])
    return bytes(out)


def _padded(password: str) -> bytes:
    return (password.encode("latin-1") + PAD)[:32]


def security(user: str, owner: str) -> tuple[bytes, bytes, bytes]:
    """(file key, /O, /U) of the standard security handler, revision 2."""
    o = rc4(hashlib.md5(_padded(owner)).digest()[:5], _padded(user))
    key = hashlib.md5(_padded(user) + o + struct.pack("<i", PERMISSIONS) + FILE_ID).digest()[:5]
    return key, o, rc4(key, PAD)


def _escape(text: str) -> bytes:
    raw = text.encode("cp1252")
    return raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def _content(page: Page) -> bytes:
    if page.image:
        return b"q 612 0 0 792 0 0 cm /Im1 Do Q"
    ops = [b"BT /F1 14 Tf 72 720 Td 18 TL"]
    ops += [b"(" + _escape(line) + b") '" for line in page.lines]
    return b"\n".join(ops + [b"ET"])


def make_pdf(pages: list[Page], password: str | None = None) -> bytes:
    objs: dict[int, bytes] = {}
    streams: dict[int, tuple[bytes, bytes]] = {}  # num -> (dictionary entries, data)
    n = len(pages)
    page_nums = [4 + 3 * i for i in range(n)]
    objs[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objs[2] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in page_nums) + b"] /Count %d >>" % n
    objs[3] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    for i, page in enumerate(pages):
        num = page_nums[i]
        xobj = b" /XObject << /Im1 %d 0 R >>" % (num + 2) if page.image else b""
        objs[num] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                     b"/Resources << /Font << /F1 3 0 R >>%s >> >>" % (num + 1, xobj))
        streams[num + 1] = (b"", _content(page))
        if page.image:
            streams[num + 2] = (b"/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray "
                                b"/BitsPerComponent 8 ", b"\x40\xc0\xc0\x40")
    key = None
    trailer_extra = b""
    if password is not None:
        key, o, u = security(password, password + "-owner")
        enc = 4 + 3 * n
        objs[enc] = (b"<< /Filter /Standard /V 1 /R 2 /Length 40 /P %d /O <%s> /U <%s> >>"
                     % (PERMISSIONS, o.hex().encode(), u.hex().encode()))
        trailer_extra = b" /Encrypt %d 0 R /ID [<%s> <%s>]" % (enc, FILE_ID.hex().encode(), FILE_ID.hex().encode())
    for num, (entries, data) in streams.items():
        if key is not None:  # algorithm 1: each object has its own RC4 key
            data = rc4(hashlib.md5(key + struct.pack("<i", num)[:3] + b"\x00\x00").digest()[:10], data)
        objs[num] = b"<< " + entries + b"/Length %d >>\nstream\n" % len(data) + data + b"\nendstream"
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    size = max(objs) + 1
    offsets = [0] * size
    for num in sorted(objs):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objs[num] + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for num in range(1, size):
        out += b"%010d 00000 n \n" % offsets[num] if num in objs else b"0000000000 65535 f \n"
    out += b"trailer\n<< /Size %d /Root 1 0 R%s >>\nstartxref\n%d\n%%%%EOF\n" % (size, trailer_extra, xref)
    return bytes(out)


def text_pdf(*pages: str | tuple[str, ...]) -> bytes:
    """A text PDF: one argument per page (a line, or a tuple of lines)."""
    return make_pdf([Page((p,) if isinstance(p, str) else tuple(p)) for p in pages])
