#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Takes the README's screenshots (1280x800): docs/screenshots/<game>.png for every game
# listed in src/ui/scenes.c, and picker.png. Runs the window under Xvfb (uses $DISPLAY
# when set, else xvfb-run); ImageMagick, when there, makes the files about 3x smaller.
#   packaging/screenshots.sh [path/to/tasca]
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-build/tasca}
OUT=docs/screenshots
mkdir -p "$OUT"
HOME=$(mktemp -d) # fresh settings: English, default options, no saved games
export HOME TASCA_NO_AUDIO=1 LANG=C.UTF-8
unset LANGUAGE LC_ALL LC_MESSAGES
trap 'rm -rf "$HOME"' EXIT

run() {
  if [ -n "${DISPLAY:-}" ]; then
    "$BIN" "$@"
  else
    xvfb-run -a -s "-screen 0 1920x1080x24" "$BIN" "$@"
  fi
}

# game id and the seed of a deal that shows the game well
for spec in picker:1 twentyone:8 moulin:1 truco:3 bisca:2 buraco:1; do
  id=${spec%%:*}
  seed=${spec#*:}
  if [ "$id" != picker ] && ! grep -q "&${id}_scene" src/ui/scenes.c; then
    echo "screenshots: $id has no table yet"
    continue
  fi
  rm -rf "$HOME/.local" "$HOME/.config"
  run --game "$id" --seed "$seed" --size 1280x800 --screenshot "$OUT/$id.png" >/dev/null 2>&1
  if command -v convert >/dev/null 2>&1; then
    convert "$OUT/$id.png" -dither FloydSteinberg -colors 256 "PNG8:$OUT/$id.png"
  fi
  echo "screenshots: $OUT/$id.png"
done
