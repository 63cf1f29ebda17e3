// AnimatedImage: an animated image file's frames and timing, and which frame shows when.
// `Image("name")` of an animated WebP or GIF plays it: the frame on screen is chosen from the graph's
// virtual clock (the time since the image first appeared), and the node asks for one wake-up,
// at the next frame change, only while its frame lies on screen and the animation has frames
// left — a still frame, a finished loop count or an image scrolled or clipped away wakes nothing.
// Each change re-records the one image item, so the damage is the image's rectangle.
// Any decoder that gives a Raster `DecodedAnimation` can feed it (WebP and GIF).
import Raster

/// Decoded frames (each a whole canvas) with their durations and loop count.
final class AnimatedImage {
    let frames: [ImageBox]
    /// Seconds each frame shows (same count as `frames`), each at least `minimumDuration`.
    var durations: [Double] { milliseconds.map { Double($0) / 1000 } }
    /// Plays this many times, then holds the last frame; 0 plays forever.
    let loopCount: Int
    /// One pass through every frame, in seconds.
    var cycle: Double { Double(cycleMS) / 1000 }
    /// Durations, the start of each frame within a pass and a pass, in whole milliseconds (the
    /// files' unit), so frame boundaries are exact whatever the clock's float steps.
    private let milliseconds: [Int], starts: [Int], cycleMS: Int

    /// Frames asking for less show this long (browsers treat 0–10 ms GIF and WebP frames as
    /// "as fast as allowed"; a zero would ask for a frame every tick forever).
    static let minimumDuration = 0.02

    init(_ decoded: DecodedAnimation) {
        frames = decoded.frames.map { ImageBox($0, isStill: true) }
        let minimum = Int(Self.minimumDuration * 1000)
        milliseconds = decoded.durations.map { max(minimum, min($0, 1 << 24)) }
        loopCount = max(0, decoded.loopCount)
        var t = 0, starts: [Int] = []
        for d in milliseconds { starts.append(t); t += d }
        self.starts = starts
        cycleMS = t
    }

    /// Bytes its frames hold (for the image cache's budget).
    var byteCount: Int { frames.reduce(0) { $0 + $1.surface.width * $1.surface.height * 4 } }

    /// The frame `elapsed` seconds after the animation started, and the time (since the start)
    /// at which the next frame is due — nil when this one stays (one frame, or the loops are done).
    func frame(at elapsed: Double) -> (index: Int, next: Double?) {
        guard frames.count > 1, frames.count == starts.count, cycleMS > 0 else { return (0, nil) }
        // A microsecond of tolerance: the clock's 1/60 s steps sum to 0.0999… for 0.1.
        let ms = elapsed.isFinite && elapsed > 0 ? Int(min(elapsed * 1000 + 1e-3, 1e15).rounded(.down)) : 0
        let pass = ms / cycleMS
        if loopCount > 0 && pass >= loopCount { return (frames.count - 1, nil) }
        let within = ms - pass * cycleMS
        // The last frame starting at or before `within` (binary search: long animations).
        var lo = 0, hi = starts.count
        while hi - lo > 1 { let m = (lo + hi) / 2; if starts[m] <= within { lo = m } else { hi = m } }
        if loopCount > 0 && lo == frames.count - 1 && pass + 1 >= loopCount { return (lo, nil) }
        let next = pass * cycleMS + (lo + 1 < starts.count ? starts[lo + 1] : cycleMS)
        return (lo, Double(next) / 1000)
    }
}
