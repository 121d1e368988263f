"""The installer scripts that can be checked here: shell linters, the Inno Setup script's structure,
the .desktop entry, and the .deb layout/removal on a tiny bundle (seconds, no chroot)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "installer"))
import spec_config as sc  # noqa: E402

from app.ui import autostart  # noqa: E402

SCRIPTS = [ROOT / "installer/linux/build-deb.sh", ROOT / "installer/macos/build-dmg.sh"]
ISS = ROOT / "installer/windows/metnos.iss"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_shell_scripts_pass_shellcheck(script: Path):
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed (apt-get install shellcheck)")
    p = subprocess.run(["shellcheck", "-x", str(script)], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout
    assert subprocess.run(["bash", "-n", str(script)]).returncode == 0


# -------------------------------------------------------------------------- Inno Setup

def parse_iss(text: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """(#define name → value, [Section] → its non-comment lines). ISCC only runs on Windows; this is
    the part of its grammar that the checks below need."""
    defines = dict(re.findall(r'^\s*#define\s+(\w+)\s+"([^"]*)"', text, re.M))
    sections: dict[str, list[str]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(";") or line.startswith("#"):
            continue
        m = re.fullmatch(r"\[(\w+)\]", line)
        if m:
            current = m.group(1)
            assert current not in sections, f"section [{current}] appears twice"
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    return defines, sections


def iss_entries(lines: list[str]) -> list[dict[str, str]]:
    """`Name: "x"; Flags: a b` lines into dicts."""
    out = []
    for line in lines:
        parts = re.findall(r'(\w+):\s*("(?:[^"]|"")*"|[^;]+)', line)
        out.append({k: v.strip().strip('"') for k, v in parts})
    return out


def test_inno_setup_script_is_complete_and_consistent():
    text = ISS.read_text(encoding="utf-8")
    defines, sec = parse_iss(text)
    for name in ("Setup", "Languages", "Tasks", "Files", "Icons", "Registry", "Run", "Code", "UninstallDelete"):
        assert name in sec, f"[{name}] is missing"
    setup = dict(line.split("=", 1) for line in sec["Setup"])
    assert setup["PrivilegesRequired"] == "lowest", "per-user install, no administrator rights"
    for key in ("AppId", "AppName", "AppVersion", "DefaultDirName", "OutputBaseFilename", "UninstallDisplayIcon",
                "LicenseFile"):
        assert key in setup, f"[Setup] {key} is missing"
    assert setup["DefaultDirName"].startswith("{autopf}"), "{autopf} is the per-user Programs folder when not admin"
    assert (ISS.parent / setup["LicenseFile"]).is_file()
    licence = (ISS.parent / setup["LicenseFile"]).read_text()
    assert "Gemma Terms of Use" in licence and "Qwen2.5-Coder-1.5B-Instruct" in licence and "Apache" in licence
    # every {#Name} used is defined, and the version follows pyproject.toml
    used = set(re.findall(r"\{#(\w+)\}", text))
    assert used <= set(defines), f"undefined: {used - set(defines)}"
    assert defines["AppVersion"] == sc.project_version(), "bump AppVersion in metnos.iss with pyproject.toml"
    # the files come from the PyInstaller bundle, and the executables are the ones build.spec makes
    assert defines["BundleDir"].replace("\\", "/").endswith(f"dist/{sc.APP_NAME}")
    exes = {f"{n}.exe": console for n, console in sc.executables("windows")}
    assert exes.get(defines["AppExe"]) is False, "the Start menu entry must start the windowed tray exe"
    assert defines["AppCli"] in exes
    files = iss_entries(sec["Files"])
    assert any("recursesubdirs" in f.get("Flags", "") and f["DestDir"] == "{app}" for f in files)
    icons = iss_entries(sec["Icons"])
    assert any(i["Name"].startswith("{userprograms}") and i["Filename"] == "{app}\\{#AppExe}" for i in icons)
    tasks = {t["Name"]: t for t in iss_entries(sec["Tasks"])}
    assert "autostart" in tasks and "unchecked" in tasks["autostart"].get("Flags", ""), "start at login is opt-in"
    # start at login: the same HKCU Run value the app's own toggle writes, removed on uninstall
    assert defines["RunValue"] == autostart.WIN_VALUE
    regs = iss_entries(sec["Registry"])
    run = [r for r in regs if r.get("Subkey") == autostart.WIN_KEY.replace("\\\\", "\\")]
    assert run and all(r["Root"] == "HKCU" and "uninsdeletevalue" in r.get("Flags", "") for r in run)
    assert any(r.get("Tasks") == "autostart" for r in run)
    # user data: kept unless the user says yes; a silent uninstall always keeps it
    code = "\n".join(sec["Code"])
    assert "CurUninstallStepChanged" in code and "usPostUninstall" in code
    assert "UninstallSilent()" in code and "MB_DEFBUTTON2" in code and "IDYES" in code
    assert "{localappdata}\\metnos" in code
    deletes = iss_entries(sec["UninstallDelete"])
    assert all(d["Name"].startswith("{app}") for d in deletes), "the uninstaller deletes only its own folder"
    for lang in ("en", "it"):
        for msg in ("StartAtLogin", "DeleteData", "LaunchNow"):
            assert any(line.startswith(f"{lang}.{msg}=") for line in sec["CustomMessages"]), f"{lang}.{msg}"


def test_iss_parser_notices_a_broken_script():
    defines, sec = parse_iss('#define A "1"\n[Setup]\nAppName={#A}\n; comment\n'
                             '[Files]\nSource: "x"; DestDir: "{app}"\n')
    assert defines == {"A": "1"} and sec["Setup"] == ["AppName={#A}"]
    assert iss_entries(sec["Files"]) == [{"Source": "x", "DestDir": "{app}"}]
    with pytest.raises(AssertionError, match="twice"):
        parse_iss("[Setup]\nA=1\n[Setup]\nB=2\n")


# ------------------------------------------------------------------------- Linux .desktop

def test_desktop_entry_starts_the_installed_app_with_the_packaged_icon():
    path = ROOT / "installer/linux/metnos-desk.desktop"
    entry = dict(line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)
    assert entry["Exec"] == "/usr/bin/metnos" and entry["Type"] == "Application"
    assert "Icon=" + entry["Icon"] in autostart.desktop_entry(["/usr/bin/metnos"]), "same icon name as autostart"
    assert (ROOT / "resources/icons/metnos.svg").is_file()
    if shutil.which("desktop-file-validate"):
        p = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert p.returncode == 0, p.stdout + p.stderr


# --------------------------------------------------------------- .deb on a tiny bundle

@pytest.fixture
def tiny_bundle(tmp_path: Path) -> Path:
    """A real onedir-shaped folder (a shell script stands in for the 600 MB PyInstaller output)."""
    b = tmp_path / "metnos"
    (b / "_internal" / "models").mkdir(parents=True)
    (b / "_internal" / "models" / "GEMMA_TERMS.html").write_text("terms")
    exe = b / "metnos"
    exe.write_text("#!/bin/sh\necho tiny metnos\n")
    exe.chmod(0o755)
    return b


def test_deb_layout_and_removal_keep_user_data(tiny_bundle: Path, tmp_path: Path):
    for tool in ("dpkg-deb", "zstd", "dpkg"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} missing (apt-get install dpkg-dev zstd)")
    out = tmp_path / "out"
    p = subprocess.run(["bash", str(ROOT / "installer/linux/build-deb.sh"), "--bundle", str(tiny_bundle),
                        "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    deb = Path(p.stdout.strip().splitlines()[-1])
    assert deb.name == f"metnos-desk_{sc.project_version()}_{_arch()}.deb"
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True).stdout
    lines = listing.splitlines()
    assert lines[0].startswith("drwxr-xr-x root/root") and lines[0].endswith(" ./"), "/ must stay 0755 root"
    assert all(" root/root " in line for line in lines), "files must be owned by root"
    assert "./usr/bin/metnos -> /opt/metnos/metnos" in listing
    assert re.search(r"^-rwxr-xr-x .* \./opt/metnos/metnos$", listing, re.M)
    for size in (16, 32, 48, 256):
        assert f"./usr/share/icons/hicolor/{size}x{size}/apps/metnos-desk.png" in listing
    fields = subprocess.run(["dpkg-deb", "-f", str(deb), "Package", "Depends", "Installed-Size"],
                            capture_output=True, text=True, check=True).stdout
    assert "Package: metnos-desk" in fields and "libgl1" in fields and "libegl1" in fields
    assert subprocess.run(["dpkg-deb", "-f", str(deb), "Depends"], capture_output=True, text=True,
                          check=True).stdout.count("libwayland-cursor0") == 1
    if os.geteuid() != 0:
        return   # installing into an alternate root below needs root
    inst = tmp_path / "inst"
    for d in ("var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers"):
        (inst / d).mkdir(parents=True)
    (inst / "var/lib/dpkg/status").write_text("")
    data = inst / "root/.local/share/metnos"
    data.mkdir(parents=True)
    (data / "memory.db").write_bytes(b"user data")
    dpkg = ["dpkg", f"--root={inst}", "--force-depends", "--force-script-chrootless", "--force-not-root"]
    r = subprocess.run([*dpkg, "-i", str(deb)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (inst / "opt/metnos/metnos").is_file() and (inst / "usr/bin/metnos").is_symlink()
    r = subprocess.run([*dpkg, "-P", "metnos-desk"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert not (inst / "opt/metnos").exists() and not (inst / "usr/bin/metnos").is_symlink()
    assert (data / "memory.db").read_bytes() == b"user data", "purge must not touch user data"


def test_build_deb_refuses_a_folder_that_is_not_a_bundle(tmp_path: Path):
    p = subprocess.run(["bash", str(ROOT / "installer/linux/build-deb.sh"), "--bundle", str(tmp_path),
                        "--out", str(tmp_path / "out")], capture_output=True, text=True, timeout=60)
    assert p.returncode != 0
    assert "is not a Metnos Desk bundle" in p.stderr and "Fix:" in p.stderr
    p = subprocess.run(["bash", str(ROOT / "installer/linux/build-deb.sh"), "--frobnicate"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode != 0 and "unknown argument '--frobnicate'" in p.stderr


def _arch() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True).stdout.strip()
