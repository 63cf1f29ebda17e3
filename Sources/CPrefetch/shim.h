// Cache prefetch for the raster's row loops: Swift has no prefetch of its own. Inlined into the
// caller (static inline); on baseline x86-64 it is one prefetcht0 instruction.
#ifndef KIOSK_CPREFETCH_H
#define KIOSK_CPREFETCH_H

/// Asks the CPU to bring the cache line holding `p` in for writing. Never faults.
static inline void kiosk_prefetch(const void *p) { __builtin_prefetch(p, 1, 3); }

#endif
