#!/usr/bin/env bash
# The service test: the kiosk .deb installed with `dpkg -i` inside a Debian 12 guest with systemd
# (no fonts, nothing else), booted under QEMU TCG once per display kind (bochs DRM, virtio-gpu DRM,
# /dev/fb0 with DRM hidden), checked from the host: READY=1 after the first frame, screendumps vs
# `kiosk snapshot`, QMP and uinput taps, stop/SIGSEGV/SIGSTOP+watchdog, the unprivileged user,
# journal priorities, reboot into the enabled unit, apt remove. Tests/E2E/debian-drive.py drives it.
# Usage: Tests/E2E/debian.sh [KIND…]   (bochs virtio fbdev; default all)
# Env: KIOSK_BINARY (a static kiosk; default scripts/build-static), KIOSK_E2E_CACHE (default
#      .build/e2e-cache: kernel, guest image, keyed by their inputs), KIOSK_E2E_OUT (default
#      .build/e2e-debian), KIOSK_E2E_MIRROR (Debian mirror for the guest),
#      KIOSK_E2E_APP=1 (also the template app of issue 36: a fresh `kiosk new e2e-app`, its static
#      build and .deb, installed and checked in one more boot; +1 static build and ~4 min of guest),
#      KIOSK_APP_BINARY (a static e2e-app to package instead of building one).
#      `Tests/E2E/debian.sh none` with KIOSK_E2E_APP=1 runs the app's boot alone.
# Prints "N passed, M failed"; on failure the screendumps, journals and guest consoles stay in the
# output directory. It fails (never passes) when it cannot run: no QEMU, no mirror.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
start=$(date +%s)
cache="${KIOSK_E2E_CACHE:-$root/.build/e2e-cache}"
out="${KIOSK_E2E_OUT:-$root/.build/e2e-debian}"
die() { echo "e2e-debian: FAIL: $*" >&2; echo "0 passed, 1 failed"; exit 1; }
step() { echo "e2e-debian: $1 ($(( $(date +%s) - start )) s)" >&2; }

# qemu-utils for qemu-img (each boot's disk is a qcow2 overlay): only recommended by
# qemu-system-x86, and scripts/deps installs without recommends (a fresh machine had none).
scripts/deps qemu-system-x86 qemu-utils busybox-static cpio kmod gcc libc6-dev mmdebstrap e2fsprogs dpkg-dev \
  || die "cannot install QEMU, mmdebstrap and the helpers (apt failed; is a Debian mirror reachable?)"
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 not found after install"
command -v qemu-img >/dev/null || die "qemu-img not found after installing qemu-utils"
ver=$(Tests/E2E/kernel.sh "$cache") || die "cannot get the Debian kernel (linux-image-amd64); is an apt mirror reachable?"
step "kernel $ver"
read -r image initrd < <(Tests/E2E/debian-image.sh "$cache" "$ver") || true
[ -n "${initrd:-}" ] && [ -f "$image" ] || die "cannot build the Debian guest image (mmdebstrap; is the mirror reachable?)"
step "guest image $(basename "$image")"

if [ -z "${KIOSK_BINARY:-}" ]; then
  built=$(scripts/build-static "$cache/kiosk-static" 2> "$cache/build-static.log") \
    || { tail -5 "$cache/build-static.log" >&2; die "scripts/build-static failed (log: $cache/build-static.log)"; }
  KIOSK_BINARY="${built%% *}"
fi
file -L "$KIOSK_BINARY" | grep -q "statically linked" || die "$KIOSK_BINARY is not a static kiosk"
rm -rf "$out"; mkdir -p "$out/app"
pkg=$(KIOSK_BINARY="$KIOSK_BINARY" scripts/package "$out/pkg") || die "scripts/package failed"
deb="${pkg%% *}"
step "package $(basename "$deb"): ${pkg##* } bytes; binary $(stat -c %s "$KIOSK_BINARY") bytes"
cp "$deb" "$out/app/kiosk.deb"
drive_app=()
if [ "${KIOSK_E2E_APP:-}" = 1 ]; then
  # From a clean checkout to an app's .deb: kiosk new, then scripts/package --product. The app's
  # .build is kept in the cache between runs (a fresh package, an incremental build).
  t=$(date +%s)
  scripts/new-app e2e-app --path "$out/e2e-app" >/dev/null || die "kiosk new e2e-app failed"
  [ -d "$cache/e2e-app-build" ] && mv "$cache/e2e-app-build" "$out/e2e-app/.build"
  arc=0; apkg=$(KIOSK_BINARY="${KIOSK_APP_BINARY:-}" scripts/package --product e2e-app --package-path "$out/e2e-app" "$out/app-pkg" 2> "$out/app-package.log") || arc=$?
  abin="${KIOSK_APP_BINARY:-$out/e2e-app/.build/static/e2e-app}"
  [ $arc = 0 ] || { tail -5 "$out/app-package.log" >&2; die "scripts/package --product e2e-app failed (log: $out/app-package.log)"; }
  step "app package $(basename "${apkg%% *}"): ${apkg##* } bytes; binary $(stat -c %s "$abin") bytes; kiosk new to .deb $(( $(date +%s) - t )) s"
  cp "${apkg%% *}" "$out/app/app.deb"
  cp "$abin" "$out/e2e-app-bin"
  [ -d "$out/e2e-app/.build" ] && mv "$out/e2e-app/.build" "$cache/e2e-app-build"
  drive_app=(--template-app e2e-app --app-bin "$out/e2e-app-bin")
fi
gcc -static -O2 -o "$out/app/uinput-tap" Tests/E2E/uinput-tap.c || die "cannot build the uinput helper (gcc, libc6-dev)"
gcc -static -O2 -o "$out/app/vt-mode" Tests/E2E/vt-mode.c || die "cannot build the vt-mode helper"
mkfs.ext4 -q -F -L kioskapp -d "$out/app" "$out/app.img" 64M || die "mkfs.ext4 of the app disk failed"

set +e
python3 Tests/E2E/debian-drive.py --kernel "$cache/kernel/vmlinux" --initrd "$initrd" --image "$image" --app "$out/app.img" \
  --kiosk "$KIOSK_BINARY" --out "$out" "${drive_app[@]}" "$@"
rc=$?
set -e
step "done; artefacts in $out"
if [ $rc -eq 0 ]; then rm -rf "$out/app" "$out/app.img" "$out"/*.ppm; fi
exit $rc
