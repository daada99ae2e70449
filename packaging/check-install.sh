#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Install check: builds the .deb from a configured and built BUILD folder (default: build),
# unpacks it into a throw-away root, and checks the installed tree as a user would get it:
# the package's name and metadata, the program runs from there (its version, a short bot
# arena), the shipped licences are there, and the launcher and the AppStream metainfo pass
# their validators. Exits non-zero on the first failure.
#   packaging/check-install.sh [BUILD]
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build}
VERSION=$(sed -n 's/^project(tasca VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
ROOT=$(mktemp -d "${TMPDIR:-/tmp}/tasca-root.XXXXXX")
trap 'rm -rf "$ROOT"' EXIT
fail() {
  echo "check-install: FAILED: $*" >&2
  exit 1
}

echo "== .deb"
rm -f "$BUILD"/tasca_*.deb
(cd "$BUILD" && cpack -G DEB >/dev/null) || fail "cpack -G DEB"
DEB=$(ls "$BUILD"/tasca_"$VERSION"_*.deb 2>/dev/null | head -n 1)
[ -n "$DEB" ] || fail "no tasca_${VERSION}_<arch>.deb in $BUILD"
echo "$(basename "$DEB")"
dpkg-deb -f "$DEB" Package Version Depends Maintainer
[ "$(dpkg-deb -f "$DEB" Version)" = "$VERSION" ] || fail "the package's Version is not $VERSION"
dpkg-deb -f "$DEB" Maintainer Homepage | grep -q 'localhost\|example' &&
  fail "a placeholder address in the package's control fields"

echo "== installed into $ROOT"
dpkg-deb -x "$DEB" "$ROOT"
BIN="$ROOT/usr/bin/tasca"
[ -x "$BIN" ] || fail "no usr/bin/tasca"
missing=$(ldd "$BIN" | grep 'not found' || true)
[ -z "$missing" ] || fail "missing libraries: $missing"
for f in LICENSE NOTICE.md CHANGELOG.md copyright README.md; do
  [ -s "$ROOT/usr/share/doc/tasca/$f" ] || fail "usr/share/doc/tasca/$f is not installed"
done
[ -s "$ROOT/usr/share/tasca/fonts/LICENSE-DejaVu.txt" ] || fail "the fonts' licence is not installed"

echo "== $ROOT/usr/bin/tasca --version"
out=$("$BIN" --version) || fail "tasca --version"
echo "$out"
[ "$out" = "tasca $VERSION" ] || fail "tasca --version printed '$out', not 'tasca $VERSION'"

echo "== tasca sim --game twentyone --seats easy,easy --games 10 --seed 1"
# From another folder: the installed program must not depend on the source tree.
(cd "$ROOT" && "$BIN" sim --game twentyone --seats easy,easy --games 10 --seed 1) ||
  fail "tasca sim from the installed tree"

echo "== launcher and metainfo"
DESKTOP=$(ls "$ROOT"/usr/share/applications/*.desktop)
METAINFO=$(ls "$ROOT"/usr/share/metainfo/*.metainfo.xml)
desktop-file-validate "$DESKTOP" || fail "desktop-file-validate $(basename "$DESKTOP")"
echo "desktop-file-validate $(basename "$DESKTOP"): ok"
appstreamcli validate --no-net "$METAINFO" || fail "appstreamcli validate $(basename "$METAINFO")"
# One application id everywhere: launcher, metainfo, its launchable and icon, the icon files.
ID=$(basename "$DESKTOP" .desktop)
[ "$(basename "$METAINFO" .metainfo.xml)" = "$ID" ] || fail "the metainfo is not named $ID"
grep -q "<id>$ID</id>" "$METAINFO" || fail "the metainfo's id is not $ID"
grep -q "<launchable type=\"desktop-id\">$ID.desktop</launchable>" "$METAINFO" ||
  fail "the metainfo's launchable is not $ID.desktop"
grep -qx "Icon=$ID" "$DESKTOP" || fail "the launcher's icon is not $ID"
grep -qx "StartupWMClass=$ID" "$DESKTOP" || fail "the launcher's StartupWMClass is not $ID"
[ -s "$ROOT/usr/share/icons/hicolor/scalable/apps/$ID.svg" ] || fail "no $ID.svg icon"
[ -s "$ROOT/usr/share/icons/hicolor/48x48/apps/$ID.png" ] || fail "no 48x48 $ID.png icon"
grep -q "<project_license>GPL-3.0-or-later</project_license>" "$METAINFO" ||
  fail "the metainfo's project_license is not GPL-3.0-or-later"
grep -q "<release version=\"$VERSION\"" "$METAINFO" || fail "the metainfo has no $VERSION release"
echo "application id $ID: launcher, metainfo and icons agree"
echo "== install check passed"
