#!/usr/bin/env bash
# Installs what Kinetic needs to build, test and render: C libraries, fonts and tools.
# Idempotent: prints nothing and changes nothing when everything is already present.
set -euo pipefail

# Debian packages: C libraries for KineticRaster (cairo, pango, libimagequant, giflib, gdk-pixbuf for pictures);
# the fonts the renderer and its golden images use (Inter for tabular digits, Noto CJK for Japanese, DejaVu for
# Arabic and Hebrew, Noto Color Emoji so emoji have a glyph; DejaVu extra and Liberation are named too because
# fontconfig's fallbacks draw from them, so a fresh machine renders the goldens exactly as the machine that
# recorded them); ffmpeg for MP4/WebM; libmicrohttpd for `kinetic serve`; for the tests, chromium (the gallery and
# documentation-site tests), tmux (the terminal end-to-end tests), python3 (serves the documentation site), and
# nginx, wrk and curl (the service behind a load balancer, its benchmark, and its client in the tests); g++ for
# the Box2D benchmark peers' trajectory output (`make bench`, which sets up as the tests do).
#
# `setup.sh` (or `setup.sh demo`) installs what building and rendering need; `setup.sh test` adds what only the
# tests use (a browser, tmux, python3).
PACKAGES=(pkg-config libcairo2-dev libpango1.0-dev libimagequant-dev libgif-dev libgdk-pixbuf-2.0-dev fonts-inter fonts-noto-cjk fonts-dejavu-core fonts-dejavu-extra
    fonts-liberation fonts-noto-color-emoji ffmpeg libmicrohttpd-dev)
case "${1:-demo}" in
demo) ;;
test) PACKAGES+=(chromium tmux python3 python3-venv nginx-light wrk curl g++) ;;
*)
    echo "usage: setup.sh [demo|test]" >&2
    exit 64
    ;;
esac

case "$(uname -s)" in
Darwin)
    for tool in pkg-config; do command -v "$tool" >/dev/null || missing=1; done
    if ! pkg-config --exists cairo pangocairo imagequant libmicrohttpd 2>/dev/null; then
        echo "Kinetic needs these Homebrew packages (install them, then run make again):"
        echo "  brew install pkg-config cairo pango libimagequant giflib gdk-pixbuf libmicrohttpd ffmpeg tmux && brew install --cask font-inter"
        exit 1
    fi
    exit 0
    ;;
esac

if ! command -v dpkg-query >/dev/null; then
    echo "setup: this is not a Debian-like system; install the equivalents of: ${PACKAGES[*]}" >&2
    exit 1
fi

missing=()
for p in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then SUDO="sudo"; else
        echo "setup: missing packages (${missing[*]}) and not root and no sudo: install them as root" >&2
        exit 1
    fi
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
DEBCONF_NOWARNINGS=yes $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 || {
    echo "setup: apt-get install ${missing[*]} failed; run it yourself to see why" >&2
    exit 1
}
echo "setup: done"
