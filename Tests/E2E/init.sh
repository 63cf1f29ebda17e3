#!/bin/sh
# /init of the QEMU test guest (busybox initramfs). The scenario comes from the kernel command line
# (kiosk.scenario=…); the host drives taps and screendumps through QMP and reads the markers below
# on the serial console.
export PATH=/bin:/sbin LD_LIBRARY_PATH=/lib/x86_64-linux-gnu
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
exec </dev/console >/dev/console 2>&1
scenario=$(sed -n 's/.*kiosk\.scenario=\([a-z0-9-]*\).*/\1/p' /proc/cmdline)
rotation=$(sed -n 's/.*kiosk\.rotation=\([0-9]*\).*/\1/p' /proc/cmdline)
echo "e2e: scenario $scenario rotation ${rotation:-0}"
# fbdev: evdev comes later, so that /dev/input does not exist when kiosk starts (hot-plug of the
# directory itself). mousedev is built in and makes /dev/input/mouse0 once the tablet enumerates.
evdev=evdev; [ "$scenario" = fbdev ] && evdev=
for m in $evdev uinput xhci-pci usbhid hid-generic virtio_pci virtio_input; do modprobe $m 2>/dev/null; done
case "$scenario" in
  bochs|fbdev) modprobe bochs ;;
  virtio) modprobe virtio-gpu ;;
esac
echo 0 > /sys/class/graphics/fbcon/cursor_blink 2>/dev/null
display=drm
if [ "$scenario" = fbdev ]; then
  # Hide DRM so `auto` must fall back to the framebuffer (the DRM driver's fbdev emulation).
  rm -rf /dev/dri; display=auto
  for i in $(seq 1 30); do [ -e /dev/input/mouse0 ] && break; sleep 0.1; done
  rm -rf /dev/input
fi
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/fb0 ] || [ -e /dev/dri/card0 ] && break; sleep 0.2; done
/bin/kiosk probe
echo "e2e: starting kiosk"
( /bin/kiosk run --scene gallery --display $display --rotation ${rotation:-0} --frame-markers; echo "e2e: kiosk exited $?" ) > /tmp/kiosk.out 2>&1 &
sleep 0.2; pid=$(pidof kiosk)
tail -f /tmp/kiosk.out &
if [ "$scenario" = fbdev ]; then
  ( for i in $(seq 1 200); do grep -q "kiosk: frame 1" /tmp/kiosk.out && break; sleep 0.1; done
    modprobe evdev; echo "e2e: evdev loaded" ) &
fi
# If the kiosk shows nothing within 20 s, say where it is stuck (for the console log).
( sleep 20; grep -q "kiosk: frame 1" /tmp/kiosk.out || { echo "e2e: kiosk shows nothing after 20 s:"
  dmesg | grep -iE "trap|segfault|kiosk" | tail -5
  [ -d /proc/$pid ] && for t in /proc/$pid/task/*; do echo "  $t $(cat $t/wchan) $(cat $t/syscall 2>/dev/null)"; done; } ) &
# Commands from the host arrive on the second serial port, one per line.
stty -F /dev/ttyS1 -echo 2>/dev/null
exec 3</dev/ttyS1
while read -r cmd args <&3; do
  case "$cmd" in
    uinput) /bin/uinput-tap $args ;;
    keys) /bin/uinput-keys $args ;;
    idle)
      # Context switches of every kiosk thread over $args seconds with nothing happening.
      sw() { cat /proc/$pid/task/*/status | awk '/ctxt_switches/{n+=$2} END{print n}'; }
      a=$(sw); sleep $args; b=$(sw)
      echo "e2e: idle wakeups $((b - a)) in $args s" ;;
    vt2) chvt 2; sleep 1; echo "e2e: on vt2" ;;
    vt1) chvt 1; echo "e2e: on vt1" ;;
    stop)
      kill -TERM $pid
      for i in $(seq 1 100); do grep -q "e2e: kiosk exited" /tmp/kiosk.out && break; sleep 0.1; done
      # tail -f polls once a second: print the last lines here so none are lost at power-off.
      grep -E "stopping|exited|error" /tmp/kiosk.out | sed 's/^/e2e: final: /' ;;
    holdmaster)
      # Another process is DRM master (this shell: the first opener of a card with no master
      # becomes master) when kiosk starts; kiosk must wait, then show its frame once it lets go.
      exec 5<>/dev/dri/card0
      # (kiosk must not inherit descriptor 5: the master's file would stay open in kiosk itself.)
      ( exec 5>&-; /bin/kiosk run --scene gallery --display drm --frame-markers; echo "e2e: held: kiosk exited $?" ) > /tmp/held.out 2>&1 &
      sleep $args
      echo "e2e: held: frames while held $(grep -c 'kiosk: frame' /tmp/held.out)"
      grep -m1 "DRM master" /tmp/held.out | sed 's/^/e2e: held: /'
      exec 5>&-
      for i in $(seq 1 100); do grep -q "kiosk: frame 1" /tmp/held.out && break; sleep 0.1; done
      echo "e2e: held: after release $(grep -c 'kiosk: frame' /tmp/held.out) frames" ;;
    heldstop)
      kill -TERM $(pidof kiosk)
      for i in $(seq 1 100); do grep -q "e2e: held: kiosk exited" /tmp/held.out && break; sleep 0.1; done
      grep "kiosk exited" /tmp/held.out ;;
    typing)
      # A TextField scene (text-entry; `--keyboard always`: the on-screen keyboard shows although a
      # keyboard is attached) typed into through a uinput keyboard: Tab focuses the name field, then
      # TEXT and Enter ($args: TEXT DELAY_MS).
      ( /bin/kiosk run --scene text-entry --display $display --keyboard always --frame-markers
        echo "e2e: typing: kiosk exited $?" ) > /tmp/typing.out 2>&1 &
      for i in $(seq 1 100); do grep -q "kiosk: frame 1" /tmp/typing.out && break; sleep 0.1; done
      echo "e2e: typing: first frame $(grep -c 'kiosk: frame' /tmp/typing.out)"
      /bin/uinput-keys --tab $args
      sleep 0.5
      # A kiosk that died meanwhile: its last words, for the host's report.
      pidof kiosk >/dev/null || tail -n 12 /tmp/typing.out | sed 's/^/e2e: typing: log: /'
      echo "e2e: typing: typed" ;;
    typingstop)
      kill -TERM $(pidof kiosk)
      for i in $(seq 1 100); do grep -q "e2e: typing: kiosk exited" /tmp/typing.out && break; sleep 0.1; done
      grep -E "kiosk exited|error" /tmp/typing.out | sed 's/^/e2e: typing: /' ;;
    crash)
      # A kiosk that crashes (KIOSK_DEBUG_CRASH=$args, 1 s after its first frame) must leave the
      # console in text mode with automatic VT switching, and die of the signal.
      ( KIOSK_DEBUG_CRASH=$args KIOSK_DEBUG_CRASH_AFTER=1 /bin/kiosk run --scene gallery --display $display --frame-markers
        echo "e2e: crash $args: kiosk exited $?" ) > /tmp/crash.out 2>&1 &
      for i in $(seq 1 100); do grep -q "kiosk: frame 1" /tmp/crash.out && break; sleep 0.1; done
      echo "e2e: crash $args: running $(/bin/vt-mode)"
      for i in $(seq 1 150); do grep -q "kiosk exited" /tmp/crash.out && break; sleep 0.1; done
      grep -E "fatal signal|kiosk: backtrace|kiosk exited" /tmp/crash.out | sed 's/^/e2e: /'
      echo "e2e: crash $args: after $(/bin/vt-mode)" ;;
    vfb)
      # vfb: a framebuffer in plain memory, the one fbdev driver here that pans (the DRM emulation
      # does not). kiosk must double-buffer by panning; fb-sample reads the page being shown after
      # the first frame and after each tap ($args: X Y pairs, through uinput).
      modprobe vfb vfb_enable=1 videomemorysize=3072000 2>&1 | sed 's/^/e2e: vfb: /'
      fb=; for f in /sys/class/graphics/fb*; do grep -q "Virtual FB" $f/name 2>/dev/null && fb=${f##*/}; done
      echo "e2e: vfb: device /dev/$fb $(/bin/fb-sample /dev/$fb mode 800 480 32)"
      ( /bin/kiosk run --scene gallery --display fbdev:/dev/$fb --frame-markers; echo "e2e: vfb: kiosk exited $?" ) > /tmp/vfb.out 2>&1 &
      for i in $(seq 1 100); do grep -q "kiosk: frame 1" /tmp/vfb.out && break; sleep 0.1; done
      grep -m1 "run: fbdev" /tmp/vfb.out | sed 's/^/e2e: vfb: /'
      echo "e2e: vfb: frame 1 $(/bin/fb-sample /dev/$fb 16 10)"
      n=1; set -- $args
      while [ $# -ge 2 ]; do
        n=$((n + 1))
        /bin/uinput-tap 800 480 $1 $2 > /dev/null
        for i in $(seq 1 50); do grep -q "kiosk: frame $n" /tmp/vfb.out && break; sleep 0.1; done
        echo "e2e: vfb: frame $n $(/bin/fb-sample /dev/$fb 16 10)"
        shift 2
      done
      kill -TERM $(pidof kiosk)
      for i in $(seq 1 100); do grep -q "e2e: vfb: kiosk exited" /tmp/vfb.out && break; sleep 0.1; done
      grep -E "error|exited" /tmp/vfb.out | sed 's/^/e2e: vfb: /'
      echo "e2e: vfb: done" ;;
    unplug)
      # The screen unplugged, then plugged back: the connector forced off, then back to detection,
      # through sysfs. virtio-gpu does not poll its connectors, so the kernel sends no HOTPLUG
      # uevent for that (measured); a `change` written to the card's uevent file stands in for it.
      st=$(ls -d /sys/class/drm/card0-*/status | head -1)
      n=$(grep -c 'kiosk: frame' /tmp/kiosk.out)
      echo off > $st; echo change > /sys/class/drm/card0/uevent; echo "e2e: unplug: connector $(cat $st)"
      for i in $(seq 1 100); do grep -q "was unplugged" /tmp/kiosk.out && break; sleep 0.1; done
      grep -m1 "was unplugged" /tmp/kiosk.out | sed 's/^/e2e: unplug: /'
      sleep $args
      echo "e2e: unplug: frames while unplugged $(( $(grep -c 'kiosk: frame' /tmp/kiosk.out) - n ))"
      n=$(grep -c 'kiosk: frame' /tmp/kiosk.out)
      echo detect > $st; echo change > /sys/class/drm/card0/uevent; echo "e2e: unplug: connector $(cat $st)"
      for i in $(seq 1 100); do grep -q "showing frames again" /tmp/kiosk.out && break; sleep 0.1; done
      grep -m1 "is back" /tmp/kiosk.out | sed 's/^/e2e: unplug: /'
      echo "e2e: unplug: frames after replug $(( $(grep -c 'kiosk: frame' /tmp/kiosk.out) - n ))" ;;
    idlerun)
      # The idle policy with a stand-in backlight directory ($args: DIM OFF CURSOR-HIDE seconds):
      # `brightness` gets the dim value after DIM s without input and the panel goes off after OFF s
      # (the host watches the screendump go black, then wakes it with a tablet tap).
      set -- $args
      up() { read u _ < /proc/uptime; echo $u; }
      since() { echo "$(up) $1" | awk '{printf "%.1f", $1 - $2}'; }
      mkdir -p /tmp/bl; echo 100 > /tmp/bl/max_brightness; echo 100 > /tmp/bl/brightness
      ( /bin/kiosk run --scene gallery --display drm --frame-markers --backlight /tmp/bl --idle-dim $1 \
          --dim-brightness 10% --idle-off $2 --cursor-hide $3 --control-socket /tmp/kiosk.ctl
        echo "e2e: idlerun: kiosk exited $?" ) > /tmp/idle.out 2>&1 &
      for i in $(seq 1 200); do grep -q "kiosk: frame 1" /tmp/idle.out && break; sleep 0.05; done
      t0=$(up)
      echo "e2e: idlerun: first frame, brightness $(cat /tmp/bl/brightness)"
      for i in $(seq 1 400); do [ "$(cat /tmp/bl/brightness)" = 100 ] || break; sleep 0.05; done
      echo "e2e: idlerun: brightness $(cat /tmp/bl/brightness) after $(since $t0) s"
      for i in $(seq 1 400); do grep -q "idle: dimmed → off" /tmp/idle.out && break; sleep 0.05; done
      echo "e2e: idlerun: panel off after $(since $t0) s, $(grep -c 'kiosk: frame' /tmp/idle.out) frames"
      # kiosk's own times (its loop's clock, from its first frame): on a loaded host this shell's
      # polling can see the first frame seconds late, so its times above are only a rough check.
      echo "e2e: idlerun: kiosk says dim $(grep -m1 'idle: active → dimmed after' /tmp/idle.out | sed 's/.* after \([0-9.]*\) s.*/\1/'), off $(grep -m1 'idle: dimmed → off after' /tmp/idle.out | sed 's/.* after \([0-9.]*\) s.*/\1/')" ;;
    idlestate)
      echo "e2e: idlestate: brightness $(cat /tmp/bl/brightness), $(grep -c 'kiosk: frame' /tmp/idle.out) frames"
      grep -E "idle:|error|warning" /tmp/idle.out | sed 's/^/e2e: idlestate: /' ;;
    shot)
      # `kiosk screenshot` over the control socket; the PNG comes to the host in base64 on the console.
      /bin/kiosk screenshot -o /tmp/shot.png --socket /tmp/kiosk.ctl 2>&1 | sed 's/^/e2e: shot: /'
      echo "e2e: shot: begin $(stat -c %s /tmp/shot.png 2>/dev/null)"
      base64 /tmp/shot.png | sed 's/^/b64:/'
      echo "e2e: shot: end" ;;
    idlestop)
      kill -TERM $(pidof kiosk)
      for i in $(seq 1 100); do grep -q "e2e: idlerun: kiosk exited" /tmp/idle.out && break; sleep 0.1; done
      grep "kiosk exited" /tmp/idle.out ;;
    poweroff) break ;;
  esac
done
sync
poweroff -f
