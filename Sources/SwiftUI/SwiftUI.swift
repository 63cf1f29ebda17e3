// SwiftUI: `import SwiftUI` for code written for Apple's SwiftUI, unchanged. It re-exports Kiosk
// (the views, modifiers and the engine) and all of Foundation, which such code takes for granted
// beside SwiftUI: `.formatted()`, `NumberFormatter`, `DateFormatter`, `Measurement`,
// `String(localized:)`, `trimmingCharacters(in:)`, `components(separatedBy:)`.
//
// `import Kiosk` stays lean: it re-exports FoundationEssentials only (no ICU). Foundation brings
// FoundationInternationalization and ICU's data into a static binary (tens of megabytes; see
// README, "import SwiftUI or import Kiosk"). Use `import Kiosk` where the size matters.
//
// The geometry types are re-exported by scoped imports here as in Kiosk (Views/Core/View.swift):
// a declaration reached through a scoped import wins over one reached only through unscoped ones,
// so `CGFloat`, `CGRect`… mean kiosk's in a file that imports SwiftUI (Foundation's stay reachable
// as `Foundation.CGRect`; KioskGeometry/CoreGraphicsTypes.swift says why kiosk has its own).
@_exported import Kiosk
@_exported import Foundation
@_exported import typealias KioskGeometry.CGFloat
@_exported import struct KioskGeometry.CGPoint
@_exported import struct KioskGeometry.CGSize
@_exported import struct KioskGeometry.CGVector
@_exported import struct KioskGeometry.CGRect
@_exported import struct KioskGeometry.CGAffineTransform
// Kiosk's `Timer` and `RunLoop` (on the screen's clock, Runtime/Timer.swift) win over
// Foundation's the same way: `Timer.scheduledTimer(withTimeInterval:repeats:block:)` in a file
// that imports SwiftUI was ambiguous (3 of 42 public animation programs in the corpus), and
// Foundation's timer would run on a run loop nobody turns under kiosk. `Foundation.Timer` stays
// reachable by its full name.
@_exported import class Kiosk.Timer
@_exported import class Kiosk.RunLoop
