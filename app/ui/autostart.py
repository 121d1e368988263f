"""Start at login, the native way per OS (no Qt).

* Linux: an XDG autostart entry, ``$XDG_CONFIG_HOME/autostart/metnos-desk.desktop``
  (the freedesktop spec every desktop honours).
* Windows: the ``MetnosDesk`` value under ``HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run``.
* macOS: a LaunchAgent plist, ``~/Library/LaunchAgents/desk.metnos.app.plist``.

Only Linux is exercised here; the other two are straightforward code paths.
"""
from __future__ import annotations

import os
import plistlib
import shutil
import sys
from pathlib import Path

ENTRY_NAME = "metnos-desk"
WIN_VALUE = "MetnosDesk"
WIN_KEY = r"Software\Microsoft\Windows\CurrentVersion\Run"
MAC_LABEL = "desk.metnos.app"


class AutostartError(Exception):
    """Start-at-login could not be changed; the message says why."""


def launch_command() -> list[str]:
    """How to start the tray app: the frozen executable, the `metnos` script, or python -m."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sys.executable).with_name("metnos")
    if script.is_file():
        return [str(script), "app"]
    found = shutil.which("metnos")
    if found:
        return [found, "app"]
    return [sys.executable, "-m", "app.cli.main", "app"]


def _xdg_config_home() -> Path:
    env = os.environ.get("XDG_CONFIG_HOME")
    return Path(env) if env else Path.home() / ".config"


def linux_entry_path() -> Path:
    return _xdg_config_home() / "autostart" / f"{ENTRY_NAME}.desktop"


def mac_plist_path() -> Path:
    return Path.home() / "Library" / "LaunchAgents" / f"{MAC_LABEL}.plist"


def desktop_entry(cmd: list[str]) -> str:
    exec_line = " ".join(_desktop_quote(a) for a in cmd)
    return ("[Desktop Entry]\n"
            "Type=Application\n"
            "Name=Metnos Desk\n"
            "Comment=Offline assistant in your tray\n"
            f"Exec={exec_line}\n"
            "Icon=metnos-desk\n"
            "Terminal=false\n"
            "Categories=Utility;\n"
            "X-GNOME-Autostart-enabled=true\n")


def _desktop_quote(arg: str) -> str:
    # Desktop Entry spec: quote args with reserved characters; escape \ " ` $ inside quotes.
    if arg and not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`"):
        return arg
    return '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'


def is_enabled() -> bool:
    if sys.platform.startswith("win"):
        return _win_get() is not None
    if sys.platform == "darwin":
        return mac_plist_path().is_file()
    p = linux_entry_path()
    if not p.is_file():
        return False
    try:
        text = p.read_text(encoding="utf-8")
    except OSError:
        return False
    return "Hidden=true" not in text and "X-GNOME-Autostart-enabled=false" not in text


def set_enabled(on: bool) -> None:
    """Create or remove the entry; raise AutostartError with the reason."""
    cmd = launch_command()
    try:
        if sys.platform.startswith("win"):
            _win_set(cmd if on else None)
        elif sys.platform == "darwin":
            _mac_set(cmd if on else None)
        else:
            _linux_set(cmd if on else None)
    except OSError as e:
        raise AutostartError(f"could not change start at login: {e.strerror or e}") from None


def _linux_set(cmd: list[str] | None) -> None:
    p = linux_entry_path()
    if cmd is None:
        p.unlink(missing_ok=True)
        return
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(".desktop.tmp")
    tmp.write_text(desktop_entry(cmd), encoding="utf-8")
    os.replace(tmp, p)


def _mac_set(cmd: list[str] | None) -> None:
    p = mac_plist_path()
    if cmd is None:
        p.unlink(missing_ok=True)
        return
    p.parent.mkdir(parents=True, exist_ok=True)
    data = {"Label": MAC_LABEL, "ProgramArguments": cmd, "RunAtLoad": True, "ProcessType": "Interactive"}
    with open(p, "wb") as f:
        plistlib.dump(data, f)


def _win_get() -> str | None:
    if sys.platform != "win32":  # the registry exists only there; this also lets mypy check winreg per platform
        return None
    import winreg

    try:
        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, WIN_KEY) as k:
            return str(winreg.QueryValueEx(k, WIN_VALUE)[0])
    except OSError:
        return None


def _win_set(cmd: list[str] | None) -> None:
    if sys.platform != "win32":
        raise OSError("the Windows registry exists only on Windows")
    import winreg

    with winreg.CreateKey(winreg.HKEY_CURRENT_USER, WIN_KEY) as k:
        if cmd is None:
            try:
                winreg.DeleteValue(k, WIN_VALUE)
            except FileNotFoundError:
                pass
        else:
            winreg.SetValueEx(k, WIN_VALUE, 0, winreg.REG_SZ, " ".join(_win_quote(a) for a in cmd))


def _win_quote(arg: str) -> str:
    return f'"{arg}"' if " " in arg else arg


def describe() -> str:
    """Where the entry lives on this OS (shown in the UI)."""
    if sys.platform.startswith("win"):
        return f"HKCU\\{WIN_KEY}\\{WIN_VALUE}"
    if sys.platform == "darwin":
        return str(mac_plist_path())
    return str(linux_entry_path())


__all__ = ["AutostartError", "describe", "desktop_entry", "is_enabled", "launch_command", "linux_entry_path",
           "set_enabled"]
