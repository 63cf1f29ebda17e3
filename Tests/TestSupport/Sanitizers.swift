// Which sanitizer runtime, if any, this test process runs under (`scripts/sanitize`). Both
// AddressSanitizer and ThreadSanitizer bring their own malloc, so the malloc interposition that
// CAllocationCount measures with is not in the call path: tests of allocation counts skip then.
#if canImport(Glibc)
import Glibc
#endif

public enum Sanitizers {
    public static let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
    public static let thread = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    /// True when a sanitizer's allocator replaces malloc (allocation counting cannot work).
    public static let replaceMalloc = address || thread
}
