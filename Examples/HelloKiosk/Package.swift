// swift-tools-version:6.0
// An app of one's own on kiosk: depends on the kiosk package by path and uses only its public API.
// Build: swift build (CI builds it to prove the public API suffices); run: .build/debug/HelloKiosk --help
import PackageDescription

let package = Package(
    name: "HelloKiosk",
    dependencies: [.package(name: "kiosk", path: "../..")],
    targets: [
        .executableTarget(name: "HelloKiosk", dependencies: [.product(name: "Kiosk", package: "kiosk")]),
        // The same kind of program spelled as a SwiftUI app (`@main App`, `WindowGroup`, models).
        .executableTarget(name: "HelloApp", dependencies: [.product(name: "Kiosk", package: "kiosk")]),
    ],
    swiftLanguageModes: [.v5]
)
