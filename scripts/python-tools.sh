#!/usr/bin/env bash
# Creates the Python virtual environment the vector-export tests use to check Kinetic's Lottie files with players
# that are not Kinetic: rlottie and ThorVG (renderers), the Lottie JSON schema (lottie-specs) and a validator
# (jsonschema), Pillow for the comparison sheets; and asciinema (2.4.0, a 97 KB pure-Python wheel), whose
# `asciinema cat` the recording tests replay Kinetic's .cast files with; websocket-client (1.8.0, pure Python), through
# which scripts/svg_media.py drives headless Chromium over the DevTools protocol. Wheels only, from PyPI.
#
# Idempotent: does nothing when .build/venv already has this package list. Usage: scripts/python-tools.sh [DIR]
set -euo pipefail
VENV="${1:-.build/venv}"
PACKAGES=(rlottie-python==1.3.8 thorvg-python==1.1.3 lottie-specs==0.5.2 jsonschema==4.26.0 pillow==13.0.0 asciinema==2.4.0 websocket-client==1.8.0)
STAMP="$VENV/.kinetic-packages"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "${PACKAGES[*]}" ]; then
    exit 0
fi
python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check --only-binary=:all: "${PACKAGES[@]}"
echo "${PACKAGES[*]}" >"$STAMP"
echo "python-tools: $VENV ready (${PACKAGES[*]})"
