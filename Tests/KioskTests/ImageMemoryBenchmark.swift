// Issue 40's memory measure (a benchmark, not a timed test; skipped unless asked for):
//   KIOSK_BENCH_PHOTO=/path/to/1080p.jpg swift test --skip-build --filter ImageMemoryBenchmark
// 100 different 1080p photos (links to the one given, each its own path, so its own cache entry)
// decoded at full size through ImageCache with the default 64 MiB budget: the cache's bytes stay
// within it after every photo, and the process's RSS grows by about the budget, not 100 × 8 MB.
import Testing
@testable import Kiosk
import Raster
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32

private func rssKiB() -> Int {
    guard let text = Syscall.readFile("/proc/self/status").map({ String(decoding: $0, as: UTF8.self) }) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
    return -1
}

@Suite struct ImageMemoryBenchmark {
    @Test(.enabled(if: getenv("KIOSK_BENCH_PHOTO") != nil))
    func hundredFullHDPhotosStayWithinTheBudget() throws {
        let photo = String(cString: getenv("KIOSK_BENCH_PHOTO")!)
        let dir = "/tmp/kiosk-photos-\(getpid())"
        mkdir(dir, 0o755)
        defer { _ = system("rm -rf '\(dir)'") }
        for i in 0..<100 { _ = symlink(photo, "\(dir)/photo-\(i).jpg") }
        let cache = ImageCache()
        cache.configure(directory: dir, budget: ImageCache.defaultBudget)
        let before = rssKiB()
        var most = 0, peakRSS = before
        for i in 0..<100 {
            let box = try #require(cache.image(named: "photo-\(i)"))
            #expect(box.surface.width == 1920 && box.surface.height == 1080)
            most = max(most, cache.decodedBytes)
            peakRSS = max(peakRSS, rssKiB())
            #expect(cache.decodedBytes <= ImageCache.defaultBudget)
        }
        let after = rssKiB()
        _ = mallocTrim(0)
        let trimmed = rssKiB()
        print("ImageMemoryBenchmark: after malloc_trim(0): RSS \(trimmed) KiB")
        print("ImageMemoryBenchmark: 100 photos 1920x1080 (8 294 400 bytes each decoded); cache budget \(ImageCache.defaultBudget) bytes; cache holds \(cache.decodedBytes) bytes at the end, at most \(most); RSS \(before) KiB before, \(after) KiB after, peak \(peakRSS) KiB (growth \(after - before) KiB)")
        #expect(most <= ImageCache.defaultBudget)
    }
}
