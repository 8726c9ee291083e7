# install.sh: `cmake --install` into a temporary prefix (and with DESTDIR), then the installed
# copy run on its own: it must find its data beside its prefix, never the source tree.
# usage: install.sh TESSERA IMGDIFF OUTDIR BUILD_DIR   (run from the repository root)
set -u
build=$4
src=$(pwd)
. "$(dirname "$0")/lib.sh"
# Outside the source tree (the build folder may be inside it), so that it can be hidden.
outdir=$(mktemp -d "${TMPDIR:-/tmp}/tessera-install.XXXXXX")
trap 'rm -rf "$outdir"' EXIT
prefix=$outdir/prefix

expect_status 0 "cmake --install" -- cmake --install "$build" --prefix "$prefix"
for f in bin/tessera share/tessera/scripts/sokoban.lua share/tessera/levels/sokoban/tessera.xsb \
         share/tessera/assets/sprites.png share/tessera/assets/sounds/push.wav \
         share/tessera/assets/skins/minimal/skin.lua share/doc/tessera/API.md share/doc/tessera/TUTORIAL.md share/doc/tessera/BENCHMARKS.md \
         share/doc/tessera/types/tessera.lua share/doc/tessera/copyright share/man/man1/tessera.1.gz \
         share/bash-completion/completions/tessera share/applications/tessera.desktop \
         share/icons/hicolor/256x256/apps/tessera.png share/icons/hicolor/16x16/apps/tessera.png \
         share/metainfo/tessera.metainfo.xml; do
    if [ -e "$prefix/$f" ]; then ok; else fail "installed tree lacks $f"; fi
done
# Nothing of the source tree's own: no generator sources, no docs among the data.
if find "$prefix/share/tessera" -name '*.c' -o -name '*.md' | grep -q .; then
    fail "sources or docs installed among the data: $(find "$prefix/share/tessera" -name '*.c' -o -name '*.md')"
else ok; fi

# The installed copy, moved elsewhere (a prefix is relocatable), with no data override.
mv "$prefix" "$outdir/moved"
prefix=$outdir/moved
installed=$prefix/bin/tessera
run_installed() {
    env -u TESSERA_DATA -u TESSERA_DATA_DIR XDG_DATA_HOME="$outdir/xdg" XDG_CACHE_HOME="$outdir/cache" "$@"
}
cd "$outdir"
expect_status 0 "installed --version" -- run_installed "$installed" --version
expect_output "tessera " "version printed"
expect_status 0 "installed --help" -- run_installed "$installed" --help
expect_output "Bundled games and levels: $prefix/share/tessera" "data found under the prefix, not in the source tree"
expect_status 0 "installed render" -- run_installed "$installed" render sokoban --level 2 --out "$outdir/r.png"
if [ -s "$outdir/r.png" ]; then ok; else fail "render wrote no picture"; fi
expect_status 0 "installed solve" -- run_installed "$installed" solve "$prefix/share/tessera/levels/sokoban/tessera.xsb" --level 3 --json
expect_output '"status":"solved"' "installed solver solves a bundled level"
expect_status 0 "installed check" -- run_installed "$installed" check "$prefix/share/tessera/scripts/sokoban.lua"
expect_output "ok (game \"Sokoban\")" "installed check of a bundled game"
expect_status 0 "installed scripted play" -- run_installed env SDL_VIDEODRIVER=dummy "$installed" play fifteen --level 1 --keys "left"
expect_output '"game":"Fifteen"' "installed play finds a bundled game by name"

# With the source tree out of reach: a mount namespace hides it (root with unshare only).
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
    expect_status 0 "installed with the source tree hidden" -- run_installed unshare -m sh -c \
        "mount -t tmpfs none '$src' && '$installed' render sokoban --level 1 --out '$outdir/hidden.png' && \
         '$installed' solve '$prefix/share/tessera/levels/sokoban/tessera.xsb' --level 1 && ! test -e '$src/scripts'"
    expect_output "solved" "solved with the source tree hidden"
else
    echo "install.sh: not root or no unshare: the run with the source tree hidden is skipped"
fi

# DESTDIR stages an install under another root; the staged copy runs too.
cd "$src"
expect_status 0 "DESTDIR install" -- env DESTDIR="$outdir/stage" cmake --install "$build" --prefix /opt/tessera-test
if [ -x "$outdir/stage/opt/tessera-test/bin/tessera" ] && [ ! -e /opt/tessera-test ]; then ok; else fail "DESTDIR not honoured"; fi
expect_status 0 "staged copy runs" -- run_installed "$outdir/stage/opt/tessera-test/bin/tessera" check \
    "$outdir/stage/opt/tessera-test/share/tessera/levels/sokoban/tessera.sol"
expect_output "all solved" "staged copy replays the bundled solutions"

# The desktop entry and the AppStream file are well formed where the validators exist.
if command -v desktop-file-validate >/dev/null; then
    expect_status 0 "desktop entry valid" -- desktop-file-validate "$prefix/share/applications/tessera.desktop"
fi
if command -v xmllint >/dev/null; then
    expect_status 0 "metainfo is XML" -- xmllint --noout "$prefix/share/metainfo/tessera.metainfo.xml"
fi
finish
