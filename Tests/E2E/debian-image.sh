#!/usr/bin/env bash
# Builds (once, cached under CACHE keyed by its inputs) the Debian 12 guest of the service test:
# a minbase root with systemd and udev and nothing else (no fonts, no kiosk: the test installs the
# .deb inside the running guest), the kernel's module subset, a fixed machine-id (no first-boot
# presets), and the test agent that runs the host's commands from the second serial port. Plus
# the 3 MB busybox stage-1 initramfs that mounts /dev/vda and switches to systemd.
# Usage: debian-image.sh CACHE KERNEL_VERSION   → prints "IMAGE INITRD" on stdout.
# Env: KIOSK_E2E_MIRROR (default: the host's first Debian URI, else http://deb.debian.org/debian).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"; cache=$(cd "$1" && pwd); ver=$2; kdir="$cache/kernel"
mirror="${KIOSK_E2E_MIRROR:-$(sed -n 's/^URIs: *\(http[^ ]*debian\)\/*$/\1/p; s/^deb \(http[^ ]*debian\)\/* bookworm .*/\1/p' \
  /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | head -1 || true)}"
mirror="${mirror:-http://deb.debian.org/debian}"
include=systemd,systemd-sysv,udev,kmod

# The key: everything that goes into the image.
key=$( { echo "$ver $include v1"; cat "$here/debian-image.sh" "$here/guest-agent.sh" "$here/stage1-init.sh"; } | sha256sum | cut -c1-16)
img="$cache/debian-$key.img"; initrd="$cache/stage1-$key.cpio"
if [ -f "$img" ] && [ -f "$initrd" ]; then echo "$img $initrd"; exit 0; fi
rm -f "$cache"/debian-*.img "$cache"/stage1-*.cpio

t0=$(date +%s)
root="$cache/debian-root.tmp"; rm -rf "$root"
echo "e2e-debian: building the Debian 12 guest (mmdebstrap $include from $mirror)" >&2
if command -v mmdebstrap >/dev/null; then
  mmdebstrap --mode=root --variant=minbase --include="$include" --quiet bookworm "$root" "$mirror" >&2
else
  debootstrap --variant=minbase --include="$include" bookworm "$root" "$mirror" >&2
fi
echo "e2e-debian: root file system in $(( $(date +%s) - t0 )) s" >&2
cp -a "$kdir/lib/modules" "$root/lib/"
echo 3f1c9a7e5b2d4c6e8f0a1b2c3d4e5f60 > "$root/etc/machine-id"
echo kiosk-e2e > "$root/etc/hostname"
rm -f "$root"/etc/apt/apt.conf.d/*proxy* 2>/dev/null || true
# Timers that would start apt in the middle of a measurement.
for u in apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer; do ln -sf /dev/null "$root/etc/systemd/system/$u"; done
install -m 0755 "$here/guest-agent.sh" "$root/usr/local/sbin/e2e-agent"
cat > "$root/etc/systemd/system/e2e-agent.service" <<'EOF'
# Test only: runs the host's commands from /dev/ttyS1 (QEMU's second serial port), as root.
[Unit]
Description=kiosk e2e test agent
DefaultDependencies=no
After=systemd-udevd.service local-fs.target
[Service]
ExecStart=/usr/local/sbin/e2e-agent
Restart=always
[Install]
WantedBy=sysinit.target
EOF
mkdir -p "$root/etc/systemd/system/sysinit.target.wants"
ln -sf ../e2e-agent.service "$root/etc/systemd/system/sysinit.target.wants/e2e-agent.service"
rm -rf "$root/var/cache/apt/archives"/*.deb "$root/var/lib/apt/lists"/* 2>/dev/null || true
mkfs.ext4 -q -F -L kioskroot -d "$root" "$img.tmp" 1G >&2
rm -rf "$root"

# Stage 1: busybox, the modules for virtio disks and ext4, /init.
ir="$cache/stage1.tmp"; rm -rf "$ir"; mkdir -p "$ir"/{bin,proc,sys,dev,newroot,lib}
cp /bin/busybox "$ir/bin/busybox"
for a in sh mount umount modprobe switch_root sleep seq echo poweroff cat; do ln -s busybox "$ir/bin/$a"; done
cp -a "$kdir/lib/modules" "$ir/lib/"
install -m 0755 "$here/stage1-init.sh" "$ir/init"
(cd "$ir" && find . | cpio -o -H newc --quiet) > "$initrd.tmp"
rm -rf "$ir"
mv "$img.tmp" "$img"; mv "$initrd.tmp" "$initrd"
echo "e2e-debian: guest image $(du -h "$img" | cut -f1) used, built in $(( $(date +%s) - t0 )) s" >&2
echo "$img $initrd"
