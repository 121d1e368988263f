"""Kinds of file by extension: pictures, recordings, archives. Values, not words: read from paths and "*.ext".

One place for the extension groups the routing reads ("le immagini png" only restates the extension of an
image; "estrai X.zip" is an archive; a read of "track.jpg" gives bytes, not text), grouped by what the file
is so that no list mixes kinds. The sets are what each reader has always used: the object words' kinds (image,
music, video) name the common formats; the media a read cannot show include raw photos, editors' files and
installers too.
"""
from __future__ import annotations

import re

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

# A path whose bytes are no text to read or search: a picture, a recording or an archive (routing/objects.py).
# One pattern per kind, so that no alternation mixes kinds or grows past a list one can review.
_MEDIA_PATHS = tuple(re.compile(r"(?i)\.(?:" + "|".join(kind) + ")$") for kind in (PICTURES, RECORDINGS, ARCHIVES,
                                                                                  INSTALLERS))


def is_media(path: str) -> bool:
    """Does `path` end in the extension of a picture, a recording, an archive or an installer?"""
    return any(rx.search(path) for rx in _MEDIA_PATHS)
