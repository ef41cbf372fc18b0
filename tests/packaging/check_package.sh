#!/usr/bin/env bash
# The Debian package as a table would get it (packaging/CMakeLists.txt): built by cpack from this
# build, checked (lintian without errors, desktop-file-validate, appstreamcli validate, the MIME
# type through update-mime-database), then installed with `apt-get install ./rutland_*.deb`, run
# from /usr/bin (rutland-cli plays the demo game; rutland shows its first frame and opens a game
# file by path under Xvfb, as the menu entry's `rutland %f` does), its man page, completion and
# file association looked at, and removed again, whatever happened (trap).
#
#   check_package.sh BUILD_DIR WORK_DIR
#
# Installing needs root (CI runs as root). Not root, or a `rutland` package already installed
# that this test did not install: the checks before the install run, then the test says why and
# is skipped (exit 77, SKIP_RETURN_CODE in tests/CMakeLists.txt); it never touches a package it
# did not install.
set -euo pipefail
# (No `producer | grep -q`: grep stops at the first match, the producer's SIGPIPE fails the pipe
# under pipefail. A here-string reads all first.)
build=$(realpath "$1") work=$2
skip=77
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
step() { echo "--- [${SECONDS}s] $*"; }

for tool in cpack lintian desktop-file-validate appstreamcli update-mime-database dpkg-shlibdeps file man gio xvfb-run; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (see .ci/run's apt-get line)" >&2; exit 1; }
done
rm -rf "$work" && mkdir -p "$work"
work=$(realpath "$work")

step "cpack -G DEB"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/pkg" >"$work/cpack.log" 2>&1 || {
    cat "$work/cpack.log" >&2
    exit 1
}
debs=("$work"/pkg/rutland_*.deb)
[[ ${#debs[@]} == 1 && -f ${debs[0]} ]] || { echo "FAIL: cpack made no rutland_*.deb" >&2; exit 1; }
deb=${debs[0]}
echo "$(basename "$deb"): $(dpkg-deb -f "$deb" Depends)"
dpkg-deb -x "$deb" "$work/root"
app_id=io.github.rutland.Rutland

# Every file the package must hold (FHS and XDG places).
for f in usr/bin/rutland usr/bin/rutland-cli usr/share/applications/$app_id.desktop \
    usr/share/mime/packages/$app_id.xml usr/share/metainfo/$app_id.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/$app_id.svg usr/share/man/man1/rutland.1.gz \
    usr/share/man/man1/rutland-cli.1.gz usr/share/man/man7/rutland-language.7.gz \
    usr/share/bash-completion/completions/rutland usr/share/bash-completion/completions/rutland-cli \
    usr/share/rutland/demo/first-game.txt usr/share/doc/rutland/copyright usr/share/doc/rutland/changelog.gz; do
    [[ -f $work/root/$f ]] || fail "the package has no /$f"
done
for size in 16 22 24 32 48 64 128 256; do
    png=$work/root/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png
    if [[ ! -f $png ]]; then
        fail "the package has no ${size}x${size} icon (rsvg-convert, Debian's librsvg2-bin, draws them)"
    elif ! grep -q "PNG image data, $size x $size" <<<"$(file "$png")"; then
        fail "the ${size}x${size} icon is $(file -b "$png")"
    fi
done
# The package's version is the programs' (CMakeLists.txt project VERSION).
version=$(dpkg-deb -f "$deb" Version)
[[ $("$work/root/usr/bin/rutland-cli" --version | head -1) == "rutland-cli $version" ]] ||
    fail "rutland-cli --version does not print the package's version $version"

# lintian reads the .deb alone: it runs beside the rest (its 10 to 20 seconds), read at the end.
# It warns that it runs as root; that is CI's way, not the package's.
lintian --tag-display-limit 0 "$deb" >"$work/lintian.log" 2>&1 &
lintian_pid=$!
lintian_verdict() {
    step "lintian"
    wait "$lintian_pid" || true
    cat "$work/lintian.log"
    if grep -q '^E: ' "$work/lintian.log"; then fail "lintian reports errors"; fi
}

step "desktop-file-validate, appstreamcli validate, update-mime-database"
desktop-file-validate "$work/root/usr/share/applications/$app_id.desktop" || fail "desktop-file-validate"
grep -q '^Exec=rutland %f$' "$work/root/usr/share/applications/$app_id.desktop" || fail "the menu entry does not open a file given to it (Exec=rutland %f)"
grep -q '^MimeType=application/x-rutland-game;$' "$work/root/usr/share/applications/$app_id.desktop" || fail "the menu entry does not open game files"
appstreamcli validate --no-net "$work/root/usr/share/metainfo/$app_id.metainfo.xml" || fail "appstreamcli validate"
mkdir -p "$work/mime/packages"
cp "$work/root/usr/share/mime/packages/$app_id.xml" "$work/mime/packages/"
PKGSYSTEM_ENABLE_FSYNC=0 update-mime-database "$work/mime" 2>"$work/mime.log" || fail "update-mime-database: $(cat "$work/mime.log")"
grep -q '^50:application/x-rutland-game:\*\.rutland$' "$work/mime/globs2" || fail "the MIME type does not claim *.rutland: $(cat "$work/mime/globs2")"

if ((failures > 0)); then
    lintian_verdict
    echo "$failures problem(s) before installing" >&2
    exit 1
fi

# --- Installing: root only, and never over a rutland this test did not install.
if [[ $(id -u) != 0 ]]; then
    lintian_verdict
    ((failures == 0)) || exit 1
    echo "SKIPPED the install: apt-get install needs root (CI runs as root); the package was built and checked"
    exit $skip
fi
if grep -q 'ok installed' <<<"$(dpkg-query -W -f='${Status}' rutland 2>/dev/null)"; then
    lintian_verdict
    ((failures == 0)) || exit 1
    echo "SKIPPED the install: a rutland package is installed already ($(dpkg-query -W -f='${Version}' rutland)), not by this test; it is left alone"
    exit $skip
fi
# apt-get waits for dpkg's lock (another apt-get on the machine) rather than fail.
# PKGSYSTEM_ENABLE_FSYNC=0: shared-mime-info's trigger (update-mime-database) then writes the MIME
# cache without an fsync per file, 1 second instead of 10 on CI's disk (the cache is rebuilt from
# the packages' files whenever it is lost).
export PKGSYSTEM_ENABLE_FSYNC=0
installed=0
remove() {
    kill "$lintian_pid" 2>/dev/null || true  # an early exit does not leave it running
    if ((installed)); then
        step "apt-get purge rutland"
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 purge -y -q rutland >"$work/purge.log" 2>&1 || cat "$work/purge.log" >&2
        if grep -q 'ok installed' <<<"$(dpkg-query -W -f='${Status}' rutland 2>/dev/null)"; then
            echo "FAIL: rutland is still installed" >&2
            exit 1
        fi
        [[ ! -e /usr/bin/rutland-cli && ! -e /usr/share/applications/$app_id.desktop ]] || {
            echo "FAIL: the purge left Rutland's files behind" >&2
            exit 1
        }
        ! grep -q 'application/x-rutland-game' /usr/share/mime/globs2 2>/dev/null || {
            echo "FAIL: the MIME database still knows application/x-rutland-game after the purge" >&2
            exit 1
        }
    fi
}
trap remove EXIT
trap 'exit 1' INT TERM

step "apt-get install ./$(basename "$deb")"
installed=1
# The packages the .deb depends on are on CI's machine already (the build needed them): apt-get
# installs the .deb alone, and would fetch them on a clean machine.
(cd "$(dirname "$deb")" && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 install -y -q --no-install-recommends "./$(basename "$deb")") \
    >"$work/install.log" 2>&1 || {
    cat "$work/install.log" >&2
    exit 1
}
[[ $(command -v rutland-cli) == /usr/bin/rutland-cli ]] || fail "rutland-cli is not /usr/bin/rutland-cli on the PATH"

step "the installed rutland-cli"
/usr/bin/rutland-cli --version
/usr/bin/rutland-cli play /usr/share/rutland/demo/first-game.txt --db "$work/first-game.rutland" >"$work/play.log" 2>&1 ||
    fail "rutland-cli play of the demo game: $(cat "$work/play.log")"
/usr/bin/rutland-cli verify "$work/first-game.rutland" >"$work/verify.log" 2>&1 || fail "rutland-cli verify: $(cat "$work/verify.log")"
tail -2 "$work/verify.log"

step "man rutland-cli, rutland, rutland-language"
for page in "1 rutland-cli" "1 rutland" "7 rutland-language"; do
    set -- $page
    [[ $(man -w "$1" "$2") == /usr/share/man/man$1/$2.$1.gz ]] || fail "man -w $1 $2: $(man -w "$1" "$2" 2>&1)"
    warnings=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "/usr/share/man/man$1/$2.$1.gz" 2>&1 >/dev/null)
    [[ -z $warnings ]] || fail "man $1 $2 has roff warnings: $warnings"
done
grep -q '^ *rutland-cli - the broker' <<<"$(MANWIDTH=80 man 1 rutland-cli 2>/dev/null)" || fail "man rutland-cli does not show the page"

step "bash completion"
bash -c 'source /usr/share/bash-completion/bash_completion; _completion_loader rutland-cli; complete -p rutland-cli' ||
    fail "bash-completion does not load rutland-cli's completion"

step "the menu entry and the file association"
grep -q "^application/x-rutland-game=$app_id.desktop;" /usr/share/applications/mimeinfo.cache ||
    fail "the desktop database does not open application/x-rutland-game with $app_id.desktop"
grep -q '^50:application/x-rutland-game:\*\.rutland$' /usr/share/mime/globs2 || fail "the MIME database does not know *.rutland"

# What a double click does in a GLib desktop (GNOME, Xfce, Cinnamon...): the file's type from its
# name through the MIME database, then that type's default application.
type=$(cd "$work" && gio info -a standard::content-type first-game.rutland | sed -n 's/^ *standard::content-type: //p')
[[ $type == application/x-rutland-game ]] || fail "gio sees first-game.rutland as '$type'"
grep -q "^Default application.*: $app_id.desktop" <<<"$(gio mime application/x-rutland-game)" ||
    fail "gio's default application for game files: $(gio mime application/x-rutland-game 2>&1)"

step "the installed rutland under Xvfb"
xvfb-run -a -n 120 /usr/bin/rutland --exit-after-first-frame >"$work/first-frame.log" 2>&1 || fail "rutland --exit-after-first-frame: $(cat "$work/first-frame.log")"
cat "$work/first-frame.log"
# The menu entry's `rutland %f`: the game file by path, as a double click gives it.
xvfb-run -a -n 120 /usr/bin/rutland "$work/first-game.rutland" --screenshot "$work/opened.png" --size 1280x720 >"$work/opened.log" 2>&1 ||
    fail "rutland GAME.rutland: $(cat "$work/opened.log")"
grep -q 'PNG image data, 1280 x 720' <<<"$(file "$work/opened.png")" || fail "rutland GAME.rutland saved no 1280x720 screenshot"

lintian_verdict

if ((failures > 0)); then
    echo "$failures problem(s)" >&2
    exit 1
fi
echo "the package builds, passes lintian without errors, installs, runs and is removed"
