// VideoFrameBuffer and VideoFrameSurface: the one piece of VideoPlayer inside the engine (the
// player itself, its GStreamer pipeline and the AVKit names are Sources/KioskVideo).
//
// A decoder thread writes each frame into one of three surfaces (triple buffering): the one on
// screen, the one ready to go on screen next, and the one being written are never the same, so
// the decoder never waits for a frame to be drawn and the renderer never draws pixels that are
// being written. A finished frame asks the main queue for one wake-up (none while one is pending:
// frames that arrive faster than the screen takes them replace the ready one); the wake-up makes
// the ready frame the shown one and re-evaluates only the nodes showing it. Each change
// re-records the node's image item with the other surface (ImageBox is compared by identity), so
// the damage is the video's rectangle. Surfaces are made when the video's size changes, never per
// frame; the main-queue block is made once (a `@convention(block)` closure dispatch retains).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Raster

/// Frames a decoder thread produces for ``VideoFrameSurface`` (kiosk's own; VideoPlayer's
/// `AVPlayer` owns one). Write from any one thread with ``write(width:height:time:_:)``; everything
/// else runs on the main queue.
public final class VideoFrameBuffer: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var boxes: [ImageBox?] = [nil, nil, nil]
    private var shownSlot = -1, readySlot = -1, writingSlot = -1
    private var readyTime = 0.0
    private var wakePending = false
    /// The main-queue block (made once; dispatch only retains it).
    private var wakeBlock: (@convention(block) () -> Void)?
    /// Nodes drawing this buffer (main queue).
    private var viewers: [WeakNode] = []

    /// The frame on screen and its time in the video (seconds); nil before the first frame.
    public private(set) var shownTime: Double?
    /// Frames taken onto the screen so far (main queue).
    public private(set) var framesShown = 0
    /// Frames the decoder wrote so far, and those replaced before the screen took them.
    public var framesWritten: Int { lock { written } }
    public var framesDropped: Int { lock { dropped } }
    private var written = 0, dropped = 0
    /// The picture's size in pixels (0 × 0 before the first frame).
    public private(set) var pixelWidth = 0, pixelHeight = 0
    /// Runs on the main queue after a new frame went on screen, with its time.
    public var onFrame: ((Double) -> Void)?
    /// Why there is no picture (a failed video, a build without video): VideoPlayer shows it
    /// over black, and the first surface drawing it warns once per process per message.
    public var message: String? { didSet { if message != oldValue { invalidateViewers() } } }
    nonisolated(unsafe) static var warned: Set<String> = []

    public init() {
        pthread_mutex_init(&mutex, nil)
        wakeBlock = { [weak self] in self?.takeReadyFrame() }
    }
    deinit { pthread_mutex_destroy(&mutex) }

    private func lock<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(&mutex); defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    /// Producer side (one thread at a time, any thread): `fill` writes a `width`×`height` frame
    /// of premultiplied BGRA pixels into the surface it is given (opaque: alpha 255). Returns
    /// false for a size a surface cannot have.
    @discardableResult
    public func write(width: Int, height: Int, time: Double, _ fill: (Surface) -> Void) -> Bool {
        guard width > 0, height > 0, width <= Surface.maxSide, height <= Surface.maxSide else { return false }
        var slot = -1
        var box: ImageBox?
        lock {
            for s in 0..<3 where s != shownSlot && s != readySlot && s != writingSlot { slot = s; break }
            if slot >= 0 { writingSlot = slot; box = boxes[slot] }
        }
        guard slot >= 0 else { return false }
        if box == nil || box!.surface.width != width || box!.surface.height != height {
            // The video's size changed (or its first frame): the only allocation.
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
            if readySlot >= 0 { dropped += 1 }
            readySlot = slot
            writingSlot = -1
            readyTime = time
            written += 1
            let wake = !wakePending
            wakePending = true
            return wake
        }
        if wake, let block = wakeBlock { DispatchQueue.main.async(execute: block) }
        return true
    }

    /// Forgets the frames (a new video): the surface shows black until the next one.
    public func clear() {
        lock { shownSlot = -1; readySlot = -1 }
        shownTime = nil
        invalidateViewers()
    }

    /// Main queue: the ready frame goes on screen.
    private func takeReadyFrame() {
        let taken: Double? = lock {
            wakePending = false
            guard readySlot >= 0 else { return nil }
            shownSlot = readySlot
            readySlot = -1
            return readyTime
        }
        guard let time = taken else { return }
        shownTime = time
        framesShown += 1
        if let b = shownBox { pixelWidth = b.surface.width; pixelHeight = b.surface.height }
        invalidateViewers()
        onFrame?(time)
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
public struct VideoFrameSurface: View, PrimitiveView, LayoutBehavior {
    let buffer: VideoFrameBuffer
    public init(_ buffer: VideoFrameBuffer) { self.buffer = buffer }
    public var body: Never { bodyNeverCalled("VideoFrameSurface") }

    /// A new frame re-evaluates the node (`invalidateViewers`): it is drawn again.
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
        guard let box = buffer.shownBox else { return }
        let w = Double(box.surface.width), h = Double(box.surface.height)
        let s = min(Double(f.width) / w, Double(f.height) / h)
        guard s.isFinite, s > 0 else { return }
        let dw = w * s, dh = h * s
        let r = CGRect(x: Double(f.minX) + (Double(f.width) - dw) / 2, y: Double(f.minY) + (Double(f.height) - dh) / 2, width: dw, height: dh)
        pass.emit(.image(box, Raster.Rect(r), .bilinear), owner: node, index: 1, localBounds: r)
    }
}
