#!/usr/bin/env bash
# The app path without a Swift build: `kiosk new` (scripts/new-app) and `scripts/package --product`
# with stand-in binaries (KIOSK_BINARY): the package made, the .deb's fields, unit and files, and
# every bad input of issue 36 — names, a missing product, a package without kiosk, huge resource
# folders, running twice, --arch arm64 with no SDK — each with its error and nothing half-written.
# Usage: Tests/E2E/new-app.sh   (about a minute: `swift package dump-package` runs per packaging)
# Env: KIOSK_CLI (a built kiosk, to check `kiosk new` reaches scripts/new-app; default
#      .build/debug/kiosk when it exists), KIOSK_TEMPLATE_BUILD=1 (also swift build + swift test
#      the new package: a debug build of kiosk inside it, minutes). Needs gcc (static stand-in), clang (the arm64 stand-in).
# Prints "N passed, M failed"; exit 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$(mktemp -d /tmp/kiosk-new-app.XXXXXX)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
check() { # LABEL CONDITION-RESULT [DETAIL]
  if [ "$2" = 0 ]; then pass=$((pass + 1)); echo "ok   $1"
  else fail=$((fail + 1)); echo "FAIL $1${3:+: $3}"; fi
}
# expect_error LABEL CODE PATTERN -- CMD…: CMD exits CODE and its stderr matches PATTERN.
expect_error() {
  local label="$1" code="$2" pattern="$3"; shift 4
  local err rc
  err=$("$@" 2>&1 >/dev/null); rc=$?
  if [ "$rc" = "$code" ] && grep -Eq -- "$pattern" <<< "$err"; then check "$label" 0
  else check "$label" 1 "exit $rc (want $code), stderr: $(head -c 400 <<< "$err")"; fi
}
no_leftovers() { # DIR: no temporary folders or files of new-app / package
  [ -z "$(find "$1" -maxdepth 3 \( -name '.kiosk-new.*' -o -name '.root.*' -o -name '*.deb.tmp' \) 2>/dev/null)" ]
}

# Stand-ins: a static x86-64 program, and a static AArch64 one (never run here).
printf '#include <stdio.h>\nint main(void) { puts("stand-in"); return 0; }\n' > "$work/standin.c"
gcc -static -O2 -o "$work/standin" "$work/standin.c" || { echo "gcc -static failed"; echo "0 passed, 1 failed"; exit 1; }
printf 'void _start(void) { for (;;) __asm__ volatile("wfi"); }\n' > "$work/standin-arm64.c"
clang --target=aarch64-linux-gnu -static -nostdlib -ffreestanding -fuse-ld=lld -O2 -o "$work/standin-arm64" "$work/standin-arm64.c" 2>"$work/clang.log" \
  || echo "note: no aarch64 stand-in ($(head -1 "$work/clang.log")); the arm64 .deb check will fail"

# --- kiosk new -------------------------------------------------------------------------------
cd "$work"
out=$("$root/scripts/new-app" menu-board 2>/dev/null); rc=$?
check "new-app menu-board: exit 0, prints the folder" $([ $rc = 0 ] && [ "$out" = menu-board ]; echo $?)
files="Package.swift README.md .gitignore Sources/MenuBoard/MenuBoard.swift Tests/MenuBoardTests/MenuBoardTests.swift Tests/MenuBoardTests/Golden.swift images/README fonts/README"
missing=""; for f in $files; do [ -f "menu-board/$f" ] || missing+=" $f"; done
check "the package has its manifest, app, test, golden helper, README, images/ and fonts/" $([ -z "$missing" ]; echo $?) "missing:$missing"
check "no template placeholder is left" $(! grep -rq "__[A-Z_]*__" menu-board; echo $?)
check "depends on this checkout by path, the Kiosk product, an executable product menu-board" \
  $(grep -q ".package(name: \"kiosk\", path: \"$root\")" menu-board/Package.swift \
    && grep -q '.product(name: "Kiosk", package: "kiosk")' menu-board/Package.swift \
    && grep -q '.executable(name: "menu-board", targets: \["MenuBoard"\])' menu-board/Package.swift; echo $?)
check "an @main App with a WindowGroup; a Swift Testing suite with HeadlessHost and goldens" \
  $(grep -q "@main" menu-board/Sources/MenuBoard/MenuBoard.swift && grep -q "struct MenuBoard: App" menu-board/Sources/MenuBoard/MenuBoard.swift \
    && grep -q "import Testing" menu-board/Tests/MenuBoardTests/MenuBoardTests.swift && grep -q "HeadlessHost(" menu-board/Tests/MenuBoardTests/MenuBoardTests.swift \
    && grep -q 'expectGolden(host.snapshot(), "first-frame")' menu-board/Tests/MenuBoardTests/MenuBoardTests.swift; echo $?)
check "the README gives the offscreen run and the test command" \
  $(grep -q "swift run menu-board --display offscreen" menu-board/README.md && grep -q "^swift test" menu-board/README.md; echo $?)
out=$("$root/scripts/new-app" tickets --path "$work/apps-t" --kiosk-url https://example.org/shop/Kiosk.git --from 0.3.1 2>/dev/null); rc=$?
check "--kiosk-url URL --from VERSION: .package(url:from:), the product's package is the URL's name" \
  $([ $rc = 0 ] && grep -q '.package(url: "https://example.org/shop/Kiosk.git", from: "0.3.1")' apps-t/Package.swift \
    && grep -q 'package: "kiosk")' apps-t/Package.swift && grep -q "\.build/checkouts/kiosk/scripts/package" apps-t/README.md; echo $?)

before=$(ls -A "$work" | sort)
for bad in "menu board" "MenuBoard" "9lives" "menu_board" "x-" "a--b" "abcdefghijabcdefghijabcdefghijabc" "café"; do
  expect_error "name \"$bad\": exit 2, says what is allowed" 2 "allowed: lowercase letters" -- "$root/scripts/new-app" "$bad"
done
expect_error "name kiosk (kiosk's own module): exit 2, taken" 2 "is taken" -- "$root/scripts/new-app" kiosk
expect_error "name -x (an option): exit 2" 2 "unknown option -x" -- "$root/scripts/new-app" -x
expect_error "no NAME: exit 2 with the usage" 2 "NAME missing" -- "$root/scripts/new-app"
expect_error "an existing folder: exit 2, unchanged" 2 "exists already" -- "$root/scripts/new-app" menu-board
expect_error "--from without --kiosk-url: exit 2" 2 "needs --kiosk-url|--kiosk-url needs" -- "$root/scripts/new-app" shop --from 1.0.0
expect_error "--from 1.0 (not semantic): exit 2" 2 "not a semantic version" -- "$root/scripts/new-app" shop --kiosk-url https://e.org/kiosk.git --from 1.0
expect_error "--kiosk-url not a URL: exit 2" 2 "not a git URL" -- "$root/scripts/new-app" shop --kiosk-url "not a url" --from 1.0.0
expect_error "--kiosk-path not a kiosk checkout: exit 2" 2 "not a kiosk checkout" -- "$root/scripts/new-app" shop --kiosk-path /tmp
expect_error "--path in a missing folder: exit 2" 2 "does not exist" -- "$root/scripts/new-app" shop --path "$work/no/such/shop"
after=$(ls -A "$work" | sort)
check "bad input wrote nothing (no folder, no temporary left)" $([ "$before" = "$after" ] && no_leftovers "$work"; echo $?) "$(diff <(echo "$before") <(echo "$after"))"
# A failure while writing (a template file that is not UTF-8) leaves nothing behind either.
mkdir -p "$work/fake/scripts" "$work/fake/Templates/App"
cp "$root/scripts/new-app" "$work/fake/scripts/"; cp -R "$root/Templates/App/." "$work/fake/Templates/App/"
printf 'let package = Package(products: [.library(name: "Kiosk", targets: [])])\n' > "$work/fake/Package.swift"
printf 'let x = "\xff\xfe"\n' > "$work/fake/Templates/App/zz-broken.swift"
"$work/fake/scripts/new-app" half --path "$work/half" >/dev/null 2>&1; rc=$?
check "a write that fails half-way: non-zero exit, no folder, no temporary" $([ $rc != 0 ] && [ ! -e "$work/half" ] && no_leftovers "$work"; echo $?) "exit $rc"

if [ -n "${KIOSK_CLI:-}" ] || [ -x "$root/.build/debug/kiosk" ]; then
  cli="${KIOSK_CLI:-$root/.build/debug/kiosk}"
  "$cli" new via-cli --path "$work/via-cli" >/dev/null 2>&1; rc=$?
  check "kiosk new runs scripts/new-app of its checkout" $([ $rc = 0 ] && [ -f "$work/via-cli/Sources/ViaCli/ViaCli.swift" ]; echo $?) "exit $rc"
  expect_error "kiosk new \"Bad Name\": exit 2" 2 "allowed: lowercase" -- "$cli" new "Bad Name"
fi

# The template builds and its tests pass (a debug build of kiosk inside the app: minutes; opt-in).
if [ "${KIOSK_TEMPLATE_BUILD:-}" = 1 ]; then
  (cd "$work/menu-board" && nice swift build --build-tests >"$work/tbuild.log" 2>&1 \
     && KIOSK_UPDATE_GOLDENS=1 nice swift test --skip-build >"$work/ttest.log" 2>&1 && nice swift test --skip-build >>"$work/ttest.log" 2>&1 \
     && .build/debug/menu-board --display offscreen:"$work/run" --input none --duration 1 >/dev/null 2>&1 && [ -f "$work/run/last.png" ] \
     && [ "$(.build/debug/menu-board --version)" = "menu-board (not installed from a package)" ]); rc=$?
  check "the new package builds, its 2 tests pass against fresh goldens, it runs offscreen and answers --version" $rc "$(tail -3 "$work/tbuild.log" "$work/ttest.log" 2>/dev/null)"
  rm -rf "$work/menu-board/.build" "$work/menu-board/Tests/MenuBoardTests/Goldens/"*.png
fi

# --- scripts/package for an app (stand-in binaries) ------------------------------------------
# A SwiftPM resource bundle beside the binary, as `swift build` leaves it.
mkdir -p "$work/bin/menu-board_MenuBoard.resources"; cp "$work/standin" "$work/bin/standin"
echo '{"menu": []}' > "$work/bin/menu-board_MenuBoard.resources/menu.json"
pkg() { KIOSK_BINARY="${BIN:-$work/bin/standin}" "$root/scripts/package" "$@"; }
res=$(pkg --product menu-board --package-path menu-board --version 1.2.0 2>"$work/err"); rc=$?
deb="$work/menu-board/.build/package/menu-board_1.2.0_amd64.deb"
check "package --product menu-board: NAME_VERSION_ARCH.deb, path and size printed" $([ $rc = 0 ] && [ "${res%% *}" = "$deb" ] && [ -f "$deb" ]; echo $?) "exit $rc: $(tail -2 "$work/err")"
field() { dpkg-deb -f "$1" "$2" 2>/dev/null; }
check "control: Package menu-board, Architecture amd64, Provides/Conflicts/Replaces kiosk-app" \
  $([ "$(field "$deb" Package)" = menu-board ] && [ "$(field "$deb" Architecture)" = amd64 ] && [ "$(field "$deb" Provides)" = kiosk-app ] \
    && [ "$(field "$deb" Conflicts)" = kiosk-app ] && [ "$(field "$deb" Replaces)" = kiosk-app ]; echo $?)
rm -rf "$work/x"; dpkg-deb -R "$deb" "$work/x" 2>/dev/null
unit="$work/x/lib/systemd/system/menu-board.service"
ok=0; for l in "ExecStart=/usr/bin/menu-board" "User=menu-board" "Group=menu-board" "Type=notify" "WatchdogSec=10" "NotifyAccess=main" \
    "StateDirectory=menu-board" "CacheDirectory=menu-board" "Conflicts=getty@tty1.service" "TTYPath=/dev/tty1" "ProtectSystem=strict" \
    "SystemCallFilter=@system-service" "DevicePolicy=closed"; do grep -qx "$l" "$unit" || { ok=1; echo "  unit lacks $l"; }; done
check "the unit: the app's binary, user, state; kiosk.service's notify, watchdog and sandbox" $ok
check "the unit differs from kiosk.service only in name, binary, user, state and comments" \
  $(diff <(grep -v '^#' "$root/systemd/kiosk.service" | sed 's/kiosk/NAME/g') <(grep -v '^#' "$unit" | sed 's/menu-board/NAME/g' | grep -v '^StateDirectory\|^CacheDirectory' | sed 's/NAME (a kiosk app) full/NAME full/; s|/usr/bin/NAME$|/usr/bin/NAME run|') >/dev/null; echo $?)
check "conffile /etc/menu-board/menu-board.conf (kiosk.conf without the scene)" \
  $([ "$(cat "$work/x/DEBIAN/conffiles")" = /etc/menu-board/menu-board.conf ] && grep -q "^#display = auto" "$work/x/etc/menu-board/menu-board.conf" \
    && ! grep -q "scene" "$work/x/etc/menu-board/menu-board.conf"; echo $?)
check "user menu-board (sysusers.d), udev rule, resources and version in /usr/share/menu-board" \
  $(grep -q '^u menu-board ' "$work/x/usr/lib/sysusers.d/menu-board.conf" && [ -f "$work/x/lib/udev/rules.d/60-menu-board.rules" ] \
    && [ -f "$work/x/usr/share/menu-board/images/README" ] && [ -f "$work/x/usr/share/menu-board/fonts/README" ] \
    && [ "$(cat "$work/x/usr/share/menu-board/version")" = 1.2.0 ]; echo $?)
check "SwiftPM resource bundles in /usr/share/menu-board, linked from /usr/bin (Bundle.module looks there)" \
  $([ -f "$work/x/usr/share/menu-board/menu-board_MenuBoard.resources/menu.json" ] \
    && [ "$(readlink "$work/x/usr/bin/menu-board_MenuBoard.resources")" = ../share/menu-board/menu-board_MenuBoard.resources ]; echo $?)
check "maintainer scripts: enable+start menu-board.service; remove gives getty@tty1 back; purge clears state" \
  $(grep -q "deb-systemd-invoke restart menu-board.service" "$work/x/DEBIAN/postinst" && grep -q "systemctl --no-block start getty@tty1.service" "$work/x/DEBIAN/postrm" \
    && grep -q "rm -rf /etc/menu-board /var/lib/menu-board /var/cache/menu-board" "$work/x/DEBIAN/postrm" && grep -q "stop menu-board.service" "$work/x/DEBIAN/prerm" \
    && ! grep -q "@NAME@\|kiosk.service" "$work/x/DEBIAN/postinst" "$work/x/DEBIAN/postrm" "$work/x/DEBIAN/prerm"; echo $?)

cp "$deb" "$work/first.deb"
res2=$(pkg --product menu-board --package-path menu-board --version 1.2.0 2>/dev/null); rc=$?
check "run twice: the same one .deb, byte for byte, nothing left over" \
  $([ $rc = 0 ] && [ "$res2" = "$res" ] && cmp -s "$deb" "$work/first.deb" \
    && [ "$(ls "$work/menu-board/.build/package" | wc -l)" = 1 ] && no_leftovers "$work/menu-board/.build"; echo $?)
pkg --product menu-board --package-path menu-board --version 1.3.0 >/dev/null 2>&1
check "a new version replaces the old .deb of this app and arch" $([ "$(ls "$work/menu-board/.build/package")" = menu-board_1.3.0_amd64.deb ]; echo $?)

# Versions: from the app's own git repository (a tag, else the commit), else 0.1.
res=$(pkg --product menu-board --package-path menu-board "$work/vout" 2>/dev/null)
check "no git repository: version 0.1" $([ "$(basename "${res%% *}")" = menu-board_0.1_amd64.deb ]; echo $?) "$res"
(cd menu-board && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm init && git tag v2.0.1) >/dev/null 2>&1
res=$(pkg --product menu-board --package-path menu-board "$work/vout" 2>/dev/null)
check "a tag v2.0.1 on the app's commit: version 2.0.1, the old .deb replaced" \
  $([ "$(basename "${res%% *}")" = menu-board_2.0.1_amd64.deb ] && [ "$(ls "$work/vout" | wc -l)" = 1 ]; echo $?) "$res"
rm -rf menu-board/.git "$work/vout"
expect_error "a product that does not exist: exit 2, lists the executables" 2 'no executable product "menu-bored".*menu-board' -- pkg --product menu-bored --package-path menu-board
mkdir -p "$work/plain/Sources/plain"
printf '// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "plain", targets: [.executableTarget(name: "plain")])\n' > "$work/plain/Package.swift"
echo 'print("hi")' > "$work/plain/Sources/plain/main.swift"
expect_error "a package that does not depend on Kiosk: exit 2" 2 "does not depend on kiosk's Kiosk library" -- pkg --product plain --package-path plain
expect_error "a product name with capitals: exit 2, says what is allowed" 2 "allowed: lowercase" -- pkg --product MenuBoard --package-path menu-board
expect_error "no Package.swift: exit 2" 2 "no Package.swift" -- pkg --product x --package-path "$work/fake/Templates"
expect_error "a bad version: exit 2" 2 "not a Debian version" -- pkg --product menu-board --package-path menu-board --version "v1 beta"
expect_error "--arch sparc: exit 2" 2 "amd64 or arm64" -- pkg --product menu-board --package-path menu-board --arch sparc
check "bad input wrote no .deb" $([ "$(ls "$work/menu-board/.build/package")" = menu-board_1.3.0_amd64.deb ] && [ ! -d "$work/plain/.build/package" ] && no_leftovers "$work"; echo $?)

# Resources past the limits: warnings with the sizes (a sparse 1 GiB file: no disk used).
mkdir -p "$work/menu-board/images/many"
(cd "$work/menu-board/images/many" && seq -f "tile%05g.png" 1 10000 | xargs touch)
res=$(pkg --product menu-board --package-path menu-board --version 1.4.0 2>"$work/err"); rc=$?
check "10 000 files in images/: a warning with the count and size, the .deb still made" \
  $([ $rc = 0 ] && grep -q "warning: .*/images has 10001 files" "$work/err" && [ "$(dpkg-deb -c "${res%% *}" | grep -c '/images/many/tile')" = 10000 ]; echo $?) "$(grep warning "$work/err")"
rm -rf "$work/menu-board/images/many"
truncate -s 1100M "$work/menu-board/fonts/huge.ttf"
pkg --product menu-board --package-path menu-board --version 1.5.0 --dry-run >/dev/null 2>"$work/err"; rc=$?
check "a 1.1 GB file in fonts/: a warning naming it with its size (--dry-run writes nothing)" \
  $([ $rc = 0 ] && grep -q "warning: .*fonts/huge.ttf is 1.1GB (1153433600 bytes)" "$work/err" && [ ! -e "$work/menu-board/.build/package/menu-board_1.5.0_amd64.deb" ]; echo $?) "$(cat "$work/err")"
rm -f "$work/menu-board/fonts/huge.ttf"

# arm64: no SDK here; a stand-in AArch64 binary gives an arm64 .deb.
expect_error "--arch arm64 with no SDK: exit 3, names swift sdk install and the static Linux SDK" 3 "swift sdk install.*Static Linux SDK|aarch64-swift-linux-musl.*swift sdk install" \
  -- env -u KIOSK_BINARY "$root/scripts/package" --product menu-board --package-path "$work/menu-board" --arch arm64
expect_error "--arch arm64 with an x86-64 binary: exit 2" 2 "is a amd64 binary, not arm64" -- pkg --product menu-board --package-path menu-board --arch arm64
res=$(BIN="$work/standin-arm64" pkg --product menu-board --package-path menu-board --version 1.2.0 --arch arm64 2>"$work/err"); rc=$?
check "--arch arm64 with an AArch64 stand-in: menu-board_1.2.0_arm64.deb, Architecture arm64" \
  $([ $rc = 0 ] && [ "$(basename "${res%% *}")" = menu-board_1.2.0_arm64.deb ] && [ "$(field "${res%% *}" Architecture)" = arm64 ]; echo $?) "exit $rc: $(tail -2 "$work/err")"
check "the amd64 .deb stays beside the arm64 one" $([ -f "$work/menu-board/.build/package/menu-board_1.4.0_amd64.deb" ]; echo $?)

# kiosk itself, no arguments: the launcher package as before (plus Provides/Conflicts kiosk-app).
res=$(KIOSK_VERSION=9.9 KIOSK_BINARY="$work/standin" "$root/scripts/package" "$work/kiosk-out" 2>/dev/null); rc=$?
kdeb="$work/kiosk-out/kiosk_9.9_amd64.deb"
rm -rf "$work/k"; dpkg-deb -R "$kdeb" "$work/k" 2>/dev/null
check "no arguments: kiosk_9.9_amd64.deb with kiosk.service, /etc/kiosk/kiosk.conf, /usr/bin/kiosk, conflicts with apps" \
  $([ $rc = 0 ] && cmp -s "$work/k/lib/systemd/system/kiosk.service" "$root/systemd/kiosk.service" && cmp -s "$work/k/etc/kiosk/kiosk.conf" "$root/systemd/kiosk.conf" \
    && cmp -s "$work/k/lib/udev/rules.d/60-kiosk.rules" "$root/systemd/60-kiosk.rules" && cmp -s "$work/k/usr/lib/sysusers.d/kiosk.conf" "$root/systemd/kiosk.sysusers" \
    && [ -x "$work/k/usr/bin/kiosk" ] && [ "$(field "$kdeb" Conflicts)" = kiosk-app ] && [ ! -e "$work/k/usr/share/kiosk" ] \
    && [ -f "$work/k/usr/share/doc/kiosk/kiosk-override.conf.example" ]; echo $?)

echo "$pass passed, $fail failed"
[ $fail = 0 ]
