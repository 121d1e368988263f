#!/usr/bin/env bash
# Run the test suite against real services: a private D-Bus session with an unlocked
# gnome-keyring (Secret Service) in a throwaway HOME. Called by `installer/setup.sh test`.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY="$ROOT/.venv/bin/python"
TMPHOME=$(mktemp -d -t metnos-test-home.XXXXXX)
trap 'rm -rf "$TMPHOME"' EXIT
export METNOS_REAL_HOME="$HOME" HOME="$TMPHOME" XDG_RUNTIME_DIR="$TMPHOME/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
# keyring tests must fail, not skip, when the Secret Service does not come up
export REQUIRE_SECRET_SERVICE=${REQUIRE_SECRET_SERVICE:-1}
# model tests must fail, not skip, when the bundled models are missing (setup.sh installed them)
export REQUIRE_MODELS=${REQUIRE_MODELS:-1}
# the planner's prompt prefix, evaluated once (~2.5 min on a slow 2-core CPU) and kept across test homes and CI runs
# (entries are keyed by model, prefix text and library version; tests of the cache itself use their own folder)
export METNOS_KV_CACHE=${METNOS_KV_CACHE:-$METNOS_REAL_HOME/.cache/metnos/test-kv}
export PYTHONDONTWRITEBYTECODE=1 QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
cd "$ROOT"
dbus-run-session -- bash -c '
  echo -n metnos-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || \
    echo "[metnos test] warning: gnome-keyring did not start; keyring tests will be skipped" >&2
  exec "$0" -m pytest "$@"
' "$PY" "$@"
rc=$?
if [ $rc -eq 5 ]; then
  echo "[metnos test] pytest collected no tests: that is a failure, not a pass" >&2
  exit 1
fi
exit $rc
