#!/bin/sh
# Stage 1 of the Debian guest (busybox): load the virtio disk and ext4 modules, mount the root
# disk read-write (QEMU's snapshot=on keeps the cached image untouched), hand over to systemd.
export PATH=/bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
for m in virtio_pci virtio_blk crc32c_generic ext4; do modprobe $m; done
for i in $(seq 1 100); do [ -b /dev/vda ] && break; sleep 0.05; done
if ! mount -t ext4 -o rw /dev/vda /newroot; then echo "e2e: stage1: cannot mount /dev/vda"; poweroff -f; fi
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
