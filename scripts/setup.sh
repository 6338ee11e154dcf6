# Sourced by scripts/run and scripts/test: create .venv, install the package, compile translations.
# Usage: EXTRAS=test source scripts/setup.sh
set -euo pipefail
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv 2>/dev/null; then
    rm -rf .venv
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      echo "Installing python3-venv from Debian's packages..."
      apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
      "$PYTHON" -m venv .venv
    else
      echo "Python's venv module is missing: install python3-venv (sudo apt-get install python3-venv)." >&2
      exit 1
    fi
  fi
fi
stamp=".venv/.installed-${EXTRAS:-app}-$(cat pyproject.toml | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  echo "Installing Table Companion and its dependencies into .venv..."
  # This machine's pip configuration names local mirrors that may be absent: hide those warnings only.
  .venv/bin/python -m pip install --quiet --upgrade pip 2>&1 | grep -v "^WARNING: Location" || true
  target="."
  [ -n "${EXTRAS:-}" ] && target=".[${EXTRAS}]"
  .venv/bin/python -m pip install --quiet -e "$target" 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -c "import companion.cli" || { echo "Installation failed." >&2; exit 1; }
  touch "$stamp"
fi
.venv/bin/pybabel compile --use-fuzzy --statistics -d companion/translations -D messages 2>&1 | grep -v '^compiling' || true
