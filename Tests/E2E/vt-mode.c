/* vt-mode: prints the foreground VT's console mode and switching mode, e.g. "KD_TEXT VT_AUTO".
 * The QEMU test runs it while kiosk runs (KD_GRAPHICS VT_PROCESS) and after kiosk crashed, to
 * check that the crash handler gave the console back. */
#include <fcntl.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <stdio.h>
#include <sys/ioctl.h>

int main(void) {
    int fd = open("/dev/tty0", O_RDWR | O_NOCTTY);
    if (fd < 0) { perror("vt-mode: /dev/tty0"); return 1; }
    int kd = -1;
    struct vt_mode vm;
    if (ioctl(fd, KDGETMODE, &kd) < 0) { perror("vt-mode: KDGETMODE"); return 1; }
    if (ioctl(fd, VT_GETMODE, &vm) < 0) { perror("vt-mode: VT_GETMODE"); return 1; }
    printf("%s %s\n", kd == KD_TEXT ? "KD_TEXT" : kd == KD_GRAPHICS ? "KD_GRAPHICS" : "KD_OTHER",
           vm.mode == VT_AUTO ? "VT_AUTO" : vm.mode == VT_PROCESS ? "VT_PROCESS" : "VT_OTHER");
    return 0;
}
