// `.symbolEffect` (iOS 17/18): SF Symbols' animations. Kiosk's symbols are single paths
// (SystemSymbols.swift), so every effect moves the whole symbol (`.byLayer` and `.wholeSymbol`
// draw alike), through the phase animator (PhaseAnimator.swift): a discrete effect (`value:`)
// plays once per change of the value — `options: .repeat(n)` n times —, an indefinite one
// (`isActive:`) loops while active. What each does, per beat (0 → 1 → 0): bounce scales to 0.85
// and springs back (`.down` likewise, `.up` to 1.15), pulse fades to 40 %, breathe scales to 1.12,
// wiggle turns ±12° (alternating beats), scale grows to 1.2, rotate turns a full turn,
// variableColor fades like pulse, appear/disappear fade in/out. Speed is `options: .speed(x)`.

/// An SF Symbols animation.
public protocol SymbolEffect: Sendable {
    /// What the effect does to the symbol, per beat.
    var _kind: SymbolEffectKind { get }
}
/// An effect that plays once per change of a value.
public protocol DiscreteSymbolEffect: SymbolEffect {}
/// An effect that plays while active.
public protocol IndefiniteSymbolEffect: SymbolEffect {}

/// Internal: the motion of an effect.
public enum SymbolEffectKind: Sendable { case bounceDown, bounceUp, pulse, breathe, wiggle, scale, rotate, fade }

/// One of SF Symbols' effects, with its layer and direction variants.
public struct KioskSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
    public let _kind: SymbolEffectKind
    /// Layer by layer (kiosk: the whole symbol).
    public var byLayer: KioskSymbolEffect { self }
    /// The whole symbol at once.
    public var wholeSymbol: KioskSymbolEffect { self }
    /// Upward (bounce: grows).
    public var up: KioskSymbolEffect { _kind == .bounceDown ? KioskSymbolEffect(_kind: .bounceUp) : self }
    /// Downward (bounce: shrinks).
    public var down: KioskSymbolEffect { _kind == .bounceUp ? KioskSymbolEffect(_kind: .bounceDown) : self }
    public var clockwise: KioskSymbolEffect { self }
    public var counterClockwise: KioskSymbolEffect { self }
    public var iterative: KioskSymbolEffect { self }
    public var cumulative: KioskSymbolEffect { self }
    public var reversing: KioskSymbolEffect { self }
    public var left: KioskSymbolEffect { self }
    public var right: KioskSymbolEffect { self }
}

extension SymbolEffect where Self == KioskSymbolEffect {
    public static var bounce: KioskSymbolEffect { KioskSymbolEffect(_kind: .bounceDown) }
    public static var pulse: KioskSymbolEffect { KioskSymbolEffect(_kind: .pulse) }
    public static var breathe: KioskSymbolEffect { KioskSymbolEffect(_kind: .breathe) }
    public static var wiggle: KioskSymbolEffect { KioskSymbolEffect(_kind: .wiggle) }
    public static var scale: KioskSymbolEffect { KioskSymbolEffect(_kind: .scale) }
    public static var rotate: KioskSymbolEffect { KioskSymbolEffect(_kind: .rotate) }
    public static var variableColor: KioskSymbolEffect { KioskSymbolEffect(_kind: .pulse) }
    public static var appear: KioskSymbolEffect { KioskSymbolEffect(_kind: .fade) }
    public static var disappear: KioskSymbolEffect { KioskSymbolEffect(_kind: .fade) }
}

/// How often and how fast an effect plays.
public struct SymbolEffectOptions: Sendable {
    var count: Int = 1
    var speedFactor: Double = 1
    public static var `default`: SymbolEffectOptions { SymbolEffectOptions() }
    public static var repeating: SymbolEffectOptions { SymbolEffectOptions(count: .max) }
    public static var nonRepeating: SymbolEffectOptions { SymbolEffectOptions(count: 1) }
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions(count: max(1, count)) }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions().speed(speed) }
    public func `repeat`(_ count: Int) -> SymbolEffectOptions { var o = self; o.count = max(1, count); return o }
    public func speed(_ speed: Double) -> SymbolEffectOptions {
        var o = self; o.speedFactor = speed.isFinite && speed > 0 ? speed : 1; return o
    }
}

extension View {
    /// Plays `effect` each time `value` changes.
    ///
    /// ```swift
    /// Image(systemName: "bell.fill").symbolEffect(.wiggle, options: .repeat(3), value: rings)
    /// ```
    public func symbolEffect<T: DiscreteSymbolEffect, U: Equatable>(_ effect: T, options: SymbolEffectOptions = .default,
                                                                    value: U) -> some View {
        let beats = min(options.count, 50)
        let kind = effect._kind
        let speed = options.speedFactor
        return phaseAnimator(Array(0...(2 * beats)), trigger: value) { content, k in
            SymbolEffectPose(content: content, kind: kind, beat: k)
        } animation: { _ in .easeInOut(duration: 0.22 / speed) }
    }
    /// Plays `effect` continuously while `isActive`.
    public func symbolEffect<T: IndefiniteSymbolEffect>(_ effect: T, options: SymbolEffectOptions = .default,
                                                        isActive: Bool = true) -> some View {
        let kind = effect._kind
        let speed = options.speedFactor
        return Group {
            if isActive {
                phaseAnimator([0, 1, 2, 3]) { content, k in SymbolEffectPose(content: content, kind: kind, beat: k) }
                    animation: { _ in .easeInOut(duration: 0.4 / speed) }
            } else {
                self
            }
        }
    }
}

/// The symbol at beat `beat` of an effect: odd beats are the effect's extreme, even ones rest.
struct SymbolEffectPose<Content: View>: View {
    let content: Content
    let kind: SymbolEffectKind
    let beat: Int
    var body: some View {
        let a: Double = beat % 2 == 1 ? 1 : 0
        let sign: Double = (beat / 2) % 2 == 0 ? 1 : -1
        let scale: Double
        switch kind {
        case .bounceDown: scale = 1 - 0.15 * a
        case .bounceUp: scale = 1 + 0.15 * a
        case .breathe: scale = 1 + 0.12 * a
        case .scale: scale = 1 + 0.2 * a
        default: scale = 1
        }
        let opacity: Double = kind == .pulse || kind == .fade ? 1 - 0.6 * a : 1
        let degrees: Double = kind == .wiggle ? 12 * a * sign : kind == .rotate ? 360 * Double(beat / 2 + beat % 2) : 0
        return content.scaleEffect(scale).opacity(opacity).rotationEffect(.degrees(degrees))
    }
}
