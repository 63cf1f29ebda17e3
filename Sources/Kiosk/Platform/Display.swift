// Display: where finished frames go. The frame loop renders into a shadow surface in ordinary
// (cached) memory and hands it here with its damage; each display copies only what its buffers lack
// (BufferAgeTracker), rotated and converted, and shows it at the next vertical blank.
// Rendering straight into scanout memory is avoided on purpose: dumb buffers are often
// write-combined, and blending reads the destination, which is slow there.
import Raster

/// A screen (or a stand-in for one) that shows frames.
public protocol Display: AnyObject {
    /// One line for logs: driver, device, mode.
    var summary: String { get }
    /// Logical size in pixels (the panel's, swapped for 90° and 270°).
    var width: Int { get }
    var height: Int { get }
    /// Seconds between vertical blanks (1/60 when the device does not say).
    var refreshInterval: Double { get }
    /// The rotation applied to scanout, damage and touch.
    var rotation: Rotation { get }
    /// A descriptor that becomes readable when a queued flip completes; nil when `present` finishes
    /// synchronously.
    var eventDescriptor: Int32? { get }
    /// True while a flip is queued and the next `present` must wait for it.
    var isFlipPending: Bool { get }
    /// A descriptor that becomes readable when screens may have been plugged in or out; nil when
    /// the display cannot tell.
    var hotplugDescriptor: Int32? { get }

    /// Shows `surface` (logical size) of which only `damage` changed since the previous present.
    /// Returns the presentation timestamp (CLOCK_MONOTONIC seconds) when known now; for page
    /// flips, it comes later from ``handleEvents()``. Throws ``DisplayUnavailable`` when the frame
    /// cannot be shown now but may be later (the loop retries with a full redraw), and any other
    /// error when the display is gone for good.
    @discardableResult
    func present(_ surface: Surface, damage: [IntRect]) throws -> Double?
    /// Reads completion events from ``eventDescriptor``; returns the last flip's timestamp, if any.
    func handleEvents() throws -> Double?
    /// Reads ``hotplugDescriptor``; true when the screen may have changed, so the loop should
    /// present a full frame (``present(_:damage:)`` then finds out what happened: the screen is
    /// gone and it throws ``DisplayUnavailable``, or it is back and gets a modeset).
    func handleHotplug() -> Bool
    /// Gives the device up (VT switched away): drop DRM master, stop flipping.
    func suspend()
    /// Takes the device back; the next present redraws everything.
    func resume() throws
    /// Restores what was on screen before kiosk started and releases the device.
    func close()
    /// Switches the panel off (DRM: DPMS off, or the CRTC off; fbdev: FBIOBLANK) keeping what it
    /// showed, or back on. Returns false when this display cannot (the idle policy then shows
    /// black). The next `present` after an off turns it on by itself.
    @discardableResult
    func setPanelPower(_ on: Bool) throws -> Bool
    /// Shows black now, before the idle policy switches the panel off: some panels, encoders and
    /// virtual screens (QEMU's bochs-display) keep showing the last picture after DPMS off or
    /// FBIOBLANK. The frame's pixels stay in the loop's shadow; the display forgets what its
    /// buffers held, so the next `present` copies the whole frame again. Returns false when this
    /// display cannot (the loop then draws black itself, or leaves it to the power switch).
    @discardableResult
    func showBlack() throws -> Bool
}

extension Display {
    public var eventDescriptor: Int32? { nil }
    public var isFlipPending: Bool { false }
    public var hotplugDescriptor: Int32? { nil }
    public func handleHotplug() -> Bool { false }
    public func handleEvents() throws -> Double? { nil }
    public func suspend() {}
    public func resume() throws {}
    public func setPanelPower(_ on: Bool) throws -> Bool { false }
    public func showBlack() throws -> Bool { false }
}

/// The display cannot show frames right now but may later: another process is DRM master (a
/// splash, a display server, a second kiosk), or the driver stayed busy. The frame loop keeps
/// running, logs ``reason`` once, and presents a full frame again after ``retryAfter`` seconds.
///
///     catch let e as DisplayUnavailable { Log.warning("\(e)"); retry(after: e.retryAfter) }
public struct DisplayUnavailable: Error, CustomStringConvertible, Sendable {
    /// What failed and what the reader can do about it.
    public var reason: PlatformError
    /// Seconds until the next attempt is worth making.
    public var retryAfter: Double
    public init(_ reason: PlatformError, retryAfter: Double) { self.reason = reason; self.retryAfter = retryAfter }
    public var description: String { "\(reason) (retrying every \(retryAfter) s)" }
}
