"""Which collected Qt files a widgets tray app never loads, and the libraries only they needed.

Used by build.spec through spec_config; kept apart because the rules are long
and change with each PySide6 release (tests/installer checks every plugin kind
of the installed PySide6 has been judged here).
"""
from __future__ import annotations

import fnmatch
import subprocess
from pathlib import Path, PurePosixPath

# Collected files (bundle-relative posix paths) that the app never loads. The app is a
# widgets tray app: it needs a platform plugin, image/icon formats for its PNG/SVG icons,
# input methods (accented letters, CJK) and the platform theme, nothing of QML/Quick,
# SQL drivers, printing, TLS, network information or embedded-device integrations.
QT_PLUGIN_KEEP = {
    "platforms": ["*qxcb*", "*qwayland*", "*qoffscreen*", "*qminimal.*", "*qminimal.dll", "qwindows*",
                  "*qcocoa*", "qdirect2d*"],
    "imageformats": ["*qsvg*", "*qico*", "*qjpeg*", "*qgif*"],
    "iconengines": ["*"],
    # not qgtk3: it would drag the build machine's GTK 3 (cairo, gdk, pango...) into the bundle
    "platformthemes": ["*qxdgdesktopportal*"],
    "platforminputcontexts": ["*compose*", "*ibus*"],
    "xcbglintegrations": ["*"],
    "wayland-shell-integration": ["*xdg-shell*"],
    "wayland-decoration-client": ["*bradient*", "*adwaita*"],
    "wayland-graphics-integration-client": [],           # OpenGL surfaces only; raster windows use shm
    "styles": ["*"],                                     # qmodernwindowsstyle / macOS style
    "generic": [],
    "egldeviceintegrations": [],
    "networkinformation": [],
    "tls": [],
    "sqldrivers": [],
    "qmltooling": [],
    "qmllint": [],                                       # qmllint plugins (QML tooling), new in 6.11
    "designer": [],
    "printsupport": [],
    "vectorimageformats": [],
    "wayland-graphics-integration-server": [],
    "multimedia": [],
    "position": [],
}
# Qt libraries by module name: libQt6X.so.6 (Linux), Qt6X.dll (Windows), QtX.framework (macOS).
QT_LIB_DROP = ["Qml", "Quick", "Pdf", "Sql", "Test", "Designer", "Help", "Labs", "Lottie", "VirtualKeyboard",
               "WaylandCompositor", "Wl", "EglFs", "OpenGLWidgets", "PrintSupport", "UiTools", "ShaderTools",
               "Concurrent", "SvgWidgets"]
QT_TRANSLATIONS_KEEP = ["qtbase_it.qm", "qtbase_en.qm"]   # the UI speaks Italian and English (app/ui/i18n.py)


def _match(name: str, pattern: str) -> bool:
    return fnmatch.fnmatchcase(name.lower(), pattern.lower())


def dropped(dest: str) -> bool:
    """True for a collected file the app never loads (dest: path inside the bundle, either separator)."""
    parts = PurePosixPath(dest.replace("\\", "/")).parts
    name = parts[-1]
    if "PySide6" not in parts:
        return False
    if "plugins" in parts:
        i = parts.index("plugins")
        if len(parts) > i + 2:
            keep = QT_PLUGIN_KEEP.get(parts[i + 1])
            if keep is None:                                  # a plugin kind we have not judged: keep it
                return False
            return not any(_match(name, pat) for pat in keep)
    if "translations" in parts:
        return name.endswith(".qm") and name not in QT_TRANSLATIONS_KEEP
    if "qml" in parts or "metatypes" in parts or "libexec" in parts:
        return True
    return any(_match(part, pat)
               for part in parts for m in QT_LIB_DROP
               for pat in (f"libQt6{m}*", f"Qt6{m}*.dll", f"Qt{m}*.framework", f"Qt{m}*"))


def _ldd(path: str) -> set[str]:
    """Basenames of every shared library `path` loads (transitively, as the dynamic loader resolves them)."""
    try:
        out = subprocess.run(["ldd", path], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return set()
    return {line.split()[0] for line in out.splitlines() if "=>" in line}


def orphaned_libs(roots: list[str], dropped_files: list[str]) -> set[str]:
    """Linux: libraries collected only because a dropped plugin needed them (e.g. GTK for qgtk3).

    PyInstaller adds a plugin's dependencies as separate top-level entries, so
    dropping the plugin leaves them behind. `roots` are the files that are loaded
    for their own sake (Python extensions, Qt libraries and plugins, libpython);
    whatever a dropped file needs and no root needs (ldd is transitive) goes too.
    """
    if not dropped_files:
        return set()
    needed_by_dropped: set[str] = set()
    for f in dropped_files:
        needed_by_dropped |= _ldd(f)
    needed_by_roots: set[str] = set()
    for f in roots:
        needed_by_roots |= _ldd(f)
    return needed_by_dropped - needed_by_roots - {Path(f).name for f in roots}


def trim_roots(binaries: list[tuple[str, str, str]]) -> list[str]:
    """The kept entries loaded for their own sake: extensions, anything in a package folder, libpython.
    Top-level plain libraries are dependencies that PyInstaller collected, the candidates for orphaning."""
    return [src for dest, src, kind in binaries
            if kind == "EXTENSION" or "/" in dest.replace("\\", "/") or dest.startswith("libpython")]
