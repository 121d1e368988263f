"""Frozen-app entry point (PyInstaller runs this script; `metnos` in a venv uses app.cli.main:main).

Kept outside `app/` so the package itself never has to know it can be frozen.
"""
import multiprocessing
import sys

from app.cli.main import main

if __name__ == "__main__":
    multiprocessing.freeze_support()   # a no-op unless a library spawns worker processes on Windows/macOS
    sys.exit(main())
