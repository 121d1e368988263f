"""A child process for the crash tests of the file actions: moves and copies files in a loop, across devices.

    python crash_fileops.py SRC DST

Each round makes SRC/fN.bin (content fixed by N), prints `made N`, then copies it (odd N) or moves it (even N)
into DST through the tools' own handlers, and prints `done N`. The parent SIGKILLs this process at a random
moment and checks that no file was lost: the source or the whole destination always exists.
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SIZE = 4 << 20


def content(n: int) -> bytes:
    seed = hashlib.sha256(str(n).encode()).digest()
    return (seed * (SIZE // len(seed) + 1))[:SIZE]


def main() -> None:
    from app.config import parse_text
    from app.tools.fileops import copy_files, move_files
    from app.tools.registry import ToolContext

    src, dst = Path(sys.argv[1]), Path(sys.argv[2])
    ctx = ToolContext(owner="crash", turn_id="c", config=parse_text(
        f'[tools]\nallowed_roots = ["{src}", "{dst}"]\n', env={}))
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    print("ready", flush=True)
    while True:
        n += 1
        f = src / f"f{n}.bin"
        f.write_bytes(content(n))
        os.sync()
        print("made", n, flush=True)
        (copy_files if n % 2 else move_files)({"paths": [str(f)], "dest": str(dst)}, ctx)
        print("done", n, flush=True)


if __name__ == "__main__":
    main()
