// CFontconfig: font discovery and per-character fallback.
#include <fontconfig/fontconfig.h>

#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <zlib.h>

/* The fonts a static kiosk carries (scripts/build-static assembles Debian's fonts-dejavu-core
 * files, gzip-compressed, into one object with .incbin): a little-endian u32 count, then per font
 * a u32 length and its bytes (a font file, or a gzip stream of one). Weak: every other build links
 * without it, and the address is NULL. */
extern const unsigned char kiosk_embedded_fonts[] __attribute__((weak));
static inline const unsigned char *kiosk_embedded_fonts_blob(void) { return kiosk_embedded_fonts; }

/* memfd_create(name, MFD_CLOEXEC) through syscall(2), which is variadic and so not callable from
 * Swift; -1 with errno on kernels before 3.17. */
static inline int kiosk_memfd_create(const char *name) { return (int)syscall(SYS_memfd_create, name, 1u); }

/* Inflates the gzip stream src[0..n) into fd. Returns the bytes written, or -1 for a corrupt or
 * truncated stream or a failed write. */
static inline long kiosk_gunzip_to_fd(const unsigned char *src, size_t n, int fd) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateInit2(&s, 16 + MAX_WBITS) != Z_OK) return -1;
    unsigned char out[32768];
    long total = 0;
    int rc;
    s.next_in = (Bytef *)src;
    s.avail_in = (uInt)n;
    do {
        s.next_out = out;
        s.avail_out = sizeof out;
        rc = inflate(&s, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END) { inflateEnd(&s); return -1; }
        size_t have = sizeof out - s.avail_out, off = 0;
        while (off < have) {
            ssize_t w = write(fd, out + off, have - off);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) { inflateEnd(&s); return -1; }
            off += (size_t)w;
        }
        total += (long)have;
        if (rc == Z_OK && s.avail_in == 0 && have == 0) { inflateEnd(&s); return -1; }   /* truncated */
    } while (rc != Z_STREAM_END);
    inflateEnd(&s);
    return total;
}

/* gzip-compresses src[0..n) into dst (capacity cap): the compressed length, or -1 (tests build
 * compressed fallback blobs with it; the static build uses gzip(1)). */
static inline long kiosk_gzip(const unsigned char *src, size_t n, unsigned char *dst, size_t cap) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    s.next_in = (Bytef *)src; s.avail_in = (uInt)n;
    s.next_out = dst; s.avail_out = (uInt)cap;
    int rc = deflate(&s, Z_FINISH);
    long len = rc == Z_STREAM_END ? (long)s.total_out : -1;
    deflateEnd(&s);
    return len;
}
