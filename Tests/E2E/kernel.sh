#!/usr/bin/env bash
# Fetches the Debian kernel once into $CACHE/kernel: an uncompressed vmlinux (QEMU boots it through
# PVH, skipping SeaBIOS and xz under TCG: ≈5 s saved per boot, ../shared/notes/vm-e2e.md) and the
# module subset the guest needs, with its dependency closure and a fresh modules.dep.
# Usage: kernel.sh CACHE_DIR   → prints the kernel version on stdout.
set -euo pipefail
mkdir -p "$1"; cache=$(cd "$1" && pwd); out="$cache/kernel"
# virtio_blk, ext4 and crc32c_generic: the Debian guest's stage-1 initramfs mounts its root disk.
want="drm drm_kms_helper bochs virtio-gpu evdev uinput usbhid hid-generic xhci-pci virtio_input virtio_pci vfb virtio_blk ext4 crc32c_generic"
# The cache is reused only when it holds this very module list (a new module means a new cache).
if [ -f "$out/ready" ] && [ "$(cat "$out/modules" 2>/dev/null)" = "$want" ]; then cat "$out/ready"; exit 0; fi
rm -rf "$out" "$cache/kernel.tmp"; mkdir -p "$cache/kernel.tmp"; cd "$cache/kernel.tmp"
pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
[ -n "$pkg" ] || { echo "e2e: cannot resolve linux-image-amd64 (run apt-get update; needs a Debian mirror)" >&2; exit 2; }
apt-get download "$pkg" >&2 || { echo "e2e: apt-get download $pkg failed: no mirror reachable?" >&2; exit 2; }
dpkg-deb -x ./*.deb root
ver=$(ls root/lib/modules | head -1)
python3 - "root/boot/vmlinuz-$ver" vmlinux <<'PY'
import lzma, sys
data = open(sys.argv[1], 'rb').read()
i = data.find(b'\xfd7zXZ\x00')
if i < 0: sys.exit("e2e: no xz payload in bzImage")
d = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
open(sys.argv[2], 'wb').write(d.decompress(data[i:]))
PY
depmod -b root "$ver"
mkdir -p "$out/lib/modules/$ver"
for m in $want; do
  modprobe -d root -S "$ver" --show-depends "$m" | awk '$1=="insmod"{print $2}'
done | sort -u | while read -r f; do
  rel="${f#*/lib/modules/}"; mkdir -p "$out/lib/modules/$(dirname "$rel")"; cp "$f" "$out/lib/modules/$rel"
done
cp root/lib/modules/"$ver"/modules.{order,builtin,builtin.modinfo} "$out/lib/modules/$ver/" 2>/dev/null || true
depmod -b "$out" "$ver"
mv vmlinux "$out/vmlinux"
cd "$cache"; rm -rf kernel.tmp
echo "$want" > "$out/modules"; echo "$ver" > "$out/ready"; echo "$ver"
