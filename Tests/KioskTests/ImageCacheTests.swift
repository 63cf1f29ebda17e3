// ImageCache: `Image("name")`'s decoded PNGs are one table for the process, and view graphs on
// different threads share it. ThreadSanitizer (`scripts/sanitize thread`) caught two graphs of
// the parallel test suite inserting into the unlocked table at once (Image.swift, LVGLSceneTests
// beside another scene); the table is locked now.
import Testing
import Dispatch
@testable import Kiosk
import Raster
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ImageCacheTests {
    /// Eight threads ask for the same twelve new images in different orders: each name is
    /// decoded once, every thread gets that one box, with the file's pixels.
    @Test func threadsShareOneDecodePerName() throws {
        let dir = "/tmp/kiosk-image-cache-\(getpid())"
        mkdir(dir, 0o755)
        defer { _ = system("rm -rf '\(dir)'") }
        let names = (0..<12).map { "\(dir)/image-\($0)" }
        for (i, name) in names.enumerated() {
            let s = try Surface(width: 3 + i, height: 2)
            try s.writePNG(to: name + ".png")
        }
        let threads = 8
        let seen = UnsafeMutablePointer<ObjectIdentifier?>.allocate(capacity: threads * names.count)
        seen.initialize(repeating: nil, count: threads * names.count)
        defer { seen.deallocate() }
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for k in 0..<names.count {
                let n = (k + 5 * t) % names.count   // each thread starts at another name
                if let box = ImageCache.shared.image(named: names[n]) {
                    #expect(box.surface.width == 3 + n && box.surface.height == 2)
                    seen[t * names.count + n] = ObjectIdentifier(box)
                }
            }
        }
        for n in names.indices {
            let first = seen[n]
            #expect(first != nil, "\(names[n]) was not found")
            for t in 1..<threads { #expect(seen[t * names.count + n] == first, "\(names[n]) decoded twice") }
        }
    }
}
