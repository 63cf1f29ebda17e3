// VideoFrameBuffer and VideoFrameSurface: the one piece of VideoPlayer inside the engine (the
// player itself, its GStreamer pipeline and the AVKit names are Sources/KioskVideo).
//
// The screen's clock drives the video. A decoder thread decodes ahead, as fast as it may, into a
// bounded queue of surfaces (four: the one on screen, up to three decoded ahead or being
// written; it waits when they are all taken), each with its presentation time. Frames go on
// screen by that time against the graph's clock: the media time at graph time t is the position
// when playback (re)started plus t minus the graph time it started at. On the panel the graph's
// time is the wall clock, so playback is real time; under HeadlessHost, `kiosk snapshot` and
// `kiosk record` it is virtual, and the frame at t is exactly the one due then: a frame drawn
// there waits (bounded) for the decoder until the frame due is known to be the last one due —
// the next one is decoded, or the stream ended or failed (`ViewGraph.waitsForVideo`).
//
// The node showing the frames asks for one wake-up at the next frame's time (or the end's),
// as an animated image does; when the queue ran dry the decoder's next frame asks the main queue
// for one (none while one is pending). Each change re-records the node's image item with the
// other surface (ImageBox is compared by identity), so the damage is the video's rectangle.
// Surfaces are made when the video's size changes, never per frame; the queue is fixed arrays;
// the main-queue blocks are made once (`@convention(block)` closures dispatch retains).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Raster

/// Frames a decoder thread produces for ``VideoFrameSurface`` (kiosk's own; VideoPlayer's
/// `AVPlayer` owns one), presented on the screen's clock. The decoder calls
/// ``write(width:height:time:duration:_:)`` and ``streamEnded()`` from its thread; the player
/// drives the media clock (``setPlaying(_:)``, ``flush(to:)``) on the main queue.
public final class VideoFrameBuffer: @unchecked Sendable {
    /// Surfaces: one on screen, the rest decoded ahead (or being written).
    public static let surfaceCount = 4
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var boxes: [ImageBox?] = Array(repeating: nil, count: VideoFrameBuffer.surfaceCount)
    /// Decoded frames waiting for their time, oldest first (a ring of slots).
    private var queueSlot = [Int](repeating: -1, count: VideoFrameBuffer.surfaceCount)
    private var queueTime = [Double](repeating: 0, count: VideoFrameBuffer.surfaceCount)
    private var queueDuration = [Double](repeating: 0, count: VideoFrameBuffer.surfaceCount)
    private var queueHead = 0, queueCount = 0
    private var shownSlot = -1, writingSlot = -1
    private var shownDuration = 0.0
    /// The decoder's frames are dropped: the stream went away (or failed).
    private var stopped = false
    /// Seeks: the generation the screen wants (the last seek's, set by ``flush(to:generation:pending:)``)
    /// and the one the decoder's frames belong to (set at the sink's flush-stop for that seek,
    /// ``flushStopped(generation:)``). A write counts only when the two are equal — frames of an
    /// older seek, or of the stream before it, are dropped, and from the seek's flush-stop on
    /// nothing of the new one is lost.
    private var wantedGeneration: UInt32 = 0
    private var decoderGeneration: UInt32 = 0
    /// The last seeks' generations (a flush-stop naming one of them belongs to an older seek).
    private var recentGenerations = [UInt32](repeating: 0, count: 8)
    private var recentIndex = 0
    /// The seek's target: frames that end before it (an accurate seek decodes from the key frame
    /// before it) are dropped.
    private var segmentStart = 0.0
    /// The seek is not sent to the decoder yet (it waits for the pipeline's preroll) or it failed:
    /// the screen does not wait for its frames.
    private var seekPending = false
    /// A decoder is running for the current stream (frames may still come).
    private var expectingFrames = false
    /// The stream ended after the last queued frame.
    private var endQueued = false
    /// After a clear or a flush: the next frame shows whatever its time (nothing older is left).
    private var awaitingFirst = true
    /// The screen has nothing decoded ahead and wants the main queue woken by the next frame.
    private var wantsWake = true
    private var wakePending = false
    private var written = 0, dropped = 0
    /// The main-queue blocks (made once; dispatch only retains them).
    private var wakeBlock: (@convention(block) () -> Void)?
    private var endBlock: (@convention(block) () -> Void)?
    /// Nodes drawing this buffer (main queue).
    private var viewers: [WeakNode] = []
    private weak var graph: ViewGraph?

    // The media clock (main queue).
    private var playing = false
    /// Graph time at which the media time was `position` (nil: playing starts at the next draw).
    private var anchor: Double?
    private var position = 0.0
    private var endReported = false
    private var scheduledWake = -1.0

    /// The frame on screen and its time in the video (seconds); nil before the first frame.
    public private(set) var shownTime: Double?
    /// Frames taken onto the screen so far (main queue).
    public private(set) var framesShown = 0
    /// Frames the decoder wrote so far, and those whose time passed before a screen drew them.
    public var framesWritten: Int { lock { written } }
    public var framesDropped: Int { lock { dropped } }
    /// The picture's size in pixels (0 × 0 before the first frame).
    public private(set) var pixelWidth = 0, pixelHeight = 0
    /// Runs on the main queue after a new frame went on screen, with its time.
    public var onFrame: ((Double) -> Void)?
    /// Runs on the main queue once the media clock passes the end of the stream's last frame.
    public var onEnd: (() -> Void)?
    /// Why there is no picture (a failed video, a build without video): VideoPlayer shows it
    /// over black, and the first surface drawing it warns once per process per message.
    public var message: String? { didSet { if message != oldValue { invalidateViewers() } } }
    nonisolated(unsafe) static var warned: Set<String> = []

    public init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
        wakeBlock = { [weak self] in
            guard let self else { return }
            self.lock { self.wakePending = false }
            self.invalidateViewers()
        }
        endBlock = { [weak self] in self?.onEnd?() }
    }
    deinit { pthread_cond_destroy(&condition); pthread_mutex_destroy(&mutex) }

    private func lock<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(&mutex); defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    // MARK: The decoder's side (any one thread)

    /// Writes the frame presented at `time` seconds of the stream, shown for `duration` (0:
    /// unknown): `fill` gets a `width`×`height` surface for premultiplied BGRA pixels (opaque).
    /// Waits while every surface is taken (the screen has not reached their times). False when
    /// the frame was dropped: a flush, a stream going away, a size no surface can have.
    @discardableResult
    public func write(width: Int, height: Int, time: Double, duration: Double = 0, _ fill: (Surface) -> Void) -> Bool {
        guard width > 0, height > 0, width <= Surface.maxSide, height <= Surface.maxSide else { return false }
        let time = time.isFinite ? time : 0, duration = duration.isFinite ? max(0, duration) : 0
        pthread_mutex_lock(&mutex)
        let generation = decoderGeneration
        var slot = -1
        while true {
            if !counts(generation: generation, time: time, duration: duration) { pthread_mutex_unlock(&mutex); return false }
            slot = freeSlot()
            if slot >= 0 { break }
            pthread_cond_wait(&condition, &mutex)
        }
        writingSlot = slot
        var box = boxes[slot]
        pthread_mutex_unlock(&mutex)
        if box == nil || box!.surface.width != width || box!.surface.height != height {
            // The video's size changed (or its first frames): the only allocation.
            guard var surface = try? Surface(width: width, height: height) else {
                lock { writingSlot = -1 }
                return false
            }
            surface.isOpaque = true
            box = ImageBox(surface)
        }
        fill(box!.surface)
        let wake: Bool = lock {
            boxes[slot] = box
            writingSlot = -1
            // The slot is free again or queued: either way a waiter may go on (one wake-up).
            pthread_cond_broadcast(&condition)
            guard counts(generation: generation, time: time, duration: duration), queueCount < VideoFrameBuffer.surfaceCount else { return false }
            let i = (queueHead + queueCount) % VideoFrameBuffer.surfaceCount
            queueSlot[i] = slot; queueTime[i] = time; queueDuration[i] = duration
            queueCount += 1
            written += 1
            guard wantsWake, !wakePending else { return false }
            wantsWake = false
            wakePending = true
            return true
        }
        if wake, let block = wakeBlock { DispatchQueue.main.async(execute: block) }
        return true
    }

    /// Whether a frame of `generation` at `time` goes on the queue (under the lock): the stream
    /// is on, the frame belongs to the last seek and does not end before its target.
    private func counts(generation: UInt32, time: Double, duration: Double) -> Bool {
        guard !stopped, generation == wantedGeneration else { return false }
        return duration > 0 ? time + duration > segmentStart + 1e-6 : time >= segmentStart - 1e-6
    }

    /// The stream ended after the frames written so far (the decoder's thread).
    public func streamEnded() {
        let wake: Bool = lock {
            guard !stopped, decoderGeneration == wantedGeneration else { return false }
            endQueued = true
            pthread_cond_broadcast(&condition)
            guard wantsWake, !wakePending else { return false }
            wantsWake = false; wakePending = true
            return true
        }
        if wake, let block = wakeBlock { DispatchQueue.main.async(execute: block) }
    }

    /// No more frames will come for this stream (it failed, or its decoder is going): writers
    /// return, and a screen waiting for a frame stops waiting. Any thread.
    public func stopStream() {
        lock {
            expectingFrames = false
            stopped = true
            pthread_cond_broadcast(&condition)
        }
    }

    /// A decoder starts for a new stream (after `clear()`): frames are expected.
    public func startStream() {
        lock { expectingFrames = true; stopped = false; endQueued = false; decoderGeneration = wantedGeneration }
    }

    /// The decoder's side of a seek, where its flush ends (GStreamer's flush-stop at the sink,
    /// any thread): the frames from here on belong to the seek `generation` names (its seqnum).
    /// A generation that is neither the last seek's nor a recent one (a decoder that does not
    /// carry the seek's seqnum onto its flush) is taken as the last seek's.
    public func flushStopped(generation: UInt32) {
        lock {
            decoderGeneration = generation == wantedGeneration || recentGenerations.contains(generation) ? generation : wantedGeneration
            pthread_cond_broadcast(&condition)
        }
    }

    /// A slot neither on screen, queued nor being written (under the lock).
    private func freeSlot() -> Int {
        for s in 0..<VideoFrameBuffer.surfaceCount where s != shownSlot && s != writingSlot {
            var queued = false
            for k in 0..<queueCount where queueSlot[(queueHead + k) % VideoFrameBuffer.surfaceCount] == s { queued = true; break }
            if !queued { return s }
        }
        return -1
    }

    // MARK: The media clock (main queue)

    /// The graph's time now: the host's "now" between frames, the frame's time during one.
    private var graphNow: Double? {
        guard let g = graph else { return nil }
        let t = g.hostNow?() ?? g.time
        return t.isFinite ? max(g.time, t) : g.time
    }

    /// The media time at graph time `t`.
    private func mediaTime(at t: Double) -> Double {
        guard playing, let a = anchor else { return position }
        return position + max(0, t - a)
    }

    /// The media time now (seconds into the stream), by the screen's clock.
    public var mediaTime: Double { graphNow.map { mediaTime(at: $0) } ?? position }

    /// Starts or stops the media clock (the player's rate: 0 or not).
    public func setPlaying(_ on: Bool) {
        guard on != playing else { return }
        if on {
            playing = true
            anchor = graphNow
        } else {
            position = mediaTime
            playing = false
            anchor = nil
        }
        scheduledWake = -1
        invalidateViewers()
    }

    /// Before a seek, whose generation (GStreamer's seqnum of the seek event) the decoder's flush
    /// will name (``flushStopped(generation:)``): frames decoded ahead are dropped, and so is
    /// every frame the decoder writes until that flush, and any that ends before `seconds`; the
    /// media clock stands at `seconds`. The frame on screen stays until the first one after the
    /// seek arrives; a frame drawn on a virtual clock waits for it, unless the seek is `pending`
    /// (not sent yet: ``seekSent(_:)``).
    public func flush(to seconds: Double, generation: UInt32, pending: Bool = false) {
        let now = graphNow
        let target = seconds.isFinite ? max(0, seconds) : 0
        position = target
        anchor = playing ? now : nil
        endReported = false
        scheduledWake = -1
        lock {
            recentGenerations[recentIndex] = wantedGeneration
            recentIndex = (recentIndex + 1) % recentGenerations.count
            wantedGeneration = generation
            segmentStart = target
            seekPending = pending
            queueCount = 0
            endQueued = false
            awaitingFirst = true
            wantsWake = true
            pthread_cond_broadcast(&condition)
        }
        // Drawn again at the next frame: with the seek's first frame (waited for on a virtual clock).
        invalidateViewers()
    }

    /// A pending seek went to the decoder (`sent`), or it failed: then the stream goes on where it
    /// was, its frames count, and the screen no longer waits for the seek's.
    public func seekSent(_ sent: Bool) {
        lock {
            if sent { seekPending = false } else { seekPending = true; decoderGeneration = wantedGeneration }
            pthread_cond_broadcast(&condition)
        }
        invalidateViewers()
    }

    /// Forgets the frames and the clock (a new video): the surface shows black until the next
    /// one. Call with no decoder running.
    public func clear() {
        lock {
            shownSlot = -1; queueCount = 0; endQueued = false; awaitingFirst = true; wantsWake = true
            expectingFrames = false; stopped = false; seekPending = false; segmentStart = 0
            decoderGeneration = wantedGeneration
            pthread_cond_broadcast(&condition)
        }
        playing = false; anchor = nil; position = 0; endReported = false; scheduledWake = -1
        shownTime = nil
        invalidateViewers()
    }

    // MARK: The screen's side (main queue)

    /// The frame due at the graph's time for `node` (VideoFrameSurface's render), after taking
    /// frames whose time came off the queue; asks for a wake-up at the next change.
    func present(for node: Node) -> ImageBox? {
        let graph = node.graph
        self.graph = graph
        let t = graph.time
        if playing && anchor == nil { anchor = t }
        let m = mediaTime(at: t)
        let waits = graph.waitsForVideo
        var deadline = timespec()
        var haveDeadline = false
        var changed = false
        var time = 0.0
        pthread_mutex_lock(&mutex)
        while true {
            while queueCount > 0 && (awaitingFirst || queueTime[queueHead] <= m + 1e-6) {
                if changed { dropped += 1 }
                shownSlot = queueSlot[queueHead]
                time = queueTime[queueHead]
                shownDuration = queueDuration[queueHead]
                queueHead = (queueHead + 1) % VideoFrameBuffer.surfaceCount
                queueCount -= 1
                awaitingFirst = false
                changed = true
                pthread_cond_broadcast(&condition)
            }
            // The frame due is known once a later one is decoded or none will come.
            if !waits || queueCount > 0 || endQueued || !expectingFrames || stopped || seekPending { break }
            if !haveDeadline {
                clock_gettime(CLOCK_REALTIME, &deadline)
                deadline.tv_sec += VideoFrameBuffer.waitLimit
                haveDeadline = true
            }
            if pthread_cond_timedwait(&condition, &mutex, &deadline) == ETIMEDOUT { break }
        }
        let next: Double? = queueCount > 0 ? queueTime[queueHead] : nil
        let ended = queueCount == 0 && endQueued
        if queueCount == 0 && !ended { wantsWake = true }
        let box = shownSlot >= 0 ? boxes[shownSlot] : nil
        pthread_mutex_unlock(&mutex)

        if changed {
            shownTime = time
            framesShown += 1
            if let b = box { pixelWidth = b.surface.width; pixelHeight = b.surface.height }
            onFrame?(time)
        }
        if ended && !endReported {
            let end = (shownTime ?? 0) + shownDuration
            if m + 1e-6 >= end {
                endReported = true
                if let block = endBlock { DispatchQueue.main.async(execute: block) }
            } else if playing, let a = anchor {
                wake(node, at: a + (end - position))
            }
        } else if playing, let a = anchor, let next {
            wake(node, at: a + (next - position))
        }
        return box
    }

    /// Seconds a frame drawn on a virtual clock waits for the decoder at most.
    static let waitLimit = 20

    private func wake(_ node: Node, at time: Double) {
        guard time != scheduledWake else { return }
        scheduledWake = time
        node.graph.schedule(node, at: time)
    }

    /// The surface on screen (main queue; the decoder never writes it).
    var shownBox: ImageBox? { lock { shownSlot >= 0 ? boxes[shownSlot] : nil } }

    /// Re-evaluates (and so re-records) every node showing this buffer.
    func invalidateViewers() {
        var i = 0
        while i < viewers.count {
            if let node = viewers[i].node, !node.isRemoved { node.graph.invalidate(node); i += 1 } else { viewers.remove(at: i) }
        }
    }

    func attach(_ node: Node) {
        if viewers.contains(where: { $0.node === node }) { return }
        viewers.append(WeakNode(node))
    }

    /// A copy of the frame on screen (tests, `kiosk record` checks); nil before the first frame.
    public func copyOfShownFrame() -> Surface? {
        guard let b = shownBox, let copy = try? Surface(width: b.surface.width, height: b.surface.height) else { return nil }
        for y in 0..<b.surface.height {
            (copy.base + y * copy.rowPixels).update(from: b.surface.base + y * b.surface.rowPixels, count: b.surface.width)
        }
        return copy
    }
}

/// A video's frames from a ``VideoFrameBuffer``, fitted inside the space offered (letterboxed,
/// as AVKit's `.resizeAspect`) over black. Takes all the space it is offered, as VideoPlayer does.
public struct VideoFrameSurface: View, PrimitiveView, LayoutBehavior, RedrawsWithoutLayout {
    let buffer: VideoFrameBuffer
    public init(_ buffer: VideoFrameBuffer) { self.buffer = buffer }
    public var body: Never { bodyNeverCalled("VideoFrameSurface") }

    /// A frame's time, or a new frame after the queue ran dry, re-evaluates the node: it is drawn
    /// again with the frame due then.
    func makeChildren(_ list: inout ChildList) {
        ViewGraph.currentReader?.invalidateRender()
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func render(node: Node, pass: RenderPass) {
        buffer.attach(node)
        if let m = buffer.message, !VideoFrameBuffer.warned.contains(m) {
            VideoFrameBuffer.warned.insert(m)
            Diagnostics.warn(m)
        }
        let f = node.frame
        guard f.width > 0, f.height > 0 else { return }
        pass.emit(.fill(Raster.Path.rect(Raster.Rect(f)), .solid(Raster.Color.black), .nonZero), owner: node, index: 0, localBounds: f)
        guard let box = buffer.present(for: node) else { return }
        let w = Double(box.surface.width), h = Double(box.surface.height)
        let s = min(Double(f.width) / w, Double(f.height) / h)
        guard s.isFinite, s > 0 else { return }
        let dw = w * s, dh = h * s
        let r = CGRect(x: Double(f.minX) + (Double(f.width) - dw) / 2, y: Double(f.minY) + (Double(f.height) - dh) / 2, width: dw, height: dh)
        pass.emit(.image(box, Raster.Rect(r), .bilinear), owner: node, index: 1, localBounds: r)
    }
}
