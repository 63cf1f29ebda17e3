// AVPlayer, AVQueuePlayer, AVPlayerItem, AVURLAsset and AVPlayerLooper: AVFoundation's player
// API as SwiftUI code uses it, over GStreamer (GStreamerPipeline.swift). State lives on the main
// queue; calls from other threads hop there. An item's pipeline exists while it is a player's
// current item: made paused (its first frame shows), played, paused and seeked by the player.
//
// Looping, the two public patterns:
//  - `AVPlayerLooper(player: queuePlayer, templateItem: item)`: at the end the item seeks back
//    to its start and plays on (`loopCount` counts the passes);
//  - `player.actionAtItemEnd = .none` and an observer of `.AVPlayerItemDidPlayToEndTime` that
//    calls `player.seek(to: .zero)`: the observer is NotificationCenter's, which is Foundation's
//    (not FoundationEssentials'), so that spelling needs `import AVKit` (which imports
//    Foundation); here `AVPlayerItem.didPlayToEndTime` hooks are the same event without it.
import Kiosk
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A video file's URL (AVFoundation's asset, reduced to the URL).
public class AVAsset {
    public let url: URL
    init(url: URL) { self.url = url }
}
/// `AVURLAsset(url:)`.
public final class AVURLAsset: AVAsset {
    public override init(url: URL) { super.init(url: url) }
}

/// One video to play.
public final class AVPlayerItem: @unchecked Sendable {
    public enum Status: Int, Sendable { case unknown, readyToPlay, failed }
    public let asset: AVAsset
    public var url: URL { asset.url }
    /// `.failed` with `error` set when the file cannot play (a ``VideoError``).
    public private(set) var status: Status = .unknown
    public private(set) var error: Error?
    /// Runs (main queue) each time the item plays to its end, before the player's end action.
    /// `import AVKit` posts `.AVPlayerItemDidPlayToEndTime` from here.
    nonisolated(unsafe) public static var didPlayToEndTime: [(AVPlayerItem) -> Void] = []

    public convenience init(url: URL) { self.init(asset: AVURLAsset(url: url)) }
    public init(asset: AVAsset) { self.asset = asset }

    /// The file's length once the pipeline knows it (`.indefinite` before).
    public var duration: CMTime {
        MainQueue.sync {
            #if canImport(CGStreamer)
            if let d = pipeline?.duration { return CMTime(seconds: d, preferredTimescale: 600) }
            #endif
            return .indefinite
        }
    }
    /// The time of the frame on screen (or the seek target until it shows).
    public func currentTime() -> CMTime { CMTime(seconds: MainQueue.sync { position }, preferredTimescale: 600) }

    var position = 0.0
    weak var player: AVPlayer?
    #if canImport(CGStreamer)
    var pipeline: GStreamerPipeline?
    #endif

    var path: String { url.isFileURL ? url.path : url.absoluteString }

    /// Main queue: becomes `player`'s current item (the pipeline starts, paused).
    func attach(to player: AVPlayer) {
        self.player = player
        guard status != .failed else { player.frames.message = (error as? VideoError)?.description ?? "video failed"; return }
        #if canImport(CGStreamer)
        if url.isFileURL && access(url.path, R_OK) != 0 {
            fail(.fileNotFound(path: url.path)); return
        }
        do {
            pipeline = try GStreamerPipeline(uri: url.isFileURL ? "file://" + percentEncoded(url.path) : url.absoluteString,
                                             path: path, frames: player.frames) { [weak self] event in self?.handle(event) }
        } catch let e as VideoError {
            fail(e)
        } catch {
            fail(.playbackFailed("\(error)"))
        }
        #else
        fail(.unavailable)
        #endif
    }

    /// Main queue: no longer the current item (its pipeline stops and goes).
    func detach() {
        #if canImport(CGStreamer)
        pipeline = nil
        #endif
        player = nil
    }

    private func fail(_ e: VideoError) {
        status = .failed
        error = e
        #if canImport(CGStreamer)
        pipeline = nil
        #endif
        player?.itemFailed(self, e)
    }

    #if canImport(CGStreamer)
    private func handle(_ event: PipelineEvent) {
        switch event {
        case .prerolled:
            if status == .unknown { status = .readyToPlay; player?.objectWillChange.send() }
            pipeline?.didPreroll()
        case .failed(let e):
            fail(e)
        }
    }
    #endif

    func setPlaying(_ on: Bool) {
        #if canImport(CGStreamer)
        pipeline?.setPlaying(on)
        #endif
    }

    func seek(to seconds: Double) {
        position = seconds
        #if canImport(CGStreamer)
        pipeline?.seek(to: seconds)
        #endif
    }
}

/// `file://` URIs need the path's reserved bytes percent-encoded (a space, `#`, `%`).
private func percentEncoded(_ path: String) -> String {
    var out = ""
    for b in path.utf8 {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            out.unicodeScalars.append(Unicode.Scalar(b))
        default:
            let hex = Array("0123456789ABCDEF".unicodeScalars)
            out += "%"; out.unicodeScalars.append(hex[Int(b >> 4)]); out.unicodeScalars.append(hex[Int(b & 15)])
        }
    }
    return out
}

/// Plays one item at a time; `VideoPlayer(player:)` shows its frames.
open class AVPlayer: ObservableObject, @unchecked Sendable {
    public enum Status: Int, Sendable { case unknown, readyToPlay, failed }
    public enum ActionAtItemEnd: Int, Sendable { case advance, pause, none }
    public enum TimeControlStatus: Int, Sendable { case paused, waitingToPlayAtSpecifiedRate, playing }

    /// The frames VideoPlayer draws (kiosk's own; one buffer per player, kept across items).
    public let frames = VideoFrameBuffer()
    public private(set) var currentItem: AVPlayerItem?
    /// What happens when the item ends: `.pause` (AVPlayer's default), `.advance` (AVQueuePlayer's:
    /// the next item; the last one pauses), `.none` (nothing: seek back to play again).
    public var actionAtItemEnd: ActionAtItemEnd = .pause
    /// 0 paused, otherwise playing (only 1× is played; other rates play at 1×).
    public var rate: Float {
        get { MainQueue.sync { storedRate } }
        set { MainQueue.sync { setRate(newValue) } }
    }
    private var storedRate: Float = 0
    public var timeControlStatus: TimeControlStatus { MainQueue.sync { storedRate != 0 && currentItem?.status != .failed ? .playing : .paused } }
    /// Accepted and ignored: kiosk plays no audio.
    public var isMuted = true
    public var volume: Float = 1
    public var status: Status {
        MainQueue.sync { currentItem?.status == .failed ? .failed : currentItem?.status == .readyToPlay ? .readyToPlay : .unknown }
    }
    public var error: Error? { MainQueue.sync { currentItem?.error } }
    weak var looper: AVPlayerLooper?

    public init() { setUp() }
    public convenience init(url: URL) { self.init(playerItem: AVPlayerItem(url: url)) }
    public init(playerItem item: AVPlayerItem?) {
        setUp()
        if let item { MainQueue.sync { makeCurrent(item) } }
    }

    private func setUp() {
        frames.onFrame = { [weak self] t in self?.currentItem?.position = t }
        // The end, when the screen's clock passes the last frame's (VideoFrameBuffer).
        frames.onEnd = { [weak self] in
            guard let self, let item = self.currentItem else { return }
            for hook in AVPlayerItem.didPlayToEndTime { hook(item) }
            self.itemDidPlayToEnd(item)
        }
    }

    public func play() { rate = 1 }
    public func pause() { rate = 0 }

    private func setRate(_ r: Float) {
        let was = storedRate
        storedRate = r.isFinite ? r : 0
        if (was != 0) != (storedRate != 0) { currentItem?.setPlaying(storedRate != 0) }
    }

    /// Moves to `time` (clamped at 0); while paused, the frame there shows.
    public func seek(to time: CMTime) { seek(to: time, completionHandler: { _ in }) }
    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) { seek(to: time) }
    public func seek(to time: CMTime, completionHandler: @escaping (Bool) -> Void) {
        let s = time.seconds
        MainQueue.sync {
            guard s.isFinite, let item = currentItem else { completionHandler(false); return }
            item.seek(to: max(0, s))
            completionHandler(true)
        }
    }
    public func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime, completionHandler: @escaping (Bool) -> Void) {
        seek(to: time, completionHandler: completionHandler)
    }

    /// The current item's time: the frame on screen, or the seek target until it shows.
    public func currentTime() -> CMTime { currentItem?.currentTime() ?? .zero }

    public func replaceCurrentItem(with item: AVPlayerItem?) { MainQueue.sync { makeCurrent(item) } }

    func makeCurrent(_ item: AVPlayerItem?) {
        guard item !== currentItem else { return }
        currentItem?.detach()
        frames.clear()
        frames.message = nil
        currentItem = item
        objectWillChange.send()
        guard let item else { return }
        item.position = 0
        item.attach(to: self)
        if storedRate != 0 { item.setPlaying(true) }
    }

    func itemFailed(_ item: AVPlayerItem, _ error: VideoError) {
        guard item === currentItem else { return }
        frames.message = error.description
        objectWillChange.send()
    }

    /// Main queue: the current item played to its end.
    func itemDidPlayToEnd(_ item: AVPlayerItem) {
        guard item === currentItem else { return }
        if let looper, looper.isLooping {
            looper.loopCount += 1
            item.seek(to: 0)
            return
        }
        switch actionAtItemEnd {
        case .none: break
        case .pause: setRate(0)
        case .advance: if !advance() { setRate(0) }
        }
    }

    /// The queue player's next item; false when there is none.
    func advance() -> Bool { false }
}

/// Plays a list of items one after another (`actionAtItemEnd` is `.advance`).
open class AVQueuePlayer: AVPlayer, @unchecked Sendable {
    private var queue: [AVPlayerItem] = []

    public override init() { super.init(); actionAtItemEnd = .advance }
    public init(items: [AVPlayerItem]) {
        super.init(playerItem: nil)
        actionAtItemEnd = .advance
        MainQueue.sync { queue = items; makeCurrent(items.first) }
    }

    /// The items from the current one on.
    public func items() -> [AVPlayerItem] { MainQueue.sync { queue } }
    public func advanceToNextItem() { MainQueue.sync { _ = advance() } }
    public func canInsert(_ item: AVPlayerItem, after: AVPlayerItem?) -> Bool { true }
    /// Inserts after `after` (nil: at the end); the first item becomes current.
    public func insert(_ item: AVPlayerItem, after: AVPlayerItem?) {
        MainQueue.sync {
            if let after, let i = queue.firstIndex(where: { $0 === after }) { queue.insert(item, at: i + 1) } else { queue.append(item) }
            if currentItem == nil { makeCurrent(queue.first) }
        }
    }
    public func remove(_ item: AVPlayerItem) {
        MainQueue.sync {
            queue.removeAll { $0 === item }
            if item === currentItem { makeCurrent(queue.first) }
        }
    }
    public func removeAllItems() { MainQueue.sync { queue.removeAll(); makeCurrent(nil) } }

    override func advance() -> Bool {
        if !queue.isEmpty, queue[0] === currentItem { queue.removeFirst() }
        makeCurrent(queue.first)
        return currentItem != nil
    }
}

/// Loops one item on a queue player: `AVPlayerLooper(player: queuePlayer, templateItem: item)`,
/// kept alive as long as the looping should run (a property beside the player), then
/// `queuePlayer.play()`. At each end the item seeks back to its start and plays on.
public final class AVPlayerLooper: @unchecked Sendable {
    public enum Status: Int, Sendable { case unknown, ready, failed, cancelled }
    /// Passes completed so far.
    public fileprivate(set) var loopCount = 0
    public private(set) var status: Status = .ready
    public var error: Error? { player?.currentItem?.error }
    private weak var player: AVQueuePlayer?
    fileprivate var isLooping: Bool { status == .ready }

    public init(player: AVQueuePlayer, templateItem: AVPlayerItem, timeRange: CMTimeRange = .invalid) {
        self.player = player
        MainQueue.sync {
            player.removeAllItems()
            player.insert(templateItem, after: nil)
            player.looper = self
        }
    }
    /// Stops looping: the item plays to its end and the player's end action applies.
    public func disableLooping() { MainQueue.sync { status = .cancelled } }
    deinit { if player?.looper === self { player?.looper = nil } }
}
