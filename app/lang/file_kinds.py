"""Kinds of file by extension: pictures, recordings, archives… Values, not words: read from paths and "*.ext".

One place for the extension groups the routing reads ("le immagini png" only restates the extension of an
image; "estrai X.zip" is an archive; a read of "track.jpg" gives bytes, not text), grouped by what the file
is so that no list mixes kinds. The sets are what each reader has always used: the object words' kinds (image,
music, video) name the common formats; the media a read cannot show include raw photos, editors' files and
installers too. KNOWN_EXTS is every extension the extractor reads (lang/args_extractor.py), one tuple per kind, so
that its patterns are a group per kind and not one list of 130.
"""
from __future__ import annotations

import re
from typing import Callable

# What "immagine", "musica", "video" name in a request: "le immagini png" restates the png (routing/l1.py)
IMAGE_EXTS = frozenset({"png", "jpg", "jpeg", "gif", "webp", "bmp", "heic", "tif", "tiff", "svg"})
MUSIC_EXTS = frozenset({"mp3", "flac", "wav", "ogg", "m4a", "aac", "opus"})
VIDEO_EXTS = frozenset({"mp4", "mkv", "avi", "mov", "webm", "wmv"})

# Archives ("estrai X.zip": routing/capability.py) and installers or disk images, as regex alternatives
ARCHIVES = ("zip", "tar", "gz", "tgz", "bz2", "xz", "7z", "rar")
INSTALLERS = ("iso", "dmg", "exe", "msi", "apk", "deb", "rpm")
# Pictures (photos, raw camera files, editors' files) and recordings (sound, then video), as regex alternatives
PICTURES = ("jpe?g", "png", "gif", "bmp", "webp", "heic", "tiff?", "raw", "cr2", "nef", "arw", "dng", "psd", "xcf")
RECORDINGS = ("mp3", "wav", "flac", "ogg", "m4a", "aac", "opus", "midi?", "mp4", "mkv", "avi", "mov", "webm", "wmv")

# Every extension the extractor knows ("i file zip", "report.pdf", "*.log"), by kind: each kind is one group of the
# extractor's patterns, so no alternation lists more than one kind. Every extension is in exactly one kind.
KNOWN_EXTS: dict[str, tuple[str, ...]] = {
    "document": ("pdf", "txt", "text", "doc", "docx", "odt", "rtf", "md", "markdown", "tex", "bib", "epub", "mobi",
                 "djvu", "azw3", "ps", "indd", "ppt", "pptx", "odp"),
    "data": ("csv", "tsv", "xls", "xlsx", "ods", "json", "jsonl", "xml", "yaml", "yml", "toml", "ini", "cfg", "conf",
             "log", "parquet", "feather", "db", "sqlite", "odb", "mdb", "accdb", "dat", "env"),
    "code": ("py", "js", "ts", "html", "htm", "css", "c", "cpp", "h", "hpp", "java", "kt", "go", "rs", "rb", "php",
             "sh", "bat", "ps1", "sql", "ipynb"),
    "picture": ("jpg", "jpeg", "png", "gif", "bmp", "svg", "svgz", "webp", "heic", "tif", "tiff", "ico", "raw", "cr2",
                "nef", "arw", "dng", "psd", "xcf", "ai", "eps", "odg"),
    "recording": ("mp3", "wav", "flac", "ogg", "m4a", "aac", "opus", "mid", "midi", "mp4", "mkv", "avi", "mov", "webm",
                  "wmv", "srt", "vtt"),
    "archive": ARCHIVES,
    "installer": INSTALLERS,
    "drawing": ("dwg", "dxf", "stl", "blend"),
    "mail": ("eml", "ics", "vcf"),
    "map": ("kml", "gpx"),
    "other": ("bak", "tmp", "pem", "crt", "gpg", "asc"),
}
FILE_EXTS = frozenset(e for kind in KNOWN_EXTS.values() for e in kind)


def ext_alternation(keep: Callable[[str], bool] = bool) -> str:
    """The known extensions `keep` accepts as a regex group of one group per kind, each longest first:
    `(?:(?:docx|pdf…)|(?:jsonl|json…)|…)`. Extensions are letters and digits, so at most one of them can end at a
    word boundary: the order never changes a match."""
    kinds = (sorted((e for e in exts if keep(e)), key=len, reverse=True) for exts in KNOWN_EXTS.values())
    return "(?:" + "|".join("(?:" + "|".join(k) + ")" for k in kinds if k) + ")"


# A path whose bytes are no text to read or search: a picture, a recording or an archive (routing/objects.py).
# One pattern per kind, so that no alternation mixes kinds or grows past a list one can review.
_MEDIA_PATHS = tuple(re.compile(r"(?i)\.(?:" + "|".join(kind) + ")$") for kind in (PICTURES, RECORDINGS, ARCHIVES,
                                                                                  INSTALLERS))


# Files of lines a person adds to by hand ("metti anche X nella lista spesa.txt": lang/actions.py put_into_text)
LINE_TEXTS = ("txt", "text", "md", "markdown", "csv", "log")
_LINE_TEXT = re.compile(r"(?i)\.(?:" + "|".join(LINE_TEXTS) + r")\b")


def names_line_text(text: str) -> bool:
    """Does `text` name a file of lines (a list, notes, a log) by its extension?"""
    return _LINE_TEXT.search(text) is not None


def is_media(path: str) -> bool:
    """Does `path` end in the extension of a picture, a recording, an archive or an installer?"""
    return any(rx.search(path) for rx in _MEDIA_PATHS)
