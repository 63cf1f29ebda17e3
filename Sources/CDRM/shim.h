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

#endif
