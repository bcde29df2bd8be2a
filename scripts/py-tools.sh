#!/usr/bin/env bash
# Installs the pinned Python tools of the API contract tests (schemathesis and
# openapi-python-client, scripts/py-tools.txt) into a virtual environment and
# prints its directory. The directory is named after the pin file's hash, so a
# change of a pin makes a new one and an unchanged file reuses the old one.
# Needs python3 with venv and PyPI; the tests themselves need no network.
# Usage: venv=$(scripts/py-tools.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
pins=scripts/py-tools.txt
hash=$(sha256sum "$pins" | cut -c1-12)
venv="${ARBITER_PY_TOOLS_HOME:-$HOME/.cache/arbiter-py-tools}/$hash"
if [ ! -x "$venv/bin/schemathesis" ] || [ ! -x "$venv/bin/openapi-python-client" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --disable-pip-version-check --no-deps -r "$pins" >&2
  "$venv/bin/pip" check >&2
fi
echo "$venv"
