#!/usr/bin/env bash
# Writes the README's pictures: every `kinetic render … -o docs/NAME.svg` command in README.md's picture table is
# run with the freshly built `kinetic`, so each committed SVG is exactly what the command under it prints
# (ReadmePictureTests checks that). Run it after a change to the exporter or to an effect, and commit docs/*.svg.
#
#   scripts/readme-pictures.sh
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
$SWIFT build --product kinetic
KINETIC="$($SWIFT build --show-bin-path)/kinetic"

# The commands are the README's inline code spans that start with `kinetic render` and write into docs/.
grep -o '`kinetic render [^`]* -o docs/[A-Za-z0-9_-]*\.svg`' README.md | tr -d '`' | while read -r command; do
    echo "$command"
    eval "\"$KINETIC\" ${command#kinetic }"
done
