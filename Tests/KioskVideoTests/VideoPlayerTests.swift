// VideoPlayer (`import AVKit`) against videos GStreamer encodes at test time with gst-launch-1.0
// (gstreamer1.0-tools): one second each of red, green, blue and white, 64×48 at 10 fps, as
// Motion-JPEG in AVI (jpegenc, avimux: gstreamer1.0-plugins-good). The video plays on the
// HeadlessHost's virtual clock: a frame drawn at t shows the video frame due at t (the decoder
// runs ahead, and the host waits for it), so colours are checked at exact times, whatever the
// machine's speed. No network.
import Testing
import Foundation
import AVKit
import Raster

/// The fixtures, made once per test run in a temporary folder.
enum VideoFixtures {
    static let folder: String = {
        let dir = NSTemporaryDirectory() + "kiosk-video-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// Runs gst-launch-1.0 with `pipeline` (split on spaces); true when it succeeded.
    static func gstLaunch(_ pipeline: String) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        p.arguments = ["-q"] + pipeline.split(separator: " ").map(String.init)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    /// `colours` (GStreamer test patterns), `seconds` each at 10 fps, 64×48, MJPEG in AVI.
    static func make(_ name: String, colours: [String], seconds: Int = 1) -> String {
        let path = folder + "/" + name
        if FileManager.default.fileExists(atPath: path) { return path }
        var d = "concat name=c ! videoconvert ! jpegenc ! avimux ! filesink location=\(path)"
        for c in colours {
            d += " videotestsrc pattern=\(c) num-buffers=\(10 * seconds) ! video/x-raw,width=64,height=48,framerate=10/1 ! c."
        }
        #expect(gstLaunch(d), "gst-launch-1.0 could not make \(name): apt-get install gstreamer1.0-tools gstreamer1.0-plugins-good")
        return path
    }

    static let fourColours = make("colours.avi", colours: ["red", "green", "blue", "white"])
    static let twoColours = make("loop.avi", colours: ["red", "green"])

    /// An AVI whose video stream says H.264 (random bytes: only the type matters).
    static let h264: String = {
        let path = folder + "/h264.avi", noise = folder + "/noise.bin"
        var bytes = [UInt8](repeating: 0, count: 3000)
        var x: UInt32 = 12345
        for i in bytes.indices { x = x &* 1103515245 &+ 12345; bytes[i] = UInt8(truncatingIfNeeded: x >> 16) }
        FileManager.default.createFile(atPath: noise, contents: Data(bytes))
        #expect(gstLaunch("filesrc location=\(noise) blocksize=500 ! video/x-h264,stream-format=byte-stream,alignment=au,width=64,height=48,framerate=10/1 ! avimux ! filesink location=\(path)"))
        return path
    }()

    /// Whether this system's GStreamer has an H.264 decoder (then the missing-plugin case cannot happen).
    static let hasH264Decoder: Bool = {
        ["avdec_h264", "openh264dec", "v4l2h264dec", "vah264dec", "vaapih264dec"].contains { name in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/gst-inspect-1.0")
            p.arguments = ["--exists", name]
            do { try p.run() } catch { return false }
            p.waitUntilExit()
            return p.terminationStatus == 0
        }
    }()
}

/// Colours as GStreamer's patterns draw them (after JPEG: within a tolerance).
enum Shade: String { case red, green, blue, white, black }
func shade(_ p: RGBA8) -> Shade? {
    func hi(_ v: UInt8) -> Bool { v > 200 }
    func lo(_ v: UInt8) -> Bool { v < 60 }
    if hi(p.r) && lo(p.g) && lo(p.b) { return .red }
    if lo(p.r) && hi(p.g) && lo(p.b) { return .green }
    if lo(p.r) && lo(p.g) && hi(p.b) { return .blue }
    if hi(p.r) && hi(p.g) && hi(p.b) { return .white }
    if lo(p.r) && lo(p.g) && lo(p.b) { return .black }
    return nil
}

/// Steps the host (virtual 60 Hz frames) in real time until `done` or `timeout` real seconds.
@discardableResult
func wait(_ host: HeadlessHost, timeout: Double = 10, until done: () -> Bool) -> Bool {
    let start = DispatchTime.now().uptimeNanoseconds
    while Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < timeout {
        host.advance(by: HeadlessHost.frameInterval)
        if done() { return true }
        usleep(4000)
    }
    host.advance(by: HeadlessHost.frameInterval)
    return done()
}

/// A 200×120 screen: the video in a 128×96 box at the top-left, a label beside it.
func makeHost(_ player: AVPlayer) -> HeadlessHost {
    HeadlessHost(width: 200, height: 120) {
        HStack(alignment: .top, spacing: 0) {
            VideoPlayer(player: player).frame(width: 128, height: 96)
            Text("menu").frame(width: 72)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

func centre(_ host: HeadlessHost) -> Shade? { shade(host.snapshot().pixel(x: 64, y: 48)) }

@Suite(.serialized) struct VideoPlayerTests {
    @Test func aGeneratedVideoPlaysOnTheHostsClockFrameByFrameWithDamageOnlyOverTheVideo() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.fourColours))
        let host = makeHost(player)
        // Paused, the first frame shows from the host's first frame on, red.
        #expect(player.frames.framesShown == 1)
        #expect(centre(host) == .red)
        host.advance(by: 0.5)
        #expect(player.frames.framesShown == 1, "a paused video advanced")
        #expect(player.currentItem?.status == .readyToPlay)
        player.play()
        // Each colour lasts one second of the host's clock, from play() on (at 0.5 s).
        host.advance(by: 0.95)
        #expect(centre(host) == .red, "at \(player.currentTime().seconds) s")
        host.advance(by: 0.1)                                    // 1.55: 1.05 s into the video
        #expect(centre(host) == .green, "at \(player.currentTime().seconds) s")
        #expect(player.frames.shownTime == 1.0)
        // A frame change repaints the video's rectangle only (the label beside it stays).
        host.advance(by: 0.1)
        #expect(player.frames.shownTime == 1.1)
        #expect(!host.lastDamage.isEmpty)
        // (An image item's device bounds are conservative by one pixel at the far edges.)
        for r in host.lastDamage { #expect(r.x1 <= 129 && r.y1 <= 97, "damage \(r) outside the video") }
        #expect(host.lastDamage.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) } <= 129 * 97)
        host.advance(by: 0.9)                                    // 2.55: 2.05 s
        #expect(centre(host) == .blue)
        host.advance(by: 1.0)                                    // 3.55: 3.05 s
        #expect(centre(host) == .white)
        #expect(player.frames.shownTime == 3.0)
        // Every frame from 0 to 3.0 s went on screen once, in order, none skipped at 60 Hz.
        #expect(player.frames.framesShown == 31)
        #expect(player.frames.framesDropped == 0)
        #expect(player.frames.pixelWidth == 64 && player.frames.pixelHeight == 48)
        #expect(host.warnings.isEmpty, "\(host.warnings)")
    }

    @Test func pauseStopsTheFramesAndPlayGoesOnFromThere() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.fourColours))
        let host = makeHost(player)
        player.play()
        host.advance(by: 0.5)
        #expect(player.frames.shownTime == 0.5)
        player.pause()
        #expect(player.timeControlStatus == .paused)
        host.advance(by: HeadlessHost.frameInterval)
        let shown = player.frames.framesShown, at = player.currentTime().seconds
        let framesBefore = host.frameCount
        host.advance(by: 2)
        #expect(player.frames.framesShown == shown)
        #expect(player.currentTime().seconds == at)
        #expect(host.frameCount == framesBefore, "a paused video drew frames")
        #expect(centre(host) == .red)
        // Playing on: 0.6 s later the video is at 1.1 s, green.
        player.play()
        host.advance(by: 0.6)
        #expect(centre(host) == .green)
        #expect(abs((player.frames.shownTime ?? 0) - 1.1) < 1e-9)
    }

    @Test func seekWhilePausedShowsTheFrameThereForwardAndBack() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.fourColours))
        let host = makeHost(player)
        #expect(player.frames.framesShown == 1)
        player.seek(to: CMTime(seconds: 2.5, preferredTimescale: 600))
        host.advance(by: HeadlessHost.frameInterval)
        #expect(abs((player.frames.shownTime ?? 0) - 2.5) < 1e-6)
        #expect(centre(host) == .blue)
        player.seek(to: CMTimeMake(value: 3, timescale: 2))
        host.advance(by: HeadlessHost.frameInterval)
        #expect(abs((player.frames.shownTime ?? 0) - 1.5) < 1e-6)
        #expect(centre(host) == .green)
        #expect(abs(player.currentTime().seconds - 1.5) < 1e-6)
        // Still paused there.
        host.advance(by: 1)
        #expect(abs((player.frames.shownTime ?? 0) - 1.5) < 1e-6)
        // Playing on from there reaches white two seconds later.
        player.play()
        host.advance(by: 2.05)
        #expect(centre(host) == .white)
    }

    @Test func avPlayerLooperPlaysTheItemAgainAtItsEnd() throws {
        let player = AVQueuePlayer()
        let item = AVPlayerItem(url: URL(fileURLWithPath: VideoFixtures.twoColours))
        let looper = AVPlayerLooper(player: player, templateItem: item)
        let host = makeHost(player)
        player.play()
        host.advance(by: 1.5)
        #expect(centre(host) == .green)
        #expect(looper.loopCount == 0)
        // The clip is 2 s long: just past its end it starts again, red.
        host.advance(by: 0.6)
        #expect(looper.loopCount == 1)
        #expect(centre(host) == .red)
        #expect(player.timeControlStatus == .playing)
        host.advance(by: 1.0)
        #expect(centre(host) == .green)
        host.advance(by: 1.0)                                // 4.1 s: the second end passed
        #expect(looper.loopCount == 2)
        #expect(centre(host) == .red)
        #expect(player.currentItem === item)
        // Looping off: the end pauses (the queue has nothing after it).
        looper.disableLooping()
        host.advance(by: 1.5)
        #expect(player.timeControlStatus == .playing)
        host.advance(by: 0.7)
        #expect(player.timeControlStatus == .paused)
        #expect(looper.loopCount == 2)
    }

    /// The NotificationCenter pattern, as public SwiftUI code writes it (`import AVKit` brings Foundation).
    @Test func actionAtItemEndNoneAndSeekToZeroOnTheEndNotificationLoops() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.twoColours))
        player.actionAtItemEnd = .none
        let ends = Locked(0)
        let observer = NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime,
                                                              object: player.currentItem, queue: .main) { _ in
            ends.withLock { $0 += 1 }
            player.seek(to: .zero)
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        let host = makeHost(player)
        player.play()
        host.advance(by: 2.1)
        // The end comes at 2.0 s of the host's clock; its notification is posted from a background
        // queue (AVFoundation.swift: posting on the main queue would deadlock corelibs' post) and
        // reaches the observer on the main queue whenever that hop is done — in real time, not at
        // a frame. Wait for it (up to 10 s) with the virtual clock standing still.
        let start = DispatchTime.now().uptimeNanoseconds
        while ends.withLock({ $0 }) == 0 && DispatchTime.now().uptimeNanoseconds - start < 10_000_000_000 { usleep(2000) }
        #expect(ends.withLock { $0 } == 1)
        // The seek back to 0 from the notification: red at the next frame, then green.
        host.advance(by: HeadlessHost.frameInterval)
        #expect(centre(host) == .red)
        host.advance(by: 1.1)
        #expect(centre(host) == .green)
        #expect(player.timeControlStatus == .playing)
    }

    /// The hook under it, without Foundation (`import KioskVideo`).
    @Test func didPlayToEndTimeHooksRunAtTheEnd() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.twoColours))
        let ends = Locked(0)
        AVPlayerItem.didPlayToEndTime.append { item in if item === player.currentItem { ends.withLock { $0 += 1 } } }
        let host = makeHost(player)
        player.play()
        host.advance(by: 1.9)
        #expect(ends.withLock { $0 } == 0)
        host.advance(by: 0.2)
        #expect(ends.withLock { $0 } == 1)
        // `.pause` (AVPlayer's default end action): paused at the last frame, green.
        #expect(player.timeControlStatus == .paused)
        #expect(centre(host) == .green)
        #expect(player.frames.shownTime == 1.9)
    }

    @Test func aTextFileIsNotAVideo() throws {
        let path = VideoFixtures.folder + "/menu.mp4"
        FileManager.default.createFile(atPath: path, contents: Data("Today: soup of the day, 4.50\n".utf8))
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let player = AVPlayer(url: URL(fileURLWithPath: path))
        let host = makeHost(player)
        #expect(wait(host) { player.currentItem?.status == .failed })
        guard case .notAVideo(let p, _)? = player.currentItem?.error as? VideoError else {
            Issue.record("expected .notAVideo, got \(String(describing: player.currentItem?.error))"); return
        }
        #expect(p == path)
        #expect(player.status == .failed)
        host.advance(by: 0.1)
        // Black with the message in white; one warning.
        #expect(host.warnings.contains { $0.contains("is not a video GStreamer can read") })
        var white = 0
        let s = host.snapshot()
        for y in 0..<96 { for x in 0..<128 where shade(s.pixel(x: x, y: y)) == .white { white += 1 } }
        #expect(white > 20, "no message drawn")
        #expect(shade(s.pixel(x: 2, y: 2)) == .black)
    }

    @Test func aMissingFileIsFileNotFound() throws {
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let player = AVPlayer(url: URL(fileURLWithPath: "/nonexistent/clip.webm"))
        let host = makeHost(player)
        host.advance(by: 0.1)
        #expect(player.currentItem?.error as? VideoError == .fileNotFound(path: "/nonexistent/clip.webm"))
        #expect(String(describing: player.currentItem!.error!).contains("not found"))
    }

    @Test(.enabled(if: !VideoFixtures.hasH264Decoder, "this system has an H.264 decoder"))
    func aMissingDecoderNamesTheDebianPackage() throws {
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.h264))
        let host = makeHost(player)
        #expect(wait(host) { player.currentItem?.status == .failed })
        let error = player.currentItem?.error as? VideoError
        guard case .missingPlugin(let what, let package)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(what.contains("H.264"))
        #expect(package == "gstreamer1.0-libav")
        #expect(String(describing: error!).contains("apt-get install gstreamer1.0-libav"))
    }

    @Test func debianPackagesForCommonFormats() {
        #expect(VideoError.debianPackage(forCaps: "video/x-h264, stream-format=(string)avc") == "gstreamer1.0-libav")
        #expect(VideoError.debianPackage(forCaps: "video/x-h265") == "gstreamer1.0-libav")
        #expect(VideoError.debianPackage(forCaps: "video/x-vp9") == "gstreamer1.0-plugins-good")
        #expect(VideoError.debianPackage(forCaps: "video/x-theora") == "gstreamer1.0-plugins-base")
        #expect(VideoError.debianPackage(forCaps: "video/x-av1") == "gstreamer1.0-plugins-bad")
        #expect(VideoError.debianPackage(forCaps: "video/x-unheard-of") == nil)
    }

    @Test func cmTimeArithmetic() {
        #expect(CMTime(seconds: 1.5, preferredTimescale: 600) == CMTimeMake(value: 3, timescale: 2))
        #expect(CMTimeGetSeconds(CMTime(value: 90, timescale: 60)) == 1.5)
        #expect(CMTime.zero < CMTime(seconds: 0.1, preferredTimescale: 10))
        #expect(CMTime.invalid.seconds.isNaN)
        #expect((CMTime(seconds: 1, preferredTimescale: 1) + CMTime(seconds: 0.5, preferredTimescale: 2)).seconds == 1.5)
    }
}
