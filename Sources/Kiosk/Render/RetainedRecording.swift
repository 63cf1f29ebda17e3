// RetainedRecording: a changed frame records only the subtrees that changed. Every laid-out
// node remembers where its items and hit regions went in the last display list (relative to
// the recording around it) and the state it inherited (transform, opacity, clip, hit testing,
// cull rect, gesture chain). A node none of whose inputs changed since — its view, frame,
// environment, children, animators, modifier state, nor any descendant's (`invalidateRender`
// marks the ancestors' chain) — and which inherits the same state copies its last range as one
// block instead of walking its subtree, and the diff skips copied blocks (they are known equal;
// only their paint order is checked).
//
// What is never copied: a subtree with a gesture node in it (its chain and transform are
// recorded per pass for touch routing), one inside a non-rectangular clip, and the children of
// a node that rewrote their items after recording them (an opacity fade, a group: their ranges
// are not in the list as recorded; the node's own whole range is). A structure change, a
// screen-size change or a behaviour that rewrote items outside its range turns reuse off for
// the next frame.

import Raster

/// Where a node's items and hit regions went in the last recording it took part in.
struct RecordedRange {
    /// Its own recording's number (renewed each time it is recorded, kept when copied).
    var id = -1
    /// The number of the recording it was recorded or copied inside.
    var parent = -2
    /// Start of its items / hit regions relative to that recording's start, and their counts.
    var item = 0, itemCount = 0
    var hit = 0, hitCount = 0
    /// Whether the range may be copied (no gesture node inside, no clip path around).
    var reusable = false
    /// Whether its children's ranges are where they recorded them (nothing rewritten).
    var childrenKept = false
    var inputs = RecordInputs()
}

/// The pass state a node's items and hit regions depend on besides the node's own subtree.
struct RecordInputs: Equatable {
    var transform = Affine.identity
    var opacity = -1.0
    var clip = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)
    var hitTesting = false
    var cull: Raster.Rect? = nil
    /// The enclosing gesture nodes: how many, and the innermost's serial (its kept chain).
    var gestureCount = 0
    var innerGesture = 0
}

/// The recording a pass is inside, saved and restored around each re-recorded node.
struct RecordContext {
    var id = 0
    /// Its number in the last frame, and where its items / hits started there (-1: unknown,
    /// so nothing inside may be copied).
    var oldID = -3
    var oldItemBase = -1, oldHitBase = -1
    /// Where its items / hits start in this frame's lists.
    var itemBase = 0, hitBase = 0
    /// It rewrote items after its children recorded them.
    var mutated = false
    /// A gesture node was entered inside it.
    var hasGesture = false
}

/// A run of this frame's items copied unchanged from the last frame's list.
struct ReusedBlock: Equatable {
    var new: Int
    var old: Int
    var count: Int
}

extension Node {
    /// Something this node draws from changed: it and every ancestor must be recorded again.
    /// The walk stops at a node already marked in this render generation (its ancestors were
    /// marked with it), so many changes in one frame cost one walk each to a shared ancestor.
    func invalidateRender() {
        let g = graph.renderGeneration
        var n: Node? = self
        while let node = n, node.renderDirtyGeneration != g {
            node.renderDirtyGeneration = g
            n = node.parent
        }
    }
}
