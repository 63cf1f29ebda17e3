/* uinput-keys: creates a USB-keyboard-like uinput device inside the QEMU guest (letter keys, so
 * kiosk classifies it as a keyboard, as it would a barcode scanner), waits for the kiosk to
 * hot-plug it (another process holds its /dev/input/eventN open), then types TEXT one key every DELAY ms (default 1: a scanner at 1000 keys a second)
 * and Enter, and removes the device a second later (kiosk then logs how many key presses it sent).
 * TEXT: letters (capitals with Shift), digits, space and - = , . / on the US layout. With --tab,
 * Tab is pressed first (it moves focus to the first text field of a scene with nothing focused).
 * Usage: uinput-keys [--tab] TEXT [DELAY_MS] */
#include <dirent.h>
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
    if (write(fd, &e, sizeof e) != sizeof e) { perror("uinput-keys: write"); exit(1); }
}
static void msleep(int ms) { struct timespec t = { ms / 1000, (ms % 1000) * 1000000L }; nanosleep(&t, 0); }
static void key(int code, int value) { emit(EV_MSC, MSC_SCAN, 0x70000 + code); emit(EV_KEY, code, value); emit(EV_SYN, SYN_REPORT, 0); }

/* The evdev code of c on the US layout, and whether it needs Shift; 0 if not typable. */
static int code_of(char c, int *shift) {
    static const char *rows[] = { "qwertyuiop", "asdfghjkl", "zxcvbnm" };
    static const int starts[] = { KEY_Q, KEY_A, KEY_Z };
    *shift = c >= 'A' && c <= 'Z';
    if (*shift) c = c - 'A' + 'a';
    for (int r = 0; r < 3; r++) { const char *p = strchr(rows[r], c); if (p && c) return starts[r] + (int)(p - rows[r]); }
    if (c >= '1' && c <= '9') return KEY_1 + (c - '1');
    switch (c) {
    case '0': return KEY_0; case '-': return KEY_MINUS; case '=': return KEY_EQUAL; case ' ': return KEY_SPACE;
    case ',': return KEY_COMMA; case '.': return KEY_DOT; case '/': return KEY_SLASH;
    }
    return 0;
}

/* True once a process other than this one has the device's event node open (/proc/PID/fd):
 * the kiosk has hot-plugged it, so no key typed from now on can arrive before its reader. */
static int opened_elsewhere(const char *node) {
    DIR *proc = opendir("/proc");
    if (!proc) return 0;
    int found = 0; char self[32]; snprintf(self, sizeof self, "%d", (int)getpid());
    for (struct dirent *p; !found && (p = readdir(proc));) {
        if (p->d_name[0] < '0' || p->d_name[0] > '9' || strcmp(p->d_name, self) == 0) continue;
        char dir[300]; snprintf(dir, sizeof dir, "/proc/%s/fd", p->d_name);
        DIR *fds = opendir(dir);
        if (!fds) continue;
        for (struct dirent *f; !found && (f = readdir(fds));) {
            char link[600], target[300];
            snprintf(link, sizeof link, "%s/%s", dir, f->d_name);
            ssize_t n = readlink(link, target, sizeof target - 1);
            if (n > 0) { target[n] = 0; found = strcmp(target, node) == 0; }
        }
        closedir(fds);
    }
    closedir(proc);
    return found;
}

/* Waits (up to 30 s) until the kiosk has opened the device; 0 if it never did. */
static int wait_until_opened(void) {
    char sysname[64] = "", node[300] = "";
    if (ioctl(fd, UI_GET_SYSNAME(sizeof sysname), sysname) < 0) { msleep(1500); return 1; }   /* old kernel: guess */
    char path[192]; snprintf(path, sizeof path, "/sys/devices/virtual/input/%s", sysname);
    for (int t = 0; t < 3000; t++) {
        if (!node[0]) {
            DIR *d = opendir(path);
            for (struct dirent *e; d && (e = readdir(d));)
                if (strncmp(e->d_name, "event", 5) == 0) snprintf(node, sizeof node, "/dev/input/%s", e->d_name);
            if (d) closedir(d);
        }
        if (node[0] && opened_elsewhere(node)) { msleep(100); return 1; }   /* its read source armed too */
        msleep(10);
    }
    fprintf(stderr, "uinput-keys: no process opened %s within 30 s\n", node[0] ? node : path);
    return 0;
}

int main(int argc, char **argv) {
    int tab = argc > 1 && strcmp(argv[1], "--tab") == 0;
    if (tab) { argv++; argc--; }
    if (argc != 2 && argc != 3) { fprintf(stderr, "usage: uinput-keys [--tab] TEXT [DELAY_MS]\n"); return 2; }
    const char *text = argv[1];
    int delay = argc == 3 ? atoi(argv[2]) : 1;
    fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) { perror("uinput-keys: /dev/uinput (modprobe uinput?)"); return 1; }
    ioctl(fd, UI_SET_EVBIT, EV_KEY); ioctl(fd, UI_SET_EVBIT, EV_MSC); ioctl(fd, UI_SET_MSCBIT, MSC_SCAN);
    for (int k = KEY_ESC; k <= KEY_KPDOT; k++) ioctl(fd, UI_SET_KEYBIT, k);
    ioctl(fd, UI_SET_KEYBIT, KEY_KPENTER);
    struct uinput_setup s; memset(&s, 0, sizeof s);
    s.id.bustype = BUS_USB; s.id.vendor = 0x1234; s.id.product = 0x5679;
    strcpy(s.name, "kiosk-e2e keyboard");
    if (ioctl(fd, UI_DEV_SETUP, &s) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) { perror("uinput-keys: create"); return 1; }
    if (!wait_until_opened()) return 1;
    int n = 0;
    if (tab) { key(KEY_TAB, 1); key(KEY_TAB, 0); n++; msleep(delay); }
    for (const char *p = text; *p; p++) {
        int shift, code = code_of(*p, &shift);
        if (!code) { fprintf(stderr, "uinput-keys: cannot type '%c'\n", *p); continue; }
        if (shift) key(KEY_LEFTSHIFT, 1);
        key(code, 1); key(code, 0);
        if (shift) key(KEY_LEFTSHIFT, 0);
        n++;
        msleep(delay);
    }
    key(KEY_ENTER, 1); key(KEY_ENTER, 0); n++;
    printf("uinput-keys: typed %d keys\n", n); fflush(stdout);
    msleep(2000); /* keep the device until the kiosk has read everything (the kernel drops what is unread) */
    ioctl(fd, UI_DEV_DESTROY);
    return 0;
}
