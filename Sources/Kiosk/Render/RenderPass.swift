// RenderPass: walks the laid-out nodes in paint order and records display items and hit
// regions, carrying the current transform, opacity and clip down the tree.

import Raster

final class RenderPass {
    // The state every draw reads and the lists it appends to skip dynamic exclusivity checks
    // (`@exclusivity(unchecked)`): one pass records on one thread, and a Canvas's draws made
    // ≈ 4 checked accesses each, ≈ 75 instructions apiece (callgrind, particles-2000).
    /// The items recorded so far. The renderer swaps the finished list out and the last
    /// frame's in, so the next `reset` reuses its storage. Behaviours append through `emit`
    /// and change recorded items only through `takeItems`/`insertGroup`/`fadeItems`/
    /// `removeItems` (so a retained range is never copied from a list a parent rewrote).
    @exclusivity(unchecked) private(set) var items: [DisplayItem] = []
    @exclusivity(unchecked) private(set) var hitRegions: [HitRegion] = []

    // Retained recording (RetainedRecording.swift): the last frame's lists, which clean
    // subtrees copy their ranges from, and where this frame copied them.
    /// Whether this pass reuses and records ranges (the renderer's pass; a checking pass not).
    let retains: Bool
    @exclusivity(unchecked) private(set) var previousItems: [DisplayItem] = []
    @exclusivity(unchecked) private(set) var previousHits: [HitRegion] = []
    /// Runs of `items` copied unchanged from `previousItems`, in list order (the diff skips them).
    @exclusivity(unchecked) private(set) var reusedBlocks: [ReusedBlock] = []
    /// The recording the pass is inside (the innermost re-recorded node, or the root).
    @exclusivity(unchecked) private var context = RecordContext()
    /// The render generation of this pass (`ViewGraph.renderGeneration` when it began).
    @exclusivity(unchecked) private(set) var generation = 0
    /// Recording numbers handed out (kept when the renderer replaces its pass).
    @exclusivity(unchecked) var lastRecordID = 0
    /// The last root recording; the next pass's root compares its children against it.
    @exclusivity(unchecked) private var rootRecordID = -3
    /// A behaviour changed items before its own range: no range of this pass may be reused.
    @exclusivity(unchecked) private(set) var brokeRanges = false
    /// Emptied arrays of the spent list's groups, for `takeItems` to fill again (`keepGroupStorage`).
    @exclusivity(unchecked) private var spareGroupLists: [[DisplayItem]] = []
    /// Off: every group gets a new array, as before (`RootRenderer.reusesGroupStorage`, tests).
    @exclusivity(unchecked) var reusesGroupStorage = true
    /// Group arrays `takeItems`/`copyItems` made for the list being recorded, and for
    /// `previousItems`: a spent list none were made for has nothing to give back (its groups,
    /// if any, were copied from an older list and are shared), so it is not walked.
    @exclusivity(unchecked) private var groupListsMade = 0
    @exclusivity(unchecked) private var previousGroupListsMade = 0
    /// Nodes copied as a block / re-recorded by the last pass (tests, diagnostics).
    @exclusivity(unchecked) private(set) var reusedNodes = 0
    @exclusivity(unchecked) private(set) var recordedNodes = 0
    /// Of the copied nodes, those moved by whole pixels (`shiftCopy`).
    @exclusivity(unchecked) private(set) var shiftedNodes = 0

    /// Whether the last recording left the root's list as recorded (no rewrite at the root,
    /// no range broken): the nodes' ranges then place them in it (`patch`).
    @exclusivity(unchecked) private var rootKept = false
    /// Patches refuse subtrees moved by whole pixels (`shiftCopy`), for the walk's diff to move
    /// their pixels (`DamageTracker.planMove`); set by the renderer each frame.
    @exclusivity(unchecked) var patchRefusesShifts = false
    @exclusivity(unchecked) private var patchSawShift = false
    /// What a patch changed of the nodes it recorded or copied, restored when it is refused.
    @exclusivity(unchecked) private var patchLog: [PatchLogEntry] = []
    /// A patch is recording, and moved items out of the list it patches (`shiftCopy`).
    @exclusivity(unchecked) private var patching = false
    @exclusivity(unchecked) private var patchMovedOut = false
    @exclusivity(unchecked) private var patchSlots: [PatchSlot] = []
    @exclusivity(unchecked) private var patchTargets: [Node] = []
    /// Why the last patch was refused (tests, diagnostics).
    @exclusivity(unchecked) private(set) var patchRefusal: StaticString = ""

    /// Layout coordinates → device pixels.
    @exclusivity(unchecked) var transform = Affine.identity
    @exclusivity(unchecked) var opacity: Double = 1
    /// Device clip, always inside the surface.
    @exclusivity(unchecked) var clip: IntRect
    /// Gesture nodes enclosing what is being drawn, outermost first (a stack of the pass's
    /// own: hit regions get `gestureChain`, so popping it never copies a shared array).
    @exclusivity(unchecked) private(set) var gestureNodes: [Node] = []
    /// The same nodes as an array kept between frames (one per innermost gesture node), which
    /// hit regions share: a copy per region popped copy-on-write was an allocation a frame.
    @exclusivity(unchecked) private(set) var gestureChain: [Node] = []
    @exclusivity(unchecked) private var chains: [Int: (stamp: Int, nodes: [Node])] = [:]
    @exclusivity(unchecked) private var chainStamp = 0
    @exclusivity(unchecked) private var chainsUsed = 0
    /// The transform in effect at each gesture node (for local drag coordinates).
    @exclusivity(unchecked) var gestureTransforms: [Int: Affine] = [:]
    @exclusivity(unchecked) var hitTestingEnabled = true
    /// Non-rectangular clips in effect (device paths): taps outside them miss.
    @exclusivity(unchecked) var clipPaths: [Raster.Path] = []
    /// Inside a scroll view: laid-out subtrees whose frame lies wholly outside this device
    /// rectangle (the viewport grown by half its size each side) are not recorded.
    @exclusivity(unchecked) var cullRect: Raster.Rect?
    let text: TextMeasuring

    /// The whole surface.
    let root: IntRect

    init(size: IntRect, text: TextMeasuring, retains: Bool = false) {
        clip = size
        root = size
        self.text = text
        self.retains = retains
        items.reserveCapacity(256)
    }

    /// Starts another frame on the same surface, keeping every array's storage: a renderer
    /// keeps one pass, so recording a display list allocates nothing for the lists themselves.
    func reset() {
        items.removeAll(keepingCapacity: true)
        hitRegions.removeAll(keepingCapacity: true)
        gestureTransforms.removeAll(keepingCapacity: true)
        gestureNodes.removeAll(keepingCapacity: true)
        gestureChain = []
        // Chains of gesture nodes the last pass did not draw are dropped (they hold removed
        // nodes); the table is rebuilt only then, so a steady frame allocates nothing here.
        if chains.count > chainsUsed { chains = chains.filter { $0.value.stamp == chainStamp } }
        chainStamp += 1
        chainsUsed = 0
        clipPaths.removeAll(keepingCapacity: true)
        transform = .identity
        opacity = 1
        clip = root
        hitTestingEnabled = true
        cullRect = nil
        reusedBlocks.removeAll(keepingCapacity: true)
        reusedNodes = 0
        recordedNodes = 0
        shiftedNodes = 0
        brokeRanges = false
    }

    /// Renders a node (its behaviour decides what it emits and how it recurses). A retaining
    /// pass copies the last frame's range of a render-clean node whose inherited state is the
    /// same instead (RetainedRecording.swift).
    func render(_ node: Node) {
        if patchSawShift { return }
        guard let layout = node.layout else { render(items: node.renderItems); return }
        if let cull = cullRect {
            let d = transform.apply(Raster.Rect(node.frame))
            if RenderPass.isCulled(d, by: cull) {
                context.fixed = true        // where it is decides whether it is drawn
                return
            }
            context.cullBox.add(d)
        }
        guard retains else { layout.render(node: node, pass: self); return }
        let inputs = RecordInputs(transform: transform, opacity: opacity, clip: clip, hitTesting: hitTestingEnabled,
                                  cull: cullRect, gestureCount: gestureNodes.count, innerGesture: gestureNodes.last?.serial ?? 0)
        if context.oldItemBase >= 0, node.renderDirtyGeneration <= node.renderRecordedGeneration, clipPaths.isEmpty,
           reuse(node, inputs) { return }
        // A patch refused for a whole-pixel move records nothing more: what it did not reach
        // keeps its ranges for the walk to move.
        if patchSawShift { return }
        record(node, layout, inputs)
    }

    /// Whether a node's device frame lies wholly outside the cull rectangle (not recorded).
    @inline(__always) static func isCulled(_ d: Raster.Rect, by cull: Raster.Rect) -> Bool {
        d.x > cull.x + cull.width || d.x + d.width < cull.x || d.y > cull.y + cull.height || d.y + d.height < cull.y
    }

    /// Copies a clean node's last range, when it was recorded inside the recording this pass
    /// is re-recording now, with the same inherited state and nothing that must run again.
    private func reuse(_ node: Node, _ inputs: RecordInputs) -> Bool {
        let r = node.recorded
        guard r.reusable, r.parent == context.oldID else { return false }
        let os = context.oldItemBase + r.item, oh = context.oldHitBase + r.hit
        guard os >= 0, oh >= 0, os + r.itemCount <= previousItems.count, oh + r.hitCount <= previousHits.count else { return false }
        guard r.inputs == inputs else { return shiftCopy(node, r, inputs, os, oh) }
        context.extent = context.extent.union(r.extent)
        context.cullBox.add(r.cullBox)
        if !r.shiftable { context.fixed = true }
        let ns = items.count, nh = hitRegions.count
        if patching { patchLog.append(PatchLogEntry(node: node, recorded: r, generation: node.renderRecordedGeneration)) }
        if r.itemCount > 0 {
            items.append(contentsOf: previousItems[os..<(os + r.itemCount)])
            reusedBlocks.append(ReusedBlock(new: ns, old: os, count: r.itemCount))
        }
        if r.hitCount > 0 { hitRegions.append(contentsOf: previousHits[oh..<(oh + r.hitCount)]) }
        node.recorded.item = ns - context.itemBase
        node.recorded.hit = nh - context.hitBase
        node.recorded.parent = context.id
        node.renderRecordedGeneration = generation
        reusedNodes += 1
        return true
    }

    /// Copies a clean node's last range moved by whole pixels, when only a translation of its
    /// inherited transform changed and the move is exact: nothing in it depends on where it
    /// is (`RecordedRange.shiftable`), the inherited clip cut none of it before or after the
    /// move — or it lay wholly outside both times (nothing drawn, only hit regions) — and the
    /// inherited cull rectangle takes every frame in it both times. Its children's ranges stay
    /// where they were recorded (`childrenKept` off: a later recording of the node records them).
    private func shiftCopy(_ node: Node, _ r: RecordedRange, _ inputs: RecordInputs, _ os: Int, _ oh: Int) -> Bool {
        guard r.shiftable, let (dx, dy) = RangeShift.translation(from: r.inputs, to: inputs) else { return false }
        // A scroll the renderer could draw by moving pixels: the walk's diff plans that, a
        // patch's does not (the patch is refused, before anything is moved out of its list).
        if patching && patchRefusesShifts { patchSawShift = true; return false }
        let clip0 = inputs.clip
        let moved = r.extent.offsetBy(dx, dy)
        if r.extent.isEmpty || (clip0.contains(r.extent) && clip0.contains(moved)) {
            // Drawn whole both times.
        } else if r.itemCount == 0 && r.extent.intersection(clip0).isEmpty && moved.intersection(clip0).isEmpty {
            // Drawn nowhere both times.
        } else { return false }
        if let cull = inputs.cull, !(r.cullBox.isWellInside(cull) && r.cullBox.offsetBy(Double(dx), Double(dy)).isWellInside(cull)) {
            return false
        }
        // Checked through the buffers: an element read from the array property is a copy (every
        // reference in it retained and released again).
        let movable = previousItems.withUnsafeBufferPointer { old in
            (os..<(os + r.itemCount)).allSatisfy { RangeShift.canMove(old[$0]) }
        } && previousHits.withUnsafeBufferPointer { old in
            (oh..<(oh + r.hitCount)).allSatisfy { RangeShift.canMove(old[$0]) }
        }
        guard movable else { return false }
        let ns = items.count, nh = hitRegions.count
        // A patch moving items out of the list it patches leaves stand-ins there: if it is then
        // refused, the walk must not copy from that list.
        if patching { patchMovedOut = true }
        // Each item is taken out of the old list, not copied: the old one is only read for its
        // bounds from here on (the diff damages old and new), so it stays as a command-less
        // stand-in with the same key and bounds. A copy retained every reference in the item
        // and the spent list released them again; a group's moved content is written in place.
        // (LVGL scene 15 at 1920×1080, 640 items moved a frame: record and diff 442 M → 350 M
        // instructions, callgrind.)
        if r.itemCount > 0 {
            previousItems.withUnsafeMutableBufferPointer { old in
                for i in os..<(os + r.itemCount) {
                    let slot = old.baseAddress! + i
                    var item = slot.move()
                    slot.initialize(to: DisplayItem(owner: item.owner, index: item.index, command: .group(.canvas, []),
                                                    transform: item.transform, opacity: item.opacity, clip: item.clip,
                                                    bounds: item.bounds))
                    item.move(dx: dx, dy: dy, clip0: clip0)
                    items.append(item)
                }
            }
        }
        if r.itemCount > 0 { reusedBlocks.append(ReusedBlock(new: ns, old: os, count: r.itemCount, shifted: true, dx: dx, dy: dy)) }
        // Hit regions are taken out too: the old list is not read again (an empty stand-in
        // keeps it whole until it is cleared).
        if r.hitCount > 0 {
            previousHits.withUnsafeMutableBufferPointer { old in
                for i in oh..<(oh + r.hitCount) {
                    let slot = old.baseAddress! + i
                    var hit = slot.move()
                    slot.initialize(to: HitRegion(shape: Raster.Path(), transform: .identity, clip: hit.clip, gestureNodes: []))
                    hit.transform.tx += Double(dx)
                    hit.transform.ty += Double(dy)
                    if hit.clip != clip0 && !hit.clip.isEmpty { hit.clip = hit.clip.offsetBy(dx, dy) }
                    // Shape clips' device paths move too: in place when this region holds them
                    // alone (an inline shape translates without an allocation).
                    hit.moveClipPaths(dx: dx, dy: dy)
                    hitRegions.append(hit)
                }
            }
        }
        node.recorded.item = ns - context.itemBase
        node.recorded.hit = nh - context.hitBase
        node.recorded.parent = context.id
        node.recorded.inputs = inputs
        node.recorded.extent = moved
        node.recorded.cullBox = r.cullBox.offsetBy(Double(dx), Double(dy))
        node.recorded.childrenKept = false
        node.renderRecordedGeneration = generation
        context.extent = context.extent.union(moved)
        context.cullBox.add(node.recorded.cullBox)
        reusedNodes += 1
        shiftedNodes += 1
        return true
    }

    /// Records a node again; its children may reuse their ranges of its last recording.
    private func record(_ node: Node, _ layout: any LayoutBehavior, _ inputs: RecordInputs) {
        let saved = context
        let r = node.recorded
        if patching { patchLog.append(PatchLogEntry(node: node, recorded: r, generation: node.renderRecordedGeneration)) }
        var oldItems = -1, oldHits = -1
        if saved.oldItemBase >= 0 && r.parent == saved.oldID && r.childrenKept {
            oldItems = saved.oldItemBase + r.item
            oldHits = saved.oldHitBase + r.hit
        }
        lastRecordID += 1
        let id = lastRecordID
        context = RecordContext(id: id, oldID: r.id, oldItemBase: oldItems, oldHitBase: oldHits,
                                itemBase: items.count, hitBase: hitRegions.count)
        // Marked before drawing: a change made while it draws leaves it dirty for the next pass.
        node.renderRecordedGeneration = generation
        let clipFree = clipPaths.isEmpty
        layout.render(node: node, pass: self)
        let c = context
        node.recorded = RecordedRange(id: id, parent: saved.id, item: c.itemBase - saved.itemBase, itemCount: items.count - c.itemBase,
                                      hit: c.hitBase - saved.hitBase, hitCount: hitRegions.count - c.hitBase,
                                      reusable: !c.hasGesture && clipFree, childrenKept: !c.mutated, inputs: inputs,
                                      extent: c.extent, cullBox: c.cullBox, shiftable: !c.fixed && !c.hasGesture && clipFree)
        context = saved
        if c.hasGesture { context.hasGesture = true }
        context.extent = context.extent.union(c.extent)
        context.cullBox.add(c.cullBox)
        if c.fixed { context.fixed = true }
        recordedNodes += 1
    }

    /// Begins a retaining frame: the renderer's last lists become `previous*` (it gets empty
    /// storage back), and the root's children may reuse their ranges when `reusing`.
    func begin(previous items: inout [DisplayItem], hits: inout [HitRegion], generation: Int, reusing: Bool) {
        swap(&previousItems, &items)
        swap(&previousHits, &hits)
        if previousGroupListsMade > 0 { keepGroupStorage(of: &items) }
        previousGroupListsMade = groupListsMade
        groupListsMade = 0
        items.removeAll(keepingCapacity: true)
        hits.removeAll(keepingCapacity: true)
        self.generation = generation
        lastRecordID += 1
        let ok = reusing && retains
        context = RecordContext(id: lastRecordID, oldID: ok ? rootRecordID : -3, oldItemBase: ok ? 0 : -1, oldHitBase: ok ? 0 : -1,
                                itemBase: 0, hitBase: 0)
        rootRecordID = lastRecordID
    }

    /// Hands the recorded lists to the renderer (and takes its spent storage back).
    func finish(items out: inout [DisplayItem], hits: inout [HitRegion]) {
        rootKept = retains && !context.mutated && !brokeRanges
        swap(&items, &out)
        swap(&hitRegions, &hits)
        items.removeAll(keepingCapacity: true)
        hitRegions.removeAll(keepingCapacity: true)
    }

    /// Hands the hit regions out and takes the given ones (the non-retaining renderer path).
    func swapHitRegions(_ other: inout [HitRegion]) { swap(&hitRegions, &other) }
    func swapItems(_ other: inout [DisplayItem]) { swap(&items, &other) }

    /// A behaviour rewrites items from `start` on (a group, a fade, a removal): the ranges its
    /// children recorded there are not in the list as recorded, and copied blocks there are
    /// no longer the last frame's items.
    private func noteRewrite(from start: Int) {
        context.mutated = true
        if start < context.itemBase { brokeRanges = true }
        while let last = reusedBlocks.last, last.new + last.count > start { reusedBlocks.removeLast() }
    }

    /// Renders siblings in paint order: by zIndex, then declaration order.
    func render(items nodes: [Node]) {
        if nodes.contains(where: { ($0.zIndexOverride ?? $0.layout?.zIndex ?? 0) != 0 }) {
            let sorted = nodes.enumerated().sorted {
                let a = $0.element.zIndexOverride ?? $0.element.layout?.zIndex ?? 0
                let b = $1.element.zIndexOverride ?? $1.element.layout?.zIndex ?? 0
                return a != b ? a < b : $0.offset < $1.offset
            }
            for (_, node) in sorted { render(node) }
        } else {
            for node in nodes { render(node) }
        }
    }

    func renderChildren(of node: Node) { render(items: node.renderItems) }

    /// Enters a gesture node: hits on what is drawn inside reach it.
    func pushGesture(_ node: Node) {
        // Its chain and transform are recorded per pass (gestureTransforms): the subtrees
        // around it are drawn again, never copied.
        context.hasGesture = true
        gestureNodes.append(node)
        if let kept = chains[node.serial], kept.nodes.count == gestureNodes.count,
           zip(kept.nodes, gestureNodes).allSatisfy({ $0 === $1 }) {
            if kept.stamp != chainStamp { chains[node.serial]!.stamp = chainStamp; chainsUsed += 1 }
            gestureChain = kept.nodes
        } else {
            var nodes: [Node] = []
            nodes.reserveCapacity(gestureNodes.count)
            nodes.append(contentsOf: gestureNodes)
            chains[node.serial] = (chainStamp, nodes)
            chainsUsed += 1
            gestureChain = nodes
        }
    }

    /// Runs `body` with the transform/opacity/clip/gesture state restored afterwards.
    func withSavedState(_ body: () -> Void) {
        let t = transform, o = opacity, c = clip, g = gestureNodes.count, h = hitTestingEnabled, p = clipPaths.count
        let chain = gestureChain
        body()
        transform = t; opacity = o; clip = c; hitTestingEnabled = h
        if gestureNodes.count > g { gestureNodes.removeSubrange(g...); gestureChain = chain }
        // Only when something was pushed: removing an empty range still copies an array whose
        // storage a hit region shares.
        if clipPaths.count > p { clipPaths.removeSubrange(p...) }
    }

    /// Narrows the clip to a device rectangle of the content (a move of the recording checks
    /// that the inherited clip does not cut it: `RecordedRange.extent`).
    func narrowClip(to rect: IntRect) {
        context.extent = context.extent.union(rect)
        clip = clip.intersection(rect)
    }

    /// What is being recorded depends on its place on the screen (a device path, a Canvas):
    /// the recording around it is never moved (`shiftCopy`).
    func noteFixedPosition() { context.fixed = true }

    /// A group item's bounds before the clip (for `RecordedRange.extent`).
    func noteExtent(_ rect: IntRect) { context.extent = context.extent.union(rect) }

    /// Records a draw command in local coordinates; `localBounds` must cover what it paints.
    func emit(_ command: DrawCommand, owner: Node, index: Int, localBounds: CGRect, hitShape: Raster.Path? = nil) {
        let device = transform.apply(Raster.Rect(localBounds))
        // An empty or non-finite rectangle's bounds do not follow the transform: not movable.
        if !(device.width > 0 && device.height > 0 && device.x.isFinite && device.y.isFinite
             && device.width.isFinite && device.height.isFinite) { context.fixed = true }
        let unclipped = RenderPass.deviceBounds(of: command, localBounds: localBounds, transform: transform)
        context.extent = context.extent.union(unclipped)
        let deviceBounds = unclipped.intersection(clip)
        // Invisible content takes no taps (SwiftUI: Color.clear, opacity 0); contentShape does.
        if hitTestingEnabled && opacity > 0 && !command.isInvisible {
            hitRegions.append(HitRegion(shape: hitShape ?? Raster.Path.rect(Raster.Rect(localBounds)), transform: transform,
                                        clip: clip, gestureNodes: gestureChain, clipPaths: clipPaths))
        }
        guard opacity > 0, !deviceBounds.isEmpty else { return }
        items.append(DisplayItem(owner: owner.serial, index: index, command: command, transform: transform,
                                 opacity: min(1, opacity), clip: clip, bounds: deviceBounds))
    }

    /// The device pixels an item may paint: its local bounds transformed, grown by a pixel —
    /// except a fill of one rectangle or rounded rectangle inside its local bounds that lands on
    /// whole pixels, which paints exactly the pixels it covers. Grown, `lvgl-3`'s recoloured box
    /// damaged a ring of pixels around itself, so the box did not cover its damage and the
    /// background was filled under it too (half of the frame's raster instructions).
    static func deviceBounds(of command: DrawCommand, localBounds: CGRect, transform: Affine) -> IntRect {
        let local = Raster.Rect(localBounds)
        if case let .fill(path, _, _) = command, let box = path.boxShapeBounds,
           box.minX >= local.minX, box.minY >= local.minY, box.maxX <= local.maxX, box.maxY <= local.maxY {
            if let exact = IntRect(exactly: transform.apply(box)) { return exact }
        }
        return IntRect(covering: transform.apply(local).insetBy(dx: -1, dy: -1))
    }

    /// Items emitted since `start`, removed from the list (to wrap them in a group), in an
    /// array a spent group left when there is one.
    func takeItems(from start: Int) -> [DisplayItem] {
        noteRewrite(from: start)
        var taken = spareGroupLists.popLast() ?? []
        groupListsMade += 1
        appendItems(from: start, to: &taken)
        items.removeSubrange(start...)
        return taken
    }

    /// A copy of the items emitted since `start` (a shadow's content, drawn again on top), in
    /// a spent group's array when there is one.
    func copyItems(from start: Int) -> [DisplayItem] {
        var copy = spareGroupLists.popLast() ?? []
        groupListsMade += 1
        appendItems(from: start, to: &copy)
        return copy
    }

    /// Appends the items since `start` to `list`, copied from the list's buffer (the contiguous
    /// path: one bulk copy into the capacity the refilled array already has).
    @inline(__always)
    private func appendItems(from start: Int, to list: inout [DisplayItem]) {
        items.withUnsafeBufferPointer { all in list.append(contentsOf: UnsafeBufferPointer(rebasing: all[start...])) }
    }

    /// Takes back an array of items no longer needed (`copyItems`' copy once appended again).
    func recycleItems(_ list: consuming [DisplayItem]) {
        guard reusesGroupStorage, spareGroupLists.count < Self.spareGroupListLimit, UniqueArray.isUniquelyReferenced(&list) else { return }
        list.removeAll(keepingCapacity: true)
        spareGroupLists.append(list)
    }

    /// At most this many emptied group arrays are kept (a frame re-recording more groups
    /// allocates the rest, as before).
    static let spareGroupListLimit = 256

    /// Takes the arrays of the spent list's groups (nested ones too) that nothing else holds,
    /// emptied with their capacity, for this frame's `takeItems`. A group re-recorded every
    /// frame (a faded card that moves, a shadow) made a new array each time: 8 allocations in
    /// every steady frame of `lvgl-14` at 800×480 and 50 at 1080p. An array still shared (a
    /// group copied into the last list, a Canvas symbol's items) is left alone: emptying it
    /// would copy it.
    private func keepGroupStorage(of spent: inout [DisplayItem]) {
        guard reusesGroupStorage else { return }
        spent.withUnsafeMutableBufferPointer { items in
            for i in items.indices {
                guard spareGroupLists.count < Self.spareGroupListLimit else { return }
                guard case .group = items[i].command else { continue }    // the tag only: no copy
                var command = DrawCommand.group(.canvas, [])
                swap(&command, &items[i].command)
                guard case .group(_, var list) = command else { continue }
                command = .group(.canvas, [])
                guard UniqueArray.isUniquelyReferenced(&list) else { continue }
                keepGroupStorage(of: &list)
                list.removeAll(keepingCapacity: true)
                spareGroupLists.append(list)
            }
        }
    }

    /// Inserts a group item at `index` (its bounds: the items' union, grown by `grow`).
    func insertGroup(_ effect: GroupEffect, items group: [DisplayItem], at index: Int, owner: Node,
                     grow: Int = 0, offset: (Int, Int) = (0, 0), limit: IntRect? = nil) {
        noteRewrite(from: index)
        switch effect {
        case .mask, .projection, .canvas: context.fixed = true
        default: if limit != nil { context.fixed = true }     // a shape clip moves whole (RangeShift)
        }
        guard var bounds = group.first?.bounds else { return }
        for item in group.dropFirst() { bounds = bounds.union(item.bounds) }
        bounds = bounds.insetBy(-grow).offsetBy(offset.0, offset.1)
        context.extent = context.extent.union(bounds)
        bounds = bounds.intersection(limit ?? clip).intersection(root)
        guard !bounds.isEmpty else { return }
        items.insert(DisplayItem(owner: owner.serial, index: 0, command: .group(effect, group), transform: .identity,
                                 opacity: 1, clip: nil, bounds: bounds), at: index)
    }

    /// Multiplies the opacity of the items emitted since `start`.
    func fadeItems(from start: Int, by factor: Double) {
        noteRewrite(from: start)
        for i in start..<items.count { items[i].opacity *= factor }
    }

    /// Drops the items emitted since `start` (an effect that shows nothing of them).
    func removeItems(from start: Int) {
        guard start < items.count else { return }
        noteRewrite(from: start)
        items.removeSubrange(start...)
    }

    /// Appends items made elsewhere (a wrapped group's content, a replayed Canvas symbol).
    func appendItem(_ item: DisplayItem) { items.append(item) }
    func appendItems(_ list: [DisplayItem]) { items.append(contentsOf: list) }

    /// Whether any two of the items' bounds overlap (then group opacity needs a layer).
    /// Reads the slice in place (an `Array` of it was an allocation per faded group per frame,
    /// 4 of `lvgl-14`'s 12).
    static func overlap(_ items: ArraySlice<DisplayItem>) -> Bool {
        if items.count > 64 { return true }
        let lo = items.startIndex, hi = items.endIndex
        for i in lo..<hi {
            let a = items[i].bounds
            for j in (i + 1)..<hi where !a.intersection(items[j].bounds).isEmpty { return true }
        }
        return false
    }

    /// A region that takes hits without drawing (contentShape).
    func addHitShape(_ shape: Raster.Path) {
        guard hitTestingEnabled else { return }
        hitRegions.append(HitRegion(shape: shape, transform: transform, clip: clip, gestureNodes: gestureChain, clipPaths: clipPaths))
    }
}

/// Where a tap lands: a shape under a transform, and the gesture nodes around it.
struct HitRegion {
    var shape: Raster.Path
    var transform: Affine
    var clip: IntRect
    var gestureNodes: [Node]
    /// The shape clips around it (device paths), the outermost inline and the others in an
    /// array: under one clip (a card clipped to a rounded rectangle) the region shares no array
    /// with the pass's clip stack, which had to copy its storage to pop the clip once a region
    /// held it (two allocations for each card recorded again: bench-grid-1000's cards crossing
    /// the viewport's edge, every fling frame).
    var clipPath: Raster.Path?
    var moreClipPaths: [Raster.Path]

    init(shape: Raster.Path, transform: Affine, clip: IntRect, gestureNodes: [Node], clipPaths: [Raster.Path] = []) {
        self.shape = shape; self.transform = transform; self.clip = clip; self.gestureNodes = gestureNodes
        clipPath = clipPaths.first
        moreClipPaths = clipPaths.count > 1 ? Array(clipPaths[1...]) : []
    }

    /// Every shape clip, outermost first (comparisons, tests).
    var clipPaths: [Raster.Path] { (clipPath.map { [$0] } ?? []) + moreClipPaths }

    /// Moves the shape clips by whole pixels (a moved range's regions).
    mutating func moveClipPaths(dx: Int, dy: Int) {
        let t = Affine.translation(Double(dx), Double(dy))
        if let c = clipPath { clipPath = c.applying(t) }
        for k in moreClipPaths.indices { moreClipPaths[k] = moreClipPaths[k].applying(t) }
    }

    func contains(_ p: Raster.Point) -> Bool {
        guard clip.contains(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down))),
              let inverse = transform.inverted() else { return false }
        if let c = clipPath, !HitRegion.winds(c, around: p) { return false }
        for clipPath in moreClipPaths where !HitRegion.winds(clipPath, around: p) { return false }
        return HitRegion.winds(shape, around: inverse.apply(p))
    }

    /// Whether `q` is inside `shape` (non-zero winding of the flattened outline).
    static func winds(_ shape: Raster.Path, around q: Raster.Point) -> Bool {
        guard !shape.isEmpty, shape.bounds.insetBy(dx: -0.5, dy: -0.5).contains(q) else { return false }
        var winding = 0
        shape.forEachFlattened(tolerance: 0.25) { a, b in
            if a.y <= q.y {
                if b.y > q.y && (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
            } else if b.y <= q.y && (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y) < 0 {
                winding -= 1
            }
        }
        return winding != 0
    }
}

extension Raster.Rect {
    init(_ r: CGRect) { self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height)) }
}
extension Raster.Point {
    init(_ p: CGPoint) { self.init(Double(p.x), Double(p.y)) }
}
extension CGRect {
    init(_ r: Raster.Rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
}

// Patching: a frame whose only changes are inside a few subtrees that keep their item and hit
// counts re-records just those subtrees, over their ranges of the last list, instead of the
// whole retained walk (every ancestor recorded again, each clean sibling copied as a block,
// the list diffed against the last one). `lvgl-3`'s recoloured box: 26 k instructions a
// frame of recording and diffing for one item. What the walk would record is the same: the
// ancestors are dirty only because a descendant is (their own state did not change, or they
// would be origins themselves), none of them rewrote its children's items (`childrenKept`),
// so their items around the patched range are what they recorded, and each origin is
// recorded with the state it inherited last time (`RecordedRange.inputs`).
enum PatchPlace {
    case at(Int, Int)
    case inside(Node)
    case covered
    case unknown
}

struct PatchSlot {
    let node: Node
    let saved: RecordedRange
    let savedGeneration: Int
    /// Its range in the last list, and where its new items / hits start in the pass's lists.
    let item: Int, hit: Int
    let newItem: Int, newHit: Int
}

extension RenderPass {
    /// Re-records `origins` (the nodes invalidated since the last recording) in place in the
    /// last frame's `list` and `hits`, as the last pass finished them; returns the damage
    /// (clipped to the surface), or nil — lists and nodes as they were — when the frame needs
    /// the whole walk: an origin not at a known place in the last list (not recorded there,
    /// inside a group, a rewrite or a shape clip, under a gesture), with a group in its range,
    /// or whose new recording has other item / hit counts or keys.
    func patch(_ origins: UnsafeBufferPointer<Unmanaged<NodeLink>>, generation: Int, list: inout [DisplayItem], hits: inout [HitRegion],
               damage tracker: DamageTracker) -> [IntRect]? {
        guard retains, rootKept, items.isEmpty, hitRegions.isEmpty, !origins.isEmpty else { patchRefusal = "root"; return nil }
        self.generation = generation
        swap(&previousItems, &list)
        swap(&previousHits, &hits)
        patching = true
        reusedNodes = 0; recordedNodes = 0; shiftedNodes = 0
        patchSlots.removeAll(keepingCapacity: true)
        let groupListsBefore = groupListsMade
        // What to record: each origin, or the nearest ancestor that rewrote the items around it
        // (a group opacity, a shadow: the walk records that one again too).
        patchTargets.removeAll(keepingCapacity: true)
        var ok = true
        for link in origins {
            guard let origin = link.takeUnretainedValue().node, let target = patchTarget(for: origin) else { ok = false; break }
            if !patchTargets.contains(where: { $0 === target }) { patchTargets.append(target) }
        }
        patchSawShift = false
        if ok {
            for node in patchTargets { node.patchStamp = generation }
            for node in patchTargets {
                guard recordInPlace(node) else { ok = false; break }
            }
        }
        if ok && patchSawShift { ok = false; patchRefusal = "a whole-pixel move (the walk moves its pixels)" }
        patchTargets.removeAll(keepingCapacity: true)
        var damage: [IntRect]?
        if ok {
            // In paint order, as the walk's diff meets them (the origins come in the order
            // they changed): the same damage in the same order.
            RenderPass.sortByPlace(&patchSlots)
            tracker.beginPatch()
            previousItems.withUnsafeBufferPointer { old in
                items.withUnsafeBufferPointer { new in
                    for k in patchSlots.indices {
                        let at = patchSlots[k].item, to = patchSlots[k].newItem
                        for j in 0..<patchSlots[k].saved.itemCount { tracker.addChange(old[at + j], new[to + j]) }
                    }
                }
            }
            damage = tracker.finishPatch(within: root)
            // The new items and hits take their slots (moved: no copy of what they hold).
            previousItems.withUnsafeMutableBufferPointer { old in
                items.withUnsafeMutableBufferPointer { new in
                    for k in patchSlots.indices {
                        let at = patchSlots[k].item, to = patchSlots[k].newItem
                        for j in 0..<patchSlots[k].saved.itemCount { swap(&old[at + j], &new[to + j]) }
                    }
                }
            }
            previousHits.withUnsafeMutableBufferPointer { old in
                hitRegions.withUnsafeMutableBufferPointer { new in
                    for k in patchSlots.indices {
                        let at = patchSlots[k].hit, to = patchSlots[k].newHit
                        for j in 0..<patchSlots[k].saved.hitCount { swap(&old[at + j], &new[to + j]) }
                    }
                }
            }
            // The ancestors count as recorded in this generation: they were dirty only for the
            // origins (left dirty, a later walk recorded every chain patched since).
            for k in patchSlots.indices { markAncestors(of: patchSlots[k].node) }
            // The replaced items' group arrays are spent: refilled by the next groups recorded.
            if groupListsMade > groupListsBefore { keepGroupStorage(of: &items) }
        } else {
            // Nothing was written: every node recorded or copied gets back its range (when
            // nothing was moved out of the last list, the walk copies them as before the patch).
            for e in patchLog.reversed() {
                e.node.recorded = e.recorded
                e.node.renderRecordedGeneration = e.generation
            }
            for k in patchSlots.indices {
                patchSlots[k].node.recorded = patchSlots[k].saved
                patchSlots[k].node.renderRecordedGeneration = patchSlots[k].savedGeneration
            }
        }
        patching = false
        patchSawShift = false
        patchLog.removeAll(keepingCapacity: true)
        // Refused after moving items out of the last list: its ranges are not what they say.
        brokeRanges = damage == nil && patchMovedOut
        patchMovedOut = false
        items.removeAll(keepingCapacity: true)
        hitRegions.removeAll(keepingCapacity: true)
        reusedBlocks.removeAll(keepingCapacity: true)
        swap(&previousItems, &list)
        swap(&previousHits, &hits)
        patchSlots.removeAll(keepingCapacity: true)
        return damage
    }

    /// Orders slots by their place in the last list (an insertion sort in place: a patch has at
    /// most `ViewGraph.renderOriginLimit` of them, and no allocation).
    static func sortByPlace(_ slots: inout [PatchSlot]) {
        guard slots.count > 1 else { return }
        slots.withUnsafeMutableBufferPointer { b in
            for i in 1..<b.count {
                var j = i
                while j > 0 && b[j - 1].item > b[j].item { b.swapAt(j - 1, j); j -= 1 }
            }
        }
    }

    /// Records one origin with the state it inherited last time, after the items the pass
    /// holds; false when its new items cannot take its old range's place. An origin inside
    /// another is recorded with it.
    private func recordInPlace(_ node: Node) -> Bool {
        guard !node.isRemoved, let layout = node.layout else { patchRefusal = "no layout"; return false }
        let at: Int, hitAt: Int
        switch lastPlace(of: node) {
        case .covered: return true
        case .at(let i, let h): at = i; hitAt = h
        case .inside, .unknown: patchRefusal = "no place"; return false
        }
        let r = node.recorded, inputs = r.inputs
        guard r.reusable, inputs.gestureCount == 0, at + r.itemCount <= previousItems.count,
              hitAt + r.hitCount <= previousHits.count else { patchRefusal = "not reusable"; return false }
        transform = inputs.transform; opacity = inputs.opacity; clip = inputs.clip
        hitTestingEnabled = inputs.hitTesting; cullRect = inputs.cull
        if !gestureNodes.isEmpty { gestureNodes.removeAll(keepingCapacity: true) }
        gestureChain = []
        if !clipPaths.isEmpty { clipPaths.removeAll(keepingCapacity: true) }
        let ns = items.count, nh = hitRegions.count
        // The recording it was inside, placed so that its offsets in it come out the same.
        context = RecordContext(id: r.parent, oldID: r.parent, oldItemBase: at - r.item, oldHitBase: hitAt - r.hit,
                                itemBase: ns - r.item, hitBase: nh - r.hit)
        if let cull = cullRect {
            let d = transform.apply(Raster.Rect(node.frame))
            guard !RenderPass.isCulled(d, by: cull) else { patchRefusal = "culled"; return false }
            context.cullBox.add(d)
        }
        patchSlots.append(PatchSlot(node: node, saved: r, savedGeneration: node.renderRecordedGeneration,
                                    item: at, hit: hitAt, newItem: ns, newHit: nh))
        record(node, layout, inputs)
        let n = node.recorded
        guard !brokeRanges, !context.hasGesture, n.reusable, n.itemCount == r.itemCount, n.hitCount == r.hitCount,
              items.count - ns == r.itemCount, hitRegions.count - nh == r.hitCount else { patchRefusal = "counts"; return false }
        let same = previousItems.withUnsafeBufferPointer { old in
            items.withUnsafeBufferPointer { new in
                (0..<r.itemCount).allSatisfy { j in new[ns + j].owner == old[at + j].owner && new[ns + j].index == old[at + j].index }
            }
        }
        guard same else { patchRefusal = "keys"; return false }
        // The recordings around it cover what it covers now: unions (their ranges' extents and
        // cull boxes may only grow, which moves of them check conservatively).
        let c = context
        if c.extent != r.extent || c.cullBox != r.cullBox || (c.fixed && r.shiftable) {
            forEachRecording(around: node) { a in
                a.recorded.extent = a.recorded.extent.union(c.extent)
                a.recorded.cullBox.add(c.cullBox)
                if c.fixed { a.recorded.shiftable = false }
            }
        }
        return true
    }

    /// Where a node's range starts in the last list and its hit regions in the last hits:
    /// its offsets summed up the recordings it was inside, each found among its ancestors by
    /// number (a number is used once, so a stale range — a node not reached by the recording
    /// it names — finds none), up to the last root recording. `inside`: a recording on the way
    /// rewrote its children's items (the node's range is not in the list as recorded);
    /// `covered`: an ancestor is recorded by this patch.
    private func lastPlace(of node: Node) -> PatchPlace {
        var item = 0, hit = 0
        var cur = node
        while true {
            let r = cur.recorded
            item += r.item; hit += r.hit
            var p = cur.parent
            while let a = p {
                if a.patchStamp == generation { return .covered }
                if a.recorded.id == r.parent { break }
                p = a.parent
            }
            if r.parent == rootRecordID {
                while let a = p { if a.patchStamp == generation { return .covered }; p = a.parent }
                return .at(item, hit)
            }
            guard let a = p, r.parent >= 0 else { return .unknown }
            if !a.recorded.childrenKept { return .inside(a) }
            cur = a
        }
    }

    /// The node a patch records for an origin: itself, or the innermost ancestor whose range
    /// holds it as recorded; nil when the origin is at no known place.
    private func patchTarget(for origin: Node) -> Node? {
        var node = origin
        while true {
            switch lastPlace(of: node) {
            case .at, .covered: return node
            case .inside(let a): node = a
            case .unknown: patchRefusal = "no place"; return nil
            }
        }
    }

    /// Calls `body` on each ancestor whose recording `node`'s range lies in, inner first.
    private func forEachRecording(around node: Node, _ body: (Node) -> Void) {
        var cur = node
        while cur.recorded.parent != rootRecordID {
            let id = cur.recorded.parent
            var p = cur.parent
            while let a = p, a.recorded.id != id { p = a.parent }
            guard let a = p else { return }
            body(a)
            cur = a
        }
    }

    private func markAncestors(of node: Node) {
        var p = node.parent
        while let a = p, a.renderRecordedGeneration < generation {
            a.renderRecordedGeneration = generation
            p = a.parent
        }
    }
}

/// A node's range before a patch recorded or copied it (`RenderPass.patchLog`).
struct PatchLogEntry {
    let node: Node
    let recorded: RecordedRange
    let generation: Int
}
