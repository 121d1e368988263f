"""build.spec's decisions, every OS branch, checked on Linux: files resolve, models verify, Qt trim rules hold."""
from __future__ import annotations

import ast
import importlib.util
import plistlib
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "installer"))
import spec_config as sc  # noqa: E402

from app.models import bundle  # noqa: E402

PYSIDE_QT = Path(importlib.util.find_spec("PySide6").submodule_search_locations[0]) / "Qt"

# What the llama-cpp-python wheels for the other OSes put in llama_cpp/lib (they cannot exist on this
# machine, so these are stand-ins with the real names).
FAKE_WHEEL_LIBS = {
    "windows": ["llama.dll", "ggml.dll", "ggml-base.dll", "ggml-cpu.dll", "llama.lib"],
    "macos": ["libllama.dylib", "libggml.dylib", "libggml-base.dylib", "libggml-cpu.dylib", "libggml-metal.dylib",
              "libggml-blas.dylib"],
}


def _fake_lib_dir(tmp_path: Path, os_name: str) -> Path:
    d = tmp_path / f"fake-{os_name}-llama-lib"
    d.mkdir()
    for n in FAKE_WHEEL_LIBS[os_name]:
        (d / n).write_bytes(b"stand-in for " + n.encode())
    return d


def _models_installed() -> None:
    m = bundle.manifest()
    if not all((bundle.models_dir() / m[k]["file"]).is_file() for k in ("instruct", "lite")):
        pytest.fail(f"the bundled models are not in {bundle.models_dir()}. Fix: .venv/bin/metnos models install")


# ------------------------------------------------------------------------------- models

def test_model_datas_verifies_every_file_against_the_manifest():
    _models_installed()
    datas = sc.model_datas()                       # hashes ~1.4 GB once (then remembered by size and mtime)
    spec = bundle.manifest()
    dests = {Path(src).name: dest for src, dest in datas}
    assert dests[spec["instruct"]["file"]] == "models" and dests[spec["lite"]["file"]] == "models"
    assert dests["GEMMA_TERMS.html"] == "models", "the Gemma terms must ship beside the model"
    assert dests["QWEN_LICENSE.txt"] == dests["QWEN_NOTICE.txt"] == "models", \
        "the Apache-2.0 text and the NOTICE must ship beside the instruct model"
    for name in spec["embedder"]["files"]:
        assert dests[name] == f"models/{spec['embedder']['dir']}"
    assert all(Path(src).is_file() for src, _ in datas)


def test_model_datas_refuses_a_corrupt_or_missing_model(tmp_path: Path):
    _models_installed()
    real = bundle.models_dir()
    fake = tmp_path / "models"
    shutil.copytree(real, fake, symlinks=True, ignore=shutil.ignore_patterns("*.gguf"),
                    copy_function=lambda s, d: Path(d).symlink_to(s))
    with pytest.raises(sc.BuildError, match=r"qwen2\.5-coder-1\.5b-instruct-q4_k_m\.gguf is missing.*models install"):
        sc.model_datas(fake)
    (fake / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf").symlink_to(real / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf")
    with pytest.raises(sc.BuildError, match=r"gemma-3-270m-q4_k_m\.gguf is missing.*models install"):
        sc.model_datas(fake)
    (fake / "gemma-3-270m-q4_k_m.gguf").write_bytes(b"GGUF but truncated")
    with pytest.raises(sc.BuildError, match=r"sha256 .* models install --force"):
        sc.model_datas(fake)


# --------------------------------------------------------------------------- OS branches

@pytest.mark.parametrize("os_name", sc.OSES)
def test_each_os_branch_resolves_its_files(os_name: str, tmp_path: Path):
    _models_installed()
    lib = None if os_name == "linux" else _fake_lib_dir(tmp_path, os_name)
    plan = sc.plan(os_name, tmp_path / "work", llama_lib=lib, verify_models=False)
    assert plan.os == os_name and plan.version == sc.project_version()
    missing = [src for src, _ in plan.datas + plan.binaries if not Path(src).is_file()]
    assert missing == []
    dests = {d for _, d in plan.datas}
    assert {"resources", "models", "resources/icons"} <= dests
    assert {d for _, d in plan.binaries} == {"llama_cpp/lib"}
    assert any("llama" in Path(s).name for s, _ in plan.binaries)
    assert "onnx" in plan.excludes and "PySide6.QtQml" in plan.excludes
    assert "app.cli.main" in plan.hiddenimports
    names = dict(plan.exes)
    if os_name == "windows":
        assert names == {"metnos": False, "metnos-cli": True}, "windowed tray exe + console CLI exe"
        from PIL import Image
        with Image.open(plan.icon) as ico:
            assert ico.format == "ICO" and (256, 256) in ico.info["sizes"]
        text = Path(plan.version_file).read_text()
        tree = ast.parse(text, mode="eval")          # the form PyInstaller evals
        assert isinstance(tree.body, ast.Call) and tree.body.func.id == "VSVersionInfo"
        assert f"StringStruct('ProductVersion', '{plan.version}')" in text
        assert str(sc.version_tuple(plan.version)) in text
        assert not any(s.endswith(".lib") for s, _ in plan.binaries), "import libraries are not runtime files"
    elif os_name == "macos":
        assert names == {"metnos": False}
        from PIL import Image
        with Image.open(plan.icon) as icns:
            assert icns.format == "ICNS"
        plist = plistlib.loads(plistlib.dumps(plan.info_plist))
        assert plist["LSUIElement"] is True, "menu-bar app: no Dock icon"
        assert plist["CFBundleIdentifier"] == sc.BUNDLE_ID
        assert plist["CFBundleShortVersionString"] == plan.version
        assert "pynput._util.darwin" in plan.hiddenimports
    else:
        assert names == {"metnos": True} and plan.icon is None and plan.info_plist is None
        assert "pynput.keyboard._xorg" in plan.hiddenimports


def test_unknown_os_and_missing_llama_library_say_what_to_do(tmp_path: Path):
    with pytest.raises(sc.BuildError, match="unknown OS"):
        sc.plan("plan9", tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(sc.BuildError, match=r"no llama\.cpp library for windows .*Fix"):
        sc.llama_binaries("windows", empty)


def test_linux_llama_libraries_keep_one_copy_each():
    picked = {Path(s).name for s, _ in sc.llama_binaries("linux")}
    assert "libllama.so" in picked
    assert {"libggml.so.0", "libggml-base.so.0", "libggml-cpu.so.0"} <= picked
    assert not [n for n in picked if n.count(".") > 2], f"full-version duplicates kept: {picked}"


# ---------------------------------------------------------------------------- code

def test_hidden_imports_cover_every_command_module_and_pynput_backend():
    on_disk = set(sc.app_modules())
    from app.cli import main as cli_main
    assert sc.command_modules() == cli_main.COMMAND_MODULES, "the spec reads another list than the CLI imports"
    assert "app.cli.ask" in sc.command_modules() and "app.ui.launch" in sc.command_modules()
    for os_name in sc.OSES:
        hidden = set(sc.hidden_imports(os_name))
        for mod in sc.command_modules():
            if mod in on_disk:
                assert mod in hidden, f"{mod} is loaded by importlib in the CLI; PyInstaller must be told"
        pynput_dir = Path(importlib.util.find_spec("pynput").origin).parent
        for mod in sc.PYNPUT_BACKENDS[os_name]:
            rel = Path(*mod.split(".")[1:]).with_suffix(".py")
            assert (pynput_dir / rel).is_file(), f"{mod} does not exist in this pynput"
    assert "app.cli.main" in on_disk and "app.models.bundle" in on_disk
    assert not [m for m in on_disk if "__pycache__" in m or m.endswith(".")]


def test_document_readers_and_the_hooks_that_collect_their_files():
    """pdfium's native library reaches the bundle through pyinstaller-hooks-contrib: the plan names the readers
    (imported lazily by app/tools/doctext) and fails the build when a hook is missing."""
    from PyInstaller.utils.hooks import collect_data_files, collect_dynamic_libs

    for os_name in sc.OSES:
        assert set(sc.DOCUMENT_MODULES) <= set(sc.hidden_imports(os_name))
    for mod in sc.DOCUMENT_MODULES:
        assert importlib.util.find_spec(mod) is not None, f"{mod} is not installed"
    hooks = sc.document_hooks_dir()
    assert "collect_dynamic_libs('pypdfium2_raw')" in (hooks / "hook-pypdfium2_raw.py").read_text()
    libs = [Path(src).name for src, _ in collect_dynamic_libs("pypdfium2_raw")]
    assert any("pdfium" in n for n in libs), libs
    assert any(src.endswith("version.json") for src, _ in collect_data_files("pypdfium2_raw"))


def test_build_spec_only_uses_the_plan():
    text = (ROOT / "build.spec").read_text()
    compile(text, "build.spec", "exec")
    for needle in ("sc.plan(", "plan.keep(", "plan.exes", "BUNDLE(", "info_plist=plan.info_plist",
                   "version=plan.version_file", "installer\", \"entry.py"):
        assert needle in text, needle


# ---------------------------------------------------------------------------- Qt trim

@pytest.mark.parametrize("dest", [
    "PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/plugins/platforms/libqwayland.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so", "PySide6/Qt/plugins/imageformats/libqsvg.so",
    "PySide6/Qt/plugins/iconengines/libqsvgicon.so", "PySide6/Qt/lib/libQt6Widgets.so.6",
    "PySide6/Qt/lib/libQt6DBus.so.6", "PySide6/Qt/translations/qtbase_it.qm",
    "PySide6\\plugins\\platforms\\qwindows.dll", "PySide6\\plugins\\styles\\qmodernwindowsstyle.dll",
    "PySide6\\Qt6Widgets.dll", "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
    "PySide6/Qt/lib/QtWidgets.framework/Versions/A/QtWidgets", "numpy/core/_multiarray_umath.so",
    "PySide6/QtWidgets.abi3.so",
])
def test_trim_keeps_what_the_tray_app_needs(dest: str):
    assert not sc.dropped(dest)


@pytest.mark.parametrize("dest", [
    "PySide6/Qt/plugins/platformthemes/libqgtk3.so", "PySide6/Qt/plugins/sqldrivers/libqsqlpsql.so",
    "PySide6/Qt/plugins/platforms/libqeglfs.so", "PySide6/Qt/plugins/platforms/libqvnc.so",
    "PySide6/Qt/plugins/qmltooling/libqmldbg_tcp.so", "PySide6/Qt/plugins/tls/libqopensslbackend.so",
    "PySide6/Qt/lib/libQt6Quick.so.6", "PySide6/Qt/lib/libQt6EglFSDeviceIntegration.so.6",
    "PySide6/Qt/qml/QtQuick/Controls/qmldir", "PySide6/Qt/translations/qtbase_de.qm",
    "PySide6\\Qt6Qml.dll", "PySide6\\plugins\\sqldrivers\\qsqlite.dll",
    "PySide6/Qt/lib/QtQuick.framework/Versions/A/QtQuick",
])
def test_trim_drops_what_it_never_loads(dest: str):
    assert sc.dropped(dest)


def test_every_qt_plugin_kind_of_this_pyside6_has_been_judged():
    kinds = sorted(p.name for p in (PYSIDE_QT / "plugins").iterdir() if p.is_dir())
    unjudged = [k for k in kinds if k not in sc.QT_PLUGIN_KEEP]
    assert unjudged == [], f"new Qt plugin kinds: decide in QT_PLUGIN_KEEP whether the tray app needs {unjudged}"
    kept = [p for p in (PYSIDE_QT / "plugins").rglob("*.so")
            if not sc.dropped(str(Path("PySide6/Qt") / p.relative_to(PYSIDE_QT)))]
    assert {"libqxcb.so", "libqwayland.so", "libqoffscreen.so"} <= {p.name for p in kept}


def test_orphaned_libs_are_exactly_those_only_a_dropped_plugin_needed():
    if shutil.which("ldd") is None:
        pytest.skip("ldd is part of libc-bin on Debian")
    gtk = PYSIDE_QT / "plugins/platformthemes/libqgtk3.so"
    if not any("gtk-3" in n for n in sc._ldd(str(gtk))):
        pytest.skip("GTK 3 is not installed here, so qgtk3 has no GTK libraries to orphan")
    gui = PYSIDE_QT / "lib/libQt6Gui.so.6"
    orphans = sc.orphaned_libs([str(gui)], [str(gtk)])
    assert {"libgtk-3.so.0", "libgdk-3.so.0", "libpango-1.0.so.0"} <= orphans
    assert not {"libQt6Core.so.6", "libQt6Gui.so.6", "libc.so.6", "libfontconfig.so.1"} & orphans, \
        "Qt6Gui still needs these"
    assert sc.orphaned_libs([str(gui)], []) == set()


def test_trim_roots_are_extensions_package_files_and_libpython():
    toc = [("libgtk-3.so.0", "/x/libgtk-3.so.0", "BINARY"),
           ("libpython3.11.so.1.0", "/x/libpython3.11.so.1.0", "BINARY"),
           ("mmh3.cpython-311-x86_64-linux-gnu.so", "/x/mmh3.so", "EXTENSION"),
           ("PySide6/Qt/lib/libQt6Gui.so.6", "/x/libQt6Gui.so.6", "BINARY"),
           ("PySide6\\Qt6Gui.dll", "/x/Qt6Gui.dll", "BINARY")]
    assert sc.trim_roots(toc) == ["/x/libpython3.11.so.1.0", "/x/mmh3.so", "/x/libQt6Gui.so.6", "/x/Qt6Gui.dll"]


def test_spelling_lists_are_bundled_where_pyspellchecker_reads_them():
    """app/selection/spelling.py reads pyspellchecker's lists with pkgutil.get_data("spellchecker",
    "resources/<lang>.json.gz"), which no contrib hook collects: the plan carries the IT and EN lists there."""
    datas = sc.spelling_datas()
    assert sorted(Path(src).name for src, _ in datas) == ["en.json.gz", "it.json.gz"]
    assert {dest for _, dest in datas} == {"spellchecker/resources"}
    assert all(Path(src).is_file() for src, _ in datas)
    for os_name in sc.OSES:
        assert "spellchecker" in sc.hidden_imports(os_name)
    plan = sc.Plan(os="linux", version="0", datas=datas, binaries=[], hiddenimports=[], excludes=[])
    assert all(plan.keep(f"{dest}/{Path(src).name}") for src, dest in datas), "the Qt trim must not drop them"
