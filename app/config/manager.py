"""The live configuration: current snapshot, subscribers, reload on edit."""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from . import paths
from .atomic import write_atomic
from .loader import Config, ConfigError, defaults, load_file
from .render import render_default
from .watcher import FileWatcher

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ConfigChange:
    """What a reload did: the new config and {key: (old, new)}, or the errors that kept the old one."""

    config: Config
    changed: dict[str, tuple[Any, Any]]
    errors: list[str]
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.errors


Subscriber = Callable[[ConfigChange], None]


def write_default(path: Path) -> bool:
    """Write the commented default file if absent. Returns True if written."""
    if path.exists():
        return False
    paths.ensure(path.parent)
    write_atomic(path, render_default())
    return True


class ConfigManager:
    """Holds the last good Config; thread-safe; notifies subscribers on reload."""

    def __init__(self, path: Path | None = None, create: bool = True):
        self.path = path or paths.config_file()
        self._lock = threading.RLock()
        self._subs: list[Subscriber] = []
        self._watcher: FileWatcher | None = None
        self.errors: list[str] = []
        if create:
            paths.make_private_once()
            try:
                write_default(self.path)
            except OSError as e:
                self.errors.append(f"{self.path}: cannot write the default config ({e.strerror}); "
                                   "using built-in defaults")
        try:
            self._config = load_file(self.path)
        except ConfigError as e:
            self.errors += e.problems
            self._config = defaults()

    @property
    def config(self) -> Config:
        with self._lock:
            return self._config

    def subscribe(self, fn: Subscriber) -> Callable[[], None]:
        with self._lock:
            self._subs.append(fn)
        return lambda: self._subs.remove(fn) if fn in self._subs else None

    def reload(self) -> ConfigChange:
        with self._lock:
            old = self._config
            try:
                new = load_file(self.path)
            except ConfigError as e:
                self.errors = e.problems
                change = ConfigChange(old, {}, e.problems)
            else:
                self.errors = []
                self._config = new
                change = ConfigChange(new, new.diff(old), [], new.warnings)
            subs = list(self._subs)
        if change.errors:
            log.warning("runtime.toml not applied: %s", "; ".join(change.errors))
        for fn in subs:
            try:
                fn(change)
            except Exception:
                log.exception("config subscriber failed")
        return change

    def watch(self) -> "ConfigManager":
        if self._watcher is None:
            self._watcher = FileWatcher(self.path, self.reload).start()
        return self

    def close(self) -> None:
        if self._watcher:
            self._watcher.stop()
            self._watcher = None
