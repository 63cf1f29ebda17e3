/* uinput-tap: creates a multitouch (protocol B) touchscreen inside the QEMU guest, waits for the
 * kiosk to hot-plug it, then taps. Coordinates are panel pixels; the device's axis range is the
 * panel size, so kiosk's min/max calibration maps them 1:1.
 * Usage: uinput-tap WIDTH HEIGHT X Y [X2 Y2]   (a second pair = a two-finger tap) */
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static int fd;
static void emit(int type, int code, int value) {
    struct input_event e; memset(&e, 0, sizeof e);
    e.type = type; e.code = code; e.value = value;
    if (write(fd, &e, sizeof e) != sizeof e) { perror("uinput-tap: write"); exit(1); }
}
static void msleep(int ms) { struct timespec t = { ms / 1000, (ms % 1000) * 1000000L }; nanosleep(&t, 0); }
static void absaxis(int code, int max) {
    struct uinput_abs_setup a; memset(&a, 0, sizeof a);
    a.code = code; a.absinfo.minimum = 0; a.absinfo.maximum = max;
    if (ioctl(fd, UI_ABS_SETUP, &a) < 0) { perror("uinput-tap: UI_ABS_SETUP"); exit(1); }
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 7) { fprintf(stderr, "usage: uinput-tap W H X Y [X2 Y2]\n"); return 2; }
    int w = atoi(argv[1]), h = atoi(argv[2]);
    int fingers = argc == 7 ? 2 : 1;
    fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) { perror("uinput-tap: /dev/uinput (modprobe uinput?)"); return 1; }
    ioctl(fd, UI_SET_EVBIT, EV_KEY); ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(fd, UI_SET_EVBIT, EV_ABS);
    ioctl(fd, UI_SET_ABSBIT, ABS_X); ioctl(fd, UI_SET_ABSBIT, ABS_Y);
    ioctl(fd, UI_SET_ABSBIT, ABS_MT_SLOT); ioctl(fd, UI_SET_ABSBIT, ABS_MT_TRACKING_ID);
    ioctl(fd, UI_SET_ABSBIT, ABS_MT_POSITION_X); ioctl(fd, UI_SET_ABSBIT, ABS_MT_POSITION_Y);
    ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    absaxis(ABS_X, w - 1); absaxis(ABS_Y, h - 1);
    absaxis(ABS_MT_POSITION_X, w - 1); absaxis(ABS_MT_POSITION_Y, h - 1);
    absaxis(ABS_MT_SLOT, 9); absaxis(ABS_MT_TRACKING_ID, 65535);
    struct uinput_setup s; memset(&s, 0, sizeof s);
    s.id.bustype = BUS_VIRTUAL; s.id.vendor = 0x1234; s.id.product = 0x5678;
    strcpy(s.name, "kiosk-e2e multitouch");
    if (ioctl(fd, UI_DEV_SETUP, &s) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) { perror("uinput-tap: create"); return 1; }
    msleep(1500); /* let the kiosk see it through inotify and open it */
    for (int f = 0; f < fingers; f++) {
        emit(EV_ABS, ABS_MT_SLOT, f); emit(EV_ABS, ABS_MT_TRACKING_ID, 100 + f);
        emit(EV_ABS, ABS_MT_POSITION_X, atoi(argv[3 + 2 * f])); emit(EV_ABS, ABS_MT_POSITION_Y, atoi(argv[4 + 2 * f]));
    }
    emit(EV_KEY, BTN_TOUCH, 1); emit(EV_SYN, SYN_REPORT, 0);
    msleep(80);
    for (int f = 0; f < fingers; f++) { emit(EV_ABS, ABS_MT_SLOT, f); emit(EV_ABS, ABS_MT_TRACKING_ID, -1); }
    emit(EV_KEY, BTN_TOUCH, 0); emit(EV_SYN, SYN_REPORT, 0);
    printf("uinput-tap: tapped\n"); fflush(stdout);
    msleep(3000); /* keep the device until the kiosk has drawn */
    ioctl(fd, UI_DEV_DESTROY);
    return 0;
}
