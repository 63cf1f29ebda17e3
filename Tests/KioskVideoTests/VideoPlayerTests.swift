// VideoPlayer (`import AVKit`) against videos GStreamer encodes at test time with gst-launch-1.0
// (gstreamer1.0-tools): one second each of red, green, blue and white, 64×48 at 10 fps, as
// Motion-JPEG in AVI (jpegenc, avimux: gstreamer1.0-plugins-good). GStreamer plays in real time,
// so the tests step the HeadlessHost's virtual clock while waiting for the frames they expect
// (bounded waits: a stalled pipeline fails instead of hanging). No network.
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
    @Test func aGeneratedVideoPlaysAndItsFramesAdvanceWithDamageOnlyOverTheVideo() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.fourColours))
        let host = makeHost(player)
        // Paused, the first frame shows (prerolled), red.
        #expect(wait(host) { player.frames.framesShown >= 1 })
        #expect(centre(host) == .red)
        #expect(player.currentItem?.status == .readyToPlay)
        player.play()
        #expect(wait(host) { player.currentTime().seconds >= 1.2 })
        host.advance(by: HeadlessHost.frameInterval)
        #expect(centre(host) == .green, "at \(player.currentTime().seconds) s")
        // A frame change repaints the video's rectangle only (the label beside it stays).
        let before = player.frames.framesShown
        #expect(wait(host) { player.frames.framesShown > before })
        #expect(!host.lastDamage.isEmpty)
        // (An image item's device bounds are conservative by one pixel at the far edges.)
        for r in host.lastDamage { #expect(r.x1 <= 129 && r.y1 <= 97, "damage \(r) outside the video") }
        #expect(host.lastDamage.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) } <= 129 * 97)
        #expect(wait(host) { player.currentTime().seconds >= 2.2 })
        host.advance(by: HeadlessHost.frameInterval)
        #expect(centre(host) == .blue, "at \(player.currentTime().seconds) s")
        // Frames advanced between the two known times: the pixels differ.
        #expect(player.frames.framesShown >= 15)
        #expect(player.frames.pixelWidth == 64 && player.frames.pixelHeight == 48)
        #expect(host.warnings.isEmpty, "\(host.warnings)")
    }

    @Test func pauseStopsTheFramesAndPlayGoesOn() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.fourColours))
        let host = makeHost(player)
        player.play()
        #expect(wait(host) { player.currentTime().seconds >= 0.5 })
        player.pause()
        #expect(player.timeControlStatus == .paused)
        // A frame already on its way may still land; after that nothing moves.
        usleep(150_000)
        host.advance(by: 0.1)
        let shown = player.frames.framesShown, at = player.currentTime().seconds
        let framesBefore = host.frameCount
        for _ in 0..<40 { usleep(10_000); host.advance(by: HeadlessHost.frameInterval) }
        #expect(player.frames.framesShown == shown)
        #expect(player.currentTime().seconds == at)
        #expect(host.frameCount == framesBefore, "a paused video drew frames")
        player.play()
        #expect(wait(host) { player.frames.framesShown > shown + 3 })
    }

    @Test func seekWhilePausedShowsTheFrameThereForwardAndBack() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.fourColours))
        let host = makeHost(player)
        #expect(wait(host) { player.frames.framesShown >= 1 })
        player.seek(to: CMTime(seconds: 2.5, preferredTimescale: 600))
        #expect(wait(host) { (player.frames.shownTime ?? 0) >= 2.4 })
        #expect(centre(host) == .blue)
        player.seek(to: CMTimeMake(value: 3, timescale: 2))
        #expect(wait(host) { abs((player.frames.shownTime ?? 0) - 1.5) < 0.06 })
        #expect(centre(host) == .green)
        #expect(abs(player.currentTime().seconds - 1.5) < 0.06)
        // Playing on from there reaches white.
        player.play()
        #expect(wait(host) { centre(host) == .white })
    }

    @Test func avPlayerLooperPlaysTheItemAgain() throws {
        let player = AVQueuePlayer()
        let item = AVPlayerItem(url: URL(fileURLWithPath: VideoFixtures.twoColours))
        let looper = AVPlayerLooper(player: player, templateItem: item)
        let host = makeHost(player)
        player.play()
        #expect(wait(host) { centre(host) == .green })
        #expect(wait(host) { looper.loopCount >= 1 })
        // Back at the start: red again, still playing.
        #expect(wait(host) { centre(host) == .red })
        #expect(player.timeControlStatus == .playing)
        #expect(wait(host) { looper.loopCount >= 2 })
        #expect(player.currentItem === item)
        // Looping off: the end pauses (the queue has nothing after it).
        looper.disableLooping()
        #expect(wait(host) { player.timeControlStatus == .paused })
        #expect(looper.loopCount == 2 || looper.loopCount == 3)
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
        #expect(wait(host) { ends.withLock { $0 } >= 1 })
        #expect(wait(host) { centre(host) == .red })
        #expect(wait(host) { centre(host) == .green })
        #expect(player.timeControlStatus == .playing)
    }

    /// The hook under it, without Foundation (`import KioskVideo`).
    @Test func didPlayToEndTimeHooksRunAtTheEnd() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: VideoFixtures.twoColours))
        let ends = Locked(0)
        AVPlayerItem.didPlayToEndTime.append { item in if item === player.currentItem { ends.withLock { $0 += 1 } } }
        let host = makeHost(player)
        player.play()
        #expect(wait(host) { ends.withLock { $0 } >= 1 })
        // `.pause` (AVPlayer's default end action): paused at the last frame, green.
        #expect(wait(host) { player.timeControlStatus == .paused })
        #expect(centre(host) == .green)
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
