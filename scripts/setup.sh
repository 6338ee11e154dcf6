# Sourced by scripts/run and scripts/test: create .venv, install the locked dependencies and the
# package, compile the translations. Usage: LOCK=requirements/test.txt source scripts/setup.sh
#
# Every step is checked. The marker that skips the install next time is named after the lock file's
# and pyproject.toml's content and written only after a complete install, so a failed or interrupted
# set-up, or a changed lock, is finished by the next run of either command.
set -euo pipefail
PYTHON="${PYTHON:-python3}"
LOCK="${LOCK:-requirements/app.txt}"
SETUP_LOG=".venv-setup.log"

setup_failed() {
  # The log's last lines, then one line that says what failed.
  [ -s "$SETUP_LOG" ] && tail -n 15 "$SETUP_LOG" | grep -v '^WARNING: Location' >&2
  echo "Set-up failed: $1 (full log: $SETUP_LOG). Run the command again once the cause is fixed." >&2
  exit 1
}

# A .venv whose Python does not start (half created, or made by another Python) is made again.
if ! .venv/bin/python -c "import sys; sys.exit(sys.version_info < (3, 11))" 2>/dev/null; then
  rm -rf .venv
  if ! "$PYTHON" -m venv .venv >"$SETUP_LOG" 2>&1; then
    rm -rf .venv
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      echo "Installing python3-venv from Debian's packages..."
      { apt-get update -qq && apt-get install -y -qq python3-venv; } >>"$SETUP_LOG" 2>&1 \
        || setup_failed "could not install python3-venv from Debian's packages"
      "$PYTHON" -m venv .venv >>"$SETUP_LOG" 2>&1 || setup_failed "could not create .venv with $PYTHON"
    else
      setup_failed "Python's venv module is missing: install python3-venv (sudo apt-get install python3-venv)"
    fi
  fi
fi

stamp=".venv/.installed-$(basename "$LOCK" .txt)-$(cat "$LOCK" pyproject.toml | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  echo "Installing Table Companion and its locked dependencies ($LOCK) into .venv..."
  rm -f .venv/.installed-"$(basename "$LOCK" .txt)"-*
  : >"$SETUP_LOG"
  # Exact versions with their hashes: pip refuses anything else. The package itself comes last,
  # built with the locked setuptools (no build isolation, so nothing unlocked is fetched).
  .venv/bin/python -m pip install --require-hashes --no-deps -r "$LOCK" >>"$SETUP_LOG" 2>&1 \
    || setup_failed "pip could not install the locked dependencies from $LOCK"
  .venv/bin/python -m pip install --no-deps --no-build-isolation -e . >>"$SETUP_LOG" 2>&1 \
    || setup_failed "pip could not install the companion package itself"
  .venv/bin/python -c "import companion.cli, gunicorn.workers.ggevent" >>"$SETUP_LOG" 2>&1 \
    || setup_failed "the installed package does not import"
  touch "$stamp"
fi
.venv/bin/pybabel compile -d companion/translations -D messages >>"$SETUP_LOG" 2>&1 \
  || setup_failed "pybabel could not compile the translations in companion/translations"
