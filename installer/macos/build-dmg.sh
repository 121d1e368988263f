#!/usr/bin/env bash
# Build "Metnos Desk.app" (build.spec) and a drag-to-Applications .dmg. Runs on macOS only.
#
#   bash installer/macos/build-dmg.sh              # → dist/MetnosDesk-<version>.dmg
#   METNOS_CODESIGN_IDENTITY="Developer ID Application: …" bash installer/macos/build-dmg.sh
#                                                  # also signs the app (PyInstaller) and the .dmg
#
# Needs: a venv set up like on Linux (python3 -m venv .venv; .venv/bin/pip install -e '.[package,build]';
# .venv/bin/metnos models install), Xcode command line tools (hdiutil, codesign are part of macOS).
# The app is a menu-bar app (LSUIElement): no Dock icon. Data: ~/Library/Application Support/metnos,
# cache: ~/Library/Caches/metnos; dragging the app to the Bin leaves them in place.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-"$ROOT/.venv/bin/python"}
say() { printf '[build-dmg] %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

[ "$(uname -s)" = Darwin ] || die "this script builds a macOS .dmg and runs on macOS only (use installer/linux/build-deb.sh here)"
command -v hdiutil >/dev/null || die "hdiutil not found (it is part of macOS)"
[ -x "$PY" ] || die "no Python at $PY. Fix: python3 -m venv .venv && .venv/bin/pip install -e '.[package,build]'"
"$PY" -c "import PyInstaller" 2>/dev/null || "$PY" -m pip install -q -e "${ROOT}[package]"

VERSION=$("$PY" -c "import sys; sys.path.insert(0, '$ROOT/installer'); import spec_config; print(spec_config.project_version())")
APP_NAME="Metnos Desk"

say "building $APP_NAME.app with PyInstaller (models verified by sha256)"
"$PY" -m PyInstaller --noconfirm --log-level WARN --distpath "$ROOT/dist" \
  --workpath "$ROOT/build/pyinstaller" "$ROOT/build.spec"
APP="$ROOT/dist/$APP_NAME.app"
[ -d "$APP" ] || die "PyInstaller did not produce $APP"
/usr/libexec/PlistBuddy -c "Print :LSUIElement" "$APP/Contents/Info.plist" | grep -q true \
  || die "Info.plist lacks LSUIElement=true (the app would show in the Dock)"

# The .dmg: the app plus a link to /Applications, compressed (UDZO).
STAGE=$(mktemp -d -t metnos-dmg)
trap 'rm -rf "$STAGE"' EXIT
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
DMG="$ROOT/dist/MetnosDesk-$VERSION.dmg"
rm -f "$DMG"
say "creating $DMG"
hdiutil create -volname "$APP_NAME $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG" >/dev/null

if [ -n "${METNOS_CODESIGN_IDENTITY:-}" ]; then
  codesign --force --sign "$METNOS_CODESIGN_IDENTITY" "$DMG"
  say "signed; notarize with: xcrun notarytool submit \"$DMG\" --keychain-profile <profile> --wait"
fi
hdiutil verify "$DMG" >/dev/null
say "done: $DMG ($(du -m "$DMG" | cut -f1) MB)"
echo "$DMG"
