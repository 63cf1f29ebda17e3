// CAllocationCount: counting allocator entry points that forward to glibc's.
//
// Dynamic executables (the normal debug and release builds, and the test runner): the executable
// defines malloc & co. A symbol defined in the executable interposes the same name in every
// shared library (the linker exports it because libc, libswiftCore and the rest reference it), so
// the Swift runtime's swift_slowAlloc, libpng, FreeType and libc itself call these. Each forwards
// to glibc's exported __libc_* implementation, so `free` needs no wrapper.
//
// Static executables (-static-executable): libc.a's malloc.o defines malloc, free and
// __libc_malloc together, and it is linked in for `free`, so a second strong `malloc` here is a
// duplicate symbol. The definitions are therefore weak: a static link without further flags keeps
// libc's, counts nothing, kiosk_allocation_counting_active() says so and the bench prints that
// (a weak definition in a dynamic executable still interposes: the dynamic linker ignores
// weakness). scripts/build-static instead defines KIOSK_ALLOC_WRAP and links with
// `-Xlinker --wrap=malloc` (and the others): the linker sends every call from another object
// (Swift runtime, libc.a's own strdup, ...) to __wrap_malloc, and __real_malloc is libc's.
// Measured with clang on the three links (dynamic, static, static + --wrap): counts, inactive,
// counts.
//
// Why not swap the Swift runtime's `_swift_allocObject` hook: it sees swift_allocObject only (not
// UnsafeMutableRawPointer.allocate's swift_slowAlloc, nor the C libraries' malloc), and setting it
// crashed the `views` scene in `_swift_retain_adapterImpl` during a dynamic cast of `Text` (the
// runtime switches retain/release to its instrumentation adapters once a hook is swapped).
//
// The count is thread-local (initial-exec TLS: no __tls_get_addr, so no allocation inside the
// allocator), so a bench or test thread sees only its own allocations, whatever other threads do.
// Cost: one TLS increment per allocation.
#include "kiosk_alloc_count.h"
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

static __thread uint64_t kiosk_thread_count __attribute__((tls_model("initial-exec")));

uint64_t kiosk_thread_allocations(void) { return kiosk_thread_count; }

int kiosk_allocation_counting_active(void) {
    uint64_t before = kiosk_thread_count;
    // The volatile store keeps the compiler from eliding the malloc/free pair.
    void *volatile p = malloc(24);
    free(p);
    return kiosk_thread_count != before;
}

#if defined(KIOSK_ALLOC_WRAP)
#define COUNTED(name) __wrap_##name
#define DEFINITION
void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
void *__real_memalign(size_t, size_t);
int __real_posix_memalign(void **, size_t, size_t);
void *__real_aligned_alloc(size_t, size_t);
#define REAL_MALLOC __real_malloc
#define REAL_CALLOC __real_calloc
#define REAL_REALLOC __real_realloc
#define REAL_MEMALIGN __real_memalign
#else
#define COUNTED(name) name
#define DEFINITION __attribute__((weak))
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void *__libc_memalign(size_t, size_t);
#define REAL_MALLOC __libc_malloc
#define REAL_CALLOC __libc_calloc
#define REAL_REALLOC __libc_realloc
#define REAL_MEMALIGN __libc_memalign
#endif

DEFINITION void *COUNTED(malloc)(size_t n) { kiosk_thread_count++; return REAL_MALLOC(n); }
DEFINITION void *COUNTED(calloc)(size_t n, size_t size) { kiosk_thread_count++; return REAL_CALLOC(n, size); }
DEFINITION void *COUNTED(realloc)(void *p, size_t n) { kiosk_thread_count++; return REAL_REALLOC(p, n); }
DEFINITION void *COUNTED(memalign)(size_t align, size_t n) { kiosk_thread_count++; return REAL_MEMALIGN(align, n); }

DEFINITION void *COUNTED(aligned_alloc)(size_t align, size_t n) {
    kiosk_thread_count++;
    // C11/glibc 2.36: the alignment must be a power of two.
    if (align == 0 || (align & (align - 1)) != 0) { errno = EINVAL; return NULL; }
    return REAL_MEMALIGN(align, n);
}

DEFINITION int COUNTED(posix_memalign)(void **out, size_t align, size_t n) {
    kiosk_thread_count++;
    if (align < sizeof(void *) || (align & (align - 1)) != 0) return EINVAL;
    void *p = REAL_MEMALIGN(align, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
