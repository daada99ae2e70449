#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Extracts every translatable string into po/tasca.pot (C sources: _(), N_(), P_();
# the launcher and the AppStream metainfo), then merges it into po/<lang>.po for every
# language of po/LINGUAS. English (en.po) is the identity catalogue, made with msgen.
# Run from anywhere: po/update-po.sh (or: cmake --build BUILD --target update-po).
set -eu
cd "$(dirname "$0")/.."
VERSION=$(sed -n 's/^project(tasca VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
POT=po/tasca.pot
COMMON="--from-code=UTF-8 --package-name=Tasca --package-version=$VERSION
 --msgid-bugs-address=see_README.md --copyright-holder=the_Tasca_authors --sort-by-file"
FILES=$(mktemp)
trap 'rm -f "$FILES"' EXIT
# The sources git knows (work in progress of others stays out); every source without git.
if git ls-files --error-unmatch src >/dev/null 2>&1; then
  git ls-files 'src/*.c' 'src/*.h' | LC_ALL=C sort > "$FILES"
else
  find src -name '*.[ch]' | LC_ALL=C sort > "$FILES"
fi
# shellcheck disable=SC2086
xgettext $COMMON --language=C --keyword=_ --keyword=N_ --keyword=P_:1,2 --keyword=C_:1c,2 \
  --add-comments=TRANSLATORS: --files-from="$FILES" -o "$POT"
# shellcheck disable=SC2086
xgettext $COMMON --join-existing --language=Desktop -k --keyword=GenericName \
  --keyword=Comment --keyword=Keywords data/tasca.desktop.in -o "$POT"
# shellcheck disable=SC2086
xgettext $COMMON --join-existing data/tasca.metainfo.xml.in -o "$POT"
sed -i 's/the_Tasca_authors/the Tasca authors/; s/see_README.md/see README.md/; s/charset=CHARSET/charset=UTF-8/' "$POT"

for lang in $(grep -v '^#' po/LINGUAS); do
  po=po/$lang.po
  if [ "$lang" = en ] && [ -f "$po" ]; then
    # English: the identity catalogue (every msgstr is its msgid).
    msgmerge --quiet --no-fuzzy-matching "$po" "$POT" | msgen - -o "$po"
  elif [ -f "$po" ]; then
    msgmerge --quiet --update --backup=none --previous "$po" "$POT"
  else
    msginit --no-translator --locale="$lang.UTF-8" -i "$POT" -o "$po"
  fi
  printf '%s: ' "$po"
  msgfmt --check --statistics -o /dev/null "$po"
done
