// kiosk-video-bench: issue 40's measurement — a full-screen photo with a video in a corner
// (the `video-corner` layout) in a HeadlessHost whose clock follows the wall clock in 60 Hz ticks
// (as the panel's frame loop), for SECONDS; the host does not wait for the decoder (as a panel does
// not). Each tick that puts a new video frame on screen draws one frame; that frame's time (the main thread's
// CPU time: update, layout, recording, damage, drawing the video's rectangle) is kept. At the end:
// frames, median and p99 frame time, and the whole process's CPU (GStreamer's decoding threads
// included) as a share of one core.
//   swift run -c release kiosk-video-bench VIDEO PHOTO [SECONDS] [WxH of the screen] [WxH of the video box]
import Kiosk
import KioskVideo
#if canImport(Glibc)
import Glibc
#endif

let args = CommandLine.arguments
guard args.count >= 3 else {
    print("usage: kiosk-video-bench VIDEO PHOTO [SECONDS=20] [SCREEN=1920x1080] [BOX=640x360]"); exit(2)
}
func size(_ s: String) -> (Int, Int) {
    let p = s.split(separator: "x").compactMap { Int($0) }
    return p.count == 2 ? (p[0], p[1]) : (0, 0)
}
let seconds = args.count > 3 ? Double(args[3]) ?? 20 : 20
let (sw, sh) = size(args.count > 4 ? args[4] : "1920x1080")
let (bw, bh) = size(args.count > 5 ? args[5] : "640x360")
let photo = args[2]

func now(_ clock: clockid_t) -> Double { var t = timespec(); clock_gettime(clock, &t); return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
func processCPU() -> Double { var u = rusage(); getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u); return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6 }

let player = AVQueuePlayer()
let looper = AVPlayerLooper(player: player, templateItem: AVPlayerItem(url: URL(fileURLWithPath: args[1])))
let host = HeadlessHost(width: sw, height: sh) {
    ZStack(alignment: .bottomTrailing) {
        Image(photo).resizable().scaledToFill()
        VideoPlayer(player: player).frame(width: CGFloat(bw), height: CGFloat(bh)).padding(24)
    }
}
host.waitsForVideo = false
// The photo's first frame and the video's first (prerolled) frame.
while player.frames.framesShown == 0 && player.currentItem?.status != .failed { usleep(2000); host.advance(by: HeadlessHost.frameInterval) }
if let e = player.currentItem?.error { print("video failed: \(e)"); exit(1) }
player.play()
var times: [Double] = []
var damaged: [Int] = []
let wall0 = now(CLOCK_MONOTONIC), cpu0 = processCPU()
var shown = player.frames.framesShown
let host0 = host.time
while now(CLOCK_MONOTONIC) - wall0 < seconds {
    // Sleep until the next 60 Hz tick of the wall clock (the main queue runs inside `advance`).
    let due = wall0 + (host.time - host0) + HeadlessHost.frameInterval
    let wait = due - now(CLOCK_MONOTONIC)
    if wait > 0 { usleep(UInt32(wait * 1e6)) }
    let before = host.frameCount
    let t0 = now(CLOCK_THREAD_CPUTIME_ID)
    host.advance(by: HeadlessHost.frameInterval)
    let t1 = now(CLOCK_THREAD_CPUTIME_ID)
    if host.frameCount > before && player.frames.framesShown > shown {
        times.append((t1 - t0) * 1000)
        damaged.append(host.lastDamage.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) })
        shown = player.frames.framesShown
    }
}
let wall = now(CLOCK_MONOTONIC) - wall0, cpu = processCPU() - cpu0
times.sort()
func pct(_ p: Double) -> Double { times.isEmpty ? 0 : times[min(times.count - 1, Int(Double(times.count - 1) * p))] }
var load = [Double](repeating: 0, count: 3)
_ = getloadavg(&load, 3)
print("screen \(sw)x\(sh), video box \(bw)x\(bh), \(args[1])")
print("frames drawn \(times.count) in \(String(format: "%.1f", wall)) s (\(String(format: "%.1f", Double(times.count) / wall)) fps), video frames written \(player.frames.framesWritten), dropped \(player.frames.framesDropped), loops \(looper.loopCount)")
print("frame time (main thread CPU) median \(String(format: "%.3f", pct(0.5))) ms, p99 \(String(format: "%.3f", pct(0.99))) ms, max \(String(format: "%.3f", times.last ?? 0)) ms")
print("damage per frame \(damaged.sorted()[damaged.count / 2]) px (median)")
print("process CPU \(String(format: "%.1f", cpu / wall * 100)) % of one core (decoding included); load average \(load.map { String(format: "%.2f", $0) }.joined(separator: " "))")
