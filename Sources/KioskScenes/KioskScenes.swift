// KioskScenes: scenes written as users write them — `import Kiosk` and SwiftUI code only — that
// the `kiosk` command shows by name: the seed programs (shared/seeds) and the LVGL benchmark
// scenes. Kept out of the Kiosk module so they prove the public API suffices.
import Kiosk

/// Registers every scene of this module with `DemoScenes` (idempotent).
public enum KioskScenes {
    public static func registerAll() {
        for entry in entries { DemoScenes.register(entry.name, summary: entry.summary, make: entry.make) }
    }

    /// One scene: its name, a one-line summary and how to make it.
    public struct Entry {
        public let name: String
        public let summary: String
        public let make: DemoScenes.Factory
        public init(_ name: String, _ summary: String, make: @escaping DemoScenes.Factory) {
            self.name = name; self.summary = summary; self.make = make
        }
    }

    /// Each family of scenes adds its list here (one line per family file).
    static var entries: [Entry] {
        demoEntries + seedEntries + showcaseEntries + tabsEntries + benchEntries + deckEntries + colourEntries + surfaceEntries + scrollEntries + videoEntries + everydayBenchEntries + LVGLScenes.entries
    }
}
