#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# ctest po_sources: every message the C sources mark for translation (_, N_, P_, C_) is in
# every catalogue, so a string marked but never extracted (po/update-po.sh forgotten) fails
# here rather than showing in English. Usage: check-sources.sh [XGETTEXT [MSGCMP]]
set -eu
XGETTEXT=${1:-xgettext}
MSGCMP=${2:-msgcmp}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find src -name '*.[ch]' | LC_ALL=C sort > "$tmp/files"
"$XGETTEXT" --from-code=UTF-8 --language=C --keyword=_ --keyword=N_ --keyword=P_:1,2 \
  --keyword=C_:1c,2 --files-from="$tmp/files" -o "$tmp/sources.pot"
status=0
for lang in $(grep -v '^#' po/LINGUAS); do
  if ! "$MSGCMP" --use-untranslated po/"$lang".po "$tmp/sources.pot" 2>"$tmp/err"; then
    echo "po/$lang.po lacks messages the sources mark (run po/update-po.sh, then translate):"
    sed -n 's/^[^:]*:\([0-9]*\): this message is used but not defined.*/\1/p' "$tmp/err" |
      head -20 | while read -r line; do sed -n "$((line - 1))p" "$tmp/sources.pot"; done
    status=1
  fi
done
exit $status
