// The keyboard's own state and what a key does. Kept in one observable object so that each part
// of the keyboard re-evaluates only for what it reads: the keys for page, shift and language;
// the press layer for the touched key (a @GestureState of the keyboard, read only there). The
// Hangul composer and the shift timing are not observed: typing a jamo re-evaluates nothing.

import Raster

/// The key a finger is on (index into the placed keys; -1 when between keys and off the
/// keyboard) and which touch it is.
struct TouchedKey: Equatable {
    var index: Int
    var serial: Int
}

@Observable
final class KeyboardState {
    var page = KeyboardPage.letters
    var shift = ShiftState.off
    /// A Korean keyboard showing English (the globe key).
    var alternate = false
    @ObservationIgnored var composer = HangulComposer()
    @ObservationIgnored var lastShiftTap = -Double.infinity
    @ObservationIgnored var touchSerial = 0
    /// The delete key's pending repeat check on the screen's clock (cancelled when the finger
    /// lifts: left due, each delete tapped in the last half second before typing stopped woke
    /// the screen for an empty frame — 13 of the typing benchmark's 19 "caret-blink" frames).
    @ObservationIgnored weak var repeatClock: GraphClock?
    @ObservationIgnored var repeatEntry = -1

    func cancelRepeat() {
        repeatClock?.cancel(repeatEntry)
        repeatClock = nil
        repeatEntry = -1
    }

    /// Two taps on shift within this many seconds lock it (iOS's caps lock).
    static let doubleTapInterval = 0.35
    /// Delete repeats after being held this long, then at this interval (iOS's timing).
    static let repeatDelay = 0.5
    static let repeatInterval = 0.1

    init() {}

    func configuration(language: KeyboardLanguage, type: UIKeyboardType) -> KeyboardConfiguration {
        KeyboardConfiguration(language: language, type: type, page: page, alternate: alternate)
    }

    /// Autocapitalization: after an edit (and when the keyboard appears) shift is on for one
    /// letter where the field wants a capital, off where it does not. A locked shift stays, and
    /// so do pages other than letters and Korean letters (whose shift types double consonants).
    func autoShift(_ wantsCapital: Bool, config: KeyboardConfiguration) {
        guard shift != .locked, page == .letters, config.pad == nil, config.letters != .kr else { return }
        let want: ShiftState = wantsCapital ? .once : .off
        if shift != want { shift = want }
    }

    /// What pressing delete sends (at touch down and each repeat): a jamo less of the syllable
    /// being composed, else `.deleteBackward`.
    func deletePressed() -> [KeyboardAction] { composer.deleteBackward() }

    /// What lifting a finger from `key` sends (and the state it changes) at `time` seconds.
    func lifted(_ key: KeyboardKey, config: KeyboardConfiguration, time: Double) -> [KeyboardAction] {
        switch key.kind {
        case .character:
            guard let text = key.text(shift: shift) else { return [] }
            if shift == .once && config.page == .letters { shift = .off }
            if config.letters == .kr && config.page == .letters && text.count == 1, let j = text.first,
               HangulComposer.isConsonant(j) || HangulComposer.isVowel(j) {
                return composer.input(j)
            }
            composer.reset()       // `.insert` commits the marked syllable
            return [.insert(text)]
        case .space:
            composer.reset()
            return [.insert(" ")]
        case .returnKey:
            return composer.commit() + [.submit]
        case .hide:
            return composer.commit() + [.dismiss]
        case .shift:
            switch shift {
            case .off: shift = .once
            case .once: shift = time - lastShiftTap < KeyboardState.doubleTapInterval ? .locked : .off
            case .locked: shift = .off
            }
            lastShiftTap = time
            return []
        case .page(let p, _):
            page = p
            if shift == .once { shift = .off }
            return []
        case .globe:
            let actions = composer.commit()
            alternate.toggle()
            page = .letters
            return actions
        case .delete, .gap, .covered:
            return []
        }
    }
}
