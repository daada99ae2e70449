#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what Tasca needs to build, play and test on Debian.
# Idempotent; works as root (no sudo needed) or as a user with sudo.
set -eu

PKGS="build-essential cmake pkg-config gettext
libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libsdl2-mixer-dev librsvg2-dev
libcmocka-dev
nats-server libnats-dev libsodium-dev libcrypt-dev"

if [ "${1:-}" = "--test" ]; then
  # Sanitizer and fuzz builds use clang; UI tests run under Xvfb; the launcher and the
  # AppStream metainfo are checked by their validators; the install check builds the .deb
  # (CPack needs dpkg-shlibdeps from dpkg-dev, and file).
  PKGS="$PKGS clang libclang-rt-dev xvfb xauth desktop-file-utils appstream gnome-cards-data
dpkg-dev file"
fi

missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' \
    || missing="$missing $p"
done
[ -z "$missing" ] && { echo "install-deps: everything is already installed"; exit 0; }

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
echo "install-deps: installing:$missing"
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
