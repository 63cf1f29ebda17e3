// FrameSource: the contract between the platform's frame loop and whatever draws (the engine's
// root renderer; until it lands, the demo scenes). The loop asks `needsFrame()` after every input
// and flip, renders only when it says yes, and presents only the damage it returns; when idle, it
// asks `nextFrameTime(after:)` and sleeps until then, so periodic content needs no timer of its own.
import Raster

/// The phase of a touch, as UIKit and SwiftUI name them.
public enum TouchPhase: String, Sendable, Equatable {
    case began, moved, ended, cancelled
}

/// One finger (or pointer button) changing, in logical pixels of the rendered surface.
///
///     TouchEvent(id: 1, phase: .began, location: Point(120, 80), time: 3.25)
public struct TouchEvent: Sendable, Equatable, CustomStringConvertible {
    /// Stable for the life of one contact; never reused while the contact is down.
    public var id: Int
    public var phase: TouchPhase
    /// Logical pixel coordinates (after calibration and rotation).
    public var location: Point
    /// Seconds on the frame loop's clock (CLOCK_MONOTONIC, or virtual time in tests).
    public var time: Double

    public init(id: Int, phase: TouchPhase, location: Point, time: Double) {
        self.id = id; self.phase = phase; self.location = location; self.time = time
    }
    public var description: String { "touch \(id) \(phase.rawValue) at (\(location.x), \(location.y)) t=\(time)" }
}

/// Something the frame loop can draw: the engine's root, or a demo scene.
public protocol FrameSource: AnyObject {
    /// True when the next frame would differ from the last (state changed, an animation runs).
    func needsFrame() -> Bool
    /// Draws the frame for presentation time `time` into `surface` and returns the rectangles that
    /// changed. With `fullRedraw` every pixel must be drawn (first frame, VT switch, resize).
    func renderFrame(into surface: Surface, at time: Double, fullRedraw: Bool) -> [IntRect]
    /// Delivers a touch; the loop asks `needsFrame()` afterwards.
    func handleTouch(_ event: TouchEvent)
    /// The earliest time at or after `time` (the loop's clock, seconds) at which the source will
    /// want a frame although nothing else happens: a TimelineView's next tick, a delayed
    /// animation; nil when only input or state changes will. The loop sleeps until then on one
    /// timer and wakes for nothing else, and `needsFrame()` must be true from that time on.
    /// The default is nil.
    ///
    ///     func nextFrameTime(after time: Double) -> Double? { nextTick.map { max($0, time) } }
    func nextFrameTime(after time: Double) -> Double?
    /// The loop gives the source a way to ask for a frame when something changes between
    /// frames on its own (a `DispatchQueue.main.async` block, an animation completion, a
    /// timer setting state). The default ignores it (such sources only change on input).
    func setWakeHandler(_ wake: @escaping () -> Void)
    func setMovesPixels(_ on: Bool)
    /// A key from a keyboard, keypad, scanner, rotary encoder or VNC client, already mapped
    /// through the keymap (Focus/KeyPress.swift). It goes to the focused view.
    func handleKey(_ press: KeyPress)
    /// Whether a hardware keyboard is attached now (the on-screen keyboard stays hidden while
    /// one is, under `keyboard = auto`). The platform calls it on every hot-plug change.
    func setHardwareKeyboardAttached(_ attached: Bool)
    /// The `keyboard` and `keyboard-layout` settings: when the on-screen keyboard shows, and its
    /// letters. The runner calls it once, before the first frame. The default ignores it.
    func setOnScreenKeyboard(_ mode: OnScreenKeyboardMode, layout: String)
    /// Waits (up to `timeout` seconds) for the images the last frames asked to decode (they
    /// decode off the main thread); false when none were pending or arrived. `kiosk snapshot`
    /// and `kiosk record` call it after each frame and draw again, so every image shows from the
    /// frame that first asks for it. The default has none.
    func waitForImages(timeout: Double) -> Bool
}

extension FrameSource {
    public func nextFrameTime(after time: Double) -> Double? { nil }
    public func setOnScreenKeyboard(_ mode: OnScreenKeyboardMode, layout: String) {}
    public func setWakeHandler(_ wake: @escaping () -> Void) {}
    /// Whether the source may draw a scroll by moving the last frame's pixels in the surface
    /// (on by default where it can): off when something else draws into the surface between
    /// frames and does not restore what was there. The default ignores it (it never moves).
    public func setMovesPixels(_ on: Bool) {}
    public func handleKey(_ press: KeyPress) {}
    public func setHardwareKeyboardAttached(_ attached: Bool) {}
    public func waitForImages(timeout: Double) -> Bool { false }
}
