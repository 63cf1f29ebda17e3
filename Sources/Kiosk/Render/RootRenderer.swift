// RootRenderer: one screen's pipeline. Each frame: apply state changes and re-evaluate dirty
// bodies (Graph), lay out when the tree or the size changed (Layout), record a display list,
// diff it against the last one (damage = old ∪ new bounds of changed items), and repaint only
// the damaged rectangles: clear to the background, then every item that touches them.
// A frame in which nothing changed does no layout, no drawing and no allocation.

import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Drives a view hierarchy into pixels, frame by frame. The platform runtime and
/// `HeadlessHost` both use it.
public final class RootRenderer {
    let graph: ViewGraph
    let text: TextDrawing
    @exclusivity(unchecked) private(set) var size: (width: Int, height: Int)
    @exclusivity(unchecked) private var items: [DisplayItem] = []
    @exclusivity(unchecked) private(set) var hitRegions: [HitRegion] = []
    @exclusivity(unchecked) private var gestureTransforms: [Int: Affine] = [:]
    @exclusivity(unchecked) private var laidOutGeneration = -1
    @exclusivity(unchecked) private var layoutNumber = 0
    @exclusivity(unchecked) private var drawnOnce = false
    /// The time of the last frame rendered (the graph's clock).
    @exclusivity(unchecked) private(set) var lastFrameTime = 0.0
    @exclusivity(unchecked) private var canvas: Raster.Canvas?
    let layerScratch = LayerScratch()
    let touches = TouchRouter()
    /// Rectangles repainted by the last frame.
    @exclusivity(unchecked) public private(set) var lastDamage: [IntRect] = []
    /// Frames that drew something.
    @exclusivity(unchecked) public private(set) var frameCount = 0
    /// When damage of several rectangles covers more than this share of the screen, the frame
    /// is redrawn whole (one clear and one pass over the list is cheaper than several passes,
    /// each rasterizing again the items that straddle rectangles). One rectangle is drawn as it
    /// is, whatever its size: it is never dearer than the screen, and LVGL scene 16's scrolled
    /// page (74 % of an 800×480 screen below a still tab bar) was redrawn whole every frame.
    /// Redrawn "whole" means the box around the rectangles, not the screen: scene 16's page
    /// (x 17…783) and its scrollbar (x 788…793) are two rectangles over 60 %, and drawing the
    /// screen for them painted the still tab bar above too.
    static let fullRedrawShare = 0.6
    static func redrawsWhole(_ damage: [IntRect], of bounds: IntRect) -> Bool {
        damage.count > 1 && Double(damage.reduce(0) { $0 + $1.area }) > Double(bounds.area) * fullRedrawShare
    }
    /// The one rectangle several damage rectangles over `fullRedrawShare` are drawn as (their
    /// bounding box within `bounds`), nil when they are drawn as they are.
    static func redrawnBox(_ damage: [IntRect], of bounds: IntRect) -> IntRect? {
        guard redrawsWhole(damage, of: bounds) else { return nil }
        var box = IntRect.empty
        for r in damage { box = box.union(r) }
        return box.intersection(bounds)
    }
    /// Whether frames time their phases into `lastFrameTimes` (benchmarks; off by default, so a
    /// running kiosk reads no clocks for it).
    @exclusivity(unchecked) public var recordsFrameTimes = false
    /// The clock `lastFrameTimes` reads: CLOCK_MONOTONIC (wall) by default, or the thread's CPU
    /// time, which a busy machine's preemptions do not inflate.
    @exclusivity(unchecked) public var frameTimesClock = FrameTimes.Clock.monotonic
    private func stamp() -> Double { frameTimesClock == .threadCPU ? Syscall.threadCPUNow() : Syscall.monotonicNow() }
    /// The phases of the last frame rendered, when `recordsFrameTimes` is on.
    @exclusivity(unchecked) public private(set) var lastFrameTimes = FrameTimes()

    init(width: Int, height: Int, colorScheme: ColorScheme, text: TextDrawing, root: any View, warnings: WarningSink = WarningSink(),
         startDate: Date? = nil) {
        let w = max(0, width), h = max(0, height)
        if width <= 0 || height <= 0 {
            let previous = Diagnostics.sink
            Diagnostics.sink = warnings
            Diagnostics.warn("screen size \(width)×\(height) is empty: nothing will be drawn; views still update")
            Diagnostics.sink = previous
        }
        size = (w, h)
        self.text = text
        var env = EnvironmentValues()
        env.colorScheme = colorScheme
        env.screenSize = CGSize(width: w, height: h)
        env.kioskIdleActivity = KioskIdleActivity()      // this screen's onKioskIdle (Views/Core/OnKioskIdle.swift)
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        graph = ViewGraph(root: root, environment: env, warnings: warnings, startDate: startDate)
        touches.startDate = graph.startDate
        // Long presses time out on the screen's clock (virtual under HeadlessHost).
        touches.schedule = { [weak graph] time, block in graph?.clock.schedule(at: time, .block(block)) }
        graph.flushHandler = { [unowned self] in self.flush() }
    }


    /// Creates a renderer for `content` on a screen of `width`×`height` pixels.
    /// `startDate` is the date of the views' time 0 (`TimelineView` dates, timers); now by default.
    public convenience init<V: View>(width: Int, height: Int, colorScheme: ColorScheme = .light, startDate: Date? = nil, content: V) {
        self.init(width: width, height: height, colorScheme: colorScheme, text: FontTextEngine.best, root: content, startDate: startDate)
    }

    /// Warnings logged by this screen's views.
    public var warnings: [String] { graph.warnings.warnings }

    /// The colour scheme views see: the host's (this setting) unless a shown view states a
    /// `preferredColorScheme`, which wins while it is shown, as on iOS.
    public var colorScheme: ColorScheme {
        get { graph.rootEnvironment.colorScheme }
        set {
            graph.colorSchemes.hostScheme = newValue
            graph.colorSchemes.applyScreen()
        }
    }

    /// True when the next frame would change something (state changed, input arrived, a
    /// TimelineView is due at `time`).
    public func needsFrame(at time: Double) -> Bool {
        graph.collectImageArrivals()
        return graph.needsUpdate || laidOutGeneration != graph.generation || graph.hasAnimationWork || graph.hasAppearanceCallbacks
            || (graph.nextWakeup.map { $0 <= time + 1e-9 } ?? false)
    }

    /// The earliest virtual time a TimelineView wants to update, if any; while an animation
    /// runs, the last frame's time (every frame is due).
    public var nextWakeup: Double? { graph.hasAnimationWork ? lastFrameTime : graph.nextWakeup }

    /// Updates, lays out and repaints what changed into `surface` (the whole surface when
    /// `fullRedraw`); returns the rectangles it repainted.
    @discardableResult
    public func renderFrame(into surface: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
        graph.withSink { renderFrameInSink(into: surface, at: time, fullRedraw: fullRedraw) }
    }

    private func renderFrameInSink(into surface: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
        // Dropped first so the damage tracker's storage is unshared when it is reused below.
        lastDamage = []
        let timing = recordsFrameTimes
        let t0 = timing ? stamp() : 0
        layoutSeconds = 0
        graph.time = max(graph.time, time)
        lastFrameTime = graph.time
        // Two-finger gestures report what their fingers did since the last frame, once.
        touches.flushPairs()
        graph.update()
        var relaid = layoutIfNeeded()
        relaid = settleAppearances() || relaid
        // Animations: those the update (and its layout) started begin at their commit, so
        // this frame already shows them moving. Custom Animatable bodies re-run with the
        // presented values (a second update).
        graph.checkCompletions()
        graph.tickAnimations(at: graph.time)
        if graph.needsUpdate {
            graph.update()
            relaid = layoutIfNeeded() || relaid
        }
        // Views a finished removal transition took away: their onDisappear.
        relaid = settleAppearances() || relaid
        // A walk asked for without marks (a scroll offset, a flush's layout): recorded whatever
        // the marks say.
        let walkAsked = graph.needsRender || needsRecord
        if walkAsked { relaid = true; graph.needsRender = false; needsRecord = false }
        let bounds = IntRect(x: 0, y: 0, width: min(size.width, surface.width), height: min(size.height, surface.height))
        var damage: [IntRect] = []
        var move: PixelMove? = nil
        let t1 = timing ? stamp() : 0
        let moving = movesPixels && holdsLastFrame(surface)
        renderPass?.patchRefusesShifts = moving
        if retainsDisplayList && relaid && !walkAsked && !fullRedraw && drawnOnce, let pass = renderPass, pass.root == bounds,
           recordedStructure == graph.structureVersion, graph.root.renderDirtyGeneration != graph.renderGeneration {
            // Nothing marked since the last recording (no node drew from anything that changed:
            // `Node.invalidateRender` marks the root's chain for every change): the last lists
            // are this frame's, nothing is recorded, diffed or drawn. `lvgl-16`'s page re-made
            // by its ticker with the same values: ≈ 190 k instructions a tick for no pixel.
            unrecordedFrames += 1
            if verifiesRetainedRecording {
                verifyRetained(items: items, hits: hitRegions, previous: items, bounds: bounds, damage: [], fullRedraw: false)
            }
        } else if retainsDisplayList && patchesFrames && relaid && !fullRedraw && drawnOnce, let pass = renderPass, pass.root == bounds,
           recordedStructure == graph.structureVersion, let origins = graph.currentRenderOrigins,
           let patched = patch(pass, origins, bounds: bounds) {
            damage = patched
        } else if relaid || fullRedraw || !drawnOnce {
            let pass: RenderPass
            var reusing = retainsDisplayList
            // Read before `reset` clears it (it was read after, so never seen).
            let broke = renderPass?.brokeRanges ?? false
            if let p = renderPass, p.root == bounds { pass = p; pass.reset() } else {
                pass = RenderPass(size: bounds, text: text, retains: retainsDisplayList)
                pass.reusesGroupStorage = reusesGroupStorage
                pass.lastRecordID = renderPass?.lastRecordID ?? 0
                renderPass = pass
                reusing = false
            }
            // Ranges recorded before a structure change (children replaced, a view leaving)
            // or by a pass that rewrote items outside its ranges are not copied.
            if recordedStructure != graph.structureVersion || broke { reusing = false }
            recordedStructure = graph.structureVersion
            pass.begin(previous: &items, hits: &hitRegions, generation: graph.renderGeneration, reusing: reusing)
            graph.renderGeneration += 1
            pass.render(items: graph.root.layout != nil ? rootItems : graph.root.renderItems)
            swap(&gestureTransforms, &pass.gestureTransforms)
            if fullRedraw || !drawnOnce {
                damage = bounds.isEmpty ? [] : wholeScreen(bounds)
            } else {
                damage = damageTracker.between(old: pass.previousItems, new: pass.items, reused: pass.reusedBlocks, within: bounds,
                                               movingPixels: moving)
                move = damageTracker.move
                if let box = RootRenderer.redrawnBox(damage, of: bounds) {
                    // With a planned move the damage leaves out what the move paints: the screen.
                    droppedMove = move != nil
                    damage = wholeScreen(move == nil ? box : bounds); move = nil
                }
            }
            if verifiesRetainedRecording {
                verifyRetained(items: pass.items, hits: pass.hitRegions, previous: pass.previousItems,
                               bounds: bounds, damage: damage, fullRedraw: fullRedraw || droppedMove, move: move)
            }
            droppedMove = false
            // The renderer keeps the new lists; the pass keeps the last ones to copy from.
            pass.finish(items: &items, hits: &hitRegions)
        }
        let t2 = timing ? stamp() : 0
        // The window background is the colour scheme's (white or black). Where no view covers
        // it, a scheme change alters pixels that no display item's diff sees: the whole screen
        // is damaged then (a scheme change repaints most of a screen anyway).
        if drawnOnce, !bounds.isEmpty, windowBackground != paintedBackground {
            damage = wholeScreen(bounds)
            move = nil
        }
        lastMove = move
        // Checked against the same frame drawn without the move (the diff's whole damage
        // painted over the last frame's pixels).
        let unmoved = move != nil && verifiesRetainedRecording && retainedMismatch == nil ? surface.copy() : nil
        if let move {
            surface.move(move.source, dx: move.dx, dy: move.dy)
            movedFrames += 1
        }
        if !damage.isEmpty || move != nil {
            draw(damage, into: surface)
            drawnOnce = true
            frameCount += 1
        }
        if let move {
            lastPaintedArea = 0
            for r in damage { lastPaintedArea += r.area }
            if let unmoved { verifyMovedPixels(surface, against: unmoved, bounds: bounds) }
            // The caller presents what changed: the moved rectangle too (storage kept).
            movedDamage.removeAll(keepingCapacity: true)
            movedDamage.append(contentsOf: damage)
            movedDamage.append(move.destination.intersection(bounds))
            damage = []
            Damage.merge(&movedDamage)
            damage = movedDamage
        }
        if timing {
            let t3 = stamp()
            lastFrameTimes = FrameTimes(update: t1 - t0 - layoutSeconds, layout: layoutSeconds, record: t2 - t1, raster: t3 - t2)
        }
        graph.dropStaleRenderOrigins()
        lastDamage = damage
        graph.runCompletions()
        return damage
    }

    /// Lays out when the tree changed since the last layout; true when it did.
    @discardableResult
    private func layoutIfNeeded() -> Bool {
        let screen = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        var relaid = false
        let t0 = recordsFrameTimes ? stamp() : 0
        defer { if recordsFrameTimes { layoutSeconds += stamp() - t0 } }
        for _ in 0..<3 where laidOutGeneration != graph.generation {
            laidOutGeneration = graph.generation
            layoutNumber += 1
            let pass = layoutPass
            pass.start(number: layoutNumber, transaction: graph.layoutTransaction)
            pass.place(items: rootItems, in: screen)
            // Presentations over the whole screen, after the root view (PresentationLayer.swift).
            if let overlay = presentationOverlay { pass.place(overlay, in: screen) }
            // The on-screen keyboard above both (Focus/Keyboard/KeyboardHost.swift).
            if let keyboard = keyboardHost { pass.place(keyboard, in: screen) }
            // A field that just took focus scrolls into view above the keyboard.
            graph.focusIfMade?.revealFocusedFieldIfNeeded()
            // Views removed with a transition built at their removal: their modifiers are laid
            // out once, where the view was (it keeps its frame while it leaves).
            for host in graph.leavingToPlace where !host.isRemoved {
                if let frame = host.transitionHost?.leavingFrame { pass.place(items: host.layoutItems, in: frame) }
            }
            graph.leavingToPlace.removeAll()
            relaid = true
            // GeometryReader content built during layout may have queued onAppear.
            if pass.didChangeTree { graph.update() }
        }
        return relaid
    }

    /// Applies pending state changes and lays out, without drawing (a `withAnimation` after
    /// an unanimated write in the same handler commits that write first).
    private func flush() {
        graph.withSink {
            graph.update()
            if layoutIfNeeded() { needsRecord = true }
            if settleAppearances() { needsRecord = true }
            graph.checkCompletions()
        }
    }

    /// Runs the appearance callbacks (onAppear, onDisappear, task) the last updates queued, now
    /// that their views are laid out (SwiftUI runs them after the first layout: a change made
    /// in `onAppear { withAnimation { … } }` animates from the first frame's layout), then
    /// applies and lays out what they changed; a chain of appearances runs at most
    /// `ViewGraph.maxPassesPerFrame` rounds a frame, the rest in the next. True when it laid out.
    private func settleAppearances() -> Bool {
        var relaid = false
        var rounds = 0
        while graph.hasAppearanceCallbacks {
            rounds += 1
            if rounds > ViewGraph.maxPassesPerFrame {
                graph.withSink { Diagnostics.warn("views keep appearing from onAppear; the rest waits for the next frame") }
                break
            }
            graph.runAppearanceCallbacks()
            if graph.needsUpdate { graph.update() }
            relaid = layoutIfNeeded() || relaid
        }
        return relaid
    }
    /// Time spent in `layoutIfNeeded` during this frame (when timing).
    @exclusivity(unchecked) private var layoutSeconds = 0.0
    /// A flush laid out: the next frame must record the display list again.
    @exclusivity(unchecked) private var needsRecord = false

    /// The root view's layout items (cached like every node's: rebuilt when the structure
    /// changes). The graph's root is `_PresentationRoot`: the app's view, then the overlay,
    /// which is placed on its own over the whole screen.
    private var rootItems: [Node] {
        let root = graph.root!
        guard root.layout == nil else {
            if rootSelf.first !== root { rootSelf = [root] }
            return rootSelf
        }
        guard rootContentVersion != graph.structureVersion else { return rootContent }
        rootContentVersion = graph.structureVersion
        rootContent.removeAll(keepingCapacity: true)
        if root.view is _PresentationRoot, let content = root.children.first {
            content.appendLayoutItems(to: &rootContent)
        } else {
            rootContent.append(contentsOf: root.layoutItems)
        }
        return rootContent
    }
    @exclusivity(unchecked) private var rootSelf: [Node] = []
    @exclusivity(unchecked) private var rootContent: [Node] = []
    @exclusivity(unchecked) private var rootContentVersion = -1
    /// The presentation overlay node (the root's second child).
    private var presentationOverlay: Node? {
        let root = graph.root!
        guard root.view is _PresentationRoot, root.children.count >= 2 else { return nil }
        return root.children[1]
    }
    /// The on-screen keyboard's host node (the root's third child).
    private var keyboardHost: Node? {
        let root = graph.root!
        guard root.view is _PresentationRoot, root.children.count >= 3 else { return nil }
        return root.children[2]
    }
    /// Kept between frames so their storage is reused (a frame allocates no lists of its own).
    private lazy var layoutPass = LayoutPass(number: 0, text: text)
    @exclusivity(unchecked) private var renderPass: RenderPass?
    private let damageTracker = DamageTracker()
    /// The graph's structure when the display list was last recorded.
    @exclusivity(unchecked) private var recordedStructure = -1
    /// Whether clean subtrees copy their last display items (RetainedRecording.swift); off,
    /// every changed frame records the whole list (tests compare the two).
    @exclusivity(unchecked) var retainsDisplayList = RootRenderer.retainsByDefault
    static let retainsByDefault: Bool = {
        if let v = getenv("KIOSK_RETAIN"), String(cString: v) == "0" { return false }
        return true
    }()
    /// Tests: after each retained recording, record the frame again from scratch and compare
    /// items, hit regions and damage (`KIOSK_VERIFY_RETAINED=1` turns it on for every renderer
    /// and stops the process at the first difference).
    @exclusivity(unchecked) var verifiesRetainedRecording = RootRenderer.verifiesByDefault
    /// Whether the recording refills the spent frame's group arrays (`RenderPass.keepGroupStorage`);
    /// tests compare against a renderer that allocates them anew.
    var reusesGroupStorage = true { didSet { renderPass?.reusesGroupStorage = reusesGroupStorage } }
    static let verifiesByDefault: Bool = getenv("KIOSK_VERIFY_RETAINED") != nil
    /// The first difference the check found, if any.
    @exclusivity(unchecked) private(set) var retainedMismatch: String?
    /// Nodes the last recorded frame copied / recorded again.
    var lastReusedNodes: Int { renderPass?.reusedNodes ?? 0 }
    var lastRecordedNodes: Int { renderPass?.recordedNodes ?? 0 }
    /// Of `lastReusedNodes`, those copied moved by whole pixels.
    var lastShiftedNodes: Int { renderPass?.shiftedNodes ?? 0 }

    /// Re-records the frame's changed subtrees in place (`RenderPass.patch`); nil when the
    /// frame needs the whole walk.
    private func patch(_ pass: RenderPass, _ origins: UnsafeBufferPointer<Unmanaged<NodeLink>>, bounds: IntRect) -> [IntRect]? {
        // A refused patch may have recorded its origins for nothing, and the walk then records
        // their subtrees instead of copying them (`lvgl-16`: ≈ 1 M instructions a refusal, its
        // scrolled page changing item counts as cards cross the cull). After a refusal the next
        // frames that could be patched take the walk, twice as many after each refusal (at
        // most 64); 64 patches in a row halve the count again. A scene that changes an item
        // count every frame, or now and then, mostly takes the walk; one that never does is
        // always patched.
        if patchSkips > 0 { patchSkips -= 1; return nil }
        let before = verifiesRetainedRecording ? items : nil
        guard var damage = pass.patch(origins, generation: graph.renderGeneration, list: &items, hits: &hitRegions,
                                      damage: damageTracker) else {
            patchBackoff = min(64, max(1, patchBackoff * 2))
            patchSkips = patchBackoff
            patchStreak = 0
            return nil
        }
        patchStreak += 1
        if patchStreak >= 64 { patchBackoff /= 2; patchStreak = 0 }
        graph.renderGeneration += 1
        if let box = RootRenderer.redrawnBox(damage, of: bounds) { damage = wholeScreen(box) }
        if let before {
            verifyRetained(items: items, hits: hitRegions, previous: before,
                           bounds: bounds, damage: damage, fullRedraw: false)
        }
        patchedFrames += 1
        return damage
    }
    @exclusivity(unchecked) private var patchBackoff = 0, patchSkips = 0, patchStreak = 0
    /// Frames that updated or laid out without marking anything to record (tests, diagnostics).
    @exclusivity(unchecked) private(set) var unrecordedFrames = 0

    /// Whether a scroll may be drawn by moving the last frame's pixels (`PixelMove`), when the
    /// surface is the one the last frame was drawn into (`KIOSK_MOVE_PIXELS=0` turns it off for
    /// every renderer). Off while something else draws into the surface too (`FrameLoop`'s
    /// FPS overlay: its pixels would move with the content).
    @exclusivity(unchecked) public var movesPixels = RootRenderer.movesPixelsByDefault
    static let movesPixelsByDefault: Bool = {
        if let v = getenv("KIOSK_MOVE_PIXELS"), String(cString: v) == "0" { return false }
        return true
    }()
    /// Frames that moved pixels, and the last move (tests, diagnostics).
    @exclusivity(unchecked) private(set) var movedFrames = 0
    @exclusivity(unchecked) private(set) var lastMove: PixelMove?
    /// Pixels the last frame that moved pixels painted after the move.
    @exclusivity(unchecked) private(set) var lastPaintedArea = 0
    @exclusivity(unchecked) private var movedDamage: [IntRect] = []
    @exclusivity(unchecked) private var unmovedDamage: [IntRect] = []
    /// This frame planned a move and painted the screen instead (the rest was over 60 % of it).
    @exclusivity(unchecked) private var droppedMove = false

    /// Whether `surface` is the one the last frame was drawn into (the caller passes the last
    /// frame's pixels unless it asks for a full redraw).
    private func holdsLastFrame(_ surface: Surface) -> Bool {
        guard drawnOnce, let c = canvas?.surface else { return false }
        return c.base == surface.base && c.width == surface.width && c.height == surface.height && c.stride == surface.stride
    }
    /// Whether frames whose changes are confined to a few subtrees are patched (`KIOSK_PATCH=0`
    /// turns it off for every renderer; tests compare the two).
    @exclusivity(unchecked) var patchesFrames = RootRenderer.patchesEnabled
    static let patchesEnabled: Bool = {
        if let v = getenv("KIOSK_PATCH"), String(cString: v) == "0" { return false }
        return true
    }()
    /// Frames drawn by patching the last display list, and why the last refused patch was
    /// refused (tests, diagnostics).
    @exclusivity(unchecked) private(set) var patchedFrames = 0
    var lastPatchRefusal: StaticString { renderPass?.patchRefusal ?? "" }

    private func verifyRetained(items: [DisplayItem], hits: [HitRegion], previous: [DisplayItem],
                                bounds: IntRect, damage: [IntRect], fullRedraw: Bool, move: PixelMove? = nil) {
        guard retainedMismatch == nil else { return }
        let check = RenderPass(size: bounds, text: text)
        check.render(items: graph.root.layout != nil ? rootItems : graph.root.renderItems)
        var problem: String?
        if check.items.count != items.count {
            problem = "\(items.count) items retained, \(check.items.count) recorded"
        } else if let i = check.items.indices.first(where: { !RootRenderer.same(check.items[$0], items[$0]) }) {
            problem = "item \(i) differs: retained \(items[i]) recorded \(check.items[i])"
        } else if check.hitRegions.count != hits.count {
            problem = "\(hits.count) hit regions retained, \(check.hitRegions.count) recorded"
        } else if let i = check.hitRegions.indices.first(where: { !RootRenderer.same(check.hitRegions[$0], hits[$0]) }) {
            problem = "hit region \(i) differs"
        } else if check.gestureTransforms != gestureTransforms {
            problem = "gesture transforms differ"
        } else if move == nil && !fullRedraw && drawnOnce && check.items.allSatisfy({ $0 == $0 }) {
            // (A frame that moved pixels paints less than the diff's damage: its pixels are
            // checked after drawing, `verifyMovedPixels`.)
            // (An item with a NaN in it is unequal to itself: the item-by-item diff repaints it
            // every frame, a copied one is known equal. Only lists without one compare.)
            let full = DamageTracker().between(old: previous, new: check.items, within: bounds)
            let expected = RootRenderer.redrawnBox(full, of: bounds).map { [$0] } ?? full
            if expected != damage { problem = "damage \(damage) retained, \(expected) recorded" }
        } else if move != nil {
            // The damage of the frame without the move, painted over a copy of the last frame
            // after drawing (`verifyMovedPixels`).
            let full = DamageTracker().between(old: previous, new: check.items, within: bounds)
            unmovedDamage = RootRenderer.redrawnBox(full, of: bounds).map { [$0] } ?? full
        }
        guard let problem else { return }
        retainedMismatch = "frame \(frameCount): \(problem)"
        if RootRenderer.verifiesByDefault { fatalError("KIOSK_VERIFY_RETAINED: \(retainedMismatch!)") }
    }

    /// After a frame that moved pixels: the surface must hold what painting the diff's whole
    /// damage over the last frame (`check`, copied before the move) gives — within two levels a
    /// channel: a partial repaint is not exact everywhere (ENGINE.md, "Scrolls drawn by moving
    /// pixels"), and the two frames repaint different rectangles; a missed repaint leaves the
    /// last frame's content, far more than that.
    private func verifyMovedPixels(_ surface: Surface, against check: Surface, bounds: IntRect) {
        guard retainedMismatch == nil else { return }
        let kept = canvas
        draw(unmovedDamage, into: check)
        canvas = kept
        @inline(__always) func near(_ p: UInt32, _ q: UInt32) -> Bool {
            var s = 0
            while s < 32 {
                let a = Int((p >> UInt32(s)) & 0xFF), b = Int((q >> UInt32(s)) & 0xFF)
                if abs(a - b) > 2 { return false }
                s += 8
            }
            return true
        }
        for y in bounds.y0..<bounds.y1 {
            let a = surface.row(y), b = check.row(y)
            for x in bounds.x0..<bounds.x1 where !near(a[x], b[x]) {
                retainedMismatch = "frame \(frameCount): moved pixels differ from the frame drawn without the move at (\(x), \(y)): "
                    + "\(String(a[x], radix: 16)) drawn, \(String(b[x], radix: 16)) expected (\(lastMove.map { "\($0)" } ?? ""))"
                if RootRenderer.verifiesByDefault { fatalError("KIOSK_VERIFY_RETAINED: \(retainedMismatch!)") }
                return
            }
        }
    }

    /// Equal, or both printing alike (NaN coordinates are unequal to themselves).
    private static func same(_ a: DisplayItem, _ b: DisplayItem) -> Bool { a == b || "\(a)" == "\(b)" }

    private static func same(_ a: HitRegion, _ b: HitRegion) -> Bool {
        func paths(_ p: Raster.Path, _ q: Raster.Path) -> Bool { p == q || "\(p)" == "\(q)" }
        return paths(a.shape, b.shape) && (a.transform == b.transform || "\(a.transform)" == "\(b.transform)") && a.clip == b.clip
            && a.clipPaths.count == b.clipPaths.count && zip(a.clipPaths, b.clipPaths).allSatisfy { paths($0, $1) }
            && a.gestureNodes.count == b.gestureNodes.count && zip(a.gestureNodes, b.gestureNodes).allSatisfy { $0 === $1 }
    }

    /// `[bounds]` in storage kept between frames: a new one-element array was the one
    /// allocation of a steady full-screen frame (colours-100 at 1920×1080). Shared with the
    /// returned damage, so it is reused once the caller has dropped last frame's.
    private func wholeScreen(_ bounds: IntRect) -> [IntRect] {
        if wholeScreenDamage.count == 1 { wholeScreenDamage[0] = bounds } else { wholeScreenDamage = [bounds] }
        return wholeScreenDamage
    }
    @exclusivity(unchecked) private var wholeScreenDamage: [IntRect] = []

    /// What uncovered parts of the window show: white in light mode, black in dark (iOS's window).
    private var windowBackground: Raster.Color { graph.rootEnvironment.colorScheme == .dark ? .black : .white }
    /// The background the last drawn frame cleared to.
    private var paintedBackground: Raster.Color?

    private func draw(_ damage: [IntRect], into surface: Surface) {
        let canvas: Raster.Canvas
        if let c = self.canvas, c.surface.base == surface.base, c.surface.width == surface.width,
           c.surface.height == surface.height, c.surface.stride == surface.stride {
            canvas = c
        } else {
            canvas = Raster.Canvas(surface)
            self.canvas = canvas
        }
        let background = windowBackground
        paintedBackground = background
        // Bounds in an array of their own: the item loop below runs damage × items times
        // (280 × 500 on springs-500) and copying each DisplayItem out of the list to test
        // its bounds was 38 % of that frame's instructions (memcpy, callgrind).
        itemBounds.removeAll(keepingCapacity: true)
        for i in items.indices { itemBounds.append(items[i].bounds) }
        items.withUnsafeBufferPointer { list in
            itemBounds.withUnsafeBufferPointer { bounds in
                // Paints items first..<end into `rect` (a clear first when nothing covers it).
                func paint(_ rect: IntRect, from first: Int?, to end: Int) {
                    if rect.x1 <= rect.x0 || rect.y1 <= rect.y0 { return }
                    canvas.transform = .identity
                    canvas.opacity = 1
                    canvas.clip = rect
                    if first == nil { canvas.clear(background) }
                    for i in (first ?? 0)..<end {
                        let b = bounds[i]
                        if b.x0 < rect.x1 && rect.x0 < b.x1 && b.y0 < rect.y1 && rect.y0 < b.y1 {
                            draw(list[i], in: rect, canvas: canvas)
                        }
                    }
                }
                for rect in damage {
                    // Items under the last opaque rectangle covering the whole rect are hidden:
                    // start there and skip the clear (every LVGL scene has a full-screen
                    // background; the clear cost as much as that fill).
                    let first = lastOpaqueCover(of: rect, list: list, bounds: bounds, canvas: canvas)
                    // A later opaque shape k covering much of it (a card on the background):
                    // what comes before k is painted only in the bands around k's core, then k
                    // and what follows over the whole rect. Every pixel still gets every item
                    // it got, in order, except those k hides.
                    if let (k, core) = opaqueCore(in: rect, after: first ?? -1, list: list, bounds: bounds) {
                        paint(IntRect(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: core.y0), from: first, to: k)
                        paint(IntRect(x0: rect.x0, y0: core.y0, x1: core.x0, y1: core.y1), from: first, to: k)
                        paint(IntRect(x0: core.x1, y0: core.y0, x1: rect.x1, y1: core.y1), from: first, to: k)
                        paint(IntRect(x0: rect.x0, y0: core.y1, x1: rect.x1, y1: rect.y1), from: first, to: k)
                        paint(rect, from: k, to: list.count)
                    } else {
                        paint(rect, from: first, to: list.count)
                    }
                }
            }
        }
        canvas.clip = surface.bounds
    }
    /// The display list's bounds, rebuilt each drawn frame (storage kept).
    @exclusivity(unchecked) private var itemBounds: [IntRect] = []

    /// The index of the last item that paints every pixel of `rect` opaquely, unclipped inside
    /// it: a solid, fully opaque fill of one axis-aligned rectangle containing `rect`, or an
    /// opaque image (tiled, or at its own size) on whole pixels containing it — scene 2's
    /// full-screen wallpaper hid a background fill that was 2.1 M of its 4.9 M instructions a
    /// frame at 1080p.
    private func lastOpaqueCover(of rect: IntRect, list: UnsafeBufferPointer<DisplayItem>,
                                 bounds: UnsafeBufferPointer<IntRect>, canvas: Raster.Canvas) -> Int? {
        var i = list.count
        while i > 0 {
            i -= 1
            let b = bounds[i]
            guard b.x0 <= rect.x0, b.y0 <= rect.y0, b.x1 >= rect.x1, b.y1 >= rect.y1, list[i].opacity >= 1 else { continue }
            if let clip = list[i].clip, !(clip.x0 <= rect.x0 && clip.y0 <= rect.y0 && clip.x1 >= rect.x1 && clip.y1 >= rect.y1) { continue }
            if let box = Self.opaqueImageBox(list[i]) {
                if box.x0 <= rect.x0, box.y0 <= rect.y0, box.x1 >= rect.x1, box.y1 >= rect.y1 { return i }
                continue
            }
            guard case let .fill(path, .solid(color), _) = list[i].command, color.a >= 1 else { continue }
            canvas.transform = list[i].transform
            guard let box = canvas.deviceRectangle(of: path) else { continue }
            if box.minX <= Double(rect.x0), box.minY <= Double(rect.y0), box.maxX >= Double(rect.x1), box.maxY >= Double(rect.y1) {
                return i
            }
        }
        return nil
    }

    /// The item after `after` whose opaque core covers most of `rect`, and that core's whole
    /// pixels inside `rect`, when they are at least a quarter of it: a solid, fully opaque fill
    /// of a rectangle or rounded rectangle (`Path.coveredCore`) under an axis-aligned transform,
    /// within its clip. Nothing before it shows there. LVGL scene 15 at 1920×1080: its 80 cards
    /// (white, radius 10) move every frame, and the background under each was filled and then
    /// painted over.
    private func opaqueCore(in rect: IntRect, after first: Int, list: UnsafeBufferPointer<DisplayItem>,
                            bounds: UnsafeBufferPointer<IntRect>) -> (Int, IntRect)? {
        let area = rect.width * rect.height
        var best: (Int, IntRect)? = nil
        var bestArea = Swift.max(area / 4, 256)
        var i = list.count
        while i > first + 1 {
            i -= 1
            let b = bounds[i]
            guard b.x0 < rect.x1, rect.x0 < b.x1, b.y0 < rect.y1, rect.y0 < b.y1 else { continue }
            guard let core = Self.opaqueCoreBox(list[i]) else { continue }
            var c = core.intersection(rect)
            if let clip = list[i].clip { c = c.intersection(clip) }
            let a = c.isEmpty ? 0 : c.width * c.height
            if a > bestArea { best = (i, c); bestArea = a }
        }
        return best
    }

    /// The whole device pixels an item paints opaquely at full coverage: those inside its
    /// path's `coveredCore`, for a solid opaque fill at full opacity under an axis-aligned
    /// transform. nil for any other item.
    static func opaqueCoreBox(_ item: DisplayItem) -> IntRect? {
        guard item.opacity >= 1, case let .fill(path, .solid(color), _) = item.command, color.a >= 1,
              let r = path.coveredCore else { return nil }
        let t = item.transform
        guard t.b == 0, t.c == 0 else { return nil }
        let p0 = t.apply(Raster.Point(r.minX, r.minY)), p1 = t.apply(Raster.Point(r.maxX, r.maxY))
        let x0 = Swift.min(p0.x, p1.x).rounded(.up), y0 = Swift.min(p0.y, p1.y).rounded(.up)
        let x1 = Swift.max(p0.x, p1.x).rounded(.down), y1 = Swift.max(p0.y, p1.y).rounded(.down)
        // Far outside any surface (or not finite): not worth an integer box.
        guard Swift.abs(x0) < 1e7, Swift.abs(y0) < 1e7, Swift.abs(x1) < 1e7, Swift.abs(y1) < 1e7, x1 > x0, y1 > y0 else { return nil }
        return IntRect(x0: Int(x0), y0: Int(y0), x1: Int(x1), y1: Int(y1))
    }

    /// The device pixels an opaque image item covers wholly, when it is drawn on whole pixels:
    /// tiled (tiles on whole pixels meet without seams) or at its own size, under an integer
    /// translation. Nil for anything else (a scaled, rotated or fractional image has edges that
    /// let what is under it show).
    static func opaqueImageBox(_ item: DisplayItem) -> IntRect? {
        let image: Surface, rect: Raster.Rect
        switch item.command {
        case let .tiledImage(box, r, _): image = box.surface; rect = r
        case let .image(box, r, _):
            guard r.width == Double(box.surface.width), r.height == Double(box.surface.height) else { return nil }
            image = box.surface; rect = r
        default: return nil
        }
        let t = item.transform
        guard image.isOpaque, t.a == 1, t.d == 1, t.b == 0, t.c == 0 else { return nil }
        // Whole pixels only (NaN and ±∞ are not).
        return IntRect(exactly: Raster.Rect(x: rect.x + t.tx, y: rect.y + t.ty, width: rect.width, height: rect.height))
    }

    private func draw(_ item: DisplayItem, in rect: IntRect, canvas: Raster.Canvas) {
        draw(item, in: rect, canvas: canvas, scratch: layerScratch)
    }

    /// Draws one item; a group draws its layers from `scratch` (a nested group from the next level's).
    private func draw(_ item: DisplayItem, in rect: IntRect, canvas: Raster.Canvas, scratch: LayerScratch) {
        canvas.save()
        defer { canvas.restore() }
        canvas.transform = item.transform
        canvas.opacity = item.opacity
        canvas.clip = item.clip.map { $0.intersection(rect) } ?? rect
        switch item.command {
        case let .fill(path, paint, rule):
            canvas.fill(path, with: paint.paint, rule: rule)
        case let .stroke(path, paint, style):
            StrokeDrawing.stroke(path, paint: paint.paint, style: style, canvas: canvas)
        case let .text(resolved, width, paint):
            text.draw(resolved, width: width, paint: paint.paint, canvas: canvas)
        case let .image(image, rect, sampling):
            ImageDrawing.draw(image, in: rect, sampling: sampling, canvas: canvas)
        case let .tiledImage(image, rect, sampling):
            ImageDrawing.drawTiled(image.surface, in: rect, sampling: sampling, extendEdges: image.extendsEdges, canvas: canvas)
        case let .group(effect, group):
            // Inside another group's layer the item's transform holds the layer's offset.
            let offset = LayerDrawing.offset(of: item)
            LayerDrawing.draw(group, effect: effect, bounds: item.bounds.offsetBy(offset.x, offset.y), offset: offset, in: canvas.clip, canvas: canvas,
                              scratch: scratch) { [unowned self] sub, rect, c, s in self.draw(sub, in: rect, canvas: c, scratch: s) }
        }
    }

    // MARK: Touch

    /// Delivers a touch; gesture callbacks run now, their state changes show next frame.
    func touch(id: Int, phase: TouchPhase, x: Double, y: Double, time: Double) {
        graph.withSink {
            graph.rootEnvironment.kioskIdleActivity.noteInput(at: time)
            if phase == .began { graph.focusIfMade?.touchBegan() }
            noteTouchOutsideField(id: id, phase: phase, x: x, y: y)
            touches.handle(id: id, phase: phase, location: CGPoint(x: x, y: y), time: time,
                           regions: hitRegions, transforms: gestureTransforms)
            if touches.hasPendingPairs { graph.needsUpdate = true }
        }
    }

    /// Touches that began outside any text field (and outside the on-screen keyboard) while a
    /// field has focus: a tap (lifted within the tap slop) gives focus up, closing the keyboard.
    private var outsideTouches: [Int: CGPoint] = [:]
    private func noteTouchOutsideField(id: Int, phase: TouchPhase, x: Double, y: Double) {
        switch phase {
        case .began:
            guard let focus = graph.focusIfMade, focus.focusedTarget?.textInput != nil, x.isFinite, y.isFinite else { return }
            let p = Raster.Point(x, y)
            let region = hitRegions.last(where: { $0.contains(p) })
            if !(region.map(RootRenderer.keepsFocus) ?? false) { outsideTouches[id] = CGPoint(x: x, y: y) }
        case .moved:
            if let start = outsideTouches[id], !(x.isFinite && y.isFinite && hypot(x - start.x, y - start.y) <= TouchRouter.tapSlop) {
                outsideTouches.removeValue(forKey: id)
            }
        case .ended:
            if outsideTouches.removeValue(forKey: id) != nil { graph.focusIfMade?.unfocus() }
        case .cancelled:
            outsideTouches.removeValue(forKey: id)
        }
    }

    /// Whether a touch on `region` keeps a text field focused: it is on a field, or on a view
    /// marked `_KeepsTextFocus` (the on-screen keyboard).
    private static func keepsFocus(_ region: HitRegion) -> Bool {
        for g in region.gestureNodes {
            var n: Node? = g
            while let node = n {
                if node.primitive is _EditableText { return true }
                if ((node.primitive as? any ModifierCarrier)?.anyModifier) is _KeepsTextFocus { return true }
                n = node.parent
            }
        }
        return false
    }

    /// Delivers a key to the focused view (Focus/FocusManager.swift); its state changes show
    /// next frame.
    func key(_ press: KeyPress) {
        graph.withSink {
            if let now = graph.hostNow?() { graph.rootEnvironment.kioskIdleActivity.noteInput(at: now) }
            _ = graph.focus.handleKey(press)
        }
    }

    /// Whether a hardware keyboard is attached (the on-screen keyboard hides under `auto`).
    var hardwareKeyboardAttached: Bool {
        get { graph.focusIfMade?.hardwareKeyboardAttached ?? false }
        set { graph.focus.hardwareKeyboardAttached = newValue }
    }

    /// The `keyboard` and `keyboard-layout` settings. The defaults (auto, us) make no focus
    /// manager: a screen with nothing focusable keeps the heap it had.
    public func setOnScreenKeyboard(_ mode: OnScreenKeyboardMode, layout: String) {
        guard mode != .auto || layout != "us" || graph.focusIfMade != nil else { return }
        graph.withSink {
            graph.focus.keyboardMode = mode
            // The on-screen keyboard has letters per layout; a variant (`de(nodeadkeys)`) is the same keys.
            graph.focus.keyboardLayout = String(layout.prefix { $0 != "(" })
        }
    }

    // MARK: Inspection (tests, tools)

    /// The display list of the last frame (test hook).
    var displayList: [DisplayItem] { items }
}

/// The platform's frame loop drives the engine through `FrameSource`.
///
/// ```swift
/// let root = RootRenderer(width: 1920, height: 1080, content: ContentView())
/// try FrameLoop(display: display, source: root).run()
/// ```
extension RootRenderer: FrameSource {
    /// True when state changed, input arrived, or a TimelineView is due by the next frame
    /// (the last frame's time plus one 60 Hz period). `nextWakeup` says when one will be due.
    public func needsFrame() -> Bool { needsFrame(at: lastFrameTime + 1.0 / 60) }

    public func handleTouch(_ event: TouchEvent) {
        touch(id: event.id, phase: event.phase, x: event.location.x, y: event.location.y, time: event.time)
    }

    public func handleKey(_ press: KeyPress) { key(press) }
    public func setHardwareKeyboardAttached(_ attached: Bool) { hardwareKeyboardAttached = attached }

    /// State set between frames (outside input handling) calls `wake`.
    public func waitForImages(timeout: Double) -> Bool {
        let arrivals = graph.imageArrivals
        guard arrivals.pending > 0 || arrivals.hasArrived else { return false }
        _ = arrivals.waitForPending(timeout: timeout)
        return true
    }

    /// Decoded images arriving from the decode queue call it too, from that queue.
    public func setWakeHandler(_ wake: @escaping () -> Void) {
        graph.wakeHandler = wake
        graph.imageArrivals.setWake(wake)
    }
}

/// Where one frame's time went (seconds), as `RootRenderer.lastFrameTimes` reports it.
public struct FrameTimes: Sendable {
    /// Which clock frame phases are timed with.
    public enum Clock: Sendable { case monotonic, threadCPU }
    /// Applying state changes, re-evaluating bodies and ticking animations (layout excluded).
    public var update = 0.0
    /// Laying out what changed.
    public var layout = 0.0
    /// Recording the display list and diffing it into damage rectangles.
    public var record = 0.0
    /// Clearing and drawing the damaged rectangles (Raster).
    public var raster = 0.0
    public init() {}
    init(update: Double, layout: Double, record: Double, raster: Double) {
        self.update = update; self.layout = layout; self.record = record; self.raster = raster
    }
    /// The whole frame.
    public var total: Double { update + layout + record + raster }
}
