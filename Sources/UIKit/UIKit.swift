// UIKit: there is no UIKit on Linux. Pasted SwiftUI files often write `import UIKit` beside
// `import SwiftUI` for `UIScreen.main.bounds`, `UIColor` names or a haptic tap; this module lets
// them compile unchanged by re-exporting Kiosk, which has those (UIColor.swift, UIScreen in
// Environment.swift, HapticFeedback.swift). Part of the Kiosk product, like Combine.
@_exported import Kiosk
