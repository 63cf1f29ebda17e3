// CDRM: libdrm plus the kernel uapi headers kiosk needs, with static inline shims for what
// Swift cannot import: ioctl is variadic and the request codes are function-like macros.
#ifndef KIOSK_CDRM_SHIM_H
#define KIOSK_CDRM_SHIM_H
#include <stdint.h>
#include <errno.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#include <linux/fb.h>
#include <linux/input.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <malloc.h>

/// ioctl with a pointer argument; returns -1 and sets errno on failure (as ioctl does).
static inline int kiosk_ioctl_ptr(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }
/// ioctl with an integer argument (KDSETMODE, VT_RELDISP, VT_ACTIVATE, ...).
static inline int kiosk_ioctl_int(int fd, unsigned long request, unsigned long arg) { return ioctl(fd, request, arg); }

/// True on the process's main thread (Foundation's Thread.isMainThread pulls CoreFoundation,
/// and with it ICU's 30 MB of data, into a static kiosk binary).
#include <unistd.h>
#include <sys/syscall.h>
static inline int kiosk_is_main_thread(void) { return getpid() == (pid_t)syscall(SYS_gettid); }

// evdev request codes (function-like macros upstream).
static inline unsigned long kiosk_EVIOCGABS(unsigned int abs) { return EVIOCGABS(abs); }
static inline unsigned long kiosk_EVIOCGNAME(unsigned int len) { return EVIOCGNAME(len); }
static inline unsigned long kiosk_EVIOCGBIT(unsigned int ev, unsigned int len) { return EVIOCGBIT(ev, len); }
static inline unsigned long kiosk_EVIOCGPROP(unsigned int len) { return EVIOCGPROP(len); }
static inline unsigned long kiosk_EVIOCGKEY(unsigned int len) { return EVIOCGKEY(len); }
static inline unsigned long kiosk_EVIOCGMTSLOTS(unsigned int len) { return EVIOCGMTSLOTS(len); }
static inline unsigned long kiosk_EVIOCGRAB(void) { return EVIOCGRAB; }
static inline unsigned long kiosk_EVIOCGID(void) { return EVIOCGID; }
static inline unsigned long kiosk_EVIOCGVERSION(void) { return EVIOCGVERSION; }

// fbdev request codes.
static inline unsigned long kiosk_FBIOGET_VSCREENINFO(void) { return FBIOGET_VSCREENINFO; }
static inline unsigned long kiosk_FBIOPUT_VSCREENINFO(void) { return FBIOPUT_VSCREENINFO; }
static inline unsigned long kiosk_FBIOGET_FSCREENINFO(void) { return FBIOGET_FSCREENINFO; }
static inline unsigned long kiosk_FBIOPAN_DISPLAY(void) { return FBIOPAN_DISPLAY; }
static inline unsigned long kiosk_FBIO_WAITFORVSYNC(void) { return FBIO_WAITFORVSYNC; }
static inline unsigned long kiosk_FBIOBLANK(void) { return FBIOBLANK; }
static const unsigned long kiosk_FB_BLANK_UNBLANK = FB_BLANK_UNBLANK;
static const unsigned long kiosk_FB_BLANK_POWERDOWN = FB_BLANK_POWERDOWN;

// Console / VT request codes.
static inline unsigned long kiosk_KDSETMODE(void) { return KDSETMODE; }
static inline unsigned long kiosk_KDGETMODE(void) { return KDGETMODE; }
static inline unsigned long kiosk_VT_SETMODE(void) { return VT_SETMODE; }
static inline unsigned long kiosk_VT_GETMODE(void) { return VT_GETMODE; }
static inline unsigned long kiosk_VT_RELDISP(void) { return VT_RELDISP; }
static inline unsigned long kiosk_VT_GETSTATE(void) { return VT_GETSTATE; }

// DRM fourcc codes (macros built from fourcc_code()).
static const uint32_t kiosk_DRM_FORMAT_XRGB8888 = DRM_FORMAT_XRGB8888;
static const uint32_t kiosk_DRM_FORMAT_ARGB8888 = DRM_FORMAT_ARGB8888;
static const uint32_t kiosk_DRM_FORMAT_RGB565 = DRM_FORMAT_RGB565;

// DRM dumb-buffer request codes (macros built from DRM_IOWR()).
static inline unsigned long kiosk_DRM_IOCTL_MODE_CREATE_DUMB(void) { return DRM_IOCTL_MODE_CREATE_DUMB; }
static inline unsigned long kiosk_DRM_IOCTL_MODE_MAP_DUMB(void) { return DRM_IOCTL_MODE_MAP_DUMB; }
static inline unsigned long kiosk_DRM_IOCTL_MODE_DESTROY_DUMB(void) { return DRM_IOCTL_MODE_DESTROY_DUMB; }

// Heap bytes in use (glibc mallinfo2), for `kiosk bench`'s per-frame heap growth.
static inline size_t kiosk_heap_in_use(void) { return mallinfo2().uordblks; }

// ---- Crash path -------------------------------------------------------------------------------
// A fatal signal (SIGSEGV, SIGBUS, SIGILL from a Swift trap, SIGFPE, SIGABRT, SIGTRAP) must not
// leave the screen in KD_GRAPHICS with VT switching in process mode: the console would stay blank
// and Ctrl-Alt-Fn dead until someone logs in over the network. The handler is C because it must be
// async-signal-safe (no Swift runtime, no allocation, no locks): a few ioctls on descriptors saved
// beforehand, writes to stderr (the signal, then a backtrace: kiosk_crash_backtrace, which
// scripts/symbolize turns into function names), then the signal is raised again with its default action so the
// exit status (128 + N) and any core dump stay those of the crash. It runs on an alternate stack, so
// a stack overflow is caught too. The state lives in one static inside a static inline function:
// each object file that calls these gets its own copy, so only CrashGuard.swift may call them, from
// functions marked @inline(never) (a release build splits a module into one object per file, and
// inlining a call into another file's object gave it a second, empty state: measured in the QEMU
// test, the handler ran but restored nothing).
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct kiosk_crash_state {
    volatile sig_atomic_t tty_fd, kd_mode, vt_process, drm_fd, installed;
};
static inline struct kiosk_crash_state *kiosk_crash_state(void) {
    static struct kiosk_crash_state s = { -1, 0, 0, -1, 0 };
    return &s;
}

/// Writes `v` as 16 hex digits at `p`.
static inline void kiosk_crash_hex(char *p, uintptr_t v) {
    for (int i = 15; i >= 0; i--) { p[i] = "0123456789abcdef"[v & 15]; v >>= 4; }
}

/// The image's first byte and end, from the linker (weak: 0 where a linker does not define them).
extern const char __ehdr_start[] __attribute__((weak, visibility("hidden")));
extern const char _end[] __attribute__((weak, visibility("hidden")));

/// One line on stderr: the crashing pc, then the return addresses found by walking the frame
/// pointers of the interrupted context (Swift keeps them; C libraries built without them end the
/// walk early). Addresses inside the kiosk image are written `kiosk+0xOFFSET` when the image is
/// position-independent (addr2line reads those offsets), absolute otherwise; others (shared
/// libraries) as they are. The walk only follows frames that go up the stack by less than 16 MiB
/// each, at most 64; a bad frame pointer ends it (and if it still faults, the default action
/// already in place ends the process: the console was restored before this runs).
static inline void kiosk_crash_backtrace(const void *context) {
    const ucontext_t *uc = (const ucontext_t *)context;
    uintptr_t pc, fp, sp;
#if defined(__x86_64__)
    // REG_RIP, REG_RBP, REG_RSP (glibc names them only under _GNU_SOURCE; the ABI fixes them).
    pc = (uintptr_t)uc->uc_mcontext.gregs[16];
    fp = (uintptr_t)uc->uc_mcontext.gregs[10];
    sp = (uintptr_t)uc->uc_mcontext.gregs[15];
#elif defined(__aarch64__)
    pc = (uintptr_t)uc->uc_mcontext.pc;
    fp = (uintptr_t)uc->uc_mcontext.regs[29];
    sp = (uintptr_t)uc->uc_mcontext.sp;
#else
    (void)uc; return;
#endif
    uintptr_t base = (uintptr_t)__ehdr_start, end = (uintptr_t)_end;
    // e_type (16 bytes in) is ET_DYN for a position-independent executable.
    int pie = base && *(const uint16_t *)(base + 16) == 3;
    char line[96];
    ssize_t ignored = write(2, "kiosk: backtrace:", 17);
    for (int i = 0; i < 66; i++) {
        uintptr_t a = pc;
        if (i > 0) {
            if (!fp || (fp & 7) || fp < sp || fp - sp > ((uintptr_t)16 << 20)) break;
            uintptr_t next = ((const uintptr_t *)fp)[0];
            a = ((const uintptr_t *)fp)[1];
            if (!a) break;
            sp = fp; fp = next <= sp ? 0 : next;
            a -= 1;   // the call, not the instruction after it
        }
        int n = 0;
        line[n++] = ' ';
        if (pie && a >= base && a < end) { memcpy(line + n, "kiosk+", 6); n += 6; a -= base; }
        line[n++] = '0'; line[n++] = 'x';
        kiosk_crash_hex(line + n, a); n += 16;
        ignored = write(2, line, (size_t)n);
    }
    ignored = write(2, "\n", 1);
    (void)ignored;
}

static inline void kiosk_crash_handler(int sig, siginfo_t *info, void *context) {
    (void)info;
    struct kiosk_crash_state *s = kiosk_crash_state();
    int saved_errno = errno;
    const char *outcome = " (no VT to restore)\n";
    if (s->tty_fd >= 0) {
        int failed = 0;
        if (s->vt_process) {
            struct vt_mode m;
            memset(&m, 0, sizeof m);
            m.mode = VT_AUTO;
            failed |= ioctl(s->tty_fd, VT_SETMODE, &m) != 0;
        }
        failed |= ioctl(s->tty_fd, KDSETMODE, (unsigned long)s->kd_mode) != 0;
        outcome = failed ? "; restoring the VT failed\n" : "; VT back in text mode\n";
    }
    if (s->drm_fd >= 0) ioctl(s->drm_fd, DRM_IOCTL_DROP_MASTER, 0);
    char msg[] = "kiosk: fatal signal 00";
    msg[20] = (char)('0' + (sig / 10) % 10);
    msg[21] = (char)('0' + sig % 10);
    ssize_t ignored = write(2, msg, sizeof msg - 1);
    ignored = write(2, outcome, strlen(outcome));
    (void)ignored;
    if (context) kiosk_crash_backtrace(context);
    errno = saved_errno;
    // SA_RESETHAND already put back the default action; the signal is delivered again as soon as
    // the handler returns (a fault would also simply recur), and the process dies of it.
    raise(sig);
}

/// The size of the alternate signal stacks kiosk maps, and the least it takes of one a thread
/// already has (the handler needs a few hundred bytes: a write, two ioctls).
#define KIOSK_ALTSTACK_SIZE (64 * 1024)
#define KIOSK_ALTSTACK_KEEP (16 * 1024)

/// At thread exit: turns off and unmaps the alternate stack kiosk_crash_guard_thread mapped.
static inline void kiosk_crash_altstack_free(void *p) {
    stack_t cur;
    if (sigaltstack(0, &cur) == 0 && cur.ss_sp == p) {
        stack_t off;
        memset(&off, 0, sizeof off);
        off.ss_flags = SS_DISABLE;
        sigaltstack(&off, 0);
    }
    munmap(p, KIOSK_ALTSTACK_SIZE);
}

/// The thread-specific key whose destructor frees a thread's stack, and whether it was made
/// (function-local statics: a header's file-scope statics are not emitted for Swift).
struct kiosk_crash_altstack_key_state { pthread_key_t key; int made; };
static inline struct kiosk_crash_altstack_key_state *kiosk_crash_altstack_key_state(void) {
    static struct kiosk_crash_altstack_key_state s;
    return &s;
}
static inline void kiosk_crash_altstack_make_key(void) {
    struct kiosk_crash_altstack_key_state *s = kiosk_crash_altstack_key_state();
    s->made = pthread_key_create(&s->key, kiosk_crash_altstack_free) == 0;
}

/// The key, made once; 0 when it cannot be made.
static inline pthread_key_t *kiosk_crash_altstack_key(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, kiosk_crash_altstack_make_key);
    struct kiosk_crash_altstack_key_state *s = kiosk_crash_altstack_key_state();
    return s->made ? &s->key : 0;
}

/// Gives the calling thread an alternate signal stack (once per thread). Needed on every thread
/// that runs kiosk's code: under dispatchMain() the main queue is drained by worker threads, not
/// the main thread. A thread that has one already keeps it: AddressSanitizer gives every thread
/// its own and unmaps it at thread exit (replacing it made that unmap fail and ASan abort). The
/// stack is mapped, not allocated, and unmapped when its thread exits: dispatch's worker threads
/// come and go, and each one's 64 KiB was kept for the life of the process (LeakSanitizer).
/// Returns 0 or -1.
static inline int kiosk_crash_guard_thread(void) {
    static __thread int ready;
    if (ready) return 0;
    stack_t st;
    if (sigaltstack(0, &st) == 0 && !(st.ss_flags & SS_DISABLE) && st.ss_size >= KIOSK_ALTSTACK_KEEP) {
        ready = 1;
        return 0;
    }
    pthread_key_t *key = kiosk_crash_altstack_key();
    if (!key) return -1;
    void *p = mmap(0, KIOSK_ALTSTACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return -1;
    memset(&st, 0, sizeof st);
    st.ss_sp = p; st.ss_size = KIOSK_ALTSTACK_SIZE;
    if (sigaltstack(&st, 0) != 0) { munmap(p, KIOSK_ALTSTACK_SIZE); return -1; }
    if (pthread_setspecific(*key, p) != 0) { kiosk_crash_altstack_free(p); return -1; }
    ready = 1;
    return 0;
}

/// Installs the handler (once) on the alternate stack for every fatal signal, and gives the
/// calling thread its alternate stack. Returns 0 or -1.
static inline int kiosk_crash_guard_install(void) {
    struct kiosk_crash_state *s = kiosk_crash_state();
    if (kiosk_crash_guard_thread() != 0) return -1;
    if (s->installed) return 0;
    static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = kiosk_crash_handler;
        sa.sa_flags = SA_RESETHAND | SA_ONSTACK | SA_SIGINFO;
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], &sa, 0) != 0) return -1;
    }
    s->installed = 1;
    return 0;
}
/// What the handler restores: the VT (fd, KD mode to put back, whether VT_PROCESS is on; fd -1 =
/// none) and the DRM card whose master to drop (-1 = none).
static inline void kiosk_crash_guard_console(int tty_fd, int kd_mode, int vt_process) {
    struct kiosk_crash_state *s = kiosk_crash_state();
    s->kd_mode = kd_mode; s->vt_process = vt_process; s->tty_fd = tty_fd;
}
static inline void kiosk_crash_guard_drm(int drm_fd) { kiosk_crash_state()->drm_fd = drm_fd; }
static inline int kiosk_crash_guard_installed(void) { return kiosk_crash_state()->installed; }

/// Debug crashes for the QEMU test (KIOSK_DEBUG_CRASH): a write through a bad pointer, and
/// unbounded recursion that runs into the stack guard page (only the alternate stack can then
/// run the handler).
static inline void kiosk_crash_segv(void) { *(volatile int *)16 = 1; }
static inline int kiosk_crash_overflow(volatile char *previous) {
    volatile char frame[4096];
    frame[0] = previous ? previous[1] : 1;
    frame[1] = frame[0];
    return kiosk_crash_overflow(frame) + frame[4095];
}


// ---- Display hot-plug ---------------------------------------------------------------------------
// The kernel announces connector changes as uevents (SUBSYSTEM=drm, HOTPLUG=1) on multicast group 1
// of a NETLINK_KOBJECT_UEVENT socket: local kernel IPC, readable without privileges, and what udev
// itself listens to. kiosk reads it directly so it works without udev (a busybox initramfs).
#include <sys/socket.h>
#include <linux/netlink.h>
/// A non-blocking uevent socket bound to the kernel's group; -1 with errno set on failure.
static inline int kiosk_uevent_socket(void) {
    int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_KOBJECT_UEVENT);
    if (fd < 0) return -1;
    struct sockaddr_nl a;
    memset(&a, 0, sizeof a);
    a.nl_family = AF_NETLINK;
    a.nl_groups = 1;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0) { int e = errno; close(fd); errno = e; return -1; }
    return fd;
}

#endif
