// CFontconfig: font discovery and per-character fallback.
#include <fontconfig/fontconfig.h>

#include <sys/syscall.h>
#include <unistd.h>

/* The fonts a static kiosk carries (scripts/build-static assembles Debian's fonts-dejavu-core
 * files into one object with .incbin): a little-endian u32 count, then per font a u32 length and
 * its bytes. Weak: every other build links without it, and the address is NULL. */
extern const unsigned char kiosk_embedded_fonts[] __attribute__((weak));
static inline const unsigned char *kiosk_embedded_fonts_blob(void) { return kiosk_embedded_fonts; }

/* memfd_create(name, MFD_CLOEXEC) through syscall(2), which is variadic and so not callable from
 * Swift; -1 with errno on kernels before 3.17. */
static inline int kiosk_memfd_create(const char *name) { return (int)syscall(SYS_memfd_create, name, 1u); }
